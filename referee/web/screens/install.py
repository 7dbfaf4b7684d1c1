"""referee as an app on the phone: the web app manifest, the service worker, the offline page, a wake lock.

- ``/manifest.webmanifest``: name, description, language and writing direction (in the language of the page that
  links it: a browser fetches a manifest without cookies, so its address carries ``?lang=``), icons
  (``static/icons/``, drawn for referee), standalone display, colours.
- ``/sw.js``: the service worker (``static/js/sw.js``), served from the site's root so that it may look after
  every page. It keeps the static files (fingerprinted, so a cached one never goes stale) and, when a page
  cannot be loaded because the phone is offline, shows the offline page. The one game page it keeps is the
  players' viewer, as last loaded, shown only when the network fails (its board.js then shows the last board the
  phone was shown, marked as not live): scores always come from the server. Its address carries a version (a
  digest of the files it keeps) so a new release installs a new worker, which drops the old files, and the
  language of the page that registered it: the worker keeps that language's offline page, and a phone that
  switches language registers a new worker.
- ``/offline?lang=fa``: the offline page in that language (the phone's, written as that language writes), with
  every other language referee speaks after it, in case the phone is lent.
- ``static/js/app.js`` registers the worker and runs the share sheet's buttons. It is left out of the pages
  that already use the four requests a screen may need (the deal screen, the viewer, the Referee screens); of
  those, the viewer registers the worker itself (``static/js/board.js``, with the address its live stream gives),
  the others register nothing. Which pages keep the screen awake (``data-keep-awake`` on ``<body>``): the deal
  screen and the viewer, through ``static/js/awake.js`` written inline into them (``assets.AWAKE_SCRIPT``: no
  request).
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from flask import Blueprint, Flask, has_request_context, render_template, request, url_for
from flask_babel import force_locale
from markupsafe import Markup
from werkzeug.wrappers import Response

from referee.web.core import assets
from referee.web.core.i18n import LANGUAGES, current_language, text_direction
from referee.web.core.translate import gettext as _
from referee.web.core.translate import pgettext

bp = Blueprint("install", __name__)

__all__ = ["bp", "init_app", "KEEP_AWAKE", "WITHOUT_APP_SCRIPT", "THEME_COLOUR", "BACKGROUND_COLOUR"]

#: Pages whose screen stays awake while they are shown (Screen Wake Lock API, where the browser has it).
KEEP_AWAKE = frozenset({"table.deal", "board.view"})
#: Pages that already need four requests (the most a screen may): app.js would be a fifth.
WITHOUT_APP_SCRIPT = frozenset(
    {"table.deal", "board.view", "referee_tools.tools", "referee_tools.for_scorekeeper", "referee_tools.for_players"}
)
#: The colours of the installed app: its splash screen and title bar (base.html's light theme colour).
THEME_COLOUR = "#f7f5f0"
BACKGROUND_COLOUR = "#f7f5f0"
ICONS = (
    ("icons/icon.svg", "any", "image/svg+xml", "any"),
    ("icons/icon-192.png", "192x192", "image/png", "any"),
    ("icons/icon-512.png", "512x512", "image/png", "any"),
    ("icons/icon-maskable-512.png", "512x512", "image/png", "maskable"),
)
#: What the service worker keeps when it installs: the offline page's styles and the icons.
PRECACHED = ("css/app.css", *(icon for icon, *_ in ICONS))
#: The addresses that say their language in the query (the manifest is fetched without cookies; the worker and
#: the offline page it keeps are the language's own): ``url_for`` adds the page's language to them.
IN_THE_PAGES_LANGUAGE = frozenset({"install.manifest", "install.worker", "install.offline", "install.precache"})


#: The wake lock's script as markup, written into the pages of KEEP_AWAKE as it is (its hash is in the policy).
_AWAKE_SCRIPT = Markup(assets.AWAKE_SCRIPT)


def init_app(app: Flask) -> None:
    """Register the routes and the template helpers (``keep_awake``, ``app_script``, ``worker_url``)."""
    app.register_blueprint(bp)

    @app.context_processor
    def install_helpers() -> dict[str, object]:
        endpoint = request.endpoint or ""
        return {
            "keep_awake": endpoint in KEEP_AWAKE,
            "awake_script": _AWAKE_SCRIPT,
            "app_script": endpoint not in WITHOUT_APP_SCRIPT,
            "worker_url": worker_url,
        }


@bp.url_defaults
def _the_pages_language(endpoint: str, values: dict[str, Any]) -> None:
    """``url_for`` of the manifest, the worker and the offline page says the page's language (``?lang=fa``)."""
    if endpoint in IN_THE_PAGES_LANGUAGE and "lang" not in values and has_request_context():
        values["lang"] = current_language()


