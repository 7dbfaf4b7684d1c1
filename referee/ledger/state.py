"""The state of a game, a pure function of its event log: ``replay(events)``.

Nothing here touches a database or the web. :func:`apply` adds one event and returns a new
:class:`GameState`, or raises :class:`EventRefused` with every reason the rules give (and changes nothing);
:func:`check` gives those reasons without applying. An event that carries ``override`` (the table allows
it) is applied even when refused, unless the refusal is not ``forcible`` (the event refers to a player, a
deal or an event that does not exist, or the game is over).

Players are kept in turn order and handled by seat (0-based) inside; names appear only at the edges,
so a rename changes nothing but the names.

Decisions (where the rule book leaves the ledger to choose; docs/rules.md §13 and §14.7 gather them):

- A hand's points are the value of the cards entered, or the points typed; the player who went out normally
  enters none. If the table allowed them to go out holding cards (an override), those cards count.
- Under dealer's choice the announced contract brings its deal's own rules: Ecuador's pure trío has no
  buying whichever deal it is played in. Buys, lay-downs and deal ends wait for the announcement.
- An exact cut's chip counts from the cut, even when the cut is recorded after that deal's buys.
- Carrillo's exact cut: an adjustment in the deal of the cut, minus the cutter's points of the previous deal
  (after any streak multiplier); nothing in deal 1 or when the cutter scored 0.
- Unused chips (Peru v1 family) are an adjustment in the last deal, once every deal has ended (not for an
  abandoned game).
- Payouts (Progressive) are each player's net money for the game: the buy money each player paid into the
  pot is subtracted, and the pot goes to the winner(s), so the payouts sum to zero.
- Names match exactly; every name that joins a game passes :func:`referee.ledger.names.name_problems`
  (clean, and not looking like another player's name).
- Some refusals cannot be overridden (``HARD_CODES``): an unknown player, a deal other than the current one
  or beyond the game, a game over, a deal ended twice, unreadable cards, an undo that would leave later
  events against the rules.
- The seats (turn order, who plays, the first dealer) may change until deal 1 ends, as one ``SeatsChanged``;
  what was recorded in deal 1 stays with the player who did it. A player who bought or laid down in deal 1
  cannot be removed, and a recorded exact cut or announced contract keeps deal 1's dealer and cutter: undo
  those first.
- A correction that leaves a player short of chips (at the end of any deal, and worse than before) is
  refused like a buy with no chips left.
- A player who leaves (``PlayerLeft``, after deal 1 and before anything is recorded in the deal under way)
  sits out from that deal on: the deal and the cut skip them, they need no hand, cannot buy, lay down or go
  out; their points stay on the sheet and they rank after everyone still playing. At least the variant's
  fewest players must stay (docs/rules.md D68).

>>> from referee.ledger.events import GameCreated, Buy
>>> s = start(GameCreated(variant="telefunken", players=("Ana", "Beto", "Caro", "Dani"), first_dealer="Ana"))
>>> (s.dealer, s.cutter, s.first_player, s.exact_cut_counts)
('Ana', 'Dani', 'Beto', (45,))
>>> apply(s, Buy(deal=1, player="Beto")).chips_left["Beto"]
6
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from fractions import Fraction
from functools import cached_property
from typing import Any

from referee.ledger.events import (
    Buy,
    ContractChosen,
    DealCorrected,
    DealEnded,
    Event,
    ExactCut,
    GameAbandoned,
    GameCreated,
    HandValue,
    LaidDown,
    PlayerLeft,
    PlayerRenamed,
    SeatsChanged,
    Undone,
)
from referee.ledger.names import name_problems
from referee.rules import contracts, scoring
from referee.rules.cards import Card, CardError, TooManyCopiesError, format_cards, parse_cards
from referee.rules.problems import Problem, RulesError
from referee.rules.variants import Contract, CutReward, Deal, FirstPlayer, Variant, find_variant

__all__ = [
    "EventRefused",
    "GameState",
    "DealRecord",
    "DealResult",
    "Adjustment",
    "HistoryEntry",
    "Stakes",
    "start",
    "apply",
    "check",
    "replay",
    "hand_points",
    "HARD_CODES",
]

# Problems an override cannot get past: the event would refer to nothing.
HARD_CODES = frozenset(
    {
        "already-created",
        "not-created",
        "game-over",
        "unknown-player",
        "wrong-deal",
        "no-such-deal",
        "deal-already-ended",
        "deal-not-ended",
        "empty-name",
        "duplicate-player",
        "unknown-first-dealer",
        "bad-setting",
        "name-taken",
        "name-unclean",
        "name-too-long",
        "names-look-alike",
        "bad-cards",
        "negative-points",
        "missing-hand",
        "bad-jokers",
        "negative-buys",
        "exact-cut-twice",
        "no-dealers-choice",
        "no-such-contract",
        "contract-already-chosen",
        "already-laid-down",
        "no-such-event",
        "cannot-undo-creation",
        "already-undone",
        "undo-breaks-later",
        "seats-after-play",
        "seat-has-actions",
        "seats-change-roles",
        "player-left",
        "player-already-left",
        "left-before-play",
        "left-mid-deal",
        "too-few-stay",
    }
)


class EventRefused(RulesError):
    """The rules refuse an event: ``problems`` says why; ``forcible`` is False when no override can help."""

    def __init__(self, problems: Sequence[Problem], *, event: Event | None = None) -> None:
        self.problems = tuple(problems)
        self.event = event
        self.forcible = not any(p.code in HARD_CODES for p in self.problems)
        super().__init__("; ".join(p.message for p in self.problems))


# --------------------------------------------------------------------------------------------------
# The records: the facts of each deal, as entered
# --------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class DealRecord:
    """What was recorded for one deal, by seat (0-based turn order); hands are kept as entered."""

    number: int
    contract_index: int | None = None
    exact_cut: bool = False
    cutter_jokers: int = 0
    buys: tuple[int, ...] = ()
    laid_down: tuple[tuple[int, tuple[str, ...]], ...] = ()
    ended: bool = False
    went_out: int | None = None
    hands: tuple[tuple[int, HandValue], ...] = ()
    corrected: bool = False
    overrides: tuple[str, ...] = ()
    #: Seats of players who have left the game and sit this deal out (carried to every later deal).
    away: tuple[int, ...] = ()

    def buys_of(self, seat: int) -> int:
        """The buys the player in ``seat`` made this deal."""
        return self.buys[seat] if seat < len(self.buys) else 0

    @property
    def melded(self) -> tuple[int, ...]:
        """Seats that laid down, in the order they did."""
        return tuple(seat for seat, _ in self.laid_down)


@dataclass(frozen=True)
class Adjustment:
    """Points added to a player's total outside a deal's hand: exact-cut rewards, unused chips."""

    player: str
    deal: int
    code: str  # "exact-cut", "exact-cut-erase", "unused-chips"
    reason: str  # English, for the sheet
    points: int


@dataclass(frozen=True)
class DealResult:
    """One ended deal on the score sheet (names as they are now)."""

    number: int
    dealer: str
    cutter: str
    went_out: str | None
    hands: dict[str, HandValue]
    raw_points: dict[str, int]
    multiplier: int
    points: dict[str, int]
    exact_cut: bool
    cutter_jokers: int
    buys: dict[str, int]
    laid_down: dict[str, tuple[str, ...]]
    contract_index: int | None
    corrected: bool
    overrides: tuple[str, ...]
    #: Players who had left the game and sat this deal out (no hand, 0 points).
    away: tuple[str, ...] = ()

    @property
    def winner(self) -> str | None:
        """The player who went out (None: nobody did)."""
        return self.went_out


@dataclass(frozen=True)
class HistoryEntry:
    """One event of the log, as the screens show it."""

    seq: int
    event: Event
    time: datetime | None
    problems: tuple[Problem, ...]  # what the rules said when it was applied
    override: str | None  # the table allowed it despite ``problems``
    undone: bool
    corrected: bool


@dataclass(frozen=True)
class Stakes:
    """The small stake per deal won and the large stake for the game, where the table set amounts."""

    deal_wins: dict[str, int]
    small_stake: float | None
    large_stake: float | None
    money: dict[str, float]


@dataclass(frozen=True)
class _LogEntry:
    seq: int
    event: Event
    time: datetime | None
    problems: tuple[Problem, ...]


#: What an entry of the log leaves behind in the effective fold: names, deal records, abandoned.
_Fold = tuple[tuple[str, ...], int, tuple["DealRecord", ...], "str | None"]


# --------------------------------------------------------------------------------------------------
# The state
# --------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class GameState:
    """Everything the table argues about, at one point of the log. Treat it as immutable."""

    created: GameCreated
    variant: Variant
    names: tuple[str, ...]
    first_dealer_seat: int
    records: tuple[DealRecord, ...]
    abandoned: str | None = None
    log: tuple[_LogEntry, ...] = field(default=(), repr=False)
    #: The effective fold after each entry of ``log`` (``folds[i]`` after the entry of seq i + 1), so that an
    #: undo refolds only from the first entry whose effect it changes. Derived data: not compared.
    folds: tuple[_Fold, ...] = field(default=(), repr=False, compare=False)

    # ---- players and the table -----------------------------------------------------------------

    @property
    def players(self) -> tuple[str, ...]:
        """Names in turn order."""
        return self.names

    @property
    def settings(self) -> dict[str, Any]:
        """The free-form settings of the game (stake amounts…)."""
        return dict(self.created.settings)

    def seat_of(self, name: str) -> int:
        """The seat (0-based turn order) of a player; ValueError for an unknown name."""
        try:
            return self.names.index(name)
        except ValueError:
            raise RulesError(f"{name!r} is not playing in this game") from None

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
        return self.variant.deal(_rules_number(record))

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

    # ---- who deals, cuts and plays first ------------------------------------------------------

    def _away_in(self, number: int) -> tuple[int, ...]:
        """Seats sitting deal ``number`` out (a deal not reached yet: as the deal under way)."""
        record = self.records[number - 1] if 1 <= number <= len(self.records) else self.current
        return record.away

    def _next_seat(self, seat: int, away: tuple[int, ...], step: int = 1) -> int:
        """The next seat from ``seat`` (``step`` -1: the previous one) whose player is still playing."""
        n = len(self.names)
        for k in range(1, n + 1):
            candidate = (seat + step * k) % n
            if candidate not in away:
                return candidate
        return (seat + step) % n

    def _dealer_seat(self, number: int) -> int:
        """The deal goes round: each deal's dealer is the next player still playing after the last dealer."""
        seat = self.first_dealer_seat
        for later in range(2, number + 1):
            seat = self._next_seat(seat, self._away_in(later))
        return seat

    def dealer_of(self, number: int) -> str:
        """The dealer of deal ``number``: the next player after the previous dealer."""
        return self.names[self._dealer_seat(number)]

    def cutter_of(self, number: int) -> str:
        """The cutter of deal ``number``: the player before the dealer in turn order."""
        return self.names[self._cutter_seat(number)]

    def _cutter_seat(self, number: int) -> int:
        return self._next_seat(self._dealer_seat(number), self._away_in(number), step=-1)

    @property
    def dealer(self) -> str:
        """Who deals the current deal."""
        return self.dealer_of(self.deal_number)

    @property
    def cutter(self) -> str:
        """Who cuts the current deal (the dealer's other neighbour)."""
        return self.cutter_of(self.deal_number)

    @property
    def first_player(self) -> str:
        """Who plays first: the player after the dealer, or the dealer where the dealer opens."""
        seat = self._dealer_seat(self.deal_number)
        if self.variant.first_player is FirstPlayer.DEALER:
            return self.names[seat]
        return self.names[self._next_seat(seat, self.current.away)]

    # ---- who is still playing ------------------------------------------------------------------

    @property
    def playing(self) -> tuple[str, ...]:
        """Players taking part in the deal under way, in turn order (everyone but those who left)."""
        away = self.current.away
        return tuple(name for seat, name in enumerate(self.names) if seat not in away)

    @property
    def left(self) -> dict[str, int]:
        """Players who left the game, with the last deal they played."""
        out: dict[str, int] = {}
        for seat in self.current.away:
            first_away = next(r.number for r in self.records if seat in r.away)
            out[self.names[seat]] = first_away - 1
        return out

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

    # ---- chips and buys ----------------------------------------------------------------------

    @property
    def chip_limit(self) -> int | None:
        """Chips (buys) each player starts the game with; None where there is no per-game limit."""
        return self.variant.buy.per_game if self.variant.buy.enabled else None

    def _cut_chip(self, record: DealRecord) -> int | None:
        """The seat that earned a chip by cutting exactly in this deal, if any."""
        if record.exact_cut and self.variant.cut.reward is CutReward.CHIP and self.chip_limit is not None:
            return self._cutter_seat(record.number)
        return None

    def _balances(self, records: Sequence[DealRecord]) -> Iterator[list[int]]:
        """Each seat's chips at the start of the game, then after each deal of ``records``."""
        chips = [self.chip_limit or 0] * len(self.names)
        yield list(chips)
        for record in records:
            earned = self._cut_chip(record)
            if earned is not None:
                chips[earned] += 1
            for seat in range(len(chips)):
                chips[seat] -= record.buys_of(seat)
            yield list(chips)

    def _chips_after(self, records: Sequence[DealRecord]) -> list[int] | None:
        """Each seat's chips after ``records`` (None: no per-game limit)."""
        if self.chip_limit is None:
            return None
        return list(self._balances(records))[-1]

    @property
    def chips_left(self) -> dict[str, int | None]:
        """Chips each player has left for the game (None: no per-game limit)."""
        chips = self._chips_after(self.records)
        return {name: (None if chips is None else chips[seat]) for seat, name in enumerate(self.names)}

    @property
    def buys_this_deal(self) -> dict[str, int]:
        """Buys each player made in the current deal."""
        return {name: self.current.buys_of(seat) for seat, name in enumerate(self.names)}

    def buy_limit(self, record: DealRecord | None = None) -> int | None:
        """Buys allowed per player in a deal (0: no buying; None: no per-deal limit); default: this deal."""
        number = _rules_number(record if record is not None else self.current)
        if not self.variant.buying_in(number):
            return 0
        return self.variant.buy_limit_in(number)

    @property
    def buys_left_this_deal(self) -> dict[str, int | None]:
        """Buys each player may still make in the current deal (None: no per-deal limit)."""
        limit = self.buy_limit()
        return {
            name: (None if limit is None else max(limit - self.current.buys_of(seat), 0))
            for seat, name in enumerate(self.names)
        }

    def can_buy(self, player: str) -> tuple[Problem, ...]:
        """Every reason ``player`` may not buy now (empty: they may)."""
        return check(self, Buy(deal=self.deal_number, player=player))

    def buy_priority(self, discarder: str, claimants: Iterable[str]) -> list[str]:
        """Claimants of one discard, the one whose turn comes first after the discarder first."""
        start_seat = self.seat_of(discarder)
        n = len(self.names)
        seats = {self.seat_of(c) for c in claimants} - {start_seat}
        return [self.names[s] for s in sorted(seats, key=lambda s: (s - start_seat) % n)]

    def stock_cards_for_buy(self, own_turn: bool = False) -> int:
        """Stock cards a buyer takes with the discard this deal; on their own turn, the normal draw included."""
        return self.variant.stock_cards_per_buy(_rules_number(self.current), own_turn=own_turn)

    @property
    def total_buys(self) -> dict[str, int]:
        """Buys each player made in the whole game."""
        return {name: sum(r.buys_of(seat) for r in self.records) for seat, name in enumerate(self.names)}

    @property
    def buy_money(self) -> int:
        """Money in the pot from buys (price × buys; 0 where buys are free)."""
        return self.variant.buy.price * sum(self.total_buys.values())

    @property
    def melded(self) -> tuple[str, ...]:
        """Players who laid down in the current deal, in turn order."""
        seats = set(self.current.melded)
        return tuple(name for seat, name in enumerate(self.names) if seat in seats)

    # ---- the score sheet ---------------------------------------------------------------------

    @cached_property
    def _sheet(self) -> tuple[tuple[DealResult, ...], tuple[Adjustment, ...]]:
        return _score(self)

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
        left = self.left
        return tuple(sorted(self.names, key=lambda name: (name in left, self.totals[name], self.names.index(name))))

    @property
    def ranks(self) -> dict[str, int]:
        """1-based rank of each player; tied players share the better rank (1, 1, 3)."""
        ranks: dict[str, int] = {}
        for place, name in enumerate(self.standings, start=1):
            ranks[name] = place
            earlier = self.standings[place - 2] if place > 1 else None
            same_group = (earlier in self.left) == (name in self.left)
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
        pot = Fraction(self.buy_money)
        for name in self.leaders:
            money[name] += pot / len(self.leaders)
        for name, buys in self.total_buys.items():
            money[name] -= buys * price
        return {name: round(float(money[name]), 2) for name in self.names}

    @property
    def stakes(self) -> Stakes:
        """Deals won, and the stakes they are worth where the table set amounts."""
        wins = dict.fromkeys(self.names, 0)
        for result in self.deals:
            if result.went_out is not None:
                wins[result.went_out] += 1
        small = _amount(self.created.settings.get("small_stake"))
        large = _amount(self.created.settings.get("large_stake"))
        money = {name: float(wins[name] * small) if small is not None else 0.0 for name in self.names}
        if large is not None and self.finished:
            for name in self.leaders:
                money[name] += large / len(self.leaders)
        return Stakes(wins, small, large, {k: round(v, 2) for k, v in money.items()})

    # ---- history -----------------------------------------------------------------------------

    @property
    def history(self) -> tuple[HistoryEntry, ...]:
        """Every event of the log, with whether it was an override, undone, or restated by a correction."""
        cancelled = _cancelled(self.log)
        corrected_at: dict[int, int] = {}  # deal -> seq of its last effective correction
        for entry in self.log:
            if isinstance(entry.event, DealCorrected) and entry.seq not in cancelled:
                corrected_at[entry.event.deal] = entry.seq
        out = []
        for entry in self.log:
            deal = getattr(entry.event, "deal", None)
            corrected = deal is not None and corrected_at.get(deal, 0) > entry.seq
            override = entry.event.override if entry.problems else None
            out.append(
                HistoryEntry(entry.seq, entry.event, entry.time, entry.problems, override,
                             entry.seq in cancelled, corrected)
            )
        return tuple(out)

    @property
    def undo_target(self) -> HistoryEntry | None:
        """The action Undo takes back now: the latest action still in force (never an undo, never the creation).

        Undo walks back through the actions in order: after one is undone, the next Undo takes the one
        before it. Undoing an undo is Redo (:attr:`redo_target`), never Undo.
        """
        for entry in reversed(self.history):
            if entry.seq > 1 and not entry.undone and not isinstance(entry.event, Undone):
                return entry
        return None

    @property
    def redo_target(self) -> HistoryEntry | None:
        """The undo Redo takes back now (an ``Undone`` in force), or None.

        Only undos made since the last new action can be redone, the latest first: recording a new action
        ends what can be redone, as on any undo/redo stack. Redo is recorded as an ``Undone`` of that undo.
        """
        actions = {e.seq: e for e in self.history if not isinstance(e.event, Undone)}
        last_action = max(actions)
        for entry in reversed(self.history):
            if entry.seq < last_action:
                return None
            event = entry.event
            if isinstance(event, Undone) and not entry.undone and event.seq in actions:
                return entry
        return None

    # ---- helpers for the edges ---------------------------------------------------------------

    def hand_points(self, value: HandValue) -> int:
        """The points of a hand as entered (cards in notation or points)."""
        return hand_points(self.variant, value, players=len(self.names))


