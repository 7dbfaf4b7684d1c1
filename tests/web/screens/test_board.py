"""The viewer (/v/<view_token>), the chart, and the rules card, through the test client."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from referee import db
from referee.games.rummy.ledger.events import Buy, DealCorrected, DealEnded, Event, ExactCut, GameCreated, PlayerRenamed
from referee.games.rummy.ledger.state import replay
from referee.games.rummy.web import rules_card, viewer, wording
from referee.ledger import store
from referee.rules.catalogue import VARIANTS, find_variant
from referee.web.core.assets import AWAKE_SCRIPT
from referee.web.screens import board

PLAYERS = ("Ana", "Bruno", "Carla", "Dario")


def new_game(
    app: Flask, variant: str = "telefunken", players: tuple[str, ...] = PLAYERS, **house: object
) -> store.Game:
    with app.app_context(), db.session() as session:
        created = GameCreated(variant=variant, players=players, first_dealer=players[0], house_rules=dict(house))
        game = store.create_game(session, created=created)
        session.expunge(game)
        return game


def record(app: Flask, game_id: int, *events: Event) -> int:
    seq = 0
    with app.app_context(), db.session() as session:
        for event in events:
            current = store.load_state(session, game_id).seq
            seq = store.append(session, game_id=game_id, event=event, expected_seq=current).seq
    return seq


def ended(deal: int, out: str, **points: int) -> DealEnded:
    return DealEnded(deal=deal, went_out=out, hands={name: value for name, value in points.items()})


# ---- the chart --------------------------------------------------------------------------------------


def series(name: str, *totals: int, me: bool = False) -> viewer.ChartSeries:
    return viewer.ChartSeries(name=name, totals=totals, colour="#123456", highlighted=me)


def polyline_points(svg: str) -> list[list[tuple[float, float]]]:
    lines = re.findall(r'<polyline[^>]* points="([^"]*)"', svg)
    return [[(float(x), float(y)) for x, y in (p.split(",") for p in line.split())] for line in lines]


def test_chart_draws_one_line_per_player_with_a_point_per_deal() -> None:
    svg = str(viewer.score_chart([series("Ana", 0, 10, 10), series("Bo", 0, 30, 45)], deals=7, title="Totals"))
    assert svg.startswith("<svg")
    assert svg.endswith("</svg>")
    lines = polyline_points(svg)
    assert [len(line) for line in lines] == [3, 3]
    # x grows with the deal; a higher total is drawn higher (smaller y).
    ana, bo = lines
    assert ana[0][0] < ana[1][0] < ana[2][0]
    assert bo[2][1] < ana[2][1]
    assert ana[0] == bo[0]  # everyone starts at 0
    assert '<title id="chart-title">Totals</title>' in svg


def test_chart_axis_spans_negative_totals_and_the_whole_game() -> None:
    svg = str(viewer.score_chart([series("Ana", 0, -50, -25), series("Bo", 0, 40, 80)], deals=10, title="t"))
    labels = re.findall(r'<text class="axis"[^>]*>(-?\d+)</text>', svg)
    values = [int(v) for v in labels]
    assert min(values) <= -50
    assert max(values) >= 80
    assert "10" in labels  # the last deal is labelled on the x axis


def test_chart_highlights_me_and_escapes_the_title() -> None:
    svg = str(viewer.score_chart([series("Ana", 0, 5, me=True), series("Bo", 0, 7)], deals=3, title="<b>&"))
    assert svg.count('class="line me"') == 1
    assert "&lt;b&gt;&amp;" in svg


def test_chart_before_any_deal() -> None:
    svg = str(viewer.score_chart([series("Ana", 0), series("Bo", 0)], deals=7, title="t"))
    assert len(polyline_points(svg)) == 2
    assert "<circle" not in svg


# ---- the board's content ----------------------------------------------------------------------------


def test_board_context_follows_the_state(app: Flask) -> None:
    state = replay(
        [
            GameCreated(variant="telefunken", players=PLAYERS, first_dealer="Ana"),
            ExactCut(deal=1),
            Buy(deal=1, player="Bruno"),
            ended(1, "Ana", Bruno=32, Carla=25, Dario=7),
            ended(2, "Carla", Ana=10, Bruno=5, Dario=20),
            DealCorrected(deal=1, went_out="Ana", hands={"Bruno": 32, "Carla": 20, "Dario": 7}),
        ]
    )
    with app.test_request_context("/"):
        context = viewer.board_context(state, "Carla")
    rows = {row.name: row for row in context["players"]}
    assert rows["Carla"].me
    assert not rows["Ana"].me
    assert rows["Bruno"].chips == state.chips.chips_left["Bruno"]
    assert [row.total for row in context["standings"]] == [state.sheet.totals[n] for n in state.sheet.standings]
    lines = context["lines"]
    assert [line.corrected for line in lines] == [True, False]
    assert lines[0].points == (0, 32, 20, 7)
    chart = polyline_points(str(context["chart"]))
    assert len(chart) == 4
    assert all(len(points) == 3 for points in chart)
    assert context["show_chips"]


def test_board_context_ignores_a_me_who_is_not_playing(app: Flask) -> None:
    state = replay([GameCreated(variant="telefunken", players=PLAYERS, first_dealer="Ana")])
    with app.test_request_context("/"):
        context = viewer.board_context(state, "Mallory")
    assert context["me"] is None
    assert not any(row.me for row in context["players"])


# ---- the pages ----------------------------------------------------------------------------------------


def test_the_viewer_shows_the_game(app: Flask, client: FlaskClient) -> None:
    game = new_game(app)
    assert game.id is not None
    record(app, game.id, ExactCut(deal=1), Buy(deal=1, player="Bruno"), ended(1, "Ana", Bruno=32, Carla=25, Dario=7))
    response = client.get(f"/v/{game.view_token}")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert "Deal 2 of 7" in html
    assert 'data-testid="total-points-Bruno">32<' in html
    assert 'data-testid="chips-Bruno">6<' in html
    assert '<svg class="chart"' in html
    assert '<noscript><meta http-equiv="refresh" content="15"></noscript>' in html
    assert f'data-live-url="/v/{game.view_token}/live"' in html
    assert response.headers["Cache-Control"] == "private, no-cache"
    # The scorekeeper's secret never reaches the players' page.
    assert game.edit_token not in html


def test_the_edit_token_does_not_open_the_viewer(app: Flask, client: FlaskClient) -> None:
    game = new_game(app)
    assert client.get(f"/v/{game.edit_token}").status_code == 404
    assert client.get(f"/v/{game.edit_token}/live?seq=0").status_code == 404
    assert client.get("/v/not-a-token-at-all-but-long/live?seq=0").status_code == 404
    assert client.get(f"/v/{game.view_token}/live").status_code == 400


def test_marks_a_corrected_deal_and_an_override(app: Flask, client: FlaskClient) -> None:
    game = new_game(app)
    assert game.id is not None
    record(
        app,
        game.id,
        ended(1, "Ana", Bruno=32, Carla=25, Dario=7),
        DealCorrected(deal=1, went_out="Ana", hands={"Bruno": 30, "Carla": 25, "Dario": 7}),
        Buy(deal=2, player="Ana", override="the table said so"),
    )
    html = client.get(f"/v/{game.view_token}").get_data(as_text=True)
    assert 'data-testid="corrected-1"' in html
    assert 'data-testid="cell-1-Bruno">30<' in html


def test_this_is_me_is_kept_in_a_cookie_for_this_game_only(app: Flask, client: FlaskClient) -> None:
    game = new_game(app)
    response = client.get(f"/v/{game.view_token}?me=Carla")
    cookie = response.headers["Set-Cookie"]
    assert cookie.startswith(f"{board.ME_COOKIE}=Carla")
    assert f"Path=/v/{game.view_token}" in cookie
    html = client.get(f"/v/{game.view_token}").get_data(as_text=True)
    assert 'class="me" data-testid="total-Carla"' in html
    # Choosing nobody clears it.
    client.get(f"/v/{game.view_token}?me=")
    html = client.get(f"/v/{game.view_token}").get_data(as_text=True)
    assert 'class="me"' not in html


def test_a_name_that_is_not_playing_highlights_nobody(app: Flask, client: FlaskClient) -> None:
    game = new_game(app)
    html = client.get(f"/v/{game.view_token}?me=%3Cscript%3E").get_data(as_text=True)
    assert 'class="me"' not in html
    # The page's one inline script is the wake lock's; the name asked for is written nowhere as markup.
    assert "<script>" not in html.replace(f"<script>{AWAKE_SCRIPT}</script>", "")


# ---- live updates: tests/web/screens/test_live.py ---------------------------------------------------------------


@pytest.mark.parametrize("variant_id", list(VARIANTS))
def test_every_variant_has_a_rules_card(client: FlaskClient, variant_id: str) -> None:
    variant = find_variant(variant_id)
    response = client.get(f"/rules/{variant_id}")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert variant.name.replace("'", "&#39;") in html
    for deal in variant.deals:
        assert f'data-testid="rules-deal-{deal.number}"' in html
    for rule in variant.house_rules:
        assert f'data-testid="house-rule-{rule.id}"' in html


def test_the_rules_index_lists_every_variant(client: FlaskClient) -> None:
    html = client.get("/rules").get_data(as_text=True)
    for variant_id in VARIANTS:
        assert f'href="/rules/{variant_id}"' in html


def test_an_unknown_variant_has_no_rules_card(client: FlaskClient) -> None:
    assert client.get("/rules/canasta").status_code == 404


def test_house_rules_in_the_address_are_in_force(client: FlaskClient) -> None:
    html = client.get("/rules/telefunken?streak_multiplier=1&chips=5").get_data(as_text=True)
    assert "Each player has 5 chips for the whole game." in html
    assert "Winning deals in a row multiplies" in html
    assert html.count("changed by this table") == 2


def test_a_bad_house_rule_value_is_said_and_ignored(client: FlaskClient) -> None:
    html = client.get("/rules/telefunken?chips=lots").get_data(as_text=True)
    assert "were not understood" in html
    assert "Each player has 7 chips for the whole game." in html


def test_rules_url_round_trips_the_house_rules(app: Flask) -> None:
    variant = find_variant("telefunken").with_house_rules({"chips": 5, "streak_multiplier": True})
    with app.test_request_context("/"):
        url = rules_card.rules_url(variant)
    path, _, query = url.partition("?")
    assert path == "/rules/telefunken"
    values, refused = rules_card.house_rules_from_query(
        find_variant("telefunken"), dict(pair.split("=") for pair in query.split("&"))
    )
    assert refused == []
    assert find_variant("telefunken").with_house_rules(values) == variant


def test_the_games_rules_card_has_its_house_rules(app: Flask, client: FlaskClient) -> None:
    game = new_game(app, streak_multiplier=True)
    html = client.get(f"/v/{game.view_token}/rules").get_data(as_text=True)
    assert "Winning deals in a row multiplies" in html
    assert f'href="/v/{game.view_token}"' in html
    assert client.get(f"/v/{game.edit_token}/rules").status_code == 404


def test_contract_words_in_english(app: Flask) -> None:
    variant = find_variant("telefunken")
    with app.test_request_context("/"):
        assert wording.contract_words(variant.deals[0].contracts[0], variant.terms) == "1 pure trío"
        words = wording.deal_words(variant.deals[6], variant.terms)
        assert words == "1 trío and 1 escalera of 7 or more — go out in one turn"
        assert wording.contract_words(variant.deals[3].contracts[0], variant.terms) == "2 cuartetos"


def test_game_over_shows_the_payouts(app: Flask, client: FlaskClient) -> None:
    players = ("Ana", "Bruno", "Carla")
    game = new_game(app, "progressive-rummy", players)
    assert game.id is not None
    deals = len(find_variant("progressive-rummy").deals)
    record(app, game.id, *(ended(d, "Ana", Bruno=10, Carla=20) for d in range(1, deals + 1)))
    html = client.get(f"/v/{game.view_token}").get_data(as_text=True)
    assert 'data-testid="game-over"' in html
    assert ">Money<" in html
    with app.app_context(), db.session() as session:
        payouts = store.load_state(session, game.id).sheet.payouts
    assert payouts is not None
    assert f"{payouts['Ana']:+.2f}" in html


def test_game_over_shows_the_stakes_won(app: Flask, client: FlaskClient) -> None:
    with app.app_context(), db.session() as session:
        created = GameCreated(
            variant="telefunken", players=PLAYERS, first_dealer="Ana", settings={"small_stake": 1, "large_stake": 5}
        )
        game = store.create_game(session, created=created)
        game_id, token = game.id, game.view_token
    assert game_id is not None
    record(app, game_id, *(ended(d, "Carla", Ana=10, Bruno=20, Dario=5) for d in range(1, 8)))
    html = client.get(f"/v/{token}").get_data(as_text=True)
    assert "Stakes won:" in html
    assert "<bdi>Carla</bdi> 12.00" in html  # 7 deals won × 1, and the large stake of 5 (the name isolated)


def test_dealers_choice_before_the_announcement(app: Flask, client: FlaskClient) -> None:
    game = new_game(app, "telefunken-ecuador", dealer_chooses_contract=True)
    html = client.get(f"/v/{game.view_token}").get_data(as_text=True)
    assert "The dealer has not announced the contract yet." in html
    assert "mini-contract" not in html


def test_the_rules_card_goes_back_only_to_a_page_of_this_site(app: Flask, client: FlaskClient) -> None:
    variant = find_variant("telefunken")
    with app.test_request_context("/"):
        url = rules_card.rules_url(variant, back="/g/some-edit-token")
    html = client.get(url).get_data(as_text=True)
    assert 'data-testid="rules-back"' in html
    assert 'href="/g/some-edit-token"' in html
    html = client.get("/rules/telefunken?back=https://evil.example/").get_data(as_text=True)
    assert 'href="https://evil.example/"' not in html
    assert 'href="/" data-testid="rules-back"' in html  # another site's address becomes the home page


def test_this_is_me_follows_a_rename(app: Flask, client: FlaskClient) -> None:
    game = new_game(app)
    assert game.id is not None
    client.get(f"/v/{game.view_token}?me=Carla")
    record(app, game.id, PlayerRenamed(old="Carla", new="Carlota"))
    response = client.get(f"/v/{game.view_token}")
    html = response.get_data(as_text=True)
    assert 'class="me" data-testid="total-Carlota"' in html
    assert response.headers["Set-Cookie"].startswith(f"{board.ME_COOKIE}=Carlota")
