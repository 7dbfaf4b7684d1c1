"""Words for the scorekeeper's screens: house-rule titles and values, chips, and the referee's verdicts.

Contracts and deals in words (and as small card icons) are the rules card's (``rules_card.contract_words``,
``deal_words``, ``contract_icons``); the engine's English prose goes through ``texts.word``.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable

from flask_babel import gettext, lazy_gettext, ngettext

from referee.ledger.state import Adjustment
from referee.rules.problems import Problem
from referee.rules.variants import HouseRule, Variant
from referee.web import texts

#: A short title for each house rule the engine has, by id (the explanation comes from the engine).
HOUSE_RULE_TITLES = {
    "chips": lazy_gettext("Chips per player for the game"),
    "exact_cut_reward": lazy_gettext("Reward for an exact cut"),
    "streak_multiplier": lazy_gettext("Winning streak multiplies points"),
    "direction": lazy_gettext("Direction of play"),
    "jokers_per_meld": lazy_gettext("Jokers in one set or run"),
    "deal6_exchange": lazy_gettext("Card exchange before deal 6"),
    "third_deck": lazy_gettext("A third deck for more players"),
    "telefunque_regulations": lazy_gettext("Telefunque tournament rules"),
    "dealer_chooses_contract": lazy_gettext("The dealer chooses the contract"),
    "set_joker_swap_cards": lazy_gettext("Cards given to take a set’s joker"),
    "kolsov_ext": lazy_gettext("The 10-round Shanghai of rummyrulebook"),
}

#: Words for the values a choice house rule takes, by value.
CHOICE_WORDS = {
    "chip": lazy_gettext("one more chip"),
    "minus-25": lazy_gettext("25 points off"),
    "minus-50": lazy_gettext("50 points off"),
    "erase-previous": lazy_gettext("the previous deal’s points erased"),
    "none": lazy_gettext("nothing"),
    "counterclockwise": lazy_gettext("counter-clockwise"),
    "clockwise": lazy_gettext("clockwise"),
    "one": lazy_gettext("one"),
    "any": lazy_gettext("any number"),
    "deal-6": lazy_gettext("one exchange before deal 6"),
    "deal-4-and-6-twice": lazy_gettext("one before deal 4, two before deal 6"),
}


def variant_description(variant: Variant) -> str:
    """The variant's one-line description in the page's language."""
    return texts.word(variant.description)


def house_rule_title(rule: HouseRule) -> str:
    """A short title for a house rule."""
    title = HOUSE_RULE_TITLES.get(rule.id)
    return str(title) if title is not None else rule.id.replace("_", " ").capitalize()


def house_rule_explanation(rule: HouseRule) -> str:
    """The engine's explanation of a house rule, in the page's language where the catalogue has it."""
    return texts.word(rule.explanation)


def choice_words(value: object) -> str:
    """Words for a house rule's value: a choice, yes/no, a number, or "no limit"."""
    if value is None:
        return gettext("no limit")
    if value is True:
        return gettext("yes")
    if value is False:
        return gettext("no")
    words = CHOICE_WORDS.get(str(value))
    return str(words) if words is not None else str(value)


def token_words(variant: Variant, count: int) -> str:
    """``count`` of what the table spends on buying: chips, buys, coins or May I."""
    token = variant.buy.token
    if token == "buy":
        return ngettext("%(num)d buy", "%(num)d buys", count)
    if token == "coin":
        return ngettext("%(num)d coin", "%(num)d coins", count)
    if token == "May I":
        return ngettext("%(num)d May I", "%(num)d May I", count)
    return ngettext("%(num)d chip", "%(num)d chips", count)


def token_name(variant: Variant) -> str:
    """What the table spends on buying, as a column heading: Chips, Buys, Coins, May I."""
    return {
        "buy": gettext("Buys"),
        "coin": gettext("Coins"),
        "May I": gettext("May I"),
    }.get(variant.buy.token, gettext("Chips"))


def problem_words(problem: Problem) -> str:
    """A verdict of the rules in the page's language (``verdicts``), or its English while none exists."""
    try:
        verdicts = importlib.import_module("referee.web.verdicts")
    except ImportError:
        return problem.message
    try:
        return str(verdicts.word(problem))
    except (KeyError, ValueError, IndexError):
        return problem.message


def problems_words(problems: Iterable[Problem]) -> list[str]:
    """Every verdict in words, each once."""
    return list(dict.fromkeys(problem_words(p) for p in problems))


def adjustment_words(adjustment: Adjustment) -> str:
    """Why the ledger adjusted a total, by its code: "Deal 2: exact cut (Ana)"."""
    reasons = {
        "exact-cut": gettext("exact cut"),
        "exact-cut-erase": gettext("exact cut: the previous deal’s points erased"),
        "unused-chips": gettext("unused chips"),
    }
    reason = reasons.get(adjustment.code, adjustment.reason)
    return gettext("Deal %(num)d: %(reason)s (%(player)s)", num=adjustment.deal, reason=reason,
                   player=adjustment.player)
