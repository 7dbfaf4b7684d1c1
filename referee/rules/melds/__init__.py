"""One meld: is it a set, a run, a pair or a colour run, and if not, every reason why.

:func:`classify` takes cards in any order and finds the arrangement itself (where the ace sits, which card
each wild card stands for); :func:`readings` lists every valid arrangement of the cards as one kind, for the
contract matcher and the solver. Both follow a variant's :class:`~referee.rules.variants.MeldRules`.

>>> from referee.rules.variants import MeldRules
>>> telefunken = MeldRules()
>>> classify("9C 3C JK 4C 6C 7C 8C", telefunken).meld.describe()
'run 3♣–9♣, joker as 5♣'
>>> [str(p) for p in classify("7H JK 7S JK", telefunken).problems]
['two jokers in one set: this game allows one per set or run']

Decisions this module takes where the rule book is silent (docs/rules.md, D4–D11):

- Preference when several readings fit: a set before a pair before a run before a colour run; within runs,
  a 2 that can stand in its own place counts as natural (docs/rules.md, D4), then the wild cards stand as high
  as possible (``5♥ 6♥ JK`` is 5-6-7, not 4-5-6).
- A wild card never stands for an ace where aces cannot be used in runs (Delifante): no rank is left for it.
- A run holds at most 13 cards (12 without aces); a wrapping run never repeats a rank (docs/rules.md, D6).
- A colour run holds 12 or 13 cards of consecutive ranks (around the corner allowed), alternating red and black,
  with no joker; a 2 in it is a natural card even where 2s are wild (it stands in its own place).
- A set of wild cards only (Carrillo's trío of jokers, ``MeldRules.wild_only_sets``) has no rank: its wilds
  stand for :data:`~referee.rules.cards.JOKER` and :meth:`Meld.wilds_json` writes them as ``"any"``.
- A pair (Progressive deal 14) is exactly 2 cards of one rank under the variant's set wild limit, with at least
  one natural card.
- docs/rules.md, D5 read both ways: where 2s are wild, ``2♥ 2♠ 2♣`` is no set (all wild, no natural), but it may
  be a run where wilds are unlimited (Progressive: 2♠ natural in its place, the other two standing for 3♠ 4♠).
- Thirteen cards A-K of one suit where the ace may be low or high read first as 2-A (as high as possible).
- An invalid meld is explained as the kind it looks like (one rank: a set; one suit: a run; mixed suits and 12
  cards or more: a colour run), else as every kind, keeping those with the fewest problems.
- A contract meld whose requirement caps its wild cards (``Requirement.wild_cap``, Deb Kolsov's ext preset) is
  read under :func:`lifted` rules, without the variant's own limit per set or run, and the cap is counted instead
  (``classify(..., wild_cap=2)``; docs/rules.md, D69).

Speed: the engine works on small integer codes (:func:`encode`), never on Card hashes (an enum hashes in Python),
and caches readings per MeldRules (by identity) and sorted codes. Explanations are not cached: an invalid meld is
explained once where it is shown, and a cache of them (problems with their parameters) kept so many objects alive
that Python's garbage collector cost more than it saved (``make bench``: classify about 10% faster without it).
"""

from __future__ import annotations

import itertools
from dataclasses import replace

from referee.rules.cards import CardsLike
from referee.rules.catalogue import to_variant
from referee.rules.melds.codes import ANY_RANK, COLOUR_RUN_MIN, check_codes, decode, encode, wilds_allowed
from referee.rules.melds.explanations import explain_codes, plausible_kinds, with_runs
from referee.rules.melds.readings import meld_readings
from referee.rules.melds.values import Meld, MeldVerdict
from referee.rules.problems import Problem
from referee.rules.variants import DeckRow, MeldKind, MeldRules, Variant, WildLimit
from referee.rules.wording import Count, Noun, VariantName

__all__ = [
    "Meld",
    "MeldVerdict",
    "classify",
    "readings",
    "explain",
    "meld_kinds",
    "lifted",
    "cap_problem",
    "wilds_allowed",
    "resolve_rules",
    "encode",
    "decode",
    "check_codes",
    "code_readings",
    "code_explanation",
    "plausible_kinds",
    "clear_caches",
    "COLOUR_RUN_MIN",
    "ANY_RANK",
]


# --------------------------------------------------------------------------------------------------
# Public functions
# --------------------------------------------------------------------------------------------------