def _rules_number(record: DealRecord) -> int:
    """The variant's deal whose rules a record's deal follows (dealer's choice: the announced one)."""
    return record.contract_index + 1 if record.contract_index is not None else record.number


def _amount(value: object) -> float | None:
    if isinstance(value, int | float) and not isinstance(value, bool):
        return float(value)
    return None


def hand_points(variant: Variant, value: HandValue, *, players: int | None = None) -> int:
    """Points of a hand: the value of the cards (bare ranks allowed) or the points typed."""
    if isinstance(value, int):
        return value
    cards = parse_cards(value, allow_bare_rank=True)
    if players is not None and not variant.players.min <= players <= variant.players.max:
        players = None  # a player count the table allowed by override: check copies against the most decks
    try:
        return scoring.penalty_points(cards, variant, players=players)
    except TooManyCopiesError:
        # Recorded anyway ("the table allows it"): the cards still have their values.
        return sum(scoring.card_value(card, variant) for card in cards)


# --------------------------------------------------------------------------------------------------
# Scoring the records
# --------------------------------------------------------------------------------------------------


def _score(state: GameState) -> tuple[tuple[DealResult, ...], tuple[Adjustment, ...]]:
    variant = state.variant
    names = state.names
    results: list[DealResult] = []
    adjustments: list[Adjustment] = []
    streak_seat: int | None = None
    streak = 0
    previous_points: dict[int, int] | None = None
    for record in state.records:
        cutter = state._cutter_seat(record.number)
        reward = variant.cut.reward
        if record.exact_cut and reward.points:
            adjustments.append(Adjustment(names[cutter], record.number, "exact-cut", "exact cut", reward.points))
        if record.exact_cut and reward is CutReward.ERASE_PREVIOUS and previous_points:
            erased = previous_points.get(cutter, 0)
            if erased > 0:
                adjustments.append(
                    Adjustment(names[cutter], record.number, "exact-cut-erase",
                               f"exact cut: deal {record.number - 1}'s points erased", -erased)
                )
        if not record.ended:
            continue
        raw = {seat: state.hand_points(value) for seat, value in record.hands}
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
        results.append(
            DealResult(
                number=record.number,
                dealer=state.dealer_of(record.number),
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
            )
        )
    unused = variant.unused_chip_points
    chips = state._chips_after(state.records)
    if state.finished and unused and chips is not None:
        for seat, left in enumerate(chips):
            if left > 0:
                adjustments.append(
                    Adjustment(names[seat], state.deal_number, "unused-chips",
                               f"{left} unused {variant.buy.token}{'s' if left != 1 else ''} × {unused}",
                               left * unused)
                )
    return tuple(results), tuple(adjustments)


