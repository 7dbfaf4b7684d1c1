"""Rim (docs/table-games.md §5): card values and the jack's house rule, the meld checker, the checks on the
loser's cards, the dealer taking turns and the target, with whole games replayed to totals worked out by hand."""

from __future__ import annotations

from random import Random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.games.persian.rules import find_game
from referee.games.persian.rules.base import HandError, HandRefused, Problem, Table, TableError
from referee.games.persian.rules.cards import Card, CardError, Rank, Suit, format_cards, full_deck, parse_cards
from referee.games.persian.rules.rim import (
    Hand,
    MeldKind,
    Score,
    card_value,
    is_meld,
    meld_kind,
    meld_problems,
    unmatched_points,
)
from tests.properties import examples

#: The modules of referee/ this file tests (tests/test_layout.py).
TESTED = ("referee.games.persian.rules.cards",)

PLAYERS = ("Amir", "Hamid")


def start(first: int = 0, **options: int) -> Score:
    return Score.start(Table("rim", PLAYERS, first, options))


def codes(problems: tuple[Problem, ...]) -> list[str]:
    return [problem.code for problem in problems]


@pytest.mark.parametrize(
    ("card", "jack", "value"),
    [
        ("AS", 10, 14), ("KH", 10, 13), ("QD", 10, 12), ("JC", 10, 10), ("10S", 10, 10), ("9H", 10, 9),
        ("5D", 10, 5), ("2C", 10, 2),
        ("JC", 11, 11), ("JH", 11, 11), ("QD", 11, 12), ("AS", 11, 14), ("10S", 11, 10),
    ],
    ids=lambda v: str(v),
)
def test_card_values_and_the_jack(card: str, jack: int, value: int) -> None:
    assert card_value(Card.parse(card), jack=jack) == value


@pytest.mark.parametrize(
    ("cards", "jack", "points"),
    [
        ("KH AD 5D JH", 10, 42),  # the source's example: 13 + 14 + 5 + 10
        ("KH AD 5D JH", 11, 43),  # the house rule: a jack is 11
        ("", 10, 0),
        ("AS AH AD AC", 10, 56),
        ("JS JH JD JC 10S", 10, 50),
        ("JS JH JD JC 10S", 11, 54),
        ("2C 3C 4D 6H 7S 8S 9D 10C QH KS", 10, 74),  # ten unmatched: 2+3+4+6+7+8+9+10+12+13
    ],
    ids=lambda v: str(v),
)
def test_unmatched_points(cards: str, jack: int, points: int) -> None:
    assert unmatched_points(cards, jack=jack) == points


@pytest.mark.parametrize(
    ("cards", "kind"),
    [
        ("7S 7H 7D", MeldKind.SET),
        ("7S 7H 7D 7C", MeldKind.SET),
        ("KS KC KH", MeldKind.SET),
        ("AH 2H 3H", MeldKind.RUN),
        ("3H AH 2H", MeldKind.RUN),  # in any order
        ("QH KH AH", MeldKind.RUN),  # the ace high
        ("AH KH QH JH 10H", MeldKind.RUN),
        ("3D 4D 5D 6D", MeldKind.RUN),
        ("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS", MeldKind.RUN),  # the whole suit
        ("q♠ k♠ a♠", MeldKind.RUN),
    ],
    ids=lambda v: str(v),
)
def test_a_valid_meld(cards: str, kind: MeldKind) -> None:
    assert meld_problems(cards) == ()
    assert meld_kind(cards) is kind
    assert is_meld(cards)


@pytest.mark.parametrize(
    ("cards", "expected"),
    [
        ("KH AH 2H", ["rim-meld-corner"]),  # round the corner
        ("QH KH AH 2H", ["rim-meld-corner"]),
        ("2S AS KS", ["rim-meld-corner"]),
        ("2H 3H 5H", ["rim-meld-gap"]),
        ("AH 2H 4H", ["rim-meld-gap"]),
        ("KH AH 3H", ["rim-meld-gap"]),
        ("7S 8H 9D", ["rim-meld-mixed"]),
        ("7S 7H 8H", ["rim-meld-mixed"]),
        ("7S 7H", ["rim-meld-short"]),
        ("KH AH", ["rim-meld-short"]),
        ("", ["rim-meld-short"]),
        ("7S 7S 7H", ["card-twice"]),  # one pack: a card twice
        ("7S 7S", ["rim-meld-short", "card-twice"]),
        ("5D 6D 6D 7D", ["card-twice"]),
    ],
    ids=lambda v: str(v),
)
def test_an_invalid_meld_says_why(cards: str, expected: list[str]) -> None:
    assert codes(meld_problems(cards)) == expected
    assert meld_kind(cards) is None
    assert not is_meld(cards)


