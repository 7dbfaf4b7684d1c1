"""Readings, the fast path of the meld check: which melds the cards make, by counting ranks and suits (no
permutations)."""

from __future__ import annotations

from referee.rules.cards import JOKER, Card
from referee.rules.melds.codes import BARE, CARD_OF, COLOUR_RUN_MIN, RED, decode, wilds_allowed
from referee.rules.melds.values import Meld
from referee.rules.variants import AceRule, MeldKind, MeldRules

# --------------------------------------------------------------------------------------------------
# Readings (the fast path: counting ranks and suits, no permutations)
# --------------------------------------------------------------------------------------------------


def meld_readings(codes: tuple[int, ...], rules: MeldRules, kind: MeldKind) -> tuple[Meld, ...]:
    """Every valid arrangement of encoded cards as one kind, best first."""
    if kind is MeldKind.SET:
        meld = _group_reading(codes, rules, MeldKind.SET)
        return (meld,) if meld is not None else ()
    if kind is MeldKind.RUN:
        return run_readings(codes, rules)
    if kind is MeldKind.PAIR:
        if not rules.pairs or len(codes) != 2:
            return ()
        meld = _group_reading(codes, rules, MeldKind.PAIR)
        return (meld,) if meld is not None else ()
    order = colour_order(codes, rules)
    if order is None:
        return ()
    cards = decode(order)
    return (Meld(MeldKind.COLOUR_RUN, cards, (None,) * len(cards)),)


def _naturals_and_wilds(
    codes: tuple[int, ...], twos_wild: bool, *, by_rank: bool
) -> tuple[list[int], list[int], list[int]] | None:
    """The encoded cards as (naturals, wild 2s, jokers), each in the order given; None as soon as two naturals
    differ in rank (``by_rank``: a set) or in suit (a run), which most random cards do at once."""
    naturals: list[int] = []
    twos: list[int] = []
    jokers: list[int] = []
    first = -1
    for code in codes:
        r = code >> 2
        if r == 0:
            jokers.append(code)
        elif twos_wild and r == 2:
            twos.append(code)
        else:
            key = r if by_rank else code & 3
            if first < 0:
                first = key
            elif key != first:
                return None
            naturals.append(code)
    return naturals, twos, jokers


def _group_reading(codes: tuple[int, ...], rules: MeldRules, kind: MeldKind) -> Meld | None:
    """A set or pair: naturals of one rank, wild cards within the set limit, a natural unless wild-only."""
    n = len(codes)
    if kind is MeldKind.SET and n < rules.min_set:
        return None
    split = _naturals_and_wilds(codes, rules.twos_wild, by_rank=True)
    if split is None:
        return None
    naturals, twos, jokers = split
    rank = naturals[0] >> 2 if naturals else 0
    wild_count = len(twos) + len(jokers)
    if rank == 0:
        if kind is MeldKind.SET and rules.wild_only_sets:
            return Meld(kind, decode(twos + jokers), (JOKER,) * n)
        return None
    if wild_count and not wilds_allowed(rules.set_wilds, len(naturals), wild_count):
        return None
    # naturals by suit (the codes are sorted), then the wild cards: 2s before jokers
    return Meld(kind, decode(naturals + twos + jokers), (None,) * len(naturals) + (BARE[rank],) * wild_count)


def run_readings(codes: tuple[int, ...], rules: MeldRules) -> tuple[Meld, ...]:
    """Every way the cards ``codes`` read as a run under ``rules`` (none when they are no run)."""
    n = len(codes)
    if not rules.runs or n < rules.min_run or n > rules.longest_run:
        return ()
    split = _naturals_and_wilds(codes, rules.twos_wild, by_rank=False)
    if split is None:
        return ()
    naturals, twos, jokers = split
    suit = naturals[0] & 3 if naturals else -1
    # (naturals, wilds, suit, leave out windows where a wild 2 of the suit would stand for itself)
    options: list[tuple[list[int], list[int], int, bool]] = []
    if twos:
        # Where 2s are wild, one 2 of the run's suit may stand in its own place as a natural card.
        suits = [suit] if suit >= 0 else sorted({c & 3 for c in twos})
        for s in suits:
            own = 8 | s
            if own in twos:
                rest = list(twos)
                rest.remove(own)
                options.append(([own, *naturals], rest + jokers, s, False))
        if suit >= 0:
            options.append((naturals, twos + jokers, suit, (8 | suit) in twos))
    elif suit >= 0:
        options.append((naturals, jokers, suit, False))
    result: list[Meld] = []
    limit = rules.run_wilds
    for option_naturals, wilds, run_suit, own_two in options:
        if wilds and not wilds_allowed(limit, len(option_naturals), len(wilds)):
            continue
        result.extend(_place_run(option_naturals, wilds, run_suit, n, rules.ace, own_two))
    return tuple(result)


