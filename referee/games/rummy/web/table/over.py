"""Game over (the final standings, stakes or payouts, rematch), the exports (the game file and the score sheet
as CSV), and ending a game before its last deal.
"""

from __future__ import annotations

import json

from flask import Response, flash, make_response, render_template

from referee.games.rummy.ledger import exchange
from referee.games.rummy.ledger.events import Event, GameAbandoned
from referee.games.rummy.ledger.state import GameState
from referee.games.rummy.web.forms import AbandonForm
from referee.games.rummy.web.table.blueprint import bp
from referee.games.rummy.web.table.common import Page, go_deal, last_undoable
from referee.games.rummy.web.table.deal import act
from referee.games.rummy.web.table.sheet import sheet_context
from referee.web.core import access
from referee.web.core.translate import gettext as _
from referee.web.helpers.forms import CSRF_FAILED, ActionForm


@bp.get("/over")
def over(edit_token: str) -> Page:
    """Game over: final standings with ties, stakes or payouts, exports, rematch."""
    table = access.require_edit(edit_token)
    state = table.state
    if not state.over:
        return go_deal(table)
    return render_template(
        "rummy/table/over.html", table=table, state=state, variant=state.variant,
        undo_target=last_undoable(state),
    )


def _filename(table: access.Table, state: GameState, ext: str) -> str:
    return f"referee-{state.variant.id}-{table.public_id[:8]}.{ext}"


def _download(table: access.Table, body: str, mimetype: str, ext: str) -> Response:
    """``body`` as a file to save, named after the game."""
    response = make_response(body)
    response.mimetype = mimetype
    response.headers["Content-Disposition"] = f'attachment; filename="{_filename(table, table.state, ext)}"'
    return response


@bp.get("/export.json")
def export_json(edit_token: str) -> Response:
    """The game as a referee-game/1 file (download)."""
    table = access.require_edit(edit_token)
    data = exchange.export_game(table.state, include_log=True)
    return _download(table, json.dumps(data, ensure_ascii=False, indent=2) + "\n", "application/json", "json")


@bp.get("/export.csv")
def export_csv(edit_token: str) -> Response:
    """The score sheet as CSV (download)."""
    table = access.require_edit(edit_token)
    return _download(table, exchange.score_sheet_csv(table.state), "text/csv", "csv")


@bp.post("/abandon")
def abandon(edit_token: str) -> Page:
    """End the game before its last deal (it can be undone)."""
    table = access.require_edit(edit_token)
    form = AbandonForm()

    def build(_state: GameState) -> Event:
        return GameAbandoned(reason=(form.reason.data or "").strip())

    def done(_state: GameState) -> str:
        return _("The game was ended. Undo it from the score sheet if that was a mistake.")

    return act(table, form, "abandon", build, done, resend=_resend_sheet)


def _resend_sheet(table: access.Table, _action: str, form: ActionForm) -> tuple[str, int]:
    """The score sheet again (where the game is ended early), the form as sent, a fresh CSRF token."""
    flash(str(CSRF_FAILED), "error")
    context = sheet_context(table)
    context["abandon_form"] = form
    return render_template("rummy/table/sheet.html", **context), 400
