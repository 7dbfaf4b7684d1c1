"""The home page in a real browser at a phone's size."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect

from .conftest import PHONE, LiveServer


def test_home_on_a_phone(page: Page, live_server: LiveServer, screenshot: Callable[[Page, str], Path]) -> None:
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))

    page.goto("/")

    expect(page.get_by_role("heading", level=1)).to_have_text("Score-keeper and referee for contract rummy")
    expect(page.get_by_text("Telefunken")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    # No CDN, no favicon request: the page and its stylesheet are all there is.
    assert requested == [f"{live_server.url}/", f"{live_server.url}/static/css/app.css"]
    screenshot(page, "home")


def test_home_in_dark_mode(page: Page, screenshot: Callable[[Page, str], Path]) -> None:
    page.emulate_media(color_scheme="dark")
    page.goto("/")
    background = page.evaluate("getComputedStyle(document.documentElement).backgroundColor")
    assert background == "rgb(23, 25, 28)"
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    screenshot(page, "home-dark")
