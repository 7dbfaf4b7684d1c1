"""The scorekeeper's phone, in a real browser at 390×844: new game → deal screen → buy → end a deal on the card
keypad (counting the taps: at most 20) → score sheet → correct a deal → … → game over → export.

Every screen is screenshotted into tests/screenshots/scorekeeper-*.png for a person to look at, and checked for
sideways scrolling (the page must never scroll sideways at phone width).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from referee.games.rummy.ledger import exchange
from referee.games.rummy.ledger.state import replay
from tests.tiers import full_only, quick

from .conftest import capture

Shot = Callable[[Page, str], Path]
TAP_BUDGET = 20


def no_sideways_scroll(page: Page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"] if page.viewport_size else True, f"page is {width}px wide"


class Taps:
    """Counts the scorekeeper's taps."""

    def __init__(self) -> None:
        self.count = 0

    def __call__(self, locator: Locator) -> None:
        locator.click()
        self.count += 1


def create_game(page: Page, players: list[str], variant: str = "telefunken", dealer: str = "0") -> None:
    page.goto("/games/new")
    if not page.get_by_test_id(f"variant-{variant}").is_visible():
        page.get_by_test_id("other-games").locator("summary").click()
    page.get_by_test_id(f"variant-{variant}").check()
    for index, name in enumerate(players):
        page.get_by_test_id(f"player-{index}").fill(name)
    while page.get_by_test_id(f"player-{len(players)}").count():  # a blank row would be pointed out: remove it
        page.get_by_role("button", name=f"Remove player {len(players) + 1}").click()
    page.get_by_test_id("first-dealer").select_option(dealer)
    page.get_by_test_id("create-game").click()
    expect(page.get_by_test_id("start-deal")).to_be_visible()


def end_deal_typed(page: Page, went_out: str, hands: dict[str, str]) -> None:
    page.get_by_test_id("end-deal").click()
    page.get_by_test_id(f"out-{went_out}").check()
    for name, value in hands.items():
        page.get_by_test_id(f"typed-{name}" if value.isdigit() else f"hand-{name}").fill(value)
    page.get_by_test_id("preview-button").click()
    page.get_by_test_id("confirm").click()


