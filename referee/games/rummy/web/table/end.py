"""Ending a deal: who went out, each other player's cards on the keypad (or their points), the preview of the
result as the ledger computes it, and confirm. Correcting a past deal (:mod:`.sheet`) uses the same page.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import Any

from flask import flash, redirect, render_template, request, url_for
from werkzeug.wrappers import Response as WerkzeugResponse

from referee import db
from referee.games.rummy.ledger.events import DealEnded, Event, HandValue, OneTurnOut
from referee.games.rummy.ledger.state import DealResult, EventRefused, GameState
from referee.games.rummy.ledger.state import apply as apply_event
from referee.games.rummy.web import wording
from referee.games.rummy.web.forms import NO_CARDS, NOBODY, EndDealForm, hand_value
from referee.games.rummy.web.table.blueprint import bp
from referee.games.rummy.web.table.common import Page, append, form_errors, go_deal, stale_message
from referee.ledger import store
from referee.rules import scoring
from referee.rules.cards import CardError, parse_cards
from referee.rules.problems import RulesError
from referee.web.core import access
from referee.web.core.sending import SHOWN, browser_sent, shown_again
from referee.web.core.translate import gettext as _
from referee.web.helpers.forms import CSRF_FAILED, new_key
from referee.web.helpers.numbers import whole_number

#: The keypad's keys: ranks A–K and the joker; a ten is written T (the notation's one-letter form).
KEYPAD = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "JK")
KEY_LABELS = {"T": "10", "JK": "JK"}


@dataclass(frozen=True)
class HandRow:
    """One player's line on the end-of-deal page."""

    seat: int
    name: str
    field: Any
    typed: Any  # the points field
    points: int | None
    error: str | None
    cards: str  # pretty, for the arithmetic
    arithmetic: str  # "10 + 7 + 15"
    active: bool
    went_out: bool
    away: bool = False  # left the game before this deal: no hand


def _hand_arithmetic(state: GameState, value: HandValue) -> tuple[int | None, str | None, str, str]:
    """Points of a hand as entered, with any error, the cards pretty and the sum written out (the engine's values)."""
    if isinstance(value, int):
        return value, None, "", ""
    if not value.strip():
        return None, None, "", ""  # nothing entered yet: no score, not 0
    try:
        cards = parse_cards(value, allow_bare_rank=True)
        points = state.sheet.hand_points(value)
    except (CardError, RulesError) as error:
        return None, _("These are not cards: %(text)s (%(error)s)", text=value, error=str(error)), "", ""
    values = [scoring.card_value(card, state.variant) for card in cards]
    pretty = " ".join(card.pretty() if hasattr(card, "pretty") else str(card) for card in cards)
    return points, None, pretty, " + ".join(str(v) for v in values)


def _end_rows(state: GameState, form: EndDealForm, active: int | None) -> list[HandRow]:
    rows = []
    out = form.went_out_name()
    for seat, name in enumerate(state.players):
        entry = form.hands.entries[seat]
        typed = form.points.entries[seat]
        is_out = name == out
        if name in form.away:
            rows.append(HandRow(seat, name, entry, typed, 0, None, "", "", False, False, away=True))
            continue
        if is_out:
            points, pretty, sums = 0, "", ""
            error = " ".join(str(e) for e in typed.errors) or None  # something entered for them is pointed out
        elif typed.errors:
            points, error, pretty, sums = None, " ".join(str(e) for e in typed.errors), "", ""
        else:
            points, error, pretty, sums = _hand_arithmetic(state, hand_value(entry.data, typed.data))
        rows.append(HandRow(seat, name, entry, typed, points, error, pretty, sums, seat == active, is_out))
    return rows


def _next_seat(state: GameState, form: EndDealForm, after: int | None) -> int | None:
    """The next player still to enter, in turn order after ``after`` (the one who went out is skipped)."""
    out = form.went_out_name()
    n = len(state.players)
    start = -1 if after is None else after
    for step in range(1, n + 1):
        seat = (start + step) % n if after is not None else step - 1
        if state.players[seat] != out and state.players[seat] not in form.away:
            return seat
    return None


@dataclass(frozen=True)
class Preview:
    """The deal's result as the ledger computes it, before it is recorded."""

    result: DealResult
    adjustments: list[Any]
    totals: dict[str, int]
    finished: bool


def preview_of(state: GameState, event: Event) -> tuple[Preview | None, tuple[str, ...], bool]:
    """Apply the event to the state in memory: the result, or the rules' reasons (and whether forcible)."""
    try:
        after = apply_event(state, event)
    except EventRefused as refused:
        return None, tuple(wording.problems_words(refused.problems)), refused.forcible
    except RulesError as error:
        return None, (str(error),), False
    number = getattr(event, "deal", state.deal_number)
    result = next(d for d in after.sheet.deals if d.number == number)
    adjustments = [a for a in after.sheet.adjustments if a.deal == number]
    return Preview(result, adjustments, after.sheet.totals, after.finished), (), False


