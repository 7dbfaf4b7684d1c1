"""What a meld check answers: a :class:`Meld` (the cards in their order, and what each wild card stands for)
and a :class:`MeldVerdict`."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from referee.rules.cards import Card, Rank, Suit
from referee.rules.melds.codes import ANY_RANK
from referee.rules.problems import Problem
from referee.rules.variants import MeldKind
from referee.rules.wording import KIND_WORDS, Count, Noun, count_words

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
                return f"{word} of {count_words(wild_words(self.cards))}"
            text = f"{word} of {rank.plural}"
            wilds = self.wilds
            if wilds:
                text += f" with {count_words(wild_words(wilds, count_one=True))}"
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


def wild_words(wilds: Sequence[int] | Sequence[Card], *, count_one: bool = False) -> Count:
    """'two jokers', 'a joker', 'one wild card', 'three wild cards'."""
    jokers_only = all((c == 0) if isinstance(c, int) else c.is_joker for c in wilds)
    return Count(len(wilds), Noun.JOKER if jokers_only else Noun.WILD_CARD, article=not count_one)
