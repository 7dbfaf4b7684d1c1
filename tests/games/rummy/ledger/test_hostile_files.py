"""Hostile files for `referee tally` (and the web import, which reads files through the same gate).

Every file the app cannot accept is refused before anything is folded: exit 2, one line on stderr naming what
is wrong, nothing on stdout, in well under a second; nothing from a file reaches the terminal raw.
"""

from __future__ import annotations

import copy
import json
import time
import unicodedata
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.cli import main
from referee.games.rummy.ledger.exchange import GameFileError, read_game_file, tally
from tests.properties import examples

GAMES = Path(__file__).parents[2]
VALID = sorted(p for p in GAMES.glob("*.json"))
P4 = ["Ana", "Beto", "Caro", "Dani"]
#: The budget for any file up to 1 MB, in CPU seconds of this process (wall time on a machine shared with
#: other test runs measures their load, not this code).
SECONDS = 1.0


def game(**changes: Any) -> str:
    data: dict[str, Any] = {"format": "referee-game/1", "variant": "telefunken", "players": P4,
                            "first_dealer": "Ana", "deals": [{"went_out": "Ana", "hands": {"Beto": 5}}]}
    data.update(changes)
    return json.dumps(data)


def deal(**changes: Any) -> str:
    one: dict[str, Any] = {"went_out": "Ana", "hands": {"Beto": 5, "Caro": 3, "Dani": 1}}
    one.update(changes)
    return game(deals=[one])


