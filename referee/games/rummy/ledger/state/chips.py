"""Chips and buys, and what an exact cut earns (a read-model of the state).

The one place that answers the buying questions the screens ask: are buys part of this game, may anyone buy
in this deal, how many chips or buys each player has left, and whether those are shown. And the one place
that decides what an exact cut earns (:func:`exact_cut_reward`): the chips counted here, the points on the
sheet and the refusal of a cut that earns nothing all ask it.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from referee.games.rummy.ledger.state.records import AdjustmentCode, DealRecord, buy_ceiling, rules_number
from referee.games.rummy.ledger.state.seating import SeatedView
from referee.rules.variants import CutReward, Variant

__all__ = ["CutEarnings", "ChipsAndBuys", "exact_cut_reward"]


@dataclass(frozen=True)
class CutEarnings:
    """What one exact cut earned its cutter: chips for the game, and points with the sheet's code and words."""

    chips: int = 0
    points: int = 0
    code: AdjustmentCode | None = None  # the adjustment's code when ``points``
    reason: str = ""  # English, for the sheet


def exact_cut_reward(variant: Variant, *, deal: int, previous_points: int = 0) -> CutEarnings | None:
    """What an exact cut in deal ``deal`` earns the cutter; None where it earns nothing (the cut is refused).

    ``previous_points``: the cutter's points in the deal before (after any streak multiplier), which
    Carrillo's exact cut erases.

    >>> from referee.rules.catalogue import find_variant
    >>> exact_cut_reward(find_variant("telefunken"), deal=2)
    CutEarnings(chips=1, points=0, code=None, reason='')
    >>> exact_cut_reward(find_variant("telefunken-peru-carrillo"), deal=2, previous_points=30).points
    -30
    """
    reward = variant.cut.reward
    if reward is CutReward.NONE:
        return None
    if reward is CutReward.CHIP:
        return CutEarnings(chips=1)
    if reward is CutReward.ERASE_PREVIOUS:
        if previous_points <= 0:
            return CutEarnings()
        return CutEarnings(points=-previous_points, code=AdjustmentCode.EXACT_CUT_ERASE,
                           reason=f"exact cut: deal {deal - 1}'s points erased")
    return CutEarnings(points=reward.points, code=AdjustmentCode.EXACT_CUT, reason="exact cut")


