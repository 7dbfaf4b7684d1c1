"""The end of a deal sent by the browser itself (no JavaScript): each step (a keypad key, Preview, a Confirm
that recorded nothing) is answered with a redirect to a GET showing the same page, its entries in the address,
so that Back after Confirm never meets the browser's "Confirm Form Resubmission" and never records twice."""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.games.rummy.web.table.test_table import Table, new_game, text_of
from tests.html_forms import Forms

#: What a browser sends with a form it submits itself (a navigation).
BY_THE_BROWSER = {"Sec-Fetch-Mode": "navigate", "Accept": "text/html,application/xhtml+xml,*/*;q=0.8"}


@pytest.fixture
def table(client: FlaskClient, app: Flask) -> Table:
    return new_game(client, app)


def browser_post(table: Table, data: dict[str, Any], headers: dict[str, str] = BY_THE_BROWSER) -> Any:
    return table.client.post(table.base + "/end", data=data, headers=headers)


def entries(table: Table) -> dict[str, str]:
    data = table.form("/end", "/end")
    data.update({"went_out": "Beto", "points-0": "10", "hands-2": "K 7", "points-3": "30"})
    return data


def test_a_preview_sent_by_the_browser_is_a_redirect_to_a_page_that_shows_it(table: Table) -> None:
    data = entries(table)
    response = browser_post(table, {**data, "preview": "1"})
    assert response.status_code == 303
    location = response.headers["Location"]
    query = parse_qs(urlsplit(location).query)
    assert urlsplit(location).path == f"/g/{table.token}/end"
    assert query["shown"] == ["preview"]
    assert query["went_out"] == ["Beto"]
    assert query["hands-2"] == ["K 7"]
    assert query["idempotency_key"] == [data["idempotency_key"]]
    assert query["deal"] == ["1"]
    assert "csrf_token" not in query  # the token never goes into an address
    page = table.client.get(location)
    html = text_of(page)
    assert page.status_code == 200
    assert "Result of deal 1" in html
    assert 'data-testid="preview-points-Caro">17<' in html  # K 7 = 10 + 7
    assert table.state().seq == 1  # nothing saved


def test_a_browser_without_fetch_metadata_that_asks_for_a_page_is_answered_the_same(table: Table) -> None:
    response = browser_post(table, {**entries(table), "preview": "1"}, headers={"Accept": "text/html"})
    assert response.status_code == 303
    assert "shown=preview" in response.headers["Location"]


def test_the_pages_script_and_a_client_that_asks_no_page_still_get_the_page_itself(table: Table) -> None:
    data = {**entries(table), "preview": "1"}
    by_script = browser_post(table, data, headers={"Referee-Send": "1", "Sec-Fetch-Mode": "cors"})
    assert by_script.status_code == 200
    assert "Result of deal 1" in text_of(by_script)
    plain = table.post("/end", data)
    assert plain.status_code == 200
    assert "Result of deal 1" in text_of(plain)


def test_confirm_then_the_preview_asked_again_says_it_was_recorded_and_records_nothing(table: Table) -> None:
    data = entries(table)
    preview = table.client.get(browser_post(table, {**data, "preview": "1"}).headers["Location"])
    confirm = Forms(text_of(preview)).form("/end")
    assert confirm["idempotency_key"] == data["idempotency_key"]
    done = browser_post(table, {**confirm, "confirm": "1"})
    assert done.status_code == 303
    assert done.headers["Location"] == f"/g/{table.token}#deal-head"
    assert table.state().seq == 2
    # Back after Confirm: the preview's address again.
    again = table.client.get(preview.request.url)
    assert again.status_code == 200
    assert "Deal 1 was already recorded (this form had been sent before)" in text_of(again)
    assert 'name="confirm"' not in text_of(again)
    assert table.state().seq == 2
    assert len(table.state().sheet.deals) == 1


def test_a_keypad_key_is_a_redirect_to_the_entries_with_the_card_added(table: Table) -> None:
    data = table.form("/end", "/end")
    data.update({"went_out": "Ana", "active": "1", "hands-1": "K"})
    response = browser_post(table, {**data, "key": "7"})
    assert response.status_code == 303
    query = parse_qs(urlsplit(response.headers["Location"]).query)
    assert query["shown"] == ["entry"]
    assert query["hands-1"] == ["K 7"]
    assert query["active"] == ["1"]
    html = text_of(table.client.get(response.headers["Location"]))
    assert 'value="K 7"' in html
    assert "Result of deal 1" not in html
    assert "Tap who went out" not in html


