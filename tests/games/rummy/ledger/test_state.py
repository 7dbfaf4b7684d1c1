"""The ledger's state: who deals and cuts, chips and buys, points, streaks, adjustments, refusals, undo.

Every expected number is worked out by hand in the comments (card values from docs/rules.md §11.1).
"""

from __future__ import annotations

import pytest

from referee.games.rummy.ledger.events.base import Event
from referee.games.rummy.ledger.events.buy import Buy
from referee.games.rummy.ledger.events.contract_chosen import ContractChosen
from referee.games.rummy.ledger.events.created import GameCreated
from referee.games.rummy.ledger.events.deal_corrected import DealCorrected
from referee.games.rummy.ledger.events.deal_ended import DealEnded
from referee.games.rummy.ledger.events.exact_cut import ExactCut
from referee.games.rummy.ledger.events.game_abandoned import GameAbandoned
from referee.games.rummy.ledger.events.laid_down import LaidDown
from referee.games.rummy.ledger.events.player_renamed import PlayerRenamed
from referee.games.rummy.ledger.events.undone import Undone
from referee.games.rummy.ledger.state.checks import cut_problems, deal_problems, unknown
from referee.games.rummy.ledger.state.chips import ChipsAndBuys
from referee.games.rummy.ledger.state.facts import GameFacts
from referee.games.rummy.ledger.state.game import GameState, apply, check, replay, start
from referee.games.rummy.ledger.state.records import EventRefused, hand_points
from referee.games.rummy.ledger.state.seating import Seating
from referee.games.rummy.ledger.state.sheet import Sheet
from referee.rules.variants import HouseRuleError, UnknownVariantError

#: The modules of referee/ this file tests (tests/test_layout.py).
TESTED = (
    "referee.games.rummy.ledger.events.buy",
    "referee.games.rummy.ledger.events.contract_chosen",
    "referee.games.rummy.ledger.events.created",
    "referee.games.rummy.ledger.events.deal_corrected",
    "referee.games.rummy.ledger.events.deal_ended",
    "referee.games.rummy.ledger.events.exact_cut",
    "referee.games.rummy.ledger.events.game_abandoned",
    "referee.games.rummy.ledger.events.laid_down",
    "referee.games.rummy.ledger.events.player_renamed",
    "referee.games.rummy.ledger.state.checks",
    "referee.games.rummy.ledger.state.chips",
    "referee.games.rummy.ledger.state.facts",
    "referee.games.rummy.ledger.state.game",
    "referee.games.rummy.ledger.state.records",
    "referee.games.rummy.ledger.state.seating",
    "referee.games.rummy.ledger.state.sheet",
)

P4 = ("Ana", "Beto", "Caro", "Dani")


def new(variant: str = "telefunken", players: tuple[str, ...] = P4, first: str = "Ana",
        **house: object) -> GameState:
    return start(GameCreated(variant=variant, players=players, first_dealer=first, house_rules=dict(house)))


def end(state: GameState, went_out: str | None, **hands: str | int) -> GameState:
    return apply(state, DealEnded(deal=state.deal_number, went_out=went_out, hands=hands))


def refused_codes(state: GameState, event: Event) -> set[str]:
    with pytest.raises(EventRefused) as info:
        apply(state, event)
    assert set(p.code for p in info.value.problems) == set(p.code for p in check(state, event))
    return {p.code for p in info.value.problems}


# ---- the table: dealer, cutter, first player, exact cut --------------------------------------------


def test_turn_order_dealer_cutter_first_player() -> None:
    s = new()
    # Turn order Ana → Beto → Caro → Dani: Ana deals, the player before her (Dani) cuts, Beto plays first.
    assert (s.deal_number, s.seating.dealer, s.seating.cutter, s.seating.first_player) == (1, "Ana", "Dani", "Beto")
    s = end(s, "Beto", Ana="5H", Caro="5D", Dani="5S")
    assert (s.deal_number, s.seating.dealer, s.seating.cutter, s.seating.first_player) == (2, "Beto", "Ana", "Caro")
    assert s.deals_left == 6
    assert s.deals_played == 1


def test_peru_dealer_opens() -> None:
    s = new("telefunken-peru", first="Caro")
    assert (s.seating.dealer, s.seating.cutter, s.seating.first_player) == ("Caro", "Beto", "Caro")
    assert s.exact_cut_counts == (45,)  # 11 × 4 + 1


