"""The score sheet: each ended deal's points, the adjustments, the totals and the standings (a read-model).

Scoring the records (docs/rules.md §13): a hand's points are its cards' values or the points typed; a streak
multiplier multiplies everyone's but the winner's; an exact cut's points (:func:`.chips.exact_cut_reward`) are
an adjustment in the deal of the cut; unused chips an adjustment in the last deal once every deal has ended.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from typing import TYPE_CHECKING, Any

from referee.games.rummy.ledger.state.chips import ChipsAndBuys, exact_cut_reward
from referee.games.rummy.ledger.state.one_turn import one_turn_bonus
from referee.games.rummy.ledger.state.records import (
    Adjustment,
    AdjustmentCode,
    DealRecord,
    DealResult,
    Stakes,
    amount,
    hand_points,
)
from referee.games.rummy.ledger.state.seating import Seating
from referee.rules.variants import Variant

if TYPE_CHECKING:
    from referee.games.rummy.ledger.events.base import HandValue

__all__ = ["Sheet"]


@dataclass(frozen=True)
class Sheet:
    """The score sheet at one point of the log."""

    variant: Variant
    seating: Seating
    chips: ChipsAndBuys
    records: tuple[DealRecord, ...]
    settings: dict[str, Any]
    finished: bool

    @property
    def names(self) -> tuple[str, ...]:
        """The players' names in seat order."""
        return self.seating.names

    def hand_points(self, value: HandValue) -> int:
        """The points of a hand as entered (cards in notation or points)."""
        return hand_points(self.variant, value, players=len(self.names))

    @property
    def one_turn_bonus_offered(self) -> bool:
        """Whether going out in one turn earns a bonus here, so an end of a deal may say so (Kolsov ext)."""
        return self.variant.blind_out_bonus is not None

    @cached_property
    def _sheet(self) -> tuple[tuple[DealResult, ...], tuple[Adjustment, ...]]:
        return self._score()

    @property
    def deals(self) -> tuple[DealResult, ...]:
        """Every ended deal's result."""
        return self._sheet[0]

    @property
    def adjustments(self) -> tuple[Adjustment, ...]:
        """Exact-cut rewards in points and end-of-game adjustments, in deal order."""
        return self._sheet[1]

    @cached_property
    def totals(self) -> dict[str, int]:
        """Each player's total: deal points plus adjustments."""
        totals = dict.fromkeys(self.names, 0)
        for result in self.deals:
            for name, points in result.points.items():
                totals[name] += points
        for adj in self.adjustments:
            totals[adj.player] += adj.points
        return totals

    @cached_property
    def adjustment_totals(self) -> dict[str, int]:
        """Each player's adjustments added up (exact-cut points, unused chips…)."""
        sums = dict.fromkeys(self.names, 0)
        for adj in self.adjustments:
            sums[adj.player] += adj.points
        return sums

    @cached_property
    def running_totals(self) -> tuple[dict[str, int], ...]:
        """Each player's total after each ended deal, adjustments counted in their deal.

        The last entry is ``totals``: adjustments of a deal not ended yet (an exact cut in the deal being
        played, unused chips at the end) count there. With no deal ended, the one entry is ``totals``.
        """
        by_deal: dict[int, dict[str, int]] = {}
        for adj in self.adjustments:
            deal = by_deal.setdefault(adj.deal, dict.fromkeys(self.names, 0))
            deal[adj.player] += adj.points
        running = dict.fromkeys(self.names, 0)
        after: list[dict[str, int]] = []
        for result in self.deals:
            changes = by_deal.get(result.number, {})
            running = {name: running[name] + result.points.get(name, 0) + changes.get(name, 0) for name in self.names}
            after.append(running)
        if after:
            after[-1] = dict(self.totals)
        else:
            after.append(dict(self.totals))
        return tuple(after)

    @property
    def standings(self) -> tuple[str, ...]:
        """Names best (lowest total) first; ties in turn order."""
        left = self.seating.left
        return tuple(sorted(self.names, key=lambda name: (name in left, self.totals[name], self.names.index(name))))

    @property
    def ranks(self) -> dict[str, int]:
        """1-based rank of each player; tied players share the better rank (1, 1, 3)."""
        ranks: dict[str, int] = {}
        for place, name in enumerate(self.standings, start=1):
            ranks[name] = place
            earlier = self.standings[place - 2] if place > 1 else None
            same_group = (earlier in self.seating.left) == (name in self.seating.left)
            if earlier is not None and same_group and self.totals[earlier] == self.totals[name]:
                ranks[name] = ranks[earlier]
        return ranks

    @property
    def leaders(self) -> tuple[str, ...]:
        """Players ranked 1 (the winners once the game is finished)."""
        return tuple(name for name in self.standings if self.ranks[name] == 1)

    @property
    def payouts(self) -> dict[str, float] | None:
        """Net money per player where the variant has payouts (provisional before the end), else None.

        The place payment (tied players share their places' payments evenly), plus the pot of buy money
        for the winner(s), minus the buy money the player put in the pot: the payouts sum to zero.
        """
        rules = self.variant.payouts
        if rules is None:
            return None
        payments = rules.payments(len(self.names))
        standings = self.standings
        money: dict[str, Fraction] = {}
        place = 0
        while place < len(standings):
            first = standings[place]
            group = [n for n in standings if self.ranks[n] == self.ranks[first]]
            share = Fraction(sum(payments[place : place + len(group)]), len(group))
            for name in group:
                money[name] = share
            place += len(group)
        price = self.variant.buy.price
        pot = Fraction(self.chips.buy_money)
        for name in self.leaders:
            money[name] += pot / len(self.leaders)
        for name, buys in self.chips.total_buys.items():
            money[name] -= buys * price
        return {name: round(float(money[name]), 2) for name in self.names}

    @property
    def stakes(self) -> Stakes:
        """Deals won, and the stakes they are worth where the table set amounts."""
        wins = dict.fromkeys(self.names, 0)
        for result in self.deals:
            if result.went_out is not None:
                wins[result.went_out] += 1
        small = amount(self.settings.get("small_stake"))
        large = amount(self.settings.get("large_stake"))
        money = {name: float(wins[name] * small) if small is not None else 0.0 for name in self.names}
        if large is not None and self.finished:
            for name in self.leaders:
                money[name] += large / len(self.leaders)
        return Stakes(wins, small, large, {k: round(v, 2) for k, v in money.items()})


    def _score(self) -> tuple[tuple[DealResult, ...], tuple[Adjustment, ...]]:
        variant = self.variant
        names = self.names
        results: list[DealResult] = []
        adjustments: list[Adjustment] = []
        streak_seat: int | None = None
        streak = 0
        previous_points: dict[int, int] | None = None
        for record in self.records:
            cutter = self.seating.cutter_seat(record.number)
            if record.exact_cut:
                previous = previous_points.get(cutter, 0) if previous_points else 0
                earned = exact_cut_reward(variant, deal=record.number, previous_points=previous)
                if earned is not None and earned.points and earned.code is not None:
                    adjustments.append(Adjustment(names[cutter], record.number, earned.code, earned.reason,
                                                  earned.points))
            if not record.ended:
                continue
            raw = {seat: self.hand_points(value) for seat, value in record.hands}
            winner = record.went_out
            if winner is None:
                streak_seat, streak = None, 0
            elif winner == streak_seat:
                streak += 1
            else:
                streak_seat, streak = winner, 1
            multiplier = streak if variant.streak_multiplier and streak >= 2 else 1
            points = {
                seat: raw.get(seat, 0) if seat == winner else raw.get(seat, 0) * multiplier
                for seat in range(len(names))
            }
            previous_points = points
            bonus = one_turn_bonus(variant, record.out_in_one_turn)
            if bonus is not None and winner is not None:
                adjustments.append(Adjustment(names[winner], record.number, bonus.code, bonus.reason, bonus.points))
            results.append(
                DealResult(
                    number=record.number,
                    dealer=self.seating.dealer_of(record.number),
                    cutter=names[cutter],
                    went_out=names[winner] if winner is not None else None,
                    hands={names[seat]: value for seat, value in record.hands},
                    raw_points={names[seat]: raw.get(seat, 0) for seat in range(len(names))},
                    multiplier=multiplier,
                    points={names[seat]: p for seat, p in points.items()},
                    exact_cut=record.exact_cut,
                    cutter_jokers=record.cutter_jokers,
                    buys={names[seat]: record.buys_of(seat) for seat in range(len(names))},
                    laid_down={names[seat]: melds for seat, melds in record.laid_down},
                    contract_index=record.contract_index,
                    corrected=record.corrected,
                    overrides=record.overrides,
                    away=tuple(names[seat] for seat in record.away),
                    out_in_one_turn=record.out_in_one_turn,
                    shanghai_calls={names[seat]: k for seat in range(len(names)) if (k := record.calls_of(seat))},
                )
            )
        unused = variant.unused_chip_points
        chips = self.chips.chips_after(self.records)
        if self.finished and unused and chips is not None:
            for seat, left in enumerate(chips):
                if left > 0:
                    adjustments.append(
                        Adjustment(names[seat], self.records[-1].number, AdjustmentCode.UNUSED_CHIPS,
                                   f"{left} unused {variant.buy.token}{'s' if left != 1 else ''} × {unused}",
                                   left * unused)
                    )
        return tuple(results), tuple(adjustments)

