"""Accessibility basics on every screen, at phone size: every control has a name, text contrast is at least
4.5:1 (3:1 for large text) in the light and the dark scheme, the focus order follows the page, and nothing
scrolls sideways with the text at 200%. Each check runs in English, Persian (right to left) and Japanese: the
page's language is the ``lang`` cookie, as a phone that chose it has. The full run (``make test FULL=1``) checks
every screen in every language (and scheme); ``make test`` each screen once, the languages taken in turn
(``tests/tiers.matrix``)."""

from __future__ import annotations

from collections.abc import Callable
from itertools import pairwise
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from referee import db
from referee.games.rummy.ledger.events import Buy, DealCorrected, DealEnded, ExactCut, GameCreated
from referee.ledger import store
from tests.tiers import matrix, quick

from .conftest import PHONE, LiveServer

Shot = Callable[[Page, str], Path]

#: Screens whose layout still scrolls sideways at 200% (none today: new-game, deal and over were fixed, their tables
#: scroll inside their box). Marked xfail strictly, so the mark must go as soon as a screen is fixed.
SCROLLS_SIDEWAYS: set[str] = set()
ALL_SCREENS = [
    "home",
    "new-game",
    "my-games",
    "deal",
    "end",
    "sheet",
    "correct",
    "undo",
    "share",
    "over",
    "players",
    "player-record",
    "viewer",
    "viewer-over",
    "rules",
    "rules-index",
]
LATER = pytest.mark.xfail(reason="scrolls sideways at 200% text", strict=True)
#: The languages every check runs in: English (the default, no cookie), Persian and Japanese.
LANGUAGES = ["en", "fa", "ja"]


#: The accessible name of each control, roughly as browsers compute it (enough to find a control without one).
UNNAMED_CONTROLS = """
() => {
  const visible = (el) => {
    if (el.closest('[aria-hidden="true"]') || el.closest('[hidden]')) return false;
    const style = getComputedStyle(el);
    return style.display !== 'none' && style.visibility !== 'hidden';
  };
  const text = (el) => (el ? (el.innerText || el.textContent || '').trim() : '');
  const nameOf = (el) => {
    const label = el.getAttribute('aria-label');
    if (label && label.trim()) return label.trim();
    const by = el.getAttribute('aria-labelledby');
    if (by) return by.split(/\\s+/).map((id) => text(document.getElementById(id))).join(' ').trim();
    if (el.labels && el.labels.length) return Array.from(el.labels).map(text).join(' ').trim();
    if (['BUTTON', 'A', 'SUMMARY'].includes(el.tagName)) {
      const own = text(el);
      if (own) return own;
      const img = el.querySelector('img[alt], svg[aria-label]');
      if (img) return img.getAttribute('alt') || img.getAttribute('aria-label');
    }
    if (el.tagName === 'INPUT' && ['submit', 'button', 'reset'].includes(el.type)) return el.value;
    return (el.getAttribute('title') || '').trim();
  };
  const controls = document.querySelectorAll(
    'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], '
    + '[tabindex]:not([tabindex="-1"])'
  );
  return Array.from(controls).filter(visible).filter((el) => !nameOf(el)).map((el) => el.outerHTML.slice(0, 160));
}
"""

#: Every visible piece of text whose contrast with its background is too low.
LOW_CONTRAST = """
() => {
  const parse = (c) => { const m = c.match(/rgba?\\(([^)]+)\\)/); if (!m) return null;
    const p = m[1].split(/[ ,/]+/).filter(Boolean).map(Number); return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1]; };
  const lin = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
  const lum = (c) => 0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2]);
  const over = (top, under) => {
    const a = top[3];
    return [0, 1, 2].map((i) => top[i] * a + under[i] * (1 - a)).concat([1]);
  };
  const background = (el) => {
    const layers = [];
    for (let node = el; node && node.nodeType === 1; node = node.parentElement) {
      const c = parse(getComputedStyle(node).backgroundColor);
      if (c && c[3] > 0) { layers.push(c); if (c[3] >= 1) break; }
    }
    let base = parse(getComputedStyle(document.documentElement).backgroundColor) || [255, 255, 255, 1];
    if (base[3] < 1) base = over(base, [255, 255, 255, 1]);
    for (let i = layers.length - 1; i >= 0; i--) base = over(layers[i], base);
    return base;
  };
  const bad = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const seen = new Set();
  while (walker.nextNode()) {
    const node = walker.currentNode;
    if (!node.textContent.trim()) continue;
    const el = node.parentElement;
    if (!el || seen.has(el) || el.closest('svg, [hidden], .visually-hidden, noscript, script, style, option')) continue;
    seen.add(el);
    const style = getComputedStyle(el);
    if (style.display === 'none' || style.visibility === 'hidden' || Number(style.opacity) === 0) continue;
    const rect = el.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0) continue;
    let fg = parse(style.color); const bg = background(el);
    if (fg[3] < 1) fg = over(fg, bg);
    const [a, b] = [lum(fg), lum(bg)].sort((x, y) => y - x);
    const ratio = (a + 0.05) / (b + 0.05);
    const size = parseFloat(style.fontSize); const bold = Number(style.fontWeight) >= 700;
    const needed = size >= 24 || (bold && size >= 18.66) ? 3 : 4.5;
    if (ratio < needed) {
      const where = `${style.color} on rgb(${bg.slice(0, 3).map(Math.round)})`;
      bad.push(`${ratio.toFixed(2)} < ${needed}: "${node.textContent.trim().slice(0, 40)}" ${where}`);
    }
  }
  return bad;
}
"""


