"""A family's words and the rules a deal's screens remind the table of, as variant data (rule book tables)."""

from __future__ import annotations

import pytest

from referee.rules.catalogue import VARIANTS, find_variant
from referee.rules.variants import BuyCall, Reminder, RunWord, SetWord

# (variant, its sets, its runs, its call for a discard) — the rule book's glossary: Telefunken's tríos,
# escaleras and ¡Compro!; Shanghai's books, runs and "May I"; Progressive's sets, runs and "May I".
TERMS = [
    ("telefunken", SetWord.TRIO, RunWord.ESCALERA, BuyCall.COMPRO),
    ("telefunken-ecuador", SetWord.TRIO, RunWord.ESCALERA, BuyCall.COMPRO),
    ("telefunken-bolivia", SetWord.TRIO, RunWord.ESCALERA, BuyCall.COMPRO),
    ("farmers-rummy", SetWord.TRIO, RunWord.ESCALERA, BuyCall.COMPRO),
    ("shanghai", SetWord.BOOK, RunWord.RUN, BuyCall.MAY_I),
    ("shanghai-tahelia-powe", SetWord.BOOK, RunWord.RUN, BuyCall.MAY_I),
    ("shanghai-deb-kolsov", SetWord.BOOK, RunWord.RUN, BuyCall.MAY_I),
    ("progressive-rummy", SetWord.SET, RunWord.RUN, BuyCall.MAY_I),
]


@pytest.mark.parametrize(("variant_id", "sets", "runs", "call"), TERMS, ids=[t[0] for t in TERMS])
def test_each_family_has_its_words(variant_id: str, sets: SetWord, runs: RunWord, call: BuyCall) -> None:
    terms = find_variant(variant_id).terms
    assert (terms.sets, terms.runs, terms.buy_call) == (sets, runs, call)


def test_house_rules_keep_the_family_words() -> None:
    variant = find_variant("telefunken").with_house_rules({"chips": 12})
    assert variant.terms == find_variant("telefunken").terms


# (variant, deal, the reminders with their counts)
REMINDERS = [
    ("telefunken", 1, ()),
    ("telefunken", 6, ((Reminder.EXCHANGE, 1),)),
    ("telefunken", 7, ((Reminder.GO_OUT_IN_ONE_TURN, 1),)),
    ("telefunken-ecuador", 1, ((Reminder.NO_BUYING, 1),)),
    ("telefunken-bolivia", 6, ()),  # Bolivia has no deal-6 exchange
    ("shanghai", 1, ()),
    ("shanghai", 7, ((Reminder.GO_OUT_IN_ONE_TURN, 1), (Reminder.NO_FINAL_DISCARD, 1))),
    ("shanghai-tahelia-powe", 1, ((Reminder.NO_FINAL_DISCARD, 1),)),
    ("progressive-rummy", 1, ((Reminder.NO_BUYING, 1),)),
    ("progressive-rummy", 9, ()),
    ("telefunken-peru", 1, ()),  # a required final discard is no surprise to remind of
]


@pytest.mark.parametrize(("variant_id", "deal", "expected"), REMINDERS, ids=[f"{v}-{d}" for v, d, _ in REMINDERS])
def test_reminders_come_from_the_deal(variant_id: str, deal: int, expected: tuple[tuple[Reminder, int], ...]) -> None:
    assert find_variant(variant_id).reminders_in(deal) == expected


def test_the_exchange_house_rule_changes_the_reminder() -> None:
    variant = find_variant("telefunken").with_house_rules({"deal6_exchange": "deal-4-and-6-twice"})
    assert variant.reminders_in(4) == ((Reminder.EXCHANGE, 1),)
    assert variant.reminders_in(6) == ((Reminder.EXCHANGE, 2),)
    none = find_variant("telefunken").with_house_rules({"deal6_exchange": "none"})
    assert none.reminders_in(6) == ()


def test_no_buying_is_never_reminded_where_nobody_ever_buys() -> None:
    for variant in VARIANTS.values():
        if not variant.buy.enabled:
            assert all(Reminder.NO_BUYING not in dict(variant.reminders_in(d.number)) for d in variant.deals)
