"""Penalty points (docs/rules.md §11.1): every variant's card values, bare ranks, and impossible hands."""

from __future__ import annotations

from collections import Counter
from random import Random

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from referee.rules.cards import JOKER, Card, CardError, Rank, Suit, TooManyCopiesError, format_cards, parse_rank
from referee.rules.catalogue import VARIANTS, find_variant
from referee.rules.scoring import card_value, penalty_points
from referee.rules.variants import PlayerCountError, UnknownVariantError
from tests.properties import examples

# docs/rules.md §11.1, column by column, one row per card as the book writes them.
COLUMNS = ("Venez.", "Ecuador", "Peru v1", "Peru v2", "Bolivia", "Farmer's", "Shanghai", "Progressive")
VALUES = {
    "2": (2, 5, 20, 2, 2, 20, 5, 20),
    "3": (3, 5, 3, 3, 3, 5, 5, 5),
    "4": (4, 5, 4, 4, 4, 5, 5, 5),
    "5": (5, 5, 5, 5, 5, 5, 5, 5),
    "6": (6, 5, 6, 6, 6, 5, 5, 5),
    "7": (7, 5, 7, 7, 7, 5, 5, 5),
    "8": (8, 5, 8, 8, 8, 10, 10, 5),
    "9": (9, 5, 9, 9, 9, 10, 10, 5),
    "10": (10, 10, 10, 10, 10, 10, 10, 5),
    "J": (10, 10, 10, 10, 10, 10, 10, 10),
    "Q": (10, 10, 10, 10, 10, 10, 10, 10),
    "K": (10, 10, 10, 10, 10, 10, 10, 10),
    "A": (11, 15, 15, 15, 15, 20, 20, 15),
    "JK": (15, 50, 20, 20, 30, 50, 50, 20),
}
# Which column each variant reads (the Peru v1 family and the Shanghai family share their parent's values).
COLUMN_OF = {
    "telefunken": "Venez.",
    "telefunken-ecuador": "Ecuador",
    "telefunken-peru": "Peru v1",
    "telefunken-peru-wittig": "Peru v1",
    "delifante": "Peru v1",
    "super-deli": "Peru v1",
    "telefunken-peru-carrillo": "Peru v2",
    "telefunken-bolivia": "Bolivia",
    "farmers-rummy": "Farmer's",
    "shanghai": "Shanghai",
    "shanghai-tahelia-powe": "Shanghai",
    "shanghai-deb-kolsov": "Shanghai",
    "progressive-rummy": "Progressive",
}
CASES = [
    (variant_id, card, VALUES[card][COLUMNS.index(column)])
    for variant_id, column in COLUMN_OF.items()
    for card in VALUES
]


def test_the_table_covers_every_variant() -> None:
    assert set(COLUMN_OF) == set(VARIANTS)


@pytest.mark.parametrize(("variant_id", "card", "value"), CASES, ids=[f"{v}-{c}" for v, c, _ in CASES])
def test_card_values(variant_id: str, card: str, value: int) -> None:
    assert card_value(card, variant_id) == value
    if card != "JK":
        for suit in Suit:
            assert card_value(card + suit.value, variant_id) == value
        assert card_value(Card(parse_rank(card), Suit.CLUBS), find_variant(variant_id)) == value
    assert penalty_points(card, variant_id) == value


@pytest.mark.parametrize(
    ("variant_id", "hand", "points"),
    [
        ("telefunken-bolivia", "2H 9S 10D KC AS JK", 76),  # the example of the scoring module's docstring
        ("telefunken", "2H 9S 10D KC AS JK", 57),
        ("telefunken", "K 7 JK", 32),
        ("telefunken", "k,7,*", 32),
        ("telefunken-ecuador", "A A JK 3", 85),
        ("telefunken-peru", "2C 2 JK A", 75),
        ("farmers-rummy", "8 7 2 A JK", 105),
        ("shanghai", "7S 8S 2D", 20),
        ("progressive-rummy", "10 J 2 JK", 55),
        ("telefunken-peru-carrillo", "2 3 A JK", 40),
    ],
    ids=lambda value: str(value),
)
def test_penalty_points(variant_id: str, hand: str, points: int) -> None:
    assert penalty_points(hand, variant_id) == points