def resolve_rules(
    variant: Variant | str | MeldRules, players: int | None = None
) -> tuple[MeldRules, VariantName, DeckRow | None]:
    """The meld rules, the name for messages and the decks in play (None for bare MeldRules)."""
    if isinstance(variant, MeldRules):
        return variant, VariantName("this game"), None
    found = to_variant(variant)
    return found.meld_rules, found.named, found.deck_row(players)


def meld_kinds(rules: MeldRules) -> tuple[MeldKind, ...]:
    """The kinds of meld a variant knows, in the order of preference (set, pair, run, colour run)."""
    kinds = [MeldKind.SET]
    if rules.pairs:
        kinds.append(MeldKind.PAIR)
    if rules.runs:
        kinds.append(MeldKind.RUN)
    if rules.colour_runs:
        kinds.append(MeldKind.COLOUR_RUN)
    return tuple(kinds)


def lifted(rules: MeldRules) -> MeldRules:
    """``rules`` without their limit of wild cards per set or run (a meld still needs a natural card).

    What a contract meld is read under where its requirement caps its wild cards itself (Deb Kolsov's ext preset:
    2 in a run of 5); the cap is counted apart (docs/rules.md, D69). One object per rules object, so the caches
    keep their entries.
    """
    found = _LIFTED.get(id(rules))
    if found is not None and found[0] is rules:
        return found[1]
    result = replace(rules, set_wilds=WildLimit.ANY, run_wilds=WildLimit.ANY)
    _LIFTED[id(rules)] = (rules, result)
    return result


def cap_problem(wilds: int, jokers_only: bool, kind: MeldKind, cap: int) -> Problem | None:
    """The problem of ``wilds`` wild cards in a meld of ``kind`` that a contract requirement caps at ``cap``
    (None within the cap)."""
    if wilds <= cap:
        return None
    words = Count(wilds, Noun.JOKER if jokers_only else Noun.WILD_CARD, article=True)
    return Problem.of("too-many-wilds", "cap", wilds=words, kind=kind, limit=Count(cap))


def classify(
    cards: CardsLike,
    variant: Variant | str | MeldRules,
    *,
    kind: MeldKind | None = None,
    players: int | None = None,
    wild_cap: int | None = None,
) -> MeldVerdict:
    """Find the arrangement of one meld, or every reason it is not valid.

    Cards may come in any order. Given a variant, more copies of a card than its decks hold (for ``players``,
    or the most decks it ever uses) raise :class:`~referee.rules.cards.TooManyCopiesError`; bad notation raises
    :class:`~referee.rules.cards.CardError`. Bare :class:`MeldRules` skip the copies check. ``wild_cap``: the
    meld fills a contract requirement that allows this many wild cards, in place of the variant's limit per set
    or run (docs/rules.md, D69).

    >>> classify("AS KS QS", "telefunken").meld.describe()
    'run Q♠–A♠'
    >>> classify("7H 7S 2C", "telefunken-peru").problems[0].code
    'wilds-in-sets-not-allowed'
    >>> classify("5C 6C JK JK 9C", "shanghai-deb-kolsov", wild_cap=2).meld.describe()
    'run 5♣–9♣, joker as 7♣, joker as 8♣'
    >>> [str(p) for p in classify("5C JK JK JK 9C", "shanghai-deb-kolsov", wild_cap=2).problems]
    ['three jokers in one run: this contract run takes at most two']
    """
    rules, name, row = resolve_rules(variant, players)
    if wild_cap is not None:
        rules = lifted(rules)
    codes = encode(cards)
    if row is not None:
        check_codes(codes, decks=row.decks, jokers=row.jokers)
    slot = _slot(rules)
    kinds = (kind,) if kind is not None else _kinds(rules, slot)
    over: Meld | None = None  # a reading that holds more wild cards than the cap
    for each in kinds:
        found = _cached_readings(codes, rules, slot, each)
        if wild_cap is not None:
            over = over or next(iter(found), None)
            found = tuple(m for m in found if m.wild_count <= wild_cap)
        if found:
            return MeldVerdict(found[0])
    if over is not None and wild_cap is not None:
        problem = cap_problem(over.wild_count, all(c.is_joker for c in over.wilds), over.kind, wild_cap)
        return MeldVerdict(None, (problem,) if problem is not None else ())
    problems = explain_codes(codes, rules, name, kind)
    if wild_cap is not None:
        wilds = [c for c in codes if c == 0 or (rules.twos_wild and c >> 2 == 2)]
        looks = kind or next((k for k in kinds if k in plausible_kinds(codes, rules)), None)
        problem = cap_problem(len(wilds), all(c == 0 for c in wilds), looks, wild_cap) if looks else None
        problems = (*problems, problem) if problem is not None else problems
    return MeldVerdict(None, problems)