# --------------------------------------------------------------------------------------------------
# Checking events
# --------------------------------------------------------------------------------------------------


def _p(code: str, template: str, **params: str | int) -> Problem:
    return Problem.of(code, template, **params)


def _unknown(state: GameState, name: str) -> Problem:
    return _p("unknown-player", "{name} is not playing in this game (the players are {players})",
              name=name, players=", ".join(state.names))


def _no_such_deal(state: GameState, deal: int) -> Problem:
    return _p("no-such-deal", "{variant} has {count} deals: there is no deal {deal}",
              variant=state.variant.name, count=len(state.variant.deals), deal=deal)


def _deal_problems(state: GameState, deal: int) -> list[Problem]:
    """Problems of an event for ``deal`` outside corrections: the game must go on and it must be the deal."""
    total = len(state.variant.deals)
    if not 1 <= deal <= total:
        return [_no_such_deal(state, deal)]
    if state.abandoned is not None:
        return [_p("game-over", "the game was abandoned: nothing more can be recorded")]
    if state.finished:
        return [_p("game-over", "the game is over: all {count} deals have been played", count=total)]
    if deal != state.deal_number:
        if deal < state.deal_number:
            return [_p("deal-already-ended", "deal {deal} has already ended (this is deal {current}); "
                       "correct it instead", deal=deal, current=state.deal_number)]
        return [_p("wrong-deal", "this is deal {current}, not deal {deal}", current=state.deal_number, deal=deal)]
    return []