def asked_language() -> str:
    """The language the address asks for (``?lang=``), else the page's (the cookie, else the browser's)."""
    asked = request.args.get("lang", "")
    return asked if asked in LANGUAGES else current_language()


def precached_urls(language: str) -> list[str]:
    """The addresses the service worker keeps when it installs: the offline page in ``language``, then the
    fingerprinted static files."""
    return [url_for("install.offline", lang=language), *(url_for("static", filename=name) for name in PRECACHED)]


def worker_url() -> str:
    """The service worker's address, versioned by the static files it keeps (a release with other files installs
    anew), in the page's language (a phone that switches language installs its offline page)."""
    statics = [url_for("static", filename=name) for name in PRECACHED]
    version = hashlib.sha256("\n".join(statics).encode()).hexdigest()[:12]
    return url_for("install.worker", v=version)


@bp.get("/manifest.webmanifest")
def manifest() -> Response:
    """The web app manifest: what the phone needs to put referee on its home screen, in the language its address
    asks for (the page's: a browser fetches it without the language cookie)."""
    language = asked_language()
    with force_locale(language):
        name = pgettext("the app's name under its icon", "referee")
        description = _("Keep the score of a contract-rummy game; the table watches it live.")
        direction = text_direction()
    data = {
        "name": name,
        "short_name": name,
        "description": description,
        "lang": language,
        "dir": direction,
        "start_url": url_for("home.index"),
        "scope": url_for("home.index"),
        "display": "standalone",
        "orientation": "portrait",
        "theme_color": THEME_COLOUR,
        "background_color": BACKGROUND_COLOUR,
        "icons": [
            {"src": url_for("static", filename=icon), "sizes": sizes, "type": kind, "purpose": purpose}
            for icon, sizes, kind, purpose in ICONS
        ],
    }
    response = Response(json.dumps(data, ensure_ascii=False, indent=1), mimetype="application/manifest+json")
    response.headers["Cache-Control"] = "no-cache"
    response.vary.update(("Accept-Language", "Cookie"))
    return response


@bp.get("/sw.js")
def worker() -> Response:
    """The service worker, from the site's root (its scope is every page), served as every static file under its
    plain name is (:func:`referee.web.core.assets.static_file`: revalidated every time, ``no-cache`` with an ETag);
    typed text/javascript whatever the system's table of types says of .js."""
    response = assets.static_file("js/sw.js")
    response.mimetype = "text/javascript"
    return response


@bp.get("/offline/precache.json")
def precache() -> Response:
    """The list the service worker fetches when it installs (``?lang=``: the language it keeps the offline page in)."""
    response = Response(json.dumps({"urls": precached_urls(asked_language())}), mimetype="application/json")
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/offline")
def offline() -> str:
    """The page the service worker shows when a page cannot be loaded: in the language the address asks for (the
    phone's, the whole page written as that language writes), then in each other language."""
    first = asked_language()
    parts = []
    for code in sorted(LANGUAGES, key=lambda c: c != first):
        with force_locale(code):
            parts.append(Markup(render_template("install/_offline_text.html", code=code)))
    with force_locale(first):
        return render_template("install/offline.html", parts=parts)
