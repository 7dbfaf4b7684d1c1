"""The solver's search: backtracking over a contract's requirements (and, in a go-out deal, the whole hand)
for an arrangement that meets the whole contract, and the plan as a :class:`Solution`. The search for the
closest arrangement, where there is none, extends it in :mod:`referee.rules.solver.closest`; what that
arrangement still misses is worded by :mod:`referee.rules.solver.missing`."""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence

from referee.rules.melds import decode
from referee.rules.problems import Problem
from referee.rules.solver.answer import Solution
from referee.rules.solver.missing import Shortfall
from referee.rules.solver.shapes import (
    COLOUR_MARK,
    RED,
    SLOTS,
    Counts,
    Marks,
    Part,
    Plan,
    Spec,
    meld_of,
    run_windows,
    spread,
    without_codes,
)
from referee.rules.variants import (
    AceRule,
    Contract,
    Deal,
    Discard,
    MeldKind,
    Requirement,
    Variant,
    WildLimit,
)

# --------------------------------------------------------------------------------------------------
# The search
# --------------------------------------------------------------------------------------------------


class Search:
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
        self.wild_codes: tuple[int, ...] = (0, 8, 9, 10, 11) if rules.twos_wild else (0,)
        self.go_out = go_out
        self.discard = discard
        self.max_run = rules.longest_run
        self.budget = contract.max_wilds if contract.max_wilds is not None else 99
        self.tracks = not (contract.sets_share_rank and contract.runs_share_suit and contract.runs_adjacent)
        groups: dict[Requirement, int] = {}
        reqs: list[Spec] = []
        for index, req in enumerate(contract.melds):
            group = groups.setdefault(req, len(groups))
            kind_limit = {
                MeldKind.SET: rules.set_wilds,
                MeldKind.PAIR: rules.set_wilds,
                MeldKind.RUN: rules.run_wilds,
                MeldKind.COLOUR_RUN: WildLimit.NONE,
            }[req.kind]
            if req.wild_cap is not None:  # the requirement's own cap stands in for the variant's (docs/rules.md, D69)
                kind_limit = WildLimit.ANY
            limits = (kind_limit,) if req.wilds is None else (kind_limit, req.wilds)
            reqs.append(
                Spec(
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
        self.extra_specs: tuple[Spec, ...] = ()
        if go_out and extras:
            specs = [Spec(None, MeldKind.SET, rules.min_set, True, (rules.set_wilds,), None, False,
                           rules.wild_only_sets, -1)]
            if rules.runs:
                specs.append(Spec(None, MeldKind.RUN, rules.min_run, True, (rules.run_wilds,), None, False, False, -2))
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
        # the search's memory, fresh for each search
        self._memo_fail: set[object] = set()

    # ---- public -------------------------------------------------------------------------------------

    def exact(self, counts: Counts) -> Plan | None:
        """A plan that meets the whole contract (a go-out deal: lays the whole hand down), or None."""
        total = sum(counts)
        if total < self.contract.card_count + (self.leave_min if self.go_out else 0):
            return None
        self._memo_fail = set()
        if self.go_out:
            return self._go_out(counts, tuple(range(len(self.reqs))), self.leave_max, 0, ())
        return self._runs(counts, self._run_order, 0, ())

    # ---- wild cards -----------------------------------------------------------------------------------

    def _wild_count(self, counts: Counts) -> int:
        if self.twos_wild:
            return counts[0] + counts[8] + counts[9] + counts[10] + counts[11]
        return counts[0]

    def _wild_choices(self, counts: Counts, need: int, many: bool) -> list[tuple[int, ...]]:
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

    def _allowed(self, spec: Spec, shape: tuple[int, ...], kind: MeldKind, taken: Marks) -> bool:
        """Whether a contract meld of ``shape`` goes with the contract melds already ``taken``."""
        return not self.tracks or spec.req is None or self._clash(shape, kind, taken) is None

    def _clash(self, shape: tuple[int, ...], kind: MeldKind, taken: Marks) -> str | None:
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
        self, spec: Spec, counts: Counts, wused: int, substitute: bool, taken: Marks, *, many_twos: bool
    ) -> list[tuple[Part, tuple[int, ...]]]:
        """Every run of exactly the requirement's size the cards allow, as (part, constraint mark).

        With ``many_twos`` every choice of which wild 2s to spend is a candidate of its own (a later run may
        need a 2 of its suit in its own place); without, 2s are spent in one fixed order.
        """
        length = spec.size
        if length > self.max_run:
            return []
        wild_pool = self._wild_count(counts)
        room = min(wild_pool, self.budget - wused)
        out: list[tuple[Part, tuple[int, ...]]] = []
        seen: set[object] = set()
        twos_wild = self.twos_wild
        for suit in range(4):
            for start, ranks in run_windows(self.rules.ace, length):
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
                        rest = without_codes(counts, [c for c in used if 8 <= c <= 11])
                    for wilds in self._wild_choices(rest, w, many=many_twos and len(self.reqs) > 1):
                        shape = (suit, *ranks)
                        mark = (2, suit, start, start + length - 1)
                        key = (used, wilds, mark if self.tracks else None)
                        if key in seen:
                            continue
                        seen.add(key)
                        if not self._allowed(spec, mark[1:], MeldKind.RUN, taken):
                            continue
                        out.append((Part(spec.req, MeldKind.RUN, used, wilds, shape), mark))
        out.sort(key=lambda item: len(item[0].wilds))  # natural cards first: wild cards are scarce
        return out

    def _colour_parts(self, spec: Spec, counts: Counts, sizes: Sequence[int]) -> list[Part]:
        """Every colour run of one of ``sizes`` cards in the hand (natural cards only)."""
        out: list[Part] = []
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
                        options = [r * 4 + s for s in range(4) if RED[s] == red and counts[r * 4 + s] > 0]
                        if not options:
                            break
                        choices.append(options)
                    else:
                        for combo in itertools.product(*choices):
                            out.append(Part(spec.req, MeldKind.COLOUR_RUN, tuple(combo), (), tuple(combo)))
        return out

    # ---- ordinary deals: exact ----------------------------------------------------------------------

    def _runs(self, counts: Counts, todo: tuple[int, ...], wused: int, taken: Marks) -> Plan | None:
        if not todo:
            return self._sets(counts, 0, wused, taken)
        key = (counts, todo, wused, taken)
        if key in self._memo_fail:
            return None
        choice: tuple[int, list[tuple[Part, tuple[int, ...]]]] | None = None
        tried: set[int] = set()
        substitute = len(self.reqs) > 1
        for i in todo:
            spec = self.reqs[i]
            if spec.group in tried:
                continue
            tried.add(spec.group)
            if spec.kind is MeldKind.COLOUR_RUN:
                parts = [(p, COLOUR_MARK) for p in self._colour_parts(spec, counts, (spec.size,))]
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
            after = without_codes(counts, part.naturals + part.wilds)
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
        self, spec: Spec, counts: Counts, wused: int, taken: Marks, low_rank: int
    ) -> list[Part]:
        """Every way to make the set (or pair) from the cards by rank: most natural cards first."""
        size = spec.size
        room = min(self._wild_count(counts), self.budget - wused)
        out: list[Part] = []
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
                out.append(Part(spec.req, spec.kind, tuple(sorted(best_suits)), (), (rank,)))
                continue
            for n in range(min(size, have), 0, -1):
                w = size - n
                if w > room:
                    break
                if not spec.fits(n, w):
                    continue
                picks = spread(by_suit, n)
                for wilds in self._wild_choices(without_codes(counts, picks), w, many=False):
                    out.append(Part(spec.req, spec.kind, picks, wilds, (rank,)))
        if spec.wild_only and low_rank <= 0:
            jokers = counts[0]
            if jokers >= size and self.budget - wused >= size:
                out.append(Part(spec.req, spec.kind, (), (0,) * size, (0,)))
        out.sort(key=lambda part: len(part.wilds))  # natural cards first: wild cards are scarce
        return out

    def _sets(self, counts: Counts, k: int, wused: int, taken: Marks, low_rank: int = 0) -> Plan | None:
        order = self._set_order
        if k == len(order):
            return ()
        key = ("s", counts, k, wused, taken, low_rank)
        if key in self._memo_fail:
            return None
        spec = self.reqs[order[k]]
        same_next = k + 1 < len(order) and self.reqs[order[k + 1]].group == spec.group
        for part in self._set_parts(spec, counts, wused, taken, low_rank):
            after = without_codes(counts, part.naturals + part.wilds)
            marks = taken + (self._mark(part.kind, part.shape),) if self.tracks else taken
            # identical requirements take ranks in order: no symmetric retries
            found = self._sets(after, k + 1, wused + len(part.wilds), marks, part.shape[0] if same_next else 0)
            if found is not None:
                return (part,) + found
        self._memo_fail.add(key)
        return None

    # ---- go-out deals ---------------------------------------------------------------------------------

    def _lowest(self, counts: Counts) -> int:
        """The lowest natural card's code, or 0 when only wild cards are left."""
        twos_wild = self.twos_wild
        for code in range(4, SLOTS):
            if counts[code] and not (twos_wild and 8 <= code <= 11):
                return code
        return 0

    def _specs_for(self, todo: tuple[int, ...]) -> list[Spec]:
        """The requirements still to meet (one per group of identical ones), then the extra melds."""
        out: list[Spec] = []
        groups: set[int] = set()
        for i in todo:
            spec = self.reqs[i]
            if spec.group not in groups:
                groups.add(spec.group)
                out.append(spec)
        out.extend(self.extra_specs)
        return out

    def _melds_and_rest(
        self, code: int, counts: Counts, todo: tuple[int, ...], wused: int, taken: Marks
    ) -> Iterator[tuple[Part, Counts, tuple[int, ...], int, Marks]]:
        """Each meld through card ``code``, with what is left after it: (part, cards, requirements, wild cards
        used, constraint marks). A meld that fills no requirement (an extra meld) uses up cards only."""
        for part, mark in self._melds_through(code, counts, self._specs_for(todo), wused, taken):
            after = without_codes(counts, part.naturals + part.wilds)
            if part.req is None:
                yield part, after, todo, wused, taken
            else:
                marks = taken + (mark,) if self.tracks else taken
                yield part, after, tuple(i for i in todo if i != part.req), wused + len(part.wilds), marks

    def _melds_through(
        self, code: int, counts: Counts, specs: Sequence[Spec], wused: int, taken: Marks
    ) -> list[tuple[Part, tuple[int, ...]]]:
        """Every meld holding card ``code`` the specs allow, as (part, constraint mark): sets, runs, colour runs."""
        rank = code >> 2
        set_specs = [s for s in specs if s.kind in (MeldKind.SET, MeldKind.PAIR)]
        run_specs = [s for s in specs if s.kind is MeldKind.RUN]
        out = self._sets_through(code, counts, set_specs, wused, taken) if set_specs else []
        if run_specs and self.rules.runs and not (self.rules.ace is AceRule.NOT_IN_RUNS and rank == 1):
            out += self._runs_through(code, counts, run_specs, wused, taken)
        for spec in (s for s in specs if s.kind is MeldKind.COLOUR_RUN):
            sizes = [n for n in (12, 13) if spec.takes(n)]
            out.extend((part, COLOUR_MARK) for part in self._colour_parts(spec, counts, sizes) if code in part.naturals)
        return out

    def _may_fill(self, spec: Spec, wilds: int, wused: int, shape: tuple[int, ...], kind: MeldKind, taken: Marks
                  ) -> bool:
        """Whether a meld of ``spec`` with ``wilds`` wild cards may be made: an extra meld always; a contract meld
        within the wild-card budget and beside the contract melds already ``taken``."""
        return spec.req is None or (wused + wilds <= self.budget and self._allowed(spec, shape, kind, taken))

    def _sets_through(
        self, code: int, counts: Counts, set_specs: Sequence[Spec], wused: int, taken: Marks
    ) -> list[tuple[Part, tuple[int, ...]]]:
        """Every set (or pair) holding card ``code``: each choice of the other naturals of its rank, then wilds."""
        out: list[tuple[Part, tuple[int, ...]]] = []
        rank, suit = code >> 2, code & 3
        wild_pool = self._wild_count(counts)
        base = rank * 4
        others = [(counts[base + s] - (1 if s == suit else 0), base + s) for s in range(4)]
        ranges = [range(n + 1) for n, _ in others]
        for pick in itertools.product(*ranges):
            naturals = (code,) + tuple(c for (n, c), k in zip(others, pick, strict=True) for _ in range(k))
            naturals = tuple(sorted(naturals))
            n = len(naturals)
            distinct = len(set(naturals)) == n
            after = without_codes(counts, naturals)
            for w in range(0, wild_pool + 1):
                for spec in set_specs:
                    if (not spec.takes(n + w) or not spec.fits(n, w) or (spec.distinct and not distinct)
                            or not self._may_fill(spec, w, wused, (rank,), spec.kind, taken)):
                        continue
                    for wilds in self._wild_choices(after, w, many=False):
                        out.append((Part(spec.req, spec.kind, naturals, wilds, (rank,)), (1, rank)))
        return out

    def _runs_through(
        self, code: int, counts: Counts, run_specs: Sequence[Spec], wused: int, taken: Marks
    ) -> list[tuple[Part, tuple[int, ...]]]:
        """Every run holding card ``code``, each once: its window, naturals and wilds, and the specs it fits."""
        out: list[tuple[Part, tuple[int, ...]]] = []
        suit = code & 3
        seen: set[object] = set()
        for start, ranks, fitting, used in self._run_naturals_through(code, counts, run_specs):
            length, n = len(ranks), len(used)
            w = length - n
            rest = without_codes(counts, used)
            mark = (2, suit, start, start + length - 1)
            for spec in fitting:
                if not spec.fits(n, w) or not self._may_fill(spec, w, wused, mark[1:], MeldKind.RUN, taken):
                    continue
                for wilds in self._wild_choices(rest, w, many=self.twos_wild):
                    key = (used, wilds, spec.group, mark if self.tracks else None)
                    if key not in seen:
                        seen.add(key)
                        out.append((Part(spec.req, MeldKind.RUN, used, wilds, (suit, *ranks)), mark))
        return out

    def _run_naturals_through(
        self, code: int, counts: Counts, run_specs: Sequence[Spec]
    ) -> Iterator[tuple[int, tuple[int, ...], list[Spec], tuple[int, ...]]]:
        """(start, ranks, specs of its length, naturals) of each run window holding card ``code``, longest first,
        with each choice of the other naturals of its suit there (most first) that the wild cards can complete."""
        rank, suit = code >> 2, code & 3
        wild_pool = self._wild_count(counts)
        for length in range(self.max_run, min(s.size for s in run_specs) - 1, -1):
            fitting = [s for s in run_specs if s.takes(length)]
            if not fitting:
                continue
            for start, ranks in run_windows(self.rules.ace, length):
                if rank not in ranks:
                    continue
                present = [r * 4 + suit for r in ranks if r != rank and counts[r * 4 + suit] > 0]
                if length - 1 - len(present) > wild_pool:
                    continue
                for k in range(len(present), max(0, length - 1 - wild_pool) - 1, -1):
                    for others_used in itertools.combinations(present, k):
                        yield start, ranks, fitting, tuple(sorted((code, *others_used)))

    def _go_out(
        self, counts: Counts, todo: tuple[int, ...], leave: int, wused: int, taken: Marks
    ) -> Plan | None:
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
        result: Plan | None = None
        if code == 0:
            result = self._wilds_out(counts, todo, leave, wused, taken)
        else:
            for part, after, rest, w, marks in self._melds_and_rest(code, counts, todo, wused, taken):
                found = self._go_out(after, rest, leave, w, marks)
                if found is not None:
                    result = (part,) + found
                    break
            if result is None and leave:
                found = self._go_out(without_codes(counts, (code,)), todo, 0, wused, taken)
                if found is not None:
                    result = (Part(None, MeldKind.SET, (), (), ()),) + found  # the discard marker
        if result is None:
            self._memo_fail.add(key)
        return result

    def _wilds_out(
        self, counts: Counts, todo: tuple[int, ...], leave: int, wused: int, taken: Marks
    ) -> Plan | None:
        """Only wild cards are left: sets of wild cards only, or the one discard."""
        wilds = self._wild_count(counts)
        if wilds == 0:
            if todo or (self.leave_min and leave):
                return None
            return ()
        codes = [c for c in self.wild_codes for _ in range(counts[c])]
        if leave:
            found = self._wilds_out(without_codes(counts, codes[:1]), todo, 0, wused, taken)
            if found is not None:
                return (Part(None, MeldKind.SET, (), (), ()),) + found
        for spec in self._specs_for(todo):
            if spec.kind is not MeldKind.SET or not spec.wild_only:
                continue
            for size in range(spec.size, wilds + 1):
                if not spec.takes(size) or (spec.req is not None and wused + size > self.budget):
                    continue
                part = Part(spec.req, MeldKind.SET, (), tuple(codes[:size]), (0,))
                rest = tuple(i for i in todo if i != spec.req) if spec.req is not None else todo
                used = wused + (size if spec.req is not None else 0)
                found = self._wilds_out(without_codes(counts, codes[:size]), rest, leave, used, taken)
                if found is not None:
                    return (part,) + found
        return None

    # ---- the answer -------------------------------------------------------------------------------------

    def solution(self, start: Counts, plan: Plan, *, possible: bool) -> Solution:
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
        melds = tuple(meld_of(p) for p in ordered)
        requirements = tuple(self.contract.melds[p.req] if p.req is not None else None for p in ordered)
        left_cards = decode(c for c in range(SLOTS) for _ in range(left[c]))
        missing: tuple[Problem, ...] = ()
        if not possible:
            # the cards of further melds could go to the contract instead: count them as free
            free = list(left)
            for part in extras:
                for code in part.naturals + part.wilds:
                    free[code] += 1
            missing = tuple(Shortfall(self).missing(contract_parts, tuple(free), left_cards))
        return Solution(possible, self.contract, melds, requirements, left_cards, missing, self.go_out)

    def _extend(self, part: Part, left: list[int]) -> Part:
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
        windows = [w for _, w in run_windows(self.rules.ace, length)]
        return [w for w in windows if w[:-1] == ranks] + [w for w in windows if w[1:] == ranks]
