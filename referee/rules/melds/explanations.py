"""Explanations, the slow path of the meld check: every reason the cards make no meld, as problems a player
understands (worded through their codes in :mod:`referee.rules.wording`)."""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from dataclasses import replace

from referee.rules.melds.codes import CARD_OF, COLOUR_RUN_MIN, RANK_AT, RED, SUITS, wilds_allowed
from referee.rules.melds.readings import colour_order, run_readings
from referee.rules.melds.values import wild_words
from referee.rules.problems import Problem
from referee.rules.variants import AceRule, MeldKind, MeldRules, WildLimit
from referee.rules.wording import Count, Noun, Plural, VariantName

# --------------------------------------------------------------------------------------------------
# Explanations (the slow path: every reason, in words a player understands)
# --------------------------------------------------------------------------------------------------


def explain_codes(
    codes: tuple[int, ...], rules: MeldRules, name: VariantName, kind: MeldKind | None
) -> tuple[Problem, ...]:
    """Why the cards ``codes`` are no meld of ``kind`` (any kind the rules allow, when None) under ``rules``."""
    if kind is not None:
        return tuple(_explain_kind(codes, rules, name, kind))
    if not rules.runs and run_readings(codes, with_runs(rules)):
        return (_no_kind(MeldKind.RUN, name),)
    candidates = [MeldKind.SET]
    if rules.pairs and len(codes) <= 3:
        candidates.append(MeldKind.PAIR)
    if rules.runs:
        candidates.append(MeldKind.RUN)
    if rules.colour_runs and len(codes) >= COLOUR_RUN_MIN - 2:
        candidates.append(MeldKind.COLOUR_RUN)
    # Explain the kinds the cards look like (one rank: a set; one suit: a run), else every kind; of those,
    # the ones with the fewest problems.
    plausible = plausible_kinds(codes, rules)
    candidates = [k for k in candidates if k in plausible] or candidates
    explained = [(k, _explain_kind(codes, rules, name, k)) for k in candidates]
    fewest = min(len(p) for _, p in explained)
    closest = [(k, p) for k, p in explained if len(p) == fewest]
    problems: list[Problem] = []
    for _, found in closest:
        problems.extend(p for p in found if p not in problems)
    return tuple(problems)


def _split(codes: Sequence[int], twos_wild: bool) -> tuple[list[int], list[int]]:
    """Natural and wild codes (jokers, and 2s where 2s are wild)."""
    naturals: list[int] = []
    wilds: list[int] = []
    for c in codes:
        if c == 0 or (twos_wild and c >> 2 == 2):
            wilds.append(c)
        else:
            naturals.append(c)
    return naturals, wilds


def plausible_kinds(codes: tuple[int, ...], rules: MeldRules) -> set[MeldKind]:
    """The kinds encoded cards look like, valid or not: one rank a set (or pair), one suit a run, mixed suits
    and 12 cards or more a colour run; wild cards only, a set. Explanations are given against these."""
    naturals, _ = _split(codes, rules.twos_wild)
    if not naturals:  # wild cards only: say why a set of them is no set (docs/rules.md, D5)
        return {MeldKind.SET, MeldKind.PAIR}
    rank = naturals[0] >> 2
    suit = naturals[0] & 3
    one_rank = all(c >> 2 == rank for c in naturals)
    one_suit = all(c & 3 == suit for c in naturals)
    kinds: set[MeldKind] = set()
    if one_rank:
        kinds.add(MeldKind.SET)
        if len(codes) <= 2:
            kinds.add(MeldKind.PAIR)
    if one_suit:
        kinds.add(MeldKind.RUN)
    elif len(codes) >= COLOUR_RUN_MIN:
        kinds.add(MeldKind.COLOUR_RUN)
    return kinds


@functools.lru_cache(maxsize=256)
def with_runs(rules: MeldRules) -> MeldRules:
    """The rules with runs, to say "no runs in this variant" of cards that make a run."""
    return replace(rules, runs=True)


