"""Numbers as phones type them: the digits of every script referee's languages write, in ASCII.

A Persian keyboard types ``۰۱۲۳۴۵۶۷۸۹`` (U+06F0–U+06F9), an Arabic one ``٠١٢٣٤٥٦٧٨٩`` (U+0660–U+0669), a Japanese
input method in full-width mode ``０１２３４５６７８９`` (U+FF10–U+FF19); a minus sign may be Unicode's ``−``
(U+2212, the one Persian writes) or the full-width ``－``; and phones put invisible direction marks around a number
typed or pasted beside right-to-left text (U+200E, U+200F, U+061C, the embeddings and isolates U+202A–U+202E and
U+2066–U+2069, a zero-width space or no-break). :func:`ascii_digits` writes all of that as the ASCII a number
reader takes, and changes nothing else: what is left is still checked (a number of the web forms, the rank of a
card) and refused in words when it is not one.

>>> ascii_digits("\u200e−۲۵"), ascii_digits("٧"), ascii_digits("１０"), ascii_digits("7H")
('-25', '7', '10', '7H')

Other digits Python's ``int()`` would read (Devanagari, Bengali, superscripts…) are left as they are, so they are
refused: no language referee speaks writes them.
"""

from __future__ import annotations

__all__ = ["LOCAL_DIGITS", "MINUS_SIGNS", "INVISIBLE_MARKS", "ascii_digits"]

#: The ten digits of each script a number may be typed in, zero first: Persian, Arabic-Indic, full-width.
LOCAL_DIGITS: tuple[str, ...] = ("۰۱۲۳۴۵۶۷۸۹", "٠١٢٣٤٥٦٧٨٩", "０１２３４５６７８９")
#: Minus signs other than ASCII's hyphen-minus: Unicode's minus sign and the full-width hyphen-minus.
MINUS_SIGNS = "\u2212\uff0d"
#: Marks with no width a phone may put in or around a number: direction marks, embeddings, isolates, a
#: zero-width space, joiners and the byte-order mark.
INVISIBLE_MARKS = (
    "\u200e\u200f\u061c"  # left-to-right, right-to-left and Arabic letter marks
    "\u202a\u202b\u202c\u202d\u202e"  # embeddings and overrides
    "\u2066\u2067\u2068\u2069"  # isolates
    "\u200b\u200c\u200d\u2060\ufeff"  # zero-width space, non-joiner, joiner, word joiner, byte-order mark
)

_TABLE = str.maketrans(
    {**{digit: str(value) for digits in LOCAL_DIGITS for value, digit in enumerate(digits)},
     **dict.fromkeys(MINUS_SIGNS, "-"), **dict.fromkeys(INVISIBLE_MARKS)}
)


def ascii_digits(text: str) -> str:
    """``text`` with Persian, Arabic-Indic and full-width digits in ASCII, minus signs as ``-`` and invisible marks
    dropped (see the module's documentation); every other character is kept."""
    return text.translate(_TABLE)
