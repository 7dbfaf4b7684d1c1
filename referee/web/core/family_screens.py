"""Every family's screens in one app: each family registers its blueprints, and a game's link opens its own family's.

The core owns the two entry addresses, ``/g/<edit_token>`` (the scorekeeper) and ``/v/<view_token>`` (the players'
board, :mod:`referee.web.screens.board`); a family owns everything under them that its blueprints register. A
request for a family's address is checked before its view runs (:func:`_to_the_games_family`): when the token's game
belongs to another family, the entry ``/g/<edit_token>`` (whichever family's rule it is) is answered by the game's own
family's ``edit_endpoint``, and any other of the family's addresses answers 404, so a family's view only ever
sees its own games' states. A token's family is looked up once per process (a game never changes family).

The core's pages link to a game's scorekeeper by the entry, whatever its family: :func:`entry_url` (a Jinja
global) and :func:`entry_endpoint` build its address without naming any family's endpoint.
"""

from __future__ import annotations

from flask import Flask, abort, current_app, make_response, request, url_for
from sqlalchemy import text
from werkzeug.wrappers import Response

from referee import db, families
from referee.families import Family, UnknownFamilyError
from referee.ledger import store
from referee.lru import LeastRecentlyUsed
from referee.web.core.access import Table, is_token

__all__ = ["ENTRY_RULE", "init_app", "family_of_token", "owners", "entry_endpoint", "entry_url"]

#: The variant of a game by either of its tokens (tokens are 256-bit secrets: one game each, for its life).
_VARIANT_OF_TOKEN = text(
    f"SELECT variant FROM {store.Game.__tablename__} WHERE edit_token = :token OR view_token = :token"
)
_KNOWN = LeastRecentlyUsed[str, str](size=4096)
_OWNERS = "referee.family_blueprints"
_ENTRY = "referee.entry_endpoint"
#: The scorekeeper's entry: every family's games open here, on its family's ``edit_endpoint``.
ENTRY_RULE = "/g/<edit_token>"


def init_app(app: Flask) -> None:
    """Register every family's screens and the check that sends a game's link to its own family's screens."""
    owners: dict[str, str] = {}
    for family in families.families():
        if family.web is None:
            continue
        screens = family.screens()
        screens.init_app(app)
        owners.update(dict.fromkeys(screens.blueprints, family.id))
    app.extensions[_OWNERS] = owners
    # The endpoint whose rule is the entry (a family's own, since the entry answers with the game's family's
    # screen): the core builds the entry's address with it and never names it.
    app.extensions[_ENTRY] = next((rule.endpoint for rule in app.url_map.iter_rules() if rule.rule == ENTRY_RULE),
                                  None)
    app.add_template_global(entry_url, "entry_url")
    # Before the CSRF check: a refused form is answered by calling its view again (referee.web.core.security), which
    # must never be a view of another family than the game's.
    hooks = app.before_request_funcs.setdefault(None, [])
    csrf = [i for i, hook in enumerate(hooks) if getattr(hook, "__name__", "") == "csrf_protect"]
    hooks.insert(csrf[0] if csrf else len(hooks), _to_the_games_family)


def owners(app: Flask | None = None) -> dict[str, str]:
    """Which family owns each family blueprint, by the blueprint's name."""
    found = (app if app is not None else current_app).extensions.get(_OWNERS, {})
    assert isinstance(found, dict)
    return found


def entry_endpoint(family: Family) -> str:
    """The endpoint that builds the scorekeeper's entry ``/g/<edit_token>`` (its one argument ``edit_token``) for a
    game of ``family``: the entry's own, or the family's ``edit_endpoint`` in an app where no family serves the
    entry."""
    endpoint = current_app.extensions.get(_ENTRY)
    return endpoint if isinstance(endpoint, str) else family.screens().edit_endpoint


def entry_url(table: Table) -> str:
    """The scorekeeper's address of ``table``'s game, whatever its family: the entry, at the head of the family's
    scorekeeper's screen (its ``edit_anchor``)."""
    anchor = table.family.screens().edit_anchor
    return url_for(entry_endpoint(table.family), edit_token=table.edit_token, _anchor=anchor)


def family_of_token(token: str) -> Family | None:
    """The family of the game whose edit or view token is ``token``; None when no game has it."""
    variant = _KNOWN.peek(token)
    if variant is None:
        with db.get_engine().connect() as connection:
            row = connection.execute(_VARIANT_OF_TOKEN, {"token": token}).first()
        if row is None:
            return None
        variant = str(row[0])
        with _KNOWN.lock:
            _KNOWN.keep(token, variant)
    try:
        return families.family_of(variant)
    except UnknownFamilyError:
        return None


def _to_the_games_family() -> Response | None:
    """Before a family's view: a game of another family goes to its own family's entry, or 404."""
    blueprint = request.blueprint
    args = request.view_args or {}
    owner_id = owners().get(blueprint or "")
    token = args.get("edit_token") or args.get("view_token")
    if owner_id is None or not isinstance(token, str):
        return None
    if not is_token(token):
        return None  # the view says "this link does not work" itself
    family = family_of_token(token)
    if family is None or family.id == owner_id:
        return None
    rule = request.url_rule.rule if request.url_rule is not None else ""
    if family.web is not None and rule.rstrip("/") == ENTRY_RULE and request.method in ("GET", "HEAD"):
        view = current_app.view_functions[family.screens().edit_endpoint]
        answer: Response = make_response(view(edit_token=token))
        return answer
    abort(404)