def test_a_meld_refusal_in_words() -> None:
    assert str(meld_problems("KH AH 2H")[0]) == (
        "KH AH 2H: an ace is high (Q-K-A) or low (A-2-3) in a run, never round the corner")
    assert str(meld_problems("7S 7S 7H")[0]) == "7S is there twice: one pack has each card once"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("KH JK", ["card-joker"]),
        ("🃏", ["card-joker"]),
        ("1X KH", ["card-unknown"]),
        ("KH 11S ZZ", ["card-unknown", "card-unknown"]),
        ("K", ["card-unknown"]),  # a bare rank: Rim counts a card, not a rank
    ],
    ids=lambda v: str(v),
)
def test_what_is_no_card_of_one_pack(text: str, expected: list[str]) -> None:
    with pytest.raises(CardError) as error:
        parse_cards(text)
    assert codes(error.value.problems) == expected
    with pytest.raises(CardError):
        meld_problems(text)


def test_the_notation_round_trips() -> None:
    deck = full_deck()
    assert len(set(deck)) == 52
    assert parse_cards(format_cards(deck)) == deck
    assert format_cards(parse_cards("kh, a♦ 5d t♥ 10♣"), pretty=True) == "K♥ A♦ 5♦ 10♥ 10♣"
    assert str(CardError((Problem.of("card-joker", card="'JK'"),))) == (
        "'JK' is a joker: this game is played with one pack of 52 cards, no jokers")


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        (Hand.of(1, "KH AD 5D JH"), []),
        (Hand.of(0, ""), []),  # the loser had everything matched too
        (Hand(None), []),  # the stock ran out
        (Hand.of(0, "KH AD KH"), ["card-twice"]),
        (Hand.of(0, "2C 3C 4D 6H 7S 8S 9D 10C QH KS AS"), ["rim-too-many-cards"]),
        (Hand.of(None, "KH"), ["rim-stock-out-cards"]),
        (Hand.of(2, "KH"), ["no-such-player"]),
        (Hand.of(-1, "KH KH"), ["no-such-player", "card-twice"]),  # every reason
    ],
    ids=lambda v: str(v),
)
def test_what_the_referee_refuses(hand: Hand, expected: list[str]) -> None:
    assert codes(start().problems(hand)) == expected
    if expected:
        with pytest.raises(HandRefused):
            start().play(hand)


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        ({"winner": 1, "cards": "KH AD 5D JH"}, Hand.of(1, "KH AD 5D JH")),
        ({"winner": 0, "cards": "k♥ a♦"}, Hand.of(0, "KH AD")),
        ({"winner": None}, Hand(None)),
        ({"winner": None, "cards": ""}, Hand(None)),
    ],
    ids=lambda v: str(v),
)
def test_a_hand_is_read_from_its_file_form(data: dict[str, object], expected: Hand) -> None:
    assert Hand.from_dict(data) == expected
    assert Hand.from_dict(expected.to_dict()) == expected


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        ({"winner": 0, "cards": "KH JK"}, ["card-joker"]),
        ({"winner": 0, "cards": "KH 1X"}, ["card-unknown"]),
        ({"winner": 0, "cards": ["KH", "AD"]}, ["field-cards"]),
        ({"cards": "KH"}, ["field-missing"]),
        ({"winner": "Amir", "cards": "KH"}, ["field-number"]),
        ({"winner": False, "cards": "KH"}, ["field-number"]),
        ({"winner": 0, "cards": "KH", "melds": "AH 2H 3H"}, ["field-unknown"]),
    ],
    ids=lambda v: str(v),
)
def test_a_bad_file_form_is_refused_in_words(data: dict[str, object], expected: list[str]) -> None:
    with pytest.raises(HandError) as error:
        Hand.from_dict(data)
    assert codes(error.value.problems) == expected


