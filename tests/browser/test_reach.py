"""Every action within thumb's reach, measured in real Chromium.

- The deal screen's first screen shows the deal, its contract and End deal at 390×844 and 320×568, with the
  text at 100% and 200%; Buy, Exact cut and Laid down are each one tap away (the action bar), and the tap
  brings that card into view, clear of the bar.
- After an action the page lands on that action's card, with its message and the next action in view.
- A typical deal is recorded in at most 30 taps (two buys, a trío laid down on the card keypad and checked,
  the end with 4, 3 and 5 cards on the keypad), and the new-game flow, names aside, in at most 6.
- ``make test`` measures each phone size, text size and language once (``tests/tiers.matrix``), and walks every
  screen at the hardest of them; the full run (``make test FULL=1``) every combination.
- The screens are screenshotted at both sizes, at 200% text, in the dark and in Spanish for a person to look at;
  the measurements are printed (``-s``) for the report.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Locator, Page, expect

from referee import db
from referee.games.rummy.ledger.events import Buy, DealEnded, ExactCut, GameCreated
from referee.ledger import store
from tests.tiers import matrix, quick, some

from .conftest import LiveServer

Shot = Callable[[Page, str], Path]

SIZES = {"390x844": (390, 844), "320x568": (320, 568)}
PLAYERS = ("Guillermina", "Beto", "Maximiliano", "Dani")
TAP_BUDGET_DEAL = 30
TAP_BUDGET_NEW_GAME = 6

#: Where an element is on the screen, and whether a tap at its centre reaches it (not covered by the bar).
WHERE = """
(el) => {
  const r = el.getBoundingClientRect();
  const x = Math.min(Math.max(r.left + r.width / 2, 0), innerWidth - 1);
  const y = Math.min(Math.max(r.top + Math.min(r.height / 2, 20), 0), innerHeight - 1);
  const hit = document.elementFromPoint(x, y);
  return {top: r.top, bottom: r.bottom, height: innerHeight, reachable: !!hit && (el === hit || el.contains(hit))};
}
"""


def new_game(live_server: LiveServer, variant: str = "telefunken") -> str:
    """A fresh game at deal 1; its edit token."""
    with live_server.app.app_context(), db.session() as session:
        record = store.create_game(
            session, created=GameCreated(variant=variant, players=PLAYERS, first_dealer=PLAYERS[0])
        )
        return record.edit_token


@pytest.fixture
def phone(browser: Browser, base_url: str) -> Iterator[Callable[..., Page]]:
    """``open(size, scheme="light", language="en", javascript=True)``: a fresh phone of that size."""
    contexts: list[BrowserContext] = []

    def open_phone(size: str, scheme: str = "light", language: str = "en", javascript: bool = True) -> Page:
        width, height = SIZES[size]
        context = browser.new_context(
            base_url=base_url, viewport={"width": width, "height": height}, device_scale_factor=1, is_mobile=True,
            has_touch=True, color_scheme=scheme, locale=language, java_script_enabled=javascript,
            extra_http_headers={"Accept-Language": language},
        )
        contexts.append(context)
        return context.new_page()

    yield open_phone
    for context in contexts:
        context.close()


def large_text(page: Page) -> None:
    """200% text: the root font size doubled, as a browser's text-size setting does (the page then lands on its
    #fragment, as a page loaded with large text does)."""
    # Through the CSSOM: the pages' Content-Security-Policy refuses an added <style> element.
    page.evaluate("document.documentElement.style.setProperty('font-size', '200%', 'important')")
    land(page)


def land(page: Page) -> None:
    """Where the browser puts a page on load: at its #fragment, else at the top."""
    page.evaluate("""() => {
      const target = location.hash && document.getElementById(location.hash.slice(1));
      if (target) target.scrollIntoView(); else window.scrollTo(0, 0);
    }""")


def where(locator: Locator) -> dict[str, Any]:
    result: dict[str, Any] = locator.evaluate(WHERE)
    return result


def on_screen(locator: Locator, within: float = 5.0) -> dict[str, Any]:
    """Assert the element is wholly on the screen and a tap reaches it; return where it is.

    A page that answers an action lands on its card when its script has run, which on a busy machine can be a
    moment after the message is in the page: the position is asked again until it holds or ``within`` seconds pass.
    """
    deadline = time.monotonic() + within
    while True:
        spot = where(locator)
        inside = spot["top"] >= 0 and spot["bottom"] <= spot["height"]
        if (inside and spot["reachable"]) or time.monotonic() > deadline:
            break
        time.sleep(0.05)
    assert inside, spot
    assert spot["reachable"], f"covered: {spot}"
    return spot


