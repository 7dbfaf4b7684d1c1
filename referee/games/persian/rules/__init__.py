"""The Persian table games' rules engine (docs/table-games.md): pure, standard library only, strictly typed.

:mod:`.base` holds what every game shares and the protocol each game module follows; each game is one module
whose ``GAMES`` lists its :class:`~.base.GameRules`. This registry gathers them: adding a game is its module and
one entry in ``_MODULES`` below.
"""

from __future__ import annotations

from typing import Any

from referee.games.persian.rules import bidel, hokm, qahve, rim, shelem, tally
from referee.games.persian.rules.base import GameRules, Problem, UnknownGame, quote

__all__ = ["GAMES", "find_game", "game_ids"]

#: Every game module, each with its ``GAMES`` (docs/table-games.md §1–§6).
_MODULES: tuple[Any, ...] = (
    hokm,
    shelem,
    qahve,
    bidel,
    rim,
    tally,
)

#: Every game by id, in the order the table games' page lists them.
GAMES: dict[str, GameRules[Any, Any]] = {rules.id: rules for module in _MODULES for rules in module.GAMES}


def game_ids() -> tuple[str, ...]:
    """The ids of every game the registry holds."""
    return tuple(GAMES)


def find_game(game_id: str) -> GameRules[Any, Any]:
    """The game called ``game_id``, or :class:`~.base.UnknownGame` quoting it."""
    try:
        return GAMES[game_id]
    except KeyError:
        raise UnknownGame((Problem.of("unknown-game", game=quote(game_id)),)) from None