@pytest.mark.parametrize(
    ("jack", "totals_before_last", "totals"),
    [
        (10, (84, 75), (100, 75)),  # Amir 43 + 41 + 16; Hamid 42 + 33
        (11, (84, 78), (100, 78)),  # Amir 43 + 41 + 16; Hamid 43 + 35 (a jack is 11)
    ],
    ids=lambda v: str(v),
)
def test_a_whole_game_to_100(jack: int, totals_before_last: tuple[int, ...], totals: tuple[int, ...]) -> None:
    score = start(jack=jack)
    hands = [
        Hand.of(1, "KH AD 5D JH"),  # Hamid goes out: 13 + 14 + 5 + J
        Hand(None),  # the stock runs out: nothing
        Hand.of(0, "QS QC 9H 8D 2C"),  # Amir: 12 + 12 + 9 + 8 + 2 = 43
        Hand.of(0, "AS AC KD"),  # Amir: 14 + 14 + 13 = 41
        Hand.of(1, "JS JC 10H 3S"),  # Hamid: J + J + 10 + 3
    ]
    for hand in hands:
        score = score.play(hand)
    assert score.totals == totals_before_last
    assert not score.is_over
    assert score.winners == ()
    score = score.play(Hand.of(0, "7H 9S"))  # Amir: 16, reaching 100 exactly
    assert score.totals == totals
    assert score.is_over
    assert score.winners == (0,)
    assert [row.points for row in score.rows][1] == 0
    assert [row.dealer for row in score.rows] == [0, 1, 0, 1, 0, 1]
    assert [row.line_after for row in score.rows] == [False] * 5 + [True]
    with pytest.raises(HandRefused) as refused:
        score.play(Hand(None))
    assert codes(refused.value.problems) == ["game-over"]


def test_the_dealer_takes_turns_from_the_first() -> None:
    score = start(first=1)
    dealers = []
    for _ in range(4):
        dealers.append(score.dealer)
        score = score.play(Hand(None))
    assert dealers == [1, 0, 1, 0]
    assert score.totals == (0, 0)


@pytest.mark.parametrize(
    ("players", "options", "expected"),
    [
        (("Amir", "Hamid", "Amin"), {}, ["player-count"]),
        (PLAYERS, {"target": 120}, ["option-value"]),
        (PLAYERS, {"jack": 12}, ["option-value"]),
        (PLAYERS, {"jack": True}, ["option-value"]),
    ],
    ids=lambda v: str(v),
)
def test_a_table_rim_cannot_seat(players: tuple[str, ...], options: dict[str, int], expected: list[str]) -> None:
    with pytest.raises(TableError) as error:
        Score.start(Table("rim", players, 0, options))
    assert codes(error.value.problems) == expected


def test_rim_is_in_the_registry_with_its_house_rules() -> None:
    rules = find_game("rim")
    assert rules.players == (2,)
    assert rules.option("jack").default == 10
    assert rules.option("target").default == 100
    assert rules.read_hand({"winner": 1, "cards": "KH"}) == Hand.of(1, "KH")


# ---- properties: the notation round-trips, a meld's verdict does not depend on the order of its cards ----------

DECK = full_deck()


@settings(max_examples=examples(100), deadline=None)
@given(st.lists(st.sampled_from(DECK), unique=True, max_size=20))
def test_any_cards_round_trip_through_the_notation(cards: list[Card]) -> None:
    assert parse_cards(format_cards(cards)) == tuple(cards)
    assert parse_cards(format_cards(cards, pretty=True)) == tuple(cards)


@settings(max_examples=examples(100), deadline=None)
@given(st.sampled_from(list(Suit)), st.integers(1, 12), st.integers(3, 13), st.randoms(use_true_random=False))
def test_a_run_is_valid_in_any_order(suit: Suit, start: int, length: int, rng: Random) -> None:
    """Runs from A-2-3 up to the ones ending on the high ace; longer than the suit allows is cut at the ace."""
    positions = range(start, min(start + length, 15))
    if len(positions) < 3:
        return
    cards = [Card(Rank.ACE if p == 14 else Rank(p), suit) for p in positions]
    rng.shuffle(cards)
    assert meld_kind(cards) is MeldKind.RUN


@settings(max_examples=examples(150), deadline=None)
@given(st.lists(st.sampled_from(DECK), unique=True, min_size=1, max_size=6), st.randoms(use_true_random=False))
def test_a_melds_verdict_does_not_depend_on_the_order(cards: list[Card], rng: Random) -> None:
    shuffled = cards[:]
    rng.shuffle(shuffled)
    assert [p.code for p in meld_problems(cards)] == [p.code for p in meld_problems(shuffled)]
    assert meld_kind(cards) is meld_kind(shuffled)
