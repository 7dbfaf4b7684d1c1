"""The table's own calls, beside the hands: a misdeal (the hand dealt again), ending the game (Shaytan's and
Bluff's session ends only so; any other game the table stops before a winner), and a player's name fixed.

Each is one event posted through a form that carries the hand's number, the seq the page saw and an
idempotency key, like a hand: a page left open on an older hand is told the game moved on, and a refusal of the
ledger is said in the page's language with nothing saved. Undo takes any of them back.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from flask import flash, redirect, render_template, request, url_for

from referee.games.persian.ledger.events import GameEnded, PlayerRenamed, Redeal
from referee.games.persian.ledger.state import Closable
from referee.games.persian.web.blueprint import bp
from referee.games.persian.web.common import Page, append, require_game, stale_message
from referee.games.persian.web.forms import EndGameForm, HandForm, RedealForm, RenameForm
from referee.games.persian.web.screens import head_of
from referee.web.core import access
from referee.web.core.translate import gettext as _
from referee.web.helpers.forms import CSRF_FAILED

__all__ = ["Tools", "tools_of", "redeal", "end", "players"]


class Tools:
    """The table's calls the hand screen offers under the entry: a redeal, ending the game."""

    def __init__(self, state: Any) -> None:
        self.redeal = _prepared(RedealForm(formdata=None), state)
        self.end = _prepared(EndGameForm(formdata=None), state)
        # A tally game has no target: its session ends when the scorekeeper says, and its leaders win.
        self.leaders_win = isinstance(state.score, Closable)


def _prepared(form: HandForm, state: Any) -> Any:
    form.prepare(state.seq)
    form.hand.data = str(state.hand_number)
    return form


def tools_of(state: Any) -> Tools | None:
    """The table's calls for the hand being played (None once the game is over)."""
    return None if state.is_over else Tools(state)


def _checked(table: access.Table, form: HandForm) -> str | None:
    """Why the form cannot be taken as it was sent (its reason said), or None."""
    if not form.validate():
        if form.csrf_failed:
            return str(CSRF_FAILED)
        return " ".join(str(m) for errors in form.errors.values() for m in errors) or _("That did not work: "
                                                                                          "try again.")
    if form.seq != table.state.seq or form.hand_number != table.state.hand_number:
        return stale_message()
    return None


def _hand_screen(edit_token: str) -> Page:
    return redirect(url_for("persian.hand", edit_token=edit_token, _anchor="hand-head"), code=303)


#: A table's call's form.
Call = TypeVar("Call", RedealForm, EndGameForm)


def _call(edit_token: str, form_class: type[Call], event: Callable[[Call], Any], done: Callable[[Call, Any], str],
          done_page: Callable[[], Page] | None = None) -> Page:
    """A table's call sent from the hand screen: the form checked, its event appended, and what happened said on
    the hand screen (``done(form, state after)`` once it is done, and ``done_page()`` then, when given)."""
    table = require_game(edit_token)
    form = form_class()
    problem = _checked(table, form)
    if problem is not None:
        flash(problem, "warning")
        return _hand_screen(edit_token)
    outcome = append(table, form, event(form))
    if outcome.conflict:
        flash(stale_message(), "warning")
    elif outcome.refused:
        flash(" ".join(outcome.refused), "error")
    else:
        flash(done(form, outcome.state), "success")
        if done_page is not None:
            return done_page()
    return _hand_screen(edit_token)


@bp.post("/g/<edit_token>/hand/redeal")
def redeal(edit_token: str) -> Page:
    """A misdeal: the hand being played is dealt again by the same dealer; nothing is scored."""
    return _call(edit_token, RedealForm, lambda form: Redeal(hand_number=form.hand_number or 0),
                 lambda form, state: _("Hand %(num)d is dealt again by %(dealer)s: nothing scored.",
                                       num=form.hand_number or 0, dealer=state.dealer))


@bp.post("/g/<edit_token>/hand/end")
def end(edit_token: str) -> Page:
    """End the game here: a tally game's leaders win; any other game stops without a winner."""
    return _call(edit_token, EndGameForm, lambda form: GameEnded(reason=" ".join((form.reason.data or "").split())),
                 lambda _form, _state: _("The game was ended."),
                 lambda: redirect(url_for("persian.sheet", edit_token=edit_token), code=303))


def _rename_forms(state: Any) -> list[tuple[str, RenameForm]]:
    forms = []
    for name in state.players:
        form = _prepared(RenameForm(formdata=None), state)
        form.old.data = name
        forms.append((name, form))
    return forms


def _players_page(table: access.Table, failed: RenameForm | None = None, reasons: list[str] | None = None,
                  status: int = 200) -> tuple[str, int]:
    forms = _rename_forms(table.state)
    if failed is not None:  # the refused form again with what was typed (a fresh key and seq)
        _prepared(failed, table.state)
        forms = [(name, failed if name == failed.old.data else form) for name, form in forms]
    return render_template("persian/players.html", table=table, state=table.state, screen=head_of(table.state),
                           forms=forms, failed=failed, reasons=reasons or []), status


def _name_refused(form: RenameForm, reasons: list[str]) -> RenameForm:
    """``form`` with its new name marked as what was refused (the page says ``aria-invalid`` on that field)."""
    form.new.errors = [*form.new.errors, *reasons]
    return form


@bp.route("/g/<edit_token>/hand/names", methods=["GET", "POST"])
def players(edit_token: str) -> Page:
    """The players' names (GET), or one renamed (POST): the seat, the team and the score stay."""
    table = require_game(edit_token)
    if request.method == "GET":
        return _players_page(table)
    form = RenameForm()
    problem = _checked(table, form)
    if problem is not None:
        return _players_page(table, form, [problem], 400 if form.csrf_failed else 422)
    new = form.new_name()
    if not new:
        return _players_page(table, _name_refused(form, [_("Type the new name.")]), [_("Type the new name.")], 422)
    outcome = append(table, form, PlayerRenamed(old=form.old.data or "", new=new))
    if outcome.conflict:
        flash(stale_message(), "warning")
    elif outcome.refused:
        return _players_page(table, _name_refused(form, list(outcome.refused)), list(outcome.refused), 422)
    else:
        flash(_("%(old)s is now called %(new)s.", old=form.old.data, new=new), "success")
    return redirect(url_for("persian.players", edit_token=edit_token), code=303)
