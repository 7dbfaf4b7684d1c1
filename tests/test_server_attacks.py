"""Attacks on a game's data and its viewers, run against the real ``referee serve`` (gunicorn, 2 workers, 127.0.0.1
only) on SQLite and on the throwaway PostgreSQL server: restores holding half a character, a game deleted while
other phones save, viewers of a deleted game or a replaced link; and a Persian table game's viewers, who share the
live stream. Every wait has a deadline; no answer may be a 5xx, and the server's log shows no traceback.
"""

from __future__ import annotations

import http.client
import json
import threading
import time
import uuid
from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from urllib.parse import urlencode

import pytest
from sqlalchemy import func
from sqlmodel import Session, select

from referee.db import make_engine
from referee.ledger import store
from tests.html_forms import Forms
from tests.pg import fresh_database, postgres_url
from tests.serving import (
    LIVE_WITHIN,
    SECRET_KEY,
    LiveStream,
    RunningServer,
    TableScorekeeper,
    free_port,
    new_game,
    new_shelem_game,
    running,
    upgrade,
)
from tests.tiers import full_only

#: A server started and attacked, proxied, scaled out or installed from its wheel: the full run only (``make test
#: FULL=1``, tests/tiers.py, what CI runs); the quick run starts the server in tests/test_server.py and kills it in
#: tests/test_faults.py.
pytestmark = full_only

__all__ = ["postgres_url"]  # the throwaway PostgreSQL server, as a fixture


@dataclass
class Served:
    """A running server, its database and which one it is."""

    server: RunningServer
    database: str
    backend: str


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def served(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """``referee db upgrade`` then ``referee serve --host 127.0.0.1 --port PORT --workers 2``, on each database."""
    root = tmp_path_factory.mktemp(f"attacks-{request.param}")
    if request.param == "sqlite":
        database = f"sqlite:///{root / 'referee.sqlite3'}"
    else:
        database = fresh_database(request.getfixturevalue("postgres_url"), "referee_attacks")
    port = free_port()
    settings = {"REFEREE_DATABASE_URL": database, "REFEREE_SECRET_KEY": SECRET_KEY,
                "REFEREE_PUBLIC_URL": f"http://127.0.0.1:{port}"}
    upgrade(settings, root)
    with running(root, settings, port=port, workers=2) as server:
        yield Served(server, database, request.param)
    text = server.log_text()
    assert "Traceback" not in text, text[-3000:]


@dataclass(frozen=True)
class Answer:
    """One response: its status, headers (names in lower case) and body as text."""

    status: int
    headers: Mapping[str, str]
    text: str


class Phone:
    """One phone's browser: its session cookie (which holds the CSRF secret) kept, a connection per request."""

    def __init__(self, server: RunningServer) -> None:
        self.server = server
        self.cookie = ""

    def request(self, method: str, path: str, body: bytes | None = None, content_type: str | None = None,
                timeout: float = 60) -> Answer:
        connection = http.client.HTTPConnection("127.0.0.1", self.server.port, timeout=timeout)
        headers = {"Cookie": self.cookie} if self.cookie else {}
        if content_type:
            headers["Content-Type"] = content_type
        try:
            connection.request(method, path, body=body, headers=headers)
            response = connection.getresponse()
            data = response.read()
        finally:
            connection.close()
        for name, value in response.getheaders():
            if name.lower() == "set-cookie" and value.startswith("session="):
                self.cookie = value.split(";", 1)[0]
        return Answer(response.status, {k.lower(): v for k, v in response.getheaders()}, data.decode())

    def form(self, page: str, action_end: str) -> dict[str, str]:
        """The fields of a form of ``page`` (read now), as the browser would post them."""
        answer = self.request("GET", page)
        assert answer.status == 200, (page, answer.status)
        return Forms(answer.text).form(action_end)

    def post(self, path: str, fields: Mapping[str, str]) -> Answer:
        return self.request("POST", path, urlencode(fields).encode(), "application/x-www-form-urlencoded")

    def restore(self, content: bytes) -> Answer:
        """Upload a game's file on the restore page, as its form does (multipart)."""
        fields = self.form("/games/restore", "")  # its form posts to its own address
        boundary = uuid.uuid4().hex
        parts = [f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'.encode()
                 for name, value in fields.items() if name != "game_file"]
        parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="game_file"; filename="game.json"\r\n'
                     f"Content-Type: application/json\r\n\r\n".encode() + content + b"\r\n")
        body = b"".join(parts) + f"--{boundary}--\r\n".encode()
        return self.request("POST", "/games/restore", body, f"multipart/form-data; boundary={boundary}")


