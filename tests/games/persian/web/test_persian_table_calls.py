"""The table's calls beside the hands, over HTTP: a misdeal, ending a game (a tally game's session; any game
stopped), a player renamed; the sheet printed and shared as text; the family's file exported, restored as a new
game and replayed by ``referee tally`` (exit 0, 1 when the rules forbid it, 2 when it cannot be read)."""

from __future__ import annotations

import html
import io
import json
import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from flask import Flask
from flask.testing import FlaskClient

from referee.cli import main
from referee.games.persian.web.table import tools_of

from .helpers import create, hand_page, hidden_fields, play, state_of, text_of

#: The modules of referee/ this file tests (tests/test_layout.py).
TESTED = ("referee.games.persian.web.table",)

FOUR = ["Ana", "Bahram", "Cyrus", "Dara"]


def form_of(html: str, testid: str) -> dict[str, str]:
    """The hidden fields of the form holding the element ``testid`` (what a tap on its button posts)."""
    head, _, _tail = html.partition(f'data-testid="{testid}"')
    return hidden_fields(head.rsplit("<form", 1)[1])


def post_from(client: FlaskClient, token: str, page: str, testid: str, url: str, **fields: str) -> Any:
    return client.post(f"/g/{token}{url}", data={**form_of(page, testid), **fields})


def test_a_misdeal_deals_the_same_hand_again_and_scores_nothing(client: FlaskClient, app: Flask) -> None:
    _, token = create(client, "hokm", FOUR, first="0")
    play(client, token, {"result": "a:3"})
    before = state_of(app, token)
    page = hand_page(client, token)
    response = post_from(client, token, page, "redeal", "/hand/redeal")
    assert response.status_code == 303
    after = state_of(app, token)
    assert after.seq == before.seq + 1
    assert after.redeals == (2,)
    assert after.hand_number == 2
    assert after.dealer == before.dealer == "Bahram"
    assert after.totals == (1, 0)
    assert "Hand 2 is dealt again by Bahram: nothing scored." in hand_page(client, token)
    # The same page's button again: its seq is stale, so nothing more is saved.
    assert post_from(client, token, page, "redeal", "/hand/redeal").status_code == 303
    assert state_of(app, token).seq == after.seq
    assert "Someone else changed the game" in hand_page(client, token)


def test_a_tally_games_session_ends_when_the_scorekeeper_says(client: FlaskClient, app: Flask) -> None:
    _, token = create(client, "bluff", ["Ana", "Bahram", "Cyrus"], first="0")
    for name in ("Bahram", "Cyrus", "Bahram"):
        play(client, token, {"player": name})
    page = hand_page(client, token)
    assert "whoever leads the sheet wins" in text_of(page)
    with app.test_request_context("/"):
        tools = tools_of(state_of(app, token))  # the calls offered under hand 4's entry
        assert tools is not None
        assert tools.leaders_win
        assert tools.end.hand.data == tools.redeal.hand.data == "4"
    response = post_from(client, token, page, "end-game", "/hand/end", reason="")
    assert response.status_code == 303
    assert response.headers["Location"].endswith("/scores")
    state = state_of(app, token)
    assert state.is_over
    assert state.winners == ("Bahram",)
    assert state.totals == (0, 2, 1)
    assert tools_of(state) is None  # nothing more to call once the game is over
    sheet = text_of(client.get(f"/g/{token}/scores").get_data(as_text=True))
    assert "Bahram won the game." in sheet
    # No hand after the end: the hand screen goes to the sheet, and a hand posted from the old page saves nothing.
    assert client.get(f"/g/{token}/hand").status_code == 303
    assert play(client, token, {"player": "Ana"}, page=page).status_code == 303
    assert state_of(app, token).seq == state.seq


def test_any_game_may_be_stopped_without_a_winner_and_undo_reopens_it(client: FlaskClient, app: Flask) -> None:
    _, token = create(client, "shelem", FOUR, first="0")
    page = hand_page(client, token)
    assert "nobody wins it" in text_of(page)
    with app.test_request_context("/"):
        tools = tools_of(state_of(app, token))
        assert tools is not None  # Shelem has a target: ending it, nobody wins
        assert not tools.leaders_win
    post_from(client, token, page, "end-game", "/hand/end", reason="  time   for dinner ")
    state = state_of(app, token)
    assert state.is_over
    assert state.winners == ()
    assert state.ended == "time for dinner"
    sheet = client.get(f"/g/{token}/scores").get_data(as_text=True)
    assert "The game was ended before anyone won it: time for dinner" in text_of(sheet)
    assert post_from(client, token, sheet, "undo", "/hand/undo").status_code == 303
    assert not state_of(app, token).is_over
    assert 'data-testid="hand-form"' in hand_page(client, token)


