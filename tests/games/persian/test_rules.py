"""The Persian games' registry (referee/games/persian/rules/__init__.py): every game of docs/table-games.md once,
in the page's order, with its English name and the players it seats, and an unknown id refused by name."""

from __future__ import annotations

import pytest

from referee.games.persian import rules
from referee.games.persian.rules.base import UnknownGame

#: The modules of referee/ this file tests (tests/test_layout.py).
TESTED = ("referee.games.persian.rules",)

#: docs/table-games.md's table of games: the id, the name its table gives and the players each seats (§1–§6;
#: Shaytan and Bluff seat 3 to 12, T30).
TABLE = [
    ("hokm", "Hokm", [4]),
    ("shelem", "Shelem", [4]),
    ("shelem-two", "Shelem for two", [2]),
    ("qahve", "Qahve", [4]),
    ("bi-del", "Hearts (Bi-del)", [3, 4]),
    ("rim", "Rim", [2]),
    ("shaytan", "Old Maid (Shaytan)", list(range(3, 13))),
    ("bluff", "Bluff", list(range(3, 13))),
]


def test_the_registry_holds_every_game_of_the_page_once_in_its_order() -> None:
    assert rules.game_ids() == tuple(game_id for game_id, _, _ in TABLE)
    assert list(rules.GAMES) == list(rules.NAMES)
    assert all(game.id == game_id for game_id, game in rules.GAMES.items())


@pytest.mark.parametrize(("game_id", "name", "players"), TABLE, ids=[row[0] for row in TABLE])
def test_each_game_is_found_and_summed_up_as_referee_variants_lists_it(game_id: str, name: str,
                                                                       players: list[int]) -> None:
    assert rules.find_game(game_id) is rules.GAMES[game_id]
    assert rules.game_name(game_id) == name
    assert rules.summary(game_id) == {"name": name, "players": players}


def test_a_game_that_is_none_of_ours_keeps_its_id_as_its_name_and_is_refused_by_name() -> None:
    assert rules.game_name("poker") == "poker"
    with pytest.raises(UnknownGame) as error:
        rules.find_game("poker")
    assert [problem.code for problem in error.value.problems] == ["unknown-game"]
    assert "'poker'" in str(error.value)
    with pytest.raises(UnknownGame):
        rules.summary("Hokm")  # ids are lower case: the name is not an id