def _announced(state: GameState) -> list[Problem]:
    if state.variant.dealer_chooses_contract and state.current.contract_index is None:
        return [_p("contract-not-announced", "under dealer's choice the dealer ({dealer}) must announce "
                   "the contract first", dealer=state.dealer)]
    return []


def _buy_problems(state: GameState, seat: int, record: DealRecord, *, extra: int = 1) -> list[Problem]:
    """Why the player in ``seat`` may not make ``extra`` more buys in ``record``'s deal."""
    name = state.names[seat]
    variant = state.variant
    problems: list[Problem] = []
    limit = state.buy_limit(record)
    count = record.buys_of(seat) + extra
    if not variant.buy.enabled:
        return [_p("no-buying", "{variant} has no buying", variant=variant.name)]
    if limit == 0:
        problems.append(_p("no-buying-this-deal", "nobody may buy in deal {deal} of {variant}",
                           deal=record.number, variant=variant.name))
    elif limit is not None and count > limit:
        problems.append(_p("buy-limit-this-deal", "{player} may buy at most {limit} time{s} in deal {deal}",
                           player=name, limit=limit, s="s" if limit != 1 else "", deal=record.number))
    return problems


def _lowest_balances(state: GameState, records: Sequence[DealRecord]) -> list[int]:
    """Each player's lowest chip balance at the end of any deal (chips never go below zero at the table)."""
    return [min(seat_chips) for seat_chips in zip(*state._balances(records), strict=True)]


