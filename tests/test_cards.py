"""The card notation every family reads (referee/cards.py): one reading of ranks and suits, each family's own
cards and refusals on top of it."""

from __future__ import annotations

import pytest

from referee import cards
from referee.games.persian.rules import cards as persian_cards
from referee.rules import cards as rummy_cards

#: Every way the notation writes each card of one pack, as docs/rules.md §2.1 lists them.
WRITTEN = [
    (f"{label}{suit}", rank, suit_value)
    for rank in cards.Rank
    for label in sorted({rank.label, rank.label.lower()} | ({"T", "t"} if rank is cards.Rank.TEN else set()))
    for suit_value, spellings in {"S": "Ss♠♤", "H": "Hh♥♡", "D": "Dd♦♢", "C": "Cc♣♧"}.items()
    for suit in spellings
]


def test_the_notation_writes_every_card_of_a_pack() -> None:
    # A J Q K in two cases, 2 to 9 once, the ten as 10, T and t; each with 16 suit forms
    assert len(WRITTEN) == (4 * 2 + 8 + 3) * 16
    assert {(rank, suit) for _, rank, suit in WRITTEN} == {(r, s) for r in cards.Rank for s in cards.Suit}


@pytest.mark.parametrize(("token", "rank", "suit"), WRITTEN)
def test_both_families_read_a_card_as_the_notation_does(token: str, rank: cards.Rank, suit: str) -> None:
    assert cards.read_card(cards.normalised(token)) == (rank, cards.Suit(suit))
    rummy = rummy_cards.parse_card(token)
    persian = persian_cards.parse_card(token)
    assert (rummy.rank, rummy.suit) == (persian.rank, persian.suit) == (rank, suit)
    assert str(rummy) == str(persian) == rank.label + suit


def test_the_families_share_the_ranks_and_suits() -> None:
    assert rummy_cards.Rank is persian_cards.Rank is cards.Rank
    assert rummy_cards.Suit is persian_cards.Suit is cards.Suit


@pytest.mark.parametrize("token", ["JK", "jk", "*", "🃏", "Joker"])
def test_a_joker_is_a_card_in_rummy_and_refused_by_name_in_the_persian_games(token: str) -> None:
    assert rummy_cards.parse_card(token) == rummy_cards.JOKER
    with pytest.raises(persian_cards.CardError) as error:
        persian_cards.parse_card(token)
    assert [problem.code for problem in error.value.problems] == ["card-joker"]


@pytest.mark.parametrize("token", ["1H", "11S", "KX", "H", "10", "7 H", ""])
def test_what_the_notation_does_not_write_is_no_card(token: str) -> None:
    assert cards.read_card(cards.normalised(token)) is None
    with pytest.raises(persian_cards.CardError) as error:
        persian_cards.parse_card(token)
    assert [problem.code for problem in error.value.problems] == ["card-unknown"]


def test_each_family_keeps_its_own_words_for_a_card_it_refuses() -> None:
    with pytest.raises(rummy_cards.CardError, match=r"'KX' is not a card \(write it like 7H, 10♠, QD or JK\)"):
        rummy_cards.parse_card("KX")
    with pytest.raises(persian_cards.CardError, match=r"'KX' is not a card \(write it like 7H, 10♠ or QD\)"):
        persian_cards.parse_card("KX")


def test_cards_are_separated_by_spaces_and_commas_in_both_families() -> None:
    text = "7H, 8h  10♠،QD"
    assert cards.tokens(text) == ["7H", "8h", "10♠", "QD"]
    assert rummy_cards.format_cards(rummy_cards.parse_cards(text)) == "7H 8H 10S QD"
    assert persian_cards.format_cards(persian_cards.parse_cards(text)) == "7H 8H 10S QD"


#: Cards as phones type them in each language: suit letters, words, initials, symbols, digits of other scripts,
#: a rank and its suit apart, jokers, ranks alone, and what is no card.
TYPED = [
    ("en", "7H 8h,JK 10♠"), ("en", "t♠ j♠ 🃏"), ("en", "7 ♥ K"), ("en", "7H 1X"), ("en", ""), ("en", "Q"),
    ("es", "7C 7P 7T TT T"), ("es", "7 T"), ("es", "7S"), ("es", "7c, 7p 🃏"),
    ("fa", "7دل ۷ پیک 10خشت Qخاج JK"), ("fa", "7خ"), ("fa", "جوکر ۱۰ خشت"), ("fa", "7 دل K"), ("fa", "7H"),
    ("ja", "7ハート、10ダイヤ K くらぶ"), ("ja", "１０だいや ジョーカー"), ("ja", "7ス"), ("ja-JP", "7H 7ハ"),
]


@pytest.mark.parametrize(("language", "text"), TYPED)
@pytest.mark.parametrize("bare_ranks", [False, True])
def test_cards_typed_in_a_language_read_the_same_in_the_core_and_in_contract_rummys_engine(
        language: str, text: str, bare_ranks: bool) -> None:
    try:
        rummy: str | None = rummy_cards.to_notation(text, allow_bare_rank=bare_ranks, language=language)
    except rummy_cards.CardError:
        rummy = None
    assert cards.in_notation(text, language, bare_ranks=bare_ranks) == rummy
