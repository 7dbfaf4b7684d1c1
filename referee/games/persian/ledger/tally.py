"""``referee tally`` for a Persian table game: replay a referee-table-game/1 file and say what the rules make
of it, as the rummy games' tally does — exit 0 when they allow it, 1 when they forbid it (every reason said),
2 when the file cannot be read (:class:`~referee.games.persian.ledger.gamefile.TableFileError`).

The replay stops at the first event the rules refuse: every later hand depends on it (who rules, who deals).

>>> result = tally({"format": "referee-table-game/1", "variant": "hokm",
...                 "players": ["Ana", "Bahram", "Cyrus", "Dara", "Ebi"]})
>>> result.allowed, result.errors
(False, ('players: hokm is played by 4 players, not 5',))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from referee.games.persian.ledger.events import Event, GameCreated
from referee.games.persian.ledger.fold import apply, start
from referee.games.persian.ledger.gamefile import import_game, loads
from referee.games.persian.ledger.state import EventRefused, TableState
from referee.games.persian.rules.base import TEAM_NAMES, Problem, team_seats

__all__ = ["Tally", "tally", "tally_events", "tally_file", "sheet_text", "sheet_json"]


@dataclass(frozen=True)
class Tally:
    """A file replayed: the state as far as the rules allow (None when the game cannot even start), and the
    refusal that stopped it — where (``players``, ``hand 3``…) and every problem."""

    state: TableState | None
    where: str = ""
    problems: tuple[Problem, ...] = field(default=())

    @property
    def allowed(self) -> bool:
        """The rules allow the whole game the file describes."""
        return self.state is not None and not self.problems

    @property
    def errors(self) -> tuple[str, ...]:
        """Every reason, in English, each after its place (what the command prints)."""
        return tuple(f"{self.where}: {problem.message}" for problem in self.problems)


def _where(event: Event) -> str:
    number = event.to_dict().get("hand_number")
    return f"hand {number}" if isinstance(number, int) else event.type


def tally_events(events: Sequence[Event]) -> Tally:
    """Replay ``events`` (a game's, its creation first) as far as the rules allow."""
    created = events[0]
    assert isinstance(created, GameCreated)
    try:
        state = start(created)
    except EventRefused as refused:
        return Tally(None, "players", refused.problems)
    for event in events[1:]:
        try:
            state = apply(state, event)
        except EventRefused as refused:
            return Tally(state, _where(event), refused.problems)
    return Tally(state)


def tally(data: object) -> Tally:
    """Replay a referee-table-game/1 file's JSON value; :class:`TableFileError` (exit 2) when it cannot be read."""
    return tally_events(import_game(data))


def tally_file(raw: bytes | str) -> Tally:
    """Read and replay a referee-table-game/1 file; :class:`TableFileError` (exit 2) when it cannot be read."""
    return tally(loads(raw))


def _columns(state: TableState) -> list[str]:
    if state.rules.teams:
        count = len(state.players)
        return [f"{letter} ({' & '.join(state.players[s] for s in team_seats(team, count))})"
                for team, letter in enumerate(TEAM_NAMES)]
    return list(state.players)


def _status(state: TableState) -> str:
    if state.winners:
        return "won by " + ", ".join(state.winners)
    if state.ended is not None:
        return f"ended ({state.ended})" if state.ended else "ended"
    return f"hand {state.hand_number} being played, {state.dealer} deals"


def sheet_text(state: TableState) -> str:
    """The sheet for a terminal: a line per hand (who dealt, the running totals), then how the game stands."""
    columns = _columns(state)
    table = [["hand", "dealer", *columns]]
    for row in state.rows:
        table.append([str(row.hand), state.players[row.dealer], *(str(total) for total in row.totals)])
    widths = [max(len(line[i]) for line in table) for i in range(len(table[0]))]
    lines = [f"{state.variant_id}: {', '.join(state.players)}; {_status(state)}", ""]
    for index, line in enumerate(table):
        lines.append("  ".join(cell.ljust(w) if i < 2 else cell.rjust(w)
                               for i, (cell, w) in enumerate(zip(line, widths, strict=True))).rstrip())
        if index and state.rows[index - 1].line_after:
            lines.append("-" * len(lines[-1]))
    lines += ["", "totals: " + ", ".join(f"{c} {t}" for c, t in zip(columns, state.totals, strict=True))]
    if state.redeals:
        lines.append("dealt again: " + ", ".join(f"hand {n}" for n in state.redeals))
    return "\n".join(lines) + "\n"


def sheet_json(state: TableState | None, errors: Sequence[str] = ()) -> dict[str, Any]:
    """The ``referee tally --json`` document: the players, the columns' totals, the winners and every reason."""
    if state is None:
        return {"variant": None, "players": [], "totals": [], "hands": 0, "winners": [], "over": False,
                "errors": list(errors)}
    return {"variant": state.variant_id, "players": list(state.players),
            "totals": [{"column": c, "total": t} for c, t in zip(_columns(state), state.totals, strict=True)],
            "hands": len(state.hands), "winners": list(state.winners), "over": state.is_over,
            "errors": list(errors)}
