"""Contract rummy's screens, as :mod:`referee.families` asks for them: they stay in :mod:`referee.web`.

The scorekeeper's screens are the ``table`` blueprint (``/g/<edit_token>/…``, its entry the deal screen) and the
referee tools (``/g/<edit_token>/referee``, ``/v/<view_token>/referee``); the players' board and the rules card
are drawn by :mod:`referee.web.screens.board`; the new-game form is :mod:`referee.web.screens.games`' own.
"""

from __future__ import annotations

from typing import Any

from flask import Flask, url_for
from flask_babel import lazy_gettext

from referee.families import ChooserEntry, FamilyWeb
from referee.games.rummy import BUYS, EXACT_CUTS, WENT_OUT
from referee.rules.catalogue import VARIANTS
from referee.web.core.translate import gettext
from referee.web.helpers.wording import problem_words, word
from referee.web.screens import board, referee_tools, table

__all__ = ["WEB"]


def _init_app(app: Flask) -> None:
    app.register_blueprint(table.bp)
    app.register_blueprint(referee_tools.bp)


class _Viewer:
    """The players' board of a contract-rummy game (:mod:`referee.web.screens.board`)."""

    def page(self, state: Any, view_token: str, me: str | None) -> str:
        """The whole viewer page."""
        return board.rummy_page(state, view_token, me)

    def board(self, state: Any, view_token: str, me: str | None) -> str:
        """The board alone, for the live stream."""
        return board.rummy_board(state, view_token, me)

    def renamed(self, state: Any, name: str) -> str:
        """``name`` after the game's renames."""
        return board.renamed(state, name)


def _chooser() -> list[ChooserEntry]:
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
    init_app=_init_app,
    blueprints=("table", "referee_tools"),
    edit_endpoint="table.deal",
    viewer=_Viewer(),
    chooser=_chooser,
    rules_card=board.rummy_rules_card,
    problem_words=problem_words,
    heading=lambda: gettext("Contract rummy"),
    nav="table/_nav.html",
    sheet_endpoint="table.sheet",
    export_endpoint="table.export_json",
    figure_words=_figure_words,
    edit_anchor="deal-head",
)
