"""My games (date, variant, players, state, newest first; a series' wins) and a viewer following the table to
its Rematch."""

from __future__ import annotations

import html
import re
from datetime import UTC, datetime

from flask import Flask
from flask.testing import FlaskClient
from sqlmodel import Session

from referee.games.rummy.ledger.events import DealEnded, GameCreated
from referee.ledger import store
from tests.html_forms import Forms

PLAYERS = ("Ana", "Beto", "Caro")


def played(app: Flask, *, deals: int, holds: dict[str, int], created_at: datetime | None = None) -> store.Game:
    """A Telefunken game of three with ``deals`` deals; deal d is won by PLAYERS[d % 3], the others hold ``holds``."""
    with Session(app.extensions["referee.db"]) as session:
        game = store.create_game(session, created=GameCreated(variant="telefunken", players=PLAYERS,
                                                              first_dealer="Ana"))
        assert game.id is not None
        seq = 1
        for deal in range(1, deals + 1):
            out = PLAYERS[deal % 3]
            hands = {name: holds[name] for name in PLAYERS if name != out}
            seq = store.append(session, game_id=game.id, event=DealEnded(deal=deal, went_out=out, hands=hands),
                               expected_seq=seq).seq
        if created_at is not None:
            game.created_at = created_at
            session.add(game)
            session.commit()
        session.refresh(game)
        session.expunge(game)
        return game


#: Ana wins (by hand over 7 deals: Ana 25, Beto 40, Caro 100 — see tests/web/screens/test_install.py).
ANA_WINS = {"Ana": 5, "Beto": 10, "Caro": 20}
#: Beto wins: Ana 20 × 5 = 100, Beto 5 × 4 = 20, Caro 10 × 5 = 50.
BETO_WINS = {"Ana": 20, "Beto": 5, "Caro": 10}


def link(app: Flask, new: store.Game, old: store.Game) -> None:
    assert new.id is not None
    assert old.id is not None
    with Session(app.extensions["referee.db"]) as session:
        store.link_rematch(session, game_id=new.id, previous_id=old.id)


def items(page: str) -> list[dict[str, str]]:
    found = []
    for block in re.findall(r'<li class="card game-item">(.*?)</li>', page, re.S):
        block = re.sub(r"</?bdi>", "", block)  # the names' isolation (templates/_bidi.html): the text is the same
        fields = dict(re.findall(r'data-testid="game-(date|variant|players|state|series)">(.*?)</', block, re.S))
        found.append({k: " ".join(html.unescape(v).split()) for k, v in fields.items()})
    return found


def test_my_games_lists_date_variant_players_and_state_newest_first_with_a_series_wins(
    client: FlaskClient, app: Flask
) -> None:
    old = played(app, deals=2, holds=ANA_WINS, created_at=datetime(2026, 11, 20, 21, 0, tzinfo=UTC))
    first = played(app, deals=7, holds=ANA_WINS, created_at=datetime(2026, 11, 22, 20, 0, tzinfo=UTC))
    second = played(app, deals=7, holds=BETO_WINS, created_at=datetime(2026, 11, 22, 21, 0, tzinfo=UTC))
    third = played(app, deals=1, holds=ANA_WINS, created_at=datetime(2026, 11, 22, 22, 0, tzinfo=UTC))
    link(app, second, first)
    link(app, third, second)
    # The cookie's order is not the games' order: the list sorts by when each game began.
    client.set_cookie("referee_games", ".".join(g.edit_token for g in (first, old, third, second)))
    listed = items(client.get("/games").get_data(as_text=True))
    assert listed == [
        {"date": "Nov 22, 2026", "variant": "Telefunken (Venezuela)", "players": "Ana, Beto, Caro",
         "state": "Deal 2 of 7", "series": "Game 3 of a series — wins: Ana 1, Beto 1"},
        {"date": "Nov 22, 2026", "variant": "Telefunken (Venezuela)", "players": "Ana, Beto, Caro",
         "state": "Beto wins!", "series": "Game 2 of a series — wins: Ana 1, Beto 1"},
        {"date": "Nov 22, 2026", "variant": "Telefunken (Venezuela)", "players": "Ana, Beto, Caro",
         "state": "Ana wins!"},
        {"date": "Nov 20, 2026", "variant": "Telefunken (Venezuela)", "players": "Ana, Beto, Caro",
         "state": "Deal 3 of 7"},
    ]
    client.set_cookie("lang", "es")
    spanish = items(client.get("/games").get_data(as_text=True))
    assert spanish[0]["series"] == "Partida 3 de una serie — victorias: Ana 1, Beto 1"
    assert spanish[1]["state"] == "¡Gana Beto!"
    assert spanish[3]["state"] == "Mano 3 de 7"


def test_a_rematch_from_the_new_game_form_is_followed_by_the_old_viewer(client: FlaskClient, app: Flask) -> None:
    old = played(app, deals=7, holds=ANA_WINS)
    assert client.get(f"/v/{old.view_token}/next").status_code == 204
    page = client.get(f"/games/new?rematch={old.edit_token}").get_data(as_text=True)
    forms = Forms(page)
    fields = forms.form(f"/games/new?rematch={old.edit_token}")
    fields["first_dealer"] = "0"
    fields["create"] = "1"
    response = client.post(f"/games/new?rematch={old.edit_token}", data=fields)
    assert response.status_code == 303, response.get_data(as_text=True)[:500]
    new_edit = re.match(r"/g/([^/]+)/share", response.headers["Location"])
    assert new_edit
    with Session(app.extensions["referee.db"]) as session:
        assert old.id is not None
        rematch = store.next_game(session, old.id)
        assert rematch is not None
        assert rematch.edit_token == new_edit.group(1)
        new_view = rematch.view_token
    answer = client.get(f"/v/{old.view_token}/next")
    assert answer.status_code == 200
    assert answer.get_json() == {"url": f"/v/{new_view}"}
    assert answer.headers["Cache-Control"] == "no-store"
    # The old viewer's page carries the (hidden) way there for its script.
    viewer = client.get(f"/v/{old.view_token}").get_data(as_text=True)
    assert f'data-next-url="/v/{old.view_token}/next"' in viewer
    # Only a view link asks: an edit link or an unknown one is a 404.
    assert client.get(f"/v/{old.edit_token}/next").status_code == 404
    assert client.get("/v/" + "z" * 43 + "/next").status_code == 404


def test_a_game_made_without_rematch_is_no_ones_next(client: FlaskClient, app: Flask) -> None:
    old = played(app, deals=7, holds=ANA_WINS)
    fields = Forms(client.get("/games/new").get_data(as_text=True)).form("/games/new")
    fields.update({"players-0": "Ana", "players-1": "Beto", "players-2": "Caro", "first_dealer": "0",
                   "create": "1"})
    del fields["players-3"]  # the form's blank fourth row, removed
    assert client.post("/games/new", data=fields).status_code == 303
    assert client.get(f"/v/{old.view_token}/next").status_code == 204
