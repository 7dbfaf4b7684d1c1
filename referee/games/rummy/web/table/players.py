"""The players: fix a name mid-game (a rename every screen shows), move, add or remove a player and choose the
first dealer until deal 1 ends, and, after it, a player who leaves the table.
"""

from __future__ import annotations

from flask import flash, redirect, render_template, request, url_for

from referee.games.rummy.ledger.events import PlayerLeft, PlayerRenamed, SeatsChanged
from referee.games.rummy.ledger.state import GameState
from referee.games.rummy.web.forms import LeaveForm, RenameForm, SeatsForm
from referee.games.rummy.web.table.blueprint import bp
from referee.games.rummy.web.table.common import Page, append, form_errors, stale_message
from referee.web.core import access
from referee.web.core.translate import gettext as _
from referee.web.helpers.forms import CSRF_FAILED, new_key
from referee.web.helpers.numbers import whole_number
from referee.web.screens.games import remember_names


def rename_row(seat: int) -> str:
    """The field prefix of a seat's rename form (the page has one form a player)."""
    return f"p{seat}"


def _rename_forms(state: GameState) -> list[tuple[str, RenameForm]]:
    """One form a player (each with its own idempotency key), the name filled in to be edited."""
    forms: list[tuple[str, RenameForm]] = []
    for seat, name in enumerate(state.players):
        form = RenameForm(formdata=None, prefix=rename_row(seat)).prepare(state.seq)
        form.player.data = name
        form.new_name.data = name
        forms.append((name, form))
    return forms


def _render_players(
    table: access.Table, *, failed: RenameForm | None = None, reasons: tuple[str, ...] = (), status: int = 200,
    seats_failed: SeatsForm | None = None, seat_reasons: tuple[str, ...] = (),
    leave_reasons: tuple[str, ...] = (),
) -> tuple[str, int]:
    forms = _rename_forms(table.state)
    if failed is not None:
        # The refused row keeps what was typed (with a fresh key); the others are as the game is.
        forms = [(name, failed if name == failed.old_name() else form) for name, form in forms]
        failed.idempotency_key.data = new_key()
    state = table.state
    seats_form = None
    if not state.deals_played and not state.over:
        seats_form = seats_failed or SeatsForm(formdata=None)
        seats_form.prepare(state.seq)
    leave_form = None
    if state.deals_played and not state.over:
        leave_form = LeaveForm(formdata=None).prepare(state.seq)
    body = render_template(
        "rummy/table/players.html", table=table, state=state, forms=forms, failed=failed, reasons=reasons,
        seats_form=seats_form, seat_reasons=seat_reasons, leave_form=leave_form, leave_reasons=leave_reasons,
    )
    return body, status


@bp.route("/players", methods=["GET", "POST"])
def players(edit_token: str) -> Page:
    """The players' names: fix a typo mid-game (recorded as a rename; every screen shows the new name)."""
    table = access.require_edit(edit_token)
    if request.method == "GET":
        return _render_players(table)
    if "seat_action" in request.form:
        return _change_seats(table)
    if "leaving" in request.form:
        return _leave(table)
    row = whole_number(request.form.get("row"), maximum=999)
    form = RenameForm(prefix=rename_row(row or 0))
    if not form.validate_on_submit():
        if form.csrf_failed:
            return _render_players(table, failed=form, reasons=(str(CSRF_FAILED),), status=400)
        if form.expected_seq.errors or form.idempotency_key.errors:
            flash(" ".join(form_errors(form)), "error")
            return redirect(url_for("table.players", edit_token=edit_token), code=303)
        return _render_players(table, failed=form, reasons=tuple(form_errors(form)), status=422)
    old, new = form.old_name(), form.tidy_name()
    if new == old:
        flash(_("%(player)s keeps the name.", player=old), "success")
        return redirect(url_for("table.players", edit_token=edit_token), code=303)
    form.override.data = ""  # a name the ledger refuses is never forced
    outcome = append(table, form, PlayerRenamed(old=old, new=new))
    if outcome.conflict:
        flash(stale_message(), "warning")
        return redirect(url_for("table.players", edit_token=edit_token), code=303)
    if outcome.refused:
        return _render_players(table, failed=form, reasons=outcome.refused, status=422)
    flash(_("%(old)s is now called %(new)s.", old=old, new=new), "success")
    response = redirect(url_for("table.players", edit_token=edit_token), code=303)
    remember_names(response, [new])  # the new-game page offers the name as typed now
    return response


def _new_seats(state: GameState, form: SeatsForm) -> SeatsChanged | None:
    """The seats after the button pressed (None: a button that changes nothing, like moving the first up)."""
    what, seat = form.move()
    players = list(state.players)
    dealer = state.seating.dealer_of(1)
    if what == "add":
        players.append(" ".join((form.new_player.data or "").split()))
    elif seat is None or seat >= len(players):
        return None
    elif what == "up" and seat > 0:
        players[seat - 1], players[seat] = players[seat], players[seat - 1]
    elif what == "down" and seat < len(players) - 1:
        players[seat + 1], players[seat] = players[seat], players[seat + 1]
    elif what == "remove":
        removed = players.pop(seat)
        if removed == dealer and players:
            dealer = players[seat % len(players)]  # the next player in turn order deals first instead
    elif what == "dealer":
        dealer = players[seat]
    else:
        return None
    return SeatsChanged(players=tuple(players), first_dealer=dealer)


def _change_seats(table: access.Table) -> Page:
    """Until deal 1 ends: move, add or remove a player, or choose the first dealer (one undoable entry each)."""
    form = SeatsForm()
    back = redirect(url_for("table.players", edit_token=table.edit_token), code=303)
    if not form.validate_on_submit():
        if "csrf_token" in form.errors or form.expected_seq.errors or form.idempotency_key.errors:
            flash(" ".join(form_errors(form)), "error")
            return back
        return _render_players(table, seats_failed=form, seat_reasons=tuple(form_errors(form)), status=422)
    event = _new_seats(table.state, form)
    if event is None:
        return back
    form.override.data = ""  # seats the ledger refuses are never forced
    outcome = append(table, form, event)
    if outcome.conflict:
        flash(stale_message(), "warning")
        return back
    if outcome.refused:
        return _render_players(table, seats_failed=form, seat_reasons=outcome.refused, status=422)
    flash(_("Turn order: %(players)s. %(dealer)s deals first.", players=", ".join(event.players),
            dealer=event.first_dealer), "success")
    if form.move()[0] == "add":
        remember_names(back, [event.players[-1]])
    return back


def _leave(table: access.Table) -> Page:
    """After deal 1: a player leaves the table; their points stay, the deal goes round without them."""
    form = LeaveForm()
    back = redirect(url_for("table.players", edit_token=table.edit_token), code=303)
    if not form.validate_on_submit():
        flash(" ".join(form_errors(form)), "error")
        return back
    player = form.leaving.data or ""
    form.override.data = ""  # a departure the ledger refuses is never forced
    outcome = append(table, form, PlayerLeft(player=player))
    if outcome.conflict:
        flash(stale_message(), "warning")
        return back
    if outcome.refused:
        return _render_players(table, leave_reasons=outcome.refused, status=422)
    state = outcome.state
    flash(_("%(player)s has left the game: their points stay; %(dealer)s deals deal %(num)d.", player=player,
            dealer=state.seating.dealer, num=state.deal_number), "success")
    return back

