"""The Persian hand screen keeps a hand tapped while the connection is down (Chromium's network cut with
``set_offline``), as the rummy deal screen does: the page says "waiting to send" and the hand is kept on the phone;
nothing reaches the game; when the connection returns it is sent once and recorded as the hand it was tapped for,
and a viewer catches up. A hand another phone recorded meanwhile gets the stale-form answer, and a hand whose answer
was lost is sent again and recorded once.

Every wait is for an event (a text, the server's state); none is a fixed sleep.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Route, expect
from sqlmodel import select

from referee import db
from referee.games.persian.ledger.events.hand_played import HandPlayed
from referee.ledger import store
from tests.tiers import some

from .conftest import SCREENSHOTS, LiveServer, capture
from .test_persian_games import create

PLAYERS = ["Ali", "Sara", "Reza", "Mina"]  # team A: Ali and Reza; team B: Sara and Mina
#: What a kept tap of team A's 7–3 in hand 1 says (a word joiner keeps 7–3 on one line).
HAND_1_A_7_3 = "Hand 1 · A 7–\u20603"


def hands(live_server: LiveServer, edit: str) -> list[tuple[int, str, int]]:
    """Every hand recorded, as (hand number, winning team, the losers' tricks)."""
    with live_server.app.app_context(), db.session() as session:
        game = session.exec(select(store.Game).where(store.Game.edit_token == edit)).one()
        assert game.id is not None
        state = store.load_state(session, game.id)
    return [(e.hand_number, e.hand["winner"], e.hand["losers_tricks"]) for e in state.events
            if isinstance(e, HandPlayed)]


def hokm(page: Page) -> tuple[str, str]:
    """A Hokm match of one round, Ali ruling first, on the page's hand screen: (its edit token, the players' link)."""
    view = create(page, "hokm", PLAYERS, first=0, options={"rounds": "1"})
    edit = page.url.split("/g/")[1].split("/")[0].split("#")[0]
    expect(page.get_by_test_id("hand-title")).to_have_text("Hand 1")
    return edit, view


def test_a_hand_tapped_offline_waits_on_the_phone_and_is_recorded_once_when_the_connection_returns(
    page: Page, viewer: Page, live_server: LiveServer, screenshot: Any
) -> None:
    edit, view = hokm(page)
    viewer.goto(view)
    expect(viewer.get_by_test_id("board")).to_have_attribute("data-seq", "1")
    waiting = page.get_by_test_id("waiting")
    expect(waiting).to_be_hidden()

    page.context.set_offline(True)
    page.get_by_test_id("won-a-3").click()
    expect(waiting).to_be_visible()
    expect(page.get_by_test_id("waiting-what")).to_have_text(HAND_1_A_7_3)
    expect(page.get_by_test_id("waiting-why")).to_contain_text("No connection")
    expect(page.get_by_test_id("hand-title")).to_have_text("Hand 1")  # the page stays: no browser error page
    screenshot(page, "persian-hokm-waiting-to-send")
    assert hands(live_server, edit) == []
    # Another tap meanwhile is not sent behind the first one's back.
    page.get_by_test_id("won-b-0").click()
    expect(page.get_by_test_id("waiting-note")).to_contain_text("One thing at a time")
    expect(page.get_by_test_id("waiting-what")).to_have_text(HAND_1_A_7_3)
    assert hands(live_server, edit) == []

    page.context.set_offline(False)
    expect(page.get_by_test_id("hand-title")).to_have_text("Hand 2")
    expect(page.get_by_text("Hand 1 recorded.")).to_be_visible()
    expect(waiting).to_be_hidden()
    expect(page.get_by_test_id("total-a")).to_have_text("1")  # the ruler's team 7–3: 1 point
    assert hands(live_server, edit) == [(1, "A", 3)]
    expect(viewer.get_by_test_id("board")).to_have_attribute("data-seq", "2")
    assert page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('referee.kept:'))") == []
    page.reload()
    expect(page.get_by_test_id("hand-title")).to_have_text("Hand 2")
    assert hands(live_server, edit) == [(1, "A", 3)]


