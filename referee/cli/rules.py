"""The rules engine's commands: ``referee variants``, ``check``, ``meld`` and ``points``.

A thin layer: each command parses its arguments, asks the engine (``referee.rules``) and prints the answer,
for people or, with ``--json``, as one JSON object. Exit status: 0 valid (for ``variants`` and ``points``:
success), 1 not valid, 2 bad input — an unknown variant, a deal out of range, an unparseable card, more copies
of a card than the variant's decks hold, or a usage error — with one line on stderr and nothing on stdout.

The conventions every engine command shares (one-line bad input, ``--json`` and ``--players``, the JSON of a meld)
live here and are public: ``referee solve`` (:mod:`referee.cli.solve`) uses them too.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from typing import IO, Any, NoReturn

import click
from typing_extensions import override

from referee import families
from referee.families import Family
from referee.rules.cards import Card, format_cards, to_cards
from referee.rules.catalogue import find_variant
from referee.rules.contracts import check_contract
from referee.rules.melds import Meld, classify
from referee.rules.problems import Problem, RulesError
from referee.rules.scoring import penalty_points
from referee.rules.variants import MeldKind, Variant

__all__ = [
    "COMMANDS",
    "variants_command",
    "check_command",
    "meld_command",
    "points_command",
    "BadInput",
    "RulesCommand",
    "JSON_OPTION",
    "PLAYERS_OPTION",
    "engine_command",
    "bad_input",
    "load_variant",
    "emit_json",
    "meld_json",
    "cards_json",
    "echo_reasons",
    "end_with_verdict",
]


class BadInput(click.ClickException):
    """Bad input: one line on stderr, nothing on stdout, exit status 2."""

    exit_code = 2

    @override
    def show(self, file: IO[Any] | None = None) -> None:
        """Print the message on one line, prefixed ``referee: error:``."""
        message = " ".join(self.format_message().split())
        click.echo(f"referee: error: {message}", err=True)


class RulesCommand(click.Command):
    """A command whose usage errors (a missing argument, a bad number) are one line and exit 2."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        """Parse as click does, turning a usage error into :class:`BadInput`."""
        try:
            return super().parse_args(ctx, args)
        except click.UsageError as error:
            raise BadInput(f"{ctx.command_path}: {error.format_message()} (see {ctx.command_path} --help)") from error


def bad_input(error: RulesError) -> NoReturn:
    """Stop the command with the engine's error as the one line on stderr (exit status 2)."""
    raise BadInput(str(error)) from error


def load_variant(variant_id: str, players: int | None) -> Variant:
    """The variant with this id, checked against the number of players; bad input stops the command."""
    try:
        variant = find_variant(variant_id)
        if players is not None:
            variant.check_players(players)
    except RulesError as error:
        bad_input(error)
    return variant


def emit_json(payload: object) -> None:
    """Print the answer as one JSON object (or list) on one line."""
    click.echo(json.dumps(payload, ensure_ascii=False))


def meld_json(meld: Meld) -> dict[str, object]:
    """A meld in the JSON of the engine commands; a colour run is printed as a run (the help says so)."""
    kind = MeldKind.RUN if meld.kind is MeldKind.COLOUR_RUN else meld.kind
    return {"kind": kind.value, "cards": cards_json(meld.cards), "wilds": meld.wilds_json()}


def cards_json(cards: Sequence[Card]) -> list[str]:
    """Cards in the notation, one string a card."""
    return [str(c) for c in cards]


def echo_reasons(problems: Sequence[Problem]) -> None:
    """Print each problem as an indented English sentence."""
    for problem in problems:
        click.echo(f"  - {problem.message}")


def end_with_verdict(valid: bool, problems: Sequence[Problem], *, as_json: bool) -> None:
    """The end of a yes-or-no command: the reasons as sentences (the JSON gives them as "errors"), then exit
    status 1 when the answer is no."""
    if not as_json:
        echo_reasons(problems)
    if not valid:
        raise click.exceptions.Exit(1)


