"""What every response and request goes through: security headers, cookie flags, the proxy, size and rate limits,
and the link secrets kept out of the app's own log lines.

Caching: every answer that holds the scorekeeper's secret (:func:`holds_edit_secret`) says
``Cache-Control: private, no-store``, so no browser keeps it on disk and no cache between keeps it at all.

Headers (every response): a Content-Security-Policy that allows scripts, styles, frames' parents and form
targets from this site only (no inline script or style anywhere in the templates; images may be ``data:``,
the page icon is one), ``frame-ancestors 'none'`` (no other site frames a scorekeeper's screen),
``X-Content-Type-Options: nosniff``, ``Referrer-Policy: no-referrer`` (a link secret in the address never goes
to another site) and, on HTTPS only, HSTS.

Cookies: every cookie the app sets is ``HttpOnly`` and ``SameSite=Lax`` (no script reads one), and ``Secure``
when the request came over HTTPS — directly, or through a TLS proxy that says so (``REFEREE_PROXY_FIX_X_PROTO``).
This is decided per request, not once in the settings: a club's server at the table is often reached over plain
HTTP on the local network, where a ``Secure`` cookie would never come back. That is also why this is a small
``after_request`` rather than Flask-Talisman: Talisman's cookie setting is one value for the whole app and its
HTTPS redirect would lock out the plain-HTTP table; what is left of it is the five headers below.

The proxy: ``werkzeug.middleware.proxy_fix.ProxyFix`` believes the ``X-Forwarded-*`` headers of as many proxies
as ``REFEREE_PROXY_FIX_X_FOR`` / ``_X_PROTO`` / ``_X_HOST`` / ``_X_PORT`` / ``_X_PREFIX`` say (all 0, off, by
default: without a proxy those headers are anyone's to forge). ``REFEREE_TRUSTED_HOSTS`` (comma-separated)
is Flask's ``TRUSTED_HOSTS``: a request for any other ``Host`` is refused.

Forms kept open: a CSRF token is tied to the session alone, with no time limit (``WTF_CSRF_TIME_LIMIT = None``),
and the session cookie lasts 31 days (renewed on each visit), because a card game keeps a form open for hours.
That is as safe as an hour's limit here: a token is only ever useful to a forged post that the victim's browser
sends *with* the session cookie, and ``SameSite=Lax`` keeps the browser from sending that cookie with any post
from another site, at any age of the token; every form that writes sits behind the game's 256-bit edit link, which
a forger must already know; and a token never leaves the page (no-referrer, no token in a URL, none in the logs).
When a check still fails (the browser dropped its cookies, or a page from before a restart), the views that take
typed input show their form again with everything entered, a fresh token and why (:data:`RESENDABLE`); any other
post gets a page in words. Nothing is saved either way.

Limits: a request body over ``MAX_CONTENT_LENGTH`` (1 MiB) is refused with 413 before it is read, and the
connection closed, saying so (:func:`closing_after_413`); a body sent
without a length (chunked) is read up to one byte past the limit first (:class:`SizedBodies`), then judged the
same way, never cut short and processed; creating
games and asking for links that open no game are rate-limited per client address (Flask-Limiter). The counts
are shared by every worker process of the server (a SQLite file beside the games' SQLite file, or in the
instance folder: :mod:`referee.web.core.rate_counts`), so 2 workers give an address the documented 20 games a
minute, not 40; several servers share them through the store ``REFEREE_RATELIMIT_STORAGE_URI`` names
(``redis://…``).

The limit on unknown links is asked only when a link opened no game (:func:`limit_unknown_links`): a burst of
mistyped or guessed links from one address (a scanner on the family's Wi-Fi, every phone behind one proxy)
turns that address's further unknown links into 429, never its real ``/g/`` and ``/v/`` pages and saves.
"""

from __future__ import annotations

import io
import logging
from collections.abc import Callable, Iterable
from typing import Any

import flask_limiter
from flask import Flask, current_app, render_template, request, session
from flask.sessions import SecureCookieSessionInterface
from flask_limiter.util import get_remote_address
from flask_wtf.csrf import CSRFError
from limits import parse_many
from typing_extensions import override
from werkzeug.exceptions import HTTPException, RequestEntityTooLarge, TooManyRequests
from werkzeug.middleware.proxy_fix import ProxyFix
from werkzeug.wrappers import Response

