"""Find the contract in a hand: can these cards go down, how, and if not, how close are they?

:func:`solve` takes a variant, a deal and the cards a player holds (1 to 30, wild cards included) and
answers with a :class:`Solution`: whether the hand holds the deal's contract, one arrangement (which cards
make which required meld, as :class:`~referee.rules.melds.Meld` objects, so what each wild card stands for
is there), the cards left, and — when the contract is not there — the best partial arrangement and what is
missing, as :class:`~referee.rules.problems.Problem` values ("the trío needs one more 9 or a joker").

For the deals that must be gone out in one turn (``Deal.go_out_in_one_turn``: Venezuela's and Ecuador's
deal 7, Shanghai's last deal, Carrillo's deal 7, …) the question is whether the *whole hand* goes down at
once: the contract plus, where the variant allows melds beyond the contract on the contract turn, further
valid sets and runs, using every card — or every card but one where a final discard is allowed (exactly
one where it is required).

>>> s = solve("telefunken", 2, "7H 7S JK 9C 9D 9H 4C")
>>> s.possible, [m.describe() for m in s.melds], [str(c) for c in s.left]
(True, ['set of 7s with one joker', 'set of 9s'], ['4C'])
>>> s = solve("telefunken", 7, "4H 4S 3C 4C 5C 6C 7C 8C 9C")
>>> s.possible, [m.describe() for m in s.melds], s.messages
(False, ['set of 4s', 'run 5♣–9♣'], ('the run of 7 or more needs 4♣ or a joker to complete the run 3♣–9♣',))

How it searches (a real search, never a greedy choice, so a card that both a set and a run want is placed
where the whole contract works):

- Ordinary deals: backtracking over the contract's requirements. Runs come first, the most constrained
  run requirement at each step (the one with the fewest candidate runs in the cards left); a candidate run
  may leave a natural card in the hand and take a wild card in its place, so that a set can have it. The
  sets and pairs are then placed by rank counts alone (which suit goes where no longer matters). Every
  state (cards left, requirements left) is memoized.
- Go-out deals: the lowest natural card left must lie in some meld (or be the one discard): every set,
  run and colour run through it is tried, as a contract requirement or as an extra meld, memoized on the
  cards left.
- When the contract is not there, the same searches run again allowing requirements (and, in a go-out
  deal, cards) to stay unmet, keeping the arrangement with the most requirements met, then the most cards
  used. Among a deal's alternative contracts (Carrillo deal 7) the closest is the one with the largest
  share of its requirements met, then the most cards used.

Decisions this module takes where the rule book is silent (docs/rules.md, D62 and D4):

- A contract run marked "or more" is shown as long as the cards left allow (the natural cards that extend
  it at either end are added to it); the search itself needs only its minimum length.
- A 2 where 2s are wild counts as a joker's equal everywhere but in its own place in a run of its suit,
  where it is natural; the search spends jokers before 2s.
- Where a final discard is required (Carrillo deal 7) the whole hand goes down only with exactly one card
  left to discard.
- A go-out lay-down's extra melds follow the variant's meld rules only (no contract limits); where the
  variant allows nothing but the contract on the contract turn (Shanghai, Carrillo), there are none.
- The search for the *closest* arrangement spends wild 2s in one fixed order (jokers first, then the suit
  with the most 2s), and beyond a budget of search steps (huge hands) reports the closest arrangement found
  so far. Whether the contract is there is always answered by a complete search.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import NamedTuple

from referee.rules.cards import JOKER, Card, CardsLike, Rank, Suit, to_cards
from referee.rules.melds import Meld, decode, encode, wilds_allowed
from referee.rules.problems import Problem, RulesError
from referee.rules.variants import (
    AceRule,
    Contract,
    Deal,
    Discard,
    MeldKind,
    Requirement,
    Variant,
    WildLimit,
    to_variant,
)

__all__ = [
    "MAX_HAND",
    "Solution",
    "HandSizeError",
    "ContractChoiceError",
    "solve",
]

MAX_HAND = 30
"""The most cards a hand may hold for :func:`solve`."""


_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
_RED = (False, True, True, False)
_RANK_LABEL = {int(r): r.label for r in Rank}
_SLOTS = 56  # card codes of melds.encode: 0 a joker, rank × 4 + suit for the rest
_COLOUR_MARK: tuple[int, ...] = (3,)
_OPTIMISE_BUDGET = 200_000  # search steps for the closest arrangement; the best found so far beyond it


# --------------------------------------------------------------------------------------------------
# The answer
# --------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Solution:
    """The referee's answer about a hand.

    ``possible``: the hand holds the contract (a go-out deal: the whole hand goes down at once).
    ``contract``: the contract used (of a deal's alternatives, the one that fits, else the closest).
    ``melds``: the contract's melds, one per requirement met, in the contract's order; in a go-out deal
    followed by every further meld laid down. ``requirements`` is aligned with ``melds``: the requirement
    each meld makes, None for a further meld. ``left``: the cards not laid down (in a go-out deal, the card
    to discard). ``missing``: what is missing, in words for people (empty when possible).
    """

    possible: bool
    contract: Contract
    melds: tuple[Meld, ...]
    requirements: tuple[Requirement | None, ...]
    left: tuple[Card, ...]
    missing: tuple[Problem, ...] = ()
    go_out: bool = False

    def __bool__(self) -> bool:
        return self.possible

    @property
    def contract_melds(self) -> tuple[Meld, ...]:
        """The melds that make the contract's requirements (not the further melds of a go-out deal)."""
        return tuple(m for m, r in zip(self.melds, self.requirements, strict=True) if r is not None)

    @property
    def messages(self) -> tuple[str, ...]:
        """What is missing, as English sentences."""
        return tuple(p.message for p in self.missing)


class HandSizeError(RulesError):
    """A hand of no cards, or of more than :data:`MAX_HAND`."""

    def __init__(self, count: int) -> None:
        self.count = count
        super().__init__(f"a hand of {count} cards: give 1 to {MAX_HAND} cards")


class ContractChoiceError(RulesError):
    """The contract asked for is not one of the deal's."""

    def __init__(self, choice: object, deal: Deal) -> None:
        self.choice = choice
        super().__init__(
            f"{choice!r} is not a contract of deal {deal.number} (it has {len(deal.contracts)}: "
            + "; ".join(f"{i} {c.describe()}" for i, c in enumerate(deal.contracts))
            + ")"
        )


# --------------------------------------------------------------------------------------------------
# The entry point
# --------------------------------------------------------------------------------------------------


def solve(
    variant: Variant | str,
    deal: int | Deal,
    hand: CardsLike,
    *,
    players: int | None = None,
    contract: Contract | int | None = None,
) -> Solution:
    """Whether ``hand`` holds deal ``deal``'s contract, one arrangement, and otherwise how close it is.

    ``contract`` picks one of the deal's alternatives (a Contract or its 0-based index); by default every
    alternative is tried. Bad input raises a :class:`~referee.rules.problems.RulesError`: an unknown
    variant or deal, bad notation, a hand of no cards or more than 30, more copies of a card than the
    decks hold (for ``players``, or the most decks the variant uses).
    """
    found = to_variant(variant)
    the_deal = deal if isinstance(deal, Deal) else found.deal(deal)
    if players is not None:
        found.check_players(players)
    cards = to_cards(hand)
    if not 1 <= len(cards) <= MAX_HAND:
        raise HandSizeError(len(cards))
    found.check_copies(cards, players)
    alternatives = _alternatives(the_deal, contract)
    codes = encode(cards)
    counts = [0] * _SLOTS
    for code in codes:
        counts[code] += 1
    start = tuple(counts)
    discard = found.final_discard_in(the_deal.number)
    go_out = the_deal.go_out_in_one_turn
    searches = [
        _Search(found, the_deal, c, go_out=go_out, discard=discard, extras=found.layoff.extra_melds_on_contract_turn)
        for c in alternatives
    ]
    for search in searches:
        plan = search.exact(start)
        if plan is not None:
            return search.solution(start, plan, possible=True)
    best: tuple[tuple[float, int, int], _Search, _Plan] | None = None
    for index, search in enumerate(searches):
        plan = search.closest(start)
        met = sum(1 for p in plan if p.req is not None)
        used = sum(len(p.naturals) + len(p.wilds) for p in plan)
        score = (met / len(search.reqs), used, -index)
        if best is None or score > best[0]:
            best = (score, search, plan)
    assert best is not None
    return best[1].solution(start, best[2], possible=False)


def _alternatives(deal: Deal, choice: Contract | int | None) -> tuple[Contract, ...]:
    if choice is None:
        return deal.contracts
    if isinstance(choice, Contract):
        return (choice,)
    if isinstance(choice, int) and not isinstance(choice, bool) and 0 <= choice < len(deal.contracts):
        return (deal.contracts[choice],)
    raise ContractChoiceError(choice, deal)


# --------------------------------------------------------------------------------------------------
# Requirements and plans, as the search sees them
# --------------------------------------------------------------------------------------------------


class _Spec(NamedTuple):
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


class _Part(NamedTuple):
    """One meld of a plan: its spec's requirement, the natural and wild card codes, and its shape.

    ``shape`` is for a run (suit, ranks in order), for a set or pair (rank,) — (0,) for wild cards only —
    and for a colour run the codes in order.
    """

    req: int | None
    kind: MeldKind
    naturals: tuple[int, ...]
    wilds: tuple[int, ...]
    shape: tuple[int, ...]


_Plan = tuple[_Part, ...]
_Counts = tuple[int, ...]
_Mark = tuple[int, ...]  # what a contract meld leaves for the checks between melds (see _Search._mark)
_Marks = tuple[_Mark, ...]


def _take(counts: _Counts, codes: Sequence[int]) -> _Counts:
    out = list(counts)
    for code in codes:
        out[code] -= 1
    return tuple(out)


@lru_cache(maxsize=256)
def _windows(ace: AceRule, length: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
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


# --------------------------------------------------------------------------------------------------
# The search
# --------------------------------------------------------------------------------------------------


class _OutOfBudget(Exception):
    """The closest-arrangement search ran out of steps (huge hands)."""


class _Search:
    """The search for one contract of one deal."""

    def __init__(
        self, variant: Variant, deal: Deal, contract: Contract, *, go_out: bool, discard: Discard, extras: bool
    ) -> None:
        self.variant = variant
        self.deal = deal
        self.contract = contract
        rules = variant.meld_rules
        self.rules = rules
        self.twos_wild = rules.twos_wild
        self.wild_codes = (0, 8, 9, 10, 11) if rules.twos_wild else (0,)
        self.go_out = go_out
        self.discard = discard
        self.max_run = rules.longest_run
        self.budget = contract.max_wilds if contract.max_wilds is not None else 99
        self.tracks = not (contract.sets_share_rank and contract.runs_share_suit and contract.runs_adjacent)
        groups: dict[Requirement, int] = {}
        reqs: list[_Spec] = []
        for index, req in enumerate(contract.melds):
            group = groups.setdefault(req, len(groups))
            kind_limit = {
                MeldKind.SET: rules.set_wilds,
                MeldKind.PAIR: rules.set_wilds,
                MeldKind.RUN: rules.run_wilds,
                MeldKind.COLOUR_RUN: WildLimit.NONE,
            }[req.kind]
            limits = (kind_limit,) if req.wilds is None else (kind_limit, req.wilds)
            reqs.append(
                _Spec(
                    index,
                    req.kind,
                    req.size,
                    req.or_more and req.kind is MeldKind.RUN,
                    limits,
                    req.wild_cap,
                    req.distinct_suits,
                    req.kind is MeldKind.SET and rules.wild_only_sets and req.wilds is not WildLimit.NONE,
                    group,
                )
            )
        self.reqs = tuple(reqs)
        self.extra_specs: tuple[_Spec, ...] = ()
        if go_out and extras:
            specs = [_Spec(None, MeldKind.SET, rules.min_set, True, (rules.set_wilds,), None, False,
                           rules.wild_only_sets, -1)]
            if rules.runs:
                specs.append(_Spec(None, MeldKind.RUN, rules.min_run, True, (rules.run_wilds,), None, False, False, -2))
            self.extra_specs = tuple(specs)
        self.leave_max = 0 if discard is Discard.FORBIDDEN else 1
        self.leave_min = 1 if discard is Discard.REQUIRED else 0
        # runs first (identical ones side by side), then sets: different suits first, then the biggest
        self._run_order = tuple(
            sorted(
                (i for i, r in enumerate(self.reqs) if r.kind in (MeldKind.RUN, MeldKind.COLOUR_RUN)),
                key=lambda i: (self.reqs[i].group, i),
            )
        )
        self._set_order = self._order_sets(
            tuple(i for i, r in enumerate(self.reqs) if r.kind in (MeldKind.SET, MeldKind.PAIR))
        )
        # the searches' memory, fresh for each search
        self._memo_fail: set[object] = set()
        self._memo_best: dict[object, int] = {}
        self._best: tuple[int, _Plan] = (-1, ())
        self._steps = 0

    # ---- public -------------------------------------------------------------------------------------

    def exact(self, counts: _Counts) -> _Plan | None:
        """A plan that meets the whole contract (a go-out deal: lays the whole hand down), or None."""
        total = sum(counts)
        if total < self.contract.card_count + (self.leave_min if self.go_out else 0):
            return None
        self._memo_fail = set()
        if self.go_out:
            return self._go_out(counts, tuple(range(len(self.reqs))), self.leave_max, 0, ())
        return self._runs(counts, self._run_order, 0, ())

    def closest(self, counts: _Counts) -> _Plan:
        """The plan with the most requirements met, then the most cards laid down."""
        self._steps = 0
        self._best = (-1, ())
        self._memo_best = {}
        try:
            if self.go_out:
                self._go_closest(counts, tuple(range(len(self.reqs))), 0, (), (), 0)
            else:
                self._runs_closest(counts, self._run_order, 0, (), (), 0)
        except _OutOfBudget:
            pass
        return self._best[1]

    # ---- wild cards -----------------------------------------------------------------------------------

    def _wild_count(self, counts: _Counts) -> int:
        if self.twos_wild:
            return counts[0] + counts[8] + counts[9] + counts[10] + counts[11]
        return counts[0]

    def _wild_choices(self, counts: _Counts, need: int, many: bool) -> list[tuple[int, ...]]:
        """Which wild cards to spend: jokers first, then 2s (every choice of suits when ``many``)."""
        if need == 0:
            return [()]
        jokers = counts[0]
        if need <= jokers:
            return [(0,) * need]
        if not self.twos_wild:
            return []
        rest = need - jokers
        twos = [(code, counts[code]) for code in (8, 9, 10, 11) if counts[code] > 0]
        if sum(n for _, n in twos) < rest:
            return []
        head = (0,) * jokers
        if not many:
            chosen: list[int] = []
            for code, n in sorted(twos, key=lambda t: -t[1]):
                take = min(n, rest - len(chosen))
                chosen.extend([code] * take)
                if len(chosen) == rest:
                    break
            return [head + tuple(chosen)]
        out: list[tuple[int, ...]] = []
        pool = [code for code, n in twos for _ in range(n)]
        for combo in sorted(set(itertools.combinations(pool, rest))):
            out.append(head + combo)
        return out

    # ---- contract constraints -------------------------------------------------------------------------

    def _allowed(self, spec: _Spec, shape: tuple[int, ...], kind: MeldKind, taken: _Marks) -> bool:
        """Whether a contract meld of ``shape`` goes with the contract melds already ``taken``."""
        return not self.tracks or spec.req is None or self._clash(shape, kind, taken) is None

    def _clash(self, shape: tuple[int, ...], kind: MeldKind, taken: _Marks) -> str | None:
        """Which rule between contract melds a meld of ``shape`` breaks: "rank", "suit", "adjacent" or None."""
        contract = self.contract
        if kind is MeldKind.SET or kind is MeldKind.PAIR:
            if contract.sets_share_rank or shape[0] == 0:
                return None
            return None if all(t[0] != 1 or t[1] != shape[0] for t in taken) else "rank"
        if kind is not MeldKind.RUN:
            return None
        suit, low, high = shape[0], shape[1], shape[2]
        for t in taken:
            if t[0] != 2 or t[1] != suit:
                continue
            if not contract.runs_share_suit:
                return "suit"
            if not contract.runs_adjacent and (t[3] + 1 == low or high + 1 == t[2]):
                return "adjacent"
        return None

    @staticmethod
    def _mark(kind: MeldKind, shape: tuple[int, ...]) -> tuple[int, ...]:
        """What a contract meld leaves for the constraint checks: (1, rank) or (2, suit, low, high)."""
        if kind is MeldKind.SET or kind is MeldKind.PAIR:
            return (1, shape[0])
        if kind is MeldKind.RUN:
            return (2, shape[0], shape[1], shape[2])
        return (3,)

    # ---- candidate runs (ordinary deals) ---------------------------------------------------------------

    def _run_parts(
        self, spec: _Spec, counts: _Counts, wused: int, substitute: bool, taken: _Marks, *, many_twos: bool
    ) -> list[tuple[_Part, tuple[int, ...]]]:
        """Every run of exactly the requirement's size the cards allow, as (part, constraint mark).

        With ``many_twos`` every choice of which wild 2s to spend is a candidate of its own (a later run may
        need a 2 of its suit in its own place); without, 2s are spent in one fixed order.
        """
        length = spec.size
        if length > self.max_run:
            return []
        wild_pool = self._wild_count(counts)
        room = min(wild_pool, self.budget - wused)
        out: list[tuple[_Part, tuple[int, ...]]] = []
        seen: set[object] = set()
        twos_wild = self.twos_wild
        for suit in range(4):
            for start, ranks in _windows(self.rules.ace, length):
                present = [r * 4 + suit for r in ranks if counts[r * 4 + suit] > 0]
                if length - len(present) > room or not present:
                    continue
                if substitute:
                    options: list[tuple[int, ...]] = []
                    for k in range(len(present), max(1, length - room) - 1, -1):
                        options.extend(itertools.combinations(present, k))
                else:
                    options = [tuple(present)]
                for used in options:
                    n = len(used)
                    w = length - n
                    if not spec.fits(n, w):
                        continue
                    rest = counts
                    if twos_wild and any(8 <= c <= 11 for c in used):
                        rest = _take(counts, [c for c in used if 8 <= c <= 11])
                    for wilds in self._wild_choices(rest, w, many=many_twos and len(self.reqs) > 1):
                        shape = (suit, *ranks)
                        mark = (2, suit, start, start + length - 1)
                        key = (used, wilds, mark if self.tracks else None)
                        if key in seen:
                            continue
                        seen.add(key)
                        if not self._allowed(spec, mark[1:], MeldKind.RUN, taken):
                            continue
                        out.append((_Part(spec.req, MeldKind.RUN, used, wilds, shape), mark))
        out.sort(key=lambda item: len(item[0].wilds))  # natural cards first: wild cards are scarce
        return out

    def _colour_parts(self, spec: _Spec, counts: _Counts, sizes: Sequence[int]) -> list[_Part]:
        """Every colour run of one of ``sizes`` cards in the hand (natural cards only)."""
        out: list[_Part] = []
        for length in sizes:
            if length > 13:
                continue
            starts = range(1, 14) if length < 13 else range(1, 2)
            for start in starts:
                ranks = [(start - 1 + i) % 13 + 1 for i in range(length)]
                for first_red in (False, True):
                    choices: list[list[int]] = []
                    for i, r in enumerate(ranks):
                        red = first_red != (i % 2 == 1)
                        options = [r * 4 + s for s in range(4) if _RED[s] == red and counts[r * 4 + s] > 0]
                        if not options:
                            break
                        choices.append(options)
                    else:
                        for combo in itertools.product(*choices):
                            out.append(_Part(spec.req, MeldKind.COLOUR_RUN, tuple(combo), (), tuple(combo)))
        return out

    # ---- ordinary deals: exact ----------------------------------------------------------------------

    def _runs(self, counts: _Counts, todo: tuple[int, ...], wused: int, taken: _Marks) -> _Plan | None:
        if not todo:
            return self._sets(counts, 0, wused, taken)
        key = (counts, todo, wused, taken)
        if key in self._memo_fail:
            return None
        choice: tuple[int, list[tuple[_Part, tuple[int, ...]]]] | None = None
        tried: set[int] = set()
        substitute = len(self.reqs) > 1
        for i in todo:
            spec = self.reqs[i]
            if spec.group in tried:
                continue
            tried.add(spec.group)
            if spec.kind is MeldKind.COLOUR_RUN:
                parts = [(p, _COLOUR_MARK) for p in self._colour_parts(spec, counts, (spec.size,))]
            else:
                parts = self._run_parts(spec, counts, wused, substitute, taken, many_twos=True)
            if choice is None or len(parts) < len(choice[1]):
                choice = (i, parts)
            if not parts:
                break
        assert choice is not None
        index, parts = choice
        rest = tuple(i for i in todo if i != index)
        for part, mark in parts:
            after = _take(counts, part.naturals + part.wilds)
            marks = taken + (mark,) if self.tracks else taken
            found = self._runs(after, rest, wused + len(part.wilds), marks)
            if found is not None:
                return (part,) + found
        self._memo_fail.add(key)
        return None

    def _order_sets(self, sets: tuple[int, ...]) -> tuple[int, ...]:
        """Sets with different suits first, then the biggest, then those that need the most naturals."""
        reqs = self.reqs
        return tuple(sorted(sets, key=lambda i: (not reqs[i].distinct, -reqs[i].size, i)))

    def _set_parts(
        self, spec: _Spec, counts: _Counts, wused: int, taken: _Marks, low_rank: int
    ) -> list[_Part]:
        """Every way to make the set (or pair) from the cards by rank: most natural cards first."""
        size = spec.size
        room = min(self._wild_count(counts), self.budget - wused)
        out: list[_Part] = []
        for rank in range(13, max(low_rank, 1) - 1, -1):
            if rank == 2 and self.twos_wild:
                continue
            base = rank * 4
            by_suit = [(counts[base + s], base + s) for s in range(4) if counts[base + s] > 0]
            have = sum(n for n, _ in by_suit)
            if have == 0 or not self._allowed(spec, (rank,), spec.kind, taken):
                continue
            if spec.distinct:
                if len(by_suit) < size or not spec.fits(size, 0):
                    continue
                best_suits = [code for _, code in sorted(by_suit, reverse=True)[:size]]
                out.append(_Part(spec.req, spec.kind, tuple(sorted(best_suits)), (), (rank,)))
                continue
            for n in range(min(size, have), 0, -1):
                w = size - n
                if w > room:
                    break
                if not spec.fits(n, w):
                    continue
                picks = _spread(by_suit, n)
                for wilds in self._wild_choices(_take(counts, picks), w, many=False):
                    out.append(_Part(spec.req, spec.kind, picks, wilds, (rank,)))
        if spec.wild_only and low_rank <= 0:
            jokers = counts[0]
            if jokers >= size and self.budget - wused >= size:
                out.append(_Part(spec.req, spec.kind, (), (0,) * size, (0,)))
        out.sort(key=lambda part: len(part.wilds))  # natural cards first: wild cards are scarce
        return out

    def _sets(self, counts: _Counts, k: int, wused: int, taken: _Marks, low_rank: int = 0) -> _Plan | None:
        order = self._set_order
        if k == len(order):
            return ()
        key = ("s", counts, k, wused, taken, low_rank)
        if key in self._memo_fail:
            return None
        spec = self.reqs[order[k]]
        same_next = k + 1 < len(order) and self.reqs[order[k + 1]].group == spec.group
        for part in self._set_parts(spec, counts, wused, taken, low_rank):
            after = _take(counts, part.naturals + part.wilds)
            marks = taken + (self._mark(part.kind, part.shape),) if self.tracks else taken
            # identical requirements take ranks in order: no symmetric retries
            found = self._sets(after, k + 1, wused + len(part.wilds), marks, part.shape[0] if same_next else 0)
            if found is not None:
                return (part,) + found
        self._memo_fail.add(key)
        return None

    # ---- ordinary deals: closest ------------------------------------------------------------------------

    def _tick(self) -> None:
        self._steps += 1
        if self._steps > _OPTIMISE_BUDGET:
            raise _OutOfBudget

    def _offer(self, score: int, plan: _Plan) -> None:
        if score > self._best[0]:
            self._best = (score, plan)

    def _bound(self, counts: _Counts, todo: Sequence[int]) -> int:
        """The most the requirements ``todo`` can still add: as many as the cards left can fill, each with
        at least one natural card (a set of wild cards only aside), the largest ones counted."""
        if not todo:
            return 0
        total = sum(counts)
        wilds = self._wild_count(counts)
        naturals = total - wilds
        sizes = sorted(self.reqs[i].size for i in todo)
        fit = 0
        room = total
        for size in sizes:
            if size > room:
                break
            room -= size
            fit += 1
        if not any(self.reqs[i].wild_only for i in todo):
            fit = min(fit, naturals)
        return fit * 1000 + min(total, sum(sizes[len(sizes) - fit :]))

    def _value(self, part: _Part) -> int:
        return (1000 if part.req is not None else 0) + len(part.naturals) + len(part.wilds)

    def _runs_closest(
        self,
        counts: _Counts,
        todo: tuple[int, ...],
        wused: int,
        taken: _Marks,
        plan: _Plan,
        score: int,
        floor: tuple[object, ...] = (),
    ) -> None:
        self._tick()
        if score + self._bound(counts, todo + self._set_order) <= self._best[0]:
            return
        if not todo:
            self._sets_closest(counts, 0, wused, taken, plan, score, 0)
            return
        key = (counts, todo, wused, taken, floor)
        if self._memo_best.get(key, -1) >= score:
            return
        self._memo_best[key] = score
        index = todo[0]
        spec = self.reqs[index]
        if spec.kind is MeldKind.COLOUR_RUN:
            parts = [(p, _COLOUR_MARK) for p in self._colour_parts(spec, counts, (spec.size,))]
        else:
            parts = self._run_parts(spec, counts, wused, len(self.reqs) > 1, taken, many_twos=False)
        rest = todo[1:]
        twin_next = bool(rest) and self.reqs[rest[0]].group == spec.group
        for part, mark in parts:
            # identical requirements take their runs in one order: no symmetric retries
            order = (part.shape, part.naturals, part.wilds)
            if floor and order < floor:
                continue
            after = _take(counts, part.naturals + part.wilds)
            marks = taken + (mark,) if self.tracks else taken
            self._runs_closest(
                after, rest, wused + len(part.wilds), marks, plan + (part,), score + self._value(part),
                order if twin_next else (),
            )
        # unmet: identical requirements after it stay unmet too (the met ones come first)
        while rest and self.reqs[rest[0]].group == spec.group:
            rest = rest[1:]
        self._runs_closest(counts, rest, wused, taken, plan, score)

    def _sets_closest(
        self,
        counts: _Counts,
        k: int,
        wused: int,
        taken: _Marks,
        plan: _Plan,
        score: int,
        low_rank: int,
    ) -> None:
        self._tick()
        order = self._set_order
        if k == len(order):
            self._offer(score, plan)
            return
        if score + self._bound(counts, order[k:]) <= self._best[0]:
            return
        key = ("s", counts, k, wused, taken, low_rank)
        if self._memo_best.get(key, -1) >= score:
            return
        self._memo_best[key] = score
        spec = self.reqs[order[k]]
        same_next = k + 1 < len(order) and self.reqs[order[k + 1]].group == spec.group
        for part in self._set_parts(spec, counts, wused, taken, low_rank):
            after = _take(counts, part.naturals + part.wilds)
            marks = taken + (self._mark(part.kind, part.shape),) if self.tracks else taken
            self._sets_closest(
                after, k + 1, wused + len(part.wilds), marks, plan + (part,), score + self._value(part),
                part.shape[0] if same_next else 0,
            )
        # skipped: identical requirements after it are skipped too (met ones come first)
        nxt = k + 1
        while nxt < len(order) and self.reqs[order[nxt]].group == spec.group:
            nxt += 1
        self._sets_closest(counts, nxt, wused, taken, plan, score, 0)

    # ---- go-out deals ---------------------------------------------------------------------------------

    def _lowest(self, counts: _Counts) -> int:
        """The lowest natural card's code, or 0 when only wild cards are left."""
        twos_wild = self.twos_wild
        for code in range(4, _SLOTS):
            if counts[code] and not (twos_wild and 8 <= code <= 11):
                return code
        return 0

    def _specs_for(self, todo: tuple[int, ...]) -> list[_Spec]:
        """The requirements still to meet (one per group of identical ones), then the extra melds."""
        out: list[_Spec] = []
        groups: set[int] = set()
        for i in todo:
            spec = self.reqs[i]
            if spec.group not in groups:
                groups.add(spec.group)
                out.append(spec)
        out.extend(self.extra_specs)
        return out

    def _melds_through(
        self, code: int, counts: _Counts, specs: Sequence[_Spec], wused: int, taken: _Marks
    ) -> list[tuple[_Part, tuple[int, ...]]]:
        """Every meld holding card ``code`` the specs allow, as (part, constraint mark)."""
        out: list[tuple[_Part, tuple[int, ...]]] = []
        rank, suit = code >> 2, code & 3
        wild_pool = self._wild_count(counts)
        set_specs = [s for s in specs if s.kind in (MeldKind.SET, MeldKind.PAIR)]
        run_specs = [s for s in specs if s.kind is MeldKind.RUN]
        colour_specs = [s for s in specs if s.kind is MeldKind.COLOUR_RUN]
        many = self.twos_wild
        if set_specs:
            base = rank * 4
            others = [(counts[base + s] - (1 if s == suit else 0), base + s) for s in range(4)]
            ranges = [range(n + 1) for n, _ in others]
            for pick in itertools.product(*ranges):
                naturals = (code,) + tuple(c for (n, c), k in zip(others, pick, strict=True) for _ in range(k))
                naturals = tuple(sorted(naturals))
                n = len(naturals)
                distinct = len(set(naturals)) == n
                after = _take(counts, naturals)
                for w in range(0, wild_pool + 1):
                    for spec in set_specs:
                        if not spec.takes(n + w) or not spec.fits(n, w):
                            continue
                        if spec.distinct and not distinct:
                            continue
                        if spec.req is not None and (
                            wused + w > self.budget or not self._allowed(spec, (rank,), spec.kind, taken)
                        ):
                            continue
                        for wilds in self._wild_choices(after, w, many=False):
                            out.append((_Part(spec.req, spec.kind, naturals, wilds, (rank,)), (1, rank)))
        if run_specs and self.rules.runs and not (self.rules.ace is AceRule.NOT_IN_RUNS and rank == 1):
            lengths = range(self.max_run, min(s.size for s in run_specs) - 1, -1)
            seen: set[object] = set()
            for length in lengths:
                fitting = [s for s in run_specs if s.takes(length)]
                if not fitting:
                    continue
                for start, ranks in _windows(self.rules.ace, length):
                    if rank not in ranks:
                        continue
                    present = [r * 4 + suit for r in ranks if r != rank and counts[r * 4 + suit] > 0]
                    gaps = length - 1 - len(present)
                    if gaps > wild_pool:
                        continue
                    for k in range(len(present), max(0, length - 1 - wild_pool) - 1, -1):
                        for others_used in itertools.combinations(present, k):
                            used = tuple(sorted((code, *others_used)))
                            n = k + 1
                            w = length - n
                            rest = _take(counts, used)
                            for spec in fitting:
                                if not spec.fits(n, w):
                                    continue
                                mark = (2, suit, start, start + length - 1)
                                if spec.req is not None and (
                                    wused + w > self.budget or not self._allowed(spec, mark[1:], MeldKind.RUN, taken)
                                ):
                                    continue
                                for wilds in self._wild_choices(rest, w, many=many):
                                    key = (used, wilds, spec.group, mark if self.tracks else None)
                                    if key in seen:
                                        continue
                                    seen.add(key)
                                    out.append((_Part(spec.req, MeldKind.RUN, used, wilds, (suit, *ranks)), mark))
        for spec in colour_specs:
            sizes = [n for n in (12, 13) if spec.takes(n)]
            for part in self._colour_parts(spec, counts, sizes):
                if code in part.naturals:
                    out.append((part, _COLOUR_MARK))
        return out

    def _go_out(
        self, counts: _Counts, todo: tuple[int, ...], leave: int, wused: int, taken: _Marks
    ) -> _Plan | None:
        total = sum(counts)
        need = sum(self.reqs[i].size for i in todo)
        if total < need + (self.leave_min if leave else 0):
            return None
        if not self.extra_specs and not any(self.reqs[i].or_more for i in todo) and total > need + leave:
            return None
        key = (counts, todo, leave, wused, taken)
        if key in self._memo_fail:
            return None
        code = self._lowest(counts)
        result: _Plan | None = None
        if code == 0:
            result = self._wilds_out(counts, todo, leave, wused, taken)
        else:
            for part, mark in self._melds_through(code, counts, self._specs_for(todo), wused, taken):
                after = _take(counts, part.naturals + part.wilds)
                rest = todo
                marks = taken
                w = wused
                if part.req is not None:
                    rest = tuple(i for i in todo if i != part.req)
                    w = wused + len(part.wilds)
                    if self.tracks:
                        marks = taken + (mark,)
                found = self._go_out(after, rest, leave, w, marks)
                if found is not None:
                    result = (part,) + found
                    break
            if result is None and leave:
                found = self._go_out(_take(counts, (code,)), todo, 0, wused, taken)
                if found is not None:
                    result = (_Part(None, MeldKind.SET, (), (), ()),) + found  # the discard marker
        if result is None:
            self._memo_fail.add(key)
        return result

    def _wilds_out(
        self, counts: _Counts, todo: tuple[int, ...], leave: int, wused: int, taken: _Marks
    ) -> _Plan | None:
        """Only wild cards are left: sets of wild cards only, or the one discard."""
        wilds = self._wild_count(counts)
        if wilds == 0:
            if todo or (self.leave_min and leave):
                return None
            return ()
        codes = [c for c in self.wild_codes for _ in range(counts[c])]
        if leave:
            found = self._wilds_out(_take(counts, codes[:1]), todo, 0, wused, taken)
            if found is not None:
                return (_Part(None, MeldKind.SET, (), (), ()),) + found
        for spec in self._specs_for(todo):
            if spec.kind is not MeldKind.SET or not spec.wild_only:
                continue
            for size in range(spec.size, wilds + 1):
                if not spec.takes(size) or (spec.req is not None and wused + size > self.budget):
                    continue
                part = _Part(spec.req, MeldKind.SET, (), tuple(codes[:size]), (0,))
                rest = tuple(i for i in todo if i != spec.req) if spec.req is not None else todo
                found = self._wilds_out(
                    _take(counts, codes[:size]), rest, leave, wused + (size if spec.req is not None else 0), taken
                )
                if found is not None:
                    return (part,) + found
        return None

    def _go_closest(
        self,
        counts: _Counts,
        todo: tuple[int, ...],
        wused: int,
        taken: _Marks,
        plan: _Plan,
        score: int,
    ) -> None:
        self._tick()
        total = sum(counts)
        # every card left may still be laid down (in further melds), but only so many requirements met
        if score + self._bound(counts, todo) // 1000 * 1000 + total <= self._best[0]:
            return
        key = (counts, todo, wused, taken)
        if self._memo_best.get(key, -1) >= score:
            return
        self._memo_best[key] = score
        code = self._lowest(counts)
        if code == 0:
            self._offer(score, plan)
            found = self._wilds_out_closest(counts, todo, wused, plan, score)
            if found is not None:
                self._offer(*found)
            return
        for part, mark in self._melds_through(code, counts, self._specs_for(todo), wused, taken):
            after = _take(counts, part.naturals + part.wilds)
            rest = todo
            marks = taken
            w = wused
            if part.req is not None:
                rest = tuple(i for i in todo if i != part.req)
                w = wused + len(part.wilds)
                if self.tracks:
                    marks = taken + (mark,)
            self._go_closest(after, rest, w, marks, plan + (part,), score + self._value(part))
        self._go_closest(_take(counts, (code,)), todo, wused, taken, plan, score)

    def _wilds_out_closest(
        self, counts: _Counts, todo: tuple[int, ...], wused: int, plan: _Plan, score: int
    ) -> tuple[int, _Plan] | None:
        codes = [c for c in self.wild_codes for _ in range(counts[c])]
        for spec in self._specs_for(todo):
            if spec.kind is MeldKind.SET and spec.wild_only and len(codes) >= spec.size:
                if spec.req is not None and wused + spec.size > self.budget:
                    continue
                part = _Part(spec.req, MeldKind.SET, (), tuple(codes[: spec.size]), (0,))
                return score + self._value(part), plan + (part,)
        return None

    # ---- the answer -------------------------------------------------------------------------------------

    def solution(self, start: _Counts, plan: _Plan, *, possible: bool) -> Solution:
        """The plan as a :class:`Solution`, with what is missing when it falls short."""
        parts = [p for p in plan if p.naturals or p.wilds]
        left = list(start)
        for part in parts:
            for code in part.naturals + part.wilds:
                left[code] -= 1
        if not self.go_out:
            parts = [p if p.req is None or not self.reqs[p.req].or_more else self._extend(p, left) for p in parts]
        contract_parts = sorted((p for p in parts if p.req is not None), key=lambda p: p.req or 0)
        extras = [p for p in parts if p.req is None]
        ordered = contract_parts + extras
        melds = tuple(_meld(p) for p in ordered)
        requirements = tuple(self.contract.melds[p.req] if p.req is not None else None for p in ordered)
        left_cards = decode(c for c in range(_SLOTS) for _ in range(left[c]))
        missing: tuple[Problem, ...] = ()
        if not possible:
            # the cards of further melds could go to the contract instead: count them as free
            free = list(left)
            for part in extras:
                for code in part.naturals + part.wilds:
                    free[code] += 1
            missing = tuple(self._missing(contract_parts, tuple(free), left_cards))
        return Solution(possible, self.contract, melds, requirements, left_cards, missing, self.go_out)

    def _extend(self, part: _Part, left: list[int]) -> _Part:
        """An "or more" contract run with the natural cards left that continue it at either end."""
        if part.kind is not MeldKind.RUN:
            return part
        suit, ranks = part.shape[0], part.shape[1:]
        naturals = list(part.naturals)
        grown = True
        while grown and len(ranks) < self.max_run:
            grown = False
            for longer in self._longer(ranks):
                added = longer[-1] if longer[:-1] == ranks else longer[0]
                if left[added * 4 + suit] > 0:
                    left[added * 4 + suit] -= 1
                    naturals.append(added * 4 + suit)
                    ranks = longer
                    grown = True
                    break
        return part._replace(naturals=tuple(sorted(naturals)), shape=(suit, *ranks))

    def _longer(self, ranks: tuple[int, ...]) -> list[tuple[int, ...]]:
        """The runs one card longer than ``ranks`` (up first, then down) the ace rule allows."""
        length = len(ranks) + 1
        if self.rules.ace is AceRule.WRAP and length == 13:
            missing = next(r for r in range(1, 14) if r not in ranks)
            return [(*ranks, missing), (missing, *ranks)]
        windows = [w for _, w in _windows(self.rules.ace, length)]
        return [w for w in windows if w[:-1] == ranks] + [w for w in windows if w[1:] == ranks]

    # ---- what is missing ----------------------------------------------------------------------------
    # Every sentence is a whole template (the screens translate templates, not fragments); the wild card is
    # "joker" where only jokers are wild and "wild card" where 2s are too.

    def _missing(self, met: list[_Part], left: _Counts, left_cards: tuple[Card, ...]) -> list[Problem]:
        problems: list[Problem] = []
        done = {p.req for p in met}
        taken = tuple(self._mark(p.kind, p.shape) for p in met)
        wused = sum(len(p.wilds) for p in met)
        unmet = [spec for spec in self.reqs if spec.req not in done]
        pool = left
        for spec in unmet:
            found, counted = self._near_miss(spec, pool, taken, wused)
            problems.extend(p for p in found if p not in problems)
            pool = _take(pool, counted)  # the next requirement's near miss looks at other cards
        if not unmet and self.go_out:
            count = len(left_cards)
            if count > self.leave_max:
                problems.append(self._left_over(_pretty(left_cards), count))
            elif count < self.leave_min:
                problems.append(
                    Problem.of(
                        "needs-discard",
                        deal=self.deal.number,
                    )
                )
        return problems

    def _left_over(self, cards: str, count: int) -> Problem:
        """Cards the go-out lay-down cannot use."""
        deal = self.deal.number
        if self.leave_max == 0:
            return Problem.of(
                "cards-left-over",
                cards=cards, deal=deal, count=count,
            )
        if self.leave_min:
            return Problem.of(
                "cards-left-over",
                "one-discard",
                cards=cards, deal=deal, count=count,
            )
        return Problem.of(
            "cards-left-over",
            "at-most-one-discard",
            cards=cards, deal=deal, count=count,
        )

    def _near_miss(
        self, spec: _Spec, left: _Counts, taken: _Marks, wused: int
    ) -> tuple[list[Problem], list[int]]:
        """What the requirement still needs from the cards left, and the cards that count towards it."""
        req = self.contract.melds[spec.req or 0]
        name = _name(req)
        wilds_left = min(self._wild_count(left), max(0, self.budget - wused))
        if spec.kind in (MeldKind.SET, MeldKind.PAIR):
            return self._set_miss(spec, name, left, taken, wilds_left)
        if spec.kind is MeldKind.RUN:
            return self._run_miss(spec, name, left, taken, wilds_left)
        return [
            Problem.of(
                "needs-colour-run",
                requirement=name,
                size=spec.size,
            )
        ], []

    def _blocked(self, reason: str, shape: tuple[int, ...]) -> Problem:
        """Why a meld the cards would make cannot join the contract melds already there."""
        variant = self.variant.name
        if reason == "rank":
            return Problem.of(
                "blocked-sets-share-rank",
                variant=variant,
                rank=Rank(shape[0]),
            )
        suit = _SUITS[shape[0]]
        if reason == "suit":
            return Problem.of(
                "blocked-runs-share-suit",
                variant=variant,
                suit=suit,
            )
        return Problem.of(
            "blocked-runs-adjacent",
            variant=variant,
            suit=suit,
        )

    def _set_miss(
        self, spec: _Spec, name: Requirement, left: _Counts, taken: _Marks, wilds: int
    ) -> tuple[list[Problem], list[int]]:
        size = spec.size
        best: tuple[int, int, int] | None = None  # (still needed, -naturals, -rank)
        blocked: tuple[int, int, int] | None = None
        for rank in range(13, 0, -1):
            if rank == 2 and self.twos_wild:
                continue
            clash = self._clash((rank,), spec.kind, taken) if self.tracks else None
            base = rank * 4
            have = len([s for s in range(4) if left[base + s]]) if spec.distinct else sum(left[base : base + 4])
            have = min(have, size)
            if have == 0:
                continue
            usable = 0
            if not spec.distinct:
                usable = max((w for w in range(min(wilds, size - have) + 1) if spec.fits(have, w)), default=0)
            candidate = (size - have - usable, -have, -rank)
            if clash is not None:
                if blocked is None or candidate < blocked:
                    blocked = candidate
            elif best is None or candidate < best:
                best = candidate
        notes = []
        if blocked is not None and (best is None or blocked < best):
            notes.append(self._blocked("rank", (-blocked[2],)))
        if best is None:
            fresh = not self.contract.sets_share_rank and any(t[0] == 1 and t[1] for t in taken)
            if fresh:
                problem = Problem.of(
                    "needs-meld",
                    "fresh-rank",
                    requirement=name, count=size, kind=spec.kind,
                )
            else:
                problem = Problem.of(
                    "needs-meld",
                    requirement=name, count=size, kind=spec.kind,
                )
            return [problem, *notes], []
        need, negative_have, negative_rank = best
        rank = -negative_rank
        have = -negative_have
        label = Rank(rank)
        base = rank * 4
        by_suit = [(left[base + s], base + s) for s in range(4) if left[base + s]]
        if spec.distinct:
            suits = " ".join(_SUITS[s].symbol for s in range(4) if not left[base + s])
            if need == 1:
                problem = Problem.of(
                    "needs-pure-set-cards",
                    "one",
                    requirement=name, rank=label, suits=suits, count=need,
                )
            else:
                problem = Problem.of(
                    "needs-pure-set-cards",
                    requirement=name, rank=label, suits=suits, count=need,
                )
            return [problem, *notes], [code for _, code in by_suit][:size]
        counted = list(_spread(by_suit, have)) + self._wild_codes_in(left, size - have - need)
        used_wilds = size - have - need
        could_be_wild = max((y for y in range(need + 1) if spec.fits(have + need - y, used_wilds + y)), default=0)
        problem = self._set_words(name, label, need, could_be_wild)
        return [problem, *notes], counted

    def _set_words(self, name: Requirement, rank: Rank, need: int, wilds: int) -> Problem:
        """The set still needs ``need`` cards of ``rank``; ``wilds`` of them could be wild cards."""
        if need == 1 and not wilds:
            return Problem.of(
                "needs-set-cards",
                "one",
                requirement=name, rank=rank, count=need, wilds=wilds,
            )
        if need == 1 and not self.twos_wild:
            return Problem.of(
                "needs-set-cards",
                "one-or-joker",
                requirement=name, rank=rank, count=need, wilds=wilds,
            )
        if need == 1:
            return Problem.of(
                "needs-set-cards",
                "one-or-wild",
                requirement=name, rank=rank, count=need, wilds=wilds,
            )
        if not wilds:
            return Problem.of(
                "needs-set-cards",
                requirement=name, rank=rank, count=need, wilds=wilds,
            )
        if wilds >= need and not self.twos_wild:
            return Problem.of(
                "needs-set-cards",
                "or-jokers",
                requirement=name, rank=rank, count=need, wilds=wilds,
            )
        if wilds >= need:
            return Problem.of(
                "needs-set-cards",
                "or-wilds",
                requirement=name, rank=rank, count=need, wilds=wilds,
            )
        if not self.twos_wild:
            return Problem.of(
                "needs-set-cards",
                "or-some-jokers",
                requirement=name, rank=rank, count=need, wilds=wilds,
            )
        return Problem.of(
            "needs-set-cards",
            "or-some-wilds",
            requirement=name, rank=rank, count=need, wilds=wilds,
        )

    def _run_words(
        self, name: Requirement, cards: str, run: str, need: int, gaps: int, usable: int, wilds: int
    ) -> Problem:
        """The run still needs ``need`` of the ``gaps`` cards ``cards``; ``usable`` wild cards of the hand fill
        the other places, and ``wilds`` of the missing ones could be wild cards."""
        joker = not self.twos_wild
        if usable and joker:
            return Problem.of(
                "needs-run-cards",
                "jokers-fill",
                requirement=name, cards=cards, run=run, count=need, wilds=wilds,
            )
        if usable:
            return Problem.of(
                "needs-run-cards",
                "wilds-fill",
                requirement=name, cards=cards, run=run, count=need, wilds=wilds,
            )
        if not wilds:
            return Problem.of(
                "needs-run-cards",
                requirement=name, cards=cards, run=run, count=need, wilds=wilds,
            )
        if gaps == 1 and joker:
            return Problem.of(
                "needs-run-cards",
                "one-or-joker",
                requirement=name, cards=cards, run=run, count=need, wilds=wilds,
            )
        if gaps == 1:
            return Problem.of(
                "needs-run-cards",
                "one-or-wild",
                requirement=name, cards=cards, run=run, count=need, wilds=wilds,
            )
        if wilds >= need and joker:
            return Problem.of(
                "needs-run-cards",
                "or-jokers",
                requirement=name, cards=cards, run=run, count=need, wilds=wilds,
            )
        if wilds >= need:
            return Problem.of(
                "needs-run-cards",
                "or-wilds",
                requirement=name, cards=cards, run=run, count=need, wilds=wilds,
            )
        if joker:
            return Problem.of(
                "needs-run-cards",
                "or-some-jokers",
                requirement=name, cards=cards, run=run, count=need, wilds=wilds,
            )
        return Problem.of(
            "needs-run-cards",
            "or-some-wilds",
            requirement=name, cards=cards, run=run, count=need, wilds=wilds,
        )

    def _wild_codes_in(self, counts: _Counts, count: int) -> list[int]:
        """``count`` wild cards of ``counts`` (jokers first)."""
        codes = [c for c in self.wild_codes for _ in range(counts[c])]
        return codes[:count]

    def _run_miss(
        self, spec: _Spec, name: Requirement, left: _Counts, taken: _Marks, wilds: int
    ) -> tuple[list[Problem], list[int]]:
        length = spec.size
        best: tuple[int, int, int, int] | None = None
        best_window: tuple[int, tuple[int, ...], list[int], int] | None = None
        blocked: tuple[tuple[int, int, int, int], str, int] | None = None
        for suit in range(4):
            for start, ranks in _windows(self.rules.ace, min(length, self.max_run)):
                clash = self._clash((suit, start, start + length - 1), MeldKind.RUN, taken) if self.tracks else None
                have = [r for r in ranks if left[r * 4 + suit]]
                if not have:
                    continue
                gaps = [r for r in ranks if not left[r * 4 + suit]]
                usable = max((w for w in range(min(wilds, len(gaps)) + 1) if spec.fits(len(have), w)), default=0)
                candidate = (len(gaps) - usable, -len(have), suit, -start)
                if clash is not None:
                    if blocked is None or candidate < blocked[0]:
                        blocked = (candidate, clash, suit)
                elif best is None or candidate < best:
                    best = candidate
                    best_window = (suit, ranks, gaps, usable)
        notes = (
            [self._blocked(blocked[1], (blocked[2],))]
            if blocked is not None and (best is None or blocked[0] < best)
            else []
        )
        if best_window is None:
            problem = Problem.of(
                "needs-meld",
                "run",
                requirement=name,
                count=length,
                kind=MeldKind.RUN,
            )
            return [problem, *notes], []
        suit, ranks, gaps, usable = best_window
        symbol = _SUITS[suit].symbol
        need = len(gaps) - usable
        span = f"{_RANK_LABEL[ranks[0]]}{symbol}–{_RANK_LABEL[ranks[-1]]}{symbol}"
        cards = " ".join(f"{_RANK_LABEL[r]}{symbol}" for r in gaps)
        counted = [r * 4 + suit for r in ranks if r not in gaps] + self._wild_codes_in(left, usable)
        could_be_wild = max(
            (y for y in range(need + 1) if spec.fits(length - len(gaps) + need - y, usable + y)), default=0
        )
        problem = self._run_words(name, cards, span, need, len(gaps), usable, could_be_wild)
        return [problem, *notes], counted


def _spread(by_suit: list[tuple[int, int]], n: int) -> tuple[int, ...]:
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


def _meld(part: _Part) -> Meld:
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
                stands.append(Card(Rank(r), _SUITS[suit]))
        return Meld(MeldKind.RUN, tuple(cards), tuple(stands))
    rank = part.shape[0]
    natural_cards = decode(sorted(part.naturals, key=lambda c: (c & 3, c)))
    wild_cards = decode(sorted(part.wilds, key=lambda c: (c == 0, c)))
    stood = JOKER if rank == 0 else Card(Rank(rank), None)
    return Meld(part.kind, natural_cards + wild_cards, (None,) * len(natural_cards) + (stood,) * len(wild_cards))


def _name(req: Requirement) -> Requirement:
    """The requirement as the sentence names it: without its wild-card limit (the sentence says what may stand
    in)."""
    return replace(req, wilds=req.wilds if req.pure else None, wild_cap=None)


def _pretty(cards: Sequence[Card]) -> str:
    return " ".join(c.pretty() for c in cards)
