"""The state of a Persian table game at one point of its log: the facts the events leave, the log itself, and
what Undo and Redo would take back.

Data and read-models only; :mod:`.fold` makes states, each event says what it changes (:mod:`.events`).

- :class:`Facts` are what the effective events leave: the table (names as they are now, the first seat, the
  house rules), every hand played with the rules' score after it, the redeals and how the game ended. A
  correction or a rename scores the hands again from the rules' start (:meth:`Facts.rescored`), so totals,
  the dealer and the ruler are always derived, never stored apart from the hands.
- :class:`TableState` adds the log (each entry with its words), the facts after each entry (so an undo folds
  again only from the entry it changes) and the :class:`UndoMarks`, kept up to date entry by entry, so that
  :attr:`History.undo_target` and :attr:`History.redo_target` never walk the log.
"""

from __future__ import annotations

import bisect
import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from functools import cached_property
from typing import Any, ClassVar, Protocol, runtime_checkable

from referee.games.persian.ledger.wording import LedgerProblem, Words
from referee.games.persian.rules.base import (
    GameRules,
    GameScore,
    JsonValue,
    OptionValue,
    Problem,
    SheetRow,
    Table,
)

__all__ = [
    "LoggedEvent",
    "Closable",
    "EventRefused",
    "PlayedHand",
    "Facts",
    "LogEntry",
    "HistoryEntry",
    "History",
    "UndoMarks",
    "TableState",
]


class LoggedEvent(Protocol):
    """What the fold, the log and the history ask of an event (every event of :mod:`.events` is one; its base,
    :class:`referee.games.persian.ledger.events.base.Event`, says what each member means)."""

    type: ClassVar[str]

    @property
    def undoes(self) -> int | None:
        """The seq this event cancels (an undo), or None."""
        ...

    @property
    def hand_entered(self) -> int | None:
        """The hand whose result this event enters or restates, or None."""
        ...

    @property
    def restates(self) -> bool:
        """Whether it restates a hand already entered (a correction)."""
        ...

    def to_dict(self) -> dict[str, JsonValue]:
        """The event's stored form."""
        ...

    def problems(self, state: TableState) -> tuple[Problem, ...]:
        """Every reason the event is refused in ``state``."""
        ...

    def apply(self, state: TableState) -> Facts:
        """The facts after the event."""
        ...

    def words(self, state: TableState) -> Words:
        """What the log says of the event."""
        ...


@runtime_checkable
class Closable(Protocol):
    """A score the scorekeeper ends (the tally games, which have no target): ``end()`` is the score ended, whose
    leaders win. Other games end by their rules, and a game the scorekeeper stops early has no winner."""

    def end(self) -> GameScore[Any]:
        """The score ended by the scorekeeper."""
        ...


class EventRefused(ValueError):
    """The rules or the ledger refuse an event: ``problems`` says every reason; nothing was changed.

    ``forcible`` is always False: this family records no override ("the table allows it" cannot make the rules
    score a hand they refuse).
    """

    forcible = False

    def __init__(self, problems: Sequence[Problem], *, event: LoggedEvent | None = None) -> None:
        self.problems = tuple(problems)
        self.event = event
        super().__init__("; ".join(p.message for p in self.problems))


@dataclass(frozen=True)
class PlayedHand:
    """One hand on the record: its number, the rules' hand as entered (or restated), the score after it."""

    number: int
    hand: Any  # the game's Hand
    after: GameScore[Any]
    corrected: bool = False


@dataclass(frozen=True)
class Facts:
    """What the effective events leave: the table, the hands and the score after each, redeals, the ending."""

    table: Table
    opening: GameScore[Any]  # the rules' score before the first hand
    hands: tuple[PlayedHand, ...] = ()
    redeals: tuple[int, ...] = ()  # the number of the hand dealt again, once per redeal
    ended: str | None = None  # the reason the scorekeeper ended the game (None: not ended that way)
    closing: GameScore[Any] | None = None  # a closable score as the scorekeeper ended it

    @property
    def score(self) -> GameScore[Any]:
        """The rules' score now."""
        if self.closing is not None:
            return self.closing
        return self.hands[-1].after if self.hands else self.opening

    def closed(self, reason: str) -> Facts:
        """These facts ended by the scorekeeper for ``reason`` (a closable score ended by its rules too)."""
        score = self.hands[-1].after if self.hands else self.opening
        closing = score.end() if isinstance(score, Closable) else None
        return dataclasses.replace(self, ended=reason, closing=closing)

    def score_before(self, number: int) -> GameScore[Any]:
        """The rules' score before hand ``number`` was played."""
        return self.hands[number - 2].after if number > 1 else self.opening

    @property
    def is_over(self) -> bool:
        """The rules say the game is won, or the scorekeeper ended it."""
        return self.ended is not None or self.score.is_over

    def rescored(self, opening: GameScore[Any], hands: Sequence[tuple[Any, bool]],
                 *, first: int = 1) -> tuple[Facts | None, list[Problem]]:
        """These facts with ``hands`` (each the rules' hand and whether it was corrected) played again from hand
        ``first`` on ``opening`` (the score before hand 1); the hands before ``first`` are kept. None and the
        problems of the first hand that no longer holds (its number said first) when one does not."""
        kept = self.hands[: first - 1]
        score = kept[-1].after if kept else opening
        played = list(kept)
        for number, (hand, corrected) in enumerate(hands, start=first):
            problems = score.problems(hand)
            if problems:
                return None, [LedgerProblem.of("correction-breaks-later", hand=number), *problems]
            score = score.play(hand)
            played.append(PlayedHand(number, hand, score, corrected))
        rescored = dataclasses.replace(self, opening=opening, hands=tuple(played), closing=None)
        return (rescored if self.ended is None else rescored.closed(self.ended)), []