def _end_form(state: GameState, formdata: Any = None) -> EndDealForm:
    form = EndDealForm(formdata=formdata) if formdata is not None else EndDealForm()
    form.set_players(state.players, nobody_allowed=state.variant.deal_may_end_with_nobody_out,
                     away=state.seating.left, formdata=formdata)
    return form


def one_turn_out(state: GameState, form: EndDealForm) -> OneTurnOut | None:
    """The form's "went out in one turn", where the game has that bonus (elsewhere the page does not ask)."""
    return form.one_turn_out() if state.sheet.one_turn_bonus_offered else None


def _key_points(state: GameState) -> list[tuple[str, str, int]]:
    """The keypad: each key's notation, label and value (the engine's card values)."""
    return [(key, KEY_LABELS.get(key, key), scoring.card_value(key, state.variant)) for key in KEYPAD]


#: What the page of a step sent without JavaScript shows (its :data:`~referee.web.core.sending.SHOWN`): the
#: entries after a keypad key, the preview, or the result of a Confirm that recorded nothing (see :func:`_step_page`).
STEPS = ("entry", "preview", "confirm")


@bp.route("/end", methods=["GET", "POST"])
def end_deal(edit_token: str) -> Page:
    """End the deal: who went out, each other player's cards on the keypad (or points), preview, confirm.

    The form carries the deal it was opened for and its idempotency key. A form whose deal has already ended
    (another phone recorded it, or this form was sent before: Back + reload) records nothing: the page says so
    and shows that deal's result, with the choice to correct it. It never becomes a form for the next deal.

    A step the browser sent itself (no JavaScript: a keypad key, Preview, a Confirm that recorded nothing) is
    answered with a redirect to this page's address with the entries in its query (``?shown=…``, never the CSRF
    token), which shows the same page as a GET: Back never lands on a POST's answer, and that page, asked for
    again after its deal was recorded, says so (its deal, its idempotency key) and records nothing.
    """
    table = access.require_edit(edit_token)
    state = table.state
    shown = request.args.get(SHOWN) if request.method == "GET" else None
    step = shown in STEPS
    if state.over and request.method == "GET" and not step:
        return redirect(url_for("table.over", edit_token=edit_token), code=303)
    form = _end_form(state, request.args if step else None)
    if request.method == "GET" and not step:
        form.prepare(state.seq)
        form.deal.data = str(state.deal_number)
        return render_end(table, form, _next_seat(state, form, None) if form.went_out.data else None)
    refused = _sending_refused(table, form, _validated(form, step))
    if refused is not None:
        return refused
    return _checked_end(table, form, shown, step)


def _validated(form: EndDealForm, step: bool) -> bool:
    """Whether the form's entries are valid (a step's GET has no CSRF token to check: its page gets a fresh one)."""
    if not step:
        return bool(form.validate_on_submit())
    form.validate()
    form.csrf_token.errors = []
    form._errors = None
    return not form.errors


def _sending_refused(table: access.Table, form: EndDealForm, valid: bool) -> Page | None:
    """The answer when the form cannot be taken as sent: its CSRF check failed, it is out of date, or its deal
    was recorded already; None when it can."""
    state = table.state
    edit_token = table.edit_token
    if form.csrf_failed:
        # Nothing is saved; the page comes back with everything entered (and a fresh token) to send again.
        form.went_out.errors = []
        if browser_sent():
            flash(str(CSRF_FAILED), "error")
            return _step_page(table, form, form.active_seat(state.players), "entry")
        return render_end(table, form, form.active_seat(state.players), reasons=(str(CSRF_FAILED),), status=400)
    if form.deal_number() is None or not valid and (
        "csrf_token" in form.errors or form.expected_seq.errors or form.idempotency_key.errors
    ):
        flash(" ".join(form_errors(form)) or _("This page is out of date: reload it."), "error")
        return redirect(url_for("table.end_deal", edit_token=edit_token), code=303)
    return _stale_end(table, form)


