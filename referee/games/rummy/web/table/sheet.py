"""The score sheet and what is done from it: every deal, the adjustments and totals; the latest events with the
phone that recorded each (and this phone's label); undo and redo; correcting a past deal.
"""

from __future__ import annotations

from typing import Any

from flask import flash, redirect, render_template, request, url_for
from werkzeug.wrappers import Response as WerkzeugResponse

from referee import db
from referee.games.rummy.ledger import events as ev
from referee.games.rummy.ledger.state import DealResult, GameState, HistoryEntry
from referee.games.rummy.web.forms import NOBODY, AbandonForm, CorrectDealForm, UndoForm
from referee.games.rummy.web.table.blueprint import bp
from referee.games.rummy.web.table.common import Outcome, Page, append, form_errors, last_undoable, stale_message
from referee.games.rummy.web.table.end import STEPS, Preview, one_turn_out, preview_of, render_end, step_redirect
from referee.ledger import store
from referee.web.core import access
from referee.web.core.device import DEVICE_ASKED_COOKIE, DEVICE_COOKIE, device_label
from referee.web.core.sending import SHOWN, browser_sent
from referee.web.core.translate import gettext as _
from referee.web.helpers.forms import CSRF_FAILED, DeviceForm

#: The latest events the score sheet lists with the phone that recorded each.
RECORDED_SHOWN = 12


def _undone_words(state: GameState, entry: HistoryEntry) -> str:
    """An undo in words; an undo of an undo is a redo: the words name the action itself, never "Undo of: Undo
    of: …"."""
    depth, target = 0, entry
    while (seq := target.event.undoes) is not None:
        found = next((e for e in state.history.entries if e.seq == seq), None)
        depth += 1
        if found is None:
            return _("Undo of: %(what)s", what=str(seq))
        target = found
    inner = event_words(state, target)
    return _("Undo of: %(what)s", what=inner) if depth % 2 else _("Redo of: %(what)s", what=inner)


def event_words(state: GameState, entry: HistoryEntry) -> str:
    """One event in words, for the undo confirmation and the history: as the event says itself (an undo names the
    action it took back or brought back)."""
    if entry.event.undoes is not None:
        return _undone_words(state, entry)
    said = entry.event.words
    return _(said.msgid, **said.params)


def sheet_context(table: access.Table) -> dict[str, Any]:
    """The score sheet: every deal, the adjustments, totals, winners and standings (all from the ledger)."""
    state = table.state
    target = last_undoable(state)
    corrections = [e for e in state.history.entries if e.event.restates is not None and not e.undone]
    correction_forms = {entry.seq: (undo_form(state, entry), event_words(state, entry)) for entry in corrections}
    redo = state.history.redo_target
    return {
        "table": table,
        "state": state,
        "variant": state.variant,
        "deals": state.sheet.deals,
        "adjustments": state.sheet.adjustments,
        "undo_target": target,
        "undo_words": event_words(state, target) if target is not None else "",
        "undo_form": undo_form(state, target),
        "redo_target": redo,
        "redo_words": redo_words(state, redo) if redo is not None else "",
        "redo_form": undo_form(state, redo),
        "corrections": corrections,
        "correction_forms": correction_forms,
        "abandon_form": AbandonForm(formdata=None).prepare(state.seq),
        "show_chips": state.chips.counts_chips,
        "device_form": device_form(),
        "recorded": [(entry, event_words(state, entry)) for entry in reversed(state.history.entries[-RECORDED_SHOWN:])],
    }


def undo_form(state: GameState, target: HistoryEntry | None) -> UndoForm:
    """A form that undoes ``target`` (an Undone to redo it), for the state's current seq; aimed nowhere at None."""
    form = UndoForm(formdata=None)
    form.prepare(state.seq)
    if target is not None:
        form.target.data = str(target.seq)
    return form


def device_form() -> DeviceForm:
    """The form that names this phone, filled with its label."""
    form = DeviceForm(formdata=None)
    form.label.data = device_label() or ""
    return form


@bp.post("/device")
def device(edit_token: str) -> WerkzeugResponse:
    """Name this phone: the label goes on every event it records from now on (the score sheet shows it)."""
    access.require_edit(edit_token)
    form = DeviceForm()
    from_deal = request.form.get("from") == "deal"  # the deal screen's question: back there once answered
    target = (url_for("table.deal", edit_token=edit_token, _anchor="deal-head") if from_deal
              else url_for("table.sheet", edit_token=edit_token, _anchor="device"))
    response = redirect(target, code=303)
    if not form.validate_on_submit():
        flash(" ".join(form_errors(form)), "error")
        return response
    # Asked once: named, or "Not now", this phone is not asked again (the score sheet can still name it).
    response.set_cookie(DEVICE_ASKED_COOKIE, "1", max_age=access.COOKIE_AGE, httponly=True, samesite="Lax")
    label = " ".join((form.label.data or "").split())
    if from_deal and "not_now" in request.form:
        flash(_("This phone can be named later, on the score sheet."), "success")
    elif label:
        response.set_cookie(DEVICE_COOKIE, label, max_age=access.COOKIE_AGE, httponly=True, samesite="Lax")
        flash(_("This phone is now called %(label)s: what it records says so.", label=label), "success")
    else:
        response.delete_cookie(DEVICE_COOKIE)
        flash(_("This phone no longer has a name."), "success")
    return response


