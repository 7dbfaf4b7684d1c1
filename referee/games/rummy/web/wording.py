"""Everything the screens say about the rules, in the page's language: problems, contracts, deals, tokens,
house-rule choices and adjustments.

The engine's sentences live once, as message ids in :mod:`referee.rules.wording`; here each is looked up in
the catalogue (gettext) and its structured parameters are put in words of the page's language. The engine's
own prose (variant descriptions, house-rule explanations, decisions, contract names) is extracted for the
catalogue by :func:`extract` (named in babel.cfg) and shown through :func:`word`.

Of ``referee.web`` it imports only the translation calls and the numerals, never a screen: the screens and
the rules card import it, and :func:`init_app` makes its functions Jinja globals and filters, so templates call
them by name.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any, assert_never

from flask import Flask
from flask_babel import lazy_gettext

from referee.games.rummy.ledger.state import Adjustment, AdjustmentCode, CutEarnings, DealResult
from referee.rules.cards import Rank, Suit
from referee.rules.catalogue import VARIANTS
from referee.rules.melds import Meld
from referee.rules.problems import Problem
from referee.rules.variants import (
    BuyCall,
    Contract,
    CutReward,
    Deal,
    HouseRule,
    MeldKind,
    Reminder,
    Requirement,
    RunWord,
    SetWord,
    Terms,
    Variant,
    WildLimit,
)
from referee.rules.wording import (
    MELD_PREFIX,
    MESSAGES,
    SETTING_WORDS,
    WILD_LIMIT_WORDS,
    BuyToken,
    Count,
    Noun,
    Plural,
    Setting,
    VariantName,
)
from referee.web.core.translate import gettext, ngettext, pgettext, word
from referee.web.helpers.numerals import number

__all__ = [
    "init_app",
    "word",
    "extract",
    "problem_words",
    "problems_words",
    "contract_words",
    "deal_words",
    "meld_words",
    "requirement_words",
    "buy_call_words",
    "reminders",
    "token_words",
    "token_name",
    "choice_words",
    "cut_reward_sentence",
    "house_rule_title",
    "house_rule_explanation",
    "variant_description",
    "adjustment_words",
    "points_words",
]


def init_app(app: Flask) -> None:
    """Make the wording functions Jinja globals (``contract_words(c, terms)``) and filters (``p|problem_words``)."""
    globals_: tuple[Callable[..., object], ...] = (
        contract_words, deal_words, token_name, token_words, choice_words, house_rule_title, house_rule_explanation,
        variant_description, adjustment_words, buy_call_words, reminders,
    )
    for function in globals_:
        app.add_template_global(function)
    filters: tuple[Callable[..., object], ...] = (problem_words, problems_words, adjustment_words)
    for function in filters:
        app.add_template_filter(function)


# ---- the engine's prose ------------------------------------------------------------------------------------


def engine_texts() -> Iterator[tuple[str, str]]:
    """Every English text of the variants that a page shows, with where it comes from (for translators)."""
    for variant in VARIANTS.values():
        yield variant.name, f"{variant.id}: its name"
        yield variant.description, f"{variant.id}: description"
        for rule in variant.house_rules:
            yield rule.explanation, f"house rule {rule.id}"
            for choice in rule.choices:
                yield choice, f"house rule {rule.id}: a choice"
        for decision in variant.decisions:
            yield decision, f"{variant.id}: a decision"
        for deal in variant.deals:
            for contract in deal.contracts:
                if contract.name:
                    yield contract.name, "a contract's name"


def extract(
    _fileobj: Any,
    _keywords: Any,
    _comment_tags: Any,
    options: Any,  # noqa: ARG001  # Babel passes it by keyword (options=...): the name stays
) -> Iterator[tuple[int, None, str, list[str]]]:
    """A Babel extraction method: the texts of :func:`engine_texts` (the file itself is not read)."""
    seen: set[str] = set()
    for text, origin in engine_texts():
        if text and text not in seen:
            seen.add(text)
            yield 1, None, text, [origin]


# ---- the referee's verdicts ----------------------------------------------------------------------------------

def _kind(kind: MeldKind, *, plural: bool = False) -> str:
    """A kind of meld in the catalogue's words: one ("set") or several ("sets")."""
    one, several = {
        MeldKind.SET: (pgettext("a meld", "set"), pgettext("melds", "sets")),
        MeldKind.RUN: (pgettext("a meld", "run"), pgettext("melds", "runs")),
        MeldKind.PAIR: (pgettext("a meld", "pair"), pgettext("melds", "pairs")),
        MeldKind.COLOUR_RUN: (pgettext("a meld", "colour run"), pgettext("melds", "colour runs")),
    }[kind]
    return several if plural else one