@full_only  # a whole game: the quick run replays tests/browser/test_game_telefunken.py's
def test_a_scorekeeper_plays_a_game_on_the_phone(page: Page, screenshot: Shot, tmp_path: Path) -> None:
    players = ["Ana", "Beto", "Caro", "Dani"]

    # New game: the variant cards, house rules, players, first dealer.
    page.goto("/games/new")
    expect(page.get_by_test_id("variant-telefunken")).to_be_checked()
    page.get_by_text("House rules").first.click()
    screenshot(page, "scorekeeper-01-new-game")
    no_sideways_scroll(page)
    # With JavaScript, adding a player field needs no round trip; the first-dealer list follows the names.
    page.get_by_role("button", name="Add a player").click()
    expect(page.get_by_test_id("player-4")).to_be_visible()
    page.get_by_role("button", name="Remove player 5").click()
    expect(page.get_by_test_id("player-4")).to_have_count(0)
    for index, name in enumerate(players):
        page.get_by_test_id(f"player-{index}").fill(name)
    expect(page.get_by_test_id("first-dealer").locator("option").nth(1)).to_have_text("Ana")
    page.get_by_test_id("first-dealer").select_option("0")
    page.get_by_test_id("create-game").click()

    # The share page: the players' QR code, then start.
    expect(page.get_by_test_id("view-qr").locator("svg")).to_be_visible()
    screenshot(page, "scorekeeper-02-share")
    no_sideways_scroll(page)
    page.get_by_test_id("start-deal").click()

    # The deal screen.
    expect(page.get_by_test_id("deal-title")).to_have_text("Deal 1 of 7")
    expect(page.get_by_test_id("dealer")).to_have_text("Ana")
    expect(page.get_by_test_id("cutter")).to_have_text("Dani")
    expect(page.get_by_test_id("first-player")).to_have_text("Beto")
    screenshot(page, "scorekeeper-03-deal")
    no_sideways_scroll(page)

    # Buy: Beto buys; the screen says what to draw and the chips go down.
    page.get_by_test_id("buy-player-Beto").check()
    page.get_by_test_id("buy").click()
    expect(page.get_by_text("Beto bought the discard")).to_be_visible()
    expect(page.get_by_test_id("chips-Beto")).to_have_text("6")

    # A contract the referee rejects, then one it accepts.
    page.get_by_test_id("laid-player-Caro").check()
    page.get_by_test_id("melds").fill("7H 7S JK")
    page.get_by_test_id("laid-down").click()
    expect(page.get_by_test_id("refusal")).to_be_visible()
    screenshot(page, "scorekeeper-04-refused")
    no_sideways_scroll(page)
    page.get_by_test_id("laid-player-Caro").check()
    page.get_by_test_id("melds").fill("7H 7S 7D")
    page.get_by_test_id("laid-down").click()
    expect(page.get_by_test_id("melded-Caro")).to_be_visible()

    # End the deal on the keypad, counting every tap from the deal screen to the confirmed result.
    tap = Taps()
    tap(page.get_by_test_id("end-deal"))
    tap(page.get_by_test_id("out-Beto"))
    for key in ("K", "7", "JK", "3"):  # Ana, selected automatically: the first player after… in turn order
        tap(page.get_by_test_id(f"key-{key}"))
    expect(page.get_by_test_id("points-Ana")).to_have_text("35")
    tap(page.get_by_test_id("key-next"))
    for key in ("A", "T", "Q"):  # Caro
        tap(page.get_by_test_id(f"key-{key}"))
    expect(page.get_by_test_id("points-Caro")).to_have_text("31")
    tap(page.get_by_test_id("key-next"))
    for key in ("2", "2", "5", "9", "K"):  # Dani
        tap(page.get_by_test_id(f"key-{key}"))
    expect(page.get_by_test_id("hand-Dani")).to_have_value("2 2 5 9 K")
    expect(page.get_by_test_id("points-Dani")).to_have_text("28")
    screenshot(page, "scorekeeper-05-keypad")
    no_sideways_scroll(page)
    tap(page.get_by_test_id("preview-button"))
    expect(page.get_by_test_id("preview-points-Ana")).to_have_text("35")
    expect(page.get_by_test_id("preview")).to_contain_text("10 + 7 + 15 + 3 = 35")
    screenshot(page, "scorekeeper-06-preview")
    no_sideways_scroll(page)
    tap(page.get_by_test_id("confirm"))
    expect(page.get_by_test_id("deal-title")).to_have_text("Deal 2 of 7")
    expect(page.get_by_test_id("total-Dani")).to_have_text("28")
    print(f"taps to record a four-player deal on the keypad: {tap.count}")
    assert tap.count <= TAP_BUDGET

    # The score sheet; correct deal 1 (Caro had 21, not 31).
    page.get_by_test_id("sheet-link").click()
    expect(page.get_by_test_id("cell-1-Caro")).to_have_text("31")
    screenshot(page, "scorekeeper-07-sheet")
    no_sideways_scroll(page)
    page.get_by_test_id("correct-1").click()
    expect(page.get_by_test_id("hand-Caro")).to_have_value("A T Q")
    page.get_by_test_id("hand-Caro").fill("A Q")
    page.get_by_test_id("preview-button").click()
    expect(page.get_by_test_id("preview-total-Caro")).to_have_text("21")
    screenshot(page, "scorekeeper-08-correct")
    page.get_by_test_id("confirm").click()
    expect(page.get_by_test_id("corrected-1")).to_be_visible()
    expect(page.get_by_test_id("cell-1-Caro")).to_have_text("21")
    screenshot(page, "scorekeeper-09-sheet-corrected")

    # The other six deals, typed.
    page.get_by_test_id("nav-deal").click()
    results = [("Caro", {"Ana": "10", "Beto": "20", "Dani": "5"}),
               ("Dani", {"Ana": "12", "Beto": "8", "Caro": "30"}),
               ("Ana", {"Beto": "4", "Caro": "K K", "Dani": "6"}),
               ("Beto", {"Ana": "7", "Caro": "9", "Dani": "11"}),
               ("Caro", {"Ana": "3", "Beto": "2", "Dani": "1"}),
               ("Dani", {"Ana": "15", "Beto": "15", "Caro": "15"})]
    for number, (out, hands) in enumerate(results, start=2):
        expect(page.get_by_test_id("deal-title")).to_have_text(f"Deal {number} of 7")
        end_deal_typed(page, out, hands)

    # Game over: standings, exports, rematch.
    expect(page.get_by_test_id("over-title")).to_have_text("Game over")
    screenshot(page, "scorekeeper-10-over")
    no_sideways_scroll(page)
    with page.expect_download() as download:
        page.get_by_test_id("export-json").click()
    path = tmp_path / "game.json"
    download.value.save_as(path)
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    state = replay(exchange.import_game(data))
    assert state.finished
    assert state.players == tuple(players)
    assert state.sheet.totals["Caro"] == 21 + 0 + 30 + 20 + 9 + 0 + 15
    final = page.get_by_test_id("final-total-Caro")
    expect(final).to_have_text(str(state.sheet.totals["Caro"]))
    page.get_by_test_id("rematch").click()
    expect(page.get_by_test_id("player-3")).to_have_value("Dani")
    page.goto("/games")
    expect(page.get_by_test_id("my-games")).to_contain_text("Ana, Beto, Caro, Dani")
    screenshot(page, "scorekeeper-11-my-games")