@pytest.mark.parametrize(
    ("variant", "jokers", "counts"),
    [
        ("telefunken", 0, (45,)),  # 11 × 4 + 1
        ("telefunken", 2, (43,)),  # 45 − 2 jokers the cutter took
        ("telefunken-bolivia", 0, (44, 45)),  # 11 × 4 or 11 × 4 + 1
        ("telefunken-bolivia", 1, (43, 44)),
        ("telefunken-peru-carrillo", 2, (49,)),  # 12 × 4 + 1; the cutter takes no jokers
        ("delifante", 0, (53,)),  # 13 × 4 + 1
        ("super-deli", 0, (73,)),  # 18 × 4 + 1
    ],
    ids=lambda v: str(v),
)
def test_exact_cut_counts(variant: str, jokers: int, counts: tuple[int, ...]) -> None:
    assert new(variant).exact_cut_counts_for(jokers) == counts


def test_exact_cut_recorded_changes_counts_and_gives_a_chip() -> None:
    s = apply(new(), ExactCut(deal=1, cutter_jokers=1))
    assert s.cut_this_deal
    assert s.exact_cut_counts == (44,)
    assert s.chips.chips_left == {"Ana": 7, "Beto": 7, "Caro": 7, "Dani": 8}  # Dani cut: 7 + 1
    assert refused_codes(s, ExactCut(deal=1)) == {"exact-cut-twice"}


def test_exact_cut_jokers_out_of_range() -> None:
    assert refused_codes(new(), ExactCut(deal=1, cutter_jokers=4)) == {"bad-jokers"}
    # The check itself: Telefunken's two decks hold 4 jokers, but the cut looks at 3 at most; 1 is fine.
    assert [p.code for p in cut_problems(new(), 4, 1)] == ["bad-jokers"]
    assert cut_problems(new(), 1, 1) == []


def test_the_read_models_answer_from_the_facts_alone() -> None:
    """Seating, chips and the sheet are built from the players and the deal records, nothing else."""
    s = end(apply(new(), Buy(deal=1, player="Caro")), "Beto", Ana="5H", Caro="5D", Dani="5S")
    facts = GameFacts(created=s.created, variant=s.variant, names=s.names, first_dealer_seat=s.first_dealer_seat,
                      records=s.records)
    assert (facts.deal_number, facts.deals_played, facts.deals_left, facts.finished) == (2, 1, 6, False)
    seating = Seating(s.variant, s.names, s.first_dealer_seat, s.records)
    # Deal 2: Beto deals, the player before him (Ana) cuts, Caro plays first.
    assert (seating.dealer, seating.cutter, seating.first_player) == ("Beto", "Ana", "Caro")
    chips = ChipsAndBuys(s.variant, seating, s.records)
    assert chips.chips_left == {"Ana": 7, "Beto": 7, "Caro": 6, "Dani": 7}  # 7 each; Caro spent one in deal 1
    sheet = Sheet(s.variant, seating, chips, s.records, dict(s.created.settings), facts.finished)
    assert sheet.totals == {"Ana": 5, "Beto": 0, "Caro": 5, "Dani": 5}  # a five is 5 points; Beto went out
    # A deal other than the one under way is refused by the shared check.
    assert [p.code for p in deal_problems(facts, 3)] == ["wrong-deal"]
    assert [p.code for p in deal_problems(facts, 1)] == ["deal-already-ended"]
    assert deal_problems(facts, 2) == []


# ---- chips and buys --------------------------------------------------------------------------------


def test_seven_chips_then_no_more() -> None:
    s = new()
    for _ in range(7):
        s = apply(s, Buy(deal=1, player="Caro"))
    assert s.chips.chips_left["Caro"] == 0
    assert s.chips.buys_this_deal["Caro"] == 7
    assert refused_codes(s, Buy(deal=1, player="Caro")) == {"no-chips-left"}
    assert [p.code for p in s.can_buy("Caro")] == ["no-chips-left"]
    assert s.can_buy("Ana") == ()


def test_exact_cut_chip_is_granted_before_the_deals_buys() -> None:
    s = new()
    for _ in range(7):
        s = apply(s, Buy(deal=1, player="Dani"))
    s = apply(s, ExactCut(deal=1))  # recorded late, still counts for this deal
    s = apply(s, Buy(deal=1, player="Dani"))  # the 8th buy: 7 + 1 chip
    assert s.chips.chips_left["Dani"] == 0


def test_chips_house_rule() -> None:
    s = new(chips=12)
    assert s.chips.chip_limit == 12
    assert s.chips.chips_left["Ana"] == 12


def test_shanghai_two_may_i_per_deal() -> None:
    s = new("shanghai")
    s = apply(apply(s, Buy(deal=1, player="Ana")), Buy(deal=1, player="Ana"))
    assert s.chips.buys_left_this_deal["Ana"] == 0
    assert s.chips.chips_left["Ana"] is None
    assert refused_codes(s, Buy(deal=1, player="Ana")) == {"buy-limit-this-deal"}
    s = end(s, "Beto", Ana=0, Caro=0, Dani=0)
    assert s.chips.buys_left_this_deal["Ana"] == 2


