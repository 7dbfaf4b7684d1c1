"""The misdeal button on a phone (docs/rules.md D74): one tap voids the deal's play, once; a reload sends nothing;
a page opened before another phone ended the deal never deals the next deal again."""

from __future__ import annotations

from playwright.sync_api import BrowserContext, Page, expect

from referee.games.rummy.ledger.events.misdeal import Misdeal

from .conftest import LiveServer
from .test_offline_scorekeeper import another_phone_ends_deal_one, buys, game_state, new_game


def misdeals(live_server: LiveServer, game_id: int) -> list[int]:
    """Every misdeal recorded, by its deal."""
    entries = game_state(live_server, game_id).history.entries
    return [e.event.deal for e in entries if isinstance(e.event, Misdeal) and not e.undone]


def test_one_tap_deals_again_once_and_a_reload_sends_nothing(page: Page, live_server: LiveServer) -> None:
    game_id, edit, _view = new_game(live_server)
    posts: list[str] = []
    page.on("request", lambda request: posts.append(request.url) if request.method == "POST" else None)
    page.goto(f"/g/{edit}")
    page.get_by_test_id("buy-player-Bruno").check()
    page.get_by_test_id("buy").click()
    expect(page.get_by_test_id("flash-buy-card")).to_be_visible()
    assert buys(live_server, game_id) == [(1, "Bruno")]
    page.get_by_test_id("misdeal").click()
    expect(page.get_by_test_id("flash-misdeal-card")).to_have_text(
        "Deal 1 is dealt again by Ana; what was recorded of it is void.")
    assert misdeals(live_server, game_id) == [1]
    assert game_state(live_server, game_id).chips.chips_left["Bruno"] == 7  # the buy is void
    assert len(posts) == 2  # the buy, the misdeal
    page.reload()
    expect(page.get_by_test_id("deal-title")).to_have_text("Deal 1 of 7")
    expect(page.get_by_test_id("chips-Bruno")).to_have_text("7")
    assert len(posts) == 2
    assert misdeals(live_server, game_id) == [1]
    assert game_state(live_server, game_id).seq == 3


def test_a_page_from_before_the_deal_ended_never_deals_the_next_one_again(
    page: Page, other_phone: BrowserContext, live_server: LiveServer
) -> None:
    game_id, edit, _view = new_game(live_server)
    page.goto(f"/g/{edit}")
    expect(page.get_by_test_id("misdeal")).to_be_visible()
    another_phone_ends_deal_one(other_phone, edit)
    before = game_state(live_server, game_id)
    page.get_by_test_id("misdeal").click()  # the page still shows deal 1
    expect(page.get_by_test_id("deal-title")).to_have_text("Deal 2 of 7")
    assert misdeals(live_server, game_id) == []
    assert game_state(live_server, game_id).seq == before.seq