def _checked_end(table: access.Table, form: EndDealForm, shown: str | None, step: bool) -> Page:
    """A sent form for the open deal: a keypad step, the preview, or Confirm (the deal recorded, or why not)."""
    state = table.state
    edit_token = table.edit_token
    # A missing "who went out" is shown on the page; the keypad keys still work.
    active = form.active_seat(state.players)
    if shown == "entry":
        form.went_out.errors = []
        return render_end(table, form, active, fresh_key=False)
    if not step and (form.key.data or form.back.data or request.form.get("select") is not None):
        return _keypad_step(table, form, active)
    confirming = "confirm" in request.form or shown == "confirm"
    if browser_sent() and "confirm" not in request.form:
        return _step_page(table, form, active, "preview")  # the preview is the GET's to show
    conflict = form.point_out_conflicts(state.players)
    if conflict or any(entry.errors for entry in form.points.entries) or form.out_in_one_turn.errors:
        return _step_page(table, form, active, "confirm", status=422)
    event = DealEnded(deal=state.deal_number, went_out=form.went_out_name(),
                      hands=form.hand_values(state.players), out_in_one_turn=one_turn_out(state, form))
    missing = form.missing(state.players) if form.went_out.data else []
    if missing:
        # Nobody scores 0 by omission: the preview names who is missing and Confirm waits.
        first = state.players.index(missing[0])
        return _step_page(table, form, first, "confirm", missing=missing, status=422 if confirming else 200)
    if step or "confirm" not in request.form:
        preview, reasons, forcible = preview_of(state, event.with_override(form.override_reason))
        return render_end(table, form, active, preview=preview, reasons=reasons, forcible=forcible,
                          fresh_key=not step)
    outcome = append(table, form, event)
    if outcome.conflict:
        current = replace(table, state=outcome.state)  # the conflict brought the game as it is now
        stale = _stale_end(current, form)
        if stale is not None:
            return stale
        flash(stale_message(), "warning")
        # The same deal is still open (say, a buy came from another phone): keep what was entered.
        form.prepare(current.state.seq)
        return _step_page(current, form, active, "confirm", status=409)
    if outcome.refused:
        return _step_page(table, form, active, "confirm", reasons=outcome.refused, forcible=outcome.forcible,
                          status=422)
    result = next(d for d in outcome.state.sheet.deals if d.number == event.deal)
    flash(deal_summary(outcome.state, result), "success")
    if outcome.state.over:
        return redirect(url_for("table.over", edit_token=edit_token), code=303)
    return go_deal(table)


def _step_page(table: access.Table, form: EndDealForm, active: int | None, shown: str, *,
               reasons: tuple[str, ...] = (), status: int = 200, **page: Any) -> Page:
    """The page answering a step: rendered for the page's script (and a request that is no browser's); for a
    form the browser sent itself, a redirect to the GET that shows it (:func:`step_redirect`)."""
    if not browser_sent():
        return render_end(table, form, active, reasons=reasons, status=status, **page)
    form.active.data = "" if active is None else str(active)
    return step_redirect(form, shown, bool(reasons), "table.end_deal", edit_token=table.edit_token)


def step_redirect(form: EndDealForm, shown: str, refused: bool, endpoint: str, **values: Any) -> WerkzeugResponse:
    """A redirect to ``endpoint``'s GET showing the page of a step: the entries in its query, ``shown`` saying
    what the page shows.

    That GET works the page out again from its entries, as the game is then: the preview, the rules' reasons,
    who is still missing. A page that shows reasons (``refused``) is given its new idempotency key here, in its
    address, so that the same page asked for again is the same form.
    """
    if refused:
        form.idempotency_key.data = new_key()
        form.override.data = ""
    query: dict[str, Any] = {}
    fields = [form.deal, form.expected_seq, form.idempotency_key, form.went_out, form.out_in_one_turn, form.active,
              form.override, *form.hands.entries, *form.points.entries]
    for name in ("exact_cut", "cutter_jokers"):  # a correction's (referee.games.rummy.web.forms.CorrectDealForm)
        if hasattr(form, name):
            fields.append(getattr(form, name))
    fields.extend(getattr(form, "buys", ()))
    for field in fields:
        if field.data is True:
            query[field.name] = "y"
        elif field.data not in (None, "", False):
            query[field.name] = str(field.data)
    return shown_again(endpoint, shown, query, **values)


def _stale_end(table: access.Table, form: EndDealForm) -> Page | None:
    """What a form for a deal that is no longer open gets (None: the form's deal is the one being played).

    Its key already recorded a deal's end (the same form sent again): that deal's result. Its deal has
    ended (another phone recorded it): that result, in words, with the choice to correct it. Its deal has
    not started (an end of deal was undone meanwhile): the deal screen as it is now.
    """
    state = table.state
    number = form.deal_number()
    with db.session() as session:
        seq = store.seq_of_key(session, game_id=table.game_id, idempotency_key=form.idempotency_key.data)
    if seq is not None and seq <= state.seq:
        entry = state.history.entries[seq - 1]
        if isinstance(entry.event, DealEnded) and not entry.undone:
            return _already_recorded(table, form, entry.event.deal, sent_before=True)
        flash(_("This form was sent before, and what it recorded was undone since: enter the deal again."),
              "warning")
        return redirect(url_for("table.end_deal", edit_token=table.edit_token), code=303)
    if number is None:
        return None
    ended = number <= len(state.records) and state.records[number - 1].ended
    if ended:
        return _already_recorded(table, form, number, sent_before=False)
    if number != state.deal_number or state.over:
        flash(_("Deal %(num)d is not being played now: here is the game as it is.", num=number), "warning")
        return go_deal(table)
    return None


