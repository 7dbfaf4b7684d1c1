"""``deal-corrected``: an ended deal's result restated; its optional fields (not None) replace the deal's cut, buys
or contract. Everything after it is worked out again from the records (streaks, Carrillo erasures, chips, totals).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from referee.games.rummy.ledger.events.base import OPT_INT, FieldCheck, ResultFields, Words
from referee.games.rummy.ledger.state.checks import (
    away,
    buy_problems,
    ceiling_problems,
    chip_problems,
    contract_used,
    cut_problems,
    hand_problems,
    no_dealers_choice,
    no_such_contract,
    unknown,
)
from referee.games.rummy.ledger.state.facts import GameFacts
from referee.games.rummy.ledger.state.one_turn import bonus_problems, went_out_problems
from referee.games.rummy.ledger.state.records import HARD_CODES, DealRecord
from referee.games.rummy.ledger.state.steps import State, with_record
from referee.rules.problems import Problem
from referee.rules.wording import N_

__all__ = ["DealCorrected", "corrected_record"]


@dataclass(frozen=True, kw_only=True)
class DealCorrected(ResultFields):
    """An ended deal's result restated; optional fields (not None) replace its cut, buys or contract.

    ``out_in_one_turn`` is part of the result, restated with who went out: None says nobody went out in one turn.
    """

    type: ClassVar[str] = "deal-corrected"
    #: Where a game file keeps it (docs/referee-game-1.schema.json).
    file_part: ClassVar[str] = "in no deal entry: the file writes the corrected deal's result"
    #: Its optional fields may be null.
    field_checks: ClassVar[Mapping[str, FieldCheck]] = {"cutter_jokers": OPT_INT, "contract_index": OPT_INT}
    exact_cut: bool | None = None
    cutter_jokers: int | None = None
    buys: dict[str, int] | None = None
    contract_index: int | None = None

    @property
    def restates(self) -> int:
        """The deal it restates."""
        return self.deal

    @property
    def words(self) -> Words:
        """"Deal 3 corrected"."""
        return Words(N_("Deal %(num)d corrected"), {"num": self.deal})

    def problems(self, state: GameFacts) -> list[Problem]:
        """No such deal or one not ended, a result the rules refuse, buys, a cut or a contract the deal could not
        have had, or a correction that leaves a player short of chips or past the buys a deal holds."""
        missing = state.variant.deal_problem(self.deal)
        if missing is not None:
            return [missing]
        if self.deal > len(state.records) or not state.records[self.deal - 1].ended:
            return [Problem.of("deal-not-ended", deal=self.deal)]
        record = state.records[self.deal - 1]
        problems, _ = hand_problems(state, self.went_out, self.hands, record)
        problems += went_out_problems(state.variant, state.names, record, self.went_out)
        problems += bonus_problems(state.variant, self.went_out, self.out_in_one_turn)
        corrected = corrected_record(state, record, self)
        if self.buys is not None:
            problems += _buy_count_problems(state, self.buys, record)
            if not any(p.code in HARD_CODES for p in problems):
                for seat in range(len(state.names)):
                    extra = corrected.buys_of(seat)
                    if extra:
                        problems += buy_problems(state, seat, dataclasses.replace(corrected, buys=()), extra=extra)
        if self.exact_cut or (self.exact_cut is None and record.exact_cut and self.cutter_jokers is not None):
            problems += cut_problems(state, corrected.cutter_jokers, record.number)
        if self.contract_index is not None:
            problems += _corrected_choice_problems(state, self.contract_index, record)
        if not any(p.code in HARD_CODES for p in problems):
            records = list(state.records)
            records[self.deal - 1] = corrected
            problems += chip_problems(state, records)
            problems += ceiling_problems(state, records, self.deal)
        # one reason once
        return list(dict.fromkeys(problems))

    def step(self, state: State) -> State:
        """The deal's record as corrected (:func:`corrected_record`)."""
        index = self.deal - 1
        return with_record(state, corrected_record(state, state.records[index], self), self.override, index=index)


def corrected_record(state: GameFacts, record: DealRecord, event: DealCorrected) -> DealRecord:
    """``record`` as ``event`` corrects it (what the fold keeps, and what the refusals weigh)."""
    names = state.names
    winner = names.index(event.went_out) if event.went_out in names else None
    hands = tuple((names.index(n), v) for n, v in event.hands.items() if n in names)
    changes: dict[str, Any] = {"went_out": winner, "hands": tuple(sorted(hands)), "corrected": True,
                               "out_in_one_turn": event.out_in_one_turn}
    if event.exact_cut is not None:
        changes["exact_cut"] = event.exact_cut
        if not event.exact_cut:
            changes["cutter_jokers"] = 0
    if event.cutter_jokers is not None:
        changes["cutter_jokers"] = event.cutter_jokers
    if event.buys is not None:
        changes["buys"] = tuple(max(event.buys.get(name, 0), 0) for name in names)
    if event.contract_index is not None:
        changes["contract_index"] = event.contract_index
    return dataclasses.replace(record, **changes)


def _buy_count_problems(state: GameFacts, buys: Mapping[str, int], record: DealRecord) -> list[Problem]:
    """Why a correction's buy counts cannot stand: an unknown player, a negative count, buys by one who left."""
    problems: list[Problem] = []
    for name, count in buys.items():
        if name not in state.names:
            problems.append(unknown(state, name))
        elif count < 0:
            problems.append(Problem.of("negative-buys", player=name, count=count))
        elif count > 0 and state.names.index(name) in record.away:
            problems.append(away(name, record.number))
    return problems


def _corrected_choice_problems(state: GameFacts, index: int, record: DealRecord) -> list[Problem]:
    """Why a correction cannot say ``record``'s deal played contract ``index`` (dealer's choice)."""
    if not state.variant.dealer_chooses_contract:
        return [no_dealers_choice(state.variant)]
    if not 0 <= index < len(state.variant.deals):
        return [no_such_contract(state.variant, index)]
    return contract_used(state, index, record)
