"""``deal-ended``: the deal under way ended: who went out (None: nobody) and the cards or points left in every other
hand; the next deal begins, unless it was the last. Its points are the sheet's
(:mod:`referee.games.rummy.ledger.state.sheet`).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import ClassVar

from referee.games.rummy.ledger.events.base import ResultFields, Words
from referee.games.rummy.ledger.state.checks import announced, hand_problems, in_deal_problems
from referee.games.rummy.ledger.state.facts import GameFacts
from referee.games.rummy.ledger.state.one_turn import bonus_problems, went_out_problems
from referee.games.rummy.ledger.state.records import DealRecord
from referee.games.rummy.ledger.state.steps import State, with_record
from referee.rules.problems import Problem
from referee.rules.wording import N_

__all__ = ["DealEnded"]


@dataclass(frozen=True, kw_only=True)
class DealEnded(ResultFields):
    """A deal ended: who went out (None: nobody) and the cards or points left in every other hand."""

    type: ClassVar[str] = "deal-ended"

    @property
    def words(self) -> Words:
        """"Deal 3 ended: Ana went out", or "Deal 3 ended: nobody went out"."""
        if self.went_out is None:
            return Words(N_("Deal %(num)d ended: nobody went out"), {"num": self.deal})
        return Words(N_("Deal %(num)d ended: %(player)s went out"), {"num": self.deal, "player": self.went_out})

    def problems(self, state: GameFacts) -> list[Problem]:
        """Not the deal under way, the contract not announced, hands missing or unreadable, or who went out could
        not have (:func:`referee.games.rummy.ledger.state.checks.hand_problems`,
        :mod:`referee.games.rummy.ledger.state.one_turn`)."""
        found = in_deal_problems(state, self)
        if found:
            return found
        problems, _ = hand_problems(state, self.went_out, self.hands)
        return (announced(state) + problems
                + went_out_problems(state.variant, state.names, state.current, self.went_out)
                + bonus_problems(state.variant, self.went_out, self.out_in_one_turn))

    def step(self, state: State) -> State:
        """The deal under way ended with this result; the next one begins, unless it was the last."""
        names = state.names
        winner = names.index(self.went_out) if self.went_out is not None else None
        hands = tuple(sorted((names.index(k), v) for k, v in self.hands.items()))
        record = dataclasses.replace(state.current, ended=True, went_out=winner, hands=hands,
                                     out_in_one_turn=self.out_in_one_turn)
        after = with_record(state, record, self.override)
        if record.number < len(state.variant.deals):
            following = DealRecord(record.number + 1, away=record.away)
            after = dataclasses.replace(after, records=(*after.records, following))
        return after
