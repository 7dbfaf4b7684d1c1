"""The new-game page, "My games" and the links: creating games, refusing bad ones, this device's cookie."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient
from markupsafe import escape
from sqlmodel import Session, func, select

from referee.ledger import store
from referee.rules.catalogue import VARIANTS
from tests.html_forms import Forms


def csrf(client: FlaskClient, url: str = "/games/new") -> str:
    html = client.get(url).get_data(as_text=True)
    match = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', html)
    assert match, "no CSRF token on " + url
    return match.group(1)


def new_game(client: FlaskClient, players: list[str], **fields: str) -> tuple[int, str, str]:
    """Post the new-game form; (status, Location or "", page text)."""
    data = {"csrf_token": csrf(client), "variant": "telefunken", "first_dealer": "0", "create": "1"}
    data.update({f"players-{i}": name for i, name in enumerate(players)})
    data.update(fields)
    response = client.post("/games/new", data=data)
    return response.status_code, response.headers.get("Location", ""), response.get_data(as_text=True)


def game_count(app: Flask) -> int:
    with Session(app.extensions["referee.db"]) as session:
        return int(session.exec(select(func.count()).select_from(store.Game)).one())


def token_of(location: str) -> str:
    match = re.match(r"/g/([^/?]+)", location)
    assert match, location
    return match.group(1)


def test_the_page_offers_every_variant_with_its_description_and_house_rules(client: FlaskClient) -> None:
    html = client.get("/games/new").get_data(as_text=True)
    for variant in VARIANTS.values():
        assert f'value="{variant.id}"' in html
        assert str(escape(variant.name)) in html
        for rule in variant.house_rules:
            assert f'name="hr__{variant.id.replace("-", "_")}__{rule.id}"' in html
    assert html.count('data-testid="player-') == VARIANTS["telefunken"].players.default
    assert "Draw at random" in html


def test_creating_a_game_shows_the_players_qr_code_and_keeps_the_link(client: FlaskClient, app: Flask) -> None:
    status, location, _ = new_game(
        client,
        ["Ana", "Beto", "Caro", "Dani"],
        first_dealer="1",
        hr__telefunken__streak_multiplier="y",
        hr__telefunken__chips="5",
        small_stake="1",
        large_stake="10",
    )
    assert status == 303
    assert location.endswith("/share?new=1")
    token = token_of(location)
    share = client.get(location).get_data(as_text=True)
    assert "<svg" in share
    assert "/v/" in share
    assert "Start deal 1" in share
    with Session(app.extensions["referee.db"]) as session:
        game = session.exec(select(store.Game).where(store.Game.edit_token == token)).one()
        assert game.id is not None
        state = store.load_state(session, game.id)
    assert state.players == ("Ana", "Beto", "Caro", "Dani")
    assert state.seating.dealer == "Beto"
    assert state.variant.streak_multiplier is True
    assert state.chips.chip_limit == 5
    assert state.settings == {"small_stake": 1, "large_stake": 10}
    # This phone keeps the game, and offers the names next time.
    assert token in client.get_cookie("referee_games").value
    assert '<option value="Caro">' in client.get("/games/new").get_data(as_text=True)


@pytest.mark.parametrize(
    ("players", "fields", "message"),
    [
        (["Ana", "Beto", "ana"], {}, "two players are called ana"),
        (["Ana", "Beto"], {}, "needs at least 3 players"),
        ([f"P{i}" for i in range(7)], {}, "at most 5 players"),
        ([], {}, "Type the players"),
        (["Ana", "Beto", "Caro"], {"hr__telefunken__chips": "-3"}, "from 0 to 99"),
        (["Ana", "Beto", "Caro"], {"hr__telefunken__chips": "abc"}, "in the digits 0–9"),
        (["Ana", "Beto", "Caro"], {"hr__telefunken__chips": "9" * 30}, "in the digits 0–9"),
        (["Ana", "Beto", "Caro"], {"hr__telefunken__chips": "9" * 5000}, "in the digits 0–9"),
        (["Ana", "Beto", "Caro"], {"hr__telefunken__chips": "²"}, "in the digits 0–9"),
        (["Ana", "Beto", "Caro"], {"hr__telefunken__chips": "①"}, "in the digits 0–9"),
        (["Ana", "Beto", "Caro"], {"hr__telefunken__chips": "१२"}, "in the digits 0–9"),
        (["Ana", "Beto", "Caro"], {"hr__telefunken__exact_cut_reward": "everything"}, "Choose one of the options"),
        (["Ana", "Beto", "Caro"], {"variant": "canasta"}, "Choose one of the games"),
        (["Ana", "Beto", "Caro"], {"first_dealer": "7"}, "Choose the first dealer"),
        (["Ana", "Beto", "Caro"], {"small_stake": "-1"}, "from 0 to 1000000"),
        (["Ana", "Beto", "Caro"], {"large_stake": "9" * 310}, "from 0 to 1000000"),
        (["A" * 41, "Beto", "Caro"], {}, "Field cannot be longer"),
    ],
    ids=[
        "duplicate",
        "too-few",
        "too-many",
        "no-names",
        "chips-negative",
        "chips-text",
        "chips-huge",
        "chips-5000-digits",
        "chips-superscript",
        "chips-circled",
        "chips-devanagari",
        "bad-choice",
        "unknown-variant",
        "dealer-out-of-range",
        "negative-stake",
        "stake-310-digits",
        "long-name",
    ],
)
def test_a_bad_game_is_refused_with_a_clear_message_and_nothing_is_created(
    client: FlaskClient, app: Flask, players: list[str], fields: dict[str, str], message: str
) -> None:
    status, location, html = new_game(client, players, **fields)
    assert status == 422, location
    assert message in html
    assert game_count(app) == 0


#: Names typed with what the cleaning takes away or changes, and the name kept: (what, typed, kept).
UNCLEAN_DEALERS = [
    ("a combining accent", "Jose\u0301", "Jos\u00e9"),
    ("a family emoji joined by ZWJ", "\U0001f468\u200d\U0001f469\u200d\U0001f467", "\U0001f468\U0001f469\U0001f467"),
    ("a trailing zero-width space", "Ana\u200b", "Ana"),
    ("spaces of every kind", "  Ana\u00a0 Mar\u00eda ", "Ana Mar\u00eda"),
]


@pytest.mark.parametrize(("typed", "kept"), [c[1:] for c in UNCLEAN_DEALERS], ids=[c[0] for c in UNCLEAN_DEALERS])
@pytest.mark.parametrize("seat", [0, 2])
def test_a_name_the_cleaning_changes_can_be_the_first_dealer_by_seat(
    client: FlaskClient, app: Flask, typed: str, kept: str, seat: int
) -> None:
    players = ["Beto", "Caro", "Dani"]
    players[seat] = typed
    status, location, html = new_game(client, players, first_dealer=str(seat))
    assert status == 303, html
    with Session(app.extensions["referee.db"]) as session:
        game = session.exec(select(store.Game)).one()
        state = store.state_of(session, game)
    assert state.players[seat] == kept
    assert state.created.first_dealer == kept


def test_a_row_of_nothing_but_a_zero_width_space_is_pointed_out_not_dropped(client: FlaskClient, app: Flask) -> None:
    status, _, html = new_game(client, ["Ana", "\u200b", "Beto", "Caro"], first_dealer="3")
    assert status == 422
    assert "Player 2 has no name" in html
    assert game_count(app) == 0


@pytest.mark.usefixtures("app")
def test_first_dealer_drawn_at_random_is_one_of_the_players(client: FlaskClient) -> None:
    status, location, _ = new_game(client, ["Ana", "Beto", "Caro"], first_dealer="random")
    assert status == 303
    page = client.get(f"/g/{token_of(location)}").get_data(as_text=True)
    dealer = re.search(r'data-testid="dealer">([^<]+)<', page)
    assert dealer
    assert dealer.group(1) in ("Ana", "Beto", "Caro")


def test_players_are_added_and_removed_without_javascript(client: FlaskClient, app: Flask) -> None:
    data = {
        "csrf_token": csrf(client),
        "variant": "telefunken",
        "players-0": "Ana",
        "players-1": "Beto",
        "players-2": "Caro",
        "add_player": "1",
    }
    html = client.post("/games/new", data=data).get_data(as_text=True)
    assert 'name="players-3"' in html
    assert 'value="Caro"' in html
    data.pop("add_player")
    data["remove_player"] = "0"
    html = client.post("/games/new", data=data).get_data(as_text=True)
    assert 'value="Ana"' not in html
    assert 'name="players-0" id="players-0" value="Beto"' in html
    assert game_count(app) == 0


def test_without_a_csrf_token_nothing_is_created(client: FlaskClient, app: Flask) -> None:
    response = client.post(
        "/games/new",
        data={"variant": "telefunken", "players-0": "A", "players-1": "B", "players-2": "C", "first_dealer": "0"},
    )
    # The form comes back with what was typed and why (tests/web/core/test_csrf_expiry.py); nothing is created.
    assert response.status_code == 422
    assert "Nothing was saved" in response.get_data(as_text=True)
    assert game_count(app) == 0


def test_rematch_prefills_the_same_players_variant_and_house_rules(client: FlaskClient) -> None:
    _, location, _ = new_game(
        client,
        ["Ana", "Beto", "Caro"],
        variant="telefunken-bolivia",
        first_dealer="0",
        hr__telefunken_bolivia__streak_multiplier="y",
    )
    html = client.get(f"/games/new?rematch={token_of(location)}").get_data(as_text=True)
    # The form carries the rematch on (the new game is then recorded as the old one's next).
    fields = Forms(html).form(f"/games/new?rematch={token_of(location)}")
    assert fields["variant"] == "telefunken-bolivia"
    assert [fields[f"players-{i}"] for i in range(3)] == ["Ana", "Beto", "Caro"]
    assert fields["hr__telefunken_bolivia__streak_multiplier"] == "y"


def test_my_games_lists_this_phones_games_and_forgets_one(client: FlaskClient) -> None:
    assert "No games on this phone yet" in client.get("/games").get_data(as_text=True)
    _, first, _ = new_game(client, ["Ana", "Beto", "Caro"])
    _, second, _ = new_game(client, ["Xavi", "Yoli", "Zoe"], variant="shanghai")
    html = client.get("/games").get_data(as_text=True)
    # The most recent first (each name isolated: templates/_bidi.html).
    assert html.index("<bdi>Xavi</bdi>, <bdi>Yoli</bdi>, <bdi>Zoe</bdi>") < html.index("<bdi>Ana</bdi>, <bdi>Beto")
    assert f'href="/g/{token_of(first)}#deal-head"' in html
    assert "Deal 1 of 7" in html
    forget = Forms(html).form(f"/games/forget/{token_of(second)}")
    response = client.post(f"/games/forget/{token_of(second)}", data=forget)
    assert response.status_code == 303
    html = client.get("/games").get_data(as_text=True)
    assert "Xavi" not in html
    assert "<bdi>Ana</bdi>, <bdi>Beto</bdi>, <bdi>Caro</bdi>" in html
    # Another phone has no games.
    other = client.application.test_client()
    assert "No games on this phone yet" in other.get("/games").get_data(as_text=True)


def test_a_malformed_games_cookie_is_ignored(client: FlaskClient) -> None:
    client.set_cookie("referee_games", "nonsense..<script>.x")
    assert client.get("/games").status_code == 200


@pytest.mark.parametrize("token", ["nope", "x" * 43, "a.b", "%00", "-" * 20])
def test_an_unknown_link_says_plainly_it_does_not_work(client: FlaskClient, token: str) -> None:
    response = client.get(f"/g/{token}")
    assert response.status_code == 404
    assert "This link does not work" in response.get_data(as_text=True)


# ---- a double tap on "Create the game" ---------------------------------------------------------------------


def _filled_form(client: FlaskClient, first_dealer: str = "0") -> dict[str, str]:
    """The new-game form as the page gives it (with its idempotency key), players typed."""
    data = Forms(client.get("/games/new").get_data(as_text=True)).form("/games/new")
    data.update({"variant": "telefunken", "first_dealer": first_dealer, "create": "1"})
    # Three players: the page's fourth row removed (a blank row is pointed out, not dropped).
    data = {k: v for k, v in data.items() if not k.startswith("players-")}
    data.update({f"players-{i}": name for i, name in enumerate(["Ana", "Beto", "Caro"])})
    return data


@pytest.mark.parametrize("first_dealer", ["0", "random"])
def test_a_retried_create_lands_on_the_same_game(client: FlaskClient, app: Flask, first_dealer: str) -> None:
    data = _filled_form(client, first_dealer)
    assert re.fullmatch(r"[0-9a-f]{32}", data["idempotency_key"])
    first = client.post("/games/new", data=data)
    again = client.post("/games/new", data=data)
    assert first.status_code == again.status_code == 303
    assert again.headers["Location"] == first.headers["Location"]
    assert game_count(app) == 1
    # Another rendering of the form is another game.
    other = client.post("/games/new", data=_filled_form(client, first_dealer))
    assert token_of(other.headers["Location"]) != token_of(first.headers["Location"])
    assert game_count(app) == 2


def test_each_rendering_of_the_form_has_its_own_key(client: FlaskClient) -> None:
    keys = {Forms(client.get("/games/new").get_data(as_text=True)).form("/games/new")["idempotency_key"]
            for _ in range(3)}
    assert len(keys) == 3


def test_a_used_key_sent_with_other_choices_creates_nothing_and_says_so(client: FlaskClient, app: Flask) -> None:
    data = _filled_form(client)
    assert client.post("/games/new", data=data).status_code == 303
    changed = client.post("/games/new", data={**data, "players-2": "Dani"})
    assert changed.status_code == 409
    assert "already created a game" in changed.get_data(as_text=True)
    assert game_count(app) == 1
    # The page comes back with a fresh key: sending it again makes the new game.
    fresh = Forms(changed.get_data(as_text=True)).form("/games/new")
    assert fresh["idempotency_key"] != data["idempotency_key"]
    assert client.post("/games/new", data={**fresh, "create": "1"}).status_code == 303
    assert game_count(app) == 2


def test_store_create_game_with_a_key_returns_the_first_game(app: Flask) -> None:
    from referee.games.rummy.ledger.events import GameCreated

    created = GameCreated(variant="telefunken", players=("Ana", "Beto", "Caro"), first_dealer="Ana")
    with Session(app.extensions["referee.db"]) as session:
        a = store.create_game(session, created=created, idempotency_key="k-0001-abcd")
        b = store.create_game(session, created=created, idempotency_key="k-0001-abcd")
        c = store.create_game(session, created=created, idempotency_key="k-0002-abcd")
        assert a.id == b.id != c.id
        with pytest.raises(store.IdempotencyKeyReused):
            store.create_game(session, created=GameCreated(variant="telefunken", players=("Ana", "Beto", "Dani"),
                                                           first_dealer="Ana"), idempotency_key="k-0001-abcd")
        assert len(store.load_events(session, a.id or 0)) == 1


def test_the_random_dealer_drawn_from_the_key_is_the_same_on_a_retry_and_varies_between_forms(app: Flask) -> None:
    from referee.web.screens.games import draw

    with app.app_context():
        keys = [f"{i:032x}" for i in range(24)]
        assert [draw(k, 4) for k in keys] == [draw(k, 4) for k in keys]
        assert len({draw(k, 4) for k in keys}) > 1  # 24 forms all drawing one seat: p = 4⁻²³
