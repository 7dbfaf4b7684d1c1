"""Never a 500: every scorekeeper POST route, fed odd values in every field (CSRF off, so the views see them)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.conftest import make_test_app

ODD = ["", "-1", "0", "9" * 40, "1e9", "abc", "7X 8Y", "\u0000", "😀" * 50, "Ana", "-", "1.5", " 3 ", "K" * 400]
FIELDS = ["player", "melds", "cutter_jokers", "went_out", "hands-0", "hands-9", "points-0", "points-3", "active",
          "key", "back", "select", "target", "reason", "contract_index", "expected_seq", "idempotency_key",
          "override", "exact_cut", "buys-0", "remove_player", "add_player", "variant", "players-0", "first_dealer",
          "small_stake", "hr__telefunken__chips"]
ACTIONS = ["/buy", "/cut", "/laid-down", "/contract", "/end", "/undo", "/abandon", "/share/revoke", "/deals/1/correct"]


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Flask]:
    app = make_test_app(tmp_path, WTF_CSRF_ENABLED=False)
    yield app
    app.extensions["referee.db"].dispose()


def make_game(client: FlaskClient) -> str:
    response = client.post("/games/new", data={"variant": "telefunken", "players-0": "Ana", "players-1": "Beto",
                                               "players-2": "Caro", "first_dealer": "0", "create": "1"})
    match = re.match(r"/g/([^/]+)/", response.headers["Location"])
    assert match
    token = match.group(1)
    client.post(f"/g/{token}/end", data={"expected_seq": "1", "idempotency_key": "k" * 16, "went_out": "Ana",
                                         "points-1": "5", "points-2": "6", "confirm": "1"})
    return token


@pytest.mark.parametrize("field", FIELDS)
def test_odd_values_never_crash_a_route(client: FlaskClient, field: str) -> None:
    token = make_game(client)
    for action in ACTIONS:
        for value in ODD:
            base = {"expected_seq": "2", "idempotency_key": "f" * 32, "player": "Beto", "went_out": "Ana"}
            response = client.post(f"/g/{token}{action}", data={**base, field: value})
            assert response.status_code < 500, (action, field, value)
            if action == "/share/revoke" and response.status_code == 303:
                token = response.headers["Location"].split("/")[2]
    for value in ODD:
        assert client.post("/games/new", data={"variant": "telefunken", field: value}).status_code < 500


@pytest.mark.parametrize("field", ["row", "p0-player", "p0-new_name", "p1-new_name", "p0-expected_seq"])
def test_odd_values_never_crash_a_rename(client: FlaskClient, field: str) -> None:
    token = make_game(client)
    for value in ODD:
        base = {"row": "0", "p0-expected_seq": "2", "p0-idempotency_key": "e" * 32, "p0-player": "Beto",
                "p0-new_name": "Bert"}
        response = client.post(f"/g/{token}/players", data={**base, field: value})
        assert response.status_code < 500, (field, value)


def test_odd_claims_never_crash_the_deal_screen(client: FlaskClient) -> None:
    token = make_game(client)
    for value in ODD:
        for query in ({"discarder": value}, {"claimant": value}, {"discarder": "Ana", "claimant": [value, "Beto"]},
                      {"discarder": value, "claimant": value}):
            assert client.get(f"/g/{token}", query_string=query).status_code == 200, (query,)
