"""``game-created``: the first event of every game — which game, who sits where, who deals (or rules) first, and
the house rules chosen."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, cast

from typing_extensions import override

from referee.games.persian.ledger.events.base import Event, json_object, text, texts
from referee.games.persian.ledger.names import name_problems
from referee.games.persian.ledger.state import EventRefused, Facts, TableState
from referee.games.persian.ledger.wording import LedgerProblem, Words
from referee.games.persian.rules import find_game
from referee.games.persian.rules.base import GameRules, OptionValue, Problem, Table, UnknownGame

__all__ = ["GameCreated"]


@dataclass(frozen=True, kw_only=True)
class GameCreated(Event):
    """A new game: its id, the players in seat order (partners sit opposite; play and the deal go to the next
    seat), ``first`` — the player who deals first (Hokm: the first ruler, who drew the highest card; the player
    on their right deals) — and the house rules chosen (the rest take their defaults)."""

    type: ClassVar[str] = "game-created"
    variant: str = text()
    players: tuple[str, ...] = texts()
    first: str = text()
    options: Mapping[str, Any] = json_object(default_factory=dict)

    def opening(self) -> tuple[GameRules[Any, Any] | None, Table | None, tuple[Problem, ...]]:
        """The game's rules and table, and every reason it cannot start (the table is None when there is one)."""
        try:
            rules = find_game(self.variant)
        except UnknownGame as error:
            return None, None, error.problems
        problems: list[Problem] = []
        if self.first not in self.players and self.players:
            problems.append(LedgerProblem.of("unknown-first", name=self.first))
        seat = self.players.index(self.first) if self.first in self.players else 0
        # Any value may come from a file: the rules refuse every one that is not among an option's values.
        table = Table(self.variant, self.players, seat, cast(Mapping[str, OptionValue], self.options))
        problems += rules.table_problems(table)
        problems += name_problems(self.players)
        return rules, (None if problems else table), tuple(problems)

    @override
    def problems(self, state: TableState) -> tuple[Problem, ...]:
        """A game is created once."""
        return (LedgerProblem.of("already-created"),)

    def apply(self, state: TableState) -> Facts:
        """Never applied to a game: :func:`referee.games.persian.ledger.fold.start` starts one."""
        raise EventRefused(self.problems(state), event=self)

    @override
    def words(self, state: TableState | None = None) -> Words:
        """"hokm created for Ana, Bahram, Cyrus, Dara"."""
        return Words.of("log-game-created", game=self.variant, players=self.players)
