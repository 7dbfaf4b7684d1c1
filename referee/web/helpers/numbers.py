"""Whole numbers typed on a page: the one reader every number field and every number in a request goes through
(docs/rules.md, D101).

A number may be typed in ASCII, Persian or Arabic-Indic digits, or full-width ones (a Japanese input method), with
Unicode's minus sign and the invisible direction marks a phone puts beside right-to-left text
(:func:`referee.typed.ascii_digits` writes them in ASCII first). What is left must be ASCII digits, at
most nine, with an optional minus sign, within the field's bounds: ``int()`` alone would take ``1_000``, the
Devanagari ``१२`` or 4,300 digits.
"""

from __future__ import annotations

import re
from typing import Any

from flask_babel import lazy_gettext as _l
from typing_extensions import override
from wtforms import IntegerField
from wtforms.widgets import TextInput

from referee.typed import ascii_digits

__all__ = ["MAX_NUMBER", "WHOLE_NUMBER", "WholeNumberField", "whole_number"]

#: The most a typed number may be: anything bigger is a typing slip, not a score.
MAX_NUMBER = 1_000_000
#: A whole number once its digits are ASCII: an optional minus sign, nine digits at most.
WHOLE_NUMBER = re.compile(r"-?[0-9]{1,9}")


def whole_number(text: object, *, minimum: int = 0, maximum: int = MAX_NUMBER) -> int | None:
    """``text`` as a whole number from ``minimum`` to ``maximum``, or None when it is anything else.

    >>> whole_number(" 12 "), whole_number("۱۲"), whole_number("١٢"), whole_number("１２"), whole_number("\u200f۷")
    (12, 12, 12, 12, 7)
    >>> whole_number("²"), whole_number("१२"), whole_number("1_000"), whole_number("1,000"), whole_number("9" * 5000)
    (None, None, None, None, None)
    >>> whole_number("-3"), whole_number("-3", minimum=-10), whole_number("\u200e−۲۵", minimum=-99)
    (None, -3, -25)
    """
    if not isinstance(text, str):
        return None
    text = ascii_digits(text).strip()
    if not WHOLE_NUMBER.fullmatch(text):
        return None
    number = int(text)
    return number if minimum <= number <= maximum else None


class WholeNumberField(IntegerField):  # type: ignore[misc]  # WTForms ships no types: its classes are Any
    """An IntegerField read by :func:`whole_number` (any of the digits it takes); blank is None.

    It renders as a text field with the numeric keyboard: a browser's number field drops digits other than ASCII
    as they are typed.
    """

    widget = TextInput()

    def __init__(self, *args: Any, minimum: int = 0, maximum: int = MAX_NUMBER, **kwargs: Any) -> None:
        kwargs["render_kw"] = {"inputmode": "numeric", **(kwargs.get("render_kw") or {})}
        super().__init__(*args, **kwargs)
        self.minimum, self.maximum = minimum, maximum

    @override
    def process_formdata(self, valuelist: list[Any]) -> None:
        if not valuelist:
            return
        text = valuelist[0]
        if isinstance(text, str) and not ascii_digits(text).strip():
            self.data = None
            return
        self.data = whole_number(text, minimum=self.minimum, maximum=self.maximum)
        if self.data is None:
            raise ValueError(_l("Type a whole number from %(min)d to %(max)d, in the digits 0–9.",
                                min=self.minimum, max=self.maximum))
