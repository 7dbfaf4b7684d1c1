"""The typed translation calls (referee/web/core/translate.py): each says its text in the page's language, with its
variables filled in, its plural and its context; ``word`` leaves an untranslated text in English. The expected
words are the catalogues' (translations/<lang>/LC_MESSAGES/messages.po)."""

from __future__ import annotations

import pytest
from flask import Flask

from referee.web.core.translate import gettext, ngettext, pgettext, word

#: (language, "Deal 12", "7 chips", "1 chip", "clubs" said of suits, "Live").
SAID = [
    ("en", "Deal 12", "7 chips", "1 chip", "clubs", "Live"),
    ("es", "Mano 12", "7 fichas", "1 ficha", "tréboles", "En vivo"),
    ("ja", "第12ディール", "ポーカーチップ7枚", "ポーカーチップ1枚", None, "ライブ"),
]


@pytest.mark.parametrize(("language", "deal_12", "chips_7", "chip_1", "clubs", "live"), SAID)
def test_each_call_says_its_text_in_the_page_language(app: Flask, language: str, deal_12: str, chips_7: str,
                                                      chip_1: str, clubs: str | None, live: str) -> None:
    with app.test_request_context("/", headers={"Cookie": f"lang={language}"}):
        assert gettext("Deal %(number)d", number=12) == deal_12
        assert ngettext("%(num)d chip", "%(num)d chips", 7) == chips_7
        assert ngettext("%(num)d chip", "%(num)d chips", 1) == chip_1
        if clubs is not None:
            assert pgettext("suits", "clubs") == clubs
        assert word("Live") == live
        assert all(type(said) is str for said in (gettext("Live"), word("Live"), pgettext("suits", "clubs")))


def test_the_same_text_in_another_context_is_another_entry(app: Flask) -> None:
    with app.test_request_context("/", headers={"Cookie": "lang=ja"}):
        assert pgettext("between a heading and its subject", ": ") == "："
        assert pgettext("between two items of a list", "; ") == "、"


@pytest.mark.parametrize("text", ["", "Zoë's own house rule", "Ana"])
def test_a_word_not_translated_stays_as_it_is(app: Flask, text: str) -> None:
    with app.test_request_context("/", headers={"Cookie": "lang=es"}):
        assert word(text) == text
