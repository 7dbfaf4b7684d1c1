"""Properties of the meld and contract referee (Hypothesis).

- A valid meld stays valid, and reads the same, in any entry order.
- No input (random card lists, random notation-ish text) makes classify or check_contract raise anything but a
  RulesError subclass, and every verdict is consistent.
- For every variant and deal, a contract built at random FROM THE VARIANT'S OWN DEFINITION (each Requirement with a
  random rank or suit and a random number of the wild cards it allows) is accepted by check_contract.

The generators :func:`random_contract` and :func:`random_meld` live in ``tests/rules/strategies.py`` (the
benchmarks use them too).
"""

from __future__ import annotations

import contextlib
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.rules.cards import JOKER, Card, full_deck
from referee.rules.catalogue import VARIANTS, find_variant
from referee.rules.contracts import check_contract
from referee.rules.melds import classify, readings
from referee.rules.problems import RulesError
from referee.rules.variants import Variant
from tests.properties import examples

from .strategies import SEEDS, random_contract, random_meld

SETTINGS = settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])

EVERY_DEAL = [(v.id, d.number) for v in VARIANTS.values() for d in v.deals]


# --------------------------------------------------------------------------------------------------
# Properties
# --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("variant_id", "deal"), EVERY_DEAL, ids=[f"{v} {d}" for v, d in EVERY_DEAL])
@settings(max_examples=examples(15), deadline=None)
@given(seed=SEEDS)
def test_a_contract_built_from_the_definition_is_accepted(variant_id: str, deal: int, seed: int) -> None:
    variant = find_variant(variant_id)
    rng = random.Random(seed)
    contract, melds = random_contract(variant, deal, rng)
    verdict = check_contract(variant, deal, melds, contract=contract)
    assert verdict.valid, ([" ".join(map(str, m)) for m in melds], [str(p) for p in verdict.problems])
    if len(variant.deal(deal).contracts) == 1:
        assert check_contract(variant, deal, melds).valid
    for given_cards, meld in zip(melds, verdict.melds, strict=True):
        assert meld is not None
        assert Counter(meld.cards) == Counter(given_cards)


@SETTINGS
@given(variant_id=st.sampled_from(list(VARIANTS)), seed=SEEDS, data=st.data())
def test_a_valid_meld_stays_valid_in_any_order(variant_id: str, seed: int, data: st.DataObject) -> None:
    variant = find_variant(variant_id)
    rng = random.Random(seed)
    cards = random_meld(variant, rng)
    first = classify(cards, variant)
    assert first.valid, (" ".join(map(str, cards)), [str(p) for p in first.problems])
    shuffled = data.draw(st.permutations(cards))
    again = classify(shuffled, variant)
    assert again.valid
    assert again.meld == first.meld
    assert first.meld is not None
    assert Counter(first.meld.cards) == Counter(cards)
    assert first.meld in readings(cards, variant, first.meld.kind)


CARD_KINDS = [*full_deck(), JOKER]
NOTATION = "AKQJT0123456789SHDCshdc♠♥♦♣*🃏 ,|;\nxX-"


def _consistent_meld_verdict(cards: object, variant: Variant) -> None:
    try:
        verdict = classify(cards, variant)  # type: ignore[arg-type]
    except RulesError:
        return
    assert verdict.valid == (verdict.meld is not None)
    assert verdict.valid == (not verdict.problems)
    for problem in verdict.problems:
        assert problem.code
        assert problem.message


@SETTINGS
@given(variant_id=st.sampled_from(list(VARIANTS)), cards=st.lists(st.sampled_from(CARD_KINDS), max_size=15))
def test_random_card_lists_only_raise_rules_errors(variant_id: str, cards: list[Card]) -> None:
    _consistent_meld_verdict(cards, find_variant(variant_id))


JUNK = st.one_of(st.sampled_from(CARD_KINDS), st.none(), st.integers(), st.text(alphabet=NOTATION, max_size=3))


@SETTINGS
@given(variant_id=st.sampled_from(list(VARIANTS)), things=st.one_of(st.lists(JUNK, max_size=8), JUNK))
def test_anything_at_all_only_raises_rules_errors(variant_id: str, things: object) -> None:
    _consistent_meld_verdict(things, find_variant(variant_id))
    with contextlib.suppress(RulesError):
        check_contract(variant_id, 1, things)  # type: ignore[arg-type]


@SETTINGS
@given(variant_id=st.sampled_from(list(VARIANTS)), text=st.text(alphabet=NOTATION, max_size=40))
def test_random_text_only_raises_rules_errors(variant_id: str, text: str) -> None:
    _consistent_meld_verdict(text, find_variant(variant_id))


@SETTINGS
@given(
    variant_id=st.sampled_from(list(VARIANTS)),
    deal=st.integers(min_value=-1, max_value=16),
    melds=st.one_of(
        st.lists(st.lists(st.sampled_from(CARD_KINDS), max_size=8), max_size=6),
        st.lists(st.text(alphabet=NOTATION, max_size=25), max_size=6),
        st.text(alphabet=NOTATION, max_size=60),
    ),
    players=st.one_of(st.none(), st.integers(min_value=-2, max_value=12)),
)
def test_random_contracts_only_raise_rules_errors(
    variant_id: str, deal: int, melds: list[list[Card]] | list[str] | str, players: int | None
) -> None:
    try:
        verdict = check_contract(variant_id, deal, melds, players=players)
    except RulesError:
        return
    assert verdict.valid == (not verdict.problems)
    assert len(verdict.melds) == len(verdict.requirements)
    for problem in verdict.problems:
        assert problem.code
        assert problem.message
