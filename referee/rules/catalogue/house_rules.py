"""The house rules several families share: the switches of every variant (chips, the exact cut's reward, the
streak multiplier, the direction) and the Telefunken family's jokers per meld, deal-6 exchange and third deck
(docs/rules.md §12). A house rule only one variant has is written beside that variant's data."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from referee.rules.catalogue.blocks import MAX_PLAYERS_THREE_DECKS, STANDARD_DECKS, STANDARD_PLAYERS, with_deals
from referee.rules.variants import CutReward, DeckRow, Direction, HouseRule, Variant, WildLimit
from referee.rules.wording import BuyToken

__all__ = [
    "is_on",
    "whole_or_none",
    "switch_rule",
    "STREAK_MULTIPLIER",
    "table_rules",
    "jokers_per_meld_rule",
    "deal6_exchange_rule",
    "third_deck_rule",
]

# Stake amounts are not house rules: the ledger keeps them as game settings. `chips` exists only where
# the variant counts buys per game; `streak_multiplier` and `direction` exist in every variant.
# Each apply sets its fields to absolute values, so switching a rule off restores the book's rule and
# the order in which rules are applied never matters (no two rules of a variant touch the same field).


def is_on(value: object) -> bool:
    """Whether a switch's value turns it on (only ``True`` does)."""
    return value is True


def whole_or_none(value: object) -> int | None:
    """An int value as it is; anything else (None: no limit) as None."""
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def switch_rule(rule_id: str, explanation: str, apply: Callable[[Variant, bool], Variant]) -> HouseRule:
    """A switch, off by default: ``apply`` gets the variant and whether the switch is on."""
    return HouseRule(rule_id, "bool", False, explanation, apply=lambda v, value: apply(v, is_on(value)))


def _chips_rule(default: int, token: BuyToken) -> HouseRule:
    return HouseRule(
        "chips",
        "int",
        default,
        f"{token.capitalize()}s each player may spend on buying discards in the whole game.",
        apply=lambda v, value: replace(v, buy=replace(v.buy, per_game=whole_or_none(value))),
        minimum=0,
        maximum=99,
    )


def _cut_reward_rule(default: CutReward, *, chips: bool = True) -> HouseRule:
    return HouseRule(
        "exact_cut_reward",
        "choice",
        default.value,
        "What the cutter earns for lifting exactly the cards the deal needs: one more chip, "
        "25 or 50 points off, the previous deal's points erased, or nothing.",
        apply=lambda v, value: replace(v, cut=replace(v.cut, reward=CutReward(str(value)))),
        choices=tuple(r.value for r in CutReward if chips or r is not CutReward.CHIP),
    )


STREAK_MULTIPLIER = switch_rule(
    "streak_multiplier",
    "A player who wins deals in a row multiplies the others' points: ×2 on the 2nd win in a row, ×3 on the 3rd…",
    lambda v, on: replace(v, streak_multiplier=on),
)


def _direction_rule(default: Direction) -> HouseRule:
    # Wording only (docs/rules.md, D18): turn order alone decides who deals, cuts and plays, so the variant is left
    # as it is and the screens show the value in force (``Variant.house_rule_value("direction")``).
    return HouseRule(
        "direction",
        "choice",
        default.value,
        "Which way the deal and the turn go round the table (it only changes how the screens word it).",
        apply=lambda v, _value: v,
        choices=tuple(d.value for d in Direction),
    )


def table_rules(
    direction: Direction, cut: CutReward, *, chips: int | None = None, token: BuyToken = BuyToken.CHIP
) -> tuple[HouseRule, ...]:
    """The switches of every variant (the exact cut's reward, the streak multiplier, the direction), led by
    ``chips`` where the variant counts buys per game; without chips, an exact cut cannot earn one."""
    common = (_cut_reward_rule(cut, chips=chips is not None), STREAK_MULTIPLIER, _direction_rule(direction))
    return common if chips is None else (_chips_rule(chips, token), *common)


def jokers_per_meld_rule() -> HouseRule:
    """How many jokers one set or run may hold: one (the default) or any number, within the contract's own limits."""
    return HouseRule(
        "jokers_per_meld",
        "choice",
        "one",
        "Jokers in one set or run: one (pagat) or any number (a Venezuelan account); contract limits still apply.",
        apply=lambda v, value: replace(
            v,
            meld_rules=replace(
                v.meld_rules,
                set_wilds=WildLimit.ONE if value == "one" else WildLimit.ANY,
                run_wilds=WildLimit.ONE if value == "one" else WildLimit.ANY,
            ),
        ),
        choices=("one", "any"),
    )


_EXCHANGES = {"deal-6": {6: 1}, "none": {}, "deal-4-and-6-twice": {4: 1, 6: 2}}


def deal6_exchange_rule() -> HouseRule:
    """The face-down exchange of cards before a deal: one before deal 6 (the default), none, or one before deal 4
    and two in a row before deal 6."""
    return HouseRule(
        "deal6_exchange",
        "choice",
        "deal-6",
        "Before deal 6 everyone may swap cards face down for as many from the shuffled pool; "
        "or no exchange; or one before deal 4 and two in a row before deal 6.",
        apply=lambda v, value: with_deals(v, lambda d: replace(d, exchanges=_EXCHANGES[str(value)].get(d.number, 0))),
        choices=tuple(_EXCHANGES),
    )


def third_deck_rule() -> HouseRule:
    """A third deck with 2 jokers for more players than the usual 108 cards seat."""

    def apply(variant: Variant, on: bool) -> Variant:
        if not on:
            return replace(variant, players=STANDARD_PLAYERS, decks=STANDARD_DECKS)
        return replace(
            variant,
            players=replace(STANDARD_PLAYERS, max=MAX_PLAYERS_THREE_DECKS),
            decks=(*STANDARD_DECKS, DeckRow(MAX_PLAYERS_THREE_DECKS, 3, 6)),
        )

    return switch_rule(
        "third_deck",
        f"With more than {STANDARD_DECKS[-1].max_players} players, add a third deck with 2 jokers (as in Bolivia), "
        f"for up to {MAX_PLAYERS_THREE_DECKS} players.",
        apply,
    )
