"""Sharing: the players' code alone on the share screen, the scorekeeper's hand-over apart (and different), the
warning when no other phone can connect, and replacing the players' link (the old one says so)."""

from __future__ import annotations

import html
import re

import pytest
import qrcode
from flask import Flask
from flask.testing import FlaskClient
from sqlmodel import Session

from referee.games.rummy.ledger.events import GameCreated
from referee.ledger import store
from referee.web.helpers import qr
from referee.web.screens import share
from tests.html_forms import Forms


@pytest.fixture
def reachable(monkeypatch: pytest.MonkeyPatch) -> None:
    """This machine is on a LAN and the server listens there too (HOST=0.0.0.0)."""
    monkeypatch.setattr(qr, "lan_address", lambda: "192.168.1.20")
    monkeypatch.setattr(qr, "_lan_candidates", lambda: ["192.168.1.20"])
    monkeypatch.setattr(qr, "accepts_connections", lambda _address, _port: True)


@pytest.fixture
def game(app: Flask) -> store.Game:
    with Session(app.extensions["referee.db"]) as session:
        created = GameCreated(variant="telefunken", players=("Ana", "Beto", "Caro"), first_dealer="Ana")
        game = store.create_game(session, created=created)
        session.expunge(game)
        return game


def modules(svg: str) -> set[tuple[int, int]]:
    path = re.search(r' d="([^"]*)"', svg)
    assert path is not None
    return {(int(x), int(y)) for x, y in re.findall(r"M(\d+),(\d+)H", path.group(1))}


def code_modules(url: str) -> set[tuple[int, int]]:
    code = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_M, border=4)
    code.add_data(url)
    code.make(fit=True)
    return {(x, y) for y, row in enumerate(code.get_matrix()) for x, dark in enumerate(row) if dark}


def block_of(page: str, testid: str) -> str:
    match = re.search(rf'data-testid="{testid}"[^>]*>(.*?)</(?:div|figure)>', page, re.S)
    assert match, testid
    return match.group(1)


def link_of(page: str, testid: str) -> str:
    match = re.search(rf'<a href="([^"]+)" data-testid="{testid}"', page)
    assert match, testid
    return html.unescape(match.group(1))


@pytest.mark.usefixtures("reachable")
def test_the_share_screen_shows_the_players_code_only(client: FlaskClient, game: store.Game) -> None:
    page = client.get(f"/g/{game.edit_token}/share").get_data(as_text=True)
    view_url = link_of(page, "view-url")
    assert view_url == f"http://192.168.1.20/v/{game.view_token}"
    assert modules(block_of(page, "view-qr")) == code_modules(view_url)
    assert page.count("<svg") == 1
    assert 'data-testid="edit-qr"' not in page
    # The edit link appears only in this phone's own navigation, never as a code or an address to copy.
    assert "192.168.1.20/g/" not in page
    assert 'data-testid="hand-over"' in page
    assert 'data-testid="address-warning"' not in page


@pytest.mark.usefixtures("reachable")
def test_handing_over_is_its_own_screen_with_a_code_that_looks_different_and_a_warning(
    client: FlaskClient, game: store.Game
) -> None:
    page = client.get(f"/g/{game.edit_token}/share/scorekeeper").get_data(as_text=True)
    edit_url = link_of(page, "edit-url")
    assert edit_url == f"http://192.168.1.20/g/{game.edit_token}"
    svg = block_of(page, "edit-qr")
    assert modules(svg) == code_modules(edit_url)
    assert f'fill="{share.SCOREKEEPER_COLOUR}"' in svg
    assert 'fill="#000000"' not in svg
    assert re.search(r'class="qr-scorekeeper-word">Scorekeeper<', page)
    assert "Whoever scans this code can change the scores." in page
    assert 'data-testid="view-qr"' not in page
    # The players' code stays black on white.
    players = client.get(f"/g/{game.edit_token}/share").get_data(as_text=True)
    assert 'fill="#000000"' in block_of(players, "view-qr")


def test_the_old_address_of_the_hand_over_leads_to_it(client: FlaskClient, game: store.Game) -> None:
    response = client.get(f"/g/{game.edit_token}/share?edit=1")
    assert response.status_code == 303
    assert response.headers["Location"] == f"/g/{game.edit_token}/share/scorekeeper"


