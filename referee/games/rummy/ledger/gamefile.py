"""Contract rummy's ``referee-game/1`` file: its limits, its model (one pydantic ``TypeAdapter``) and its JSON Schema.

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

A deal entry's keys are the entry's own (``ended``, ``override``) and those each kind of event owns, said in the
event's own module (:mod:`referee.games.rummy.ledger.events.filing`): :data:`DealEntry` is assembled from them, in
their fixed order, and names no event.

The shape is checked by :data:`GAME_FILE` (published as ``docs/referee-game-1.schema.json`` by
:func:`json_schema`); what pydantic cannot say (nesting depth, how many values, how long a number or a text)
is checked before it, so a hostile file costs at most a second and a few megabytes. What depends on the
variant (how many players and deals, the contracts, the cards) is checked by the importer,
:func:`referee.ledger.exchange.import_game`. The limits are far beyond any real game: a whole evening's game
with its full log is a few tens of kilobytes.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal

from pydantic import MISSING, BaseModel, ConfigDict, Field, TypeAdapter, ValidationError, create_model, model_validator
from pydantic_core import ErrorDetails

from referee.games.rummy.ledger.events import DEAL_PARTS
from referee.games.rummy.ledger.events.filing import (
    MAX_CUTTER_JOKERS,
    MAX_HAND_POINTS,
    MAX_MELDS,
    MAX_PLAYERS,
    EntryKey,
    EntryRefused,
)
from referee.ledger.gamefile import GameFileError, check_sizes, name_shown, shown
from referee.rules.problems import ParamValue, Problem

__all__ = [
    "FORMAT",
    "MAX_PLAYERS",
    "MAX_DEALS",
    "MAX_EVENTS",
    "MAX_HAND_POINTS",
    "MAX_CUTTER_JOKERS",
    "MAX_MELDS",
    "MAX_CARDS_AT_ONCE",
    "MAX_CARDS",
    "DEAL_KEYS",
    "DealEntry",
    "entry_values",
    "GameFile",
    "GAME_FILE",
    "validate",
    "json_schema",
    "schema_text",
]

FORMAT = "referee-game/1"

# --------------------------------------------------------------------------------------------------
# Limits of a contract rummy file (beyond those of every file: referee.ledger.gamefile)
# --------------------------------------------------------------------------------------------------

# MAX_PLAYERS, MAX_HAND_POINTS, MAX_CUTTER_JOKERS and MAX_MELDS: referee.games.rummy.ledger.events.filing (the deal
# entries' parts use them).
#: The most deals a file may hold: the longest game has 15; a few more are the rules' to refuse, one by one.
MAX_DEALS = 50
#: The most events a file may stand for (buys, lay-downs, cuts, deal ends): a long evening's game has a few
#: hundred; each costs a fold step, and this many fold in well under a second.
MAX_EVENTS = 400
#: The most cards in one hand or one meld (a hand after a dozen buys holds fewer than 40).
MAX_CARDS_AT_ONCE = 60
#: The most cards written in a whole file, hands and melds together (every card is read and scored).
MAX_CARDS = 3_000


# --------------------------------------------------------------------------------------------------
# The model
# --------------------------------------------------------------------------------------------------

#: The keys of a deal entry that are the entry's own, not an event's: whether the deal ended, and the reason the
#: table gave for allowing what the rules refuse in it (every event of the deal carries it).
ENTRY_KEYS = (
    EntryKey("ended", bool, True, place=80, written=110, form="true-or-false"),
    EntryKey("override", str | None, None, place=110, written=120, form="text"),
)

#: Every key of a deal entry, by its name, in the model's order (that of the published schema).
DEAL_KEYS: dict[str, EntryKey] = {
    key.name: key for key in sorted([*ENTRY_KEYS, *(key for part in DEAL_PARTS for key in part.keys)],
                                    key=lambda key: key.place)
}


def entry_values(entry: BaseModel) -> dict[str, Any]:
    """A deal entry's keys and their values (``MISSING`` where a key without a default is left out)."""
    return {name: getattr(entry, name) for name in DEAL_KEYS}


def _deal_checks(entry: BaseModel) -> BaseModel:
    values = entry_values(entry)
    for part in DEAL_PARTS:
        part.refuse(values)
    return entry


def _schema_extra() -> dict[str, Any]:
    extra: dict[str, Any] = {}
    for part in DEAL_PARTS:
        extra.update(part.schema)
    return extra


