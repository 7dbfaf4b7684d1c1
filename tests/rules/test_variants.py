"""The variant registry (docs/rules.md §3–§11): every variant's data, straight from the rule book's tables."""

from __future__ import annotations

import dataclasses
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.rules.catalogue import VARIANTS, find_variant, shanghai, variant_ids
from referee.rules.catalogue.house_rules import STREAK_MULTIPLIER, is_on, whole_or_none
from referee.rules.catalogue.telefunken import TELEFUNKEN, TELEFUNKEN_BOLIVIA, TELEFUNKEN_ECUADOR
from referee.rules.problems import RulesError
from referee.rules.variants import (
    AceRule,
    Contract,
    CutReward,
    DealOutOfRangeError,
    Direction,
    Discard,
    FirstPlayer,
    HouseRule,
    HouseRuleError,
    MeldKind,
    PlayerCountError,
    Requirement,
    RunJokerSwap,
    StockRule,
    SwapReuse,
    UnknownVariantError,
    Variant,
    WildLimit,
)
from tests.properties import examples

#: The modules of referee/ this file tests (tests/test_layout.py).
TESTED = (
    "referee.rules.catalogue",
    "referee.rules.catalogue.house_rules",
    "referee.rules.catalogue.shanghai",
    "referee.rules.catalogue.telefunken",
)

IDS = (
    "telefunken",
    "telefunken-ecuador",
    "telefunken-peru",
    "telefunken-peru-wittig",
    "delifante",
    "super-deli",
    "telefunken-peru-carrillo",
    "telefunken-bolivia",
    "farmers-rummy",
    "shanghai",
    "shanghai-tahelia-powe",
    "shanghai-deb-kolsov",
    "progressive-rummy",
)


# ---- the registry --------------------------------------------------------------------------------


def test_thirteen_variants_in_the_rule_books_order() -> None:
    assert variant_ids() == IDS
    assert tuple(VARIANTS) == IDS
    assert all(VARIANTS[i].id == i for i in IDS)


def test_the_registry_holds_each_familys_variants() -> None:
    """The family modules' variants are the registry's, under their ids (a variant built but not listed, or listed
    under another id, fails here)."""
    family = (TELEFUNKEN, TELEFUNKEN_ECUADOR, TELEFUNKEN_BOLIVIA, shanghai.SHANGHAI, shanghai.SHANGHAI_TAHELIA_POWE,
              shanghai.SHANGHAI_DEB_KOLSOV)
    assert [v.id for v in family] == ["telefunken", "telefunken-ecuador", "telefunken-bolivia", "shanghai",
                                      "shanghai-tahelia-powe", "shanghai-deb-kolsov"]
    assert all(VARIANTS[v.id] is v for v in family)


@pytest.mark.parametrize("text", ["telefunken", "TELEFUNKEN", "Telefunken", "  telefunken "])
def test_find_variant_ignores_case_and_spaces(text: str) -> None:
    assert find_variant(text) is VARIANTS["telefunken"]


@pytest.mark.parametrize("text", ["canasta", "", "telefunken-chile", "shanghai rummy"])
def test_an_unknown_variant_is_refused_with_its_id(text: str) -> None:
    with pytest.raises(UnknownVariantError) as caught:
        find_variant(text)
    assert repr(text) in str(caught.value)
    assert "telefunken-bolivia" in str(caught.value)  # the message lists the known ids
    assert caught.value.variant_id == text
    assert isinstance(caught.value, RulesError)


@pytest.mark.parametrize("variant_id", IDS)
def test_every_variant_has_a_name_a_one_line_description_and_decisions(variant_id: str) -> None:
    variant = find_variant(variant_id)
    assert variant.name
    assert variant.description
    assert "\n" not in variant.description
    assert len(variant.description) <= 140
    assert variant.decisions
    assert all(isinstance(d, str) and d.strip() for d in variant.decisions)
    assert len(set(variant.decisions)) == len(variant.decisions)


def test_deal_numbers_and_range() -> None:
    variant = find_variant("telefunken")
    assert [d.number for d in variant.deals] == list(range(1, 8))
    assert variant.deal(7).number == 7
    for bad in (0, 8, -1):
        with pytest.raises(DealOutOfRangeError) as refused:
            variant.deal(bad)
        assert str(refused.value) == f"Telefunken (Venezuela) has 7 deals: there is no deal {bad}"
        assert refused.value.problem.as_dict() == {"variant": variant.named, "count": 7, "deal": bad}


# ---- contracts: every deal, straight from the rule book ------------------------------------------
# "2×set3" is two sets of exactly 3, "run7+" a run of 7 or more; "/pure" no wild and three different
# suits, "/nowild" no wild card, "/1wild" at most one; "[jokers≤1]" a limit on the whole contract;
# "(name)" the contract's name; " | " separates contracts a player chooses from.

