"""``contract-chosen``: under dealer's choice, the dealer announced the contract ``variant.deals[contract_index]``
for the deal under way; each contract is played once."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from pydantic import MISSING, Field
from typing_extensions import override

from referee.games.rummy.ledger.events.base import Event, InDeal, Words
from referee.games.rummy.ledger.events.filing import DealPart, EntryKey
from referee.games.rummy.ledger.state.checks import contract_used, in_deal_problems, no_dealers_choice, no_such_contract
from referee.games.rummy.ledger.state.facts import GameFacts
from referee.games.rummy.ledger.state.records import DealRecord
from referee.games.rummy.ledger.state.steps import State, with_record
from referee.ledger.gamefile import GameFileError, shown
from referee.rules.problems import Problem
from referee.rules.variants import Variant
from referee.rules.wording import N_

__all__ = ["ContractChosen", "ContractEntry", "contract_index"]


def contract_index(variant: Variant, value: int | str, number: int) -> int:
    """The contract a file's deal ``number`` names (a deal's number, 1-based, or a contract's description or name);
    GameFileError for a name the variant has not."""
    if isinstance(value, int):
        return value - 1  # out of range: the rules say so (exit 1)
    wanted = value.strip().casefold()
    for index, deal in enumerate(variant.deals):
        for contract in deal.contracts:
            if wanted in (contract.describe().casefold(), contract.name.casefold()):
                return index
    raise GameFileError.of("file-unknown-contract", deal=number, value=shown(value), variant=variant.named)


class ContractEntry(DealPart):
    """``contract``: under dealer's choice, the number of the variant's deal whose contract the dealer announced
    (written so; read as that or the contract's description or name)."""

    # MISSING: may be left out, but null is refused.
    keys = (
        EntryKey("contract", int | str | MISSING,
                 Field(default=MISSING, description="a deal number (1-based) or a contract's name"),
                 place=40, written=60, form="contract"),
    )
    reads_at = 20

    @override
    def write(self, facts: GameFacts, record: DealRecord, before: DealRecord | None) -> dict[str, Any]:
        """The announced contract's deal number."""
        return {"contract": record.contract_index + 1} if record.contract_index is not None else {}

    @override
    def read(self, entry: Mapping[str, Any], number: int, variant: Variant) -> list[Event]:
        """The announcement, if the entry has one."""
        if entry["contract"] is MISSING:
            return []
        return [ContractChosen(deal=number, contract_index=contract_index(variant, entry["contract"], number))]


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
    file_part: ClassVar[DealPart] = ContractEntry()
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
