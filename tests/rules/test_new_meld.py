"""A new meld beside the contract (docs/rules.md D35–D37): when a variant lets a player lay one, worked out by hand.

Each row: the variant, whether the player has laid the contract, whether it is the contract turn, the deal, the
cards, and the answer (True, or the exact problem codes).
"""

from __future__ import annotations

import pytest

from referee.rules.layoffs import LayoffContext
from referee.rules.layoffs.new_meld import check_new_meld

#: The modules of referee/ this file tests (tests/test_layout.py).
TESTED = ("referee.rules.layoffs.new_meld",)

SET = "8H 8S 8D"


def row(variant: str, melded: bool, contract_turn: bool, deal: int, cards: str, expected: bool | list[str]) -> object:
    turn = "contract turn" if contract_turn else "later turn"
    return pytest.param(variant, melded, contract_turn, deal, cards, expected,
                        id=f"{variant} deal {deal}, {'melded' if melded else 'not melded'}, {turn}: {cards}")


ROWS = [
    # Venezuela: further melds on the contract turn and later (§3).
    row("telefunken", True, False, 2, SET, True),
    row("telefunken", True, True, 2, SET, True),
    row("telefunken", False, False, 2, SET, ["new-meld-before-contract"]),
    row("telefunken", True, False, 7, SET, ["new-meld-one-turn-deal"]),  # deal 7 goes down whole (D35)
    row("telefunken", True, False, 2, "8H 9S 8D", ["mixed-ranks"]),
    # one joker per meld (D29), as a set of 7s and as a run of hearts
    row("telefunken", True, False, 2, "7H JK JK", ["too-many-wilds", "too-many-wilds"]),
    row("telefunken-bolivia", True, False, 3, "5C 6C 7C", True),
    # Carrillo: nothing but the contract on the contract turn, no new melds later (D36).
    row("telefunken-peru-carrillo", True, True, 2, SET, ["new-meld-contract-turn"]),
    row("telefunken-peru-carrillo", True, False, 2, SET, ["new-meld-after-contract"]),
    # The Shanghai family and Progressive Rummy: after the contract, lay-offs only (D37).
    row("shanghai", True, False, 2, SET, ["new-meld-after-contract"]),
    row("shanghai", True, True, 2, SET, ["new-meld-contract-turn"]),
    row("shanghai", True, False, 2, "8H 9S 8D", ["new-meld-after-contract", "mixed-ranks"]),
    row("shanghai-tahelia-powe", True, False, 3, "5C 6C 7C 8C", ["new-meld-after-contract"]),
    row("progressive-rummy", True, False, 2, SET, ["new-meld-after-contract"]),
]


@pytest.mark.parametrize(("variant", "melded", "contract_turn", "deal", "cards", "expected"), ROWS)
def test_a_new_meld(variant: str, melded: bool, contract_turn: bool, deal: int, cards: str,
                    expected: bool | list[str]) -> None:
    context = LayoffContext(player_has_melded=melded, contract_turn=contract_turn, deal=deal)
    verdict = check_new_meld(variant, cards, context=context)
    assert verdict.assumptions == ()
    if expected is True:
        assert verdict.allowed
        assert verdict.meld is not None
        assert verdict.options == (verdict.meld,)
    else:
        assert not verdict.allowed
        assert verdict.meld is None
        assert [p.code for p in verdict.problems] == expected


def test_the_turn_is_asked_only_where_it_changes_the_answer() -> None:
    # Venezuela allows a new meld on either turn, the Shanghai family on neither: neither asks which turn it is.
    for variant in ("telefunken", "shanghai"):
        verdict = check_new_meld(variant, SET, context=LayoffContext(player_has_melded=True, deal=2))
        assert verdict.assumptions == ()
    # Nothing said: the player is assumed to have melded, in an ordinary deal.
    told = check_new_meld("telefunken", SET)
    assert told.allowed
    assert [p.code for p in told.assumptions] == ["assumed-melded", "assumed-ordinary-deal"]
    assert str(check_new_meld("shanghai", SET).problems[0]) == (
        "in Shanghai Rummy no new meld is laid after the contract: only lay-offs onto the melds on the table"
    )
