"""Languages: Flask-Babel, the page's locale (a ``lang`` cookie, else the browser's), and the switch.

Every user-facing text goes through ``_()`` (Python: ``from flask_babel import gettext as _`` or
``lazy_gettext``; templates: ``{{ _('…') }}``, with ``%(name)s`` placeholders as keywords). The catalogues
live in the top-level ``translations/`` folder (``translations/es/LC_MESSAGES/messages.po``; the built wheel
carries it inside the package, see :func:`referee.folders.data_folder`); the compiled ``.mo`` files are generated, never
committed. Until a catalogue is compiled the pages simply show English.
"""

from __future__ import annotations

import functools
import re
from functools import cached_property
from typing import Any
from urllib.parse import urlsplit

from babel import Locale
from flask import Blueprint, Flask, abort, redirect, request, url_for
from flask_babel import Babel, Domain, format_date, get_domain, get_locale
from jinja2 import pass_context
from jinja2.runtime import Context
from markupsafe import Markup
from typing_extensions import override
from werkzeug.datastructures import LanguageAccept
from werkzeug.http import parse_accept_header
from werkzeug.wrappers import Response

from referee.folders import data_folder
from referee.web.core.translate import word
from referee.web.helpers.numerals import amount, average, digits_of, in_digits, number

bp = Blueprint("i18n", __name__)

#: The languages the screens speak, first the default; each with its own name for the switch.
LANGUAGES: dict[str, str] = {"en": "English", "es": "Español", "fa": "فارسی", "ja": "日本語"}
DEFAULT_LANGUAGE = "en"

#: The cookie that keeps a chosen language on this device (a year).
LANG_COOKIE = "lang"
LANG_COOKIE_AGE = 365 * 24 * 3600

#: The ``.po`` catalogues: the installed package's translations/, else the checkout's. Flask-Babel reads only
#: the compiled ones, from the instance folder (:mod:`referee.web.core.catalogues` writes them there, never beside
#: the ``.po``: an installed package's folder may be read-only). One folder, not two: Flask-Babel merges the
#: catalogues of several folders and takes the plural rule of the last, which for a folder without a ``.mo``
#: is English's, so Japanese and Persian (one plural form) would lose every plural message.
TRANSLATIONS_DIR = data_folder("translations")


# ---- numbers in the language's digits ----------------------------------------------------------------------

#: A ``%(name)d`` placeholder: filled with the number already written in the language's digits (as ``%s``).
_INT_PLACEHOLDER = re.compile(r"%\((\w+)\)d")


