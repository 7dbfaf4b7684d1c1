"""referee as an app: the manifest and its icons, the service worker and the offline page (in each language, the
phone's first, the manifest and the worker's offline page in the language of the page), which pages keep the screen
awake, and the scores as text for the share sheet (checked against sums by hand)."""

from __future__ import annotations

import html
import json
import re
import struct

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlmodel import Session

from referee.games.rummy.ledger.events import DealEnded, GameCreated
from referee.ledger import store
from referee.web.screens import install

PLAYERS = ("Ana", "Beto", "Caro")


def finished_game(app: Flask, *, deals: int = 7) -> store.Game:
    """Three players; deal d is won by PLAYERS[d % 3]; the others hold Ana 5, Beto 10, Caro 20.

    By hand: Ana 5 in deals 1, 2, 4, 5, 7 = 25; Beto 10 in 2, 3, 5, 6 = 40; Caro 20 in 1, 3, 4, 6, 7 = 100.
    """
    value = {"Ana": 5, "Beto": 10, "Caro": 20}
    with Session(app.extensions["referee.db"]) as session:
        game = store.create_game(session, created=GameCreated(variant="telefunken", players=PLAYERS,
                                                              first_dealer="Ana"))
        assert game.id is not None
        seq = 1
        for deal in range(1, deals + 1):
            out = PLAYERS[deal % 3]
            hands = {name: value[name] for name in PLAYERS if name != out}
            seq = store.append(session, game_id=game.id, event=DealEnded(deal=deal, went_out=out, hands=hands),
                               expected_seq=seq).seq
        session.refresh(game)
        session.expunge(game)
        return game


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_the_manifest_makes_an_installable_app(client: FlaskClient) -> None:
    response = client.get("/manifest.webmanifest")
    assert response.status_code == 200
    assert response.mimetype == "application/manifest+json"
    manifest = json.loads(response.get_data(as_text=True))
    assert manifest["name"] == "referee"
    assert manifest["display"] == "standalone"
    assert manifest["start_url"] == "/"
    assert manifest["theme_color"] == install.THEME_COLOUR
    sizes = {}
    for icon in manifest["icons"]:
        data = client.get(icon["src"]).get_data()
        assert data, icon
        if icon["type"] == "image/png":
            width, height = png_size(data)
            assert icon["sizes"] == f"{width}x{height}"
            sizes[(icon["purpose"], width)] = icon["src"]
        else:
            assert data.lstrip().startswith(b"<svg")
    assert ("any", 192) in sizes
    assert ("any", 512) in sizes
    assert ("maskable", 512) in sizes
    spanish = json.loads(client.get("/manifest.webmanifest", headers={"Accept-Language": "es"}).get_data())
    assert spanish["lang"] == "es"
    assert spanish["description"] != manifest["description"]


def test_every_page_links_the_manifest_in_its_language(client: FlaskClient) -> None:
    # A browser fetches the manifest without cookies: its address says the page's language.
    page = client.get("/").get_data(as_text=True)
    assert '<link rel="manifest" href="/manifest.webmanifest?lang=en">' in page
    client.set_cookie("lang", "fa")
    page = client.get("/").get_data(as_text=True)
    assert '<link rel="manifest" href="/manifest.webmanifest?lang=fa">' in page


@pytest.mark.parametrize(("language", "direction"), [("en", "ltr"), ("es", "ltr"), ("fa", "rtl"), ("ja", "ltr")])
def test_the_manifest_gives_the_languages_name_description_and_direction(
    client: FlaskClient, language: str, direction: str
) -> None:
    english = json.loads(client.get("/manifest.webmanifest?lang=en").get_data())
    manifest = json.loads(client.get(f"/manifest.webmanifest?lang={language}").get_data())
    assert manifest["lang"] == language
    assert manifest["dir"] == direction
    assert manifest["name"]
    assert manifest["short_name"] == manifest["name"]
    assert (manifest["description"] == english["description"]) is (language == "en")
    assert english["description"] == "Keep the score of a contract-rummy game; the table watches it live."
    # Without ?lang= (an old page's link): the browser's languages, as every page.
    browser = json.loads(client.get("/manifest.webmanifest", headers={"Accept-Language": language}).get_data())
    assert browser["lang"] == language
    assert browser["description"] == manifest["description"]


def test_the_service_worker_is_served_from_the_root_and_never_cached_stale(client: FlaskClient) -> None:
    page = client.get("/").get_data(as_text=True)
    match = re.search(r'<script src="/static/js/app\.[0-9a-f]+\.js" data-worker="([^"]+)" defer>', page)
    assert match, "the page registers no worker"
    worker = html.unescape(match.group(1))
    assert re.fullmatch(r"/sw\.js\?v=[0-9a-f]{12}&lang=en", worker)
    response = client.get(worker)
    assert response.status_code == 200
    assert response.mimetype == "text/javascript"
    assert response.headers["Cache-Control"] == "no-cache"
    assert "caches" in response.get_data(as_text=True)


