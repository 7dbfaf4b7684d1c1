"""SQLModel tables for games, their players and their event logs, and the one place that writes them.

Every append is one transaction that checks the sequence number the writer saw: a compare-and-swap on
``Game.seq`` (``UPDATE game SET seq = n + 1 WHERE id = … AND seq = n``, which takes the row's write lock
on PostgreSQL and the database's on SQLite) plus a unique ``(game_id, seq)``, so two scorekeepers can
never both win; the later one gets :class:`Conflict` with the current state. An idempotency key makes a
retried request harmless: the original result comes back with ``replayed=True``.

Folding is kept out of the write: an append folds the new event onto the game's state (kept in memory by
:mod:`referee.ledger.cache`, so a long log is not replayed) *before* its first write, so on SQLite, where a
write locks the whole database, one long game's fold never holds up another table's save. The compare-and-swap
then decides, inside the lock, whether that fold still holds. A committed save is announced: to this process's
:mod:`referee.ledger.changes` watcher, and on PostgreSQL by ``NOTIFY`` in the save's own transaction.

The store keeps every family's games alike (:mod:`referee.families`): a game's ``variant`` says its family,
which reads its events (``event_from_dict``) and folds them (``start``, ``apply``, ``replay``); the store itself
never looks inside an event or a state beyond ``type``, ``to_dict()``, ``variant``, ``players`` and ``seq``.

Importing this module registers the tables with ``SQLModel.metadata`` (``referee.db.init_db`` creates them).
"""

from __future__ import annotations

import hashlib
import json
import secrets
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Literal

from sqlalchemy import Column, Text, UniqueConstraint, delete, text, update
from sqlalchemy.exc import IntegrityError
from sqlmodel import Field, Session, SQLModel, col, select

from referee import families
from referee.families import Family
from referee.ledger import cache, changes

#: An event of any family: a frozen dataclass with ``type`` and ``to_dict()`` (see :mod:`referee.families`).
Event = Any
#: A game's state, of any family: immutable, with ``seq`` and ``players`` (see :mod:`referee.families`).
GameState = Any

__all__ = [
    "Game", "GamePlayer", "GameEvent", "AppendResult", "Conflict", "GameNotFound", "IdempotencyKeyReused",
    "create_game", "get_game", "load_events", "load_state", "state_of", "state_at", "append", "seq_of_key",
    "list_games", "players_of", "access", "rotate_edit_token", "new_token", "WRITE_TRANSACTION", "family_of_game",
    "RetiredToken", "GameLink", "rotate_view_token", "retired", "link_rematch", "next_game", "series_of",
    "restore_game", "delete_game",
]


#: The execution option of a transaction that will write: on SQLite it begins with ``BEGIN IMMEDIATE`` (see
#: ``referee.db.make_engine``), so writers queue for the lock instead of failing when another wrote meanwhile.
WRITE_TRANSACTION = "referee_write"


def _begin_write(session: Session) -> None:
    """Begin the session's transaction as a writer's (when it has not begun already)."""
    if not session.in_transaction():
        session.connection(execution_options={WRITE_TRANSACTION: True})


def _now() -> datetime:
    return datetime.now(UTC)


def new_token() -> str:
    """A fresh secret for a link: 32 random bytes (256 bits), URL-safe."""
    return secrets.token_urlsafe(32)


def _public_id() -> str:
    return uuid.uuid4().hex


class Game(SQLModel, table=True):
    """One game: its public id for URLs, the secrets of its edit and view links, and its last seq."""

    __tablename__ = "game"

    id: int | None = Field(default=None, primary_key=True)
    public_id: str = Field(default_factory=_public_id, unique=True, index=True, max_length=32)
    variant: str = Field(max_length=64)
    title: str = Field(default="", max_length=200)
    created_at: datetime = Field(default_factory=_now)
    updated_at: datetime = Field(default_factory=_now)
    seq: int = 0
    edit_token: str = Field(default_factory=new_token, index=True, max_length=64)
    view_token: str = Field(default_factory=new_token, index=True, max_length=64)


