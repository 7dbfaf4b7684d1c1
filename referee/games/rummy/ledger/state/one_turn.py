"""Deals that must be gone out in one turn: there, laying down *is* going out (docs/rules.md, D35).

Whoever lays down first in such a deal lays down the whole hand and goes out in that turn, so the deal has one
lay-down, and the player who made it is the one who went out. The ledger refuses a second lay-down and an end
of the deal with someone else (or nobody) out; like every refusal, an override records the event anyway.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from referee.games.rummy.ledger.state.records import AdjustmentCode, DealRecord, rules_number
from referee.rules.problems import Problem
from referee.rules.variants import Variant

if TYPE_CHECKING:
    from referee.games.rummy.ledger.events.base import OneTurnOut

__all__ = ["OneTurnBonus", "bonus_problems", "one_turn_bonus", "one_turn_deal", "second_laydown_problems",
           "went_out_problems"]


def one_turn_deal(variant: Variant, record: DealRecord) -> bool:
    """Whether ``record``'s deal must be gone out in one turn (under dealer's choice: once announced)."""
    if variant.dealer_chooses_contract and record.contract_index is None:
        return False
    return variant.deal(rules_number(record)).go_out_in_one_turn


def second_laydown_problems(variant: Variant, names: Sequence[str], record: DealRecord, player: str) -> list[Problem]:
    """Why ``player`` may not lay down in ``record``'s deal: someone already laid down and so went out."""
    if not record.melded or not one_turn_deal(variant, record):
        return []
    first = names[record.melded[0]]
    return [Problem.of("one-turn-second-laydown", player=player, first=first, deal=record.number)]


def went_out_problems(variant: Variant, names: Sequence[str], record: DealRecord, went_out: str | None
                      ) -> list[Problem]:
    """Why ``record``'s deal may not end with ``went_out`` out: the first to lay down went out."""
    if not record.melded or not one_turn_deal(variant, record):
        return []
    first = names[record.melded[0]]
    if went_out == first:
        return []
    if went_out is None:
        return [Problem.of("one-turn-other-went-out", "nobody", first=first, deal=record.number)]
    return [Problem.of("one-turn-other-went-out", player=went_out, first=first, deal=record.number)]


@dataclass(frozen=True)
class OneTurnBonus:
    """What going out in one turn earns: points (negative: off the total) and the adjustment's code."""

    points: int
    code: AdjustmentCode  # with a wild card or without
    reason: str  # English, for the sheet


def one_turn_bonus(variant: Variant, how: OneTurnOut | None) -> OneTurnBonus | None:
    """The bonus for going out in one turn ``how`` in ``variant``; None where nothing is earned.

    >>> from referee.rules.catalogue import find_variant
    >>> ext = find_variant("shanghai-deb-kolsov").with_house_rules({"kolsov_ext": True})
    >>> bonus = one_turn_bonus(ext, "without-wild")
    >>> bonus.points, str(bonus.code), bonus.reason
    (-50, 'out-in-one-turn-no-wild', 'went out in one turn with no wild card')
    >>> one_turn_bonus(find_variant("shanghai-deb-kolsov"), "with-wild") is None
    True
    """
    if how is None or variant.blind_out_bonus is None:
        return None
    with_wild, without_wild = variant.blind_out_bonus
    if how == "with-wild":
        return OneTurnBonus(with_wild, AdjustmentCode.OUT_IN_ONE_TURN, "went out in one turn")
    return OneTurnBonus(without_wild, AdjustmentCode.OUT_IN_ONE_TURN_NO_WILD, "went out in one turn with no wild card")


def bonus_problems(variant: Variant, went_out: str | None, how: OneTurnOut | None) -> list[Problem]:
    """Why a deal's end may not say its winner went out in one turn: no such bonus, or nobody went out."""
    if how is None:
        return []
    if variant.blind_out_bonus is None:
        return [Problem.of("no-one-turn-bonus", variant=variant.named)]
    if went_out is None:
        return [Problem.of("no-one-turn-bonus", "nobody")]
    return []
