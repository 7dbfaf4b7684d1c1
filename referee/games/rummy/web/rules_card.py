"""Contract rummy's rules card: a variant's deals and contracts, card values, buying, the cut, going out and house
rules.

Every fact comes from the variant (``referee.rules.variants``); this module only words it in the page's
language. ``contract_icons`` are also what the deal screen and the viewer show. The core's rules pages
(:mod:`referee.web.screens.rules_card`: ``/rules`` and ``/rules/<variant_id>``) ask for a catalogue variant's card
through :func:`rules_page` and list the catalogue with :func:`rules_index`; :func:`rules_url` (a Jinja global, given
by the family's ``init_app``) is the card's address with a game's house rules in force.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from urllib.parse import urlencode

from flask import render_template, request, url_for
from markupsafe import Markup, escape

from referee.families import ChooserEntry
from referee.games.rummy.ledger.state import CutEarnings, exact_cut_reward
from referee.games.rummy.web.wording import (
    choice_words,
    contract_words,
    cut_reward_sentence,
    deal_words,
    house_rule_explanation,
    house_rule_title,
    problem_words,
    word,
)
from referee.rules.cards import Rank
from referee.rules.catalogue import VARIANTS, find_variant
from referee.rules.problems import RulesError
from referee.rules.variants import (
    Contract,
    Discard,
    FirstPlayer,
    HouseRule,
    MeldKind,
    Requirement,
    StockRule,
    Variant,
)
from referee.web.core.translate import gettext, ngettext
from referee.web.helpers.numbers import MAX_NUMBER, whole_number
from referee.web.helpers.numerals import number
from referee.web.screens.rules_card import BACK_PARAM

__all__ = [
    "contract_icons",
    "house_rule_query",
    "house_rules_from_query",
    "render_card",
    "rules_index",
    "rules_page",
    "rules_url",
]


# ---- contracts as small card icons -------------------------------------------------------------------

_SUIT_CYCLE = ("♠", "♥", "♦", "♣")
_RED = frozenset("♥♦")
_RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def _icon(label: str, suit: str) -> str:
    colour = " red" if suit in _RED else ""
    return f'<span class="mini-card{colour}">{escape(label)}{suit}</span>'


def _requirement_icons(req: Requirement, index: int) -> str:
    shown = min(req.size, 8)
    cards: list[str] = []
    if req.kind in (MeldKind.SET, MeldKind.PAIR):
        rank = _RANKS[(6 + 3 * index) % 13]  # 7, 10, K…: a different rank for each meld of a contract
        cards = [_icon(rank, _SUIT_CYCLE[i % 4]) for i in range(shown)]
    elif req.kind is MeldKind.RUN:
        suit = _SUIT_CYCLE[(index + 1) % 4]
        start = 2 if req.size <= 10 else 0
        cards = [_icon(_RANKS[(start + i) % 13], suit) for i in range(shown)]
    else:
        cards = [_icon(_RANKS[i % 13], _SUIT_CYCLE[i % 2]) for i in range(shown)]
    more = req.size > shown or req.or_more
    tail = '<span class="mini-more">+</span>' if more else ""
    return f'<span class="mini-meld">{"".join(cards)}{tail}</span>'


def contract_icons(contract: Contract) -> Markup:
    """Small card icons for a contract (decoration only: the words say it for screen readers)."""
    melds = "".join(_requirement_icons(req, i) for i, req in enumerate(contract.melds))
    return Markup(f'<span class="mini-contract" aria-hidden="true">{melds}</span>')


# ---- house rules in a query string --------------------------------------------------------------------


def house_rule_query(variant: Variant) -> dict[str, str]:
    """The variant's switched house rules as query parameters (only those that differ from the book)."""
    query: dict[str, str] = {}
    for rule in variant.house_rules:
        value = variant.house_rule_value(rule.id)
        if value == rule.default:
            continue
        query[rule.id] = _query_value(value)
    return query


def _query_value(value: object) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "1" if value else "0"
    return str(value)


def house_rules_from_query(variant: Variant, query: Mapping[str, str]) -> tuple[dict[str, object], list[str]]:
    """Read house-rule values from query parameters: the values taken, and the ids of those that were not."""
    values: dict[str, object] = {}
    refused: list[str] = []
    for rule in variant.house_rules:
        raw = query.get(rule.id)
        if raw is None:
            continue
        try:
            values[rule.id] = rule.validate(_parse_value(rule, raw))
        except (RulesError, ValueError):
            refused.append(rule.id)
    return values, refused