def _no_chips(state: GameState, seat: int) -> Problem:
    return _p("no-chips-left", "{player} has no {token}s left (each player has {limit} for the game)",
              player=state.names[seat], token=state.variant.buy.token, limit=state.chip_limit or 0)


def _chip_problems(state: GameState, records: Sequence[DealRecord]) -> list[Problem]:
    """Players a correction would leave short of chips in some deal (and who were not short already)."""
    if state.chip_limit is None:
        return []
    before = _lowest_balances(state, state.records)
    after = _lowest_balances(state, records)
    seats = range(len(state.names))
    return [_no_chips(state, seat) for seat in seats if after[seat] < 0 and after[seat] < before[seat]]


def _hand_problems(
    state: GameState, went_out: str | None, hands: Mapping[str, HandValue], record: DealRecord | None = None
) -> tuple[list[Problem], int | None]:
    """Every problem of a deal's result (default: the deal under way); also the winner's seat."""
    problems: list[Problem] = []
    variant = state.variant
    record = record if record is not None else state.current
    winner: int | None = None
    if went_out is not None:
        if went_out not in state.names:
            problems.append(_unknown(state, went_out))
        else:
            winner = state.names.index(went_out)
            if winner in record.away:
                problems.append(_away(state, went_out, record.number))
    elif not variant.deal_may_end_with_nobody_out:
        problems.append(_p("nobody-out", "somebody must go out to end a deal in {variant}: only where the "
                           "stock running out ends the deal can a deal end with nobody out",
                           variant=variant.name))
    for name in hands:
        if name not in state.names:
            problems.append(_unknown(state, name))
    all_cards: list[Card] = []
    for seat, name in enumerate(state.names):
        if seat in record.away:
            if name in hands and hands[name] not in ("", 0):
                problems.append(_away(state, name, record.number))
            continue
        if name not in hands:
            if seat != winner:
                problems.append(_p("missing-hand", "{player}'s cards or points are missing", player=name))
            continue
        value = hands[name]
        if isinstance(value, bool) or not isinstance(value, int | str):
            problems.append(_p("bad-cards", "{player}'s hand {value} is neither cards nor points",
                               player=name, value=repr(value)))
            continue
        if isinstance(value, int):
            if value < 0:
                problems.append(_p("negative-points", "{player}'s points cannot be negative ({points})",
                                   player=name, points=value))
            elif seat == winner and value > 0:
                problems.append(_p("went-out-with-cards", "{player} went out but has {points} points of "
                                   "cards left", player=name, points=value))
            continue
        try:
            cards = parse_cards(value, allow_bare_rank=True)
        except CardError as error:
            problems.append(_p("bad-cards", "{player}'s cards {cards!r}: {error}", player=name, cards=value,
                               error=str(error)))
            continue
        if seat == winner and cards:
            problems.append(_p("went-out-with-cards", "{player} went out but has cards left: {cards}",
                               player=name, cards=format_cards(cards)))
        all_cards.extend(cards)
    try:
        variant.check_copies(all_cards, len(state.names))
    except TooManyCopiesError as error:
        problems.append(_p("too-many-copies", "the hands hold {error}", error=str(error)))
    return problems, winner


def _away(state: GameState, player: str, deal: int) -> Problem:
    return _p("player-left", "{player} has left the game and takes no part in deal {deal}", player=player,
              deal=deal)


def _leave_problems(state: GameState, event: PlayerLeft) -> list[Problem]:
    """Why ``event.player`` cannot be marked as having left now."""
    if state.over:
        return [_p("game-over", "the game is over: nobody can leave it")]
    if event.player not in state.names:
        return [_unknown(state, event.player)]
    seat = state.names.index(event.player)
    record = state.current
    if seat in record.away:
        return [_p("player-already-left", "{player} has already left the game", player=event.player)]
    if not state.deals_played:
        return [_p("left-before-play", "deal 1 has not ended: remove {player} from the players instead",
                   player=event.player)]
    if record.exact_cut or record.contract_index is not None or any(record.buys) or record.laid_down:
        return [_p("left-mid-deal", "deal {deal} is under way (something is recorded in it): end it with "
                   "{player}'s hand first, then mark them as having left", deal=record.number,
                   player=event.player)]
    staying = len(state.names) - len(record.away) - 1
    if staying < state.variant.players.min:
        return [_p("too-few-stay", "{variant} needs at least {min} players: with {player} gone {count} would "
                   "stay (end the game instead)", variant=state.variant.name, min=state.variant.players.min,
                   player=event.player, count=staying)]
    return []


def _cut_problems(state: GameState, jokers: int, number: int) -> list[Problem]:
    variant = state.variant
    problems: list[Problem] = []
    row = variant.deck_row(len(state.names))
    if not 0 <= jokers <= min(3, row.jokers):
        problems.append(_p("bad-jokers", "the cutter looks at 3 cards and there are {jokers} jokers in play: "
                           "{count} jokers cannot be taken", jokers=row.jokers, count=jokers))
    elif jokers and not variant.cut.cutter_takes_jokers:
        problems.append(_p("cutter-takes-no-jokers", "in {variant} the cutter takes no jokers from the cut",
                           variant=variant.name))
    if variant.cut.reward is CutReward.NONE:
        problems.append(_p("no-exact-cut-reward", "an exact cut earns nothing in {variant}",
                           variant=variant.name))
    return problems


