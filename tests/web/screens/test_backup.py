"""Restore a game from its referee-game/1 file (a new game, new links) and delete a game for good."""

from __future__ import annotations

import io
import json
import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlmodel import Session, func, select

from referee.games.rummy.ledger import exchange
from referee.ledger import store
from tests.games.rummy.web.table.test_table import Table, new_game, play_whole_game, text_of
from tests.games.rummy.web.table.test_table import table as table  # noqa: F401 — a fixture: one game of four, as the table tests play it
from tests.html_forms import Forms


def rows(app: Flask) -> dict[str, int]:
    """How many rows each of the ledger's tables holds."""
    with Session(app.extensions["referee.db"]) as session:
        return {model.__tablename__: int(session.exec(select(func.count()).select_from(model)).one())
                for model in (store.Game, store.GamePlayer, store.GameEvent, store.RetiredToken, store.GameLink)}


def upload(client: FlaskClient, content: bytes, name: str = "game.json") -> Any:
    html = client.get("/games/restore").get_data(as_text=True)
    data = {**Forms(html).form(""), "game_file": (io.BytesIO(content), name)}
    return client.post("/games/restore", data=data, content_type="multipart/form-data")


def exported(table: Table) -> dict[str, Any]:
    response = table.client.get(table.base + "/export.json")
    assert response.status_code == 200
    return dict(json.loads(response.get_data(as_text=True)))


def test_a_game_comes_back_from_its_file_as_a_new_game(client: FlaskClient, app: Flask, table: Table) -> None:
    for out, hands in [("Beto", {"Ana": "K 7 JK", "Caro": "25", "Dani": "A A"}), ("Caro", {"Ana": "5", "Beto": "3",
                                                                                          "Dani": "0"})]:
        assert table.end_deal(out, hands).status_code == 303
    assert table.act("/buy", player="Dani").status_code == 303
    original = exported(table)
    response = upload(client, json.dumps(original).encode())
    assert response.status_code == 303
    match = re.match(r"/g/([^/]+)/share", response.headers["Location"])
    assert match
    assert match.group(1) != table.token
    restored = Table(client, app, match.group(1))
    assert restored.state().sheet.totals == table.state().sheet.totals == {"Ana": 37, "Beto": 3, "Caro": 25, "Dani": 22}
    assert restored.state().chips.buys_this_deal == {"Ana": 0, "Beto": 0, "Caro": 0, "Dani": 1}
    copy = exported(restored)
    assert {k: v for k, v in copy.items() if k != "log"} == {k: v for k, v in original.items() if k != "log"}
    assert match.group(1) in client.get_cookie("referee_games").value  # type: ignore[union-attr]
    assert "restored as a new game" in text_of(client.get(response.headers["Location"]))
    assert rows(app)["game"] == 2  # the original is untouched


def test_a_finished_game_comes_back_finished(client: FlaskClient, app: Flask, table: Table) -> None:
    play_whole_game(table)
    response = upload(client, json.dumps(exported(table)).encode())
    assert response.status_code == 303
    restored = Table(client, app, response.headers["Location"].split("/")[2])
    assert restored.state().over
    assert restored.state().sheet.standings == table.state().sheet.standings


def test_bad_files_are_refused_in_one_line_and_nothing_is_created(client: FlaskClient, app: Flask) -> None:
    cases = [
        (b"not json at all", "the file is not JSON"),
        (b'{"format": "referee-game/1", "variant": "telefunken", "players": ["A", "B", "C"], "n": '
         + b"9" * 5000 + b"}", "a number of 5000 digits"),
        (b'{"format": "something-else/2"}', "not a referee-game/1 file"),
        (b"[" * 100_000 + b"]" * 100_000, "nested"),
        (b"\xff\xfe garbage", "not UTF-8"),
    ]
    before = rows(app)
    for content, message in cases:
        response = upload(client, content)
        assert response.status_code == 422, content[:40]
        html = text_of(response)
        assert "This file cannot be restored" in html, (content[:40], html[-1500:])
        assert message in html, (content[:40], html[-1500:])
    assert rows(app) == before


def test_a_file_the_rules_refuse_is_refused_with_their_reasons(client: FlaskClient, app: Flask) -> None:
    game = {"format": "referee-game/1", "variant": "telefunken", "players": ["Ana", "Ana", "Caro"],
            "first_dealer": "Ana", "deals": []}
    response = upload(client, json.dumps(game).encode())
    assert response.status_code == 422
    assert "The rules refuse this game as the file tells it" in text_of(response)
    assert rows(app)["game"] == 0


@pytest.mark.parametrize(("players", "reason"), [
    (["Ana", "Beto"], "needs at least 3 players, not 2"),
    (["Ana", "Beto", "Caro", "Dani", "Eli", "Fede"], "takes at most 5 players, not 6"),
])
def test_too_many_players_are_refused_as_too_few_are(
    client: FlaskClient, app: Flask, players: list[str], reason: str
) -> None:
    game = {"format": "referee-game/1", "variant": "telefunken", "players": players, "first_dealer": "Ana",
            "deals": []}
    response = upload(client, json.dumps(game).encode())
    assert response.status_code == 422
    html = text_of(response)
    assert "The rules refuse this game as the file tells it" in html
    assert reason in html
    assert rows(app)["game"] == 0


def test_a_file_over_the_size_limit_is_refused_with_413(client: FlaskClient, app: Flask) -> None:
    response = upload(client, b" " * (2 * 1024 * 1024))
    assert response.status_code == 413
    assert "That was too much to send" in text_of(response)
    assert rows(app)["game"] == 0


def test_no_file_says_so(client: FlaskClient) -> None:
    html = client.get("/games/restore").get_data(as_text=True)
    response = client.post("/games/restore", data=Forms(html).form(""))
    assert response.status_code == 422
    assert "Choose the game’s file." in text_of(response)


def test_deleting_a_game_asks_first_then_removes_every_row(client: FlaskClient, app: Flask, table: Table) -> None:
    other = new_game(client, app, ["Eva", "Fede", "Gabi"])
    assert table.end_deal("Beto", {"Ana": "5", "Caro": "3", "Dani": "4"}).status_code == 303
    assert client.post(table.base + "/share/replace-view", data=table.form("/share", "/replace-view")).status_code \
        == 303
    assert 'data-testid="delete-link"' in table.get("/sheet")
    page = table.get("/delete")
    assert "Delete this game?" in page
    assert "It cannot be undone." in page
    assert "/export.json" in page
    assert rows(app)["game"] == 2  # asking deleted nothing
    response = table.post("/delete", Forms(page).form(""))
    assert response.status_code == 303
    assert response.headers["Location"] == "/games"
    assert rows(app) == {"game": 1, "game_player": 3, "game_event": 1, "retired_token": 0, "game_link": 0}
    assert "The game was deleted" in text_of(client.get("/games"))
    assert client.get(table.base).status_code == 404
    assert table.token not in (client.get_cookie("referee_games").value or "")  # type: ignore[union-attr]
    assert other.state().players == ("Eva", "Fede", "Gabi")


@pytest.mark.usefixtures("client")
def test_a_forged_delete_deletes_nothing(app: Flask, table: Table) -> None:
    response = table.post("/delete", {"csrf_token": "forged"})
    assert response.status_code == 400
    assert "Nothing was saved" in text_of(response)
    assert "Delete the game for good" in text_of(response)
    assert rows(app)["game"] == 1
    assert exchange.export_game(table.state())["players"] == ["Ana", "Beto", "Caro", "Dani"]
