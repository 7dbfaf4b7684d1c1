"""An event's part of a deal entry in a ``referee-game/1`` file (docs/referee-game-1.schema.json): the keys it owns,
how it writes them from a folded deal's record, and the events it reads back from an entry.

Each kind of event that a deal entry holds says so in its own module, as its ``file_part`` (a :class:`DealPart`); a
kind that no deal entry holds says why, in words, as its ``file_part``. The file's model
(:mod:`referee.games.rummy.ledger.gamefile`) is assembled from the keys of every part, and the exchange
(:mod:`referee.games.rummy.ledger.exchange`) writes and reads every deal through the parts: neither names an event.

The format is fixed, so each key says where it stands twice: ``place``, its place in the model (and so in the
published schema), and ``written``, its place in an exported entry. Each part says where its events come among the
others' when a deal is read back (``reads_at``: a call needs a lay-down before it, docs/rules.md D70).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from referee.games.rummy.ledger.events.base import Event
from referee.games.rummy.ledger.state.facts import GameFacts
from referee.games.rummy.ledger.state.records import DealRecord
from referee.ledger.gamefile import GameFileError, name_shown, shown
from referee.rules.cards import CardError, parse_card
from referee.rules.problems import ParamValue
from referee.rules.variants import Variant

__all__ = [
    "MAX_PLAYERS",
    "MAX_HAND_POINTS",
    "MAX_CUTTER_JOKERS",
    "MAX_MELDS",
    "EntryKey",
    "EntryRefused",
    "CardText",
    "DealPart",
    "bad_cards",
    "part_of",
]

#: The most players a file may name, the new-game form's most: fewer or more than the variant takes is the rules'
#: to refuse (docs/rules.md, D72).
MAX_PLAYERS = 12
#: The most points one hand may be given as a number.
MAX_HAND_POINTS = 9_999_999
#: The most jokers a cutter may take from an exact cut.
MAX_CUTTER_JOKERS = 8
#: The most melds one player lays down at once: the contract (five melds at most) and extra melds beside it
#: (docs/rules.md, D71) of three cards or more each, out of a hand of at most MAX_CARDS_AT_ONCE cards.
MAX_MELDS = 20

#: A text of cards a deal entry holds: what it is ("hand" or "meld"), whose it is, and the text.
CardText = tuple[str, str, str]


@dataclass(frozen=True)
class EntryKey:
    """One key of a deal entry: its pydantic type and default, where it stands, and what a bad value is told."""

    name: str
    #: The key's type, as pydantic reads it.
    annotation: Any
    #: Its default (a value, pydantic's MISSING, or a ``Field``).
    default: Any
    #: Its place in the model and in the published schema (lower first).
    place: int
    #: Its place in an exported entry (lower first).
    written: int
    #: The form of the problem "file-deal-field" for a value of the wrong shape.
    form: str
    #: The form and the limit of "file-deal-field" for one player's value, where the key holds one per player.
    of_player: tuple[str, ParamValue] | None = None
    #: The most the value may be, said with the form (a whole number's).
    most: int | None = None


class EntryRefused(ValueError):
    """One of the model's own checks refused: its problem's code, form and parameters (the file's model adds the
    deal's number where the check is a deal's)."""

    def __init__(self, code: str, form: str = "", /, **params: ParamValue) -> None:
        self.code, self.form, self.params = code, form, params
        super().__init__(code)


class DealPart:
    """What one kind of event owns of a deal entry; each kind's module says the rest.

    An entry is read as a mapping of its keys (pydantic's ``MISSING`` where a key without a default is left out),
    already checked for its shape and sizes."""

    #: The keys the part owns.
    keys: tuple[EntryKey, ...] = ()
    #: Where the part's events come when a deal is read back (lower first).
    reads_at: int = 0
    #: What the part adds to the schema of a deal entry (``if``/``then``: what the model's check says).
    schema: Mapping[str, Any] = {}

    def write(self, facts: GameFacts, record: DealRecord, before: DealRecord | None) -> dict[str, Any]:
        """The part's keys of the entry of ``record`` (``before``: the deal before it, None for the first)."""
        raise NotImplementedError

    def read(self, entry: Mapping[str, Any], number: int, variant: Variant) -> list[Event]:
        """The events of deal ``number`` the part reads from ``entry``; GameFileError for what cannot be read."""
        raise NotImplementedError

    def refuse(self, entry: Mapping[str, Any]) -> None:
        """The model's own check of an entry: raise :class:`EntryRefused` for what the types cannot say."""

    def cards(self, _entry: Mapping[str, Any]) -> list[CardText]:
        """The texts of cards the part holds in an entry, to count before anything is read (none, unless the part
        says otherwise)."""
        return []

    def check(self, variant: Variant, entries: Sequence[Mapping[str, Any]]) -> None:
        """Refuse, before a single event is made, what would cost too much to read (GameFileError)."""


def part_of(kind: type[Event]) -> DealPart | str | None:
    """What a kind of event says of a deal entry: its part, the reason it has none, or None when it says nothing."""
    said = vars(kind).get("file_part")
    return said if isinstance(said, DealPart | str) else None


def bad_cards(number: int, name: str, text: str, error: CardError, *, meld: bool) -> GameFileError:
    """A hand or meld of deal ``number`` that is not cards: the token the notation does not read."""
    said: dict[str, object] = {"deal": number, "player": name_shown(name), "cards": shown(text), "token": error.token}
    if not meld:
        return GameFileError.of("file-bad-cards", "hand", **said)
    try:
        rank = parse_card(error.token, allow_bare_rank=True).rank  # a rank alone: a meld's card needs its suit
    except CardError:
        return GameFileError.of("file-bad-cards", "meld", **said)
    return GameFileError.of("file-bad-cards", "meld-no-suit", **said, rank=rank)