def _parse_value(rule: HouseRule, raw: str) -> object:
    if rule.nullable and raw.lower() in ("none", ""):
        return None
    if rule.kind == "bool":
        if raw.lower() in ("1", "true", "on", "yes"):
            return True
        if raw.lower() in ("0", "false", "off", "no"):
            return False
        raise ValueError(raw)
    if rule.kind == "int":
        number = whole_number(raw, minimum=-MAX_NUMBER)
        if number is None:
            raise ValueError(raw)
        return number
    return raw


def rules_url(variant: Variant, *, back: str | None = None) -> str:
    """The rules card's address for ``variant`` with its house rules in force (and a way ``back``, a local path)."""
    query = house_rule_query(variant)
    if back:
        query[BACK_PARAM] = back
    base = url_for("rules_card.show", variant_id=variant.id)
    return base + ("?" + urlencode(query) if query else "")



# ---- the card's content ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class DealRow:
    """One deal of the card."""

    number: int
    words: str
    icons: tuple[Markup, ...]
    notes: tuple[str, ...]


@dataclass(frozen=True)
class HouseRuleRow:
    """One house rule: what it does, its value in force, and whether the table changed it."""

    id: str
    title: str
    explanation: str
    value: str
    changed: bool


def deal_rows(variant: Variant) -> list[DealRow]:
    """Every deal with its contract in words and icons, and what is special about it."""
    rows = []
    for deal in variant.deals:
        notes: list[str] = []
        if not variant.buying_in(deal.number) and variant.buy.enabled:
            notes.append(gettext("No buying in this deal."))
        limit = variant.buy_limit_in(deal.number)
        if variant.buying_in(deal.number) and limit is not None and limit != variant.buy.per_deal:
            notes.append(ngettext("At most %(num)d buy each.", "At most %(num)d buys each.", limit))
        if deal.stock_cards_per_buy is not None and deal.stock_cards_per_buy != variant.buy.stock_cards:
            notes.append(
                ngettext(
                    "A buy brings %(num)d stock card.", "A buy brings %(num)d stock cards.", deal.stock_cards_per_buy
                )
            )
        if deal.final_discard is not None and deal.final_discard != variant.final_discard:
            notes.append(_discard_words(deal.final_discard))
        if deal.exchanges:
            notes.append(
                ngettext(
                    "Before play: %(num)d exchange of cards with the table.",
                    "Before play: %(num)d exchanges of cards with the table.",
                    deal.exchanges,
                )
            )
        terms = variant.terms
        words = contract_words(deal.contracts[0], terms) if len(deal.contracts) == 1 else deal_words(deal, terms)
        if len(deal.contracts) == 1 and deal.go_out_in_one_turn:
            words = gettext("%(contract)s — go out in one turn", contract=words)
        rows.append(DealRow(deal.number, words, tuple(contract_icons(c) for c in deal.contracts), tuple(notes)))
    return rows


def card_value_rows(variant: Variant) -> list[tuple[str, int]]:
    """Each rank's penalty points, A to K, then the joker's."""
    values = variant.card_values
    rows = [(_RANKS[int(rank) - 1], values.ranks[int(rank) - 1]) for rank in Rank]
    rows.append((gettext("Joker"), values.joker))
    return rows


def buying_lines(variant: Variant) -> list[str]:
    """How buying the discard works: the engine's lines (:meth:`BuyRules.lines`) in the page's language."""
    return [problem_words(line) for line in variant.buy.lines()]


def cut_lines(variant: Variant, players: int | None = None) -> list[str]:
    """The cut: how many cards make it exact, and what that earns."""
    cut = variant.cut
    count = players if players is not None else variant.players.default
    exact = gettext(", ").join(number(n) for n in variant.exact_cut_counts(count))
    lines = [
        gettext(
            "With %(players)d players the cut is exact at %(cards)s cards (%(dealt)d cards each).",
            players=count,
            cards=exact,
            dealt=variant.cards_dealt,
        )
    ]
    if cut.cutter_takes_jokers:
        lines.append(gettext("Jokers at the bottom of the lifted block go to the cutter; each one lowers the count."))
    lines.append(cut_reward_sentence(cut.reward))
    if exact_cut_reward(variant, deal=1) == CutEarnings():  # offered in deal 1, where it has nothing to erase
        lines.append(gettext("In deal 1 an exact cut earns nothing: there is no deal before whose points it erases."))
    return lines


