"""``buy``: a player bought the discard; the chips and the buys left are the sheet's
(:mod:`referee.games.rummy.ledger.state.chips`)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import ClassVar

from referee.games.rummy.ledger.events.base import PlayerAction, Words
from referee.games.rummy.ledger.state.checks import action_problems, announced, buy_problems, no_chips
from referee.games.rummy.ledger.state.facts import GameFacts
from referee.games.rummy.ledger.state.steps import State, bump, with_record
from referee.rules.problems import Problem
from referee.rules.wording import N_

__all__ = ["Buy"]


@dataclass(frozen=True, kw_only=True)
class Buy(PlayerAction):
    """A player bought the discard."""

    type: ClassVar[str] = "buy"

    @property
    def words(self) -> Words:
        """"Deal 3: Ana bought"."""
        return Words(N_("Deal %(num)d: %(player)s bought"), {"num": self.deal, "player": self.player})

    def problems(self, state: GameFacts) -> list[Problem]:
        """Not the deal under way, a player who is not playing, the contract not announced, no buying (in the game
        or this deal), the deal's limit reached, no chips left, or a buy after laying down where that is
        refused."""
        found = action_problems(state, self)
        if found:
            return found
        record = state.current
        seat = state.names.index(self.player)
        problems = announced(state) + buy_problems(state, seat, record)
        left = state.chips.chips_left[self.player]
        if left is not None and left <= 0 and all(p.code != "no-buying" for p in problems):
            problems.append(no_chips(state, seat))
        if seat in record.melded and not state.variant.buy.after_melding:
            problems.append(Problem.of("buy-after-melding", player=self.player, variant=state.variant.named))
        return problems

    def step(self, state: State) -> State:
        """One more buy for the player in the deal under way."""
        record = state.current
        buys = bump(record.buys, state.names.index(self.player), len(state.names))
        return with_record(state, dataclasses.replace(record, buys=buys), self.override)
