"""The search for the closest arrangement: when a hand does not hold the contract, the plan with the most
requirements met, then the most cards laid down, found by the exact search's moves with requirements (and,
in a go-out deal, cards) allowed to stay unmet, pruned by a bound and given up after a budget of steps."""

from __future__ import annotations

from collections.abc import Sequence

from referee.rules.solver.search import Search
from referee.rules.solver.shapes import COLOUR_MARK, OPTIMISE_BUDGET, Counts, Marks, Part, Plan, without_codes
from referee.rules.variants import MeldKind

#: Where the search stands: the cards left, the requirements still to meet (or skip), the wild cards used and
#: what the melds laid so far leave for the checks between melds. Two ways to the same place go on alike, so it is
#: also what the search remembers (with the best score it came there with).
_At = tuple[Counts, tuple[int, ...], int, Marks]


class _OutOfBudget(Exception):
    """The closest-arrangement search ran out of steps (huge hands)."""


class ClosestSearch(Search):
    """The search for one contract of one deal, exact or closest."""

    # the closest search's memory, fresh for each search (see closest)
    _memo_best: dict[object, int]
    _best: tuple[int, Plan]
    _steps: int

    def closest(self, counts: Counts) -> Plan:
        """The plan with the most requirements met, then the most cards laid down."""
        self._steps = 0
        self._best = (-1, ())
        self._memo_best = {}
        try:
            if self.go_out:
                self._go_closest((counts, tuple(range(len(self.reqs))), 0, ()), (), 0)
            else:
                self._runs_closest((counts, self._run_order, 0, ()), (), 0)
        except _OutOfBudget:
            pass
        return self._best[1]

    # ---- ordinary deals ---------------------------------------------------------------------------------

    def _tick(self) -> None:
        self._steps += 1
        if self._steps > OPTIMISE_BUDGET:
            raise _OutOfBudget

    def _seen_better(self, key: object, score: int) -> bool:
        """Whether the search came to ``key`` before with a score as good (else it remembers this one)."""
        if self._memo_best.get(key, -1) >= score:
            return True
        self._memo_best[key] = score
        return False

    def _offer(self, score: int, plan: Plan) -> None:
        if score > self._best[0]:
            self._best = (score, plan)

    def _bound(self, counts: Counts, todo: Sequence[int]) -> int:
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

    def _value(self, part: Part) -> int:
        return (1000 if part.req is not None else 0) + len(part.naturals) + len(part.wilds)

    def _runs_closest(self, at: _At, plan: Plan, score: int, floor: tuple[object, ...] = ()) -> None:
        self._tick()
        counts, todo, wused, taken = at
        if score + self._bound(counts, todo + self._set_order) <= self._best[0]:
            return
        if not todo:
            self._sets_closest(counts, 0, wused, taken, plan, score, 0)
            return
        if self._seen_better((at, floor), score):
            return
        index = todo[0]
        spec = self.reqs[index]
        if spec.kind is MeldKind.COLOUR_RUN:
            parts = [(p, COLOUR_MARK) for p in self._colour_parts(spec, counts, (spec.size,))]
        else:
            parts = self._run_parts(spec, counts, wused, len(self.reqs) > 1, taken, many_twos=False)
        rest = todo[1:]
        twin_next = bool(rest) and self.reqs[rest[0]].group == spec.group
        for part, mark in parts:
            # identical requirements take their runs in one order: no symmetric retries
            order = (part.shape, part.naturals, part.wilds)
            if floor and order < floor:
                continue
            after = without_codes(counts, part.naturals + part.wilds)
            marks = taken + (mark,) if self.tracks else taken
            self._runs_closest(
                (after, rest, wused + len(part.wilds), marks), plan + (part,), score + self._value(part),
                order if twin_next else (),
            )
        # unmet: identical requirements after it stay unmet too (the met ones come first)
        while rest and self.reqs[rest[0]].group == spec.group:
            rest = rest[1:]
        self._runs_closest((counts, rest, wused, taken), plan, score)

    def _sets_closest(
        self,
        counts: Counts,
        k: int,
        wused: int,
        taken: Marks,
        plan: Plan,
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
        if self._seen_better(("s", counts, k, wused, taken, low_rank), score):
            return
        spec = self.reqs[order[k]]
        same_next = k + 1 < len(order) and self.reqs[order[k + 1]].group == spec.group
        for part in self._set_parts(spec, counts, wused, taken, low_rank):
            after = without_codes(counts, part.naturals + part.wilds)
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

    def _go_closest(self, at: _At, plan: Plan, score: int) -> None:
        self._tick()
        counts, todo, wused, taken = at
        total = sum(counts)
        # every card left may still be laid down (in further melds), but only so many requirements met
        if score + self._bound(counts, todo) // 1000 * 1000 + total <= self._best[0]:
            return
        if self._seen_better(at, score):
            return
        code = self._lowest(counts)
        if code == 0:
            self._offer(score, plan)
            found = self._wilds_out_closest(counts, todo, wused, plan, score)
            if found is not None:
                self._offer(*found)
            return
        for part, after, rest, w, marks in self._melds_and_rest(code, counts, todo, wused, taken):
            self._go_closest((after, rest, w, marks), plan + (part,), score + self._value(part))
        self._go_closest((without_codes(counts, (code,)), todo, wused, taken), plan, score)

    def _wilds_out_closest(
        self, counts: Counts, todo: tuple[int, ...], wused: int, plan: Plan, score: int
    ) -> tuple[int, Plan] | None:
        codes = [c for c in self.wild_codes for _ in range(counts[c])]
        for spec in self._specs_for(todo):
            if spec.kind is MeldKind.SET and spec.wild_only and len(codes) >= spec.size:
                if spec.req is not None and wused + spec.size > self.budget:
                    continue
                part = Part(spec.req, MeldKind.SET, (), tuple(codes[: spec.size]), (0,))
                return score + self._value(part), plan + (part,)
        return None
