"""The Persian games' screens over HTTP: creating each game, playing hands to sums worked out by hand, refusals that
save nothing, a stale page, undo and redo, a correction, the sheet, the viewer, and hostile input (never a 500)."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner
from flask import Flask
from flask.testing import FlaskClient

from referee.cli import main

from .helpers import NEW, create, hand_page, hidden_fields, play, state_of, text_of

FOUR = ["Ana", "Bahram", "Cyrus", "Dara"]

#: Every game with a table it seats.
TABLES = [
    ("hokm", FOUR), ("shelem", FOUR), ("shelem-two", ["Ana", "Bahram"]), ("qahve", FOUR),
    ("bi-del", ["Ana", "Bahram", "Cyrus"]), ("rim", ["Ana", "Bahram"]), ("shaytan", ["Ana", "Bahram", "Cyrus"]),
    ("bluff", ["Ana", "Bahram", "Cyrus", "Dara", "Ehsan"]),
]


def total(html: str, key: str) -> str:
    match = re.search(rf'data-testid="total-{key}">([^<]*)<', html)
    assert match, f"no total {key}"
    return match.group(1)


def role(html: str, name: str) -> str:
    match = re.search(rf'data-testid="{name}">([^<]*)<', html)
    assert match, f"no {name}"
    return match.group(1)


@pytest.mark.parametrize(("variant", "players"), TABLES, ids=[t[0] for t in TABLES])
def test_each_game_is_created_and_opens_its_hand_screen(client: FlaskClient, app: Flask, variant: str,
                                                        players: list[str]) -> None:
    response, token = create(client, variant, players)
    assert response.status_code == 303, text_of(response.get_data(as_text=True))[:400]
    assert response.headers["Location"].endswith("/share?new=1")
    # The core's entry /g/<token> serves the Persian hand screen.
    entry = client.get(f"/g/{token}")
    assert entry.status_code == 200
    assert 'data-testid="hand-form"' in entry.get_data(as_text=True)
    state = state_of(app, token)
    assert state.players == tuple(players)
    assert state.variant_id == variant


def test_the_core_pages_open_a_persian_game_at_the_entry_and_its_hand_screen_head(client: FlaskClient) -> None:
    _, token = create(client, "hokm", FOUR)
    entry = f'href="/g/{token}#hand-head"'
    share = client.get(f"/g/{token}/share").get_data(as_text=True)
    assert re.search(rf'{entry}[^>]*data-testid="start-deal"', share), share
    mine = client.get("/games").get_data(as_text=True)
    assert re.search(rf'{entry}[^>]*data-testid="resume"', mine), mine
    handover = client.get(f"/g/{token}/share/scorekeeper").get_data(as_text=True)
    assert re.search(rf'href="http://[^"/]+/g/{token}" data-testid="edit-url"', handover), handover
    assert 'id="hand-head"' in client.get(f"/g/{token}").get_data(as_text=True)


def test_the_rules_index_lists_the_persian_games_first_on_a_persian_page(client: FlaskClient) -> None:
    html = client.get("/rules").get_data(as_text=True)
    assert re.findall(r'data-testid="rules-family-(\w+)"', html) == ["rummy", "persian"]
    assert re.findall(r'href="/rules/([a-z-]+)" data-testid="rules-[a-z-]+">(?:Hokm|Hearts \(Bi-del\))<', html) == [
        "hokm", "bi-del"]
    for variant, _ in TABLES:
        assert f'href="/rules/{variant}"' in html
    client.get("/lang/fa?next=/rules")
    persian = client.get("/rules").get_data(as_text=True)
    assert re.findall(r'data-testid="rules-family-(\w+)"', persian) == ["persian", "rummy"]
    assert "<h2>بازی‌های ورق ایرانی</h2>" in persian
    assert 'data-testid="rules-hokm">حکم<' in persian


def test_each_persian_game_has_a_rules_card_without_a_game(client: FlaskClient) -> None:
    for variant, _ in TABLES:
        response = client.get(f"/rules/{variant}")
        assert response.status_code == 200, variant
        assert 'data-testid="rules-card"' in response.get_data(as_text=True)
    hokm = text_of(client.get("/rules/hokm").get_data(as_text=True))
    assert "the first team to win 2 rounds wins the match" in hokm  # the house rule's default: 2 rounds
    bidel = text_of(client.get("/rules/bi-del").get_data(as_text=True))
    assert "3 cards across" in bidel  # four players' passes, limit 300
    assert "Whoever reaches 300 loses" in bidel
    assert 'href="/rules">' in client.get("/rules/rim").get_data(as_text=True)  # back to the index
    assert client.get("/rules/poker").status_code == 404


def test_the_new_game_page_offers_the_games_options_and_the_teams(client: FlaskClient) -> None:
    html = client.get(f"{NEW}?variant=shelem").get_data(as_text=True)
    for target in ("1200", "660", "330"):
        assert f'data-testid="option-option_target-{target}"' in html
    assert 'name="option_all_pass_redeal"' in html
    assert 'data-testid="teams"' in html
    assert "Swap players 2 and 3" in html
    hokm = client.get(f"{NEW}?variant=hokm").get_data(as_text=True)
    assert "First ruler" in hokm
    assert all(f"option_rounds-{n}" in hokm for n in (1, 2, 3))
    qahve = client.get(f"{NEW}?variant=qahve").get_data(as_text=True)
    assert "option_target-501" in qahve
    assert "option_target-1001" in qahve


def test_swapping_seats_changes_the_partners_and_saves_nothing(client: FlaskClient) -> None:
    page = client.get(f"{NEW}?variant=hokm").get_data(as_text=True)
    data = hidden_fields(page)
    data.update({"variant": "hokm", "swap": "2"})
    data.update({f"players-{i}": name for i, name in enumerate(FOUR)})
    html = client.post(NEW, data=data).get_data(as_text=True)
    # Seats 2 and 3 swapped: Ana now partners Bahram, Cyrus partners Dara.
    assert 'value="Cyrus"' in html.split('data-testid="player-1"')[0].rsplit("<input", 1)[-1] or \
        re.search(r'name="players-1"[^>]*value="Cyrus"', html)
    assert "Ana</bdi> and <bdi>Bahram" in html


@pytest.mark.usefixtures("app")
def test_a_whole_hokm_match_to_sums_worked_out_by_hand(client: FlaskClient) -> None:
    # Teams: A = Ana & Cyrus, B = Bahram & Dara. Ana drew the highest card: she rules, Bahram (her right) deals.
    _, token = create(client, "hokm", FOUR, first="0", rounds="1")
    html = hand_page(client, token)
    assert role(html, "ruler") == "Ana"
    assert role(html, "dealer") == "Bahram"
    steps = [
        # (result, A, B, ruler after, dealer after)
        ("a:3", 1, 0, "Ana", "Bahram"),     # the ruler's team wins: 1, the ruler stays
        ("b:0", 1, 3, "Bahram", "Cyrus"),   # the other team 7-0: ruler's kot, 3; the rule passes right
        ("b:0", 1, 5, "Bahram", "Cyrus"),   # now B rules: its 7-0 is a kot, 2
        ("a:5", 2, 5, "Cyrus", "Dara"),     # A wins: 1, the rule passes to Cyrus
        ("b:6", 2, 6, "Dara", "Ana"),       # B wins: 1, to Dara
    ]
    for result, a, b, ruler, dealer in steps:
        response = play(client, token, {"result": result})
        assert response.status_code == 303
        html = hand_page(client, token)
        assert (total(html, "a"), total(html, "b")) == (str(a), str(b)), result
        assert (role(html, "ruler"), role(html, "dealer")) == (ruler, dealer), result
    # B's 7th point wins the round, and with one round to win, the match.
    response = play(client, token, {"result": "b:2"})
    assert response.status_code == 303
    assert response.headers["Location"].endswith("/scores")
    sheet = client.get(f"/g/{token}/scores").get_data(as_text=True)
    assert "Bahram &amp; Dara won the game." in sheet
    assert sheet.count('data-testid="sheet-row-') == 6
    assert "ruler’s kot" in sheet
    assert ">kot<" not in sheet.replace("+2 kot", "")


def test_a_bam_ends_the_match(client: FlaskClient) -> None:
    _, token = create(client, "hokm", FOUR, first="0")
    play(client, token, {"result": "b:bam"})
    sheet = client.get(f"/g/{token}/scores").get_data(as_text=True)
    assert "Bahram &amp; Dara won the game." in sheet
    assert "bam" in sheet


def shelem_hand(ruler: int, bid: int, points: int) -> dict[str, str]:
    return {"ruler": str(ruler), "bid": str(bid), "points": str(points), "record": "1"}


def test_the_sources_shelem_example_ends_at_the_rules_totals(client: FlaskClient) -> None:
    # docs/table-games.md §2: bids 135, 125, 150, 135; points 130, 150, a shelem, 135: A/C −135, −120, 210, 240
    # and B/D 35, 185, 185, 320. The rulers: Ana (A), Bahram (B), Cyrus (A), Dara (B).
    _, token = create(client, "shelem", FOUR, first="0")
    expected = [(0, 135, 130, "-135", "35"), (1, 125, 150, "-120", "185"), (2, 150, 165, "210", "185"),
                (3, 135, 135, "240", "320")]
    for ruler, bid, points, a, b in expected:
        assert play(client, token, shelem_hand(ruler, bid, points)).status_code == 303
        html = hand_page(client, token)
        assert (total(html, "a"), total(html, "b")) == (a, b)
    sheet = client.get(f"/g/{token}/scores").get_data(as_text=True)
    assert re.search(r'data-testid="bid-3">\s*(<bdi>)?150 C', sheet)
    # A line after the first full turn of dealers (four deals).
    assert re.search(r'class="line-after[^"]*" data-testid="sheet-row-4"', sheet)


def test_a_refused_hand_shows_the_rules_reasons_and_saves_nothing(client: FlaskClient, app: Flask) -> None:
    _, token = create(client, "shelem", FOUR, first="0")
    seq = state_of(app, token).seq
    response = play(client, token, shelem_hand(0, 95, 0))
    assert response.status_code == 422
    text = text_of(response.get_data(as_text=True))
    assert "bids go from 100 to 165" in text
    assert "takes 5 to 165" in text
    assert state_of(app, token).seq == seq
    # The choices sent are shown again.
    assert 'value="0" checked' in response.get_data(as_text=True)


def test_a_refusal_is_said_in_the_pages_language(client: FlaskClient) -> None:
    _, token = create(client, "qahve", FOUR, first="0")
    client.set_cookie("lang", "fa")
    fields = {f"bids-{seat}": "3" for seat in range(4)}
    fields.update({"tricks": "6", "record": "1"})
    fields["bids-0"] = "1"
    response = play(client, token, fields)
    assert response.status_code == 422
    assert 'lang="fa"' in response.get_data(as_text=True)
    assert "دست" in text_of(response.get_data(as_text=True))


def test_a_stale_hand_number_is_refused(client: FlaskClient, app: Flask) -> None:
    _, token = create(client, "hokm", FOUR, first="0")
    old_page = hand_page(client, token)
    play(client, token, {"result": "a:3"})
    seq = state_of(app, token).seq
    response = play(client, token, {"result": "b:3"}, page=old_page)
    assert response.status_code == 303
    assert state_of(app, token).seq == seq
    assert "Someone else changed the game" in hand_page(client, token)


def test_undo_and_redo_a_hand(client: FlaskClient) -> None:
    _, token = create(client, "hokm", FOUR, first="0")
    play(client, token, {"result": "b:0"})
    html = hand_page(client, token)
    assert total(html, "b") == "3"
    data = hidden_fields(html.split('data-testid="undo"')[0].rsplit("<form", 1)[1])
    response = client.post(f"/g/{token}/hand/undo", data=data)
    assert response.status_code == 303
    html = hand_page(client, token)
    assert total(html, "b") == "0"
    assert role(html, "ruler") == "Ana"
    sheet = client.get(f"/g/{token}/scores").get_data(as_text=True)
    redo = hidden_fields(sheet.split('data-testid="redo"')[0].rsplit("<form", 1)[1])
    assert client.post(f"/g/{token}/hand/undo", data=redo).status_code == 303
    assert total(hand_page(client, token), "b") == "3"


def test_correcting_a_past_hand(client: FlaskClient) -> None:
    _, token = create(client, "hokm", FOUR, first="0")
    play(client, token, {"result": "a:3"})
    play(client, token, {"result": "a:4"})
    page = client.get(f"/g/{token}/hands/1/correct").get_data(as_text=True)
    data = hidden_fields(page)
    data["result"] = "a:0"  # it was a kot: 2, not 1
    response = client.post(f"/g/{token}/hands/1/correct", data=data)
    assert response.status_code == 303
    assert total(hand_page(client, token), "a") == "3"


def test_the_viewer_shows_the_totals_and_the_sheet(client: FlaskClient, app: Flask) -> None:
    _, token = create(client, "shelem", FOUR, first="0")
    play(client, token, shelem_hand(1, 120, 125))
    view_token = state_of(app, token) and re.search(r"/v/([A-Za-z0-9_-]+)",
                                                    client.get(f"/g/{token}/share").get_data(as_text=True))
    assert view_token
    board = client.get(f"/v/{view_token.group(1)}").get_data(as_text=True)
    assert 'data-testid="board-total-b">125<' in board
    assert 'data-testid="board-total-a">40<' in board


@pytest.mark.parametrize("fields", [
    {"result": "a:99"}, {"result": "c:1"}, {"result": "a:-1"}, {"result": "x" * 5000}, {"hand": "abc"},
    {"expected_seq": "999999999999"}, {"result": "a:۳"}, {"result": "a:3\x00"}, {"idempotency_key": "<script>"},
], ids=lambda f: next(iter(f)) + "=" + next(iter(f.values()))[:12])
def test_hostile_hokm_input_is_refused_without_a_500(client: FlaskClient, app: Flask, fields: dict[str, str]) -> None:
    _, token = create(client, "hokm", FOUR, first="0")
    seq = state_of(app, token).seq
    response = play(client, token, fields)
    assert response.status_code in (303, 400, 422)
    if fields.get("result") not in ("a:۳", "a:3\x00"):  # Persian digits are digits; a NUL is dropped: 7–3
        assert state_of(app, token).seq == seq


@pytest.mark.parametrize("fields", [
    {"ruler": "9", "bid": "100", "points": "50"}, {"ruler": "0", "bid": "1e3", "points": "50"},
    {"ruler": "0", "bid": "100", "points": "-5"}, {"bidding": "100 banana"}, {"bidding": "pass " * 40},
    {"all_passed": "y", "ruler": "0"},
])
def test_hostile_shelem_input_is_refused_without_a_500(client: FlaskClient, fields: dict[str, str]) -> None:
    _, token = create(client, "shelem", FOUR, first="0")
    response = play(client, token, {**fields, "record": "1"})
    assert response.status_code in (303, 422)


def test_creation_refuses_a_blank_name_and_a_duplicate_and_saves_nothing(client: FlaskClient) -> None:
    response, token = create(client, "hokm", ["Ana", "", "Cyrus", "Dara"])
    assert response.status_code == 422
    assert not token
    response, token = create(client, "hokm", ["Ana", "Ana", "Cyrus", "Dara"])
    assert response.status_code == 422
    assert not token
    assert "Ana has two seats at the table" in text_of(response.get_data(as_text=True))
    response, token = create(client, "hokm", FOUR, rounds="7")
    assert response.status_code == 422
    assert not token


def test_another_familys_token_is_not_a_persian_game(client: FlaskClient) -> None:
    assert client.get("/g/" + "x" * 43 + "/hand").status_code == 404


def test_qahve_hands_to_sums_worked_out_by_hand(client: FlaskClient) -> None:
    # docs/table-games.md §3: made → 10 × bid + 1 a trick over; short → −10 × bid.
    _, token = create(client, "qahve", FOUR, first="0")
    html = hand_page(client, token)
    assert role(html, "dealer") == "Ana"
    assert role(html, "first-bidder") == "Bahram"
    fields = {"bids-0": "3", "bids-1": "2", "bids-2": "3", "bids-3": "4", "tricks": "8", "record": "1"}
    assert play(client, token, fields).status_code == 303
    html = hand_page(client, token)
    # A bid 6 and took 8: 62. B bid 6 and took 5: −60.
    assert (total(html, "a"), total(html, "b")) == ("62", "-60")
    # A leads: the deal passed on to Ana's right.
    assert role(html, "dealer") == "Bahram"


def test_bi_del_hearts_on_pills_and_the_moon(client: FlaskClient) -> None:
    _, token = create(client, "bi-del", ["Ana", "Bahram", "Cyrus", "Dara"], first="0")
    html = hand_page(client, token)
    assert role(html, "passing") == "3 cards to the right"
    # Hearts 5, 0, 8, 0 (the zeros are already chosen), Q♠ to Dara: 5, 0, 8, 13.
    assert play(client, token, {"hearts-0": "5", "hearts-2": "8", "queen": "3", "record": "1"}).status_code == 303
    html = hand_page(client, token)
    assert [total(html, str(seat)) for seat in range(4)] == ["5", "0", "8", "13"]
    assert role(html, "passing") == "3 cards to the left"
    # Bahram shoots the moon: 26 to every other player.
    assert play(client, token, {"hearts-1": "13", "queen": "1", "record": "1"}).status_code == 303
    html = hand_page(client, token)
    assert [total(html, str(seat)) for seat in range(4)] == ["31", "0", "34", "39"]
    # Hearts that do not add up to 13: refused, in words.
    response = play(client, token, {"hearts-0": "5", "queen": "0", "record": "1"})
    assert response.status_code == 422
    assert "the hearts add up to 5" in text_of(response.get_data(as_text=True))


def test_rim_the_losers_cards_count_for_the_winner(client: FlaskClient) -> None:
    _, token = create(client, "rim", ["Ana", "Bahram"], first="0")
    # Bahram goes out; Ana holds A K 5 J: 14 + 13 + 5 + 10 = 42 (docs/table-games.md §5).
    assert play(client, token, {"winner": "1", "cards": "AS KH 5D JC", "record": "1"}).status_code == 303
    html = hand_page(client, token)
    assert (total(html, "0"), total(html, "1")) == ("0", "42")
    response = play(client, token, {"winner": "0", "cards": "AS AS 5D", "record": "1"})
    assert response.status_code == 422
    assert "there twice" in text_of(response.get_data(as_text=True))
    assert play(client, token, {"stock_out": "y"}).status_code == 303
    assert (total(hand_page(client, token), "1")) == "42"


@pytest.mark.parametrize("variant", ["shaytan", "bluff"])
def test_a_tally_game_is_one_tap_a_hand(client: FlaskClient, variant: str) -> None:
    _, token = create(client, variant, ["Ana", "Bahram", "Cyrus"], first="0")
    for name in ("Bahram", "Bahram", "Cyrus"):
        assert play(client, token, {"player": name}).status_code == 303
    html = hand_page(client, token)
    assert [total(html, str(seat)) for seat in range(3)] == ["0", "2", "1"]


def test_the_chooser_lists_the_persian_games_first_on_a_persian_page(client: FlaskClient) -> None:
    english = client.get("/games/new").get_data(as_text=True)
    assert english.index('data-testid="create-game"') < english.index('data-testid="family-persian"')
    client.set_cookie("lang", "fa")
    persian = client.get("/games/new").get_data(as_text=True)
    assert persian.index('data-testid="family-persian"') < persian.index('data-testid="create-game"')
    assert "حکم" in persian
    assert "شلم" in persian
    assert "بی‌دل" in persian


@pytest.mark.usefixtures("app")
def test_the_exported_file_replays_with_referee_tally(client: FlaskClient, tmp_path: object) -> None:
    _, token = create(client, "hokm", FOUR, first="0", rounds="1")
    for result in ("a:3", "b:0", "b:0", "a:5", "b:6", "b:2"):
        play(client, token, {"result": result})
    response = client.get(f"/g/{token}/scores.json")
    assert response.status_code == 200
    assert "attachment" in response.headers["Content-Disposition"]
    path = tmp_path / "hokm.json"  # type: ignore[operator]
    path.write_bytes(response.get_data())
    result = CliRunner().invoke(main, ["tally", str(path)])
    assert result.exit_code == 0, result.output
    assert "Bahram" in result.output
    assert "Dara" in result.output


def test_a_rematch_keeps_the_players_and_follows_from_the_old_game(client: FlaskClient, app: Flask) -> None:
    _, token = create(client, "hokm", FOUR, first="0")
    play(client, token, {"result": "a:bam"})
    sheet = client.get(f"/g/{token}/scores").get_data(as_text=True)
    link = re.search(r'href="([^"]*rematch=[^"]*)"', sheet)
    assert link
    url = link.group(1).replace("&amp;", "&")
    page = client.get(url).get_data(as_text=True)
    assert all(f'value="{name}"' in page for name in FOUR)
    data = hidden_fields(page)
    data.update({"variant": "hokm", "first": "1", "create": "1"})
    data.update({f"players-{i}": name for i, name in enumerate(FOUR)})
    action = re.search(r'<form method="post" action="([^"]+)" class="new-game"', page)
    assert action
    assert "rematch=" in action.group(1)
    response = client.post(action.group(1).replace("&amp;", "&"), data=data)
    assert response.status_code == 303
    new_token = re.match(r"/g/([^/?]+)", response.headers["Location"])
    assert new_token
    assert state_of(app, new_token.group(1)).ruler == "Bahram"


def test_shelem_everyone_passed_is_one_tap_and_the_whole_bidding_may_be_typed(client: FlaskClient) -> None:
    _, token = create(client, "shelem", FOUR, first="0")
    assert play(client, token, {"all_passed": "y"}).status_code == 303
    html = hand_page(client, token)
    # House rule (default on): the same dealer deals again, nothing scored.
    assert role(html, "dealer") == "Ana"
    assert (total(html, "a"), total(html, "b")) == ("0", "0")
    # Bahram bids first: Bahram 100, Cyrus 105, Dara pass, Ana pass, Bahram 110, Cyrus pass: Bahram rules at 110.
    fields = {"bidding": "100 105 pass pass 110 pass", "points": "120", "record": "1"}
    assert play(client, token, fields).status_code == 303
    html = hand_page(client, token)
    assert (total(html, "a"), total(html, "b")) == ("45", "120")
    # A bidding that does not end is refused in words, and nothing is saved.
    response = play(client, token, {"bidding": "100 105", "points": "120", "record": "1"})
    assert response.status_code == 422
    assert "the bidding is not over" in text_of(response.get_data(as_text=True))


def test_shelem_for_two_keeps_each_players_total(client: FlaskClient) -> None:
    _, token = create(client, "shelem-two", ["Ana", "Bahram"], first="0")
    html = hand_page(client, token)
    assert role(html, "dealer") == "Ana"
    assert role(html, "first-bidder") == "Bahram"
    assert 'data-testid="all-passed"' not in html  # one pass ends the bidding (docs/table-games.md §2.6)
    # Bahram bids 120 and takes 130: +130; Ana took the other 35.
    assert play(client, token, shelem_hand(1, 120, 130)).status_code == 303
    html = hand_page(client, token)
    assert (total(html, "0"), total(html, "1")) == ("35", "130")
    assert role(html, "dealer") == "Bahram"
