"""What the Persian games' scorekeeper screens share: the game a request opens, appending an event from a form,
and the words of a stale page.

A request gets its game's state once (:func:`referee.web.core.access.require_edit`); :func:`append` hands that state
to the store, which folds the new event onto it, and the state after the event comes back in the
:class:`Outcome`. A refusal of the rules comes back as the rules' problems in the page's language: nothing is
saved.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask import abort
from werkzeug.wrappers import Response as WerkzeugResponse

from referee import db
from referee.games.persian.ledger.state import EventRefused
from referee.games.persian.rules import GAMES
from referee.games.persian.web import words
from referee.ledger import store
from referee.web.core import access
from referee.web.core.translate import gettext as _
from referee.web.helpers.forms import ActionForm

__all__ = ["Page", "Outcome", "append", "require_game", "stale_message"]

#: What a view answers: a page, a page with its status, or a redirect.
Page = str | tuple[str, int] | WerkzeugResponse


def require_game(edit_token: str) -> access.Table:
    """The Persian game the scorekeeper's link opens; 404 for any other link (another family's game too)."""
    table = access.require_edit(edit_token)
    if getattr(table.state, "variant_id", None) not in GAMES:
        abort(404)
    return table


@dataclass
class Outcome:
    """What an append gave: done (with its state), refused (the reasons in words), or a conflict (state now)."""

    state: Any
    done: bool = False
    refused: tuple[str, ...] = ()
    conflict: bool = False


def append(table: access.Table, form: ActionForm, event: Any) -> Outcome:
    """Append ``event`` with the form's seq and idempotency key, and say how it went."""
    try:
        with db.session() as session:
            result = store.append(session, game_id=table.game_id, event=event, expected_seq=form.seq,
                                  idempotency_key=form.idempotency_key.data, current=table.state)
    except store.Conflict as conflict:
        return Outcome(conflict.state, conflict=True)
    except store.IdempotencyKeyReused:
        return Outcome(access.require_edit(table.edit_token).state, conflict=True)
    except EventRefused as refused:
        return Outcome(table.state, refused=tuple(words.refusal_words(refused)))
    except ValueError as error:
        return Outcome(table.state, refused=tuple(words.refusal_words(error)))
    return Outcome(result.state, done=True)


def stale_message() -> str:
    """What a stale page is told."""
    return _("Someone else changed the game since this page was shown: here is the game as it is now. "
             "Check it and enter your change again if it is still needed.")
