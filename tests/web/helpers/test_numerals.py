"""Numbers as the page's language writes them (referee/web/helpers/numerals.py): Persian in its own digits with its
signs (a left-to-right mark keeps the sign before the number), English, Spanish and Japanese in ASCII."""

from __future__ import annotations

from fractions import Fraction

import pytest
from babel import Locale
from flask import Flask
from flask.ctx import RequestContext

from referee.web.helpers.numerals import amount, average, digits_of, in_digits, number

LRM = "\u200e"
MINUS = "\u2212"  # Persian's minus sign
DECIMAL = "\u066b"  # the Arabic decimal separator, Persian's

#: (value, signed, English, Persian): whole numbers, no thousands separator.
NUMBERS = [
    (25, False, "25", "۲۵"),
    (-25, False, "-25", f"{LRM}{MINUS}۲۵"),
    (25, True, "+25", f"{LRM}+۲۵"),
    (0, True, "+0", "۰"),  # zero has no sign in Persian
    (1200, False, "1200", "۱۲۰۰"),
    (-1200, True, "-1200", f"{LRM}{MINUS}۱۲۰۰"),
    (9876543210, False, "9876543210", "۹۸۷۶۵۴۳۲۱۰"),
]

#: (value, signed, English, Persian): money, two decimals.
AMOUNTS = [
    (1.5, False, "1.50", f"۱{DECIMAL}۵۰"),
    (1.5, True, "+1.50", f"{LRM}+۱{DECIMAL}۵۰"),
    (-0.25, True, "-0.25", f"{LRM}{MINUS}۰{DECIMAL}۲۵"),
    (3, False, "3.00", f"۳{DECIMAL}۰۰"),
    (0, True, "+0.00", f"{LRM}+۰{DECIMAL}۰۰"),
]

#: (value, English, Persian): averages, one decimal.
AVERAGES = [
    (Fraction(80, 3), "26.7", f"۲۶{DECIMAL}۷"),
    (Fraction(-7, 2), "-3.5", f"{LRM}{MINUS}۳{DECIMAL}۵"),
    (12, "12.0", f"۱۲{DECIMAL}۰"),
    (0.04, "0.0", f"۰{DECIMAL}۰"),
]


def in_language(app: Flask, language: str) -> RequestContext:
    return app.test_request_context("/", headers={"Cookie": f"lang={language}"})


@pytest.mark.parametrize(("value", "signed", "english", "persian"), NUMBERS)
def test_whole_numbers(app: Flask, value: int, signed: bool, english: str, persian: str) -> None:
    for language in ("en", "es", "ja"):
        with in_language(app, language):
            assert number(value, signed) == english
    with in_language(app, "fa"):
        assert number(value, signed) == persian


@pytest.mark.parametrize(("value", "signed", "english", "persian"), AMOUNTS)
def test_sums_of_money(app: Flask, value: float, signed: bool, english: str, persian: str) -> None:
    with in_language(app, "es"):
        assert amount(value, signed) == english
    with in_language(app, "fa"):
        assert amount(value, signed) == persian


@pytest.mark.parametrize(("value", "english", "persian"), AVERAGES)
def test_averages(app: Flask, value: Fraction | float, english: str, persian: str) -> None:
    with in_language(app, "ja"):
        assert average(value) == english
    with in_language(app, "fa"):
        assert average(value) == persian


@pytest.mark.parametrize("write", [number, amount, average])
@pytest.mark.parametrize(("value", "written"), [(None, ""), ("12", "12"), (True, "True"), ("—", "—")])
def test_what_is_not_a_number_comes_back_as_text(app: Flask, write: object, value: object, written: str) -> None:
    with in_language(app, "fa"):
        assert write(value) == written  # type: ignore[operator]


def test_digits_babel_wrote_are_put_in_the_languages() -> None:
    assert digits_of(Locale("fa")) == "۰۱۲۳۴۵۶۷۸۹"
    assert digits_of(Locale("en")) is None
    assert digits_of(Locale("ja")) is None
    assert digits_of(None) is None


def test_a_date_babel_wrote_gets_the_pages_digits(app: Flask) -> None:
    with in_language(app, "fa"):
        assert in_digits("25 نوامبر 2026") == "۲۵ نوامبر ۲۰۲۶"
    with in_language(app, "es"):
        assert in_digits("25 de noviembre de 2026") == "25 de noviembre de 2026"
