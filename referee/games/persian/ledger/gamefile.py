"""The ``referee-table-game/1`` file: a Persian table game as a backup and for other tools, its limits, its
reader and its JSON Schema (``docs/referee-table-game-1.schema.json`` is :func:`schema_text`).

Like the rummy games' ``referee-game/1`` file, it holds the game as it stands, not its log::

    {"format": "referee-table-game/1", "variant": "hokm",
     "players": ["Ana", "Bahram", "Cyrus", "Dara"],       # seat order: partners sit opposite
     "first": "Ana",                                       # deals first (Hokm: the first ruler)
     "options": {"rounds": 2},
     "hands": [{"winner": "B", "losers_tricks": 0, "bam": false}, ...],
     "redeals": [3],                                       # hand 3 was dealt again once
     "ended": "we stopped for dinner"}                     # the scorekeeper ended the game

- ``hands``: each hand in its game's own form (docs/table-games.md, each game's section), in order; the rules
  read each one. **No totals**: everything the sheet shows is worked out from the hands, so a file cannot
  carry a sheet that does not add up (a ``totals`` key is refused, saying so).
- Optional: ``first`` (the first player when left out), ``options`` (the house rules; a missing one takes its
  default; the exporter writes every one with its value in force), ``redeals``, ``ended`` (a text, maybe
  empty), ``log`` (the full event log, written with ``include_log=True``; ignored when read). Keys starting
  ``x-`` are ignored; any other key is refused.

Reading a file from outside (:func:`read_game_file`) refuses, with a :class:`TableFileError` (``referee tally``
exits 2), whatever cannot be read — beyond the limits below, not JSON, the wrong shape, an unknown game, a hand
its game cannot read — before a single event is folded. What the rules forbid (five players at Hokm, seven
tricks to the losers) reads fine and is refused by the fold (exit 1).

Each key but ``format`` and ``log`` is an event's: its kind says, in its own module, how the key is checked, written
and read back (:mod:`referee.games.persian.ledger.events.filing`). This module assembles the file from the parts of
the registered kinds (:data:`referee.games.persian.ledger.events.EVENTS`) and names no event.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from typing import Any

from referee.games.persian.ledger.events import EVENTS, Event
from referee.games.persian.ledger.events.filing import (
    MAX_TEXT,
    FileKey,
    FilePart,
    TableFileError,
    part_of,
)
from referee.games.persian.ledger.state import TableState
from referee.games.persian.rules.base import JsonValue, quote

__all__ = ["FORMAT", "MAX_FILE_BYTES", "TableFileError", "loads", "import_game", "read_file", "read_game_file",
           "export_game", "json_schema", "schema_text"]

FORMAT = "referee-table-game/1"

#: The largest file read (bytes).
MAX_FILE_BYTES = 1_000_000
#: The deepest nesting of lists and objects (the format needs five levels, with the log).
MAX_DEPTH = 12
#: The longest number written, in characters.
MAX_NUMBER_CHARS = 15
#: The largest whole number anywhere in a file.
MAX_NUMBER = 10**9
#: The most values (texts, numbers, lists, objects) in a file.
MAX_VALUES = 50_000

#: Every kind's part of a file, in the order of their keys: the order they are read in (and refuse in).
PARTS: tuple[FilePart, ...] = tuple(
    sorted((part for kind in EVENTS.values() if isinstance(part := part_of(kind), FilePart)),
           key=lambda part: min(key.place for key in part.keys))
)
#: Every part's keys, in their places.
KEYS: tuple[FileKey, ...] = tuple(sorted((key for part in PARTS for key in part.keys), key=lambda key: key.place))
#: The keys no event owns: the format, checked first, and the log, never read.
OWN_KEYS = ("format", "log")


# ---- bytes, JSON and sizes --------------------------------------------------------------------------------


def _number(text: str) -> int:
    if len(text.lstrip("-")) > MAX_NUMBER_CHARS:
        raise TableFileError.of("file-number-too-big", value=text[:20] + "...", max=MAX_NUMBER)
    return int(text)


def _fraction(text: str) -> float:
    if len(text) > MAX_NUMBER_CHARS + 10:
        raise TableFileError.of("file-number-too-big", value=text[:20] + "...", max=MAX_NUMBER)
    value = float(text)
    if not math.isfinite(value):
        raise TableFileError.of("file-not-a-number", value=text[:20])
    return value


def _constant(name: str) -> object:
    raise TableFileError.of("file-not-a-number", value=name)


def loads(raw: bytes | str) -> object:
    """The JSON value of a file someone sent, or :class:`TableFileError`: size, UTF-8, JSON, numbers, nesting."""
    if len(raw) > MAX_FILE_BYTES:
        raise TableFileError.of("file-too-big", megabytes=MAX_FILE_BYTES // 1_000_000)
    if isinstance(raw, bytes):
        try:
            raw = raw.decode("utf-8-sig")
        except UnicodeDecodeError as error:
            raise TableFileError.of("file-not-utf8", byte=error.start) from None
    if raw.count(",") > 2 * MAX_VALUES:
        raise TableFileError.of("file-too-many-values", max=MAX_VALUES)
    try:
        value = json.loads(raw, parse_int=_number, parse_float=_fraction, parse_constant=_constant)
    except json.JSONDecodeError as error:
        raise TableFileError.of("file-not-json", line=error.lineno, column=error.colno) from None
    except RecursionError:
        raise TableFileError.of("file-too-deep", max=MAX_DEPTH) from None
    _check_sizes(value)
    return value


def _check_sizes(value: object) -> None:
    """Every list and object within MAX_DEPTH, every number within MAX_NUMBER, every text within MAX_TEXT."""
    count = 0
    pending: list[tuple[object, int]] = [(value, 1)]
    while pending:
        item, depth = pending.pop()
        count += 1
        if count > MAX_VALUES:
            raise TableFileError.of("file-too-many-values", max=MAX_VALUES)
        if depth > MAX_DEPTH:
            raise TableFileError.of("file-too-deep", max=MAX_DEPTH)
        if isinstance(item, str) and len(item) > MAX_TEXT:
            raise TableFileError.of("file-text-too-long", length=len(item), max=MAX_TEXT)
        if isinstance(item, int | float) and not isinstance(item, bool) and abs(item) > MAX_NUMBER:
            raise TableFileError.of("file-number-too-big", value=quote(item), max=MAX_NUMBER)
        if isinstance(item, dict):
            pending += [(key, depth) for key in item]
            pending += [(child, depth + 1) for child in item.values()]
        elif isinstance(item, list):
            pending += [(child, depth + 1) for child in item]


# ---- the shape, then the events ---------------------------------------------------------------------------


def _checked(data: object) -> Mapping[str, Any]:
    """``data`` if it has the shape of a referee-table-game/1 file (the values' kinds and counts): every key's in
    turn, in the keys' places."""
    if not isinstance(data, dict):
        raise TableFileError.of("file-not-object", kind=type(data).__name__)
    if data.get("format") != FORMAT:
        raise TableFileError.of("file-wrong-format", value=quote(data.get("format")))
    known = {*OWN_KEYS, *(key.name for key in KEYS)}
    for name in data:
        if name == "totals":
            raise TableFileError.of("file-totals")
        if name not in known and not name.startswith("x-"):
            raise TableFileError.of("file-unknown-field", field=quote(name))
    for key in KEYS:
        if key.required and key.name not in data:
            raise TableFileError.of("file-missing-field", field=key.name)
    for key in KEYS:
        if key.name in data and not key.kind(data[key.name]):
            raise TableFileError.of(key.form, field=key.name, value=quote(data[key.name]))
    for key in KEYS:
        if key.most is not None and len(data.get(key.name, ())) > key.most[0]:
            raise TableFileError.of(key.most[1], count=len(data[key.name]), max=key.most[0])
    return data


def import_game(data: object) -> list[Event]:
    """The events of a referee-table-game/1 dict, or :class:`TableFileError` for a file that cannot be read.

    A game the rules forbid imports fine: :func:`~referee.games.persian.ledger.fold.replay` or the tally
    refuse it, with every reason.
    """
    game = _checked(data)
    _check_sizes(game)  # again: the dict may come from a reader with other limits
    rules = next(found for part in PARTS if (found := part.rules_of(game)) is not None)
    read = [placed for part in PARTS for placed in part.read(game, rules)]
    return [event for _, event in sorted(read, key=lambda placed: placed[0])]


def read_file(data: object) -> dict[str, Any]:
    """``data`` (a file's JSON value) if it is a readable referee-table-game/1 file, or :class:`TableFileError`:
    the one gate for a file from outside once its JSON is parsed."""
    import_game(data)
    assert isinstance(data, dict)
    return data


def read_game_file(raw: bytes | str) -> list[Event]:
    """The events of a referee-table-game/1 file someone sent, or :class:`TableFileError` before any is folded.

    >>> events = read_game_file(b'{"format": "referee-table-game/1", "variant": "hokm", '
    ...                         b'"players": ["Ana", "Bahram", "Cyrus", "Dara"], "hands": [{"winner": "A", '
    ...                         b'"losers_tricks": 2}]}')
    >>> [event.type for event in events]
    ['game-created', 'hand-played']
    """
    return import_game(loads(raw))


# ---- export ------------------------------------------------------------------------------------------------


def export_game(state: TableState, *, include_log: bool = False) -> dict[str, JsonValue]:
    """The game as a referee-table-game/1 dict (JSON-safe); ``include_log`` adds the full event log.
    ``export → import → replay → export`` gives the same dict."""
    written = {name: value for part in PARTS for name, value in part.write(state).items()}
    out: dict[str, JsonValue] = {"format": FORMAT}
    out.update((key.name, written[key.name]) for key in KEYS if key.name in written)
    if include_log:
        out["log"] = [{"seq": h.seq, "time": h.time.isoformat() if h.time else None, "event": h.event.to_dict(),
                       "undone": h.undone} for h in state.history.entries]
    return out


# ---- the JSON Schema ---------------------------------------------------------------------------------------


def json_schema() -> dict[str, Any]:
    """The JSON Schema of a referee-table-game/1 file (a hand's own shape is its game's; the rules read it)."""
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": FORMAT,
        "description": "A Persian table game kept by referee (docs/table-games.md): the hands as entered; every "
                       "total is worked out from them, so a file carries none.",
        "type": "object",
        "required": ["format", *(key.name for key in KEYS if key.required)],
        "properties": {
            "format": {"const": FORMAT},
            **{key.name: dict(key.schema) for key in KEYS},
            "log": {"type": "array", "description": "the full event log; ignored when read"},
        },
        "patternProperties": {"^x-": {}},
        "additionalProperties": False,
    }


def schema_text() -> str:
    """The published schema's text (``docs/referee-table-game-1.schema.json``; a test checks they agree)."""
    return json.dumps(json_schema(), indent=2, ensure_ascii=False) + "\n"
