"""The referee-table-game/1 file: round trips, what the tally makes of a file, hostile files and the schema."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from referee.games.persian.ledger import (
    GameCreated,
    GameEnded,
    HandCorrected,
    HandPlayed,
    PlayerRenamed,
    Redeal,
    TableFileError,
    TableState,
    Undone,
    apply,
    export_game,
    import_game,
    read_file,
    read_game_file,
    replay,
    start,
)
from referee.games.persian.ledger.gamefile import MAX_FILE_BYTES, schema_text
from referee.games.persian.ledger.tally import sheet_json, sheet_text, tally, tally_file

#: The modules of referee/ this file tests (tests/test_layout.py).
TESTED = (
    "referee.games.persian.ledger.gamefile",
    "referee.games.persian.ledger.tally",
)

ROOT = Path(__file__).resolve().parents[4]
PLAYERS = ["Ana", "Bahram", "Cyrus", "Dara"]
SHELEM_HANDS = [{"ruler": 0, "bid": 135, "points": 130}, {"ruler": 3, "bid": 125, "points": 150},
                {"ruler": 0, "bid": 150, "points": 165}, {"ruler": 3, "bid": 135, "points": 135}]


def game_file(variant: str = "shelem", **fields: Any) -> dict[str, Any]:
    return {"format": "referee-table-game/1", "variant": variant, "players": PLAYERS, **fields}


def a_hokm_game_with_everything() -> TableState:
    state = start(GameCreated(variant="hokm", players=tuple(PLAYERS), first="Bahram", options={"rounds": 3}))
    for event in (
        HandPlayed(hand_number=1, hand={"winner": "A", "losers_tricks": 3}),
        Redeal(hand_number=2),
        HandPlayed(hand_number=2, hand={"winner": "B", "losers_tricks": 0}),
        HandPlayed(hand_number=3, hand={"winner": "B", "losers_tricks": 6}),
        Undone(seq=5),
        HandPlayed(hand_number=3, hand={"winner": "A", "losers_tricks": 1}),
        HandCorrected(hand_number=1, hand={"winner": "B", "losers_tricks": 0}),
        PlayerRenamed(old="Cyrus", new="Kourosh"),
        Redeal(hand_number=4),
        GameEnded(reason="the last bus"),
    ):
        state = apply(state, event)
    return state


def test_export_import_replay_export_gives_the_same_file() -> None:
    state = a_hokm_game_with_everything()
    exported = export_game(state)
    assert exported == {
        "format": "referee-table-game/1", "variant": "hokm", "players": ["Ana", "Bahram", "Kourosh", "Dara"],
        "first": "Bahram", "options": {"rounds": 3},
        "hands": [{"winner": "B", "losers_tricks": 0, "bam": False}, {"winner": "B", "losers_tricks": 0, "bam": False},
                  {"winner": "A", "losers_tricks": 1, "bam": False}],
        "redeals": [2, 4], "ended": "the last bus"}
    again = replay(import_game(json.loads(json.dumps(exported))))
    assert export_game(again) == exported
    assert (again.totals, again.ruler, again.dealer, again.is_over) == (state.totals, state.ruler, state.dealer, True)


def test_an_export_with_its_log_reads_back_the_same_and_the_log_is_ignored() -> None:
    state = a_hokm_game_with_everything()
    exported = export_game(state, include_log=True)
    log: Any = exported["log"]
    assert [entry["event"]["type"] for entry in log][:3] == ["game-created", "hand-played", "redeal"]
    assert [entry["seq"] for entry in log if entry["undone"]] == [5]
    assert export_game(replay(read_game_file(json.dumps(exported)))) == export_game(state)


def test_the_sources_shelem_sheet_as_a_file() -> None:
    result = tally_file(json.dumps(game_file(hands=SHELEM_HANDS)).encode())
    assert result.allowed
    assert result.errors == ()
    assert result.state is not None
    assert result.state.totals == (240, 320)
    text = sheet_text(result.state)
    assert "A (Ana & Cyrus) 240, B (Bahram & Dara) 320" in text
    assert text.splitlines()[3].split() == ["1", "Ana", "-135", "35"]
    document = sheet_json(result.state, result.errors)
    assert document["totals"] == [{"column": "A (Ana & Cyrus)", "total": 240},
                                  {"column": "B (Bahram & Dara)", "total": 320}]
    assert (document["hands"], document["over"], document["errors"]) == (4, False, [])


@pytest.mark.parametrize(
    ("data", "where", "codes"),
    [
        (game_file("hokm", players=[*PLAYERS, "Ebi"]), "players", ["player-count"]),
        (game_file("hokm", first="Ebi"), "players", ["unknown-first"]),
        (game_file("hokm", options={"rounds": 4}), "players", ["option-value"]),
        (game_file("hokm", hands=[{"winner": "A", "losers_tricks": 7}]), "hand 1", ["hokm-tricks"]),
        (game_file("hokm", hands=[{"winner": "A", "losers_tricks": 2, "bam": True}]), "hand 1",
         ["hokm-bam-needs-seven-nil"]),
        (game_file(hands=[SHELEM_HANDS[0], {"ruler": 1, "bid": 95, "points": 170}]), "hand 2",
         ["shelem-bid-range", "shelem-points-range"]),
        (game_file(options={"target": 330}, hands=[*SHELEM_HANDS, {"ruler": 1, "bid": 100, "points": 100},
                                                   SHELEM_HANDS[0]]), "hand 6", ["game-over"]),
        (game_file(hands=SHELEM_HANDS, ended="", redeals=[5]), "", []),
    ],
    ids=["five players at hokm", "an unknown first ruler", "four rounds", "seven tricks to the losers",
         "a bam at 7-2", "a bid of 95 and 170 points", "a hand after the game is won",
         "allowed: hand 5 dealt again, then the end"],
)
def test_files_the_rules_forbid_exit_1_with_every_reason(data: dict[str, Any], where: str, codes: list[str]) -> None:
    result = tally(read_file(data))
    assert not result.allowed or not codes
    assert [p.code for p in result.problems] == codes
    assert all(line.startswith(f"{where}: ") for line in result.errors)


def test_five_players_at_hokm_is_said_in_words() -> None:
    result = tally(game_file("hokm", players=[*PLAYERS, "Ebi"]))
    assert result.state is None
    assert result.errors == ("players: hokm is played by 4 players, not 5",)
    assert sheet_json(result.state, result.errors)["errors"] == list(result.errors)


# Files that cannot be read: refused before anything is folded (referee tally exits 2).
HOSTILE: list[tuple[Any, str]] = [
    (b"\xff\xfe not text", "file-not-utf8"),
    (b'{"format": "referee-table-game/1",', "file-not-json"),
    (b"[1, 2]", "file-not-object"),
    (b'{"format": "referee-game/1", "variant": "hokm", "players": []}', "file-wrong-format"),
    (b"[" * 5000 + b"]" * 5000, "file-too-deep"),
    (b'{"n": NaN}', "file-not-a-number"),
    (b'{"n": ' + b"9" * 40 + b"}", "file-number-too-big"),
    (b'{"n": 1e300}', "file-number-too-big"),
    (b" " * (MAX_FILE_BYTES + 1), "file-too-big"),
    (json.dumps({"t": "x" * 3000}).encode(), "file-text-too-long"),
    (json.dumps(game_file(totals=[240, 320])).encode(), "file-totals"),
    (json.dumps(game_file(sheet=[])).encode(), "file-unknown-field"),
    (json.dumps({"format": "referee-table-game/1", "players": PLAYERS}).encode(), "file-missing-field"),
    (json.dumps(game_file(variant="poker")).encode(), "unknown-game"),
    (json.dumps(game_file(variant=7)).encode(), "file-field-text"),
    (json.dumps(game_file(players="Ana, Bahram")).encode(), "file-field-texts"),
    (json.dumps(game_file(players=["Ana", None])).encode(), "file-field-texts"),
    (json.dumps(game_file(players=[f"P{n}" for n in range(13)])).encode(), "file-too-many-players"),
    (json.dumps(game_file(options=[["target", 660]])).encode(), "file-field-object"),
    (json.dumps(game_file(hands={"1": SHELEM_HANDS[0]})).encode(), "file-field-objects"),
    (json.dumps(game_file(hands=[SHELEM_HANDS[0], 135])).encode(), "file-field-objects"),
    (json.dumps(game_file(hands=[{"ruler": 0, "bid": 135, "points": 130, "total_a": -135}])).encode(), "file-hand"),
    (json.dumps(game_file(hands=[{"ruler": "0", "bid": 135, "points": 130}])).encode(), "file-hand"),
    (json.dumps(game_file(hands=[{}] * 1001)).encode(), "file-too-many-hands"),
    (json.dumps(game_file(redeals=[0])).encode(), "file-field-whole-numbers"),
    (json.dumps(game_file(redeals=[True])).encode(), "file-field-whole-numbers"),
    (json.dumps(game_file(hands=SHELEM_HANDS, redeals=[6])).encode(), "file-redeal"),
    (json.dumps(game_file(ended=None)).encode(), "file-field-text"),
]


@pytest.mark.parametrize(("raw", "code"), HOSTILE, ids=[code + f"-{n}" for n, (_, code) in enumerate(HOSTILE)])
def test_hostile_files_are_refused_before_anything_is_folded(raw: bytes, code: str) -> None:
    with pytest.raises(TableFileError) as error:
        tally_file(raw)
    assert error.value.problem.code == code
    assert "\n" not in str(error.value)


def test_a_hand_its_game_cannot_read_is_named_with_the_rules_words() -> None:
    raw = json.dumps(game_file("hokm", hands=[{"winner": "A", "losers_tricks": 2}, {"winner": "A"}]))
    with pytest.raises(TableFileError) as error:
        read_game_file(raw)
    assert str(error.value) == "hand 2 of the file cannot be read: the hand has no losers_tricks"


def test_extensions_and_an_empty_game_read_fine() -> None:
    events = read_game_file(json.dumps(game_file("hokm", **{"x-app": {"version": 3}})))
    assert [event.type for event in events] == ["game-created"]
    assert replay(events).first_bidder is None


def test_the_published_schema_is_the_readers() -> None:
    published = (ROOT / "docs" / "referee-table-game-1.schema.json").read_text(encoding="utf-8")
    assert published == schema_text()
    schema = json.loads(published)
    assert set(schema["properties"]) >= {"format", "variant", "players", "first", "options", "hands", "redeals",
                                         "ended", "log"}
    assert "totals" not in schema["properties"]
    assert schema["additionalProperties"] is False
