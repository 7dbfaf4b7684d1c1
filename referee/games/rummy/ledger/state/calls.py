"""Shanghai calls (docs/rules.md §9.1, D39): who called "Shanghai!" in each deal, whether the deal screen offers to
record one, and why the rules refuse one (a read-model of the state).

A call is kept for the record, like a buy but counted apart: it is no May-I (no buy is spent and no penalty card
drawn), needs no lay-down by the caller, and changes no score; the card the discarder then draws from the caller's
hand is not the referee's to see. Nothing limits how many calls a player makes (D70).
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.games.rummy.ledger.state.records import MAX_CALLS_PER_DEAL, DealRecord, rules_number
from referee.games.rummy.ledger.state.seating import SeatedView
from referee.rules.problems import Problem
from referee.rules.variants import Variant

__all__ = ["ShanghaiCalls", "call_problems"]


@dataclass(frozen=True)
class ShanghaiCalls(SeatedView):
    """The Shanghai calls of a game at one point of the log, and what the deal screen shows of them."""

    @property
    def offered(self) -> bool:
        """The deal screen offers to record a call: the game has the Shanghai call and the deal under way is not
        one that must be gone out in one turn (no meld lies on the table there until the deal ends)."""
        if not self.variant.shanghai_call:
            return False
        return not self.variant.deal(self.rules_deal).go_out_in_one_turn

    def of(self, record: DealRecord) -> dict[str, int]:
        """The calls in one deal, by the players who made any."""
        return {name: record.calls_of(seat) for seat, name in enumerate(self.names) if record.calls_of(seat)}

    @property
    def this_deal(self) -> dict[str, int]:
        """The calls in the deal under way, by the players who made any."""
        return self.of(self.records[-1])


def call_problems(variant: Variant, record: DealRecord, seat: int, player: str) -> list[Problem]:
    """Why a "Shanghai!" call by ``player`` (in ``seat``, known and playing) cannot be recorded in ``record``'s deal.

    A call needs a meld on the table to lay the discard off onto: a game with the call, a deal not gone out in one
    turn, and someone laid down in it (docs/rules.md D39, D70). The table may record one anyway (an override), but
    not a 13th by one player in one deal, which no game file could hold.
    """
    problems: list[Problem] = []
    if record.calls_of(seat) >= MAX_CALLS_PER_DEAL:
        problems.append(Problem.of("too-many-calls", player=player, limit=MAX_CALLS_PER_DEAL, deal=record.number))
    if not variant.shanghai_call:
        return [*problems, Problem.of("no-shanghai-call", variant=variant.named)]
    if variant.deal(rules_number(record)).go_out_in_one_turn:
        problems.append(Problem.of("shanghai-call-one-turn-deal", deal=record.number))
    elif not record.laid_down:
        problems.append(Problem.of("shanghai-call-nothing-laid", deal=record.number))
    return problems