def deal_summary(state: GameState, result: DealResult) -> str:
    """One line: deal N recorded, who went out, everyone's points."""
    points = wording.points_words((name, result.points.get(name, 0)) for name in state.players)
    if result.went_out is None:
        return _("Deal %(num)d recorded: nobody went out. %(points)s.", num=result.number, points=points)
    return _("Deal %(num)d recorded: %(player)s went out. %(points)s.", num=result.number,
             player=result.went_out, points=points)


def _entered_words(state: GameState, form: EndDealForm) -> str | None:
    """What a stale form had entered, in the same words (None when it cannot be read as a result)."""
    out = form.went_out_name()
    entered: list[tuple[str, int]] = []
    for name, value in form.hand_values(state.players).items():
        try:
            entered.append((name, state.sheet.hand_points(value)))
        except (CardError, RulesError):
            return None
    if not form.went_out.data:
        return None
    points = wording.points_words(entered)
    if out is None:
        return _("Nobody went out; %(points)s", points=points)
    return _("%(player)s went out; %(points)s", player=out, points=points)


def _already_recorded(table: access.Table, form: EndDealForm, number: int, *, sent_before: bool) -> tuple[str, int]:
    """The page for a form whose deal was already recorded: that result, and the choice to correct it."""
    state = table.state
    result = next(d for d in state.sheet.deals if d.number == number)
    words = wording.result_words(state.players, result)
    if sent_before:
        message = _("Deal %(num)d was already recorded (this form had been sent before): %(result)s.",
                    num=number, result=words)
    else:
        message = _("Deal %(num)d was already recorded by another phone: %(result)s.", num=number, result=words)
    entered = None if sent_before else _entered_words(state, form)
    body = render_template(
        "rummy/table/recorded.html", table=table, state=state, result=result, message=message,
        entered=entered if entered != words else None,
    )
    return body, 200 if sent_before else 409


def _keypad_step(table: access.Table, form: EndDealForm, active: int | None) -> Page:
    """No JavaScript: a keypad key, the back key or a player's row was pressed; the page comes back updated."""
    state = table.state
    form.went_out.errors = []
    selected = whole_number(request.form.get("select"), maximum=len(state.players) - 1)
    if selected is not None:
        active = selected
    if active is None:
        active = _next_seat(state, form, None)
    if active is not None and (state.players[active] == form.went_out_name() or state.players[active] in form.away):
        active = _next_seat(state, form, active)
    if active is not None:
        entry = form.hands.entries[active]
        text = (entry.data or "").strip()
        if form.back.data:
            text = " ".join(text.split()[:-1])
        elif form.key.data == NO_CARDS:
            # "No cards": 0 points entered on purpose, not a hand left blank.
            text = ""
            form.points.entries[active].data = "0"
            active = _next_seat(state, form, active)
        elif form.key.data in KEYPAD:
            text = f"{text} {form.key.data}".strip()
            form.points.entries[active].data = ""  # cards entered: they count, not points typed before
        entry.data = text
    form.key.data = ""
    form.back.data = ""
    return _step_page(table, form, active, "entry")


def render_end(
    table: access.Table, form: EndDealForm, active: int | None, *, preview: Preview | None = None,
    reasons: tuple[str, ...] = (), forcible: bool = False, status: int = 200, correcting: DealResult | None = None,
    missing: list[str] | None = None, fresh_key: bool = True,
) -> tuple[str, int]:
    """The end-of-deal page (a correction's too): the rows, the keypad, and the preview or the reasons, if any.

    ``fresh_key``: a page showing reasons gets a new idempotency key (False: the page of a step, whose address
    carries the key its step gave it).
    """
    state = table.state
    if reasons and fresh_key:
        # A refused request may be sent again (changed, or with the table's override): a new key for it.
        form.idempotency_key.data = new_key()
        form.override.data = ""
    form.active.data = "" if active is None else str(active)
    rows = _end_rows(state, form, active)
    body = render_template(
        "rummy/table/end.html", table=table, state=state, form=form, rows=rows, keypad=_key_points(state),
        preview=preview, reasons=reasons, forcible=forcible, correcting=correcting, missing=missing or [],
        no_cards=NO_CARDS, values_json=json.dumps({key: value for key, _label, value in _key_points(state)}),
        nobody=NOBODY,
    )
    return body, status

