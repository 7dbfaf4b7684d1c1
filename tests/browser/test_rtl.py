"""Persian right to left and Japanese in Debian's Chromium at a phone's size: the layout mirrors (the header's name,
the action bar's jumps, the sheet's first column, the chart's scale) while cards, runs and the chart's deals stay
left to right; numbers are Persian digits where a person reads them and ASCII where a form posts them; no screen
scrolls sideways; Persian and Japanese are drawn with real fonts; the language menu fits a small phone.
Screenshots of every screen in Persian (light and dark) and Japanese go to tests/screenshots/rtl-*.png."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

from referee import db
from referee.games.rummy.ledger.events import DealCorrected, DealEnded, Event, ExactCut, GameCreated
from referee.ledger import store
from tests.tiers import full_only, quick

from .conftest import PHONE, LiveServer
from .test_a11y import LOW_CONTRAST, UNNAMED_CONTROLS
from .test_reach import phone as phone  # noqa: F401 — a fixture: open(size, scheme, language), the browser's language

Shot = Callable[[Page, str], Path]
Phone = Callable[..., Page]

#: A name in each script at one table.
PLAYERS = ("Ana", "مریم", "太郎", "Dani")
#: What each deal leaves in the hands (the one who went out holds nothing).
DEAL_1 = DealEnded(deal=1, went_out="Ana", hands={"مریم": 10, "太郎": 25, "Dani": 5})
DEAL_2 = DealEnded(deal=2, went_out="太郎", hands={"Ana": 7, "مریم": 14, "Dani": 21})
#: After two deals, by hand: Ana 0 + 7 = 7, مریم 10 + 14 = 24, 太郎 25 + 0 = 25, Dani 5 + 21 = 26.
TOTALS_PERSIAN = {"Ana": "۷", "مریم": "۲۴", "太郎": "۲۵", "Dani": "۲۶"}
#: Debian's Arabic-script and Japanese fonts the page's stack names (fonts-noto-core, fonts-noto-cjk).
PERSIAN_FONTS = {"Vazirmatn", "Noto Sans Arabic", "Noto Sans Arabic UI", "Noto Naskh Arabic"}
JAPANESE_FONTS = {"Noto Sans CJK JP", "Noto Sans JP"}


def make_game(live_server: LiveServer, *, over: bool = False) -> tuple[str, str]:
    """A Telefunken game of PLAYERS: two deals ended (the first corrected to the same result), or all seven with
    DEAL_1's hands in the five after them; its edit and view tokens."""
    events: list[Event] = [ExactCut(deal=1), DEAL_1, DEAL_2, DealCorrected(deal=1, went_out="Ana", hands=DEAL_1.hands)]
    if over:
        events += [DealEnded(deal=deal, went_out="Ana", hands=DEAL_1.hands) for deal in range(3, 8)]
    with live_server.app.app_context(), db.session() as session:
        record = store.create_game(session, created=GameCreated(variant="telefunken", players=PLAYERS,
                                                                first_dealer="Dani"))
        assert record.id is not None
        seq = 1
        for event in events:
            seq = store.append(session, game_id=record.id, event=event, expected_seq=seq).seq
        return record.edit_token, record.view_token


@pytest.fixture(scope="module")
def screens(live_server: LiveServer) -> dict[str, str]:
    edit, view = make_game(live_server)
    done, done_view = make_game(live_server, over=True)
    return {
        "home": "/", "new-game": "/games/new", "my-games": "/games", "deal": f"/g/{edit}", "end": f"/g/{edit}/end",
        "correct": f"/g/{edit}/deals/1/correct", "sheet": f"/g/{edit}/sheet", "undo": f"/g/{edit}/undo",
        "players": f"/g/{edit}/players", "share": f"/g/{edit}/share", "handover": f"/g/{edit}/share/scorekeeper",
        "referee": f"/g/{edit}/referee", "delete": f"/g/{edit}/delete", "over": f"/g/{done}/over",
        "viewer": f"/v/{view}", "viewer-over": f"/v/{done_view}", "rules": "/rules/telefunken",
        "rules-index": "/rules", "offline": "/offline",
    }


def box(locator: Locator) -> dict[str, float]:
    found = locator.bounding_box()
    assert found is not None, locator
    return found


def centre(locator: Locator) -> float:
    found = box(locator)
    return found["x"] + found["width"] / 2


