"""Deb Kolsov's ext bonus for going out in one turn: −25, or −50 with no wild card (docs/rules.md §9.3, §16)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from referee.games.rummy.ledger.events import DealCorrected, DealEnded, GameCreated, OneTurnOut, event_from_dict
from referee.games.rummy.ledger.exchange import export_game, import_game
from referee.games.rummy.ledger.state import EventRefused, GameState, apply, replay, start
from referee.ledger.gamefile import GameFileError
from referee.rules.wording import VariantName

GAMES = Path(__file__).parents[2]
P3 = ("Ana", "Beto", "Caro")


def kolsov(ext: bool = True) -> GameState:
    house = {"kolsov_ext": True} if ext else {}
    return start(GameCreated(variant="shanghai-deb-kolsov", players=P3, first_dealer="Ana", house_rules=house))


@pytest.mark.parametrize(("how", "points", "code"), [
    ("with-wild", -25, "out-in-one-turn"),
    ("without-wild", -50, "out-in-one-turn-no-wild"),
])
def test_the_bonus_is_an_adjustment_in_the_deal(how: OneTurnOut, points: int, code: str) -> None:
    state = apply(kolsov(), DealEnded(deal=1, went_out="Beto", hands={"Ana": 10, "Caro": 20}, out_in_one_turn=how))
    (adjustment,) = state.sheet.adjustments
    assert (adjustment.player, adjustment.deal, adjustment.code, adjustment.points) == ("Beto", 1, code, points)
    # Beto: 0 points in the deal, and the bonus.
    assert state.sheet.totals == {"Ana": 10, "Beto": 0 + points, "Caro": 20}


def test_without_ext_the_bonus_is_refused_even_with_an_override() -> None:
    event = DealEnded(deal=1, went_out="Beto", hands={"Ana": 10, "Caro": 20}, out_in_one_turn="with-wild",
                      override="the table allows it")
    with pytest.raises(EventRefused) as info:
        apply(kolsov(ext=False), event)
    assert not info.value.forcible
    assert [(p.code, p.as_dict()) for p in info.value.problems] == [
        ("no-one-turn-bonus", {"variant": VariantName("Shanghai (Deb Kolsov)")})]


def test_nobody_out_earns_no_bonus() -> None:
    event = DealEnded(deal=1, went_out=None, hands={"Ana": 10, "Beto": 5, "Caro": 20}, out_in_one_turn="with-wild")
    with pytest.raises(EventRefused) as info:
        apply(kolsov(), event)
    assert ("no-one-turn-bonus", "nobody") in {(p.code, p.form) for p in info.value.problems}


def test_a_correction_restates_the_bonus() -> None:
    state = apply(kolsov(), DealEnded(deal=1, went_out="Beto", hands={"Ana": 10, "Caro": 20},
                                      out_in_one_turn="without-wild"))
    assert state.sheet.totals["Beto"] == -50
    again = apply(state, DealCorrected(deal=1, went_out="Beto", hands={"Ana": 10, "Caro": 20},
                                       out_in_one_turn="with-wild"))
    assert again.sheet.totals["Beto"] == -25
    plain = apply(state, DealCorrected(deal=1, went_out="Caro", hands={"Ana": 10, "Beto": 20}))
    assert plain.sheet.adjustments == ()
    assert plain.sheet.totals == {"Ana": 10, "Beto": 20, "Caro": 0}


def test_the_event_keeps_the_field_only_when_set() -> None:
    plain = DealEnded(deal=1, went_out="Beto", hands={})
    assert "out_in_one_turn" not in plain.to_dict()
    bonus = DealEnded(deal=1, went_out="Beto", hands={}, out_in_one_turn="without-wild")
    assert bonus.to_dict()["out_in_one_turn"] == "without-wild"
    assert event_from_dict(bonus.to_dict()) == bonus


def test_the_game_file_carries_the_bonus() -> None:
    data = json.loads((GAMES / "shanghai-deb-kolsov-ext.json").read_text(encoding="utf-8"))
    state = replay(import_game(data))
    assert [(a.deal, a.player, a.points) for a in state.sheet.adjustments] == [
        (2, "Beto", -25), (3, "Caro", -50), (10, "Caro", -50)]
    exported = export_game(state)
    assert [d.get("out_in_one_turn") for d in exported["deals"]] == [
        None, "with-wild", "without-wild", None, None, None, None, None, None, "without-wild"]
    assert export_game(replay(import_game(exported))) == exported


def test_a_bad_value_in_a_file_is_refused_with_what_it_must_be() -> None:
    data = json.loads((GAMES / "shanghai-deb-kolsov-ext.json").read_text(encoding="utf-8"))
    data["deals"][1]["out_in_one_turn"] = "yes"
    with pytest.raises(GameFileError, match="with-wild"):
        import_game(data)