VENEZUELA = ("1×set3/pure", "2×set3", "1×set4", "2×set4", "1×set5", "2×set5", "1×set3 + 1×run7+")
PERU = ("2×set3", "1×set4", "2×set4", "1×set5", "2×set5", "1×set6")
SHANGHAI = (
    "2×set3",
    "1×set3 + 1×run4",
    "2×run4",
    "3×set3",
    "2×set3 + 1×run4",
    "1×set3 + 2×run4",
    "3×run4+",
)
CONTRACTS = {
    "telefunken": VENEZUELA,
    "telefunken-ecuador": (
        "1×set3/pure [jokers≤0]",
        "1×set3/pure + 1×set3 [jokers≤1]",
        "1×set4 [jokers≤0]",
        "2×set4 [jokers≤1]",
        "1×set5 [jokers≤0]",
        "1×set3 + 1×run4 [jokers≤0] (chueca)",
        "1×run7+ [jokers≤1] (escalera)",
    ),
    "telefunken-peru": PERU,
    "telefunken-peru-wittig": PERU,
    "delifante": PERU,
    "super-deli": (*PERU, "2×set6", "1×set7", "2×set7", "1×set8", "2×set8", "1×set9"),
    "telefunken-peru-carrillo": (
        "2×set3",
        "1×set3 + 1×run4",
        "2×run4",
        "3×set3",
        "2×set3 + 1×run4",
        "2×run4 + 1×set3",
        "4×set3 | 3×run4 | 1×run12 (royal run) | 1×colour-run12/nowild (colour run)",
    ),
    "telefunken-bolivia": (*VENEZUELA[:6], "1×run7+/1wild (escalera)"),
    "farmers-rummy": ("1×set3/nowild", "2×set3", "1×set4", "2×set4", "1×set5", "2×set5", "1×set6", "2×set6"),
    "shanghai": SHANGHAI,
    "shanghai-tahelia-powe": (*SHANGHAI[:6], "4×set3", "3×run4+"),
    "shanghai-deb-kolsov": (
        "2×set3",
        "1×set3 + 1×run4",
        "2×run4",
        "3×set3",
        "1×set3 + 1×run7",
        "2×set3 + 1×run5",
        "3×run4",
        "1×set3 + 1×run10",
        "3×set3 + 1×run5",
        "3×run5+",
    ),
    "progressive-rummy": (
        "2×set3",
        "1×set3 + 1×run4",
        "2×set4",
        "2×run4",
        "2×set3 + 1×run4",
        "1×set4 + 1×run5",
        "2×set5",
        "2×run5",
        "4×set3",
        "3×run4",
        "3×set4",
        "5×run3",
        "5×set3",
        "1×set5 + 1×run5 + 1×pair2",
        "2×set3 + 1×run5",
    ),
}
CONTRACT_CASES = [(v, n, spec) for v, specs in CONTRACTS.items() for n, spec in enumerate(specs, start=1)]


def spell(contract: Contract) -> str:
    """Write a contract in the table's shorthand."""
    counts: dict[Requirement, int] = {}
    for req in contract.melds:
        counts[req] = counts.get(req, 0) + 1
    groups = []
    for req, count in counts.items():
        text = f"{count}×{req.kind.value}{req.size}{'+' if req.or_more else ''}"
        if req.pure:
            text += "/pure"
        elif req.wilds is WildLimit.NONE:
            text += "/nowild"
        elif req.wilds is WildLimit.ONE:
            text += "/1wild"
        elif req.distinct_suits or req.wilds is not None:
            text += f"/{req.wilds}/suits={req.distinct_suits}"
        groups.append(text)
    text = " + ".join(groups)
    if contract.max_wilds is not None:
        text += f" [jokers≤{contract.max_wilds}]"
    if contract.name:
        text += f" ({contract.name})"
    return text


def test_the_contract_table_covers_every_deal() -> None:
    assert set(CONTRACTS) == set(IDS)
    for variant_id, specs in CONTRACTS.items():
        assert len(find_variant(variant_id).deals) == len(specs), variant_id


@pytest.mark.parametrize(
    ("variant_id", "number", "spec"), CONTRACT_CASES, ids=[f"{v}-deal{n}" for v, n, _ in CONTRACT_CASES]
)
def test_contract(variant_id: str, number: int, spec: str) -> None:
    deal = find_variant(variant_id).deal(number)
    assert deal.number == number
    assert " | ".join(spell(c) for c in deal.contracts) == spec


@pytest.mark.parametrize("variant_id", IDS)
def test_contract_sets_and_runs_of_one_player(variant_id: str) -> None:
    """docs/rules.md, D3 and §9: only the Shanghai family forbids same-rank books and touching runs."""
    variant = find_variant(variant_id)
    shanghai = variant_id.startswith("shanghai")
    for deal in variant.deals:
        for contract in deal.contracts:
            assert contract.sets_share_rank is not shanghai
            assert contract.runs_adjacent is not shanghai
            assert contract.runs_share_suit is (variant_id != "shanghai-tahelia-powe")


def test_contract_card_counts() -> None:
    assert [find_variant("progressive-rummy").deal(n).contracts[0].card_count for n in range(1, 16)] == [
        6, 7, 8, 8, 10, 9, 10, 10, 12, 12, 12, 15, 15, 12, 11,
    ]  # fmt: skip
    assert [c.card_count for c in find_variant("telefunken-peru-carrillo").deal(7).contracts] == [12, 12, 12, 12]


# ---- deal rules ----------------------------------------------------------------------------------

ONE_TURN = {  # deals that must be gone out in one turn
    "telefunken": {7},
    "telefunken-ecuador": {7},
    "telefunken-peru-carrillo": {7},
    "shanghai": {7},
    "shanghai-tahelia-powe": {8},
    "shanghai-deb-kolsov": {10},
}


@pytest.mark.parametrize("variant_id", IDS)
def test_go_out_in_one_turn(variant_id: str) -> None:
    variant = find_variant(variant_id)
    assert {d.number for d in variant.deals if d.go_out_in_one_turn} == ONE_TURN.get(variant_id, set())


