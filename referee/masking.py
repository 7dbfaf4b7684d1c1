"""Link secrets masked out of log lines, for the server's access log and the app's own log alike.

Standard library only, and nothing of ours: the server (:mod:`referee.server`) runs the app and the web layer
(:mod:`referee.web.core.security`) is part of it, so both ask this module rather than one importing the other.
"""

from __future__ import annotations

import re

__all__ = ["MASK", "mask_tokens"]

#: A slash, written plainly or percent-encoded.
_SLASH = r"(?:/|%2f)"


def _letter(char: str) -> str:
    """A letter of a path as a server reads it: either case, or percent-encoded (``g``, ``G``, ``%67``, ``%47``)."""
    return f"(?:{char}|%{ord(char.lower()):x}|%{ord(char.upper()):x})"


#: A link secret in a path: whatever follows ``/g/`` (edit) or ``/v/`` (view) up to the next ``/``, ``?``, ``#``
#: (plain or percent-encoded), quote or space. Matched as a server may route a path, not only as the app writes it:
#: in either case (``/G/``), with slashes doubled (``//g//``) and with any character percent-encoded (``%2Fg%2F``,
#: ``/%67/``), for a request that opens no game still carries a secret. The edit tokens in
#: ``/games/forget/<token>`` and in a rematch's ``?rematch=<token>`` are masked the same way.
_TOKEN_IN_PATH = re.compile(
    rf"({_SLASH}+(?:{_letter('g')}|{_letter('v')}){_SLASH}+"
    rf"|{_SLASH}+{''.join(_letter(c) for c in 'games')}{_SLASH}+{''.join(_letter(c) for c in 'forget')}{_SLASH}+"
    r"|[?&]rematch=)(?:%(?!2f|3f|23)[0-9a-f]{2}|[^/?#\s\"%&])+",
    re.IGNORECASE,
)
MASK = "…"


def mask_tokens(text: str) -> str:
    """``text`` with every link secret replaced by ``…``.

    >>> mask_tokens("GET /g/Zm9vYmFyYmF6cXV4/deal?x=1 HTTP/1.1")
    'GET /g/…/deal?x=1 HTTP/1.1'
    >>> mask_tokens("http://table.example/v/Zm9vYmFy")
    'http://table.example/v/…'
    >>> mask_tokens("POST /games/forget/Zm9vYmFy HTTP/1.1 GET /games/new?variant=x&rematch=Zm9vYmFy")
    'POST /games/forget/… HTTP/1.1 GET /games/new?variant=x&rematch=…'
    >>> mask_tokens("GET /G/Zm9vYmFy //g//Zm9vYmFy /%67/Zm9vYmFy /%76%2FZm9vYmFy /v/%5Am9vYmFy%2Fx")
    'GET /G/… //g//… /%67/… /%76%2F… /v/…%2Fx'
    """
    return _TOKEN_IN_PATH.sub(lambda match: match.group(1) + MASK, text)
