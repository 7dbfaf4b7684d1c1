"""The folded-state cache: a state kept or extended in memory is always the state a fresh replay gives.

Two engines on one database stand for two server processes: each has its own cache, and each sees the
other's saves only through the database.
"""

from __future__ import annotations

import dataclasses
import importlib.util
import json
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import event
from sqlalchemy.engine import Engine
from sqlmodel import Session, col, select

from referee.db import init_db, make_engine
from referee.games.rummy.ledger.events import (
    Buy,
    DealCorrected,
    DealEnded,
    Event,
    GameCreated,
    PlayerRenamed,
    Undone,
    event_from_dict,
)
from referee.games.rummy.ledger.state import EventRefused, GameState, apply, replay, start
from referee.ledger import cache, store
from tests.properties import examples

_spec = importlib.util.spec_from_file_location(
    "ledger_strategies", Path(__file__).parents[1] / "games" / "rummy" / "ledger" / "strategies.py"
)
assert _spec
assert _spec.loader
strategies = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(strategies)
game_logs = strategies.game_logs

PLAYERS = ("Ana", "Bruno", "Carla", "Dario")


@pytest.fixture(scope="module")
def two_engines(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Engine, Engine]]:
    url = f"sqlite:///{tmp_path_factory.mktemp('cache') / 'ledger.sqlite3'}"
    first, second = make_engine(url), make_engine(url)
    init_db(first)
    yield first, second
    first.dispose()
    second.dispose()


def fresh_state(session: Session, game_id: int) -> GameState:
    """The state replayed from the stored log, with no cache at all."""
    rows = session.exec(
        select(store.GameEvent).where(store.GameEvent.game_id == game_id).order_by(col(store.GameEvent.seq))
    ).all()
    events = [event_from_dict(json.loads(row.payload)) for row in rows]
    return replay(events, times=[store._utc(row.created_at) for row in rows])


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(log=game_logs(max_events=30), reads=st.lists(st.booleans(), min_size=40, max_size=40))
def test_a_cached_state_is_always_the_replayed_state(
    two_engines: tuple[Engine, Engine], log: tuple[list[Event], GameState], reads: list[bool]
) -> None:
    """Any log of any event kind (undo, correction, rename, abandon, overrides), saved one event at a time."""
    writer, reader = two_engines
    events, _ = log
    created = events[0]
    assert isinstance(created, GameCreated)
    with Session(writer) as session:
        game = store.create_game(session, created=created)
        assert game.id is not None
        game_id = game.id
        for index, event in enumerate(events[1:]):
            store.append(session, game_id=game_id, event=event, expected_seq=index + 1)
            if reads[index % len(reads)]:
                # The other process reads now and then: it extends its own cached state by what it missed.
                with Session(reader) as other:
                    assert store.load_state(other, game_id) == fresh_state(other, game_id)
        assert store.load_state(session, game_id) == fresh_state(session, game_id)
    with Session(reader) as other:
        assert store.load_state(other, game_id) == fresh_state(other, game_id)


def count_statements(engine: Engine) -> list[str]:
    statements: list[str] = []
    event.listen(engine, "before_cursor_execute",
                 lambda _conn, _cursor, statement, *_args: statements.append(statement))
    return statements


def test_a_save_and_the_pages_after_it_replay_nothing(two_engines: tuple[Engine, Engine]) -> None:
    writer, reader = two_engines
    created = GameCreated(variant="telefunken", players=PLAYERS, first_dealer="Ana")
    states = cache.cache_for(writer)
    with Session(writer) as session:
        game = store.create_game(session, created=created)
        assert game.id is not None
        store.load_state(session, game.id)  # the first read replays the log once
        replays = states.replays
        seq = store.load_state(session, game.id).seq
        for old, new in (("Ana", "Ann"), ("Ann", "Ana"), ("Ana", "Ann")):
            result = store.append(session, game_id=game.id, event=PlayerRenamed(old=old, new=new), expected_seq=seq)
            seq = result.seq
            assert store.load_state(session, game.id) is result.state  # the page after the save: no fold at all
        result = store.append(session, game_id=game.id, event=Undone(seq=seq), expected_seq=seq)
        assert store.load_state(session, game.id) is result.state
        assert states.replays == replays
    # Another process extends its own copy by the events it has not seen, once.
    other_states = cache.cache_for(reader)
    with Session(reader) as other:
        before = other_states.replays
        store.load_state(other, game.id)
        store.load_state(other, game.id)
        assert other_states.replays <= before + 1


def test_a_long_games_fold_happens_before_the_write_lock(two_engines: tuple[Engine, Engine]) -> None:
    """On SQLite a write locks the whole file: the fold of a save must be done before its first write."""
    writer, _ = two_engines
    statements = count_statements(writer)
    with Session(writer) as session:
        game = store.create_game(session, created=GameCreated(variant="telefunken", players=PLAYERS,
                                                              first_dealer="Ana"))
        assert game.id is not None
        store.load_state(session, game.id)
        statements.clear()
        store.append(session, game_id=game.id, event=Buy(deal=1, player="Bruno"), expected_seq=1)
    writes = [i for i, s in enumerate(statements) if s.lstrip().upper().startswith(("UPDATE", "INSERT"))]
    reads_of_the_log = [i for i, s in enumerate(statements) if "FROM game_event" in s and "idempotency" not in s]
    assert writes, statements
    assert all(i < writes[0] for i in reads_of_the_log), statements


