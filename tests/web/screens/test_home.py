"""The home page, rendered without a browser."""

from __future__ import annotations

from flask.testing import FlaskClient


def test_home_says_what_referee_is(client: FlaskClient) -> None:
    response = client.get("/")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert '<meta name="viewport"' in page
    assert "Score-keeper and referee for contract rummy" in page
    for game in ("Telefunken", "Farmer's Rummy", "Shanghai", "Progressive Rummy"):
        assert game in page
    assert 'rel="icon" type="image/svg+xml" href="data:' in page


def test_home_leads_to_a_new_game(client: FlaskClient) -> None:
    page = client.get("/").get_data(as_text=True)
    assert 'href="/games/new"' in page
    assert client.get("/games/new").status_code == 200


def test_stylesheet_served(client: FlaskClient) -> None:
    response = client.get("/static/css/app.css")
    assert response.status_code == 200
    assert "prefers-color-scheme: dark" in response.get_data(as_text=True)
