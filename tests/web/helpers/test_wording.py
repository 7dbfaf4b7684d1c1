"""The screens' words for the engine's closed sets: every member worded, in every language the app speaks."""

from __future__ import annotations

import pytest
from flask import Flask

from referee.games.rummy.ledger.state import Adjustment, AdjustmentCode
from referee.games.rummy.web import wording
from referee.web.core.i18n import DEFAULT_LANGUAGE, LANGUAGES


def reasons(app: Flask, language: str) -> dict[AdjustmentCode, str]:
    with app.test_request_context("/", headers={"Accept-Language": language}):
        return {code: wording.adjustment_reason(code) for code in AdjustmentCode}


def test_every_adjustment_reason_has_its_own_english_words(app: Flask) -> None:
    english = reasons(app, DEFAULT_LANGUAGE)
    assert english[AdjustmentCode.EXACT_CUT] == "exact cut"
    assert english[AdjustmentCode.UNUSED_CHIPS] == "unused chips"
    assert len(set(english.values())) == len(AdjustmentCode)  # no two reasons read alike


@pytest.mark.parametrize("language", sorted(set(LANGUAGES) - {DEFAULT_LANGUAGE}))
def test_every_adjustment_reason_is_translated(app: Flask, language: str) -> None:
    english, translated = reasons(app, DEFAULT_LANGUAGE), reasons(app, language)
    untranslated = [code for code in AdjustmentCode if translated[code] == english[code]]
    assert not untranslated, (language, untranslated)


def test_an_adjustment_line_names_its_deal_reason_and_player(app: Flask) -> None:
    adjustment = Adjustment("Ana", 2, AdjustmentCode.EXACT_CUT_ERASE, "exact cut: deal 1's points erased", -30)
    with app.test_request_context("/", headers={"Accept-Language": "es"}):
        line = wording.adjustment_words(adjustment)
    assert line == "Mano 2: corte exacto: se borran los puntos de la mano anterior (Ana)"
