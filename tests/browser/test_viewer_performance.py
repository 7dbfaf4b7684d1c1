"""Performance at the table: the viewer's first load is small, and no screen needs more than 4 requests.

The figures are written to tests/screenshots/performance.txt (and printed) for the record.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, Request, expect
from sqlmodel import select

from referee import db
from referee.games.rummy.ledger.events import Buy, DealCorrected, DealEnded, ExactCut, GameCreated
from referee.ledger import store

from .conftest import SCREENSHOTS, LiveServer

PLAYERS = ("Ana", "Bruno", "Carla", "Dario", "Eva")
BUDGET_BYTES = 60 * 1024
MAX_REQUESTS = 4


def played_game(live_server: LiveServer, *, deals: int) -> tuple[str, str]:
    """A five-player Telefunken game with ``deals`` deals ended (the viewer's biggest page is a full game)."""
    with live_server.app.app_context(), db.session() as session:
        game = store.create_game(
            session, created=GameCreated(variant="telefunken", players=PLAYERS, first_dealer="Ana")
        )
        assert game.id is not None
        seq = 1
        for deal in range(1, deals + 1):
            out = PLAYERS[deal % len(PLAYERS)]
            events = [ExactCut(deal=deal), Buy(deal=deal, player=PLAYERS[(deal + 2) % len(PLAYERS)])]
            hands = {name: 5 * (i + deal) for i, name in enumerate(PLAYERS) if name != out}
            events.append(DealEnded(deal=deal, went_out=out, hands=hands))
            for event in events:
                seq = store.append(session, game_id=game.id, event=event, expected_seq=seq).seq
        if deals >= 2:
            out = PLAYERS[2 % len(PLAYERS)]
            hands = {name: 3 * (i + 2) for i, name in enumerate(PLAYERS) if name != out}
            store.append(
                session, game_id=game.id, event=DealCorrected(deal=2, went_out=out, hands=hands), expected_seq=seq
            )
        return game.view_token, game.edit_token


def record(line: str) -> None:
    SCREENSHOTS.mkdir(exist_ok=True)
    with (SCREENSHOTS / "performance.txt").open("a", encoding="utf-8") as file:
        file.write(line + "\n")
    print(line)


@pytest.fixture
def browser_context_args(browser_context_args: dict[str, object]) -> dict[str, object]:
    """The phones here keep the service worker out: its own fetches (the copies it keeps for offline use, made
    whenever it installs) are not requests a screen needs, and would land in whichever screen is open then."""
    return {**browser_context_args, "service_workers": "block"}


def load(page: Page, path: str) -> list[Request]:
    """Open ``path`` and return every request it made to render (the live long poll left out)."""
    requests: list[Request] = []

    def seen(request: Request) -> None:
        requests.append(request)

    page.on("request", seen)
    page.goto(path, wait_until="load")
    page.remove_listener("request", seen)
    return [r for r in requests if "/live?" not in r.url and r.service_worker is None]


def test_the_viewers_first_load_is_at_most_60_kb_compressed(
    browser: Browser, live_server: LiveServer, browser_context_args: dict[str, object]
) -> None:
    view_token, _ = played_game(live_server, deals=7)
    # A fresh phone: nothing cached.
    context = browser.new_context(**browser_context_args)  # type: ignore[arg-type]
    try:
        page = context.new_page()
        requests = load(page, f"/v/{view_token}")
        expect(page.get_by_test_id("game-over")).to_be_visible()
        sizes = []
        for request in requests:
            response = request.response()
            assert response is not None
            response.finished()
            size = request.sizes()
            sizes.append(
                (
                    request.url.rsplit("/", 1)[-1] or "/",
                    size["responseBodySize"],
                    size["responseHeadersSize"],
                    response.headers.get("content-encoding", ""),
                )
            )
        total = sum(body + headers for _, body, headers, _ in sizes)
        record(
            f"viewer first load (5 players, 7 deals): {len(requests)} requests, {total} bytes transferred: "
            + ", ".join(f"{name} {body}+{headers} {enc}".strip() for name, body, headers, enc in sizes)
        )
        assert all(enc in ("gzip", "br") for _, _, _, enc in sizes), sizes  # the browser takes brotli too
        assert total <= BUDGET_BYTES
        assert len(requests) <= MAX_REQUESTS
    finally:
        context.close()


def test_no_screen_needs_more_than_4_requests(page: Page, live_server: LiveServer) -> None:
    view_token, edit_token = played_game(live_server, deals=3)
    screens = [
        "/",
        "/games/new",
        "/games",
        f"/g/{edit_token}",
        f"/g/{edit_token}/end",
        f"/g/{edit_token}/sheet",
        f"/g/{edit_token}/undo",
        f"/g/{edit_token}/deals/1/correct",
        f"/g/{edit_token}/share",
        f"/g/{edit_token}/share/scorekeeper",
        "/rules",
        "/rules/telefunken",
        f"/v/{view_token}",
        f"/v/{view_token}/rules",
    ]
    counts = {}
    for path in screens:
        requests = load(page, path)
        counts[path.replace(edit_token, "<edit>").replace(view_token, "<view>")] = len(requests)
        assert len(requests) <= MAX_REQUESTS, (path, [r.url for r in requests])
        # Everything comes from this server: no CDN, no favicon request.
        assert all(r.url.startswith(live_server.url) for r in requests), [r.url for r in requests]
    finished, _ = played_game(live_server, deals=7)
    with live_server.app.app_context(), db.session() as session:
        game = session.exec(select(store.Game).where(store.Game.view_token == finished)).one()
        over = f"/g/{game.edit_token}/over"
    counts["/g/<edit>/over"] = len(load(page, over))
    assert counts["/g/<edit>/over"] <= MAX_REQUESTS
    record("requests to render each screen: " + ", ".join(f"{path} {n}" for path, n in counts.items()))
