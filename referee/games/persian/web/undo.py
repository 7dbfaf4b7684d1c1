"""Undo and redo on a Persian game: each is an event (``Undone(seq)`` cancels the event with that seq; undoing an
Undone redoes it), appended like any hand, with the seq the page saw and an idempotency key.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask import flash, redirect, request, url_for
from wtforms import HiddenField
from wtforms.validators import InputRequired

from referee.games.persian.ledger.events import Undone
from referee.games.persian.web import words
from referee.games.persian.web.blueprint import bp
from referee.games.persian.web.common import Page, append, require_game, stale_message
from referee.web.core.translate import gettext as _
from referee.web.helpers.forms import ActionForm
from referee.web.helpers.numbers import whole_number

__all__ = ["UndoForm", "Offer", "undo_offer", "redo_offer", "undo"]


class UndoForm(ActionForm):
    """Undo (or redo) one event: the seq of the event it cancels."""

    target = HiddenField(validators=[InputRequired()])


@dataclass(frozen=True)
class Offer:
    """An Undo or Redo button: its form and the words of what it takes back."""

    form: UndoForm
    words: str


def _offer(state: Any, target: Any) -> Offer | None:
    if target is None:
        return None
    form = UndoForm(formdata=None)
    form.prepare(state.seq)
    form.target.data = str(target.seq)
    return Offer(form, words.event_words(state, target))


def undo_offer(state: Any) -> Offer | None:
    """The Undo button: the last event still standing (never an undo, which Redo takes back)."""
    return _offer(state, state.history.undo_target)


def redo_offer(state: Any) -> Offer | None:
    """The Redo button: the last undo, when nothing was entered since."""
    return _offer(state, state.history.redo_target)


@bp.post("/g/<edit_token>/hand/undo")
def undo(edit_token: str) -> Page:
    """Undo or redo one event (the form says which seq); back to the page it came from."""
    table = require_game(edit_token)
    form = UndoForm()
    back = url_for("persian.sheet" if request.referrer and "/scores" in request.referrer else "persian.hand",
                   edit_token=edit_token)
    target = whole_number(form.target.data, minimum=1)
    if not form.validate() or target is None:
        flash(_("That did not work: try again."), "error")
        return redirect(back, code=303)
    outcome = append(table, form, Undone(seq=target))
    if outcome.conflict:
        flash(stale_message(), "warning")
    elif outcome.refused:
        flash(" ".join(outcome.refused), "error")
    else:
        flash(_("Done: %(what)s.", what=_("undone")), "success")
    if outcome.state.is_over:
        back = url_for("persian.sheet", edit_token=edit_token)
    return redirect(back, code=303)