def test_a_refused_event_changes_nothing_in_memory_either(two_engines: tuple[Engine, Engine]) -> None:
    writer, _ = two_engines
    with Session(writer) as session:
        game = store.create_game(session, created=GameCreated(variant="telefunken", players=PLAYERS,
                                                              first_dealer="Ana"))
        assert game.id is not None
        before = store.load_state(session, game.id)
        with pytest.raises(EventRefused):
            store.append(session, game_id=game.id, event=DealEnded(deal=2, went_out="Ana", hands={}),
                         expected_seq=1)
        assert store.load_state(session, game.id) is before
        assert store.load_state(session, game.id) == fresh_state(session, game.id)


def test_the_cache_is_bounded_and_drops_the_least_recently_used() -> None:
    kept = cache.StateCache(size=2)
    states = [replay([GameCreated(variant="telefunken", players=PLAYERS, first_dealer=name)]) for name in PLAYERS[:3]]
    kept.put((1, "a"), states[0])
    kept.put((2, "b"), states[1])
    assert kept.get((1, "a")) is states[0]  # now the most recently used
    kept.put((3, "c"), states[2])
    assert len(kept) == 2
    assert kept.get((2, "b")) is None
    assert kept.get((1, "a")) is states[0]


def test_two_threads_saving_and_reading_keep_one_true_state(two_engines: tuple[Engine, Engine]) -> None:
    """gthread workers read and save at once: whatever the interleaving, the kept state is the replayed one."""
    writer, reader = two_engines
    with Session(writer) as session:
        game = store.create_game(session, created=GameCreated(variant="telefunken", players=PLAYERS,
                                                              first_dealer="Ana"))
        assert game.id is not None
        game_id = game.id
    stop = time.monotonic() + 20
    errors: list[BaseException] = []

    def save(engine: Engine, player: str) -> None:
        try:
            done = 0
            while done < 15 and time.monotonic() < stop:
                with Session(engine) as s:
                    seq = store.load_state(s, game_id).seq
                    try:
                        store.append(s, game_id=game_id, event=Buy(deal=1, player=player), expected_seq=seq,
                                     idempotency_key=None)
                        done += 1
                    except store.Conflict:
                        pass
                    except EventRefused:
                        return  # out of chips or buys: enough
        except BaseException as error:  # noqa: BLE001 - reported below
            errors.append(error)

    threads = [threading.Thread(target=save, args=(engine, name))
               for engine, name in ((writer, "Bruno"), (reader, "Carla"), (writer, "Dario"))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert not errors
    with Session(writer) as a, Session(reader) as b:
        assert store.load_state(a, game_id) == fresh_state(a, game_id) == store.load_state(b, game_id)


def naive_replay(events: list[Event]) -> GameState:
    """The fold with no kept folds at all: every undo refolds from the creation (the reference)."""
    state = start(events[0])  # type: ignore[arg-type]
    state = dataclasses.replace(state, folds=())
    for later in events[1:]:
        state = dataclasses.replace(apply(state, later), folds=())
    return state


@settings(max_examples=examples(150), deadline=None)
@given(log=game_logs(max_events=40))
def test_an_undo_refolded_from_its_first_change_is_the_full_refold(log: tuple[list[Event], GameState]) -> None:
    """Undo and redo fold only from the first entry whose effect they change; the result is the full refold."""
    events, _ = log
    fast = replay(events)
    slow = naive_replay(events)
    assert fast == slow
    assert fast.history.entries == slow.history.entries
    assert fast.sheet.totals == slow.sheet.totals


def test_an_undo_in_a_long_log_does_not_refold_it() -> None:
    created = GameCreated(variant="telefunken", players=PLAYERS, first_dealer="Ana")
    events: list[Event] = [created, DealEnded(deal=1, went_out="Ana", hands={"Bruno": 10, "Carla": 20, "Dario": 30})]
    events += [DealCorrected(deal=1, went_out="Ana", hands={"Bruno": 10 + n % 7, "Carla": 20, "Dario": 30})
               for n in range(600)]
    state = replay(events)
    started = time.perf_counter()
    undone = apply(state, Undone(seq=state.seq))
    redone = apply(undone, Undone(seq=undone.seq))
    fast = time.perf_counter() - started
    assert redone.sheet.totals == state.sheet.totals
    started = time.perf_counter()
    slow = naive_replay([*events, Undone(seq=state.seq)])
    full = time.perf_counter() - started
    assert undone == slow
    assert fast < full / 5, (fast, full)  # a handful of steps against 600 (and no second refold)
