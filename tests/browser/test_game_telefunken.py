"""A whole Telefunken game of 7 deals at phone size, as a new user plays it, with a second phone watching.

The scorekeeper creates the game, the players' phone opens the view link (a second browser context), and every
change the scorekeeper saves shows up on the viewer without a reload (waited for, up to 5 s; nothing is timed):
an exact cut, buys (one refused), a contract the referee rejects and one it accepts, two deals ended on the card
keypad and five with typed points, a past deal corrected (the viewer marks it), the game finished and exported.
Every screen of both phones is screenshotted into tests/screenshots/game-telefunken-*.png.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Page, expect

from referee.games.rummy.ledger import exchange
from referee.games.rummy.ledger.state import replay

from .conftest import PHONE, SCREENSHOTS, capture

Shot = Callable[[Page, str], Path]
LIVE = 5000  # ms: the viewer must show a change within this (it normally takes well under 2 s)
PLAYERS = ["Ana", "Beto", "Caro", "Dani"]
README_CLIP = {"x": 0, "y": 0, "width": PHONE["width"], "height": 1240}


def fits(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def create_game(page: Page, variant: str, players: list[str], *, house_rules: dict[str, bool] | None = None) -> str:
    """Create a game on the new-game screen; return the view link's path from the share page."""
    page.goto("/games/new")
    choice = page.get_by_test_id(f"variant-{variant}")
    if not choice.is_visible():
        page.get_by_test_id("other-games").locator("> summary").click()  # the other games are folded away
    choice.check()
    card = page.locator(f'[data-variant="{variant}"]')
    for label, on in (house_rules or {}).items():
        card.locator(".variant-rules > summary").click()
        box = card.get_by_label(label)
        box.set_checked(on)
    for index, name in enumerate(players):
        page.get_by_test_id(f"player-{index}").fill(name)
    while page.get_by_test_id(f"player-{len(players)}").count():  # a blank row would be pointed out: remove it
        page.get_by_role("button", name=f"Remove player {len(players) + 1}").click()
    page.get_by_test_id("first-dealer").select_option("0")
    page.get_by_test_id("create-game").click()
    expect(page.get_by_test_id("view-qr").locator("svg")).to_be_visible()
    return urlsplit(page.get_by_test_id("view-url").get_attribute("href") or "").path


def end_with_points(page: Page, went_out: str, points: dict[str, int]) -> None:
    """End the deal with the points typed."""
    page.get_by_test_id("end-deal").click()
    page.get_by_test_id(f"out-{went_out}").check()
    for name, value in points.items():
        page.get_by_test_id(f"typed-{name}").fill(str(value))
    page.get_by_test_id("preview-button").click()
    for name, value in points.items():
        expect(page.get_by_test_id(f"preview-points-{name}")).to_have_text(str(value))
    page.get_by_test_id("confirm").click()


def end_with_keypad(
    page: Page, went_out: str, keys: dict[str, list[str]], points: dict[str, int], scored: dict[str, int] | None = None
) -> None:
    """End the deal on the card keypad, player after player; ``points`` the cards' values, ``scored`` after any
    multiplier (the same by default)."""
    page.get_by_test_id("end-deal").click()
    page.get_by_test_id(f"out-{went_out}").check()
    for name, cards in keys.items():
        page.get_by_test_id(f"select-{name}").click()
        for key in cards:
            page.get_by_test_id(f"key-{key}").click()
        expect(page.get_by_test_id(f"points-{name}")).to_have_text(str(points[name]))
    page.get_by_test_id("preview-button").click()
    for name, value in (scored or points).items():
        expect(page.get_by_test_id(f"preview-points-{name}")).to_have_text(str(value))
    page.get_by_test_id("confirm").click()




