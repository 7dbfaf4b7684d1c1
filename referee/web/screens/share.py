"""Sharing a game: the players' QR code, handing over scorekeeping, and replacing either link.

The players' code (the view link) is the share screen. Handing over scorekeeping is a separate screen with a
code that looks different — another colour, a frame with the word "Scorekeeper" — and a warning, because
whoever scans it can change the scores. Either link can be replaced: the old edit link then stops working;
the old view link says it was replaced and to ask the table for the new code (see :mod:`referee.web.core.access`).
The addresses in the codes come from :func:`referee.web.helpers.qr.public_url_for`.

A viewer follows the table: a game started with Rematch is recorded as the next game of the old one
(:func:`link_rematch`), and the old viewer asks ``/v/<token>/next`` once its game is over, then shows a link to
the new game's board (the view link is the old game's: whoever watched that game may watch its rematch).
"""

from __future__ import annotations

from collections.abc import Callable

from flask import Blueprint, abort, flash, jsonify, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from referee import db
from referee.ledger import store
from referee.web.core import access, family_screens
from referee.web.core.translate import gettext as _
from referee.web.helpers import qr
from referee.web.helpers.forms import EmptyForm

bp = Blueprint("share", __name__, url_prefix="/g/<edit_token>/share")
#: The viewer's side: where the table went after a rematch.
follow = Blueprint("follow", __name__)

#: The scorekeeper's code is drawn in this dark orange (white stays the background, so it still scans).
SCOREKEEPER_COLOUR = "#8a2c0d"


@bp.get("")
def players(edit_token: str) -> str | Response:
    """The players' QR code (the view link), and replacing that link."""
    table = access.require_edit(edit_token)
    if request.args.get("edit") == "1":  # the hand-over used to be a part of this page
        return redirect(url_for("share.scorekeeper", edit_token=edit_token), code=303)
    address = qr.public_url_for("board.view", view_token=table.view_token)
    return render_template(
        "game/share.html", table=table, state=table.state, address=address, nav=table.family.screens().nav,
        view_qr=qr.qr_svg(address.url, label=_("QR code of the players’ scoreboard")),
        replace_form=EmptyForm(), is_new=request.args.get("new") == "1",
    )


@bp.get("/scorekeeper")
def scorekeeper(edit_token: str) -> str:
    """Hand over scorekeeping: a code that looks different, with a warning, and revoking shared scorekeeping."""
    table = access.require_edit(edit_token)
    address = qr.public_url_for(family_screens.entry_endpoint(table.family), edit_token=table.edit_token)
    return render_template(
        "game/share_scorekeeper.html", table=table, state=table.state, address=address,
        nav=table.family.screens().nav,
        edit_qr=qr.qr_svg(address.url, label=_("Scorekeeper’s QR code: whoever scans it can change the scores"),
                          colour=SCOREKEEPER_COLOUR),
        revoke_form=EmptyForm(),
    )


def _new_token(edit_token: str, page: str, rotate: Callable[..., str]) -> str:
    """The game's new token, made by ``rotate`` (``store.rotate_edit_token`` or ``rotate_view_token``) once the
    button's form validates. A form that does not (a stale page or a missing CSRF token) changes nothing: back
    to ``page``, asking to try again."""
    table = access.require_edit(edit_token)
    if not EmptyForm().validate_on_submit():
        flash(_("That did not work: try again."), "error")
        abort(redirect(url_for(page, edit_token=edit_token), code=303))
    with db.session() as session:
        return rotate(session, game_id=table.game_id)


@bp.post("/revoke")
def revoke(edit_token: str) -> Response:
    """Make a new edit link: every other phone's scorekeeping link stops working; this phone keeps the new one."""
    new_token = _new_token(edit_token, "share.scorekeeper", store.rotate_edit_token)
    response = redirect(url_for("share.scorekeeper", edit_token=new_token), code=303)
    access.remember_game(response, new_token, replacing=edit_token)
    flash(_("Scorekeeping is no longer shared: the old scorekeeper link stops working. This phone has the new one."),
          "success")
    return response


@bp.post("/replace-view")
def replace_view(edit_token: str) -> Response:
    """Make a new view link: phones on the old one are told it was replaced and to ask for the new code."""
    _new_token(edit_token, "share.players", store.rotate_view_token)
    flash(_("The players’ link was replaced: phones on the old link now say so. Let them scan this new code."),
          "success")
    return redirect(url_for("share.players", edit_token=edit_token), code=303)


@follow.get("/v/<view_token>/next")
def next_game(view_token: str) -> Response:
    """Where this game's table went: the view link of the rematch started from it (JSON), or 204 (none yet)."""
    table = access.require_view(view_token)
    with db.session() as session:
        rematch = store.next_game(session, table.game_id)
        address = None if rematch is None else url_for("board.view", view_token=rematch.view_token)
    response = jsonify(url=address) if address is not None else Response(status=204)
    response.headers["Cache-Control"] = "no-store"
    return response


def link_rematch(new_game_id: int) -> None:
    """Record the new game as the rematch of the game whose edit link is the request's ``rematch`` (if any)."""
    token = request.args.get("rematch", "")
    if not token:
        return
    with db.session() as session:
        found = access.find_game(session, token)
        if found is None or found[1] != "edit" or found[0].id is None:
            return
        store.link_rematch(session, game_id=new_game_id, previous_id=found[0].id)
