"""Each kind of event says its own story (referee/games/rummy/ledger/events/, one module a kind): the registry reads
every kind
back by type, each says its refusals, its step and its words, and the fold asks the event, so a kind it has never
heard of folds like the others."""

from __future__ import annotations

import dataclasses
import textwrap
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

import pytest

from referee.games.rummy.ledger import events as ev
from referee.games.rummy.ledger.events.base import Event, InDeal, Words
from referee.games.rummy.ledger.state import EventRefused, apply, replay
from referee.games.rummy.ledger.state.checks import in_deal_problems
from referee.games.rummy.ledger.state.facts import GameFacts
from referee.games.rummy.ledger.state.steps import State, with_record
from referee.ledger.kinds import kinds_in
from referee.rules.problems import Problem

PLAYERS = ("Ana", "Beto", "Caro", "Dani")
CREATED = ev.GameCreated(variant="telefunken", players=PLAYERS, first_dealer="Ana")


def test_the_registry_holds_every_kind_once_by_its_type() -> None:
    assert sorted(ev.EVENT_TYPES) == [
        "buy", "contract-chosen", "deal-corrected", "deal-ended", "exact-cut", "game-abandoned", "game-created",
        "laid-down", "misdeal", "player-left", "player-renamed", "seats-changed", "shanghai-called", "undone"]
    assert all(cls.type == kind for kind, cls in ev.EVENT_TYPES.items())


@pytest.mark.parametrize("kind", sorted(set(ev.EVENT_TYPES) - {"undone", "game-created"}))
def test_every_kind_but_the_undo_and_the_creation_says_its_refusals_step_and_words(kind: str) -> None:
    cls = ev.EVENT_TYPES[kind]
    assert cls.problems is not Event.problems
    assert cls.step is not Event.step
    assert cls.words is not Event.words


def test_the_creation_is_refused_once_made_and_the_undo_is_the_folds() -> None:
    state = replay([CREATED])
    assert [p.code for p in CREATED.problems(state)] == ["already-created"]
    assert ev.Undone(seq=2).undoes == 2
    with pytest.raises(NotImplementedError):
        ev.Undone(seq=2).step(state)


def test_an_event_says_its_words_and_what_it_restates() -> None:
    assert ev.Buy(deal=2, player="Ana").words == Words("Deal %(num)d: %(player)s bought", {"num": 2, "player": "Ana"})
    assert ev.DealEnded(deal=3, went_out=None, hands={}).words == Words("Deal %(num)d ended: nobody went out",
                                                                        {"num": 3})
    assert ev.SeatsChanged(players=("Beto", "Ana"), first_dealer="Ana").words.params == {"players": "Beto, Ana"}
    assert ev.DealCorrected(deal=4, went_out="Ana", hands={}).restates == 4
    assert ev.DealEnded(deal=4, went_out="Ana", hands={}).restates is None


@dataclass(frozen=True, kw_only=True)
class TableNote(InDeal):
    """A kind the ledger does not have: a note of the deal for the record, which changes nothing."""

    type: ClassVar[str] = "table-note"

    def problems(self, state: GameFacts) -> list[Problem]:
        return in_deal_problems(state, self)

    def step(self, state: State) -> State:
        return with_record(state, state.current, self.override)


def test_the_fold_asks_the_event_so_a_new_kind_needs_no_change_to_it() -> None:
    state = replay([CREATED, ev.Buy(deal=1, player="Beto")])
    after = apply(state, TableNote(deal=1))
    assert after.seq == 3
    assert after.records == state.records  # nothing scored, nothing changed
    assert after.seating.dealer == state.seating.dealer == "Ana"
    with pytest.raises(EventRefused) as refused:
        apply(state, TableNote(deal=2))
    assert [p.code for p in refused.value.problems] == ["wrong-deal"]
    # an override is kept on the deal's record, as for every event of the deal
    kept = apply(state, dataclasses.replace(TableNote(deal=1), override="the table says so"))
    assert kept.current.overrides == ("the table says so",)
    # and undone like any other
    assert apply(after, ev.Undone(seq=3)).records == state.records


#: The note above as the module a new kind is: the whole of what adding it to the ledger takes.
NOTE_MODULE = textwrap.dedent('''
    """A note of the deal for the record: it changes nothing."""

    from __future__ import annotations

    from dataclasses import dataclass
    from typing import ClassVar

    from referee.games.rummy.ledger.events.base import InDeal
    from referee.games.rummy.ledger.state.checks import in_deal_problems
    from referee.games.rummy.ledger.state.steps import with_record


    @dataclass(frozen=True, kw_only=True)
    class TableNote(InDeal):
        """A note of the deal."""

        type: ClassVar[str] = "table-note"

        def problems(self, state):
            return in_deal_problems(state, self)

        def step(self, state):
            return with_record(state, state.current, self.override)
''')


def _package(root: Path, name: str, modules: dict[str, str]) -> Path:
    folder = root / name
    folder.mkdir()
    (folder / "__init__.py").write_text("", encoding="utf-8")
    for module, source in modules.items():
        (folder / f"{module}.py").write_text(source, encoding="utf-8")
    return folder


def test_a_new_kind_is_found_by_its_module_alone(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The registry lists no kind: a module in the package that defines one is all it takes (the events package is
    read the same way), and the kinds the events share (InDeal, imported here) are not kinds."""
    folder = _package(tmp_path, "more_events", {"table_note": NOTE_MODULE})
    monkeypatch.syspath_prepend(str(tmp_path))
    found = kinds_in("more_events", [str(folder)], Event)
    assert list(found) == ["table-note"]
    note = found["table-note"]
    state = replay([CREATED])
    assert apply(state, note(deal=1)).records == state.records
    assert note.from_dict({"type": "table-note", "deal": 1}) == note(deal=1)
    # The ledger's own package is read the same way: every module's kind, and nothing else.
    assert kinds_in(ev.__name__, ev.__path__, Event) == ev.EVENT_TYPES
