"""Undoing a wrong buy from the deal screen, in real Chromium at a phone's size: the Undo sits under the buy's own
message, on the screen and reachable by the thumb, and one tap undoes it and lands back on the deal screen.

Before, it took 3 taps and a scroll: the Undo link at the very bottom of the deal screen, a confirmation page, and
the score sheet it landed on, from which the scorekeeper had to go back to the deal. The count is printed (``-s``).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from .conftest import LiveServer
from .test_reach import SIZES, Taps, large_text, new_game, on_screen
from .test_reach import phone as phone  # noqa: F401 — a fixture: open(size, scheme, language)

Shot = Callable[[Page, str], Path]


@pytest.mark.parametrize("text", [100, 200])
@pytest.mark.parametrize("size", list(SIZES))
def test_a_wrong_buy_is_undone_in_one_tap_and_the_page_stays_on_the_deal(
    phone: Callable[..., Page], live_server: LiveServer, screenshot: Shot, size: str, text: int
) -> None:
    page = phone(size)
    page.goto(f"/g/{new_game(live_server)}")
    if text == 200:
        large_text(page)
    page.get_by_test_id("buy-player-Beto").check()
    page.get_by_test_id("buy").click()
    expect(page.get_by_test_id("flash-buy-card")).to_contain_text("Beto bought the discard")
    if text == 200:
        large_text(page)
    expect(page.get_by_test_id("chips-Beto")).to_have_text("6")
    undo = page.get_by_test_id("undo-here")
    expect(undo).to_have_attribute("aria-label", "Undo: Deal 1: Beto bought")
    on_screen(undo)  # under the message the page landed on, clear of the action bar
    screenshot(page, f"undo-here-{size}-{text}")
    taps = Taps()
    taps(undo)
    expect(page.get_by_text("Undone: Deal 1: Beto bought.")).to_be_visible()
    expect(page.get_by_test_id("deal-title")).to_be_visible()  # back on the deal screen, not the score sheet
    expect(page.get_by_test_id("chips-Beto")).to_have_text("7")
    assert page.url.endswith("/g/" + page.url.split("/g/")[1].split("/")[0].split("#")[0])
    print(f"undo a wrong buy at {size}, {text}% text: {taps.count} tap (3 taps and a scroll before)")
    assert taps.count == 1