def _suits(suit: Suit) -> str:
    return {
        Suit.SPADES: pgettext("suits", "spades"),
        Suit.HEARTS: pgettext("suits", "hearts"),
        Suit.DIAMONDS: pgettext("suits", "diamonds"),
        Suit.CLUBS: pgettext("suits", "clubs"),
    }[suit]


def _number(n: int) -> str:
    """A number of cards in words (the catalogue's), digits beyond ten."""
    words = {
        1: pgettext("cards", "one"), 2: pgettext("cards", "two"), 3: pgettext("cards", "three"),
        4: pgettext("cards", "four"), 5: pgettext("cards", "five"), 6: pgettext("cards", "six"),
        7: pgettext("cards", "seven"), 8: pgettext("cards", "eight"), 9: pgettext("cards", "nine"),
        10: pgettext("cards", "ten"),
    }
    return words.get(n, str(n))


def _wilds(count: Count) -> str | None:
    """A few jokers or wild cards in the catalogue's own words, None beyond four."""
    jokers = count.noun is Noun.JOKER
    if count.n == 1 and count.article:
        return pgettext("wild cards", "a joker") if jokers else pgettext("wild cards", "a wild card")
    table = {
        (True, 1): pgettext("wild cards", "one joker"),
        (False, 1): pgettext("wild cards", "one wild card"),
        (True, 2): pgettext("wild cards", "two jokers"),
        (False, 2): pgettext("wild cards", "two wild cards"),
        (True, 3): pgettext("wild cards", "three jokers"),
        (False, 3): pgettext("wild cards", "three wild cards"),
        (True, 4): pgettext("wild cards", "four jokers"),
        (False, 4): pgettext("wild cards", "four wild cards"),
    }
    return table.get((jokers, count.n))


def _count(count: Count) -> str:
    if count.noun is None:
        return _number(count.n)
    if count.noun in (Noun.JOKER, Noun.WILD_CARD):
        few = _wilds(count)
        if few is not None:
            return few
        if count.noun is Noun.JOKER:
            return ngettext("%(num)d joker", "%(num)d jokers", count.n)
        return ngettext("%(num)d wild card", "%(num)d wild cards", count.n)
    if isinstance(count.noun, BuyToken):
        return _token_forms(count.noun, count.n).counted
    if count.noun is Noun.MELD:
        melds = {0: pgettext("melds", "no meld"), 1: pgettext("melds", "one meld"),
                 2: pgettext("melds", "two melds"), 3: pgettext("melds", "three melds"),
                 4: pgettext("melds", "four melds"), 5: pgettext("melds", "five melds")}
        return melds.get(count.n) or ngettext("%(num)d meld", "%(num)d melds", count.n)
    return ngettext("%(words)s natural card", "%(words)s natural cards", count.n, words=_number(count.n))


def _plural_words(value: Plural) -> str:
    inner = value.value
    if isinstance(inner, MeldKind):
        return _kind(inner, plural=True)
    if isinstance(inner, Suit):
        return _suits(inner)
    return str(inner.plural) if isinstance(inner, Rank) else str(inner)


def _setting_words(value: Setting) -> str:
    words = SETTING_WORDS.get(value.id)
    return gettext(words) if words is not None else value.id.replace("_", " ")


def _tuple_words(value: tuple[object, ...]) -> str:
    if all(isinstance(v, Problem) for v in value):
        return "; ".join(problem_words(v) for v in value if isinstance(v, Problem))
    return _joined([_value(v) for v in value])


#: How each kind of a problem's parameter is said, the first kind that fits winning (a Plural before a tuple).
_VALUE_WORDS: tuple[tuple[type[Any], Callable[[Any], str]], ...] = (
    (Count, _count),
    (Plural, _plural_words),
    (MeldKind, _kind),
    (WildLimit, lambda value: gettext(WILD_LIMIT_WORDS[value])),
    (VariantName, lambda value: word(value.id)),
    (Setting, _setting_words),
    (BuyToken, lambda value: _token_forms(value).word),
    (Suit, lambda value: value.symbol),
    (Rank, lambda value: value.label),
    (Requirement, lambda value: requirement_words(value)),  # defined below: looked up when called
    (Contract, lambda value: contract_words(value, Terms())),
    (Deal, lambda value: deal_words(value, Terms())),
    (Meld, lambda value: value.describe()),
    (tuple, _tuple_words),
)


def _value(value: object) -> str:
    """One parameter of a problem in the page's words."""
    for kind, words in _VALUE_WORDS:
        if isinstance(value, kind):
            return words(value)
    if isinstance(value, int) and not isinstance(value, bool):
        return number(value)
    return str(value)


