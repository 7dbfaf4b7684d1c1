"""Starting a game and finding it again: the new-game page, the share page's links, and "My games".

The new-game page is contract rummy's form, and below it every other family's games, grouped by family, each a
link to that family's own creation form (:attr:`referee.families.FamilyWeb.chooser`). My games lists the games of
every family; a family other than contract rummy says what its line shows (:attr:`~referee.families.FamilyWeb.line`).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from urllib.parse import quote, unquote

from flask import Blueprint, abort, current_app, flash, redirect, render_template, request, url_for
from flask_babel import lazy_gettext as _l
from werkzeug.wrappers import Response
from wtforms.fields.choices import SelectChoice

from referee import db, families
from referee.games.rummy.ledger.events import GameCreated
from referee.games.rummy.ledger.state import EventRefused
from referee.ledger import store
from referee.ledger.names import clean_name
from referee.rules.catalogue import DEFAULT_VARIANT, VARIANTS
from referee.rules.problems import RulesError
from referee.rules.variants import Variant
from referee.web.core import access
from referee.web.core.device import device_label
from referee.web.core.i18n import current_language
from referee.web.core.translate import gettext as _
from referee.web.helpers import wording
from referee.web.helpers.forms import (
    CSRF_FAILED,
    MAX_NAME,
    MAX_PLAYERS_FIELDS,
    RANDOM,
    EmptyForm,
    NewGameFields,
    NewGameForm,
    house_rule_field_name,
    new_key,
)
from referee.web.helpers.numbers import whole_number
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


def _prefill(form: NewGameFields) -> None:
    """Fill a fresh form from the query: ``variant``, ``players`` (repeated), ``rematch`` (an edit token)."""
    rematch = request.args.get("rematch", "")
    created: GameCreated | None = None
    today: list[str] = []  # a rematch's players: the names as they are now (renames and seat changes kept)
    if rematch:
        table = access.load_table(rematch, "edit")
        if table is not None:
            created = table.state.created
            today = list(table.state.players)
    variant_id = created.variant if created is not None else request.args.get("variant", "")
    variant = VARIANTS.get(variant_id, DEFAULT_VARIANT)
    form.variant.data = variant.id
    names = today if created is not None else [n for n in request.args.getlist("players") if n]
    count = len(names) or variant.players.default  # a rematch: its players, no blank row to point out
    _clear_players(form)
    for index in range(min(count, MAX_PLAYERS_FIELDS)):
        form.players.append_entry(names[index][:MAX_NAME] if index < len(names) else "")
    if created is not None:
        for rule_id, value in created.house_rules.items():
            for rule in variant.house_rules:
                if rule.id == rule_id:
                    form[house_rule_field_name(variant, rule)].data = value
        for key in ("small_stake", "large_stake"):
            value = created.settings.get(key)
            if isinstance(value, int | float) and not isinstance(value, bool):
                form[key].data = int(value)


def _clear_players(form: NewGameFields) -> None:
    """Empty the player fields, so the next one added is players-0 again."""
    form.players.entries = []
    form.players.last_index = -1


def _dealer_choices(form: NewGameFields) -> None:
    choices = [SelectChoice(RANDOM, _("Draw at random"))]
    for index, entry in enumerate(form.players.entries):
        name = clean_name(entry.data or "")
        choices.append(SelectChoice(str(index), name or _("Player %(num)d", num=index + 1)))
    form.first_dealer.choices = choices


def _render_new(form: NewGameFields, problems: list[str] | None = None, status: int = 200) -> tuple[str, int]:
    _dealer_choices(form)
    chosen = form.chosen_variant()
    variants = [
        {
            "variant": v,
            "description": wording.variant_description(v),
            "deals": len(v.deals),
            "rules": [
                {
                    "rule": rule,
                    "field": form[house_rule_field_name(v, rule)],
                    "title": wording.house_rule_title(rule),
                    "explanation": wording.house_rule_explanation(rule),
                    "choices": [(c, wording.choice_words(c)) for c in rule.choices],
                }
                for rule in v.house_rules
            ],
        }
        for v in VARIANTS.values()
    ]
    body = render_template(
        "games/new.html", form=form, variants=variants, chosen=chosen, problems=problems or [],
        recent_names=recent_names(), max_players=MAX_PLAYERS_FIELDS, **chooser_groups(),
    )
    return body, status


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
    form_family = families.family_for(DEFAULT_VARIANT.id)
    others = [family for family in families.families() if family.web is not None and family is not form_family]
    language = current_language()
    groups = [(FamilyGames(family.id, family.screens().heading(), tuple(family.screens().chooser())),
               language in family.screens().first_in) for family in others]
    return {
        "form_family": form_family.screens().heading() if groups and form_family.web is not None else None,
        "families_before": [group for group, first in groups if first],
        "families_after": [group for group, first in groups if not first],
    }


@bp.route("/games/new", methods=["GET", "POST"])
def new() -> Response | tuple[str, int]:
    """The new game: variant, house rules, players in turn order, first dealer; creating it shows the QR."""
    form: NewGameFields = NewGameForm()
    if request.method == "GET":
        _prefill(form)
        form.idempotency_key.data = new_key()
        return _render_new(form)
    if form.creation_key() is None:
        form.idempotency_key.data = new_key()
    # Buttons that only change the form (no JavaScript): add a player field, remove one.
    if "add_player" in request.form:
        if len(form.players.entries) < MAX_PLAYERS_FIELDS:
            form.players.append_entry("")
        return _render_new(form)
    if "remove_player" in request.form:
        index = whole_number(request.form.get("remove_player"), maximum=len(form.players.entries) - 1)
        if index is not None and len(form.players.entries) > 1:
            kept = [e.data for i, e in enumerate(form.players.entries) if i != index]
            _clear_players(form)
            for name in kept:
                form.players.append_entry(name)
        return _render_new(form)
    if not form.validate():
        return _render_new(form, [str(CSRF_FAILED)] if form.csrf_failed else None, status=422)
    blank = _blank_rows(form)
    if blank:
        return _render_new(form, blank, status=422)
    key = form.creation_key()
    created, problems = _created(form, key)
    if created is None:
        return _render_new(form, problems, status=422)
    try:
        return open_game(created, key, created.players)
    except store.IdempotencyKeyReused:
        form.idempotency_key.data = new_key()
        return _render_new(form, [str(FORM_ALREADY_USED)], status=409)
    except EventRefused as refused:
        return _render_new(form, wording.problems_words(refused.problems), status=422)
    except RulesError as error:
        return _render_new(form, [str(error)], status=422)


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


def _blank_rows(form: NewGameFields) -> list[str]:
    """A blank player row between typed names is pointed out (never silently dropped): the reasons, each row marked.
    Blank rows after the last name are left out: a table of three does not delete the form's fourth row."""
    entries = form.players.entries
    # A row is blank when nothing is left of it once cleaned as a name (a zero-width space alone is no name).
    if not any(clean_name(e.data or "") for e in entries):
        return []  # no names at all: _created says so
    problems = []
    # Empty rows after the last name are seats nobody sat in (three at a form of four rows): not a mistake.
    last = max(index for index, entry in enumerate(entries) if clean_name(entry.data or ""))
    for index, entry in enumerate(entries[:last]):
        if not clean_name(entry.data or ""):
            message = _("Player %(num)d has no name: type it, or remove that row.", num=index + 1)
            entry.errors = [*entry.errors, message]
            problems.append(message)
    return problems


