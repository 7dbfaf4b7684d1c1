"""The viewer in a real browser at a phone's size: the board, live updates, "this is me", the rules card."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from referee import db
from referee.games.persian.ledger import GameCreated as TableGameCreated
from referee.games.persian.ledger import HandPlayed
from referee.games.rummy.ledger.events import Buy, DealCorrected, DealEnded, Event, ExactCut, GameCreated
from referee.ledger import store
from tests.tiers import quick

from .conftest import PHONE, LiveServer

PLAYERS = ("Ana", "Bruno", "Carla", "Dario")


def new_game(
    live_server: LiveServer, variant: str = "telefunken", players: tuple[str, ...] = PLAYERS
) -> tuple[int, str]:
    with live_server.app.app_context(), db.session() as session:
        game = store.create_game(
            session, created=GameCreated(variant=variant, players=players, first_dealer=players[0])
        )
        assert game.id is not None
        return game.id, game.view_token


def record(live_server: LiveServer, game_id: int, event: Event) -> int:
    """Append as the scorekeeper's phone would (through the store, so any process could have done it)."""
    with live_server.app.app_context(), db.session() as session:
        seq = store.load_state(session, game_id).seq
        return store.append(session, game_id=game_id, event=event, expected_seq=seq).seq


@quick
def test_the_board_updates_live_and_marks_a_correction(
    page: Page, live_server: LiveServer, screenshot: Callable[[Page, str], Path]
) -> None:
    game_id, token = new_game(live_server)
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    page.goto(f"/v/{token}")

    expect(page.get_by_test_id("deal-heading")).to_have_text("Deal 1 of 7")
    expect(page.get_by_test_id("contract")).to_contain_text("1 pure trío")
    expect(page.get_by_test_id("live-status")).to_have_text("Live")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    screenshot(page, "viewer-start")

    record(live_server, game_id, ExactCut(deal=1))
    record(live_server, game_id, Buy(deal=1, player="Bruno"))
    expect(page.get_by_test_id("chips-Bruno")).to_have_text("6", timeout=5000)
    expect(page.get_by_test_id("chips-Dario")).to_have_text("8")  # Dario cut exactly: one more chip

    record(live_server, game_id, DealEnded(deal=1, went_out="Ana", hands={"Bruno": "K 7 JK", "Carla": 25, "Dario": 7}))
    expect(page.get_by_test_id("deal-heading")).to_have_text("Deal 2 of 7", timeout=5000)
    expect(page.get_by_test_id("total-points-Bruno")).to_have_text("32")
    expect(page.get_by_test_id("cell-1-Ana")).to_have_text("out")

    record(live_server, game_id, DealEnded(deal=2, went_out="Bruno", hands={"Ana": 10, "Carla": 12, "Dario": 30}))
    record(
        live_server,
        game_id,
        DealCorrected(deal=1, went_out="Ana", hands={"Bruno": "K 7 JK", "Carla": 20, "Dario": 7}),
    )
    expect(page.get_by_test_id("corrected-1")).to_be_visible(timeout=5000)
    expect(page.get_by_test_id("cell-1-Carla")).to_have_text("20")
    expect(page.get_by_test_id("total-points-Carla")).to_have_text("32")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    screenshot(page, "viewer-corrected")

    # The page itself, its stylesheets and its script: nothing else is needed to render it.
    render = [u for u in requested if "/live?" not in u]
    assert len(render) <= 4, render


def test_this_is_me_highlights_one_player_without_javascript(
    browser: Browser, live_server: LiveServer, browser_context_args: dict[str, Any]
) -> None:
    _, token = new_game(live_server)
    context = browser.new_context(**{**browser_context_args, "java_script_enabled": False})
    try:
        page = context.new_page()
        page.goto(f"/v/{token}")
        expect(page.get_by_test_id("live-status")).to_have_text("This page refreshes itself every 15 seconds.")
        # Real browsers without JavaScript apply the <noscript> refresh (Chromium's emulation does not parse it).
        assert '<noscript><meta http-equiv="refresh" content="15"></noscript>' in page.content()
        page.get_by_label("This is me").select_option("Carla")
        page.get_by_test_id("me-submit").click()
        expect(page.get_by_test_id("total-Carla")).to_have_class("me")
        expect(page.get_by_test_id("total-Carla")).to_contain_text("(you)")
        # The cookie keeps it on this phone.
        page.goto(f"/v/{token}")
        expect(page.get_by_test_id("total-Carla")).to_have_class("me")
        expect(page.get_by_test_id("total-Ana")).not_to_have_class("me")
    finally:
        context.close()


@quick
def test_the_viewer_says_when_it_is_offline(page: Page, context: BrowserContext, live_server: LiveServer) -> None:
    game_id, token = new_game(live_server)
    page.goto(f"/v/{token}")
    expect(page.get_by_test_id("live-status")).to_have_text("Live")
    context.set_offline(True)
    expect(page.get_by_test_id("live-status")).to_have_attribute("data-state", "offline")
    expect(page.get_by_test_id("live-status")).to_contain_text("Offline")
    record(live_server, game_id, ExactCut(deal=1))
    context.set_offline(False)
    expect(page.get_by_test_id("live-status")).to_have_text("Live", timeout=5000)
    expect(page.get_by_test_id("chips-Dario")).to_have_text("8", timeout=5000)


def test_the_rules_card_from_the_viewer(
    page: Page, live_server: LiveServer, screenshot: Callable[[Page, str], Path]
) -> None:
    _, token = new_game(live_server)
    page.goto(f"/v/{token}")
    page.get_by_test_id("rules-link").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Telefunken (Venezuela)")
    expect(page.get_by_test_id("rules-deal-7")).to_contain_text("go out in one turn")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    screenshot(page, "rules-card")
    page.get_by_test_id("rules-back").click()
    expect(page.get_by_test_id("board")).to_be_visible()