def test_progressive_buying_only_in_deals_9_to_14() -> None:
    s = new("progressive-rummy")
    assert refused_codes(s, Buy(deal=1, player="Ana")) == {"no-buying-this-deal"}
    for _ in range(8):
        s = end(s, "Ana", Beto=5, Caro=5, Dani=5)
    assert s.deal_number == 9
    assert s.chips.buys_left_this_deal["Beto"] == 1
    s = apply(s, Buy(deal=9, player="Beto"))
    assert refused_codes(s, Buy(deal=9, player="Beto")) == {"buy-limit-this-deal"}
    for _ in range(3):
        s = end(s, "Ana", Beto=5, Caro=5, Dani=5)
    assert s.deal_number == 12
    assert s.chips.buys_left_this_deal["Beto"] == 2
    # deal 12: a buy also takes one stock card ("take"); on your own turn the normal draw comes too
    assert (s.chips.stock_cards_for_buy(), s.chips.stock_cards_for_buy(own_turn=True)) == (1, 2)
    assert s.chips.buy_money == 1


def test_ecuador_no_buying_in_deal_1_and_two_stock_cards() -> None:
    s = new("telefunken-ecuador")
    assert refused_codes(s, Buy(deal=1, player="Beto")) == {"no-buying-this-deal"}
    s = end(s, "Ana", Beto=5, Caro=5, Dani=5)
    assert s.can_buy("Beto") == ()
    assert (s.chips.stock_cards_for_buy(), s.chips.stock_cards_for_buy(own_turn=True)) == (2, 3)


def test_a_buy_on_ones_own_turn_is_the_ledgers_answer() -> None:
    # Venezuela: the discard and 1 stock card, 2 on the buyer's own turn (the normal draw included); Ecuador 2 and 3;
    # Shanghai has no buy on one's own turn: the player in turn draws the discard (docs/rules.md D24).
    assert new().chips.stock_cards_own_turn == 2
    assert end(new("telefunken-ecuador"), "Ana", Beto=5, Caro=5, Dani=5).chips.stock_cards_own_turn == 3
    shanghai = new("shanghai")
    assert shanghai.chips.stock_cards_own_turn is None
    assert shanghai.chips.stock_cards_for_buy() == 1


def test_no_buying_after_melding_except_bolivia() -> None:
    s = apply(new(), LaidDown(deal=1, player="Beto"))
    assert s.melded == ("Beto",)
    assert refused_codes(s, Buy(deal=1, player="Beto")) == {"buy-after-melding"}
    b = apply(new("telefunken-bolivia"), LaidDown(deal=1, player="Beto"))
    assert b.can_buy("Beto") == ()


def test_buy_priority_next_after_the_discarder_first() -> None:
    s = new()
    assert s.seating.buy_priority("Caro", ["Beto", "Ana", "Dani"]) == ["Dani", "Ana", "Beto"]
    assert s.seating.buy_priority("Ana", ["Ana", "Dani", "Beto"]) == ["Beto", "Dani"]


def test_carrillo_has_no_buying() -> None:
    s = new("telefunken-peru-carrillo")
    assert refused_codes(s, Buy(deal=1, player="Ana")) == {"no-buying"}
    assert s.chips.chips_left["Ana"] is None


# ---- points, streaks, adjustments ------------------------------------------------------------------


def test_points_of_cards_and_typed_points() -> None:
    s = end(new(), "Ana", Beto="KH 7S", Caro="JK", Dani=12)
    (deal,) = s.sheet.deals
    # K 10 + 7 = 17; joker 15; Dani typed 12; Ana went out: 0
    assert deal.points == {"Ana": 0, "Beto": 17, "Caro": 15, "Dani": 12}
    assert deal.winner == "Ana"
    assert deal.multiplier == 1
    assert (hand_points(s.variant, "KH 7S"), hand_points(s.variant, "JK"), hand_points(s.variant, 12)) == (17, 15, 12)
    assert s.sheet.totals == {"Ana": 0, "Beto": 17, "Caro": 15, "Dani": 12}
    assert s.sheet.standings == ("Ana", "Dani", "Caro", "Beto")
    assert s.sheet.ranks == {"Ana": 1, "Dani": 2, "Caro": 3, "Beto": 4}


def test_ties_share_a_rank_and_keep_turn_order() -> None:
    s = end(new(), "Caro", Ana=10, Beto=5, Dani=5)
    assert s.sheet.standings == ("Caro", "Beto", "Dani", "Ana")
    assert s.sheet.ranks == {"Caro": 1, "Beto": 2, "Dani": 2, "Ana": 4}