def rows(database: str) -> dict[str, int]:
    """How many rows each of the ledger's tables holds."""
    engine = make_engine(database)
    try:
        with Session(engine) as session:
            return {model.__tablename__: int(session.exec(select(func.count()).select_from(model)).one())
                    for model in (store.Game, store.GamePlayer, store.GameEvent, store.RetiredToken)}
    finally:
        engine.dispose()


def no_server_errors(server: RunningServer) -> None:
    """The access log holds no 5xx answer and the log no traceback."""
    text = server.log_text()
    assert "Traceback" not in text, text[-3000:]
    assert not [line for line in text.splitlines() if '" 5' in line and "HTTP/1." in line], text[-3000:]


# ---- item 5: half a character in a restored file ---------------------------------------------------------------

P3 = ["Ana", "Beto", "Caro"]


def game_file(**changes: object) -> bytes:
    data: dict[str, object] = {"format": "referee-game/1", "variant": "telefunken", "players": P3,
                               "first_dealer": "Ana", "deals": [{"went_out": "Ana", "hands": {"Beto": 5, "Caro": 3}}]}
    data.update(changes)
    return json.dumps(data).encode()  # ASCII: a lone surrogate is written as its \\u escape, as JSON allows


HALF_CHARACTERS = [
    ("abandon reason", game_file(abandoned="rain\ud800")),
    ("table's override", game_file(override="\udfff")),
    ("deal's override", game_file(deals=[{"went_out": "Ana", "hands": {"Beto": 5, "Caro": 3}, "override": "\udc00"}])),
    ("house rule key", game_file(house_rules={"x-\ud800": True})),
    ("house rule value", game_file(house_rules={"x-note": "\ud83d"})),
    ("settings key", game_file(settings={"\ud800": 1})),
]


def test_restoring_half_a_character_is_refused_in_words_and_writes_nothing(served: Served) -> None:
    phone = Phone(served.server)
    before = rows(served.database)
    for where, content in HALF_CHARACTERS:
        answer = phone.restore(content)
        assert answer.status == 422, (where, answer.status, answer.text[-500:])
        assert "This file cannot be restored" in answer.text, where
        assert "half of a character" in answer.text, where
    assert rows(served.database) == before
    # The same file whole is restored: the refusal is the half character's alone.
    assert phone.restore(game_file(abandoned="rain \U0001f327")).status == 303
    assert rows(served.database)["game"] == before["game"] + 1
    no_server_errors(served.server)


# ---- item 6: a game deleted while other phones save ---------------------------------------------------------------

#: Phones saving at once while another deletes, and games deleted so.
SAVERS, ROUNDS = 8, 4
#: What a save may be answered while its game is deleted: saved (303), the game as it is now (a stale page: 200),
#: this game was deleted (410), or this link opens nothing (404, once the delete is done).
RACING_ANSWERS = {200, 303, 404, 410}


def rename_form(phone: Phone, token: str) -> tuple[str, dict[str, str]] | None:
    """The first player's rename form on the players page, the name changed; None when the link opens nothing."""
    page = phone.request("GET", f"/g/{token}/players")
    if page.status == 404:
        return None
    assert page.status == 200, page.status
    for action, fields in Forms(page.text).forms:
        player = [name for name in fields if name.endswith("player")]
        if action.endswith("/players") and player:
            old = fields[player[0]]
            fields[player[0].removesuffix("player") + "new_name"] = old[:-2] if old.endswith(" B") else old + " B"
            return action, fields
    raise AssertionError("no rename form")