def _discard_words(rule: Discard) -> str:
    return {
        Discard.OPTIONAL: gettext("Going out with or without a final discard."),
        Discard.REQUIRED: gettext("Going out needs a final discard."),
        Discard.FORBIDDEN: gettext("Going out without a final discard."),
    }[rule]


def going_out_lines(variant: Variant) -> list[str]:
    """Who plays first, going out, and when a deal ends without a winner."""
    lines = []
    if variant.first_player is FirstPlayer.DEALER:
        lines.append(gettext("The dealer takes one card more and plays first, by discarding."))
    else:
        lines.append(gettext("The player after the dealer plays first."))
    lines.append(_discard_words(variant.final_discard))
    one_turn = [number(d.number) for d in variant.deals if d.go_out_in_one_turn]
    if one_turn:
        lines.append(gettext("Deal %(deals)s: all cards go down in one turn.", deals=gettext(", ").join(one_turn)))
    lines.append(
        {
            StockRule.RESHUFFLE: gettext("When the stock runs out, the discards are shuffled into a new stock."),
            StockRule.RESHUFFLE_KEEP_TOP: gettext(
                "When the stock runs out, all discards but the top one are shuffled into a new stock."
            ),
            StockRule.DEAL_ENDS: gettext(
                "When the stock runs out the deal ends: nobody wins it and everyone scores their hand."
            ),
        }[variant.stock_exhausted]
    )
    if variant.streak_multiplier:
        lines.append(gettext("Winning deals in a row multiplies the others' points: ×2, ×3…"))
    if variant.unused_chip_points:
        lines.append(
            gettext("Each unused chip is worth %(points)d points at the end.", points=variant.unused_chip_points)
        )
    if variant.payouts is not None:
        lines.append(
            gettext(
                "At the end, each place pays %(step)d more than the one before; the winner collects.",
                step=variant.payouts.step,
            )
        )
    lines.append(gettext("The lowest total wins."))
    lines.append(
        gettext(
            "A player who leaves the table between deals keeps the points they have; from the next deal the deal "
            "and the cut go round without them, they enter no hand, and they rank after everyone still playing. "
            "At least %(min)d players must stay.",
            min=variant.players.min,
        )
    )
    return lines


def house_rule_rows(variant: Variant) -> list[HouseRuleRow]:
    """Every house rule with its value in force."""
    rows = []
    for rule in variant.house_rules:
        value = variant.house_rule_value(rule.id)
        rows.append(
            HouseRuleRow(
                id=rule.id,
                title=house_rule_title(rule),
                explanation=house_rule_explanation(rule),
                value=choice_words(value),
                changed=value != rule.default,
            )
        )
    return rows


def render_card(variant: Variant, *, players: int | None = None, back_url: str | None = None, **context: object) -> str:
    """Render the rules card of ``variant`` (house rules in force as configured)."""
    return render_template(
        "rummy/rules/card.html",
        variant=variant,
        description=word(variant.description),
        deals=deal_rows(variant),
        card_values=card_value_rows(variant),
        buying=buying_lines(variant),
        cut=cut_lines(variant, players),
        going_out=going_out_lines(variant),
        house_rules=house_rule_rows(variant),
        decisions=[word(d) for d in variant.decisions],
        back_url=back_url,
        **context,
    )


def rules_index() -> list[ChooserEntry]:
    """Every variant of the catalogue as the rules index lists it: its name and its description."""
    return [ChooserEntry(variant_id=v.id, name=word(v.name), note=word(v.description),
                         url=url_for("rules_card.show", variant_id=v.id)) for v in _variants()]


def rules_page(variant_id: str, back_url: str) -> str:
    """The rules card of a variant of the catalogue without a game (``/rules/<variant_id>``), with the house rules
    the query string names; it links back (to ``back_url``) only when the address asked for a way back."""
    variant = find_variant(variant_id)
    values, refused = house_rules_from_query(variant, request.args)
    variant = variant.with_house_rules(values)
    return render_card(variant, refused=refused, back_url=back_url if request.args.get(BACK_PARAM) else None)


def _variants() -> Iterable[Variant]:
    registry = VARIANTS.values() if isinstance(VARIANTS, Mapping) else VARIANTS
    return list(registry)
