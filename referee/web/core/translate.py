"""The translation calls, typed: Flask-Babel ships no type information, so its ``gettext``, ``ngettext`` and
``pgettext`` are wrapped here, once, to say what they return (the page's words, a ``str``). Code imports them from
here; the catalogues' extraction finds them by name as before."""

from __future__ import annotations

from typing import Any

import flask_babel

__all__ = ["gettext", "ngettext", "pgettext", "word"]


def gettext(string: str, **variables: Any) -> str:
    """``string`` in the page's language, with ``variables`` filled in."""
    return str(flask_babel.gettext(string, **variables))


def ngettext(singular: str, plural: str, num: int, **variables: Any) -> str:
    """The singular or plural of a sentence about ``num`` things, in the page's language."""
    return str(flask_babel.ngettext(singular, plural, num, **variables))


def pgettext(context: str, string: str, **variables: Any) -> str:
    """``string`` as said in ``context``, in the page's language."""
    return str(flask_babel.pgettext(context, string, **variables))


def word(text: str) -> str:
    """``text`` (a name or a text a family's engine gives in English) in the page's language; English when it is
    not translated. The templates' ``|word`` filter, which the core's pages use for any family's games."""
    if not text:
        return text
    return gettext(text)
