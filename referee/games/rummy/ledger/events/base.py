"""What every event of a contract-rummy game is: a frozen keyword-only dataclass with its whole story.

An event knows its ``type`` (kebab-case, its name in a stored log), its fields and what each must hold in its
stored form (:meth:`Event.to_dict`, :meth:`Event.from_dict`), every reason the rules refuse it now
(:meth:`Event.problems`) and what it changes (:meth:`Event.step`, called once it is allowed, or forced by an
override). The fold (:mod:`referee.games.rummy.ledger.state.game`) asks each event these; nothing else knows the list of
events but the registry in :mod:`referee.games.rummy.ledger.events`.

Any event may carry ``override``: the reason the rules gave for refusing it, kept when the table allowed it anyway;
and ``device``: the label of the phone that recorded it (the scorekeeper's choice; it changes nothing in the game).

This module sits below the state (:mod:`referee.games.rummy.ledger.state.records` names :class:`Event` in the log's
entries),
so it cannot name the state's type: :meth:`Event.problems` and :meth:`Event.step` take the facts of the game
(a :class:`~referee.games.rummy.ledger.state.facts.GameFacts`), and each event's own module says so in its types.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Literal

from referee.rules.problems import Problem

__all__ = [
    "Event",
    "Words",
    "InDeal",
    "DealButton",
    "PlayerAction",
    "ResultFields",
    "EventFormatError",
    "FieldCheck",
    "OPT_INT",
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


@dataclass(frozen=True)
class Words:
    """What the history says of an event: an English sentence with ``%(name)s`` places (its message id in the
    catalogues, marked with ``N_``) and the values that fill them; the screens say it in the page's language."""

    msgid: str
    params: Mapping[str, str | int] = dataclasses.field(default_factory=dict)


#: What a field must hold in JSON: a checker and the words for the error.
FieldCheck = tuple[Callable[[Any], bool], str]

_INT: FieldCheck = (lambda v: isinstance(v, int) and not isinstance(v, bool), "a whole number")
_STR: FieldCheck = (lambda v: isinstance(v, str), "a text")
_OPT_STR: FieldCheck = (lambda v: v is None or isinstance(v, str), "a text or null")
_OPT_BOOL: FieldCheck = (lambda v: v is None or isinstance(v, bool), "true, false or null")
#: A whole number or null (a correction's optional fields).
OPT_INT: FieldCheck = (lambda v: v is None or (isinstance(v, int) and not isinstance(v, bool)),
                       "a whole number or null")
_STR_LIST: FieldCheck = (lambda v: isinstance(v, list | tuple) and all(isinstance(x, str) for x in v),
                         "a list of texts")
_DICT: FieldCheck = (lambda v: isinstance(v, dict) and all(isinstance(k, str) for k in v), "an object")
_HANDS: FieldCheck = (
    lambda v: isinstance(v, dict)
    and all(isinstance(k, str) and (isinstance(x, str) or (isinstance(x, int) and not isinstance(x, bool)))
            for k, x in v.items()),
    "an object of texts (cards) or whole numbers (points)",
)
_OPT_BUYS: FieldCheck = (
    lambda v: v is None
    or (isinstance(v, dict) and all(isinstance(k, str) and isinstance(x, int) and not isinstance(x, bool)
                                    for k, x in v.items())),
    "an object of whole numbers or null",
)

