"""Contract rummy's players' board: what the core's viewer (:mod:`referee.web.screens.board`, ``/v/<view_token>``)
shows of a contract-rummy game, and its rules card there.

The core serves the page, keeps it, streams the board and remembers "this is me"; :data:`VIEWER` draws the
page and the board (:func:`rummy_page`, :func:`rummy_board`) and follows a player's renames (:func:`renamed`).
The board is worked out by :func:`board_context` from the game's state (nothing is decided here: the ledger
decides), with the running totals drawn by :func:`score_chart`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from flask import render_template, url_for
from markupsafe import Markup, escape

from referee.games.rummy.ledger.events import PlayerRenamed
from referee.games.rummy.ledger.state import GameState
from referee.games.rummy.web import wording
from referee.games.rummy.web.rules_card import contract_icons, render_card, rules_url
from referee.games.rummy.web.wording import deal_words, reminders
from referee.web.core.translate import gettext
from referee.web.helpers.numerals import number

__all__ = ["VIEWER", "ChartSeries", "RummyViewer", "board_context", "renamed", "rummy_board", "rummy_page",
           "rummy_rules_card", "score_chart"]

#: One colour per seat; each reads on the light and the dark background (and has a dash pattern too).
PALETTE = ("#d1495b", "#1f78b4", "#2f9e44", "#d9822b", "#8e5bd6", "#0f9f9f", "#c2185b", "#7a7f87")
DASHES = ("", "6 3", "2 3", "8 3 2 3", "", "6 3", "2 3", "8 3 2 3")


# ---- the chart: a small pure function -----------------------------------------------------------------


@dataclass(frozen=True)
class ChartSeries:
    """One player's line: running totals after each deal (the first point, 0, is before deal 1)."""

    name: str
    totals: tuple[int, ...]
    colour: str
    dash: str = ""
    highlighted: bool = False