def test_bolivian_streak_of_three_then_reset() -> None:
    s = new("telefunken-bolivia", streak_multiplier=True)
    s = end(s, "Ana", Beto="AS", Caro=10, Dani=0)  # A = 15 in Bolivia; ×1 (first win)
    s = end(s, "Ana", Beto=10, Caro="JK", Dani=2)  # 2nd win in a row: ×2 → 20, 60, 4
    s = end(s, "Ana", Beto=1, Caro=2, Dani=3)  # 3rd: ×3 → 3, 6, 9
    s = end(s, "Beto", Ana=7, Caro=1, Dani=1)  # another winner: ×1
    s = end(s, "Ana", Beto=4, Caro=4, Dani=4)  # Ana again, but the run restarted: ×1
    assert [d.multiplier for d in s.sheet.deals] == [1, 2, 3, 1, 1]
    assert s.sheet.deals[1].points == {"Ana": 0, "Beto": 20, "Caro": 60, "Dani": 4}
    assert s.sheet.deals[1].raw_points == {"Ana": 0, "Beto": 10, "Caro": 30, "Dani": 2}
    assert s.sheet.totals == {
        "Ana": 0 + 0 + 0 + 7 + 0,
        "Beto": 15 + 20 + 3 + 0 + 4,
        "Caro": 10 + 60 + 6 + 1 + 4,
        "Dani": 0 + 4 + 9 + 1 + 4,
    }


def test_streak_off_by_default() -> None:
    s = new("telefunken-bolivia")
    s = end(end(s, "Ana", Beto=10, Caro=10, Dani=10), "Ana", Beto=10, Caro=10, Dani=10)
    assert s.sheet.deals[1].multiplier == 1
    assert s.sheet.totals["Beto"] == 20


def test_nobody_out_resets_the_streak() -> None:
    s = new("telefunken-peru", streak_multiplier=True)
    s = end(s, "Ana", Beto=1, Caro=1, Dani=1)
    s = end(s, None, Ana=5, Beto=1, Caro=1, Dani=1)  # the stock ran out: nobody wins
    s = end(s, "Ana", Beto=1, Caro=1, Dani=1)
    assert [d.multiplier for d in s.sheet.deals] == [1, 1, 1]
    assert s.sheet.deals[1].winner is None
    assert s.sheet.deals[1].points["Ana"] == 5


def test_venezuelan_minus_25_house_rule() -> None:
    s = new(exact_cut_reward="minus-25")
    s = apply(s, ExactCut(deal=1))
    assert s.chips.chips_left["Dani"] == 7  # no chip with this house rule
    (adj,) = s.sheet.adjustments
    assert (adj.player, adj.deal, adj.code, adj.points) == ("Dani", 1, "exact-cut", -25)
    s = end(s, "Ana", Beto=10, Caro=10, Dani=30)
    assert s.sheet.totals["Dani"] == 30 - 25


def test_running_totals_count_each_adjustment_in_its_deal() -> None:
    s = new(exact_cut_reward="minus-25")
    s = apply(s, ExactCut(deal=1))  # Dani cuts exactly in deal 1: -25 before the deal ends
    assert s.sheet.running_totals == ({"Ana": 0, "Beto": 0, "Caro": 0, "Dani": -25},)
    s = end(s, "Ana", Beto=10, Caro=12, Dani=30)
    s = end(s, "Beto", Ana=5, Caro=0, Dani=8)
    # deal 3: Caro deals, Beto cuts exactly: his -25 counts in deal 3, which has not ended
    assert s.seating.cutter == "Beto"
    s = apply(s, ExactCut(deal=3))
    assert s.sheet.running_totals == (
        {"Ana": 0, "Beto": 10, "Caro": 12, "Dani": 30 - 25},
        {"Ana": 0 + 5, "Beto": 10 + 0 - 25, "Caro": 12 + 0, "Dani": 30 - 25 + 8},
    )
    assert s.sheet.running_totals[-1] == s.sheet.totals
    assert s.sheet.adjustment_totals == {"Ana": 0, "Beto": -25, "Caro": 0, "Dani": -25}


def test_carrillo_exact_cut_erases_the_cutters_previous_deal() -> None:
    s = new("telefunken-peru-carrillo")
    s = end(s, "Beto", Ana="KH QH", Caro=7, Dani=3)  # Ana 20
    # deal 2: Beto deals, Ana cuts exactly: her 20 of deal 1 are erased
    assert s.seating.cutter == "Ana"
    s = apply(s, ExactCut(deal=2))
    (adj,) = s.sheet.adjustments
    assert (adj.player, adj.deal, adj.code, adj.points) == ("Ana", 2, "exact-cut-erase", -20)
    s = end(s, "Caro", Ana=4, Beto=9, Dani=1)
    assert s.sheet.totals == {"Ana": 20 - 20 + 4, "Beto": 0 + 9, "Caro": 7 + 0, "Dani": 3 + 1}