def test_a_player_renamed_keeps_the_seat_and_the_score(client: FlaskClient, app: Flask) -> None:
    _, token = create(client, "hokm", FOUR, first="0")
    play(client, token, {"result": "b:0"})
    page = client.get(f"/g/{token}/hand/names").get_data(as_text=True)
    response = post_from(client, token, page, "rename-1", "/hand/names", new="  Bahram  Jan ")
    assert response.status_code == 303
    state = state_of(app, token)
    assert state.players == ("Ana", "Bahram Jan", "Cyrus", "Dara")
    assert state.totals == (0, 3)
    assert "Bahram is now called Bahram Jan." in text_of(client.get(f"/g/{token}/hand/names").get_data(as_text=True))
    assert 'data-testid="ruler">Bahram Jan<' in hand_page(client, token)


@pytest.mark.parametrize(("new", "reason"), [
    ("Cyrus", "Cyrus is already playing in this game"),
    ("   ", "Type the new name."),
    ("x" * 41, "A name has at most 40 characters."),
], ids=["taken", "blank", "too-long"])
def test_a_refused_rename_says_why_and_saves_nothing(client: FlaskClient, app: Flask, new: str, reason: str) -> None:
    _, token = create(client, "hokm", FOUR, first="0")
    seq = state_of(app, token).seq
    page = client.get(f"/g/{token}/hand/names").get_data(as_text=True)
    response = post_from(client, token, page, "rename-0", "/hand/names", new=new)
    assert response.status_code == 422
    assert reason in text_of(response.get_data(as_text=True))
    assert state_of(app, token).seq == seq
    assert state_of(app, token).players == tuple(FOUR)
    # The refused name's field says so to a screen reader, as on the rummy names screen.
    assert 'id="new-0" value="' in response.get_data(as_text=True)
    assert re.search(r'id="new-0"[^>]*aria-invalid="true"', response.get_data(as_text=True))


def test_a_refusal_is_said_in_persian_on_a_persian_page(client: FlaskClient, app: Flask) -> None:
    client.set_cookie("lang", "fa")
    _, token = create(client, "hokm", FOUR, first="0")
    page = client.get(f"/g/{token}/hand/names").get_data(as_text=True)
    response = post_from(client, token, page, "rename-0", "/hand/names", new="Dara")
    assert response.status_code == 422
    said = text_of(response.get_data(as_text=True))
    assert "Dara" in said
    assert "already playing" not in said
    assert "بازی" in said
    assert state_of(app, token).players == tuple(FOUR)


def test_the_sheet_is_shared_as_text_and_printed(client: FlaskClient) -> None:
    _, token = create(client, "shelem", FOUR, first="0")
    play(client, token, {"ruler": "1", "bid": "120", "points": "125"})
    sheet = client.get(f"/g/{token}/scores").get_data(as_text=True)
    shared = re.search(r'data-testid="share-text"[^>]*>([^<]*)<', sheet)
    assert shared
    # B's bid of 120 made with 125; A took the other 40 of 165.
    assert html.unescape(shared.group(1)).splitlines()[2:] == ["1 | 40 | 120 B | 125", "", "Ana & Cyrus: 40",
                                                               "Bahram & Dara: 125"]
    assert 'data-testid="share-print"' in sheet
    assert 'data-testid="share-copy"' in sheet


def _hokm_file(client: FlaskClient) -> tuple[str, dict[str, Any]]:
    """A whole Hokm match (one round) played over HTTP, and its exported file."""
    _, token = create(client, "hokm", FOUR, first="0", rounds="1")
    for result in ("a:3", "b:0", "b:0", "a:5", "b:6", "b:2"):
        play(client, token, {"result": result})
    sheet = client.get(f"/g/{token}/scores").get_data(as_text=True)
    link = re.search(r'href="([^"]+)" data-testid="export-json"', sheet)
    assert link
    response = client.get(link.group(1))
    assert response.status_code == 200
    assert "attachment" in response.headers["Content-Disposition"]
    return token, json.loads(response.get_data(as_text=True))


