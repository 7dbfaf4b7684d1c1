"""The score sheet as the table draws it, from the rules' rows (totals are always derived, never typed):

- Hokm: each hand with its ruler, the winning team's points (a kot, a ruler's kot, a bam marked) and the round's
  score after it; a line under each round.
- Shelem: team A's running total | the bid with the ruler's initial | team B's running total; a line after each
  full turn of dealers.
- Bi-del: each player's running total with the hand's pass direction; the others: each player's or team's total.

The same rows make the text a phone shares (:func:`share_text`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from flask import Response, render_template

from referee import families
from referee.games.persian.rules import find_game
from referee.games.persian.rules.base import team_seats
from referee.games.persian.web import words
from referee.games.persian.web.blueprint import bp
from referee.games.persian.web.common import require_game
from referee.games.persian.web.screens import head_of
from referee.games.persian.web.undo import redo_offer, undo_offer
from referee.web.core.translate import gettext as _
from referee.web.core.translate import pgettext
from referee.web.helpers.numerals import number

__all__ = ["Cell", "Column", "SheetRow", "Sheet", "sheet_of", "share_text", "sheet", "export"]


@dataclass(frozen=True)
class Cell:
    """One cell of the sheet."""

    text: str
    num: bool = False
    mark: bool = False
    bdi: bool = False
    testid: str = ""


@dataclass(frozen=True)
class Column:
    """A column's heading."""

    label: str
    num: bool = False


@dataclass(frozen=True)
class SheetRow:
    """One hand's line: its cells (the first is the hand's number) and whether the table draws a line under it."""

    hand: int
    cells: tuple[Cell, ...]
    line: bool = False
    corrected: bool = False


@dataclass(frozen=True)
class Sheet:
    """The whole sheet."""

    columns: tuple[Column, ...]
    rows: tuple[SheetRow, ...]
    foot: tuple[Cell, ...] = ()
    legend: str = ""


def _hand_heading() -> str:
    return pgettext("a hand of a card game", "Hand")


def _initial(name: str) -> str:
    return name[:1]


def _team_labels() -> tuple[str, str]:
    """The teams' columns are headed by their letters (the legend names the partners: the columns stay narrow)."""
    return words.team_letter(0), words.team_letter(1)


def _teams_legend(players: tuple[str, ...]) -> str:
    return _("%(a)s: %(a_names)s · %(b)s: %(b_names)s", a=words.team_letter(0),
             a_names=words.team_name([players[s] for s in team_seats(0)]), b=words.team_letter(1),
             b_names=words.team_name([players[s] for s in team_seats(1)]))


def _hokm(score: Any, players: tuple[str, ...]) -> Sheet:
    labels = _team_labels()
    columns = (Column(_hand_heading()), Column(_("Ruler")), Column(labels[0], True), Column(labels[1], True))
    rows = []
    for row in score.rows:
        cells = [Cell(number(row.hand)), Cell(players[row.ruler], bdi=True, testid=f"ruler-{row.hand}")]
        for team in (0, 1):
            if team == row.winner:
                text = number(row.points, signed=True) + " " + words.outcome_words(row.kind.value, row.bam)
            else:
                text = ""
            cells.append(Cell(text.strip(), num=True, mark=team == row.winner))
        rows.append(SheetRow(row.hand, tuple(cells), line=row.line_after))
    foot = (Cell(_("Rounds")), Cell(""),
            Cell(number(score.rounds_won[0]), True, testid="rounds-a"),
            Cell(number(score.rounds_won[1]), True, testid="rounds-b"))
    return Sheet(columns, tuple(rows), foot, _teams_legend(players) + " · " + _("A line under each round."))