from referee.masking import mask_tokens
from referee.web.core import rate_counts
from referee.web.core.assets import AWAKE_SCRIPT_HASH
from referee.web.core.translate import gettext as _

#: The policy: this site only; no inline style and no inline script but the one that keeps the screen awake
#: (allowed by its hash); images may be data: URLs (the page icon).
CONTENT_SECURITY_POLICY = "; ".join([
    "default-src 'self'",
    f"script-src 'self' {AWAKE_SCRIPT_HASH}",
    "style-src 'self'",
    "img-src 'self' data:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
])
HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",  # frame-ancestors for browsers that predate it
}
#: HSTS, sent over HTTPS only: a year, as browsers' preload lists expect.
STRICT_TRANSPORT_SECURITY = "max-age=31536000; includeSubDomains"

#: The most a request body may be: a referee-game/1 file of a long game is far smaller.
MAX_CONTENT_LENGTH = 1024 * 1024

#: ProxyFix's settings: config key (environment variable REFEREE_<key>) → ProxyFix argument.
PROXY_FIX_SETTINGS = {
    "PROXY_FIX_X_FOR": "x_for",
    "PROXY_FIX_X_PROTO": "x_proto",
    "PROXY_FIX_X_HOST": "x_host",
    "PROXY_FIX_X_PORT": "x_port",
    "PROXY_FIX_X_PREFIX": "x_prefix",
}

#: Rate limits (Flask-Limiter's notation), per client address: games created, and requests whose link opens
#: no game (a mistyped link now and then is fine; thousands are someone guessing).
NEW_GAME_RATE_LIMIT = "20 per minute; 300 per day"
UNKNOWN_LINK_RATE_LIMIT = "60 per minute"

LIMITER_KEY = "referee.limiter"
#: The parts of the site whose links name a game: their 404s are the unknown links that are counted.
GAME_LINK_BLUEPRINTS = frozenset({"table", "share", "backup", "board", "follow", "referee_tools"})


def init_app(app: Flask) -> None:
    """Install the proxy fix, the limits, the headers and cookie flags, the error pages and the log filter."""
    # Flask's and Flask-WTF's defaults are in the config already: a value left at its default is set here.
    if app.config.get("MAX_CONTENT_LENGTH") is None:
        app.config["MAX_CONTENT_LENGTH"] = MAX_CONTENT_LENGTH
    app.config["SESSION_COOKIE_SAMESITE"] = app.config.get("SESSION_COOKIE_SAMESITE") or "Lax"
    app.config["SESSION_COOKIE_HTTPONLY"] = True
    app.session_interface = SessionCookies()
    # Flask-WTF's HTTPS check wants a same-site Referer, which no-referrer never sends: the CSRF token (tied to
    # the session) and SameSite=Lax cookies are what stop a forged post; the Referer check is off.
    app.config["WTF_CSRF_SSL_STRICT"] = False
    app.config["WTF_CSRF_TIME_LIMIT"] = None  # why: see this module's docstring
    # A response sends the session cookie only when its request changed the session: a page's fetches that run
    # beside it (the service worker's, a viewer's stream) would otherwise send back the session they started
    # with and overwrite the CSRF secret the page has just been given.
    app.config["SESSION_REFRESH_EACH_REQUEST"] = False
    app.after_request(keep_session)
    app.register_error_handler(CSRFError, csrf_failed)
    if not app.config.get("RATELIMIT_STORAGE_URI"):  # counted once for every worker of this server
        app.config["RATELIMIT_STORAGE_URI"] = rate_counts.default_uri(app.config["DATABASE_URL"], app.instance_path)
    app.config.setdefault("NEW_GAME_RATE_LIMIT", NEW_GAME_RATE_LIMIT)
    app.config.setdefault("UNKNOWN_LINK_RATE_LIMIT", UNKNOWN_LINK_RATE_LIMIT)
    hosts = app.config.get("TRUSTED_HOSTS")
    if isinstance(hosts, str):
        app.config["TRUSTED_HOSTS"] = [host.strip() for host in hosts.split(",") if host.strip()] or None

    app.wsgi_app = SizedBodies(app.wsgi_app, app)  # type: ignore[method-assign]
    proxies = {argument: _count(app, key) for key, argument in PROXY_FIX_SETTINGS.items()}
    if any(proxies.values()):
        app.wsgi_app = ProxyFix(app.wsgi_app, **proxies)  # type: ignore[method-assign]

    # One limiter per app: its counts live in its own storage (two apps in one process never share them).
    limiter = Limiter(get_remote_address, headers_enabled=True)
    limiter.init_app(app)
    limiter.before_requests = any(app.config.get(key) for key in APP_WIDE_LIMITS)
    app.extensions[LIMITER_KEY] = limiter
    for endpoint in ("games.new", "backup.restore"):  # both make games
        app.view_functions[endpoint] = limit_new_games(limiter, app.view_functions[endpoint])
    missing = GAME_LINK_BLUEPRINTS - set(app.blueprints)
    assert not missing, f"no such blueprints: {sorted(missing)}"
    app.before_request(refuse_large_bodies)
    app.after_request(secure_response)
    app.after_request(limit_unknown_links)  # runs before secure_response: a 429 it makes gets the headers too
    app.register_error_handler(413, too_large)
    app.register_error_handler(429, too_many)
    mask_app_logs(app)


