"""referee as an app in a real browser at a phone's size: the screen kept awake on the deal screen and the viewer
(navigator.wakeLock stubbed in an init script, which records the request), the service worker's offline page,
and the game over's share sheet, copy and one-page print."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from referee import db
from referee.games.rummy.ledger.events import DealEnded, GameCreated
from referee.ledger import store

from .conftest import LiveServer, wait_until

SMALL = {"width": 320, "height": 568}
PLAYERS = ("Ana", "Beto", "Caro", "Dani")

#: Records every wake lock request and every share, in place of the browser's own.
RECORDER = """
window.__wakeLocks = [];
window.__shared = [];
Object.defineProperty(navigator, "wakeLock", { configurable: true, value: {
  request: function (type) {
    window.__wakeLocks.push(type);
    return Promise.resolve({ released: false, release: function () { return Promise.resolve(); },
                             addEventListener: function () {} });
  }
}});
Object.defineProperty(navigator, "share", { configurable: true, value: function (data) {
  window.__shared.push(data); return Promise.resolve();
}});
"""


def game(live_server: LiveServer, *, deals: int) -> tuple[str, str]:
    """Four players; deal d is won by PLAYERS[d % 4]; the others hold Ana 5, Beto 10, Caro 15, Dani 20 points.

    By hand, 7 deals (out: Beto, Caro, Dani, Ana, Beto, Caro, Dani): Ana 5 × 6 = 30, Beto 10 × 5 = 50,
    Caro 15 × 5 = 75, Dani 20 × 5 = 100.
    """
    value = {"Ana": 5, "Beto": 10, "Caro": 15, "Dani": 20}
    with live_server.app.app_context(), db.session() as session:
        made = store.create_game(session, created=GameCreated(variant="telefunken", players=PLAYERS,
                                                              first_dealer="Ana"))
        assert made.id is not None
        seq = 1
        for deal in range(1, deals + 1):
            out = PLAYERS[deal % 4]
            hands = {name: value[name] for name in PLAYERS if name != out}
            seq = store.append(session, game_id=made.id, event=DealEnded(deal=deal, went_out=out, hands=hands),
                               expected_seq=seq).seq
        session.refresh(made)
        return made.edit_token, made.view_token


@pytest.fixture
def phone(browser: Browser, browser_context_args: dict[str, Any]) -> Iterator[BrowserContext]:
    """A phone whose wake lock and share sheet are recorded."""
    context = browser.new_context(**browser_context_args)
    context.add_init_script(RECORDER)
    try:
        yield context
    finally:
        context.close()


def test_the_deal_screen_and_the_viewer_ask_to_keep_the_screen_awake(
    phone: BrowserContext, live_server: LiveServer
) -> None:
    edit, view = game(live_server, deals=1)
    page = phone.new_page()
    page.goto(f"{live_server.url}/g/{edit}")
    wait_until(page, "window.__wakeLocks.length > 0")
    assert page.evaluate("window.__wakeLocks") == ["screen"]
    page.goto(f"{live_server.url}/v/{view}")
    wait_until(page, "window.__wakeLocks.length > 0")
    assert page.evaluate("window.__wakeLocks") == ["screen"]
    # Other screens leave the screen to go dark as usual.
    for path in (f"/g/{edit}/sheet", f"/g/{edit}/share", "/games"):
        page.goto(live_server.url + path, wait_until="load")
        page.wait_for_timeout(300)
        assert page.evaluate("window.__wakeLocks") == [], path


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_offline_the_service_worker_shows_the_offline_page(
    browser: Browser, browser_context_args: dict[str, Any], live_server: LiveServer,
    screenshot: Callable[[Page, str], Path], scheme: str,
) -> None:
    context = browser.new_context(**browser_context_args, color_scheme=scheme)
    try:
        page = context.new_page()
        page.goto(f"{live_server.url}/games")
        wait_until(page, "navigator.serviceWorker.ready.then(() => true)", timeout=20_000)
        wait_until(page, "navigator.serviceWorker.controller !== null || !!navigator.serviceWorker.ready",
                   timeout=20_000)
        context.set_offline(True)
        page.goto(f"{live_server.url}/games/new")
        expect(page.get_by_test_id("offline")).to_be_visible()
        expect(page.get_by_test_id("offline-en")).to_contain_text("No connection")
        expect(page.get_by_test_id("offline-es")).to_contain_text("Sin conexión")
        # Its styles came from the worker's cache too.
        assert page.evaluate("getComputedStyle(document.querySelector('.card')).borderRadius") != "0px"
        screenshot(page, f"offline-390-{scheme}")
        page.set_viewport_size(SMALL)
        screenshot(page, f"offline-320-{scheme}")
        context.set_offline(False)
        page.get_by_test_id("offline-retry-en").click()
        expect(page.get_by_test_id("offline")).to_have_count(0)
        expect(page).to_have_url(f"{live_server.url}/games/new")
    finally:
        context.close()


def pdf_pages(pdf: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page(?!s)", pdf))


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_game_over_shares_the_standings_as_text_and_prints_on_one_page(
    phone: BrowserContext, live_server: LiveServer, screenshot: Callable[[Page, str], Path], scheme: str
) -> None:
    edit, _ = game(live_server, deals=7)
    page = phone.new_page()
    page.emulate_media(color_scheme=scheme)  # type: ignore[arg-type]
    page.goto(f"{live_server.url}/g/{edit}/over")
    text = page.get_by_test_id("share-text")
    expect(text).to_have_value(re.compile(r"^Telefunken \(Venezuela\) — game over\nAna wins!\n"))
    expect(text).to_have_value(re.compile(r"\n1\. Ana 30\n2\. Beto 50\n3\. Caro 75\n4\. Dani 100\n"))
    page.get_by_test_id("share-send").click()
    wait_until(page, "window.__shared.length > 0")
    shared = page.evaluate("window.__shared[0]")
    assert shared["text"] == text.input_value()
    assert "1. Ana 30" in shared["text"]
    assert "Deal 7: Dani went out; Ana 5, Beto 10, Caro 15" in shared["text"]
    expect(page.get_by_test_id("share-print")).to_be_visible()
    page.get_by_test_id("share-text").scroll_into_view_if_needed()
    screenshot(page, f"over-share-390-{scheme}")
    page.set_viewport_size(SMALL)
    screenshot(page, f"over-share-320-{scheme}")
    # Printed: the standings and the whole sheet on one page, no buttons.
    page.emulate_media(media="print")
    assert page.get_by_test_id("share-text").is_hidden()
    assert page.get_by_test_id("rematch").is_hidden()
    assert page.get_by_test_id("final-standings").is_visible()
    assert pdf_pages(page.pdf(format="A4")) == 1


def test_without_a_share_sheet_the_text_is_copied(
    browser: Browser, browser_context_args: dict[str, Any], live_server: LiveServer
) -> None:
    edit, _ = game(live_server, deals=7)
    context = browser.new_context(**browser_context_args)
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=live_server.url)
    context.add_init_script("delete Navigator.prototype.share;")
    try:
        page = context.new_page()
        page.goto(f"{live_server.url}/g/{edit}/over")
        expect(page.get_by_test_id("share-send")).to_be_hidden()
        page.get_by_test_id("share-copy").click()
        expect(page.get_by_test_id("share-status")).to_have_text("Copied: paste it into a message.")
        assert page.evaluate("navigator.clipboard.readText()") == page.get_by_test_id("share-text").input_value()
    finally:
        context.close()


def test_without_javascript_the_text_is_there_to_copy(
    browser: Browser, browser_context_args: dict[str, Any], live_server: LiveServer
) -> None:
    edit, _ = game(live_server, deals=3)
    context = browser.new_context(**browser_context_args, java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(f"{live_server.url}/g/{edit}/sheet")
        expect(page.get_by_test_id("share-text")).to_be_visible()
        expect(page.get_by_test_id("share-text")).to_have_value(re.compile(r"Standings so far\n1\. Ana"))
        for testid in ("share-send", "share-copy", "share-print"):
            expect(page.get_by_test_id(testid)).to_be_hidden()
    finally:
        context.close()
