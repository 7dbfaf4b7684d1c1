"""Every screen asks the ledger whether buys are shown: the deal screen, the viewer, the sheet and game over agree.

Carrillo has no buying (docs/rules.md): no chips, no "Buys left", no buy card anywhere. Telefunken counts chips
for the game (7 each, docs/rules.md); Shanghai counts buys per deal (two "May I"), with no chips for the game.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from flask import Flask
from flask.testing import FlaskClient

from referee import db
from referee.games.rummy.ledger.events import Buy, DealEnded, Event, GameAbandoned, GameCreated
from referee.ledger import store

PLAYERS = ("Ana", "Beto", "Caro", "Dani")


@dataclass(frozen=True)
class Game:
    edit_token: str
    view_token: str


def game_with(app: Flask, variant: str, *events: Event) -> Game:
    with app.app_context(), db.session() as session:
        game = store.create_game(session, created=GameCreated(variant=variant, players=PLAYERS, first_dealer="Ana"))
        made = Game(game.edit_token, game.view_token)
        game_id = game.id
        for event in events:
            current = store.load_state(session, game_id).seq
            store.append(session, game_id=game_id, event=event, expected_seq=current)
        return made


def pages(client: FlaskClient, game: Game) -> dict[str, str]:
    """The deal screen, the viewer and the sheet of a game under way."""
    out = {}
    for name, url in (("deal", f"/g/{game.edit_token}"), ("viewer", f"/v/{game.view_token}"),
                      ("sheet", f"/g/{game.edit_token}/sheet")):
        response = client.get(url)
        assert response.status_code == 200, url
        out[name] = response.get_data(as_text=True)
    return out


def over_page(client: FlaskClient, game: Game) -> str:
    response = client.get(f"/g/{game.edit_token}/over")
    assert response.status_code == 200
    return response.get_data(as_text=True)


ENDED = DealEnded(deal=1, went_out="Ana", hands={"Beto": 10, "Caro": 20, "Dani": 30})


def test_carrillo_shows_no_buys_anywhere(app: Flask, client: FlaskClient) -> None:
    game = game_with(app, "telefunken-peru-carrillo", ENDED)
    shown = pages(client, game)
    shown["over"] = over_page(client, game_with(app, "telefunken-peru-carrillo", ENDED, GameAbandoned(reason="late")))
    for page, html in shown.items():
        for name in PLAYERS:
            assert f'data-testid="buys-left-{name}"' not in html, page
            assert f'data-testid="chips-{name}"' not in html, page
        assert "Buys left" not in html, page
    assert 'data-testid="buy-card"' not in shown["deal"]


def test_telefunken_shows_each_players_chips_everywhere(app: Flask, client: FlaskClient) -> None:
    game = game_with(app, "telefunken", ENDED, Buy(deal=2, player="Beto"))
    shown = pages(client, game)
    for page in ("deal", "viewer"):
        assert 'data-testid="chips-Beto">6<' in shown[page], page
        assert 'data-testid="chips-Ana">7<' in shown[page], page
        assert "Buys left" not in shown[page], page
    assert 'data-testid="buy-card"' in shown["deal"]
    finished = game_with(app, "telefunken", ENDED, Buy(deal=2, player="Beto"), GameAbandoned(reason="late"))
    for html in (shown["sheet"], over_page(client, finished)):
        row = html[html.index(">Chips</th>"):]
        assert row[: row.index("</tr>")].count('<td class="num">') == 4
        assert '<td class="num">6</td>' in row[: row.index("</tr>")]


@pytest.mark.parametrize("page", ["deal", "viewer"])
def test_shanghai_shows_the_buys_left_this_deal(app: Flask, client: FlaskClient, page: str) -> None:
    html = pages(client, game_with(app, "shanghai", Buy(deal=1, player="Beto")))[page]
    assert 'data-testid="buys-left-Beto">1<' in html
    assert 'data-testid="buys-left-Ana">2<' in html
    assert 'data-testid="chips-Ana"' not in html
