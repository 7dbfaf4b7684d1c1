"""The scorekeeper's phone loses its connection mid-action (Chromium's network cut with ``set_offline``): the
action is kept on the phone and the page says "waiting to send"; nothing reaches the game; when the connection
returns it is sent once, lands in its own deal and a viewer catches up. A form that another phone overtook
meanwhile gets the stale-form answer. Typed hands survive Back, a failed request and a reload, and Back after
Confirm never asks to send a form again.

Every wait is for an event (a text, a value, the server's state); none is a fixed sleep.
"""

from __future__ import annotations

import urllib.request
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Route, expect

from referee import db
from referee.games.rummy.ledger.events import Buy, DealEnded, GameCreated
from referee.games.rummy.ledger.state import GameState
from referee.ledger import store
from tests.tiers import quick

from .conftest import LiveServer

PLAYERS = ("Ana", "Bruno", "Carla", "Dario")


def new_game(live_server: LiveServer) -> tuple[int, str, str]:
    """A Telefunken game: its id, its scorekeeper's link token and its viewers' token."""
    with live_server.app.app_context(), db.session() as session:
        game = store.create_game(session, created=GameCreated(variant="telefunken", players=PLAYERS,
                                                               first_dealer=PLAYERS[0]))
        assert game.id is not None
        return game.id, game.edit_token, game.view_token


def game_state(live_server: LiveServer, game_id: int) -> GameState:
    with live_server.app.app_context(), db.session() as session:
        return store.load_state(session, game_id)


def buys(live_server: LiveServer, game_id: int) -> list[tuple[int, str]]:
    """Every buy recorded, as (deal, player)."""
    entries = game_state(live_server, game_id).history.entries
    return [(e.event.deal, e.event.player) for e in entries if isinstance(e.event, Buy) and not e.undone]


def ends(live_server: LiveServer, game_id: int) -> list[tuple[int, str | None]]:
    """Every end of a deal recorded, as (deal, who went out)."""
    entries = game_state(live_server, game_id).history.entries
    return [(e.event.deal, e.event.went_out) for e in entries if isinstance(e.event, DealEnded) and not e.undone]


def another_phone_ends_deal_one(context: BrowserContext, edit: str) -> None:
    """Another phone, online, ends deal 1: Bruno went out, the others hold 5 points each."""
    other = context.new_page()
    other.goto(f"/g/{edit}/end")
    other.get_by_test_id("out-Bruno").check()
    for name in ("Ana", "Carla", "Dario"):
        other.get_by_test_id(f"typed-{name}").fill("5")
    other.get_by_test_id("preview-button").click()
    other.get_by_test_id("confirm").click()
    expect(other.get_by_test_id("deal-title")).to_have_text("Deal 2 of 7")


def test_a_buy_taken_offline_waits_on_the_phone_and_is_sent_once_when_the_connection_returns(
    page: Page, viewer: Page, live_server: LiveServer
) -> None:
    game_id, edit, view = new_game(live_server)
    viewer.goto(f"/v/{view}")
    expect(viewer.get_by_test_id("chips-Bruno")).to_have_text("7")
    page.goto(f"/g/{edit}")
    waiting = page.get_by_test_id("waiting")
    expect(waiting).to_be_hidden()

    page.context.set_offline(True)
    page.get_by_test_id("buy-player-Bruno").check()
    page.get_by_test_id("buy").click()
    expect(waiting).to_be_visible()
    expect(page.get_by_test_id("waiting-what")).to_have_text("Buy · Bruno")
    expect(page.get_by_test_id("waiting-why")).to_contain_text("No connection")
    expect(page.get_by_test_id("deal-title")).to_have_text("Deal 1 of 7")  # the page stays: no browser error page
    assert game_state(live_server, game_id).seq == 1  # nothing reached the game
    # One action at a time: another one waits for the first.
    page.get_by_test_id("buy-player-Carla").check()
    page.get_by_test_id("buy").click()
    expect(page.get_by_test_id("waiting-note")).to_contain_text("One thing at a time")
    expect(page.get_by_test_id("waiting-what")).to_have_text("Buy · Bruno")

    page.context.set_offline(False)
    expect(page.get_by_test_id("flash-buy-card")).to_contain_text("Bruno bought the discard")
    expect(waiting).to_be_hidden()
    expect(page.get_by_test_id("chips-Bruno")).to_have_text("6")
    expect(viewer.get_by_test_id("chips-Bruno")).to_have_text("6")
    assert buys(live_server, game_id) == [(1, "Bruno")]
    assert page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('referee.kept:'))") == []


