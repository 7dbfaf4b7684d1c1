"""A whole game of each Persian game the other file does not play whole, start to finish at 390×844: Shelem in
Persian, Shelem for two in Japanese, Qahve, Bi-del, Rim, and the tally games ended by the scorekeeper. After
every hand the totals and who deals (or which way the cards pass) are checked against sums worked out by hand
here, and at the end the winner. Screens are screenshotted into tests/screenshots/persian-*.png.
"""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.tiers import full_only, quick

from .test_persian_games import Shot, Taps, create, fa

FOUR = ["Ana", "Bahram", "Cyrus", "Dara"]  # team A: Ana & Cyrus; team B: Bahram & Dara


def fits(page: Page) -> None:
    """The page fits the phone's width: nothing to scroll sideways."""
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def set_language(page: Page, lang: str) -> None:
    page.goto("/")
    page.context.add_cookies([{"name": "lang", "value": lang, "url": page.url}])


@quick
def test_a_shelem_game_in_persian(page: Page, screenshot: Shot) -> None:
    set_language(page, "fa")
    players = ["آنا", "بهرام", "کوروش", "دارا"]  # team الف: آنا و کوروش; team ب: بهرام و دارا
    create(page, "shelem", players, first=0, options={"target": "330"})
    taps = Taps(page)
    # (ruler, bid, the ruler's team's points; A and B after the hand; who deals and who bids first next)
    hands = [
        (0, 100, 120, 120, 45, "بهرام", "کوروش"),   # A made 100 with 120: +120; B took the other 45
        (1, 110, 110, 175, 155, "کوروش", "دارا"),  # B made 110 exactly: +110; A took 55
    ]
    expect(page.get_by_test_id("dealer")).to_have_text("آنا")
    expect(page.get_by_test_id("first-bidder")).to_have_text("بهرام")
    for ruler, bid, points, a, b, dealer, first in hands:
        for testid in (f"ruler-{ruler}", f"bid-{bid}", f"points-{points}", "record"):
            taps.tap(testid)
        assert taps.take() == 4
        expect(page.get_by_test_id("total-a")).to_have_text(fa(a))
        expect(page.get_by_test_id("total-b")).to_have_text(fa(b))
        expect(page.get_by_test_id("dealer")).to_have_text(dealer)
        expect(page.get_by_test_id("first-bidder")).to_have_text(first)
    screenshot(page, "persian-shelem-fa-hand-3")
    fits(page)
    # A's 150 made with 160 takes it to 335, past 330; B takes the other 5, to 160.
    for testid in ("ruler-2", "bid-150", "points-160", "record"):
        taps.tap(testid)
    expect(page.get_by_test_id("winner")).to_contain_text("آنا")
    expect(page.get_by_test_id("winner")).to_contain_text("کوروش")
    expect(page.get_by_test_id("a-3")).to_have_text(fa(335))
    expect(page.get_by_test_id("b-3")).to_have_text(fa(160))
    fits(page)
    screenshot(page, "persian-shelem-fa-sheet")
    # The rules card, in the games' own words: yasa, shelem, the bids.
    page.get_by_test_id("rules-link").click()
    expect(page.get_by_test_id("rules-card")).to_contain_text("یاسا")
    expect(page.get_by_test_id("rules-card")).to_contain_text(fa(330))
    fits(page)
    screenshot(page, "persian-shelem-fa-rules")


