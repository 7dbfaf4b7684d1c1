"""Contract rummy as a family (referee/games/rummy/__init__.py): the adapter the core asks for a game's winners, its
result for the players' records, a variant's summary, an event with an override or a device, and a game file.

Every total below is worked out by hand: each deal is typed points (no card values), and Telefunken has no streak
multiplier unless the house rule asks for one.
"""

from __future__ import annotations

import pytest

from referee import families
from referee.games.rummy import BUYS, EXACT_CUTS, RUMMY, WENT_OUT
from referee.games.rummy.ledger.events import Buy, DealEnded, ExactCut, GameAbandoned, GameCreated
from referee.ledger.gamefile import GameFileError
from referee.records import Figure

P4 = ("Ana", "Beto", "Caro", "Dani")


def new(variant: str = "telefunken") -> object:
    return RUMMY.start(GameCreated(variant=variant, players=P4, first_dealer="Ana"))


def played(deals: int) -> object:
    """Telefunken, Ana out in every deal (Beto 5, Caro 10, Dani 2 points); Beto buys once in deal 1 and Ana, the
    cutter of deal 2 (the player before its dealer Beto), cuts exactly there."""
    state = RUMMY.apply(new(), Buy(deal=1, player="Beto"))
    for number in range(1, deals + 1):
        if number == 2:
            state = RUMMY.apply(state, ExactCut(deal=2))
        state = RUMMY.apply(state, DealEnded(deal=number, went_out="Ana", hands={"Beto": 5, "Caro": 10, "Dani": 2}))
    return state


def test_the_family_is_registered_for_every_contract_rummy_variant() -> None:
    assert families.family_named("rummy") is RUMMY
    assert families.family_of("telefunken") is RUMMY
    assert families.family_of("shanghai") is RUMMY
    assert RUMMY.file_format == "referee-game/1"


@pytest.mark.parametrize(
    ("variant", "name", "deals"),
    [
        ("telefunken", "Telefunken (Venezuela)", 7),  # docs/rules.md §3: 7 deals
        ("shanghai", "Shanghai Rummy", 7),  # docs/rules.md §9.1: 7 deals
    ],
)
def test_a_variants_summary_is_its_name_and_number_of_deals(variant: str, name: str, deals: int) -> None:
    assert RUMMY.summary is not None
    assert RUMMY.summary(variant) == {"name": name, "deals": deals}


def test_a_game_played_to_its_end_has_winners_and_a_result() -> None:
    state = played(7)
    assert RUMMY.winners is not None
    assert RUMMY.result is not None
    assert RUMMY.winners(state) == ("Ana",)
    result = RUMMY.result(state)
    assert result.variant_id == "telefunken"
    assert result.players == P4
    assert result.finished
    assert result.winners == ("Ana",)
    assert result.lower_wins
    # 7 deals: Beto 7 × 5 = 35, Caro 7 × 10 = 70, Dani 7 × 2 = 14, Ana 0.
    assert result.totals == {"Ana": 0, "Beto": 35, "Caro": 70, "Dani": 14}
    assert result.places == {"Ana": 1, "Dani": 2, "Beto": 3, "Caro": 4}
    assert result.figures == (
        Figure(WENT_OUT, {"Ana": 7, "Beto": 0, "Caro": 0, "Dani": 0}),
        Figure(EXACT_CUTS, {"Ana": 1, "Beto": 0, "Caro": 0, "Dani": 0}),
        Figure(BUYS, {"Ana": 0, "Beto": 1, "Caro": 0, "Dani": 0}),
    )


def test_a_game_under_way_or_abandoned_has_no_winners() -> None:
    assert RUMMY.winners is not None
    assert RUMMY.result is not None
    under_way = played(3)
    assert RUMMY.winners(under_way) == ()
    assert not RUMMY.result(under_way).finished
    abandoned = RUMMY.apply(under_way, GameAbandoned(reason="the bar closed"))
    assert RUMMY.winners(abandoned) == ()
    assert RUMMY.result(abandoned).winners == ()


def test_a_game_with_no_buying_and_no_exact_cut_reward_counts_neither() -> None:
    # Carrillo's Peru has no buying (docs/rules.md); Farmer's rummy's exact cut earns nothing.
    assert RUMMY.result is not None
    carrillo = RUMMY.result(new("telefunken-peru-carrillo"))
    assert BUYS not in {figure.code for figure in carrillo.figures}
    farmers = RUMMY.result(new("farmers-rummy"))
    assert EXACT_CUTS not in {figure.code for figure in farmers.figures}
    assert [figure.code for figure in farmers.figures][0] == WENT_OUT


def test_an_override_and_a_device_ride_on_the_event() -> None:
    assert RUMMY.with_override is not None
    assert RUMMY.with_device is not None
    buy = Buy(deal=1, player="Ana")
    assert RUMMY.with_override(buy, "the table allows it") == Buy(deal=1, player="Ana",
                                                                   override="the table allows it")
    assert RUMMY.with_device(buy, "Ana's phone") == Buy(deal=1, player="Ana", device="Ana's phone")


def test_a_game_file_is_read_back_whole_or_refused() -> None:
    data = RUMMY.export_game(played(2))
    assert RUMMY.read_file(data) is data
    assert RUMMY.event_from_dict(Buy(deal=1, player="Ana").to_dict()) == Buy(deal=1, player="Ana")
    with pytest.raises(GameFileError):
        RUMMY.read_file({**data, "format": "referee-game/0"})
    with pytest.raises(GameFileError):
        RUMMY.read_file(["not", "a", "game"])
