"""``player-left``: a player left the table after deal 1: their points stay; from the deal not yet begun they sit
out (docs/rules.md D68).

They are skipped when the deal and the cut go round, need no hand at a deal's end, and cannot buy, lay down or go
out; they are ranked after the players who stay.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Annotated, Any, ClassVar

from pydantic import Field
from typing_extensions import override

from referee.games.rummy.ledger.events.base import Event, Words
from referee.games.rummy.ledger.events.filing import MAX_PLAYERS, DealPart, EntryKey
from referee.games.rummy.ledger.state.checks import unknown
from referee.games.rummy.ledger.state.facts import GameFacts
from referee.games.rummy.ledger.state.records import DealRecord
from referee.games.rummy.ledger.state.steps import State
from referee.rules.problems import Problem
from referee.rules.variants import Variant
from referee.rules.wording import N_

__all__ = ["PlayerLeft", "LeftEntry"]


class LeftEntry(DealPart):
    """``left``: the players who left the game before this deal (written in the first deal they sit out)."""

    keys = (
        EntryKey("left", Annotated[list[str], Field(max_length=MAX_PLAYERS)], [], place=120, written=20,
                 form="left"),
    )
    reads_at = 10

    @override
    def write(self, facts: GameFacts, record: DealRecord, before: DealRecord | None) -> dict[str, Any]:
        """Who sits out from this deal on and did not sit out the deal before."""
        away_before = before.away if before is not None else ()
        newly_left = [facts.names[seat] for seat in record.away if seat not in away_before]
        return {"left": newly_left} if newly_left else {}

    @override
    def read(self, entry: Mapping[str, Any], number: int, variant: Variant) -> list[Event]:
        """One event a player who left."""
        return [PlayerLeft(player=name) for name in entry["left"]]


@dataclass(frozen=True, kw_only=True)
class PlayerLeft(Event):
    """A player left the table after deal 1: their points stay; from the deal not yet begun they sit out.

    They are skipped when the deal and the cut go round, need no hand at a deal's end, and cannot buy, lay
    down or go out; they are ranked after the players who stay (docs/rules.md D68).
    """

    type: ClassVar[str] = "player-left"
    file_part: ClassVar[DealPart] = LeftEntry()
    player: str

    @property
    def words(self) -> Words:
        """"Ana left the game"."""
        return Words(N_("%(player)s left the game"), {"player": self.player})

    def problems(self, state: GameFacts) -> list[Problem]:
        """Why ``player`` cannot be marked as having left now: the game is over, no such player or one who left,
        no deal ended yet, something recorded in the deal under way, or too few players would stay."""
        if state.over:
            return [Problem.of("game-over", "leave")]
        if self.player not in state.names:
            return [unknown(state, self.player)]
        seat = state.names.index(self.player)
        record = state.current
        if seat in record.away:
            return [Problem.of("player-already-left", player=self.player)]
        if not state.deals_played:
            return [Problem.of("left-before-play", player=self.player)]
        if (record.exact_cut or record.contract_index is not None or any(record.buys) or record.laid_down
                or any(record.shanghai_calls)):
            return [Problem.of("left-mid-deal", deal=record.number, player=self.player)]
        staying = len(state.names) - len(record.away) - 1
        if staying < state.variant.players.min:
            return [Problem.of("too-few-stay", variant=state.variant.named, min=state.variant.players.min,
                               player=self.player, count=staying)]
        return []

    def step(self, state: State) -> State:
        """The player sits out from the deal under way on (no override is kept: none gets past its refusals)."""
        current = state.current
        away = tuple(sorted({*current.away, state.names.index(self.player)}))
        return dataclasses.replace(state, records=(*state.records[:-1], dataclasses.replace(current, away=away)))