def _explain_kind(codes: tuple[int, ...], rules: MeldRules, name: VariantName, kind: MeldKind) -> list[Problem]:
    if kind is MeldKind.SET:
        return _explain_group(codes, rules, name, MeldKind.SET)
    if kind is MeldKind.PAIR:
        if not rules.pairs:
            return [_no_kind(kind, name)]
        return _explain_group(codes, rules, name, MeldKind.PAIR)
    if kind is MeldKind.RUN:
        return _explain_run(codes, rules, name)
    return _explain_colour_run(codes, rules, name)


def _no_kind(kind: MeldKind, name: VariantName) -> Problem:
    code = {MeldKind.RUN: "no-runs-in-variant", MeldKind.PAIR: "no-pairs-in-variant"}.get(
        kind, "no-colour-runs-in-variant"
    )
    return Problem.of(code, variant=name, kinds=Plural(kind))


def _explain_group(codes: tuple[int, ...], rules: MeldRules, name: VariantName, kind: MeldKind) -> list[Problem]:
    problems: list[Problem] = []
    n = len(codes)
    if kind is MeldKind.PAIR:
        if n != 2:
            code = "too-few-cards" if n < 2 else "too-many-cards"
            problems.append(Problem.of(code, "pair", count=n))
    elif n < rules.min_set:
        problems.append(_too_few(n, kind, rules.min_set))
    naturals, wilds = _split(codes, rules.twos_wild)
    ranks = sorted({c >> 2 for c in naturals})
    if len(ranks) > 1:
        problems.append(
            Problem.of(
                "mixed-ranks",
                kind=kind,
                ranks=tuple(RANK_AT[r] for r in ranks),
            )
        )
    if not naturals:
        if not wilds or (kind is MeldKind.SET and rules.wild_only_sets):
            return problems
        if any(wilds):
            problems.append(
                Problem.of(
                    "no-natural",
                    "twos",
                    cards=_pretty(codes),
                    variant=name,
                    kind=kind,
                )
            )
        else:
            problems.append(
                Problem.of("no-natural", kind=kind)
            )
        return problems
    if wilds:
        problems.extend(_wild_limit(rules.set_wilds, len(naturals), wilds, kind, rules, name))
    return problems


def _wild_limit(
    limit: WildLimit, naturals: int, wilds: Sequence[int], kind: MeldKind, rules: MeldRules, name: VariantName
) -> list[Problem]:
    count = len(wilds)
    if wilds_allowed(limit, naturals, count):
        return []
    what = wild_words(wilds)
    if limit is WildLimit.NONE:
        if kind is not MeldKind.RUN and rules.wild_only_sets:
            return [
                Problem.of(
                    "wilds-mixed-in-set",
                    wilds=what,
                    variant=name,
                )
            ]
        code = "wilds-in-runs-not-allowed" if kind is MeldKind.RUN else "wilds-in-sets-not-allowed"
        if any(wilds):
            return [
                Problem.of(
                    code,
                    "twos",
                    wilds=_pretty(wilds),
                    kind=kind,
                    variant=name,
                )
            ]
        return [
            Problem.of(
                code,
                wilds=what,
                kind=kind,
                variant=name,
            )
        ]
    if limit is WildLimit.ONE:
        both = rules.runs and rules.set_wilds is WildLimit.ONE and rules.run_wilds is WildLimit.ONE
        return [
            Problem.of(
                "too-many-wilds",
                "sets-and-runs" if both else "",
                wilds=what,
                kind=kind,
                variant=name,
                count=count,
            )
        ]
    return [
        Problem.of(
            "too-many-wilds",
            str(limit),  # at-most-naturals or fewer-than-naturals
            wilds=what,
            naturals=Count(naturals, Noun.NATURAL_CARD),
            kind=kind,
            variant=name,
            count=count,
        )
    ]