FINAL_DISCARD = {
    ("telefunken", 7): Discard.OPTIONAL,
    ("telefunken-peru", 1): Discard.REQUIRED,
    ("super-deli", 12): Discard.REQUIRED,
    ("telefunken-peru-carrillo", 1): Discard.OPTIONAL,
    ("telefunken-peru-carrillo", 7): Discard.REQUIRED,  # the 13th card is discarded
    ("telefunken-bolivia", 7): Discard.OPTIONAL,
    ("farmers-rummy", 8): Discard.REQUIRED,
    ("shanghai", 6): Discard.OPTIONAL,
    ("shanghai", 7): Discard.FORBIDDEN,
    ("shanghai-tahelia-powe", 1): Discard.FORBIDDEN,
    ("shanghai-tahelia-powe", 7): Discard.FORBIDDEN,
    ("shanghai-deb-kolsov", 7): Discard.OPTIONAL,
    ("shanghai-deb-kolsov", 9): Discard.OPTIONAL,
    ("shanghai-deb-kolsov", 10): Discard.FORBIDDEN,
    ("progressive-rummy", 15): Discard.OPTIONAL,
}


@pytest.mark.parametrize(("variant_id", "number"), list(FINAL_DISCARD), ids=[f"{v}-{n}" for v, n in FINAL_DISCARD])
def test_final_discard(variant_id: str, number: int) -> None:
    assert find_variant(variant_id).final_discard_in(number) is FINAL_DISCARD[variant_id, number]


@pytest.mark.parametrize(
    ("variant_id", "exchanges"),
    [
        ("telefunken", [0, 0, 0, 0, 0, 1, 0]),
        ("telefunken-ecuador", [0, 0, 0, 0, 0, 1, 0]),
        ("telefunken-bolivia", [0] * 7),
        ("farmers-rummy", [0] * 8),
        ("telefunken-peru", [0] * 6),
        ("shanghai", [0] * 7),
    ],
)
def test_discard_exchanges(variant_id: str, exchanges: list[int]) -> None:
    assert [d.exchanges for d in find_variant(variant_id).deals] == exchanges


# (variant, deal, may buy, buys per deal, stock cards out of turn, stock cards on your own turn)
BUYING = [
    ("telefunken", 1, True, None, 1, 2),
    ("telefunken-ecuador", 1, False, None, 2, 3),
    ("telefunken-ecuador", 2, True, None, 2, 3),
    ("telefunken-peru", 1, True, None, 1, 2),
    ("telefunken-peru-carrillo", 3, False, None, 1, 2),
    ("telefunken-bolivia", 5, True, None, 1, 2),
    ("farmers-rummy", 1, True, None, 2, 3),
    ("shanghai", 1, True, 2, 1, 0),
    ("shanghai-deb-kolsov", 10, True, 2, 1, 0),
    *[("progressive-rummy", n, False, None, 0, 1) for n in (1, 2, 3, 4, 5, 6, 7, 8, 15)],
    *[("progressive-rummy", n, True, 1, 0, 1) for n in (9, 10, 11, 14)],
    *[("progressive-rummy", n, True, 2, 1, 2) for n in (12, 13)],
]


@pytest.mark.parametrize(
    ("variant_id", "number", "may_buy", "limit", "out_of_turn", "own_turn"),
    BUYING,
    ids=[f"{row[0]}-{row[1]}" for row in BUYING],
)
def test_buying_per_deal(
    variant_id: str, number: int, may_buy: bool, limit: int | None, out_of_turn: int, own_turn: int
) -> None:
    variant = find_variant(variant_id)
    assert variant.buying_in(number) is may_buy
    assert variant.buy_limit_in(number) == limit
    assert variant.stock_cards_per_buy(number) == out_of_turn
    assert variant.stock_cards_per_buy(number, own_turn=True) == own_turn


# (variant, enabled, chips per game, token, after melding, price)
BUY_RULES = [
    ("telefunken", True, 7, "chip", False, 0),
    ("telefunken-ecuador", True, 12, "chip", False, 0),
    ("telefunken-peru", True, 6, "chip", False, 0),
    ("telefunken-peru-wittig", True, 6, "chip", False, 0),
    ("delifante", True, 6, "chip", False, 0),
    ("super-deli", True, 10, "chip", False, 0),
    ("telefunken-peru-carrillo", False, None, "chip", False, 0),  # nobody buys: the default token, never shown
    ("telefunken-bolivia", True, 7, "buy", True, 0),
    ("farmers-rummy", True, 10, "coin", False, 0),
    ("shanghai", True, None, "May I", True, 0),
    ("shanghai-tahelia-powe", True, None, "May I", True, 0),
    ("shanghai-deb-kolsov", True, None, "May I", True, 0),
    ("progressive-rummy", True, None, "buy", True, 1),
]


@pytest.mark.parametrize(
    ("variant_id", "enabled", "per_game", "token", "after_melding", "price"),
    BUY_RULES,
    ids=[row[0] for row in BUY_RULES],
)
def test_buy_rules(
    variant_id: str,
    enabled: bool,
    per_game: int | None,
    token: str,
    after_melding: bool,
    price: int,
) -> None:
    buy = find_variant(variant_id).buy
    assert (buy.enabled, buy.per_game, buy.token, buy.after_melding, buy.price) == (
        enabled,
        per_game,
        token,
        after_melding,
        price,
    )


