"""Reading a game file someone sent, before any family's model sees it: the limits every file is held to (its size,
UTF-8, JSON, how long a number or a text, how deep, how many values) and :class:`GameFileError`, which says in one
line what is wrong.

A hostile file costs at most a second and a few megabytes here; what a family's format says (its fields, its
counts, its cards) is its own model's to check: contract rummy's ``referee-game/1`` in
:mod:`referee.games.rummy.ledger.gamefile`.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping

from referee.rules.problems import ParamValue, Problem

__all__ = [
    "GameFileError",
    "Thousands",
    "MAX_FILE_BYTES",
    "MAX_DEPTH",
    "MAX_NUMBER_CHARS",
    "MAX_NUMBER",
    "MAX_TEXT",
    "MAX_VALUES",
    "shown",
    "name_shown",
    "loads",
    "check_sizes",
]


class GameFileError(ValueError):
    """Not a readable referee-game/1 file: its :class:`~referee.rules.problems.Problem` says where and what.

    ``str()`` is the problem's English sentence, one line (``referee tally`` prints it); a page words the problem
    in its own language (``referee.games.rummy.web.wording.problem_words``).
    """

    def __init__(self, problem: Problem) -> None:
        self.problem = problem
        super().__init__(problem.message)

    @classmethod
    def of(cls, code: str, form: str = "", /, **params: ParamValue) -> GameFileError:
        """The error of the problem ``code`` (``form``) with its parameters."""
        return cls(Problem.of(code, form, **params))


class Thousands(int):
    """A large whole number in a problem, written with its thousands apart in English ("20,000"); a page writes
    it as its language writes numbers (``referee.web.helpers.numerals.number``)."""

    def __str__(self) -> str:
        return f"{int(self):,}"


# --------------------------------------------------------------------------------------------------
# Limits: what a file may hold before anything is folded
# --------------------------------------------------------------------------------------------------

#: The largest file read (bytes).
MAX_FILE_BYTES = 1_000_000
#: The deepest nesting of lists and objects (the format itself needs five levels).
MAX_DEPTH = 16
#: The longest number written in a file, in characters (points and stakes need far fewer).
MAX_NUMBER_CHARS = 15
#: The largest whole number or amount anywhere in a file.
MAX_NUMBER = 10**9
#: The longest text anywhere in a file (a reason, an override, a hand or a meld).
MAX_TEXT = 2_000
#: The most values (texts, numbers, lists, objects) in a file: a long game with its full log has a few thousand.
MAX_VALUES = 20_000



def shown(value: object) -> str:
    """A value quoted in an error: its repr (control characters escaped), cut to a line's worth."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def name_shown(name: object) -> str:
    """A player's name in an error, cut to a name's length."""
    text = str(name)
    return text if len(text) <= 40 else text[:39] + "..."


# --------------------------------------------------------------------------------------------------
# Before pydantic: bytes, JSON, and sizes
# --------------------------------------------------------------------------------------------------


def _refuse_constant(name: str) -> object:
    raise GameFileError.of("file-not-a-number", value=name)


def _parse_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_NUMBER_CHARS:
        raise GameFileError.of("file-number-too-long", length=len(text), max=MAX_NUMBER_CHARS)
    return int(text)


def _parse_float(text: str) -> float:
    if len(text) > MAX_NUMBER_CHARS + 10:
        raise GameFileError.of("file-number-too-long", "characters", length=len(text), max=MAX_NUMBER_CHARS)
    value = float(text)
    if not math.isfinite(value):
        raise GameFileError.of("file-not-a-number", value=text[:20])
    return value


#: What the JSON reader says is wrong, as the form of the problem "file-not-json" that says it.
_JSON_FORMS = {
    "Expecting value": "value",
    "Expecting property name enclosed in double quotes": "property-name",
    "Expecting ':' delimiter": "colon",
    "Expecting ',' delimiter": "comma",
    "Unterminated string starting at": "unterminated-string",
    "Invalid control character at": "control-character",
    "Invalid \\escape": "escape",
    "Invalid \\uXXXX escape": "unicode-escape",
    "Extra data": "extra-data",
}


def _too_many_values() -> GameFileError:
    return GameFileError.of("file-too-many-values", max=Thousands(MAX_VALUES))


def _too_deep() -> GameFileError:
    return GameFileError.of("file-too-deep", max=MAX_DEPTH)


def loads(raw: bytes | str) -> object:
    """The JSON value of a file someone sent, or GameFileError (one line): size, UTF-8, JSON, long numbers.

    >>> loads('{"format": "referee-game/1", "n": ' + "9" * 5000 + "}")
    Traceback (most recent call last):
    referee.ledger.gamefile.GameFileError: a number of 5000 digits: numbers in a game file have at most 15
    """
    if len(raw) > MAX_FILE_BYTES:
        raise GameFileError.of("file-too-big", megabytes=MAX_FILE_BYTES // 1_000_000)
    if isinstance(raw, bytes):
        try:
            raw = raw.decode("utf-8-sig")
        except UnicodeDecodeError as error:
            raise GameFileError.of("file-not-utf8", byte=error.start) from None
    if raw.count(",") > 2 * MAX_VALUES:  # counted before parsing: a value costs far more to parse than a comma
        raise _too_many_values()
    try:
        return json.loads(raw, parse_int=_parse_int, parse_float=_parse_float, parse_constant=_refuse_constant)
    except json.JSONDecodeError as error:
        raise GameFileError.of("file-not-json", _JSON_FORMS.get(error.msg, ""), line=error.lineno,
                               column=error.colno) from None
    except RecursionError:
        raise _too_deep() from None


def check_sizes(value: object, depth: int = 1, count: list[int] | None = None) -> None:
    """Every list and object within MAX_DEPTH, every number within MAX_NUMBER, every text within MAX_TEXT."""
    count = count if count is not None else [0]
    count[0] += 1
    if count[0] > MAX_VALUES:
        raise _too_many_values()
    if depth > MAX_DEPTH:
        raise _too_deep()
    if isinstance(value, str):
        if len(value) > MAX_TEXT:
            raise GameFileError.of("file-text-too-long", length=len(value), text=shown(value), max=MAX_TEXT)
        _check_whole_characters(value)
    elif isinstance(value, bool) or value is None:
        return
    elif isinstance(value, int | float):
        if not (isinstance(value, int) or math.isfinite(value)) or abs(value) > MAX_NUMBER:
            raise GameFileError.of("file-number-too-big", value=shown(value), max=Thousands(MAX_NUMBER))
    elif isinstance(value, Mapping):
        for key, item in value.items():
            check_sizes(key, depth, count)
            check_sizes(item, depth + 1, count)
    elif isinstance(value, list | tuple):
        for item in value:
            check_sizes(item, depth + 1, count)
    else:
        raise GameFileError.of("file-not-json-value", kind=type(value).__name__)


def _check_whole_characters(text: str) -> None:
    """Refuse a text holding half of a character: a lone UTF-16 surrogate, which JSON can write (``"\\ud800"``)
    but no UTF-8 text, database or terminal can hold. Pairs written as two escapes are one character by then."""
    if text.isascii():
        return
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as error:
        half = f"\\u{ord(text[error.start]):04x}"
        raise GameFileError.of("file-half-character", text=shown(text), char=half) from None
