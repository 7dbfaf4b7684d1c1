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
its rules card answers ``/v/<view_token>/rules``. Contract rummy's are :func:`rummy_page`, :func:`rummy_board`
and :func:`renamed` here.
"""

from __future__ import annotations

import functools
import json
import threading
import time
from collections.abc import Callable, Iterator, Sequence
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
    render_template,
    request,
    session,
    stream_with_context,
    url_for,
)
from markupsafe import Markup, escape

from referee import db
from referee.families import Viewer
from referee.games.rummy.ledger.events import PlayerRenamed
from referee.games.rummy.ledger.state import GameState
from referee.ledger import changes
from referee.web.core import access, view_heads
from referee.web.core.i18n import current_language
from referee.web.core.rendered import Page, RenderCache, page_of
from referee.web.core.translate import gettext
from referee.web.helpers import wording
from referee.web.helpers.numbers import whole_number
from referee.web.helpers.numerals import number
from referee.web.helpers.wording import deal_words, reminders
from referee.web.screens.install import worker_url
from referee.web.screens.rules_card import contract_icons, render_card, rules_url

bp = Blueprint("board", __name__)

__all__ = ["bp", "score_chart", "board_context", "ChartSeries", "ME_COOKIE", "pages", "renamed", "rummy_board",
           "rummy_page", "rummy_rules_card"]
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

#: One colour per seat; each reads on the light and the dark background (and has a dash pattern too).
PALETTE = ("#d1495b", "#1f78b4", "#2f9e44", "#d9822b", "#8e5bd6", "#0f9f9f", "#c2185b", "#7a7f87")
DASHES = ("", "6 3", "2 3", "8 3 2 3", "", "6 3", "2 3", "8 3 2 3")


# ---- the chart: a small pure function -----------------------------------------------------------------


@dataclass(frozen=True)
class ChartSeries:
    """One player's line: running totals after each deal (the first point, 0, is before deal 1)."""

    name: str
    totals: tuple[int, ...]
    colour: str
    dash: str = ""
    highlighted: bool = False


