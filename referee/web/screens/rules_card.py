"""The rules pages of every family: ``/rules`` lists each family's games with a rules card, family by family,
and ``/rules/<variant_id>`` is one game's card without a game, its family's own
(:attr:`referee.families.FamilyWeb.rules_page`, which reads what else the address says, e.g. contract rummy's
house rules).
"""

from __future__ import annotations

from flask import Blueprint, abort, render_template, request, url_for

from referee import families
from referee.families import ChooserEntry
from referee.web.core.i18n import current_language, safe_next
from referee.web.screens.games import FamilyGames

bp = Blueprint("rules_card", __name__)

#: The query parameter that names the page to go back to (a path on this site only).
BACK_PARAM = "back"

__all__ = ["BACK_PARAM", "bp", "rules_groups"]


def rules_groups() -> list[FamilyGames]:
    """Every family's games that have a rules card, family by family, each entry linking to its card: the families
    whose games come first in the page's language (as in the game chooser: the Persian games on a Persian page)
    before the others. A family lists the games of its ``rules_index`` where it has one, else its chooser's."""
    language = current_language()
    groups: list[tuple[bool, FamilyGames]] = []
    for family in families.families():
        if family.web is None:
            continue
        screens = family.screens()
        if screens.rules_page is None:
            continue
        listed = screens.rules_index() if screens.rules_index is not None else screens.chooser()
        entries = tuple(ChooserEntry(variant_id=entry.variant_id, name=entry.name, note=entry.note,
                                     url=url_for("rules_card.show", variant_id=entry.variant_id)) for entry in listed)
        groups.append((language not in screens.first_in, FamilyGames(family.id, screens.heading(), entries)))
    return [group for _later, group in sorted(groups, key=lambda pair: pair[0])]


@bp.get("/rules")
def index() -> str:
    """Every game, family by family, with a link to its rules card."""
    return render_template("rules/index.html", groups=rules_groups())


@bp.get("/rules/<variant_id>")
def show(variant_id: str) -> str:
    """The rules card of one game without a game, its family's own; 404 when no family has a card for it. The way
    back is the ``back`` the address names (a path of this site only), else the rules index."""
    back = request.args.get(BACK_PARAM)
    back_url = safe_next(back) if back else url_for("rules_card.index")
    game_id = variant_id.strip().lower()
    try:
        family = families.family_of(game_id)
    except families.UnknownFamilyError:
        abort(404)
    page = family.screens().rules_page if family.web is not None else None
    if page is None:
        abort(404)
    return page(game_id, back_url)