@full_only  # the quick run replays the Shelem game and the misdeal; the full run every game
def test_a_game_of_shelem_for_two_in_japanese(page: Page, screenshot: Shot) -> None:
    set_language(page, "ja")
    create(page, "shelem-two", ["Aki", "Ben"], first=0, options={"target": "330"})
    expect(page.locator("html")).to_have_attribute("lang", "ja")
    expect(page.get_by_test_id("dealer")).to_have_text("Aki")
    expect(page.get_by_test_id("first-bidder")).to_have_text("Ben")  # the non-dealer bids first
    taps = Taps(page)
    # Ben made 120 with 125: +125; Aki took 40. The deal goes to Ben; Aki bids first.
    for testid in ("ruler-1", "bid-120", "points-125", "record"):
        taps.tap(testid)
    assert taps.take() == 4
    expect(page.get_by_test_id("total-0")).to_have_text("40")
    expect(page.get_by_test_id("total-1")).to_have_text("125")
    expect(page.get_by_test_id("dealer")).to_have_text("Ben")
    expect(page.get_by_test_id("first-bidder")).to_have_text("Aki")
    screenshot(page, "persian-shelem-two-ja-hand-2")
    fits(page)
    # Aki's shelem (all 165): +330, to 370; Ben takes nothing, 125. Aki passes 330 and wins.
    for testid in ("ruler-0", "bid-150", "points-165", "record"):
        taps.tap(testid)
    expect(page.get_by_test_id("winner")).to_contain_text("Aki")
    expect(page.get_by_test_id("a-2")).to_have_text("370")
    expect(page.get_by_test_id("b-2")).to_have_text("125")
    fits(page)
    screenshot(page, "persian-shelem-two-ja-sheet")


@full_only  # the quick run replays the Shelem game and the misdeal; the full run every game
def test_a_qahve_game_to_501(page: Page, screenshot: Shot) -> None:
    create(page, "qahve", FOUR, first=0, options={"target": "501"})
    taps = Taps(page)
    a_wins, b_wins, even = (6, 2, 6, 2), (2, 6, 2, 6), (6, 6, 6, 6)
    # (the bids by seat, the tricks team A took; A and B after the hand; the dealer of the next hand)
    # A team scores 10 a trick bid and 1 a trick over when it makes its bid, −10 a trick bid when not. The dealer
    # keeps the deal until their team is ahead; a tie is not ahead.
    hands = [
        (a_wins, 12, 120, -40, "Bahram"),   # A bid 12 took 12: 120; B bid 4 took 1: −40. Ana's team ahead.
        (b_wins, 1, 80, 80, "Bahram"),      # A bid 4 took 1: −40; B bid 12 took 12: +120. A tie: Bahram keeps it.
        (b_wins, 0, 40, 201, "Cyrus"),      # B bid 12 took 13: +121; A −40. Bahram's team ahead: to Cyrus.
        (a_wins, 13, 161, 161, "Cyrus"),    # A 12 took 13: +121; B −40. A tie: Cyrus keeps it.
        (even, 13, 282, 41, "Dara"),        # A +121; B bid 12 took 0: −120. Cyrus's team ahead: to Dara.
        (a_wins, 13, 403, 1, "Dara"),       # A +121; B −40. Dara's team behind: Dara keeps it.
    ]
    expect(page.get_by_test_id("dealer")).to_have_text("Ana")
    for bids, tricks, a, b, dealer in hands:
        for seat, bid in enumerate(bids):
            taps.tap(f"bid-{seat}-{bid}")
        taps.tap(f"tricks-{tricks}")
        taps.tap("record")
        assert taps.take() == 6
        expect(page.get_by_test_id("total-a")).to_have_text(str(a))
        expect(page.get_by_test_id("total-b")).to_have_text(str(b))
        expect(page.get_by_test_id("dealer")).to_have_text(dealer)
    screenshot(page, "persian-qahve-hand-7")
    fits(page)
    # A's +121 takes it to 524, past 501; B −40, to −39.
    for seat, bid in enumerate(a_wins):
        taps.tap(f"bid-{seat}-{bid}")
    taps.tap("tricks-13")
    taps.tap("record")
    expect(page.get_by_test_id("winner")).to_have_text("Ana & Cyrus won the game.")
    expect(page.get_by_test_id("a-7")).to_have_text("524")
    expect(page.get_by_test_id("b-7")).to_have_text("-39")
    fits(page)
    screenshot(page, "persian-qahve-sheet")


