"""``hand-played``: the result of the hand being played, as the game's rules read it (its ``Hand``'s stored form).

The event carries the number of the hand it was entered for, so a form left open on a second phone can never
land in the next hand: it is refused as stale.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from typing_extensions import override

from referee.games.persian.ledger.events.base import Event, json_object, whole_number
from referee.games.persian.ledger.state import Facts, PlayedHand, TableState
from referee.games.persian.ledger.wording import LedgerProblem, Words
from referee.games.persian.rules.base import HandError, Problem

__all__ = ["HandPlayed", "hand_or_problems", "being_played_problems"]


def hand_or_problems(state: TableState, data: Mapping[str, Any]) -> tuple[Any, tuple[Problem, ...]]:
    """The game's hand read from its stored form, or None and why it cannot be read."""
    try:
        return state.rules.read_hand(data), ()
    except HandError as error:
        return None, error.problems


def being_played_problems(state: TableState, number: int) -> tuple[Problem, ...]:
    """Why nothing can be entered for hand ``number`` now: the game is over, or another hand is being played."""
    if state.is_over:
        return (Problem.of("game-over"),)
    if number != state.hand_number:
        return (LedgerProblem.of("stale-hand", given=number, expected=state.hand_number),)
    return ()


@dataclass(frozen=True, kw_only=True)
class HandPlayed(Event):
    """Hand ``hand_number`` was played: ``hand`` is what the scorekeeper entered, in the game's own form."""

    type: ClassVar[str] = "hand-played"
    hand_number: int = whole_number()
    hand: Mapping[str, Any] = json_object()

    @property
    def hand_entered(self) -> int:
        """The hand it enters."""
        return self.hand_number

    def problems(self, state: TableState) -> tuple[Problem, ...]:
        """The game over, a stale hand number, a hand the rules cannot read or refuse."""
        found = being_played_problems(state, self.hand_number)
        if found:
            return found
        hand, unreadable = hand_or_problems(state, self.hand)
        return unreadable or state.score.problems(hand)

    def apply(self, state: TableState) -> Facts:
        """The hand scored by the rules, after the others."""
        hand, _ = hand_or_problems(state, self.hand)
        played = PlayedHand(self.hand_number, hand, state.score.play(hand))
        return dataclasses.replace(state.facts, hands=(*state.facts.hands, played))

    @override
    def words(self, state: TableState) -> Words:
        """"hand 3 entered"."""
        return Words.of("log-hand-played", hand=self.hand_number)
