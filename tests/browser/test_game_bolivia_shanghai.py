"""Shorter whole games at phone size with a second phone watching: Bolivia with the streak multiplier on, and
Shanghai with its two May-I per deal. Screenshots: tests/screenshots/game-bolivia-*.png, game-shanghai-*.png."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect

from tests.tiers import full_only

from .test_game_telefunken import LIVE, create_game, end_with_keypad, end_with_points, fits

#: A whole game again (the quick run replays one, tests/browser/test_game_telefunken.py): the full run only
#: (``make test FULL=1``, tests/tiers.py).
pytestmark = full_only

Shot = Callable[[Page, str], Path]


def end_game_now(page: Page) -> None:
    page.get_by_test_id("sheet-link").click()
    page.get_by_text("End the game now").first.click()
    page.get_by_test_id("abandon").click()


def test_bolivia_with_the_streak_multiplier(page: Page, viewer: Page, screenshot: Shot) -> None:
    view_path = create_game(
        page, "telefunken-bolivia", ["Ana", "Beto", "Caro"], house_rules={"Winning streak multiplies points": True}
    )
    page.get_by_test_id("start-deal").click()
    viewer.goto(view_path)
    expect(viewer.get_by_test_id("deal-heading")).to_have_text("Deal 1 of 7")

    # The house rule is in force on both phones' rules card.
    viewer.get_by_test_id("rules-link").click()
    expect(viewer.get_by_test_id("house-rule-streak_multiplier")).to_contain_text("changed by this table")
    viewer.go_back()

    page.get_by_test_id("buy-player-Caro").check()
    page.get_by_test_id("buy").click()
    expect(viewer.get_by_test_id("chips-Caro")).to_have_text("6", timeout=LIVE)

    end_with_points(page, "Ana", {"Beto": 10, "Caro": 20})
    expect(viewer.get_by_test_id("total-points-Caro")).to_have_text("20", timeout=LIVE)

    # Ana wins again: the others' points are doubled, and the preview says why.
    page.get_by_test_id("end-deal").click()
    page.get_by_test_id("out-Ana").check()
    page.get_by_test_id("typed-Beto").fill("5")
    page.get_by_test_id("typed-Caro").fill("8")
    page.get_by_test_id("preview-button").click()
    expect(page.get_by_test_id("preview")).to_contain_text("× 2")
    expect(page.get_by_test_id("preview-points-Beto")).to_have_text("10")
    screenshot(page, "game-bolivia-01-streak-preview")
    fits(page)
    page.get_by_test_id("confirm").click()
    expect(viewer.get_by_test_id("cell-2-Caro")).to_have_text("16", timeout=LIVE)
    expect(viewer.get_by_test_id("deal-row-2")).to_contain_text("×2")

    # A third win in a row, on the keypad: ×3.
    end_with_keypad(page, "Ana", {"Beto": ["2", "2"], "Caro": ["2"]}, {"Beto": 4, "Caro": 2}, {"Beto": 12, "Caro": 6})
    expect(viewer.get_by_test_id("deal-row-3")).to_contain_text("×3", timeout=LIVE)
    expect(viewer.get_by_test_id("total-points-Beto")).to_have_text("32")
    expect(viewer.get_by_test_id("total-points-Caro")).to_have_text("42")
    screenshot(viewer, "game-bolivia-v1-streak")
    fits(viewer)

    # Beto breaks the streak: no multiplier.
    end_with_points(page, "Beto", {"Ana": 9, "Caro": 3})
    expect(viewer.get_by_test_id("cell-4-Ana")).to_have_text("9", timeout=LIVE)
    expect(viewer.get_by_test_id("deal-row-4")).not_to_contain_text("×")

    end_game_now(page)
    expect(viewer.get_by_text("Game abandoned")).to_be_visible(timeout=LIVE)
    expect(viewer.get_by_test_id("total-Ana")).to_contain_text("9")
    screenshot(viewer, "game-bolivia-v2-ended")


def test_shanghai_with_two_may_i_a_deal(page: Page, viewer: Page, screenshot: Shot) -> None:
    view_path = create_game(page, "shanghai", ["Ana", "Beto", "Caro", "Dani"])
    page.get_by_test_id("start-deal").click()
    viewer.goto(view_path)
    expect(viewer.get_by_test_id("deal-heading")).to_have_text("Deal 1 of 7")
    expect(viewer.get_by_test_id("buys-left-Beto")).to_have_text("2")

    for left in ("1", "0"):
        page.get_by_test_id("buy-player-Beto").check()
        page.get_by_test_id("buy").click()
        expect(viewer.get_by_test_id("buys-left-Beto")).to_have_text(left, timeout=LIVE)
    page.get_by_test_id("buy-player-Beto").check()
    page.get_by_test_id("buy").click()
    expect(page.get_by_test_id("refusal")).to_contain_text("Beto")
    screenshot(page, "game-shanghai-01-third-may-i-refused")
    fits(page)

    # A contract of two books: one book alone is refused, two are accepted.
    page.goto(page.url.split("#")[0].removesuffix("/buy"))  # the deal screen afresh, the refusal gone
    page.get_by_test_id("laid-player-Caro").check()
    page.get_by_test_id("melds").fill("7H 7S 7D")
    page.get_by_test_id("laid-down").click()
    expect(page.get_by_test_id("refusal")).to_be_visible()
    page.get_by_test_id("laid-player-Caro").check()
    page.get_by_test_id("melds").fill("7H 7S 7D\nKH KS KC")
    page.get_by_test_id("laid-down").click()
    expect(page.get_by_test_id("melded-Caro")).to_be_visible()
    expect(viewer.get_by_test_id("total-Caro")).to_contain_text("laid down", timeout=LIVE)

    end_with_keypad(
        page, "Caro", {"Ana": ["A", "K"], "Beto": ["JK"], "Dani": ["5"]}, {"Ana": 30, "Beto": 50, "Dani": 5}
    )
    expect(viewer.get_by_test_id("deal-heading")).to_have_text("Deal 2 of 7", timeout=LIVE)
    expect(viewer.get_by_test_id("buys-left-Beto")).to_have_text("2")
    end_with_points(page, "Dani", {"Ana": 30, "Beto": 15, "Caro": 60})
    expect(viewer.get_by_test_id("total-points-Caro")).to_have_text("60", timeout=LIVE)
    screenshot(viewer, "game-shanghai-v1")
    fits(viewer)

    end_game_now(page)
    expect(viewer.get_by_text("Game abandoned")).to_be_visible(timeout=LIVE)
    expect(viewer.get_by_test_id("total-points-Beto")).to_have_text("65")