@full_only  # the quick run replays the Shelem game and the misdeal; the full run every game
def test_a_bi_del_game_to_the_limit_of_100(page: Page, screenshot: Shot) -> None:
    create(page, "bi-del", FOUR, first=0, options={"limit": "100"})
    taps = Taps(page)
    # (the hearts tapped by seat — the zeros are already chosen —, who took Q♠; the totals after; the next pass)
    hands = [
        ({0: 13}, 0, (0, 26, 26, 26), "left"),       # Ana shot the moon: 0 to her, 26 to each other
        ({0: 5, 1: 8}, 2, (5, 34, 39, 26), "across"),
        ({1: 13}, 3, (5, 47, 39, 39), "none"),       # 13 hearts without Q♠ is no moon
        ({2: 13}, 1, (5, 60, 52, 39), "right"),      # the fifth hand starts the cycle again
        ({3: 13}, 1, (5, 73, 52, 52), "left"),
        ({1: 13}, 1, (31, 73, 78, 78), "across"),    # Bahram shot the moon
    ]
    words = {"right": "3 cards to the right", "left": "3 cards to the left", "across": "3 cards across",
             "none": "no passing this hand"}
    expect(page.get_by_test_id("passing")).to_have_text(words["right"])
    for hearts, queen, totals, passing in hands:
        for seat, count in hearts.items():
            taps.tap(f"hearts-{seat}-{count}")
        taps.tap(f"queen-{queen}")
        taps.tap("record")
        assert taps.take() <= 10
        for seat, total in enumerate(totals):
            expect(page.get_by_test_id(f"total-{seat}")).to_have_text(str(total))
        expect(page.get_by_test_id("passing")).to_have_text(words[passing])
    screenshot(page, "persian-bidel-hand-7")
    fits(page)
    # Cyrus shoots the moon: 57, 99, 78, 104. Dara reaches 100 and loses; the lowest total, Ana's 57, wins.
    for testid in ("hearts-2-13", "queen-2", "record"):
        taps.tap(testid)
    expect(page.get_by_test_id("winner")).to_have_text("Ana won the game.")
    for seat, total in enumerate((57, 99, 78, 104)):
        expect(page.get_by_test_id(f"t-7-{seat}")).to_have_text(str(total))
    fits(page)
    screenshot(page, "persian-bidel-sheet")


@full_only  # the quick run replays the Shelem game and the misdeal; the full run every game
def test_a_rim_game_to_50_on_the_card_keypad(page: Page, screenshot: Shot) -> None:
    create(page, "rim", ["Ana", "Bahram"], first=0, options={"target": "50"})
    taps = Taps(page)

    def cards(*faces: tuple[str, str]) -> None:
        """The loser's cards on the keypad: it types into the field without a tap on it first."""
        for rank, suit in faces:
            taps.tap(f"rim-key-{rank}")
            taps.tap(f"rim-key-{suit}")

    expect(page.get_by_test_id("dealer")).to_have_text("Ana")
    # Bahram goes out; Ana's A♠ K♥ 5♦ J♣: 14 + 13 + 5 + 10 = 42.
    taps.tap("winner-1")
    cards(("A", "S"), ("K", "H"), ("5", "D"), ("J", "C"))
    taps.tap("record")
    assert taps.take() == 10  # who went out, two keys a card, record
    expect(page.get_by_test_id("total-1")).to_have_text("42")
    expect(page.get_by_test_id("dealer")).to_have_text("Bahram")  # the players deal in turn
    # The stock runs out: nothing scored, but it was a deal.
    taps.tap("stock-out")
    expect(page.get_by_test_id("total-0")).to_have_text("0")
    expect(page.get_by_test_id("dealer")).to_have_text("Ana")
    # Ana goes out; Bahram's Q♦ 3♣: 12 + 3 = 15.
    taps.tap("winner-0")
    cards(("Q", "D"), ("3", "C"))
    screenshot(page, "persian-rim-hand-3")
    taps.tap("record")
    expect(page.get_by_test_id("total-0")).to_have_text("15")
    expect(page.get_by_test_id("dealer")).to_have_text("Bahram")
    fits(page)
    # Bahram goes out; Ana's 4♠ 5♠: 9, to 51, past 50.
    taps.tap("winner-1")
    cards(("4", "S"), ("5", "S"))
    taps.tap("record")
    expect(page.get_by_test_id("winner")).to_have_text("Bahram won the game.")
    expect(page.get_by_test_id("t-4-1")).to_have_text("51")
    expect(page.get_by_test_id("t-4-0")).to_have_text("15")
    fits(page)
    screenshot(page, "persian-rim-sheet")


