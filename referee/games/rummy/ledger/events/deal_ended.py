"""``deal-ended``: the deal under way ended: who went out (None: nobody) and the cards or points left in every other
hand; the next deal begins, unless it was the last. Its points are the sheet's
(:mod:`referee.games.rummy.ledger.state.sheet`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Annotated, Any, ClassVar, Literal

from pydantic import MISSING, Field
from typing_extensions import override

from referee.games.rummy.ledger.events.base import Event, HandValue, ResultFields, Words
from referee.games.rummy.ledger.events.filing import (
    MAX_HAND_POINTS,
    MAX_PLAYERS,
    CardText,
    DealPart,
    EntryKey,
    EntryRefused,
    bad_cards,
)
from referee.games.rummy.ledger.state.checks import announced, hand_problems, in_deal_problems
from referee.games.rummy.ledger.state.facts import GameFacts
from referee.games.rummy.ledger.state.one_turn import bonus_problems, went_out_problems
from referee.games.rummy.ledger.state.records import DealRecord
from referee.games.rummy.ledger.state.steps import State, with_record
from referee.ledger.gamefile import Thousands, shown
from referee.rules.cards import CardError, parse_cards
from referee.rules.problems import Problem
from referee.rules.variants import Variant
from referee.rules.wording import N_

__all__ = ["DealEnded", "ResultEntry"]

Points = Annotated[int, Field(ge=0, le=MAX_HAND_POINTS)]


class ResultEntry(DealPart):
    """``went_out``, ``hands`` and ``out_in_one_turn``: how a deal that ended ended (the entry's ``ended``, true
    unless said otherwise, says whether it did)."""

    keys = (
        EntryKey("went_out", str | None | MISSING, Field(default=MISSING, description="required when the deal ended"),
                 place=60, written=80, form="went-out"),
        EntryKey("hands", Annotated[dict[str, str | Points], Field(max_length=MAX_PLAYERS)] | MISSING,
                 Field(default=MISSING, description="required when the deal ended: cards in the notation, or points"),
                 place=70, written=90, form="hands", of_player=("hand-of", Thousands(MAX_HAND_POINTS))),
        EntryKey("out_in_one_turn", Literal["with-wild", "without-wild"] | None,
                 Field(default=None,
                       description="the player who went out did it in one turn, with a wild card or without"),
                 place=90, written=100, form="out-in-one-turn"),
    )
    reads_at = 70
    # What refuse() checks, said in the schema: a deal that ended has "went_out" and "hands".
    schema = {"if": {"not": {"required": ["ended"], "properties": {"ended": {"const": False}}}},
              "then": {"required": ["went_out", "hands"]}}

    @override
    def write(self, facts: GameFacts, record: DealRecord, before: DealRecord | None) -> dict[str, Any]:
        """Who went out and what was left in each hand, once the deal ended."""
        if not record.ended:
            return {}
        names = facts.names
        written: dict[str, Any] = {
            "went_out": names[record.went_out] if record.went_out is not None else None,
            "hands": {names[seat]: value for seat, value in record.hands},
        }
        if record.out_in_one_turn is not None:
            written["out_in_one_turn"] = record.out_in_one_turn
        return written

    @override
    def read(self, entry: Mapping[str, Any], number: int, variant: Variant) -> list[Event]:
        """The deal's end, if it ended; GameFileError for a hand that is not cards."""
        if not entry["ended"]:
            return []
        for name, value in entry["hands"].items():
            if isinstance(value, str):
                try:
                    parse_cards(value, allow_bare_rank=True)
                except CardError as error:
                    raise bad_cards(number, name, value, error, meld=False) from None
        return [DealEnded(deal=number, went_out=entry["went_out"], hands=dict(entry["hands"]),
                          out_in_one_turn=entry["out_in_one_turn"])]

    def refuse(self, entry: Mapping[str, Any]) -> None:
        """A deal that ended says who went out and what was left in the hands."""
        if entry["ended"] and entry["went_out"] is MISSING:
            raise EntryRefused("file-no-went-out")
        if entry["ended"] and entry["hands"] is MISSING:
            raise EntryRefused("file-deal-field", "hands", field="hands", value=shown(None))

    @override
    def cards(self, entry: Mapping[str, Any]) -> list[CardText]:
        """Every hand given as cards."""
        hands = entry["hands"] if entry["hands"] is not MISSING else {}
        return [("hand", name, value) for name, value in hands.items() if isinstance(value, str)]


@dataclass(frozen=True, kw_only=True)
class DealEnded(ResultFields):
    """A deal ended: who went out (None: nobody) and the cards or points left in every other hand."""

    type: ClassVar[str] = "deal-ended"
    file_part: ClassVar[DealPart] = ResultEntry()

    @property
    def words(self) -> Words:
        """"Deal 3 ended: Ana went out", or "Deal 3 ended: nobody went out"."""
        if self.went_out is None:
            return Words(N_("Deal %(num)d ended: nobody went out"), {"num": self.deal})
        return Words(N_("Deal %(num)d ended: %(player)s went out"), {"num": self.deal, "player": self.went_out})

    def problems(self, state: GameFacts) -> list[Problem]:
        """Not the deal under way, the contract not announced, hands missing or unreadable, or who went out could
        not have (:func:`referee.games.rummy.ledger.state.checks.hand_problems`,
        :mod:`referee.games.rummy.ledger.state.one_turn`)."""
        found = in_deal_problems(state, self)
        if found:
            return found
        problems, _ = hand_problems(state, self.went_out, self.hands)
        return (announced(state) + problems
                + went_out_problems(state.variant, state.names, state.current, self.went_out)
                + bonus_problems(state.variant, self.went_out, self.out_in_one_turn))

    @override
    def leniently(self, state: GameFacts) -> DealEnded | None:
        """The end of the deal under way cut down to what the rules can take, to score the rest: every player's hand
        (0 for one missing, negative or unreadable), nobody out if who went out plays not; None for another deal or
        a game over."""
        if self.deal != state.deal_number or state.over:
            return None
        hands: dict[str, HandValue] = {}
        for name in state.players:
            value = self.hands.get(name, 0)
            if isinstance(value, int) and value < 0:
                value = 0
            if isinstance(value, str):
                try:
                    parse_cards(value, allow_bare_rank=True)
                except CardError:
                    value = 0
            hands[name] = value
        went_out = self.went_out if self.went_out in state.players else None
        return DealEnded(deal=self.deal, went_out=went_out, hands=hands, override="the file says so")

    def step(self, state: State) -> State:
        """The deal under way ended with this result; the next one begins, unless it was the last."""
        names = state.names
        winner = names.index(self.went_out) if self.went_out is not None else None
        hands = tuple(sorted((names.index(k), v) for k, v in self.hands.items()))
        record = dataclasses.replace(state.current, ended=True, went_out=winner, hands=hands,
                                     out_in_one_turn=self.out_in_one_turn)
        after = with_record(state, record, self.override)
        if record.number < len(state.variant.deals):
            following = DealRecord(record.number + 1, away=record.away)
            after = dataclasses.replace(after, records=(*after.records, following))
        return after