def test_carrillo_exact_cut_after_going_out_erases_nothing() -> None:
    s = end(new("telefunken-peru-carrillo"), "Ana", Beto=5, Caro=5, Dani=5)
    s = apply(s, ExactCut(deal=2))  # Ana cuts deal 2 but scored 0 in deal 1
    assert s.sheet.adjustments == ()


def test_peru_unused_chips_at_the_end() -> None:
    s = new("telefunken-peru")
    for _ in range(4):
        s = apply(s, Buy(deal=1, player="Beto"))
    s = apply(s, Buy(deal=1, player="Caro"))
    for _ in range(6):
        s = end(s, "Ana", Beto=10, Caro=10, Dani=10)
    assert s.finished
    # 6 chips each: Ana 6 left, Beto 2, Caro 5, Dani 6; −10 a chip
    assert {a.player: a.points for a in s.sheet.adjustments} == {"Ana": -60, "Beto": -20, "Caro": -50, "Dani": -60}
    assert s.sheet.totals == {"Ana": -60, "Beto": 60 - 20, "Caro": 60 - 50, "Dani": 60 - 60}


def test_progressive_payouts_four_players() -> None:
    s = new("progressive-rummy")
    totals = {"Ana": 0, "Beto": 0, "Caro": 0, "Dani": 0}
    for number in range(1, 16):
        if number == 9:
            s = apply(s, Buy(deal=9, player="Caro"))
        if number == 12:
            s = apply(apply(s, Buy(deal=12, player="Caro")), Buy(deal=12, player="Dani"))
        s = end(s, "Ana", Beto=5, Caro=10, Dani=15)
        totals = {"Ana": 0, "Beto": totals["Beto"] + 5, "Caro": totals["Caro"] + 10, "Dani": totals["Dani"] + 15}
    assert s.finished
    assert s.sheet.totals == totals == {"Ana": 0, "Beto": 75, "Caro": 150, "Dani": 225}
    assert s.chips.buy_money == 3
    # Ana wins: +2 +4 +6 = 12, plus the pot of 3 buys. Beto pays 2; Caro 4 and her 2 buys; Dani 6 and 1 buy.
    assert s.sheet.payouts == {"Ana": 15.0, "Beto": -2.0, "Caro": -6.0, "Dani": -7.0}
    assert sum(s.sheet.payouts.values()) == 0


def test_progressive_payouts_tie_split_evenly() -> None:
    s = new("progressive-rummy", players=("Ana", "Beto", "Caro"))
    for _ in range(15):
        s = end(s, "Ana", Beto=5, Caro=5)
    # 3 players: 1st receives 2 + 4 = 6; Beto and Caro tie for 2nd and 3rd: (−2 − 4) / 2 = −3 each
    assert s.sheet.payouts == {"Ana": 6.0, "Beto": -3.0, "Caro": -3.0}
    assert s.sheet.ranks == {"Ana": 1, "Beto": 2, "Caro": 2}


def test_no_payouts_elsewhere_and_stakes() -> None:
    s = start(GameCreated(variant="telefunken", players=P4, first_dealer="Ana",
                          settings={"small_stake": 1, "large_stake": 10}))
    assert s.sheet.payouts is None
    s = end(s, "Beto", Ana=5, Caro=5, Dani=5)
    s = end(s, "Beto", Ana=5, Caro=5, Dani=5)
    assert s.sheet.stakes.deal_wins == {"Ana": 0, "Beto": 2, "Caro": 0, "Dani": 0}
    assert s.sheet.stakes.money["Beto"] == 2.0


# ---- refusals and overrides ------------------------------------------------------------------------


def test_unknown_player_is_refused_even_with_an_override() -> None:
    s = new()
    assert refused_codes(s, Buy(deal=1, player="Zoe")) == {"unknown-player"}
    assert unknown(s, "Zoe").code == "unknown-player"
    with pytest.raises(EventRefused) as info:
        apply(s, Buy(deal=1, player="Zoe", override="the table allows it"))
    assert not info.value.forcible


def test_went_out_with_cards_refused_then_kept_as_override() -> None:
    s = new()
    event = DealEnded(deal=1, went_out="Ana", hands={"Ana": "5H", "Beto": "KH", "Caro": 3, "Dani": 4})
    assert refused_codes(s, event) == {"went-out-with-cards"}
    reason = "; ".join(p.message for p in check(s, event))
    s2 = apply(s, event.with_override(reason))
    last = s2.history.entries[-1]
    assert last.override == reason
    assert [p.code for p in last.problems] == ["went-out-with-cards"]
    assert s2.sheet.deals[0].overrides == (reason,)
    assert s2.sheet.deals[0].points["Ana"] == 5  # the table recorded her 5H, so it counts


