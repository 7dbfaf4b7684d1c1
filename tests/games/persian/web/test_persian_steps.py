"""A refused hand sent by the browser itself (no JavaScript) is answered with a redirect to the hand screen with
what was entered in its address, which shows the refusal as a GET: Back never lands on the browser's "Confirm
Form Resubmission", and the page asked for once the game has moved on is the hand screen as it is then."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

from flask import Flask
from flask.testing import FlaskClient

from .helpers import create, hand_page, hidden_fields, play, state_of, text_of
from .test_persian_screens import FOUR, shelem_hand

BY_THE_BROWSER = {"Sec-Fetch-Mode": "navigate", "Accept": "text/html"}


def test_a_hand_the_rules_refuse_is_shown_at_an_address_and_saves_nothing(client: FlaskClient, app: Flask) -> None:
    _, token = create(client, "shelem", FOUR, first="0")
    page = hand_page(client, token)
    sent = {**hidden_fields(page), **shelem_hand(0, 95, 0)}
    response = client.post(f"/g/{token}/hand", data=sent, headers=BY_THE_BROWSER)
    assert response.status_code == 303
    location = response.headers["Location"]
    query = parse_qs(urlsplit(location).query)
    assert query["shown"] == ["refused"]
    assert query["bid"] == ["95"]
    assert query["ruler"] == ["0"]
    assert "csrf_token" not in query
    assert query["idempotency_key"] != [sent["idempotency_key"]]
    shown = client.get(location)
    html = shown.get_data(as_text=True)
    assert shown.status_code == 422
    assert "bids go from 100 to 165" in text_of(html)
    assert 'value="0" checked' in html  # the choices sent are shown again
    assert hidden_fields(html)["idempotency_key"] == query["idempotency_key"][0]
    assert state_of(app, token).seq == 1

    # Corrected and recorded from that page; the refused page's address asked again (Back) is the next hand.
    fixed = play(client, token, shelem_hand(0, 100, 110), page=html)
    assert fixed.status_code == 303
    assert state_of(app, token).seq == 2
    again = client.get(location)
    assert again.status_code == 200
    assert "bids go from 100" not in text_of(again.get_data(as_text=True))
    assert 'data-testid="hand-title">Hand 2<' in again.get_data(as_text=True)
    assert state_of(app, token).seq == 2


def test_a_hand_left_incomplete_is_said_at_an_address(client: FlaskClient, app: Flask) -> None:
    _, token = create(client, "shelem", FOUR, first="0")
    response = client.post(f"/g/{token}/hand", data={**hidden_fields(hand_page(client, token)), "record": "1"},
                           headers=BY_THE_BROWSER)
    shown = client.get(response.headers["Location"])
    assert shown.status_code == 422
    assert "Choose the ruler" in text_of(shown.get_data(as_text=True))
    assert state_of(app, token).seq == 1


def test_the_pages_script_still_gets_the_refusal_itself(client: FlaskClient) -> None:
    _, token = create(client, "shelem", FOUR, first="0")
    data = {**hidden_fields(hand_page(client, token)), **shelem_hand(0, 95, 0)}
    response = client.post(f"/g/{token}/hand", data=data, headers={"Referee-Send": "1", "Sec-Fetch-Mode": "cors"})
    assert response.status_code == 422
    assert "bids go from 100 to 165" in text_of(response.get_data(as_text=True))
