"""Numbers as the page's language writes them: Persian in its own digits (۰–۹) with its signs, the others in ASCII.

Babel knows each language's default numbering system and its symbols (minus sign, decimal sign) but writes every
digit in ASCII; :data:`DIGITS` holds the digits of the systems our languages write. The web layer's gettext
(``referee.web.core.i18n``), its templates (the ``num`` and ``money`` filters) and the wording of the engine's
sentences (``referee.games.rummy.web.wording``) all write numbers through here.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from babel import Locale
from babel.numbers import format_decimal, get_minus_sign_symbol, get_plus_sign_symbol
from flask_babel import get_locale

__all__ = ["DIGITS", "digits_of", "number", "amount", "average", "in_digits"]

#: The digits of the numbering systems our languages write by default (CLDR's ``numberingSystems``). Babel knows
#: each locale's default system and its symbols (minus sign, separators) but writes every digit in ASCII.
DIGITS: dict[str, str] = {"arabext": "۰۱۲۳۴۵۶۷۸۹", "arab": "٠١٢٣٤٥٦٧٨٩"}


def digits_of(locale: Locale | None) -> str | None:
    """The digits ``locale`` writes numbers in, when they are not ASCII's."""
    return DIGITS.get(locale.default_numbering_system) if locale is not None else None


def number(value: Any, signed: bool = False) -> str:
    """``value`` (an int) as the page's language writes it: ``-25`` stays ``-25`` in English, Spanish and
    Japanese and is ``‎−۲۵`` in Persian (Babel's minus sign, Persian digits); ``signed``, a positive number has
    its plus sign (``+25``, ``‎+۲۵``). No thousands separator: a score of 1200 is written as the sheet always
    wrote it. Anything but an int is returned as text."""
    if not isinstance(value, int) or isinstance(value, bool):
        return "" if value is None else str(value)
    locale = get_locale()
    digits = digits_of(locale)
    if digits is None:
        return f"{value:+d}" if signed else str(value)
    text = format_decimal(abs(value), format="0", locale=locale, numbering_system="default")
    return _signed(text, value < 0, signed and value > 0, locale, digits)


def amount(value: Any, signed: bool = False) -> str:
    """A sum of money with two decimals (``+1.50`` when ``signed``) as the page's language writes it: unchanged
    in English, Spanish and Japanese, ``‎+۱٫۵۰`` in Persian (its sign, decimal sign and digits)."""
    if not isinstance(value, (int, float)) or isinstance(value, bool):
        return "" if value is None else str(value)
    locale = get_locale()
    digits = digits_of(locale)
    if digits is None:
        return f"{value:+.2f}" if signed else f"{value:.2f}"
    text = format_decimal(abs(value), format="0.00", locale=locale, numbering_system="default")
    return _signed(text, value < 0, signed and value >= 0, locale, digits)


def average(value: Any) -> str:
    """An average (a Fraction or a number) with one decimal, as the page's language writes it: ``26.7`` in English,
    Spanish and Japanese (as :func:`amount` writes money), ``۲۶٫۷`` in Persian."""
    if not isinstance(value, (int, float, Fraction)) or isinstance(value, bool):
        return "" if value is None else str(value)
    rounded = round(Fraction(value), 1)
    locale = get_locale()
    digits = digits_of(locale)
    if digits is None:
        return f"{float(rounded):.1f}"
    text = format_decimal(abs(float(rounded)), format="0.0", locale=locale, numbering_system="default")
    return _signed(text, rounded < 0, False, locale, digits)


def _signed(text: str, minus: bool, plus: bool, locale: Locale, digits: str) -> str:
    """``text`` (Babel's, ASCII digits, no sign) in ``digits`` after the language's own sign: Babel writes a
    hyphen, where Persian's minus sign carries a left-to-right mark that keeps it before the number in a
    right-to-left line."""
    sign = ""
    if minus:
        sign = get_minus_sign_symbol(locale, numbering_system="default")
    elif plus:
        sign = get_plus_sign_symbol(locale, numbering_system="default")
    return sign + _written(text, digits)


def in_digits(text: str) -> str:
    """``text`` Babel wrote (a date, say) with its ASCII digits in the page's language's: ``25 نوامبر 2026`` is
    ``۲۵ نوامبر ۲۰۲۶`` in Persian; unchanged in English, Spanish and Japanese."""
    digits = digits_of(get_locale())
    return text if digits is None else _written(text, digits)


def _written(text: str, digits: str) -> str:
    """``text``'s ASCII digits as ``digits`` writes them."""
    return text.translate(str.maketrans("0123456789", digits))