#: The left edge of each character of an element's text, in order (its first text node).
CHARACTER_LEFTS = """(el) => {
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  const out = [];
  while (walker.nextNode()) {
    const node = walker.currentNode;
    for (let i = 0; i < node.length; i++) {
      if (!node.data[i].trim()) continue;
      const range = document.createRange();
      range.setStart(node, i);
      range.setEnd(node, i + 1);
      out.push([node.data[i], range.getBoundingClientRect().left]);
    }
  }
  return out;
}"""


def character_lefts(locator: Locator) -> list[tuple[str, float]]:
    return [(char, left) for char, left in locator.evaluate(CHARACTER_LEFTS)]


# ---- the layout mirrors ----------------------------------------------------------------------------------------


def test_the_persian_layout_mirrors_the_english_one(phone: Phone, screens: dict[str, str]) -> None:
    seen: dict[str, dict[str, Any]] = {}
    for language in ("en", "fa"):
        page = phone("390x844", "light", language)
        page.goto(screens["deal"])
        html = page.locator("html")
        expect(html).to_have_attribute("lang", language)
        expect(html).to_have_attribute("dir", "rtl" if language == "fa" else "ltr")
        brand, menu = box(page.locator(".brand")), box(page.get_by_test_id("lang-menu"))
        jumps = [centre(page.get_by_test_id(testid)) for testid in ("jump-buy", "jump-cut", "jump-laid")]
        end_deal = box(page.get_by_test_id("end-deal"))
        player_column = centre(page.get_by_test_id("players").locator("thead th").first)
        total_column = centre(page.get_by_test_id("players").locator("thead th").last)
        page.goto(screens["sheet"])
        deal_column = centre(page.get_by_test_id("sheet").locator("thead th").first)
        seen[language] = {"brand": brand, "menu": menu, "jumps": jumps, "end_deal": end_deal,
                          "player_column": player_column, "total_column": total_column, "deal_column": deal_column}
    en, fa = seen["en"], seen["fa"]
    width = PHONE["width"]
    # The site's name: at the left in English, at the right in Persian; the language menu on the other side.
    assert en["brand"]["x"] <= 20
    assert en["menu"]["x"] > width / 2
    assert fa["brand"]["x"] + fa["brand"]["width"] >= width - 20
    assert fa["menu"]["x"] + fa["menu"]["width"] < width / 2
    # The action bar: End deal across the screen in both; its jumps in reading order, right to left in Persian.
    assert en["end_deal"]["width"] == pytest.approx(fa["end_deal"]["width"], abs=1)
    assert en["jumps"] == sorted(en["jumps"])
    assert fa["jumps"] == sorted(fa["jumps"], reverse=True)
    for mine, mirrored in zip(en["jumps"], fa["jumps"], strict=True):
        assert mine + mirrored == pytest.approx(width, abs=2)
    # Tables: the players' names and the sheet's deal numbers are the first column, at the right in Persian.
    assert en["player_column"] < en["total_column"]
    assert fa["player_column"] > fa["total_column"]
    assert en["deal_column"] < width / 2 < fa["deal_column"]


def test_focus_follows_the_persian_reading_order(phone: Phone, screens: dict[str, str]) -> None:
    page = phone("390x844", "light", "fa")
    page.goto(screens["deal"])
    positive = "Array.from(document.querySelectorAll('[tabindex]')).filter((el) => el.tabIndex > 0).length"
    assert page.evaluate(positive) == 0
    # The header: the site's name, My games, then the language menu, right to left.
    page.locator(".brand").focus()
    header = [centre(page.locator(".brand"))]
    for _ in range(2):
        page.keyboard.press("Tab")
        header.append(page.evaluate("(() => { const r = document.activeElement.getBoundingClientRect();"
                                    " return r.x + r.width / 2; })()"))
    assert header == sorted(header, reverse=True)
    # The action bar: End deal, then each jump, the next one to the left of the one before.
    page.get_by_test_id("end-deal").focus()
    order = []
    for _ in range(3):
        page.keyboard.press("Tab")
        order.append(page.evaluate("document.activeElement.getAttribute('data-testid')"))
    assert order == ["jump-buy", "jump-cut", "jump-laid"]
    lefts = [box(page.get_by_test_id(testid))["x"] for testid in order]
    assert lefts == sorted(lefts, reverse=True)


# ---- what must not mirror --------------------------------------------------------------------------------------


