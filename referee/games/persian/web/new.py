"""A new Persian game: which game, the players in seat order (partners opposite, with a swap), the first dealer
or ruler (or a draw), and the house rules the game declares (docs/table-games.md). Creating it shows the QR.

The page is one form that works without JavaScript: adding or removing a player and swapping two seats are
buttons that send the form back and show it again. Nothing is saved until "Create the game", which appends the
creation event once (its idempotency key is the rendered form's: a double tap lands on the same game).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask import render_template, request, url_for
from werkzeug.wrappers import Response
from wtforms.fields.choices import SelectChoice

from referee.games.persian.ledger.events import GameCreated
from referee.games.persian.rules import GAMES
from referee.games.persian.rules.base import GameRules, Option, OptionValue, Table
from referee.games.persian.web import words
from referee.games.persian.web.blueprint import bp
from referee.games.persian.web.forms import NewPersianGameForm
from referee.ledger import store
from referee.web.core import access
from referee.web.core.translate import gettext as _
from referee.web.helpers.forms import CSRF_FAILED, RANDOM, new_key
from referee.web.helpers.numbers import whole_number
from referee.web.screens.games import FORM_ALREADY_USED, draw, open_game, recent_names

__all__ = ["new", "chooser_games", "DEFAULT_GAME"]

#: The game a bare "new Persian game" opens with: the one most Persian tables play.
DEFAULT_GAME = "hokm"


def chooser_games() -> list[GameRules[Any, Any]]:
    """The games the family creates, in the rule book's order."""
    return list(GAMES.values())


@dataclass(frozen=True)
class OptionRow:
    """One house rule on the form: its field's name, its words, its values and the one chosen."""

    name: str
    kind: str  # "bool" or "choice"
    title: str
    help: str
    choices: tuple[tuple[str, str], ...]
    value: OptionValue
    error: str = ""


def _field(option: Option) -> str:
    return f"option_{option.name}"


def _chosen(option: Option) -> tuple[OptionValue, bool]:
    """The value posted for ``option`` (its default on a fresh form) and whether it was one it allows."""
    if request.method != "POST":
        return option.default, True
    raw = request.form.get(_field(option))
    if isinstance(option.default, bool):
        return raw == "y", True
    for value in option.allowed:
        if raw == str(value):
            return value, True
    return option.default, raw is None


def option_rows(rules: GameRules[Any, Any]) -> tuple[list[OptionRow], dict[str, OptionValue]]:
    """The game's house rules as the form shows them, and the values chosen that differ from the defaults."""
    rows: list[OptionRow] = []
    chosen: dict[str, OptionValue] = {}
    for option in rules.options:
        value, known = _chosen(option)
        if value != option.default:
            chosen[option.name] = value
        kind = "bool" if isinstance(option.default, bool) else "choice"
        rows.append(OptionRow(
            name=_field(option), kind=kind, title=words.option_title(rules.id, option.name),
            help=words.option_help(rules.id, option.name),
            choices=tuple((str(v), words.option_value(option.name, v)) for v in option.allowed),
            value=value, error="" if known else _("Choose one of the options."),
        ))
    return rows, chosen


def _seat_count(rules: GameRules[Any, Any], form: NewPersianGameForm) -> None:
    """Give the form the game's usual number of seats (its fewest), keeping the names typed."""
    least, most = min(rules.players), max(rules.players)
    typed = [entry.data or "" for entry in form.players.entries][:most]
    while len(typed) < least:
        typed.append("")
    _set_names(form, typed)


def _set_names(form: NewPersianGameForm, names: list[str]) -> None:
    form.players.entries = []
    form.players.last_index = -1
    for name in names:
        form.players.append_entry(name)


def _first_choices(form: NewPersianGameForm) -> None:
    choices = [SelectChoice(RANDOM, _("Draw at random"))]
    for index, entry in enumerate(form.players.entries):
        name = " ".join((entry.data or "").split())
        choices.append(SelectChoice(str(index), name or _("Player %(num)d", num=index + 1)))
    form.first.choices = choices


