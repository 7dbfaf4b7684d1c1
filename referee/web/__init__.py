"""The thin web layer: one blueprint module per part of the site; each family of games registers its own
(:mod:`referee.web.core.family_screens`)."""

from __future__ import annotations

from flask import Flask
from flask_wtf.csrf import CSRFProtect

from referee.web.core import (
    assets,
    catalogues,
    compiled_templates,
    compressed_static,
    family_screens,
    i18n,
    live_cap,
    security,
    sending,
)
from referee.web.helpers import notation
from referee.web.screens import backup, board, games, home, install, records, rules_card, share

#: Every POST needs a valid CSRF token (Flask-WTF forms carry it).
csrf = CSRFProtect()


def init_app(app: Flask) -> None:
    """Turn on CSRF protection and register the site's blueprints."""
    csrf.init_app(app)
    assets.init_app(app)
    catalogues.init_app(app)
    compiled_templates.init_app(app)  # each template compiled once per process, whichever app renders it
    compressed_static.init_app(app)  # Flask-Compress: gzip or brotli for text answers
    i18n.init_app(app)
    install.init_app(app)
    notation.init_app(app)
    app.register_blueprint(home.bp)
    app.register_blueprint(board.bp)
    app.register_blueprint(rules_card.bp)
    app.register_blueprint(games.bp)
    family_screens.init_app(app)  # every family's blueprints (contract rummy's: referee.games.rummy.web)
    app.register_blueprint(share.bp)
    app.register_blueprint(share.follow)
    app.register_blueprint(backup.bp)
    app.register_blueprint(records.bp)
    sending.init_app(app)  # forms the scorekeeper's page sends itself: a redirect becomes an address
    live_cap.init_app(app)  # live streams per address, counted in front of the app (inside the proxy fix)
    security.init_app(app)