def test_buying_on_ones_own_turn_and_beneath_a_bought_discard() -> None:
    assert not find_variant("shanghai").buy.on_own_turn
    assert find_variant("progressive-rummy").buy.card_beneath_buyable


# ---- players, decks and the cut ------------------------------------------------------------------

PLAYERS = {
    "telefunken": (3, 4, 5),
    "telefunken-ecuador": (3, 4, 5),
    "telefunken-peru": (3, 4, 5),
    "telefunken-peru-wittig": (3, 4, 6),
    "delifante": (2, 4, 6),
    "super-deli": (2, 4, 6),
    "telefunken-peru-carrillo": (2, 4, 8),
    "telefunken-bolivia": (3, 4, 8),
    "farmers-rummy": (2, 4, 8),
    "shanghai": (3, 4, 5),
    "shanghai-tahelia-powe": (3, 4, 5),
    "shanghai-deb-kolsov": (3, 4, 5),
    "progressive-rummy": (3, 4, 6),
}


@pytest.mark.parametrize("variant_id", IDS)
def test_players(variant_id: str) -> None:
    variant = find_variant(variant_id)
    players = variant.players
    assert (players.min, players.default, players.max) == PLAYERS[variant_id]
    variant.check_players(players.min)
    variant.check_players(players.max)
    with pytest.raises(PlayerCountError) as too_few:
        variant.check_players(players.min - 1)
    assert str(too_few.value) == f"{variant.name} needs at least {players.min} players, not {players.min - 1}"
    with pytest.raises(PlayerCountError) as too_many:
        variant.check_players(players.max + 1)
    assert str(too_many.value) == f"{variant.name} takes at most {players.max} players, not {players.max + 1}"


def expected_decks(variant_id: str, n: int) -> tuple[int, int]:
    """docs/rules.md §3–§10: packs and jokers for n players."""
    if variant_id == "telefunken-bolivia":
        return (2, 4) if n <= 5 else (3, 6)
    if variant_id == "farmers-rummy":
        return {2: (2, 4), 3: (2, 4), 4: (2, 4), 5: (3, 6)}.get(n, (4, 8))
    if variant_id == "delifante":
        return math.ceil(n / 2), 2 * math.ceil(n / 2)
    if variant_id == "super-deli":
        return max(n, 3), 2 * max(n, 3)
    if variant_id == "telefunken-peru-wittig":
        return 3, 6
    return 2, 4  # 108 cards


DECK_CASES = [(v, n) for v in IDS for n in range(PLAYERS[v][0], PLAYERS[v][2] + 1)]


@pytest.mark.parametrize(("variant_id", "players"), DECK_CASES, ids=[f"{v}-{n}p" for v, n in DECK_CASES])
def test_decks_by_players(variant_id: str, players: int) -> None:
    row = find_variant(variant_id).deck_row(players)
    assert (row.decks, row.jokers) == expected_decks(variant_id, players)


@pytest.mark.parametrize("variant_id", IDS)
def test_without_a_player_count_the_most_decks_count(variant_id: str) -> None:
    row = find_variant(variant_id).deck_row(None)
    low, _, high = PLAYERS[variant_id]
    assert (row.decks, row.jokers) == max(expected_decks(variant_id, n) for n in range(low, high + 1))


@pytest.mark.parametrize(
    ("variant_id", "players", "jokers_taken", "counts"),
    [
        ("telefunken", 4, 0, (45,)),  # "45 for four players if no jokers were taken by the cutter"
        ("telefunken", 4, 1, (44,)),
        ("telefunken", 3, 2, (32,)),
        ("telefunken-ecuador", 5, 0, (56,)),
        ("telefunken-bolivia", 4, 0, (44, 45)),
        ("telefunken-bolivia", 4, 1, (43, 44)),
        ("telefunken-bolivia", 6, 0, (66, 67)),
        *[("telefunken-peru-carrillo", n, 0, (12 * n + 1,)) for n in range(2, 9)],
        ("telefunken-peru-carrillo", 4, 2, (49,)),  # the cutter takes no jokers
        ("telefunken-peru", 4, 0, (45,)),
        ("telefunken-peru", 4, 1, (44,)),
        ("telefunken-peru-wittig", 6, 0, (67,)),
        ("delifante", 4, 0, (53,)),
        ("super-deli", 4, 0, (73,)),
        ("farmers-rummy", 4, 0, (45,)),
        ("shanghai-tahelia-powe", 4, 1, (41,)),
        ("progressive-rummy", 4, 1, (45,)),
    ],
)
def test_exact_cut(variant_id: str, players: int, jokers_taken: int, counts: tuple[int, ...]) -> None:
    assert find_variant(variant_id).exact_cut_counts(players, jokers_taken=jokers_taken) == counts


CUT_REWARD = {
    "telefunken": CutReward.CHIP,
    "telefunken-ecuador": CutReward.CHIP,
    "telefunken-peru": CutReward.CHIP,
    "telefunken-peru-wittig": CutReward.CHIP,
    "delifante": CutReward.CHIP,
    "super-deli": CutReward.CHIP,
    "telefunken-peru-carrillo": CutReward.ERASE_PREVIOUS,
    "telefunken-bolivia": CutReward.CHIP,
    "farmers-rummy": CutReward.NONE,
    "shanghai": CutReward.NONE,
    "shanghai-tahelia-powe": CutReward.NONE,
    "shanghai-deb-kolsov": CutReward.NONE,
    "progressive-rummy": CutReward.NONE,
}


