"""A whole Hokm match in Persian and a whole Shelem game at phone size (390×844), entered the way a scorekeeper
taps them: the totals, the ruler's and the dealer's turn and the winner checked after every hand against sums
worked out by hand here, and the taps each hand took counted. Every screen is screenshotted into
tests/screenshots/persian-*.png for a person to look at.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect

Shot = Callable[[Page, str], Path]

PERSIAN_DIGITS = "۰۱۲۳۴۵۶۷۸۹"


def fa(number: int) -> str:
    """A number as a Persian page writes it (a minus sign would need Babel's; these totals are not negative)."""
    return "".join(PERSIAN_DIGITS[int(d)] for d in str(number))


def create(page: Page, variant: str, players: list[str], first: int, options: dict[str, str]) -> str:
    """Fill the new-game form and create the game; the page ends on the game's hand screen. The players' link
    (the share page's) is returned."""
    page.goto(f"/games/persian/new?variant={variant}")
    for index, name in enumerate(players):
        if not page.get_by_test_id(f"player-{index}").count():
            page.get_by_test_id("add-player").click()  # a seat more (the form starts with the game's fewest)
        page.get_by_test_id(f"player-{index}").fill(name)
    page.get_by_test_id("first").select_option(str(first))
    for name, value in options.items():
        page.get_by_test_id(f"option-option_{name}-{value}").check()
    page.get_by_test_id("create-game").click()
    expect(page).to_have_url(re.compile(r"/g/[^/]+/share\?new=1$"))
    view_url = page.get_by_test_id("view-url").get_attribute("href") or ""
    page.goto(page.url.split("/share")[0])
    return view_url


class Taps:
    """Counts the taps a hand takes: every click goes through :meth:`tap`."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.count = 0

    def tap(self, testid: str) -> None:
        self.page.get_by_test_id(testid).click()
        self.count += 1

    def take(self) -> int:
        counted, self.count = self.count, 0
        return counted


def test_a_hokm_match_in_persian(page: Page, screenshot: Shot) -> None:
    page.goto("/")
    page.context.add_cookies([{"name": "lang", "value": "fa", "url": page.url}])
    players = ["علی", "سارا", "رضا", "مینا"]  # team A: علی و رضا; team B: سارا و مینا
    page.goto("/games/persian/new?variant=hokm")
    screenshot(page, "persian-hokm-new")
    create(page, "hokm", players, first=0, options={"rounds": "1"})
    expect(page.locator("html")).to_have_attribute("lang", "fa")
    expect(page.get_by_test_id("ruler")).to_have_text("علی")
    expect(page.get_by_test_id("dealer")).to_have_text("سارا")  # the ruler's right
    screenshot(page, "persian-hokm-hand-1")
    taps = Taps(page)
    # (the result tapped, team A's and team B's points in the round, the ruler and the dealer after the hand)
    hands = [
        ("won-a-3", 1, 0, "علی", "سارا"),    # the ruler's team wins 7–3: 1; the ruler stays
        ("won-b-0", 1, 3, "سارا", "رضا"),    # the other team 7–0, a ruler's kot: 3; the rule passes right
        ("won-b-0", 1, 5, "سارا", "رضا"),    # a kot by the ruler's team: 2
        ("won-a-5", 2, 5, "رضا", "مینا"),    # A wins 7–5: 1; the rule passes to رضا
        ("won-b-6", 2, 6, "مینا", "علی"),    # B wins 7–6: 1; the rule passes to مینا
    ]
    for testid, a, b, ruler, dealer in hands:
        taps.tap(testid)
        assert taps.take() == 1
        expect(page.get_by_test_id("total-a")).to_have_text(fa(a))
        expect(page.get_by_test_id("total-b")).to_have_text(fa(b))
        expect(page.get_by_test_id("ruler")).to_have_text(ruler)
        expect(page.get_by_test_id("dealer")).to_have_text(dealer)
    screenshot(page, "persian-hokm-hand-6")
    # B's seventh point wins the round, and the match (one round to win).
    taps.tap("won-b-2")
    expect(page.get_by_test_id("winner")).to_contain_text("سارا")
    expect(page.get_by_test_id("winner")).to_contain_text("مینا")
    expect(page.get_by_test_id("rounds-b")).to_have_text(fa(1))
    expect(page.get_by_test_id("rounds-a")).to_have_text(fa(0))
    expect(page.locator("[data-testid^=sheet-row-]")).to_have_count(6)
    expect(page.get_by_test_id("ruler-2")).to_have_text("علی")
    expect(page.get_by_test_id("ruler-6")).to_have_text("مینا")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(page, "persian-hokm-sheet")


def test_a_shelem_game_to_330(page: Page, viewer: Page, screenshot: Shot) -> None:
    players = ["Ana", "Bahram", "Cyrus", "Dara"]  # team A: Ana & Cyrus; team B: Bahram & Dara
    view_url = create(page, "shelem", players, first=0, options={"target": "330"})
    viewer.goto(view_url)
    expect(viewer.get_by_test_id("live-status")).to_have_attribute("data-state", "live")
    expect(page.get_by_test_id("dealer")).to_have_text("Ana")
    expect(page.get_by_test_id("first-bidder")).to_have_text("Bahram")
    screenshot(page, "persian-shelem-hand-1")
    taps = Taps(page)
    # The source's worked sheet (docs/table-games.md §2), then one more hand: B's 105 on a bid of 100 takes it
    # to 425, past 330; A takes the other 60, to 300. (ruler, bid, points, A, B, dealer and first bidder next)
    hands = [
        (0, 135, 130, -135, 35, "Bahram", "Cyrus"),   # A failed its bid: −135; B took the other 35
        (1, 125, 150, -120, 185, "Cyrus", "Dara"),   # B made 125 with 150: +150; A took 15
        (2, 150, 165, 210, 185, "Dara", "Ana"),      # a shelem: +330
        (3, 135, 135, 240, 320, "Ana", "Bahram"),    # B made its bid exactly; A took 30
    ]
    for ruler, bid, points, a, b, dealer, first in hands:
        taps.tap(f"ruler-{ruler}")
        taps.tap(f"bid-{bid}")
        taps.tap(f"points-{points}")
        taps.tap("record")
        assert taps.take() == 4
        expect(page.get_by_test_id("total-a")).to_have_text(str(a))
        expect(page.get_by_test_id("total-b")).to_have_text(str(b))
        expect(page.get_by_test_id("dealer")).to_have_text(dealer)
        expect(page.get_by_test_id("first-bidder")).to_have_text(first)
        # The players' phone follows without a reload.
        expect(viewer.get_by_test_id("board-total-a")).to_have_text(str(a))
        expect(viewer.get_by_test_id("board-total-b")).to_have_text(str(b))
    screenshot(page, "persian-shelem-hand-5")
    screenshot(viewer, "persian-shelem-viewer")
    for testid in ("ruler-1", "bid-100", "points-105", "record"):
        taps.tap(testid)
    expect(page.get_by_test_id("winner")).to_have_text("Bahram & Dara won the game.")
    expect(page.get_by_test_id("a-5")).to_have_text("300")
    expect(page.get_by_test_id("b-5")).to_have_text("425")
    expect(page.get_by_test_id("bid-3")).to_have_text("150 C shelem")
    expect(page.get_by_test_id("bid-1")).to_have_text("135 A failed")
    expect(viewer.get_by_test_id("winner")).to_have_text("Bahram & Dara won the game.")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(page, "persian-shelem-sheet")


def test_one_hand_of_each_other_game_and_its_taps(page: Page, screenshot: Shot) -> None:
    """Qahve, Bi-del, Rim and Old Maid: one hand each, its taps counted, its totals checked."""
    four = ["Ana", "Bahram", "Cyrus", "Dara"]
    taps = Taps(page)
    # Qahve: bids 3, 2, 3, 4 (A bids 6, B 6), A takes 8: A 62, B −60 (docs/table-games.md §3).
    create(page, "qahve", four, first=0, options={})
    for testid in ("bid-0-3", "bid-1-2", "bid-2-3", "bid-3-4", "tricks-8", "record"):
        taps.tap(testid)
    assert taps.take() == 6
    expect(page.get_by_test_id("total-a")).to_have_text("62")
    expect(page.get_by_test_id("total-b")).to_have_text("-60")
    screenshot(page, "persian-qahve-hand-2")
    # Bi-del: hearts 5, 0, 8, 0 (the zeros already chosen), Q♠ to Dara: 5, 0, 8, 13.
    create(page, "bi-del", four, first=0, options={})
    expect(page.get_by_test_id("passing")).to_have_text("3 cards to the right")
    screenshot(page, "persian-bidel-hand-1")
    for testid in ("hearts-0-5", "hearts-2-8", "queen-3", "record"):
        taps.tap(testid)
    assert taps.take() == 4
    for seat, total in enumerate((5, 0, 8, 13)):
        expect(page.get_by_test_id(f"total-{seat}")).to_have_text(str(total))
    expect(page.get_by_test_id("passing")).to_have_text("3 cards to the left")
    # Rim: Bahram goes out; Ana's A♠ K♥ 5♦ J♣ on the card keypad: 14 + 13 + 5 + 10 = 42.
    create(page, "rim", ["Ana", "Bahram"], first=0, options={})
    taps.tap("winner-1")
    for rank, suit in (("A", "S"), ("K", "H"), ("5", "D"), ("J", "C")):
        taps.tap(f"rim-key-{rank}")
        taps.tap(f"rim-key-{suit}")
    screenshot(page, "persian-rim-hand-1")
    taps.tap("record")
    assert taps.take() == 10  # who went out, two keys a card (the keypad types in the field unfocused), record
    expect(page.get_by_test_id("total-1")).to_have_text("42")
    # Old Maid: one tap a hand.
    create(page, "shaytan", ["Ana", "Bahram", "Cyrus"], first=0, options={})
    taps.tap("tally-1")
    assert taps.take() == 1
    expect(page.get_by_test_id("total-1")).to_have_text("1")
    screenshot(page, "persian-shaytan-hand-2")