def save_until_gone(phone: Phone, token: str, seen: Counter[int], deleted_said: list[str],
                    failed: list[BaseException]) -> None:
    """Rename again and again through the players page until the game is gone (at most a minute); what goes wrong
    is kept in ``failed`` for the test's own thread to say."""
    try:
        _save_until_gone(phone, token, seen, deleted_said)
    except BaseException as error:  # noqa: BLE001 - said by the test's own thread
        failed.append(error)


def _save_until_gone(phone: Phone, token: str, seen: Counter[int], deleted_said: list[str]) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        form = rename_form(phone, token)
        if form is None:
            seen[404] += 1
            return
        answer = phone.post(*form)
        seen[answer.status] += 1
        if answer.status == 410:
            deleted_said.append(answer.text)
        if answer.status in (404, 410):
            return
    raise AssertionError("the game was never deleted")


def test_deleting_a_game_while_other_phones_save_answers_every_save_in_words(served: Served) -> None:
    seen: Counter[int] = Counter()
    deleted_said: list[str] = []
    deletes: list[int] = []
    failed: list[BaseException] = []
    for _ in range(ROUNDS):
        edit_token, _ = new_game(served.database)
        deleter = Phone(served.server)
        confirm = deleter.form(f"/g/{edit_token}/delete", "")  # the confirmation posts to its own address
        threads = [threading.Thread(target=save_until_gone, args=(Phone(served.server), edit_token, seen,
                                                                  deleted_said, failed)) for _ in range(SAVERS)]
        for thread in threads:
            thread.start()
        time.sleep(0.5)  # the saves under way
        deletes.append(deleter.post(f"/g/{edit_token}/delete", confirm).status)
        for thread in threads:
            thread.join(90)
            assert not thread.is_alive()
    assert not failed, failed
    assert deletes == [303] * ROUNDS
    assert set(seen) <= RACING_ANSWERS, seen
    assert seen[303] > 0, seen
    assert seen[404] + seen[410] == SAVERS * ROUNDS, seen
    for text in deleted_said:
        assert "This game was deleted" in text
        assert "nothing was saved" in text
    engine = make_engine(served.database)
    try:
        with Session(engine) as session:
            orphans = session.exec(select(func.count()).select_from(store.GameEvent).where(
                store.GameEvent.game_id.not_in(select(store.Game.id)))).one()  # type: ignore[union-attr]
    finally:
        engine.dispose()
    assert orphans == 0
    no_server_errors(served.server)


# ---- item 8: viewers of a deleted game, or of a replaced link, are told at once ----------------------------------

#: Viewers per game: with two workers, some wait in the process that deletes and some in the other.
VIEWERS = 4
#: How soon a viewer must be told (the watcher's tick is 0.05 s; the stream used to wait for the next save, or 300 s).
TOLD_WITHIN = 2.0


def watching(served: Served, view_token: str) -> list[LiveStream]:
    """Viewers whose live streams are under way (each has had its first event)."""
    streams = []
    for _ in range(VIEWERS):
        stream = LiveStream.open(served.server, view_token, seq=1)
        streams.append(stream)
        assert stream.status == 200, stream.head
        assert "retry" in stream.next_event(time.monotonic() + 20)
        assert stream.next_event(time.monotonic() + 20).get("event") == "latest"  # the seq it shows is the latest
    return streams


