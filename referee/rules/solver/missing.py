"""What a hand still needs when the solver finds no contract: the problems the closest arrangement leaves,
each worded through its code (:mod:`referee.rules.wording`)."""

from __future__ import annotations

from typing import Protocol

from referee.rules.cards import Card, Rank, format_cards
from referee.rules.problems import Problem
from referee.rules.solver.shapes import (
    RANK_LABEL,
    SUITS,
    Counts,
    Marks,
    Part,
    Spec,
    named_requirement,
    run_windows,
    spread,
    without_codes,
)
from referee.rules.variants import (
    Contract,
    Deal,
    MeldKind,
    MeldRules,
    Requirement,
    Variant,
)


class _Searching(Protocol):
    """What the explanations read of the search."""

    variant: Variant
    deal: Deal
    contract: Contract
    rules: MeldRules
    twos_wild: bool
    wild_codes: tuple[int, ...]
    go_out: bool
    max_run: int
    budget: int
    tracks: bool
    reqs: tuple[Spec, ...]
    leave_min: int
    leave_max: int

    def _clash(self, shape: tuple[int, ...], kind: MeldKind, taken: Marks) -> str | None: ...

    def _mark(self, kind: MeldKind, shape: tuple[int, ...]) -> tuple[int, ...]: ...

    def _wild_count(self, counts: Counts) -> int: ...