@pytest.mark.usefixtures("live_server")
def test_a_whole_telefunken_game(
    page: Page, viewer: Page, screenshot: Shot, tmp_path: Path
) -> None:
    # ---- a new game, and the players' phone opens the view link -------------------------------------------
    page.goto("/games/new")
    screenshot(page, "game-telefunken-01-new")
    fits(page)
    view_path = create_game(page, "telefunken", PLAYERS)
    assert view_path.startswith("/v/")
    screenshot(page, "game-telefunken-02-share")
    fits(page)
    page.get_by_test_id("start-deal").click()

    viewer.goto(view_path)
    expect(viewer.get_by_test_id("deal-heading")).to_have_text("Deal 1 of 7")
    expect(viewer.get_by_test_id("live-status")).to_have_text("Live")
    viewer.get_by_label("This is me").select_option("Caro")
    viewer.get_by_test_id("me-submit").click()
    expect(viewer.get_by_test_id("total-Caro")).to_have_class("me")
    expect(viewer.get_by_test_id("live-status")).to_have_text("Live")
    screenshot(viewer, "game-telefunken-v1-start")

    # ---- deal 1: exact cut, buys (one refused), a contract rejected then accepted, the keypad -----------------
    expect(page.get_by_test_id("deal-title")).to_have_text("Deal 1 of 7")
    expect(page.get_by_test_id("cutter")).to_have_text("Dani")
    screenshot(page, "game-telefunken-03-deal")
    fits(page)
    page.get_by_test_id("exact-cut").click()
    expect(page.get_by_test_id("chips-Dani")).to_have_text("8")
    expect(viewer.get_by_test_id("chips-Dani")).to_have_text("8", timeout=LIVE)

    page.get_by_test_id("buy-player-Beto").check()
    page.get_by_test_id("buy").click()
    expect(page.get_by_test_id("chips-Beto")).to_have_text("6")
    expect(viewer.get_by_test_id("chips-Beto")).to_have_text("6", timeout=LIVE)

    page.get_by_test_id("laid-player-Caro").check()
    page.get_by_test_id("melds").fill("7H 7S JK")
    page.get_by_test_id("laid-down").click()
    expect(page.get_by_test_id("refusal")).to_be_visible()
    expect(page.get_by_test_id("refusal")).to_contain_text("pure")
    screenshot(page, "game-telefunken-04-contract-refused")
    fits(page)
    page.get_by_test_id("laid-player-Caro").check()
    page.get_by_test_id("melds").fill("7H 7S 7D")
    page.get_by_test_id("laid-down").click()
    expect(page.get_by_test_id("melded-Caro")).to_be_visible()

    # Caro has laid down: Telefunken allows no buying after that, and the referee says so.
    page.get_by_test_id("buy-player-Caro").check()
    page.get_by_test_id("buy").click()
    expect(page.get_by_test_id("refusal")).to_contain_text("Caro")
    screenshot(page, "game-telefunken-05-buy-refused")
    page.goto(page.url.split("/buy")[0])  # back to the deal screen without overriding
    expect(page.get_by_test_id("chips-Caro")).to_have_text("7")
    expect(viewer.get_by_test_id("chips-Caro")).to_have_text("7")

    page.get_by_test_id("end-deal").click()
    screenshot(page, "game-telefunken-06-end")
    fits(page)
    page.get_by_test_id("nav-deal").click()
    end_with_keypad(
        page,
        "Beto",
        {"Ana": ["K", "7", "JK", "3"], "Caro": ["A", "T", "Q"], "Dani": ["5", "9"]},
        {"Ana": 35, "Caro": 31, "Dani": 14},
    )
    expect(page.get_by_test_id("deal-title")).to_have_text("Deal 2 of 7")
    expect(viewer.get_by_test_id("deal-heading")).to_have_text("Deal 2 of 7", timeout=LIVE)
    expect(viewer.get_by_test_id("total-points-Ana")).to_have_text("35")
    expect(viewer.get_by_test_id("cell-1-Beto")).to_have_text("out")
    screenshot(viewer, "game-telefunken-v2-deal-1")

    # ---- deal 2 on the keypad, deals 3 to 6 typed -------------------------------------------------------------
    end_with_keypad(
        page,
        "Caro",
        {"Ana": ["2", "2"], "Beto": ["K", "Q"], "Dani": ["JK"]},
        {"Ana": 4, "Beto": 20, "Dani": 15},
    )
    expect(viewer.get_by_test_id("total-points-Dani")).to_have_text("29", timeout=LIVE)
    # The README's picture of the deal screen (docs/screenshots/deal.png is an optimized copy).
    capture(page, path=SCREENSHOTS / "readme-deal.png")  # the phone's screen: the action bar at its foot
    typed = [
        ("Dani", {"Ana": 10, "Beto": 25, "Caro": 5}),
        ("Ana", {"Beto": 30, "Caro": 12, "Dani": 8}),
        ("Beto", {"Ana": 15, "Caro": 20, "Dani": 40}),
        ("Caro", {"Ana": 7, "Beto": 9, "Dani": 11}),
    ]
    for number, (out, points) in enumerate(typed, start=3):
        end_with_points(page, out, points)
        expect(page.get_by_test_id("deal-title")).to_have_text(f"Deal {number + 1} of 7")
        expect(viewer.get_by_test_id("deal-heading")).to_have_text(f"Deal {number + 1} of 7", timeout=LIVE)
    expect(viewer.get_by_test_id("total-points-Beto")).to_have_text("84")
    expect(viewer.get_by_test_id("contract")).to_contain_text("go out in one turn")

    # ---- a past deal corrected: Beto had 12, not 20, in deal 2 -------------------------------------------------
    page.get_by_test_id("sheet-link").click()
    screenshot(page, "game-telefunken-07-sheet")
    fits(page)
    page.get_by_test_id("correct-2").click()
    page.get_by_test_id("typed-Beto").fill("12")
    page.get_by_test_id("preview-button").click()
    expect(page.get_by_test_id("preview-points-Beto")).to_have_text("12")
    screenshot(page, "game-telefunken-08-correct")
    fits(page)
    page.get_by_test_id("confirm").click()
    expect(page.get_by_test_id("corrected-2")).to_be_visible()
    expect(viewer.get_by_test_id("corrected-2")).to_be_visible(timeout=LIVE)
    expect(viewer.get_by_test_id("cell-2-Beto")).to_have_text("12")
    expect(viewer.get_by_test_id("total-points-Beto")).to_have_text("76")
    screenshot(viewer, "game-telefunken-v3-corrected")
    capture(viewer, path=SCREENSHOTS / "readme-viewer.png", full_page=True, clip=README_CLIP)
    fits(viewer)

    # ---- deal 7, typed; the game is over -------------------------------------------------------------------
    page.get_by_test_id("nav-deal").click()
    end_with_points(page, "Ana", {"Beto": 14, "Caro": 22, "Dani": 3})
    expect(page.get_by_test_id("over-title")).to_be_visible()
    expect(page.get_by_test_id("winner")).to_contain_text("Ana")
    screenshot(page, "game-telefunken-09-over")
    fits(page)
    expect(viewer.get_by_test_id("game-over")).to_be_visible(timeout=LIVE)
    expect(viewer.get_by_test_id("total-points-Ana")).to_have_text("71")
    expect(viewer.get_by_test_id("total-points-Dani")).to_have_text("91")
    screenshot(viewer, "game-telefunken-v4-over")
    fits(viewer)

    # ---- exported: the file replays to the same totals --------------------------------------------------------
    with page.expect_download() as download:
        page.get_by_test_id("export-json").click()
    path = tmp_path / "game.json"
    download.value.save_as(path)
    data = json.loads(path.read_text(encoding="utf-8"))
    state = replay(exchange.import_game(data))
    assert state.sheet.totals == {"Ana": 71, "Beto": 90, "Caro": 90, "Dani": 91}
    assert state.finished
    with page.expect_download() as csv_download:
        page.get_by_test_id("export-csv").click()
    csv_path = tmp_path / "sheet.csv"
    csv_download.value.save_as(csv_path)
    assert "Ana" in csv_path.read_text(encoding="utf-8")

    # The rules card, from the viewer, with this game's rules.
    viewer.get_by_test_id("rules-link").click()
    expect(viewer.get_by_test_id("rules-deal-7")).to_contain_text("go out in one turn")
    screenshot(viewer, "game-telefunken-v5-rules")
