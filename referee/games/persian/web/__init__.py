"""The Persian games' screens (docs/table-games.md): the new game, the hand screen, the sheet with undo, redo and
corrections, and the players' board. :data:`WEB` tells :mod:`referee.families` where each is.

One module per screen (:mod:`.new`, :mod:`.hand`, :mod:`.sheet`, :mod:`.undo`, :mod:`.correct`, :mod:`.table`,
:mod:`.viewer`),
one blueprint (:mod:`.blueprint`), one form module and one module of words.
"""

from __future__ import annotations

from typing import Any

from flask import Flask, url_for

from referee.families import ChooserEntry, FamilyWeb
from referee.games.persian.web import correct, hand, new, sheet, table, undo, words
from referee.games.persian.web.blueprint import bp
from referee.games.persian.web.screens import head_of
from referee.games.persian.web.viewer import VIEWER, rules_card, rules_page
from referee.web.core.translate import gettext as _

__all__ = ["WEB", "init_app", "chooser"]

_MODULES = (correct, hand, new, sheet, table, undo)  # imported for their routes


def init_app(app: Flask) -> None:
    """Register the blueprint (once)."""
    if bp.name not in app.blueprints:
        app.register_blueprint(bp)


def chooser() -> list[ChooserEntry]:
    """The family's games in the new-game chooser, each linking to its own form."""
    return [ChooserEntry(variant_id=rules.id, name=words.game_name(rules.id),
                         url=url_for("persian.new", variant=rules.id), note=words.game_blurb(rules.id))
            for rules in new.chooser_games()]


def heading() -> str:
    """The family's name over its games in the chooser, in the page's language."""
    return _("Persian card games")


def line(state: Any) -> str:
    """What My games says of a game: the game, its players and where it stands."""
    head = head_of(state)
    where = head.winner_words if head.over else _("hand %(num)d", num=head.hand)
    return _("%(game)s: %(players)s — %(where)s", game=head.name, players=_(", ").join(state.players), where=where)


WEB = FamilyWeb(init_app=init_app, blueprints=(bp.name,), edit_endpoint="persian.hand", viewer=VIEWER,
                chooser=chooser, rules_card=rules_card, problem_words=words.problem_words, heading=heading,
                nav="persian/_nav.html", sheet_endpoint="persian.sheet", export_endpoint="persian.export",
                line=line, first_in=("fa",), edit_anchor="hand-head", rules_page=rules_page)