@quick
def test_cards_and_runs_stay_left_to_right_in_persian(phone: Phone, screens: dict[str, str]) -> None:
    page = phone("390x844", "light", "fa")
    page.goto(screens["rules"])
    # Every contract's icons: each meld's cards from left to right in their order (a run 3 4 5 … rises to the right).
    melds = page.locator(".deal-list .mini-meld")
    assert melds.count() >= 10
    for index in range(melds.count()):
        lefts = [box(card)["x"] for card in melds.nth(index).locator(".mini-card").all()]
        assert lefts == sorted(lefts), index
    # One card: its rank left of its suit (7 before ♥).
    card = page.locator(".mini-card", has_text="♥").first
    chars = character_lefts(card)
    assert [char for char, _ in chars] == ["7", "♥"]
    assert chars[0][1] < chars[1][1]
    # A run typed on the end screen (A 2 3 of hearts) is previewed A, 2, 3 from left to right, its sum too.
    page.goto(screens["end"])
    page.get_by_test_id("out-Ana").check()
    page.get_by_test_id("hand-مریم").fill("AH 2H 3H")
    for name in ("太郎", "Dani"):
        page.get_by_test_id(f"typed-{name}").fill("۵")  # Persian digits typed: accepted
    expect(page.get_by_test_id("points-Dani")).to_have_text("۵")  # the page's own count, in Persian digits
    page.get_by_test_id("preview-button").click()
    expect(page.get_by_test_id("preview")).to_be_visible()  # the page's script shows the answer in place
    cards, arithmetic = page.get_by_test_id("preview").locator("bdi.ltr").all()[:2]
    ranks = [(char, left) for char, left in character_lefts(cards) if char in "A23"]
    assert [char for char, _ in ranks] == ["A", "2", "3"]
    assert [left for _, left in ranks] == sorted(left for _, left in ranks)
    # A 11, 2 and 3 in Telefunken: 11 + 2 + 3 = 16, written left to right in Persian digits.
    expect(arithmetic).to_have_text("۱۱ + ۲ + ۳ = ۱۶")
    digits = character_lefts(arithmetic)
    assert digits[0][0] == "۱"
    assert digits[-1][0] == "۶"
    assert digits[0][1] < digits[-1][1]
    expect(page.get_by_test_id("preview-total-مریم")).to_have_text("۴۰")  # 24 + 16


def test_the_chart_keeps_its_deals_left_to_right_and_puts_its_scale_at_the_right(
    phone: Phone, screens: dict[str, str]
) -> None:
    for language in ("en", "fa"):
        page = phone("390x844", "light", language)
        page.goto(screens["viewer-over"])
        chart = page.locator("svg.chart")
        grid = [box(line) for line in chart.locator("line.grid").all()]
        plot_left = min(line["x"] for line in grid)
        plot_right = max(line["x"] + line["width"] for line in grid)
        scale = [box(label) for label in chart.locator('text[text-anchor="end"]').all()]
        deals = [centre(label) for label in chart.locator('text[text-anchor="middle"]').all()]
        assert len(deals) == 7  # deal 1 at the left to deal 7, in both languages
        assert deals == sorted(deals)
        if language == "en":
            assert all(label["x"] + label["width"] <= plot_left for label in scale)
        else:
            edge = box(chart)["x"] + box(chart)["width"]
            assert all(plot_right <= label["x"] and label["x"] + label["width"] <= edge + 0.5 for label in scale)


# ---- numbers ---------------------------------------------------------------------------------------------------


def test_totals_are_persian_digits_where_read_and_ascii_where_posted(phone: Phone, screens: dict[str, str]) -> None:
    page = phone("390x844", "light", "fa")
    page.goto(screens["viewer"])
    for name, total in TOTALS_PERSIAN.items():
        expect(page.get_by_test_id(f"total-points-{name}")).to_have_text(total)
    page.goto(screens["sheet"])
    for name, total in TOTALS_PERSIAN.items():
        expect(page.get_by_test_id(f"sheet-total-{name}")).to_have_text(total)
    expect(page.get_by_test_id("correct-2")).to_have_text("۲ ✎")
    assert page.get_by_test_id("correct-2").get_attribute("href", timeout=1000).endswith("/deals/2/correct")
    page.goto(screens["end"])
    expect(page.get_by_test_id("end-title")).to_contain_text("۳")
    assert page.locator('input[type="hidden"][name="deal"]').input_value() == "3"
    assert page.get_by_test_id("key-A").get_attribute("value") == "A"


# ---- nothing runs off the screen; screenshots -------------------------------------------------------------------

SCREENS = ["home", "new-game", "my-games", "deal", "end", "correct", "sheet", "undo", "players", "share", "handover",
           "referee", "delete", "over", "viewer", "viewer-over", "rules", "rules-index", "offline"]


