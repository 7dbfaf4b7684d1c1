"""What the lay-off and exchange checks are asked (:class:`LayoffContext`) and answer (the verdicts)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Literal

from referee.rules.cards import Card
from referee.rules.melds import Meld
from referee.rules.problems import Problem, ProblemError

Owner = Literal["own", "other"]


class LayoffInputError(ProblemError):
    """The meld on the table, the cards offered or the context cannot be read as given.

    >>> str(LayoffInputError("layoff-no-cards"))
    'no cards given to lay off'
    """


@dataclass(frozen=True)
class LayoffContext:
    """What the rules need to know about the table; None means "not said" and takes the default.

    - ``owner``: whose meld it is, ``"own"`` or ``"other"`` (default: another player's).
    - ``part_of_contract``: the meld was laid to fulfil its owner's contract (default: no).
    - ``pure_trio``: the meld is the deal-1 pure trío (default: no).
    - ``player_has_melded``: the player acting has laid their contract in this deal (default: yes).
    - ``contract_turn``: this is the turn the acting player lays (or laid) their contract (default: no).
    - ``run_order``: the run as it lies on the table, low to high, which fixes where its wilds stand
      (default: the meld's cards in the order given, or else the arrangement the engine finds).
    - ``deal``: the deal number (default: not a deal that must be gone out in one turn).
    - ``players``: players at the table, for the number of decks (default: the most decks the variant uses).
    """

    owner: Owner | None = None
    part_of_contract: bool | None = None
    pure_trio: bool | None = None
    player_has_melded: bool | None = None
    contract_turn: bool | None = None
    run_order: str | tuple[Card, ...] | None = None
    deal: int | None = None
    players: int | None = None


UNKNOWN_CONTEXT = LayoffContext()
"""A context that says nothing: every fact takes its default (and the verdict names the ones relied on)."""


@dataclass(frozen=True)
class LayoffVerdict:
    """The answer to "may these cards extend that meld?"."""

    allowed: bool
    problems: tuple[Problem, ...]
    meld: Meld | None  # the meld after the lay-off (the first option) when allowed
    options: tuple[Meld, ...]  # every way the cards can go (a joker at the low or the high end…)
    assumptions: tuple[Problem, ...]  # the defaults of the context that the answer relied on
    #: Whether the one card offered fits the meld whoever holds it (melded or not), so that a "Shanghai!" call on
    #: it as a discard is valid (docs/rules.md D39, D70); None where the question does not arise: a game without
    #: the call, several cards offered, or a new meld rather than a lay-off.
    shanghai_call: bool | None = None

    def __bool__(self) -> bool:
        return self.allowed

    @property
    def messages(self) -> tuple[str, ...]:
        """The problems as English sentences."""
        return tuple(p.message for p in self.problems)


class SwapDestination(StrEnum):
    """Where the wild card taken from a meld goes."""

    RUN_END = "run-end"  # moved to an end of the same run (Venezuela's run joker)
    HAND = "hand"  # into the swapper's hand
    OWN_CONTRACT = "own-contract"  # straight into the contract the swapper lays this turn (Ecuador)
    NEW_RUN = "new-run"  # straight into a new run of the swapper's, this turn (Peru v1)

    def describe(self) -> str:
        """English, for the screens."""
        return _DESTINATION_TEXT[self]


_DESTINATION_TEXT = {
    SwapDestination.RUN_END: "it moves to an end of the run",
    SwapDestination.HAND: "it goes into your hand",
    SwapDestination.OWN_CONTRACT: "it must go at once into the contract you lay this turn",
    SwapDestination.NEW_RUN: "it must go at once into a new run of yours",
}


@dataclass(frozen=True)
class SwapVerdict:
    """The answer to "may I take that wild card by giving these natural cards?"."""

    allowed: bool
    problems: tuple[Problem, ...]
    meld: Meld | None  # the meld after the exchange (the first option) when allowed
    wild: Card | None  # the wild card taken out of the meld
    destination: SwapDestination | None  # where that wild goes
    options: tuple[Meld, ...]  # every resulting meld (a run joker moved to the low or the high end…)
    taken: tuple[Card, ...]  # the wild each option takes (a set holding a joker and a 2 gives a choice)
    assumptions: tuple[Problem, ...]

    def __bool__(self) -> bool:
        return self.allowed

    @property
    def messages(self) -> tuple[str, ...]:
        """The problems as English sentences."""
        return tuple(p.message for p in self.problems)
