"""The players' screens over HTTP: the list of players and one player's record, reached from My games and from the
game-over screen, in the four languages; only this phone's games (and their series) are counted."""

from __future__ import annotations

import html
import re

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlmodel import Session

from referee.games.rummy.ledger.events import Event
from referee.ledger import store
from tests.records.games import ANA_WINS, BETO_WINS, ENDED_EARLY


def saved(app: Flask, events: list[Event]) -> store.Game:
    """A game holding ``events`` (its links new)."""
    with Session(app.extensions["referee.db"]) as session:
        game = store.restore_game(session, events=events)
        session.expunge(game)
        return game


def rematch(app: Flask, new: store.Game, old: store.Game) -> None:
    assert new.id is not None
    assert old.id is not None
    with Session(app.extensions["referee.db"]) as session:
        store.link_rematch(session, game_id=new.id, previous_id=old.id)


def texts(page: str, testid: str) -> list[str]:
    """The text of every element marked ``data-testid=testid``, tags dropped and spaces collapsed."""
    found = re.findall(rf'data-testid="{testid}"[^>]*>(.*?)</(?:td|dd|p|h1|h2|a|th)>', page, re.S)
    return [" ".join(html.unescape(re.sub(r"<[^>]+>", "", f)).split()) for f in found]


@pytest.fixture
def games(app: Flask) -> dict[str, store.Game]:
    """Ana's win, then Beto's win as its rematch, then a game ended early; and another table's finished game."""
    first, second, early = saved(app, ANA_WINS), saved(app, BETO_WINS), saved(app, ENDED_EARLY)
    rematch(app, second, first)
    other = saved(app, BETO_WINS)
    return {"first": first, "second": second, "early": early, "other": other}


def test_the_players_of_this_phones_games_with_their_series(client: FlaskClient, games: dict[str, store.Game]) -> None:
    # This phone keeps the rematch and the game ended early: the rematch's series brings the first game.
    client.set_cookie("referee_games", f"{games['second'].edit_token}.{games['early'].edit_token}")
    page = client.get("/players").get_data(as_text=True)
    assert texts(page, "player-link") == ["ana", "Beto", "Caro"]
    assert texts(page, "player-games") == ["2", "2", "2"]  # the other table's game is not counted
    assert texts(page, "player-wins") == ["1", "1", "0"]
    assert texts(page, "regular-games") == ["2 games · wins: ana 1, Beto 1, Caro 0"]


def test_a_players_record(client: FlaskClient, games: dict[str, store.Game]) -> None:
    client.set_cookie("referee_games", f"{games['second'].edit_token}.{games['early'].edit_token}")
    page = client.get("/players?name=CARO").get_data(as_text=True)
    assert texts(page, "player-name") == ["Caro"]
    assert texts(page, "player-summary") == ["2 games played to their end · 0 wins"]
    assert texts(page, "player-unfinished") == ["1 more game, under way or ended early, is not counted."]
    assert texts(page, "variant-name") == ["Telefunken (Venezuela)"]
    # Caro's totals 100 and 50; she went out 2 + 2 times, cut exactly once and bought twice (tests/records/games.py).
    figures = [texts(page, f"figure-{code}") for code in
               ("games", "wins", "average", "best", "went-out", "exact-cuts", "buys")]
    assert figures == [["2"], ["0"], ["75.0"], ["50"], ["4"], ["1"], ["2"]]
    assert "Deals won by going out" in page
    assert "Exact cuts" in page
    assert texts(page, "meeting-games") == ["2", "2"]
    assert texts(page, "meeting-ahead") == ["1", "0"]
    assert texts(page, "meeting-behind") == ["1", "2"]
    assert texts(page, "meeting-level") == ["0", "0"]


@pytest.mark.usefixtures("games")
def test_a_phone_without_games_sees_no_player_and_no_name_leaks(
    client: FlaskClient
) -> None:
    page = client.get("/players").get_data(as_text=True)
    assert texts(page, "no-players") == ["No games on this phone yet."]
    answer = client.get("/players?name=Beto")
    assert answer.status_code == 404
    assert "No game on this phone has a player called Beto." in answer.get_data(as_text=True)


def test_from_game_over_the_game_and_its_series_count(client: FlaskClient, games: dict[str, store.Game]) -> None:
    over = client.get(f"/g/{games['second'].edit_token}/over").get_data(as_text=True)
    link = f"/g/{games['second'].edit_token}/records"
    assert f'href="{link}"' in over
    page = client.get(link).get_data(as_text=True)  # a phone with no games of its own
    assert texts(page, "player-games") == ["2", "2", "2"]
    assert f'href="{link}?name=Ana"' in page
    assert client.get(f"{link}?name=Ana").status_code == 200
    assert client.get(f"/g/{games['second'].view_token}/records").status_code == 404  # a viewer's link opens nothing
    assert client.get("/g/not-a-token/records").status_code == 404


def test_my_games_links_to_the_players(client: FlaskClient, games: dict[str, store.Game]) -> None:
    assert 'data-testid="players-link"' not in client.get("/games").get_data(as_text=True)
    client.set_cookie("referee_games", games["first"].edit_token)
    assert 'href="/players"' in client.get("/games").get_data(as_text=True)


@pytest.mark.parametrize(
    ("language", "heading", "average", "went_out"),
    [
        ("en", "Head to head", "75.0", "4"),
        ("es", "Cara a cara", "75.0", "4"),
        ("fa", "رودررو", "۷۵٫۰", "۴"),
        ("ja", "対戦成績", "75.0", "4"),
    ],
)
def test_the_record_in_four_languages(
    client: FlaskClient, games: dict[str, store.Game], language: str, heading: str, average: str, went_out: str
) -> None:
    client.set_cookie("referee_games", games["second"].edit_token)
    client.set_cookie("lang", language)
    page = client.get("/players?name=Caro").get_data(as_text=True)
    assert f"<h2>{heading}</h2>" in page
    assert texts(page, "figure-average") == [average]
    assert texts(page, "figure-went-out") == [went_out]
    assert 'dir="rtl"' in page if language == "fa" else 'dir="rtl"' not in page


@pytest.mark.parametrize(
    ("name", "status", "shown"),
    [
        ("", 200, None),  # no name: the list of players
        ("   ", 200, None),
        ("<b>Ana</b>", 404, "No game on this phone has a player called &lt;b&gt;Ana&lt;/b&gt;."),
        ("x" * 5000, 404, "called " + "x" * 40 + "."),
        ("\u202eana", 200, '<h1 data-testid="player-name"><bdi>Ana</bdi></h1>'),  # cleaned as at the table: Ana
    ],
    ids=["empty", "blank", "markup", "very-long", "bidi-override"],
)
def test_a_name_that_is_nobody_here_is_said_in_words(
    client: FlaskClient, games: dict[str, store.Game], name: str, status: int, shown: str | None
) -> None:
    client.set_cookie("referee_games", games["second"].edit_token)
    answer = client.get("/players", query_string={"name": name})
    assert answer.status_code == status
    page = answer.get_data(as_text=True)
    assert "<b>Ana</b>" not in page
    if shown is not None:
        assert shown in page
    if not name.strip():
        assert texts(page, "player-link") == ["Ana", "Beto", "Caro"]
