"""Who may do what: the secret edit and view links, and the cookie that keeps this device's games.

No accounts. Creating a game gives the scorekeeper an edit link ``/g/<edit_token>`` and the players a view
link ``/v/<view_token>``; both tokens come from the ledger store (256 bits each). A page finds its game by
the token in its address: :func:`require_edit` for the scorekeeper's pages, :func:`require_view` for the
viewer — each answers 404 for any other token, so a view token never opens a scorekeeper page and an edit
token that was revoked (:func:`referee.ledger.store.rotate_edit_token`) says plainly it no longer works. A
view link the scorekeeper replaced (:func:`referee.ledger.store.rotate_view_token`) answers 410 with a page
that says so and what to do: ask the table for the new code.

This device's games are the edit tokens in the ``referee_games`` cookie (most recent first), which is how
"My games" finds them and how the scorekeeper's phone keeps its link.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from flask import abort, render_template, request
from sqlalchemy import text
from sqlmodel import Session, select
from werkzeug.wrappers import Response

from referee import db, families
from referee.families import Family
from referee.ledger import store
from referee.ledger.store import GameState

#: This device's games: their edit tokens, most recent first, separated by dots (tokens never hold one).
GAMES_COOKIE = "referee_games"
#: A cookie holds about 4 KB; 40 tokens of 43 characters stay well inside it.
MAX_GAMES = 40
COOKIE_AGE = 400 * 24 * 3600  # the longest a browser keeps a cookie

#: The shape of a token the store makes (secrets.token_urlsafe): anything else is not looked up at all.
TOKEN_PATTERN = re.compile(r"[A-Za-z0-9_-]{16,128}")

Role = Literal["edit", "view"]


@dataclass(frozen=True)
class Table:
    """One game as a page sees it: its ids and links' tokens, its variant, and its state when the page was asked
    for (a state of the game's family: :attr:`family`)."""

    game_id: int
    public_id: str
    edit_token: str
    view_token: str
    state: GameState
    variant: str = ""

    @property
    def family(self) -> Family:
        """The family that plays this game."""
        return families.family_for(self.variant)

    @property
    def seq(self) -> int:
        """The last event's sequence number: what the page's forms send back as ``expected_seq``."""
        return int(self.state.seq)


def is_token(text: str) -> bool:
    """Whether ``text`` has the shape of a token (a cheap check before any lookup)."""
    return TOKEN_PATTERN.fullmatch(text) is not None


def find_game(session: Session, token: str) -> tuple[store.Game, Role] | None:
    """The game whose edit or view token is ``token``, and which of the two it is; None for any other."""
    if not is_token(token):
        return None
    game = session.exec(
        select(store.Game).where((store.Game.edit_token == token) | (store.Game.view_token == token))
    ).first()
    if game is None:
        return None
    # The store's comparison is constant-time; it is also the one place that says what a token may do.
    role = store.access(game, token)
    if role is None:
        return None
    return game, role


@dataclass(frozen=True)
class Head:
    """What a view link opens, without its state: the game's ids, its last seq and its variant."""

    game_id: int
    public_id: str
    view_token: str
    seq: int
    variant: str = ""

    @property
    def family(self) -> Family:
        """The family that plays this game."""
        return families.family_for(self.variant)


#: A plain statement: the ORM's per-query work cost several times the query itself on the busiest page.
_VIEW_HEAD = text(
    f"SELECT id, public_id, view_token, seq, variant FROM {store.Game.__tablename__} WHERE view_token = :token"
)


def view_head(token: str) -> Head | None:
    """The game the players' link ``token`` opens and its last seq, in one light query (no state, no ORM)."""
    if not is_token(token):
        return None
    with db.get_engine().connect() as connection:
        row = connection.execute(_VIEW_HEAD, {"token": token}).first()
    if row is None or row[0] is None or not secrets.compare_digest(str(row[2]).encode(), token.encode()):
        return None
    return Head(game_id=row[0], public_id=str(row[1]), view_token=str(row[2]), seq=int(row[3]), variant=str(row[4]))


def require_view_head(token: str) -> Head:
    """:func:`view_head`; a 410 page when the link was replaced, else the plain 404 page."""
    head = view_head(token)
    if head is None:
        abort(replaced_page() if was_replaced(token, "view") else _not_found("view"))
    return head


def state_at(head: Head) -> GameState:
    """The state of the game at ``head.seq`` (from memory when it was folded before)."""
    with db.session() as session:
        return store.state_at(session, head.game_id, head.public_id, head.seq, head.variant)


#: The scorekeeper's link's game and its last seq, as plain as :data:`_VIEW_HEAD`.
_EDIT_HEAD = text(
    f"SELECT id, public_id, view_token, seq, variant, edit_token FROM {store.Game.__tablename__} "
    "WHERE edit_token = :token"
)


def require_edit_head(token: str) -> Head:
    """The game the scorekeeper's link ``token`` opens and its last seq, in one light query (no state, no ORM);
    else the plain 404 page, as :func:`require_edit` answers."""
    row = None
    if is_token(token):
        with db.get_engine().connect() as connection:
            row = connection.execute(_EDIT_HEAD, {"token": token}).first()
    if row is None or row[0] is None or not secrets.compare_digest(str(row[5]).encode(), token.encode()):
        abort(_not_found("edit"))
    return Head(game_id=row[0], public_id=str(row[1]), view_token=str(row[2]), seq=int(row[3]), variant=str(row[4]))


def edit_table_at(head: Head, edit_token: str) -> Table:
    """The scorekeeper's table of ``head``'s game at ``head.seq`` (404 when it was deleted in between)."""
    try:
        state = state_at(head)
    except store.GameNotFound:
        abort(_not_found("edit"))
    return Table(game_id=head.game_id, public_id=head.public_id, edit_token=edit_token, view_token=head.view_token,
                 state=state, variant=head.variant)


def load_table(token: str, role: Role) -> Table | None:
    """The game ``token`` opens with ``role``, with its current state; None when it opens nothing so."""
    with db.session() as session:
        found = find_game(session, token)
        if found is None or found[1] != role:
            return None
        game = found[0]
        assert game.id is not None
        try:
            state = store.state_of(session, game)
        except store.GameNotFound:  # deleted between the two reads: the link opens nothing now
            return None
        return Table(
            game_id=game.id, public_id=game.public_id, edit_token=game.edit_token, view_token=game.view_token,
            state=state, variant=game.variant,
        )


def require_edit(token: str) -> Table:
    """The game the scorekeeper's link ``token`` opens, or a plain 404 page ("this link does not work")."""
    table = load_table(token, "edit")
    if table is None:
        abort(_not_found("edit"))
    return table


def require_view(token: str) -> Table:
    """The game the players' link ``token`` opens; a 410 page when it was replaced, else a plain 404 page."""
    table = load_table(token, "view")
    if table is None:
        abort(replaced_page() if was_replaced(token, "view") else _not_found("view"))
    return table


def was_replaced(token: str, role: Role) -> bool:
    """Whether ``token`` was a ``role`` link of a game that has since made a new one."""
    if not is_token(token):
        return False
    with db.session() as session:
        record = store.retired(session, token)
    return record is not None and record.role == role


def replaced_page() -> Response:
    """410 Gone: "this link was replaced; ask the table for the new code" (no game is named)."""
    body = render_template("games/link_replaced.html")
    return Response(body, status=410, mimetype="text/html")


def _not_found(kind: Role) -> Response:
    body = render_template("games/link_not_found.html", kind=kind)
    return Response(body, status=404, mimetype="text/html")


# ---- this device's games -------------------------------------------------------------------------------


def device_tokens() -> list[str]:
    """The edit tokens this device keeps, most recent first (malformed entries are dropped)."""
    raw = request.cookies.get(GAMES_COOKIE, "")
    seen: list[str] = []
    for token in raw.split("."):
        if is_token(token) and token not in seen:
            seen.append(token)
    return seen[:MAX_GAMES]


def set_device_tokens(response: Response, tokens: Iterable[str]) -> None:
    """Store ``tokens`` (most recent first) as this device's games."""
    kept = [t for t in dict.fromkeys(tokens) if is_token(t)][:MAX_GAMES]
    if kept:
        response.set_cookie(
            GAMES_COOKIE, ".".join(kept), max_age=COOKIE_AGE, httponly=True, samesite="Lax", secure=request.is_secure
        )
    else:
        response.delete_cookie(GAMES_COOKIE)


def remember_game(response: Response, token: str, *, replacing: str | None = None) -> None:
    """Put ``token`` first among this device's games (in place of ``replacing``, a revoked token)."""
    others = [t for t in device_tokens() if t not in (token, replacing)]
    set_device_tokens(response, [token, *others])


def forget_game(response: Response, token: str) -> None:
    """Drop ``token`` from this device's games."""
    set_device_tokens(response, [t for t in device_tokens() if t != token])


def device_games() -> list[tuple[str, Table | None]]:
    """This device's games: each edit token with its game, or None where the link no longer works."""
    return [(token, load_table(token, "edit")) for token in device_tokens()]


__all__ = [
    "GAMES_COOKIE",
    "Head",
    "require_view_head",
    "state_at",
    "view_head",
    "Table",
    "device_games",
    "device_tokens",
    "find_game",
    "forget_game",
    "is_token",
    "load_table",
    "remember_game",
    "require_edit",
    "replaced_page",
    "require_view",
    "set_device_tokens",
    "was_replaced",
]
