"""The viewer: the read-only live scoreboard the players open from the QR code, ``/v/<view_token>``.

The page is rendered once per change: a rendered page is kept per (game, seq, language, "this is me", address)
and answered from memory, with an ``ETag`` (``If-None-Match`` gets 304) and its gzip made once.

Live updates cost nothing while nobody saves: ``/v/<view_token>/live`` is a stream of server-sent events. A
waiting viewer never reads the database; it waits on the process's watcher (:mod:`referee.ledger.changes`),
which wakes the viewers of a game when it changes, in this process, another worker, or another server on the
same PostgreSQL database. Each change sends the board (one render for every viewer alike) as an ``board`` event
whose id is its seq; a browser that lost the connection reconnects with ``Last-Event-ID`` (or ``?seq=``) and
gets the board at once if it missed a change. Then, and after every board, and at every heartbeat
(``LIVE_HEARTBEAT`` seconds, once the watcher has read the game again), it says ``latest``: the game's seq as
the server knows it. The page says "Live" only while it holds that seq, and for no longer than a heartbeat and a
margin (static/js/board.js), so a stream that confirms nothing is never shown as live. A stream ends by itself
after ``LIVE_STREAM_LIFETIME`` seconds (it says ``bye`` and the browser reconnects) and sends ``gone`` as soon as
the link no longer works (the game deleted, or the link replaced: the watcher says so at once,
:func:`referee.ledger.changes.announce_link`). Without JavaScript the page refreshes itself. Every route here is a
GET: a view token can never change anything.

The page, the stream and the cache are the same for every family of games (:mod:`referee.families`); what the
board shows is the game's family's: its :class:`~referee.families.Viewer` draws the page and the board, and
its rules card answers ``/v/<view_token>/rules``. Contract rummy's are in :mod:`referee.games.rummy.web.viewer`.
"""

from __future__ import annotations

import functools
import json
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import quote, unquote

from flask import (
    Blueprint,
    Flask,
    Response,
    abort,
    current_app,
    g,
    request,
    session,
    stream_with_context,
    url_for,
)

from referee import db
from referee.families import Viewer
from referee.ledger import changes
from referee.web.core import access, view_heads
from referee.web.core.i18n import asked_language, current_language
from referee.web.core.rendered import Page, RenderCache, page_of
from referee.web.helpers.numbers import whole_number
from referee.web.screens.install import worker_url

bp = Blueprint("board", __name__)

__all__ = ["bp", "ME_COOKIE", "pages"]

#: The cookie that remembers "this is me" (its path is the game's view link, so it is per game).
ME_COOKIE = "referee_me"
ME_COOKIE_AGE = 60 * 24 * 3600

#: A live stream says it is alive this often (seconds): proxies and phones drop silent connections.
DEFAULT_HEARTBEAT = 20.0
#: A live stream ends after this long (seconds) and the browser reconnects: a revoked link is noticed then.
DEFAULT_STREAM_LIFETIME = 300.0
#: The browser waits this long (milliseconds) before reconnecting a dropped stream.
RECONNECT_MS = 2000
#: After a heartbeat's re-read of the game is asked for, a stream waits this long (seconds) for the watcher's
#: answer before it says the seq it shows is still the latest (the watcher reads every ``interval``: 0.05 s).
CHECK_WITHIN = 1.0


def _me_from_request(state: Any, viewer: Viewer) -> tuple[str | None, str | None]:
    """The player this phone said it is: (name, cookie value to set or "" to clear, or None for no change).

    The cookie keeps a name; when the scorekeeper renamed that player since, the new name is followed.
    """
    players = state.players
    if "me" in request.args:
        chosen = request.args.get("me", "")
        name = chosen if chosen in players else None
        return name, quote(name) if name else ""
    raw = request.cookies.get(ME_COOKIE)
    if not raw:
        return None, None
    kept = unquote(raw)
    name = viewer.renamed(state, kept)
    if name not in players:
        return None, None
    return name, (quote(name) if name != kept else None)



@bp.before_app_request
def _hold_announcements() -> None:
    """A save's viewers are woken once its response is out (see :func:`referee.ledger.changes.hold`)."""
    g.referee_held_changes = changes.hold()


@bp.after_app_request
def _announce_after_the_response(response: Response) -> Response:
    held = g.pop("referee_held_changes", None)
    if held:
        response.call_on_close(lambda: changes.release(held))
    elif held is not None:
        changes.release(held)
    return response


