"""The ledger's sentences: why it refuses an event or a file, and how the log words each event.

The rules' own sentences (a hand the rules refuse, a table they cannot seat) live in
:data:`referee.games.persian.rules.base.MESSAGES`; these are the ledger's, by code, marked with ``N_`` for the
catalogues. A :class:`LedgerProblem` is a :class:`~referee.games.persian.rules.base.Problem` whose sentence is
here, so a screen handles both alike (``.code``, ``.params``, ``str()``); :func:`message_id` gives the English
sentence (the catalogue's message id) of either.

>>> str(LedgerProblem.of("stale-hand", given=4, expected=5))
'this entry was for hand 4, but hand 5 is being played now'
>>> str(Words.of("log-hand-played", hand=3))
'hand 3 entered'
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.games.persian.rules.base import MESSAGES as RULES_MESSAGES
from referee.games.persian.rules.base import N_, ParamValue, Problem

__all__ = ["MESSAGES", "LedgerProblem", "Words", "message_id"]

#: Every sentence of the ledger, by code: its refusals (events, names, files) and the log's words.
MESSAGES: dict[str, str] = {
    # refusals of events
    "already-created": N_("the game has already been created"),
    "not-created": N_("a game's log starts with its creation"),
    "stale-hand": N_("this entry was for hand {given}, but hand {expected} is being played now"),
    "no-such-hand": N_("there is no hand {hand} to correct: {count} hands have been played"),
    "correction-breaks-later": N_("after this correction, hand {hand} no longer holds:"),
    "already-ended": N_("the game has already ended"),
    "unknown-player": N_("{name} is not playing in this game"),
    "unknown-first": N_("{name} is not one of the players, so cannot deal (or rule) first"),
    "same-name": N_("{name} is already called {name}"),
    "no-such-event": N_("there is no event {seq} to undo"),
    "cannot-undo-creation": N_("the creation of the game cannot be undone"),
    "already-undone": N_("event {seq} is already undone"),
    "undo-breaks-later": N_("undoing event {seq} would leave later entries against the rules:"),
    # players' names
    "name-unclean": N_("«{name}» has invisible characters or extra spaces: write it as «{clean}»"),
    "name-too-long": N_("a name has at most {max} characters: «{name}…» is longer"),
    "names-look-alike": N_("«{name}» looks the same as «{other}»"),
    "name-taken": N_("{name} is already playing in this game"),
    # the stored form of an event
    "event-not-object": N_("an event must be an object, not {value}"),
    "event-unknown-type": N_("unknown event type {value} (known: {known})"),
    "event-unknown-field": N_("{type} events have no field {field}"),
    "event-missing-field": N_("a {type} event needs {field}"),
    "event-field-text": N_("{type} event: {field} must be a text, not {value}"),
    "event-field-texts": N_("{type} event: {field} must be a list of texts, not {value}"),
    "event-field-object": N_("{type} event: {field} must be an object, not {value}"),
    "event-field-whole-number": N_("{type} event: {field} must be a whole number from 1, not {value}"),
    # a referee-table-game/1 file
    "file-too-big": N_("the file is over {megabytes} MB: a game file is far smaller"),
    "file-not-utf8": N_("the file is not UTF-8 text (byte {byte})"),
    "file-not-json": N_("the file is not JSON (line {line}, column {column})"),
    "file-too-deep": N_("the file nests lists and objects more than {max} deep"),
    "file-too-many-values": N_("the file holds more than {max} values"),
    "file-number-too-big": N_("the number {value} is too big for a game file (at most {max})"),
    "file-not-a-number": N_("{value} is not a number a game file may hold"),
    "file-text-too-long": N_("a text of {length} characters: texts in a game file have at most {max}"),
    "file-not-object": N_("a game file is a JSON object, not {kind}"),
    "file-wrong-format": N_("this is not a referee-table-game/1 file: its format is {value}"),
    "file-missing-field": N_("the file has no {field}"),
    "file-unknown-field": N_("a referee-table-game/1 file has no field {field}"),
    "file-totals": N_("a game file carries no totals: referee works them out from the hands"),
    "file-field-text": N_("the file's {field} must be a text, not {value}"),
    "file-field-texts": N_("the file's {field} must be a list of texts, not {value}"),
    "file-field-object": N_("the file's {field} must be an object, not {value}"),
    "file-field-objects": N_("the file's {field} must be a list of objects, not {value}"),
    "file-field-whole-numbers": N_("the file's {field} must be a list of whole numbers from 1, not {value}"),
    "file-too-many-players": N_("the file names {count} players: no game here seats more than {max}"),
    "file-too-many-hands": N_("the file holds {count} hands: a game file holds at most {max}"),
    "file-redeal": N_("a redeal is of a hand from 1 to {most}, not {value}"),
    "file-hand": N_("hand {hand} of the file cannot be read:"),
    # the log's words for each event
    "log-game-created": N_("{game} created for {players}"),
    "log-hand-played": N_("hand {hand} entered"),
    "log-hand-corrected": N_("hand {hand} corrected"),
    "log-redeal": N_("hand {hand} dealt again by {dealer}, nothing scored"),
    "log-player-renamed": N_("{old} is now called {new}"),
    "log-game-ended": N_("the game was ended: {reason}"),
    "log-game-ended-silent": N_("the game was ended"),
    "log-undone": N_("event {seq} undone"),
    "log-redone": N_("event {seq} redone"),
}


def _filled(code: str, params: tuple[tuple[str, ParamValue], ...]) -> str:
    def english(value: ParamValue) -> str:
        return ", ".join(str(v) for v in value) if isinstance(value, tuple) else str(value)

    return MESSAGES[code].format(**{name: english(value) for name, value in params})


@dataclass(frozen=True, slots=True)
class LedgerProblem(Problem):
    """A reason the ledger refuses an event or a file: a :class:`Problem` whose sentence is in :data:`MESSAGES`."""

    def __post_init__(self) -> None:
        if self.code not in MESSAGES:
            raise KeyError(f"no sentence for the ledger problem {self.code!r} in MESSAGES")

    @classmethod
    def of(cls, code: str, /, **params: ParamValue) -> LedgerProblem:
        """A ledger problem from its code and its parameters."""
        return cls(code, tuple(params.items()))

    @property
    def message(self) -> str:
        """The English sentence for a player."""
        return _filled(self.code, self.params)

    def __str__(self) -> str:
        return self.message


@dataclass(frozen=True, slots=True)
class Words:
    """What the log says of one event: a code of :data:`MESSAGES` and its parameters (numbers and names)."""

    code: str
    params: tuple[tuple[str, ParamValue], ...] = ()

    def __post_init__(self) -> None:
        if self.code not in MESSAGES:
            raise KeyError(f"no sentence for {self.code!r} in MESSAGES")

    @classmethod
    def of(cls, code: str, /, **params: ParamValue) -> Words:
        """The words of ``code`` with its parameters."""
        return cls(code, tuple(params.items()))

    def param(self, name: str) -> ParamValue:
        """One parameter by name."""
        return dict(self.params)[name]

    @property
    def message(self) -> str:
        """The English sentence."""
        return _filled(self.code, self.params)

    def __str__(self) -> str:
        return self.message


def message_id(code: str) -> str:
    """The English sentence (the catalogue's message id) of a code, the rules' or the ledger's.

    >>> message_id("game-over"), message_id("already-ended")
    ('the game is over: no more hands', 'the game has already ended')
    """
    return MESSAGES[code] if code in MESSAGES else RULES_MESSAGES[code]

