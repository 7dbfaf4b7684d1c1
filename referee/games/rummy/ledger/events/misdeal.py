"""``misdeal``: the cards were dealt wrong and the same dealer deals the deal again (docs/rules.md D74). Nothing is
scored; what was recorded of the deal's play so far (the exact cut, buys, lay-downs, Shanghai calls) is void, as the
cards it was played with are. The deal keeps its number, its contract and who sits it out."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from referee.games.rummy.ledger.events.base import DealButton, InDeal, Words
from referee.games.rummy.ledger.state.checks import in_deal_problems
from referee.games.rummy.ledger.state.facts import GameFacts
from referee.games.rummy.ledger.state.records import DealRecord
from referee.games.rummy.ledger.state.steps import State, with_record
from referee.rules.problems import Problem
from referee.rules.wording import N_

__all__ = ["Misdeal"]


@dataclass(frozen=True, kw_only=True)
class Misdeal(InDeal):
    """The deal under way is dealt again by the same dealer: its play so far is void, and nothing is scored."""

    type: ClassVar[str] = "misdeal"
    file_part: ClassVar[str] = "in no deal entry: the file writes what stands after the deal was dealt again"
    button: ClassVar[DealButton | None] = DealButton(
        label=N_("Misdeal: deal again"),
        done=N_("Deal %(num)d is dealt again by %(dealer)s; what was recorded of it is void."),
        refused=N_("The misdeal cannot be recorded:"),
    )

    @property
    def words(self) -> Words:
        """"Deal 3: misdeal, dealt again"."""
        return Words(N_("Deal %(num)d: misdeal, dealt again"), {"num": self.deal})

    def problems(self, state: GameFacts) -> list[Problem]:
        """Not the deal under way (or the game is over): a deal that has ended is corrected, not dealt again."""
        return in_deal_problems(state, self)

    def step(self, state: State) -> State:
        """The deal under way as it was dealt: its number, contract and who sits out, with no play recorded (the
        reasons the table gave for what it allowed anyway stay on it)."""
        record = state.current
        fresh = DealRecord(number=record.number, contract_index=record.contract_index, away=record.away,
                           overrides=record.overrides)
        return with_record(state, fresh, self.override)
