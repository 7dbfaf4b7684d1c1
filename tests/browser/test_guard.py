"""At a phone's size in real Chromium: a deal typed on a page whose session was lost survives, and deleting a game
asks first."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect

from .conftest import PHONE
from .test_game_telefunken import create_game

Shot = Callable[[Page, str], Path]


def fits(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def edit_path(page: Page) -> str:
    """The scorekeeper's link (``/g/<token>``) of the game whose share page is open."""
    match = re.search(r"(/g/[A-Za-z0-9_-]+)", page.url)
    assert match, page.url
    return match.group(1)


def test_a_deal_typed_after_the_session_was_lost_is_kept_and_then_recorded(page: Page, screenshot: Shot) -> None:
    create_game(page, "telefunken", ["Ana", "Beto", "Caro"])
    game = edit_path(page)
    page.goto(game + "/end")
    page.get_by_test_id("out-Beto").check()
    page.get_by_test_id("typed-Ana").fill("17")
    page.get_by_test_id("typed-Caro").fill("23")
    # The browser forgets its cookies while the form is open (a long game, a cleared browser).
    page.context.clear_cookies()
    page.get_by_test_id("preview-button").click()
    expect(page.get_by_text("Nothing was saved: this page was kept open too long")).to_be_visible()
    expect(page.get_by_test_id("typed-Ana")).to_have_value("17")
    expect(page.get_by_test_id("typed-Caro")).to_have_value("23")
    expect(page.get_by_test_id("out-Beto")).to_be_checked()
    fits(page)
    screenshot(page, "guard-session-lost-end-deal")
    # Sent again with the page's fresh token: previewed, then recorded once.
    page.get_by_test_id("preview-button").click()
    expect(page.get_by_test_id("preview-points-Ana")).to_have_text("17")
    page.get_by_test_id("confirm").click()
    expect(page.get_by_text("Deal 1 recorded: Beto went out.")).to_be_visible()


def test_deleting_a_game_asks_first_and_then_it_is_gone(page: Page, screenshot: Shot) -> None:
    create_game(page, "telefunken", ["Ana", "Beto", "Caro"])
    game = edit_path(page)
    page.goto(game + "/sheet")
    page.get_by_test_id("delete-link").click()
    expect(page.get_by_test_id("delete-confirm")).to_be_visible()
    expect(page.get_by_text("It cannot be undone.")).to_be_visible()
    fits(page)
    screenshot(page, "guard-delete-confirm")
    page.get_by_test_id("delete-cancel").click()
    expect(page).to_have_url(f"{page.url.split('/g/')[0]}{game}/sheet")
    page.get_by_test_id("delete-link").click()
    page.get_by_test_id("delete").click()
    expect(page.get_by_text("The game was deleted")).to_be_visible()
    screenshot(page, "guard-deleted")
    page.goto(game)
    expect(page.get_by_test_id("link-not-found")).to_be_visible()