@pytest.mark.parametrize("variant_id", IDS)
def test_cut_reward_and_joker_grab(variant_id: str) -> None:
    cut = find_variant(variant_id).cut
    assert cut.reward is CUT_REWARD[variant_id]
    telefunken_grab = not variant_id.startswith(("shanghai", "progressive")) and variant_id != (
        "telefunken-peru-carrillo"
    )
    assert cut.cutter_takes_jokers is telefunken_grab


# ---- meld, lay-off and table rules ---------------------------------------------------------------

# (twos wild, set wilds, run wilds, min run, ace, runs, pairs, colour runs, wild-only sets)
MELD_RULES = {
    "telefunken": (False, WildLimit.ONE, WildLimit.ONE, 3, AceRule.LOW_OR_HIGH, True, False, False, False),
    "telefunken-ecuador": (False, WildLimit.ONE, WildLimit.ONE, 3, AceRule.LOW_OR_HIGH, True, False, False, False),
    "telefunken-peru": (True, WildLimit.NONE, WildLimit.AT_MOST_NATURALS, 3, AceRule.WRAP, True, False, False, False),
    "telefunken-peru-wittig": (
        True, WildLimit.ANY, WildLimit.AT_MOST_NATURALS, 3, AceRule.WRAP, True, False, False, False,
    ),
    "delifante": (
        True, WildLimit.NONE, WildLimit.AT_MOST_NATURALS, 3, AceRule.NOT_IN_RUNS, True, False, False, False,
    ),
    "super-deli": (
        True, WildLimit.NONE, WildLimit.AT_MOST_NATURALS, 3, AceRule.NOT_IN_RUNS, True, False, False, False,
    ),
    "telefunken-peru-carrillo": (False, WildLimit.NONE, WildLimit.ANY, 4, AceRule.WRAP, True, False, True, True),
    "telefunken-bolivia": (False, WildLimit.ONE, WildLimit.ONE, 3, AceRule.LOW_OR_HIGH, True, False, False, False),
    "farmers-rummy": (True, WildLimit.FEWER_THAN_NATURALS, None, None, None, False, False, False, False),
    "shanghai": (False, WildLimit.ONE, WildLimit.ONE, 4, AceRule.HIGH_ONLY, True, False, False, False),
    "shanghai-tahelia-powe": (False, WildLimit.ONE, WildLimit.ONE, 4, AceRule.HIGH_ONLY, True, False, False, False),
    "shanghai-deb-kolsov": (False, WildLimit.ONE, WildLimit.ONE, 4, AceRule.HIGH_ONLY, True, False, False, False),
    "progressive-rummy": (True, WildLimit.ANY, WildLimit.ANY, 3, AceRule.LOW_OR_HIGH, True, True, False, False),
}  # fmt: skip


@pytest.mark.parametrize("variant_id", IDS)
def test_meld_rules(variant_id: str) -> None:
    rules = find_variant(variant_id).meld_rules
    twos, set_wilds, run_wilds, min_run, ace, runs, pairs, colour_runs, wild_only = MELD_RULES[variant_id]
    assert (rules.twos_wild, rules.set_wilds, rules.runs, rules.pairs, rules.colour_runs, rules.wild_only_sets) == (
        twos,
        set_wilds,
        runs,
        pairs,
        colour_runs,
        wild_only,
    )
    assert rules.min_set == 3
    assert rules.max_run == 13
    if runs:
        assert (rules.run_wilds, rules.min_run, rules.ace) == (run_wilds, min_run, ace)


def test_lay_off_and_swap_rules() -> None:
    venezuela = find_variant("telefunken").layoff
    assert venezuela.pure_trio_closes
    assert venezuela.set_joker_swap == 2
    assert venezuela.run_joker_swap is RunJokerSwap.END_MOVE
    assert venezuela.own_contract_locked_on_contract_turn
    assert venezuela.swap_needs_melded
    assert not venezuela.swap_on_contract_turn

    bolivia = find_variant("telefunken-bolivia").layoff
    assert not bolivia.pure_trio_closes
    assert bolivia.set_joker_swap == 1
    assert not bolivia.swap_from_own_melds
    assert not bolivia.own_contract_locked_on_contract_turn
    assert bolivia.run_joker_swap is RunJokerSwap.END_MOVE

    ecuador = find_variant("telefunken-ecuador").layoff
    assert ecuador.swap_only_from_others_contract
    assert ecuador.swap_on_contract_turn
    assert ecuador.swap_reuse is SwapReuse.OWN_CONTRACT
    assert ecuador.set_joker_swap == 1

    for peru_id in ("telefunken-peru", "delifante", "super-deli"):
        peru = find_variant(peru_id).layoff
        assert peru.run_joker_swap is RunJokerSwap.REPLACE
        assert peru.swap_reuse is SwapReuse.NEW_RUN
        assert peru.swap_on_contract_turn
        assert peru.set_joker_swap is None

    wittig = find_variant("telefunken-peru-wittig").layoff
    assert wittig.set_joker_swap == 1
    assert wittig.run_joker_swap is RunJokerSwap.REPLACE
    assert wittig.swap_needs_melded
    assert not wittig.swap_on_contract_turn
    assert wittig.swap_reuse is SwapReuse.HAND

    carrillo = find_variant("telefunken-peru-carrillo").layoff
    assert not carrillo.layoff_on_contract_turn
    assert not carrillo.extra_melds_on_contract_turn
    assert not carrillo.new_melds_after_contract
    assert carrillo.run_joker_swap is RunJokerSwap.SLIDE
    assert carrillo.set_joker_swap is None

    farmers = find_variant("farmers-rummy").layoff
    assert not farmers.wilds_onto_sets
    assert farmers.set_joker_swap is None
    assert farmers.run_joker_swap is RunJokerSwap.NONE

    for shanghai_id in ("shanghai", "shanghai-tahelia-powe", "shanghai-deb-kolsov"):
        shanghai = find_variant(shanghai_id).layoff
        assert shanghai.set_joker_swap is None
        assert shanghai.run_joker_swap is RunJokerSwap.NONE
        assert not shanghai.new_melds_after_contract
        assert not shanghai.own_contract_locked_on_contract_turn
        # one run per suit (Tahelia Powe, docs/rules.md D40): a player lays runs only in the contract
        one_run_per_suit = shanghai_id == "shanghai-tahelia-powe"
        deals = find_variant(shanghai_id).deals
        assert all(c.runs_share_suit is not one_run_per_suit for d in deals for c in d.contracts)

    progressive = find_variant("progressive-rummy").layoff
    assert not progressive.wilds_movable
    assert not progressive.runs_joinable
    assert not progressive.new_melds_after_contract
    assert progressive.set_joker_swap is None
    assert progressive.run_joker_swap is RunJokerSwap.NONE


