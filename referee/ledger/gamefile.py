"""The ``referee-game/1`` file: its limits, its model (one pydantic ``TypeAdapter``) and its JSON Schema.

The file format (a backup, and what other tools read) is fixed: files written today must still import::

    {"format": "referee-game/1", "variant": "telefunken-bolivia",
     "house_rules": {"streak_multiplier": true},
     "players": ["Ana", "Beto", "Caro", "Dani"],          # turn order
     "first_dealer": "Ana",
     "deals": [{"exact_cut": false, "buys": {"Beto": 1}, "went_out": "Ana",
                "hands": {"Beto": "KH 7S", "Caro": "JK", "Dani": 12}}]}

- ``house_rules``: the engine's ids; a missing key is the variant's default; keys starting ``x-`` are kept
  and ignored. The exporter writes every house rule of the variant with its value in force.
- Per deal: ``exact_cut`` (the deal's cutter cut exactly; ``cutter_jokers`` optional), ``buys`` (count per
  player), ``went_out`` (a player, or null where the stock running out ends a deal), ``hands`` (cards in
  the notation, bare ranks allowed, or points as a whole number >= 0; the one who went out may be omitted,
  ``""`` or ``0``). Optional: ``contract`` (dealer's choice: the number of the variant's deal whose
  contract the dealer announced, 1-based, or that contract's description), ``ended: false`` (the last deal,
  still being played), ``laid_down`` (``{player: [meld, …]}``: who laid down, with their melds if known),
  ``override`` (the table allowed what the rules refuse in this deal; the text is the reason given),
  ``left`` (``[player, …]``: players who left the game before this deal, sitting out from it on),
  ``out_in_one_turn`` (``"with-wild"`` or ``"without-wild"``: the player who went out did it in one turn, which
  earns a bonus where the variant has one, docs/rules.md §9.3), ``shanghai_calls`` (count per player: who called
  "Shanghai!" on a discard, docs/rules.md D39, D70; written only where someone did).
- Optional top level: ``settings`` (``small_stake``, ``large_stake``…), ``override`` (the table allowed a
  player count the variant does not take), ``abandoned`` (the reason the game stopped), ``log`` (the full
  event log, written with ``include_log=True``; the reader ignores it, as it ignores every unknown key).

The shape is checked by :data:`GAME_FILE` (published as ``docs/referee-game-1.schema.json`` by
:func:`json_schema`); what pydantic cannot say (nesting depth, how many values, how long a number or a text)
is checked before it, so a hostile file costs at most a second and a few megabytes. What depends on the
variant (how many players and deals, the contracts, the cards) is checked by the importer,
:func:`referee.ledger.exchange.import_game`. The limits are far beyond any real game: a whole evening's game
with its full log is a few tens of kilobytes.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from typing import Annotated, Any, Literal

from pydantic import MISSING, BaseModel, ConfigDict, Field, TypeAdapter, ValidationError, model_validator
from pydantic_core import ErrorDetails

from referee.ledger.state.records import MAX_BUYS_PER_DEAL, MAX_CALLS_PER_DEAL

__all__ = [
    "FORMAT",
    "GameFileError",
    "DealEntry",
    "GameFile",
    "GAME_FILE",
    "loads",
    "validate",
    "json_schema",
    "schema_text",
]

FORMAT = "referee-game/1"


class GameFileError(ValueError):
    """Not a readable referee-game/1 file: the message says where and what, in one line."""


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
#: The most players a file may name: a variant's most, or with the table's override the new-game form's most.
MAX_PLAYERS = 12
#: The most deals a file may hold: the longest game has 15; a few more are the rules' to refuse, one by one.
MAX_DEALS = 50
#: The most events a file may stand for (buys, lay-downs, cuts, deal ends): a long evening's game has a few
#: hundred; each costs a fold step, and this many fold in well under a second.
MAX_EVENTS = 400
#: The most values (texts, numbers, lists, objects) in a file: a long game with its full log has a few thousand.
MAX_VALUES = 20_000
#: The most points one hand may be given as a number.
MAX_HAND_POINTS = 9_999_999
#: The most jokers a cutter may take from an exact cut.
MAX_CUTTER_JOKERS = 8
#: The most melds one player lays down at once (a contract has at most four).
MAX_MELDS = 6
#: The most cards in one hand or one meld (a hand after a dozen buys holds fewer than 40).
MAX_CARDS_AT_ONCE = 60
#: The most cards written in a whole file, hands and melds together (every card is read and scored).
MAX_CARDS = 3_000


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
    raise GameFileError(f"{name} is not a number a game file can hold")


def _parse_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_NUMBER_CHARS:
        raise GameFileError(f"a number of {len(text)} digits: numbers in a game file have at most "
                            f"{MAX_NUMBER_CHARS}")
    return int(text)


def _parse_float(text: str) -> float:
    if len(text) > MAX_NUMBER_CHARS + 10:
        raise GameFileError(f"a number of {len(text)} characters: numbers in a game file have at most "
                            f"{MAX_NUMBER_CHARS}")
    value = float(text)
    if not math.isfinite(value):
        raise GameFileError(f"{text[:20]} is not a number a game file can hold")
    return value


def loads(raw: bytes | str) -> object:
    """The JSON value of a file someone sent, or GameFileError (one line): size, UTF-8, JSON, long numbers.

    >>> loads('{"format": "referee-game/1", "n": ' + "9" * 5000 + "}")
    Traceback (most recent call last):
    referee.ledger.gamefile.GameFileError: a number of 5000 digits: numbers in a game file have at most 15
    """
    if len(raw) > MAX_FILE_BYTES:
        raise GameFileError(f"the file is larger than {MAX_FILE_BYTES // 1_000_000} MB: no game file is that big")
    if isinstance(raw, bytes):
        try:
            raw = raw.decode("utf-8-sig")
        except UnicodeDecodeError as error:
            raise GameFileError(f"the file is not UTF-8 text (byte {error.start})") from None
    if raw.count(",") > 2 * MAX_VALUES:  # counted before parsing: a value costs far more to parse than a comma
        raise GameFileError(f"more than {MAX_VALUES:,} values: far more than any game holds")
    try:
        return json.loads(raw, parse_int=_parse_int, parse_float=_parse_float, parse_constant=_refuse_constant)
    except json.JSONDecodeError as error:
        raise GameFileError(f"the file is not JSON: {error.msg} (line {error.lineno}, column {error.colno})") from None
    except RecursionError:
        raise GameFileError(f"lists and objects nested more than {MAX_DEPTH} deep: not a referee-game/1 file") \
            from None


def _check_sizes(value: object, depth: int = 1, count: list[int] | None = None) -> None:
    """Every list and object within MAX_DEPTH, every number within MAX_NUMBER, every text within MAX_TEXT."""
    count = count if count is not None else [0]
    count[0] += 1
    if count[0] > MAX_VALUES:
        raise GameFileError(f"more than {MAX_VALUES:,} values: far more than any game holds")
    if depth > MAX_DEPTH:
        raise GameFileError(f"lists and objects nested more than {MAX_DEPTH} deep: not a referee-game/1 file")
    if isinstance(value, str):
        if len(value) > MAX_TEXT:
            raise GameFileError(f"a text of {len(value)} characters ({shown(value)}): at most {MAX_TEXT}")
    elif isinstance(value, bool) or value is None:
        return
    elif isinstance(value, int | float):
        if not (isinstance(value, int) or math.isfinite(value)) or abs(value) > MAX_NUMBER:
            raise GameFileError(f"the number {shown(value)} is beyond what a game file holds ({MAX_NUMBER:,})")
    elif isinstance(value, Mapping):
        for key, item in value.items():
            _check_sizes(key, depth, count)
            _check_sizes(item, depth + 1, count)
    elif isinstance(value, list | tuple):
        for item in value:
            _check_sizes(item, depth + 1, count)
    else:
        raise GameFileError(f"{type(value).__name__} is not a JSON value")


# --------------------------------------------------------------------------------------------------
# The model
# --------------------------------------------------------------------------------------------------

Count = Annotated[int, Field(ge=0, le=MAX_BUYS_PER_DEAL)]
Calls = Annotated[int, Field(ge=0, le=MAX_CALLS_PER_DEAL)]
Points = Annotated[int, Field(ge=0, le=MAX_HAND_POINTS)]
Melds = Annotated[list[str], Field(max_length=MAX_MELDS)]


class DealEntry(BaseModel):
    """One deal of a referee-game/1 file."""

    model_config = ConfigDict(
        strict=True, extra="allow",
        # What the validator below checks, said in the schema: a deal that ended has "went_out" and "hands".
        json_schema_extra={"if": {"not": {"required": ["ended"], "properties": {"ended": {"const": False}}}},
                           "then": {"required": ["went_out", "hands"]}},
    )

    exact_cut: bool = False
    cutter_jokers: Annotated[int, Field(ge=0, le=MAX_CUTTER_JOKERS)] = 0
    buys: Annotated[dict[str, Count], Field(max_length=MAX_PLAYERS)] = {}
    # MISSING: may be left out, but null is refused.
    contract: int | str | MISSING = Field(default=MISSING, description="a deal number (1-based) or a contract's name")
    laid_down: Annotated[dict[str, Melds], Field(max_length=MAX_PLAYERS)] = {}
    went_out: str | None | MISSING = Field(default=MISSING, description="required when the deal ended")
    hands: Annotated[dict[str, str | Points], Field(max_length=MAX_PLAYERS)] | MISSING = Field(
        default=MISSING, description="required when the deal ended: cards in the notation, or points")
    ended: bool = True
    out_in_one_turn: Literal["with-wild", "without-wild"] | None = Field(
        default=None, description="the player who went out did it in one turn, with a wild card or without")
    shanghai_calls: Annotated[dict[str, Calls], Field(max_length=MAX_PLAYERS)] = Field(
        default={}, description='who called "Shanghai!" on a discard in this deal, and how many times')
    override: str | None = None
    left: Annotated[list[str], Field(max_length=MAX_PLAYERS)] = []

    @model_validator(mode="after")
    def _an_ended_deal_says_how(self) -> DealEntry:
        if self.ended and self.went_out is MISSING:
            raise ValueError('has no "went_out" (a player, or null when nobody went out)')
        if self.ended and self.hands is MISSING:
            raise ValueError('"hands" must be an object, not None')
        return self


class GameFile(BaseModel):
    """A referee-game/1 file (strict: no number read from a text, no true counted as 1; unknown keys ignored)."""

    model_config = ConfigDict(strict=True, extra="allow", title="referee-game/1")

    format: Literal["referee-game/1"]
    variant: str
    house_rules: dict[str, Any] = {}
    players: list[str] = Field(json_schema_extra={"maxItems": MAX_PLAYERS})  # the count: the importer's
    first_dealer: str | MISSING = Field(default=MISSING, description="the first player when left out")
    settings: dict[str, Any] = {}
    override: str | None = None
    deals: list[DealEntry] = Field(default=[], json_schema_extra={"maxItems": MAX_DEALS})  # the count: the importer's
    abandoned: str | None = None
    log: Any = Field(default=None, description="the full event log (a list); ignored when read")

    @model_validator(mode="after")
    def _only_the_last_deal_is_open(self) -> GameFile:
        for number, deal in enumerate(self.deals[:-1], start=1):
            if not deal.ended:
                raise ValueError(f'deal {number} has "ended": false but later deals follow: only the last deal '
                                 "can be open")
        return self


#: The one validation of a referee-game/1 file's shape.
GAME_FILE = TypeAdapter(GameFile)

#: What each field must be, in the words of an error ("... must be <this>, not ...").
_WHAT = {
    "format": f'"{FORMAT}"',
    "variant": "a variant id",
    "house_rules": "an object",
    "players": "a list of names",
    "first_dealer": "a name",
    "settings": "an object",
    "override": "a text",
    "deals": "a list",
    "abandoned": "a text",
    "log": "a list",
    "deal": "an object",
    "exact_cut": "true or false",
    "cutter_jokers": f"a whole number from 0 to {MAX_CUTTER_JOKERS}",
    "buys": "an object of counts",
    "buys of": f"a whole number from 0 to {MAX_BUYS_PER_DEAL}",
    "shanghai_calls": "an object of counts",
    "shanghai_calls of": f"a whole number from 0 to {MAX_CALLS_PER_DEAL}",
    "contract": "a deal number or a contract",
    "laid_down": "an object of meld lists",
    "laid_down of": f"a list of at most {MAX_MELDS} melds",
    "went_out": "a player or null",
    "hands": "an object",
    "hands of": f"cards or points from 0 to {MAX_HAND_POINTS:,}",
    "ended": "true or false",
    "out_in_one_turn": '"with-wild", "without-wild" or null',
    "left": "a list of the players who left before it",
}


def _refusal(error: ErrorDetails, data: Mapping[str, Any]) -> str:
    """pydantic's first error as one line: where in the file, what it must be, and what it is."""
    loc = error["loc"]
    if loc[:1] == ("deals",) and len(loc) >= 2 and isinstance(loc[1], int):
        where, place, what = f"deal {loc[1] + 1}", loc[:2], "deal"
        if len(loc) >= 3:
            field = str(loc[2])
            where, place, what = f'{where} "{field}"', loc[:3], field
            if field in ("buys", "shanghai_calls", "laid_down", "hands") and len(loc) >= 4:
                name = name_shown(loc[3])
                where = f"deal {loc[1] + 1}, {name}'s hand" if field == "hands" else f"{where} of {name}"
                place, what = loc[:4], f"{field} of"
    elif loc:
        where, place, what = f'"{loc[0]}"', loc[:1], str(loc[0])
    else:
        where, place, what = "a referee-game/1 file", (), ""
    if error["type"] == "value_error":  # one of the model's own checks: its message says it all
        message = str(error.get("ctx", {}).get("error", error["msg"]))
        return f"{where} {message}" if place else message
    value: object = data
    for step in place:
        if isinstance(value, Mapping):
            value = value.get(step)
        elif isinstance(value, list) and isinstance(step, int):
            value = value[step]
        else:
            value = None
    return f"{where} must be {_WHAT.get(what, 'something else')}, not {shown(value)}"


def validate(data: object) -> GameFile:
    """The file's model, or GameFileError (one line): a JSON object, the format, the sizes, then the shape."""
    if not isinstance(data, Mapping):
        raise GameFileError(f"a referee-game/1 file must be a JSON object, not {shown(type(data).__name__)}")
    if data.get("format") != FORMAT:
        raise GameFileError(f"not a {FORMAT} file: \"format\" is {shown(data.get('format'))}")
    _check_sizes(data)
    try:
        return GAME_FILE.validate_python(dict(data))
    except ValidationError as error:
        raise GameFileError(_refusal(error.errors(include_url=False)[0], data)) from None


def json_schema() -> dict[str, Any]:
    """The JSON Schema of a referee-game/1 file (``docs/referee-game-1.schema.json`` is :func:`schema_text`)."""
    schema = GAME_FILE.json_schema()
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", **schema}


def schema_text() -> str:
    """The published schema file's text: ``python -m referee.ledger.gamefile > docs/referee-game-1.schema.json``."""
    return json.dumps(json_schema(), indent=2, ensure_ascii=False) + "\n"


if __name__ == "__main__":
    print(schema_text(), end="")
