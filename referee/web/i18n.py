"""Languages: Flask-Babel, the page's locale (a ``lang`` cookie, else the browser's), and the switch.

Every user-facing text goes through ``_()`` (Python: ``from flask_babel import gettext as _`` or
``lazy_gettext``; templates: ``{{ _('…') }}``, with ``%(name)s`` placeholders as keywords). The catalogues
live in the top-level ``translations/`` folder (``translations/es/LC_MESSAGES/messages.po``; the built wheel
carries it inside the package, see :func:`referee.folders.data_folder`); the compiled ``.mo`` files are generated, never
committed. Until a catalogue is compiled the pages simply show English.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import Blueprint, Flask, abort, redirect, request, url_for
from flask_babel import Babel, get_locale
from werkzeug.wrappers import Response

from referee.folders import data_folder

bp = Blueprint("i18n", __name__)

#: The languages the screens speak, first the default; each with its own name for the switch.
LANGUAGES: dict[str, str] = {"en": "English", "es": "Español"}
DEFAULT_LANGUAGE = "en"

#: The cookie that keeps a chosen language on this device (a year).
LANG_COOKIE = "lang"
LANG_COOKIE_AGE = 365 * 24 * 3600

#: The ``.po`` catalogues: the installed package's translations/, else the checkout's. Flask-Babel reads the
#: compiled ones from the instance folder first (:mod:`referee.web.catalogues` writes them there, never beside
#: the ``.po``: an installed package's folder may be read-only), then from here.
TRANSLATIONS_DIR = data_folder("translations")

babel = Babel()


def select_locale() -> str:
    """The page's language: the ``lang`` cookie when it names one we speak, else the browser's best match."""
    chosen = request.cookies.get(LANG_COOKIE, "")
    if chosen in LANGUAGES:
        return chosen
    return request.accept_languages.best_match(list(LANGUAGES), default=DEFAULT_LANGUAGE) or DEFAULT_LANGUAGE


def current_language() -> str:
    """The language code of the page being rendered ("en" or "es")."""
    locale = get_locale()
    return locale.language if locale is not None else DEFAULT_LANGUAGE


def init_app(app: Flask) -> None:
    """Set up Flask-Babel (``_`` in templates), the language switch, and the template helpers."""
    instance_dir = f"{app.instance_path}/translations"
    app.config.setdefault("BABEL_DEFAULT_LOCALE", DEFAULT_LANGUAGE)
    app.config.setdefault("BABEL_TRANSLATION_DIRECTORIES", f"{instance_dir};{TRANSLATIONS_DIR}")
    babel.init_app(app, locale_selector=select_locale)
    app.register_blueprint(bp)

    @app.context_processor
    def language_helpers() -> dict[str, object]:
        return {"languages": LANGUAGES, "current_language": current_language, "switch_language_url": switch_url}


def switch_url(code: str) -> str:
    """The address of the switch to ``code`` that comes back to the current page."""
    here = request.full_path.rstrip("?") if request else "/"
    return url_for("i18n.switch", code=code, next=here)


def safe_next(target: str | None) -> str:
    """A local address to go back to: only a path on this site (never another host), else the home page."""
    if not target:
        return "/"
    parts = urlsplit(target)
    if parts.scheme or parts.netloc or not target.startswith("/") or target.startswith("//") or "\\" in target:
        return "/"
    return target


@bp.get("/lang/<code>")
def switch(code: str) -> Response:
    """Remember the language ``code`` on this device and go back to the page the switch was on.

    A GET (a plain link, no form): switching the language changes no game data.
    """
    if code not in LANGUAGES:
        abort(404)
    response = redirect(safe_next(request.values.get("next")), code=303)
    response.set_cookie(LANG_COOKIE, code, max_age=LANG_COOKIE_AGE, samesite="Lax", httponly=True)
    return response