def problem_words(problem: Problem) -> str:
    """A verdict of the rules in the page's language."""
    values = {name: _value(value) for name, value in problem.params}
    text = gettext(MESSAGES[problem.key]).format(**values)
    return gettext(MELD_PREFIX).format(**values) + text if problem.numbered else text


def problems_words(problems: Iterable[Problem]) -> list[str]:
    """Every verdict in words, each once."""
    return list(dict.fromkeys(problem_words(p) for p in problems))


# ---- contracts and deals in words ----------------------------------------------------------------------------


def meld_words(kind: MeldKind, size: int, *, pure: bool = False, or_more: bool = False) -> str:
    """One meld without a count, e.g. 'run of 7 or more'."""
    if kind is MeldKind.RUN:
        text = gettext("run of %(size)d", size=size)
    elif kind is MeldKind.COLOUR_RUN:
        text = gettext("run of %(size)d alternating red and black", size=size)
    elif pure:
        text = gettext("pure set of %(size)d", size=size)
    else:
        text = gettext("set of %(size)d", size=size)
    if or_more:
        text = gettext("%(melds)s or more", melds=text)
    return text


def requirement_words(req: Requirement) -> str:
    """One meld a contract asks for, as a problem names it: 'pure trío', 'run of 7 or more'."""
    named = {
        (MeldKind.SET, 3, False): pgettext("a meld", "trío"),
        (MeldKind.SET, 3, True): pgettext("a meld", "pure trío"),
        (MeldKind.SET, 4, False): pgettext("a meld", "cuarteto"),
        (MeldKind.SET, 5, False): pgettext("a meld", "quinteto"),
    }
    if req.kind is MeldKind.PAIR:
        text = pgettext("a meld", "pair")
    elif (req.kind, req.size, req.pure) in named and not req.or_more:
        text = named[(req.kind, req.size, req.pure)]
    else:
        text = meld_words(req.kind, req.size, pure=req.pure, or_more=req.or_more)
    return _wild_limit(req, text, pure=req.pure)


def _wild_limit(req: Requirement, text: str, *, pure: bool) -> str:
    if pure:
        return text
    if req.wilds is WildLimit.NONE and req.distinct_suits:
        return gettext("%(melds)s of different suits, with no wild card", melds=text)
    if req.wilds is WildLimit.NONE:
        return gettext("%(melds)s with no wild card", melds=text)
    if req.wilds is WildLimit.ONE or req.wild_cap == 1:
        return gettext("%(melds)s with at most 1 wild card", melds=text)
    if req.wild_cap is not None:
        return gettext("%(melds)s with at most %(count)d wild cards", melds=text, count=req.wild_cap)
    return text


def _requirement_words(req: Requirement, count: int, terms: Terms) -> str:
    """``count`` melds of one requirement in the family's words, e.g. '2 pure tríos', '1 escalera of 7 or more'."""
    pure = req.pure and terms.sets is SetWord.TRIO
    if req.kind is MeldKind.SET and terms.sets is SetWord.BOOK:
        if req.size == 3:
            text = ngettext("%(num)d book", "%(num)d books", count)
        else:
            text = ngettext("%(num)d book of %(size)d", "%(num)d books of %(size)d", count, size=req.size)
    elif req.kind is MeldKind.SET and terms.sets is SetWord.SET:
        text = ngettext("%(num)d set of %(size)d", "%(num)d sets of %(size)d", count, size=req.size)
    elif req.kind is MeldKind.RUN and terms.runs is RunWord.ESCALERA:
        text = ngettext("%(num)d escalera of %(size)d", "%(num)d escaleras of %(size)d", count, size=req.size)
    elif req.kind is MeldKind.SET and req.size == 3:
        if pure:
            text = ngettext("%(num)d pure trío", "%(num)d pure tríos", count)
        else:
            text = ngettext("%(num)d trío", "%(num)d tríos", count)
    elif req.kind is MeldKind.SET and req.size == 4:
        if pure:
            text = ngettext("%(num)d pure cuarteto", "%(num)d pure cuartetos", count)
        else:
            text = ngettext("%(num)d cuarteto", "%(num)d cuartetos", count)
    elif req.kind is MeldKind.SET and req.size == 5:
        text = ngettext("%(num)d quinteto", "%(num)d quintetos", count)
    elif req.kind is MeldKind.SET:
        text = ngettext("%(num)d set of %(size)d", "%(num)d sets of %(size)d", count, size=req.size)
    elif req.kind is MeldKind.RUN:
        text = ngettext("%(num)d run of %(size)d", "%(num)d runs of %(size)d", count, size=req.size)
    elif req.kind is MeldKind.PAIR:
        text = ngettext("%(num)d pair", "%(num)d pairs", count)
    else:
        text = ngettext(
            "%(num)d run of %(size)d alternating red and black",
            "%(num)d runs of %(size)d alternating red and black",
            count,
            size=req.size,
        )
    if req.or_more:
        text = gettext("%(melds)s or more", melds=text)
    return _wild_limit(req, text, pure=pure)


