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

Speed: the engine works on small integer codes (:func:`encode`), never on Card hashes (an enum hashes in Python),
and caches readings and explanations per MeldRules (by identity) and sorted codes.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from referee.rules.cards import JOKER, Card, CardError, CardsLike, Rank, Suit, TooManyCopiesError, parse_card, to_cards
from referee.rules.problems import Problem
from referee.rules.variants import AceRule, DeckRow, MeldKind, MeldRules, Variant, WildLimit, to_variant
from referee.rules.wording import KIND_WORDS, Count, Noun, Plural, count_words

__all__ = [
    "Meld",
    "MeldVerdict",
    "classify",
    "readings",
    "explain",
    "meld_kinds",
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

COLOUR_RUN_MIN = 12
"""The fewest cards of a colour run (Carrillo deal 7: 12 consecutive ranks alternating red and black)."""

ANY_RANK = "any"
"""What :meth:`Meld.wilds_json` writes for a wild card in a set of wild cards only (it stands for no rank)."""

_RANK_AT = {int(r): r for r in Rank} | {14: Rank.ACE}  # position in a run (ace high = 14) -> rank


# --------------------------------------------------------------------------------------------------
# The values
# --------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Meld:
    """A valid meld in its arrangement.

    ``cards`` lie in arrangement order: a run low to high as it lies, a set or pair naturals first (by suit)
    then wild cards. ``stands_for`` is aligned with ``cards``: None for a natural card; for a wild card in a run
    the card it stands for (``6C``); in a set or pair a bare rank (``Card(Rank.SEVEN, None)``); in a set of
    wild cards only :data:`JOKER`.
    """

    kind: MeldKind
    cards: tuple[Card, ...]
    stands_for: tuple[Card | None, ...]

    @property
    def naturals(self) -> tuple[Card, ...]:
        """The natural cards (a 2 in its own place in a run counts as natural)."""
        return tuple(c for c, s in zip(self.cards, self.stands_for, strict=True) if s is None)

    @property
    def wilds(self) -> tuple[Card, ...]:
        """The wild cards, in arrangement order."""
        return tuple(c for c, s in zip(self.cards, self.stands_for, strict=True) if s is not None)

    @property
    def wild_count(self) -> int:
        """How many cards are wild in this arrangement."""
        return sum(1 for s in self.stands_for if s is not None)

    @property
    def resolved(self) -> tuple[Card, ...]:
        """Each card as it counts: a wild card replaced by what it stands for."""
        return tuple(c if s is None else s for c, s in zip(self.cards, self.stands_for, strict=True))

    @property
    def rank(self) -> Rank | None:
        """A set's or pair's rank (None for a run, or a set of wild cards only)."""
        if self.kind not in (MeldKind.SET, MeldKind.PAIR):
            return None
        for card in self.naturals:
            return card.rank
        return None

    @property
    def suit(self) -> Suit | None:
        """A run's suit (None for sets, pairs and colour runs)."""
        if self.kind is not MeldKind.RUN:
            return None
        return self.resolved[0].suit

    @property
    def low(self) -> Card:
        """The first card as it counts (a run's bottom card)."""
        return self.resolved[0]

    @property
    def high(self) -> Card:
        """The last card as it counts (a run's top card)."""
        return self.resolved[-1]

    @property
    def ace_high(self) -> bool | None:
        """True when an ace (natural or stood for) tops a run, False when it is the bottom, None when the run
        holds no ace or turns the corner (K-A-2), and for sets and pairs."""
        if self.kind is not MeldKind.RUN and self.kind is not MeldKind.COLOUR_RUN:
            return None
        if self.high.rank is Rank.ACE:
            return True
        if self.low.rank is Rank.ACE:
            return False
        return None

    @property
    def is_wild_only(self) -> bool:
        """A set of wild cards only (Carrillo's trío of jokers)."""
        return all(s is not None for s in self.stands_for)

    def wilds_json(self) -> dict[str, str]:
        """What each wild card stands for, keyed by its index as text: ``{"2": "5C"}`` or ``{"3": "7"}``."""
        result: dict[str, str] = {}
        for index, stood in enumerate(self.stands_for):
            if stood is None:
                continue
            if stood.is_joker:
                result[str(index)] = ANY_RANK
            elif stood.suit is None and stood.rank is not None:
                result[str(index)] = stood.rank.label
            else:
                result[str(index)] = str(stood)
        return result

    def describe(self) -> str:
        """English, e.g. 'set of 7s', 'run 3♣–9♣, joker as 5♣', 'set of 5s with one wild card'."""
        if self.kind in (MeldKind.SET, MeldKind.PAIR):
            word = KIND_WORDS[self.kind]
            rank = self.rank
            if rank is None:
                return f"{word} of {count_words(_wild_words(self.cards))}"
            text = f"{word} of {rank.plural}"
            wilds = self.wilds
            if wilds:
                text += f" with {count_words(_wild_words(wilds, count_one=True))}"
            return text
        cards = self.resolved
        head = "run" if self.kind is MeldKind.RUN else "colour run"
        text = f"{head} {cards[0].pretty()}–{cards[-1].pretty()}"
        stood = [(c, s) for c, s in zip(self.cards, self.stands_for, strict=True) if s is not None]
        if stood:
            text += ", " + ", ".join(f"{'joker' if c.is_joker else c.pretty()} as {s.pretty()}" for c, s in stood)
        return text

    def __str__(self) -> str:
        return " ".join(str(c) for c in self.cards)


@dataclass(frozen=True, slots=True)
class MeldVerdict:
    """The referee's answer about one meld: its arrangement, or every reason it is not valid."""

    meld: Meld | None
    problems: tuple[Problem, ...] = ()

    @property
    def valid(self) -> bool:
        """True when the cards make a valid meld."""
        return self.meld is not None and not self.problems


# --------------------------------------------------------------------------------------------------
# Public functions
# --------------------------------------------------------------------------------------------------


def resolve_rules(
    variant: Variant | str | MeldRules, players: int | None = None
) -> tuple[MeldRules, str, DeckRow | None]:
    """The meld rules, the name for messages and the decks in play (None for bare MeldRules)."""
    if isinstance(variant, MeldRules):
        return variant, "this game", None
    found = to_variant(variant)
    return found.meld_rules, found.name, found.deck_row(players)


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


def classify(
    cards: CardsLike,
    variant: Variant | str | MeldRules,
    *,
    kind: MeldKind | None = None,
    players: int | None = None,
) -> MeldVerdict:
    """Find the arrangement of one meld, or every reason it is not valid.

    Cards may come in any order. Given a variant, more copies of a card than its decks hold (for ``players``,
    or the most decks it ever uses) raise :class:`~referee.rules.cards.TooManyCopiesError`; bad notation raises
    :class:`~referee.rules.cards.CardError`. Bare :class:`MeldRules` skip the copies check.

    >>> classify("AS KS QS", "telefunken").meld.describe()
    'run Q♠–A♠'
    >>> classify("7H 7S 2C", "telefunken-peru").problems[0].code
    'wilds-in-sets-not-allowed'
    """
    rules, name, row = resolve_rules(variant, players)
    codes = encode(cards)
    if row is not None:
        check_codes(codes, decks=row.decks, jokers=row.jokers)
    slot = _slot(rules)
    kinds = (kind,) if kind is not None else _kinds(rules, slot)
    for each in kinds:
        found = _cached_readings(codes, rules, slot, each)
        if found:
            return MeldVerdict(found[0])
    return MeldVerdict(None, _cached_explanation(codes, rules, slot, name, kind))


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
    codes: tuple[int, ...], rules: MeldRules, name: str, kind: MeldKind | None = None
) -> tuple[Problem, ...]:
    """:func:`explain` for cards already :func:`encode`-d; () when the cards are a valid meld of ``kind``."""
    slot = _slot(rules)
    kinds = (kind,) if kind is not None else _kinds(rules, slot)
    if any(_cached_readings(codes, rules, slot, each) for each in kinds):
        return ()
    return _cached_explanation(codes, rules, slot, name, kind)


