"""``seats-changed``: until deal 1 ends, the players in their new turn order (moved, added or removed) and the first
dealer; what was recorded in deal 1 stays with the player who did it."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import ClassVar

from referee.games.rummy.ledger.events.base import Event, Words
from referee.games.rummy.ledger.state.facts import GameFacts
from referee.games.rummy.ledger.state.records import DealRecord
from referee.games.rummy.ledger.state.seating import Seating
from referee.games.rummy.ledger.state.steps import State
from referee.rules.problems import Problem
from referee.rules.wording import N_

__all__ = ["SeatsChanged"]


@dataclass(frozen=True, kw_only=True)
class SeatsChanged(Event):
    """Until deal 1 ends: the players in their new turn order (moved, added or removed) and the first dealer."""

    type: ClassVar[str] = "seats-changed"
    #: Where a game file keeps it (docs/referee-game-1.schema.json).
    file_part: ClassVar[str] = "in no deal entry: the file writes the seats as they are now"
    players: tuple[str, ...]
    first_dealer: str

    @property
    def words(self) -> Words:
        """"Turn order changed to Ana, Beto, Caro"."""
        return Words(N_("Turn order changed to %(players)s"), {"players": ", ".join(self.players)})

    def problems(self, state: GameFacts) -> list[Problem]:
        """After deal 1, seats the game could not start with, or deal 1's records in the way: a player who bought,
        laid down or called cannot leave, and a recorded exact cut or contract keeps deal 1's dealer and cutter."""
        if state.over:
            return [Problem.of("game-over", "seats")]
        if state.deals_played:
            return [Problem.of("seats-after-play")]
        seated = dataclasses.replace(state.created, players=tuple(self.players), first_dealer=self.first_dealer)
        problems = seated.opening_problems(state.variant)
        if problems:
            return problems
        record = state.current
        for seat, name in enumerate(state.names):
            if name not in self.players and (record.buys_of(seat) or seat in record.melded):
                problems.append(Problem.of("seat-has-actions", player=name))
            elif name not in self.players and record.calls_of(seat):
                problems.append(Problem.of("seat-has-shanghai-call", player=name))
        recorded = record.exact_cut or record.contract_index is not None
        before = state.seating
        now = Seating(state.variant, seated.players, seated.first_dealer_seat, (DealRecord(1),))
        if recorded and (now.dealer_of(1), now.cutter_of(1)) != (before.dealer_of(1), before.cutter_of(1)):
            problems.append(Problem.of("seats-change-roles", dealer=before.dealer_of(1), cutter=before.cutter_of(1)))
        return problems

    def step(self, state: State) -> State:
        """The state with the new seats; deal 1's buys, calls and lay-downs stay with their players."""
        old = state.names
        new = tuple(self.players)
        moved = {seat: new.index(name) for seat, name in enumerate(old) if name in new}
        records = []
        for record in state.records:
            buys = [0] * len(new)
            calls = [0] * len(new)
            for seat, to in moved.items():
                buys[to] = record.buys_of(seat)
                calls[to] = record.calls_of(seat)
            laid = tuple((moved[seat], melds) for seat, melds in record.laid_down if seat in moved)
            records.append(dataclasses.replace(record, buys=tuple(buys), laid_down=laid,
                                               shanghai_calls=tuple(calls) if any(calls) else ()))
        return dataclasses.replace(state, names=new, first_dealer_seat=new.index(self.first_dealer),
                                   records=tuple(records))
