"""The events of a game, as data: what the scorekeeper recorded, in the order it happened.

Events are frozen dataclasses taking keyword arguments. Each has a ``type`` (its kebab-case name in JSON),
``to_dict()`` for a JSON-safe dict and :func:`event_from_dict` to read one back. Any event may carry
``override``: the reason the rules gave for refusing it, kept when the table allowed it anyway; and ``device``:
the label of the phone that recorded it (the scorekeeper's choice; it changes nothing in the game).

>>> e = Buy(deal=2, player="Ana")
>>> e.to_dict()
{'type': 'buy', 'deal': 2, 'player': 'Ana'}
>>> event_from_dict(e.to_dict()) == e
True
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal

__all__ = [
    "Event",
    "InDeal",
    "PlayerAction",
    "GameCreated",
    "ExactCut",
    "Buy",
    "ShanghaiCalled",
    "LaidDown",
    "DealEnded",
    "DealCorrected",
    "ContractChosen",
    "PlayerRenamed",
    "SeatsChanged",
    "PlayerLeft",
    "GameAbandoned",
    "Undone",
    "EVENT_TYPES",
    "EventFormatError",
    "event_from_dict",
    "HandValue",
    "OneTurnOut",
    "ONE_TURN_OUTS",
]

HandValue = str | int
"""The cards left in a hand (notation, bare ranks allowed) or their points."""

OneTurnOut = Literal["with-wild", "without-wild"]
"""How the player who went out did it in one turn, for a bonus (docs/rules.md §9.3): with a wild card or none."""
ONE_TURN_OUTS: tuple[OneTurnOut, ...] = ("with-wild", "without-wild")


class EventFormatError(ValueError):
    """A dict that is not a well-formed event; the message names the field and quotes the value."""


@dataclass(frozen=True, kw_only=True)
class Event:
    """Base of every event."""

    type: ClassVar[str] = ""
    override: str | None = None
    device: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """The event as a JSON-safe dict (``type`` first; ``override`` and ``device`` only when set)."""
        out: dict[str, Any] = {"type": self.type}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if f.name in ("override", "device", "out_in_one_turn") and value is None:
                continue
            if isinstance(value, tuple):
                value = list(value)
            elif isinstance(value, dict):
                value = dict(value)
            out[f.name] = value
        return out

    def with_override(self, reason: str | None) -> Event:
        """The same event with ``override`` set (or cleared with None)."""
        return dataclasses.replace(self, override=reason)

    def with_device(self, label: str | None) -> Event:
        """The same event marked as recorded by the phone called ``label`` (None: unnamed)."""
        return dataclasses.replace(self, device=label)


@dataclass(frozen=True, kw_only=True)
class GameCreated(Event):
    """A new game: variant, house rules, players in turn order, the first dealer, free-form settings."""

    type: ClassVar[str] = "game-created"
    variant: str
    players: tuple[str, ...]
    first_dealer: str
    house_rules: dict[str, Any] = field(default_factory=dict)
    settings: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, kw_only=True)
class InDeal(Event):
    """Base of the events that happen in one deal (its number, counted from 1)."""

    deal: int


@dataclass(frozen=True, kw_only=True)
class PlayerAction(InDeal):
    """Base of what one player does in a deal: buy, call "Shanghai!", lay down."""

    player: str


@dataclass(frozen=True, kw_only=True)
class ExactCut(InDeal):
    """This deal's cutter cut exactly (having taken ``cutter_jokers`` jokers from the cut)."""

    type: ClassVar[str] = "exact-cut"
    cutter_jokers: int = 0


@dataclass(frozen=True, kw_only=True)
class Buy(PlayerAction):
    """A player bought the discard."""

    type: ClassVar[str] = "buy"


@dataclass(frozen=True, kw_only=True)
class ShanghaiCalled(PlayerAction):
    """A player called "Shanghai!" on a discard that could be laid off (docs/rules.md §9.1, D39): for the record."""

    type: ClassVar[str] = "shanghai-called"


@dataclass(frozen=True, kw_only=True)
class LaidDown(PlayerAction):
    """A player laid down the contract; ``melds`` (one notation string a meld) are checked when given."""

    type: ClassVar[str] = "laid-down"
    melds: tuple[str, ...] = ()


@dataclass(frozen=True, kw_only=True)
class _ResultFields(InDeal):
    """The fields of a deal's result, shared by the event that records it and the one that restates it."""

    went_out: str | None
    hands: dict[str, HandValue]
    #: The player who went out did it in one turn (where that earns a bonus); kept in the dict only when set.
    out_in_one_turn: OneTurnOut | None = None


@dataclass(frozen=True, kw_only=True)
class DealEnded(_ResultFields):
    """A deal ended: who went out (None: nobody) and the cards or points left in every other hand."""

    type: ClassVar[str] = "deal-ended"


@dataclass(frozen=True, kw_only=True)
class DealCorrected(_ResultFields):
    """An ended deal's result restated; optional fields (not None) replace its cut, buys or contract.

    ``out_in_one_turn`` is part of the result, restated with who went out: None says nobody went out in one turn.
    """

    type: ClassVar[str] = "deal-corrected"
    exact_cut: bool | None = None
    cutter_jokers: int | None = None
    buys: dict[str, int] | None = None
    contract_index: int | None = None


@dataclass(frozen=True, kw_only=True)
class ContractChosen(InDeal):
    """Dealer's choice: the dealer announced the contract ``variant.deals[contract_index]``."""

    type: ClassVar[str] = "contract-chosen"
    contract_index: int