#: What each field must hold, by its name (an event's ``field_checks`` may say otherwise for its own fields).
_FIELD_KINDS: dict[str, FieldCheck] = {
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

#: Fields left out of the stored form while they are None.
_OMITTED_WHEN_NONE = ("override", "device", "out_in_one_turn")


@dataclass(frozen=True, kw_only=True)
class Event:
    """Base of every event: its stored form, and what each event says for itself (the methods below)."""

    type: ClassVar[str] = ""
    #: What this kind's fields must hold where it differs from the other events' fields of the same name, and for
    #: any field of its own that no other kind has.
    field_checks: ClassVar[Mapping[str, FieldCheck]] = {}
    override: str | None = None
    device: str | None = None

    # ---- what the log and the history ask ---------------------------------------------------------------

    @property
    def undoes(self) -> int | None:
        """The seq this event cancels (an undo), or None."""
        return None

    @property
    def restates(self) -> int | None:
        """The deal whose result this event restates (a correction), or None."""
        return None

    @property
    def words(self) -> Words:
        """What the history and the undo confirmation say of the event (an undo's words name what it undid: the
        screens put those in words)."""
        return Words(self.type)

    # ---- what the fold asks -----------------------------------------------------------------------------

    def problems(self, state: Any) -> list[Problem]:
        """Every reason the rules refuse the event in ``state``, the game's facts (empty: allowed)."""
        raise NotImplementedError(f"{self.type} events are checked by the fold")

    def step(self, state: Any) -> Any:
        """The game's facts ``state`` after the event, already allowed (or forced); the same type as ``state``."""
        raise NotImplementedError(f"{self.type} events are folded by the fold")

    def leniently(self, _state: Any) -> Event | None:
        """What of the event the rules may still take in the game's facts when they refuse it and nothing allows it,
        so that a file's tally scores the rest (None: nothing; ``referee tally`` then goes on without it). An event
        takes nothing unless its kind says otherwise."""
        return None

    # ---- the stored form --------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The event as a JSON-safe dict (``type`` first; ``override`` and ``device`` only when set)."""
        out: dict[str, Any] = {"type": self.type}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if f.name in _OMITTED_WHEN_NONE and value is None:
                continue
            if isinstance(value, tuple):
                value = list(value)
            elif isinstance(value, dict):
                value = dict(value)
            out[f.name] = value
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Event:
        """The event of this type stored as ``data``; :class:`EventFormatError` quotes what is wrong."""
        kind = cls.type
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
            check, words = cls.field_checks.get(name, _FIELD_KINDS[name])
            if not check(value):
                raise EventFormatError(f"{kind} event: {name!r} must be {words}, not {value!r}")
            if isinstance(value, list):
                value = tuple(value)
            elif isinstance(value, dict):
                value = dict(value)
            kwargs[name] = value
        return cls(**kwargs)

    def with_override(self, reason: str | None) -> Event:
        """The same event with ``override`` set (or cleared with None)."""
        return dataclasses.replace(self, override=reason)

    def with_device(self, label: str | None) -> Event:
        """The same event marked as recorded by the phone called ``label`` (None: unnamed)."""
        return dataclasses.replace(self, device=label)


@dataclass(frozen=True)
class DealButton:
    """How the deal screen offers a kind of event that takes nothing but the deal it happens in: one button in a card
    of its own (the template fragment ``templates/rummy/table/buttons/<type>.html``), posted to one route for every
    such kind. Each text is an English sentence marked with ``N_`` (its message id in the catalogues)."""

    #: What the button says ("Misdeal: deal again").
    label: str
    #: What the scorekeeper is told once it is recorded: ``%(num)d`` the deal, ``%(dealer)s`` its dealer.
    done: str
    #: The heading over the reasons it is refused ("The misdeal cannot be recorded:").
    refused: str


@dataclass(frozen=True, kw_only=True)
class InDeal(Event):
    """Base of the events that happen in one deal (its number, counted from 1)."""

    #: Set by a kind that the deal screen offers as a button of its own (:class:`DealButton`); its event is made
    #: with the deal under way's number and nothing else.
    button: ClassVar[DealButton | None] = None
    deal: int


@dataclass(frozen=True, kw_only=True)
class PlayerAction(InDeal):
    """Base of what one player does in a deal: buy, call "Shanghai!", lay down."""

    player: str


@dataclass(frozen=True, kw_only=True)
class ResultFields(InDeal):
    """The fields of a deal's result, shared by the event that records it and the one that restates it."""

    went_out: str | None
    hands: dict[str, HandValue]
    #: The player who went out did it in one turn (where that earns a bonus); kept in the dict only when set.
    out_in_one_turn: OneTurnOut | None = None
