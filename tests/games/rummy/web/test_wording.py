"""The rules in the page's words: each deal's contract in the family's words (docs/rules.md §3 Telefunken: tríos,
cuartetos, an escalera; §9 Shanghai: books and runs), the call that claims a discard, the tokens a game counts, the
reminders of a deal, points and results, a refusal's reasons, and the words as Jinja globals and filters."""

from __future__ import annotations

import pytest
from flask import Flask

from referee.games.rummy.ledger.events import Buy, DealEnded, GameCreated
from referee.games.rummy.ledger.state import EventRefused, apply, replay
from referee.games.rummy.web import wording
from referee.rules.catalogue import VARIANTS

ONE_TURN = "Go out in one turn: nothing is laid down until the whole hand goes at once."


@pytest.mark.usefixtures("english")
@pytest.mark.parametrize(
    ("variant", "number", "words"),
    [
        # docs/rules.md §3: Telefunken (Venezuela), seven deals.
        ("telefunken", 1, "1 pure trío"),
        ("telefunken", 2, "2 tríos"),
        ("telefunken", 3, "1 cuarteto"),
        ("telefunken", 4, "2 cuartetos"),
        ("telefunken", 5, "1 quinteto"),
        ("telefunken", 6, "2 quintetos"),
        ("telefunken", 7, "1 trío and 1 escalera of 7 or more — go out in one turn"),
        # docs/rules.md §9.1: Shanghai's books of 3 and runs of 4; deal 7's runs may be longer (D38).
        ("shanghai", 1, "2 books"),
        ("shanghai", 2, "1 book and 1 run of 4"),
        ("shanghai", 3, "2 runs of 4"),
        ("shanghai", 6, "1 book and 2 runs of 4"),
        ("shanghai", 7, "3 runs of 4 or more — go out in one turn"),
    ],
)
def test_each_deal_is_said_in_its_familys_words(variant: str, number: int, words: str) -> None:
    rules = VARIANTS[variant]
    assert wording.deal_words(rules.deals[number - 1], rules.terms) == words


@pytest.mark.usefixtures("english")
@pytest.mark.parametrize(
    ("variant", "call", "one", "three"),
    [("telefunken", "¡Compro!", "1 chip", "3 chips"), ("shanghai", "“May I?”", "1 May I", "3 May I")],
)
def test_the_call_and_the_tokens_are_the_familys(variant: str, call: str, one: str, three: str) -> None:
    rules = VARIANTS[variant]
    assert wording.buy_call_words(rules.terms) == call
    assert (wording.token_words(rules, 1), wording.token_words(rules, 3)) == (one, three)


@pytest.mark.usefixtures("english")
@pytest.mark.parametrize(
    ("variant", "number", "said"),
    [
        ("telefunken", 1, []),
        ("telefunken", 6, ["Before play, everyone exchanges cards face down (once)."]),  # §3, D43
        ("telefunken", 7, [ONE_TURN]),  # §3, D35
        ("shanghai", 1, []),
        ("shanghai", 7, [ONE_TURN, "No final discard: the last cards are laid down, none is thrown."]),  # D38
    ],
)
def test_a_deal_reminds_the_table_of_its_own_rules(variant: str, number: int, said: list[str]) -> None:
    assert wording.reminders(VARIANTS[variant], number) == said


@pytest.mark.usefixtures("english")
def test_points_and_a_deals_result_are_said_in_seat_order() -> None:
    assert wording.points_words([("Ana", 5), ("Beto", 0), ("Caro", 12)]) == "Ana 5, Beto 0, Caro 12"
    players = ("Ana", "Beto", "Caro")
    start = GameCreated(variant="telefunken-peru", players=players, first_dealer="Ana")
    out = replay([start, DealEnded(deal=1, went_out="Beto", hands={"Ana": 5, "Caro": "K 7"})])
    assert wording.result_words(players, out.sheet.deals[0]) == "Beto went out; Ana 5, Caro 17"  # K 7: 10 + 7
    nobody = replay([start, DealEnded(deal=1, went_out=None, hands={"Ana": 5, "Beto": 6, "Caro": 7})])
    assert wording.result_words(players, nobody.sheet.deals[0]) == "Nobody went out; Ana 5, Beto 6, Caro 7"


@pytest.mark.usefixtures("english")
def test_a_refusal_is_said_in_words_naming_the_player() -> None:
    """With no chips for the game, a buy is refused: the player has none left (docs/rules.md §3: a buy costs 1)."""
    state = replay([GameCreated(variant="telefunken", players=("Ana", "Beto", "Caro"), first_dealer="Ana",
                                house_rules={"chips": 0})])
    with pytest.raises(EventRefused) as refused:
        apply(state, Buy(deal=1, player="Caro"))
    said = wording.problems_words(refused.value.problems)
    assert any("Caro has no chips left" in reason for reason in said)
    assert [wording.problem_words(problem) for problem in refused.value.problems] == said


def test_the_words_are_jinja_globals_and_filters(app: Flask) -> None:
    assert app.jinja_env.globals["contract_words"] is wording.contract_words
    assert app.jinja_env.globals["reminders"] is wording.reminders
    assert app.jinja_env.filters["problems_words"] is wording.problems_words
    with app.test_request_context("/"):
        rendered = app.jinja_env.from_string("{{ deal_words(d, t) }}").render(d=VARIANTS["shanghai"].deals[0],
                                                                              t=VARIANTS["shanghai"].terms)
    assert rendered == "2 books"