@dataclass(frozen=True)
class LogEntry:
    """One event of the log as recorded: its seq, the event, when, and its words then."""

    seq: int
    event: LoggedEvent
    time: datetime | None
    words: Words


@dataclass(frozen=True)
class HistoryEntry:
    """One event of the log as the screens show it."""

    seq: int
    event: LoggedEvent
    time: datetime | None
    words: Words
    undone: bool  # cancelled by an undo in force
    corrected: bool  # the hand it entered was restated later by a correction in force


@dataclass(frozen=True)
class UndoMarks:
    """Which entries are cancelled, which actions Undo may take back and which undos Redo may, kept entry by entry.

    An *action* is any event but an undo; the creation (seq 1) is never taken back. An entry is cancelled while
    some undo in force targets it (two may: undo, redo, then undo again, and then undo the redo); an undo is in
    force while it is not cancelled itself. Redo takes back only the undos made since the last new action, the
    latest first (as on any undo/redo stack).
    """

    cancelled: frozenset[int] = frozenset()
    live: tuple[int, ...] = ()  # actions in force, seq 1 excepted, in order: Undo takes the last
    redo: tuple[int, ...] = ()  # undos in force since the last action, of an action: Redo takes the last
    last_action: int = 1
    #: How many undos in force target each cancelled entry.
    cancellers: Mapping[int, int] = field(default_factory=dict)

    def after_action(self, seq: int) -> UndoMarks:
        """The marks after a new action at ``seq``."""
        return dataclasses.replace(self, live=(*self.live, seq), redo=(), last_action=seq)

    def after_undo(self, log: Sequence[LogEntry], seq: int) -> UndoMarks:
        """The marks after the undo at ``seq`` (the last entry of ``log``) comes into force: its target is
        cancelled, which may take an undo out of force and bring back what it cancelled, and so on down."""
        cancelled, live, redo = set(self.cancelled), list(self.live), list(self.redo)
        cancellers = dict(self.cancellers)

        def undoes(at: int) -> int | None:
            return log[at - 1].event.undoes

        target = undoes(seq)
        assert target is not None
        if undoes(target) is None:
            bisect.insort(redo, seq)
        changes = [(target, 1)]  # (an entry, one more or one fewer undo in force targeting it)
        while changes:
            entry, change = changes.pop()
            was = entry in cancelled
            cancellers[entry] = cancellers.get(entry, 0) + change
            if not cancellers[entry]:
                del cancellers[entry]
            now = entry in cancellers
            if now == was:
                continue
            if now:
                cancelled.add(entry)
            else:
                cancelled.discard(entry)
            below = undoes(entry)
            if below is None:  # an action
                if now:
                    live.remove(entry)
                else:
                    bisect.insort(live, entry)
                continue
            if now and entry in redo:
                redo.remove(entry)
            elif not now and undoes(below) is None and entry > self.last_action:
                bisect.insort(redo, entry)
            changes.append((below, -1 if now else 1))  # an undo out of force (or back) releases (or takes) its target
        return UndoMarks(frozenset(cancelled), tuple(live), tuple(redo), self.last_action, cancellers)