@pytest.mark.parametrize("scheme", ["dark"])
def test_the_deal_screen_in_the_dark_and_without_javascript(
    browser: Browser, base_url: str, screenshot: Shot, scheme: str
) -> None:
    context = browser.new_context(
        base_url=base_url, viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True,
        has_touch=True, color_scheme="dark", java_script_enabled=False,
    )
    page = context.new_page()
    try:
        create_game(page, ["Xavi", "Yoli", "Zoe"])
        page.get_by_test_id("start-deal").click()
        screenshot(page, f"scorekeeper-12-deal-{scheme}")
        no_sideways_scroll(page)
        # Without JavaScript every key is a round trip, and still works.
        page.get_by_test_id("end-deal").click()
        page.get_by_test_id("out-Yoli").check()
        page.get_by_test_id("key-K").click()
        expect(page.get_by_test_id("hand-Xavi")).to_have_value("K")
        page.get_by_test_id("key-next").click()
        page.get_by_test_id("key-JK").click()
        expect(page.get_by_test_id("hand-Zoe")).to_have_value("JK")
        expect(page.get_by_test_id("points-Zoe")).to_have_text("15")
        screenshot(page, f"scorekeeper-13-keypad-nojs-{scheme}")
        page.get_by_test_id("preview-button").click()
        page.get_by_test_id("confirm").click()
        expect(page.get_by_test_id("deal-title")).to_have_text("Deal 2 of 7")
        expect(page.get_by_test_id("total-Zoe")).to_have_text("15")
    finally:
        context.close()


def test_the_end_of_deal_at_200_percent_text(browser: Browser, base_url: str, screenshot: Shot) -> None:
    context = browser.new_context(base_url=base_url, viewport={"width": 390, "height": 844}, device_scale_factor=1,
                                  is_mobile=True, has_touch=True)
    page = context.new_page()
    try:
        create_game(page, ["Ana", "Beto", "Caro", "Dani"])
        page.get_by_test_id("start-deal").click()
        page.get_by_test_id("end-deal").click()
        # 200% text: the root font size doubled, as a browser's text-size setting does.
        page.evaluate("document.documentElement.style.setProperty('font-size', '200%', 'important')")  # CSP: no <style>
        page.emulate_media(media="screen")
        page.get_by_test_id("out-Beto").check()
        page.get_by_test_id("key-K").click()
        expect(page.get_by_test_id("hand-Ana")).to_have_value("K")
        box = page.get_by_test_id("hand-Ana").bounding_box()
        assert box is not None, box
        assert box["width"] >= 80, box
        screenshot(page, "scorekeeper-14-end-200-percent")
        no_sideways_scroll(page)
    finally:
        context.close()


def test_a_name_typed_wrong_is_fixed_mid_game(page: Page, screenshot: Shot) -> None:
    create_game(page, ["Ana", "Bteo", "Caro", "Dani"])
    page.get_by_test_id("start-deal").click()
    page.get_by_test_id("players-link").click()
    page.get_by_test_id("rename-1").fill("Beto")
    page.get_by_test_id("rename-button-1").click()
    expect(page.get_by_role("status").or_(page.locator(".flash")).first).to_contain_text("Bteo is now called Beto.")
    # A name already at the table is refused, in words, and nothing changes.
    page.get_by_test_id("rename-2").fill("ana")
    page.get_by_test_id("rename-button-2").click()
    expect(page.get_by_test_id("refusal")).to_contain_text("Ana is already playing in this game")
    expect(page.get_by_test_id("rename-2")).to_have_value("ana")
    screenshot(page, "scorekeeper-20-players-names")
    no_sideways_scroll(page)
    page.get_by_test_id("back-to-deal").click()
    expect(page.get_by_test_id("total-Beto")).to_have_text("0")


@quick
def test_several_want_the_discard(page: Page, screenshot: Shot) -> None:
    """¡Compro!: the scorekeeper taps who discarded and who claims it; the referee says who gets it; one tap buys."""
    create_game(page, ["Ana", "Beto", "Caro", "Dani"])
    page.get_by_test_id("start-deal").click()
    page.get_by_test_id("claims").locator("summary").click()
    page.get_by_test_id("discarder-Caro").check()
    page.get_by_test_id("claimant-Ana").check()
    page.get_by_test_id("claimant-Beto").check()
    page.get_by_test_id("who-gets-it").click()
    expect(page.get_by_test_id("claim-winner")).to_have_text(
        "Ana gets the discard: after Caro, Ana’s turn comes first."
    )
    expect(page.get_by_test_id("claim-order")).to_have_text("Then, in turn order: Beto.")
    expect(page.get_by_test_id("claimant-Beto")).to_be_checked()
    whole = screenshot(page, "scorekeeper-21-compro")
    capture(page.get_by_test_id("buy-card"), path=whole.with_name("scorekeeper-21-compro-card.png"))
    no_sideways_scroll(page)
    page.get_by_test_id("claim-buy").click()
    expect(page.get_by_test_id("chips-Ana")).to_have_text("6")
    expect(page.get_by_test_id("claim-verdict")).to_have_count(0)
