"""The limits every game file is held to before a family reads it (referee/ledger/gamefile.py): size, UTF-8, JSON,
long numbers, depth, how many values, long texts and half characters; each refusal is one problem with its code."""

from __future__ import annotations

import pytest

from referee.ledger.gamefile import (
    MAX_DEPTH,
    MAX_FILE_BYTES,
    MAX_NUMBER,
    MAX_TEXT,
    MAX_VALUES,
    GameFileError,
    Thousands,
    check_sizes,
    loads,
    name_shown,
    shown,
)

#: (file, the JSON value read): within the limits a file reads as plain JSON; a UTF-8 byte-order mark is dropped.
READ = [
    (b'{"format": "referee-game/1"}', {"format": "referee-game/1"}),
    ('{"a": [1, -2, 3.5]}', {"a": [1, -2, 3.5]}),
    ("\ufeff[1]".encode(), [1]),
    ('"Zoë"'.encode(), "Zoë"),
    ("1" * 15, int("1" * 15)),
    ("-" + "1" * 15, -int("1" * 15)),
]

#: (file, the problem's code and form): what makes a file unreadable before any family looks.
REFUSED = [
    (b"{" + b" " * MAX_FILE_BYTES + b"}", "file-too-big", ""),
    (b'{"name": "\xff"}', "file-not-utf8", ""),
    ("[" + "1," * (2 * MAX_VALUES + 1) + "1]", "file-too-many-values", ""),  # more commas than twice the values
    ("1" * 16, "file-number-too-long", ""),
    ("1." + "1" * 30, "file-number-too-long", "characters"),
    ("[NaN]", "file-not-a-number", ""),
    ("[Infinity]", "file-not-a-number", ""),
    ("[1e999]", "file-not-a-number", ""),
    ("", "file-not-json", "value"),
    ('{"a" 1}', "file-not-json", "colon"),
    ('{"a": 1 "b": 2}', "file-not-json", "comma"),
    ("{'a': 1}", "file-not-json", "property-name"),
    ('["open', "file-not-json", "unterminated-string"),
    ('["\\q"]', "file-not-json", "escape"),
    ("[1] [2]", "file-not-json", "extra-data"),
]


@pytest.mark.parametrize(("raw", "value"), READ)
def test_a_file_within_the_limits_reads_as_its_json(raw: bytes | str, value: object) -> None:
    assert loads(raw) == value


@pytest.mark.parametrize(("raw", "code", "form"), REFUSED)
def test_a_file_beyond_the_limits_is_refused_with_its_problem(raw: bytes | str, code: str, form: str) -> None:
    with pytest.raises(GameFileError) as refused:
        loads(raw)
    assert (refused.value.problem.code, refused.value.problem.form) == (code, form)
    assert "\n" not in str(refused.value)


def test_the_json_error_says_where() -> None:
    with pytest.raises(GameFileError) as refused:
        loads('{\n  "a": 1,\n  "b" 2\n}')
    assert (refused.value.problem.param("line"), refused.value.problem.param("column")) == (3, 7)


def test_the_first_byte_that_is_not_utf8_is_named() -> None:
    with pytest.raises(GameFileError) as refused:
        loads(b'["abc\xe9"]')
    assert refused.value.problem.param("byte") == 5


def nested(depth: int) -> object:
    value: object = 1
    for _ in range(depth - 1):
        value = [value]
    return value


#: (value, the problem's code, or "" when the value is within the limits).
SIZES = [
    ({"name": "Ana", "points": [25, -10, 0.5], "over": True, "note": None}, ""),
    (nested(MAX_DEPTH), ""),
    (nested(MAX_DEPTH + 1), "file-too-deep"),
    ("x" * MAX_TEXT, ""),
    ("x" * (MAX_TEXT + 1), "file-text-too-long"),
    (MAX_NUMBER, ""),
    (-MAX_NUMBER, ""),
    (MAX_NUMBER + 1, "file-number-too-big"),
    ([1.0e10], "file-number-too-big"),
    ([float("nan")], "file-number-too-big"),
    (["\ud800"], "file-half-character"),
    (["\U0001f600"], ""),  # a whole character beyond the BMP
    ([1] * (MAX_VALUES - 1), ""),  # the list itself is a value too
    ([1] * MAX_VALUES, "file-too-many-values"),
    ({"set": {1, 2}}, "file-not-json-value"),
]


@pytest.mark.parametrize(("value", "code"), SIZES)
def test_sizes_depth_and_whole_characters_are_checked(value: object, code: str) -> None:
    if not code:
        check_sizes(value)
        return
    with pytest.raises(GameFileError) as refused:
        check_sizes(value)
    assert refused.value.problem.code == code


def test_a_key_counts_at_its_objects_depth() -> None:
    check_sizes({"k" * MAX_TEXT: 1})
    with pytest.raises(GameFileError):
        check_sizes({"k" * (MAX_TEXT + 1): 1})


def test_values_quoted_in_an_error_are_cut_to_a_line() -> None:
    assert shown("Ana") == "'Ana'"
    assert shown("\x1b[31m") == "'\\x1b[31m'"
    assert shown("x" * 100) == "'" + "x" * 56 + "..."
    assert len(shown("x" * 100)) == 60
    assert name_shown("Ana") == "Ana"
    assert name_shown("y" * 41) == "y" * 39 + "..."
    assert name_shown("y" * 40) == "y" * 40


def test_a_large_number_is_written_with_its_thousands_apart() -> None:
    assert str(Thousands(20_000)) == "20,000"
    assert str(Thousands(1_000_000_000)) == "1,000,000,000"
    assert Thousands(20_000) == 20_000
