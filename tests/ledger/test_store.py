"""Persistence of the ledger on SQLite and PostgreSQL: appends, conflicts, idempotent retries, atomicity."""

from __future__ import annotations

import threading
from collections.abc import Iterator

import pytest
from sqlalchemy import func
from sqlalchemy.engine import Engine
from sqlmodel import Session, select

from referee.games.rummy.ledger.events import Buy, DealEnded, GameCreated, PlayerRenamed
from referee.games.rummy.ledger.state import EventRefused
from referee.ledger import store
from referee.ledger.store import (
    Conflict,
    Game,
    GameEvent,
    GameNotFound,
    IdempotencyKeyReused,
    access,
    append,
    create_game,
    get_game,
    list_games,
    load_events,
    load_state,
    players_of,
    rotate_edit_token,
)

P4 = ("Ana", "Beto", "Caro", "Dani")
CREATED = GameCreated(variant="telefunken", players=P4, first_dealer="Ana", house_rules={"chips": 2})


@pytest.fixture
def session(engine: Engine) -> Iterator[Session]:
    with Session(engine) as s:
        yield s


def _count(session: Session, game_id: int) -> int:
    return int(session.exec(select(func.count()).select_from(GameEvent).where(GameEvent.game_id == game_id)).one())


def test_create_and_load(session: Session) -> None:
    game = create_game(session, created=CREATED, title="Friday")
    assert game.id is not None
    assert game.seq == 1
    assert len(game.public_id) == 32
    assert len(game.edit_token) >= 43
    assert len(game.view_token) >= 43
    assert game.edit_token != game.view_token
    state = load_state(session, game.id)
    assert state.players == P4
    assert state.seq == 1
    assert state.chips.chip_limit == 2
    assert load_events(session, game.id) == [CREATED]
    assert get_game(session, public_id=game.public_id).id == game.id
    assert players_of(session, game.id) == list(P4)
    assert state.history.entries[0].time is not None


def test_append_and_conflict(session: Session) -> None:
    game = create_game(session, created=CREATED)
    assert game.id is not None
    result = append(session, game_id=game.id, event=Buy(deal=1, player="Beto"), expected_seq=1)
    assert (result.seq, result.replayed, result.state.chips.chips_left["Beto"]) == (2, False, 1)
    # a second scorekeeper who also saw seq 1 gets a conflict and the current state, not a lost update
    with pytest.raises(Conflict) as info:
        append(session, game_id=game.id, event=Buy(deal=1, player="Caro"), expected_seq=1)
    assert info.value.seq == 2
    assert info.value.state.chips.chips_left["Beto"] == 1
    assert _count(session, game.id) == 2
    assert load_state(session, game.id).chips.chips_left == {"Ana": 2, "Beto": 1, "Caro": 2, "Dani": 2}


def test_idempotent_retry(session: Session) -> None:
    game = create_game(session, created=CREATED)
    assert game.id is not None
    first = append(session, game_id=game.id, event=Buy(deal=1, player="Beto"), expected_seq=1, idempotency_key="k1")
    again = append(session, game_id=game.id, event=Buy(deal=1, player="Beto"), expected_seq=1, idempotency_key="k1")
    assert (first.seq, first.replayed) == (2, False)
    assert (again.seq, again.replayed) == (2, True)
    assert again.state.chips.chips_left["Beto"] == 1
    assert _count(session, game.id) == 2
    with pytest.raises(IdempotencyKeyReused):
        append(session, game_id=game.id, event=Buy(deal=1, player="Caro"), expected_seq=2, idempotency_key="k1")
    # the same key on another game is another request
    other = create_game(session, created=CREATED)
    assert other.id is not None
    assert append(session, game_id=other.id, event=Buy(deal=1, player="Caro"), expected_seq=1,
                  idempotency_key="k1").replayed is False


