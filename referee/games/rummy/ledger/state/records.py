"""The records of a game: the facts of each deal as entered, the sheet's rows, the log's entries, refusals.

Data only (and :func:`hand_points`, the value of a hand as entered): the fold in :mod:`.game` makes them,
the read-models in :mod:`.seating`, :mod:`.chips` and :mod:`.sheet` read them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from typing import TYPE_CHECKING

from referee.rules import scoring
from referee.rules.cards import TooManyCopiesError, parse_cards
from referee.rules.problems import Problem, RulesError
from referee.rules.variants import Variant

if TYPE_CHECKING:  # types only: each event's module imports the state, whose records must load without them
    from referee.games.rummy.ledger.events.base import Event, HandValue, OneTurnOut

#: The most times one player buys in one deal where the table gave fewer chips (see :func:`buy_ceiling`): every buy
#: takes a card, and no deal has so many to spare. A game file holds no more (``referee.games.rummy.ledger.exchange``
#: asks
#: :func:`buy_ceiling`), so the ledger refuses one buy more outright.
MAX_BUYS_PER_DEAL = 12
#: The most "Shanghai!" calls by one player in one deal: each is on a discard, and a game file holds no more, so the
#: ledger refuses a 13th outright (as a 13th buy).
MAX_CALLS_PER_DEAL = 12



def buy_ceiling(chips_given: int | None) -> int:
    """The most buys one player may make in one deal, override or not: :data:`MAX_BUYS_PER_DEAL`, or the chips the
    table gave that player for the game where that is more (13 chips, docs/rules.md D73: a player may buy while
    holding chips). ``chips_given`` is None where the game counts no chips.

    >>> buy_ceiling(None), buy_ceiling(7), buy_ceiling(13 + 1)
    (12, 12, 14)
    """
    return MAX_BUYS_PER_DEAL if chips_given is None else max(MAX_BUYS_PER_DEAL, chips_given)


# Problems an override cannot get past: the event would refer to nothing, or the game could not be written down.
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
        "no-one-turn-bonus",
        "too-many-buys",
        "too-many-calls",
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
        "seat-has-shanghai-call",
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
    #: The player who went out did it in one turn, with a wild card or without (for a bonus, where there is one).
    out_in_one_turn: OneTurnOut | None = None
    corrected: bool = False
    overrides: tuple[str, ...] = ()
    #: Seats of players who have left the game and sit this deal out (carried to every later deal).
    away: tuple[int, ...] = ()
    #: "Shanghai!" calls by seat, like ``buys`` (docs/rules.md D39: for the record; they change no score).
    shanghai_calls: tuple[int, ...] = ()

    def buys_of(self, seat: int) -> int:
        """The buys the player in ``seat`` made this deal."""
        return self.buys[seat] if seat < len(self.buys) else 0

    def calls_of(self, seat: int) -> int:
        """The times the player in ``seat`` called "Shanghai!" this deal."""
        return self.shanghai_calls[seat] if seat < len(self.shanghai_calls) else 0

    @property
    def melded(self) -> tuple[int, ...]:
        """Seats that laid down, in the order they did."""
        return tuple(seat for seat, _ in self.laid_down)


class AdjustmentCode(StrEnum):
    """Why a total moved outside a deal's hand: a closed set, which the screens word one by one."""

    EXACT_CUT = "exact-cut"  # an exact cut's points off (-25, -50)
    EXACT_CUT_ERASE = "exact-cut-erase"  # an exact cut erased the cutter's previous deal's points
    UNUSED_CHIPS = "unused-chips"  # chips left at the game's end, at a price each
    OUT_IN_ONE_TURN = "out-in-one-turn"  # went out in one turn, with a wild card
    OUT_IN_ONE_TURN_NO_WILD = "out-in-one-turn-no-wild"  # went out in one turn with no wild card


@dataclass(frozen=True)
class Adjustment:
    """Points added to a player's total outside a deal's hand: exact-cut rewards, unused chips."""

    player: str
    deal: int
    code: AdjustmentCode
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
    #: How the player who went out did it in one turn, as recorded (None: not in one turn, or no such bonus).
    out_in_one_turn: OneTurnOut | None = None
    #: "Shanghai!" calls in this deal by the players who made any (docs/rules.md D39).
    shanghai_calls: dict[str, int] = field(default_factory=dict)

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
class LogEntry:
    """One entry of the log: its sequence number, the event, when it was recorded, and the problems the table
    overrode to record it."""

    seq: int
    event: Event
    time: datetime | None
    problems: tuple[Problem, ...]


#: What an entry of the log leaves behind in the effective fold: names, deal records, abandoned.
Fold = tuple[tuple[str, ...], int, tuple["DealRecord", ...], "str | None"]


def rules_number(record: DealRecord) -> int:
    """The variant's deal whose rules a record's deal follows (dealer's choice: the announced one)."""
    return record.contract_index + 1 if record.contract_index is not None else record.number


def amount(value: object) -> float | None:
    """A setting's amount of money as a float; None when it is no number."""
    if isinstance(value, int | float) and not isinstance(value, bool):
        return float(value)
    return None


def hand_points(variant: Variant, value: HandValue, *, players: int | None = None) -> int:
    """Points of a hand: the value of the cards (bare ranks allowed) or the points typed."""
    if isinstance(value, int):
        return value
    cards = parse_cards(value, allow_bare_rank=True)
    if players is not None and variant.players_problem(players) is not None:
        players = None  # a player count the table allowed by override: check copies against the most decks
    try:
        return scoring.penalty_points(cards, variant, players=players)
    except TooManyCopiesError:
        # Recorded anyway ("the table allows it"): the cards still have their values.
        return sum(scoring.card_value(card, variant) for card in cards)

