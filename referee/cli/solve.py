"""The ``referee solve`` command: does a hand hold the deal's contract, and how?

A thin layer over :func:`referee.rules.solver.solve`, with the conventions of the rules commands
(:mod:`referee.cli.rules`): exit status 0 when the contract is there, 1 when it is not (the closest
arrangement and what is missing are printed), 2 on bad input with one line on stderr and nothing on stdout.
"""

from __future__ import annotations

import click

from referee.cli.rules import (
    bad_input,
    cards_json,
    emit_json,
    end_with_verdict,
    engine_command,
    load_variant,
    meld_json,
)
from referee.rules.cards import format_cards, to_cards
from referee.rules.problems import RulesError
from referee.rules.solver import Solution, solve

__all__ = ["solve_command"]


@engine_command("solve", click.argument("deal", type=int), click.argument("hand"))
def solve_command(variant: str, deal: int, hand: str, players: int | None, as_json: bool) -> None:
    """Does HAND (one quoted list of 1 to 30 cards) hold DEAL's contract in VARIANT?

    \b
    Example: referee solve telefunken 7 "4H 4S 4D 3C 4C JK 6C 7C 8C 9C 10C"
    Prints one arrangement: the contract's melds (in a deal that must be gone out in one turn, every meld laid
    down), what each wild card stands for, and the cards left; when the contract is not there, the closest
    arrangement and what is missing.
    Exit status: 0 the contract is there (a go-out deal: the whole hand goes down), 1 it is not, 2 bad input.

    \b
    JSON: {"possible": bool, "melds": [{"kind": "set"|"run"|"pair", "cards": ["3C", …],
           "wilds": {"2": "5C"}}, …], "left": ["KD", …], "missing": ["…"]}
    """
    var = load_variant(variant, players)
    try:
        cards = to_cards(hand)
        solution = solve(var, deal, cards, players=players)
    except RulesError as error:
        bad_input(error)
    if as_json:
        emit_json(
            {
                "possible": solution.possible,
                "melds": [meld_json(m) for m in solution.melds],
                "left": cards_json(solution.left),
                "missing": list(solution.messages),
            }
        )
    else:
        _print(var.name, deal, solution)
    end_with_verdict(solution.possible, solution.missing, as_json=as_json)


def _print(name: str, deal: int, solution: Solution) -> None:
    """The answer for people: the verdict, then each meld and what is left (what is missing follows)."""
    contract = solution.contract.describe()
    if solution.go_out:
        contract += " — the whole hand goes down in one turn"
    verdict = "the contract is there" if solution.possible else "the contract is not there"
    click.echo(f"{name}, deal {deal} ({contract}): {verdict}")
    if not solution.possible and solution.melds:
        click.echo("closest arrangement:")
    for meld, req in zip(solution.melds, solution.requirements, strict=True):
        role = req.describe() if req is not None else "further meld"
        click.echo(f"  {role}: {meld.describe()}: {format_cards(meld.cards, pretty=True)}")
    if solution.left:
        label = "discard" if solution.go_out and solution.possible else "left"
        click.echo(f"  {label}: {format_cards(solution.left, pretty=True)}")