def _contract_problems(state: GameState, seat: int, melds: tuple[str, ...]) -> list[Problem]:
    try:
        verdict = contracts.check_contract(
            state.variant, _rules_number(state.current), list(melds), players=len(state.names), contract=state.contract
        )
    except TooManyCopiesError as error:
        return [_p("too-many-copies", "the melds hold {error}", error=str(error))]
    except CardError as error:
        return [_p("bad-cards", "{player}'s melds: {error}", player=state.names[seat], error=str(error))]
    return list(verdict.problems)


def _check(state: GameState, event: Event) -> list[Problem]:
    if isinstance(event, GameCreated):
        return [_p("already-created", "this game already exists")]
    if isinstance(event, Undone):
        return _undo_problems(state, event)
    if isinstance(event, PlayerRenamed):
        return _rename_problems(state, event)
    if isinstance(event, SeatsChanged):
        return _seat_problems(state, event)
    if isinstance(event, PlayerLeft):
        return _leave_problems(state, event)
    if isinstance(event, GameAbandoned):
        if state.abandoned is not None:
            return [_p("game-over", "the game was already abandoned")]
        if state.finished:
            return [_p("game-over", "the game is over: it cannot be abandoned")]
        return []
    if isinstance(event, DealCorrected):
        return _correction_problems(state, event)
    if isinstance(event, ExactCut | Buy | LaidDown | DealEnded | ContractChosen):
        problems = _deal_problems(state, event.deal)
        if problems:
            return problems
    record = state.current
    if isinstance(event, ExactCut):
        if record.exact_cut:
            return [_p("exact-cut-twice", "an exact cut is already recorded in deal {deal}", deal=record.number)]
        return _cut_problems(state, event.cutter_jokers, record.number)
    if isinstance(event, ContractChosen):
        return _choice_problems(state, event.contract_index, record)
    if isinstance(event, Buy):
        if event.player not in state.names:
            return [_unknown(state, event.player)]
        seat = state.names.index(event.player)
        if seat in record.away:
            return [_away(state, event.player, record.number)]
        problems = _announced(state) + _buy_problems(state, seat, record)
        left = state.chips_left[event.player]
        if left is not None and left <= 0 and all(p.code != "no-buying" for p in problems):
            problems.append(_no_chips(state, seat))
        if seat in record.melded and not state.variant.buy.after_melding:
            problems.append(_p("buy-after-melding", "{player} has laid down already and {variant} allows no "
                               "buying after that", player=event.player, variant=state.variant.name))
        return problems
    if isinstance(event, LaidDown):
        if event.player not in state.names:
            return [_unknown(state, event.player)]
        seat = state.names.index(event.player)
        if seat in record.away:
            return [_away(state, event.player, record.number)]
        if seat in record.melded:
            return [_p("already-laid-down", "{player} has already laid down in deal {deal}",
                       player=event.player, deal=record.number)]
        problems = _announced(state)
        if event.melds and not problems:
            problems += _contract_problems(state, seat, event.melds)
        return problems
    if isinstance(event, DealEnded):
        problems, _ = _hand_problems(state, event.went_out, event.hands)
        return _announced(state) + problems
    raise TypeError(f"not an event: {event!r}")


def _bump(buys: tuple[int, ...], seat: int, players: int, by: int = 1) -> tuple[int, ...]:
    counts = list(buys) + [0] * (players - len(buys))
    counts[seat] += by
    return tuple(counts)


def _no_dealers_choice(variant: Variant) -> Problem:
    return _p("no-dealers-choice", "{variant} is played without dealer's choice of contract", variant=variant.name)


def _no_such_contract(variant: Variant, index: int) -> Problem:
    return _p("no-such-contract", "there is no contract {index}: {variant} has {count}",
              index=index + 1, variant=variant.name, count=len(variant.deals))


def _contract_used(state: GameState, index: int, record: DealRecord) -> list[Problem]:
    """Dealer's choice plays each contract once: the other deals that already played contract ``index``."""
    return [_p("contract-used", "{contract} was already played in deal {deal}",
               contract=state.variant.deals[index].describe(), deal=other.number)
            for other in state.records if other.contract_index == index and other.number != record.number]


def _choice_problems(state: GameState, index: int, record: DealRecord) -> list[Problem]:
    variant = state.variant
    if not variant.dealer_chooses_contract:
        return [_no_dealers_choice(variant)]
    if record.contract_index is not None:
        return [_p("contract-already-chosen", "the contract of deal {deal} is already announced; undo it to "
                   "change it", deal=record.number)]
    if not 0 <= index < len(variant.deals):
        return [_no_such_contract(variant, index)]
    problems = _contract_used(state, index, record)
    if record.melded:
        problems.append(_p("contract-after-laydown", "the contract must be announced before anyone lays down"))
    return problems


def _correction_problems(state: GameState, event: DealCorrected) -> list[Problem]:
    if not 1 <= event.deal <= len(state.variant.deals):
        return [_no_such_deal(state, event.deal)]
    if event.deal > len(state.records) or not state.records[event.deal - 1].ended:
        return [_p("deal-not-ended", "deal {deal} has not ended yet: there is nothing to correct",
                   deal=event.deal)]
    record = state.records[event.deal - 1]
    problems, _ = _hand_problems(state, event.went_out, event.hands, record)
    corrected = _corrected_record(state, record, event)
    if event.buys is not None:
        for name, count in event.buys.items():
            if name not in state.names:
                problems.append(_unknown(state, name))
            elif count < 0:
                problems.append(_p("negative-buys", "{player} cannot have bought {count} times",
                                   player=name, count=count))
            elif count > 0 and state.names.index(name) in record.away:
                problems.append(_away(state, name, record.number))
        if not any(p.code in HARD_CODES for p in problems):
            for seat in range(len(state.names)):
                extra = corrected.buys_of(seat)
                if extra:
                    problems += _buy_problems(state, seat, dataclasses.replace(corrected, buys=()), extra=extra)
    if event.exact_cut or (event.exact_cut is None and record.exact_cut and event.cutter_jokers is not None):
        problems += _cut_problems(state, corrected.cutter_jokers, record.number)
    if event.contract_index is not None:
        if not state.variant.dealer_chooses_contract:
            problems.append(_no_dealers_choice(state.variant))
        elif not 0 <= event.contract_index < len(state.variant.deals):
            problems.append(_no_such_contract(state.variant, event.contract_index))
        else:
            problems += _contract_used(state, event.contract_index, record)
    if not any(p.code in HARD_CODES for p in problems):
        records = list(state.records)
        records[event.deal - 1] = corrected
        problems += _chip_problems(state, records)
    # one reason once
    return list(dict.fromkeys(problems))


