"""The offline page in the phone's language, in a real browser: a phone that chose Persian gets the Persian offline
page from its service worker (right to left, Persian first); after switching to Japanese it registers a worker that
keeps the Japanese one. The manifest it links says the page's language too."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, expect

from .conftest import LiveServer


def wait_for_worker(page: Page, language: str) -> None:
    """Until the worker that controls the site is the one registered for ``language`` and is active."""
    page.wait_for_function(
        """(language) => navigator.serviceWorker.getRegistration().then((registration) =>
             !!(registration && registration.active && registration.active.state === "activated" &&
                registration.active.scriptURL.endsWith("&lang=" + language)))""",
        arg=language, timeout=20_000, polling=200,
    )
    # A worker controls the pages loaded after it took over: load this one again and wait until it is one of them.
    page.reload()
    page.wait_for_function(
        """(language) => !!navigator.serviceWorker.controller &&
             navigator.serviceWorker.controller.scriptURL.endsWith("&lang=" + language)""",
        arg=language, timeout=20_000, polling=200,
    )


def test_a_persian_phone_gets_the_persian_offline_page_then_the_japanese_one(
    browser: Browser, browser_context_args: dict[str, Any], live_server: LiveServer,
    screenshot: Callable[[Page, str], Path],
) -> None:
    context = browser.new_context(**browser_context_args)
    try:
        page = context.new_page()
        page.goto(f"{live_server.url}/lang/fa?next=/games")
        expect(page.locator("html")).to_have_attribute("lang", "fa")
        manifest = page.locator('link[rel="manifest"]').get_attribute("href")
        assert manifest == "/manifest.webmanifest?lang=fa"
        data = json.loads(page.request.get(live_server.url + manifest).text())
        assert data["lang"] == "fa" and data["dir"] == "rtl"
        wait_for_worker(page, "fa")

        context.set_offline(True)
        page.goto(f"{live_server.url}/games/new")
        expect(page.get_by_test_id("offline")).to_be_visible()
        expect(page.locator("html")).to_have_attribute("dir", "rtl")
        expect(page.locator("html")).to_have_attribute("lang", "fa")
        expect(page.locator("[data-testid^=offline-]").first).to_have_attribute("data-testid", "offline-fa")
        expect(page.get_by_test_id("offline-en")).to_contain_text("No connection")  # the others follow
        screenshot(page, "offline-fa-390")

        context.set_offline(False)
        page.close()
        page = context.new_page()  # a page opened online (the emulated offline reaches a worker's fetches late)
        page.goto(f"{live_server.url}/lang/ja?next=/games")
        expect(page.locator("html")).to_have_attribute("lang", "ja")
        wait_for_worker(page, "ja")
        context.set_offline(True)
        page.goto(f"{live_server.url}/games/new")
        expect(page.get_by_test_id("offline")).to_be_visible()
        expect(page.locator("html")).to_have_attribute("lang", "ja")
        expect(page.locator("html")).to_have_attribute("dir", "ltr")
        expect(page.locator("[data-testid^=offline-]").first).to_have_attribute("data-testid", "offline-ja")
    finally:
        context.close()
