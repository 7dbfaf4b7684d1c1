"""``exact-cut``: this deal's cutter cut exactly (having taken ``cutter_jokers`` jokers from the cut); what it earns
is the sheet's (:mod:`referee.games.rummy.ledger.state.chips`, :mod:`referee.games.rummy.ledger.state.sheet`)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import ClassVar

from referee.games.rummy.ledger.events.base import InDeal, Words
from referee.games.rummy.ledger.state.checks import cut_problems, in_deal_problems
from referee.games.rummy.ledger.state.facts import GameFacts
from referee.games.rummy.ledger.state.steps import State, with_record
from referee.rules.problems import Problem
from referee.rules.wording import N_

__all__ = ["ExactCut"]


@dataclass(frozen=True, kw_only=True)
class ExactCut(InDeal):
    """This deal's cutter cut exactly (having taken ``cutter_jokers`` jokers from the cut)."""

    type: ClassVar[str] = "exact-cut"
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
