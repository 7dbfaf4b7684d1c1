"""The players' records in a real browser at a phone's size: from My games to the players, to one player's record;
nothing wider than the screen at 390×844, nor at 320×568 with the text at 200%, in English, Persian and Japanese."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from referee import db
from referee.ledger import store
from tests.records.games import ANA_WINS, BETO_WINS

from .conftest import PHONE, LiveServer

SMALL = {"width": 320, "height": 568}


def series(live_server: LiveServer) -> str:
    """Ana's win and Beto's win as its Rematch (tests/records/games.py); the Rematch's scorekeeping token."""
    with live_server.app.app_context(), db.session() as session:
        first = store.restore_game(session, events=ANA_WINS)
        second = store.restore_game(session, events=BETO_WINS)
        assert first.id is not None
        assert second.id is not None
        store.link_rematch(session, game_id=second.id, previous_id=first.id)
        return second.edit_token


def test_from_my_games_to_a_players_record(
    page: Page, live_server: LiveServer, screenshot: Callable[[Page, str], Path]
) -> None:
    edit = series(live_server)
    page.context.add_cookies([{"name": "referee_games", "value": edit, "url": live_server.url}])
    page.goto("/games")
    page.get_by_test_id("players-link").click()
    expect(page.get_by_test_id("player-games")).to_have_text(["2", "2", "2"])
    expect(page.get_by_test_id("regular-table")).to_contain_text("Ana 1, Beto 1, Caro 0")
    page.get_by_role("link", name="Caro").first.click()
    expect(page.get_by_test_id("player-name")).to_have_text("Caro")
    expect(page.get_by_test_id("figure-average")).to_have_text("75.0")
    expect(page.get_by_test_id("figure-best")).to_have_text("50")
    expect(page.get_by_test_id("figure-exact-cuts")).to_have_text("1")
    expect(page.get_by_test_id("meeting-behind")).to_have_text(["1", "2"])
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    screenshot(page, "records-player")


@pytest.mark.parametrize("language", ["en", "fa", "ja"])
def test_the_record_holds_on_a_small_phone_with_large_text(
    page: Page, live_server: LiveServer, screenshot: Callable[[Page, str], Path], language: str
) -> None:
    edit = series(live_server)
    page.context.add_cookies([{"name": "referee_games", "value": edit, "url": live_server.url},
                              {"name": "lang", "value": language, "url": live_server.url}])
    page.set_viewport_size(SMALL)
    for address in ("/players", "/players?name=Caro"):
        page.goto(address)
        page.evaluate("document.documentElement.style.setProperty('font-size', '200%', 'important')")
        width = page.evaluate("document.documentElement.scrollWidth")
        screenshot(page, f"records-200-{language}-{'player' if 'name' in address else 'list'}")
        assert width <= SMALL["width"], f"{address} scrolls sideways at 200% text in {language}: {width}px"
    # Every figure of the record is on the screen's width, its number beside its words.
    for figure in page.locator(".record-figures dd").all():
        box = figure.bounding_box()
        assert box is not None
        assert box["x"] >= 0
        assert box["x"] + box["width"] <= SMALL["width"]