def wilds_allowed(limit: WildLimit, naturals: int, wilds: int) -> bool:
    """Whether ``wilds`` wild cards beside ``naturals`` natural cards keep within ``limit``."""
    if limit is WildLimit.NONE:
        return wilds == 0
    if limit is WildLimit.ONE:
        return wilds <= 1
    if limit is WildLimit.AT_MOST_NATURALS:
        return wilds <= naturals
    if limit is WildLimit.FEWER_THAN_NATURALS:
        return wilds < naturals
    return True


def clear_caches() -> None:
    """Forget every cached reading and explanation (benchmarks measure cold runs with this)."""
    _READINGS.clear()
    _EXPLANATIONS.clear()
    _SLOTS.clear()
    _KINDS.clear()
    _WITH_RUNS.clear()


# --------------------------------------------------------------------------------------------------
# Card codes: the engine counts small integers, never hashes Card objects on the fast path
# --------------------------------------------------------------------------------------------------

_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
_SUIT_INDEX = {id(s): i for i, s in enumerate(_SUITS)}
_CARD_OF: tuple[Card, ...] = (JOKER,) * 4 + tuple(Card(Rank(code >> 2), _SUITS[code & 3]) for code in range(4, 56))
_BARE: tuple[Card, ...] = (JOKER,) + tuple(Card(r, None) for r in Rank)
_RED = (False, True, True, False)  # by suit index: ♠ ♥ ♦ ♣