def test_deal_ended_twice_and_other_deals() -> None:
    s = end(new(), "Ana", Beto=1, Caro=1, Dani=1)
    assert refused_codes(s, DealEnded(deal=1, went_out="Ana", hands={})) == {"deal-already-ended"}
    assert refused_codes(s, Buy(deal=3, player="Ana")) == {"wrong-deal"}


def test_ninth_deal_in_a_seven_deal_game() -> None:
    s = new()
    for _ in range(7):
        s = end(s, "Ana", Beto=1, Caro=1, Dani=1)
    assert s.finished
    assert s.over
    assert s.deal_number == 7
    assert s.deals_left == 0
    assert refused_codes(s, DealEnded(deal=9, went_out="Ana", hands={})) == {"no-such-deal"}
    assert refused_codes(s, DealEnded(deal=7, went_out="Ana", hands={})) == {"game-over"}
    assert refused_codes(s, Buy(deal=7, player="Ana")) == {"game-over"}


def test_nobody_out_only_where_the_stock_ends_the_deal() -> None:
    assert refused_codes(new(), DealEnded(deal=1, went_out=None, hands=dict.fromkeys(P4, 5))) == {"nobody-out"}
    end(new("telefunken-peru"), None, Ana=5, Beto=5, Caro=5, Dani=5)


def test_more_copies_than_the_decks_hold() -> None:
    # two decks: at most two 9♣
    event = DealEnded(deal=1, went_out="Ana", hands={"Beto": "9C 9C", "Caro": "9C", "Dani": 0})
    assert refused_codes(new(), event) == {"too-many-copies"}
    # bare ranks: at most 8 kings in two decks
    event = DealEnded(deal=1, went_out="Ana", hands={"Beto": "K K K K K", "Caro": "K K K K", "Dani": 0})
    assert refused_codes(new(), event) == {"too-many-copies"}


def test_missing_hands_negative_points_bad_cards() -> None:
    assert refused_codes(new(), DealEnded(deal=1, went_out="Ana", hands={"Beto": 1, "Caro": 1})) == {
        "missing-hand"}
    assert refused_codes(new(), DealEnded(deal=1, went_out="Ana", hands={"Beto": -1, "Caro": 1, "Dani": 1})) \
        == {"negative-points"}
    assert refused_codes(new(), DealEnded(deal=1, went_out="Ana", hands={"Beto": "ZZ", "Caro": 1, "Dani": 1})) \
        == {"bad-cards"}


def test_every_reason_is_given() -> None:
    s = apply(new("telefunken-peru"), LaidDown(deal=1, player="Ana"))
    for _ in range(6):
        s = apply(s, Buy(deal=1, player="Beto", override="table rule"))
    s = apply(s, LaidDown(deal=1, player="Beto"))
    assert refused_codes(s, Buy(deal=1, player="Beto")) == {"no-chips-left", "buy-after-melding"}


def test_a_refused_event_changes_nothing() -> None:
    s = new()
    before = (s.sheet.totals, s.chips.chips_left, s.seq, s.history.entries)
    with pytest.raises(EventRefused):
        apply(s, DealEnded(deal=1, went_out="Ana", hands={"Ana": "KH", "Beto": 1, "Caro": 1, "Dani": 1}))
    assert (s.sheet.totals, s.chips.chips_left, s.seq, s.history.entries) == before


def test_game_created_problems() -> None:
    with pytest.raises(EventRefused) as info:
        start(GameCreated(variant="telefunken", players=("Ana", "ana", ""), first_dealer="Zoe"))
    codes = {p.code for p in info.value.problems}
    assert codes == {"duplicate-player", "empty-name", "unknown-first-dealer"}
    with pytest.raises(EventRefused) as info:
        start(GameCreated(variant="telefunken", players=("Ana", "Beto"), first_dealer="Ana"))
    assert [p.code for p in info.value.problems] == ["too-few-players"]
    assert info.value.forcible
    s = start(GameCreated(variant="telefunken", players=("Ana", "Beto"), first_dealer="Ana", override="two"))
    assert s.history.entries[0].override == "two"
    with pytest.raises(UnknownVariantError):
        start(GameCreated(variant="canasta", players=P4, first_dealer="Ana"))
    with pytest.raises(HouseRuleError):
        new(chips="lots")


# ---- corrections, undo, renames, dealer's choice, abandoning ---------------------------------------


