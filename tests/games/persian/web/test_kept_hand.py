"""The hand screen drawn once per seq and handed out many times (referee/web/core/kept_pages.py): each load gets its
own idempotency keys, so a hand sent from two loads is saved once and the other load is stale; a save draws it
anew."""

from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient

from referee.web.core.kept_pages import kept

from .helpers import create, hand_page, hidden_fields, play, state_of

FOUR = ["Ana", "Bahram", "Cyrus", "Dara"]


def builds(app: Flask) -> int:
    with app.test_request_context():
        return kept("persian-hand").builds


def keys(html: str) -> list[str]:
    return [re.search(r'value="([^"]*)"', tag).group(1)  # type: ignore[union-attr]
            for tag in re.findall(r"<input[^>]*>", html) if 'name="idempotency_key"' in tag]


def test_each_load_has_its_own_keys_and_a_hand_is_saved_once(client: FlaskClient, app: Flask) -> None:
    _, token = create(client, "hokm", FOUR, first="0")
    client.get(f"/g/{token}/hand")  # the creation's message shown: the next loads are drawn once
    first, second = hand_page(client, token), hand_page(client, token)
    assert builds(app) == 1
    one, two = keys(first), keys(second)
    assert one
    assert all(re.fullmatch(r"[0-9a-f]{32}", k) for k in one + two)
    assert len(set(one)) == len(one)
    assert not set(one) & set(two)
    assert not re.search(r"(key|csrf)[0-9a-f]{16}", first + second)  # no mark left on a page
    assert play(client, token, {"result": "a:3"}, page=second).status_code == 303
    assert play(client, token, {"result": "a:3"}, page=second).status_code == 303  # the same tap again: a retry
    play(client, token, {"result": "b:0"}, page=first)  # another load of the same hand: stale, not saved
    state = state_of(app, token)
    assert state.seq == 2
    assert state.totals == (1, 0)
    assert hidden_fields(hand_page(client, token)).get("hand") == "2"