def encode(cards: CardsLike) -> tuple[int, ...]:
    """Cards (notation or Card objects) as sorted small integers: 0 for a joker, else rank × 4 + suit (♠ ♥ ♦ ♣),
    so that entry order never counts. Bad notation, a non-card or a bare rank raise CardError.

    >>> encode("JK 2C AS")
    (0, 4, 11)
    """
    if isinstance(cards, str):
        return _encode_text(cards)
    if not isinstance(cards, Iterable):
        raise CardError(repr(cards), f"{cards!r} is not cards (write them like 7H 8H JK)")
    out: list[int] = []
    suit_index = _SUIT_INDEX
    card_type = Card
    for card in cards:
        if type(card) is not card_type:
            to_cards([card])  # raises the CardError that names it
        rank = card.rank
        if rank is None:
            out.append(0)
        elif card.suit is None:
            raise CardError(str(card), f"{card} needs a suit here (write it like {card}H)")
        else:
            out.append((rank << 2) | suit_index[id(card.suit)])
    out.sort()
    return tuple(out)


# The notation split as cards.parse_cards splits it; each distinct token is parsed once by cards.parse_card.
_SEPARATORS = re.compile(r"[\s,]+")
_VARIATION_SELECTORS = str.maketrans("", "", "\ufe0f\ufe0e")
_TOKEN_CODES: dict[str, int] = {}


def _encode_text(text: str) -> tuple[int, ...]:
    codes = _TOKEN_CODES
    out: list[int] = []
    for token in _SEPARATORS.split(text.translate(_VARIATION_SELECTORS)):
        if not token:
            continue
        code = codes.get(token)
        if code is None:
            (code,) = encode((parse_card(token),))
            if len(codes) >= 4096:
                codes.clear()
            codes[token] = code
        out.append(code)
    out.sort()
    return tuple(out)


def decode(codes: Iterable[int]) -> tuple[Card, ...]:
    """The cards of :func:`encode`-d codes."""
    return tuple(_CARD_OF[c] for c in codes)


def check_codes(codes: Sequence[int], *, decks: int, jokers: int) -> None:
    """:func:`~referee.rules.cards.check_copies` for sorted codes (the copies of one card lie together)."""
    previous = -1
    count = 0
    for code in codes:
        if code == previous:
            count += 1
        else:
            previous = code
            count = 1
        if count > (jokers if code == 0 else decks):
            total = sum(1 for c in codes if c == code)
            raise TooManyCopiesError(_CARD_OF[code], total, jokers if code == 0 else decks)


# A MeldRules is a frozen dataclass whose hash walks eleven fields (enums hash in Python): the caches key it by a
# serial number given per object (by identity). The object is held with its serial, so its id is never reused while
# the entry stands; a serial is never given twice, so an entry made during a clear by another thread goes stale.
_SLOTS: dict[int, tuple[MeldRules, int]] = {}
_SERIALS = itertools.count(1)
_KINDS: dict[int, tuple[MeldKind, ...]] = {}
_KIND_NO = {id(MeldKind.SET): 0, id(MeldKind.RUN): 1, id(MeldKind.PAIR): 2, id(MeldKind.COLOUR_RUN): 3}
_READINGS: dict[tuple[int, int, tuple[int, ...]], tuple[Meld, ...]] = {}
_EXPLANATIONS: dict[tuple[int, int, str, tuple[int, ...]], tuple[Problem, ...]] = {}
_WITH_RUNS: dict[int, MeldRules] = {}  # the rules with runs, to say "no runs in this variant" of a run
_CACHE_LIMIT = 200_000


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
        found = _READINGS[key] = _readings(codes, rules, kind)
    return found


