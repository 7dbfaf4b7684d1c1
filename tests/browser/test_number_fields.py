"""Every number field takes the digits a Persian phone types: no field is an ``<input type=number>``, which
Chromium empties of Persian and Arabic-Indic digits. The server reads them (tests/web/helpers/test_numbers.py); here the
browser keeps them, and a game made with Persian digits records their values."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from .conftest import LiveServer


def test_no_number_field_is_type_number(page: Page, live_server: LiveServer) -> None:
    page.context.add_cookies([{"name": "lang", "value": "fa", "url": live_server.url}])
    for path in ("/games/new", "/referee?variant=telefunken&deal=2"):
        page.goto(path)
        assert page.locator('input[type="number"]').count() == 0, path
        assert page.locator('input[inputmode="numeric"]').count() >= 1, path


def test_stakes_typed_in_persian_digits_are_kept_and_recorded(page: Page, live_server: LiveServer) -> None:
    page.context.add_cookies([{"name": "lang", "value": "fa", "url": live_server.url}])
    page.goto("/games/new")
    for index, name in enumerate(["مریم", "علی", "سارا"]):
        page.get_by_test_id(f"player-{index}").fill(name)
    while page.get_by_test_id("player-3").count():  # a blank row would be pointed out: remove it
        page.locator('button[name="remove_player"][value="3"]').click()
    page.get_by_test_id("first-dealer").select_option("0")
    page.locator("details:has(#small_stake) > summary").click()
    small = page.locator("#small_stake")
    small.fill("۵")
    expect(small).to_have_value("۵")  # an <input type=number> would have dropped it
    page.locator("#large_stake").fill("٧")  # Arabic-Indic seven
    page.get_by_test_id("create-game").click()
    expect(page.get_by_test_id("view-qr").locator("svg")).to_be_visible()
    token = page.url.split("/g/")[1].split("/")[0]
    app = live_server.app
    from sqlmodel import Session, select

    from referee.ledger import store
    with Session(app.extensions["referee.db"]) as session:
        state = store.state_of(session, session.exec(select(store.Game).where(store.Game.edit_token == token)).one())
    assert state.settings["small_stake"] == 5
    assert state.settings["large_stake"] == 7


def test_a_hand_typed_in_persian_words_counts_at_once(page: Page, live_server: LiveServer) -> None:
    """The end screen's live sum reads a card by its rank whatever the suit is written in (7دل, a joker جوکر,
    Persian digits): 10 + 7 + 15 = 32, shown in Persian digits before anything is sent."""
    page.context.add_cookies([{"name": "lang", "value": "fa", "url": live_server.url}])
    page.goto("/games/new")
    for index, name in enumerate(["مریم", "علی", "سارا"]):
        page.get_by_test_id(f"player-{index}").fill(name)
    while page.get_by_test_id("player-3").count():
        page.locator('button[name="remove_player"][value="3"]').click()
    page.get_by_test_id("first-dealer").select_option("0")
    page.get_by_test_id("create-game").click()
    expect(page.get_by_test_id("view-qr").locator("svg")).to_be_visible()
    token = page.url.split("/g/")[1].split("/")[0]
    page.goto(f"/g/{token}/end")
    page.get_by_test_id("hand-علی").fill("K ۷دل جوکر")
    expect(page.get_by_test_id("points-علی")).to_have_text("۳۲")
    page.get_by_test_id("hand-علی").fill("K ۷دل سیاه")  # a word that is no suit: no sum until it is a card
    expect(page.get_by_test_id("points-علی")).not_to_have_text("۳۲")
