"""``hand-corrected``: a hand already played, restated; every later hand is scored again after it.

Refused when the restated hand breaks the rules where it stands, or when a later hand would no longer hold (the
correction wins the game before it, say): the sheet never shows a hand the rules would not have taken.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from typing_extensions import override

from referee.games.persian.ledger.events.base import Event, json_object, whole_number
from referee.games.persian.ledger.events.hand_played import hand_or_problems
from referee.games.persian.ledger.state import EventRefused, Facts, TableState
from referee.games.persian.ledger.wording import LedgerProblem, Words
from referee.games.persian.rules.base import Problem

__all__ = ["HandCorrected"]


@dataclass(frozen=True, kw_only=True)
class HandCorrected(Event):
    """Hand ``hand_number`` (already played) is restated as ``hand``, in the game's own form."""

    type: ClassVar[str] = "hand-corrected"
    file_part: ClassVar[str] = "in no key: the file writes the hands as they stand after corrections"
    hand_number: int = whole_number()
    hand: Mapping[str, Any] = json_object()

    @property
    def hand_entered(self) -> int:
        """The hand it restates."""
        return self.hand_number

    @property
    def restates(self) -> bool:
        """A correction restates a hand."""
        return True

    def _outcome(self, state: TableState) -> tuple[Facts | None, tuple[Problem, ...]]:
        played = len(state.hands)
        if not 1 <= self.hand_number <= played:
            return None, (LedgerProblem.of("no-such-hand", hand=self.hand_number, count=played),)
        hand, unreadable = hand_or_problems(state, self.hand)
        if unreadable:
            return None, unreadable
        facts = state.facts
        refused = facts.score_before(self.hand_number).problems(hand)
        if refused:
            return None, refused
        later = [(h.hand, h.corrected) for h in facts.hands[self.hand_number:]]
        after, problems = facts.rescored(facts.opening, [(hand, True), *later], first=self.hand_number)
        return after, tuple(problems)

    def problems(self, state: TableState) -> tuple[Problem, ...]:
        """No such hand played, a hand the rules cannot read or refuse there, or a later hand that no longer holds."""
        return self._outcome(state)[1]

    def apply(self, state: TableState) -> Facts:
        """The hands scored again from the one restated."""
        after, problems = self._outcome(state)
        if after is None:
            raise EventRefused(problems, event=self)
        return after

    @override
    def words(self, state: TableState) -> Words:
        """"hand 2 corrected"."""
        return Words.of("log-hand-corrected", hand=self.hand_number)
