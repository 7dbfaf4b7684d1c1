"""Game files of any family (referee/ledger/files.py): the limits first, then the family whose ``format`` the file
names reads it; a file of no known format goes to the first family, which refuses it in its own words; and which
errors say a file is unreadable rather than a game the rules forbid."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from referee import families
from referee.ledger.files import MAX_FILE_BYTES, GameFile, is_unreadable, read_file
from referee.ledger.gamefile import GameFileError

GAMES = Path(__file__).resolve().parent.parent / "games"


def test_a_rummy_file_is_read_by_contract_rummy() -> None:
    raw = (GAMES / "telefunken.json").read_bytes()
    read = read_file(raw)
    assert isinstance(read, GameFile)
    assert read.family is families.family_named("rummy")
    assert (read.data["variant"], read.data["players"]) == ("telefunken", ["Ana", "Beto", "Caro", "Dani"])
    created = read.events()[0]
    assert (created.variant, created.players, created.first_dealer) == (
        "telefunken", ("Ana", "Beto", "Caro", "Dani"), "Ana")
    assert read.tally().allowed
    assert read_file(raw.decode("utf-8")).data == read.data  # text or bytes alike


def test_a_game_the_rules_forbid_is_read_and_tallied_with_its_reasons() -> None:
    read = read_file((GAMES / "forbidden-players.json").read_bytes())
    result = read.tally()
    assert not result.allowed
    assert "players: two players are called ana: give them different names" in result.errors


def test_a_table_game_file_goes_to_the_persian_family() -> None:
    with pytest.raises(families.family_named("persian").file_error, match="the file has no variant"):
        read_file(json.dumps({"format": "referee-table-game/1"}))


#: (file, what the refusal says): beyond the limits, or of a format no family writes (refused by the first).
UNREADABLE = [
    (b"x" * (MAX_FILE_BYTES + 1), "file-too-big"),
    (b"{", "file-not-json"),
    (b'{"format": "nope"}', "file-wrong-format"),
    (b"[1]", "file-not-object"),
]


@pytest.mark.parametrize(("raw", "code"), UNREADABLE)
def test_an_unreadable_file_is_refused_before_any_game_is_folded(raw: bytes, code: str) -> None:
    with pytest.raises(GameFileError) as refused:
        read_file(raw)
    assert refused.value.problem.code == code
    assert is_unreadable(refused.value)


def refusal(raw: str) -> ValueError:
    """The error reading ``raw`` raises."""
    with pytest.raises(ValueError, match=".") as refused:
        read_file(raw)
    return refused.value


def test_only_the_limits_and_the_families_readers_say_a_file_is_unreadable() -> None:
    assert is_unreadable(GameFileError.of("file-too-deep", max=16))
    assert is_unreadable(refusal('{"format": "referee-table-game/1"}'))  # the Persian reader's own error
    assert is_unreadable(refusal('{"format": "referee-game/1"}'))  # contract rummy's
    assert not is_unreadable(ValueError("a game the rules forbid"))
    assert not is_unreadable(LookupError("no such game"))