JSON_OPTION = click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of sentences.")
PLAYERS_OPTION = click.option(
    "--players",
    type=click.IntRange(min=1),
    default=None,
    metavar="N",
    help="Players at the table (decks depend on it in some variants); default: the most decks the variant uses.",
)


def engine_command(
    name: str, *arguments: Callable[[Callable[..., None]], Callable[..., None]], short_help: str | None = None
) -> Callable[[Callable[..., None]], click.Command]:
    """A command that asks the engine about one variant: VARIANT, then ``arguments`` (``click.argument``
    decorators, in order), then ``--players`` and ``--json``; a usage error is one line and exit status 2."""

    def make(function: Callable[..., None]) -> click.Command:
        for decorate in (JSON_OPTION, PLAYERS_OPTION, *reversed(arguments), click.argument("variant")):
            function = decorate(function)
        return click.command(name, cls=RulesCommand, short_help=short_help)(function)

    return make


@click.command("variants", cls=RulesCommand, short_help="List every game by family: id, name, deals or players.")
@JSON_OPTION
def variants_command(as_json: bool) -> None:
    """List every game referee keeps, family by family: its id, its name, and its number of deals (contract
    rummy) or the players it seats (the Persian games).

    \b
    Exit status: 0.
    JSON: [{"id": "telefunken", "family": "rummy", "name": "…", "deals": 7}, …,
           {"id": "hokm", "family": "persian", "name": "Hokm", "players": [4]}, …]
    """
    groups = [(family, [_listed(family, variant_id) for variant_id in family.variant_ids])
              for family in families.families()]
    if as_json:
        emit_json([row for _family, rows in groups for row in rows])
        return
    width = max((len(str(row["id"])) for _family, rows in groups for row in rows), default=0)
    for index, (family, rows) in enumerate(groups):
        click.echo(("\n" if index else "") + family.name)
        for row in rows:
            click.echo(f"  {row['id']:<{width}}  {_listed_words(row)}")


def _listed(family: Family, variant_id: str) -> dict[str, Any]:
    """One game as ``variants`` lists it: its id, its family and what the family says of it."""
    summary = family.summary(variant_id) if family.summary is not None else {}
    return {"id": variant_id, "family": family.id, "name": variant_id, **summary}


def _listed_words(row: Mapping[str, Any]) -> str:
    """A listed game's name and what sets it apart, as a line says it: "7 deals", "4 players", "3 or 4 players"."""
    words = [str(row["name"])]
    if "deals" in row:
        words.append(f"{row['deals']} deals")
    players = sorted(row.get("players", ()))
    if players:
        if len(players) > 2 and players == list(range(players[0], players[-1] + 1)):
            counts = f"{players[0]} to {players[-1]}"
        else:
            counts = " or ".join(str(count) for count in players)
        words.append(f"{counts} players")
    return ", ".join(words)


