"""The Persian table games' rules engine (docs/table-games.md): pure, standard library only, strictly typed.

:mod:`.base` holds what every game shares and the protocol each game module follows; each game is one module
whose ``GAMES`` lists its :class:`~.base.GameRules`. This registry gathers them: adding a game is its module and
one entry in ``_MODULES`` below.
"""

from __future__ import annotations

from typing import Any

from referee.games.persian.rules import bidel, hokm, qahve, rim, shelem, tally
from referee.games.persian.rules.base import N_, GameRules, JsonValue, Problem, UnknownGame, quote

__all__ = ["GAMES", "NAMES", "find_game", "game_ids", "game_name", "summary"]

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


#: Each game's name in English, as its table says it: the catalogue's message id, which a page says in its
#: language and the command line as it is.
NAMES: dict[str, str] = {
    "hokm": N_("Hokm"),
    "shelem": N_("Shelem"),
    "shelem-two": N_("Shelem for two"),
    "qahve": N_("Qahve"),
    "bi-del": N_("Hearts (Bi-del)"),
    "rim": N_("Rim"),
    "shaytan": N_("Old Maid (Shaytan)"),
    "bluff": N_("Bluff"),
}


def game_name(game_id: str) -> str:
    """The game's name in English (its id when it is none of ours).

    >>> game_name("bi-del"), game_name("poker")
    ('Hearts (Bi-del)', 'poker')
    """
    return NAMES.get(game_id, game_id)


def summary(game_id: str) -> dict[str, JsonValue]:
    """The game as ``referee variants`` lists it: its English name and the player counts it seats.

    >>> summary("bi-del")
    {'name': 'Hearts (Bi-del)', 'players': [3, 4]}
    """
    return {"name": game_name(game_id), "players": list(find_game(game_id).players)}


def game_ids() -> tuple[str, ...]:
    """The ids of every game the registry holds."""
    return tuple(GAMES)


def find_game(game_id: str) -> GameRules[Any, Any]:
    """The game called ``game_id``, or :class:`~.base.UnknownGame` quoting it."""
    try:
        return GAMES[game_id]
    except KeyError:
        raise UnknownGame((Problem.of("unknown-game", game=quote(game_id)),)) from None
