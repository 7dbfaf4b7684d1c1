"""Restore and forget: bring a game back from its file (of any family), and delete a game for good.

Restoring reads the file through the ledger's one gate for outside files (:func:`referee.ledger.files.read_file`,
the same checks as ``referee tally``: the file's ``format`` says its family), replays it strictly, and
writes it as a new game with new links, all at once or not at all. A file the rules refuse (without the
table's override recorded in it) is refused with the rules' reasons: a backup comes back as it was played.

Deleting asks first (a page that says what goes), then removes the game's every row; this phone forgets it.
A phone that saves while another deletes is told plainly that the game was deleted (410, nothing saved, and that
phone forgets it too): the store refuses the save with ``GameNotFound`` whenever the game went in the meantime.
"""

from __future__ import annotations

from flask import Blueprint, flash, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from referee import db, families
from referee.families import Family, FamilyWeb
from referee.ledger import files, store
from referee.rules.problems import RulesError
from referee.web.core import access
from referee.web.core.device import device_label
from referee.web.core.translate import gettext as _
from referee.web.helpers.forms import CSRF_FAILED, EmptyForm, RestoreForm

bp = Blueprint("backup", __name__)


@bp.route("/games/restore", methods=["GET", "POST"])
def restore() -> Response | tuple[str, int]:
    """Upload a game's file: it becomes a new game (new links) on this phone's list."""
    form = RestoreForm()
    if not form.validate_on_submit():
        problems = [str(CSRF_FAILED)] if form.csrf_failed else []
        status = 200 if not form.is_submitted() else 422
        return _render(form, problems, status)
    raw = form.game_file.data.read(files.MAX_FILE_BYTES + 1)
    family = None
    try:
        read = files.read_file(raw)
        family = read.family
        events = read.events()
        # The phone that restores is the one that recorded the new game's creation (the file names no phone).
        label = device_label()
        if label is not None:
            events = [family.from_device(events[0], label), *events[1:]]
        with db.session() as session:
            game = store.restore_game(session, events=events)
            edit_token = game.edit_token
    except ValueError as error:
        return _render(form, _refusal(error, family), 422)
    response = redirect(url_for("share.players", edit_token=edit_token, new=1), code=303)
    access.remember_game(response, edit_token)
    flash(_("The game was restored as a new game, with new links: share the new code with the players."),
          "success")
    return response


def _refusal(error: ValueError, family: Family | None) -> list[str]:
    """Why a file cannot be restored, in the page's language: it cannot be read, or the rules refuse its game."""
    if files.is_unreadable(error):
        problem = getattr(error, "problem", None)
        reason = str(error) if problem is None else _words_of(family).problem_words(problem)
        return [_("This file cannot be restored: %(reason)s.", reason=reason)]
    refused = _("The rules refuse this game as the file tells it:")
    if family is not None and isinstance(error, family.event_refused):
        return [refused, *dict.fromkeys(map(family.screens().problem_words, getattr(error, "problems", ())))]
    screens = _rules_words(family)
    if isinstance(error, RulesError) and screens is not None and screens.rules_problem is not None:
        # An engine's refusal of what the file sets up (contract rummy's: a variant or house rule it cannot take).
        return [refused, screens.problem_words(screens.rules_problem(error))]
    raise error


def _words_of(family: Family | None) -> FamilyWeb:
    """The screens that word a refusal of ``family``'s file: its own; with no family known, the first family's,
    whose reader refused the file (:func:`referee.families.family_for_file`)."""
    return (family if family is not None else families.family_for_file(None)).screens()


def _rules_words(family: Family | None) -> FamilyWeb | None:
    """The screens that word an engine's refusal met restoring ``family``'s file
    (:attr:`~referee.families.FamilyWeb.rules_problem`): its own when it words them, else the first family's."""
    for candidate in (family, families.family_for_file(None)):
        if candidate is not None and candidate.web is not None and candidate.screens().rules_problem is not None:
            return candidate.screens()
    return None


def _render(form: RestoreForm, problems: list[str], status: int) -> tuple[str, int]:
    return render_template("games/restore.html", form=form, problems=problems), status


@bp.route("/g/<edit_token>/delete", methods=["GET", "POST"])
def delete(edit_token: str) -> Response | tuple[str, int]:
    """Delete the game: a confirmation first; then every event, player and link of it is gone."""
    table = access.require_edit(edit_token)
    form = EmptyForm()
    if not form.validate_on_submit():
        problems = [str(CSRF_FAILED)] if form.csrf_failed else []
        screens = table.family.screens()
        body = render_template("game/delete.html", table=table, state=table.state, form=form, problems=problems,
                               screens=screens, line=screens.line(table.state) if screens.line is not None else None)
        return body, 200 if not form.is_submitted() else 400
    with db.session() as session:
        store.delete_game(session, game_id=table.game_id)
    response = redirect(url_for("games.mine"), code=303)
    access.forget_game(response, edit_token)
    flash(_("The game was deleted: its scores are gone from this server, and its links no longer open anything."),
          "success")
    return response


@bp.app_errorhandler(store.GameNotFound)
def deleted_meanwhile(_error: store.GameNotFound) -> Response:
    """The game was deleted (from another phone) while this request was on its way: 410, said plainly."""
    body = render_template("errors/refused.html", code=410, title=_("This game was deleted"), message=_(
        "This game was deleted from another phone while this was being sent, so nothing was saved: its scores are "
        "gone from this server, and its links no longer open anything."))
    response = Response(body, status=410, mimetype="text/html")
    token = (request.view_args or {}).get("edit_token")
    if isinstance(token, str):
        access.forget_game(response, token)
    return response
