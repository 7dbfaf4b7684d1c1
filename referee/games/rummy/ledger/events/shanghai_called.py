"""``shanghai-called``: a player called "Shanghai!" on a discard that could be laid off (docs/rules.md §9.1, D39):
for the record; it changes no score (:mod:`referee.games.rummy.ledger.state.calls` counts the calls)."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Annotated, Any, ClassVar

from pydantic import Field
from typing_extensions import override

from referee.games.rummy.ledger.events.base import Event, PlayerAction, Words
from referee.games.rummy.ledger.events.filing import MAX_PLAYERS, DealPart, EntryKey
from referee.games.rummy.ledger.state.calls import call_problems
from referee.games.rummy.ledger.state.checks import action_problems, announced
from referee.games.rummy.ledger.state.facts import GameFacts
from referee.games.rummy.ledger.state.records import MAX_CALLS_PER_DEAL, DealRecord
from referee.games.rummy.ledger.state.steps import State, bump, with_record
from referee.rules.problems import Problem
from referee.rules.variants import Variant
from referee.rules.wording import N_

__all__ = ["ShanghaiCalled", "ShanghaiCallsEntry"]

Calls = Annotated[int, Field(ge=0, le=MAX_CALLS_PER_DEAL)]


class ShanghaiCallsEntry(DealPart):
    """``shanghai_calls``: how many times each player called "Shanghai!" in the deal (written only where someone
    did, docs/rules.md D39, D70)."""

    keys = (
        EntryKey("shanghai_calls", Annotated[dict[str, Calls], Field(max_length=MAX_PLAYERS)],
                 Field(default={}, description='who called "Shanghai!" on a discard in this deal, and how many times'),
                 place=100, written=50, form="counts", of_player=("count-of", MAX_CALLS_PER_DEAL)),
    )
    # a call needs someone laid down in the deal (docs/rules.md D70): the lay-downs first, then the calls
    reads_at = 60

    @override
    def write(self, facts: GameFacts, record: DealRecord, before: DealRecord | None) -> dict[str, Any]:
        """The calls, by those who called."""
        calls = facts.calls.of(record)
        return {"shanghai_calls": calls} if calls else {}

    @override
    def read(self, entry: Mapping[str, Any], number: int, variant: Variant) -> list[Event]:
        """One event a call."""
        calls = entry["shanghai_calls"].items()
        return [ShanghaiCalled(deal=number, player=name) for name, count in calls for _ in range(count)]


@dataclass(frozen=True, kw_only=True)
class ShanghaiCalled(PlayerAction):
    """A player called "Shanghai!" on a discard that could be laid off (docs/rules.md §9.1, D39): for the record."""

    type: ClassVar[str] = "shanghai-called"
    file_part: ClassVar[DealPart] = ShanghaiCallsEntry()

    @property
    def words(self) -> Words:
        """"Deal 3: Ana called Shanghai"."""
        return Words(N_("Deal %(num)d: %(player)s called Shanghai"), {"num": self.deal, "player": self.player})

    def problems(self, state: GameFacts) -> list[Problem]:
        """Not the deal under way, a player who is not playing, the contract not announced, or a call the game does
        not take (:func:`referee.games.rummy.ledger.state.calls.call_problems`)."""
        found = action_problems(state, self)
        if found:
            return found
        return announced(state) + call_problems(state.variant, state.current, state.seating.seat_of(self.player),
                                                self.player)

    def step(self, state: State) -> State:
        """One more call for the player in the deal under way."""
        record = state.current
        calls = bump(record.shanghai_calls, state.names.index(self.player), len(state.names))
        return with_record(state, dataclasses.replace(record, shanghai_calls=calls), self.override)