def upload(client: FlaskClient, content: bytes) -> Any:
    fields = hidden_fields(client.get("/games/restore").get_data(as_text=True))
    return client.post("/games/restore", data={**fields, "game_file": (io.BytesIO(content), "game.json")},
                       content_type="multipart/form-data")


def test_the_file_comes_back_through_restore_as_a_new_game(client: FlaskClient, app: Flask) -> None:
    token, data = _hokm_file(client)
    response = upload(client, json.dumps(data).encode())
    assert response.status_code == 303
    match = re.match(r"/g/([^/]+)/share", response.headers["Location"])
    assert match
    assert match.group(1) != token
    original, restored = state_of(app, token), state_of(app, match.group(1))
    # B's 7 points (3 + 2 + 1 + 1) against A's 2 (1 + 1): B won the round and the match.
    assert restored.totals == original.totals
    assert restored.score.rounds_won == (0, 1)
    assert restored.winners == original.winners == ("Bahram", "Dara")
    # A hand the rules forbid (a team cannot lose with 9 tricks): refused with the reason, nothing saved.
    data["hands"][0]["losers_tricks"] = 9
    refused = upload(client, json.dumps(data).encode())
    assert refused.status_code == 422
    assert "The rules refuse this game as the file tells it" in text_of(refused.get_data(as_text=True))


def test_referee_tally_replays_the_exported_file(client: FlaskClient, tmp_path: Path) -> None:
    _, data = _hokm_file(client)
    path = tmp_path / "hokm.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    ok = CliRunner().invoke(main, ["tally", str(path)])
    assert ok.exit_code == 0, ok.output
    assert "Bahram" in ok.output
    assert "Dara" in ok.output
    data["hands"][0]["losers_tricks"] = 9
    path.write_text(json.dumps(data), encoding="utf-8")
    forbidden = CliRunner().invoke(main, ["tally", str(path)])
    assert forbidden.exit_code == 1, forbidden.output
    path.write_text('{"format": "referee-table-game/1", "game": ', encoding="utf-8")
    unreadable = CliRunner().invoke(main, ["tally", str(path)])
    assert unreadable.exit_code == 2, unreadable.output


#: What each game's rules card must say (its words as the table argues them, the numbers from the rules' data).
CARDS = [
    ("hokm", FOUR, ["a kot (7–0 to the ruler’s team) 2", "a ruler’s kot (7–0 against the ruler) 3", "bam"]),
    ("shelem", FOUR, ["Bids from 100 to 165 in steps of 5", "Yasa (80 or less taken): -165",
                      "Shelem (all 165): 330", "The first to 1200 wins."]),
    ("qahve", FOUR, ["at least 2 tricks", "10 a trick bid and 1 a trick over", "The first to 501 wins."]),
    ("bi-del", ["Ana", "Bahram", "Cyrus"], ["Q♠ 13", "26 to each other player",
                                            "3 cards to the right, 3 cards to the left, no passing this hand"]),
    ("rim", ["Ana", "Bahram"], ["A 14, K 13, Q 12, J 10", "never K–A–2", "The first to 100 wins."]),
    ("shaytan", ["Ana", "Bahram", "Cyrus"], ["Who was left with the joker?", "whoever leads the sheet wins"]),
]


@pytest.mark.parametrize(("variant", "players", "said"), CARDS, ids=[c[0] for c in CARDS])
def test_the_rules_card_says_what_the_table_argues_about(client: FlaskClient, variant: str, players: list[str],
                                                         said: list[str]) -> None:
    _, token = create(client, variant, players, first="0")
    sheet = client.get(f"/g/{token}/scores").get_data(as_text=True)
    link = re.search(r'href="([^"]+)" data-testid="rules-link"', sheet)
    assert link
    card = text_of(client.get(link.group(1)).get_data(as_text=True))
    for words in said:
        assert words in card


def test_the_rules_card_in_persian_uses_the_games_words(client: FlaskClient) -> None:
    client.set_cookie("lang", "fa")
    _, token = create(client, "shelem", FOUR, first="0")
    sheet = client.get(f"/g/{token}/scores").get_data(as_text=True)
    link = re.search(r'href="([^"]+)" data-testid="rules-link"', sheet)
    assert link
    card = text_of(client.get(link.group(1)).get_data(as_text=True))
    assert "یاسا" in card
    assert "شلم" in card
    assert "۱۶۵" in card