def points_words(points: Iterable[tuple[str, int]]) -> str:
    """Players and their points, "Ana 5, Beto 0", in the page's language: its list sign and its digits."""
    return gettext(", ").join(f"{name} {number(value)}" for name, value in points)


def result_words(players: Iterable[str], result: DealResult) -> str:
    """A deal's result in words: "Beto went out; Ana 5, Carla 6, Dani 7"."""
    points = points_words((name, result.points.get(name, 0)) for name in players if name != result.went_out)
    if result.went_out is None:
        return gettext("Nobody went out; %(points)s", points=points)
    return gettext("%(player)s went out; %(points)s", player=result.went_out, points=points)


def _joined(parts: list[str]) -> str:
    """'a', 'a and b', 'a, b and c' in the page's language."""
    if len(parts) <= 1:
        return "".join(parts)
    return gettext("%(first)s and %(last)s", first=gettext(", ").join(parts[:-1]), last=parts[-1])


def contract_words(contract: Contract, terms: Terms) -> str:
    """The contract in the page's language and the family's words, e.g. '1 trío and 1 escalera of 7 or more'."""
    counts: dict[Requirement, int] = {}
    for req in contract.melds:
        counts[req] = counts.get(req, 0) + 1
    text = _joined([_requirement_words(req, count, terms) for req, count in counts.items()])
    if contract.max_wilds == 0:
        text = gettext("%(contract)s, no jokers", contract=text)
    elif contract.max_wilds is not None:
        text = ngettext(
            "%(contract)s, at most %(num)d joker in all",
            "%(contract)s, at most %(num)d jokers in all",
            contract.max_wilds,
            contract=text,
        )
    if contract.name:
        text = gettext("%(name)s: %(contract)s", name=word(contract.name), contract=text)
    return text


def deal_words(deal: Deal, terms: Terms) -> str:
    """The deal's contract(s) in words, e.g. '1 trío and 1 escalera of 7 or more — go out in one turn'."""
    text = gettext(", or ").join(contract_words(c, terms) for c in deal.contracts)
    if deal.go_out_in_one_turn:
        text = gettext("%(contract)s — go out in one turn", contract=text)
    return text


def buy_call_words(terms: Terms) -> str:
    """The call that claims a discard, as the family's table calls it: ¡Compro! or “May I?”."""
    return {BuyCall.COMPRO: gettext("¡Compro!"), BuyCall.MAY_I: gettext("“May I?”")}[terms.buy_call]


def reminders(variant: Variant, number: int) -> list[str]:
    """The rules of deal ``number`` a table forgets, in the page's language (the variant says which apply)."""
    words = []
    for reminder, count in variant.reminders_in(number):
        if reminder is Reminder.EXCHANGE:
            words.append(ngettext(
                "Before play, everyone exchanges cards face down (once).",
                "Before play, everyone exchanges cards face down (%(num)d times in a row).", count))
        elif reminder is Reminder.GO_OUT_IN_ONE_TURN:
            words.append(gettext("Go out in one turn: nothing is laid down until the whole hand goes at once."))
        elif reminder is Reminder.NO_FINAL_DISCARD:
            words.append(gettext("No final discard: the last cards are laid down, none is thrown."))
        elif reminder is Reminder.NO_BUYING:
            call = buy_call_words(variant.terms)
            words.append(gettext("No buying in this deal: %(call)s is not allowed.", call=call))
    return words


# ---- tokens, house rules, adjustments ---------------------------------------------------------------------

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

#: What an exact cut earns, in a sentence of the rules card (its name as a house rule's choice is below).
CUT_REWARD_SENTENCES = {
    CutReward.CHIP: lazy_gettext("An exact cut earns the cutter one more chip."),
    CutReward.MINUS_25: lazy_gettext("An exact cut takes 25 points off the cutter's total."),
    CutReward.MINUS_50: lazy_gettext("An exact cut takes 50 points off the cutter's total."),
    CutReward.ERASE_PREVIOUS: lazy_gettext("An exact cut erases the cutter's points of the previous deal."),
    CutReward.NONE: lazy_gettext("An exact cut earns nothing."),
}