def _created(form: NewGameFields, key: str | None = None) -> tuple[GameCreated | None, list[str]]:
    """The GameCreated the form describes, or the problems that keep it from being one.

    "Draw at random" draws from the form's idempotency key (keyed with the app's secret) when there is one,
    so a retried request describes the same game (the key is a fresh uuid4 per rendered form).
    """
    variant: Variant = form.chosen_variant()
    names = form.names()
    if not names:
        return None, [_("Type the players’ names, in the order play passes.")]
    choice = form.first_dealer.data or RANDOM
    if choice == RANDOM:
        first_dealer = secrets.choice(names) if key is None else names[draw(key, len(names))]
    else:
        # The seat's name cleaned as the players' names are (NFC, no zero-width characters), so it is one of them.
        typed = [clean_name(e.data or "") for e in form.players.entries]
        index = whole_number(choice, maximum=len(typed) - 1)
        if index is None or not typed[index]:
            return None, [_("Choose the first dealer among the players (or draw at random).")]
        first_dealer = typed[index]
    settings: dict[str, object] = {}
    for key in ("small_stake", "large_stake"):
        if form[key].data is not None:
            settings[key] = form[key].data
    created = GameCreated(
        variant=variant.id, players=tuple(names), first_dealer=first_dealer,
        house_rules=form.house_rule_values(), settings=settings, device=device_label(),
    )
    return created, []


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