def _cached_explanation(
    codes: tuple[int, ...], rules: MeldRules, slot: int, name: str, kind: MeldKind | None
) -> tuple[Problem, ...]:
    key = (slot, -1 if kind is None else _KIND_NO[id(kind)], name, codes)
    found = _EXPLANATIONS.get(key)
    if found is None:
        if len(_EXPLANATIONS) >= _CACHE_LIMIT:
            _EXPLANATIONS.clear()
        found = _EXPLANATIONS[key] = _explain(codes, rules, name, kind)
    return found


# --------------------------------------------------------------------------------------------------
# Readings (the fast path: counting ranks and suits, no permutations)
# --------------------------------------------------------------------------------------------------


def _readings(codes: tuple[int, ...], rules: MeldRules, kind: MeldKind) -> tuple[Meld, ...]:
    """Every valid arrangement of encoded cards as one kind, best first."""
    if kind is MeldKind.SET:
        meld = _group_reading(codes, rules, MeldKind.SET)
        return (meld,) if meld is not None else ()
    if kind is MeldKind.RUN:
        return _run_readings(codes, rules)
    if kind is MeldKind.PAIR:
        if not rules.pairs or len(codes) != 2:
            return ()
        meld = _group_reading(codes, rules, MeldKind.PAIR)
        return (meld,) if meld is not None else ()
    order = _colour_order(codes, rules)
    if order is None:
        return ()
    cards = decode(order)
    return (Meld(MeldKind.COLOUR_RUN, cards, (None,) * len(cards)),)


def _group_reading(codes: tuple[int, ...], rules: MeldRules, kind: MeldKind) -> Meld | None:
    """A set or pair: naturals of one rank, wild cards within the set limit, a natural unless wild-only."""
    n = len(codes)
    if kind is MeldKind.SET and n < rules.min_set:
        return None
    twos_wild = rules.twos_wild
    rank = 0
    naturals: list[int] = []
    twos: list[int] = []
    jokers: list[int] = []
    for code in codes:
        r = code >> 2
        if r == 0:
            jokers.append(code)
        elif twos_wild and r == 2:
            twos.append(code)
        else:
            if rank == 0:
                rank = r
            elif r != rank:
                return None
            naturals.append(code)
    wild_count = len(twos) + len(jokers)
    if rank == 0:
        if kind is MeldKind.SET and rules.wild_only_sets:
            return Meld(kind, decode(twos + jokers), (JOKER,) * n)
        return None
    if wild_count and not wilds_allowed(rules.set_wilds, len(naturals), wild_count):
        return None
    # naturals by suit (the codes are sorted), then the wild cards: 2s before jokers
    return Meld(kind, decode(naturals + twos + jokers), (None,) * len(naturals) + (_BARE[rank],) * wild_count)


def _run_readings(codes: tuple[int, ...], rules: MeldRules) -> tuple[Meld, ...]:
    n = len(codes)
    if not rules.runs or n < rules.min_run or n > rules.longest_run:
        return ()
    twos_wild = rules.twos_wild
    suit = -1
    naturals: list[int] = []
    jokers: list[int] = []
    twos: list[int] = []
    for code in codes:
        r = code >> 2
        if r == 0:
            jokers.append(code)
        elif twos_wild and r == 2:
            twos.append(code)
        else:
            if suit < 0:
                suit = code & 3
            elif code & 3 != suit:
                return ()
            naturals.append(code)
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
                arranged.append(_CARD_OF[natural])
                stands.append(None)
            elif skip_two_gap and r == 2:
                break
            else:
                arranged.append(_CARD_OF[wilds[spare]])
                spare += 1
                stands.append(_CARD_OF[(r << 2) | base])
        else:
            melds.append(Meld(MeldKind.RUN, tuple(arranged), tuple(stands)))
    return melds


def _colour_order(codes: tuple[int, ...], rules: MeldRules) -> tuple[int, ...] | None:
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
        if all(_RED[a & 3] != _RED[b & 3] for a, b in zip(seq, seq[1:], strict=False)):
            return tuple(seq)
    return None


# --------------------------------------------------------------------------------------------------
# Explanations (the slow path: every reason, in words a player understands)
# --------------------------------------------------------------------------------------------------


def _explain(codes: tuple[int, ...], rules: MeldRules, name: str, kind: MeldKind | None) -> tuple[Problem, ...]:
    if kind is not None:
        return tuple(_explain_kind(codes, rules, name, kind))
    if not rules.runs and _run_readings(codes, _with_runs(rules)):
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


def _with_runs(rules: MeldRules) -> MeldRules:
    slot = _slot(rules)
    found = _WITH_RUNS.get(slot)
    if found is None:
        found = _WITH_RUNS[slot] = replace(rules, runs=True)
    return found


