"""The scorekeeper's screens' old name for :mod:`referee.web.wording`, where every word of the rules now lives.

Nothing is defined here: the names below are :mod:`referee.web.wording`'s, kept importable for the screens
that still say ``describe.…`` until they import :mod:`referee.web.wording` themselves.
"""

from __future__ import annotations

from referee.web.wording import (
    CHOICE_WORDS,
    HOUSE_RULE_TITLES,
    adjustment_words,
    choice_words,
    house_rule_explanation,
    house_rule_title,
    problem_words,
    problems_words,
    token_name,
    token_words,
    variant_description,
)

__all__ = [
    "CHOICE_WORDS",
    "HOUSE_RULE_TITLES",
    "adjustment_words",
    "choice_words",
    "house_rule_explanation",
    "house_rule_title",
    "problem_words",
    "problems_words",
    "token_name",
    "token_words",
    "variant_description",
]
