"""The building blocks the variant catalogue is written with (referee/rules/catalogue/blocks.py), worked out by hand:
contract melds, one-contract deals, sets-only deals numbered in order, a change to every deal, and penalty values
(docs/rules.md §2, §11.1).
"""

from __future__ import annotations

from dataclasses import replace

from referee.rules.cards import JOKER, Card, Rank, Suit
from referee.rules.catalogue import find_variant
from referee.rules.catalogue.blocks import (
    PURE_TRIO,
    STANDARD_DECKS,
    STANDARD_PLAYERS,
    TRIO,
    card_values,
    face_value,
    one_contract,
    renumbered,
    run_of,
    set_of,
    sets_only,
    with_deals,
)
from referee.rules.variants import Contract, Deal, MeldKind, Requirement, WildLimit


def test_contract_melds() -> None:
    assert set_of(3) == Requirement(MeldKind.SET, 3) == TRIO
    assert set_of(4, or_more=True, wilds=WildLimit.NONE) == Requirement(MeldKind.SET, 4, True, WildLimit.NONE)
    assert run_of(7, or_more=True).describe() == "run of 7 or more"
    assert PURE_TRIO.pure  # the trío limpio: no wild card, three suits
    assert not TRIO.pure


def test_one_contract_is_a_deals_only_choice() -> None:
    (contract,) = one_contract(TRIO, run_of(4), max_wilds=1, name="chueca")
    assert contract == Contract((TRIO, run_of(4)), max_wilds=1, name="chueca")


def test_sets_only_deals_are_numbered_from_one() -> None:
    first, second = sets_only((2, 3), (1, 4))
    assert (first.number, second.number) == (1, 2)
    assert first.contracts == (Contract((set_of(3), set_of(3))),)  # 2 sets of 3
    assert second.contracts == (Contract((set_of(4),)),)  # 1 set of 4


def test_renumbered_deals_follow_the_order_given() -> None:
    deals = (Deal(5, one_contract(run_of(4))), Deal(2, one_contract(TRIO)))
    again = renumbered(deals)
    assert [d.number for d in again] == [1, 2]
    assert [d.contracts for d in again] == [one_contract(run_of(4)), one_contract(TRIO)]


def test_with_deals_changes_every_deal_of_a_copy() -> None:
    telefunken = find_variant("telefunken")
    changed = with_deals(telefunken, lambda d: replace(d, exchanges=3))
    assert [d.exchanges for d in changed.deals] == [3] * 7
    assert [d.exchanges for d in telefunken.deals] == [0, 0, 0, 0, 0, 1, 0]  # Venezuela's one exchange, deal 6


def test_card_values_put_the_faces_at_ten() -> None:
    values = card_values(two=20, low=face_value, ace=15, joker=50)
    assert values.ranks == (15, 20, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)  # A, 2, 3–9 at face, 10, J, Q, K
    assert values.value(Card(Rank.SEVEN, Suit.HEARTS)) == 7
    assert values.value(Card(Rank.QUEEN, Suit.CLUBS)) == 10
    assert values.value(JOKER) == 50
    flat = card_values(two=5, low=lambda _rank: 5, ten=5, ace=20, joker=50)
    assert flat.ranks == (20, 5, 5, 5, 5, 5, 5, 5, 5, 5, 10, 10, 10)


def test_the_usual_table_seats_three_to_five_on_two_decks() -> None:
    assert (STANDARD_PLAYERS.min, STANDARD_PLAYERS.default, STANDARD_PLAYERS.max) == (3, 4, 5)
    assert [(row.max_players, row.decks, row.jokers) for row in STANDARD_DECKS] == [(5, 2, 4)]  # 108 cards