def _explain_run(codes: tuple[int, ...], rules: MeldRules, name: VariantName) -> list[Problem]:
    if not rules.runs:
        return [_no_kind(MeldKind.RUN, name)]
    problems: list[Problem] = []
    n = len(codes)
    longest = rules.longest_run
    if n < rules.min_run:
        problems.append(_too_few(n, MeldKind.RUN, rules.min_run))
    if n > longest:
        problems.append(
            Problem.of("run-too-long", count=n, maximum=longest)
        )
    naturals, wilds = _split(codes, rules.twos_wild)
    jokers = [c for c in wilds if c == 0]
    twos = [c for c in wilds if c != 0]
    suits: dict[int, int] = {}
    for c in naturals:
        suits[c & 3] = suits.get(c & 3, 0) + 1
    if len(suits) > 1:
        problems.append(
            Problem.of(
                "mixed-suits",
                suits=tuple(SUITS[s] for s in sorted(suits)),
            )
        )
    # The run's suit is its commonest. Where 2s are wild, one 2 of that suit may stand in its own place as a
    # natural card, or be wild: explain with whichever reading has fewer problems.
    suit = max(suits, key=suits.__getitem__) if suits else (twos[0] & 3 if twos else -1)
    options = [(naturals, twos + jokers)]
    own = 8 | suit
    if suit >= 0 and own in twos:
        rest = list(twos)
        rest.remove(own)
        options.insert(0, ([own, *naturals], rest + jokers))
    best: list[Problem] | None = None
    for option_naturals, option_wilds in options:
        found = _explain_run_option(option_naturals, option_wilds, n <= longest, rules, name)
        if best is None or len(found) < len(best):
            best = found
    return problems + (best or [])


def _explain_run_option(
    naturals: list[int], wilds: list[int], check_gaps: bool, rules: MeldRules, name: VariantName
) -> list[Problem]:
    by_rank, problems = _by_rank_once(naturals)
    no_aces = rules.ace is AceRule.NOT_IN_RUNS
    if no_aces and 1 in by_rank:
        problems.append(
            Problem.of(
                "ace-not-allowed",
                cards=_pretty(by_rank[1]),
                variant=name,
            )
        )
    if check_gaps:
        ranks = sorted(r for r in by_rank if not (r == 1 and no_aces))
        suits = {c & 3 for c in naturals}
        problems.extend(_explain_gaps(ranks, len(wilds), rules, name, suits.pop() if len(suits) == 1 else -1))
    if not naturals and wilds:
        problems.append(Problem.of("no-natural", "run"))
    elif wilds:
        problems.extend(_wild_limit(rules.run_wilds, len(naturals), wilds, MeldKind.RUN, rules, name))
    return problems


def _explain_gaps(ranks: list[int], wilds: int, rules: MeldRules, name: VariantName, suit: int = -1) -> list[Problem]:
    """Why distinct natural ranks plus ``wilds`` wild cards make no run (nothing when they do).

    The missing cards are named with their suit when the run has one (``suit``, else -1).
    """
    if not ranks:
        return []
    missing = _missing(ranks, rules.ace)
    if len(missing) <= wilds:
        return []
    if 1 in ranks and rules.ace is AceRule.HIGH_ONLY and len(_missing(ranks, AceRule.LOW_OR_HIGH)) <= wilds:
        return [
            Problem.of(
                "ace-high-only",
                cards=_rank_list(ranks),
                variant=name,
            )
        ]
    if 1 in ranks and rules.ace is not AceRule.NOT_IN_RUNS and len(_missing(ranks, AceRule.WRAP)) <= wilds:
        return [
            Problem.of(
                "ace-in-middle",
                "high-only" if rules.ace is AceRule.HIGH_ONLY else "",
                cards=_rank_list(_around_the_corner(ranks)),
                variant=name,
            )
        ]
    labels = tuple(CARD_OF[(r << 2) | suit].pretty() if suit >= 0 else RANK_AT[r].label for r in missing)
    if wilds:
        return [
            Problem.of(
                "not-consecutive",
                "too-few-wilds",
                missing=labels,
                wilds=Count(wilds, Noun.WILD_CARD),
                gaps=len(missing),
            )
        ]
    return [Problem.of("not-consecutive", missing=labels, gaps=len(missing))]


def _around_the_corner(ranks: list[int]) -> list[int]:
    """Distinct ranks in run order around the corner (K-A-2), starting after the widest gap."""
    present = sorted(set(ranks))
    gaps = [((present[(i + 1) % len(present)] - r) % 13, i) for i, r in enumerate(present)]
    _, widest = max(gaps)
    start = (widest + 1) % len(present)
    return present[start:] + present[:start]


