"""A viewer's own language: each phone's ``lang`` cookie chooses the language of its viewer page and of the live
board it is sent, whatever the scorekeeper's phone or another viewer chose; a board rendered for one language is
never sent to another (the rendered boards are kept per language).

By hand, after deal 1 (Ana out; Bruno 32, Carla 25, Dario 7): the heading is deal 2 of 7 and Carla's total is 25,
which a Persian board writes ۲۵ (and deal ۲ of ۷).
"""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import cast

import pytest
from flask import Flask
from flask.testing import FlaskClient

from referee.games.rummy.ledger.events import Buy
from referee.ledger import changes
from referee.web.core.i18n import LANG_COOKIE
from referee.web.screens import board
from tests.web.screens.test_board import ended, new_game, record
from tests.web.screens.test_live import Event, boards, make_live_app, read_events

LANGUAGES = ("en", "es", "fa", "ja")
#: Carla's total and the deal heading's numbers, as each language writes them.
DIGITS = {"en": ("25", "2", "7"), "es": ("25", "2", "7"), "fa": ("۲۵", "۲", "۷"), "ja": ("25", "2", "7")}


@pytest.fixture
def live_app(tmp_path: Path) -> Iterator[Flask]:
    app = make_live_app(tmp_path)
    yield app
    changes.watcher_for(app.extensions["referee.db"]).stop()
    app.extensions["referee.db"].dispose()


class Phone:
    """A viewer's phone: its own test client, holding the language cookie the switch set on it (``read_events``
    opens the stream with ``test_client()``; a Cookie header given by hand would be dropped by the client)."""

    def __init__(self, app: Flask, language: str) -> None:
        self.client = app.test_client()
        self.client.set_cookie(LANG_COOKIE, language)

    def test_client(self) -> FlaskClient:
        return self.client


def stream(app: Flask, language: str, url: str, count: int = 1) -> list[Event]:
    """The live stream at ``url`` as a phone with this language sees it, until ``count`` boards came."""
    return read_events(cast(Flask, Phone(app, language)), url, until=boards(count))


def carla(html: str) -> str:
    match = re.search(r'data-testid="total-points-Carla">([^<]*)<', html)
    assert match, "no total for Carla"
    return match.group(1)


def heading(html: str) -> str:
    match = re.search(r'data-testid="deal-heading">([^<]*)<', html)
    assert match, "no deal heading"
    return match.group(1)


def check_board(html: str, language: str) -> None:
    """The board is in ``language``: its digits, and not another language's heading."""
    total, deal, deals = DIGITS[language]
    assert carla(html) == total, language
    words = heading(html)
    assert deal in words, (language, words)
    assert deals in words, (language, words)
    for other in LANGUAGES:
        if DIGITS[other] != DIGITS[language]:
            assert DIGITS[other][0] not in carla(html)
    if language == "en":
        assert words == "Deal 2 of 7"
    else:
        assert words != "Deal 2 of 7", language  # the catalogue's words, not English


def test_each_viewer_page_speaks_its_own_phones_language(live_app: Flask) -> None:
    game = new_game(live_app)
    assert game.id is not None
    record(live_app, game.id, ended(1, "Ana", Bruno=32, Carla=25, Dario=7))
    client = live_app.test_client()
    url = f"/v/{game.view_token}"
    for language in (*LANGUAGES, "fa", "en"):  # the same phone's cookie, one after the other, from memory
        client.set_cookie(LANG_COOKIE, language)
        html = client.get(url).get_data(as_text=True)
        direction = "rtl" if language == "fa" else "ltr"
        assert f'<html lang="{language}" dir="{direction}">' in html
        check_board(html, language)
        # the switch is on the viewer, to every other language, and comes back to this viewer
        for other in LANGUAGES:
            link = f'data-testid="lang-{other}"'
            assert (link in html) is (other != language), (language, other)
        assert f"next={url}" in html


def test_a_browser_that_missed_a_change_gets_the_board_in_its_language(live_app: Flask) -> None:
    game = new_game(live_app)
    assert game.id is not None
    seq = record(live_app, game.id, ended(1, "Ana", Bruno=32, Carla=25, Dario=7))
    kept = board.pages(live_app).boards
    for language in ("fa", "ja", "en", "es"):
        (event,) = stream(live_app, language, f"/v/{game.view_token}/live?seq=1")
        assert event["id"] == str(seq)
        check_board(event["data"], language)
    assert kept.builds == 4  # one board per language
    (again,) = stream(live_app, "fa", f"/v/{game.view_token}/live?seq=1")
    check_board(again["data"], "fa")
    assert kept.builds == 4  # the Persian board again, from memory


def test_waiting_viewers_of_one_game_each_get_the_next_save_in_their_language(live_app: Flask) -> None:
    game = new_game(live_app)
    assert game.id is not None
    record(live_app, game.id, ended(1, "Ana", Bruno=32, Carla=25, Dario=7))
    url = f"/v/{game.view_token}/live?seq=2"
    got: list[tuple[str, list[Event]]] = []

    def watch(language: str) -> None:
        got.append((language, stream(live_app, language, url)))

    watchers = [threading.Thread(target=watch, args=(language,)) for language in ("fa", "ja", "fa", "en")]
    for thread in watchers:
        thread.start()
    watcher = changes.watcher_for(live_app.extensions["referee.db"])
    deadline = time.monotonic() + 10
    while watcher.waiting() < len(watchers) and time.monotonic() < deadline:
        time.sleep(0.02)
    record(live_app, game.id, Buy(deal=2, player="Dario"))
    for thread in watchers:
        thread.join(30)
        assert not thread.is_alive()
    assert sorted(language for language, _events in got) == ["en", "fa", "fa", "ja"]
    for language, events in got:
        (event,) = [e for e in events if e["event"] == "board"]
        assert event["id"] == "3"
        check_board(event["data"], language)


def test_the_seq_the_browser_shows_may_come_in_persian_digits(live_app: Flask) -> None:
    """A board that wrote its seq in the page's digits still reconnects (?seq=۱: it shows seq 1, the game is at 2)."""
    game = new_game(live_app)
    assert game.id is not None
    record(live_app, game.id, ended(1, "Ana", Bruno=32, Carla=25, Dario=7))
    (event,) = stream(live_app, "fa", f"/v/{game.view_token}/live?seq=۱")
    assert event["id"] == "2"
    check_board(event["data"], "fa")
    assert live_app.test_client().get(f"/v/{game.view_token}/live?seq=۱x").status_code == 400
