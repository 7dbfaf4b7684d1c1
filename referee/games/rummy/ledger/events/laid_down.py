"""``laid-down``: a player laid down the contract; ``melds`` (one notation string a meld) are checked when given
(:func:`referee.rules.contracts.check_laydown`: the contract, and extra melds where the variant allows them,
docs/rules.md D71)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import ClassVar

from referee.games.rummy.ledger.events.base import PlayerAction, Words
from referee.games.rummy.ledger.state.checks import action_problems, announced, copies
from referee.games.rummy.ledger.state.facts import GameFacts
from referee.games.rummy.ledger.state.one_turn import second_laydown_problems
from referee.games.rummy.ledger.state.records import rules_number
from referee.games.rummy.ledger.state.steps import State, with_record
from referee.rules import contracts
from referee.rules.cards import CardError, TooManyCopiesError
from referee.rules.problems import Problem
from referee.rules.wording import N_

__all__ = ["LaidDown"]


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
