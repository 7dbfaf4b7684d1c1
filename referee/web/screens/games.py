"""Starting a game and finding it again: the new-game page, the share page's links, and "My games".

The new-game page is one family's form (contract rummy's: :attr:`referee.families.FamilyWeb.new_game`), and around
it every other family's games, grouped by family, each a link to that family's own creation form
(:attr:`referee.families.FamilyWeb.chooser`). My games lists the games of
every family; a family other than contract rummy says what its line shows (:attr:`~referee.families.FamilyWeb.line`).
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from urllib.parse import quote, unquote

from flask import Blueprint, abort, current_app, flash, redirect, render_template, request, url_for
from flask_babel import lazy_gettext as _l
from werkzeug.wrappers import Response

from referee import db, families
from referee.ledger import store
from referee.web.core import access
from referee.web.core.i18n import current_language
from referee.web.core.translate import gettext as _
from referee.web.helpers.forms import MAX_NAME, EmptyForm
from referee.web.screens import share

bp = Blueprint("games", __name__)

#: Names typed on this device before, offered when typing players (most recent first).
NAMES_COOKIE = "referee_names"
MAX_NAMES = 30


def recent_names() -> list[str]:
    """The player names used on this device, most recent first."""
    raw = request.cookies.get(NAMES_COOKIE, "")
    names = [unquote(part).strip()[:MAX_NAME] for part in raw.split("|")]
    return list(dict.fromkeys(n for n in names if n))[:MAX_NAMES]


def remember_names(response: Response, names: list[str]) -> None:
    """Put ``names`` first among the names this device offers."""
    kept = list(dict.fromkeys([*names, *recent_names()]))[:MAX_NAMES]
    response.set_cookie(
        NAMES_COOKIE, "|".join(quote(n, safe="") for n in kept), max_age=access.COOKIE_AGE, httponly=True,
        samesite="Lax",
    )


@dataclass(frozen=True)
class FamilyGames:
    """One family's group of the new-game page: its id, its name in the page's language, and its games."""

    id: str
    heading: str
    entries: tuple[families.ChooserEntry, ...]


def chooser_groups() -> dict[str, object]:
    """The new-game page's groups: the heading of the family whose form it is (contract rummy's; None when it is
    the only family), and every other family's games, those that come first in the page's language
    (:attr:`~referee.families.FamilyWeb.first_in`) before the form, the rest after it, in the registry's order."""
    page_family = form_family()
    others = [family for family in families.families() if family.web is not None and family is not page_family]
    language = current_language()
    groups = [(FamilyGames(family.id, family.screens().heading(), tuple(family.screens().chooser())),
               language in family.screens().first_in) for family in others]
    return {
        "form_family": page_family.screens().heading() if groups and page_family is not None else None,
        "families_before": [group for group, first in groups if first],
        "families_after": [group for group, first in groups if not first],
    }


def form_family() -> families.Family | None:
    """The family whose form the new-game page is: the first with a :attr:`~referee.families.FamilyWeb.new_game`
    (contract rummy's), or None when no family has one."""
    for family in families.families():
        if family.web is not None and family.screens().new_game is not None:
            return family
    return None


@bp.route("/games/new", methods=["GET", "POST"])
def new() -> Response | tuple[str, int]:
    """The new game: the form of the family whose page it is (:func:`form_family`), which creates the game."""
    family = form_family()
    page = family.screens().new_game if family is not None else None
    if page is None:
        abort(404)
    answer: Response | tuple[str, int] = page()
    return answer


#: A form sent again with other choices after it made its game: the page then shows a fresh form for a new game.
FORM_ALREADY_USED = _l("This form already created a game. Check the choices and create it again for a new game.")


def open_game(created: store.Event, key: str | None, names: Sequence[str]) -> Response:
    """Every family's last step of a new-game form: append the creation event ``created`` once for the form's
    ``key`` (a double tap lands on the same game), link it as the rematch it may be, and go to its share page,
    remembering the game and its ``names`` on this device.

    Raises :class:`~referee.ledger.store.IdempotencyKeyReused` when the key already made another game, and what
    the family's check of ``created`` raises when it refuses it; nothing is written then.
    """
    with db.session() as session:
        game = store.create_game(session, created=created, idempotency_key=key)
        edit_token, game_id = game.edit_token, game.id
    if game_id is not None:
        share.link_rematch(game_id)  # a Rematch: the old game's viewers can follow the table here
    response = redirect(url_for("share.players", edit_token=edit_token, new=1), code=303)
    access.remember_game(response, edit_token)
    remember_names(response, list(names))
    return response


def draw(key: str, count: int) -> int:
    """A draw among ``count`` made from a form's idempotency key, keyed with the app's secret: the same key (a
    retried request) draws the same; the page cannot tell which."""
    secret = str(current_app.secret_key or "").encode()
    digest = hmac.new(secret, key.encode(), hashlib.sha256).digest()
    return int.from_bytes(digest[:8], "big") % count


@dataclass(frozen=True)
class MyGame:
    """One line of "My games": the game (None when its link was revoked), when it began, and its series."""

    token: str
    table: access.Table | None
    created_at: datetime | None
    #: Games in the series up to this one (1: not a rematch), and each player's wins in them, most first.
    series_games: int = 1
    series_wins: tuple[tuple[str, int], ...] = ()

    @property
    def line(self) -> str | None:
        """What the game's family says of it on My games, or None: contract rummy's line (the template's)."""
        if self.table is None:
            return None
        screens = self.table.family.screens()
        return screens.line(self.table.state) if screens.line is not None else None


def my_games() -> list[MyGame]:
    """This device's games, newest first (links that no longer work last), each with its series' wins so far.

    A series is a chain of Rematches. A finished game is a win for each player ranked first (a tie is a win
    for each of them); a game ended early is nobody's win.
    """
    found: list[MyGame] = []
    with db.session() as session:
        for token, table in access.device_games():
            if table is None:
                found.append(MyGame(token, None, None))
                continue
            game = session.get(store.Game, table.game_id)
            if game is None:
                continue
            chain = store.series_of(session, table.game_id)
            wins: dict[str, int] = {}
            for game_id in chain:
                member = game if game_id == table.game_id else session.get(store.Game, game_id)
                if member is None:
                    continue
                state = table.state if member is game else store.state_of(session, member)
                for name in store.family_of_game(member).winners_of(state):
                    wins[name] = wins.get(name, 0) + 1
            ranked = tuple(sorted(wins.items(), key=lambda item: (-item[1], item[0])))
            found.append(MyGame(token, table, game.created_at, len(chain), ranked))
    oldest = datetime.min.replace(tzinfo=UTC)
    return sorted(found, key=lambda g: (g.table is not None, _aware(g.created_at) or oldest), reverse=True)


def _aware(moment: datetime | None) -> datetime | None:
    """SQLite gives back naive datetimes (the store writes UTC)."""
    if moment is None or moment.tzinfo is not None:
        return moment
    return moment.replace(tzinfo=UTC)


@bp.get("/games")
def mine() -> str:
    """My games: date, variant, players and state (deal N, or the winner), newest first; a series' wins."""
    return render_template("games/mine.html", games=my_games(), forget_form=EmptyForm())


@bp.post("/games/forget/<edit_token>")
def forget(edit_token: str) -> Response:
    """Drop a game from this device's list (the game itself stays)."""
    if not EmptyForm().validate_on_submit():
        abort(400)
    response = redirect(url_for("games.mine"), code=303)
    access.forget_game(response, edit_token)
    flash(_("The game was removed from this phone’s list."), "success")
    return response
