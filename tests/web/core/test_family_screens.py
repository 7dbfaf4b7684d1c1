"""Every family's screens in one app (referee/web/core/family_screens.py): which family owns which blueprint, a
token's family, the entry ``/g/<edit_token>`` answered by the game's own family, and another family's addresses
answering 404 for it."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from referee import db, families
from referee.games.persian.ledger import GameCreated as TableGameCreated
from referee.games.rummy.ledger.events import GameCreated
from referee.ledger import store
from referee.web.core import family_screens
from referee.web.core.access import Table


def new_games(app: Flask) -> dict[str, tuple[str, str]]:
    """A Telefunken game and a Hokm game: each family's (edit token, view token)."""
    created = {
        "rummy": GameCreated(variant="telefunken", players=("Ana", "Beto", "Caro"), first_dealer="Ana"),
        "persian": TableGameCreated(variant="hokm", players=("Ana", "Bahram", "Cyrus", "Dara"), first="Ana"),
    }
    tokens = {}
    with app.app_context(), db.session() as session:
        for family_id, creation in created.items():
            game = store.create_game(session, created=creation)
            tokens[family_id] = (game.edit_token, game.view_token)
    return tokens


def test_each_family_owns_its_blueprints(app: Flask) -> None:
    owned = family_screens.owners(app)
    assert owned["table"] == "rummy"
    assert owned["persian"] == "persian"
    assert "board" not in owned  # the core's own
    assert "games" not in owned


def test_the_entry_is_served_by_the_first_familys_scorekeeper(app: Flask) -> None:
    entries = [rule for rule in app.url_map.iter_rules() if rule.rule == family_screens.ENTRY_RULE]
    assert [rule.endpoint for rule in entries] == ["table.deal"]
    with app.app_context():
        assert family_screens.entry_endpoint(families.family_named("persian")) == "table.deal"


def test_a_tokens_family_is_its_games(app: Flask) -> None:
    tokens = new_games(app)
    with app.app_context():
        for family_id, (edit_token, view_token) in tokens.items():
            assert family_screens.family_of_token(edit_token) is families.family_named(family_id)
            assert family_screens.family_of_token(view_token) is families.family_named(family_id)
        assert family_screens.family_of_token("no-game-has-this-token") is None


def test_the_entry_opens_each_game_on_its_own_familys_screen(app: Flask, client: FlaskClient) -> None:
    tokens = new_games(app)
    rummy = client.get(f"/g/{tokens['rummy'][0]}")
    persian = client.get(f"/g/{tokens['persian'][0]}")
    assert rummy.status_code == persian.status_code == 200
    assert "Telefunken" in rummy.get_data(as_text=True)
    assert "Hokm" in persian.get_data(as_text=True)
    assert rummy.get_data(as_text=True) != persian.get_data(as_text=True)


def test_another_familys_addresses_answer_404_for_a_game(app: Flask, client: FlaskClient) -> None:
    tokens = new_games(app)
    assert client.get(f"/g/{tokens['persian'][0]}/sheet").status_code == 404  # contract rummy's score sheet
    assert client.get(f"/g/{tokens['rummy'][0]}/scores").status_code == 404  # the Persian games' scores
    assert client.get(f"/g/{tokens['persian'][0]}/scores").status_code == 200
    assert client.get(f"/g/{tokens['rummy'][0]}/sheet").status_code == 200


def test_the_entrys_address_is_built_for_any_familys_game(app: Flask) -> None:
    tokens = new_games(app)
    variants = {"rummy": "telefunken", "persian": "hokm"}
    with app.test_request_context("/"):
        for family_id, (edit_token, view_token) in tokens.items():
            family = families.family_named(family_id)
            table = Table(game_id=1, public_id="p", edit_token=edit_token, view_token=view_token,
                          state=None, variant=variants[family_id])  # type: ignore[arg-type]  # no page state needed
            assert table.family is family
            address = family_screens.entry_url(table)
            assert address.startswith(f"/g/{edit_token}")
            anchor = family.screens().edit_anchor
            assert address == f"/g/{edit_token}" + (f"#{anchor}" if anchor else "")