def game(live_server: LiveServer, *, over: bool = False) -> tuple[str, str]:
    """A Telefunken game with two deals ended (one corrected), or all seven; its edit and view tokens."""
    players = ("Ana", "Beto", "Caro", "Dani")
    with live_server.app.app_context(), db.session() as session:
        created = GameCreated(variant="telefunken", players=players, first_dealer="Ana")
        record = store.create_game(session, created=created)
        assert record.id is not None
        seq = 1
        deals = 7 if over else 2
        for deal in range(1, deals + 1):
            out = players[deal % 4]
            hands = {name: 7 * (i + 1) for i, name in enumerate(players) if name != out}
            for event in (
                ExactCut(deal=deal),
                Buy(deal=deal, player=players[(deal + 1) % 4]),
                DealEnded(deal=deal, went_out=out, hands=hands),
            ):
                seq = store.append(session, game_id=record.id, event=event, expected_seq=seq).seq
        hands = {name: 5 for name in players if name != players[1]}
        store.append(
            session, game_id=record.id, event=DealCorrected(deal=1, went_out=players[1], hands=hands), expected_seq=seq
        )
        return record.edit_token, record.view_token


def screens(live_server: LiveServer) -> dict[str, str]:
    edit, view = game(live_server)
    done, done_view = game(live_server, over=True)
    return {
        "home": "/",
        "new-game": "/games/new",
        "my-games": "/games",
        "deal": f"/g/{edit}",
        "end": f"/g/{edit}/end",
        "sheet": f"/g/{edit}/sheet",
        "correct": f"/g/{edit}/deals/1/correct",
        "undo": f"/g/{edit}/undo",
        "share": f"/g/{edit}/share/scorekeeper",
        "over": f"/g/{done}/over",
        "players": f"/g/{done}/records",
        "player-record": f"/g/{done}/records?name=Beto",
        "viewer": f"/v/{view}",
        "viewer-over": f"/v/{done_view}",
        "rules": "/rules/telefunken",
        "rules-index": "/rules",
    }


@pytest.fixture(scope="module")
def pages(live_server: LiveServer) -> dict[str, str]:
    return screens(live_server)


@pytest.fixture(params=LANGUAGES)
def language(request: pytest.FixtureRequest, page: Page, live_server: LiveServer) -> str:
    """The page's language: English is the browser's own; Persian and Japanese are chosen with the cookie."""
    code: str = request.param
    if code != "en":
        page.context.add_cookies([{"name": "lang", "value": code, "url": live_server.url}])
    return code


@quick
@pytest.mark.parametrize(
    ("screen", "language"),
    matrix(ALL_SCREENS, LANGUAGES, quick=[("deal", "en"), ("viewer", "fa")]),
    indirect=["language"],
)
def test_every_control_has_a_name(page: Page, pages: dict[str, str], screen: str, language: str) -> None:
    page.goto(pages[screen])
    expect(page.locator("html")).to_have_attribute("lang", language)
    # Folded controls count too: open every <details>, outer ones first.
    page.evaluate("document.querySelectorAll('details').forEach((d) => { d.open = true; })")
    assert page.evaluate(UNNAMED_CONTROLS) == []


