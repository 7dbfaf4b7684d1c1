"""A misdeal in the ledger (docs/rules.md D74): the same dealer deals the deal under way again; what was recorded of
its play is void (the exact cut's chip and the buys come back), nothing is scored, the deal keeps its number, contract
and who sits out; Undo brings the void entries back; a game file holds what stands."""

from __future__ import annotations

import pytest

from referee.games.rummy.ledger.events import (
    EVENT_TYPES,
    Buy,
    ContractChosen,
    DealEnded,
    Event,
    ExactCut,
    GameCreated,
    LaidDown,
    PlayerLeft,
    Undone,
    event_from_dict,
)
from referee.games.rummy.ledger.events.misdeal import Misdeal
from referee.games.rummy.ledger.exchange import export_game, import_game
from referee.games.rummy.ledger.state import EventRefused, GameState, apply, replay
from referee.games.rummy.ledger.state.records import DealRecord

#: The modules of referee/ this file tests (tests/test_layout.py).
TESTED = ("referee.games.rummy.ledger.events.misdeal",)

P4 = ("Ana", "Beto", "Caro", "Dani")
CREATED = GameCreated(variant="telefunken", players=P4, first_dealer="Ana")
#: Deal 1 under way: Dani (the cutter) cut exactly, Beto bought twice, Caro laid down.
PLAYED = [CREATED, ExactCut(deal=1), Buy(deal=1, player="Beto"), Buy(deal=1, player="Beto"),
          LaidDown(deal=1, player="Caro")]
END_1 = DealEnded(deal=1, went_out="Ana", hands={"Beto": 10, "Caro": 20, "Dani": 30})


def codes(state: GameState, event: Event) -> list[str]:
    with pytest.raises(EventRefused) as refused:
        apply(state, event)
    return [p.code for p in refused.value.problems]


def test_a_misdeal_voids_the_deals_play_and_keeps_its_dealer() -> None:
    played = replay(PLAYED)
    # before: Telefunken's 7 chips each, Dani one more for the exact cut, Beto two fewer for his buys
    assert played.chips.chips_left == {"Ana": 7, "Beto": 5, "Caro": 7, "Dani": 8}
    assert played.melded == ("Caro",)
    again = apply(played, Misdeal(deal=1))
    assert again.seq == played.seq + 1
    assert again.current == DealRecord(number=1)
    assert again.chips.chips_left == dict.fromkeys(P4, 7)
    assert again.melded == ()
    assert (again.deal_number, again.seating.dealer, again.seating.cutter) == (1, "Ana", "Dani")
    assert again.sheet.totals == dict.fromkeys(P4, 0)
    # the deal is played again and ends as any deal does
    ended = apply(apply(again, Buy(deal=1, player="Caro")), END_1)
    assert ended.sheet.totals == {"Ana": 0, "Beto": 10, "Caro": 20, "Dani": 30}
    assert ended.chips.chips_left == {"Ana": 7, "Beto": 7, "Caro": 6, "Dani": 7}
    assert (ended.deal_number, ended.seating.dealer) == (2, "Beto")


def test_the_deal_keeps_its_contract_and_who_sits_out() -> None:
    chosen = replay([GameCreated(variant="telefunken-ecuador", players=P4, first_dealer="Ana",
                                 house_rules={"dealer_chooses_contract": True}),
                     ContractChosen(deal=1, contract_index=2), Buy(deal=1, player="Beto")])
    again = apply(chosen, Misdeal(deal=1))
    assert again.current == DealRecord(number=1, contract_index=2)
    left = replay([CREATED, END_1, PlayerLeft(player="Dani"), Buy(deal=2, player="Caro")])
    away = left.current.away
    assert away
    assert apply(left, Misdeal(deal=2)).current == DealRecord(number=2, away=away)


def test_only_the_deal_under_way_is_dealt_again() -> None:
    played = replay(PLAYED)
    assert codes(played, Misdeal(deal=2)) == ["wrong-deal"]
    ended = apply(played, END_1)
    assert codes(ended, Misdeal(deal=1)) == ["deal-already-ended"]  # an ended deal is corrected (D58)


def test_undo_brings_the_void_entries_back() -> None:
    played = replay(PLAYED)
    again = apply(played, Misdeal(deal=1))
    undone = apply(again, Undone(seq=again.seq))
    assert undone.current == played.current
    assert undone.chips.chips_left == played.chips.chips_left
    entry = again.history.entries[-1]
    assert entry.event == Misdeal(deal=1)
    assert (entry.event.words.msgid, dict(entry.event.words.params)) == ("Deal %(num)d: misdeal, dealt again",
                                                                         {"num": 1})


def test_it_is_a_kind_of_the_log_read_back_by_its_type() -> None:
    assert EVENT_TYPES["misdeal"] is Misdeal
    assert event_from_dict({"type": "misdeal", "deal": 3}) == Misdeal(deal=3)
    assert event_from_dict(Misdeal(deal=2, override="the table says so").to_dict()) == Misdeal(
        deal=2, override="the table says so")


def test_a_game_file_holds_what_stands() -> None:
    """The file writes each deal as it stands: the void buys and cut are not in it, and reading it back gives the
    same totals and chips."""
    with_misdeal = replay([*PLAYED, Misdeal(deal=1), Buy(deal=1, player="Caro"), END_1])
    without = replay([CREATED, Buy(deal=1, player="Caro"), END_1])
    assert export_game(with_misdeal) == export_game(without)
    back = replay(import_game(export_game(with_misdeal)))
    assert back.sheet.totals == with_misdeal.sheet.totals
    assert back.chips.chips_left == with_misdeal.chips.chips_left