def _render(rules: GameRules[Any, Any], form: NewPersianGameForm, problems: list[str] | None = None,
            status: int = 200) -> tuple[str, int]:
    _first_choices(form)
    options, _chosen_values = option_rows(rules)
    names = form.names()
    teams = []
    if rules.teams and len(names) == 4:
        for team in (0, 1):
            members = [names[seat] or _("Player %(num)d", num=seat + 1) for seat in (team, team + 2)]
            teams.append({"key": "ab"[team], "label": words.team_letter(team), "names": members})
    game = {
        "id": rules.id, "name": words.game_name(rules.id), "blurb": words.game_blurb(rules.id),
        "teams": rules.teams, "min_players": min(rules.players), "max_players": max(rules.players),
        "first_title": words.first_title(rules.id), "first_help": words.first_help(rules.id),
    }
    games = [{"id": g.id, "name": words.game_name(g.id), "url": url_for("persian.new", variant=g.id)}
             for g in chooser_games()]
    body = render_template("persian/new.html", form=form, game=game, games=games, options=options, teams=teams,
                           problems=problems or [], recent_names=recent_names())
    return body, status


def _rules_from_request() -> GameRules[Any, Any]:
    wanted = request.form.get("variant") if request.method == "POST" else request.args.get("variant")
    return GAMES.get(str(wanted or ""), GAMES.get(DEFAULT_GAME) or next(iter(GAMES.values())))


def _prefill(rules: GameRules[Any, Any], form: NewPersianGameForm) -> None:
    """A fresh form: a rematch's players (``rematch`` = the old game's edit token) or the query's ``players``."""
    names = [n for n in request.args.getlist("players") if n]
    rematch = access.load_table(request.args.get("rematch", ""), "edit")
    if rematch is not None and getattr(rematch.state, "variant_id", None) == rules.id:
        names = list(rematch.state.players)
    _set_names(form, names)
    _seat_count(rules, form)


def _first_seat(form: NewPersianGameForm, count: int, key: str) -> int | None:
    choice = form.first.data or RANDOM
    if choice == RANDOM:
        return draw(key, count)
    return whole_number(choice, maximum=count - 1)


def _edit(form: NewPersianGameForm, rules: GameRules[Any, Any]) -> bool:
    """Apply a button that only changes the form (add, remove, swap); whether there was one."""
    names = [entry.data or "" for entry in form.players.entries]
    if "add_player" in request.form:
        if len(names) < max(rules.players):
            names.append("")
    elif "remove_player" in request.form:
        index = whole_number(request.form.get("remove_player"), maximum=len(names) - 1)
        if index is not None and len(names) > min(rules.players):
            del names[index]
    elif "swap" in request.form:
        # "Swap players 2 and 3" (value 2): seat numbers from 1, so the list's indices are one less.
        seat = whole_number(request.form.get("swap"), minimum=1, maximum=len(names) - 1)
        if seat is not None:
            names[seat - 1], names[seat] = names[seat], names[seat - 1]
    else:
        return False
    _set_names(form, names)
    return True


@bp.route("/games/persian/new", methods=["GET", "POST"])
def new() -> Response | tuple[str, int]:
    """The new Persian game: the game, its players in seat order, the first dealer or ruler, its house rules."""
    rules = _rules_from_request()
    form = NewPersianGameForm()
    if request.method == "GET":
        _prefill(rules, form)
        form.idempotency_key.data = new_key()
        return _render(rules, form)
    if form.creation_key() is None:
        form.idempotency_key.data = new_key()
    if _edit(form, rules):
        return _render(rules, form)
    if not form.validate():
        return _render(rules, form, [str(CSRF_FAILED)] if form.csrf_failed else None, status=422)
    names = form.names()
    problems = [_("Player %(num)d has no name: type it, or remove that row.", num=index + 1)
                for index, name in enumerate(names) if not name]
    options, chosen = option_rows(rules)
    problems += [f"{row.title}: {row.error}" for row in options if row.error]
    key = form.creation_key() or new_key()
    first = _first_seat(form, len(names), key)
    if first is None:
        problems.append(_("Choose who goes first among the players (or draw at random)."))
    if problems:
        return _render(rules, form, problems, status=422)
    assert first is not None
    table = Table(game=rules.id, players=tuple(names), first=first, options=chosen)
    refused = rules.table_problems(table)
    if refused:
        return _render(rules, form, words.problems_words(refused), status=422)
    created = GameCreated(variant=rules.id, players=tuple(names), first=names[first], options=dict(chosen))
    try:
        return open_game(created, key, names)
    except store.IdempotencyKeyReused:
        form.idempotency_key.data = new_key()
        return _render(rules, form, [str(FORM_ALREADY_USED)], status=409)
    except ValueError as error:
        return _render(rules, form, words.refusal_words(error), status=422)

