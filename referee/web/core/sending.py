"""Forms that the scorekeeper's page sends itself (``static/js/table.js``), so that an action taken while the
connection is down is kept on the phone and sent when it returns instead of ending on the browser's error page.

Such a request says so with the header ``Referee-Send: 1``. It gets the answer a plain form submit gets, with one
difference: a redirect (the POST-redirect-GET after an action was recorded) is not followed by the script's
``fetch``, which would read the next page — and its one-time messages ("Ana bought the discard") — in the
background and leave none for the page the phone then opens. It is answered ``204 No Content`` with the address
in ``Referee-Location``; the page goes there as the browser would have. Every other answer (a preview, a refusal,
the page of a form whose deal another phone already recorded) is the page itself, which the script shows.

Nothing else changes: the same views, the same CSRF check, the same idempotency key, so a form sent twice (the
connection dropped after the server recorded it) records its action once.

A form the browser sends itself (no JavaScript) is a page of the browser's history: a page answering it, shown
as the POST's answer, is one that Back returns to only through the browser's "Confirm Form Resubmission". Every
family's view whose form is such a step (a keypad key, a preview, a refused entry) asks :func:`browser_sent` and
answers it with :func:`shown_again`: a redirect to a GET that shows the same page instead, worked out again from
the entries in its address (:data:`SHOWN` says which page).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import Flask, Response, redirect, request, url_for
from werkzeug.wrappers import Response as WerkzeugResponse

#: The header a page's script sends with a form it sends itself.
SEND_HEADER = "Referee-Send"
#: Where a redirect would have gone, in the answer to such a request.
LOCATION_HEADER = "Referee-Location"


def browser_sent() -> bool:
    """Whether this POST is a form the browser sent itself (a navigation, not the page's script's ``fetch``).

    The browser says so (``Sec-Fetch-Mode: navigate``); one that does not say (an older browser, a page served
    over plain HTTP to another address than this machine's) asks for a page (``Accept: text/html``), which the
    page's script never does.
    """
    if request.method != "POST" or request.headers.get(SEND_HEADER) == "1":
        return False
    mode = request.headers.get("Sec-Fetch-Mode")
    if mode:
        return mode == "navigate"
    return "text/html" in request.headers.get("Accept", "")


#: The query parameter of the page of a step sent without JavaScript: which page of the step it shows ("entry",
#: "preview", "confirm", "refused"; each view knows its own).
SHOWN = "shown"


def shown_again(endpoint: str, shown: str, entries: Mapping[str, Any], *, anchor: str | None = None,
                **values: Any) -> WerkzeugResponse:
    """The answer to a step the browser sent itself (:func:`browser_sent`): a 303 to ``endpoint``'s GET (with
    ``values``, at ``anchor``) that shows the same page, the form's ``entries`` in its query (never the CSRF
    token) and :data:`SHOWN` set to ``shown``. That GET works the page out again from them, as the game is then;
    Back never lands on a POST's answer."""
    query = {name: value for name, value in entries.items() if name != "csrf_token"}
    query[SHOWN] = shown
    return redirect(url_for(endpoint, _anchor=anchor, **values, **query), code=303)


def init_app(app: Flask) -> None:
    """Answer the script's sends: a redirect becomes its address in :data:`LOCATION_HEADER`."""
    app.after_request(redirect_as_location)


def redirect_as_location(response: Response) -> Response:
    """A redirect answering a form the page's script sent: 204 with the address in :data:`LOCATION_HEADER`."""
    if request.method != "POST" or request.headers.get(SEND_HEADER) != "1" or not 300 <= response.status_code < 400:
        return response
    location = response.headers.pop("Location", None)
    if location is None:
        return response
    # The same response (its cookie carries the flashed message, its security headers stay), without a body.
    response.status_code = 204
    response.headers[LOCATION_HEADER] = location
    response.set_data(b"")
    return response