@quick
def test_an_action_whose_answer_was_lost_is_sent_again_and_recorded_once(
    other_phone: BrowserContext, live_server: LiveServer
) -> None:
    game_id, edit, _view = new_game(live_server)
    page = other_phone.new_page()
    lost: list[int] = []

    def lose_the_first_answer(route: Route) -> None:
        if lost:
            route.continue_()
            return
        # The request reaches the server, which records the buy (sent from here, not through the browser's
        # context, so that nothing of its answer — its cookie with the message — reaches the phone)...
        request = route.request
        headers = {k: v for k, v in request.all_headers().items() if not k.startswith(":")}
        sent = urllib.request.Request(request.url, data=request.post_data_buffer, headers=headers, method="POST")
        with urllib.request.urlopen(sent, timeout=30) as answer:
            lost.append(answer.status)
        route.abort("internetdisconnected")  # ...and the connection drops before its answer comes back

    page.route("**/buy", lose_the_first_answer)
    page.goto(f"/g/{edit}")
    page.get_by_test_id("buy-player-Carla").check()
    page.get_by_test_id("buy").click()
    expect(page.get_by_test_id("waiting")).to_be_visible()
    assert lost == [204]
    assert buys(live_server, game_id) == [(1, "Carla")]
    page.get_by_test_id("send-now").click()
    expect(page.get_by_test_id("flash-buy-card")).to_contain_text("Carla bought the discard")
    assert buys(live_server, game_id) == [(1, "Carla")]  # sent twice, recorded once


def test_a_kept_end_of_deal_gets_the_stale_answer_when_another_phone_recorded_the_deal(
    page: Page, other_phone: BrowserContext, viewer: Page, live_server: LiveServer
) -> None:
    game_id, edit, view = new_game(live_server)
    viewer.goto(f"/v/{view}")
    page.goto(f"/g/{edit}/end")
    page.get_by_test_id("out-Ana").check()
    for name, points in (("Bruno", "10"), ("Carla", "20"), ("Dario", "30")):
        page.get_by_test_id(f"typed-{name}").fill(points)
    page.get_by_test_id("preview-button").click()
    expect(page.get_by_test_id("preview-total-Dario")).to_have_text("30")

    page.context.set_offline(True)
    page.get_by_test_id("confirm").click()
    expect(page.get_by_test_id("waiting-what")).to_have_text("Confirm deal 1")
    assert ends(live_server, game_id) == []

    # Meanwhile the other phone, online, ends deal 1 another way.
    another_phone_ends_deal_one(other_phone, edit)
    expect(viewer.get_by_test_id("deal-heading")).to_have_text("Deal 2 of 7")

    page.context.set_offline(False)
    expect(page.get_by_text("Deal 1 was already recorded by another phone")).to_be_visible()
    expect(page.get_by_test_id("waiting")).to_have_count(0)
    assert ends(live_server, game_id) == [(1, "Bruno")]  # the kept form never became deal 2's
    expect(viewer.get_by_test_id("deal-heading")).to_have_text("Deal 2 of 7")


