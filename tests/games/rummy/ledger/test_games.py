"""Whole recorded games (tests/games/*.json), replayed by ``referee tally`` to totals worked out by hand.

Card values (docs/rules.md §11.1) used in the sums below:
Venezuela 2–9 face, 10–K 10, A 11, JK 15 · Ecuador 2–9 5, 10–K 10, A 15, JK 50 ·
Peru v1 family 3–9 face, 10–K 10, A 15, 2 and JK 20 · Carrillo 2–9 face, 10–K 10, A 15, JK 20 ·
Bolivia 2–9 face, 10–K 10, A 15, JK 30 · Farmer's 3–7 5, 8–K 10, 2 and A 20, JK 50 ·
Shanghai 2–7 5, 8–K 10, A 20, JK 50 · Progressive 3–10 5, J–K 10, A 15, 2 and JK 20.
Turn order is the order of "players"; deal k is dealt by the (k−1)-th player after the first dealer and cut by
the player before the dealer.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from referee.cli import main
from referee.games.rummy.ledger.exchange import export_game, import_game, tally
from referee.games.rummy.ledger.state import replay
from referee.rules.catalogue import variant_ids

GAMES = Path(__file__).parents[2]


def run_tally(name: str) -> tuple[int, dict[str, Any]]:
    result = CliRunner().invoke(main, ["tally", str(GAMES / name), "--json"])
    return result.exit_code, json.loads(result.stdout)


def by_name(sheet: dict[str, Any], key: str) -> dict[str, Any]:
    return {p["name"]: p[key] for p in sheet["players"]}


# (file, totals, chips or buys left, standings) — every total as an explicit sum of the deal points
# (and adjustments), deal by deal in order.
EXPECTED: list[tuple[str, dict[str, int], dict[str, int | None], list[str]]] = [
    (
        # Venezuela, 4 players, Ana deals first. Deal 2: Beto deals, Ana cuts exactly (took 1 joker): +1 chip.
        "telefunken.json",
        {
            "Ana": 0 + (11 + 11) + 5 + 30 + 0 + 10 + 11,  # AS AD; 5; typed 30; KS; AH
            "Beto": (10 + 7) + 0 + (9 + 9) + (15 + 15) + 10 + 0 + 6,  # KH 7S; 9 9; JK JK; Q
            "Caro": 15 + (2 + 3 + 4) + 0 + 8 + (7 + 6) + 3 + 0,  # JK; 2C 3C 4C; 8D; 7 6; 3H
            "Dani": 12 + (10 + 10 + 10 + 10) + 11 + 0 + 4 + 25 + (15 + 10),  # 10H JH QH KH; A; 4S; JK 10S
        },
        {"Ana": 7 + 1 - 1, "Beto": 7 - 1 - 2, "Caro": 7 - 2, "Dani": 7 - 1},
        ["Caro", "Ana", "Beto", "Dani"],  # 48, 78, 81, 117
    ),
    (
        # Venezuela, 3 players, Ana deals first: lay-downs with extra melds beside the contract (docs/rules.md D71):
        # deal 1 Beto's K's are the pure trío beside 7 7 JK, Caro's run beside her Q's; deal 2 Ana's run of clubs
        # beside two tríos; deal 3 Caro's aces; deal 5 Beto's run of 5; deal 7 Ana goes out with K K K beside the
        # trío and the run of 7. Beto buys once in deal 2, Caro twice in deal 7.
        "telefunken-extra-melds.json",
        {
            "Ana": (11 + 9) + 0 + (3 + 4) + 0 + (10 + 10) + 4 + 0,  # AS 9C; 3C 4C; QS QH
            "Beto": 0 + (15 + 2) + 10 + 8 + 0 + 6 + (15 + 10),  # JK 2C; KD; JK 10H
            "Caro": 5 + 12 + 0 + 9 + 11 + 0 + (2 + 3 + 4),  # 5H; AH; 2S 3S 4S
        },
        {"Ana": 7, "Beto": 7 - 1, "Caro": 7 - 2},
        ["Caro", "Ana", "Beto"],  # 46, 51, 66
    ),
    (
        # Venezuela with 13 chips (docs/rules.md D73), 4 players, Ana deals first: Caro buys twice in deal 1; in deal 7
        # (dealt by Caro) Beto cuts exactly, a 14th chip, and buys 14 times, Dani 13 times: each while holding chips.
        "telefunken-thirteen-chips.json",
        {
            "Ana": 0 + 3 + 8 + 1 + 0 + (11 + 11) + 30,  # AS AD
            "Beto": 10 + 0 + 2 + 1 + 9 + 0 + 0,
            "Caro": (10 + 7) + 4 + 0 + 1 + 9 + 0 + (15 + 15 + 10),  # KH 7S; JK JK 10H
            "Dani": 5 + 6 + 15 + 0 + 9 + 12 + (2 + 3),  # JK; 2C 3C
        },
        {"Ana": 13, "Beto": 13 + 1 - 14, "Caro": 13 - 2, "Dani": 13 - 13},
        ["Beto", "Dani", "Ana", "Caro"],  # 22, 52, 64, 71
    ),
    (
        # Venezuela with the −25 house rule; 3 players, Caro deals first: deal 3 is cut by Ana, deal 5 by Caro.
        "telefunken-minus25.json",
        {
            "Ana": 0 + 5 + 30 + 0 + 40 + 2 + 0 - 25,
            "Beto": 10 + 0 + 12 + 7 + 0 + 8 + 25,
            "Caro": 20 + 15 + 0 + 3 + 10 + 0 + 35 - 25,
        },
        {"Ana": 7, "Beto": 7, "Caro": 7},  # no chip for an exact cut with this house rule
        ["Ana", "Caro", "Beto"],  # 52, 58, 62
    ),
    (
        # Ecuador with dealer's choice: contracts announced in the order 3, 1, 7, 2, 6, 4, 5; 12 chips.
        "telefunken-ecuador.json",
        {
            "Ana": (15 + 5) + 0 + (5 + 5 + 5) + 5 + 0 + 25 + (5 + 5),
            "Beto": 50 + (10 + 10) + 0 + 10 + 5 + 35 + 0,
            "Caro": 0 + (5 + 5 + 5) + (15 + 15) + 15 + 10 + 0 + (50 + 50),
            "Dani": (10 + 5) + 0 + (50 + 10) + 0 + 15 + 45 + 10,
        },
        {"Ana": 12 - 1, "Beto": 12, "Caro": 12 - 2, "Dani": 12},
        ["Ana", "Beto", "Dani", "Caro"],  # 75, 120, 145, 170
    ),
    (
        # Peru v1: deal 2 ends with nobody out; Dani cuts deal 2 exactly (+1 chip); −10 a chip left at the end.
        "telefunken-peru.json",
        {
            "Ana": (20 + 20) + 12 + 10 + 0 + 6 + 20 - 10 * (6 - 2 - 1),
            "Beto": 0 + (10 + 10) + 20 + (8 + 8) + 7 + 0 - 10 * (6 - 1 - 2),
            "Caro": 15 + 5 + 0 + 20 + 8 + 4 - 10 * (6 - 3),
            "Dani": (3 + 4) + 9 + 30 + 15 + 0 + 10 - 10 * (6 + 1),
        },
        {"Ana": 3, "Beto": 3, "Caro": 3, "Dani": 7},
        ["Dani", "Caro", "Beto", "Ana"],  # 1, 22, 33, 58
    ),
    (
        # Wittig, 5 players on 3 decks (three 5H and three jokers are possible); Eli spends all 6 chips.
        "telefunken-peru-wittig.json",
        {
            "Ana": 0 + 5 + (20 + 20) + 7 + 11 + 0 - 60,
            "Beto": 10 + 0 + 1 + 8 + 12 + (15 + 15 + 15) - 60,
            "Caro": 20 + 5 + 0 + 9 + 13 + (5 + 5 + 5) - 60,
            "Dani": 30 + 5 + 2 + 0 + 14 + 0 - 60,
            "Eli": (20 + 20 + 20) + 5 + 3 + 10 + 0 + 20 - 0,
        },
        {"Ana": 6, "Beto": 6, "Caro": 6, "Dani": 6, "Eli": 0},
        ["Dani", "Caro", "Ana", "Beto", "Eli"],  # −9, 2, 3, 16, 98
    ),
    (
        # Delifante, 3 players; deal 4 ends with nobody out.
        "delifante.json",
        {
            "Ana": 0 + 20 + 3 + 10 + 0 + 0 - 60,
            "Beto": 15 + (20 + 20) + 0 + 10 + 6 + 1 - 60,
            "Caro": 9 + 0 + 4 + 10 + (10 + 10 + 10) + 2 - 50,
        },
        {"Ana": 6, "Beto": 6, "Caro": 5},
        ["Ana", "Caro", "Beto"],  # −27, 5, 12
    ),
    (
        # Super Deli, 12 deals: deal k is won by Ana, Beto, Caro, Dani in turn, the others typing k points.
        "super-deli.json",
        {
            "Ana": (2 + 3 + 4 + 6 + 7 + 8 + 10 + 11 + 12) - 10 * (10 - 3),
            "Beto": (1 + 3 + 4 + 5 + 7 + 8 + 9 + 11 + 12) - 10 * (10 - 10),
            "Caro": (1 + 2 + 4 + 5 + 6 + 8 + 9 + 10 + 12) - 10 * 10,
            "Dani": (1 + 2 + 3 + 5 + 6 + 7 + 9 + 10 + 11) - 10 * 10,
        },
        {"Ana": 7, "Beto": 0, "Caro": 10, "Dani": 10},
        ["Dani", "Caro", "Ana", "Beto"],  # −46, −43, −7, 60
    ),
    (
        # Carrillo: exact cuts in deal 2 (Ana erases her 20 of deal 1), deal 4 (Caro erases 6), deal 5 (Dani
        # erases 8) and deal 6 (Ana went out in deal 5: nothing to erase).
        "telefunken-peru-carrillo.json",
        {
            "Ana": (10 + 10) + 4 + 20 + 0 + 0 + 30 + 1 - 20,
            "Beto": 0 + 9 + 15 + 10 + 5 + 0 + 2,
            "Caro": 7 + 0 + 6 + 12 + 5 + 2 + 0 - 6,
            "Dani": 3 + 1 + 0 + 8 + 5 + 3 + 4 - 8,
        },
        {"Ana": None, "Beto": None, "Caro": None, "Dani": None},  # no buying in Carrillo
        ["Dani", "Caro", "Beto", "Ana"],  # 16, 26, 41, 55
    ),
    (
        # Bolivia with the streak multiplier: Ana wins deals 1–3 (×1, ×2, ×3), Beto deals 4–5 (×1, ×2).
        # Dani cuts deal 1 exactly: one more buy.
        "telefunken-bolivia.json",
        {
            "Ana": 0 + 0 + 0 + 7 + 4 * 2 + 6 + 0,
            "Beto": (10 + 7) + 10 * 2 + 1 * 3 + 0 + 0 + 6 + 9,
            "Caro": 30 + 15 * 2 + 2 * 3 + 1 + (5 + 5) * 2 + 0 + 9,
            "Dani": 12 + 2 * 2 + 3 * 3 + 1 + 0 * 2 + 6 + 9,
        },
        {"Ana": 7 - 1, "Beto": 7 - 2, "Caro": 7, "Dani": 7 + 1},
        ["Ana", "Dani", "Beto", "Caro"],  # 21, 41, 55, 96
    ),
    (
        # Farmer's Rummy, 8 deals, 10 coins; an "x-" house rule is kept and ignored.
        "farmers-rummy.json",
        {
            "Ana": 50 + 0 + 5 + (10 + 10) + 0 + 6 + 7 + 8,
            "Beto": 0 + (5 + 5 + 5) + 5 + 1 + 3 + 0 + 7 + 8,
            "Caro": (20 + 20) + 10 + 0 + 2 + 4 + 6 + 0 + 8,
            "Dani": (10 + 5) + 10 + 5 + 0 + 5 + 6 + 7 + 0,
        },
        {"Ana": 10 - 1, "Beto": 10 - 3, "Caro": 10, "Dani": 10},
        ["Beto", "Dani", "Caro", "Ana"],  # 39, 48, 70, 96
    ),
    (
        # Shanghai, 3 players, two May-I per deal (no per-game limit).
        "shanghai.json",
        {
            "Ana": 0 + 10 + (5 + 5) + 0 + 0 + 30 + (20 + 20),
            "Beto": (50 + 20) + 0 + 10 + 5 + 15 + 0 + 9,
            "Caro": (5 + 10) + 20 + 0 + 5 + 25 + 1 + 0,
        },
        {"Ana": None, "Beto": None, "Caro": None},
        ["Caro", "Ana", "Beto"],  # 66, 90, 109
    ),
    (
        # Tahelia Powe, 8 deals: deal k won by Beto, Caro, Dani, Ana in turn; the others type 5k, except Beto's
        # JK 9 2 in deal 8.
        "shanghai-tahelia-powe.json",
        {
            "Ana": 5 + 10 + 15 + 0 + 25 + 30 + 35 + 0,
            "Beto": 0 + 10 + 15 + 20 + 0 + 30 + 35 + (50 + 10 + 5),
            "Caro": 5 + 0 + 15 + 20 + 25 + 0 + 35 + 40,
            "Dani": 5 + 10 + 0 + 20 + 25 + 30 + 0 + 40,
        },
        {"Ana": None, "Beto": None, "Caro": None, "Dani": None},
        ["Ana", "Dani", "Caro", "Beto"],  # 120, 130, 140, 175
    ),
    (
        # Deb Kolsov, 10 deals, 5 players: Ana wins deals 1–9, Beto deal 10; Dani and Eli tie.
        "shanghai-deb-kolsov.json",
        {
            "Ana": 0 * 9 + 10,
            "Beto": 10 * 9 + 0,
            "Caro": 10 * 9 + (20 + 50),
            "Dani": 10 * 9 + 10,
            "Eli": 10 * 9 + 10,
        },
        {"Ana": None, "Beto": None, "Caro": None, "Dani": None, "Eli": None},
        ["Ana", "Beto", "Dani", "Eli", "Caro"],  # 10, 90, 100, 100 (tie, turn order), 160
    ),
    (
        # Deb Kolsov with kolsov_ext (2–10 worth 5, J–K 10, A 20, JK 50), 3 players, Ana deals first. Going out
        # in one turn takes 25 off, 50 with no wild card: Beto in deal 2 (−25), Caro in deals 3 and 10 (−50 each;
        # deal 10 must be gone out in one turn, and Caro's lay-down was her going out).
        "shanghai-deb-kolsov-ext.json",
        {
            "Ana": 0 + 20 + 10 + 30 + 0 * 5 + (5 + 50),  # AS; 10H JK
            "Beto": (10 + 5) + 0 + (5 + 5) + 0 + 5 * 5 + 12 - 25,  # KH 7S; 2C 3C
            "Caro": 20 + 50 + 0 + 10 + 5 * 5 + 0 - 50 - 50,  # JK; QD
        },
        {"Ana": None, "Beto": None, "Caro": None},
        ["Caro", "Beto", "Ana"],  # 5, 37, 115
    ),
    (
        # Progressive, 15 deals: Ana wins deals 1–14 (Beto 5, Caro 10, Dani 15 each); Beto wins deal 15.
        "progressive-rummy.json",
        {
            "Ana": 0 * 14 + 20,  # JK
            "Beto": 5 * 14 + 0,
            "Caro": 10 * 14 + (5 + 10),  # 10 J
            "Dani": 15 * 14 + (15 + 20),  # A 2
        },
        {"Ana": None, "Beto": None, "Caro": None, "Dani": None},
        ["Ana", "Beto", "Caro", "Dani"],  # 20, 70, 155, 245
    ),
]


def test_every_variant_has_a_whole_game() -> None:
    played = {json.loads((GAMES / name).read_text())["variant"] for name, *_ in EXPECTED}
    assert played == set(variant_ids())
    for name, *_ in EXPECTED:
        data = json.loads((GAMES / name).read_text())
        assert tally(data).state.finished  # type: ignore[union-attr]


@pytest.mark.parametrize(("name", "totals", "chips", "standings"), EXPECTED, ids=[e[0] for e in EXPECTED])
def test_game_totals(name: str, totals: dict[str, int], chips: dict[str, int | None], standings: list[str]) -> None:
    code, sheet = run_tally(name)
    assert (code, sheet["errors"]) == (0, [])
    assert by_name(sheet, "total") == totals
    assert by_name(sheet, "chips_left") == chips
    assert sheet["standings"] == standings
    assert sheet["finished"] is True
    for player in sheet["players"]:  # total = deal points + adjustments, as the format promises
        assert player["total"] == sum(player["deal_points"]) + sum(a["points"] for a in player["adjustments"])


def test_bolivian_streak_of_three_deal_by_deal() -> None:
    _, sheet = run_tally("telefunken-bolivia.json")
    assert by_name(sheet, "deal_points")["Caro"] == [30, 15 * 2, 2 * 3, 1, 10 * 2, 0, 9]
    state = tally(json.loads((GAMES / "telefunken-bolivia.json").read_text())).state
    assert state is not None
    assert [d.multiplier for d in state.sheet.deals] == [1, 2, 3, 1, 2, 1, 1]


def test_venezuelan_exact_cut_chip_and_minus_25() -> None:
    state = tally(json.loads((GAMES / "telefunken.json").read_text())).state
    assert state is not None
    assert state.sheet.deals[1].exact_cut
    assert state.sheet.deals[1].cutter == "Ana"
    assert state.sheet.adjustments == ()  # the chip, not points
    _, sheet = run_tally("telefunken-minus25.json")
    assert by_name(sheet, "adjustments") == {
        "Ana": [{"deal": 3, "reason": "exact cut", "points": -25}],
        "Beto": [],
        "Caro": [{"deal": 5, "reason": "exact cut", "points": -25}],
    }


def test_extra_melds_are_recorded_as_laid_down() -> None:
    state = tally(json.loads((GAMES / "telefunken-extra-melds.json").read_text())).state
    assert state is not None
    assert not any(h.override for h in state.history.entries)
    assert state.records[6].laid_down == ((0, ("4H 4S 4D", "3C 4C 5C 6C 7C 8C 9C", "KH KS KD")),)


def test_carrillo_erasures() -> None:
    _, sheet = run_tally("telefunken-peru-carrillo.json")
    adjustments = by_name(sheet, "adjustments")
    assert [(a["deal"], a["points"]) for a in adjustments["Ana"]] == [(2, -20)]
    assert [(a["deal"], a["points"]) for a in adjustments["Caro"]] == [(4, -6)]
    assert [(a["deal"], a["points"]) for a in adjustments["Dani"]] == [(5, -8)]
    assert adjustments["Beto"] == []


def test_peru_unused_chip_bonus() -> None:
    _, sheet = run_tally("telefunken-peru.json")
    adjustments = by_name(sheet, "adjustments")
    assert adjustments["Dani"] == [{"deal": 6, "reason": "7 unused chips × -10", "points": -70}]
    assert by_name(sheet, "deal_points")["Ana"] == [40, 12, 10, 0, 6, 20]


def test_progressive_payouts() -> None:
    _, sheet = run_tally("progressive-rummy.json")
    # 4 players: Ana receives 2 + 4 + 6 = 12 and the pot of 5 buys ($1 each: Caro 1 + 2, Dani 1, Beto 1);
    # each player's own buys went into that pot.
    assert by_name(sheet, "payout") == {"Ana": 12 + 5, "Beto": -2 - 1, "Caro": -4 - 3, "Dani": -6 - 1}
    assert by_name(sheet, "rank") == {"Ana": 1, "Beto": 2, "Caro": 3, "Dani": 4}
    _, other = run_tally("telefunken.json")
    assert set(by_name(other, "payout").values()) == {None}


def test_shared_ranks() -> None:
    _, sheet = run_tally("shanghai-deb-kolsov.json")
    assert by_name(sheet, "rank") == {"Ana": 1, "Beto": 2, "Dani": 3, "Eli": 3, "Caro": 5}


def test_an_override_is_allowed_and_shown() -> None:
    code, sheet = run_tally("telefunken-override.json")
    assert (code, sheet["errors"], sheet["finished"]) == (0, [], False)
    # Beto bought 8 times in deal 1 (7 chips): the table allowed it; Beto cuts deal 3 exactly: back to 0.
    assert by_name(sheet, "chips_left") == {"Ana": 7 - 1, "Beto": 7 - 8 + 1, "Caro": 7, "Dani": 7}
    assert by_name(sheet, "total") == {"Ana": 0 + 5, "Beto": 10 + 0, "Caro": 10 + 15, "Dani": 10 + 0}
    assert by_name(sheet, "rank") == {"Ana": 1, "Beto": 2, "Dani": 2, "Caro": 4}
    state = tally(json.loads((GAMES / "telefunken-override.json").read_text())).state
    assert state is not None
    forced = [h for h in state.history.entries if h.override]
    assert len(forced) == 1
    assert forced[0].override == "the table allows it: Beto borrowed a chip"
    assert [p.code for p in forced[0].problems] == ["no-chips-left"]
    text = CliRunner().invoke(main, ["tally", str(GAMES / "telefunken-override.json")]).stdout
    assert "the table allowed what the rules refuse (the table allows it: Beto borrowed a chip)" in text


FORBIDDEN = [
    (
        "forbidden-telefunken.json",
        [
            "deal 1: Beto has no chips left",
            "deal 1: Ana went out but has cards left: 5H",
            "deal 2: Zoe is not playing in this game",
            "deal 8: Telefunken (Venezuela) has 7 deals: there is no deal 8",
        ],
    ),
    (
        "forbidden-progressive.json",
        [
            "deal 1: an exact cut earns nothing in Progressive Rummy",
            "deal 1: nobody may buy in deal 1 of Progressive Rummy",
            "deal 1: somebody must go out to end a deal in Progressive Rummy",
            "deal 1: the hands hold 9 copies of K, but the cards in play hold only 8",
        ],
    ),
    (
        # Shanghai lays nothing but the contract (docs/rules.md D37): a third book beside the two is refused.
        "forbidden-extra-melds.json",
        ["deal 1: three melds: deal 1 asks for exactly 2 tríos"],
    ),
    (
        # Too many players answers as too few does (docs/rules.md D72): the rules forbid, the deals are still scored.
        "forbidden-six-players.json",
        ["players: Telefunken (Venezuela) takes at most 5 players, not 6"],
    ),
    (
        "forbidden-two-players.json",
        ["players: Telefunken (Venezuela) needs at least 3 players, not 2"],
    ),
    (
        "forbidden-players.json",
        ["players: two players are called ana", "players: the first dealer Zoe is not one of the players"],
    ),
]


@pytest.mark.parametrize(("name", "reasons"), FORBIDDEN, ids=[f[0] for f in FORBIDDEN])
def test_forbidden_games_exit_1_with_every_reason(name: str, reasons: list[str]) -> None:
    code, sheet = run_tally(name)
    assert code == 1
    assert len(sheet["errors"]) == len(reasons)
    for error, reason in zip(sheet["errors"], reasons, strict=True):
        assert error.startswith(reason)
    text = CliRunner().invoke(main, ["tally", str(GAMES / name)])
    assert text.exit_code == 1
    assert "The rules forbid this game:" in text.stderr
    assert all(reason in text.stderr for reason in reasons)


def test_forbidden_game_still_scores_what_it_can() -> None:
    _, sheet = run_tally("forbidden-telefunken.json")
    # deal 1 counted as recorded (Ana's 5H included), deal 2 with nobody out, deals 3–7 won by Ana
    assert by_name(sheet, "total") == {"Ana": 5 + 1, "Beto": 1 * 7, "Caro": 1 * 7, "Dani": 1 * 7}
    # 7 chips and 8 buys, the eighth by the table's leave: an override on the sheet, not a chip owed (nobody
    # holds -1 chips; ChipsAndBuys.chips_left).
    assert by_name(sheet, "chips_left")["Beto"] == 0
    _, players = run_tally("forbidden-players.json")
    assert (players["players"], players["standings"]) == ([], [])


WRONG_SIZE = [
    (
        # Venezuela with 6 players (no third deck): deal k is won by the k-th player, deal 7 by Ana again.
        "forbidden-six-players.json",
        {
            "Ana": 0 + 8 + 3 + 10 + 5 + (15 + 15) + 0,  # JK JK
            "Beto": 10 + 0 + (10 + 10) + 0 + 5 + 1 + 7,  # KH; QD QC
            "Caro": 5 + 11 + 0 + 9 + 5 + 2 + 7,  # AS
            "Dani": 15 + 4 + 7 + 0 + 5 + 3 + 7,  # JK
            "Eli": 0 + 6 + 1 + 9 + 0 + 4 + 7,  # 9H; 7S
            "Fede": (2 + 3) + 0 + 2 + 12 + 5 + 0 + 7,  # 2C 3C
        },
        {"Ana": 7, "Beto": 7, "Caro": 7, "Dani": 7 - 1, "Eli": 7, "Fede": 7},
        ["Eli", "Fede", "Caro", "Dani", "Beto", "Ana"],  # 27, 31, 39, 41, 43, 56
    ),
    (
        # Venezuela with 2 players: Ana wins the odd deals, Beto the even ones.
        "forbidden-two-players.json",
        {"Ana": 0 + 9 + 0 + 11 + 0 + 6 + 0, "Beto": (10 + 7) + 0 + 4 + 0 + 0 + 0 + 15},  # AS; KH 7S, JK
        {"Ana": 7, "Beto": 7 - 1},
        ["Ana", "Beto"],  # 26, 36
    ),
]


@pytest.mark.parametrize(("name", "totals", "chips", "standings"), WRONG_SIZE, ids=[w[0] for w in WRONG_SIZE])
def test_a_table_of_the_wrong_size_is_forbidden_and_still_scored(
    name: str, totals: dict[str, int], chips: dict[str, int | None], standings: list[str]
) -> None:
    code, sheet = run_tally(name)
    assert code == 1
    assert len(sheet["errors"]) == 1
    assert sheet["finished"] is True
    assert by_name(sheet, "total") == totals
    assert by_name(sheet, "chips_left") == chips
    assert sheet["standings"] == standings


@pytest.mark.parametrize(("count", "code"), [(2, 1), (3, 0), (5, 0), (6, 1), (8, 1), (12, 1), (13, 2), (40, 2)])
@pytest.mark.parametrize("override", [None, "the table allows it"])
def test_only_more_players_than_a_file_holds_is_unreadable(
    tmp_path: Path, count: int, code: int, override: str | None
) -> None:
    # Fewer or more players than Venezuela takes (3 to 5) is the rules' refusal, which the table's override in the
    # file allows; more than 12 is beyond what a game file holds, override or not.
    names = [f"P{i}" for i in range(count)]
    path = tmp_path / "game.json"
    path.write_text(json.dumps({"format": "referee-game/1", "variant": "telefunken", "players": names,
                                "first_dealer": "P0", "override": override, "deals": []}))
    result = CliRunner().invoke(main, ["tally", str(path)])
    expected = 0 if code == 1 and override is not None else code
    assert result.exit_code == expected, result.stderr
    if expected == 2:
        assert result.stdout == ""
        assert result.stderr.count("\n") == 1
        assert f"{count} players" in result.stderr
    if expected == 1:
        assert "The rules forbid this game:" in result.stderr
        assert f"not {count}" in result.stderr


@pytest.mark.parametrize("name", sorted(p.name for p in GAMES.glob("*.json") if p.name != "forbidden-players.json"))
def test_export_import_export_is_identical(name: str) -> None:
    data = json.loads((GAMES / name).read_text())
    result = tally(data)
    assert result.state is not None
    first = export_game(result.state)
    if result.allowed:
        again = export_game(replay(import_game(first)))
    else:
        again_state = tally(first).state
        assert again_state is not None
        again = export_game(again_state)
    assert again == first
    assert json.loads(json.dumps(first)) == first
