"""The engine's own English prose (variant descriptions, house-rule explanations, decisions, contract names,
choice values) in the page's language.

The rule book's texts live once, in ``referee.rules.variants``. ``pybabel extract`` collects them through
:func:`extract` (named in babel.cfg), so the Spanish catalogue translates them like any template string, and
:func:`word` looks them up at render time. A text the catalogue does not know is shown as it is (English).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from flask_babel import gettext

__all__ = ["word", "engine_texts", "extract"]


def word(text: str) -> str:
    """``text`` (one of the engine's English texts) in the page's language; English when not translated."""
    if not text:
        return text
    return gettext(text)


def engine_texts() -> Iterator[tuple[str, str]]:
    """Every English text of the variants that a page shows, with where it comes from (for translators)."""
    from referee.rules.variants import VARIANTS

    for variant in VARIANTS.values():
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


def extract(fileobj: Any, keywords: Any, comment_tags: Any, options: Any) -> Iterator[tuple[int, None, str, list[str]]]:
    """A Babel extraction method: the texts of :func:`engine_texts` (the file itself is not read)."""
    seen: set[str] = set()
    for text, origin in engine_texts():
        if text and text not in seen:
            seen.add(text)
            yield 1, None, text, [origin]