def test_everything_the_worker_keeps_is_there(client: FlaskClient) -> None:
    urls = client.get("/offline/precache.json").get_json()["urls"]
    assert urls[0] == "/offline?lang=en"
    for url in urls:
        assert client.get(url).status_code == 200, url


def test_a_phone_in_persian_registers_a_worker_that_keeps_the_persian_offline_page(client: FlaskClient) -> None:
    """static/js/sw.js keeps ``/offline`` + the ``?lang=`` of its own address, listed by ``precache.json`` + the
    same (tests/browser/test_offline_language.py runs it offline)."""
    client.set_cookie("lang", "fa")
    page = client.get("/games").get_data(as_text=True)
    match = re.search(r'data-worker="([^"]+)"', page)
    assert match
    worker = html.unescape(match.group(1))
    assert worker.endswith("&lang=fa")
    urls = client.get("/offline/precache.json?lang=fa").get_json()["urls"]
    assert urls[0] == "/offline?lang=fa"
    assert urls[1:] == client.get("/offline/precache.json?lang=en").get_json()["urls"][1:]
    persian = client.get(urls[0]).get_data(as_text=True)
    assert '<html lang="fa" dir="rtl">' in persian
    assert re.findall(r'data-testid="offline-(\w\w)"', persian) == ["fa", "en", "es", "ja"]
    # Each language's text says its own language and direction.
    assert re.search(r'<section [^>]*lang="fa"[^>]*dir="rtl"', persian)
    assert re.search(r'<section [^>]*lang="en"[^>]*dir="ltr"', persian)
    # The address's language wins over the cookie: a worker keeps the page it asked for.
    client.set_cookie("lang", "ja")
    assert '<html lang="fa" dir="rtl">' in client.get("/offline?lang=fa").get_data(as_text=True)
    assert '<html lang="ja" dir="ltr">' in client.get("/offline").get_data(as_text=True)
    assert '<html lang="ja" dir="ltr">' in client.get("/offline?lang=xx").get_data(as_text=True)


@pytest.mark.parametrize(("path", "awake"), [("/g/{edit}", True), ("/v/{view}", True), ("/g/{edit}/sheet", False),
                                             ("/g/{edit}/share", False), ("/", False)])
def test_the_deal_screen_and_the_viewer_keep_the_screen_awake(
    client: FlaskClient, app: Flask, path: str, awake: bool
) -> None:
    game = finished_game(app, deals=2)
    page = client.get(path.format(edit=game.edit_token, view=game.view_token)).get_data(as_text=True)
    assert ("<body data-keep-awake>" in page) is awake


def test_the_game_over_page_offers_the_scores_as_text(client: FlaskClient, app: Flask) -> None:
    game = finished_game(app)
    page = client.get(f"/g/{game.edit_token}/over").get_data(as_text=True)
    match = re.search(r'<textarea id="share-text" readonly rows="8" data-testid="share-text">(.*?)</textarea>', page,
                      re.S)
    assert match
    text = html.unescape(match.group(1))
    assert text.startswith("Telefunken (Venezuela) — game over\nAna wins!\n")
    assert "\n1. Ana 25\n2. Beto 40\n3. Caro 100\n" in text
    assert "Deal 1: Beto went out; Ana 5, Caro 20\n" in text
    assert "Deal 7: Beto went out; Ana 5, Caro 20\n" in text
    # The buttons need JavaScript: hidden until app.js shows them; the text is there without it.
    for testid in ("share-send", "share-copy", "share-print"):
        assert re.search(rf'<button [^>]*hidden data-testid="{testid}"', page), testid


def test_the_score_sheet_so_far_is_shared_too_and_in_spanish(client: FlaskClient, app: Flask) -> None:
    game = finished_game(app, deals=3)
    page = client.get(f"/g/{game.edit_token}/sheet").get_data(as_text=True)
    text = html.unescape(re.search(r'data-testid="share-text">(.*?)</textarea>', page, re.S).group(1))  # type: ignore[union-attr]
    # By hand after 3 deals: Ana 5 + 5 = 10, Beto 10 + 10 = 20, Caro 20 + 20 = 40.
    assert text.startswith(
        "Telefunken (Venezuela) — deal 4 of 7\n\nStandings so far\n1. Ana 10\n2. Beto 20\n3. Caro 40\n"
    )
    client.set_cookie("lang", "es")
    page = client.get(f"/g/{game.edit_token}/sheet").get_data(as_text=True)
    text = html.unescape(re.search(r'data-testid="share-text">(.*?)</textarea>', page, re.S).group(1))  # type: ignore[union-attr]
    assert "mano 4 de 7" in text
    assert "Posiciones hasta ahora" in text
    assert "Mano 1: Beto salió; Ana 5, Caro 20" in text