def test_refused_event_writes_nothing(session: Session) -> None:
    game = create_game(session, created=CREATED)
    assert game.id is not None
    for seq in (1, 2):
        append(session, game_id=game.id, event=Buy(deal=1, player="Beto"), expected_seq=seq)
    with pytest.raises(EventRefused) as info:
        append(session, game_id=game.id, event=Buy(deal=1, player="Beto"), expected_seq=3)
    assert [p.code for p in info.value.problems] == ["no-chips-left"]
    session.expire_all()
    assert session.get(Game, game.id).seq == 3  # type: ignore[union-attr]
    assert _count(session, game.id) == 3
    # with the table's override it is kept
    forced = Buy(deal=1, player="Beto", override=str(info.value))
    assert append(session, game_id=game.id, event=forced, expected_seq=3).state.history.entries[-1].override


def test_transaction_is_atomic(session: Session, monkeypatch: pytest.MonkeyPatch) -> None:
    game = create_game(session, created=CREATED)
    assert game.id is not None

    def boom(*_args: object) -> None:
        raise RuntimeError("the server died mid-append")

    monkeypatch.setattr(store, "_sync_players", boom)
    with pytest.raises(RuntimeError):
        append(session, game_id=game.id, event=PlayerRenamed(old="Beto", new="Roberto"), expected_seq=1)
    session.expire_all()
    assert session.get(Game, game.id).seq == 1  # type: ignore[union-attr]
    assert _count(session, game.id) == 1
    monkeypatch.undo()
    result = append(session, game_id=game.id, event=PlayerRenamed(old="Beto", new="Roberto"), expected_seq=1)
    assert result.seq == 2
    assert players_of(session, game.id) == ["Ana", "Roberto", "Caro", "Dani"]


def test_two_concurrent_appends_cannot_both_win(engine: Engine) -> None:
    with Session(engine) as s:
        game = create_game(s, created=CREATED)
        game_id = game.id
    assert game_id is not None
    barrier = threading.Barrier(2)
    outcomes: list[str] = []

    def write(player: str) -> None:
        with Session(engine) as s:
            barrier.wait()
            try:
                append(s, game_id=game_id, event=Buy(deal=1, player=player), expected_seq=1)
                outcomes.append("won")
            except Conflict:
                outcomes.append("conflict")

    threads = [threading.Thread(target=write, args=(p,)) for p in ("Beto", "Caro")]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert sorted(outcomes) == ["conflict", "won"]
    with Session(engine) as s:
        assert _count(s, game_id) == 2
        assert sum(load_state(s, game_id).chips.total_buys.values()) == 1


def test_lists_tokens_and_errors(session: Session) -> None:
    a = create_game(session, created=CREATED)
    b = create_game(session, created=CREATED)
    assert a.id is not None
    assert b.id is not None
    append(session, game_id=a.id, event=DealEnded(deal=1, went_out="Ana", hands={"Beto": 1, "Caro": 1, "Dani": 1}),
           expected_seq=1)
    listed = list_games(session, [b.public_id, a.public_id, "nope"])
    assert [g.id for g in listed] == [a.id, b.id]  # a was updated last
    assert list_games(session, []) == []
    assert access(a, a.edit_token) == "edit"
    assert access(a, a.view_token) == "view"
    assert access(a, b.edit_token) is None
    assert access(a, None) is None
    old = a.edit_token
    new = rotate_edit_token(session, game_id=a.id)
    assert new != old
    assert access(a, old) is None
    assert access(a, new) == "edit"
    with pytest.raises(GameNotFound):
        get_game(session, public_id="missing")
    with pytest.raises(GameNotFound):
        append(session, game_id=987654, event=Buy(deal=1, player="Ana"), expected_seq=1)


def test_create_refuses_bad_games(session: Session) -> None:
    before = session.exec(select(func.count()).select_from(Game)).one()
    with pytest.raises(EventRefused):
        create_game(session, created=GameCreated(variant="telefunken", players=("Ana", "Ana", "Bo"),
                                                 first_dealer="Ana"))
    assert session.exec(select(func.count()).select_from(Game)).one() == before


def test_init_db_through_the_app_creates_the_tables(app: object) -> None:
    from referee import db

    with app.app_context(), db.session() as s:  # type: ignore[attr-defined]
        game = create_game(s, created=CREATED)
        assert game.id is not None
        assert load_state(s, game.id).seq == 1
