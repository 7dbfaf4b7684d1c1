"""Back after Confirm never shows the browser's "Confirm Form Resubmission" page, with JavaScript off: each step
of the end of a deal that the browser sends itself (a keypad key, a player's row, Preview) is answered with a
redirect to a page of its own address, so Back returns to pages the browser may simply ask for again; the
preview's page asked for after its deal was recorded says so, and nothing is recorded twice.
A refusal on the deal screen (a contract the referee rejects) and the Persian hand screen's refusals too. (With
JavaScript on, the page's script sends the forms: tests/browser/test_offline_scorekeeper.py.)
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from referee.games.rummy.ledger.events import LaidDown
from tests.tiers import quick

from .conftest import LiveServer
from .test_offline_scorekeeper import ends, game_state, new_game
from .test_persian_games import create


@pytest.fixture
def no_script(browser: Browser, browser_context_args: dict[str, Any]) -> Iterator[Page]:
    """A phone with JavaScript turned off."""
    context = browser.new_context(**browser_context_args, java_script_enabled=False)
    try:
        yield context.new_page()
    finally:
        context.close()


@quick
def test_without_javascript_back_after_confirm_shows_the_deal_recorded_and_sends_nothing(
    no_script: Page, live_server: LiveServer, screenshot: Any
) -> None:
    page = no_script
    game_id, edit, _view = new_game(live_server)
    posts: list[str] = []
    page.on("request", lambda request: posts.append(request.url) if request.method == "POST" else None)
    page.goto(f"/g/{edit}/end")
    page.get_by_test_id("out-Ana").check()
    page.get_by_test_id("select-Bruno").click()  # a submit button without JavaScript
    page.get_by_test_id("key-K").click()
    expect(page.get_by_test_id("hand-Bruno")).to_have_value("K")
    page.get_by_test_id("key-7").click()
    expect(page.get_by_test_id("hand-Bruno")).to_have_value("K 7")
    page.get_by_test_id("typed-Carla").fill("25")
    page.get_by_test_id("hand-Dario").fill("A A")
    page.get_by_test_id("preview-button").click()
    expect(page.get_by_test_id("preview-points-Bruno")).to_have_text("17")
    expect(page.get_by_test_id("preview-points-Dario")).to_have_text("22")  # A A: 11 + 11 (docs/rules.md §11.1)
    assert "shown=preview" in page.url
    assert "csrf_token" not in page.url
    screenshot(page, "no-script-preview")
    assert len(posts) == 4  # select, two keys, Preview: nothing recorded
    assert ends(live_server, game_id) == []

    page.get_by_test_id("confirm").click()
    expect(page.get_by_test_id("deal-title")).to_have_text("Deal 2 of 7")
    expect(page.get_by_text("Deal 1 recorded: Ana went out.")).to_be_visible()
    assert ends(live_server, game_id) == [(1, "Ana")]
    sent = len(posts)

    response = page.go_back()
    assert response is not None
    assert response.request.method == "GET"
    assert response.ok
    expect(page.get_by_text("Deal 1 was already recorded (this form had been sent before)")).to_be_visible()
    expect(page.get_by_test_id("confirm")).to_have_count(0)
    screenshot(page, "no-script-back-after-confirm")
    page.go_back()  # the keypad's steps before it: pages too
    expect(page.get_by_text("Deal 1 was already recorded (this form had been sent before)")).to_be_visible()
    page.reload()
    expect(page.get_by_text("Deal 1 was already recorded (this form had been sent before)")).to_be_visible()
    assert len(posts) == sent  # Back and reload sent no form
    assert ends(live_server, game_id) == [(1, "Ana")]


@pytest.mark.usefixtures("live_server")
def test_without_javascript_back_after_a_refused_then_recorded_shelem_hand_sends_nothing(
    page: Page, no_script: Page, screenshot: Any
) -> None:
    create(page, "shelem", ["Ana", "Bahram", "Cyrus", "Dara"], first=0, options={"target": "330"})
    edit = page.url.split("/g/")[1].split("/")[0].split("#")[0]
    posts: list[str] = []
    no_script.on("request", lambda request: posts.append(request.url) if request.method == "POST" else None)
    no_script.goto(f"/g/{edit}/hand")
    no_script.get_by_test_id("ruler-0").check()
    no_script.get_by_test_id("bid-100").check()
    no_script.get_by_test_id("record").click()  # the points forgotten: refused, nothing saved
    expect(no_script.get_by_test_id("refusal")).to_contain_text("Choose the points the ruler’s team took.")
    expect(no_script.get_by_test_id("bid-100")).to_be_checked()
    assert "shown=refused" in no_script.url
    assert "csrf_token" not in no_script.url
    screenshot(no_script, "no-script-shelem-refused")
    no_script.get_by_test_id("points-110").check()
    no_script.get_by_test_id("record").click()
    expect(no_script.get_by_test_id("hand-title")).to_have_text("Hand 2")
    expect(no_script.get_by_test_id("total-a")).to_have_text("110")
    sent = len(posts)

    response = no_script.go_back()  # the refused hand's page: now the hand screen as it is
    assert response is not None
    assert response.request.method == "GET"
    assert response.ok
    expect(no_script.get_by_test_id("hand-title")).to_have_text("Hand 2")
    expect(no_script.get_by_test_id("refusal")).to_have_count(0)
    assert len(posts) == sent == 2
    expect(no_script.get_by_test_id("total-a")).to_have_text("110")


def laid_down(live_server: LiveServer, game_id: int) -> list[tuple[str, tuple[str, ...]]]:
    """Every lay-down recorded, as (player, melds)."""
    entries = game_state(live_server, game_id).history.entries
    return [(e.event.player, e.event.melds) for e in entries if isinstance(e.event, LaidDown) and not e.undone]


def test_without_javascript_a_refused_contract_is_a_page_of_its_own_and_back_sends_nothing(
    no_script: Page, live_server: LiveServer, screenshot: Any
) -> None:
    page = no_script
    game_id, edit, _view = new_game(live_server)
    posts: list[str] = []
    page.on("request", lambda request: posts.append(request.url) if request.method == "POST" else None)
    page.goto(f"/g/{edit}")
    page.get_by_test_id("laid-player-Bruno").check()
    page.get_by_test_id("melds").fill("7H 7S JK")
    page.get_by_test_id("laid-down").click()
    # The refusal is the deal screen's own address (a GET), with what was typed and the reasons.
    expect(page.get_by_test_id("refusal")).to_be_visible()
    expect(page.get_by_test_id("melds")).to_have_value("7H 7S JK")
    assert page.url == f"{live_server.url}/g/{edit}#laid-card"
    assert "csrf_token" not in page.url
    screenshot(page, "no-script-refused-contract")
    assert len(posts) == 1
    assert laid_down(live_server, game_id) == []

    page.reload()  # shown once: a reload shows the deal screen as it is, and sends nothing
    expect(page.get_by_test_id("refusal")).to_have_count(0)
    expect(page.get_by_test_id("deal-title")).to_have_text("Deal 1 of 7")
    response = page.go_back()  # the deal screen before the refusal: a page, not a form to send again
    assert response is not None
    assert response.request.method == "GET"
    assert response.ok
    assert len(posts) == 1
    assert laid_down(live_server, game_id) == []

    # The table allows it: the override from the refusal's page records the lay-down once.
    page.goto(f"/g/{edit}")
    page.get_by_test_id("laid-player-Bruno").check()
    page.get_by_test_id("melds").fill("7H 7S JK")
    page.get_by_test_id("laid-down").click()
    page.get_by_test_id("override").click()
    expect(page.get_by_test_id("melded-Bruno")).to_be_visible()
    assert laid_down(live_server, game_id) == [("Bruno", ("7H 7S JK",))]
    page.go_back()
    page.go_back()
    assert len(posts) == 3
    assert laid_down(live_server, game_id) == [("Bruno", ("7H 7S JK",))]
