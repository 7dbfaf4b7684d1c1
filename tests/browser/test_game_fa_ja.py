"""A whole Telefunken game in Persian and one in Japanese at phone size, the players' phone watching in the same
language.

Both phones carry the ``lang`` cookie. The game is test_game_telefunken.py's, played with names in the language's
script: an exact cut, buys (one refused), a contract refused then accepted (laid on the card keypad, whose suit
keys are the symbols), two deals ended on the keypad and five with typed points (in Persian some typed in Persian
digits, one in Arabic-Indic ones, the rest in ASCII), a past deal corrected, the game over. Every change shows up
on the viewer without a reload (waited for, nothing is timed). The numbers the test reads (chips, points,
totals, deal numbers) are in the language's digits (Persian: ۰–۹), and so are those of the chart's axes, the
messages, the referee's reasons, the rules card and the scores as text; the final totals are the sums worked out
by hand. No English is left on any screen visited, and none scrolls sideways. Every screen is screenshotted into
tests/screenshots/fa-*.png (light, and dark as fa-*-dark.png) and ja-*.png, for a person to look at.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, expect

from referee.games.rummy.ledger import exchange
from referee.games.rummy.ledger.state import replay
from tests.tiers import full_only

from .conftest import PHONE, SCREENSHOTS, LiveServer, capture
from .test_game_telefunken import LIVE, README_CLIP, create_game

#: A whole game again (the quick run replays one, tests/browser/test_game_telefunken.py): the full run only
#: (``make test FULL=1``, tests/tiers.py).
pytestmark = full_only

Shot = Callable[[Page, str], Path]

PERSIAN_DIGITS = "۰۱۲۳۴۵۶۷۸۹"
ARABIC_INDIC_DIGITS = "٠١٢٣٤٥٦٧٨٩"
TO_ASCII = str.maketrans(PERSIAN_DIGITS + ARABIC_INDIC_DIGITS, "0123456789" * 2)

#: English words the screens of a game use (the first ones a missing translation would show).
ENGLISH = (
    "Deal", "Deals", "deal", "Buy", "Buys", "buys", "Score", "Scores", "Player", "Players", "players", "End deal",
    "Undo", "Redo", "Total", "Totals", "Live", "Rules", "Share", "Sheet", "sheet", "Confirm", "Preview", "Cards",
    "cards", "Points", "points", "Exact cut", "Cuts", "cuts", "Laid down", "laid down", "Joker", "Next", "No cards",
    "Highlight", "Game over", "Export", "Rematch", "Referee", "New game", "Create", "Remove", "Language", "went out",
    "out", "Nobody", "Place", "Suits", "More", "Who", "the", "and", "of", "to", "is",
)
#: The Latin-script words a Persian or Japanese screen may show: names (the app's, the games' and their house
#: rules' on the new-game screen, the rule sources', the Venezuelan buy call "¡Compro!"), the file formats of the
#: exports, JK of the card notation, and the shell command the share page gives when other phones cannot reach
#: the app. Longer ones first: each is taken out of the text before its words are looked at.
LATIN_ALLOWED = (
    "REFEREE_PUBLIC_URL", "HOST", "make run", "referee-game", "referee", "Telefunken", "Telefunque", "Venezuela",
    "Contract Rummy", "Shanghai", "Delifante", "rummyrulebook", "pagat", "Compro", "QR", "JSON", "CSV", "JK",
)

#: The text a person meets on the page, in the page's own language: every text node and every accessible name,
#: placeholder and title, leaving out what is in another language (the language switch's names, each marked with
#: its ``lang``), the app's name in the header, the names of the games on the new-game screen, and web addresses.
PAGE_TEXTS = """
() => {
  const lang = document.documentElement.lang;
  const own = (el) => !el.closest('script, style, noscript, svg, .brand, .variant-name')
    && !(el.closest('[lang]') && el.closest('[lang]').getAttribute('lang') !== lang);
  const texts = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    if (node.parentElement && own(node.parentElement)) texts.push(node.textContent);
  }
  document.querySelectorAll('[aria-label], [placeholder], [title], [alt]').forEach((el) => {
    if (!own(el)) return;
    for (const name of ['aria-label', 'placeholder', 'title', 'alt']) texts.push(el.getAttribute(name) || '');
  });
  return texts.map((text) => text.replace(/https?:\\/\\/\\S+/g, ' ').trim()).filter(Boolean);
}
"""
#: The texts with an ASCII digit among those a Persian page writes numbers in: the chart's axes, messages, the
#: referee's reasons, the rules card's sentences and house rules' values, and the scores as text to send; card
#: notation (in its left-to-right isolate, or a card's face) is left out.
ASCII_NUMBERS = """
() => {
  const places = '.flash, [data-testid="refusal"] li, .rules-card ul li, .rules-card .house-rules dt';
  const cards = '.ltr, .mini-card';
  const found = [];
  for (const place of document.querySelectorAll(places)) {
    const walker = document.createTreeWalker(place, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      const node = walker.currentNode;
      if (!node.parentElement.closest(cards) && /[0-9]/.test(node.textContent)) found.push(node.textContent.trim());
    }
  }
  const share = document.querySelector('[data-testid="share-text"]');
  if (share && /[0-9]/.test(share.value)) found.push(share.value);
  const axes = Array.from(document.querySelectorAll('svg text'), (label) => label.textContent.trim());
  if (axes.some((label) => /[0-9]/.test(label))) found.push(`the chart's axes: ${axes.join(' ')}`);
  return found;
}
"""
LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z_'’-]*[A-Za-z]")


def english_left(page: Page) -> list[str]:
    """English on the page: a word of ENGLISH, or any Latin-script word but LATIN_ALLOWED, with its text."""
    found = []
    for text in dict.fromkeys(page.evaluate(PAGE_TEXTS)):
        words = [w for w in ENGLISH if re.search(rf"(?<![A-Za-z]){w}(?![A-Za-z])", text)]
        rest = text
        for allowed in LATIN_ALLOWED:
            rest = re.sub(rf"(?<![A-Za-z]){re.escape(allowed)}(?![A-Za-z])", " ", rest)
        words += [w for w in LATIN_WORD.findall(rest) if w not in words]
        found += [f"{word!r} in {text[:70]!r}" for word in words]
    return found


@dataclass(frozen=True)
class Tongue:
    """A language's words the test looks for, as its catalogue (translations/<code>) writes them."""

    code: str
    players: tuple[str, str, str, str]
    digits: str
    deal_of: str  # "Deal %(num)d of %(total)d" with {n} and {total}
    end_of: str  # "End deal %(num)d" with {n}
    live: str
    out: str
    laid_down: str
    pure: str  # the word for "pure" in the pure trío the first contract asks for
    one_turn: str  # deal 7's contract: go out in one turn

    def num(self, value: int) -> str:
        """``value`` in this language's digits."""
        return str(value).translate(str.maketrans("0123456789", self.digits))

    def deal(self, number: int) -> str:
        return self.deal_of.format(n=self.num(number), total=self.num(7))

    def end_deal(self, number: int) -> str:
        return self.end_of.format(n=self.num(number))

    def typing(self, text: str) -> str:
        """Points as this test types them: Persian keeps the script's Persian and Arabic-Indic digits, Japanese
        types them all in ASCII."""
        return text if self.code == "fa" else text.translate(TO_ASCII)