def test_typed_hands_survive_a_reload_back_and_a_failed_preview_and_back_after_confirm_sends_nothing(
    page: Page, viewer: Page, live_server: LiveServer
) -> None:
    game_id, edit, view = new_game(live_server)
    viewer.goto(f"/v/{view}")
    posts: list[str] = []  # how each form was sent: "fetch" by the page's script, "document" by the browser
    page.on("request", lambda request: posts.append(request.resource_type) if request.method == "POST" else None)
    page.goto(f"/g/{edit}/end")
    page.get_by_test_id("out-Ana").check()
    page.get_by_test_id("select-Bruno").click()
    page.get_by_test_id("key-K").click()
    page.get_by_test_id("key-7").click()
    page.get_by_test_id("typed-Carla").fill("25")
    page.get_by_test_id("hand-Dario").fill("A A")

    def entries_are_there() -> None:
        expect(page.get_by_test_id("out-Ana")).to_be_checked()
        expect(page.get_by_test_id("hand-Bruno")).to_have_value("K 7")
        expect(page.get_by_test_id("points-Bruno")).to_have_text("17")
        expect(page.get_by_test_id("typed-Carla")).to_have_value("25")
        expect(page.get_by_test_id("hand-Dario")).to_have_value("A A")

    entries_are_there()
    page.reload()
    entries_are_there()
    page.goto(f"/g/{edit}")
    expect(page.get_by_test_id("deal-title")).to_have_text("Deal 1 of 7")
    page.go_back()
    expect(page.get_by_test_id("end-title")).to_have_text("End deal 1")
    entries_are_there()

    page.context.set_offline(True)
    page.get_by_test_id("preview-button").click()
    expect(page.get_by_test_id("waiting-what")).to_have_text("Preview the result")
    entries_are_there()
    page.context.set_offline(False)
    expect(page.get_by_test_id("preview-points-Bruno")).to_have_text("17")
    expect(page.get_by_test_id("waiting")).to_be_hidden()
    page.get_by_test_id("confirm").click()
    expect(page.get_by_test_id("deal-title")).to_have_text("Deal 2 of 7")
    expect(page.get_by_text("Deal 1 recorded: Ana went out.")).to_be_visible()
    expect(viewer.get_by_test_id("deal-heading")).to_have_text("Deal 2 of 7")
    assert ends(live_server, game_id) == [(1, "Ana")]
    # Every form went by the script, the Confirm of the preview page it showed in place too (the failed preview,
    # the one sent when the connection returned, the Confirm): none is in the browser's history.
    assert len(posts) >= 3
    assert set(posts) == {"fetch"}

    # Back after Confirm: the end-of-deal page afresh (the next deal's, empty), never "Confirm Form Resubmission".
    page.go_back()
    expect(page.get_by_test_id("end-title")).to_have_text("End deal 2")
    expect(page.get_by_test_id("hand-Bruno")).to_have_value("")
    assert ends(live_server, game_id) == [(1, "Ana")]


#: "Waiting to send" and the start of why, in each language the screens speak.
WAITING = {
    "en": ("Waiting to send", "No connection"),
    "es": ("Esperando para enviar", "Sin conexión"),
    "fa": ("در انتظار فرستادن", "اتصال برقرار نیست"),
    "ja": ("送信待ち", "接続がありません"),
}


@pytest.mark.parametrize("language", sorted(WAITING))
def test_waiting_to_send_is_said_in_the_phones_language_and_fits_a_small_phone_at_200_percent(
    browser: Browser, browser_context_args: dict[str, Any], live_server: LiveServer, language: str
) -> None:
    small = {**browser_context_args, "viewport": {"width": 320, "height": 568}}
    context = browser.new_context(**small)
    try:
        context.add_cookies([{"name": "lang", "value": language, "url": live_server.url}])
        page = context.new_page()
        game_id, edit, _view = new_game(live_server)
        page.goto(f"/g/{edit}")
        page.evaluate("document.documentElement.style.setProperty('font-size', '200%', 'important')")
        context.set_offline(True)
        page.get_by_test_id("buy-player-Carla").check()
        page.get_by_test_id("buy-form").locator("button[type=submit]").click()
        waiting = page.get_by_test_id("waiting")
        title, why = WAITING[language]
        # The box and its words are in the page from the start, hidden: it is the script that shows it, once the
        # send has failed (under load that may come after the words are found).
        expect(waiting).to_be_visible()
        expect(waiting).to_contain_text(title)
        expect(page.get_by_test_id("waiting-why")).to_contain_text(why)
        box = waiting.bounding_box()
        # In sight at the top of the screen (the page is at the Buy card), as wide as the screen at most.
        assert box is not None, box
        assert box["y"] >= 0, box
        assert box["y"] < 568 // 2, box
        assert box["x"] >= 0, box
        assert box["x"] + box["width"] <= 320, box
        assert page.evaluate("document.documentElement.scrollWidth") <= 320
        assert game_state(live_server, game_id).seq == 1
        context.set_offline(False)
        expect(waiting).to_be_hidden()
        assert buys(live_server, game_id) == [(1, "Carla")]
    finally:
        context.close()
