"""``game-created``: the first event of every game — which game, who sits where, who deals (or rules) first, and
the house rules chosen."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, cast

from typing_extensions import override

from referee.games.persian.ledger.events.base import Event, json_object, text, texts
from referee.games.persian.ledger.events.filing import (
    MAX_PLAYERS,
    TEXT_SCHEMA,
    FileKey,
    FilePart,
    FoldAt,
    TableFileError,
    are_texts,
    is_object,
    is_text,
)
from referee.games.persian.ledger.names import name_problems
from referee.games.persian.ledger.state import EventRefused, Facts, TableState
from referee.games.persian.ledger.wording import LedgerProblem, Words
from referee.games.persian.rules import find_game, game_ids
from referee.games.persian.rules.base import (
    GameRules,
    JsonValue,
    OptionValue,
    Problem,
    ProblemError,
    Table,
    UnknownGame,
)

__all__ = ["GameCreated", "TablePart"]


class TablePart(FilePart):
    """``variant``, ``players``, ``first`` and ``options``: the game and its table (always written; ``first`` and
    ``options`` may be left out of a file: the first player, the defaults)."""

    keys = (
        FileKey("variant", place=10, kind=is_text, form="file-field-text", required=True,
                schema={"enum": list(game_ids()), "description": "the game"}),
        FileKey("players", place=20, kind=are_texts, form="file-field-texts", required=True,
                most=(MAX_PLAYERS, "file-too-many-players"),
                schema={"type": "array", "items": TEXT_SCHEMA, "minItems": 1, "maxItems": MAX_PLAYERS,
                        "description": "in seat order: partners sit opposite, play and the deal go to the next"}),
        FileKey("first", place=30, kind=is_text, form="file-field-text",
                schema={**TEXT_SCHEMA, "description": "the player who deals first (Hokm: the first ruler); the first "
                                                      "player when left out"}),
        FileKey("options", place=40, kind=is_object, form="file-field-object",
                schema={"type": "object", "description": "house rules by name; a missing one takes its default",
                        "additionalProperties": {"type": ["integer", "boolean", "string"]}}),
    )

    @override
    def rules_of(self, game: Mapping[str, Any]) -> GameRules[Any, Any]:
        """The game ``variant`` names."""
        try:
            return find_game(game["variant"])
        except ProblemError as error:
            raise TableFileError(error.problems) from None

    @override
    def write(self, state: TableState) -> dict[str, JsonValue]:
        """The game, the players as they are now, who deals first, and every house rule with its value in force."""
        return {"variant": state.variant_id, "players": list(state.players), "first": state.players[state.table.first],
                "options": dict(state.options)}

    @override
    def read(self, game: Mapping[str, Any], rules: GameRules[Any, Any]) -> list[tuple[FoldAt, Event]]:
        """The game's creation, first of all."""
        players = tuple(game["players"])
        created = GameCreated(variant=game["variant"], players=players,
                              first=game.get("first", players[0] if players else ""), options=game.get("options", {}))
        return [(FoldAt.opening(), created)]


@dataclass(frozen=True, kw_only=True)
class GameCreated(Event):
    """A new game: its id, the players in seat order (partners sit opposite; play and the deal go to the next
    seat), ``first`` — the player who deals first (Hokm: the first ruler, who drew the highest card; the player
    on their right deals) — and the house rules chosen (the rest take their defaults)."""

    type: ClassVar[str] = "game-created"
    file_part: ClassVar[FilePart] = TablePart()
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
