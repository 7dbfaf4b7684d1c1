"""``buy``: a player bought the discard; the chips and the buys left are the sheet's
(:mod:`referee.games.rummy.ledger.state.chips`)."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Annotated, Any, ClassVar

from pydantic import Field
from typing_extensions import override

from referee.games.rummy.ledger.events.base import Event, PlayerAction, Words
from referee.games.rummy.ledger.events.filing import MAX_PLAYERS, DealPart, EntryKey
from referee.games.rummy.ledger.state.checks import action_problems, announced, buy_problems, no_chips
from referee.games.rummy.ledger.state.chips import exact_cut_reward
from referee.games.rummy.ledger.state.facts import GameFacts
from referee.games.rummy.ledger.state.records import MAX_BUYS_PER_DEAL, DealRecord, buy_ceiling
from referee.games.rummy.ledger.state.steps import State, bump, with_record
from referee.ledger.gamefile import GameFileError, name_shown, shown
from referee.rules.problems import Problem
from referee.rules.variants import Variant
from referee.rules.wording import N_

__all__ = ["Buy", "BuyEntry"]

# A player's buys in a deal: held to 12, or the chips the table gave where more (docs/rules.md D73), by
# BuyEntry.check before a single event is made; the model only by the sizes' check.
Count = Annotated[int, Field(ge=0)]


class BuyEntry(DealPart):
    """``buys``: how many times each player bought in the deal (always written, those who bought)."""

    keys = (
        EntryKey("buys", Annotated[dict[str, Count], Field(max_length=MAX_PLAYERS)], {}, place=30, written=40,
                 form="counts", of_player=("count-of", MAX_BUYS_PER_DEAL)),
    )
    reads_at = 40

    @override
    def write(self, facts: GameFacts, record: DealRecord, before: DealRecord | None) -> dict[str, Any]:
        """Each player's buys, by those who bought."""
        names = facts.names
        return {"buys": {names[seat]: record.buys_of(seat) for seat in range(len(names)) if record.buys_of(seat)}}

    @override
    def read(self, entry: Mapping[str, Any], number: int, variant: Variant) -> list[Event]:
        """One buy event a buy."""
        return [Buy(deal=number, player=name) for name, count in entry["buys"].items() for _ in range(count)]

    def check(self, variant: Variant, entries: Sequence[Mapping[str, Any]]) -> None:
        """Refuse more buys by one player in one deal than the ledger would ever record (docs/rules.md D73): above
        12 only up to the chips the table gave, the game's chips and one for every exact cut that earned one so far
        (the entry's ``exact_cut``)."""
        chips = variant.buy.per_game if variant.buy.enabled else None
        for number, entry in enumerate(entries, start=1):
            earned = exact_cut_reward(variant, deal=number) if entry["exact_cut"] and chips is not None else None
            chips = chips + earned.chips if chips is not None and earned is not None else chips
            ceiling = buy_ceiling(chips)
            for name, count in entry["buys"].items():
                if count > ceiling:
                    raise GameFileError.of("file-deal-field", "count-of", deal=number, field="buys",
                                           player=name_shown(name), max=ceiling, value=shown(count))


@dataclass(frozen=True, kw_only=True)
class Buy(PlayerAction):
    """A player bought the discard."""

    type: ClassVar[str] = "buy"
    file_part: ClassVar[DealPart] = BuyEntry()

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
