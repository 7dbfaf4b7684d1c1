"""The home page in a real browser at a phone's size."""

from __future__ import annotations

import logging
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.tiers import quick

from .conftest import PHONE, LiveServer


@quick
def test_home_on_a_phone(page: Page, live_server: LiveServer, screenshot: Callable[[Page, str], Path]) -> None:
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))

    page.goto("/")

    expect(page.get_by_role("heading", level=1)).to_have_text("Score-keeper and referee for contract rummy")
    expect(page.get_by_text("Telefunken")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    # No CDN, no favicon request: the page, its stylesheet and its script, under fingerprinted names.
    assert requested[0] == f"{live_server.url}/", requested
    fingerprinted = re.escape(live_server.url) + r"/static/(css/app\.[0-9a-f]{12}\.css|js/app\.[0-9a-f]{12}\.js)"
    assert all(re.fullmatch(fingerprinted, url) for url in requested[1:]), requested
    assert any(url.endswith(".css") for url in requested), requested
    screenshot(page, "home")


def test_a_returning_phone_requests_only_the_page(browser: Browser, browser_context_args: dict[str, Any],
                                                   live_server: LiveServer, caplog: pytest.LogCaptureFixture) -> None:
    """The server's own log says what reached it: on the second visit, the page and nothing else.

    The service worker is kept out: its own fetches (it keeps copies for offline use) are not the page's.
    """
    context = browser.new_context(**{**browser_context_args, "base_url": live_server.url,
                                     "service_workers": "block"})
    page = context.new_page()
    caplog.set_level(logging.INFO, logger="werkzeug")
    for path in ("/", "/games/new"):  # the first visit: the pages with their stylesheet and script
        page.goto(path)
        expect(page.get_by_role("heading", level=1)).to_be_visible()
    caplog.clear()
    for path in ("/", "/games/new"):
        page.goto(path)
        expect(page.get_by_role("heading", level=1)).to_be_visible()
    deadline = time.monotonic() + 10
    while sum('"GET /games/new ' in record.getMessage() for record in caplog.records) < 1:
        assert time.monotonic() < deadline, [record.getMessage() for record in caplog.records]
        time.sleep(0.1)
    served = [record.getMessage() for record in caplog.records if "GET /static/" in record.getMessage()]
    context.close()
    assert served == []


def test_home_in_dark_mode(page: Page, screenshot: Callable[[Page, str], Path]) -> None:
    page.emulate_media(color_scheme="dark")
    page.goto("/")
    background = page.evaluate("getComputedStyle(document.documentElement).backgroundColor")
    assert background == "rgb(23, 25, 28)"
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    screenshot(page, "home-dark")
