"""What every event of a Persian table game is: a frozen keyword-only dataclass with its whole story.

An event knows its ``type`` (kebab-case, its name in a stored log), its fields and what each must hold in its
stored form (:meth:`Event.to_dict`, :meth:`Event.from_dict`), every reason it is refused now
(:meth:`Event.problems`), what it changes (:meth:`Event.apply`, called only when it has no problem) and what
the log says of it (:meth:`Event.words`). The fold (:mod:`referee.games.persian.ledger.fold`) asks each event
these; nothing else knows the list of events but the registry in :mod:`referee.games.persian.ledger.events`.

Events read the state's facts (:class:`~referee.games.persian.ledger.state.Facts`), never its log: an undo
folds the later entries again on the facts before them.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from referee.games.persian.ledger.state import Facts, TableState
from referee.games.persian.ledger.wording import LedgerProblem, Words
from referee.games.persian.rules.base import JsonValue, Problem, quote

__all__ = ["Event", "EventFormatError", "text", "texts", "json_object", "whole_number", "MAX_NUMBER", "is_json"]

#: The largest whole number an event's field holds (a hand's number, a seq): far beyond any game.
MAX_NUMBER = 10**9
#: The deepest nesting of a hand's stored form (the games' hands need three levels).
MAX_DEPTH = 8


class EventFormatError(ValueError):
    """A stored form that is not a well-formed event: its ``problem`` names the field and quotes the value."""

    def __init__(self, problem: LedgerProblem) -> None:
        self.problem = problem
        super().__init__(problem.message)

    @classmethod
    def of(cls, code: str, /, **params: int | str) -> EventFormatError:
        """The error of the problem ``code`` with its parameters."""
        return cls(LedgerProblem.of(code, **params))


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= MAX_NUMBER


def is_json(value: object, depth: int = 1) -> bool:
    """Whether ``value`` is JSON a hand may hold: texts, whole numbers, switches, null, lists and objects (text
    keys), at most :data:`MAX_DEPTH` deep (no fractions: no game enters one)."""
    if value is None or isinstance(value, str | bool):
        return True
    if isinstance(value, int):
        return abs(value) <= MAX_NUMBER
    if depth >= MAX_DEPTH:
        return False
    if isinstance(value, list | tuple):
        return all(is_json(item, depth + 1) for item in value)
    if isinstance(value, Mapping):
        return all(isinstance(key, str) and is_json(item, depth + 1) for key, item in value.items())
    return False


def _copied(value: Any) -> Any:
    """A JSON-safe deep copy (tuples written as lists), so no caller shares an event's dict."""
    if isinstance(value, Mapping):
        return {key: _copied(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_copied(item) for item in value]
    return value


#: Each kind of field: (the check of its stored form, the problem that refuses it, how the event keeps it).
_Kind = tuple[Callable[[object], bool], str, Callable[[Any], Any]]
_TEXT: _Kind = (lambda v: isinstance(v, str), "event-field-text", lambda v: v)
_TEXTS: _Kind = (lambda v: isinstance(v, list | tuple) and all(isinstance(x, str) for x in v), "event-field-texts",
                 tuple)
_OBJECT: _Kind = (lambda v: isinstance(v, Mapping) and is_json(v), "event-field-object", _copied)
_WHOLE: _Kind = (_whole, "event-field-whole-number", lambda v: v)


def _field(kind: _Kind, **default: Any) -> Any:
    return dataclasses.field(metadata={"kind": kind}, **default)


def text(**default: Any) -> Any:
    """A field holding a text (a name, a reason)."""
    return _field(_TEXT, **default)


def texts() -> Any:
    """A field holding texts (the players), kept as a tuple."""
    return _field(_TEXTS)


def json_object(**default: Any) -> Any:
    """A field holding a JSON object (a hand's stored form, house rules), kept as a copy."""
    return _field(_OBJECT, **default)


def whole_number() -> Any:
    """A field holding a whole number from 1 (a hand's number, a seq)."""
    return _field(_WHOLE)


@dataclasses.dataclass(frozen=True, kw_only=True)
class Event:
    """Base of every event: its stored form, and what each event says for itself (the methods below)."""

    type: ClassVar[str] = ""

    # ---- what the log and the history ask ---------------------------------------------------------------

    @property
    def undoes(self) -> int | None:
        """The seq this event cancels (an undo), or None."""
        return None

    @property
    def hand_entered(self) -> int | None:
        """The hand whose result this event enters or restates, or None."""
        return None

    @property
    def restates(self) -> bool:
        """Whether it restates a hand already entered (a correction)."""
        return False

    # ---- what the fold asks ---------------------------------------------------------------------------

    def problems(self, state: TableState) -> tuple[Problem, ...]:
        """Every reason the event is refused in ``state`` (empty: allowed)."""
        raise NotImplementedError

    def apply(self, state: TableState) -> Facts:
        """The facts after the event; called only when :meth:`problems` is empty."""
        raise NotImplementedError

    def words(self, state: TableState) -> Words:
        """What the log says of the event, recorded in ``state`` (the state before it)."""
        raise NotImplementedError

    # ---- the stored form ------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, JsonValue]:
        """The event as a JSON-safe dict, ``type`` first."""
        out: dict[str, JsonValue] = {"type": self.type}
        for f in dataclasses.fields(self):
            out[f.name] = _copied(getattr(self, f.name))
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> Event:
        """The event of this type stored as ``data``; :class:`EventFormatError` quotes what is wrong."""
        fields = {f.name: f for f in dataclasses.fields(cls)}
        unknown = sorted(set(data) - set(fields) - {"type"})
        if unknown:
            raise EventFormatError.of("event-unknown-field", type=cls.type, field=quote(unknown[0]))
        kwargs: dict[str, Any] = {}
        for name, f in fields.items():
            if name not in data:
                if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
                    raise EventFormatError.of("event-missing-field", type=cls.type, field=name)
                continue
            check, code, keep = f.metadata["kind"]
            value = data[name]
            if not check(value):
                raise EventFormatError.of(code, type=cls.type, field=name, value=quote(value))
            kwargs[name] = keep(value)
        return cls(**kwargs)

    def __post_init__(self) -> None:
        for f in dataclasses.fields(self):  # whatever the caller passed, the event keeps its own copy
            keep = f.metadata["kind"][2]
            object.__setattr__(self, f.name, keep(getattr(self, f.name)))