PERSIAN = Tongue(
    code="fa",
    players=("مریم", "علی", "سارا", "رضا"),
    digits=PERSIAN_DIGITS,
    deal_of="دست {n} از {total}",
    end_of="پایان دست {n}",
    live="زنده",
    out="بیرون",
    laid_down="زمین گذاشته",
    pure="خالص",
    one_turn="بیرون رفتن در یک نوبت",
)
JAPANESE = Tongue(
    code="ja",
    players=("花子", "太郎", "次郎", "桜"),
    digits="0123456789",
    deal_of="第{n}ディール（全{total}）",
    end_of="第{n}ディールを終了",
    live="ライブ",
    out="上がり",
    laid_down="メルド済み",
    pure="純粋",
    one_turn="1ターンで上がる",
)

#: Deals 3 to 6 and 7, typed: who went out (a seat) and the points of the others, as typed in Persian.
TYPED_DEALS: list[tuple[int, dict[int, str]]] = [
    (3, {0: "10", 1: "۲۵", 2: "5"}),
    (0, {1: "۳۰", 2: "12", 3: "۸"}),
    (1, {0: "15", 2: "۲۰", 3: "40"}),
    (2, {0: "۷", 1: "9", 3: "۱۱"}),
]
LAST_DEAL: tuple[int, dict[int, str]] = (0, {1: "14", 2: "۲۲", 3: "٣"})  # ٣: an Arabic-Indic three
# Worked out by hand (Venezuela's card values, docs/rules.md §11.1: 2–9 face value, 10–K 10, ace 11, joker 15):
#   deal 1 (keypad, seat 1 out): seat 0 Q 9 JK 4 = 10+9+15+4 = 38, seat 2 A 10 6 = 11+10+6 = 27, seat 3 5 5 3 = 13
#   deal 2 (keypad, seat 2 out): seat 0 2 2 A = 15, seat 1 K Q = 20 (corrected to 12 later), seat 3 JK 7 = 22
#   seat 0: 38 + 15 + 10 + 0 + 15 + 7 + 0 = 85
#   seat 1:  0 + 12 + 25 + 30 + 0 + 9 + 14 = 90   (84 after deal 6 before the correction: 20 instead of 12)
#   seat 2: 27 + 0 + 5 + 12 + 20 + 0 + 22 = 86
#   seat 3: 13 + 22 + 0 + 8 + 40 + 11 + 3 = 97
FINAL_TOTALS = (85, 90, 86, 97)