def test_the_viewer_in_dark_mode(page: Page, live_server: LiveServer, screenshot: Callable[[Page, str], Path]) -> None:
    game_id, token = new_game(live_server, "shanghai", ("Ana", "Bruno", "Carla", "Dario", "Eva"))
    for deal, out in ((1, "Ana"), (2, "Eva"), (3, "Ana")):
        hands: dict[str, str | int] = {"Ana": 20, "Bruno": 15 * deal, "Carla": 40, "Dario": 5, "Eva": 35}
        del hands[out]
        record(live_server, game_id, DealEnded(deal=deal, went_out=out, hands=hands))
    page.emulate_media(color_scheme="dark")
    page.goto(f"/v/{token}?me=Dario")
    expect(page.get_by_test_id("deal-heading")).to_have_text("Deal 4 of 7")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    screenshot(page, "viewer-dark")


def test_the_viewer_in_spanish(
    browser: Browser,
    live_server: LiveServer,
    browser_context_args: dict[str, Any],
    screenshot: Callable[[Page, str], Path],
) -> None:
    game_id, token = new_game(live_server)
    record(live_server, game_id, DealEnded(deal=1, went_out="Ana", hands={"Bruno": "K 7 JK", "Carla": 25, "Dario": 7}))
    context = browser.new_context(**{**browser_context_args, "locale": "es-AR"})
    try:
        page = context.new_page()
        page.goto(f"/v/{token}")
        expect(page.get_by_test_id("deal-heading")).to_have_text("Mano 2 de 7")
        expect(page.get_by_test_id("contract")).to_contain_text("2 tríos")
        expect(page.get_by_test_id("live-status")).to_have_text("En vivo")
        expect(page.get_by_test_id("cell-1-Ana")).to_have_text("salió")
        screenshot(page, "viewer-es")
        page.get_by_test_id("rules-link").click()
        expect(page.get_by_test_id("rules-deal-1")).to_contain_text("1 trío limpio")
        screenshot(page, "rules-card-es")
    finally:
        context.close()


def test_the_viewer_says_when_it_is_reconnecting(page: Page, live_server: LiveServer) -> None:
    game_id, token = new_game(live_server)
    page.goto(f"/v/{token}")
    expect(page.get_by_test_id("live-status")).to_have_text("Live")
    # The server cannot be reached (the phone itself is online): the page says it is trying again.
    page.route("**/live?*", lambda route: route.abort("connectionrefused"))
    record(live_server, game_id, ExactCut(deal=1))  # the stream under way ends within 3 s; reconnecting fails
    expect(page.get_by_test_id("live-status")).to_have_attribute("data-state", "reconnecting", timeout=10000)
    expect(page.get_by_test_id("live-status")).to_have_text("Reconnecting…")
    page.unroute("**/live?*")
    record(live_server, game_id, Buy(deal=1, player="Ana"))
    expect(page.get_by_test_id("chips-Ana")).to_have_text("6", timeout=20000)
    expect(page.get_by_test_id("live-status")).to_have_text("Live")


#: A game of each family whose viewer shares the live stream, and the change its scorekeeper makes next.
BUSY_GAMES: dict[str, tuple[Any, Any]] = {
    "rummy": (GameCreated(variant="telefunken", players=PLAYERS, first_dealer="Ana"), ExactCut(deal=1)),
    "shelem": (TableGameCreated(variant="shelem", players=PLAYERS, first="Ana"),
               HandPlayed(hand_number=1, hand={"ruler": 0, "bid": 135, "points": 130, "bidding": []})),
}


#: The page's clock when the test starts it (seconds since 1970).
START = 1_800_000_000


@pytest.mark.parametrize("family", sorted(BUSY_GAMES))
def test_a_viewer_beyond_its_networks_live_streams_refreshes_itself(
    page: Page, live_server: LiveServer, monkeypatch: pytest.MonkeyPatch, family: str
) -> None:
    """The server holds as many live streams from this phone's address as it allows one (none, here): the stream
    says ``busy``, and the page says it refreshes itself, never "Live" nor that something failed, and does (every
    15 s, on the page's clock, run here by the test), so the next scores still arrive."""
    monkeypatch.setitem(live_server.app.config, "LIVE_STREAMS_PER_ADDRESS", 0)
    created, change = BUSY_GAMES[family]
    with live_server.app.app_context(), db.session() as session:
        game = store.create_game(session, created=created)
        assert game.id is not None
        game_id, token = game.id, game.view_token
    # The page's clock stands still but when the test runs it: its timers fire only then.
    page.clock.install(time=START)
    page.clock.pause_at(START + 1)
    status = page.get_by_test_id("live-status")
    with page.expect_response(lambda response: "/live?" in response.url):  # the script is under way
        page.goto(f"/v/{token}")
    expect(status).to_have_attribute("data-state", "refresh")
    expect(status).to_have_text("This page refreshes itself every 15 seconds.")
    page.clock.run_for(6000)  # past the 5 s within which a stream must say the board is the latest
    assert status.get_attribute("data-state") == "refresh"
    with live_server.app.app_context(), db.session() as session:
        assert store.append(session, game_id=game_id, event=change, expected_seq=1).seq == 2
    with page.expect_navigation():
        page.clock.run_for(10_000)
    expect(page.get_by_test_id("board")).to_have_attribute("data-seq", "2")
    expect(status).to_have_attribute("data-state", "refresh")
