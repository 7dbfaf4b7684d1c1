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
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from typing import Any

from referee.games.persian.ledger.events import Event, GameCreated, GameEnded, HandPlayed, Redeal
from referee.games.persian.ledger.events.base import is_json
from referee.games.persian.ledger.state import TableState
from referee.games.persian.ledger.wording import LedgerProblem
from referee.games.persian.rules import find_game, game_ids
from referee.games.persian.rules.base import HandError, JsonValue, Problem, ProblemError, quote

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
#: The longest text anywhere in a file.
MAX_TEXT = 2_000
#: The most values (texts, numbers, lists, objects) in a file.
MAX_VALUES = 50_000
#: The most players a file may name (no game here seats more; the rules refuse any count their game does not take).
MAX_PLAYERS = 12
#: The most hands (and the most redeals) a file may hold: a long evening of a tally game has a hundred.
MAX_HANDS = 1_000

#: The top-level fields and the problem that refuses a value of the wrong kind.
_TOP_FIELDS = {"format": "", "variant": "file-field-text", "players": "file-field-texts", "first": "file-field-text",
               "options": "file-field-object", "hands": "file-field-objects", "redeals": "file-field-whole-numbers",
               "ended": "file-field-text", "log": ""}


class TableFileError(ValueError):
    """Not a readable referee-table-game/1 file: ``problems`` say where and what (the first says the place)."""

    def __init__(self, problems: Sequence[Problem]) -> None:
        self.problems = tuple(problems)
        super().__init__(" ".join(p.message for p in self.problems))

    @property
    def problem(self) -> Problem:
        """The first problem: what is wrong, or where (the problems after it say what)."""
        return self.problems[0]

    @classmethod
    def of(cls, code: str, /, **params: int | str) -> TableFileError:
        """The error of the ledger's problem ``code``."""
        return cls((LedgerProblem.of(code, **params),))


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


def _kind_ok(name: str, value: object) -> bool:
    if name in ("variant", "first", "ended"):
        return isinstance(value, str)
    if name == "players":
        return isinstance(value, list) and all(isinstance(v, str) for v in value)
    if name == "options":
        return isinstance(value, dict) and is_json(value)
    if name == "hands":
        return isinstance(value, list) and all(isinstance(v, dict) and is_json(v) for v in value)
    if name == "redeals":
        return isinstance(value, list) and all(isinstance(v, int) and not isinstance(v, bool) and v >= 1
                                               for v in value)
    return True  # "format" is checked first; "log" is not read


def _checked(data: object) -> Mapping[str, Any]:
    """``data`` if it has the shape of a referee-table-game/1 file (the values' kinds and counts)."""
    if not isinstance(data, dict):
        raise TableFileError.of("file-not-object", kind=type(data).__name__)
    if data.get("format") != FORMAT:
        raise TableFileError.of("file-wrong-format", value=quote(data.get("format")))
    for name in data:
        if name == "totals":
            raise TableFileError.of("file-totals")
        if name not in _TOP_FIELDS and not name.startswith("x-"):
            raise TableFileError.of("file-unknown-field", field=quote(name))
    for name in ("variant", "players"):
        if name not in data:
            raise TableFileError.of("file-missing-field", field=name)
    for name, code in _TOP_FIELDS.items():
        if name in data and not _kind_ok(name, data[name]):
            raise TableFileError.of(code, field=name, value=quote(data[name]))
    if len(data["players"]) > MAX_PLAYERS:
        raise TableFileError.of("file-too-many-players", count=len(data["players"]), max=MAX_PLAYERS)
    for name in ("hands", "redeals"):
        if len(data.get(name, ())) > MAX_HANDS:
            raise TableFileError.of("file-too-many-hands", count=len(data[name]), max=MAX_HANDS)
    return data