class Screens:
    """Takes each screen's screenshot (Persian: light and dark), noting any English left on it, whether it
    scrolls sideways and (Persian) any number written in ASCII digits; :meth:`check` asserts at the end that
    nothing was noted, so that one run lists every screen's problems."""

    def __init__(self, tongue: Tongue, take: Shot) -> None:
        self.tongue = tongue
        self.take = take
        self.problems: list[str] = []

    def __call__(self, page: Page, name: str) -> None:
        page.wait_for_load_state()
        self.problems += [f"{name}: English left, {found}" for found in english_left(page)]
        width = page.evaluate("document.documentElement.scrollWidth")
        if width > PHONE["width"]:
            self.problems.append(f"{name}: scrolls sideways ({width}px)")
        if self.tongue.code == "fa":
            self.problems += [f"{name}: ASCII digits in {text[:70]!r}" for text in page.evaluate(ASCII_NUMBERS)]
        self.take(page, f"{self.tongue.code}-{name}")
        if self.tongue.code == "fa":
            page.emulate_media(color_scheme="dark")
            self.take(page, f"fa-{name}-dark")
            page.emulate_media(color_scheme="light")

    def check(self) -> None:
        assert self.problems == [], "\n".join(self.problems)


def in_language(page: Page, live_server: LiveServer, tongue: Tongue) -> None:
    page.context.add_cookies([{"name": "lang", "value": tongue.code, "url": live_server.url}])


def local_number(locator: Locator, tongue: Tongue) -> int:
    """The number a cell shows, after checking it is written in the language's digits only."""
    text = locator.inner_text().strip()
    assert re.fullmatch(f"[{tongue.digits}]+", text), f"{text!r} is not in {tongue.code}'s digits"
    return int(text.translate(TO_ASCII))


