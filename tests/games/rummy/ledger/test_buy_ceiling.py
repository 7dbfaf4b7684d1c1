"""No player buys more than MAX_BUYS_PER_DEAL times in a deal, or the chips the table gave them where that is more
(docs/rules.md D73), override or not: a game file could not hold it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from referee.cli import main
from referee.games.rummy.ledger import gamefile
from referee.games.rummy.ledger.events import Buy, DealCorrected, DealEnded, ExactCut, GameCreated
from referee.games.rummy.ledger.exchange import export_game, import_game, tally
from referee.games.rummy.ledger.state import HARD_CODES, EventRefused, GameState, apply, check, replay, start
from referee.games.rummy.ledger.state.records import MAX_BUYS_PER_DEAL, buy_ceiling

P3 = ("Ana", "Beto", "Caro")


def bought(variant: str, times: int, **house_rules: object) -> GameState:
    """Beto buys ``times`` times in deal 1, every buy past the rules' limit forced by an override."""
    state = start(GameCreated(variant=variant, players=P3, first_dealer="Ana", house_rules=house_rules))
    for _ in range(times):
        event = Buy(deal=1, player="Beto")
        state = apply(state, event.with_override("the table allows it") if check(state, event) else event)
    return state


def test_the_ceiling_is_twelve_or_the_chips_the_table_gave() -> None:
    assert MAX_BUYS_PER_DEAL == 12
    assert "too-many-buys" in HARD_CODES
    assert [buy_ceiling(chips) for chips in (None, 0, 7, 12, 13, 14, 99)] == [12, 12, 12, 12, 13, 14, 99]
    count = gamefile.GAME_FILE.json_schema()["$defs"]["DealEntry"]["properties"]["buys"]["additionalProperties"]
    assert count == {"minimum": 0, "type": "integer"}  # no fixed maximum: the importer holds it to the ceiling


@pytest.mark.parametrize("variant", ["telefunken", "shanghai", "telefunken-peru-carrillo"])
def test_a_thirteenth_buy_is_refused_even_with_an_override(variant: str) -> None:
    state = bought(variant, 12)
    assert state.chips.buys_this_deal["Beto"] == 12
    event = Buy(deal=1, player="Beto", override="the table allows it")
    with pytest.raises(EventRefused) as info:
        apply(state, event)
    assert not info.value.forcible
    (problem,) = [p for p in info.value.problems if p.code == "too-many-buys"]
    assert problem.as_dict() == {"player": "Beto", "limit": 12, "deal": 1}


def test_a_correction_to_thirteen_buys_is_refused_even_with_an_override() -> None:
    state = apply(bought("telefunken", 0), DealEnded(deal=1, went_out="Ana", hands={"Beto": 5, "Caro": 5}))
    event = DealCorrected(deal=1, went_out="Ana", hands={"Beto": 5, "Caro": 5}, buys={"Beto": 13},
                          override="the table allows it")
    with pytest.raises(EventRefused) as info:
        apply(state, event)
    assert not info.value.forcible
    assert "too-many-buys" in {p.code for p in info.value.problems}


def test_twelve_forced_buys_export_and_restore() -> None:
    state = apply(bought("telefunken", 12), DealEnded(deal=1, went_out="Ana", hands={"Beto": 5, "Caro": 5}))
    first = export_game(state)
    again = replay(import_game(first))
    assert export_game(again) == first
    assert again.sheet.deals[0].buys["Beto"] == 12


@pytest.mark.parametrize(
    ("chips", "cut", "ceiling"),
    [(13, False, 13), (13, True, 14), (12, True, 13), (20, False, 20)],
    ids=["13 chips", "13 chips and a cut", "12 chips and a cut", "20 chips"],
)
def test_a_player_buys_while_holding_chips(chips: int, cut: bool, ceiling: int) -> None:
    # docs/rules.md D73: with 12 or 13 chips (and an exact cut's chip) a player buys past 12 in one deal, no override.
    state = start(GameCreated(variant="telefunken", players=P3, first_dealer="Caro", house_rules={"chips": chips}))
    if cut:
        state = apply(state, ExactCut(deal=1))  # Beto cuts deal 1, dealt by Caro
    for _ in range(ceiling):
        state = apply(state, Buy(deal=1, player="Beto"))
    assert state.chips.chips_left["Beto"] == 0
    assert not any(h.override for h in state.history.entries)
    with pytest.raises(EventRefused) as info:
        apply(state, Buy(deal=1, player="Beto", override="the table allows it"))
    assert not info.value.forcible
    assert {p.code for p in info.value.problems} == {"too-many-buys", "no-chips-left"}
    (problem,) = [p for p in info.value.problems if p.code == "too-many-buys"]
    assert problem.as_dict() == {"player": "Beto", "limit": ceiling, "deal": 1}


