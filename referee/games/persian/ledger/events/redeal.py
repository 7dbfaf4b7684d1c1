"""``redeal``: the hand being played is dealt again by the same dealer, and nothing is scored — a misdeal, or
whatever the table agrees calls for one.

Decision: every game allows it (a misdeal can happen at any table). A Shelem hand where all four pass is entered
as a hand (its bidding), and the game's house rule says who deals next; a redeal records the table's own call.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from typing_extensions import override

from referee.games.persian.ledger.events.base import Event, whole_number
from referee.games.persian.ledger.events.filing import MAX_HANDS, FileKey, FilePart, FoldAt, TableFileError
from referee.games.persian.ledger.events.hand_played import being_played_problems, hands_in
from referee.games.persian.ledger.state import Facts, TableState
from referee.games.persian.ledger.wording import Words
from referee.games.persian.rules.base import GameRules, JsonValue, Problem

__all__ = ["Redeal", "RedealsPart", "are_hand_numbers"]


def are_hand_numbers(value: object) -> bool:
    """Whether a key's value is a list of whole numbers from 1."""
    return isinstance(value, list) and all(isinstance(item, int) and not isinstance(item, bool) and item >= 1
                                           for item in value)


class RedealsPart(FilePart):
    """``redeals``: the number of each hand dealt again, once per redeal (written when there is one)."""

    keys = (
        FileKey("redeals", place=60, kind=are_hand_numbers, form="file-field-whole-numbers",
                most=(MAX_HANDS, "file-too-many-hands"),
                schema={"type": "array", "maxItems": MAX_HANDS, "items": {"type": "integer", "minimum": 1},
                        "description": "the number of each hand dealt again (once per redeal), nothing scored"}),
    )

    @override
    def write(self, state: TableState) -> dict[str, JsonValue]:
        """Every redeal, by its hand's number, in order."""
        return {"redeals": list(state.redeals)} if state.redeals else {}

    @override
    def read(self, game: Mapping[str, Any], rules: GameRules[Any, Any]) -> list[tuple[FoldAt, Event]]:
        """Each redeal, before its hand (:class:`TableFileError` for a hand beyond the one after the last played)."""
        most = len(hands_in(game)) + 1
        redeals: list[int] = game.get("redeals", [])
        for number in redeals:
            if number > most:
                raise TableFileError.of("file-redeal", most=most, value=number)
        return [(FoldAt.in_hand(number, 0), Redeal(hand_number=number)) for number in redeals]


@dataclass(frozen=True, kw_only=True)
class Redeal(Event):
    """Hand ``hand_number`` (the one being played) is dealt again; the dealer stays."""

    type: ClassVar[str] = "redeal"
    file_part: ClassVar[FilePart] = RedealsPart()
    hand_number: int = whole_number()

    def problems(self, state: TableState) -> tuple[Problem, ...]:
        """The game over, or another hand being played (a stale form)."""
        return being_played_problems(state, self.hand_number)

    def apply(self, state: TableState) -> Facts:
        """One more redeal of this hand on the record; the score does not change."""
        return dataclasses.replace(state.facts, redeals=(*state.facts.redeals, self.hand_number))

    def words(self, state: TableState) -> Words:
        """"hand 4 dealt again by Dara, nothing scored"."""
        return Words.of("log-redeal", hand=self.hand_number, dealer=state.dealer)
