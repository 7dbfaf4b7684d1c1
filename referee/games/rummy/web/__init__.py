"""Contract rummy's screens, as :mod:`referee.families` asks for them: :data:`WEB` tells it where each is.

One package, laid out as the Persian family's (:mod:`referee.games.persian.web`):

- :mod:`.table`: the scorekeeper's screens, the ``table`` blueprint (``/g/<edit_token>/…``, its entry the deal
  screen), one module a screen;
- :mod:`.referee_tools`: the referee tools (``/referee``, ``/g/<edit_token>/referee``, ``/v/<view_token>/referee``);
- :mod:`.viewer`: the players' board the core's viewer (:mod:`referee.web.screens.board`) shows;
- :mod:`.rules_card`: the rules card, of a game and of a catalogue variant;
- :mod:`.forms`: the scorekeeper's forms;
- :mod:`.summary`: the scores as a short text the phone sends (``share_text(state)`` in its templates);
- :mod:`.new`: the new-game form, which is the core's new-game page (``/games/new``,
  :attr:`~referee.families.FamilyWeb.new_game`);
- :mod:`.wording`: the rules in words (problems, contracts, deals, house rules), Jinja globals and filters.

The templates are under ``templates/rummy/``.
"""

from __future__ import annotations

from flask import Flask, url_for
from flask_babel import lazy_gettext

from referee.families import ChooserEntry, FamilyWeb
from referee.games.rummy import BUYS, EXACT_CUTS, WENT_OUT
from referee.games.rummy.ledger import exchange
from referee.games.rummy.web import new, referee_tools, table, wording
from referee.games.rummy.web.rules_card import rules_index, rules_page, rules_url
from referee.games.rummy.web.summary import share_text
from referee.games.rummy.web.viewer import VIEWER, rummy_rules_card
from referee.games.rummy.web.wording import problem_words, word
from referee.rules.catalogue import VARIANTS
from referee.web.core.translate import gettext

__all__ = ["WEB", "init_app", "chooser"]


def init_app(app: Flask) -> None:
    """Register the blueprints (once), the rules in words as Jinja globals and filters (:func:`.wording.init_app`),
    and as Jinja globals the rules card's address (``rules_url(variant)``) and the scores as text
    (``share_text(state)``, the score sheet's and game over's share sheet)."""
    wording.init_app(app)
    if table.bp.name not in app.blueprints:
        app.register_blueprint(table.bp)
        app.register_blueprint(referee_tools.bp)
    app.add_template_global(rules_url)
    app.add_template_global(share_text, "share_text")


def chooser() -> list[ChooserEntry]:
    """The family's games in the new-game chooser (its form is the core's new-game page, :mod:`.new`)."""
    return [ChooserEntry(variant_id=v.id, name=word(v.name), url=url_for("games.new", variant=v.id))
            for v in VARIANTS.values()]


#: The words of the figures a game counts for the players' records (:func:`referee.games.rummy._result`).
_FIGURES = {
    WENT_OUT: lazy_gettext("Deals won by going out"),
    EXACT_CUTS: lazy_gettext("Exact cuts"),
    BUYS: lazy_gettext("Buys"),
}


def _figure_words(code: str) -> str:
    return str(_FIGURES[code])


WEB = FamilyWeb(
    init_app=init_app,
    blueprints=("table", "referee_tools"),
    edit_endpoint="table.deal",
    viewer=VIEWER,
    chooser=chooser,
    rules_card=rummy_rules_card,
    problem_words=problem_words,
    heading=lambda: gettext("Contract rummy"),
    nav="rummy/table/_nav.html",
    sheet_endpoint="table.sheet",
    export_endpoint="table.export_json",
    figure_words=_figure_words,
    edit_anchor="deal-head",
    rules_page=rules_page,
    rules_index=rules_index,
    new_game=new.page,
    rules_problem=exchange.rules_problem,
)