def test_a_confirm_with_someone_missing_shows_who_at_an_address(table: Table) -> None:
    data = table.form("/end", "/end")
    data.update({"went_out": "Beto", "points-0": "10"})
    response = browser_post(table, {**data, "confirm": "1"})
    assert response.status_code == 303
    assert "shown=confirm" in response.headers["Location"]
    page = table.client.get(response.headers["Location"])
    assert page.status_code == 422
    assert "Still to enter" in text_of(page)
    assert table.state().seq == 1


def test_a_refused_confirm_gets_a_new_key_in_its_address_and_the_table_may_then_allow_it(table: Table) -> None:
    data = table.form("/end", "/end")
    data.update({"went_out": "Beto", "hands-0": "JK " * 9, "points-2": "20", "points-3": "9"})
    response = browser_post(table, {**data, "confirm": "1"})
    assert response.status_code == 303
    location = response.headers["Location"]
    key = parse_qs(urlsplit(location).query)["idempotency_key"]
    assert key != [data["idempotency_key"]]
    page = table.client.get(location)
    html = text_of(page)
    assert page.status_code == 200
    assert "the hands hold 9 jokers" in html
    assert 'data-testid="override"' in html
    assert table.state().seq == 1
    refused = Forms(html).form("/end")
    assert refused["idempotency_key"] == key[0]  # the page asked again is the same form
    assert Forms(text_of(table.client.get(location))).form("/end")["idempotency_key"] == key[0]
    # "The table allows it": the preview with the override, then Confirm records it once.
    override = next(line for line in html.splitlines() if 'name="override" value="' in line)
    reason = override.split('value="', 1)[1].split('"', 1)[0]
    allowed = browser_post(table, {**refused, "override": reason})
    preview = table.client.get(allowed.headers["Location"])
    assert "Result of deal 1" in text_of(preview)
    done = browser_post(table, {**Forms(text_of(preview)).form("/end"), "confirm": "1"})
    assert done.status_code == 303
    assert table.state().seq == 2
    assert "already recorded (this form had been sent before)" in text_of(table.client.get(preview.request.url))
    assert table.state().seq == 2


def test_a_step_address_whose_page_is_out_of_date_goes_to_the_fresh_page(table: Table) -> None:
    response = table.client.get(f"{table.base}/end?shown=preview&went_out=Beto")
    assert response.status_code == 303
    assert response.headers["Location"] == f"{table.base}/end"


def test_a_correction_sent_by_the_browser_previews_at_an_address_and_back_after_confirm_records_nothing(
    table: Table,
) -> None:
    assert table.end_deal("Beto", {"Ana": "10", "Caro": "20", "Dani": "30"}).status_code == 303
    seq = table.state().seq
    data = table.form("/deals/1/correct", "/deals/1/correct")
    data.update({"points-3": "35", "hands-3": ""})
    response = table.client.post(f"{table.base}/deals/1/correct", data={**data, "preview": "1"},
                                 headers=BY_THE_BROWSER)
    assert response.status_code == 303
    location = response.headers["Location"]
    assert urlsplit(location).path == f"{table.base}/deals/1/correct"
    assert "shown=preview" in location
    assert "csrf_token" not in location
    preview = table.client.get(location)
    html = text_of(preview)
    assert preview.status_code == 200
    assert 'data-testid="preview-points-Dani">35<' in html
    assert table.state().seq == seq
    confirm = Forms(html).form("/deals/1/correct")
    done = table.client.post(f"{table.base}/deals/1/correct", data={**confirm, "confirm": "1"},
                             headers=BY_THE_BROWSER)
    assert done.status_code == 303
    assert done.headers["Location"] == f"{table.base}/sheet"
    assert table.state().seq == seq + 1
    again = table.client.get(location)  # Back after Confirm
    assert again.status_code == 303
    assert again.headers["Location"] == f"{table.base}/sheet"
    assert "Deal 1 corrected." in table.get("/sheet")
    assert table.state().seq == seq + 1
    assert table.state().sheet.totals["Dani"] == 35
