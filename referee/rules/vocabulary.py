"""The words variants are written in: every closed choice a rule can take, as a string enum.

A :class:`~referee.rules.variants.Variant` is built from these values (what a meld is, where the ace may sit, how
many wild cards a meld holds, what an exact cut earns, what a family's table calls its sets…). They are codes, not
prose: the export format stores their values and the screens word them in the page's language.
:mod:`referee.rules.variants` re-exports every name here, so code and tests import them from there.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

__all__ = [
    "MeldKind",
    "AceRule",
    "WildLimit",
    "Discard",
    "StockRule",
    "FirstPlayer",
    "Direction",
    "CutReward",
    "RunJokerSwap",
    "SwapReuse",
    "SetWord",
    "RunWord",
    "BuyCall",
    "Terms",
    "Reminder",
]


# --------------------------------------------------------------------------------------------------
# The rules
# --------------------------------------------------------------------------------------------------


class MeldKind(StrEnum):
    """What a meld is."""

    SET = "set"
    RUN = "run"
    PAIR = "pair"
    COLOUR_RUN = "colour-run"  # Carrillo deal 7: 12 consecutive ranks alternating red and black


class AceRule(StrEnum):
    """Where an ace may sit in a run."""

    LOW_OR_HIGH = "low-or-high"  # A-2-3 or Q-K-A, never K-A-2
    HIGH_ONLY = "high-only"  # J-Q-K-A only (Shanghai)
    WRAP = "wrap"  # high, low or around the corner: K-A-2 (Peru v1, Carrillo)
    NOT_IN_RUNS = "not-in-runs"  # aces cannot be used in runs (Delifante)


class WildLimit(StrEnum):
    """How many wild cards one meld may hold."""

    NONE = "none"  # no wild card at all
    ONE = "one"  # at most one
    AT_MOST_NATURALS = "at-most-naturals"  # no more wilds than naturals (Peru v1 runs)
    FEWER_THAN_NATURALS = "fewer-than-naturals"  # naturals strictly outnumber wilds (Farmer's)
    ANY = "any"  # any number, with at least one natural (Progressive, Wittig sets, Carrillo runs)


class Discard(StrEnum):
    """Whether going out needs a final discard."""

    OPTIONAL = "optional"
    REQUIRED = "required"
    FORBIDDEN = "forbidden"


class StockRule(StrEnum):
    """What happens when the stock runs out."""

    RESHUFFLE = "reshuffle"  # the discard pile becomes the new stock
    RESHUFFLE_KEEP_TOP = "reshuffle-keep-top"  # all but the top discard (Carrillo)
    DEAL_ENDS = "deal-ends"  # play ends, everyone scores their hand, nobody wins (Peru v1)


class FirstPlayer(StrEnum):
    """Who plays first in a deal."""

    AFTER_DEALER = "after-dealer"
    DEALER = "dealer"  # the dealer holds an extra card and opens by discarding (Peru v1 family)


class Direction(StrEnum):
    """A label for the screens; it never changes who deals or cuts (turn order does)."""

    COUNTERCLOCKWISE = "counterclockwise"
    CLOCKWISE = "clockwise"


class CutReward(StrEnum):
    """What an exact cut earns the cutter."""

    CHIP = "chip"  # +1 chip / buy
    MINUS_25 = "minus-25"
    MINUS_50 = "minus-50"
    ERASE_PREVIOUS = "erase-previous"  # the cutter's points of the previous deal are erased (Carrillo)
    NONE = "none"

    @property
    def points(self) -> int:
        """Points the reward adds to the cutter's total (−25, −50); 0 for a reward that is not a fixed number."""
        return _CUT_POINTS.get(self, 0)


_CUT_POINTS = {CutReward.MINUS_25: -25, CutReward.MINUS_50: -50}


class RunJokerSwap(StrEnum):
    """How a wild in a run may be exchanged."""

    NONE = "none"
    END_MOVE = "end-move"  # joker at an end replaced by its card, moved to either end (Venezuela)
    REPLACE = "replace"  # the natural replaces the wild, which goes to the swapper's hand (Peru v1)
    SLIDE = "slide"  # jokers may be slid along the run to admit new cards, never taken back (Carrillo)


class SwapReuse(StrEnum):
    """Where a wild taken from the table must go."""

    HAND = "hand"  # into the swapper's hand, to use whenever they like (Venezuela's set joker)
    OWN_CONTRACT = "own-contract"  # straight into the contract the swapper lays this turn (Ecuador)
    NEW_RUN = "new-run"  # straight into a new run of the swapper's, this turn (Peru v1)


# --------------------------------------------------------------------------------------------------
# The table's words and reminders
# --------------------------------------------------------------------------------------------------


class SetWord(StrEnum):
    """What a family's table calls its sets."""

    TRIO = "trío"  # trío, cuarteto, quinteto (Telefunken and its family)
    BOOK = "book"  # book of 3 (Shanghai)
    SET = "set"  # set of 3 (Progressive)


class RunWord(StrEnum):
    """What a family's table calls its runs."""

    ESCALERA = "escalera"  # Telefunken and its family
    RUN = "run"  # Shanghai, Progressive


class BuyCall(StrEnum):
    """The call that claims a discard out of turn."""

    COMPRO = "¡Compro!"  # Telefunken and its family
    MAY_I = "May I"  # Shanghai, Progressive


@dataclass(frozen=True)
class Terms:
    """The words a family's table plays with: its sets, its runs and the call that claims a discard.

    They are codes: the screens word each one in the page's language (a Spanish table of Shanghai still speaks
    of runs and "May I", translated; a Telefunken table speaks of tríos and escaleras in every language).
    """

    sets: SetWord = SetWord.TRIO
    runs: RunWord = RunWord.ESCALERA
    buy_call: BuyCall = BuyCall.COMPRO


class Reminder(StrEnum):
    """A rule of one deal that a table forgets: said on the deal's screens when it applies."""

    EXCHANGE = "exchange"  # cards are exchanged before play (the count is the number of exchanges)
    GO_OUT_IN_ONE_TURN = "go-out-in-one-turn"  # nothing is laid down until the whole hand goes at once
    NO_FINAL_DISCARD = "no-final-discard"  # going out leaves no card to discard
    NO_BUYING = "no-buying"  # the discard cannot be bought in this deal (in a game that buys)