@dataclass(frozen=True, kw_only=True)
class PlayerRenamed(Event):
    """A player's name changed (a typo, a nickname); the seat stays."""

    type: ClassVar[str] = "player-renamed"
    old: str
    new: str


@dataclass(frozen=True, kw_only=True)
class SeatsChanged(Event):
    """Until deal 1 ends: the players in their new turn order (moved, added or removed) and the first dealer."""

    type: ClassVar[str] = "seats-changed"
    players: tuple[str, ...]
    first_dealer: str


@dataclass(frozen=True, kw_only=True)
class PlayerLeft(Event):
    """A player left the table after deal 1: their points stay; from the deal not yet begun they sit out.

    They are skipped when the deal and the cut go round, need no hand at a deal's end, and cannot buy, lay
    down or go out; they are ranked after the players who stay (docs/rules.md D68).
    """

    type: ClassVar[str] = "player-left"
    player: str


@dataclass(frozen=True, kw_only=True)
class GameAbandoned(Event):
    """The table stopped before the last deal."""

    type: ClassVar[str] = "game-abandoned"
    reason: str = ""


@dataclass(frozen=True, kw_only=True)
class Undone(Event):
    """Cancels the event with sequence number ``seq`` (undoing an Undone redoes)."""

    type: ClassVar[str] = "undone"
    seq: int


EVENT_TYPES: dict[str, type[Event]] = {
    cls.type: cls
    for cls in (
        GameCreated,
        ExactCut,
        Buy,
        ShanghaiCalled,
        LaidDown,
        DealEnded,
        DealCorrected,
        ContractChosen,
        PlayerRenamed,
        SeatsChanged,
        PlayerLeft,
        GameAbandoned,
        Undone,
    )
}

# What each field must hold in JSON: a checker and the words for the error.
_INT = (lambda v: isinstance(v, int) and not isinstance(v, bool), "a whole number")
_STR = (lambda v: isinstance(v, str), "a text")
_OPT_STR = (lambda v: v is None or isinstance(v, str), "a text or null")
_OPT_BOOL = (lambda v: v is None or isinstance(v, bool), "true, false or null")
_OPT_INT = (lambda v: v is None or (isinstance(v, int) and not isinstance(v, bool)), "a whole number or null")
_STR_LIST = (lambda v: isinstance(v, list | tuple) and all(isinstance(x, str) for x in v), "a list of texts")
_DICT = (lambda v: isinstance(v, dict) and all(isinstance(k, str) for k in v), "an object")
_HANDS = (
    lambda v: isinstance(v, dict)
    and all(isinstance(k, str) and (isinstance(x, str) or (isinstance(x, int) and not isinstance(x, bool)))
            for k, x in v.items()),
    "an object of texts (cards) or whole numbers (points)",
)
_OPT_BUYS = (
    lambda v: v is None
    or (isinstance(v, dict) and all(isinstance(k, str) and isinstance(x, int) and not isinstance(x, bool)
                                    for k, x in v.items())),
    "an object of whole numbers or null",
)

_FIELD_KINDS: dict[str, tuple[Any, str]] = {
    "override": _OPT_STR,
    "device": _OPT_STR,
    "variant": _STR,
    "players": _STR_LIST,
    "first_dealer": _STR,
    "house_rules": _DICT,
    "settings": _DICT,
    "deal": _INT,
    "cutter_jokers": _INT,
    "player": _STR,
    "melds": _STR_LIST,
    "went_out": _OPT_STR,
    "hands": _HANDS,
    "exact_cut": _OPT_BOOL,
    "buys": _OPT_BUYS,
    "contract_index": _INT,
    "old": _STR,
    "new": _STR,
    "reason": _STR,
    "seq": _INT,
    "out_in_one_turn": (lambda v: v is None or v in ONE_TURN_OUTS, '"with-wild", "without-wild" or null'),
}
# DealCorrected's optional fields may be null.
_NULLABLE_IN_CORRECTION = {"cutter_jokers": _OPT_INT, "contract_index": _OPT_INT}


def event_from_dict(data: Mapping[str, Any]) -> Event:
    """Read an event from its dict form; raises :class:`EventFormatError` quoting what is wrong."""
    if not isinstance(data, Mapping):
        raise EventFormatError(f"an event must be an object, not {data!r}")
    kind = data.get("type")
    cls = EVENT_TYPES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise EventFormatError(f"unknown event type {kind!r} (known: {', '.join(EVENT_TYPES)})")
    fields = {f.name: f for f in dataclasses.fields(cls)}
    unknown = sorted(set(data) - set(fields) - {"type"})
    if unknown:
        raise EventFormatError(f"{kind} events have no field {unknown[0]!r}")
    kwargs: dict[str, Any] = {}
    for name, f in fields.items():
        if name not in data:
            has_default = f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING
            if not has_default:
                raise EventFormatError(f"{kind} event without {name!r}")
            continue
        value = data[name]
        check, words = _FIELD_KINDS[name]
        if cls is DealCorrected and name in _NULLABLE_IN_CORRECTION:
            check, words = _NULLABLE_IN_CORRECTION[name]
        if not check(value):
            raise EventFormatError(f"{kind} event: {name!r} must be {words}, not {value!r}")
        if isinstance(value, list):
            value = tuple(value)
        elif isinstance(value, dict):
            value = dict(value)
        kwargs[name] = value
    return cls(**kwargs)