def _place_run(
    naturals: list[int], wilds: list[int], suit: int, n: int, ace: AceRule, skip_two_gap: bool
) -> list[Meld]:
    """Every window of ``n`` positions holding the natural cards, as melds, best first.

    Positions are ranks with the ace low at 1 and high at 14; around the corner (WRAP) 15 is the 2 after the
    ace, and so on. With ``skip_two_gap`` a window whose gap at rank 2 a wild card would fill is left out.
    """
    by_rank: dict[int, int] = {}
    for code in naturals:
        r = code >> 2
        if r in by_rank:
            return []  # a rank twice
        by_rank[r] = code
    starts: list[int]
    if ace is AceRule.WRAP:
        if n == 13:
            starts = [1]
        else:
            fits = [s for s in range(13, 0, -1) if all((r - s) % 13 < n for r in by_rank)]
            # windows that do not turn the corner first (they end at the ace high at most), highest first
            starts = [s for s in fits if s + n <= 15] + [s for s in fits if s + n > 15]
    else:
        if 1 in by_rank:
            if ace is AceRule.NOT_IN_RUNS:
                return []
            placements = (1, 14) if ace is AceRule.LOW_OR_HIGH else (14,)
        else:
            placements = (0,)
        space_lo = 1 if ace is AceRule.LOW_OR_HIGH else 2
        space_hi = 13 if ace is AceRule.NOT_IN_RUNS else 14
        others = [r for r in by_rank if r != 1]
        starts = []
        for ace_at in placements:
            positions = [*others, ace_at] if ace_at else others
            first = min(min(positions), space_hi - n + 1)
            last = max(space_lo, max(positions) - n + 1)
            starts.extend(range(first, last - 1, -1))
        if len(placements) > 1:
            starts.sort(reverse=True)
    melds: list[Meld] = []
    base = suit
    for start in starts:
        arranged: list[Card] = []
        stands: list[Card | None] = []
        spare = 0
        for offset in range(n):
            pos = start + offset
            r = pos if pos <= 13 else (1 if pos == 14 else pos - 13)
            natural = by_rank.get(r)
            if natural is not None:
                arranged.append(CARD_OF[natural])
                stands.append(None)
            elif skip_two_gap and r == 2:
                break
            else:
                arranged.append(CARD_OF[wilds[spare]])
                spare += 1
                stands.append(CARD_OF[(r << 2) | base])
        else:
            melds.append(Meld(MeldKind.RUN, tuple(arranged), tuple(stands)))
    return melds


def colour_order(codes: tuple[int, ...], rules: MeldRules) -> tuple[int, ...] | None:
    """The codes of a colour run in rank order (around the corner), or None when they are not one."""
    n = len(codes)
    if not rules.colour_runs or n < COLOUR_RUN_MIN or n > 13:
        return None
    by_rank: dict[int, int] = {}
    for code in codes:
        r = code >> 2
        if r == 0 or r in by_rank:
            return None
        by_rank[r] = code
    for start in range(1, 14):
        if n == 12 and (start + 11) % 13 + 1 in by_rank:
            continue  # a 12-card run starts right after its missing rank
        seq = [by_rank[(start - 1 + i) % 13 + 1] for i in range(n)]
        if all(RED[a & 3] != RED[b & 3] for a, b in zip(seq, seq[1:], strict=False)):
            return tuple(seq)
    return None