def told_gone(streams: list[LiveStream], since: float) -> list[float]:
    """Each stream, read at once in a thread of its own: the seconds from ``since`` until it said ``gone`` (the one
    event after its first), after which it ended."""
    took: dict[int, float] = {}
    ended: list[int] = []
    failed: list[BaseException] = []

    def read(index: int, stream: LiveStream) -> None:
        try:
            event = stream.next_event(since + 20)
            took[index] = time.monotonic() - since
            assert event.get("event") == "gone", stream.events
            try:
                stream.next_event(time.monotonic() + 10)
            except ConnectionError:
                ended.append(index)
            stream.close()  # as a browser does when a stream ends (the server waits for it before closing the next)
        except BaseException as error:  # noqa: BLE001 - said by the test's own thread below
            failed.append(error)

    readers = [threading.Thread(target=read, args=(index, stream)) for index, stream in enumerate(streams)]
    for reader in readers:
        reader.start()
    for reader in readers:
        reader.join(30)
    assert not failed, failed
    assert sorted(took) == sorted(ended) == list(range(len(streams))), [stream.events for stream in streams]
    return [took[index] for index in range(len(streams))]


def test_viewers_of_a_deleted_game_are_told_at_once(served: Served) -> None:
    edit_token, view_token = new_game(served.database)
    scorekeeper = Phone(served.server)
    confirm = scorekeeper.form(f"/g/{edit_token}/delete", "")
    streams = watching(served, view_token)
    try:
        started = time.monotonic()
        assert scorekeeper.post(f"/g/{edit_token}/delete", confirm).status == 303
        took = told_gone(streams, started)
        assert max(took) < TOLD_WITHIN, took
        # What the page does on "gone": it asks for itself, and says the game is no longer available.
        assert served.server.request("HEAD", f"/v/{view_token}").status == 404
    finally:
        for stream in streams:
            stream.close()
    no_server_errors(served.server)


def test_viewers_of_a_replaced_link_are_told_at_once_and_the_new_links_stay_live(served: Served) -> None:
    edit_token, old_view = new_game(served.database)
    scorekeeper = Phone(served.server)
    replace = scorekeeper.form(f"/g/{edit_token}/share", "/replace-view")
    streams = watching(served, old_view)
    try:
        started = time.monotonic()
        answer = scorekeeper.post(f"/g/{edit_token}/share/replace-view", replace)
        assert answer.status == 303
        took = told_gone(streams, started)
        assert max(took) < TOLD_WITHIN, took
        assert served.server.request("HEAD", f"/v/{old_view}").status == 410  # the page says: replaced
        new_view = store_view_token(served.database, edit_token)
        assert new_view != old_view
        streams += watching(served, new_view)
        form = rename_form(scorekeeper, edit_token)
        assert form is not None
        assert scorekeeper.post(*form).status == 303
        for stream in streams[VIEWERS:]:
            assert stream.board(2, within=TOLD_WITHIN)["id"] == "2"  # live, and not told anything else
            assert [event.get("event") for event in stream.events[2:]] == ["board"]  # after retry and latest
    finally:
        for stream in streams:
            stream.close()
    no_server_errors(served.server)


def store_view_token(database: str, edit_token: str) -> str:
    engine = make_engine(database)
    try:
        with Session(engine) as session:
            return session.exec(select(store.Game.view_token).where(store.Game.edit_token == edit_token)).one()
    finally:
        engine.dispose()


# ---- the Persian table games' viewers share the live stream ------------------------------------------------------


def test_a_shelem_games_viewers_in_both_workers_get_each_change_live(served: Served) -> None:
    """A Shelem game's viewers (some in each worker, as the workers take the connections) get each of its
    scorekeeper's saves within ``LIVE_WITHIN`` of the save's response, and nothing but its board between."""
    edit_token, view_token = new_shelem_game(served.database)
    keeper = TableScorekeeper(served.server.url, edit_token)
    streams = watching(served, view_token)
    try:
        for seq in (2, 3):
            keeper.save()
            answered = time.monotonic()
            for stream in streams:
                board = stream.board(seq, within=LIVE_WITHIN - (time.monotonic() - answered))
                assert ("Ana B" in board["data"]) == (seq == 2), board["data"][:300]  # renamed, then back
            assert time.monotonic() - answered < LIVE_WITHIN
        for stream in streams:
            assert [event.get("event") for event in stream.events[2:]] == ["board", "latest", "board"]
    finally:
        for stream in streams:
            stream.close()
    no_server_errors(served.server)
