"""The viewer without network: it registers the service worker, and a reload offline shows the last board
it was shown — a save that arrived live after the page loaded included — marked as not live; back online it is
live again."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from referee.games.rummy.ledger.events import Buy
from tests.tiers import quick

from .conftest import LiveServer, wait_until
from .test_viewer import new_game, record

#: The page is in the worker's keeping (kept when the worker first ran, or at its last load through the worker).
KEPT = """() => caches.open("viewers")
  .then((cache) => cache.match(location.href, { ignoreVary: true }))
  .then((page) => page !== undefined)"""
#: The page's own stylesheets and script are in the worker's keeping too.
FILES_KEPT = """() => Promise.all(
  [...document.querySelectorAll("link[rel=stylesheet][href], script[src]")]
    .map((file) => caches.match(file.href || file.src))
).then((kept) => kept.every((file) => file !== undefined))"""


@quick
def test_reloaded_offline_the_viewer_shows_its_last_board_as_not_live(viewer: Page, live_server: LiveServer) -> None:
    game_id, token = new_game(live_server)
    viewer.goto(f"{live_server.url}/v/{token}")
    status = viewer.get_by_test_id("live-status")
    expect(status).to_have_attribute("data-state", "live")
    # The worker registers from the live stream's first word, then takes the page over (an earlier try found
    # Chromium's emulated offline reaching a worker late: cut the network only once it is in charge).
    wait_until(viewer, "navigator.serviceWorker.controller !== null", timeout=20_000)
    wait_until(viewer, KEPT, timeout=20_000)
    wait_until(viewer, FILES_KEPT, timeout=20_000)

    seq = record(live_server, game_id, Buy(deal=1, player="Bruno"))  # arrives live, after the page was kept
    expect(viewer.get_by_test_id("chips-Bruno")).to_have_text("6")
    expect(viewer.get_by_test_id("board")).to_have_attribute("data-seq", str(seq))

    viewer.context.set_offline(True)
    wait_until(viewer, "navigator.onLine === false")
    viewer.reload()
    expect(viewer.get_by_test_id("board")).to_have_attribute("data-seq", str(seq))
    expect(viewer.get_by_test_id("chips-Bruno")).to_have_text("6")
    expect(status).to_have_attribute("data-state", "offline")
    expect(status).to_have_text("Offline: the scores may be out of date")

    viewer.context.set_offline(False)
    expect(status).to_have_attribute("data-state", "live", timeout=20_000)
    seq = record(live_server, game_id, Buy(deal=1, player="Carla"))
    expect(viewer.get_by_test_id("chips-Carla")).to_have_text("6")
    expect(viewer.get_by_test_id("board")).to_have_attribute("data-seq", str(seq))
