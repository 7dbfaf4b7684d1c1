"""The Referee screen in a real browser at a phone's size: the keypad (with and without JavaScript), the solver's
answer, the meld checker, the lay-off checker, reached from the deal screen and the viewer."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from referee import db
from referee.games.rummy.ledger.events import GameCreated
from referee.ledger import store

from .conftest import PHONE, LiveServer
from .test_a11y import LOW_CONTRAST, UNNAMED_CONTROLS

PLAYERS = ("Ana", "Bruno", "Carla", "Dario")


def new_game(live_server: LiveServer, variant: str = "telefunken") -> tuple[str, str]:
    with live_server.app.app_context(), db.session() as session:
        game = store.create_game(
            session, created=GameCreated(variant=variant, players=PLAYERS, first_dealer=PLAYERS[0])
        )
        return game.edit_token, game.view_token


def tap(page: Page, *keys: str) -> None:
    for key in keys:
        page.get_by_test_id(f"key-{key}").click()


def fits_the_phone(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_the_solver_with_the_keypad(page: Page, screenshot: Callable[[Page, str], Path]) -> None:
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    page.goto("/referee?variant=telefunken&deal=7")
    fits_the_phone(page)
    screenshot(page, "referee-start")
    assert len(requested) <= 4  # the page, its two stylesheets and its script
    # 4♥ 4♠ 4♦ 3♣ 4♣ JK 6♣ 7♣ 8♣ 9♣ 10♣ typed on the keypad: a rank, then its suit
    tap(page, "4", "H", "4", "S", "4", "D", "3", "C", "4", "C", "JK", "6", "C", "7", "C", "8", "C", "9", "C")
    tap(page, "10", "C", "K", "back")
    expect(page.get_by_test_id("hand")).to_have_value("4H 4S 4D 3C 4C JK 6C 7C 8C 9C 10C")
    requests_before = len(requested)
    page.get_by_test_id("solve").click()
    expect(page.get_by_test_id("solve-answer-headline")).to_have_text("Yes: the whole hand goes down in one turn.")
    assert len(requested) - requests_before <= 4  # a key tap needed no request; solving is one page
    expect(page.get_by_test_id("solve-answer")).to_contain_text("JK stands for 5♣")
    fits_the_phone(page)
    screenshot(page, "referee-solved")


def test_what_is_missing_and_the_other_tools(page: Page, screenshot: Callable[[Page, str], Path]) -> None:
    page.goto("/referee?variant=telefunken&deal=2")
    page.get_by_test_id("hand").fill("7H 7S 9C 9D 4C")
    page.get_by_test_id("hand").press("Enter")  # Enter solves, it does not tap the first key
    expect(page.get_by_test_id("solve-answer-headline")).to_have_text("Not yet: the contract is not there.")
    expect(page.get_by_test_id("solve-answer-reasons")).to_contain_text("the trío needs one more 9 or a joker")
    screenshot(page, "referee-missing")

    page.get_by_test_id("meld").fill("7H JK 7S JK")
    page.get_by_test_id("check-meld").click()
    expect(page.get_by_test_id("meld-answer-headline")).to_have_text("No: not a valid meld.")
    expect(page.get_by_test_id("meld-answer-reasons")).to_contain_text("two jokers in one set")

    page.get_by_test_id("table-meld").fill("5C 6C 7C JK")
    page.get_by_test_id("action-swap").check()
    page.get_by_test_id("given").fill("8C")
    page.locator("details.context summary").click()
    page.get_by_test_id("ctx-owner").select_option("own")
    page.get_by_test_id("check-table").click()
    expect(page.get_by_test_id("table-answer-headline")).to_have_text("Yes: the joker may be taken.")
    expect(page.get_by_test_id("table-answer")).to_contain_text("it moves to an end of the same run")
    fits_the_phone(page)
    screenshot(page, "referee-swap")


def test_without_javascript_the_keys_still_type(browser: Browser, base_url: str,
                                                screenshot: Callable[[Page, str], Path]) -> None:
    context = browser.new_context(java_script_enabled=False, viewport=PHONE, base_url=base_url)
    try:
        page = context.new_page()
        page.goto("/referee?variant=shanghai&deal=1")
        tap(page, "7", "S", "7", "H", "7", "D", "8", "C", "8", "S", "JK")
        expect(page.get_by_test_id("hand")).to_have_value("7S 7H 7D 8C 8S JK")
        page.get_by_test_id("solve").click()
        expect(page.get_by_test_id("solve-answer-headline")).to_have_text("Yes: the contract is there.")
        screenshot(page, "referee-no-js")
    finally:
        context.close()


def test_reached_from_the_deal_screen_and_the_viewer(
    page: Page, live_server: LiveServer, screenshot: Callable[[Page, str], Path]
) -> None:
    edit_token, view_token = new_game(live_server, "shanghai")
    page.goto(f"/g/{edit_token}")
    screenshot(page, "deal-with-referee-link")
    page.get_by_test_id("nav-referee").click()
    expect(page.get_by_test_id("referee-deal")).to_contain_text("Deal 1:")
    page.get_by_test_id("hand").fill("7S 7H 7D 7C 7S 7H")
    page.get_by_test_id("solve").click()
    expect(page.get_by_test_id("solve-answer-reasons")).to_contain_text("does not allow two contract sets of one rank")
    page.get_by_test_id("back").click()
    expect(page).to_have_url(f"{live_server.url}/g/{edit_token}#deal-head")  # back where the deal is

    page.goto(f"/v/{view_token}")
    fits_the_phone(page)
    screenshot(page, "viewer-with-referee-link")
    page.get_by_test_id("referee-link").click()
    expect(page.get_by_test_id("referee-deal")).to_contain_text("Deal 1:")
    fits_the_phone(page)
    screenshot(page, "referee-from-viewer")


def test_spanish(page: Page, screenshot: Callable[[Page, str], Path]) -> None:
    page.context.add_cookies([{"name": "lang", "value": "es", "url": page.url if page.url.startswith("http") else
                               "http://127.0.0.1"}])
    page.goto("/lang/es?next=/referee%3Fvariant%3Dtelefunken%26deal%3D2%26hand%3D7H%2B7S%2B9C%2B9D%2B4C%26tool%3Dsolve")
    expect(page.locator("html")).to_have_attribute("lang", "es")
    screenshot(page, "referee-es")


ANSWERED = (
    "/referee?variant=telefunken&deal=7&hand=4H+4S+3C+4C+5C+6C+7C+8C+9C&tool=solve",
    "/referee?variant=telefunken&deal=3&table_meld=5C+6C+7C+JK&action=swap&cards=8C&tool=layoff&owner=own",
    "/referee?variant=telefunken&deal=3&meld=7H+JK+7S+JK&tool=meld",
)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_accessibility_basics(page: Page, scheme: str, screenshot: Callable[[Page, str], Path]) -> None:
    """The checks of test_a11y.py on this screen, with its answers showing: named controls, contrast, 200% text."""
    page.emulate_media(color_scheme=scheme)  # type: ignore[arg-type]
    for number, url in enumerate(ANSWERED):
        page.goto(url)
        page.evaluate("document.querySelectorAll('details').forEach((d) => { d.open = true; })")
        assert page.evaluate(UNNAMED_CONTROLS) == []
        assert page.evaluate(LOW_CONTRAST) == []
        page.evaluate("document.documentElement.style.setProperty('font-size', '200%', 'important')")  # CSP: no <style>
        width = page.evaluate("document.documentElement.scrollWidth")
        if number == 0:
            screenshot(page, f"referee-200-{scheme}")
        assert width <= PHONE["width"], f"{url} scrolls sideways at 200% text: {width}px"