class Shortfall:
    """What the contract melds the search could not make still need, as problems."""

    def __init__(self, search: _Searching) -> None:
        self.search = search

    # Each problem is a code and a form, worded once in referee.rules.wording; the form says "joker" where only
    # jokers are wild and "wild card" where 2s are too.

    def missing(self, met: list[Part], left: Counts, left_cards: tuple[Card, ...]) -> list[Problem]:
        """What the requirements not in ``met`` still need from the cards ``left`` (and, in a go-out deal, why
        the cards left over cannot go)."""
        problems: list[Problem] = []
        done = {p.req for p in met}
        taken = tuple(self.search._mark(p.kind, p.shape) for p in met)
        wused = sum(len(p.wilds) for p in met)
        unmet = [spec for spec in self.search.reqs if spec.req not in done]
        pool = left
        for spec in unmet:
            found, counted = self._near_miss(spec, pool, taken, wused)
            problems.extend(p for p in found if p not in problems)
            pool = without_codes(pool, counted)  # the next requirement's near miss looks at other cards
        if not unmet and self.search.go_out:
            count = len(left_cards)
            if count > self.search.leave_max:
                problems.append(self._left_over(format_cards(left_cards, pretty=True), count))
            elif count < self.search.leave_min:
                problems.append(
                    Problem.of(
                        "needs-discard",
                        deal=self.search.deal.number,
                    )
                )
        return problems

    def _left_over(self, cards: str, count: int) -> Problem:
        """Cards the go-out lay-down cannot use."""
        deal = self.search.deal.number
        if self.search.leave_max == 0:
            return Problem.of(
                "cards-left-over",
                cards=cards, deal=deal, count=count,
            )
        if self.search.leave_min:
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
        self, spec: Spec, left: Counts, taken: Marks, wused: int
    ) -> tuple[list[Problem], list[int]]:
        """What the requirement still needs from the cards left, and the cards that count towards it."""
        req = self.search.contract.melds[spec.req or 0]
        name = named_requirement(req)
        wilds_left = min(self.search._wild_count(left), max(0, self.search.budget - wused))
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
        variant = self.search.variant.name
        if reason == "rank":
            return Problem.of(
                "blocked-sets-share-rank",
                variant=variant,
                rank=Rank(shape[0]),
            )
        suit = SUITS[shape[0]]
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
        self, spec: Spec, name: Requirement, left: Counts, taken: Marks, wilds: int
    ) -> tuple[list[Problem], list[int]]:
        size = spec.size
        best: tuple[int, int, int] | None = None  # (still needed, -naturals, -rank)
        blocked: tuple[int, int, int] | None = None
        for rank in range(13, 0, -1):
            if rank == 2 and self.search.twos_wild:
                continue
            clash = self.search._clash((rank,), spec.kind, taken) if self.search.tracks else None
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
            fresh = not self.search.contract.sets_share_rank and any(t[0] == 1 and t[1] for t in taken)
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
            suits = " ".join(SUITS[s].symbol for s in range(4) if not left[base + s])
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
        counted = list(spread(by_suit, have)) + self._wild_codes_in(left, size - have - need)
        used_wilds = size - have - need
        could_be_wild = max((y for y in range(need + 1) if spec.fits(have + need - y, used_wilds + y)), default=0)
        problem = self._set_words(name, label, need, could_be_wild)
        return [problem, *notes], counted

    def _set_words(self, name: Requirement, rank: Rank, need: int, wilds: int) -> Problem:
        """The set still needs ``need`` cards of ``rank``; ``wilds`` of them could be wild cards."""
        form = "one" if need == 1 and not wilds else self._wild_form(need, wilds, single=need == 1)
        return Problem.of("needs-set-cards", form, requirement=name, rank=rank, count=need, wilds=wilds)

    def _run_words(
        self, name: Requirement, cards: str, run: str, need: int, gaps: int, usable: int, wilds: int
    ) -> Problem:
        """The run still needs ``need`` of the ``gaps`` cards ``cards``; ``usable`` wild cards of the hand fill
        the other places, and ``wilds`` of the missing ones could be wild cards."""
        if usable:
            form = "wilds-fill" if self.search.twos_wild else "jokers-fill"
        else:
            form = self._wild_form(need, wilds, single=gaps == 1)
        return Problem.of("needs-run-cards", form, requirement=name, cards=cards, run=run, count=need, wilds=wilds)

    def _wild_form(self, need: int, wilds: int, *, single: bool) -> str:
        """Which sentence says that wild cards could stand for missing cards: none without them; for a single
        missing card, one of it or a wild card; else all or some of them (jokers, or wild cards where 2s are)."""
        if not wilds:
            return ""
        wild = "wild" if self.search.twos_wild else "joker"
        if single:
            return f"one-or-{wild}"
        return f"or-{wild}s" if wilds >= need else f"or-some-{wild}s"

    def _wild_codes_in(self, counts: Counts, count: int) -> list[int]:
        """``count`` wild cards of ``counts`` (jokers first)."""
        codes = [c for c in self.search.wild_codes for _ in range(counts[c])]
        return codes[:count]

    def _run_miss(
        self, spec: Spec, name: Requirement, left: Counts, taken: Marks, wilds: int
    ) -> tuple[list[Problem], list[int]]:
        length = spec.size
        best: tuple[int, int, int, int] | None = None
        best_window: tuple[int, tuple[int, ...], list[int], int] | None = None
        blocked: tuple[tuple[int, int, int, int], str, int] | None = None
        for suit in range(4):
            for start, ranks in run_windows(self.search.rules.ace, min(length, self.search.max_run)):
                window = (suit, start, start + length - 1)
                clash = self.search._clash(window, MeldKind.RUN, taken) if self.search.tracks else None
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
        symbol = SUITS[suit].symbol
        need = len(gaps) - usable
        span = f"{RANK_LABEL[ranks[0]]}{symbol}–{RANK_LABEL[ranks[-1]]}{symbol}"
        cards = " ".join(f"{RANK_LABEL[r]}{symbol}" for r in gaps)
        counted = [r * 4 + suit for r in ranks if r not in gaps] + self._wild_codes_in(left, usable)
        could_be_wild = max(
            (y for y in range(need + 1) if spec.fits(length - len(gaps) + need - y, usable + y)), default=0
        )
        problem = self._run_words(name, cards, span, need, len(gaps), usable, could_be_wild)
        return [problem, *notes], counted