def test_correction_recomputes_everything_after_it() -> None:
    s = new("telefunken-bolivia", streak_multiplier=True)
    s = end(s, "Beto", Ana=10, Caro=10, Dani=10)
    s = end(s, "Ana", Beto=10, Caro=10, Dani=10)
    s = end(s, "Ana", Beto=10, Caro=10, Dani=10)  # Ana's 2nd win in a row: ×2
    assert [d.multiplier for d in s.sheet.deals] == [1, 1, 2]
    # deal 1 was really won by Ana: now deals 2 and 3 are her 2nd and 3rd wins in a row
    s = apply(s, DealCorrected(deal=1, went_out="Ana", hands={"Beto": 10, "Caro": 10, "Dani": 10}))
    assert [d.multiplier for d in s.sheet.deals] == [1, 2, 3]
    assert s.sheet.deals[0].corrected
    assert not s.sheet.deals[1].corrected
    assert s.sheet.totals == {"Ana": 0, "Beto": 10 + 20 + 30, "Caro": 60, "Dani": 60}
    assert [h.corrected for h in s.history.entries] == [False, True, False, False, False]


def test_correction_of_buys_checks_chips() -> None:
    s = end(new(), "Ana", Beto=1, Caro=1, Dani=1)
    s = apply(s, DealCorrected(deal=1, went_out="Ana", hands={"Beto": 1, "Caro": 1, "Dani": 1}, buys={"Beto": 3}))
    assert s.chips.chips_left["Beto"] == 4
    assert s.sheet.deals[0].buys["Beto"] == 3
    event = DealCorrected(deal=1, went_out="Ana", hands={"Beto": 1, "Caro": 1, "Dani": 1}, buys={"Beto": 8})
    assert refused_codes(s, event) == {"no-chips-left"}
    assert refused_codes(new(), event) == {"deal-not-ended"}


def test_undo_a_buy_and_redo_it() -> None:
    s = apply(new(), Buy(deal=1, player="Beto"))
    s = apply(s, Undone(seq=2))
    assert s.chips.chips_left["Beto"] == 7
    assert s.history.entries[1].undone
    s = apply(s, Undone(seq=3))  # undo the undo
    assert s.chips.chips_left["Beto"] == 6
    assert not s.history.entries[1].undone
    assert refused_codes(s, Undone(seq=1)) == {"cannot-undo-creation"}
    assert refused_codes(s, Undone(seq=99)) == {"no-such-event"}


def test_undo_that_would_break_later_events_is_refused() -> None:
    s = end(new(), "Ana", Beto=1, Caro=1, Dani=1)  # seq 2
    s = apply(s, Buy(deal=2, player="Caro"))  # seq 3: needs deal 1 ended
    assert refused_codes(s, Undone(seq=2)) == {"undo-breaks-later"}
    s = apply(s, Undone(seq=3))
    s = apply(s, Undone(seq=2))
    assert s.deal_number == 1
    assert s.sheet.deals == ()


def test_undo_a_correction() -> None:
    s = end(new(), "Ana", Beto=1, Caro=1, Dani=1)
    s = apply(s, DealCorrected(deal=1, went_out="Beto", hands={"Ana": 9, "Caro": 1, "Dani": 1}))
    assert s.sheet.totals["Ana"] == 9
    s = apply(s, Undone(seq=3))
    assert s.sheet.totals["Ana"] == 0
    assert not s.sheet.deals[0].corrected


def test_rename_keeps_the_seat() -> None:
    s = end(new(), "Ana", Beto=5, Caro=5, Dani=5)
    s = apply(s, PlayerRenamed(old="Beto", new="Roberto"))
    assert s.players == ("Ana", "Roberto", "Caro", "Dani")
    assert s.sheet.totals["Roberto"] == 5
    assert s.seating.dealer == "Roberto"
    assert refused_codes(s, Buy(deal=2, player="Beto")) == {"unknown-player"}
    assert refused_codes(s, PlayerRenamed(old="Caro", new="ana")) == {"name-taken"}


def test_ecuador_dealers_choice() -> None:
    s = new("telefunken-ecuador", dealer_chooses_contract=True)
    assert s.contract is None
    assert len(s.available_contracts) == 7
    assert "contract-not-announced" in refused_codes(s, Buy(deal=1, player="Beto"))
    s = apply(s, ContractChosen(deal=1, contract_index=6))  # the escalera first
    assert s.contract == s.variant.deals[6].contracts[0]
    assert s.can_buy("Beto") == ()
    s = end(s, "Ana", Beto=5, Caro=5, Dani=5)
    assert [i for i, _ in s.available_contracts] == [0, 1, 2, 3, 4, 5]
    assert refused_codes(s, ContractChosen(deal=2, contract_index=6)) == {"contract-used"}
    s = apply(s, ContractChosen(deal=2, contract_index=0))  # the pure trío: no buying, as its deal says
    assert refused_codes(s, Buy(deal=2, player="Beto")) == {"no-buying-this-deal"}
    assert refused_codes(new("telefunken-ecuador"), ContractChosen(deal=1, contract_index=0)) == {
        "no-dealers-choice"}


