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
from typing import Annotated, Any, Literal

from pydantic import MISSING, BaseModel, ConfigDict, Field, TypeAdapter, ValidationError, model_validator
from pydantic_core import ErrorDetails

from referee.games.rummy.ledger.state.records import MAX_BUYS_PER_DEAL, MAX_CALLS_PER_DEAL
from referee.ledger.gamefile import GameFileError, Thousands, check_sizes, name_shown, shown
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
    "DealEntry",
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

#: The most players a file may name, the new-game form's most: fewer or more than the variant takes is the rules'
#: to refuse (docs/rules.md, D72).
MAX_PLAYERS = 12
#: The most deals a file may hold: the longest game has 15; a few more are the rules' to refuse, one by one.
MAX_DEALS = 50
#: The most events a file may stand for (buys, lay-downs, cuts, deal ends): a long evening's game has a few
#: hundred; each costs a fold step, and this many fold in well under a second.
MAX_EVENTS = 400
#: The most points one hand may be given as a number.
MAX_HAND_POINTS = 9_999_999
#: The most jokers a cutter may take from an exact cut.
MAX_CUTTER_JOKERS = 8
#: The most melds one player lays down at once: the contract (five melds at most) and extra melds beside it
#: (docs/rules.md, D71) of three cards or more each, out of a hand of at most MAX_CARDS_AT_ONCE cards.
MAX_MELDS = 20
#: The most cards in one hand or one meld (a hand after a dozen buys holds fewer than 40).
MAX_CARDS_AT_ONCE = 60
#: The most cards written in a whole file, hands and melds together (every card is read and scored).
MAX_CARDS = 3_000


# --------------------------------------------------------------------------------------------------
# The model
# --------------------------------------------------------------------------------------------------

# A player's buys in a deal: the importer holds each count to 12, or the chips the table gave where more (docs/rules.md
# D73), before a single event is made; here only the sizes' check bounds it.
Count = Annotated[int, Field(ge=0)]
Calls = Annotated[int, Field(ge=0, le=MAX_CALLS_PER_DEAL)]
Points = Annotated[int, Field(ge=0, le=MAX_HAND_POINTS)]
Melds = Annotated[list[str], Field(max_length=MAX_MELDS)]


class _Refused(ValueError):
    """One of the model's own checks refused: its problem's code, form and parameters (:func:`_refusal` adds the
    deal's number where the check is a deal's)."""

    def __init__(self, code: str, form: str = "", /, **params: ParamValue) -> None:
        self.code, self.form, self.params = code, form, params
        super().__init__(code)


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
            raise _Refused("file-no-went-out")
        if self.ended and self.hands is MISSING:
            raise _Refused("file-deal-field", "hands", field="hands", value=shown(None))
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
                raise _Refused("file-open-deal-not-last", deal=number)
        return self


#: The one validation of a referee-game/1 file's shape.
GAME_FILE = TypeAdapter(GameFile)

#: The form of the problem "file-field" that says what each top-level field must be.
_TOP_FORMS = {"variant": "variant", "house_rules": "object", "players": "players", "first_dealer": "first-dealer",
              "settings": "object", "override": "text", "deals": "deals", "abandoned": "text"}
#: The form of the problem "file-deal-field" that says what each field of a deal must be.
_DEAL_FORMS = {"exact_cut": "true-or-false", "ended": "true-or-false", "cutter_jokers": "whole-number",
               "buys": "counts", "shanghai_calls": "counts", "contract": "contract", "laid_down": "laid-down",
               "went_out": "went-out", "hands": "hands", "out_in_one_turn": "out-in-one-turn", "left": "left",
               "override": "text"}
#: What each player's entry of a deal's field must be: the form of "file-deal-field" and its limit.
_OF_PLAYER: dict[str, tuple[str, int]] = {
    "buys": ("count-of", MAX_BUYS_PER_DEAL), "shanghai_calls": ("count-of", MAX_CALLS_PER_DEAL),
    "laid_down": ("melds-of", MAX_MELDS), "hands": ("hand-of", Thousands(MAX_HAND_POINTS)),
}


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
    if loc[:1] == ("deals",) and len(loc) >= 2 and isinstance(loc[1], int):
        code, form, place = "file-deal", "", loc[:2]
        where["deal"] = loc[1] + 1
        if len(loc) >= 3:
            field = str(loc[2])
            code, form, place = "file-deal-field", _DEAL_FORMS.get(field, ""), loc[:3]
            where["field"] = field
            if field in _OF_PLAYER and len(loc) >= 4:
                form, limit = _OF_PLAYER[field]
                place = loc[:4]
                where.update(player=name_shown(loc[3]), max=limit)
    elif loc:
        code, form, place = "file-field", _TOP_FORMS.get(str(loc[0]), ""), loc[:1]
        where["field"] = str(loc[0])
    else:
        code, form, place = "file-shape", "", ()
    refused = error.get("ctx", {}).get("error")
    if error["type"] == "value_error" and isinstance(refused, _Refused):  # one of the model's own checks
        return Problem.of(refused.code, refused.form, **{k: v for k, v in where.items() if k == "deal"},
                          **refused.params)
    if form == "whole-number":
        where["max"] = MAX_CUTTER_JOKERS
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
