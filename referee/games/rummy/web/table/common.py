"""What every scorekeeper's screen shares: appending an event from a form, the stale page's message, the way
back to the deal screen, a form's errors in words, and the action Undo takes back.

A request gets its game's state once (:func:`referee.web.core.access.require_edit`); :func:`append` hands that
state to the store, which folds the new event onto it instead of looking the game's state up again, and the
state after the event comes back in the :class:`Outcome`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask import redirect, url_for
from werkzeug.wrappers import Response as WerkzeugResponse

from referee import db
from referee.games.rummy.ledger.events import Event
from referee.games.rummy.ledger.state import EventRefused, GameState, HistoryEntry
from referee.games.rummy.web import wording
from referee.ledger import store
from referee.rules.problems import RulesError
from referee.web.core import access
from referee.web.core.device import device_label
from referee.web.core.translate import gettext as _
from referee.web.helpers.forms import ActionForm

#: What a view answers: a page, a page with its status, or a redirect.
Page = str | tuple[str, int] | WerkzeugResponse

@dataclass
class Outcome:
    """What an append gave: done (with its state), refused (reasons, forcible), or a conflict (the current state)."""

    state: GameState
    done: bool = False
    refused: tuple[str, ...] = ()
    forcible: bool = False
    conflict: bool = False


def append(table: access.Table, form: ActionForm, event: Event) -> Outcome:
    """Append ``event`` (with the form's override, seq and idempotency key) and say how it went."""
    override = form.override_reason
    if override is not None:
        event = event.with_override(override)
    label = device_label()
    if label is not None:
        event = event.with_device(label)
    try:
        with db.session() as session:
            result = store.append(
                session, game_id=table.game_id, event=event, expected_seq=form.seq,
                idempotency_key=form.idempotency_key.data, current=table.state,
            )
    except store.Conflict as conflict:
        return Outcome(conflict.state, conflict=True)
    except EventRefused as refused:
        return Outcome(table.state, refused=tuple(wording.problems_words(refused.problems)),
                       forcible=refused.forcible)
    except store.IdempotencyKeyReused:
        return Outcome(access.require_edit(table.edit_token).state, conflict=True)
    except RulesError as error:
        return Outcome(table.state, refused=(str(error),), forcible=False)
    return Outcome(result.state, done=True)


def stale_message() -> str:
    """What a stale page is told."""
    return _("Someone else changed the game since this page was shown: here is the game as it is now. "
             "Check it and enter your change again if it is still needed.")


def go_deal(table: access.Table, card: str = "deal-head") -> WerkzeugResponse:
    """Back to the deal screen (POST-redirect-GET), at the card of the action just taken; else at the deal's head.

    The deal screen opens at its head (the deal, its contract, its messages) rather than at the page's top,
    so that on a small phone with large text the deal and End deal are on the first screen.
    """
    return redirect(url_for("table.deal", edit_token=table.edit_token, _anchor=card), code=303)


def form_errors(form: Any) -> list[str]:
    """Every error of a form (and of its sub-forms) once, in the order they came."""
    out: list[str] = []
    for errors in form.errors.values():
        for msg in errors if isinstance(errors, list) else [errors]:
            if isinstance(msg, dict):
                out.extend(str(m) for sub in msg.values() for m in sub)
            else:
                out.append(str(msg))
    return list(dict.fromkeys(out))


def last_undoable(state: GameState) -> HistoryEntry | None:
    """The action Undo takes back now (the ledger's ``undo_target``): never an undo, which Redo takes back."""
    return state.history.undo_target
