"""Whether a discard fits a meld on the table, so that a "Shanghai!" call on it is valid (docs/rules.md D39, D70).

The lay-off check answers it beside the lay-off itself: the card must fit the meld whoever holds it, melded or not,
and only one card is a discard. Each row: variant, meld on the table, card, context, the lay-off's answer for this
player, and the call's answer (None: the question does not arise).
"""

from __future__ import annotations

import pytest

from referee.rules.layoffs import LayoffContext, check_layoff

NOT_MELDED = LayoffContext(player_has_melded=False, deal=2)
MELDED = LayoffContext(player_has_melded=True, deal=2)

ROWS = [
    # 9♣ lengthens 5-8♣: a valid call, even by a player who has not melded (who may not lay it off)
    pytest.param("shanghai", "5C 6C 7C 8C", "9C", NOT_MELDED, False, True, id="fits, caller not melded"),
    pytest.param("shanghai", "5C 6C 7C 8C", "9C", MELDED, True, True, id="fits, caller melded"),
    pytest.param("shanghai", "KH KS KD", "KC", MELDED, True, True, id="a fourth king onto a book"),
    pytest.param("shanghai", "5C 6C 7C 8C", "9H", MELDED, False, False, id="wrong suit: no call"),
    pytest.param("shanghai", "5C 6C 7C 8C", "3C", MELDED, False, False, id="not next to the run: no call"),
    pytest.param("shanghai", "JC QC KC AC", "10C", MELDED, True, True, id="below J-Q-K-A"),
    # the ace is high only in Shanghai: nothing goes above the ace
    pytest.param("shanghai", "JC QC KC AC", "2C", MELDED, False, False, id="nothing above the ace"),
    pytest.param("shanghai-deb-kolsov", "5C 6C 7C JK", "JK", MELDED, False, False, id="a second joker: no call"),
    # two cards are no discard; Tahelia Powe's game and Telefunken have no call
    pytest.param("shanghai", "5C 6C 7C 8C", "9C 10C", MELDED, True, None, id="two cards"),
    pytest.param("shanghai-tahelia-powe", "5C 6C 7C 8C", "9C", MELDED, True, None, id="Tahelia Powe"),
    pytest.param("telefunken", "5C 6C 7C", "8C", MELDED, True, None, id="Telefunken"),
    # Shanghai's last deal goes down whole: no meld lies on the table to call on
    pytest.param("shanghai", "5C 6C 7C 8C", "9C", LayoffContext(player_has_melded=True, deal=7), False, False,
                 id="deal 7"),
]


@pytest.mark.parametrize(("variant", "meld", "card", "context", "layoff", "call"), ROWS)
def test_a_discard_that_fits_may_be_called(variant: str, meld: str, card: str, context: LayoffContext,
                                           layoff: bool, call: bool | None) -> None:
    verdict = check_layoff(variant, meld, card, context=context)
    assert verdict.allowed is layoff
    assert verdict.shanghai_call is call
