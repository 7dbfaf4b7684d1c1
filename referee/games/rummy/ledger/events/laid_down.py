"""``laid-down``: a player laid down the contract; ``melds`` (one notation string a meld) are checked when given
(:func:`referee.rules.contracts.check_laydown`: the contract, and extra melds where the variant allows them,
docs/rules.md D71)."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Annotated, Any, ClassVar

from pydantic import Field
from typing_extensions import override

from referee.games.rummy.ledger.events.base import Event, PlayerAction, Words
from referee.games.rummy.ledger.events.filing import MAX_MELDS, MAX_PLAYERS, CardText, DealPart, EntryKey, bad_cards
from referee.games.rummy.ledger.state.checks import action_problems, announced, copies
from referee.games.rummy.ledger.state.facts import GameFacts
from referee.games.rummy.ledger.state.one_turn import second_laydown_problems
from referee.games.rummy.ledger.state.records import DealRecord, rules_number
from referee.games.rummy.ledger.state.steps import State, with_record
from referee.rules import contracts
from referee.rules.cards import CardError, TooManyCopiesError, parse_cards
from referee.rules.problems import Problem
from referee.rules.variants import Variant
from referee.rules.wording import N_

__all__ = ["LaidDown", "LaidDownEntry"]

Melds = Annotated[list[str], Field(max_length=MAX_MELDS)]


class LaidDownEntry(DealPart):
    """``laid_down``: who laid down in the deal, in the order they did, with their melds if known (written where
    anyone did)."""

    keys = (
        EntryKey("laid_down", Annotated[dict[str, Melds], Field(max_length=MAX_PLAYERS)], {}, place=50, written=70,
                 form="laid-down", of_player=("melds-of", MAX_MELDS)),
    )
    reads_at = 50

    @override
    def write(self, facts: GameFacts, record: DealRecord, before: DealRecord | None) -> dict[str, Any]:
        """Each lay-down's melds, by the player."""
        if not record.laid_down:
            return {}
        return {"laid_down": {facts.names[seat]: list(melds) for seat, melds in record.laid_down}}

    @override
    def read(self, entry: Mapping[str, Any], number: int, variant: Variant) -> list[Event]:
        """One event a lay-down; GameFileError for a meld that is not cards."""
        events: list[Event] = []
        for name, melds in entry["laid_down"].items():
            for meld in melds:
                try:
                    parse_cards(meld)
                except CardError as error:
                    raise bad_cards(number, name, meld, error, meld=True) from None
            events.append(LaidDown(deal=number, player=name, melds=tuple(melds)))
        return events

    @override
    def cards(self, entry: Mapping[str, Any]) -> list[CardText]:
        """Every meld."""
        return [("meld", name, meld) for name, melds in entry["laid_down"].items() for meld in melds]


def contract_problems(state: GameFacts, seat: int, melds: tuple[str, ...]) -> list[Problem]:
    """Why these melds are no lay-down: the contract, and extra melds where the variant allows them (D71)."""
    try:
        verdict = contracts.check_laydown(
            state.variant, rules_number(state.current), list(melds), players=len(state.names), contract=state.contract
        )
    except TooManyCopiesError as error:
        return [copies("melds", error)]
    except CardError as error:
        return [Problem.of("bad-cards", "melds", player=state.names[seat], token=error.token)]
    return list(verdict.problems)


@dataclass(frozen=True, kw_only=True)
class LaidDown(PlayerAction):
    """A player laid down the contract; ``melds`` (one notation string a meld) are checked when given."""

    type: ClassVar[str] = "laid-down"
    file_part: ClassVar[DealPart] = LaidDownEntry()
    melds: tuple[str, ...] = ()

    @property
    def words(self) -> Words:
        """"Deal 3: Ana laid down"."""
        return Words(N_("Deal %(num)d: %(player)s laid down"), {"num": self.deal, "player": self.player})

    def problems(self, state: GameFacts) -> list[Problem]:
        """Not the deal under way, a player who is not playing or already laid down, the contract not announced, a
        second lay-down the game does not allow, or melds that are not the contract."""
        found = action_problems(state, self)
        if found:
            return found
        record = state.current
        seat = state.names.index(self.player)
        if seat in record.melded:
            return [Problem.of("already-laid-down", player=self.player, deal=record.number)]
        problems = announced(state) + second_laydown_problems(state.variant, state.names, record, self.player)
        if self.melds and not problems:
            problems += contract_problems(state, seat, self.melds)
        return problems

    def step(self, state: State) -> State:
        """The player's melds on the deal under way's record, after the others'."""
        record = state.current
        laid = (*record.laid_down, (state.names.index(self.player), tuple(self.melds)))
        return with_record(state, dataclasses.replace(record, laid_down=laid), self.override)