@pytest.mark.parametrize(
    ("screen", "scheme", "language"),
    matrix(["home", "new-game", "deal", "end", "sheet", "share", "over", "player-record", "viewer", "rules"],
           ["light", "dark"], LANGUAGES),
    indirect=["language"],
)
def test_text_contrast_is_sufficient(
    page: Page, pages: dict[str, str], screen: str, scheme: str, language: str
) -> None:
    page.emulate_media(color_scheme=scheme)  # type: ignore[arg-type]
    page.goto(pages[screen])
    expect(page.locator("html")).to_have_attribute("lang", language)
    assert page.evaluate(LOW_CONTRAST) == []


#: Where the focused control is on the page (its label's box for a control drawn inside its label, like a radio
#: button of the new-game page's game cards), with the page's scroll added.
FOCUSED = """
(previousIndex) => {
  const el = document.activeElement;
  const all = Array.from(document.querySelectorAll('*'));
  const index = all.indexOf(el);
  const outline = getComputedStyle(el).outlineStyle;
  let box = el.getBoundingClientRect();
  if ((box.width < 4 || box.height < 4) && el.closest('label')) box = el.closest('label').getBoundingClientRect();
  return {index, id: el.getAttribute('data-testid') || el.id || el.tagName, tabindex: el.tabIndex,
          visibleFocus: outline !== 'none' || getComputedStyle(el).boxShadow !== 'none',
          x: box.left + box.width / 2 + window.scrollX, y: box.top + box.height / 2 + window.scrollY,
          height: box.height};
}
"""


def reads_after(before: dict[str, float], after: dict[str, float], rtl: bool) -> bool:
    """Whether ``after`` comes after ``before`` in reading order: on the same line, further along it (to the left
    in a right-to-left page); else lower down."""
    if abs(after["y"] - before["y"]) < min(before["height"], after["height"]) / 2:
        return after["x"] < before["x"] if rtl else after["x"] > before["x"]
    return after["y"] > before["y"]


def test_the_focus_order_of_the_new_game_page_follows_the_page(page: Page, language: str) -> None:
    page.goto("/games/new")
    rtl = language == "fa"
    expect(page.locator("html")).to_have_attribute("dir", "rtl" if rtl else "ltr")
    order: list[str] = []
    follows: list[bool] = []
    places: list[dict[str, float]] = []
    previous = None
    for _ in range(60):
        page.keyboard.press("Tab")
        info = page.evaluate(FOCUSED, previous)
        places.append(info)
        if info["id"] == "create-game":
            order.append(info["id"])
            break
        order.append(info["id"])
        follows.append(previous is None or info["index"] > previous)
        assert info["tabindex"] <= 0, f"{info['id']} has a positive tabindex"
        assert info["visibleFocus"], f"{info['id']} shows no focus"
        previous = info["index"]
    assert all(follows), order
    assert "create-game" in order
    names = [o for o in order if o.startswith("player-")]
    assert names[:3] == ["player-0", "player-1", "player-2"]
    # The variant comes before the players, the players before the first dealer, that before "Create".
    assert (
        order.index("variant-telefunken")
        < order.index("player-0")
        < order.index("first-dealer")
        < order.index("create-game")
    )
    # Tab moves in reading order: along a line (right to left in Persian), then down the page.
    backwards = [
        f"{a['id']} ({a['x']:.0f}, {a['y']:.0f}) → {b['id']} ({b['x']:.0f}, {b['y']:.0f})"
        for a, b in pairwise(places)
        if not reads_after(a, b, rtl)
    ]
    assert backwards == [], order


@pytest.mark.parametrize(
    ("screen", "language"),
    [pytest.param(*cell.values, marks=[*cell.marks, LATER]) if cell.values[0] in SCROLLS_SIDEWAYS else cell
     for cell in matrix(ALL_SCREENS, LANGUAGES)],
    indirect=["language"],
)
def test_pages_work_at_200_percent_text(
    page: Page, pages: dict[str, str], screen: str, screenshot: Shot, language: str
) -> None:
    page.goto(pages[screen])
    expect(page.locator("html")).to_have_attribute("lang", language)
    # Through the CSSOM: the pages' Content-Security-Policy refuses an added <style> element.
    page.evaluate("document.documentElement.style.setProperty('font-size', '200%', 'important')")
    expect(page.locator("main")).to_be_visible()
    width = page.evaluate("document.documentElement.scrollWidth")
    screenshot(page, f"a11y-200-{screen}" if language == "en" else f"a11y-200-{language}-{screen}")
    assert width <= PHONE["width"], f"{screen} scrolls sideways at 200% text: {width}px"
