"""What the Persian scorekeeper screens share (referee/games/persian/web/common.py): the game a link opens, and an
event appended from a form — done, refused by the ledger in words with nothing saved, or stale (a conflict)."""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.exceptions import HTTPException

from referee.games.persian.ledger import GameEnded, Redeal
from referee.games.persian.web import forms
from referee.games.persian.web.common import append, require_game, stale_message

from .helpers import create, play, state_of

#: The modules of referee/ this file tests (tests/test_layout.py).
TESTED = ("referee.games.persian.web.common",)

FOUR = ["Ana", "Bahram", "Cyrus", "Dara"]


def posted(seq: int, key: str) -> dict[str, str]:
    return {"expected_seq": str(seq), "idempotency_key": key, "hand": "2"}


def test_a_link_opens_its_persian_game_and_no_other(client: FlaskClient, app: Flask) -> None:
    _, token = create(client, "rim", ["Ana", "Bahram"], first="0")
    with app.test_request_context("/"):
        table = require_game(token)
        assert (table.state.variant_id, table.state.players) == ("rim", ("Ana", "Bahram"))
        for other in ("x" * 43, token[:-1]):
            with pytest.raises(HTTPException) as error:
                require_game(other)
            assert error.value.get_response().status_code == 404


def test_an_event_appended_is_done_and_saved(client: FlaskClient, app: Flask) -> None:
    _, token = create(client, "hokm", FOUR, first="0")
    play(client, token, {"result": "a:3"})  # seq 2: hand 2 is being played
    with app.test_request_context("/", method="POST", data=posted(2, "key-of-the-redeal")):
        outcome = append(require_game(token), forms.RedealForm(), Redeal(hand_number=2))
    assert (outcome.done, outcome.refused, outcome.conflict) == (True, (), False)
    assert outcome.state.redeals == (2,)
    assert outcome.state.seq == 3
    assert state_of(app, token).redeals == (2,)


def test_a_refusal_is_said_in_words_and_nothing_is_saved(client: FlaskClient, app: Flask) -> None:
    _, token = create(client, "hokm", FOUR, first="0")
    play(client, token, {"result": "a:3"})
    with app.test_request_context("/", method="POST", data=posted(2, "key-of-a-stale-one"),
                                  headers={"Accept-Language": "en"}):
        outcome = append(require_game(token), forms.RedealForm(), Redeal(hand_number=5))
    assert not outcome.done
    assert not outcome.conflict
    assert outcome.refused == ("this entry was for hand 5, but hand 2 is being played now",)
    assert outcome.state.seq == 2
    assert state_of(app, token).seq == 2


def test_a_page_behind_the_game_is_a_conflict_with_the_game_as_it_is_now(client: FlaskClient, app: Flask) -> None:
    _, token = create(client, "hokm", FOUR, first="0")
    play(client, token, {"result": "a:3"})
    play(client, token, {"result": "b:3"})  # the game is at seq 3; the page saw seq 2
    with app.test_request_context("/", method="POST", data=posted(2, "key-of-an-old-page"),
                                  headers={"Accept-Language": "en"}):
        outcome = append(require_game(token), forms.EndGameForm(), GameEnded())
        assert stale_message().startswith("Someone else changed the game since this page was shown")
    assert outcome.conflict
    assert not outcome.done
    assert outcome.state.seq == 3
    assert not state_of(app, token).is_over