PERU_FAMILY = {"telefunken-peru", "telefunken-peru-wittig", "delifante", "super-deli"}
STOCK = {"telefunken-peru-carrillo": StockRule.RESHUFFLE_KEEP_TOP} | {v: StockRule.DEAL_ENDS for v in PERU_FAMILY}
CARDS_DEALT = {
    "delifante": 13,
    "super-deli": 18,
    "telefunken-peru-carrillo": 12,
    "shanghai-tahelia-powe": 10,
}


@pytest.mark.parametrize("variant_id", IDS)
def test_table_rules(variant_id: str) -> None:
    variant = find_variant(variant_id)
    peru = variant_id in PERU_FAMILY
    assert variant.cards_dealt == CARDS_DEALT.get(variant_id, 11)
    assert variant.first_player is (FirstPlayer.DEALER if peru else FirstPlayer.AFTER_DEALER)
    assert variant.unused_chip_points == (-10 if peru else 0)
    assert variant.stock_exhausted is STOCK.get(variant_id, StockRule.RESHUFFLE)
    clockwise = variant_id.startswith(("shanghai", "progressive"))
    direction = Direction.CLOCKWISE if clockwise else Direction.COUNTERCLOCKWISE
    assert variant.house_rule_value("direction") == direction.value
    assert variant.shanghai_call is (variant_id in ("shanghai", "shanghai-deb-kolsov"))
    assert (variant.payouts is not None) is (variant_id == "progressive-rummy")
    assert not variant.streak_multiplier
    assert not variant.dealer_chooses_contract


@pytest.mark.parametrize(
    ("variant_id", "discard"),
    [
        ("telefunken", Discard.OPTIONAL),
        ("telefunken-peru", Discard.REQUIRED),
        ("super-deli", Discard.REQUIRED),
        ("farmers-rummy", Discard.REQUIRED),
        ("shanghai-tahelia-powe", Discard.FORBIDDEN),
        ("progressive-rummy", Discard.OPTIONAL),
    ],
)
def test_variant_final_discard(variant_id: str, discard: Discard) -> None:
    assert find_variant(variant_id).final_discard is discard


@pytest.mark.parametrize(("places", "payments"), [(4, (12, -2, -4, -6)), (3, (6, -2, -4)), (2, (2, -2))])
def test_progressive_payouts(places: int, payments: tuple[int, ...]) -> None:
    payouts = find_variant("progressive-rummy").payouts
    assert payouts is not None
    assert payouts.payments(places) == payments


# ---- house rules ---------------------------------------------------------------------------------

HOUSE_RULES = {
    "telefunken": {"chips", "exact_cut_reward", "streak_multiplier", "direction", "jokers_per_meld",
                   "deal6_exchange", "third_deck"},
    "telefunken-ecuador": {"chips", "exact_cut_reward", "streak_multiplier", "direction", "dealer_chooses_contract",
                           "telefunque_regulations", "jokers_per_meld", "deal6_exchange", "third_deck"},
    "telefunken-peru": {"chips", "exact_cut_reward", "streak_multiplier", "direction", "third_deck"},
    "telefunken-peru-wittig": {"chips", "exact_cut_reward", "streak_multiplier", "direction"},
    "delifante": {"chips", "exact_cut_reward", "streak_multiplier", "direction"},
    "super-deli": {"chips", "exact_cut_reward", "streak_multiplier", "direction"},
    "telefunken-peru-carrillo": {"exact_cut_reward", "streak_multiplier", "direction"},
    "telefunken-bolivia": {"chips", "exact_cut_reward", "streak_multiplier", "direction", "set_joker_swap_cards",
                           "jokers_per_meld"},
    "farmers-rummy": {"chips", "exact_cut_reward", "streak_multiplier", "direction"},
    "shanghai": {"exact_cut_reward", "streak_multiplier", "direction"},
    "shanghai-tahelia-powe": {"exact_cut_reward", "streak_multiplier", "direction"},
    "shanghai-deb-kolsov": {"exact_cut_reward", "streak_multiplier", "direction", "kolsov_ext"},
    "progressive-rummy": {"exact_cut_reward", "streak_multiplier", "direction"},
}  # fmt: skip
CHIPS = {
    "telefunken": 7,
    "telefunken-ecuador": 12,
    "telefunken-peru": 6,
    "telefunken-peru-wittig": 6,
    "delifante": 6,
    "super-deli": 10,
    "telefunken-bolivia": 7,
    "farmers-rummy": 10,
}


