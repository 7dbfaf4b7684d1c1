"""Numbers as phones type them (referee/typed.py): local digits, minus signs and invisible marks in ASCII, and
nothing else changed."""

from __future__ import annotations

import pytest

from referee.typed import INVISIBLE_MARKS, LOCAL_DIGITS, MINUS_SIGNS, ascii_digits

#: (typed, read): each script's digits, the minus signs, the marks a phone adds.
READ = [
    ("۰۱۲۳۴۵۶۷۸۹", "0123456789"),  # Persian
    ("٠١٢٣٤٥٦٧٨٩", "0123456789"),  # Arabic-Indic
    ("０１２３４５６７８９", "0123456789"),  # full-width
    ("−۲۵", "-25"),  # Unicode's minus sign, as Persian writes it
    ("－１５", "-15"),  # the full-width hyphen-minus
    ("\u200e-25\u200f", "-25"),
    ("\u2066۱۲\u2069", "12"),
    ("1\u200b0", "10"),
    ("\ufeff7", "7"),
    ("۱۰H", "10H"),
    ("١٢٣abc", "123abc"),
]

#: Left exactly as typed: ASCII, letters, other digits that no language of referee writes.
KEPT = ["-25", "7H", "abc", "", "१२", "²", "1.5", " 3 "]


@pytest.mark.parametrize(("typed", "read"), READ)
def test_local_digits_minus_signs_and_marks_are_read_in_ascii(typed: str, read: str) -> None:
    assert ascii_digits(typed) == read


@pytest.mark.parametrize("typed", KEPT)
def test_everything_else_is_kept(typed: str) -> None:
    assert ascii_digits(typed) == typed


def test_every_script_writes_ten_digits_zero_first() -> None:
    for digits in LOCAL_DIGITS:
        assert len(digits) == 10
        assert ascii_digits(digits) == "0123456789"
    assert ascii_digits(MINUS_SIGNS) == "--"
    assert ascii_digits(INVISIBLE_MARKS) == ""
