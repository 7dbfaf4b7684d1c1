"""Contract rummy's new-game form (the core's ``/games/new``), through the Flask test client: the form prefilled from
the address, a game created with its players in turn order, first dealer and house rules, a retried "Create" landing
on the same game, blank rows and bad house rules pointed out, the rows added and removed without JavaScript."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from referee.games.rummy.web.new import MAX_PLAYERS_FIELDS, house_rule_field_name
from referee.rules.catalogue import VARIANTS
from tests.games.rummy.web.table.test_table import Table
from tests.html_forms import Forms


def shown(client: FlaskClient, address: str = "/games/new") -> dict[str, str]:
    """The new-game form's fields as the page shows them."""
    response = client.get(address)
    assert response.status_code == 200
    # The form posts to /games/new (a rematch's, with its query kept).
    return next(dict(fields) for action, fields in Forms(response.get_data(as_text=True)).forms
                if action.startswith("/games/new"))


def rows(fields: dict[str, str]) -> list[str]:
    """The player rows, in order."""
    return [fields[f"players-{i}"] for i in range(MAX_PLAYERS_FIELDS + 1) if f"players-{i}" in fields]


def create(client: FlaskClient, **changed: str) -> Any:
    return client.post("/games/new", data={**shown(client), "create": "1", **changed})


def created_table(client: FlaskClient, app: Flask, response: Any) -> Table:
    assert response.status_code == 303, response.get_data(as_text=True)[-2000:]
    match = re.match(r"/g/([^/?]+)/share", response.headers["Location"])
    assert match
    return Table(client, app, match.group(1))


@pytest.mark.parametrize(
    ("variant", "rule", "name"),
    [
        ("telefunken", "chips", "hr__telefunken__chips"),
        ("telefunken-peru", "exact_cut_reward", "hr__telefunken_peru__exact_cut_reward"),
        ("shanghai-deb-kolsov", "kolsov_ext", "hr__shanghai_deb_kolsov__kolsov_ext"),
    ],
)
def test_each_variants_house_rule_has_its_own_field(variant: str, rule: str, name: str) -> None:
    """Every variant's house rules are on the page at once: a field's name says its variant and its rule."""
    rules = VARIANTS[variant]
    assert house_rule_field_name(rules, next(r for r in rules.house_rules if r.id == rule)) == name


def test_a_new_form_offers_telefunken_for_four(client: FlaskClient) -> None:
    """docs/rules.md §3: Telefunken (Venezuela) is the default game, 4 players by default."""
    fields = shown(client)
    assert fields["variant"] == "telefunken"
    assert rows(fields) == ["", "", "", ""]
    assert fields["first_dealer"] == "random"


def test_the_address_chooses_the_game_and_its_players(client: FlaskClient) -> None:
    fields = shown(client, "/games/new?variant=shanghai&players=Ana&players=Beto&players=Caro")
    assert fields["variant"] == "shanghai"
    assert rows(fields) == ["Ana", "Beto", "Caro"]


def test_a_game_is_created_with_its_players_first_dealer_and_house_rules(client: FlaskClient, app: Flask) -> None:
    """A blank row after the last name is a seat nobody sat in, not a mistake."""
    response = create(client, **{"players-0": " Ana ", "players-1": "Beto", "players-2": "Caro", "players-3": "",
                                 "first_dealer": "1", "hr__telefunken__chips": "12"})
    state = created_table(client, app, response).state()
    assert state.players == ("Ana", "Beto", "Caro")
    assert state.created.first_dealer == "Beto"
    assert state.created.house_rules == {"chips": 12}
    assert state.chips.chips_left == {"Ana": 12, "Beto": 12, "Caro": 12}


def test_a_retried_create_lands_on_the_same_game(client: FlaskClient) -> None:
    data = {**shown(client), "create": "1", "players-0": "Ana", "players-1": "Beto", "players-2": "Caro"}
    first, again = client.post("/games/new", data=data), client.post("/games/new", data=data)
    assert first.status_code == again.status_code == 303
    assert first.headers["Location"] == again.headers["Location"]


@pytest.mark.parametrize(
    ("changed", "says"),
    [
        ({"players-0": "Ana", "players-1": "", "players-2": "Caro"},
         "Player 2 has no name: type it, or remove that row."),
        ({}, "Type the players’ names, in the order play passes."),
        ({"players-0": "Ana", "players-1": "Beto", "players-2": "Caro", "hr__telefunken__chips": "100"},
         "Type a whole number from 0 to 99, in the digits 0–9."),  # the chips house rule takes 0 to 99
        ({"players-0": "Ana", "players-1": "Beto", "players-2": "Caro", "first_dealer": "3"},
         "Choose the first dealer among the players (or draw at random)."),  # row 4 is blank
    ],
    ids=["blank-row", "no-names", "house-rule", "dealer-blank"],
)
def test_what_cannot_make_a_game_is_said_and_nothing_is_created(
    client: FlaskClient, changed: dict[str, str], says: str
) -> None:
    response = create(client, **changed)
    assert response.status_code == 422
    assert says in response.get_data(as_text=True)
    assert "Location" not in response.headers


def test_player_rows_are_added_and_removed_without_javascript(client: FlaskClient) -> None:
    fields = {**shown(client), "players-0": "Ana", "players-1": "Beto", "players-2": "Caro", "players-3": "Dani"}
    added = client.post("/games/new", data={**fields, "add_player": "1"})
    assert added.status_code == 200
    assert rows(Forms(added.get_data(as_text=True)).form("/games/new")) == ["Ana", "Beto", "Caro", "Dani", ""]
    removed = client.post("/games/new", data={**fields, "remove_player": "1"})
    assert rows(Forms(removed.get_data(as_text=True)).form("/games/new")) == ["Ana", "Caro", "Dani"]


def test_a_rematch_keeps_the_players_and_house_rules(client: FlaskClient, app: Flask) -> None:
    response = create(client, **{"players-0": "Ana", "players-1": "Beto", "players-2": "Caro",
                                 "hr__telefunken__chips": "12"})
    table = created_table(client, app, response)
    fields = shown(client, f"/games/new?rematch={table.token}")
    assert rows(fields) == ["Ana", "Beto", "Caro"]
    assert fields["hr__telefunken__chips"] == "12"