def padded(text: str, size: int) -> str:
    """A valid game followed by ``size`` bytes of harmless JSON (an ignored key)."""
    return text[:-1] + ', "x-padding": "' + "." * min(size, 1_999) + '"' + ', "x-more": [' + ",".join(
        ["1"] * ((size - 2_000) // 2)) + "]}"


def bomb(depth: int) -> str:
    return '{"format": "referee-game/1", "x": ' + "[" * depth + "]" * depth + "}"


HOSTILE: list[tuple[str, str | bytes, str]] = [
    # (what it is, the file, the words the one line must hold)
    ("buys of a billion (the 246-byte file that grew past 1.25 GB)",
     deal(buys={"Beto": 1_000_000_000}), '"buys" of Beto must be a whole number from 0 to 12'),
    ("2,000 players (89 s before)", game(players=[f"P{i}" for i in range(2000)], first_dealer="P0"),
     "2000 players: Telefunken (Venezuela) takes 3 to 5"),
    ("13 players even with the table's override", game(players=[f"P{i}" for i in range(13)], first_dealer="P0",
                                                       override="we are many"), "13 players"),
    ("JSON nested 100,000 deep", bomb(100_000), "nested more than 16 deep"),
    ("JSON nested 17 deep", bomb(17), "nested more than 16 deep"),
    ("a 5,000-digit number", game(deals=[]).replace('"deals": []', '"deals": [], "n": ' + "9" * 5000),
     "a number of 5000 digits"),
    ("a 400-digit stake", game().replace('"deals"', '"settings": {"small_stake": ' + "9" * 400 + '}, "deals"'),
     "a number of 400 digits"),
    ("a stake of 1e308", game(settings={"small_stake": 1e308}), "beyond what a game file holds"),
    ("NaN", game().replace('"deals"', '"n": NaN, "deals"'), "NaN is not a number a game file can hold"),
    ("Infinity points", deal().replace('"Beto": 5', '"Beto": Infinity'), "Infinity is not a number"),
    ("a billion points in a hand", deal(hands={"Beto": 10**9}), "cards or points from 0 to 9,999,999"),
    ("99 jokers taken at the cut", deal(exact_cut=True, cutter_jokers=99), "a whole number from 0 to 8"),
    ("a hand of 500 cards", deal(hands={"Beto": "KH " * 500}), "500 cards; a hand or meld holds at most 60"),
    ("a meld of 100 cards", deal(laid_down={"Beto": ["7H " * 100]}), "100 cards"),
    ("forty melds at once", deal(laid_down={"Beto": ["7H 7S 7D"] * 40}), "a list of at most 20 melds"),
    ("5,000 cards in all", game(deals=[{"went_out": "Ana", "hands": {n: "KH " * 59 for n in P4[1:]}}] * 30),
     "cards written: a game file holds at most 3,000"),
    ("60 deals", game(deals=[{"went_out": "Ana", "hands": {}}] * 60), "60 deals"),
    ("a million buy events in small pieces", game(deals=[{"buys": dict.fromkeys(P4, 12), "went_out": "Ana",
                                                           "hands": {}}] * 40), "events"),
    ("a text of 100,000 characters", game(abandoned="z" * 100_000), "a text of 100000 characters"),
    ("300,000 values", game().replace('"deals"', '"x": [' + ",".join(["0"] * 300_000) + '], "deals"'),
     "more than 20,000 values"),
    ("a file over 1 MB", padded(game(), 1_100_000), "larger than 1 MB"),
    ("not UTF-8", b'{"format": "referee-game/1", "players": ["\xff\xfe"]}', "not UTF-8"),
    ("not JSON", "{format: referee}", "is not JSON"),
    ("empty", "", "is not JSON"),
    ("a JSON string", '"referee-game/1"', "must be a JSON object"),
    ("an escape code as the variant", game(variant="\x1b[2J\x1b[31mtelefunken"), "unknown variant"),
    ("an escape code as the format", game(format="\x1b]0;owned\x07"), "not a referee-game/1 file"),
    # Half a character (a lone UTF-16 surrogate, which JSON can write as an escape) in every free text.
    ("a lone surrogate in the abandon reason", game(abandoned="rain\ud800"), "holds \\ud800, half of a character"),
    ("a lone surrogate in the table's override", game(override="\udfff"), "holds \\udfff, half of a character"),
    ("a lone surrogate in a deal's override", deal(override="ok\udc00"), "holds \\udc00, half of a character"),
    ("a lone surrogate in a house rule's key", game(house_rules={"x-\ud800": 1}), "half of a character"),
    ("a lone surrogate in a house rule's value", game(house_rules={"x-note": "\ud83d"}), "half of a character"),
    ("a lone surrogate in a settings key", game(settings={"\ud800": 1}), "half of a character"),
    ("a lone surrogate in a player's name", game(players=["Ana", "Beto\udc80", "Caro"]), "half of a character"),
]


def run(tmp_path: Path, content: str | bytes, *args: str) -> tuple[Any, float]:
    path = tmp_path / "hostile.json"
    path.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
    started = time.process_time()
    result = CliRunner().invoke(main, ["tally", str(path), *args])
    return result, time.process_time() - started


def shown_raw(text: str) -> list[str]:
    """Characters that could act on a terminal (escape codes, bidi controls, zero-width...)."""
    return [c for c in text if c != "\n" and (unicodedata.category(c)[0] == "C" or unicodedata.category(c)
                                              in ("Zl", "Zp"))]


@pytest.mark.parametrize(("content", "message"), [h[1:] for h in HOSTILE], ids=[h[0] for h in HOSTILE])
def test_hostile_file_exits_2_with_one_line(tmp_path: Path, content: str | bytes, message: str) -> None:
    assert len(content) <= 1_200_000
    for args in ((), ("--json",)):
        result, seconds = run(tmp_path, content, *args)
        assert result.exit_code == 2, (result.stdout[:200], result.stderr[:200])
        assert result.stdout == ""
        assert result.stderr.count("\n") == 1, result.stderr
        assert len(result.stderr) < 400, result.stderr
        assert message in result.stderr
        assert not shown_raw(result.stderr)
        assert seconds < SECONDS


def test_a_character_beyond_the_first_plane_written_as_two_escapes_is_one_character(tmp_path: Path) -> None:
    """A surrogate pair is a whole character (an emoji): only half of one is refused."""
    text = game(deals=[{"went_out": "Ana", "hands": {"Beto": 5, "Caro": 3, "Dani": 1}}], abandoned="\U0001f327 rain")
    assert "\\ud83c\\udf27" in text  # the file writes it as two escapes
    result, _ = run(tmp_path, text)
    assert result.exit_code == 0, result.stderr
    assert "abandoned (\U0001f327 rain)" in result.stdout


def test_every_valid_game_still_reads() -> None:
    """The limits are far from any real game: every recorded game passes the gate."""
    for path in VALID:
        assert read_game_file(path.read_bytes()) == json.loads(path.read_text(encoding="utf-8")), path.name


def test_a_game_at_the_limits_folds_in_under_a_second(tmp_path: Path) -> None:
    names = ["Ana", "Beto", "Caro", "Dani", "Eli", "Fer"]
    deals = [{"exact_cut": True, "buys": dict.fromkeys(names, 3),
              "laid_down": dict.fromkeys(names, ["3H 4H 5H 6H"] * 2),
              "went_out": "Ana", "hands": dict.fromkeys(names[1:], "KH QH JK " * 5)} for _ in range(15)]
    text = json.dumps({"format": "referee-game/1", "variant": "progressive-rummy", "players": names,
                       "first_dealer": "Ana", "deals": deals})
    assert len(read_game_file(text)["deals"]) == 15  # 270 buys, 90 lay-downs, 15 cuts, 15 ends: 390 events
    result, seconds = run(tmp_path, text)
    assert result.exit_code == 1  # the rules forbid most of it, reason by reason
    assert seconds < SECONDS


def test_a_directory_or_a_missing_file_is_one_line(tmp_path: Path) -> None:
    for target in (tmp_path, tmp_path / "missing.json"):
        result = CliRunner().invoke(main, ["tally", str(target)])
        assert result.exit_code == 2, result.stderr
        assert result.stdout == "", result.stderr
        assert result.stderr.count("\n") == 1, result.stderr


@pytest.mark.parametrize("name", ["\x1b[2J\x1b[31mAna", "Ana\u202eoteB", "Ana\u200b", "Ana\x9b31m", "Ana\u2028"])
@pytest.mark.parametrize("as_json", [False, True], ids=["text", "json"])
def test_names_never_reach_the_terminal_raw(tmp_path: Path, name: str, as_json: bool) -> None:
    data = {"format": "referee-game/1", "variant": "telefunken", "players": [name, "Beto", "Caro"],
            "first_dealer": "Beto", "deals": [{"went_out": "Beto", "hands": {name: 7, "Caro": 3}}]}
    result, _ = run(tmp_path, json.dumps(data), *(["--json"] if as_json else []))
    # Such a name is refused (docs/rules.md: a name is typed again), and the refusal shows it harmless.
    assert result.exit_code == 1
    assert "holds invisible, control or direction characters" in (result.stdout if as_json else result.stderr)
    assert not shown_raw(result.stdout)
    assert not shown_raw(result.stderr)
    if as_json:
        json.loads(result.stdout)  # still a valid document


# --------------------------------------------------------------------------------------------------
# Random mutations of the recorded games
# --------------------------------------------------------------------------------------------------

HOSTILE_VALUES = st.one_of(
    st.none(), st.booleans(), st.integers(-(10**30), 10**30), st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=30), st.sampled_from(["KH 7S", "JK", "Ana", "", "\x1b[31m", "10H 10H 10H", "ZZ"]),
    st.sampled_from([10**9, 10**15, -1, 2**63, 1e300, 12, 13, 0]),
    st.lists(st.text(max_size=5), max_size=5),
    st.dictionaries(st.sampled_from(P4 + ["Zoe", ""]), st.integers(-5, 10**10), max_size=5),
    st.sampled_from([json.loads("[" * 20 + "]" * 20), ["JK"] * 70]),
)


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _paths(item, (*prefix, index))
    return found


def _set(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    parent = data
    for step in path[:-1]:
        parent = parent[step]
    parent[path[-1]] = value
    return data


@st.composite
def mutated_files(draw: st.DrawFn) -> str:
    path = draw(st.sampled_from(VALID))
    text = path.read_text(encoding="utf-8")
    data = json.loads(text)
    for _ in range(draw(st.integers(1, 4))):
        kind = draw(st.sampled_from(["replace", "delete", "grow", "text"]))
        paths = _paths(data)
        where = draw(st.sampled_from(paths))
        if kind == "replace":
            data = _set(data, where, copy.deepcopy(draw(HOSTILE_VALUES)))
        elif kind == "delete" and where:
            parent = data
            for step in where[:-1]:
                parent = parent[step]
            del parent[where[-1]]
        elif kind == "grow":
            node = data
            for step in where:
                node = node[step]
            times = draw(st.sampled_from([2, 10, 100]))
            if isinstance(node, list | str) and len(node) * times <= 30_000:
                data = _set(data, where, copy.deepcopy(node * times))
            elif isinstance(node, int) and not isinstance(node, bool):
                data = _set(data, where, node * 10 ** (times * 3))
        else:
            text = json.dumps(data, ensure_ascii=False)
            at = draw(st.integers(0, len(text)))
            return text[:at] + draw(st.sampled_from(["", "[" * 40, "9" * 500, "\x00", "}", '"', ",", "-"])) + \
                text[at + draw(st.integers(0, 3)):]
    try:
        return json.dumps(data, ensure_ascii=False)
    except ValueError:  # an integer beyond what Python itself will write: make it text the reader must refuse
        return text.replace('"format"', '"n": ' + "7" * 5000 + ', "format"', 1)


@settings(max_examples=examples(120), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(mutated_files())
def test_mutated_files_give_a_sheet_or_the_documented_error_in_under_a_second(text: str) -> None:
    raw = text.encode("utf-8", "surrogatepass")
    started = time.process_time()
    try:
        result = tally(read_game_file(raw))
    except GameFileError as error:
        message = str(error)
        assert message
        assert "\n" not in message
    else:
        assert result.state is not None or result.errors
    assert time.process_time() - started < SECONDS