def _corrected_record(state: GameState, record: DealRecord, event: DealCorrected) -> DealRecord:
    names = state.names
    winner = names.index(event.went_out) if event.went_out in names else None
    hands = tuple((names.index(n), v) for n, v in event.hands.items() if n in names)
    changes: dict[str, Any] = {"went_out": winner, "hands": tuple(sorted(hands)), "corrected": True}
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


def _rename_problems(state: GameState, event: PlayerRenamed) -> list[Problem]:
    if event.old not in state.names:
        return [_unknown(state, event.old)]
    seat = state.names.index(event.old)
    after = (*state.names[:seat], event.new.strip(), *state.names[seat + 1 :])
    return name_problems(after, changed=seat)


def _seat_problems(state: GameState, event: SeatsChanged) -> list[Problem]:
    """Why the seats cannot change to ``event``'s: after deal 1, bad names, or deal 1's records in the way."""
    if state.over:
        return [_p("game-over", "the game is over: the seats cannot change")]
    if state.deals_played:
        return [_p("seats-after-play", "deal 1 has ended: the seats can no longer change (a name can still be "
                   "corrected)")]
    seated = dataclasses.replace(state.created, players=tuple(event.players), first_dealer=event.first_dealer)
    after, problems = _start_state(seated)
    if problems:
        return problems
    record = state.current
    for seat, name in enumerate(state.names):
        if name not in event.players and (record.buys_of(seat) or seat in record.melded):
            problems.append(_p("seat-has-actions", "{player} has already bought or laid down in deal 1: undo "
                               "that first", player=name))
    recorded = record.exact_cut or record.contract_index is not None
    if recorded and (after.dealer_of(1), after.cutter_of(1)) != (state.dealer_of(1), state.cutter_of(1)):
        problems.append(_p("seats-change-roles", "deal 1's exact cut or contract is recorded with {dealer} "
                           "dealing and {cutter} cutting: undo it first", dealer=state.dealer_of(1),
                           cutter=state.cutter_of(1)))
    return problems


def _reseat(state: GameState, event: SeatsChanged) -> GameState:
    """The state with the new seats; deal 1's buys and lay-downs stay with their players."""
    old = state.names
    new = tuple(event.players)
    moved = {seat: new.index(name) for seat, name in enumerate(old) if name in new}
    records = []
    for record in state.records:
        buys = [0] * len(new)
        for seat, to in moved.items():
            buys[to] = record.buys_of(seat)
        laid = tuple((moved[seat], melds) for seat, melds in record.laid_down if seat in moved)
        records.append(dataclasses.replace(record, buys=tuple(buys), laid_down=laid))
    return dataclasses.replace(state, names=new, first_dealer_seat=new.index(event.first_dealer),
                               records=tuple(records))


def _cancelled(log: Sequence[_LogEntry]) -> set[int]:
    """Seqs cancelled by effective Undone events (an undone Undone cancels nothing)."""
    cancelled: set[int] = set()
    for entry in reversed(log):
        if entry.seq in cancelled:
            continue
        if isinstance(entry.event, Undone):
            cancelled.add(entry.event.seq)
    return cancelled


def _undo_problems(state: GameState, event: Undone) -> list[Problem]:
    return _undo(state, event, None)[0]


def _undo(state: GameState, event: Undone, at: datetime | None) -> tuple[list[Problem], GameState | None]:
    """Why the rules refuse this undo, or the state after it: the check and the fold are one refold."""
    if not 1 <= event.seq <= len(state.log):
        return [_p("no-such-event", "there is no event {seq} to undo", seq=event.seq)], None
    if event.seq == 1:
        return [_p("cannot-undo-creation", "the creation of the game cannot be undone")], None
    if event.seq in _cancelled(state.log):
        return [_p("already-undone", "event {seq} is already undone", seq=event.seq)], None
    try:
        return [], _refold(state, (*state.log, _LogEntry(len(state.log) + 1, event, at, ())))
    except EventRefused as refused:
        return [_p("undo-breaks-later", "undoing event {seq} would leave later events against the rules: "
                   "{reasons}", seq=event.seq, reasons="; ".join(p.message for p in refused.problems))], None


# --------------------------------------------------------------------------------------------------
# Applying events
# --------------------------------------------------------------------------------------------------


def _step(state: GameState, event: Event) -> GameState:
    """The state after an event already checked (or forced)."""
    names = state.names
    n = len(names)
    if isinstance(event, PlayerRenamed):
        seat = names.index(event.old)
        return dataclasses.replace(state, names=(*names[:seat], event.new.strip(), *names[seat + 1 :]))
    if isinstance(event, GameAbandoned):
        return dataclasses.replace(state, abandoned=event.reason)
    if isinstance(event, SeatsChanged):
        return _reseat(state, event)
    records = list(state.records)
    if isinstance(event, PlayerLeft):
        current = records[-1]
        records[-1] = dataclasses.replace(current, away=tuple(sorted({*current.away, names.index(event.player)})))
        return dataclasses.replace(state, records=tuple(records))
    if isinstance(event, DealCorrected):
        index = event.deal - 1
        corrected = _corrected_record(state, records[index], event)
        if event.override:
            corrected = dataclasses.replace(corrected, overrides=(*corrected.overrides, event.override))
        records[index] = corrected
        return dataclasses.replace(state, records=tuple(records))
    record = records[-1]
    if isinstance(event, ExactCut):
        record = dataclasses.replace(record, exact_cut=True, cutter_jokers=event.cutter_jokers)
    elif isinstance(event, ContractChosen):
        record = dataclasses.replace(record, contract_index=event.contract_index)
    elif isinstance(event, Buy):
        record = dataclasses.replace(record, buys=_bump(record.buys, names.index(event.player), n))
    elif isinstance(event, LaidDown):
        seat = names.index(event.player)
        record = dataclasses.replace(record, laid_down=(*record.laid_down, (seat, tuple(event.melds))))
    elif isinstance(event, DealEnded):
        winner = names.index(event.went_out) if event.went_out is not None else None
        hands = tuple(sorted((names.index(k), v) for k, v in event.hands.items()))
        record = dataclasses.replace(record, ended=True, went_out=winner, hands=hands)
    if event.override:
        record = dataclasses.replace(record, overrides=(*record.overrides, event.override))
    records[-1] = record
    if isinstance(event, DealEnded) and record.number < len(state.variant.deals):
        records.append(DealRecord(record.number + 1, away=record.away))
    return dataclasses.replace(state, records=tuple(records))


