"""The facts of a game at one point of its log, and the read-models the screens use: :class:`GameFacts`.

The facts are what the effective events leave (the players, the deal records, the log); what the screens read
of them is in the read-models: :attr:`GameFacts.seating` (who deals, cuts and plays first, who is still
playing), :attr:`GameFacts.chips` (chips and buys, what an exact cut earns), :attr:`GameFacts.calls` (Shanghai
calls), :attr:`GameFacts.sheet` (points, adjustments, totals, standings, money) and :attr:`GameFacts.history`
(the log as shown, what Undo and Redo take back). The facts do not repeat their answers.

This is the type each event's refusals and step read (:mod:`referee.games.rummy.ledger.events`, with :mod:`.checks` and
:mod:`.steps`); the fold (:mod:`.game`)
makes them, as its :class:`~referee.games.rummy.ledger.state.game.GameState`, which adds what needs the refusals.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any

from referee.games.rummy.ledger.state.calls import ShanghaiCalls
from referee.games.rummy.ledger.state.chips import ChipsAndBuys, CutEarnings, exact_cut_reward
from referee.games.rummy.ledger.state.history import History
from referee.games.rummy.ledger.state.records import DealRecord, Fold, LogEntry, rules_number
from referee.games.rummy.ledger.state.seating import Seating
from referee.games.rummy.ledger.state.sheet import Sheet
from referee.rules.variants import Contract, Deal, Variant

if TYPE_CHECKING:  # types only: each event's module imports the facts
    from referee.games.rummy.ledger.events.base import Event
    from referee.games.rummy.ledger.events.created import GameCreated

__all__ = ["GameFacts"]


@dataclass(frozen=True)
class GameFacts:
    """Everything the table argues about, at one point of the log. Treat it as immutable."""

    created: GameCreated
    variant: Variant
    names: tuple[str, ...]
    first_dealer_seat: int
    records: tuple[DealRecord, ...]
    abandoned: str | None = None
    log: tuple[LogEntry, ...] = field(default=(), repr=False)
    #: The effective fold after each entry of ``log`` (``folds[i]`` after the entry of seq i + 1), so that an
    #: undo refolds only from the first entry whose effect it changes. Derived data: not compared.
    folds: tuple[Fold, ...] = field(default=(), repr=False, compare=False)

    # ---- the read-models the screens use ---------------------------------------------------------

    @cached_property
    def seating(self) -> Seating:
        """Who sits where, deals, cuts and plays first, and who is still playing."""
        return Seating(self.variant, self.names, self.first_dealer_seat, self.records)

    @cached_property
    def chips(self) -> ChipsAndBuys:
        """Chips and buys: what each player has left, what is shown, whether anyone may buy now."""
        return ChipsAndBuys(self.variant, self.seating, self.records)

    @cached_property
    def calls(self) -> ShanghaiCalls:
        """Shanghai calls: who called in each deal, and whether the deal screen offers to record one."""
        return ShanghaiCalls(self.variant, self.seating, self.records)

    @cached_property
    def sheet(self) -> Sheet:
        """The score sheet: deals, adjustments, totals, standings and money."""
        return Sheet(self.variant, self.seating, self.chips, self.records, dict(self.created.settings),
                     self.finished)

    @cached_property
    def history(self) -> History:
        """The log as the screens show it (its entries), and what Undo and Redo take back now."""
        return History(self.log)

    # ---- players and the table -----------------------------------------------------------------

    @property
    def players(self) -> tuple[str, ...]:
        """Names in turn order."""
        return self.names

    @property
    def settings(self) -> dict[str, Any]:
        """The free-form settings of the game (stake amounts…)."""
        return dict(self.created.settings)

    # ---- the deal ----------------------------------------------------------------------------

    @property
    def current(self) -> DealRecord:
        """The record of the current deal (the last one when the game is finished)."""
        return self.records[-1]

    @property
    def deal_number(self) -> int:
        """The current deal, 1-based (the last deal once the game is finished)."""
        return self.current.number

    @property
    def deal(self) -> Deal:
        """The rules of the current deal (under dealer's choice: the announced one, once announced)."""
        return self._deal_of(self.current)

    def _deal_of(self, record: DealRecord) -> Deal:
        return self.variant.deal(rules_number(record))

    @property
    def contracts(self) -> tuple[Contract, ...]:
        """The contract alternatives in force this deal (none while the dealer has not announced)."""
        if self.variant.dealer_chooses_contract and self.current.contract_index is None:
            return ()
        return self.deal.contracts

    @property
    def contract(self) -> Contract | None:
        """The one contract in force, or None (alternatives to choose from, or not announced yet)."""
        return self.contracts[0] if len(self.contracts) == 1 else None

    @property
    def available_contracts(self) -> tuple[tuple[int, Contract], ...]:
        """Dealer's choice: (index, contract) not played yet in this game; () otherwise."""
        if not self.variant.dealer_chooses_contract:
            return ()
        used = {r.contract_index for r in self.records if r.contract_index is not None and r is not self.current}
        return tuple((i, d.contracts[0]) for i, d in enumerate(self.variant.deals) if i not in used)

    @property
    def deals_played(self) -> int:
        """Deals ended so far."""
        return sum(1 for r in self.records if r.ended)

    @property
    def deals_left(self) -> int:
        """Deals not ended yet, the current one included."""
        return len(self.variant.deals) - self.deals_played

    @property
    def finished(self) -> bool:
        """Every deal has ended."""
        return self.deals_left == 0

    @property
    def over(self) -> bool:
        """Finished or abandoned: nothing more can be recorded (but undone or corrected)."""
        return self.finished or self.abandoned is not None

    @property
    def seq(self) -> int:
        """The sequence number of the last event (GameCreated is 1)."""
        return len(self.log)

    @property
    def events(self) -> tuple[Event, ...]:
        """The whole log, undone events and Undone events included."""
        return tuple(e.event for e in self.log)

    # ---- the exact cut -------------------------------------------------------------------------

    def exact_cut_counts_for(self, jokers: int = 0) -> tuple[int, ...]:
        """Card counts that make an exact cut this deal when the cutter took ``jokers`` jokers."""
        return self.variant.exact_cut_counts(len(self.names), jokers_taken=jokers)

    @property
    def exact_cut_counts(self) -> tuple[int, ...]:
        """Card counts that make an exact cut this deal (less the jokers of a recorded exact cut)."""
        return self.exact_cut_counts_for(self.current.cutter_jokers if self.current.exact_cut else 0)

    @property
    def cut_this_deal(self) -> bool:
        """An exact cut is recorded for the current deal."""
        return self.current.exact_cut

    @property
    def exact_cut_earns(self) -> bool:
        """An exact cut earns something in this game (else it is not recorded, and the screens offer none)."""
        return exact_cut_reward(self.variant, deal=self.deal_number) is not None

    @property
    def exact_cut_earnings(self) -> CutEarnings | None:
        """What an exact cut in the current deal earns its cutter (Carrillo's erases the cutter's points of the deal
        before: nothing in deal 1, or after a deal they scored nothing in)."""
        before = next((d for d in self.sheet.deals if d.number == self.deal_number - 1), None)
        previous = before.points.get(self.seating.cutter, 0) if before is not None else 0
        return exact_cut_reward(self.variant, deal=self.deal_number, previous_points=previous)

    @property
    def may_record_cut(self) -> bool:
        """The deal screen offers the exact cut: it earns something and none is recorded this deal yet."""
        return self.exact_cut_earns and not self.cut_this_deal

    # ---- lay-downs -----------------------------------------------------------------------------

    @property
    def melded(self) -> tuple[str, ...]:
        """Players who laid down in the current deal, in turn order."""
        seats = set(self.current.melded)
        return tuple(name for seat, name in enumerate(self.names) if seat in seats)