def import_game(data: object) -> list[Event]:
    """The events of a referee-table-game/1 dict, or :class:`TableFileError` for a file that cannot be read.

    A game the rules forbid imports fine: :func:`~referee.games.persian.ledger.fold.replay` or the tally
    refuse it, with every reason.
    """
    game = _checked(data)
    _check_sizes(game)  # again: the dict may come from a reader with other limits
    try:
        rules = find_game(game["variant"])
    except ProblemError as error:
        raise TableFileError(error.problems) from None
    players = tuple(game["players"])
    hands: list[dict[str, Any]] = game.get("hands", [])
    for number, hand in enumerate(hands, start=1):
        try:
            rules.read_hand(hand)
        except HandError as error:
            raise TableFileError((LedgerProblem.of("file-hand", hand=number), *error.problems)) from None
    redeals: list[int] = game.get("redeals", [])
    for number in redeals:
        if number > len(hands) + 1:
            raise TableFileError.of("file-redeal", most=len(hands) + 1, value=number)
    events: list[Event] = [GameCreated(variant=game["variant"], players=players,
                                       first=game.get("first", players[0] if players else ""),
                                       options=game.get("options", {}))]
    for number in range(1, len(hands) + 2):
        events += [Redeal(hand_number=number) for _ in range(redeals.count(number))]
        if number <= len(hands):
            events.append(HandPlayed(hand_number=number, hand=hands[number - 1]))
    if "ended" in game:
        events.append(GameEnded(reason=game["ended"]))
    return events


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
    out: dict[str, JsonValue] = {
        "format": FORMAT,
        "variant": state.variant_id,
        "players": list(state.players),
        "first": state.players[state.table.first],
        "options": dict(state.options),
        "hands": [hand.hand.to_dict() for hand in state.hands],
    }
    if state.redeals:
        out["redeals"] = list(state.redeals)
    if state.ended is not None:
        out["ended"] = state.ended
    if include_log:
        out["log"] = [{"seq": h.seq, "time": h.time.isoformat() if h.time else None, "event": h.event.to_dict(),
                       "undone": h.undone} for h in state.history.entries]
    return out


# ---- the JSON Schema ---------------------------------------------------------------------------------------


def json_schema() -> dict[str, Any]:
    """The JSON Schema of a referee-table-game/1 file (a hand's own shape is its game's; the rules read it)."""
    text = {"type": "string", "maxLength": MAX_TEXT}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": FORMAT,
        "description": "A Persian table game kept by referee (docs/table-games.md): the hands as entered; every "
                       "total is worked out from them, so a file carries none.",
        "type": "object",
        "required": ["format", "variant", "players"],
        "properties": {
            "format": {"const": FORMAT},
            "variant": {"enum": list(game_ids()), "description": "the game"},
            "players": {"type": "array", "items": text, "minItems": 1, "maxItems": MAX_PLAYERS,
                        "description": "in seat order: partners sit opposite, play and the deal go to the next"},
            "first": {**text, "description": "the player who deals first (Hokm: the first ruler); the first "
                                             "player when left out"},
            "options": {"type": "object", "description": "house rules by name; a missing one takes its default",
                        "additionalProperties": {"type": ["integer", "boolean", "string"]}},
            "hands": {"type": "array", "maxItems": MAX_HANDS, "items": {"type": "object"},
                      "description": "each hand in its game's own form, in order"},
            "redeals": {"type": "array", "maxItems": MAX_HANDS, "items": {"type": "integer", "minimum": 1},
                        "description": "the number of each hand dealt again (once per redeal), nothing scored"},
            "ended": {**text, "description": "the scorekeeper ended the game, for this reason (may be empty)"},
            "log": {"type": "array", "description": "the full event log; ignored when read"},
        },
        "patternProperties": {"^x-": {}},
        "additionalProperties": False,
    }


def schema_text() -> str:
    """The published schema's text (``docs/referee-table-game-1.schema.json``; a test checks they agree)."""
    return json.dumps(json_schema(), indent=2, ensure_ascii=False) + "\n"