def readings(cards: CardsLike, variant: Variant | str | MeldRules, kind: MeldKind | None = None) -> tuple[Meld, ...]:
    """Every valid arrangement of the cards as ``kind`` (of every kind the variant knows when None), best first.

    A contract matcher needs the alternatives: which card a wild stands for decides whether two runs are
    adjacent, and a 2 where 2s are wild may be natural in its place or wild. Copies are not checked here.

    >>> [m.describe() for m in readings("5H 6H JK", "telefunken", MeldKind.RUN)]
    ['run 5♥–7♥, joker as 7♥', 'run 4♥–6♥, joker as 4♥']
    """
    rules = variant if isinstance(variant, MeldRules) else resolve_rules(variant)[0]
    return code_readings(encode(cards), rules, kind)


def code_readings(codes: tuple[int, ...], rules: MeldRules, kind: MeldKind | None = None) -> tuple[Meld, ...]:
    """:func:`readings` for cards already :func:`encode`-d (the contract matcher and solver use this; cached)."""
    slot = _slot(rules)
    if kind is not None:
        return _cached_readings(codes, rules, slot, kind)
    return tuple(m for each in _kinds(rules, slot) for m in _cached_readings(codes, rules, slot, each))


def explain(cards: CardsLike, variant: Variant | str | MeldRules, kind: MeldKind | None = None) -> tuple[Problem, ...]:
    """Every reason the cards are not a valid meld of ``kind`` (of the closest kind when None); () when valid."""
    rules, name, _ = resolve_rules(variant)
    codes = encode(cards)
    return code_explanation(codes, rules, name, kind)


def code_explanation(
    codes: tuple[int, ...], rules: MeldRules, name: VariantName, kind: MeldKind | None = None
) -> tuple[Problem, ...]:
    """:func:`explain` for cards already :func:`encode`-d; () when the cards are a valid meld of ``kind``."""
    slot = _slot(rules)
    kinds = (kind,) if kind is not None else _kinds(rules, slot)
    if any(_cached_readings(codes, rules, slot, each) for each in kinds):
        return ()
    return explain_codes(codes, rules, name, kind)


def clear_caches() -> None:
    """Forget every cached reading (benchmarks measure cold runs with this)."""
    _READINGS.clear()
    _SLOTS.clear()
    _KINDS.clear()
    with_runs.cache_clear()
    _LIFTED.clear()


# A MeldRules is a frozen dataclass whose hash walks eleven fields (enums hash in Python): the caches key it by a
# serial number given per object (by identity). The object is held with its serial, so its id is never reused while
# the entry stands; a serial is never given twice, so an entry made during a clear by another thread goes stale.
_SLOTS: dict[int, tuple[MeldRules, int]] = {}
_SERIALS = itertools.count(1)
_KINDS: dict[int, tuple[MeldKind, ...]] = {}
_KIND_NO = {id(MeldKind.SET): 0, id(MeldKind.RUN): 1, id(MeldKind.PAIR): 2, id(MeldKind.COLOUR_RUN): 3}
_READINGS: dict[tuple[int, int, tuple[int, ...]], tuple[Meld, ...]] = {}
_CACHE_LIMIT = 200_000
_LIFTED: dict[int, tuple[MeldRules, MeldRules]] = {}


def _slot(rules: MeldRules) -> int:
    found = _SLOTS.get(id(rules))
    if found is not None and found[0] is rules:
        return found[1]
    if len(_SLOTS) >= 256:
        clear_caches()
    serial = next(_SERIALS)
    _SLOTS[id(rules)] = (rules, serial)
    return serial


def _kinds(rules: MeldRules, slot: int) -> tuple[MeldKind, ...]:
    kinds = _KINDS.get(slot)
    if kinds is None:
        kinds = _KINDS[slot] = meld_kinds(rules)
    return kinds


def _cached_readings(codes: tuple[int, ...], rules: MeldRules, slot: int, kind: MeldKind) -> tuple[Meld, ...]:
    key = (slot, _KIND_NO[id(kind)], codes)
    found = _READINGS.get(key)
    if found is None:
        if len(_READINGS) >= _CACHE_LIMIT:
            _READINGS.clear()
        found = _READINGS[key] = meld_readings(codes, rules, kind)
    return found