def test_when_the_server_listens_on_loopback_only_the_share_screen_says_the_others_cannot_connect(
    client: FlaskClient, game: store.Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(qr, "lan_address", lambda: "192.168.1.20")
    monkeypatch.setattr(qr, "accepts_connections", lambda _address, _port: False)
    for path in ("/share", "/share/scorekeeper"):
        page = client.get(f"/g/{game.edit_token}{path}", base_url="http://127.0.0.1:5000").get_data(as_text=True)
        warning = block_of(page, "address-warning")
        assert "The other phones cannot connect" in warning
        assert "HOST=0.0.0.0 make run" in warning
        assert "qr-unreachable" in page
    # In Spanish too.
    page = client.get(
        f"/g/{game.edit_token}/share", base_url="http://127.0.0.1:5000", headers={"Accept-Language": "es"}
    ).get_data(as_text=True)
    warning = block_of(page, "address-warning")
    assert "Los demás teléfonos no pueden conectarse" in warning
    assert "HOST=0.0.0.0 make run" in warning


def replace_view(client: FlaskClient, edit_token: str) -> str:
    fields = Forms(client.get(f"/g/{edit_token}/share").get_data(as_text=True)).form("/share/replace-view")
    response = client.post(f"/g/{edit_token}/share/replace-view", data=fields)
    assert response.status_code == 303
    assert response.headers["Location"] == f"/g/{edit_token}/share"
    page = client.get(response.headers["Location"]).get_data(as_text=True)
    match = re.search(r"/v/([A-Za-z0-9_-]+)\" data-testid=\"view-url\"", page)
    assert match
    return match.group(1)


def test_replacing_the_players_link_makes_the_old_one_say_so(client: FlaskClient, game: store.Game) -> None:
    old = game.view_token
    assert client.get(f"/v/{old}").status_code == 200
    new = replace_view(client, game.edit_token)
    assert new != old
    assert client.get(f"/v/{new}").status_code == 200
    for path in (f"/v/{old}", f"/v/{old}/rules", f"/v/{old}/live?seq=1"):
        response = client.get(path)
        assert response.status_code == 410, path
        text = response.get_data(as_text=True)
        assert "This link was replaced" in text
        assert "Ask the table for the new code" in text
        assert "does not work" not in text  # not the unknown-link page
    # A link that never existed still says it does not work.
    unknown = client.get("/v/" + "x" * 43)
    assert unknown.status_code == 404
    assert "This link was replaced" not in unknown.get_data(as_text=True)
    # Replaced twice: both old links say so; the scorekeeper's link is untouched.
    newer = replace_view(client, game.edit_token)
    assert client.get(f"/v/{new}").status_code == 410
    assert client.get(f"/v/{old}").status_code == 410
    assert client.get(f"/v/{newer}").status_code == 200
    assert client.get(f"/g/{game.edit_token}").status_code == 200


def test_the_replaced_page_speaks_spanish(client: FlaskClient, game: store.Game) -> None:
    replace_view(client, game.edit_token)
    client.set_cookie("lang", "es")
    text = client.get(f"/v/{game.view_token}").get_data(as_text=True)
    assert "Este enlace fue reemplazado" in text
    assert "Pide en la mesa el código nuevo" in text


def test_replacing_needs_the_csrf_token_and_the_edit_link(app: Flask, game: store.Game) -> None:
    client = app.test_client()
    assert client.post(f"/g/{game.edit_token}/share/replace-view").status_code == 400  # no CSRF token
    assert client.get(f"/v/{game.view_token}").status_code == 200  # nothing changed
    fields = Forms(client.get(f"/g/{game.edit_token}/share").get_data(as_text=True)).form("/share/replace-view")
    assert client.post(f"/g/{game.view_token}/share/replace-view", data=fields).status_code == 404
    assert client.get(f"/v/{game.view_token}").status_code == 200


def test_a_replaced_scorekeeper_link_is_not_taken_for_a_view_link(client: FlaskClient, game: store.Game) -> None:
    fields = Forms(client.get(f"/g/{game.edit_token}/share/scorekeeper").get_data(as_text=True)).form(
        "/share/revoke"
    )
    assert client.post(f"/g/{game.edit_token}/share/revoke", data=fields).status_code == 303
    response = client.get(f"/v/{game.edit_token}")
    assert response.status_code == 404
    assert client.get(f"/g/{game.edit_token}").status_code == 404