def score_chart(
    series: Sequence[ChartSeries], *, deals: int, title: str, width: int = 360, height: int = 200
) -> Markup:
    """Draw the cumulative scores as an inline SVG: one line per player, deal 0 to ``deals`` on the x axis."""
    left, right, top, bottom = 34, 8, 10, 22
    plot_w, plot_h = width - left - right, height - top - bottom
    values = [v for s in series for v in s.totals] or [0]
    low, high = min(0, *values), max(0, *values)
    if high == low:
        high = low + 10
    step = _nice_step((high - low) / 4)
    low = step * (low // step)
    high = -step * (-high // step)
    span_x = max(deals, 1)

    def x(deal: int) -> float:
        return round(left + plot_w * deal / span_x, 1)

    def y(value: float) -> float:
        return round(top + plot_h * (high - value) / (high - low), 1)

    parts = [
        f'<svg class="chart" viewBox="0 0 {width} {height}" role="img" aria-labelledby="chart-title" '
        f'xmlns="http://www.w3.org/2000/svg"><title id="chart-title">{escape(title)}</title>'
    ]
    tick = low
    while tick <= high:
        parts.append(
            f'<line class="grid{" zero" if tick == 0 else ""}" x1="{left}" x2="{width - right}" '
            f'y1="{y(tick)}" y2="{y(tick)}"/><text class="axis" x="{left - 4}" y="{y(tick) + 4}" '
            f'text-anchor="end">{number(tick)}</text>'
        )
        tick += step
    label_every = 1 if deals <= 10 else 2
    for deal in range(1, deals + 1):
        if deal % label_every == 0 or deal == deals:
            parts.append(
                f'<text class="axis" x="{x(deal)}" y="{height - 6}" text-anchor="middle">{number(deal)}</text>'
            )
    for s in series:
        points = " ".join(f"{x(i)},{y(v)}" for i, v in enumerate(s.totals))
        dash = f' stroke-dasharray="{s.dash}"' if s.dash else ""
        cls = "line me" if s.highlighted else "line"
        parts.append(f'<polyline class="{cls}" fill="none" stroke="{s.colour}"{dash} points="{points}"/>')
        if len(s.totals) > 1:
            last = len(s.totals) - 1
            parts.append(
                f'<circle cx="{x(last)}" cy="{y(s.totals[last])}" r="{4 if s.highlighted else 3}" fill="{s.colour}"/>'
            )
    parts.append("</svg>")
    return Markup("".join(parts))


def _nice_step(raw: float) -> int:
    for step in (5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000):
        if raw <= step:
            return step
    return 10000


# ---- the board's content -----------------------------------------------------------------------------


@dataclass(frozen=True)
class PlayerRow:
    """One player on the board."""

    name: str
    seat: int
    total: int
    rank: int
    colour: str
    chips: int | None
    buys_left: int | None
    melded: bool
    me: bool
    role: str


@dataclass(frozen=True)
class DealLine:
    """One ended deal in the deal-by-deal table."""

    number: int
    winner: str | None
    points: tuple[int, ...]
    multiplier: int
    exact_cut: bool
    corrected: bool
    overrides: tuple[str, ...]


def board_context(state: GameState, me: str | None) -> dict[str, Any]:
    """Everything the board shows, from the game's state (nothing is decided here: the ledger decides)."""
    players = state.players
    me = me if me in players else None
    chips = state.chips.chips_left
    buys_left = state.chips.buys_left_this_deal
    ranks = state.sheet.ranks
    seating = state.seating
    roles = {seating.dealer: gettext("deals"), seating.cutter: gettext("cuts")}
    if not state.over:
        roles[seating.first_player] = (
            gettext("deals and plays first") if seating.first_player == seating.dealer else gettext("plays first")
        )
    rows = [
        PlayerRow(
            name=name,
            seat=seat,
            total=state.sheet.totals[name],
            rank=ranks[name],
            colour=PALETTE[seat % len(PALETTE)],
            chips=chips.get(name),
            buys_left=buys_left.get(name),
            melded=name in state.melded,
            me=name == me,
            role=(gettext("left after deal %(num)d", num=state.seating.left[name]) if name in state.seating.left
                  else "" if state.over else roles.get(name, "")),
        )
        for seat, name in enumerate(players)
    ]
    lines = [
        DealLine(
            number=d.number,
            winner=d.winner,
            points=tuple(d.points.get(name, 0) for name in players),
            multiplier=d.multiplier,
            exact_cut=d.exact_cut,
            corrected=d.corrected,
            overrides=tuple(d.overrides),
        )
        for d in state.sheet.deals
    ]
    after = {name: tuple(totals[name] for totals in state.sheet.running_totals) for name in players}
    series = [
        ChartSeries(
            name=name,
            # From 0 before deal 1; with no deal ended the ledger's one point is today's totals.
            totals=(0, *after[name]) if state.sheet.deals else after[name],
            colour=PALETTE[seat % len(PALETTE)],
            dash=DASHES[seat % len(DASHES)],
            highlighted=name == me,
        )
        for seat, name in enumerate(players)
    ]
    chart = score_chart(series, deals=len(state.variant.deals), title=gettext("Running totals after each deal"))
    return {
        "state": state,
        "variant": state.variant,
        "players": rows,
        "standings": [row for name in state.sheet.standings for row in rows if row.name == name],
        "lines": lines,
        "chart": chart,
        "me": me,
        "show_chips": state.chips.counts_chips,
        "token_name": wording.token_name(state.variant),
        "show_buys_left": state.chips.shows_buys_left,
        "contract_words": deal_words(state.deal, state.variant.terms),
        "reminders": reminders(state.variant, state.deal.number),
        "contract_icons": [contract_icons(c) for c in state.contracts],
        "adjustments": state.sheet.adjustments,
        "payouts": state.sheet.payouts,
        "stakes": state.sheet.stakes,
        "winners": state.sheet.leaders if state.finished else (),
        "last_deal": (gettext("Last deal (%(num)d): %(result)s", num=state.sheet.deals[-1].number,
                              result=wording.result_words(players, state.sheet.deals[-1]))
                      if state.sheet.deals else ""),
    }


def renamed(state: GameState, name: str) -> str:
    """``name`` after every rename the game recorded since (undone renames left out)."""
    for entry in state.history.entries:
        event = entry.event
        if isinstance(event, PlayerRenamed) and not entry.undone and event.old == name:
            name = event.new
    return name


def rummy_board(state: GameState, view_token: str, me: str | None) -> str:
    """A contract-rummy game's board alone (what the live stream sends)."""
    return render_template("rummy/board/_board.html", **board_context(state, me), view_token=view_token)


def rummy_page(state: GameState, view_token: str, me: str | None) -> str:
    """A contract-rummy game's whole viewer page."""
    return render_template(
        "rummy/board/view.html",
        **board_context(state, me),
        view_token=view_token,
        seq=state.seq,
        live_url=url_for("board.live", view_token=view_token),
        rules_href=url_for("board.rules", view_token=view_token),
    )


def rummy_rules_card(state: GameState, back_url: str) -> str:
    """A contract-rummy game's rules card: its variant with the house rules in force, for its players."""
    return render_card(state.variant, players=len(state.players), back_url=back_url, refused=[],
                       rules_link=rules_url(state.variant))


class RummyViewer:
    """The players' board of a contract-rummy game, as :class:`referee.families.Viewer` asks for it."""

    def page(self, state: Any, view_token: str, me: str | None) -> str:
        """The whole viewer page."""
        return rummy_page(state, view_token, me)

    def board(self, state: Any, view_token: str, me: str | None) -> str:
        """The board alone, for the live stream."""
        return rummy_board(state, view_token, me)

    def renamed(self, state: Any, name: str) -> str:
        """``name`` after the game's renames."""
        return renamed(state, name)


VIEWER = RummyViewer()
