"""What the solver's search works with: card counts, the melds it may lay (specs), the parts of a plan, and
the parts as melds."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import lru_cache
from typing import NamedTuple

from referee.rules.cards import JOKER, Card, Rank, Suit
from referee.rules.melds import Meld, decode, wilds_allowed
from referee.rules.variants import (
    AceRule,
    MeldKind,
    Requirement,
    WildLimit,
)

SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
RED = (False, True, True, False)
RANK_LABEL = {int(r): r.label for r in Rank}
SLOTS = 56  # card codes of melds.encode: 0 a joker, rank × 4 + suit for the rest
COLOUR_MARK: tuple[int, ...] = (3,)
OPTIMISE_BUDGET = 200_000  # search steps for the closest arrangement; the best found so far beyond it


# --------------------------------------------------------------------------------------------------
# Requirements and plans, as the search sees them
# --------------------------------------------------------------------------------------------------


class Spec(NamedTuple):
    """A meld the search may lay: a contract requirement (``req`` is its index) or an extra meld (None)."""

    req: int | None
    kind: MeldKind
    size: int
    or_more: bool
    limits: tuple[WildLimit, ...]
    cap: int | None
    distinct: bool
    wild_only: bool  # a set of wild cards only fills it (Carrillo's trío of jokers)
    group: int  # identical requirements share a group (filled in order, never in every order)

    def fits(self, naturals: int, wilds: int) -> bool:
        """Whether a meld of ``naturals`` natural and ``wilds`` wild cards keeps within the limits."""
        if naturals == 0:
            return self.wild_only and wilds >= self.size
        for limit in self.limits:
            if not wilds_allowed(limit, naturals, wilds):
                return False
        return self.cap is None or wilds <= self.cap

    def takes(self, length: int) -> bool:
        """Whether a meld of ``length`` cards has the size asked."""
        return length == self.size or (self.or_more and length > self.size)


class Part(NamedTuple):
    """One meld of a plan: its spec's requirement, the natural and wild card codes, and its shape.

    ``shape`` is for a run (suit, ranks in order), for a set or pair (rank,) — (0,) for wild cards only —
    and for a colour run the codes in order.
    """

    req: int | None
    kind: MeldKind
    naturals: tuple[int, ...]
    wilds: tuple[int, ...]
    shape: tuple[int, ...]


Plan = tuple[Part, ...]
Counts = tuple[int, ...]
Mark = tuple[int, ...]  # what a contract meld leaves for the checks between melds (see Search._mark)
Marks = tuple[Mark, ...]


def without_codes(counts: Counts, codes: Sequence[int]) -> Counts:
    """``counts`` (cards left, by code) less one card of each code in ``codes``."""
    out = list(counts)
    for code in codes:
        out[code] -= 1
    return tuple(out)


@lru_cache(maxsize=256)
def run_windows(ace: AceRule, length: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """(start position, ranks in order) of every run of ``length``, highest first (ace high is position 14)."""
    out: list[tuple[int, tuple[int, ...]]] = []
    if ace is AceRule.WRAP:
        if length > 13:
            return ()
        if length == 13:
            return ((1, tuple(range(1, 14))),)
        straight = [a for a in range(14 - length + 1, 0, -1)]
        around = [a for a in range(13, 14 - length + 1, -1)]
        for a in straight + around:
            out.append((a, tuple((a - 1 + i) % 13 + 1 for i in range(length))))
        return tuple(out)
    low = 1 if ace is AceRule.LOW_OR_HIGH else 2
    high = 13 if ace is AceRule.NOT_IN_RUNS else 14
    for a in range(high - length + 1, low - 1, -1):
        out.append((a, tuple(1 if p == 14 else p for p in range(a, a + length))))
    return tuple(out)


def spread(by_suit: list[tuple[int, int]], n: int) -> tuple[int, ...]:
    """``n`` cards of one rank taken from the suits with the most copies first (keeps suits apart)."""
    counts = {code: k for k, code in by_suit}
    picks: list[int] = []
    while len(picks) < n:
        code = max(counts, key=lambda c: (counts[c], -c))
        picks.append(code)
        counts[code] -= 1
    return tuple(sorted(picks))


# --------------------------------------------------------------------------------------------------
# Melds and words
# --------------------------------------------------------------------------------------------------


def meld_of(part: Part) -> Meld:
    """The part as a :class:`Meld` in its arrangement (what each wild card stands for)."""
    if part.kind is MeldKind.COLOUR_RUN:
        ordered = decode(part.shape)
        return Meld(MeldKind.COLOUR_RUN, ordered, (None,) * len(ordered))
    if part.kind is MeldKind.RUN:
        suit, ranks = part.shape[0], part.shape[1:]
        natural_codes = set(part.naturals)
        spare = list(part.wilds)
        cards: list[Card] = []
        stands: list[Card | None] = []
        for r in ranks:
            code = r * 4 + suit
            if code in natural_codes:
                cards.append(decode((code,))[0])
                stands.append(None)
            else:
                cards.append(decode((spare.pop(),))[0])
                stands.append(Card(Rank(r), SUITS[suit]))
        return Meld(MeldKind.RUN, tuple(cards), tuple(stands))
    rank = part.shape[0]
    natural_cards = decode(sorted(part.naturals, key=lambda c: (c & 3, c)))
    wild_cards = decode(sorted(part.wilds, key=lambda c: (c == 0, c)))
    stood = JOKER if rank == 0 else Card(Rank(rank), None)
    return Meld(part.kind, natural_cards + wild_cards, (None,) * len(natural_cards) + (stood,) * len(wild_cards))


def named_requirement(req: Requirement) -> Requirement:
    """The requirement as the sentence names it: without its wild-card limit (the sentence says what may stand
    in)."""
    return replace(req, wilds=req.wilds if req.pure else None, wild_cap=None)