def test_abandon() -> None:
    s = apply(new(), GameAbandoned(reason="bedtime"))
    assert s.abandoned == "bedtime"
    assert s.over
    assert not s.finished
    assert refused_codes(s, Buy(deal=1, player="Ana")) == {"game-over"}
    s = apply(s, Undone(seq=2))
    assert not s.over


def test_replay_gives_the_same_state_and_times() -> None:
    from datetime import UTC, datetime

    events = [
        GameCreated(variant="telefunken", players=P4, first_dealer="Ana"),
        ExactCut(deal=1),
        Buy(deal=1, player="Beto"),
        DealEnded(deal=1, went_out="Ana", hands={"Beto": "KH", "Caro": 3, "Dani": 4}),
    ]
    t = datetime(2026, 1, 1, tzinfo=UTC)
    s = replay(events, times=[t] * 4)
    assert s.events == tuple(events)
    assert s.seq == 4
    assert s.history.entries[0].time == t
    assert replay(events).sheet.totals == s.sheet.totals == {"Ana": 0, "Beto": 10, "Caro": 3, "Dani": 4}


# ---- melds checked by the rules engine -------------------------------------------------------------


def test_laid_down_melds_are_checked_by_the_engine() -> None:
    s = new()
    # deal 1 of Venezuela: one pure trío (three different suits, no joker)
    assert refused_codes(s, LaidDown(deal=1, player="Beto", melds=("7H 7H 7S",))) == {"suits-not-different"}
    s = apply(s, LaidDown(deal=1, player="Beto", melds=("7H 7D 7S",)))
    assert s.melded == ("Beto",)
    assert s.current.laid_down == ((1, ("7H 7D 7S",)),)
    assert refused_codes(s, LaidDown(deal=1, player="Beto")) == {"already-laid-down"}
    forced = apply(s, LaidDown(deal=1, player="Caro", melds=("7H 7H 7S",), override="house custom"))
    assert forced.melded == ("Beto", "Caro")
    assert forced.history.entries[-1].override == "house custom"


def test_laid_down_under_dealers_choice_checks_the_announced_contract() -> None:
    s = new("telefunken-ecuador", dealer_chooses_contract=True)
    s = apply(s, ContractChosen(deal=1, contract_index=5))  # the chueca: a trío and a run of 4, no jokers
    s = apply(s, LaidDown(deal=1, player="Beto", melds=("7H 7D 7S", "3C 4C 5C 6C")))
    assert s.melded == ("Beto",)
    assert check(s, LaidDown(deal=1, player="Caro", melds=("7H 7D 7S",)))  # not the chueca


def test_the_documented_api_exists() -> None:
    import referee.games.rummy.ledger as ledger
    from referee.games.rummy.ledger import exchange
    from referee.ledger import store
    s = end(new(), "Ana", Beto=1, Caro=1, Dani=1)
    state_names = ("variant", "created", "players", "settings", "deal_number", "deal", "contracts", "contract",
                   "available_contracts", "deals_played", "deals_left", "finished", "abandoned", "over",
                   "exact_cut_counts", "cut_this_deal", "melded", "history", "events", "seq", "records",
                   "current", "seating", "chips", "sheet")
    read_models: list[tuple[object, tuple[str, ...]]] = [
        (s, state_names),
        (s.seating, ("dealer", "cutter", "first_player", "playing", "left")),
        (s.chips, ("chips_left", "chip_limit", "buys_this_deal", "buys_left_this_deal", "buy_money", "total_buys",
                   "stock_cards_own_turn")),
        (s.sheet, ("deals", "adjustments", "totals", "adjustment_totals", "running_totals", "standings", "ranks",
                   "leaders", "payouts", "stakes")),
        (s.history, ("entries", "undo_target", "redo_target")),
    ]
    for model, names in read_models:
        for name in names:
            getattr(model, name)
            assert f"``{name}" in (ledger.__doc__ or ""), name
    methods: list[tuple[object, tuple[str, ...]]] = [
        (s, ("exact_cut_counts_for", "can_buy")),
        (s.seating, ("dealer_of", "cutter_of", "seat_of", "buy_priority")),
        (s.chips, ("stock_cards_for_buy", "buy_limit")),
        (s.sheet, ("hand_points",)),
    ]
    for model, names in methods:
        for name in names:
            assert callable(getattr(model, name)), name
    seating = s.seating
    assert seating.dealer_of(3) == "Caro"
    assert seating.cutter_of(3) == "Beto"
    assert seating.first_player == "Caro"
    for name in ("create_game", "get_game", "load_events", "load_state", "append", "list_games", "players_of",
                 "access", "rotate_edit_token"):
        assert callable(getattr(store, name))
    for name in ("export_game", "import_game", "tally", "replay_file", "score_sheet_csv", "sheet_text",
                 "sheet_json"):
        assert callable(getattr(exchange, name))
