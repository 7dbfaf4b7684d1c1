"""``referee serve``: the app behind gunicorn, set up by :mod:`referee.gunicorn_conf`.

The access log masks every link's secret: the edit and view tokens in ``/g/<token>/…`` and ``/v/<token>`` (in
the request line, the path, the query and the Referer) are written as ``/g/…`` and ``/v/…``, so whoever reads
the server's log cannot open, let alone edit, anyone's game.
"""

from __future__ import annotations

import importlib
import logging
import re
from collections.abc import Mapping
from typing import Any

from gunicorn.app.base import BaseApplication
from gunicorn.glogging import Logger

__all__ = ["AccessLogger", "Server", "mask_tokens", "prepare_database", "CONFIG_MODULE"]

CONFIG_MODULE = "referee.gunicorn_conf"

#: A link secret in a path: whatever follows ``/g/`` (edit) or ``/v/`` (view) up to the next ``/``, ``?``,
#: ``#``, quote or space. The same shape percent-encoded (``%2Fg%2F…``, inside a query) is masked too, and so
#: are the edit tokens in ``/games/forget/<token>`` and in a rematch's ``?rematch=<token>``.
_TOKEN_IN_PATH = re.compile(r"(/[gv]/|%2[fF][gv]%2[fF]|/games/forget/|[?&]rematch=)[^/?#\s\"%&]+")
MASK = "…"


def mask_tokens(text: str) -> str:
    """``text`` with every link secret replaced by ``…``.

    >>> mask_tokens("GET /g/Zm9vYmFyYmF6cXV4/deal?x=1 HTTP/1.1")
    'GET /g/…/deal?x=1 HTTP/1.1'
    >>> mask_tokens("http://table.example/v/Zm9vYmFy")
    'http://table.example/v/…'
    >>> mask_tokens("POST /games/forget/Zm9vYmFy HTTP/1.1 GET /games/new?variant=x&rematch=Zm9vYmFy")
    'POST /games/forget/… HTTP/1.1 GET /games/new?variant=x&rematch=…'
    """
    return _TOKEN_IN_PATH.sub(lambda match: match.group(1) + MASK, text)


class _MaskTokens(logging.Filter):
    """Masks the link secrets in a log record's message (its arguments formatted in first)."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.msg = mask_tokens(record.getMessage())
        record.args = ()
        return True


class AccessLogger(Logger):
    """gunicorn's logger, with the link secrets masked in every line: the access log and the error log (which
    quotes a malformed request line)."""

    def setup(self, cfg: Any) -> None:
        super().setup(cfg)
        for log in (self.access_log, self.error_log):
            if not any(isinstance(existing, _MaskTokens) for existing in log.filters):
                log.addFilter(_MaskTokens())


def prepare_database() -> None:
    """Make the app once, which brings its database schema up to date (see :func:`referee.db.upgrade`)."""
    from referee import create_app

    app = create_app()
    app.extensions["referee.db"].dispose()


class Server(BaseApplication):
    """The referee app served by gunicorn, with :mod:`referee.gunicorn_conf` and the command line's overrides."""

    def __init__(self, overrides: Mapping[str, Any]) -> None:
        self.overrides = dict(overrides)
        super().__init__(prog="referee serve")

    def load_config(self) -> None:
        settings = vars(importlib.import_module(CONFIG_MODULE))
        for key, value in settings.items():
            if key in self.cfg.settings:  # the module's other names are not settings
                self.cfg.set(key, value)
        for key, value in self.overrides.items():
            self.cfg.set(key, value)

    def load(self) -> Any:
        from referee import create_app

        return create_app()