def _explain_kind(codes: tuple[int, ...], rules: MeldRules, name: str, kind: MeldKind) -> list[Problem]:
    if kind is MeldKind.SET:
        return _explain_group(codes, rules, name, MeldKind.SET)
    if kind is MeldKind.PAIR:
        if not rules.pairs:
            return [_no_kind(kind, name)]
        return _explain_group(codes, rules, name, MeldKind.PAIR)
    if kind is MeldKind.RUN:
        return _explain_run(codes, rules, name)
    return _explain_colour_run(codes, rules, name)


def _no_kind(kind: MeldKind, name: str) -> Problem:
    code = {MeldKind.RUN: "no-runs-in-variant", MeldKind.PAIR: "no-pairs-in-variant"}.get(
        kind, "no-colour-runs-in-variant"
    )
    return Problem.of(code, variant=name, kinds=Plural(kind))


def _explain_group(codes: tuple[int, ...], rules: MeldRules, name: str, kind: MeldKind) -> list[Problem]:
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
                ranks=tuple(_RANK_AT[r] for r in ranks),
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
    limit: WildLimit, naturals: int, wilds: Sequence[int], kind: MeldKind, rules: MeldRules, name: str
) -> list[Problem]:
    count = len(wilds)
    if wilds_allowed(limit, naturals, count):
        return []
    what = _wild_words(wilds)
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


def _explain_run(codes: tuple[int, ...], rules: MeldRules, name: str) -> list[Problem]:
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
                suits=tuple(_SUITS[s] for s in sorted(suits)),
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
    naturals: list[int], wilds: list[int], check_gaps: bool, rules: MeldRules, name: str
) -> list[Problem]:
    problems: list[Problem] = []
    by_rank: dict[int, list[int]] = {}
    for c in naturals:
        by_rank.setdefault(c >> 2, []).append(c)
    for rank, same in by_rank.items():
        if len(same) > 1:
            problems.append(
                Problem.of(
                    "duplicate-rank-in-run",
                    cards=_pretty(same),
                    rank=_RANK_AT[rank],
                )
            )
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


def _explain_gaps(ranks: list[int], wilds: int, rules: MeldRules, name: str, suit: int = -1) -> list[Problem]:
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
    labels = tuple(_CARD_OF[(r << 2) | suit].pretty() if suit >= 0 else _RANK_AT[r].label for r in missing)
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


def _explain_colour_run(codes: tuple[int, ...], rules: MeldRules, name: str) -> list[Problem]:
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
                "wilds-in-colour-run", wilds=_wild_words(jokers)
            )
        )
    by_rank: dict[int, list[int]] = {}
    for c in codes:
        if c:
            by_rank.setdefault(c >> 2, []).append(c)
    for rank, same in by_rank.items():
        if len(same) > 1:
            problems.append(
                Problem.of(
                    "duplicate-rank-in-run",
                    cards=_pretty(same),
                    rank=_RANK_AT[rank],
                )
            )
    if not problems and _colour_order(codes, rules) is None:
        # 12 or 13 distinct ranks are consecutive around the corner: only the colours can be wrong
        problems.append(_not_alternating({r: same[0] for r, same in by_rank.items()}))
    return problems


def _not_alternating(by_rank: dict[int, int]) -> Problem:
    missing = [r for r in range(1, 14) if r not in by_rank]
    start = missing[0] % 13 + 1 if missing else 1
    seq = [by_rank[(start - 1 + i) % 13 + 1] for i in range(len(by_rank))]
    clashes = [
        f"{_CARD_OF[a].pretty()} {_CARD_OF[b].pretty()}"
        for a, b in zip(seq, seq[1:], strict=False)
        if _RED[a & 3] == _RED[b & 3]
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
    return " ".join(_CARD_OF[c].pretty() for c in sorted(codes, key=lambda c: c or 99))  # jokers last


def _wild_words(wilds: Sequence[int] | Sequence[Card], *, count_one: bool = False) -> Count:
    """'two jokers', 'a joker', 'one wild card', 'three wild cards'."""
    jokers_only = all((c == 0) if isinstance(c, int) else c.is_joker for c in wilds)
    return Count(len(wilds), Noun.JOKER if jokers_only else Noun.WILD_CARD, article=not count_one)


def _rank_list(ranks: Iterable[int]) -> str:
    return "-".join(_RANK_AT[r].label for r in ranks)
