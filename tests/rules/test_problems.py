"""Problems and the engine's errors (referee/rules/problems.py): a problem is a stable code (and form) with
parameters, said in English by its sentence in referee/rules/wording.py; an error of bad input is a RulesError,
and a ProblemError carries its problem.
"""

from __future__ import annotations

import pytest

from referee.rules.problems import Problem, ProblemError, RulesError
from referee.rules.vocabulary import MeldKind
from referee.rules.wording import Count, Noun


def test_a_problem_is_built_from_its_code_form_and_parameters() -> None:
    problem = Problem.of("too-many-wilds", "sets-and-runs", wilds=Count(2, Noun.JOKER), kind=MeldKind.SET,
                         variant="Telefunken")
    assert problem.code == "too-many-wilds"
    assert problem.form == "sets-and-runs"
    assert problem.key == "too-many-wilds/sets-and-runs"
    assert problem.param("variant") == "Telefunken"
    assert problem.as_dict() == {"wilds": Count(2, Noun.JOKER), "kind": MeldKind.SET, "variant": "Telefunken"}
    assert problem.message == str(problem) == "two jokers in one set: Telefunken allows one per set or run"


def test_a_code_with_one_sentence_has_no_form() -> None:
    problem = Problem.of("run-too-long", count=14, maximum=13)
    assert problem.key == "run-too-long"
    assert problem.params == (("count", 14), ("maximum", 13))  # in the order given
    assert str(problem) == "14 cards: a run holds at most 13"


def test_a_numbered_problem_names_its_meld_first() -> None:
    problem = Problem("run-too-long", (("meld", 3), ("count", 14), ("maximum", 13)), numbered=True)
    assert problem.message == "meld 3: 14 cards: a run holds at most 13"


def test_problems_with_the_same_code_and_parameters_are_equal() -> None:
    assert Problem.of("run-too-long", count=14, maximum=13) == Problem.of("run-too-long", count=14, maximum=13)
    assert Problem.of("run-too-long", count=14, maximum=13) != Problem.of("run-too-long", count=15, maximum=13)


@pytest.mark.parametrize(("code", "form"), [("no-such-code", ""), ("too-many-wilds", "no-such-form")])
def test_a_problem_without_a_sentence_cannot_be_made(code: str, form: str) -> None:
    with pytest.raises(KeyError, match="no sentence for the problem"):
        Problem.of(code, form)


def test_an_unknown_parameter_is_a_key_error() -> None:
    with pytest.raises(KeyError):
        Problem.of("run-too-long", count=14, maximum=13).param("meld")


def test_a_problem_error_is_a_rules_error_that_says_its_problem() -> None:
    error = ProblemError("no-such-deal", variant="Shanghai", count=7, deal=9)
    assert isinstance(error, RulesError)
    assert isinstance(error, ValueError)
    assert error.problem == Problem.of("no-such-deal", variant="Shanghai", count=7, deal=9)
    assert str(error) == "Shanghai has 7 deals: there is no deal 9"
    with pytest.raises(RulesError, match="no deal 9"):
        raise error
