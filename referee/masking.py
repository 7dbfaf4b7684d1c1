"""Link secrets masked out of log lines, for the server's access log and the app's own log alike.

Standard library only, and nothing of ours: the server (:mod:`referee.server`) runs the app and the web layer
(:mod:`referee.web.security`) is part of it, so both ask this module rather than one importing the other.
"""

from __future__ import annotations

import re

__all__ = ["MASK", "mask_tokens"]

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
