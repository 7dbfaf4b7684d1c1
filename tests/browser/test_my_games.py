"""My games and following the table, in a real browser at a phone's size: an open viewer of a finished game shows
the way to its Rematch once the scorekeeper creates it; My games shows the series' wins."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from referee import db
from referee.games.rummy.ledger.events import DealEnded, GameCreated
from referee.ledger import store
from tests.tiers import some

from .conftest import LiveServer

SMALL = {"width": 320, "height": 568}
PLAYERS = ("Ana", "Beto", "Caro")


def finished(live_server: LiveServer) -> tuple[str, str]:
    """Seven deals, Ana wins (Ana 25, Beto 40, Caro 100 by hand: see tests/web/screens/test_install.py)."""
    holds = {"Ana": 5, "Beto": 10, "Caro": 20}
    with live_server.app.app_context(), db.session() as session:
        game = store.create_game(session, created=GameCreated(variant="telefunken", players=PLAYERS,
                                                              first_dealer="Ana"))
        assert game.id is not None
        seq = 1
        for deal in range(1, 8):
            out = PLAYERS[deal % 3]
            seq = store.append(session, game_id=game.id, expected_seq=seq, event=DealEnded(
                deal=deal, went_out=out, hands={n: holds[n] for n in PLAYERS if n != out})).seq
        session.refresh(game)
        return game.edit_token, game.view_token


@pytest.mark.parametrize("scheme", some(["light", "dark"], quick=["dark"]))
def test_the_old_viewer_follows_the_table_to_the_rematch_and_my_games_counts_the_series(
    page: Page, viewer: Page, live_server: LiveServer, screenshot: Callable[[Page, str], Path], scheme: str
) -> None:
    page.emulate_media(color_scheme=scheme)  # type: ignore[arg-type]
    edit, view = finished(live_server)
    viewer.goto(f"/v/{view}")
    expect(viewer.get_by_test_id("game-over")).to_be_visible()
    expect(viewer.get_by_test_id("follow-rematch")).to_be_hidden()
    # The scorekeeper: game over, Rematch, the same players, Create.
    page.context.add_cookies([{"name": "referee_games", "value": edit, "url": live_server.url}])
    page.goto(f"/g/{edit}/over")
    page.get_by_test_id("rematch").click()
    page.get_by_test_id("create-game").click()
    expect(page.get_by_test_id("view-url")).to_be_visible()
    assert "/share?new=1" in page.url
    new_view = page.get_by_test_id("view-url").inner_text().rsplit("/v/", 1)[1]
    # The open viewer asks every 15 s once its game is over.
    expect(viewer.get_by_test_id("follow-rematch")).to_be_visible(timeout=40_000)
    screenshot(viewer, f"viewer-follow-rematch-{scheme}")
    viewer.get_by_test_id("follow-link").click()
    expect(viewer).to_have_url(f"{live_server.url}/v/{new_view}")
    expect(viewer.get_by_test_id("deal-heading")).to_have_text("Deal 1 of 7")
    # My games: the new game first, with the series' wins so far.
    page.goto("/games")
    first = page.locator("li.game-item").first
    expect(first.get_by_test_id("game-state")).to_have_text("Deal 1 of 7")
    expect(first.get_by_test_id("game-series")).to_have_text("Game 2 of a series — wins: Ana 1")
    expect(page.locator("li.game-item").nth(1).get_by_test_id("game-state")).to_have_text("Ana wins!")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    screenshot(page, f"my-games-390-{scheme}")
    page.set_viewport_size(SMALL)
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    screenshot(page, f"my-games-320-{scheme}")
