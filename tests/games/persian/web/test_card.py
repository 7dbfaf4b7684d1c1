"""The rules card's lines (referee/games/persian/web/card.py, ``card_lines``): what each game's table argues about,
with the numbers of docs/table-games.md (§1.2 and §1.4, §2.2 and §2.4, §3.3 and §3.4, §4.2 to §4.4, §5.2 and §5.3,
§6)."""

from __future__ import annotations

from typing import Any

import pytest

from referee.games.persian.ledger import GameCreated, start
from referee.games.persian.web.card import card_lines

#: The modules of referee/ this file tests (tests/test_layout.py).
TESTED = ("referee.games.persian.web.card",)

FOUR = ("Ana", "Bahram", "Cyrus", "Dara")

pytestmark = pytest.mark.usefixtures("english")


def state(variant: str, players: tuple[str, ...] = FOUR, **options: Any) -> Any:
    return start(GameCreated(variant=variant, players=players, first=players[0], options=options))


def test_hokms_card_the_points_of_a_hand_and_a_round() -> None:
    assert card_lines(state("hokm"), "hokm") == [
        "A hand is won at 7 tricks: 1 point; a kot (7–0 to the ruler’s team) 2; a ruler’s kot (7–0 against the "
        "ruler) 3.",
        "A round goes to the first team to 7 points. A bam (all 13 tricks) wins the whole match.",
        "The ruler keeps the rule while their team wins hands; else it passes to the right. The player on the "
        "ruler’s right deals.",
    ]


def test_shelems_card_the_bids_yasa_and_shelem() -> None:
    lines = card_lines(state("shelem"), "shelem")
    assert lines[0] == "Bids from 100 to 165 in steps of 5, each above the last; a pass is final."
    assert "A hand holds 165 points." in lines[1]
    assert lines[2] == "Yasa (80 or less taken): -165. Shelem (all 165): 330."


def test_qahves_card_the_least_bid() -> None:
    lines = card_lines(state("qahve"), "qahve")
    assert lines[0] == "Each player bids at least 2 tricks; a team’s bid is its two players’ bids added."
    assert lines[1] == "Made: 10 a trick bid and 1 a trick over. Short: minus 10 a trick bid."


@pytest.mark.parametrize(("players", "cycle"), [
    (FOUR, "3 cards to the right, 3 cards to the left, 3 cards across, no passing this hand"),
    (FOUR[:3], "3 cards to the right, 3 cards to the left, no passing this hand"),
], ids=["four", "three"])
def test_bi_dels_card_the_penalties_and_the_pass_cycle_of_its_table(players: tuple[str, ...], cycle: str) -> None:
    assert card_lines(state("bi-del", players), "bidel") == [
        "Each heart 1, Q♠ 13. All 13 hearts and Q♠ shoot the moon: 0 to the shooter, 26 to each other player.",
        f"The passes, hand after hand: {cycle}; then again.",
    ]


@pytest.mark.parametrize(("jack", "value"), [(10, "J 10"), (11, "J 11")])
def test_rims_card_the_values_under_the_house_rule_and_the_melds(jack: int, value: str) -> None:
    lines = card_lines(state("rim", FOUR[:2], jack=jack), "rim")
    assert lines[0].startswith(f"A 14, K 13, Q 12, {value}, 2–10 their number.")
    assert lines[1] == ("A meld is 3 or more cards of one rank, or in sequence in one suit: A–2–3 or Q–K–A, never "
                        "K–A–2.")


def test_a_tally_games_card_asks_its_one_question() -> None:
    assert card_lines(state("bluff", FOUR[:3]), "tally")[0] == "Who emptied their hand first?"
    assert card_lines(state("bluff", FOUR[:3]), "nothing") == []
