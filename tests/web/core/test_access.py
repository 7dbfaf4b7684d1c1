"""Every POST route refuses a request without a valid CSRF token, and every route refuses the view token
for anything that changes a game. Routes are read from app.url_map, so new ones are covered automatically."""

from __future__ import annotations

import re
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlmodel import func, select
from werkzeug.routing import Rule

from referee import db
from referee.games.rummy.ledger.events import GameCreated
from referee.ledger import store
from referee.web.core import family_screens
from tests.conftest import make_test_app

PLAYERS = ("Ana", "Bruno", "Carla", "Dario")
#: Routes that change only this device's cookie (never a game), checked separately.
DEVICE_ONLY = frozenset({"games.forget"})
CSRF_INPUT = re.compile(r'name="csrf_token" type="hidden" value="([^"]+)"|value="([^"]+)"[^>]*name="csrf_token"')


@pytest.fixture
def csrf_app(tmp_path: Path) -> Iterator[Flask]:
    """The app as it runs: CSRF protection on (TESTING does not turn it off)."""
    app = make_test_app(tmp_path)
    assert app.config.get("WTF_CSRF_ENABLED", True)
    yield app
    app.extensions["referee.db"].dispose()


def new_game(app: Flask) -> tuple[int, str, str]:
    with app.app_context(), db.session() as session:
        game = store.create_game(
            session, created=GameCreated(variant="telefunken", players=PLAYERS, first_dealer="Ana")
        )
        assert game.id is not None
        return game.id, game.edit_token, game.view_token


def snapshot(app: Flask) -> tuple[int, int, list[tuple[int, int, str, str]]]:
    """Everything a request could change: games, events, and every game's seq and tokens."""
    with app.app_context(), db.session() as session:
        games = session.exec(select(func.count()).select_from(store.Game)).one()
        events = session.exec(select(func.count()).select_from(store.GameEvent)).one()
        rows = [(g.id or 0, g.seq, g.edit_token, g.view_token) for g in session.exec(select(store.Game)).all()]
    return games, events, sorted(rows)


def post_rules(app: Flask) -> list[Rule]:
    rules = [rule for rule in app.url_map.iter_rules() if "POST" in (rule.methods or set())]
    assert rules, "no POST route at all?"
    return rules


def url_of(rule: Rule, token: str) -> str:
    """The rule's address with every argument filled: tokens with ``token``, numbers 1, anything else a variant."""
    values: dict[str, object] = {}
    for name in rule.arguments:
        if "token" in name:
            values[name] = token
        elif rule._converters.get(name).__class__.__name__ == "IntegerConverter":  # type: ignore[union-attr]
            values[name] = 1
        else:
            values[name] = "telefunken"
    built = rule.build(values, append_unknown=False)
    assert built is not None
    return built[1]


def payload(seq: int, csrf_token: str | None = None) -> dict[str, str]:
    """A form that would be a valid action for many routes: seq, keys, a player, a whole deal's result."""
    data = {
        "expected_seq": str(seq),
        "idempotency_key": uuid.uuid4().hex,
        "player": "Bruno",
        "cutter_jokers": "0",
        "went_out": "Ana",
        "hands-0": "",
        "hands-1": "25",
        "hands-2": "10",
        "hands-3": "7",
        "confirm": "1",
        "target": str(seq),
        "contract_index": "0",
        "reason": "testing",
        "variant": "telefunken",
        "players-0": "Eva",
        "players-1": "Fede",
        "players-2": "Gil",
        "first_dealer": "Eva",
    }
    if csrf_token is not None:
        data["csrf_token"] = csrf_token
    return data


def csrf_token_of(client: FlaskClient, path: str) -> str:
    html = client.get(path).get_data(as_text=True)
    match = CSRF_INPUT.search(html)
    assert match is not None, f"no CSRF token on {path}"
    return match.group(1) or match.group(2)


def test_the_app_has_the_post_routes_this_test_is_about(csrf_app: Flask) -> None:
    endpoints = {rule.endpoint for rule in post_rules(csrf_app)}
    assert {"table.buy", "table.cut", "table.end_deal", "games.new"} <= endpoints


#: What a POST without a good CSRF token gets, where it is not the 400 page that keeps what was typed.
CSRF_REFUSED = {
    "games.new": 422,  # the new-game form again, with what was typed and the error
    "backup.restore": 422,  # the restore form again, likewise
    # The game has only its creation: deal 1 has not been played, so the view sends the scorekeeper to the
    # score sheet before it reads the form.
    "table.correct": 303,
}


def test_every_post_without_a_csrf_token_is_refused_and_changes_nothing(csrf_app: Flask) -> None:
    game_id, edit_token, _ = new_game(csrf_app)
    client = csrf_app.test_client()
    before = snapshot(csrf_app)
    owned = family_screens.owners(csrf_app)
    for rule in post_rules(csrf_app):
        expected = CSRF_REFUSED.get(rule.endpoint, 400)
        if owned.get(rule.endpoint.partition(".")[0], "rummy") != "rummy" and "edit_token" in rule.arguments:
            expected = 404  # another family's address: the rummy game's link opens none of it, before any form
        response = client.post(url_of(rule, edit_token), data=payload(seq=1))
        assert response.status_code == expected, rule.rule
        response = client.post(url_of(rule, edit_token), data=payload(seq=1, csrf_token="forged-" + "x" * 40))
        assert response.status_code == expected, rule.rule
    assert snapshot(csrf_app) == before


def test_every_post_with_only_the_view_token_is_refused_and_changes_nothing(csrf_app: Flask) -> None:
    _, edit_token, view_token = new_game(csrf_app)
    client = csrf_app.test_client()
    # A real CSRF token of this browser session (a viewer could get one from any form of the site).
    token = csrf_token_of(client, "/games/new")
    before = snapshot(csrf_app)
    tokened = [rule for rule in post_rules(csrf_app) if any("token" in a for a in rule.arguments)]
    assert tokened
    for rule in tokened:
        response = client.post(url_of(rule, view_token), data=payload(seq=1, csrf_token=token))
        if rule.endpoint in DEVICE_ONLY:
            # It only drops a token from this phone's own list: the view token is never in it, nothing changes.
            assert view_token not in response.headers.get("Set-Cookie", ""), rule.rule
            continue
        assert response.status_code == 404, (rule.rule, response.status_code)  # a view token edits no game
    assert snapshot(csrf_app) == before


def test_every_viewer_route_is_read_only(csrf_app: Flask) -> None:
    """The view token's own pages take no POST at all."""
    _, _, view_token = new_game(csrf_app)
    client = csrf_app.test_client()
    token = csrf_token_of(client, "/games/new")
    before = snapshot(csrf_app)
    for rule in csrf_app.url_map.iter_rules():
        if rule.endpoint.startswith("board."):
            assert "POST" not in (rule.methods or set()), rule.rule
            response = client.post(url_of(rule, view_token), data=payload(seq=1, csrf_token=token))
            assert response.status_code == 405, rule.rule
    assert snapshot(csrf_app) == before


def test_the_same_post_with_csrf_and_the_edit_token_does_change_the_game(csrf_app: Flask) -> None:
    """The control: the refusals above come from the missing token, not from a payload that never works."""
    game_id, edit_token, _ = new_game(csrf_app)
    client = csrf_app.test_client()
    token = csrf_token_of(client, f"/g/{edit_token}")
    response = client.post(f"/g/{edit_token}/buy", data=payload(seq=1, csrf_token=token))
    assert response.status_code == 303
    assert snapshot(csrf_app)[1] == 2  # GameCreated + Buy