def test_a_kept_hand_that_another_phone_recorded_meanwhile_gets_the_stale_answer(
    page: Page, other_phone: BrowserContext, live_server: LiveServer
) -> None:
    edit, _view = hokm(page)
    page.context.set_offline(True)
    page.get_by_test_id("won-a-3").click()
    expect(page.get_by_test_id("waiting-what")).to_have_text(HAND_1_A_7_3)

    other = other_phone.new_page()
    other.goto(f"/g/{edit}/hand")
    other.get_by_test_id("won-b-0").click()  # the other phone records hand 1: team B, a ruler's kot
    expect(other.get_by_test_id("hand-title")).to_have_text("Hand 2")
    assert hands(live_server, edit) == [(1, "B", 0)]

    page.context.set_offline(False)
    expect(page.get_by_text("Someone else changed the game since this page was shown")).to_be_visible()
    expect(page.get_by_test_id("hand-title")).to_have_text("Hand 2")
    expect(page.get_by_test_id("waiting")).to_be_hidden()
    expect(page.get_by_test_id("total-b")).to_have_text("3")
    assert hands(live_server, edit) == [(1, "B", 0)]  # never recorded as hand 2


def test_a_hand_whose_answer_was_lost_is_sent_again_and_recorded_once(page: Page, live_server: LiveServer) -> None:
    edit, _view = hokm(page)
    lost: list[int] = []

    def lose_the_first_answer(route: Route) -> None:
        if route.request.method != "POST" or lost:
            route.continue_()
            return
        route.fetch()  # the server records it...
        lost.append(1)
        route.abort("internetdisconnected")  # ...and the answer never reaches the phone

    page.route("**/hand", lose_the_first_answer)
    page.get_by_test_id("won-a-3").click()
    expect(page.get_by_test_id("waiting")).to_be_visible()
    assert hands(live_server, edit) == [(1, "A", 3)]
    page.get_by_test_id("send-now").click()
    expect(page.get_by_test_id("hand-title")).to_have_text("Hand 2")
    # The form sent again is told it was recorded, not that someone else changed the game. (The lost answer's
    # own message may show as well: Playwright's fetch kept that answer's cookie, which a dropped line would not.)
    flashes = page.get_by_test_id("flash")
    expect(flashes.last).to_have_text("Hand 1 recorded.")
    expect(page.get_by_text("Someone else changed the game")).to_have_count(0)
    assert hands(live_server, edit) == [(1, "A", 3)]


#: "Waiting to send", and the words of a hand (its word and team A's letter), in each language the screens speak.
WAITING = {
    "en": ("Waiting to send", "Hand", "A"),
    "es": ("Esperando para enviar", "Mano", "A"),
    "fa": ("در انتظار فرستادن", "دست", "الف"),
    "ja": ("送信待ち", "ハンド", "A"),
}


@pytest.mark.parametrize("language", some(sorted(WAITING), quick=["fa"]))
def test_a_hand_waiting_to_send_is_said_in_the_phones_language_and_fits_a_small_phone_at_200_percent(
    browser: Browser, browser_context_args: dict[str, Any], live_server: LiveServer, language: str
) -> None:
    small = {**browser_context_args, "viewport": {"width": 320, "height": 568}}
    context = browser.new_context(**small)
    try:
        context.add_cookies([{"name": "lang", "value": language, "url": live_server.url}])
        page = context.new_page()
        create(page, "hokm", PLAYERS, first=0, options={"rounds": "1"})
        edit = page.url.split("/g/")[1].split("/")[0].split("#")[0]
        page.evaluate("document.documentElement.style.setProperty('font-size', '200%', 'important')")
        context.set_offline(True)
        page.get_by_test_id("won-a-3").click()
        waiting = page.get_by_test_id("waiting")
        title, hand, team = WAITING[language]
        expect(waiting).to_contain_text(title)
        what = page.get_by_test_id("waiting-what")
        expect(what).to_contain_text(hand)
        expect(what).to_contain_text(team)
        capture(page, path=SCREENSHOTS / f"persian-hokm-waiting-320-200-{language}.png")  # the screen as seen
        box = waiting.bounding_box()
        # In sight on the screen the tap was made on (the entry, far down the page), as wide as the screen at most,
        # and never the whole screen: the page shows below it; its first button begins in sight within it (the
        # rest of the box scrolls within it).
        assert box is not None, box
        assert 0 <= box["y"] < 568 // 2, box
        assert box["x"] >= 0, box
        assert box["x"] + box["width"] <= 320, box
        assert box["y"] + box["height"] <= 568 * 0.6 + 1, box
        send = page.get_by_test_id("send-now").bounding_box()
        assert send is not None, (send, box)
        assert box["y"] <= send["y"], (send, box)
        assert send["y"] + 44 <= box["y"] + box["height"], (send, box)
        assert page.evaluate("document.documentElement.scrollWidth") <= 320
        assert hands(live_server, edit) == []
        context.set_offline(False)
        expect(waiting).to_be_hidden()
        assert hands(live_server, edit) == [(1, "A", 3)]
    finally:
        context.close()