@dataclass(frozen=True)
class History:
    """The log of one state, as the screens show it, and what Undo and Redo take back now."""

    log: tuple[LogEntry, ...]
    marks: UndoMarks

    @cached_property
    def entries(self) -> tuple[HistoryEntry, ...]:
        """Every event of the log, with whether it is undone and whether its hand was restated later."""
        cancelled = self.marks.cancelled
        restated_at: dict[int, int] = {}  # hand -> seq of its last correction in force
        for entry in self.log:
            hand = entry.event.hand_entered
            if hand is not None and entry.event.restates and entry.seq not in cancelled:
                restated_at[hand] = entry.seq
        out = []
        for entry in self.log:
            hand = entry.event.hand_entered
            corrected = hand is not None and restated_at.get(hand, 0) > entry.seq
            out.append(HistoryEntry(entry.seq, entry.event, entry.time, entry.words, entry.seq in cancelled,
                                    corrected))
        return tuple(out)

    def _entry(self, seq: int) -> HistoryEntry:
        entry = self.log[seq - 1]
        return HistoryEntry(entry.seq, entry.event, entry.time, entry.words, seq in self.marks.cancelled, False)

    @property
    def undo_target(self) -> HistoryEntry | None:
        """The action Undo takes back now: the latest action in force (never an undo, never the creation)."""
        return self._entry(self.marks.live[-1]) if self.marks.live else None

    @property
    def redo_target(self) -> HistoryEntry | None:
        """The undo Redo takes back now (recorded as an undo of that undo), or None."""
        return self._entry(self.marks.redo[-1]) if self.marks.redo else None


@dataclass(frozen=True)
class TableState:
    """A Persian table game at one point of its log. Made by :mod:`.fold` only; treat it as immutable."""

    rules: GameRules[Any, Any]
    facts: Facts
    log: tuple[LogEntry, ...]
    marks: UndoMarks = UndoMarks()
    #: The facts after each entry of ``log`` (``folds[i]`` after seq i + 1): an undo folds again from there.
    folds: tuple[Facts, ...] = field(default=(), repr=False, compare=False)

    # ---- the contract every family keeps ------------------------------------------------------

    @property
    def seq(self) -> int:
        """The seq of the last event (the creation is 1)."""
        return len(self.log)

    @property
    def variant_id(self) -> str:
        """The game's id (``hokm``, ``shelem``…)."""
        return self.rules.id

    @property
    def players(self) -> tuple[str, ...]:
        """The players' names as they are now, in seat order (play and the deal go to the next seat)."""
        return self.facts.table.players

    @property
    def is_over(self) -> bool:
        """Won by the rules, or ended by the scorekeeper: no more hands (a correction or an undo still may)."""
        return self.facts.is_over

    @property
    def over(self) -> bool:
        """:attr:`is_over`, by the name the core's family contract uses."""
        return self.is_over

    @cached_property
    def history(self) -> History:
        """The log as the screens show it, and what Undo and Redo take back now."""
        return History(self.log, self.marks)

    @property
    def events(self) -> tuple[LoggedEvent, ...]:
        """The whole log, undone events and undos included."""
        return tuple(entry.event for entry in self.log)

    # ---- the table ---------------------------------------------------------------------------

    @property
    def table(self) -> Table:
        """The rules' table: names as they are now, the first seat, the house rules chosen."""
        return self.facts.table

    @property
    def options(self) -> Mapping[str, OptionValue]:
        """Every house rule of the game with its value in force (chosen, or the default)."""
        return {option.name: self.table.option(option) for option in self.rules.options}

    def name_of(self, seat: int | None) -> str | None:
        """The name of the player in ``seat`` (None for None)."""
        return None if seat is None else self.players[seat]

    # ---- the rules' score, as the table argues about it ------------------------------------------

    @property
    def score(self) -> GameScore[Any]:
        """The rules' score now (its own game's type: the sheet's rows, totals, rounds…)."""
        return self.facts.score

    @property
    def hand_number(self) -> int:
        """The number of the hand being played (the last one's + 1 once the game is over)."""
        return self.score.hand_number

    @property
    def totals(self) -> tuple[int, ...]:
        """The running totals: per team (A, B) in team games, per seat otherwise."""
        return self.score.totals

    @property
    def dealer(self) -> str:
        """Who deals the hand being played."""
        return self.players[self.score.dealer]

    @property
    def ruler(self) -> str | None:
        """Who rules the hand being played, where the game knows it before the hand (Hokm)."""
        return self.name_of(self.score.ruler)

    @property
    def first_bidder(self) -> str | None:
        """Who bids first in the hand being played (Shelem, Qahve), else None."""
        return self.name_of(self.score.first_bidder)

    @property
    def rows(self) -> tuple[SheetRow, ...]:
        """The sheet as the table draws it, a row per hand played."""
        return self.score.rows

    @property
    def winners(self) -> tuple[str, ...]:
        """The players who won (empty while the game goes on, or when it was ended before a winner)."""
        return tuple(self.players[seat] for seat in self.score.winners)

    @property
    def hands(self) -> tuple[PlayedHand, ...]:
        """The hands played, each as entered or restated."""
        return self.facts.hands

    @property
    def redeals(self) -> tuple[int, ...]:
        """The hands dealt again (a hand's number once per redeal)."""
        return self.facts.redeals

    @property
    def ended(self) -> str | None:
        """The reason the scorekeeper ended the game ("" when none was given), or None."""
        return self.facts.ended