@bp.get("/sheet")
def sheet(edit_token: str) -> str:
    """The score sheet; tap a deal to correct it; undo the last action."""
    table = access.require_edit(edit_token)
    return render_template("rummy/table/sheet.html", **sheet_context(table))


def redo_words(state: GameState, entry: HistoryEntry) -> str:
    """What a Redo brings back: the action its undo took back, in words."""
    seq = entry.event.undoes
    assert seq is not None
    target = state.history.entries[seq - 1]
    return event_words(state, target)


@bp.route("/undo", methods=["GET", "POST"])
def undo(edit_token: str) -> Page:
    """Undo: a confirmation page (saying what it undoes, and what Redo would bring back), then an Undone event.

    Undo takes back actions one by one, the latest first; an undo is taken back only by Redo (``/redo``).
    A correction can also be undone from the score sheet (its own form names it).
    """
    table = access.require_edit(edit_token)
    state = table.state
    if request.method == "GET":
        target = last_undoable(state)
        redo = state.history.redo_target
        return render_template(
            "rummy/table/undo.html", table=table, state=state, form=undo_form(state, target), target=target,
            words=event_words(state, target) if target is not None else "", redo_target=redo,
            redo_form=undo_form(state, redo), redo_words=redo_words(state, redo) if redo is not None else "",
        )
    form = UndoForm()
    if not form.validate_on_submit():
        flash(" ".join(form_errors(form)), "error")
        return redirect(url_for("table.sheet", edit_token=edit_token), code=303)
    seq = form.target_seq
    target = next((e for e in state.history.entries if e.seq == seq), None)
    if target is not None and target.event.undoes is not None:
        flash(_("That was an undo: bring the action back with Redo."), "error")
        return redirect(url_for("table.undo", edit_token=edit_token), code=303)
    what = event_words(state, target) if target is not None else str(seq)
    outcome = append(table, form, ev.Undone(seq=seq))
    _flash_undone(outcome, _("It cannot be undone:"), _("Undone: %(what)s.", what=what))
    if request.form.get("from") == "deal" and not outcome.state.over:
        return redirect(url_for("table.deal", edit_token=edit_token), code=303)  # undone from the deal: back there
    return redirect(url_for("table.sheet", edit_token=edit_token), code=303)


@bp.post("/redo")
def redo(edit_token: str) -> Page:
    """Redo: take back the latest undo made since the last new action (recorded as an Undone of that undo)."""
    table = access.require_edit(edit_token)
    state = table.state
    form = UndoForm()
    if not form.validate_on_submit():
        flash(" ".join(form_errors(form)), "error")
        return redirect(url_for("table.sheet", edit_token=edit_token), code=303)
    seq = form.target_seq
    entry = state.history.redo_target
    if entry is None or entry.seq != seq:
        if form.seq != state.seq:
            flash(stale_message(), "warning")
        else:
            flash(_("There is nothing to redo."), "error")
        return redirect(url_for("table.sheet", edit_token=edit_token), code=303)
    what = redo_words(state, entry)
    outcome = append(table, form, ev.Undone(seq=seq))
    _flash_undone(outcome, _("It cannot be redone:"), _("Redone: %(what)s.", what=what))
    return redirect(url_for("table.sheet", edit_token=edit_token), code=303)


def _flash_undone(outcome: Outcome, refused: str, done: str) -> None:
    """Say how an undo or redo went: a stale page, the rules' refusal after ``refused``, or ``done``."""
    if outcome.conflict:
        flash(stale_message(), "warning")
    elif outcome.refused:
        flash(refused + " " + " ".join(outcome.refused), "error")
    else:
        flash(done, "success")