@pytest.mark.parametrize("hand", ["", "   ", ",", []])
def test_an_empty_hand_scores_nothing(hand: str | list[Card]) -> None:
    assert penalty_points(hand, "telefunken") == 0


def test_cards_and_variants_as_objects() -> None:
    hand = [Card(Rank.ACE, Suit.SPADES), JOKER, Card(Rank.KING, None)]
    assert penalty_points(hand, find_variant("telefunken-bolivia")) == 15 + 30 + 10
    assert penalty_points(hand, "TELEFUNKEN-BOLIVIA") == 55


@pytest.mark.parametrize(
    ("variant_id", "hand", "players"),
    [
        ("telefunken", "9C 9C 9C", None),
        ("telefunken", "JK JK JK JK JK", None),
        ("telefunken", "9 9 9 9 9 9 9 9 9", None),
        ("farmers-rummy", "9C 9C 9C", 4),  # 4 players: 2 decks
        ("telefunken-bolivia", "JK JK JK JK JK", 5),
        ("super-deli", "JK " * 7, 2),  # 2 players: 3 decks, 6 jokers
        ("delifante", "9C 9C", 2),  # 2 players: one deck
    ],
)
def test_too_many_copies_are_refused(variant_id: str, hand: str, players: int | None) -> None:
    with pytest.raises(TooManyCopiesError):
        penalty_points(hand, variant_id, players=players)


@pytest.mark.parametrize(
    ("variant_id", "hand", "players", "points"),
    [
        ("farmers-rummy", "9C 9C 9C 9C", None, 40),  # 6 to 8 players: 4 decks
        ("farmers-rummy", "9C 9C 9C", 5, 30),
        ("telefunken-bolivia", "JK JK JK JK JK JK", None, 180),
        ("super-deli", "JK " * 12, None, 240),
        ("telefunken", "9 9 9 9 9 9 9 9", 4, 72),
    ],
)
def test_the_decks_in_play_decide_the_copies(variant_id: str, hand: str, players: int | None, points: int) -> None:
    assert penalty_points(hand, variant_id, players=players) == points


def test_bad_input_is_refused() -> None:
    with pytest.raises(CardError, match="'9X'"):
        penalty_points("7H 9X", "telefunken")
    with pytest.raises(UnknownVariantError, match="'canasta'"):
        penalty_points("7H", "canasta")
    with pytest.raises(PlayerCountError, match=r"^Telefunken \(Venezuela\) takes at most 5 players, not 9$"):
        penalty_points("7H", "telefunken", players=9)
    with pytest.raises(CardError, match="'1H'"):
        card_value("1H", "telefunken")
    with pytest.raises(UnknownVariantError):
        card_value("7H", "no-such-game")


CARD = st.one_of(
    st.just(JOKER),
    st.builds(Card, st.sampled_from(list(Rank)), st.sampled_from(list(Suit))),
    st.builds(Card, st.sampled_from(list(Rank)), st.none()),
)


@settings(max_examples=examples(200), deadline=None)
@given(st.sampled_from(sorted(VARIANTS)), st.lists(CARD, max_size=8), st.lists(CARD, max_size=8), st.randoms())
def test_points_add_up_and_ignore_order(variant_id: str, first: list[Card], second: list[Card], random: Random) -> None:
    """A hand costs the sum of its cards, whatever their order (two decks hold any 8 + 8 cards here)."""
    hand = first + second
    assume(max(Counter(hand).values(), default=0) <= 2 and hand.count(JOKER) <= 4)
    assume(all(sum(1 for c in hand if c.rank == r) <= 8 for r in Rank))
    total = penalty_points(first, variant_id) + penalty_points(second, variant_id)
    random.shuffle(hand)
    assert penalty_points(hand, variant_id) == total
    assert penalty_points(format_cards(hand), variant_id) == total
    assert total == sum(card_value(card, variant_id) for card in hand)