def without_values(variant: Variant) -> Variant:
    return dataclasses.replace(variant, house_rule_values=())


@pytest.mark.parametrize("variant_id", IDS)
def test_house_rule_ids_and_defaults(variant_id: str) -> None:
    variant = find_variant(variant_id)
    ids = [rule.id for rule in variant.house_rules]
    assert set(ids) == HOUSE_RULES[variant_id]
    assert len(ids) == len(set(ids))
    assert all(i.isidentifier() and i == i.lower() for i in ids)  # snake_case, never kebab
    for rule in variant.house_rules:
        assert rule.explanation
        assert "\n" not in rule.explanation
        assert rule.validate(rule.default) == rule.default
        # The default is the book's rule: applying it changes nothing.
        assert without_values(rule.apply(variant, rule.default)) == variant, rule.id
        assert variant.house_rule_value(rule.id) == rule.default
    if variant_id in CHIPS:
        assert variant.house_rule("chips").default == CHIPS[variant_id] == variant.buy.per_game
    assert variant.house_rule("exact_cut_reward").default == CUT_REWARD[variant_id].value
    assert variant.house_rule("streak_multiplier").default is False


@pytest.mark.parametrize("variant_id", IDS)
def test_every_choice_of_every_house_rule_applies(variant_id: str) -> None:
    variant = find_variant(variant_id)
    for rule in variant.house_rules:
        values: list[object] = (
            list(rule.choices) if rule.kind == "choice" else [True, False] if rule.kind == "bool" else []
        )
        if rule.kind == "int":
            values = [v for v in (rule.minimum, rule.maximum, rule.default) if v is not None]
        for value in values:
            switched = variant.with_house_rules({rule.id: value})
            assert switched.house_rule_value(rule.id) == value
            assert dict(switched.house_rule_values) == {rule.id: value}
            # Switching back to the default restores the book exactly.
            restored = switched.with_house_rules({rule.id: rule.default})
            assert without_values(restored) == variant, (rule.id, value)


@pytest.mark.parametrize(
    ("variant_id", "rule_id", "value", "expected"),
    [
        ("telefunken", "chips", "7", "a whole number"),
        ("telefunken", "chips", True, "a whole number"),
        ("telefunken", "chips", -1, "at least 0"),
        ("telefunken", "chips", None, "cannot be None: it takes a whole number"),
        ("telefunken-bolivia", "set_joker_swap_cards", 3, "at most 2"),
        ("telefunken-bolivia", "set_joker_swap_cards", 0, "at least 1"),
        ("telefunken", "streak_multiplier", "yes", "true or false"),
        ("telefunken", "streak_multiplier", 1, "true or false"),
        ("telefunken", "direction", "left", "counterclockwise, clockwise"),
        (
            "shanghai",
            "exact_cut_reward",
            "chip",
            "minus-25, minus-50, erase-previous, none$",
        ),  # Shanghai has no chips to give
        ("telefunken", "exact_cut_reward", "minus-30", "chip, minus-25, minus-50, erase-previous, none"),
        ("telefunken", "deal6_exchange", "deal-7", "deal-6, none, deal-4-and-6-twice"),
        ("telefunken", "jokers_per_meld", 2, "one, any"),
    ],
)
def test_a_bad_house_rule_value_is_refused(variant_id: str, rule_id: str, value: object, expected: str) -> None:
    with pytest.raises(HouseRuleError, match=expected) as caught:
        find_variant(variant_id).with_house_rules({rule_id: value})
    assert caught.value.rule_id == rule_id
    assert repr(rule_id) in str(caught.value)
    assert caught.value.value == value
    assert not caught.value.unknown


@pytest.mark.parametrize(
    ("variant_id", "rule_id"),
    [
        ("telefunken", "dealer_chooses_contract"),  # Ecuador only
        ("shanghai", "chips"),  # no chips in Shanghai: the rule is absent, not null
        ("telefunken-peru-carrillo", "chips"),
        ("telefunken", "x_note"),
        ("telefunken", "streak-multiplier"),
    ],
)
def test_an_unknown_house_rule_is_refused(variant_id: str, rule_id: str) -> None:
    with pytest.raises(HouseRuleError, match=f"unknown house rule '{rule_id}'") as caught:
        find_variant(variant_id).with_house_rules({rule_id: 1})
    assert caught.value.unknown


def test_the_shared_switches_are_one_rule_and_read_their_values_strictly() -> None:
    assert all(v.house_rule("streak_multiplier") is STREAK_MULTIPLIER for v in VARIANTS.values())
    assert [is_on(v) for v in (True, 1, "true", None, False)] == [True, False, False, False, False]
    assert [whole_or_none(v) for v in (7, 0, True, "7", None, 2.0)] == [7, 0, None, None, None, None]