def _in_page_digits(template: str, variables: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """The template and its values with every int written in the page's digits (its ``%(n)d`` filled as text)."""
    if not variables or digits_of(get_locale()) is None:
        return template, variables
    return _INT_PLACEHOLDER.sub(r"%(\1)s", template), {name: _as_text(value) for name, value in variables.items()}


def _fill(template: str, variables: dict[str, Any]) -> str:
    """``template % variables``, with every int written in the page's digits."""
    if not variables:
        return template
    template, variables = _in_page_digits(template, variables)
    return template % variables


def _as_text(value: Any) -> Any:
    return number(value) if isinstance(value, int) and not isinstance(value, bool) else value


class LocalDigitsDomain(Domain):  # type: ignore[misc]  # Flask-Babel ships no types: its classes are Any
    """Flask-Babel's message domain, filling a message's numbers in the language's digits (Python's calls)."""

    @override
    def gettext(self, string: str, **variables: Any) -> str:
        return _fill(self.get_translations().ugettext(string), variables)

    @override
    def ngettext(self, singular: str, plural: str, num: int, **variables: Any) -> str:
        variables.setdefault("num", num)
        return _fill(self.get_translations().ungettext(singular, plural, num), variables)

    @override
    def pgettext(self, context: str, string: str, **variables: Any) -> str:
        return _fill(self.get_translations().upgettext(context, string), variables)

    @override
    def npgettext(self, context: str, singular: str, plural: str, num: int, **variables: Any) -> str:
        variables.setdefault("num", num)
        return _fill(self.get_translations().unpgettext(context, singular, plural, num), variables)


class RefereeBabel(Babel):  # type: ignore[misc]  # Flask-Babel ships no types: its classes are Any
    """Flask-Babel with :class:`LocalDigitsDomain` as its domain."""

    @cached_property
    @override
    def domain_instance(self) -> Domain:
        return LocalDigitsDomain(domain=self.domain)


def _template_fill(context: Context, template: str, variables: dict[str, Any]) -> str:
    """What Jinja's own i18n calls do (the translation is markup, the values are escaped), in the page's digits."""
    template, variables = _in_page_digits(template, variables)
    rv: str = Markup(template) if context.eval_ctx.autoescape else template
    return rv % variables


@pass_context
def _template_gettext(context: Context, string: str, **variables: Any) -> str:
    return _template_fill(context, get_domain().get_translations().ugettext(string), variables)


@pass_context
def _template_ngettext(context: Context, singular: str, plural: str, num: int, **variables: Any) -> str:
    variables.setdefault("num", num)
    return _template_fill(context, get_domain().get_translations().ungettext(singular, plural, num), variables)


@pass_context
def _template_pgettext(context: Context, ctx: str, string: str, **variables: Any) -> str:
    return _template_fill(context, get_domain().get_translations().upgettext(ctx, string), variables)


@pass_context
def _template_npgettext(
    context: Context, ctx: str, singular: str, plural: str, num: int, **variables: Any
) -> str:
    variables.setdefault("num", num)
    return _template_fill(context, get_domain().get_translations().unpgettext(ctx, singular, plural, num), variables)


babel = RefereeBabel()


def select_locale() -> Locale:
    """The page's language: the ``lang`` cookie when it names one we speak, else the browser's best match."""
    return _locale_for(request.cookies.get(LANG_COOKIE, ""), request.headers.get("Accept-Language", ""))


@functools.lru_cache(maxsize=256)
def _locale_for(chosen: str, accepted: str) -> Locale:
    """The locale for a ``lang`` cookie and an ``Accept-Language`` header, worked out once for each pair: parsing the
    header, matching it and making the locale on every request took a tenth of a viewer's 304. (A phone sends the
    same pair every time; a client sending a new header each time only pushes others out of the 256 kept.)"""
    if chosen in LANGUAGES:
        return Locale.parse(chosen)
    accept = parse_accept_header(accepted, LanguageAccept)
    return Locale.parse(accept.best_match(list(LANGUAGES), default=DEFAULT_LANGUAGE) or DEFAULT_LANGUAGE)


def asked_language() -> str:
    """The language this request asks for: the page's language (:func:`current_language`) unless a block of code
    forces another (``force_locale``), read straight from :func:`select_locale`'s answers kept per pair, without
    Flask-Babel's look-up of its context: a third of the cost, for a key worked out before anything is rendered
    (the viewer page's, asked again and again for its 304)."""
    return select_locale().language


def current_language() -> str:
    """The language code of the page being rendered ("en" or "es")."""
    locale = get_locale()
    return locale.language if locale is not None else DEFAULT_LANGUAGE


def text_direction() -> str:
    """The page's writing direction, ``"rtl"`` or ``"ltr"`` (Persian is written right to left)."""
    locale = get_locale()
    return "rtl" if locale is not None and locale.text_direction == "rtl" else "ltr"


def init_app(app: Flask) -> None:
    """Set up Flask-Babel (``_`` in templates), the language switch, and the template helpers."""
    instance_dir = f"{app.instance_path}/translations"
    app.config.setdefault("BABEL_DEFAULT_LOCALE", DEFAULT_LANGUAGE)
    app.config.setdefault("BABEL_TRANSLATION_DIRECTORIES", instance_dir)
    babel.init_app(app, locale_selector=select_locale)
    # Jinja's i18n extension would fill a template's ``_('Deal %(number)d', number=n)`` itself, in ASCII digits.
    app.jinja_env.globals.update(
        gettext=_template_gettext, ngettext=_template_ngettext,
        pgettext=_template_pgettext, npgettext=_template_npgettext,
    )
    app.add_template_filter(number, "num")
    app.add_template_filter(amount, "money")
    app.add_template_filter(average, "average")
    app.add_template_filter(word, "word")
    # Flask-Babel's date filter, with the date's digits in the page's language (Babel writes them in ASCII).
    app.add_template_filter(lambda value, format=None: in_digits(format_date(value, format)), "dateformat")
    app.register_blueprint(bp)

    @app.context_processor
    def language_helpers() -> dict[str, object]:
        return {
            "languages": LANGUAGES, "current_language": current_language, "text_direction": text_direction,
            "switch_language_url": switch_url,
        }


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
