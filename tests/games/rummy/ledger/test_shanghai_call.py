"""The Shanghai call in the ledger (docs/rules.md §9.1, D39, D70): recorded for the record, refused where no meld lies
on the table to lay the discard off onto, and kept through undo, seat changes and the game file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from referee.cli import main
from referee.games.rummy.ledger.events import (
    Buy,
    DealEnded,
    Event,
    GameCreated,
    LaidDown,
    SeatsChanged,
    Undone,
    event_from_dict,
)
from referee.games.rummy.ledger.events.shanghai_called import ShanghaiCalled
from referee.games.rummy.ledger.exchange import export_game, import_game, sheet_text
from referee.games.rummy.ledger.state import EventRefused, GameState, apply, replay, start
from referee.games.rummy.ledger.state.calls import call_problems

#: The modules of referee/ this file tests (tests/test_layout.py).
TESTED = (
    "referee.games.rummy.ledger.events.shanghai_called",
    "referee.games.rummy.ledger.state.calls",
)

P4 = ("Ana", "Beto", "Caro", "Dani")


def new(variant: str = "shanghai") -> GameState:
    return start(GameCreated(variant=variant, players=P4, first_dealer="Ana"))


def refused(state: GameState, event: Event) -> tuple[list[str], bool]:
    """The codes of the refusal, and whether the table may record it anyway."""
    with pytest.raises(EventRefused) as info:
        apply(state, event)
    return [p.code for p in info.value.problems], info.value.forcible


def laid(state: GameState, player: str = "Ana") -> GameState:
    return apply(state, LaidDown(deal=state.deal_number, player=player))


def test_a_call_is_kept_and_changes_no_score_chip_or_may_i() -> None:
    state = laid(new())
    state = apply(state, ShanghaiCalled(deal=1, player="Beto"))
    state = apply(state, ShanghaiCalled(deal=1, player="Beto"))
    assert state.calls.this_deal == {"Beto": 2}
    assert state.calls.offered
    # no May-I spent: each player still has Shanghai's two (docs/rules.md D24), and nothing is scored
    assert state.chips.buys_left_this_deal == dict.fromkeys(P4, 2)
    assert state.sheet.totals == dict.fromkeys(P4, 0)
    assert state.sheet.adjustments == ()
    ended = apply(state, DealEnded(deal=1, went_out="Ana", hands={"Beto": 10, "Caro": 5, "Dani": 0}))
    assert ended.sheet.deals[0].shanghai_calls == {"Beto": 2}
    assert ended.calls.this_deal == {}  # deal 2 has none yet
    assert ended.sheet.totals == {"Ana": 0, "Beto": 10, "Caro": 5, "Dani": 0}


def test_a_call_needs_a_meld_on_the_table() -> None:
    state = new()
    codes, forcible = refused(state, ShanghaiCalled(deal=1, player="Beto"))
    assert codes == ["shanghai-call-nothing-laid"]
    assert forcible
    assert [p.code for p in call_problems(state.variant, state.current, 1, "Beto")] == ["shanghai-call-nothing-laid"]
    assert call_problems(state.variant, laid(state).current, 1, "Beto") == []
    forced = apply(state, ShanghaiCalled(deal=1, player="Beto", override="the table allows it"))
    assert forced.calls.this_deal == {"Beto": 1}
    assert forced.current.overrides == ("the table allows it",)


def test_no_call_where_the_game_has_none() -> None:
    for variant in ("telefunken", "shanghai-tahelia-powe", "progressive-rummy"):
        state = laid(new(variant))
        assert not state.calls.offered
        assert refused(state, ShanghaiCalled(deal=1, player="Beto")) == (["no-shanghai-call"], True)
    assert laid(new("shanghai-deb-kolsov")).calls.offered


def test_no_call_in_the_deal_gone_out_in_one_turn() -> None:
    state = new()
    for _ in range(6):
        state = apply(state, DealEnded(deal=state.deal_number, went_out="Ana", hands={"Beto": 0, "Caro": 0,
                                                                                      "Dani": 0}))
    assert state.deal_number == 7
    assert not state.calls.offered
    assert refused(state, ShanghaiCalled(deal=7, player="Beto")) == (["shanghai-call-one-turn-deal"], True)
    assert [p.code for p in call_problems(state.variant, state.current, 1, "Beto")] == ["shanghai-call-one-turn-deal"]


def test_refusals_no_override_passes() -> None:
    state = laid(new())
    assert refused(state, ShanghaiCalled(deal=1, player="Zoe", override="x")) == (["unknown-player"], False)
    assert refused(state, ShanghaiCalled(deal=2, player="Beto", override="x")) == (["wrong-deal"], False)
    for _ in range(12):
        state = apply(state, ShanghaiCalled(deal=1, player="Caro"))
    # a 13th call by one player in one deal: no game file could hold it
    assert refused(state, ShanghaiCalled(deal=1, player="Caro", override="x")) == (["too-many-calls"], False)


def test_undo_takes_a_call_back() -> None:
    state = apply(laid(new()), ShanghaiCalled(deal=1, player="Dani"))
    target = state.history.undo_target
    assert target is not None
    assert target.event == ShanghaiCalled(deal=1, player="Dani")
    undone = apply(state, Undone(seq=state.seq))
    assert undone.calls.this_deal == {}
    # and the lay-down it needed cannot be undone from under it
    assert refused(state, Undone(seq=2)) == (["undo-breaks-later"], False)


def test_calls_stay_with_their_player_when_the_seats_change() -> None:
    state = apply(laid(new()), ShanghaiCalled(deal=1, player="Dani"))
    moved = apply(state, SeatsChanged(players=("Dani", "Ana", "Beto", "Caro"), first_dealer="Ana"))
    assert moved.calls.this_deal == {"Dani": 1}
    codes, forcible = refused(state, SeatsChanged(players=("Ana", "Beto", "Caro"), first_dealer="Ana"))
    assert codes == ["seat-has-shanghai-call"]
    assert not forcible


def test_the_event_reads_back() -> None:
    event = ShanghaiCalled(deal=3, player="Caro")
    assert event.to_dict() == {"type": "shanghai-called", "deal": 3, "player": "Caro"}
    assert event_from_dict(event.to_dict()) == event


def _game_with_calls() -> GameState:
    state = laid(new())
    for event in (Buy(deal=1, player="Caro"), ShanghaiCalled(deal=1, player="Beto"),
                  ShanghaiCalled(deal=1, player="Dani"), ShanghaiCalled(deal=1, player="Beto")):
        state = apply(state, event)
    state = apply(state, DealEnded(deal=1, went_out="Ana", hands={"Beto": "KH 7S", "Caro": 12, "Dani": "JK"}))
    state = laid(state, "Caro")
    return apply(state, ShanghaiCalled(deal=2, player="Ana"))


def test_the_game_file_keeps_the_calls(tmp_path: Path) -> None:
    state = _game_with_calls()
    exported = export_game(state)
    assert exported["deals"][0]["shanghai_calls"] == {"Beto": 2, "Dani": 1}
    assert exported["deals"][1] == {"exact_cut": False, "buys": {}, "shanghai_calls": {"Ana": 1},
                                    "laid_down": {"Caro": []}, "ended": False}
    again = replay(import_game(exported))
    assert export_game(again) == exported
    # Shanghai: K 10 + 7 5 = 15; Caro typed 12; a joker 50
    text = sheet_text(again)
    assert "deal 1: Shanghai called by Beto ×2, Dani" in text
    path = tmp_path / "game.json"
    path.write_text(json.dumps(exported), encoding="utf-8")
    result = CliRunner().invoke(main, ["tally", str(path), "--json"])
    assert result.exit_code == 0, result.stderr
    players = {p["name"]: p for p in json.loads(result.stdout)["players"]}
    assert [players[n]["shanghai_calls"] for n in P4] == [[0], [2], [0], [1]]
    assert [players[n]["deal_points"] for n in P4] == [[0], [15], [12], [50]]


def test_a_file_with_a_call_the_rules_refuse_is_tallied_with_the_reason(tmp_path: Path) -> None:
    exported = export_game(_game_with_calls())
    exported["deals"][0]["laid_down"] = {}
    path = tmp_path / "game.json"
    path.write_text(json.dumps(exported), encoding="utf-8")
    result = CliRunner().invoke(main, ["tally", str(path)])
    assert result.exit_code == 1
    assert "deal 1: nobody has laid down in deal 1 yet" in result.stderr
    assert "deal 1: Shanghai called by Beto ×2, Dani" in result.stdout
