"""``contract-chosen``: under dealer's choice, the dealer announced the contract ``variant.deals[contract_index]``
for the deal under way; each contract is played once."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import ClassVar

from referee.games.rummy.ledger.events.base import InDeal, Words
from referee.games.rummy.ledger.state.checks import contract_used, in_deal_problems, no_dealers_choice, no_such_contract
from referee.games.rummy.ledger.state.facts import GameFacts
from referee.games.rummy.ledger.state.records import DealRecord
from referee.games.rummy.ledger.state.steps import State, with_record
from referee.rules.problems import Problem
from referee.rules.wording import N_

__all__ = ["ContractChosen"]


def choice_problems(state: GameFacts, index: int, record: DealRecord) -> list[Problem]:
    """Why contract ``index`` cannot be announced for ``record``'s deal."""
    variant = state.variant
    if not variant.dealer_chooses_contract:
        return [no_dealers_choice(variant)]
    if record.contract_index is not None:
        return [Problem.of("contract-already-chosen", deal=record.number)]
    if not 0 <= index < len(variant.deals):
        return [no_such_contract(variant, index)]
    problems = contract_used(state, index, record)
    if record.melded:
        problems.append(Problem.of("contract-after-laydown"))
    return problems


@dataclass(frozen=True, kw_only=True)
class ContractChosen(InDeal):
    """Dealer's choice: the dealer announced the contract ``variant.deals[contract_index]``."""

    type: ClassVar[str] = "contract-chosen"
    contract_index: int

    @property
    def words(self) -> Words:
        """"Deal 3: contract announced"."""
        return Words(N_("Deal %(num)d: contract announced"), {"num": self.deal})

    def problems(self, state: GameFacts) -> list[Problem]:
        """Not the deal under way, no dealer's choice, a contract already announced, played or unknown, or one
        announced after a lay-down."""
        return in_deal_problems(state, self) or choice_problems(state, self.contract_index, state.current)

    def step(self, state: State) -> State:
        """The deal under way plays the announced contract."""
        record = dataclasses.replace(state.current, contract_index=self.contract_index)
        return with_record(state, record, self.override)