@engine_command(
    "check",
    click.argument("deal", type=int),
    click.argument("melds", nargs=-1, required=True, metavar="MELD..."),
    short_help="Are these melds exactly a deal's contract?",
)
def check_command(variant: str, deal: int, melds: tuple[str, ...], players: int | None, as_json: bool) -> None:
    """Are these melds exactly DEAL's contract in VARIANT? One quoted MELD per meld, cards in any order.

    \b
    Example: referee check telefunken 7 "4H 4S 4D" "3C 4C JK 6C 7C 8C 9C"
    Exit status: 0 valid, 1 not valid, 2 bad input.

    \b
    JSON: {"valid": bool, "melds": [{"kind": "set"|"run"|"pair", "cards": ["3C", …],
           "wilds": {"2": "5C"}}, …], "errors": ["…"]}
    "melds" holds one entry per MELD given, in the order given: cards in arrangement order, each wild
    keyed by its index in "cards" and valued by the card it stands for (a run) or its rank (a set;
    "any" in a set of jokers only). A colour run prints "kind": "run".
    A MELD that is not a valid meld on its own keeps its cards as given, with "kind": null and no wilds.
    """
    var = load_variant(variant, players)
    try:
        cards = [to_cards(text) for text in melds]
        empty = next((n for n, c in enumerate(cards, start=1) if not c), None)
        if empty is not None:
            raise BadInput(f"{click.get_current_context().command_path}: MELD {empty} has no cards")
        verdict = check_contract(var, deal, cards, players=players)
    except RulesError as error:
        bad_input(error)
    arranged = verdict.melds
    errors = [p.message for p in verdict.problems]
    if as_json:
        emit_json(
            {
                "valid": verdict.valid,
                "melds": [
                    meld_json(m) if m is not None else {"kind": None, "cards": cards_json(c), "wilds": {}}
                    for m, c in zip(arranged, cards, strict=True)
                ],
                "errors": errors,
            }
        )
    else:
        contract = verdict.contract.describe()
        state = "valid" if verdict.valid else "not valid"
        click.echo(f"{var.name}, deal {deal} ({contract}): {state}")
        for meld, given in zip(arranged, cards, strict=True):
            what = meld.describe() if meld is not None else "not a meld"
            click.echo(f"  {what}: {format_cards(meld.cards if meld is not None else given, pretty=True)}")
    end_with_verdict(verdict.valid, verdict.problems, as_json=as_json)


@engine_command("meld", click.argument("meld"), short_help="Is one meld valid in a variant?")
def meld_command(variant: str, meld: str, players: int | None, as_json: bool) -> None:
    """Is MELD (one quoted meld, cards in any order) a valid set, run or pair in VARIANT?

    \b
    Example: referee meld telefunken "9C 3C JK 4C 6C 7C 8C"
    Exit status: 0 valid, 1 not valid, 2 bad input.

    \b
    JSON: {"valid": bool, "melds": [{"kind": …, "cards": […], "wilds": {…}}], "errors": ["…"]}
    "melds" holds the meld in its arrangement when valid, and is empty when not.
    """
    var = load_variant(variant, players)
    try:
        cards = to_cards(meld)
        verdict = classify(cards, var, players=players)
    except RulesError as error:
        bad_input(error)
    if not cards:
        raise BadInput(f"{click.get_current_context().command_path}: no cards in MELD")
    errors = [p.message for p in verdict.problems]
    if as_json:
        emit_json(
            {
                "valid": verdict.valid,
                "melds": [meld_json(verdict.meld)] if verdict.meld is not None and verdict.valid else [],
                "errors": errors,
            }
        )
    elif verdict.meld is not None and verdict.valid:
        click.echo(f"{verdict.meld.describe()}: {format_cards(verdict.meld.cards, pretty=True)}")
    else:
        click.echo(f"not a valid meld in {var.name}: {format_cards(cards, pretty=True)}")
    end_with_verdict(verdict.valid, verdict.problems, as_json=as_json)


@engine_command("points", click.argument("cards"), short_help="Penalty points of the cards left in a hand.")
def points_command(variant: str, cards: str, players: int | None, as_json: bool) -> None:
    """The penalty points of CARDS left in a hand in VARIANT ("" is an empty hand: 0).

    \b
    A rank alone is enough where the suit changes nothing: "K 7 JK".
    Example: referee points telefunken-bolivia "2H 9S 10D KC AS JK"
    Exit status: 0 success, 2 bad input.
    JSON: {"points": int, "cards": ["2H", …]}
    """
    var = load_variant(variant, players)
    try:
        hand = to_cards(cards, allow_bare_rank=True)
        points = penalty_points(hand, var, players=players)
    except RulesError as error:
        bad_input(error)
    if as_json:
        emit_json({"points": points, "cards": cards_json(hand)})
    else:
        click.echo(str(points))


COMMANDS: tuple[click.Command, ...] = (variants_command, check_command, meld_command, points_command)
"""The commands :mod:`referee.cli` adds to the ``referee`` group."""