class GamePlayer(SQLModel, table=True):
    """A player of a game, by seat (0-based turn order); kept in step with renames."""

    __tablename__ = "game_player"
    __table_args__ = (UniqueConstraint("game_id", "seat"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id", index=True)
    seat: int
    name: str = Field(max_length=100)


class GameEvent(SQLModel, table=True):
    """One event of a game's log: its seq (1 = the creation), type and JSON payload."""

    __tablename__ = "game_event"
    __table_args__ = (
        UniqueConstraint("game_id", "seq"),
        UniqueConstraint("game_id", "idempotency_key"),
    )

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id", index=True)
    seq: int
    type: str = Field(max_length=32)
    payload: str = Field(sa_column=Column(Text, nullable=False))
    created_at: datetime = Field(default_factory=_now)
    idempotency_key: str | None = Field(default=None, max_length=200)


@dataclass(frozen=True)
class AppendResult:
    """What an append gave: the event's seq, the state after it, and whether it was a retry seen before."""

    seq: int
    state: GameState
    replayed: bool = False


class Conflict(Exception):
    """Someone else appended first: ``state`` is the current state and ``seq`` its last sequence number."""

    def __init__(self, state: GameState, expected_seq: int) -> None:
        self.state = state
        self.seq = state.seq
        self.expected_seq = expected_seq
        super().__init__(f"the game moved on: you saw event {expected_seq}, the last is {state.seq}")


class GameNotFound(LookupError):
    """No game has this id."""


class IdempotencyKeyReused(ValueError):
    """An idempotency key came back with a different event."""


def _payload(event: Event) -> str:
    return json.dumps(event.to_dict(), ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def _utc(moment: datetime) -> datetime:
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment


def family_of_game(game: Game) -> Family:
    """The family that plays ``game`` (its ``variant``)."""
    return families.family_for(game.variant)


def create_game(
    session: Session, *, created: Event, title: str = "", idempotency_key: str | None = None
) -> Game:
    """Create a game from its creation event (validated first by its family: refused, nothing is written);
    commits. The event's ``variant`` chooses the family (:func:`referee.families.family_for`).

    With an ``idempotency_key``, a retried creation (a double tap) returns the game the key created first
    (``IdempotencyKeyReused`` if the key came with another GameCreated): the game's public id is made from
    the key, so even two concurrent creations cannot both win.
    """
    family = families.family_for(created.variant)
    family.start(created)
    _begin_write(session)
    if idempotency_key is not None:
        seen = _created_with_key(session, idempotency_key, created)
        if seen is not None:
            return seen
    game = Game(variant=_variant_id(created), title=title, seq=1)
    if idempotency_key is not None:
        game.public_id = _public_id_for(idempotency_key)
    try:
        game_id = _add_game(session, game, created.players)
        session.add(
            GameEvent(game_id=game_id, seq=1, type=created.type, payload=_payload(created),
                      created_at=game.created_at, idempotency_key=idempotency_key)
        )
        session.commit()
    except IntegrityError:
        session.rollback()
        seen = _created_with_key(session, idempotency_key, created) if idempotency_key is not None else None
        if seen is None:
            raise
        return seen
    session.refresh(game)
    return game


def _add_game(session: Session, game: Game, players: Sequence[str]) -> int:
    """Add ``game`` and its players in seat order (flushed, not committed); returns the game's new id."""
    session.add(game)
    session.flush()
    assert game.id is not None
    for seat, name in enumerate(players):
        session.add(GamePlayer(game_id=game.id, seat=seat, name=name))
    return game.id


def _variant_id(created: Event) -> str:
    """The variant id of a game as its row keeps it: as the engines read it (trimmed, lowercase)."""
    return str(created.variant).strip().lower()


#: The namespace of public ids made from a creation's idempotency key.
_CREATION_KEYS = uuid.UUID("6f0c8a52-3d1e-4a57-9a43-2f6a1f0e9b1d")


def _public_id_for(idempotency_key: str) -> str:
    return uuid.uuid5(_CREATION_KEYS, idempotency_key).hex


def _created_with_key(session: Session, idempotency_key: str, created: Event) -> Game | None:
    """The game an earlier creation with this key made, or None; IdempotencyKeyReused for another game."""
    game = session.exec(select(Game).where(Game.public_id == _public_id_for(idempotency_key))).first()
    if game is None:
        return None
    first = session.exec(select(GameEvent).where(GameEvent.game_id == game.id, GameEvent.seq == 1)).first()
    if first is None or first.idempotency_key != idempotency_key or first.payload != _payload(created):
        raise IdempotencyKeyReused(f"idempotency key {idempotency_key!r} was used for another game")
    return game


def get_game(session: Session, *, public_id: str) -> Game:
    """The game with this public id, or :class:`GameNotFound`."""
    game = session.exec(select(Game).where(Game.public_id == public_id)).first()
    if game is None:
        raise GameNotFound(public_id)
    return game


def _rows(session: Session, game_id: int, *, after: int = 0, upto: int | None = None) -> Sequence[GameEvent]:
    query = select(GameEvent).where(GameEvent.game_id == game_id, col(GameEvent.seq) > after)
    if upto is not None:
        query = query.where(col(GameEvent.seq) <= upto)
    return session.exec(query.order_by(col(GameEvent.seq))).all()


def load_events(session: Session, game_id: int) -> list[Event]:
    """The game's log, in order (read by the game's family)."""
    family = families.family_for(_head(session, game_id)[2])
    return [family.event_from_dict(json.loads(row.payload)) for row in _rows(session, game_id)]


def _head(session: Session, game_id: int) -> tuple[str, int, str]:
    """The game's public id, last seq and variant, read fresh (never from the session's identity map)."""
    row = session.exec(select(Game.public_id, Game.seq, Game.variant).where(col(Game.id) == game_id)).first()
    if row is None:
        raise GameNotFound(game_id)
    return str(row[0]), int(row[1]), str(row[2])


def load_state(session: Session, game_id: int) -> GameState:
    """The game's state now: its log folded (with each event's time), from memory where it was folded before."""
    public_id, seq, variant = _head(session, game_id)
    return state_at(session, game_id, public_id, seq, variant)


def state_of(session: Session, game: Game) -> GameState:
    """The state of ``game`` at the seq its row says (a row just read: no further query when it is cached)."""
    assert game.id is not None
    return state_at(session, game.id, game.public_id, game.seq, game.variant)


def state_at(session: Session, game_id: int, public_id: str, seq: int, variant: str | None = None) -> GameState:
    """The state after the game's first ``seq`` events (the game's row said its public id, seq and variant;
    without the variant, it is read when the state has to be folded): kept, kept and extended, or replayed."""
    states = cache.cache_for(session.get_bind())
    key = (game_id, public_id)
    kept = states.get(key)
    if kept is not None and kept.seq == seq:
        states.hits += 1
        return kept
    family = families.family_for(variant if variant is not None else _head(session, game_id)[2])
    if kept is not None and kept.seq < seq:
        rows = _rows(session, game_id, after=kept.seq, upto=seq)
        if len(rows) == seq - kept.seq:
            state: GameState = kept
            for row in rows:
                state = family.apply(state, family.event_from_dict(json.loads(row.payload)), at=_utc(row.created_at))
            states.extended += 1
            states.put(key, state)
            return state
    rows = _rows(session, game_id, upto=seq)
    if not rows:
        raise GameNotFound(game_id)
    events = [family.event_from_dict(json.loads(row.payload)) for row in rows]
    state = family.replay(events, times=[_utc(row.created_at) for row in rows])
    states.replays += 1
    states.put(key, state)
    return state


def _find_key(session: Session, game_id: int, key: str) -> GameEvent | None:
    return session.exec(
        select(GameEvent).where(GameEvent.game_id == game_id, GameEvent.idempotency_key == key)
    ).first()


def seq_of_key(session: Session, *, game_id: int, idempotency_key: str) -> int | None:
    """The seq of the event this idempotency key recorded in the game, or None: the key was never used."""
    row = _find_key(session, game_id, idempotency_key)
    return row.seq if row is not None else None


def _replayed(session: Session, game_id: int, row: GameEvent, event: Event) -> AppendResult:
    if row.payload != _payload(event):
        raise IdempotencyKeyReused(f"idempotency key {row.idempotency_key!r} was used for another event")
    state = load_state(session, game_id)
    return AppendResult(row.seq, state, replayed=True)


def append(
    session: Session, *, game_id: int, event: Event, expected_seq: int, idempotency_key: str | None = None,
    current: GameState | None = None,
) -> AppendResult:
    """Append one event in one transaction (commits, or rolls back); Conflict if the game moved past ``expected_seq``.

    Raises EventRefused (nothing written) when the rules refuse the event and it carries no override.
    A retried request with the same ``idempotency_key`` returns the original result (``replayed=True``).
    ``current`` is this game's state as the caller already holds it (a page's request loaded it): when it is
    at the game's last seq the event is folded onto it, so a request gets the game's state once, not again here.
    """
    if idempotency_key is not None:
        seen = _find_key(session, game_id, idempotency_key)
        if seen is not None:
            return _replayed(session, game_id, seen, event)
    public_id, seq, variant = _head(session, game_id)
    family = families.family_for(variant)
    if event.type in family.created_types:
        raise TypeError("a game is created with create_game, not appended to")
    if seq != expected_seq:
        session.rollback()
        return _lost(session, game_id, event, expected_seq, idempotency_key)
    # The fold, before the first write: on SQLite nothing is locked yet, so a long game's fold never makes
    # another table's save wait. EventRefused from here writes nothing.
    now = _now()
    before = (current if current is not None and current.seq == seq
              else state_at(session, game_id, public_id, seq, variant))
    state = family.apply(before, event, at=_utc(now))
    # End the read (with no write pending this only releases a snapshot) so the write below starts afresh,
    # as a writer's transaction: on SQLite it waits for the write lock instead of failing.
    session.rollback()
    _begin_write(session)
    # The compare-and-swap is the transaction's first write: it takes the write lock (SQLite) or the row
    # lock (PostgreSQL) and fails for a writer who saw an older seq, whatever was folded above.
    claimed = session.exec(
        update(Game)
        .where(col(Game.id) == game_id, col(Game.seq) == expected_seq)
        .values(seq=expected_seq + 1, updated_at=now)
    )
    if claimed.rowcount != 1:
        session.rollback()
        return _lost(session, game_id, event, expected_seq, idempotency_key)
    new_seq = expected_seq + 1
    bind = session.get_bind()
    try:
        session.add(GameEvent(game_id=game_id, seq=new_seq, type=event.type, payload=_payload(event),
                              created_at=now, idempotency_key=idempotency_key))
        if tuple(state.players) != _player_names(session, game_id):
            _sync_players(session, game_id, state.players)
        if bind.dialect.name == "postgresql":
            # Delivered to every listening server if and only if this transaction commits.
            session.connection().execute(text(changes.notify_sql()), {"payload": f"{public_id} {new_seq}"})
        session.commit()
    except IntegrityError:
        session.rollback()
        return _lost(session, game_id, event, expected_seq, idempotency_key)
    except BaseException:
        session.rollback()
        raise
    cache.cache_for(bind).put((game_id, public_id), state)
    changes.announce(bind, public_id, new_seq)
    return AppendResult(new_seq, state)


def _lost(
    session: Session, game_id: int, event: Event, expected_seq: int, idempotency_key: str | None
) -> AppendResult:
    """Someone else got there first: the same request retried (replay it) or a real conflict."""
    if idempotency_key is not None:
        seen = _find_key(session, game_id, idempotency_key)
        if seen is not None:
            return _replayed(session, game_id, seen, event)
    if session.get(Game, game_id) is None:
        raise GameNotFound(game_id)
    raise Conflict(load_state(session, game_id), expected_seq)


def _player_names(session: Session, game_id: int) -> tuple[str, ...]:
    rows = session.exec(select(GamePlayer).where(GamePlayer.game_id == game_id).order_by(col(GamePlayer.seat)))
    return tuple(row.name for row in rows)


def _sync_players(session: Session, game_id: int, names: Sequence[str]) -> None:
    rows = {row.seat: row for row in session.exec(select(GamePlayer).where(GamePlayer.game_id == game_id))}
    for seat in [seat for seat in rows if seat >= len(names)]:
        session.delete(rows.pop(seat))  # a seat removed before deal 1 ended
    for seat, name in enumerate(names):
        row = rows.get(seat)
        if row is None:
            session.add(GamePlayer(game_id=game_id, seat=seat, name=name))
        elif row.name != name:
            row.name = name
            session.add(row)


def players_of(session: Session, game_id: int) -> list[str]:
    """The game's player names in turn order."""
    return list(_player_names(session, game_id))


def list_games(session: Session, public_ids: Sequence[str]) -> list[Game]:
    """The games with these public ids ("my games"), most recently updated first; unknown ids are skipped."""
    if not public_ids:
        return []
    rows = session.exec(
        select(Game).where(col(Game.public_id).in_(list(public_ids))).order_by(col(Game.updated_at).desc())
    )
    return list(rows.all())


def access(game: Game, token: str | None) -> Literal["edit", "view"] | None:
    """What a link's token allows: "edit", "view" or nothing (compared in constant time)."""
    if not token:
        return None
    if secrets.compare_digest(token.encode(), game.edit_token.encode()):
        return "edit"
    if secrets.compare_digest(token.encode(), game.view_token.encode()):
        return "view"
    return None


def rotate_edit_token(session: Session, *, game_id: int) -> str:
    """Give the game a new edit token (the old edit link stops working); commits and returns it."""
    return _rotate_token(session, game_id=game_id, role="edit")


# ---- replaced links and rematches ------------------------------------------------------------------------


class RetiredToken(SQLModel, table=True):
    """A link's token that was replaced: kept as a SHA-256 digest, so its page can say "replaced", not "unknown"."""

    __tablename__ = "retired_token"

    digest: str = Field(primary_key=True, max_length=64)
    game_id: int = Field(foreign_key="game.id", index=True)
    role: str = Field(max_length=8)  # "edit" or "view"
    retired_at: datetime = Field(default_factory=_now)


class GameLink(SQLModel, table=True):
    """A rematch: ``game_id`` was started from the end of ``previous_id`` (a series is a chain of these)."""

    __tablename__ = "game_link"

    game_id: int = Field(foreign_key="game.id", primary_key=True)
    previous_id: int = Field(foreign_key="game.id", index=True)
    created_at: datetime = Field(default_factory=_now)


def token_digest(token: str) -> str:
    """The digest a retired token is kept as."""
    return hashlib.sha256(token.encode()).hexdigest()


def _retire(session: Session, *, game_id: int, token: str, role: Literal["edit", "view"]) -> None:
    session.merge(RetiredToken(digest=token_digest(token), game_id=game_id, role=role))


def rotate_view_token(session: Session, *, game_id: int) -> str:
    """Give the game a new view token; the old view link then says it was replaced. Commits and returns it."""
    return _rotate_token(session, game_id=game_id, role="view")


def _rotate_token(session: Session, *, game_id: int, role: Literal["edit", "view"]) -> str:
    """Retire the game's ``role`` token and give it a new one, as a writer; commits and returns the new one."""
    _begin_write(session)
    game = session.get(Game, game_id, with_for_update=True)  # locked before a replaced link is recorded for it
    if game is None:
        session.rollback()
        raise GameNotFound(game_id)
    attribute = f"{role}_token"
    _retire(session, game_id=game_id, token=getattr(game, attribute), role=role)
    token = new_token()
    setattr(game, attribute, token)
    game.updated_at = _now()
    session.add(game)
    # A replaced players' link's viewers are told at once.
    _announce_link(session, game.public_id if role == "view" else None, changes.link_mark(token))
    return token


def retired(session: Session, token: str) -> RetiredToken | None:
    """The record of ``token`` when it was a link of some game that has since been replaced, else None."""
    return session.get(RetiredToken, token_digest(token))


def link_rematch(session: Session, *, game_id: int, previous_id: int) -> None:
    """Record that ``game_id`` is a rematch of ``previous_id`` (the first record wins; commits)."""
    if game_id == previous_id or session.get(GameLink, game_id) is not None:
        return
    session.add(GameLink(game_id=game_id, previous_id=previous_id))
    try:
        session.commit()
    except IntegrityError:  # the same rematch recorded at once by a retried request
        session.rollback()


def next_game(session: Session, game_id: int) -> Game | None:
    """The latest rematch started from ``game_id``, or None."""
    return session.exec(
        select(Game)
        .join(GameLink, col(GameLink.game_id) == col(Game.id))
        .where(GameLink.previous_id == game_id)
        .order_by(col(GameLink.created_at).desc(), col(GameLink.game_id).desc())
    ).first()


def series_of(session: Session, game_id: int, *, limit: int = 100) -> list[int]:
    """The ids of the games of ``game_id``'s series up to it, oldest first (``[game_id]`` when it is no rematch)."""
    chain = [game_id]
    while len(chain) < limit:
        link = session.get(GameLink, chain[-1])
        if link is None or link.previous_id in chain:
            break
        chain.append(link.previous_id)
    return chain[::-1]


def restore_game(session: Session, *, events: Sequence[Event]) -> Game:
    """A new game (new links) holding ``events``, a whole log from a file; commits all of it or nothing.

    The log is replayed first (EventRefused / RulesError: nothing is written), then written in one transaction.
    """
    created = events[0]
    family = families.family_for(created.variant)
    if created.type not in family.created_types:
        raise TypeError("a game's log begins with its creation")
    state = family.replay(list(events))
    _begin_write(session)
    now = _now()
    game = Game(variant=_variant_id(created), seq=len(events), created_at=now, updated_at=now)
    try:
        game_id = _add_game(session, game, state.players)
        for seq, event in enumerate(events, start=1):
            session.add(GameEvent(game_id=game_id, seq=seq, type=event.type, payload=_payload(event), created_at=now))
        session.commit()
    except BaseException:
        session.rollback()
        raise
    session.refresh(game)
    return game


def delete_game(session: Session, *, game_id: int) -> None:
    """Delete a game for good: its events, players, replaced links and rematch records, then the game; commits.
    Its row is locked first, as a save's compare-and-swap does: a save under way commits first (and is deleted
    too), a later one gets :class:`GameNotFound`; none adds an event to a half-deleted game. Its viewers are told."""
    _begin_write(session)
    try:
        public_id = session.exec(select(Game.public_id).where(col(Game.id) == game_id).with_for_update()).first()
        for model, column in ((GameEvent, GameEvent.game_id), (GamePlayer, GamePlayer.game_id),
                              (RetiredToken, RetiredToken.game_id), (GameLink, GameLink.game_id),
                              (GameLink, GameLink.previous_id)):
            session.exec(delete(model).where(col(column) == game_id))
        session.exec(delete(Game).where(col(Game.id) == game_id))
        _announce_link(session, public_id, changes.GONE)
    except BaseException:
        session.rollback()
        raise


def _announce_link(session: Session, public_id: str | None, mark: str) -> None:
    """Commit, telling the game's viewers its players' link is now ``mark`` (NOTIFY inside it on PostgreSQL)."""
    bind = session.get_bind()
    if public_id is None:
        session.commit()
        return
    if bind.dialect.name == "postgresql":
        session.connection().execute(text(changes.notify_sql()), {"payload": changes.link_payload(public_id, mark)})
    session.commit()
    changes.announce_link(bind, public_id, mark)