def _shelem(score: Any, players: tuple[str, ...]) -> Sheet:
    labels = _team_labels() if len(players) == 4 else (players[0], players[1])
    columns = (Column(_hand_heading()), Column(labels[0], True), Column(_("Bid")), Column(labels[1], True))
    rows = []
    for row in score.rows:
        ruler = getattr(row, "ruler", None)
        bid = getattr(row, "bid", None)
        middle = _("all passed") if ruler is None else f"{number(bid)} {_initial(players[ruler])}"
        said = words.bid_outcome_words(str(getattr(getattr(row, "outcome", ""), "value", "")))
        middle = f"{middle} {said}" if said else middle
        rows.append(SheetRow(row.hand, (
            Cell(number(row.hand)), Cell(number(row.totals[0]), True, testid=f"a-{row.hand}"),
            Cell(middle, bdi=True, testid=f"bid-{row.hand}"), Cell(number(row.totals[1]), True,
                                                                    testid=f"b-{row.hand}")),
            line=row.line_after))
    legend = _("A line after each full turn of dealers.")
    return Sheet(columns, tuple(rows), legend=_teams_legend(players) + " · " + legend if len(players) == 4 else legend)


def _players(score: Any, players: tuple[str, ...]) -> Sheet:
    passing = any(getattr(row, "passing", None) is not None for row in score.rows)
    columns = [Column(_hand_heading())]
    if passing:
        columns.append(Column(_("Pass")))
    columns += [Column(name, True) for name in players]
    rows = []
    for row in score.rows:
        cells = [Cell(number(row.hand))]
        if passing:
            cells.append(Cell(words.pass_arrow(row.passing)))
        cells += [Cell(number(total), True, testid=f"t-{row.hand}-{seat}") for seat, total in enumerate(row.totals)]
        rows.append(SheetRow(row.hand, tuple(cells), line=row.line_after))
    return Sheet(tuple(columns), tuple(rows))


def _teams(score: Any, players: tuple[str, ...]) -> Sheet:
    labels = _team_labels()
    columns = (Column(_hand_heading()), Column(labels[0], True), Column(labels[1], True))
    rows = [SheetRow(row.hand, (Cell(number(row.hand)), Cell(number(row.totals[0]), True, testid=f"a-{row.hand}"),
                                Cell(number(row.totals[1]), True, testid=f"b-{row.hand}")), line=row.line_after)
            for row in score.rows]
    return Sheet(columns, tuple(rows), legend=_teams_legend(players))


def sheet_of(state: Any) -> Sheet:
    """The game's sheet, as its table draws it: chosen by what the rules' score keeps (rounds won: Hokm's hands
    and rounds; a bidding: Shelem's three columns; teams; else a column a player)."""
    score = state.score
    players = tuple(state.players)
    if hasattr(score, "rounds_won"):
        return _hokm(score, players)
    if hasattr(score, "all_passed"):
        return _shelem(score, players)
    if find_game(state.variant_id).teams and len(players) == 4:
        return _teams(score, players)
    return _players(score, players)


def share_text(state: Any) -> str:
    """The sheet as plain text, to paste in a chat."""
    head = head_of(state)
    sheet = sheet_of(state)
    lines = [head.name, " | ".join(c.label for c in sheet.columns)]
    for row in sheet.rows:
        lines.append(" | ".join(c.text for c in row.cells))
        if row.line:
            lines.append("—" * 12)
    lines.append("")
    lines += [f"{total.label}: {number(total.total)}" for total in head.totals]
    if head.over:
        lines.append(head.winner_words)
    return "\n".join(lines)


@bp.get("/g/<edit_token>/scores")
def sheet(edit_token: str) -> str:
    """The score sheet: every hand, the totals, undo and redo, corrections, the text to share."""
    table = require_game(edit_token)
    state = table.state
    return render_template("persian/sheet.html", table=table, state=state, screen=head_of(state),
                           sheet=sheet_of(state), share_text=share_text(state), undo=undo_offer(state),
                           redo=redo_offer(state))


@bp.get("/g/<edit_token>/scores.json")
def export(edit_token: str) -> Response:
    """The game's file (the family's format, with every event), to keep or to bring back elsewhere."""
    table = require_game(edit_token)
    state = table.state
    body = json.dumps(families.family_of(state.variant_id).export_game(state), ensure_ascii=False, indent=1)
    response = Response(body, mimetype="application/json")
    response.headers["Content-Disposition"] = f'attachment; filename="{state.variant_id}-{table.public_id[:8]}.json"'
    return response