def end_typed(page: Page, tongue: Tongue, went_out: str, typed: dict[str, str]) -> None:
    """End the deal with the points typed (as given); the preview shows them in the language's digits."""
    page.get_by_test_id("end-deal").click()
    page.get_by_test_id(f"out-{went_out}").check()
    for name, text in typed.items():
        page.get_by_test_id(f"typed-{name}").fill(text)
    page.get_by_test_id("preview-button").click()
    for name, text in typed.items():
        expect(page.get_by_test_id(f"preview-points-{name}")).to_have_text(tongue.num(int(text.translate(TO_ASCII))))
    page.get_by_test_id("confirm").click()


def end_on_keypad(
    page: Page, tongue: Tongue, went_out: str, keys: dict[str, list[str]], points: dict[str, int]
) -> None:
    """End the deal on the card keypad, player after player; each hand's points and the preview in the
    language's digits."""
    page.get_by_test_id("end-deal").click()
    page.get_by_test_id(f"out-{went_out}").check()
    for name, cards in keys.items():
        page.get_by_test_id(f"select-{name}").click()
        for key in cards:
            page.get_by_test_id(f"key-{key}").click()
        expect(page.get_by_test_id(f"points-{name}")).to_have_text(tongue.num(points[name]))
    page.get_by_test_id("preview-button").click()
    for name, value in points.items():
        expect(page.get_by_test_id(f"preview-points-{name}")).to_have_text(tongue.num(value))
    page.get_by_test_id("confirm").click()