def test_x_keys_are_ignored() -> None:
    variant = find_variant("telefunken")
    switched = variant.with_house_rules({"x-note": "anything", "x-app": {"v": 2}, "chips": 12})
    assert switched.buy.per_game == 12
    assert switched.house_rule_values == (("chips", 12),)


def test_house_rules_take_effect() -> None:
    telefunken = find_variant("telefunken")
    switched = telefunken.with_house_rules(
        {
            "chips": 13,
            "exact_cut_reward": "minus-25",
            "streak_multiplier": True,
            "direction": "clockwise",
            "jokers_per_meld": "any",
            "deal6_exchange": "deal-4-and-6-twice",
            "third_deck": True,
        }
    )
    assert switched.buy.per_game == 13
    assert switched.cut.reward is CutReward.MINUS_25
    assert switched.streak_multiplier
    assert switched.house_rule_value("direction") == "clockwise"
    assert switched.meld_rules.set_wilds is WildLimit.ANY
    assert switched.meld_rules.run_wilds is WildLimit.ANY
    assert [d.exchanges for d in switched.deals] == [0, 0, 0, 1, 0, 2, 0]
    assert switched.players.max == 8
    assert switched.deck_row(6).decks == 3
    assert switched.deck_row(5).decks == 2
    assert switched.deal(1).contracts == telefunken.deal(1).contracts  # the pure trío stays pure
    assert find_variant("telefunken").buy.per_game == 7  # the registry is never changed
    assert telefunken.with_house_rules({"deal6_exchange": "none"}).deal(6).exchanges == 0


def test_ecuador_house_rules() -> None:
    ecuador = find_variant("telefunken-ecuador")
    assert ecuador.with_house_rules({"dealer_chooses_contract": True}).dealer_chooses_contract
    regulated = ecuador.with_house_rules({"telefunque_regulations": True})
    assert spell(regulated.deal(3).contracts[0]) == "1×set4/pure [jokers≤0]"
    assert regulated.deal(3).contracts[0].melds[0].distinct_suits
    assert regulated.deal(6).go_out_in_one_turn
    assert not regulated.deal(7).go_out_in_one_turn
    loose = ecuador.with_house_rules({"jokers_per_meld": "any"})
    assert loose.deal(7).contracts[0].max_wilds == 1  # the contract's limit still holds


def test_bolivia_house_rules() -> None:
    bolivia = find_variant("telefunken-bolivia")
    assert bolivia.with_house_rules({"set_joker_swap_cards": 2}).layoff.set_joker_swap == 2
    assert bolivia.with_house_rules({"direction": "clockwise"}).house_rule_value("direction") == "clockwise"
    assert spell(bolivia.with_house_rules({"jokers_per_meld": "any"}).deal(7).contracts[0]) == (
        "1×run7+/1wild (escalera)"
    )


def test_kolsov_ext_preset() -> None:
    kolsov = shanghai.SHANGHAI_DEB_KOLSOV
    ext = kolsov.with_house_rules({"kolsov_ext": True})
    assert [ext.buy_limit_in(n) for n in range(1, 11)] == [3] * 8 + [4] * 2
    caps = {(r.kind, r.size): r.wild_cap for d in ext.deals for c in d.contracts for r in c.melds}
    assert caps == {
        (MeldKind.SET, 3): 1,
        (MeldKind.RUN, 4): 1,
        (MeldKind.RUN, 5): 2,
        (MeldKind.RUN, 7): 3,
        (MeldKind.RUN, 10): 4,
    }
    assert ext.card_values.ranks[1:10] == (5,) * 9
    assert ext.card_values.ranks[0] == 20
    assert ext.blind_out_bonus == (-25, -50)
    assert kolsov.blind_out_bonus is None
    assert kolsov.buy_limit_in(1) == 2
    assert ext.with_house_rules({"kolsov_ext": False}).card_values == shanghai.SHANGHAI.card_values


def test_every_variant_takes_the_streak_multiplier_and_a_direction() -> None:
    for variant in VARIANTS.values():
        assert variant.with_house_rules({"streak_multiplier": True}).streak_multiplier
        # The direction is wording only (docs/rules.md D18): the value in force, and nothing else changes.
        switched = variant.with_house_rules({"direction": "clockwise"})
        assert switched.house_rule_value("direction") == "clockwise"
        assert dataclasses.replace(switched, house_rule_values=variant.house_rule_values) == variant


def _values_of(rule: HouseRule) -> list[object]:
    if rule.kind == "bool":
        return [True, False]
    if rule.kind == "choice":
        return list(rule.choices)
    return [v for v in (rule.minimum, rule.default, rule.maximum) if v is not None]


@settings(max_examples=examples(200), deadline=None)
@given(st.data())
def test_house_rules_apply_in_any_order(data: st.DataObject) -> None:
    """No two rules of a variant touch the same field, so the order they are switched in never matters."""
    variant = find_variant(data.draw(st.sampled_from(IDS)))
    chosen = data.draw(st.lists(st.sampled_from(variant.house_rules), unique_by=lambda r: r.id))
    values = {rule.id: data.draw(st.sampled_from(_values_of(rule))) for rule in chosen}
    shuffled = dict(data.draw(st.permutations(list(values.items()))))
    one_by_one = variant
    for rule_id, value in shuffled.items():
        one_by_one = one_by_one.with_house_rules({rule_id: value})
    assert variant.with_house_rules(values) == variant.with_house_rules(shuffled) == one_by_one
