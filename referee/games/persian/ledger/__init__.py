"""The Persian table games' ledger (docs/table-games.md): a game is the log of its events, and its state is the
fold of that log. Pure (standard library only) and strictly typed; the rules are :mod:`referee.games.persian.rules`.

What the store, the web layer and ``referee tally`` call — the family contract:

- :data:`variant_ids`, :func:`event_from_dict` (:class:`EventFormatError`), the events
  (:mod:`.events`, one module each, read back through :data:`EVENTS` by type);
- :func:`start`, :func:`apply`, :func:`check`, :func:`replay`, :class:`EventRefused` and the
  :class:`TableState` they make, whose :attr:`~TableState.history` says what Undo and Redo take back;
- the ``referee-table-game/1`` file: :func:`read_file` (a parsed file's gate) or :func:`read_game_file` (from
  bytes), both raising :class:`TableFileError`; :func:`import_game`, :func:`export_game`; and :func:`tally`
  (a parsed file) or :func:`tally_file` (bytes) with :func:`sheet_text` and :func:`sheet_json` for
  ``referee tally``.

Decisions (where the rule book leaves the ledger to choose):

- The hand's result is stored as its game's own form; the rules read it and check it when it is applied, so a
  stored log replays under the rules of the day. Totals, dealers and rulers are never stored.
- A hand entered, a redeal, carries the number of the hand it was entered for; any other number is refused as
  stale (a form left open on another phone).
- A correction restates one hand and scores every later hand again; it is refused when the restated hand or
  a later one no longer holds (a correction that wins the game before later hands). A rename scores the hands
  again too, so the rules' sentences name the players as they are called now.
- No override: the table cannot make the rules score a hand they refuse (:attr:`EventRefused.forcible` is
  always False). A redeal is allowed in every game (a misdeal happens at any table).
- Ending a game (``GameEnded``) is how a tally game (Shaytan, Bluff) ends: its leaders win. Any other game it
  stops without a winner. Either way no hand can follow; an undo reopens the game.
- Undo cancels any event but the creation; undoing an undo redoes. It is refused when a later entry would
  no longer hold (undoing hand 3 once hand 4 is entered makes hand 4's form stale: undo hand 4 first).
"""

from __future__ import annotations

from referee.games.persian.ledger.events import (
    EVENTS,
    Event,
    EventFormatError,
    GameCreated,
    GameEnded,
    HandCorrected,
    HandPlayed,
    PlayerRenamed,
    Redeal,
    Undone,
    event_from_dict,
)
from referee.games.persian.ledger.fold import apply, check, replay, start
from referee.games.persian.ledger.gamefile import (
    FORMAT,
    TableFileError,
    export_game,
    import_game,
    read_file,
    read_game_file,
)
from referee.games.persian.ledger.state import EventRefused, History, HistoryEntry, PlayedHand, TableState
from referee.games.persian.ledger.tally import Tally, sheet_json, sheet_text, tally, tally_events, tally_file
from referee.games.persian.ledger.wording import LedgerProblem, Words, message_id
from referee.games.persian.rules import game_ids

__all__ = [
    "variant_ids",
    "Event",
    "EVENTS",
    "EventFormatError",
    "event_from_dict",
    "GameCreated",
    "HandPlayed",
    "HandCorrected",
    "Redeal",
    "PlayerRenamed",
    "GameEnded",
    "Undone",
    "start",
    "apply",
    "check",
    "replay",
    "EventRefused",
    "TableState",
    "PlayedHand",
    "History",
    "HistoryEntry",
    "FORMAT",
    "TableFileError",
    "read_file",
    "read_game_file",
    "import_game",
    "export_game",
    "Tally",
    "tally",
    "tally_events",
    "tally_file",
    "sheet_text",
    "sheet_json",
    "LedgerProblem",
    "Words",
    "message_id",
]

#: The ids of the games this family plays (every game the rules' registry holds).
variant_ids: tuple[str, ...] = game_ids()
