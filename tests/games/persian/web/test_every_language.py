"""Every Persian game, start to finish, in every language the app speaks: each game is created and played to its
end over HTTP in English, Spanish, Persian and Japanese; every screen of it (the hand screen, the sheet, the
viewer, the rules card, the new-game form) answers in the page's language and direction, says who won in that
language, and shows no English sentence a non-English table would have to read."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.tiers import matrix

from .helpers import NEW, create, hand_page, hidden_fields, play, state_of

FOUR = ["Ana", "Bahram", "Cyrus", "Dara"]
LANGUAGES = ["en", "es", "fa", "ja"]
#: The winner's line in each language (the sheet says it in the page's words; names stay as typed).
WON = {"en": "won the game", "es": "gan", "fa": "بازی را برد", "ja": "の勝ちです"}


def end_now(client: FlaskClient, token: str) -> None:
    """The scorekeeper's "End the game now" (how a tally game's session ends)."""
    page = hand_page(client, token)
    head, _, _ = page.partition('data-testid="end-game"')
    assert client.post(f"/g/{token}/hand/end", data={**hidden_fields(head.rsplit("<form", 1)[1]),
                                                     "reason": ""}).status_code == 303


def hokm(client: FlaskClient) -> tuple[str, tuple[str, ...]]:
    _, token = create(client, "hokm", FOUR, first="0", rounds="1")
    assert play(client, token, {"result": "a:3"}).status_code == 303
    assert play(client, token, {"result": "b:bam"}).status_code == 303  # a bam wins the whole match
    return token, ("Bahram", "Dara")


def shelem(client: FlaskClient) -> tuple[str, tuple[str, ...]]:
    _, token = create(client, "shelem", FOUR, first="0", target="330")
    # Ana's team bids 100 and makes 130: +130. Bahram's team bids 105 and takes all 165, a shelem: +330.
    assert play(client, token, {"ruler": "0", "bid": "100", "points": "130", "record": "1"}).status_code == 303
    assert play(client, token, {"ruler": "1", "bid": "105", "points": "165", "record": "1"}).status_code == 303
    return token, ("Bahram", "Dara")


def shelem_two(client: FlaskClient) -> tuple[str, tuple[str, ...]]:
    _, token = create(client, "shelem-two", ["Ana", "Bahram"], first="0", target="330")
    assert play(client, token, {"ruler": "0", "bid": "100", "points": "165", "record": "1"}).status_code == 303
    return token, ("Ana",)


def qahve(client: FlaskClient) -> tuple[str, tuple[str, ...]]:
    _, token = create(client, "qahve", FOUR, first="0", target="501")
    # Ana's team bids 12 and takes all 13 tricks five times: +121 each, 605; Bahram's team −40 each.
    for _ in range(5):
        fields = {"bids-0": "6", "bids-1": "2", "bids-2": "6", "bids-3": "2", "tricks": "13", "record": "1"}
        assert play(client, token, fields).status_code == 303
    return token, ("Ana", "Cyrus")


def bi_del(client: FlaskClient) -> tuple[str, tuple[str, ...]]:
    _, token = create(client, "bi-del", ["Ana", "Bahram", "Cyrus"], first="0", limit="100")
    # Ana shoots the moon four times: 26 to each other player a hand, 104 past the limit; the lowest (Ana) wins.
    for _ in range(4):
        assert play(client, token, {"hearts-0": "13", "queen": "0", "record": "1"}).status_code == 303
    return token, ("Ana",)


def rim(client: FlaskClient) -> tuple[str, tuple[str, ...]]:
    _, token = create(client, "rim", ["Ana", "Bahram"], first="0", target="50")
    # Bahram goes out twice: Ana's A K 5 J (42), then 4 5 (9): 51, past 50.
    assert play(client, token, {"winner": "1", "cards": "AS KH 5D JC", "record": "1"}).status_code == 303
    assert play(client, token, {"winner": "1", "cards": "4S 5S", "record": "1"}).status_code == 303
    return token, ("Bahram",)


def tally(variant: str) -> Callable[[FlaskClient], tuple[str, tuple[str, ...]]]:
    def game(client: FlaskClient) -> tuple[str, tuple[str, ...]]:
        _, token = create(client, variant, ["Ana", "Bahram", "Cyrus"], first="0")
        for name in ("Bahram", "Cyrus", "Bahram"):
            assert play(client, token, {"player": name}).status_code == 303
        end_now(client, token)
        # Shaytan: who is left with the joker loses the hand, so the fewest (Ana's none) lead; Bluff: the most.
        return token, ("Ana",) if variant == "shaytan" else ("Bahram",)

    return game


GAMES: dict[str, Callable[[FlaskClient], tuple[str, tuple[str, ...]]]] = {
    "hokm": hokm, "shelem": shelem, "shelem-two": shelem_two, "qahve": qahve, "bi-del": bi_del, "rim": rim,
    "shaytan": tally("shaytan"), "bluff": tally("bluff"),
}


#: Who sits at each game's table (its first hand screen, before anything is played).
SEATS = {"shelem-two": ["Ana", "Bahram"], "rim": ["Ana", "Bahram"], "bi-del": ["Ana", "Bahram", "Cyrus"],
         "shaytan": ["Ana", "Bahram", "Cyrus"], "bluff": ["Ana", "Bahram", "Cyrus"]}


def first_hand(client: FlaskClient, variant: str) -> str:
    """The hand screen of a new game of ``variant``, before its first hand."""
    _, token = create(client, variant, SEATS.get(variant, FOUR), first="0")
    return hand_page(client, token)


def screens(client: FlaskClient, token: str, variant: str) -> dict[str, str]:
    """Every screen of a game that has ended: the sheet, the viewer, the rules card and the new-game form."""
    sheet = client.get(f"/g/{token}/scores")
    assert sheet.status_code == 200
    html = sheet.get_data(as_text=True)
    view = re.search(r'href="(?:[^"]*)/v/([^"/?]+)', client.get(f"/g/{token}/share").get_data(as_text=True))
    assert view, "the share page links the viewer"
    rules = re.search(r'href="([^"]+)" data-testid="rules-link"', html)
    assert rules, "the sheet links the rules card"
    pages = {"sheet": html, "viewer": client.get(f"/v/{view.group(1)}").get_data(as_text=True),
             "rules card": client.get(rules.group(1)).get_data(as_text=True),
             "new game": client.get(f"{NEW}?variant={variant}").get_data(as_text=True)}
    return pages


def sentences(html: str) -> set[str]:
    """The page's English-looking sentences: text between tags with at least two words of Latin letters."""
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    found = set()
    for text in re.findall(r">([^<]+)<", html):
        text = " ".join(text.split())
        if len(re.findall(r"\b[A-Za-z]{3,}\b", text)) >= 2:
            found.add(text)
    return found