@dataclass(frozen=True)
class _Pages:
    """This app's rendered viewer pages and live board events, and a lock per game (striped) for reading one.

    The locks are made in the process that serves, never at import: ``referee serve`` imports this module in
    gunicorn's master, before a gevent worker makes ``threading``'s locks its greenlets'. A lock made before
    blocks the whole worker: one viewer waiting while another held it across a PostgreSQL read (which lets the
    other greenlets run) stopped every stream and page of its worker until gunicorn killed it."""

    pages: RenderCache[tuple[Page, str | None]]
    boards: RenderCache[bytes]
    locks: tuple[threading.Lock, ...] = field(default_factory=lambda: tuple(threading.Lock() for _ in range(64)))

    def reading(self, public_id: str) -> threading.Lock:
        """The lock a waking viewer holds while it reads its game, so that only one of them reads it."""
        return self.locks[hash(public_id) % len(self.locks)]


def pages(app: Flask | None = None) -> _Pages:
    """The rendered viewer pages and board events of ``app`` (the current app by default)."""
    extensions = (app if app is not None else current_app).extensions
    kept = extensions.get("referee.pages")
    if kept is None:
        kept = extensions.setdefault("referee.pages", _Pages(RenderCache(), RenderCache()))
    assert isinstance(kept, _Pages)
    return kept



def _board_event(state: Any, view_token: str, me: str | None, viewer: Viewer) -> bytes:
    """The board as one server-sent event: ``event: board``, its seq as the id, the HTML as data lines."""
    html = viewer.board(state, view_token, me)
    data = "".join(f"data: {line}\n" for line in html.splitlines() or [""])
    return f"event: board\nid: {state.seq}\n{data}\n".encode()


def _page(state: Any, view_token: str, viewer: Viewer) -> tuple[Page, str | None]:
    """The viewer page for this request's "this is me", and the cookie to set ("" to clear, None: leave it)."""
    me, cookie = _me_from_request(state, viewer)
    return page_of(viewer.page(state, view_token, me)), cookie


@bp.get("/v/<view_token>")
def view(view_token: str) -> Response:
    """The live scoreboard: from memory when this seq was rendered before, 304 when the phone has it already;
    what the link opens comes from memory too while the watcher vouches for it (:mod:`referee.web.core.view_heads`:
    no SQL at all), else from one light query."""
    head = view_heads.require_view_head(view_token)
    viewer = head.family.screens().viewer
    # Only a phone with a session can have a message waiting (opening the session costs a signature check).
    if request.cookies.get(current_app.config["SESSION_COOKIE_NAME"]) and session.get("_flashes"):
        page, cookie = _page(access.state_at(head), view_token, viewer)  # a message for this phone only: not kept
    else:
        # Everything the page depends on is in the key: the game at this seq, the address (the language switch
        # links back to it), the language, and what says who "me" is (the address's choice, else the cookie).
        # (No query string, no "me": the address's arguments are not parsed for nothing.)
        chosen = request.args.get("me") if request.query_string and "me" in request.args else None
        key = (head.public_id, request.full_path, head.seq, asked_language(), chosen,
               request.cookies.get(ME_COOKIE))
        page, cookie = pages().pages.get(key, lambda: _page(access.state_at(head), view_token, viewer))
    if request.if_none_match.contains_weak(page.etag):
        response = Response(status=304)
    else:
        gzipped = request.accept_encodings["gzip"] > 0
        response = Response(page.gzipped if gzipped else page.body, mimetype="text/html")
        if gzipped:
            response.headers["Content-Encoding"] = "gzip"
    response.set_etag(page.etag)
    # Kept by the browser, but asked again every time (a 304 when nothing changed); per phone ("this is me").
    response.headers["Cache-Control"] = "private, no-cache"
    response.headers["Vary"] = "Accept-Encoding, Accept-Language, Cookie"  # a new response: nothing to add to
    if cookie is not None:
        path = url_for("board.view", view_token=view_token)
        if cookie:
            response.set_cookie(ME_COOKIE, cookie, max_age=ME_COOKIE_AGE, path=path, samesite="Lax", httponly=True)
        else:
            response.delete_cookie(ME_COOKIE, path=path)
    return response


def _seen_seq() -> int | None:
    """The seq of the board the browser shows: the last event id it got, else ``?seq=``."""
    raw = request.headers.get("Last-Event-ID") or request.args.get("seq", "")
    return whole_number(raw, maximum=999_999_999)


def _event_stream(body: Iterator[bytes] | bytes) -> Response:
    response = Response(body, mimetype="text/event-stream")
    response.headers["Cache-Control"] = "no-store"
    response.headers["X-Accel-Buffering"] = "no"  # a proxy must pass each event on at once
    return response


@functools.lru_cache(maxsize=4096)
def _latest(seq: int, heartbeat: float, worker: str) -> bytes:
    """The ``latest`` event: the game's latest seq as this server knows it (from the database when the stream
    opens and at every heartbeat), the heartbeat's period in seconds (a browser told nothing for longer knows its
    stream is dead) and the service worker's address (the viewer's page registers it, whatever its family).
    Made once for each seq: every viewer of a game woken by a save sends the same one."""
    data = json.dumps({"seq": seq, "heartbeat": heartbeat, "worker": worker}, separators=(",", ":"))
    return f"event: latest\ndata: {data}\n\n".encode()