def _start_state(created: GameCreated) -> tuple[GameState, list[Problem]]:
    variant = find_variant(created.variant).with_house_rules(created.house_rules)
    problems: list[Problem] = []
    names = tuple(created.players)
    problems += name_problems(names)
    count, limits = len(names), variant.players
    if count < limits.min:
        problems.append(_p("too-few-players", "{variant} needs at least {min} players, not {count}",
                           variant=variant.name, min=limits.min, count=count))
    if count > limits.max:
        problems.append(_p("too-many-players", "{variant} takes at most {max} players, not {count}",
                           variant=variant.name, max=limits.max, count=count))
    if created.first_dealer not in names:
        problems.append(_p("unknown-first-dealer", "the first dealer {name} is not one of the players",
                           name=created.first_dealer))
    if count == 0:
        problems.append(_p("empty-name", "a game needs players"))
    for key in ("small_stake", "large_stake"):
        value = created.settings.get(key)
        if value is not None and (_amount(value) is None or float(value) < 0):
            problems.append(_p("bad-setting", "the {key} must be an amount of at least 0, not {value}",
                               key=key.replace("_", " "), value=repr(value)))
    seat = names.index(created.first_dealer) if created.first_dealer in names else 0
    state = GameState(created=created, variant=variant, names=names, first_dealer_seat=seat,
                      records=(DealRecord(1),))
    return state, problems


def start(created: GameCreated, *, at: datetime | None = None) -> GameState:
    """A new game; raises EventRefused (players), UnknownVariantError or HouseRuleError (bad input)."""
    state, problems = _start_state(created)
    forcible = not any(p.code in HARD_CODES for p in problems)
    if problems and (created.override is None or not forcible):
        raise EventRefused(problems, event=created)
    return dataclasses.replace(state, log=(_LogEntry(1, created, at, tuple(problems)),), folds=(_fold(state),))


def check(state: GameState, event: Event) -> tuple[Problem, ...]:
    """Every reason the rules refuse ``event`` now (empty: it is allowed)."""
    return tuple(_check(state, event))


def apply(state: GameState, event: Event, *, at: datetime | None = None) -> GameState:
    """The state after ``event``; raises EventRefused (and changes nothing) when the rules refuse it.

    An event carrying ``override`` is applied despite forcible problems and kept as an override.
    """
    if isinstance(event, Undone):
        problems, undone = _undo(state, event, at)
        if undone is not None:
            return undone
    else:
        problems = _check(state, event)
    refused = EventRefused(problems, event=event) if problems else None
    if refused is not None and (event.override is None or not refused.forcible):
        raise refused
    entry = _LogEntry(len(state.log) + 1, event, at, tuple(problems))
    if isinstance(event, Undone):
        return _refold(state, (*state.log, entry))
    new = _step(state, event)
    folds = (*state.folds, _fold(new)) if len(state.folds) == len(state.log) else ()
    return dataclasses.replace(new, log=(*state.log, entry), folds=folds)


def _fold(state: GameState) -> _Fold:
    return state.names, state.first_dealer_seat, state.records, state.abandoned


def _refold(state: GameState, log: tuple[_LogEntry, ...]) -> GameState:
    """Fold the effective events of ``log`` (``state.log`` and one more entry); EventRefused if one of them no
    longer holds.

    Only from the first entry whose effect changes (an undo cancels an event; a redo, by cancelling an undo,
    brings one back): the entries before it leave the same fold as before, kept in ``state.folds``.
    """
    cancelled = _cancelled(log)
    keep = 1  # entries whose fold is kept: at least the creation
    if len(state.folds) == len(state.log) and log[: len(state.log)] == state.log:
        changed = cancelled ^ _cancelled(state.log)
        keep = max(1, min(changed, default=len(log)) - 1)
    if keep > 1 or len(state.folds) == len(state.log) >= 1:
        names, first_dealer_seat, records, abandoned = state.folds[keep - 1]
        folded = dataclasses.replace(state, names=names, first_dealer_seat=first_dealer_seat, records=records,
                                     abandoned=abandoned, log=(), folds=())
        folds = list(state.folds[:keep])
    else:
        folded, _ = _start_state(state.created)
        folds = [_fold(folded)]
        keep = 1
    for entry in log[keep:]:
        if entry.seq not in cancelled and not isinstance(entry.event, Undone):
            problems = _check(folded, entry.event)
            if problems:
                refused = EventRefused(problems, event=entry.event)
                if entry.event.override is None or not refused.forcible:
                    raise refused
            folded = _step(folded, entry.event)
        folds.append(_fold(folded))
    return dataclasses.replace(folded, log=log, folds=tuple(folds))


def replay(events: Iterable[Event], *, times: Sequence[datetime | None] | None = None) -> GameState:
    """The state after a whole log; the first event must be GameCreated."""
    iterator = iter(events)
    first = next(iterator, None)
    if not isinstance(first, GameCreated):
        raise EventRefused([_p("not-created", "a game log starts with the creation of the game")], event=first)
    state = start(first, at=times[0] if times else None)
    for index, event in enumerate(iterator, start=1):
        state = apply(state, event, at=times[index] if times is not None and index < len(times) else None)
    return state
