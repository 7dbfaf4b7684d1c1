"""Every variant the referee knows, as data: one module per family of docs/rules.md, assembled here into the
registry in the rule book's order (§3–§10), with the lookups the engine and the layers above it use.

>>> find_variant(" Shanghai ") is VARIANTS["shanghai"]
True
>>> to_variant(DEFAULT_VARIANT) is to_variant("telefunken")
True

- :mod:`~referee.rules.catalogue.telefunken`: Venezuela (the base game), Ecuador, Bolivia;
- :mod:`~referee.rules.catalogue.peru`: Peru version 1, Wittig's three decks, Delifante, Super Deli, Carrillo;
- :mod:`~referee.rules.catalogue.farmers`: Farmer's Rummy;
- :mod:`~referee.rules.catalogue.shanghai`: Shanghai, Tahelia Powe's and Deb Kolsov's versions;
- :mod:`~referee.rules.catalogue.progressive`: Progressive Rummy.

The families build on :mod:`~referee.rules.catalogue.blocks` (contract melds, deals, card values) and
:mod:`~referee.rules.catalogue.house_rules` (the switches they share). The model the data is made of lives in
:mod:`referee.rules.variants`, which imports nothing from here. Adding a variant is a constant in its family's
module and a line below.
"""

from __future__ import annotations

from referee.rules.catalogue.farmers import FARMERS_RUMMY
from referee.rules.catalogue.peru import (
    SUPER_DELI,
    TELEFUNKEN_DELIFANTE,
    TELEFUNKEN_PERU,
    TELEFUNKEN_PERU_CARRILLO,
    TELEFUNKEN_PERU_WITTIG,
)
from referee.rules.catalogue.progressive import PROGRESSIVE_RUMMY
from referee.rules.catalogue.shanghai import SHANGHAI, SHANGHAI_DEB_KOLSOV, SHANGHAI_TAHELIA_POWE
from referee.rules.catalogue.telefunken import TELEFUNKEN, TELEFUNKEN_BOLIVIA, TELEFUNKEN_ECUADOR
from referee.rules.variants import UnknownVariantError, Variant

__all__ = ["VARIANTS", "DEFAULT_VARIANT", "find_variant", "to_variant", "variant_ids"]

#: Every variant by id, in the order of docs/rules.md.
VARIANTS: dict[str, Variant] = {
    variant.id: variant
    for variant in (
        TELEFUNKEN,
        TELEFUNKEN_ECUADOR,
        TELEFUNKEN_PERU,
        TELEFUNKEN_PERU_WITTIG,
        TELEFUNKEN_DELIFANTE,
        SUPER_DELI,
        TELEFUNKEN_PERU_CARRILLO,
        TELEFUNKEN_BOLIVIA,
        FARMERS_RUMMY,
        SHANGHAI,
        SHANGHAI_TAHELIA_POWE,
        SHANGHAI_DEB_KOLSOV,
        PROGRESSIVE_RUMMY,
    )
}

#: The base game and the default (docs/rules.md §3): what a new game or a bare Referee screen starts with.
DEFAULT_VARIANT: Variant = TELEFUNKEN


def find_variant(variant_id: str) -> Variant:
    """The variant with this id (case-insensitive), or :class:`~referee.rules.variants.UnknownVariantError`."""
    try:
        return VARIANTS[variant_id.strip().lower()]
    except KeyError:
        raise UnknownVariantError(variant_id, VARIANTS) from None


def to_variant(variant: Variant | str) -> Variant:
    """A variant given as itself or by id (every public function of the engine takes both)."""
    return find_variant(variant) if isinstance(variant, str) else variant


def variant_ids() -> tuple[str, ...]:
    """Every variant id, in the order of docs/rules.md."""
    return tuple(VARIANTS)
