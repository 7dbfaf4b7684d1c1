"""Correcting a past hand: the hand's entry again, its new values recorded as one event (the sheet marks the hand
as corrected, and Undo takes the correction back). The rules check the game again from that hand on: a
correction that would make a later hand impossible is refused with the reasons, and nothing is saved.
"""

from __future__ import annotations

from flask import abort, flash, redirect, render_template, request, url_for

from referee.games.persian.ledger.events import HandCorrected
from referee.games.persian.web.blueprint import bp
from referee.games.persian.web.common import Page, append, require_game, stale_message
from referee.games.persian.web.hand import FORMS, entry_of, hand_context, refused_page
from referee.games.persian.web.screens import HAND_ENTRIES
from referee.web.core.translate import gettext as _
from referee.web.helpers.forms import CSRF_FAILED

__all__ = ["correct"]


@bp.route("/g/<edit_token>/hands/<int:number>/correct", methods=["GET", "POST"])
def correct(edit_token: str, number: int) -> Page:
    """Show a past hand's entry (GET) or record its correction (POST)."""
    table = require_game(edit_token)
    state = table.state
    if not 1 <= number < state.score.hand_number:
        abort(404)
    kind = HAND_ENTRIES[state.variant_id]
    if request.method == "GET":
        form = FORMS[kind](formdata=None)
        form.prepare(state.seq)
        form.hand.data = str(number)
        return render_template("persian/hand.html", **hand_context(table, form, None, number))
    form = FORMS[kind]()
    if not form.validate():
        reasons = [str(CSRF_FAILED)] if form.csrf_failed else [_("That did not work: try again.")]
        return refused_page(table, form, reasons, number, status=400 if form.csrf_failed else 422)
    if form.seq != state.seq or form.hand_number != number:
        flash(stale_message(), "warning")
        return redirect(url_for("persian.sheet", edit_token=edit_token), code=303)
    entry, problems = entry_of(kind, form, state)
    if entry is None:
        return refused_page(table, form, problems, number)
    outcome = append(table, form, HandCorrected(hand_number=number, hand=entry))
    if outcome.conflict:
        flash(stale_message(), "warning")
    elif outcome.refused:
        return refused_page(table, form, list(outcome.refused), number)
    else:
        flash(_("Hand %(num)d corrected.", num=number), "success")
    return redirect(url_for("persian.sheet", edit_token=edit_token), code=303)
