"""Sharing in a real browser at a phone's size: the players' code alone, the scorekeeper's hand-over that looks
different, the plain warning when the server listens on loopback only (this harness's server does), and a
replaced players' link that an open viewer follows to "this link was replaced"."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from referee import db
from referee.games.rummy.ledger.events import GameCreated
from referee.ledger import store

from .conftest import PHONE, LiveServer

SMALL = {"width": 320, "height": 568}


def new_game(live_server: LiveServer) -> tuple[str, str]:
    """A fresh game: (edit token, view token)."""
    with live_server.app.app_context(), db.session() as session:
        game = store.create_game(
            session, created=GameCreated(variant="telefunken", players=("Ana", "Bruno", "Carla"), first_dealer="Ana")
        )
        return game.edit_token, game.view_token


def fits(page: Page) -> bool:
    return bool(page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"))


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_share_screen_has_the_players_code_only_and_warns_that_others_cannot_connect(
    page: Page, live_server: LiveServer, screenshot: Callable[[Page, str], Path], scheme: str
) -> None:
    """The harness serves on 127.0.0.1 only: the page must say the other phones cannot connect, and how to fix it."""
    page.emulate_media(color_scheme=scheme)  # type: ignore[arg-type]
    edit, view = new_game(live_server)
    page.goto(f"/g/{edit}/share")
    warning = page.get_by_test_id("address-warning")
    expect(warning).to_be_visible()
    expect(warning).to_contain_text("The other phones cannot connect")
    expect(warning).to_contain_text("HOST=0.0.0.0 make run")
    expect(page.get_by_test_id("view-qr")).to_be_visible()
    expect(page.get_by_test_id("view-url")).to_contain_text(f"/v/{view}")
    expect(page.get_by_test_id("edit-qr")).to_have_count(0)
    assert page.locator("svg.qr").count() == 1
    # The warning comes before the code, on the first screen.
    warning_box = warning.bounding_box()
    assert warning_box is not None
    assert warning_box["y"] + warning_box["height"] <= PHONE["height"]
    assert fits(page)
    screenshot(page, f"share-players-390-{scheme}")
    page.set_viewport_size(SMALL)
    assert fits(page)
    screenshot(page, f"share-players-320-{scheme}")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_handing_over_scorekeeping_is_a_separate_step_with_a_different_code(
    page: Page, live_server: LiveServer, screenshot: Callable[[Page, str], Path], scheme: str
) -> None:
    page.emulate_media(color_scheme=scheme)  # type: ignore[arg-type]
    edit, _ = new_game(live_server)
    page.goto(f"/g/{edit}/share")
    page.get_by_test_id("hand-over").click()
    expect(page).to_have_url(f"{live_server.url}/g/{edit}/share/scorekeeper")
    expect(page.get_by_test_id("scorekeeper-warning")).to_contain_text("Whoever scans this code can change the scores.")
    framed = page.get_by_test_id("edit-qr")
    expect(framed).to_be_visible()
    expect(framed.locator("figcaption")).to_have_text("Scorekeeper")
    expect(framed.locator("figcaption")).to_be_visible()
    expect(page.get_by_test_id("edit-url")).to_contain_text(f"/g/{edit}")
    # It looks different: an orange frame around it, and its modules are not black.
    frame = framed.evaluate("el => getComputedStyle(el).backgroundColor")
    assert frame not in ("rgba(0, 0, 0, 0)", "rgb(255, 255, 255)"), frame
    assert framed.locator("path").get_attribute("fill") != "#000000"
    assert fits(page)
    screenshot(page, f"share-scorekeeper-390-{scheme}")
    page.set_viewport_size(SMALL)
    assert fits(page)
    screenshot(page, f"share-scorekeeper-320-{scheme}")


def test_spanish_share_screens(page: Page, live_server: LiveServer, screenshot: Callable[[Page, str], Path]) -> None:
    edit, _ = new_game(live_server)
    page.goto(f"/g/{edit}/share")
    page.get_by_test_id("lang-menu").click()  # the header's language menu opens, then a language is chosen
    page.get_by_test_id("lang-es").click()
    expect(page.get_by_test_id("address-warning")).to_contain_text("Los demás teléfonos no pueden conectarse")
    screenshot(page, "share-players-390-es")
    page.get_by_test_id("hand-over").click()
    expect(page.get_by_test_id("edit-qr").locator("figcaption")).to_have_text("Anotador")
    screenshot(page, "share-scorekeeper-390-es")


def test_an_open_viewer_on_a_replaced_link_says_so(
    page: Page, viewer: Page, live_server: LiveServer, screenshot: Callable[[Page, str], Path]
) -> None:
    edit, view = new_game(live_server)
    viewer.goto(f"/v/{view}")
    expect(viewer.get_by_test_id("live-status")).to_have_text("Live")
    page.goto(f"/g/{edit}/share")
    page.get_by_test_id("replace-view").click()
    expect(page.locator(".flash-success")).to_contain_text("The players’ link was replaced")
    new_url = page.get_by_test_id("view-url").inner_text()
    assert f"/v/{view}" not in new_url
    assert "/v/" in new_url
    # The open viewer learns it at its next live poll (the long poll may first run out: up to its timeout).
    expect(viewer.get_by_test_id("link-replaced")).to_be_visible(timeout=45_000)
    expect(viewer.get_by_test_id("link-replaced")).to_contain_text("Ask the table for the new code")
    screenshot(viewer, "viewer-link-replaced")
    # The new code works (on loopback, as this server listens: the address in the code is this machine's).
    assert new_url.startswith(live_server.url)
    viewer.goto(new_url)
    expect(viewer.get_by_test_id("board")).to_be_visible()