def cut_reward_sentence(reward: CutReward) -> str:
    """What an exact cut earns the cutter, as a sentence."""
    return str(CUT_REWARD_SENTENCES[reward])


def cut_earnings_sentence(earned: CutEarnings | None, *, player: str, deal: int) -> str:
    """What an exact cut by ``player`` earns in deal ``deal``, as a sentence (said where the cut is offered)."""
    if earned is None:
        return str(CUT_REWARD_SENTENCES[CutReward.NONE])
    if earned.chips:
        return gettext("An exact cut earns %(player)s one more chip.", player=player)
    if earned.code is AdjustmentCode.EXACT_CUT_ERASE:
        return gettext("An exact cut erases the %(points)d points %(player)s scored in deal %(num)d.",
                       points=-earned.points, player=player, num=deal - 1)
    if earned.points:
        return gettext("An exact cut takes %(points)d points off %(player)s's total.", points=-earned.points,
                       player=player)
    if deal == 1:
        return gettext("In deal 1 an exact cut earns nothing: there is no deal before whose points it erases.")
    return gettext("In this deal an exact cut earns nothing: %(player)s scored no points in deal %(num)d.",
                   player=player, num=deal - 1)


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
    return word(variant.description)


def house_rule_title(rule: HouseRule) -> str:
    """A short title for a house rule."""
    title = HOUSE_RULE_TITLES.get(rule.id)
    return str(title) if title is not None else rule.id.replace("_", " ").capitalize()


def house_rule_explanation(rule: HouseRule) -> str:
    """The engine's explanation of a house rule, in the page's language where the catalogue has it."""
    return word(rule.explanation)


def choice_words(value: object) -> str:
    """Words for a house rule's value: a choice, yes/no, a number, or "no limit"."""
    if value is None:
        return gettext("no limit")
    if value is True:
        return gettext("yes")
    if value is False:
        return gettext("no")
    words = CHOICE_WORDS.get(str(value))
    return str(words) if words is not None else number(value)


@dataclass(frozen=True)
class _TokenWords:
    """What a table buys with, in each form a screen needs."""

    word: str  # inside a sentence: "chip"
    counted: str  # a number of them: "3 chips"
    heading: str  # a column's heading: "Chips"


def _token_forms(token: BuyToken, count: int = 1) -> _TokenWords:
    """Every word for ``token`` in the page's language: the one place that words what a table buys with (the set is
    closed: mypy holds this match to all of it)."""
    match token:
        case BuyToken.CHIP:
            return _TokenWords(pgettext("what buys", "chip"), ngettext("%(num)d chip", "%(num)d chips", count),
                               gettext("Chips"))
        case BuyToken.BUY:
            return _TokenWords(pgettext("what buys", "buy"), ngettext("%(num)d buy", "%(num)d buys", count),
                               gettext("Buys"))
        case BuyToken.COIN:
            return _TokenWords(pgettext("what buys", "coin"), ngettext("%(num)d coin", "%(num)d coins", count),
                               gettext("Coins"))
        case BuyToken.MAY_I:
            return _TokenWords(pgettext("what buys", "May I"), ngettext("%(num)d May I", "%(num)d May I", count),
                               gettext("May I"))
        case _:
            assert_never(token)


def token_words(variant: Variant, count: int) -> str:
    """``count`` of what the table spends on buying: chips, buys, coins or May I."""
    return _token_forms(variant.buy.token, count).counted


def token_name(variant: Variant) -> str:
    """What the table spends on buying, as a column heading: Chips, Buys, Coins, May I."""
    return _token_forms(variant.buy.token).heading


def adjustment_words(adjustment: Adjustment) -> str:
    """Why the ledger adjusted a total, by its code: "Deal 2: exact cut (Ana)"."""
    return gettext("Deal %(num)d: %(reason)s (%(player)s)", num=adjustment.deal,
                   reason=adjustment_reason(adjustment.code), player=adjustment.player)


def adjustment_reason(code: AdjustmentCode) -> str:
    """The words for each reason a total is adjusted (the set is closed: mypy holds this match to all of it)."""
    match code:
        case AdjustmentCode.EXACT_CUT:
            return gettext("exact cut")
        case AdjustmentCode.EXACT_CUT_ERASE:
            return gettext("exact cut: the previous deal’s points erased")
        case AdjustmentCode.UNUSED_CHIPS:
            return gettext("unused chips")
        case AdjustmentCode.OUT_IN_ONE_TURN:
            return gettext("went out in one turn")
        case AdjustmentCode.OUT_IN_ONE_TURN_NO_WILD:
            return gettext("went out in one turn with no wild card")
        case _:
            assert_never(code)
