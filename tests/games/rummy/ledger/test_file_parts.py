"""Each kind of event has one home, its part of a game file included: the keys it owns in a deal entry, how it writes
them and which events it reads back are in its own module (:mod:`referee.games.rummy.ledger.events.filing`); the
file's model and the exchange loop over the registry and name no event a deal entry holds."""

from __future__ import annotations

import pytest

from referee.games.rummy.ledger import exchange, gamefile
from referee.games.rummy.ledger.events import DEAL_PARTS, EVENT_TYPES
from referee.games.rummy.ledger.events.filing import DealPart, part_of
from tests.source_names import names_in

#: The modules of referee/ this file tests (tests/test_layout.py).
TESTED = (
    "referee.games.rummy.ledger.events.filing",
)

#: The modules that write and read a game file through the parts.
THROUGH_THE_PARTS = (exchange, gamefile)
#: The event kinds a deal entry holds.
IN_DEAL_ENTRIES = {cls.__name__ for cls in EVENT_TYPES.values() if isinstance(part_of(cls), DealPart)}


def test_the_kinds_a_deal_entry_holds() -> None:
    kinds = {"ExactCut", "Buy", "ShanghaiCalled", "LaidDown", "DealEnded", "ContractChosen", "PlayerLeft"}
    assert kinds == IN_DEAL_ENTRIES


@pytest.mark.parametrize("module", THROUGH_THE_PARTS, ids=lambda module: module.__name__.rsplit(".", 1)[-1])
def test_the_file_names_no_event_a_deal_entry_holds(module: object) -> None:
    assert not names_in(module) & IN_DEAL_ENTRIES


@pytest.mark.parametrize("kind", EVENT_TYPES)
def test_every_event_says_where_a_file_keeps_it(kind: str) -> None:
    """Its part of a deal entry, or in words why no deal entry holds it; said by the kind itself, not inherited."""
    said = vars(EVENT_TYPES[kind]).get("file_part")
    assert isinstance(said, DealPart) or (isinstance(said, str) and said.startswith("in no deal entry: "))


def test_each_key_has_one_owner_and_one_place() -> None:
    keys = [key for part in DEAL_PARTS for key in part.keys] + list(gamefile.ENTRY_KEYS)
    assert len({key.name for key in keys}) == len(keys)
    assert len({key.place for key in keys}) == len(keys)
    assert len({key.written for key in keys}) == len(keys)
    assert len({part.reads_at for part in DEAL_PARTS}) == len(DEAL_PARTS)
    assert all(key.form for key in keys)
    assert [part.reads_at for part in DEAL_PARTS] == sorted(part.reads_at for part in DEAL_PARTS)


def test_the_model_is_assembled_in_the_schemas_order() -> None:
    assert list(gamefile.DealEntry.model_fields) == [
        "exact_cut", "cutter_jokers", "buys", "contract", "laid_down", "went_out", "hands", "ended",
        "out_in_one_turn", "shanghai_calls", "override", "left",
    ]


def test_a_deal_is_read_back_in_the_parts_order() -> None:
    """Who left, the contract, the cut, the buys, the lay-downs, the calls (a call needs a lay-down, docs/rules.md
    D70), then the deal's end."""
    kinds = [type(event).__name__ for event in exchange.import_game({
        "format": "referee-game/1", "variant": "shanghai", "players": ["Ana", "Beto", "Caro"],
        "deals": [{"buys": {"Beto": 1}, "laid_down": {"Ana": []}, "shanghai_calls": {"Caro": 1},
                   "exact_cut": True, "went_out": "Ana", "hands": {"Beto": 5, "Caro": 7}}],
    })]
    assert kinds == ["GameCreated", "ExactCut", "Buy", "LaidDown", "ShanghaiCalled", "DealEnded"]