def test_a_chip_won_by_someone_else_raises_no_ones_ceiling_but_theirs() -> None:
    state = start(GameCreated(variant="telefunken", players=P3, first_dealer="Ana", house_rules={"chips": 13}))
    state = apply(state, ExactCut(deal=1))  # Caro cuts deal 1, dealt by Ana
    assert [state.chips.buy_ceiling(seat, state.records) for seat in range(3)] == [13, 13, 14]


def _file(tmp_path: Path, *, house_rules: dict[str, object], cut: bool, buys: int, variant: str = "telefunken",
          first_dealer: str = "Caro") -> Path:
    deal = {"exact_cut": cut, "buys": {"Beto": buys}, "went_out": "Ana", "hands": {"Beto": 5, "Caro": 5}}
    path = tmp_path / "game.json"
    path.write_text(json.dumps({"format": "referee-game/1", "variant": variant, "house_rules": house_rules,
                                "players": list(P3), "first_dealer": first_dealer, "deals": [deal]}))
    return path


# (house rules, an exact cut in deal 1, Beto's buys in deal 1, exit status, what it says); Beto cuts deal 1 unless
# the first dealer is Ana (then Caro cuts).
FILES = [
    pytest.param({}, False, 8, 1, "Beto has no chips left", id="7 chips, 8 buys: the rules forbid"),
    pytest.param({}, False, 13, 2, '"buys" of Beto must be a whole number from 0 to 12, not 13', id="7 chips, 13"),
    pytest.param({"chips": 13}, False, 13, 0, "", id="13 chips, 13 buys"),
    pytest.param({"chips": 13}, False, 14, 2, "from 0 to 13, not 14", id="13 chips, 14 buys"),
    pytest.param({"chips": 13}, True, 14, 0, "", id="13 chips and a cut's chip, 14 buys"),
    pytest.param({"chips": 12}, True, 13, 0, "", id="12 chips and a cut's chip, 13 buys"),
    pytest.param({"chips": 13, "exact_cut_reward": "minus-25"}, True, 14, 2, "from 0 to 13, not 14",
                 id="13 chips, a cut worth points, 14 buys"),
    pytest.param({"chips": 99}, False, 99, 0, "", id="99 chips, 99 buys"),
    pytest.param({"chips": 99}, False, 100, 2, "from 0 to 99, not 100", id="99 chips, 100 buys"),
    pytest.param({}, False, -1, 2, "from 0 to 12, not -1", id="minus one buy"),
]


@pytest.mark.parametrize(("house_rules", "cut", "buys", "code", "said"), FILES)
def test_the_file_limit_follows_the_chips_the_table_gave(
    tmp_path: Path, house_rules: dict[str, object], cut: bool, buys: int, code: int, said: str
) -> None:
    result = CliRunner().invoke(main, ["tally", str(_file(tmp_path, house_rules=house_rules, cut=cut, buys=buys))])
    assert result.exit_code == code, result.stderr
    assert said in result.stderr


def test_a_cut_by_another_player_lets_the_file_through_and_the_ledger_refuses(tmp_path: Path) -> None:
    # The file's limit counts every chip a cut earned (13 + Caro's); Beto was given 13, so his 14th buy is refused.
    data = json.loads(_file(tmp_path, house_rules={"chips": 13}, cut=True, buys=14, first_dealer="Ana").read_text())
    result = tally(data)
    assert not result.allowed
    assert set(result.errors) == {
        "deal 1: Beto cannot buy more than 13 times in deal 1: no deal has the cards for it, and a game file could "
        "not hold it",
        "deal 1: Beto has no chips left (each player has 13 for the game)",
    }


def test_thirteen_buys_export_and_restore() -> None:
    state = apply(bought("telefunken", 13, chips=13), DealEnded(deal=1, went_out="Ana", hands={"Beto": 5, "Caro": 5}))
    assert not any(h.override for h in state.history.entries)
    first = export_game(state)
    again = replay(import_game(first))
    assert export_game(again) == first
    assert again.sheet.deals[0].buys["Beto"] == 13


def test_a_correction_cannot_take_back_the_chip_a_player_spent_past_twelve() -> None:
    state = start(GameCreated(variant="telefunken", players=P3, first_dealer="Caro", house_rules={"chips": 13}))
    state = apply(state, ExactCut(deal=1))  # Beto cuts deal 1: 14 chips
    for _ in range(14):
        state = apply(state, Buy(deal=1, player="Beto"))
    state = apply(state, DealEnded(deal=1, went_out="Ana", hands={"Beto": 5, "Caro": 5}))
    event = DealCorrected(deal=1, went_out="Ana", hands={"Beto": 5, "Caro": 5}, exact_cut=False,
                          override="the table allows it")
    with pytest.raises(EventRefused) as info:
        apply(state, event)
    assert not info.value.forcible
    (problem,) = [p for p in info.value.problems if p.code == "too-many-buys"]
    assert problem.as_dict() == {"player": "Beto", "limit": 13, "deal": 1}
    assert apply(state, DealCorrected(deal=1, went_out="Ana", hands={"Beto": 6, "Caro": 5})).sheet.totals["Beto"] == 6
