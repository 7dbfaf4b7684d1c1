"""One replay per request: a scorekeeper's request gets its game's state once, and folds the log from its first
event only when that state is not kept in memory; the score sheet names every event in words."""

from __future__ import annotations

import dataclasses
import html
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from flask import Flask

from referee import families
from referee.games.rummy.ledger import events
from referee.ledger import cache
from tests.games.rummy.web.table.test_table import Table, rename
from tests.games.rummy.web.table.test_table import table as table  # noqa: F401 — a fixture: one game of four, as the table tests play it
from tests.html_forms import Forms


@dataclass
class Folds:
    """What the requests since the last :meth:`reset` did to get the game's state."""

    states: cache.StateCache
    replays: int = 0  # whole logs folded (the store's ``replay``)
    start: int = 0

    @property
    def loads(self) -> int:
        """How many times the game's state was asked of the store: kept, kept and extended, or replayed."""
        return self.states.hits + self.states.extended + self.states.replays - self.start

    def reset(self) -> None:
        self.replays = 0
        self.start = self.states.hits + self.states.extended + self.states.replays


@pytest.fixture
def folds(app: Flask, monkeypatch: pytest.MonkeyPatch) -> Folds:
    counter = Folds(cache.cache_for(app.extensions["referee.db"]))
    find = families.family_for

    def counting(*args: Any, **kwargs: Any) -> Any:
        counter.replays += 1
        return find("telefunken").replay(*args, **kwargs)

    # The store folds a whole log with its game's family's replay: count those of contract rummy's.
    monkeypatch.setattr(families, "family_for",
                        lambda variant: dataclasses.replace(find(variant), replay=counting))
    return counter


def measured(table: Table, folds: Folds, send: Callable[[], Any], *, cold: bool) -> tuple[Any, Folds]:
    """Send one request (the cache emptied first when ``cold``) and count its folds; then its redirect's."""
    if cold:
        folds.states.clear()
    folds.reset()
    response = send()
    assert response.status_code == 303, response.get_data(as_text=True)[-2000:]
    assert (folds.loads, folds.replays) == (1, 1 if cold else 0)
    folds.reset()
    page = table.client.get(response.headers["Location"])
    assert page.status_code == 200
    # The page after the redirect finds the state the save left in memory: no fold at all.
    assert (folds.loads, folds.replays) == (1, 0)
    return response, folds


@pytest.mark.parametrize("cold", [False, True], ids=["state-in-memory", "state-not-in-memory"])
def test_each_action_and_the_page_after_it_fold_the_log_at_most_once(table: Table, folds: Folds, cold: bool) -> None:
    cut = table.form("", "/cut")
    measured(table, folds, lambda: table.post("/cut", cut), cold=cold)
    buy = {**table.form("", "/buy"), "player": "Beto"}
    measured(table, folds, lambda: table.post("/buy", buy), cold=cold)
    laid = {**table.form("", "/laid-down"), "player": "Caro"}
    measured(table, folds, lambda: table.post("/laid-down", laid), cold=cold)
    # Ending the deal: the preview is folded in memory from the page's state, the confirm appended onto it.
    data = {**table.form("/end", "/end"), "went_out": "Caro", "points-0": "5", "points-1": "10", "points-3": "7"}
    folds.reset()
    preview = table.post("/end", {**data, "preview": "1"})
    assert preview.status_code == 200
    assert (folds.loads, folds.replays) == (1, 0)
    confirm = {**Forms(preview.get_data(as_text=True)).form("/end"), "confirm": "1"}
    measured(table, folds, lambda: table.post("/end", confirm), cold=cold)
    assert "Deal 2 of 7" in table.get()


def test_a_conflict_on_ending_a_deal_uses_the_state_the_conflict_brought(table: Table, folds: Folds) -> None:
    data = {**table.form("/end", "/end"), "went_out": "Caro", "points-0": "5", "points-1": "10", "points-3": "7"}
    assert table.act("/buy", player="Beto").status_code == 303  # another phone, after the form was opened
    folds.reset()
    response = table.post("/end", {**data, "confirm": "1"})
    assert response.status_code == 409
    # The request's own state, and the state the store answered the conflict with: never a third.
    assert folds.loads == 2
    assert folds.replays == 0


# ---- the score sheet's events in words ----------------------------------------------------------------------

#: Every event type's raw name (``game-created``, ``exact-cut``, …): none is ever shown as the words.
RAW_TYPES = {cls.type for cls in vars(events).values() if isinstance(cls, type) and issubclass(cls, events.Event)}


def recorded(sheet: str) -> dict[int, str]:
    """The score sheet's latest events: seq → the words before the phone's name."""
    found = re.findall(r'data-testid="recorded-(\d+)">(.*?) · <span', sheet)
    return {int(seq): html.unescape(words) for seq, words in found}


def test_the_sheet_names_every_event_in_words_in_english_and_spanish(table: Table) -> None:
    assert table.act("/cut").status_code == 303
    assert table.act("/buy", player="Beto").status_code == 303
    assert table.act("/laid-down", player="Caro").status_code == 303
    assert table.end_deal("Caro", {"Ana": "5", "Beto": "10", "Dani": "7"}).status_code == 303
    assert rename(table, 3, "Daniela").status_code == 303
    assert table.act("/undo", "/undo").status_code == 303
    assert table.act("/abandon", "/sheet", reason="rain").status_code == 303
    english = recorded(table.get("/sheet"))
    assert english == {
        8: "The game was ended early",
        7: "Undo of: Dani renamed Daniela",
        6: "Dani renamed Daniela",
        5: "Deal 1 ended: Caro went out",
        4: "Deal 1: Caro laid down",
        3: "Deal 1: Beto bought",
        2: "Deal 1: exact cut",
        1: "Game created",
    }
    table.client.set_cookie("lang", "es")
    spanish = recorded(table.get("/sheet"))
    assert spanish[1] == "Partida creada"
    assert spanish[8] == "La partida se terminó antes de tiempo"
    for words in (*english.values(), *spanish.values()):
        assert words not in RAW_TYPES
        assert not any(raw in words for raw in RAW_TYPES if "-" in raw)