def tap_tallies(page: Page, seats: tuple[int, ...]) -> None:
    """One tap a hand on who lost (or won) it, each once the last is on the screen, as a scorekeeper taps after
    each hand (the page's script sends a tap and shows the new sheet; a tap meanwhile waits its turn)."""
    counts: dict[int, int] = {}
    for seat in seats:
        counts[seat] = counts.get(seat, 0) + 1
        page.get_by_test_id(f"tally-{seat}").click()
        expect(page.get_by_test_id(f"total-{seat}")).to_have_text(str(counts[seat]))


@full_only  # the quick run replays the Shelem game and the misdeal; the full run every game
def test_the_tally_games_end_when_the_scorekeeper_ends_them(page: Page, screenshot: Shot) -> None:
    # Old Maid: who is left with the joker loses the hand; the fewest losses lead.
    create(page, "shaytan", ["Ana", "Bahram", "Cyrus"], first=0, options={})
    tap_tallies(page, (1, 2, 1))
    expect(page.get_by_test_id("total-1")).to_have_text("2")
    expect(page.get_by_test_id("total-2")).to_have_text("1")
    expect(page.get_by_test_id("total-0")).to_have_text("0")
    expect(page.get_by_test_id("dealer")).to_have_count(0)  # nobody's turn to deal is kept
    page.get_by_test_id("table-tools").scroll_into_view_if_needed()
    screenshot(page, "persian-shaytan-end")
    page.get_by_test_id("end-game").click()
    expect(page.get_by_test_id("winner")).to_have_text("Ana won the game.")
    fits(page)
    screenshot(page, "persian-shaytan-sheet")
    # Bluff: the first to empty their hand wins it; the most wins lead.
    create(page, "bluff", ["Ana", "Bahram", "Cyrus", "Dara", "Ehsan"], first=0, options={})
    tap_tallies(page, (2, 4, 2))
    expect(page.get_by_test_id("total-2")).to_have_text("2")
    expect(page.get_by_test_id("total-4")).to_have_text("1")
    page.get_by_test_id("end-reason").fill("bedtime")
    page.get_by_test_id("end-game").click()
    expect(page.get_by_test_id("winner")).to_have_text("Cyrus won the game.")
    fits(page)


def test_a_misdeal_a_rename_and_a_game_stopped(page: Page, screenshot: Shot) -> None:
    create(page, "hokm", FOUR, first=0, options={"rounds": "1"})
    page.get_by_test_id("won-a-3").click()
    expect(page.get_by_test_id("total-a")).to_have_text("1")
    page.get_by_test_id("redeal").click()
    expect(page.get_by_test_id("flash")).to_have_text("Hand 2 is dealt again by Bahram: nothing scored.")
    expect(page.get_by_test_id("hand-title")).to_have_text("Hand 2")
    expect(page.get_by_test_id("dealer")).to_have_text("Bahram")
    page.get_by_test_id("players-link").click()
    page.get_by_test_id("rename-0").fill("Anahita")
    page.get_by_test_id("rename-button-0").click()
    expect(page.locator(".flash")).to_contain_text("Ana is now called Anahita.")
    fits(page)
    screenshot(page, "persian-names")
    page.get_by_test_id("back-to-hand").click()
    expect(page.get_by_test_id("ruler")).to_have_text("Anahita")
    page.get_by_test_id("end-summary").click()
    screenshot(page, "persian-hokm-tools")
    page.get_by_test_id("end-game").click()
    expect(page.get_by_test_id("winner")).to_have_text("The game was ended before anyone won it.")
    expect(page.locator("[data-testid^=sheet-row-]")).to_have_count(1)  # the redeal scored nothing
    fits(page)
