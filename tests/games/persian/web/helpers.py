"""Creating and playing Persian games through the Flask test client, as a phone posts the forms."""

from __future__ import annotations

import re
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from sqlmodel import Session, select
from werkzeug.test import TestResponse

from referee.ledger import store

NEW = "/games/persian/new"


def hidden_fields(html: str) -> dict[str, str]:
    """What a browser posts without a tap: the page's hidden fields and the boxes and choices already checked
    (the first of each name)."""
    fields: dict[str, str] = {}
    for tag in re.findall(r"<input[^>]*>", html):
        if 'type="hidden"' not in tag and not re.search(r"\schecked[\s>]", tag):
            continue
        name = re.search(r'name="([^"]+)"', tag)
        value = re.search(r'value="([^"]*)"', tag)
        if name and name.group(1) not in fields:
            fields[name.group(1)] = value.group(1) if value else ""
    return fields


def create(client: FlaskClient, variant: str, players: list[str], first: str = "0",
           **options: str) -> tuple[TestResponse, str]:
    """Post the new-game form; the response and the scorekeeper's token ("" when nothing was created)."""
    page = client.get(f"{NEW}?variant={variant}").get_data(as_text=True)
    data = hidden_fields(page)
    data.update({"variant": variant, "first": first, "create": "1"})
    data.update({f"players-{i}": name for i, name in enumerate(players)})
    data.update({f"option_{name}": value for name, value in options.items()})
    response = client.post(NEW, data=data)
    match = re.match(r"/g/([^/?]+)", response.headers.get("Location", ""))
    return response, match.group(1) if match else ""


def hand_page(client: FlaskClient, token: str) -> str:
    """The hand screen's HTML."""
    response = client.get(f"/g/{token}/hand")
    assert response.status_code == 200, response.status_code
    return response.get_data(as_text=True)


def play(client: FlaskClient, token: str, fields: dict[str, Any], page: str | None = None) -> TestResponse:
    """Post one hand from the hand screen (as it is now, or as ``page`` showed it)."""
    data: dict[str, Any] = hidden_fields(page if page is not None else hand_page(client, token))
    data.update(fields)
    return client.post(f"/g/{token}/hand", data=data)


def state_of(app: Flask, token: str) -> Any:
    """The game's state as the store folds it."""
    with Session(app.extensions["referee.db"]) as session:
        game = session.exec(select(store.Game).where(store.Game.edit_token == token)).one()
        assert game.id is not None
        return store.load_state(session, game.id)


def text_of(html: str) -> str:
    """A page's text without its tags, spaces tidied."""
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())
