"""The hand screen (referee/games/persian/web/hand.py): each game's entry read into the hand its rules read (the
whole Shelem bidding given its seats), what is missing said in words, and a hand sent twice recorded once."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from referee.games.persian.ledger import GameCreated, TableState, start
from referee.games.persian.web.hand import FORMS, blank_form, entry_of
from referee.games.persian.web.screens import HAND_ENTRIES

from .helpers import create, hand_page, hidden_fields, state_of

#: The modules of referee/ this file tests (tests/test_layout.py).
TESTED = ("referee.games.persian.web.hand",)

FOUR = ("Ana", "Bahram", "Cyrus", "Dara")


def game(variant: str, players: tuple[str, ...] = FOUR) -> TableState:
    return start(GameCreated(variant=variant, players=players, first=players[0]))


def entry(app: Flask, kind: str, state: TableState, sent: dict[str, str]) -> tuple[Any, list[str]]:
    with app.test_request_context("/", method="POST", data=sent, headers={"Accept-Language": "en"}):
        return entry_of(kind, FORMS[kind](), state)


# Shelem: Ana deals, so Bahram bids first; a player who passed is skipped (a pass is final, docs/table-games.md §2.2).
BIDDING = [{"seat": 1, "bid": 100}, {"seat": 2, "bid": 105}, {"seat": 3, "bid": None}, {"seat": 0, "bid": None},
           {"seat": 1, "bid": 110}, {"seat": 2, "bid": None}]


@pytest.mark.parametrize(("variant", "players", "sent", "hand"), [
    ("hokm", FOUR, {"result": "a:3"}, {"winner": "A", "losers_tricks": 3, "bam": False}),
    ("hokm", FOUR, {"result": "b:bam"}, {"winner": "B", "losers_tricks": 0, "bam": True}),
    ("shelem", FOUR, {"ruler": "3", "bid": "135", "points": "135"},
     {"ruler": 3, "bid": 135, "points": 135, "bidding": []}),
    ("shelem", FOUR, {"bidding": "100 105 pass p 110 -", "points": "120"},
     {"ruler": None, "bid": None, "points": 120, "bidding": BIDDING}),
    ("qahve", FOUR, {"bids-0": "3", "bids-1": "2", "bids-2": "3", "bids-3": "4", "tricks": "8"},
     {"bids": [3, 2, 3, 4], "tricks": [8, 5]}),
    ("bi-del", FOUR, {"hearts-0": "5", "hearts-2": "8", "queen": "3"}, {"hearts": [5, 0, 8, 0], "queen": 3}),
    ("rim", FOUR[:2], {"winner": "1", "cards": "KH  AD"}, {"winner": 1, "cards": "KH AD"}),
    ("rim", FOUR[:2], {"stock_out": "y", "winner": "1"}, {"winner": None, "cards": ""}),
    ("shaytan", FOUR[:3], {"player": "Cyrus"}, {"player": 2}),
], ids=["hokm", "hokm bam", "shelem", "shelem bidding", "qahve", "bi-del", "rim", "rim stock out", "shaytan"])
def test_each_games_entry_is_the_hand_its_rules_read(app: Flask, variant: str, players: tuple[str, ...],
                                                     sent: dict[str, str], hand: dict[str, Any]) -> None:
    state = game(variant, players)
    assert entry(app, HAND_ENTRIES[variant], state, sent) == (hand, [])


@pytest.mark.parametrize(("variant", "players", "sent", "said"), [
    ("hokm", FOUR, {"result": "c:3"}, ["Choose who won the hand."]),
    ("shelem", FOUR, {"bidding": "100 banana"}, [
        "Write the bidding as the calls in turn: a bid (100, 105, …) or “pass”.", "Choose the ruler (the last bidder).",
        "Choose the winning bid.", "Choose the points the ruler’s team took."]),
    ("qahve", FOUR, {"bids-0": "3", "bids-2": "3", "bids-3": "x", "tricks": ""}, [
        "Choose Bahram’s bid.", "Choose Dara’s bid.", "Choose the tricks team A took."]),
    ("bi-del", FOUR[:3], {"hearts-1": "many"}, ["Bahram’s hearts: choose a number from 0 to 13.",
                                                 "Choose who took Q♠."]),
    ("rim", FOUR[:2], {"winner": "2", "cards": "KH"}, ["Choose who went out."]),
    ("bluff", FOUR[:3], {"player": "Ebi"}, ["Choose a player."]),
], ids=["hokm", "shelem", "qahve", "bi-del", "rim", "bluff"])
def test_what_is_missing_is_said_in_words(app: Flask, variant: str, players: tuple[str, ...], sent: dict[str, str],
                                          said: list[str]) -> None:
    state = game(variant, players)
    assert entry(app, HAND_ENTRIES[variant], state, sent) == (None, said)


def test_a_blank_form_is_for_the_next_hand_at_the_states_seq(app: Flask) -> None:
    state = game("hokm")
    with app.test_request_context("/"):
        form = blank_form("hokm", state)
        assert (form.hand.data, form.expected_seq.data, form.result.data) == ("1", "1", None)


def test_a_hand_sent_twice_is_recorded_once(client: FlaskClient, app: Flask) -> None:
    _, token = create(client, "hokm", list(FOUR), first="0")
    data = {**hidden_fields(hand_page(client, token)), "result": "a:3"}
    first = client.post(f"/g/{token}/hand", data=data)
    assert first.status_code == 303
    assert first.headers["Location"].endswith(f"/g/{token}/hand#hand-head")
    again = client.post(f"/g/{token}/hand", data=data)  # its answer was lost: the phone sends it again
    assert again.status_code == 303
    assert (state_of(app, token).seq, state_of(app, token).totals) == (2, (1, 0))
    page = hand_page(client, token)
    assert "Hand 1 recorded." in page
    assert "Someone else changed the game" not in page
