"""Lay-offs and wild-card exchanges: may these cards go onto a meld on the table, and what results?

Three questions, each answered with every reason and the resulting meld:

- :func:`check_layoff` — may card(s) X extend meld M (docs/rules.md §3 for Venezuela,
  and each variant's own section for its differences)?
- :func:`check_joker_swap` — may a player take the wild card out of meld M by giving natural card(s),
  and where does the wild go?
- :func:`check_new_meld` — may a player lay cards X down as a new meld of their own now, beside the contract?

The rules are data (:class:`~referee.rules.variants.LayoffRules`); the table's situation is a
:class:`LayoffContext`. A fact the caller leaves out takes a default, and the verdict's ``assumptions``
name every default a rule actually relied on ("assuming the meld is another player's…").

A run on the table keeps its wild cards where they lie: a lay-off extends it at either end, within the
variant's ace rule and longest run (Carrillo alone lets jokers slide to admit new cards, so there the
run is read afresh). A set takes cards of its rank. The variant's wild limits still hold afterwards.

>>> v = check_layoff("telefunken", "5C 6C 7C", "8C")
>>> v.allowed, v.meld.describe() if v.meld else None
(True, 'run 5♣–8♣')
>>> [p.code for p in check_layoff("telefunken", "5C JK 7C", "5H").problems]
['layoff-wrong-suit']
"""

from __future__ import annotations

from referee.rules.layoffs.layoff import check_layoff
from referee.rules.layoffs.new_meld import check_new_meld
from referee.rules.layoffs.swap import check_joker_swap
from referee.rules.layoffs.values import (
    LayoffContext,
    LayoffInputError,
    LayoffVerdict,
    Owner,
    SwapDestination,
    SwapVerdict,
)

__all__ = [
    "Owner",
    "LayoffContext",
    "LayoffVerdict",
    "SwapDestination",
    "SwapVerdict",
    "LayoffInputError",
    "check_layoff",
    "check_joker_swap",
    "check_new_meld",
]