@pytest.mark.parametrize(
    ("language", "scheme"),
    [pytest.param("fa", "light", marks=full_only), ("fa", "dark"), pytest.param("ja", "light", marks=full_only)],
)
def test_no_screen_scrolls_sideways_and_each_reads_clearly(
    phone: Phone, screens: dict[str, str], screenshot: Shot, language: str, scheme: str
) -> None:
    """Every screen fits the phone's width; as tests/browser/test_a11y.py asks of the English ones, its text has
    enough contrast and every control a name (the folded ones too)."""
    page = phone("390x844", scheme, language)
    wide, faint, unnamed = {}, {}, {}
    for screen in SCREENS:
        page.goto(screens[screen])
        expect(page.locator("html")).to_have_attribute("lang", language)
        width = page.evaluate("document.documentElement.scrollWidth")
        if width > PHONE["width"]:
            wide[screen] = width
        screenshot(page, f"rtl-{screen}-{language}-{scheme}")
        if low := page.evaluate(LOW_CONTRAST):
            faint[screen] = low
        page.evaluate("document.querySelectorAll('details').forEach((d) => { d.open = true; })")
        if nameless := page.evaluate(UNNAMED_CONTROLS):
            unnamed[screen] = nameless
    assert wide == {}
    assert faint == {}
    assert unnamed == {}


# ---- fonts -----------------------------------------------------------------------------------------------------


def platform_fonts(page: Page, selector: str) -> set[str]:
    """The fonts Chromium drew an element's text with (DevTools' CSS.getPlatformFontsForNode)."""
    cdp = page.context.new_cdp_session(page)
    root = cdp.send("DOM.getDocument")["root"]["nodeId"]
    node = cdp.send("DOM.querySelector", {"nodeId": root, "selector": selector})["nodeId"]
    cdp.send("CSS.enable")
    fonts = cdp.send("CSS.getPlatformFontsForNode", {"nodeId": node})["fonts"]
    return {font["familyName"] for font in fonts if font["glyphCount"] > 0}


#: The width of ``text`` and of as many characters no font has (drawn as boxes), in the element's font.
WIDTHS = """(el, text) => {
  const context = document.createElement('canvas').getContext('2d');
  const style = getComputedStyle(el);
  context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
  const boxes = Array.from(text, (_, i) => String.fromCodePoint(0x10FFF0 + i)).join('');
  return [context.measureText(text).width, context.measureText(boxes).width];
}"""


@pytest.mark.parametrize(("language", "fonts", "text"), [("fa", PERSIAN_FONTS, "مریم"), ("ja", JAPANESE_FONTS, "太郎")])
def test_persian_and_japanese_are_drawn_with_real_fonts(
    phone: Phone, language: str, fonts: set[str], text: str
) -> None:
    page = phone("390x844", "light", language)
    page.goto("/")
    used = platform_fonts(page, "main h1")
    assert used & fonts, used
    word, boxes = page.locator("main h1").evaluate(WIDTHS, text)
    assert word != pytest.approx(boxes, abs=0.5), (word, boxes)


# ---- the language menu -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("language", ["en", "fa", "ja"])
def test_the_language_menu_fits_a_small_phone_and_the_choice_stays(
    phone: Phone, screens: dict[str, str], language: str
) -> None:
    page = phone("320x568", "light", language)
    page.goto(screens["deal"])
    header, brand, menu = (box(page.locator(selector)) for selector in (".site-header", ".brand", ".lang-menu"))
    assert header["height"] <= 70, (header, brand, menu)  # one row
    assert abs(brand["y"] - menu["y"]) < 20, (header, brand, menu)
    assert page.evaluate("document.documentElement.scrollWidth") <= 320
    page.get_by_test_id("lang-menu").click()
    listed = page.locator(".lang-list")
    expect(listed).to_be_visible()
    inside = box(listed)
    assert inside["x"] >= 0
    assert inside["x"] + inside["width"] <= 320
    others = [code for code in ("en", "es", "fa", "ja") if code != language]
    for code in others:
        link = page.get_by_test_id(f"lang-{code}")
        assert box(link)["height"] >= 44  # a thumb's tap
        assert link.get_attribute("lang") == code
        assert link.get_attribute("hreflang") == code
    chosen = others[-1]
    page.get_by_test_id(f"lang-{chosen}").click()
    expect(page.locator("html")).to_have_attribute("lang", chosen)
    expect(page.get_by_test_id("end-deal")).to_be_visible()  # back on the deal screen
    page.goto(screens["rules"])
    expect(page.locator("html")).to_have_attribute("lang", chosen)
