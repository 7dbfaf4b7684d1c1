"""The solver's answer about a hand, and the errors of bad input."""

from __future__ import annotations

from dataclasses import dataclass

from referee.rules.cards import Card
from referee.rules.melds import Meld
from referee.rules.problems import Problem, ProblemError
from referee.rules.variants import Contract, Requirement

MAX_HAND = 30
"""The most cards a hand may hold for :func:`solve`."""


# --------------------------------------------------------------------------------------------------
# The answer
# --------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Solution:
    """The referee's answer about a hand.

    ``possible``: the hand holds the contract (a go-out deal: the whole hand goes down at once).
    ``contract``: the contract used (of a deal's alternatives, the one that fits, else the closest).
    ``melds``: the contract's melds, one per requirement met, in the contract's order; in a go-out deal
    followed by every further meld laid down. ``requirements`` is aligned with ``melds``: the requirement
    each meld makes, None for a further meld. ``left``: the cards not laid down (in a go-out deal, the card
    to discard). ``missing``: what is missing, in words for people (empty when possible).
    """

    possible: bool
    contract: Contract
    melds: tuple[Meld, ...]
    requirements: tuple[Requirement | None, ...]
    left: tuple[Card, ...]
    missing: tuple[Problem, ...] = ()
    go_out: bool = False

    def __bool__(self) -> bool:
        return self.possible

    @property
    def contract_melds(self) -> tuple[Meld, ...]:
        """The melds that make the contract's requirements (not the further melds of a go-out deal)."""
        return tuple(m for m, r in zip(self.melds, self.requirements, strict=True) if r is not None)

    @property
    def messages(self) -> tuple[str, ...]:
        """What is missing, as English sentences."""
        return tuple(p.message for p in self.missing)


class HandSizeError(ProblemError):
    """A hand of no cards, or of more than :data:`MAX_HAND` (``hand-size``)."""


class ContractChoiceError(ProblemError):
    """The contract asked for is not one of the deal's (``no-such-contract-choice``)."""
