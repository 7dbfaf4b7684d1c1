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
from referee.games.persian.ledger.events.filing import MAX_HANDS, FileKey, FilePart, FoldAt, TableFileError, are_objects
from referee.games.persian.ledger.state import Facts, PlayedHand, TableState
from referee.games.persian.ledger.wording import LedgerProblem, Words
from referee.games.persian.rules.base import GameRules, HandError, JsonValue, Problem

__all__ = ["HandPlayed", "HandsPart", "hand_or_problems", "being_played_problems", "hands_in"]


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


def hands_in(game: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """The hands a file holds, in order (its ``hands``; none when it has no such key)."""
    hands: list[Mapping[str, Any]] = game.get("hands", [])
    return hands


class HandsPart(FilePart):
    """``hands``: each hand in its game's own form, in order, as it stands after corrections (always written)."""

    keys = (
        FileKey("hands", place=50, kind=are_objects, form="file-field-objects", most=(MAX_HANDS, "file-too-many-hands"),
                schema={"type": "array", "maxItems": MAX_HANDS, "items": {"type": "object"},
                        "description": "each hand in its game's own form, in order"}),
    )

    @override
    def write(self, state: TableState) -> dict[str, JsonValue]:
        """Every hand played, in its game's own form."""
        return {"hands": [hand.hand.to_dict() for hand in state.hands]}

    @override
    def read(self, game: Mapping[str, Any], rules: GameRules[Any, Any]) -> list[tuple[FoldAt, Event]]:
        """Each hand played, after its hand's redeals (:class:`TableFileError` for a hand its game cannot read)."""
        hands = hands_in(game)
        for number, hand in enumerate(hands, start=1):
            try:
                rules.read_hand(hand)
            except HandError as error:
                raise TableFileError((LedgerProblem.of("file-hand", hand=number), *error.problems)) from None
        return [(FoldAt.in_hand(number, 1), HandPlayed(hand_number=number, hand=hand))
                for number, hand in enumerate(hands, start=1)]


@dataclass(frozen=True, kw_only=True)
class HandPlayed(Event):
    """Hand ``hand_number`` was played: ``hand`` is what the scorekeeper entered, in the game's own form."""

    type: ClassVar[str] = "hand-played"
    file_part: ClassVar[FilePart] = HandsPart()
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