@bp.get("/v/<view_token>/live")
def live(view_token: str) -> Response:
    """Server-sent events: the board whenever the game's seq differs from the one the browser shows.

    When the process is stopping (a restart, a new version: see :func:`referee.ledger.changes.stop_waiting`) the
    stream says ``restart`` and ends at once, so the stop is not held up by viewers; the browser says it is
    reconnecting and comes back in a moment to whichever server answers, with the seq it shows."""
    seen = _seen_seq()
    if seen is None:
        abort(400)
    config = current_app.config
    watcher = changes.watcher_for(db.get_engine(), interval=config.get("LIVE_WATCH_INTERVAL"))
    watcher.start()  # before the game is read: no change can fall between the read and the wait
    table = access.load_table(view_token, "view")
    if table is None:
        abort(access.replaced_page() if access.was_replaced(view_token, "view") else 404)
    viewer = table.family.screens().viewer
    chosen, _ = _me_from_request(table.state, viewer)
    language = current_language()
    cached = pages()
    boards = cached.boards
    heartbeat = float(config.get("LIVE_HEARTBEAT", DEFAULT_HEARTBEAT))
    lifetime = float(config.get("LIVE_STREAM_LIFETIME", DEFAULT_STREAM_LIFETIME))
    public_id = table.public_id
    worker = worker_url()
    link = changes.link_mark(table.view_token)
    watcher.observe(public_id, table.seq)

    def board_at(current: access.Table) -> bytes:
        me = viewer.renamed(current.state, chosen) if chosen else None
        key = (public_id, current.view_token, current.seq, language, chosen)
        return boards.get(key, lambda: _board_event(current.state, current.view_token, me, viewer))

    def events() -> Iterator[bytes]:
        opening = f"retry: {RECONNECT_MS}\n\n".encode()
        shown = seen
        if table.seq != seen:
            opening += board_at(table)
            shown = table.seq
        # The browser shows "Live" only once told the seq it holds is the game's latest (read just now).
        yield opening + _latest(shown, heartbeat, worker)
        end = time.monotonic() + lifetime
        checked = False
        while (remaining := end - time.monotonic()) > 0:
            known = watcher.wait(public_id, shown, min(CHECK_WITHIN if checked else heartbeat, remaining), link=link)
            if known is None:
                if watcher.stopping:
                    yield b"event: restart\ndata: \n\n"
                    return
                if not checked:
                    # A heartbeat: the watcher reads the game's seq again (one query a tick for every game asked
                    # for), so a change it missed is found now rather than when the stream ends.
                    watcher.recheck(public_id)
                    checked = True
                    continue
                checked = False
                yield _latest(shown, heartbeat, worker)  # still the latest: the browser stays "Live"
                continue
            checked = False
            if not watcher.opens(public_id, link):
                # The game was deleted or this link replaced, the watcher says: the database decides, at once.
                current = access.load_table(view_token, "view")
                if current is None:
                    yield b"event: gone\ndata: \n\n"
                    return
                watcher.observe_link(public_id, link)  # it still opens the game: the watcher knew an older link
                if current.seq != shown:
                    shown = current.seq
                    yield board_at(current) + _latest(shown, heartbeat, worker)
                continue
            woken = _woken_board(cached, (public_id, view_token, known, language, chosen), board_at)
            if woken is None:
                yield b"event: gone\ndata: \n\n"
                return
            kept, shown = woken
            yield kept + _latest(shown, heartbeat, worker)  # one write: thousands of viewers wake at once
        yield b"event: bye\ndata: \n\n"

    return _event_stream(stream_with_context(events()))


def _woken_board(cached: _Pages, key: tuple[str, str, int, str, str | None],
                 board_at: Callable[[access.Table], bytes]) -> tuple[bytes, int] | None:
    """The board a woken viewer sends for the seq ``key`` names, and the seq it shows; None when the link opens
    nothing now. Every viewer of the game wakes at once: one of them reads the game and renders, the others wait
    for it and find the board kept."""
    public_id, view_token, known = key[0], key[1], key[2]
    kept = cached.boards.peek(key)
    if kept is None:
        with cached.reading(public_id):
            kept = cached.boards.peek(key)
            if kept is None:
                current = access.load_table(view_token, "view")
                if current is None:
                    return None
                return board_at(current), current.seq
    return kept, known


@bp.get("/v/<view_token>/rules")
def rules(view_token: str) -> str:
    """The rules card of this game's variant, with the game's house rules in force (its family's card)."""
    table = access.require_view(view_token)
    return table.family.screens().rules_card(table.state, url_for("board.view", view_token=view_token))