def score_chart(
    series: Sequence[ChartSeries], *, deals: int, title: str, width: int = 360, height: int = 200
) -> Markup:
    """Draw the cumulative scores as an inline SVG: one line per player, deal 0 to ``deals`` on the x axis."""
    left, right, top, bottom = 34, 8, 10, 22
    plot_w, plot_h = width - left - right, height - top - bottom
    values = [v for s in series for v in s.totals] or [0]
    low, high = min(0, *values), max(0, *values)
    if high == low:
        high = low + 10
    step = _nice_step((high - low) / 4)
    low = step * (low // step)
    high = -step * (-high // step)
    span_x = max(deals, 1)

    def x(deal: int) -> float:
        return round(left + plot_w * deal / span_x, 1)

    def y(value: float) -> float:
        return round(top + plot_h * (high - value) / (high - low), 1)

    parts = [
        f'<svg class="chart" viewBox="0 0 {width} {height}" role="img" aria-labelledby="chart-title" '
        f'xmlns="http://www.w3.org/2000/svg"><title id="chart-title">{escape(title)}</title>'
    ]
    tick = low
    while tick <= high:
        parts.append(
            f'<line class="grid{" zero" if tick == 0 else ""}" x1="{left}" x2="{width - right}" '
            f'y1="{y(tick)}" y2="{y(tick)}"/><text class="axis" x="{left - 4}" y="{y(tick) + 4}" '
            f'text-anchor="end">{number(tick)}</text>'
        )
        tick += step
    label_every = 1 if deals <= 10 else 2
    for deal in range(1, deals + 1):
        if deal % label_every == 0 or deal == deals:
            parts.append(
                f'<text class="axis" x="{x(deal)}" y="{height - 6}" text-anchor="middle">{number(deal)}</text>'
            )
    for s in series:
        points = " ".join(f"{x(i)},{y(v)}" for i, v in enumerate(s.totals))
        dash = f' stroke-dasharray="{s.dash}"' if s.dash else ""
        cls = "line me" if s.highlighted else "line"
        parts.append(f'<polyline class="{cls}" fill="none" stroke="{s.colour}"{dash} points="{points}"/>')
        if len(s.totals) > 1:
            last = len(s.totals) - 1
            parts.append(
                f'<circle cx="{x(last)}" cy="{y(s.totals[last])}" r="{4 if s.highlighted else 3}" fill="{s.colour}"/>'
            )
    parts.append("</svg>")
    return Markup("".join(parts))


def _nice_step(raw: float) -> int:
    for step in (5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000):
        if raw <= step:
            return step
    return 10000


# ---- the board's content -----------------------------------------------------------------------------


@dataclass(frozen=True)
class PlayerRow:
    """One player on the board."""

    name: str
    seat: int
    total: int
    rank: int
    colour: str
    chips: int | None
    buys_left: int | None
    melded: bool
    me: bool
    role: str


@dataclass(frozen=True)
class DealLine:
    """One ended deal in the deal-by-deal table."""

    number: int
    winner: str | None
    points: tuple[int, ...]
    multiplier: int
    exact_cut: bool
    corrected: bool
    overrides: tuple[str, ...]


def board_context(state: GameState, me: str | None) -> dict[str, Any]:
    """Everything the board shows, from the game's state (nothing is decided here: the ledger decides)."""
    players = state.players
    me = me if me in players else None
    chips = state.chips.chips_left
    buys_left = state.chips.buys_left_this_deal
    ranks = state.sheet.ranks
    seating = state.seating
    roles = {seating.dealer: gettext("deals"), seating.cutter: gettext("cuts")}
    if not state.over:
        roles[seating.first_player] = (
            gettext("deals and plays first") if seating.first_player == seating.dealer else gettext("plays first")
        )
    rows = [
        PlayerRow(
            name=name,
            seat=seat,
            total=state.sheet.totals[name],
            rank=ranks[name],
            colour=PALETTE[seat % len(PALETTE)],
            chips=chips.get(name),
            buys_left=buys_left.get(name),
            melded=name in state.melded,
            me=name == me,
            role=(gettext("left after deal %(num)d", num=state.seating.left[name]) if name in state.seating.left
                  else "" if state.over else roles.get(name, "")),
        )
        for seat, name in enumerate(players)
    ]
    lines = [
        DealLine(
            number=d.number,
            winner=d.winner,
            points=tuple(d.points.get(name, 0) for name in players),
            multiplier=d.multiplier,
            exact_cut=d.exact_cut,
            corrected=d.corrected,
            overrides=tuple(d.overrides),
        )
        for d in state.sheet.deals
    ]
    after = {name: tuple(totals[name] for totals in state.sheet.running_totals) for name in players}
    series = [
        ChartSeries(
            name=name,
            # From 0 before deal 1; with no deal ended the ledger's one point is today's totals.
            totals=(0, *after[name]) if state.sheet.deals else after[name],
            colour=PALETTE[seat % len(PALETTE)],
            dash=DASHES[seat % len(DASHES)],
            highlighted=name == me,
        )
        for seat, name in enumerate(players)
    ]
    chart = score_chart(series, deals=len(state.variant.deals), title=gettext("Running totals after each deal"))
    return {
        "state": state,
        "variant": state.variant,
        "players": rows,
        "standings": [row for name in state.sheet.standings for row in rows if row.name == name],
        "lines": lines,
        "chart": chart,
        "me": me,
        "show_chips": state.chips.counts_chips,
        "token_name": wording.token_name(state.variant),
        "show_buys_left": state.chips.shows_buys_left,
        "contract_words": deal_words(state.deal, state.variant.terms),
        "reminders": reminders(state.variant, state.deal.number),
        "contract_icons": [contract_icons(c) for c in state.contracts],
        "adjustments": state.sheet.adjustments,
        "payouts": state.sheet.payouts,
        "stakes": state.sheet.stakes,
        "winners": state.sheet.leaders if state.finished else (),
        "last_deal": (gettext("Last deal (%(num)d): %(result)s", num=state.sheet.deals[-1].number,
                              result=wording.result_words(players, state.sheet.deals[-1]))
                      if state.sheet.deals else ""),
    }


# ---- routes ---------------------------------------------------------------------------------------------


def _me_from_request(state: GameState, viewer: Viewer) -> tuple[str | None, str | None]:
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


def renamed(state: GameState, name: str) -> str:
    """``name`` after every rename the game recorded since (undone renames left out)."""
    for entry in state.history.entries:
        event = entry.event
        if isinstance(event, PlayerRenamed) and not entry.undone and event.old == name:
            name = event.new
    return name


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


def rummy_board(state: GameState, view_token: str, me: str | None) -> str:
    """A contract-rummy game's board alone (what the live stream sends)."""
    return render_template("board/_board.html", **board_context(state, me), view_token=view_token)


def rummy_page(state: GameState, view_token: str, me: str | None) -> str:
    """A contract-rummy game's whole viewer page."""
    return render_template(
        "board/view.html",
        **board_context(state, me),
        view_token=view_token,
        seq=state.seq,
        live_url=url_for("board.live", view_token=view_token),
        rules_href=url_for("board.rules", view_token=view_token),
    )


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
        chosen = request.args.get("me") if "me" in request.args else None
        key = (head.public_id, request.full_path, head.seq, current_language(), chosen,
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


def rummy_rules_card(state: GameState, back_url: str) -> str:
    """A contract-rummy game's rules card: its variant with the house rules in force, for its players."""
    return render_card(state.variant, players=len(state.players), back_url=back_url, refused=[],
                       rules_link=rules_url(state.variant))