def _deal_entry() -> type[BaseModel]:
    """The model of one deal, assembled from the keys of the entry and of every event's part."""
    checks: dict[str, Any] = {"_deal_checks": model_validator(mode="after")(_deal_checks)}
    fields: dict[str, Any] = {key.name: (key.annotation, key.default) for key in DEAL_KEYS.values()}
    return create_model(
        "DealEntry",
        __config__=ConfigDict(strict=True, extra="allow", json_schema_extra=_schema_extra()),
        __doc__="One deal of a referee-game/1 file.",
        __module__=__name__,
        __validators__=checks,
        **fields,
    )


if TYPE_CHECKING:
    DealEntry = BaseModel  # the type checker knows no more of an assembled model than of any
else:
    DealEntry = _deal_entry()


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
            if not entry_values(deal)["ended"]:
                raise EntryRefused("file-open-deal-not-last", deal=number)
        return self


#: The one validation of a referee-game/1 file's shape.
GAME_FILE = TypeAdapter(GameFile)

#: The form of the problem "file-field" that says what each top-level field must be.
_TOP_FORMS = {"variant": "variant", "house_rules": "object", "players": "players", "first_dealer": "first-dealer",
              "settings": "object", "override": "text", "deals": "deals", "abandoned": "text"}
def _value_at(data: Mapping[str, Any], place: tuple[str | int, ...]) -> object:
    value: object = data
    for step in place:
        if isinstance(value, Mapping):
            value = value.get(step)
        elif isinstance(value, list) and isinstance(step, int):
            value = value[step]
        else:
            value = None
    return value


def _refusal(error: ErrorDetails, data: Mapping[str, Any]) -> Problem:
    """pydantic's first error as a problem: where in the file (the deal, the field, the player), what it must be
    (the problem's form) and what it is (``value``, as the file has it)."""
    loc = error["loc"]
    where: dict[str, ParamValue] = {}
    most: int | None = None  # the most a whole number may be, said with its form
    if loc[:1] == ("deals",) and len(loc) >= 2 and isinstance(loc[1], int):
        code, form, place = "file-deal", "", loc[:2]
        where["deal"] = loc[1] + 1
        if len(loc) >= 3:
            field = str(loc[2])
            key = DEAL_KEYS.get(field)
            code, form, place = "file-deal-field", key.form if key is not None else "", loc[:3]
            most = key.most if key is not None else None
            where["field"] = field
            if key is not None and key.of_player is not None and len(loc) >= 4:
                (form, limit), most = key.of_player, None
                place = loc[:4]
                where.update(player=name_shown(loc[3]), max=limit)
    elif loc:
        code, form, place = "file-field", _TOP_FORMS.get(str(loc[0]), ""), loc[:1]
        where["field"] = str(loc[0])
    else:
        code, form, place = "file-shape", "", ()
    refused = error.get("ctx", {}).get("error")
    if error["type"] == "value_error" and isinstance(refused, EntryRefused):  # one of the model's own checks
        return Problem.of(refused.code, refused.form, **{k: v for k, v in where.items() if k == "deal"},
                          **refused.params)
    if most is not None:
        where["max"] = most
    return Problem.of(code, form, **where, value=shown(_value_at(data, place)))


def validate(data: object) -> GameFile:
    """The file's model, or GameFileError (one line): a JSON object, the format, the sizes, then the shape."""
    if not isinstance(data, Mapping):
        raise GameFileError.of("file-not-object", kind=shown(type(data).__name__))
    if data.get("format") != FORMAT:
        raise GameFileError.of("file-wrong-format", value=shown(data.get("format")))
    check_sizes(data)
    try:
        return GAME_FILE.validate_python(dict(data))
    except ValidationError as error:
        raise GameFileError(_refusal(error.errors(include_url=False)[0], data)) from None


def json_schema() -> dict[str, Any]:
    """The JSON Schema of a referee-game/1 file (``docs/referee-game-1.schema.json`` is :func:`schema_text`)."""
    schema = GAME_FILE.json_schema()
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", **schema}


def schema_text() -> str:
    """The published schema file's text:
    ``python -m referee.games.rummy.ledger.gamefile > docs/referee-game-1.schema.json``."""
    return json.dumps(json_schema(), indent=2, ensure_ascii=False) + "\n"


if __name__ == "__main__":
    print(schema_text(), end="")
