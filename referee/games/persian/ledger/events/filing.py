"""An event's part of a ``referee-table-game/1`` file (docs/referee-table-game-1.schema.json): the top-level keys it
owns, how each key's value is checked for its kind, how the part writes them from a game's state, and the events it
reads back from them.

Each kind of event that a file holds says so in its own module, as its ``file_part`` (a :class:`FilePart`); a kind
that no key holds says why, in words, as its ``file_part``. The file's reader, checks, writer and schema
(:mod:`referee.games.persian.ledger.gamefile`) are assembled from the parts of the registered kinds
(:data:`referee.games.persian.ledger.events.EVENTS`) and name no event.

The format is fixed, so each key says its place (:attr:`FileKey.place`): the order the keys are checked in, written
in and published in the schema. The parts are read in the order of their keys (a part's refusals come in that
order), and each event read back says where it is folded among the others (:class:`FoldAt`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from referee.games.persian.ledger.events.base import Event, is_json
from referee.games.persian.ledger.state import TableState
from referee.games.persian.ledger.wording import LedgerProblem
from referee.games.persian.rules.base import GameRules, JsonValue, Problem

__all__ = [
    "MAX_TEXT",
    "MAX_PLAYERS",
    "MAX_HANDS",
    "TEXT_SCHEMA",
    "TableFileError",
    "FileKey",
    "FoldAt",
    "FilePart",
    "part_of",
    "is_text",
    "are_texts",
    "is_object",
    "are_objects",
]

#: The longest text anywhere in a file.
MAX_TEXT = 2_000
#: The most players a file may name (no game here seats more; the rules refuse any count their game does not take).
MAX_PLAYERS = 12
#: The most hands (and the most redeals) a file may hold: a long evening of a tally game has a hundred.
MAX_HANDS = 1_000

#: The schema of a text in a file.
TEXT_SCHEMA: Mapping[str, Any] = {"type": "string", "maxLength": MAX_TEXT}


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


def is_text(value: object) -> bool:
    """Whether a key's value is a text."""
    return isinstance(value, str)


def are_texts(value: object) -> bool:
    """Whether a key's value is a list of texts."""
    return isinstance(value, list) and all(isinstance(item, str) for item in value)


def is_object(value: object) -> bool:
    """Whether a key's value is an object of JSON a hand may hold (:func:`~.base.is_json`)."""
    return isinstance(value, dict) and is_json(value)


def are_objects(value: object) -> bool:
    """Whether a key's value is a list of such objects."""
    return isinstance(value, list) and all(is_object(item) for item in value)


@dataclass(frozen=True)
class FileKey:
    """One top-level key of a file: where it stands, how its value's kind is checked, and its schema."""

    name: str
    #: Its place among the keys: the order they are checked in, written in and published in the schema (lower first).
    place: int
    #: Whether a value has the key's kind (its counts and sizes are checked apart).
    kind: Callable[[object], bool]
    #: The problem that refuses a value of another kind (with the key's ``field`` and the ``value`` quoted).
    form: str
    #: The key's property in the published schema.
    schema: Mapping[str, Any]
    #: Whether every file holds the key.
    required: bool = False
    #: The most items its value may hold, and the problem that refuses more (with the ``count`` and the ``max``).
    most: tuple[int, str] | None = None


@dataclass(frozen=True, order=True)
class FoldAt:
    """Where an event read from a file is folded among the others (lower first): the game's opening
    (:meth:`opening`), then each hand in turn (:meth:`in_hand`: its redeals, then the hand), then its close
    (:meth:`closing`)."""

    stage: int
    hand: int = 0
    step: int = 0

    @classmethod
    def opening(cls) -> FoldAt:
        """Before any hand: the game's creation."""
        return cls(0)

    @classmethod
    def in_hand(cls, number: int, step: int) -> FoldAt:
        """Within hand ``number``, at ``step`` (lower first)."""
        return cls(1, number, step)

    @classmethod
    def closing(cls) -> FoldAt:
        """After every hand: the game's end."""
        return cls(2)


class FilePart:
    """What one kind of event owns of a file; its module says the rest.

    A file is read as a mapping of its keys, already checked for its shape (the kind and count of every key's value)
    and its sizes."""

    #: The keys the part owns.
    keys: tuple[FileKey, ...] = ()

    def rules_of(self, _game: Mapping[str, Any]) -> GameRules[Any, Any] | None:
        """The rules of the game the file is of, where the part owns the key that names it (None otherwise);
        :class:`TableFileError` for a game there is none of."""
        return None

    def write(self, state: TableState) -> dict[str, JsonValue]:
        """The part's keys of the file of ``state`` (a key left out is not written)."""
        raise NotImplementedError

    def read(self, game: Mapping[str, Any], rules: GameRules[Any, Any]) -> list[tuple[FoldAt, Event]]:
        """The events the part reads from ``game``, of the game of ``rules``, each with where it is folded;
        :class:`TableFileError` for what cannot be read."""
        raise NotImplementedError


def part_of(kind: type[Event]) -> FilePart | str | None:
    """What a kind of event says of a file: its part, the reason it has none, or None when it says nothing."""
    said = vars(kind).get("file_part")
    return said if isinstance(said, FilePart | str) else None