@bp.route("/deals/<int:number>/correct", methods=["GET", "POST"])
def correct(edit_token: str, number: int) -> Page:
    """Correct a past deal: its result (and cut and buys); recorded as a correction that can be undone."""
    table = access.require_edit(edit_token)
    state = table.state
    result = next((d for d in state.sheet.deals if d.number == number), None)
    if result is None:
        flash(_("Deal %(num)d has not been played yet: there is nothing to correct.", num=number), "error")
        return redirect(url_for("table.sheet", edit_token=edit_token), code=303)
    shown = request.args.get(SHOWN) if request.method == "GET" else None
    step = shown in STEPS  # the page of a step the browser sent itself (see referee.games.rummy.web.table.end.end_deal)
    query = request.args if step else None
    form = CorrectDealForm(formdata=query) if step else CorrectDealForm()
    form.set_players(state.players, nobody_allowed=state.variant.deal_may_end_with_nobody_out, away=result.away,
                     formdata=query)
    if request.method == "GET" and not step:
        _fill_with_the_deal(form, state, result)
        return _render_correct(table, form, result)
    if step:
        with db.session() as session:
            sent = store.seq_of_key(session, game_id=table.game_id, idempotency_key=form.idempotency_key.data)
        if sent is not None:  # this correction was recorded since (Back after Confirm): nothing to do again
            flash(_("Deal %(num)d corrected. The correction can be undone from the score sheet.", num=number),
                  "success")
            return redirect(url_for("table.sheet", edit_token=edit_token), code=303)
        form.validate()
        form.csrf_token.errors = []  # a GET saves nothing: the page it shows gets a fresh token
        form._errors = None
        valid = not form.errors
    else:
        valid = form.validate_on_submit()
    confirming = "confirm" in request.form or shown == "confirm"
    if browser_sent() and ("confirm" not in request.form or not valid):
        if form.csrf_failed:
            flash(str(CSRF_FAILED), "error")
        return _step(table, form, number, "confirm" if confirming else "preview")
    if not valid:
        return _render_correct(table, form, result, reasons=tuple(form_errors(form)), status=422, fresh_key=not step)
    missing = form.missing(state.players) if form.went_out.data else []
    if missing:
        if browser_sent():
            return _step(table, form, number, "confirm")
        return _render_correct(table, form, result, missing=missing, status=422 if confirming else 200)
    event = _correction(state, form, result)
    if step or "confirm" not in request.form:
        preview, reasons, forcible = preview_of(state, event.with_override(form.override_reason))
        return _render_correct(table, form, result, preview=preview, reasons=reasons, forcible=forcible,
                               fresh_key=not step)
    outcome = append(table, form, event)
    if outcome.conflict:
        flash(stale_message(), "warning")
        return redirect(url_for("table.sheet", edit_token=edit_token), code=303)
    if outcome.refused:
        if browser_sent():
            return _step(table, form, number, "confirm", refused=True)
        return _render_correct(table, form, result, reasons=outcome.refused, forcible=outcome.forcible, status=422)
    flash(_("Deal %(num)d corrected. The correction can be undone from the score sheet.", num=number), "success")
    return redirect(url_for("table.sheet", edit_token=edit_token), code=303)


def _fill_with_the_deal(form: CorrectDealForm, state: GameState, result: DealResult) -> None:
    """A fresh correction form for a page rendered now, showing the deal as it was recorded."""
    form.prepare(state.seq)
    form.went_out.data = result.went_out if result.went_out is not None else NOBODY
    for seat, name in enumerate(state.players):
        value = result.hands.get(name, "")
        if isinstance(value, int):
            form.points.entries[seat].data = "" if name == result.went_out else str(value)
        else:
            form.hands.entries[seat].data = value
        form.buys.entries[seat].data = result.buys.get(name, 0)
    form.out_in_one_turn.data = result.out_in_one_turn or ""
    form.exact_cut.data = result.exact_cut
    form.cutter_jokers.data = result.cutter_jokers


def _correction(state: GameState, form: CorrectDealForm, result: DealResult) -> ev.DealCorrected:
    """The correction the form asks for: the deal's result, and the cut and buys only where they changed."""
    buys = form.buy_counts(state.players)
    jokers = int(form.cutter_jokers.data or 0)
    return ev.DealCorrected(
        deal=result.number, went_out=form.went_out_name(), hands=form.hand_values(state.players),
        out_in_one_turn=one_turn_out(state, form),
        exact_cut=bool(form.exact_cut.data) if bool(form.exact_cut.data) != result.exact_cut else None,
        cutter_jokers=jokers if form.exact_cut.data and jokers != result.cutter_jokers else None,
        buys=buys if buys != {n: result.buys.get(n, 0) for n in state.players if n not in result.away} else None,
    )


def _step(table: access.Table, form: CorrectDealForm, number: int, shown: str, *, refused: bool = False) -> Page:
    """A correction's step the browser sent itself: a redirect to the GET that shows its page."""
    return step_redirect(form, shown, refused, "table.correct", edit_token=table.edit_token, number=number)


def _render_correct(
    table: access.Table, form: CorrectDealForm, result: DealResult, *, preview: Preview | None = None,
    reasons: tuple[str, ...] = (), forcible: bool = False, status: int = 200, missing: list[str] | None = None,
    fresh_key: bool = True,
) -> tuple[str, int]:
    return render_end(table, form, None, preview=preview, reasons=reasons, forcible=forcible, status=status,
                       correcting=result, missing=missing, fresh_key=fresh_key)