@dataclass(frozen=True)
class ChipsAndBuys(SeatedView):
    """Each player's chips and buys at one point of the log, and what the screens show of them."""

    # ---- the questions the screens ask ---------------------------------------------------------

    @property
    def buys_shown(self) -> bool:
        """Buying is part of this game: the buy card, the buys of a deal, the buy column of a correction."""
        return self.variant.buy.enabled

    @property
    def buying_now(self) -> bool:
        """Anyone may buy in the deal under way (dealer's choice: the announced contract's rules)."""
        return self.variant.buying_in(self.rules_deal)

    @property
    def counts_chips(self) -> bool:
        """Each player has chips (buys) for the whole game: the chips column is shown."""
        return self.chip_limit is not None

    @property
    def shows_buys_left(self) -> bool:
        """The buys each player has left this deal are shown: buying, no chips for the game, a per-deal limit."""
        return self.buys_shown and not self.counts_chips and self.buy_limit() is not None

    # ---- chips for the game --------------------------------------------------------------------

    @property
    def chip_limit(self) -> int | None:
        """Chips (buys) each player starts the game with; None where there is no per-game limit."""
        return self.variant.buy.per_game if self.variant.buy.enabled else None

    def cut_chip(self, record: DealRecord) -> int | None:
        """The seat that earned a chip by cutting exactly in this deal, if any."""
        if not record.exact_cut or self.chip_limit is None:
            return None
        earned = exact_cut_reward(self.variant, deal=record.number)
        return self.seating.cutter_seat(record.number) if earned is not None and earned.chips else None

    def balances(self, records: Sequence[DealRecord]) -> Iterator[list[int]]:
        """Each seat's chips at the start of the game, then after each deal of ``records``."""
        chips = [self.chip_limit or 0] * len(self.names)
        yield list(chips)
        for record in records:
            earned = self.cut_chip(record)
            if earned is not None:
                chips[earned] += 1
            for seat in range(len(chips)):
                chips[seat] -= record.buys_of(seat)
            yield list(chips)

    def chips_given(self, seat: int, records: Sequence[DealRecord]) -> int | None:
        """The chips the table gave ``seat`` for the game by the end of ``records``: the game's chips and one for each
        exact cut that earned them one (None: no per-game limit)."""
        if self.chip_limit is None:
            return None
        return self.chip_limit + sum(1 for record in records if self.cut_chip(record) == seat)

    def buy_ceiling(self, seat: int, records: Sequence[DealRecord]) -> int:
        """The most buys ``seat`` may make in the last deal of ``records``, override or not (docs/rules.md D73)."""
        return buy_ceiling(self.chips_given(seat, records))

    def chips_after(self, records: Sequence[DealRecord]) -> list[int] | None:
        """Each seat's chips after ``records`` (None: no per-game limit)."""
        if self.chip_limit is None:
            return None
        return list(self.balances(records))[-1]

    def lowest_balances(self, records: Sequence[DealRecord]) -> list[int]:
        """Each player's lowest chip balance at the end of any deal of ``records``."""
        return [min(seat_chips) for seat_chips in zip(*self.balances(records), strict=True)]

    @property
    def chips_left(self) -> dict[str, int | None]:
        """Chips each player has left for the game (None: no per-game limit); never below 0: a buy "the table
        allows" with no chips left is an override on the sheet, not a chip owed (nobody holds −1 chips)."""
        chips = self.chips_after(self.records)
        return {name: (None if chips is None else max(0, chips[seat])) for seat, name in enumerate(self.names)}

    # ---- buys in a deal --------------------------------------------------------------------------

    @property
    def buys_this_deal(self) -> dict[str, int]:
        """Buys each player made in the current deal."""
        return {name: self.records[-1].buys_of(seat) for seat, name in enumerate(self.names)}

    def buy_limit(self, record: DealRecord | None = None) -> int | None:
        """Buys allowed per player in a deal (0: no buying; None: no per-deal limit); default: this deal."""
        number = rules_number(record if record is not None else self.records[-1])
        if not self.variant.buying_in(number):
            return 0
        return self.variant.buy_limit_in(number)

    @property
    def buys_left_this_deal(self) -> dict[str, int | None]:
        """Buys each player may still make in the current deal (None: no per-deal limit)."""
        limit = self.buy_limit()
        return {
            name: (None if limit is None else max(limit - self.records[-1].buys_of(seat), 0))
            for seat, name in enumerate(self.names)
        }

    def stock_cards_for_buy(self, own_turn: bool = False) -> int:
        """Stock cards a buyer takes with the discard this deal; on their own turn, the normal draw included."""
        return self.variant.stock_cards_per_buy(self.rules_deal, own_turn=own_turn)

    @property
    def stock_cards_own_turn(self) -> int | None:
        """Stock cards in all for a buy on the buyer's own turn this deal, the normal draw included; None where no
        such buy exists (Shanghai: the player in turn simply draws the discard, docs/rules.md D24)."""
        return self.stock_cards_for_buy(True) if self.variant.buy.on_own_turn else None

    @property
    def total_buys(self) -> dict[str, int]:
        """Buys each player made in the whole game."""
        return {name: sum(r.buys_of(seat) for r in self.records) for seat, name in enumerate(self.names)}

    @property
    def buys_cost_money(self) -> bool:
        """Whether a buy puts money in a pot (the game keeps a pot to show)."""
        return self.variant.buy.price > 0

    @property
    def buy_money(self) -> int:
        """Money in the pot from buys (price × buys; 0 where buys are free)."""
        return self.variant.buy.price * sum(self.total_buys.values())