#: Flask-Limiter's settings for limits on every request (the whole app's, the default per view, meta limits):
#: this app sets none of them; with one set, Flask-Limiter checks before every request as it does by itself.
APP_WIDE_LIMITS = ("RATELIMIT_APPLICATION", "RATELIMIT_DEFAULT", "RATELIMIT_META")


class Limiter(flask_limiter.Limiter):
    """Flask-Limiter's limiter, without its check before each request where it has nothing to check.

    This app's limits are on the views that make games (checked around the view by their own decorator, which
    also marks what a response deducts) and on unknown links (counted once the answer is a 404:
    :func:`limit_unknown_links`). Flask-Limiter also checks before every request for limits on the whole app,
    default limits, blueprints' limits and meta limits: with none set, that check counted nothing and cost every
    request, 12 to 15% of a viewer's 304 in-process (the busiest answer: a phone asking again). It runs when any
    of them is set (:data:`APP_WIDE_LIMITS`, or a blueprint limited through this limiter)."""

    #: Whether the check before each request has limits to look for (set by :func:`init_app`).
    before_requests = True

    def _check_request_limit(self, callable_name: str | None = None, in_middleware: bool = True) -> None:
        if in_middleware and not (self.before_requests or getattr(self.limit_manager, "_blueprint_limits", True)):
            return
        super()._check_request_limit(callable_name, in_middleware)


class SizedBodies:
    """WSGI middleware: a body sent without ``Content-Length`` (chunked) is read here, at most one byte past
    ``MAX_CONTENT_LENGTH``, and handed on with the length it has, so that the limit judges it like any other.

    Werkzeug reads such a body only up to the limit and stops without a word: a form would be cut at 1 MiB and
    processed. Here one byte too many makes the length too large, and the request is refused with 413 (by the
    CSRF check's read or :func:`refuse_large_bodies`, whichever comes first) before any view sees it.
    """

    def __init__(self, wsgi_app: Callable[..., Iterable[bytes]], app: Flask) -> None:
        self.wsgi_app = wsgi_app
        self.app = app

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        """Answer one request: a body sent without a length is read here (one byte past the limit at most) and
        handed on with the length it has; a 413 closes the connection."""
        start_response = closing_after_413(start_response)
        limit = self.app.config.get("MAX_CONTENT_LENGTH")
        # A server sets wsgi.input_terminated when its stream ends with the body (gunicorn, and Werkzeug's own
        # server for a chunked body); without it a body with no length is no body (Werkzeug reads nothing).
        unsized = "chunked" in environ.get("HTTP_TRANSFER_ENCODING", "").lower() or not environ.get("CONTENT_LENGTH")
        if limit is not None and unsized and environ.get("wsgi.input_terminated"):
            body = _read_at_most(environ["wsgi.input"], limit + 1)
            environ["wsgi.input"] = io.BytesIO(body)
            environ["CONTENT_LENGTH"] = str(len(body))
            environ.pop("HTTP_TRANSFER_ENCODING", None)  # the body handed on is no longer chunked: it has a length
        return self.wsgi_app(environ, start_response)


