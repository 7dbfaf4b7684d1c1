"""The players' board of a Persian game, drawn for the core's ``/v/<view_token>`` (the core serves it, keeps the
rendered page, its ETag and the live stream): the next hand's dealer and ruler, the totals, the sheet, the winner.
"""

from __future__ import annotations

from typing import Any

from flask import render_template, url_for

from referee.games.persian.web.card import card_lines
from referee.games.persian.web.screens import head_of
from referee.games.persian.web.sheet import sheet_of

__all__ = ["PersianViewer", "VIEWER", "rules_card"]


def _context(state: Any, view_token: str, me: str | None) -> dict[str, Any]:
    return {"state": state, "screen": head_of(state), "sheet": sheet_of(state), "me": me, "view_token": view_token,
            "live_url": url_for("board.live", view_token=view_token)}


class PersianViewer:
    """How a Persian game's board is drawn (:class:`referee.families.Viewer`)."""

    def page(self, state: Any, view_token: str, me: str | None) -> str:
        """The whole viewer page."""
        return render_template("persian/view.html", keep_awake=True, **_context(state, view_token, me))

    def board(self, state: Any, view_token: str, me: str | None) -> str:
        """The board alone, as the live stream sends it."""
        return render_template("persian/_board.html", **_context(state, view_token, me))

    def renamed(self, state: Any, name: str) -> str:
        """A name as it is now, following the game's renames (the name as it was when none holds now)."""
        now = name
        for event in state.events:
            if getattr(event, "type", "") == "player-renamed" and event.old == now:
                now = event.new
        return now if now in state.players else name


VIEWER = PersianViewer()


def rules_card(state: Any, back_url: str) -> str:
    """The rules card of the game: what its table argues about, what ends it and what the table is reminded of."""
    screen = head_of(state)
    return render_template("persian/rules_card.html", screen=screen, lines=card_lines(state, screen.entry),
                           back_url=back_url)
