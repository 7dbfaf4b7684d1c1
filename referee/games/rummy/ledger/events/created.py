"""``game-created``: a new game, the first event of every log: its variant and house rules, the players in turn
order, the first dealer and free-form settings.

The facts of the game keep it (:attr:`referee.games.rummy.ledger.state.facts.GameFacts.created`), so this module reads
no
state: what refuses a game at its start is :meth:`GameCreated.opening_problems`, which the fold asks, and a
second creation is always refused.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from typing_extensions import override

from referee.games.rummy.ledger.events.base import Event, Words
from referee.games.rummy.ledger.state.records import amount
from referee.ledger.names import name_problems
from referee.rules.problems import Problem
from referee.rules.variants import Variant
from referee.rules.wording import N_, Setting

__all__ = ["GameCreated"]


@dataclass(frozen=True, kw_only=True)
class GameCreated(Event):
    """A new game: variant, house rules, players in turn order, the first dealer, free-form settings."""

    type: ClassVar[str] = "game-created"
    #: Where a game file keeps it (docs/referee-game-1.schema.json).
    file_part: ClassVar[str] = ("in no deal entry: the file's top level (variant, house_rules, players, first_dealer,"
                                " settings, override)")
    variant: str
    players: tuple[str, ...]
    first_dealer: str
    house_rules: dict[str, Any] = field(default_factory=dict)
    settings: dict[str, Any] = field(default_factory=dict)

    @property
    def first_dealer_seat(self) -> int:
        """The seat of the first dealer (the first seat when the name is no player's)."""
        return self.players.index(self.first_dealer) if self.first_dealer in self.players else 0

    def opening_problems(self, variant: Variant) -> list[Problem]:
        """Every reason the rules refuse to start this game of ``variant`` (configured with the house rules): the
        players' names and count, the first dealer, the stakes."""
        problems: list[Problem] = []
        names = tuple(self.players)
        problems += name_problems(names)
        count = len(names)
        seated = variant.players_problem(count)
        if seated is not None:
            problems.append(seated)
        if self.first_dealer not in names:
            problems.append(Problem.of("unknown-first-dealer", name=self.first_dealer))
        if count == 0:
            problems.append(Problem.of("empty-name"))
        for key in ("small_stake", "large_stake"):
            value = self.settings.get(key)
            if value is not None and (amount(value) is None or float(value) < 0):
                problems.append(Problem.of("bad-setting", key=Setting(key), value=repr(value)))
        return problems

    @property
    def words(self) -> Words:
        """"Game created"."""
        return Words(N_("Game created"))

    @override
    def problems(self, state: object) -> list[Problem]:
        """A game is created once: a second creation in its log is refused."""
        return [Problem.of("already-created")]