def closing_after_413(start_response: Callable[..., Any]) -> Callable[..., Any]:
    """``start_response`` that ends the connection after a 413, saying so (``Connection: close``).

    A body refused as too large is left unread, so the connection cannot carry another request: gunicorn would
    drain 64 KB of it, give up and close, after having answered ``Connection: keep-alive``, and the browser's
    next request on it would fail. Reading the rest instead would take in the very megabytes the limit refuses.
    gunicorn ignores a ``Connection`` header from the app (it is the server's to send): its response, whose
    ``start_response`` this is, is told to close (``force_close``) before it writes the head. Other servers are
    left as they are.
    """
    close = getattr(getattr(start_response, "__self__", None), "force_close", None)
    if not callable(close):
        return start_response

    def start(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Any:
        if status.startswith("413"):
            close()
        return start_response(status, headers, exc_info)

    return start


def _read_at_most(stream: Any, size: int) -> bytes:
    """Up to ``size`` bytes of ``stream``: fewer only where it ends."""
    parts: list[bytes] = []
    left = size
    while left > 0:
        part = stream.read(min(left, 64 * 1024))
        if not part:
            break
        parts.append(part)
        left -= len(part)
    return b"".join(parts)


class SessionCookies(SecureCookieSessionInterface):
    """Flask's signed session cookie, ``Secure`` whenever the request came over HTTPS (it is written after
    :func:`secure_response` has run, so it gets its flags here)."""

    @override
    def get_cookie_secure(self, app: Flask) -> bool:
        return bool(app.config["SESSION_COOKIE_SECURE"]) or request.is_secure


def limit_new_games(limiter: flask_limiter.Limiter, view: Callable[..., Any]) -> Callable[..., Any]:
    """``view`` with the rate limit on creating games: only a request that made a game (a redirect to it) counts."""
    return limiter.limit(
        lambda: str(current_app.config["NEW_GAME_RATE_LIMIT"]), methods=["POST"],
        deduct_when=lambda response: response.status_code == 303,
    )(view)


def limit_unknown_links(response: Response) -> Response:
    """A link that opened no game (a 404 from a page that names one) counts against the address's budget of
    unknown links; past it, the answer is 429 instead. Nothing else asks the budget, so an address over it
    still opens its own games and saves."""
    if response.status_code != 404 or request.blueprint not in GAME_LINK_BLUEPRINTS:
        return response
    limiter: flask_limiter.Limiter = current_app.extensions[LIMITER_KEY]
    if not (limiter.enabled and limiter.initialized):  # RATELIMIT_ENABLED off: nothing is counted
        return response
    address = get_remote_address()
    budget = parse_many(str(current_app.config["UNKNOWN_LINK_RATE_LIMIT"]))
    if all([limiter.limiter.hit(item, "unknown-link", address) for item in budget]):
        return response
    return current_app.make_response(too_many(TooManyRequests()))


def _count(app: Flask, key: str) -> int:
    raw = str(app.config.get(key) or 0).strip()
    if not raw.isascii() or not raw.isdigit() or len(raw) > 2:
        raise ValueError(f"REFEREE_{key} must be the number of proxies in front of the app (0 to 99), not {raw!r}")
    return int(raw)


#: The views that show their form again, with what was entered, when its CSRF check fails (each refuses to save
#: on a failed check by itself: its form checks the token too).
RESENDABLE = frozenset({
    "games.new", "table.end_deal", "table.correct", "table.players", "table.buy", "table.cut", "table.laid_down",
    "table.choose_contract", "table.abandon", "backup.restore", "backup.delete",
})


def keep_session(response: Response) -> Response:
    """A session this request wrote (it holds the CSRF secret) outlives the browser's restarts.

    It lasts PERMANENT_SESSION_LIFETIME from its last change; a session nobody wrote to is never sent.
    """
    if session.modified and session:
        session.permanent = True
    return response


def csrf_failed(error: CSRFError) -> Any:
    """A failed CSRF check: the form again with what was entered (see RESENDABLE), else a page in words."""
    view = current_app.view_functions.get(request.endpoint or "")
    if request.endpoint in RESENDABLE and view is not None:
        try:
            return view(**(request.view_args or {}))
        except HTTPException as refused:  # the link opens no game: its 404, as without the CSRF failure
            return current_app.handle_http_exception(refused)
    return error_page(error, _("Nothing was saved"), _(
        "This page was kept open too long, or this browser forgot its session. Go back, reload the page and "
        "do it again."))


def refuse_large_bodies() -> None:
    """A body announced larger than the limit is refused before any of it is read."""
    limit = current_app.config.get("MAX_CONTENT_LENGTH")
    if limit is not None and request.content_length is not None and request.content_length > limit:
        raise RequestEntityTooLarge()


#: How a response that holds the scorekeeper's secret may be kept: nowhere (no browser cache, no shared cache).
NO_STORE = "private, no-store"


def holds_edit_secret() -> bool:
    """Whether this request's answer holds the scorekeeper's secret: every page of an edit link (``/g/<token>/…``:
    the screens, the hand-over page with its QR code, both exports), "My games" (its links), a rematch's new-game
    page (the old game's link in its address)."""
    return "edit_token" in (request.view_args or {}) or request.endpoint == "games.mine" or "rematch" in request.args


def secure_response(response: Response) -> Response:
    """The security headers, ``Cache-Control: private, no-store`` where the scorekeeper's secret is, and HttpOnly /
    SameSite=Lax / (over HTTPS) Secure on every cookie set."""
    for name, value in HEADERS.items():
        response.headers.setdefault(name, value)
    if holds_edit_secret():
        response.headers["Cache-Control"] = NO_STORE
    if request.is_secure:
        response.headers.setdefault("Strict-Transport-Security", STRICT_TRANSPORT_SECURITY)
    cookies = response.headers.getlist("Set-Cookie")
    if cookies:
        response.headers.setlist("Set-Cookie", [_flagged(cookie, secure=request.is_secure) for cookie in cookies])
    return response


def _flagged(header: str, *, secure: bool) -> str:
    """A Set-Cookie header with HttpOnly, SameSite=Lax and (when ``secure``) Secure added where missing."""
    attributes = {part.strip().split("=", 1)[0].lower() for part in header.split(";")[1:]}
    if "httponly" not in attributes:
        header += "; HttpOnly"
    if "samesite" not in attributes:
        header += "; SameSite=Lax"
    if secure and "secure" not in attributes:
        header += "; Secure"
    return header


def error_page(error: HTTPException, title: str, message: str) -> tuple[str, int]:
    """A plain page in words for a refused request."""
    code = error.code or 400
    return render_template("errors/refused.html", title=title, message=message, code=code), code


def too_large(error: HTTPException) -> tuple[str, int]:
    """413: the request was too big to read."""
    megabytes = (current_app.config.get("MAX_CONTENT_LENGTH") or MAX_CONTENT_LENGTH) / (1024 * 1024)
    return error_page(error, _("That was too much to send"), _(
        "The page sent more than %(size)s MB, more than any screen of referee needs, so nothing was read or "
        "saved. If you were sending a game's file, check that it is a referee export.", size=f"{megabytes:g}"))


def too_many(error: HTTPException) -> tuple[str, int]:
    """429: a rate limit was reached."""
    return error_page(error, _("Too many requests"), _(
        "This device (or its network) asked for too much in a short time, so this request was not served. "
        "Wait a minute and try again."))


# ---- the app's own log lines ------------------------------------------------------------------------------


class MaskTokens(logging.Filter):
    """Masks the link secrets in a record's message and in its traceback text (see referee.masking.mask_tokens)."""

    @override
    def filter(self, record: logging.LogRecord) -> bool:
        record.msg = mask_tokens(record.getMessage())
        record.args = ()
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = mask_tokens(record.exc_text)
        return True


def mask_app_logs(app: Flask) -> None:
    """Put :class:`MaskTokens` on the app's logger and on the development server's (werkzeug) logger."""
    for logger in (app.logger, logging.getLogger("werkzeug")):
        if not any(isinstance(existing, MaskTokens) for existing in logger.filters):
            logger.addFilter(MaskTokens())

