"""``exact-cut``: this deal's cutter cut exactly (having taken ``cutter_jokers`` jokers from the cut); what it earns
is the sheet's (:mod:`referee.games.rummy.ledger.state.chips`, :mod:`referee.games.rummy.ledger.state.sheet`)."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Annotated, Any, ClassVar

from pydantic import Field
from typing_extensions import override

from referee.games.rummy.ledger.events.base import Event, InDeal, Words
from referee.games.rummy.ledger.events.filing import MAX_CUTTER_JOKERS, DealPart, EntryKey
from referee.games.rummy.ledger.state.checks import cut_problems, in_deal_problems
from referee.games.rummy.ledger.state.facts import GameFacts
from referee.games.rummy.ledger.state.records import DealRecord
from referee.games.rummy.ledger.state.steps import State, with_record
from referee.rules.problems import Problem
from referee.rules.variants import Variant
from referee.rules.wording import N_

__all__ = ["ExactCut", "ExactCutEntry"]


class ExactCutEntry(DealPart):
    """``exact_cut`` (always written) and ``cutter_jokers`` (written when the cutter took any)."""

    keys = (
        EntryKey("exact_cut", bool, False, place=10, written=10, form="true-or-false"),
        EntryKey("cutter_jokers", Annotated[int, Field(ge=0, le=MAX_CUTTER_JOKERS)], 0, place=20, written=30,
                 form="whole-number", most=MAX_CUTTER_JOKERS),
    )
    reads_at = 30

    @override
    def write(self, facts: GameFacts, record: DealRecord, before: DealRecord | None) -> dict[str, Any]:
        """Whether the deal's cutter cut exactly, and the jokers they took."""
        if record.exact_cut and record.cutter_jokers:
            return {"exact_cut": True, "cutter_jokers": record.cutter_jokers}
        return {"exact_cut": record.exact_cut}

    @override
    def read(self, entry: Mapping[str, Any], number: int, variant: Variant) -> list[Event]:
        """The exact cut, if the entry says so."""
        return [ExactCut(deal=number, cutter_jokers=entry["cutter_jokers"])] if entry["exact_cut"] else []


@dataclass(frozen=True, kw_only=True)
class ExactCut(InDeal):
    """This deal's cutter cut exactly (having taken ``cutter_jokers`` jokers from the cut)."""

    type: ClassVar[str] = "exact-cut"
    file_part: ClassVar[DealPart] = ExactCutEntry()
    cutter_jokers: int = 0

    @property
    def words(self) -> Words:
        """"Deal 3: exact cut"."""
        return Words(N_("Deal %(num)d: exact cut"), {"num": self.deal})

    def problems(self, state: GameFacts) -> list[Problem]:
        """Not the deal under way, a second exact cut in the deal, jokers the cut cannot give, or a game where an
        exact cut earns nothing."""
        found = in_deal_problems(state, self)
        if found:
            return found
        record = state.current
        if record.exact_cut:
            return [Problem.of("exact-cut-twice", deal=record.number)]
        return cut_problems(state, self.cutter_jokers, record.number)

    def step(self, state: State) -> State:
        """The deal under way has its exact cut."""
        record = dataclasses.replace(state.current, exact_cut=True, cutter_jokers=self.cutter_jokers)
        return with_record(state, record, self.override)