def no_sideways_scroll(page: Page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    viewport = page.viewport_size
    assert viewport is not None, f"page is {width}px wide"
    assert width <= viewport["width"], f"page is {width}px wide"


class Taps:
    """Counts the scorekeeper's taps (scrolling is not a tap; Playwright scrolls a control into view)."""

    def __init__(self) -> None:
        self.count = 0

    def __call__(self, locator: Locator) -> None:
        locator.click()
        self.count += 1


# ---- the first screen -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("size", "text"), matrix(list(SIZES), [100, 200]))
def test_the_deal_screen_first_screen_and_one_tap_to_each_action(
    phone: Callable[..., Page], live_server: LiveServer, screenshot: Shot, size: str, text: int
) -> None:
    page = phone(size)
    # The deal screen as the app opens it: from the share page's Start (every link to it lands on the deal).
    page.goto(f"/g/{new_game(live_server)}/share")
    page.get_by_test_id("start-deal").click()
    expect(page.get_by_test_id("deal-title")).to_be_visible()
    if text == 200:
        large_text(page)
    measured = {name: round(on_screen(page.get_by_test_id(name))["top"])
                for name in ("deal-title", "contract", "end-deal")}
    screenshot(page, f"reach-deal-{size}-{text}")
    no_sideways_scroll(page)
    bar = page.get_by_test_id("action-bar").bounding_box()
    assert bar is not None
    for jump, card, heading in (("jump-buy", "buy-card", "Buy"), ("jump-cut", "cut-card", "Exact cut"),
                                ("jump-laid", "laid-card", "Laid down")):
        page.evaluate("document.getElementById('deal-head').scrollIntoView()")  # back to the first screen
        below = round(where(page.get_by_test_id(card))["top"])
        on_screen(page.get_by_test_id(jump))
        page.get_by_test_id(jump).click()
        title = page.get_by_test_id(card).get_by_role("heading", name=heading)
        spot = on_screen(title)
        assert spot["bottom"] <= bar["y"], f"{card} hidden behind the action bar: {spot}"
        measured[card] = below
    print(f"deal screen {size} at {text}% text: tops in px {measured}; the bar is {round(bar['height'])} px tall")


def test_the_deal_screen_in_the_dark_in_spanish_and_without_javascript(
    phone: Callable[..., Page], live_server: LiveServer, screenshot: Shot
) -> None:
    edit = new_game(live_server)
    dark = phone("320x568", scheme="dark", language="es")
    dark.goto(f"/g/{edit}")
    expect(dark.get_by_test_id("end-deal")).to_have_text("Terminar la mano 1")
    on_screen(dark.get_by_test_id("end-deal"))
    expect(dark.get_by_test_id("melds-keypad")).to_be_visible()
    screenshot(dark, "reach-deal-320-dark-es")
    bare = phone("390x844", javascript=False)
    bare.goto(f"/g/{edit}")
    expect(bare.get_by_test_id("melds-keypad")).to_be_hidden()  # without JavaScript the melds are typed
    on_screen(bare.get_by_test_id("end-deal"))
    bare.get_by_test_id("jump-laid").click()
    on_screen(bare.get_by_test_id("laid-card").get_by_role("heading", name="Laid down"))
    screenshot(bare, "reach-deal-390-no-js")


# ---- landing where the scorekeeper was; a refusal keeps everything ------------------------------------------


@quick
@pytest.mark.parametrize("size", some(list(SIZES), quick=["390x844"]))
def test_after_an_action_the_page_stays_on_its_card(
    phone: Callable[..., Page], live_server: LiveServer, screenshot: Shot, size: str
) -> None:
    page = phone(size)
    page.goto(f"/g/{new_game(live_server)}")
    page.get_by_test_id("buy-player-Beto").check()
    page.get_by_test_id("buy").click()
    message = page.get_by_test_id("flash-buy-card")
    expect(message).to_contain_text("Beto bought the discard")
    on_screen(message)
    on_screen(page.get_by_test_id("buy-card").get_by_role("heading", name="Buy"))
    on_screen(page.get_by_test_id("end-deal"))

    # A refused contract: the reasons in the card, the player and the melds kept.
    page.get_by_test_id("laid-player-Maximiliano").check()
    for key in ("7", "H", "7", "S", "JK"):
        page.get_by_test_id(f"melds-key-{key}").click()
    page.get_by_test_id("laid-down").click()
    refusal = page.get_by_test_id("laid-card").get_by_test_id("refusal")
    expect(refusal).to_be_visible()
    on_screen(refusal.get_by_test_id("problems"))
    expect(page.get_by_test_id("melds")).to_have_value("7H 7S JK")
    expect(page.get_by_test_id("laid-player-Maximiliano")).to_be_checked()
    screenshot(page, f"reach-refused-{size}")
    # Mend the last card on the keypad and check again: the trío is accepted; the page is still on the card.
    page.get_by_test_id("melds-key-back").click()
    page.get_by_test_id("melds-key-7").click()
    page.get_by_test_id("melds-key-D").click()
    page.get_by_test_id("laid-down").click()
    expect(page.get_by_test_id("flash-laid-card")).to_contain_text("valid")
    on_screen(page.get_by_test_id("flash-laid-card"))
    expect(page.get_by_test_id("melded-Maximiliano")).to_have_count(1)
    no_sideways_scroll(page)


# ---- the taps of a typical deal, and of a new game ----------------------------------------------------------


@pytest.mark.usefixtures("screenshot")
def test_a_typical_deal_takes_at_most_30_taps(
    phone: Callable[..., Page], live_server: LiveServer
) -> None:
    page = phone("390x844")
    page.goto(f"/g/{new_game(live_server)}")
    tap = Taps()
    # Two buys.
    for buyer in ("Beto", "Dani"):
        tap(page.get_by_test_id(f"buy-player-{buyer}"))
        tap(page.get_by_test_id("buy"))
        expect(page.get_by_test_id("flash-buy-card")).to_contain_text(f"{buyer} bought the discard")
    buys = tap.count
    # Guillermina lays down deal 1's pure trío, entered on the keypad and checked by the referee.
    tap(page.get_by_test_id("laid-player-Guillermina"))
    for key in ("9", "H", "9", "S", "9", "C"):
        tap(page.get_by_test_id(f"melds-key-{key}"))
    expect(page.get_by_test_id("melds")).to_have_value("9H 9S 9C")
    tap(page.get_by_test_id("laid-down"))
    expect(page.get_by_test_id("flash-laid-card")).to_contain_text("valid")
    laid = tap.count - buys
    # The end: Guillermina went out; Beto 4 cards, Maximiliano 3, Dani 5, on the keypad.
    tap(page.get_by_test_id("end-deal"))
    tap(page.get_by_test_id("out-Guillermina"))
    for key in ("K", "7", "JK", "3"):
        tap(page.get_by_test_id(f"key-{key}"))
    expect(page.get_by_test_id("points-Beto")).to_have_text("35")
    tap(page.get_by_test_id("key-next"))
    for key in ("A", "T", "Q"):
        tap(page.get_by_test_id(f"key-{key}"))
    expect(page.get_by_test_id("points-Maximiliano")).to_have_text("31")
    tap(page.get_by_test_id("key-next"))
    for key in ("2", "2", "5", "9", "K"):
        tap(page.get_by_test_id(f"key-{key}"))
    expect(page.get_by_test_id("points-Dani")).to_have_text("28")
    tap(page.get_by_test_id("preview-button"))
    tap(page.get_by_test_id("confirm"))
    expect(page.get_by_test_id("deal-title")).to_have_text("Deal 2 of 7")
    expect(page.get_by_test_id("total-Beto")).to_have_text("35")
    expect(page.get_by_test_id("total-Dani")).to_have_text("28")
    ending = tap.count - buys - laid
    print(f"a typical deal: {tap.count} taps (two buys {buys}, the trío on the keypad {laid}, the end {ending})")
    assert tap.count <= TAP_BUDGET_DEAL


def test_a_new_game_takes_at_most_6_taps_names_aside(phone: Callable[..., Page]) -> None:
    page = phone("390x844")
    page.goto("/")
    tap = Taps()
    tap(page.get_by_role("link", name="New game").first)
    for index, name in enumerate(("Ana", "Beto", "Caro", "Dani")):
        page.get_by_test_id(f"player-{index}").fill(name)  # names aside: typing them is not counted
    tap(page.get_by_test_id("create-game"))
    tap(page.get_by_test_id("start-deal"))
    expect(page.get_by_test_id("deal-title")).to_have_text("Deal 1 of 7")
    print(f"a new game, names aside: {tap.count} taps")
    assert tap.count <= TAP_BUDGET_NEW_GAME


# ---- what is typed fits -----------------------------------------------------------------------------------


FITS = """
(el) => ({scroll: el.scrollWidth, client: el.clientWidth, fits: el.scrollWidth <= el.clientWidth + 1})
"""


@pytest.mark.parametrize("text", [100, 200])
def test_long_names_twelve_cards_and_three_digit_points_fit_at_320(
    phone: Callable[..., Page], live_server: LiveServer, screenshot: Shot, text: int
) -> None:
    page = phone("320x568")
    page.goto(f"/g/{new_game(live_server)}/end")
    if text == 200:
        large_text(page)
    page.get_by_test_id("out-Beto").check()
    page.get_by_test_id("hand-Guillermina").fill("K Q J 10 9 8 7 6 5 4 3 JK")  # twelve cards
    page.get_by_test_id("typed-Maximiliano").fill("125")
    page.get_by_test_id("hand-Dani").fill("K")
    # The twelve cards fit their field at 100% (at 200% the field scrolls inside itself, as text fields do).
    for testid in ("hand-Guillermina", "typed-Maximiliano") if text == 100 else ("typed-Maximiliano",):
        fit = page.get_by_test_id(testid).evaluate(FITS)
        assert fit["fits"], (testid, fit)
    for name in ("Guillermina", "Maximiliano"):
        fit = page.get_by_test_id(f"select-{name}").evaluate(FITS)
        assert fit["fits"], (name, fit)  # the whole name (wrapped if it must be), not "Guill…"
    expect(page.get_by_test_id("points-Maximiliano")).to_have_text("125")
    for testid in ("points-Maximiliano", "points-Guillermina"):
        expect(page.get_by_test_id(testid)).to_have_text(re.compile(r"^\d{2,3}$"))
        fit = page.get_by_test_id(testid).evaluate(FITS)
        assert fit["fits"], (testid, fit)
    no_sideways_scroll(page)
    screenshot(page, f"reach-end-320-{text}")


# ---- every screen: taps from where a phone starts, what the first screen shows --------------------------------------

#: What a person sees on the first screen: headings, and the controls and values the tests name.
FIRST_SCREEN = """
() => {
  const seen = [];
  for (const el of document.querySelectorAll('h1, h2, [data-testid]')) {
    if (el.closest('[hidden], details:not([open]) > :not(summary), nav.table-nav, .site-header')) continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0 || r.top < 0 || r.bottom > innerHeight) continue;
    const x = Math.min(r.left + r.width / 2, innerWidth - 1);
    const hit = document.elementFromPoint(x, r.top + Math.min(r.height / 2, 10));
    if (!hit || !(el === hit || el.contains(hit) || hit.contains(el))) continue;
    const heading = el.tagName[0] === 'H' && !el.dataset.testid;
    const name = heading ? `${el.tagName.toLowerCase()} "${el.textContent.trim().slice(0, 30)}"` : el.dataset.testid;
    if (!seen.includes(name)) seen.push(name);
  }
  return seen;
}
"""


def played_game(live_server: LiveServer, deals: int) -> tuple[str, str]:
    """A Telefunken game of long names with ``deals`` deals ended; its edit and view tokens."""
    with live_server.app.app_context(), db.session() as session:
        record = store.create_game(
            session, created=GameCreated(variant="telefunken", players=PLAYERS, first_dealer=PLAYERS[0])
        )
        assert record.id is not None
        seq = 1
        for deal in range(1, deals + 1):
            out = PLAYERS[deal % 4]
            hands = {name: 100 + 7 * i for i, name in enumerate(PLAYERS) if name != out}  # three-digit points
            for event in (ExactCut(deal=deal), Buy(deal=deal, player=PLAYERS[(deal + 1) % 4]),
                          DealEnded(deal=deal, went_out=out, hands=hands)):
                seq = store.append(session, game_id=record.id, event=event, expected_seq=seq).seq
        return record.edit_token, record.view_token


def selector_of(name: str) -> str:
    """The CSS selector of the element with this test id."""
    return f'[data-testid="{name}"]'


#: Every screen: (screen, the address a phone starts from, the selectors tapped from there, where that is, what
#: must be on the first screen at every size and text size — asserted for the deal screen and the Referee screen;
#: the others' first screens are measured and printed). {edit} and {view} are the game in play, {over} a finished
#: game.
DEAL = "/g/{edit}#deal-head"
SCREENS = [
    ("deal", DEAL, (), "the deal screen", ("deal-title", "contract", "end-deal")),
    ("end", DEAL, (selector_of("end-deal"),), "the deal screen", ()),
    ("sheet", DEAL, (selector_of("nav-sheet"),), "the deal screen", ()),
    ("correct", DEAL, (selector_of("nav-sheet"), selector_of("correct-1")), "the deal screen", ()),
    ("referee", DEAL, (selector_of("nav-referee"),), "the deal screen", ("referee-deal",)),
    ("share", DEAL, (selector_of("nav-share"),), "the deal screen", ()),
    ("handover", DEAL, (selector_of("nav-share"), selector_of("hand-over")), "the deal screen", ()),
    ("players", DEAL, (selector_of("players-link"),), "the deal screen", ()),
    ("undo", DEAL, (selector_of("undo-link"),), "the deal screen", ()),
    ("rules card", DEAL, (selector_of("nav-rules"),), "the deal screen", ()),
    ("delete confirmation", DEAL, (selector_of("nav-sheet"), selector_of("delete-link")), "the deal screen", ()),
    ("game over", "/g/{over}", (), "the finished game's address (the last Confirm lands there)", ()),
    ("viewer", "/v/{view}", (), "the players' QR code", ()),
    ("home", "/", (), "the app's icon", ()),
    ("new game", "/", ('main a[href$="/games/new"]',), "home", ()),
    ("my games", "/", (selector_of("my-games-link"),), "home", ()),
    ("restore", "/", (selector_of("my-games-link"), selector_of("restore-link")), "home", ()),
    ("offline", "/offline", (), "any page, when the phone is offline (the app's worker shows it)", ()),
]


# The dark scheme changes colours, not where anything is: its screens are measured in test_rtl and test_a11y.
#: The quick run walks every screen once, at the hardest cell (the small phone, 200% text, Spanish's longer words).
@pytest.mark.parametrize(
    ("size", "text", "language"),
    matrix(list(SIZES), [100, 200], ["en", "es"], quick=[("320x568", 200, "es")]),
)
def test_every_screen_taps_and_first_screen(
    phone: Callable[..., Page], live_server: LiveServer, screenshot: Shot, size: str, text: int, language: str
) -> None:
    scheme = "light"
    edit, view = played_game(live_server, 2)
    over, _ = played_game(live_server, 7)
    page = phone(size, scheme=scheme, language=language)
    report = []
    for screen, start, taps, origin, essentials in SCREENS:
        page.goto(start.format(edit=edit, view=view, over=over))
        for selector in taps:
            page.locator(selector).first.click()
        page.wait_for_load_state()
        if text == 200:
            large_text(page)
        for name in essentials:
            spot = where(page.get_by_test_id(name).first)
            assert spot["top"] >= 0, (screen, name, spot)
            assert spot["bottom"] <= spot["height"], (screen, name, spot)
            assert spot["reachable"], (screen, name, spot)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= SIZES[size][0], f"{screen} is {width}px wide"
        seen = page.evaluate(FIRST_SCREEN)
        report.append(f"  {screen}: {len(taps)} tap(s) from {origin}; first screen: {', '.join(seen)}")
        screenshot(page, f"reach-screen-{screen.replace(' ', '-')}-{size}-{text}-{scheme}-{language}")  # moves the page
    print(f"\n{size}, {text}% text, {scheme}, {language}:\n" + "\n".join(report))


def test_the_sheet_says_when_players_are_off_to_the_side(
    phone: Callable[..., Page], live_server: LiveServer, screenshot: Shot
) -> None:
    edit, _ = played_game(live_server, 3)
    page = phone("320x568")
    page.goto(f"/g/{edit}/sheet")
    expect(page.get_by_test_id("sheet")).to_be_visible()
    large_text(page)
    page.evaluate("window.dispatchEvent(new Event('resize'))")
    box = page.locator("[data-scrolls]")
    overflowing = box.evaluate("(el) => el.scrollWidth > el.clientWidth")
    hint = page.locator("[data-scroll-hint]")
    if overflowing:
        expect(hint).to_be_visible()  # a visible cue that columns are off to the side
        # The deal column stays in place while the players scroll.
        first = page.get_by_test_id("correct-1")
        before = first.bounding_box()
        box.evaluate("(el) => el.scrollBy(400, 0)")
        after = first.bounding_box()
        assert before is not None
        assert after is not None
        assert abs(before["x"] - after["x"]) < 2
    else:
        expect(hint).to_be_hidden()
    no_sideways_scroll(page)
    screenshot(page, "reach-sheet-320-200")
    page.set_viewport_size({"width": 1200, "height": 900})
    page.evaluate("window.dispatchEvent(new Event('resize'))")
    expect(hint).to_be_hidden()  # on a wide screen everything fits and nothing is said
