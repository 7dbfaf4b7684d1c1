"""The deal screen drawn once per seq and handed out many times (referee/web/core/kept_pages.py): each load still gets
its own CSRF token and its own idempotency keys, so two loads never share a key and each saves exactly once; a
save, a message for this phone, a claim in the address or another language draws it anew."""

from __future__ import annotations

import re

import pytest
from flask import Flask

from referee.web.core.kept_pages import kept
from tests.games.rummy.web.table.test_table import Table
from tests.games.rummy.web.table.test_table import table as table  # noqa: F401 — a fixture: one game of four, as the table tests play it
from tests.html_forms import Forms

#: What a mark left on a page would look like (referee.web.core.kept_pages makes them so).
MARK = re.compile(r"(key|csrf)[0-9a-f]{16}")


def keys(html: str) -> list[str]:
    return [re.search(r'value="([^"]*)"', tag).group(1)  # type: ignore[union-attr]
            for tag in re.findall(r"<input[^>]*>", html) if 'name="idempotency_key"' in tag]


def builds(app: Flask) -> int:
    with app.test_request_context():
        return kept("deal").builds


def test_each_load_gets_its_own_keys_and_the_page_is_drawn_once(table: Table) -> None:
    first, second = table.get(), table.get()
    assert builds(table.app) == 1
    assert not MARK.search(first)
    assert not MARK.search(second)
    one, two = keys(first), keys(second)
    assert len(one) >= 3
    assert all(re.fullmatch(r"[0-9a-f]{32}", k) for k in one + two)
    assert len(set(one)) == len(one)  # no two forms, no two loads share a key
    assert not set(one) & set(two)
    # Apart from the keys, the two loads are the same page.
    assert re.sub(r'value="[0-9a-f]{32}"', "", first) == re.sub(r'value="[0-9a-f]{32}"', "", second)


def test_a_buy_from_either_load_saves_once_and_the_other_is_then_stale(table: Table) -> None:
    first, second = Forms(table.get()).form("/buy"), Forms(table.get()).form("/buy")
    assert first["csrf_token"]  # one phone, one session
    assert first["csrf_token"] == second["csrf_token"]
    assert table.post("/buy", {**second, "player": "Beto"}).status_code == 303
    assert table.post("/buy", {**second, "player": "Beto"}).status_code == 303  # the same tap again: a retry
    assert table.state().seq == 2
    # The other load was drawn at the same seq with other keys: it is not taken for a retry, and it is stale.
    table.post("/buy", {**first, "player": "Caro"})
    state = table.state()
    assert state.seq == 2
    assert state.chips.buys_this_deal["Beto"] == 1
    assert sum(state.chips.buys_this_deal.values()) == 1


def test_a_save_a_message_or_another_language_draws_the_page_anew(table: Table) -> None:
    table.get()
    assert builds(table.app) == 1
    table.act("/buy", player="Beto")  # saved: the redirect's page carries a message for this phone alone
    after = table.get()
    assert "Beto" in after
    assert builds(table.app) == 1
    table.get()  # the message was shown: the page at the new seq is drawn once and kept
    table.get()
    assert builds(table.app) == 2
    table.client.set_cookie("lang", "es")
    spanish = table.get()
    assert 'lang="es"' in spanish
    assert builds(table.app) == 3


@pytest.mark.usefixtures("client")
def test_another_phone_gets_its_own_session_token(app: Flask, table: Table) -> None:
    mine = Forms(table.get()).form("/buy")
    other_phone = app.test_client()
    theirs = Forms(other_phone.get(table.base).get_data(as_text=True)).form("/buy")
    assert builds(app) == 1
    assert mine["csrf_token"] != theirs["csrf_token"]
    assert mine["idempotency_key"] != theirs["idempotency_key"]
    assert other_phone.post(table.base + "/buy", data={**theirs, "player": "Dani"}).status_code == 303
    assert table.state().chips.buys_this_deal["Dani"] == 1


def test_a_game_over_is_sent_to_its_end_page_from_the_kept_answer_too(table: Table) -> None:
    table.get()
    assert table.act("/abandon", "/sheet", reason="rain").status_code == 303
    table.get("/over")  # its message shown there
    for _ in range(2):
        response = table.client.get(table.base)
        assert response.status_code == 303
        assert response.headers["Location"].endswith("/over")
    assert builds(table.app) == 2  # the deal screen at seq 1, and the answer "over" at seq 2, once