# The quick run plays each game once and each language at least once (tests/tiers.py); the full run every pair.
@pytest.mark.parametrize(("variant", "lang"), matrix(list(GAMES), LANGUAGES))
def test_each_game_is_played_to_its_end_in_each_language(client: FlaskClient, app: Flask, variant: str,
                                                         lang: str) -> None:
    names = set(FOUR) | {"Ehsan"}
    english: dict[str, set[str]] = {}
    if lang != "en":  # the same game in English first: what a page in another language must not say
        token, _ = GAMES[variant](client)
        english = {name: sentences(page) for name, page in screens(client, token, variant).items()}
        english["hand"] = sentences(first_hand(client, variant))
    client.set_cookie("lang", lang)
    hand = first_hand(client, variant)
    token, winners = GAMES[variant](client)
    state = state_of(app, token)
    assert state.is_over
    assert tuple(state.winners) == winners
    for name, page in {**screens(client, token, variant), "hand": hand}.items():
        assert f'lang="{lang}"' in page, name
        assert ('dir="rtl"' in page) == (lang == "fa"), name
        if lang != "en":
            leaked = {text for text in sentences(page) & english[name]
                      if not set(re.findall(r"[A-Za-z]+", text)) <= names | {"A", "B", "amp"}}
            assert not leaked, (name, leaked)
    sheet = screens(client, token, variant)["sheet"]
    winner = re.search(r'data-testid="winner"[^>]*>(.*?)</', sheet, flags=re.S)
    assert winner, winner
    assert WON[lang] in winner.group(1), winner
    for name in winners:
        assert name in winner.group(1)
