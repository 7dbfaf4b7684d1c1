"""Persian pages as HTML: written right to left, numbers a page shows in Persian digits while what a machine reads
(hidden inputs, links, test ids) keeps ASCII, players' names isolated, cards left to right, and the language menu.
The layout itself (what sits where) is tested in a browser: tests/browser/test_rtl.py."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient
from flask_babel import gettext

from referee.web.core.i18n import amount, number
from tests.games.rummy.web.table.test_table import Table, new_game, text_of
from tests.html_forms import Forms

#: Three scripts at one table: a name written left to right, one right to left, one in Japanese.
PLAYERS = ["Ana", "مریم", "太郎"]
ASCII_DIGIT = re.compile(r"[0-9]")
NUM_CELL = re.compile(r'<(td|th|span)\b[^>]*\bclass="[^"]*\bnum\b[^"]*"[^>]*>(.*?)</\1>', re.S)
TAG = re.compile(r"<[^>]+>")


def num_cells(html: str) -> list[str]:
    """The text of every number cell (class ``num``) of a page."""
    return [TAG.sub("", inner).strip() for _, inner in NUM_CELL.findall(html)]


@pytest.fixture
def persian(client: FlaskClient, app: Flask) -> Table:
    """A Telefunken game of three on a Persian phone, two deals ended.

    Deal 1: Ana goes out, مریم holds 10, 太郎 25. Deal 2: 太郎 goes out, Ana holds 7, مریم 14.
    Totals by hand: Ana 0 + 7 = 7, مریم 10 + 14 = 24, 太郎 25 + 0 = 25; places Ana 1, مریم 2, 太郎 3.
    """
    client.set_cookie("lang", "fa")
    table = new_game(client, app, PLAYERS)
    assert table.end_deal("Ana", {"مریم": "10", "太郎": "25"}).status_code == 303
    assert table.end_deal("太郎", {"Ana": "7", "مریم": "14"}).status_code == 303
    return table


def test_a_persian_page_is_written_right_to_left_the_others_left_to_right(client: FlaskClient) -> None:
    for language, direction in (("fa", "rtl"), ("en", "ltr"), ("es", "ltr"), ("ja", "ltr")):
        client.set_cookie("lang", language)
        assert f'<html lang="{language}" dir="{direction}">' in client.get("/").get_data(as_text=True)


def test_the_sheet_shows_persian_digits_and_keeps_ascii_where_a_machine_reads(persian: Table) -> None:
    html = persian.get("/sheet")
    assert 'data-testid="sheet-total-Ana">۷<' in html
    assert 'data-testid="sheet-total-مریم">۲۴<' in html
    assert 'data-testid="sheet-total-太郎">۲۵<' in html
    assert 'data-testid="sheet-rank-Ana">۱<' in html
    assert 'data-testid="sheet-rank-太郎">۳<' in html
    # A deal's points: مریم's 14 in deal 2, 太郎's 25 in deal 1.
    assert re.search(r'data-testid="cell-2-مریم">\s*۱۴</td>', html)
    assert re.search(r'data-testid="cell-1-太郎">\s*۲۵</td>', html)
    # The deal's number as a link: Persian to read, ASCII in the address and the test ids.
    assert f'href="/g/{persian.token}/deals/2/correct" data-testid="correct-2"' in html
    assert re.search(r'data-testid="correct-2"\s+aria-label="[^"]*">۲ ✎</a>', html)
    assert 'data-deal="2"' in html
    # Every number cell of the sheet and the standings: no ASCII digit left.
    cells = num_cells(html)
    assert len(cells) >= 3 * 2 + 3 + 3  # two deals, the totals, the places (and the standings' totals)
    assert [cell for cell in cells if ASCII_DIGIT.search(cell)] == []
    # The standings: place, name isolated, total.
    assert '<span class="rank">۱.</span> <bdi>Ana</bdi> <span class="num">۷</span>' in html


def test_forms_post_ascii_on_a_persian_page(persian: Table) -> None:
    end = persian.get("/end")
    fields = Forms(end).form("/end")
    assert fields["deal"] == "3"
    assert fields["expected_seq"].isascii()
    assert fields["expected_seq"].isdigit()
    assert re.search(r'<h1 data-testid="end-title">[^<]*۳[^<]*</h1>', end)
    # The keypad's keys post the card, not a Persian word or digit.
    assert re.search(r'name="key" value="A" class="key"\s+data-key="A" data-points="11"', end)
    # Card fields are written left to right inside the right-to-left page; typed points take Persian digits.
    assert re.search(r'class="hand-input" dir="ltr"', end)
    assert 'pattern="[0-9۰-۹٠-٩]*"' in end
    assert re.search(r'<textarea name="melds" id="melds"[^>]* dir="ltr"', persian.get())


def test_a_hand_is_shown_left_to_right_and_summed_in_persian_digits(persian: Table) -> None:
    data = persian.form("/end", "/end")
    data.update({"went_out": "Ana", "hands-1": "K 7", "points-2": "3", "preview": "1"})
    preview = text_of(persian.post("/end", data))
    # K counts 10 and 7 counts 7 in Telefunken (the engine's card values): مریم holds 17, 太郎 typed 3.
    assert '<bdi dir="ltr" class="ltr">۱۰ + ۷ = ۱۷</bdi>' in preview
    assert re.search(r'<bdi dir="ltr" class="ltr">K[^<]* 7[^<]*</bdi>', preview)
    assert 'data-testid="preview-points-مریم">۱۷<' in preview
    assert 'data-testid="preview-total-مریم">۴۱<' in preview  # 24 + 17
    assert 'data-testid="preview-total-太郎">۲۸<' in preview  # 25 + 3
    assert '<th scope="row"><bdi>مریم</bdi>' in preview


def test_the_viewer_and_the_deal_screen_in_persian(persian: Table, client: FlaskClient) -> None:
    deal = persian.get()
    assert 'data-testid="total-مریم">۲۴<' in deal
    assert '<bdi data-testid="dealer">' in deal  # the roles: each name isolated
    assert [cell for cell in num_cells(deal) if ASCII_DIGIT.search(cell)] == []
    view = re.search(r'href="[^"]*(/v/[^"]+)" data-testid="view-url"', persian.get("/share"))
    assert view
    board = client.get(view.group(1)).get_data(as_text=True)
    assert 'data-testid="total-points-太郎">۲۵<' in board
    assert "<bdi>مریم</bdi>" in board
    assert "<bdi>太郎</bdi>" in board
    assert [cell for cell in num_cells(board) if ASCII_DIGIT.search(cell)] == []
    # The deal-by-deal table's row names its deal in Persian, its test id in ASCII.
    assert re.search(r'data-testid="deal-row-1"[^>]*>\s*<th scope="row">۱', board)


def test_money_in_persian_digits_and_decimal_sign(client: FlaskClient, app: Flask) -> None:
    client.set_cookie("lang", "fa")
    table = new_game(client, app, PLAYERS, small_stake="1", large_stake="5")
    for _ in range(7):
        assert table.end_deal("Ana", {"مریم": "5", "太郎": "6"}).status_code == 303
    over = table.get("/over")
    # Ana wins all seven deals (7 × 1) and the game (5): 12; nobody else wins anything.
    assert 'data-testid="money-Ana">۱۲٫۰۰<' in over
    assert 'data-testid="money-مریم">۰٫۰۰<' in over
    # 7 deals × 5 and × 6.
    assert 'data-testid="final-total-مریم">۳۵<' in over
    assert 'data-testid="final-total-太郎">۴۲<' in over
    assert "<bdi>Ana</bdi>" in over
    assert [cell for cell in num_cells(over) if ASCII_DIGIT.search(cell)] == []


def test_payouts_keep_their_sign_before_the_persian_number(client: FlaskClient, app: Flask) -> None:
    client.set_cookie("lang", "fa")
    table = new_game(client, app, variant="progressive-rummy")
    for _ in range(15):
        assert table.end_deal("Ana", {"Beto": "5", "Caro": "10", "Dani": "15"}).status_code == 303
    over = table.get("/over")
    # As tests/games/rummy/web/table/test_table.py's English game: Ana +12.00, Dani -6.00; Persian's signs carry a
    # left-to-right mark.
    assert 'data-testid="payout-Ana">\u200e+۱۲٫۰۰<' in over
    assert 'data-testid="payout-Dani">\u200e−۶٫۰۰<' in over


def test_number_and_amount_write_the_sign_before_a_persian_number(app: Flask) -> None:
    with app.test_request_context("/", headers={"Cookie": "lang=fa"}):
        assert number(25, signed=True) == "\u200e+۲۵"
        assert number(-25, signed=True) == "\u200e−۲۵"
        assert number(1200) == "۱۲۰۰"
        assert amount(1.5) == "۱٫۵۰"
        assert amount(-1.5, signed=True) == "\u200e−۱٫۵۰"
        assert amount(2, signed=True) == "\u200e+۲٫۰۰"
    for language in ("en", "es", "ja"):
        with app.test_request_context("/", headers={"Cookie": f"lang={language}"}):
            assert number(25, signed=True) == "+25"
            assert number(-25, signed=True) == "-25"
            assert amount(1.5) == "1.50"
            assert amount(-1.5, signed=True) == "-1.50"
            assert amount(2, signed=True) == "+2.00"


def test_the_sheet_points_to_where_more_players_are(persian: Table, app: Flask) -> None:
    with app.test_request_context("/", headers={"Cookie": "lang=fa"}):
        left = gettext("More players to the left: swipe the sheet sideways ←")
        right = gettext("More players to the right: swipe the sheet sideways →")
    html = persian.get("/sheet")
    assert left in html
    assert right not in html
    persian.client.set_cookie("lang", "en")
    assert "More players to the right" in persian.get("/sheet")


def test_the_language_menu_lists_each_language_in_its_own_name(client: FlaskClient) -> None:
    client.set_cookie("lang", "fa")
    html = client.get("/rules").get_data(as_text=True)
    menu = re.search(r'<details class="lang-menu" data-testid="lang-menu">(.*?)</details>', html, re.S)
    assert menu
    link = r'<a class="lang-switch" href="([^"]+)" hreflang="(\w+)" lang="(\w+)"\s+data-testid="lang-(\w+)">([^<]+)</a>'
    links = re.findall(link, menu.group(1))
    assert [(code, name) for _, code, _, _, name in links] == [("en", "English"), ("es", "Español"), ("ja", "日本語")]
    assert all(href == f"/lang/{code}?next=/rules" and code == lang == testid for href, code, lang, testid, _ in links)
    # The page's own language is said, not linked.
    assert '<span class="lang-here" lang="fa" aria-current="true">فارسی</span>' in menu.group(1)
    # A plain GET link: it keeps the language and comes back.
    response = client.get("/lang/ja?next=/rules")
    assert response.status_code == 303
    assert response.headers["Location"] == "/rules"
    assert '<html lang="ja" dir="ltr">' in client.get("/rules").get_data(as_text=True)


def test_the_offline_page_writes_each_language_its_own_way(client: FlaskClient) -> None:
    client.set_cookie("lang", "fa")
    html = client.get("/offline").get_data(as_text=True)
    assert re.search(r'lang="fa" data-testid="offline-fa" dir="rtl"', html)
    assert re.search(r'lang="en" data-testid="offline-en" dir="ltr"', html)