@pytest.mark.parametrize("tongue", [PERSIAN, JAPANESE], ids=lambda t: t.code)
def test_a_whole_telefunken_game_in_the_language(
    page: Page, viewer: Page, live_server: LiveServer, screenshot: Shot, tmp_path: Path, tongue: Tongue
) -> None:
    shot = Screens(tongue, screenshot)
    p0, p1, p2, p3 = tongue.players
    n = tongue.num
    in_language(page, live_server, tongue)
    in_language(viewer, live_server, tongue)

    # ---- a new game, and the players' phone opens the view link -------------------------------------------
    page.goto("/games/new")
    expect(page.locator("html")).to_have_attribute("lang", tongue.code)
    expect(page.locator("html")).to_have_attribute("dir", "rtl" if tongue.code == "fa" else "ltr")
    shot(page, "01-new")
    view_path = create_game(page, "telefunken", list(tongue.players))
    shot(page, "02-share")
    page.get_by_test_id("start-deal").click()

    viewer.goto(view_path)
    expect(viewer.get_by_test_id("deal-heading")).to_have_text(tongue.deal(1))
    expect(viewer.get_by_test_id("live-status")).to_have_text(tongue.live)
    viewer.get_by_test_id("me-select").select_option(p2)
    viewer.get_by_test_id("me-submit").click()
    expect(viewer.get_by_test_id(f"total-{p2}")).to_have_class("me")
    expect(viewer.get_by_test_id("live-status")).to_have_text(tongue.live)
    shot(viewer, "v1-start")

    # ---- deal 1: exact cut, buys (one refused), a contract refused then accepted, the keypad -------------------
    expect(page.get_by_test_id("deal-title")).to_have_text(tongue.deal(1))
    expect(page.get_by_test_id("cutter")).to_have_text(p3)
    shot(page, "03-deal")
    page.get_by_test_id("exact-cut").click()
    expect(page.get_by_test_id(f"chips-{p3}")).to_have_text(n(8))  # 7 chips, and one for the exact cut
    expect(viewer.get_by_test_id(f"chips-{p3}")).to_have_text(n(8), timeout=LIVE)

    page.get_by_test_id(f"buy-player-{p1}").check()
    page.get_by_test_id("buy").click()
    expect(page.get_by_test_id(f"chips-{p1}")).to_have_text(n(6))  # 7, one paid for the buy
    expect(viewer.get_by_test_id(f"chips-{p1}")).to_have_text(n(6), timeout=LIVE)

    # The first contract is a pure trío: a joker in it is refused, and the reason is in the language.
    page.get_by_test_id(f"laid-player-{p2}").check()
    page.get_by_test_id("melds").fill("7♥ 7♠ JK")
    page.get_by_test_id("laid-down").click()
    expect(page.get_by_test_id("refusal")).to_be_visible()
    expect(page.get_by_test_id("refusal")).to_contain_text(tongue.pure)
    shot(page, "04-contract-refused")

    # Laid again on the deal screen's card keypad: its suit keys are the symbols, the cards show left to right.
    page.get_by_test_id(f"laid-player-{p2}").check()
    melds = page.get_by_test_id("melds")
    melds.fill("")
    melds.focus()
    for suit, symbol in (("S", "♠"), ("H", "♥"), ("D", "♦"), ("C", "♣")):
        expect(page.get_by_test_id(f"melds-key-{suit}")).to_have_text(symbol)
    for key in ("7", "H", "7", "S", "7", "D"):
        page.get_by_test_id(f"melds-key-{key}").click()
    cards = page.locator('[data-preview-for="melds"] .mini-card')
    expect(cards).to_have_text(["7♥", "7♠", "7♦"])
    lefts = [box["x"] for box in (cards.nth(i).bounding_box() for i in range(3)) if box]
    assert lefts == sorted(lefts), f"the cards are not left to right: {lefts}"
    assert len(lefts) == 3, f"the cards are not left to right: {lefts}"
    shot(page, "05-contract-keypad")
    page.get_by_test_id("laid-down").click()
    expect(page.get_by_test_id(f"melded-{p2}")).to_be_visible()
    expect(viewer.get_by_test_id(f"total-{p2}")).to_contain_text(tongue.laid_down, timeout=LIVE)

    # p2 has laid down: Telefunken allows no buying after that, and the referee says so.
    page.get_by_test_id(f"buy-player-{p2}").check()
    page.get_by_test_id("buy").click()
    expect(page.get_by_test_id("refusal")).to_contain_text(p2)
    shot(page, "06-buy-refused")
    page.goto(page.url.split("/buy")[0])  # back to the deal screen without overriding
    expect(page.get_by_test_id(f"chips-{p2}")).to_have_text(n(7))
    expect(viewer.get_by_test_id(f"chips-{p2}")).to_have_text(n(7))

    page.get_by_test_id("end-deal").click()
    expect(page.get_by_test_id("end-title")).to_have_text(tongue.end_deal(1))
    shot(page, "07-end")
    page.get_by_test_id("nav-deal").click()
    end_on_keypad(
        page, tongue, p1,
        {p0: ["Q", "9", "JK", "4"], p2: ["A", "T", "6"], p3: ["5", "5", "3"]},
        {p0: 38, p2: 27, p3: 13},
    )
    expect(page.get_by_test_id("deal-title")).to_have_text(tongue.deal(2))
    expect(viewer.get_by_test_id("deal-heading")).to_have_text(tongue.deal(2), timeout=LIVE)
    expect(viewer.get_by_test_id(f"total-points-{p0}")).to_have_text(n(38))
    expect(viewer.get_by_test_id(f"cell-1-{p1}")).to_have_text(tongue.out)
    shot(viewer, "v2-deal-1")

    # ---- deal 2 on the keypad, deals 3 to 6 typed -------------------------------------------------------------
    end_on_keypad(page, tongue, p2, {p0: ["2", "2", "A"], p1: ["K", "Q"], p3: ["JK", "7"]}, {p0: 15, p1: 20, p3: 22})
    expect(viewer.get_by_test_id(f"total-points-{p3}")).to_have_text(n(13 + 22), timeout=LIVE)
    # The README's picture of the deal screen in this language: the phone's screen, the action bar at its foot.
    capture(page, path=SCREENSHOTS / f"readme-deal-{tongue.code}.png")
    for number, (out, typed) in enumerate(TYPED_DEALS, start=3):
        end_typed(page, tongue, tongue.players[out], {tongue.players[s]: tongue.typing(t) for s, t in typed.items()})
        expect(page.get_by_test_id("deal-title")).to_have_text(tongue.deal(number + 1))
        expect(viewer.get_by_test_id("deal-heading")).to_have_text(tongue.deal(number + 1), timeout=LIVE)
    expect(viewer.get_by_test_id(f"total-points-{p1}")).to_have_text(n(20 + 25 + 30 + 9))
    expect(viewer.get_by_test_id("contract")).to_contain_text(tongue.one_turn)

    # ---- a past deal corrected: p1 had 12, not 20, in deal 2 -------------------------------------------------
    page.get_by_test_id("sheet-link").click()
    expect(page.get_by_test_id(f"cell-6-{p2}")).to_be_visible()
    shot(page, "08-sheet")
    page.get_by_test_id("correct-2").click()
    page.get_by_test_id(f"typed-{p1}").fill(tongue.typing("۱۲"))
    page.get_by_test_id("preview-button").click()
    expect(page.get_by_test_id(f"preview-points-{p1}")).to_have_text(n(12))
    shot(page, "09-correct")
    page.get_by_test_id("confirm").click()
    expect(page.get_by_test_id("corrected-2")).to_be_visible()
    expect(viewer.get_by_test_id("corrected-2")).to_be_visible(timeout=LIVE)
    expect(viewer.get_by_test_id(f"cell-2-{p1}")).to_have_text(n(12))
    expect(viewer.get_by_test_id(f"total-points-{p1}")).to_have_text(n(12 + 25 + 30 + 9))
    shot(viewer, "v3-corrected")
    capture(viewer, path=SCREENSHOTS / f"readme-viewer-{tongue.code}.png", full_page=True, clip=README_CLIP)

    # ---- deal 7, typed; the game is over -------------------------------------------------------------------
    page.get_by_test_id("nav-deal").click()
    out, typed = LAST_DEAL
    end_typed(page, tongue, tongue.players[out], {tongue.players[s]: tongue.typing(t) for s, t in typed.items()})
    expect(page.get_by_test_id("over-title")).to_be_visible()
    expect(page.get_by_test_id("winner")).to_contain_text(p0)
    assert [local_number(page.get_by_test_id(f"final-total-{name}"), tongue) for name in tongue.players] == list(
        FINAL_TOTALS
    )
    shot(page, "10-over")
    expect(viewer.get_by_test_id("game-over")).to_be_visible(timeout=LIVE)
    assert [local_number(viewer.get_by_test_id(f"total-points-{name}"), tongue) for name in tongue.players] == list(
        FINAL_TOTALS
    )
    shot(viewer, "v4-over")

    # The final sheet: each player's total in the language's digits, as worked out by hand.
    page.goto(page.url.removesuffix("/over") + "/sheet")
    assert [local_number(page.get_by_test_id(f"sheet-total-{name}"), tongue) for name in tongue.players] == list(
        FINAL_TOTALS
    )
    shot(page, "11-final-sheet")

    # ---- exported: the file replays to the same totals --------------------------------------------------------
    with page.expect_download() as download:
        page.get_by_test_id("export-json").click()
    path = tmp_path / "game.json"
    download.value.save_as(path)
    state = replay(exchange.import_game(json.loads(path.read_text(encoding="utf-8"))))
    assert state.sheet.totals == dict(zip(tongue.players, FINAL_TOTALS, strict=True))
    assert state.finished

    # The rules card, from the viewer, in the language.
    viewer.get_by_test_id("rules-link").click()
    expect(viewer.get_by_test_id("rules-deal-7")).to_contain_text(tongue.one_turn)
    shot(viewer, "v5-rules")
    shot.check()