def _missing(ranks: list[int], ace: AceRule) -> list[int]:
    """The fewest ranks missing between distinct natural ranks (sorted, ace = 1) under an ace rule."""
    if ace is AceRule.WRAP:
        # the run starts after the widest circular gap between present ranks
        order = _around_the_corner(ranks)
        present = set(order)
        span = (order[-1] - order[0]) % 13 + 1
        return [r for r in ((order[0] - 1 + i) % 13 + 1 for i in range(span)) if r not in present]
    if ace is AceRule.NOT_IN_RUNS:
        placements = [[r for r in ranks if r != 1]]
    elif ranks[0] == 1:
        others = ranks[1:]
        placements = [[*others, 14]] if ace is AceRule.HIGH_ONLY else [[1, *others], [*others, 14]]
    else:
        placements = [ranks]
    best: list[int] | None = None
    for positions in placements:
        if not positions:
            continue
        present = set(positions)
        lost = [14 if p == 14 else p for p in range(positions[0], positions[-1] + 1) if p not in present]
        if best is None or len(lost) < len(best):
            best = lost
    return [1 if p == 14 else p for p in best] if best is not None else []


def _explain_colour_run(codes: tuple[int, ...], rules: MeldRules, name: VariantName) -> list[Problem]:
    if not rules.colour_runs:
        return [_no_kind(MeldKind.COLOUR_RUN, name)]
    problems: list[Problem] = []
    n = len(codes)
    if n < COLOUR_RUN_MIN:
        problems.append(_too_few(n, MeldKind.COLOUR_RUN, COLOUR_RUN_MIN))
    if n > 13:
        problems.append(Problem.of("run-too-long", count=n, maximum=13))
    jokers = [c for c in codes if c == 0]
    if jokers:
        problems.append(
            Problem.of(
                "wilds-in-colour-run", wilds=wild_words(jokers)
            )
        )
    by_rank, repeated = _by_rank_once(c for c in codes if c)
    problems.extend(repeated)
    if not problems and colour_order(codes, rules) is None:
        # 12 or 13 distinct ranks are consecutive around the corner: only the colours can be wrong
        problems.append(_not_alternating({r: same[0] for r, same in by_rank.items()}))
    return problems


def _by_rank_once(naturals: Iterable[int]) -> tuple[dict[int, list[int]], list[Problem]]:
    """The natural cards by rank, and a problem for each rank that stands more than once (a run holds one)."""
    by_rank: dict[int, list[int]] = {}
    for c in naturals:
        by_rank.setdefault(c >> 2, []).append(c)
    problems = [
        Problem.of("duplicate-rank-in-run", cards=_pretty(same), rank=RANK_AT[rank])
        for rank, same in by_rank.items()
        if len(same) > 1
    ]
    return by_rank, problems


def _not_alternating(by_rank: dict[int, int]) -> Problem:
    missing = [r for r in range(1, 14) if r not in by_rank]
    start = missing[0] % 13 + 1 if missing else 1
    seq = [by_rank[(start - 1 + i) % 13 + 1] for i in range(len(by_rank))]
    clashes = [
        f"{CARD_OF[a].pretty()} {CARD_OF[b].pretty()}"
        for a, b in zip(seq, seq[1:], strict=False)
        if RED[a & 3] == RED[b & 3]
    ]
    return Problem.of(
        "colour-not-alternating", cards=tuple(clashes)
    )


def _too_few(count: int, kind: MeldKind, minimum: int) -> Problem:
    return Problem.of("too-few-cards", count=count, kind=kind, minimum=minimum)


# --------------------------------------------------------------------------------------------------
# Words
# --------------------------------------------------------------------------------------------------


def _pretty(codes: Iterable[int]) -> str:
    return " ".join(CARD_OF[c].pretty() for c in sorted(codes, key=lambda c: c or 99))  # jokers last


def _rank_list(ranks: Iterable[int]) -> str:
    return "-".join(RANK_AT[r].label for r in ranks)
