"""The language: the lang cookie, else the browser's Accept-Language, else English; the switch link."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient


@pytest.mark.parametrize(
    ("accept", "expected"),
    [("es-ES,es;q=0.9", "es"), ("en-US,en;q=0.9", "en"), ("de-DE", "en"), ("fr;q=0.9, es;q=0.8", "es"), ("", "en")],
)
def test_language_follows_the_browser(client: FlaskClient, accept: str, expected: str) -> None:
    page = client.get("/", headers={"Accept-Language": accept} if accept else {})
    assert f'<html lang="{expected}" dir="ltr">' in page.get_data(as_text=True)


def test_switch_sets_the_cookie_and_goes_back(client: FlaskClient) -> None:
    response = client.get("/lang/es?next=/some/page%3Fx%3D1", headers={"Accept-Language": "en"})
    assert response.status_code == 303
    assert response.headers["Location"] == "/some/page?x=1"
    assert "lang=es" in response.headers["Set-Cookie"]
    page = client.get("/", headers={"Accept-Language": "en"})
    text = page.get_data(as_text=True)
    assert '<html lang="es" dir="ltr">' in text
    # The switch offers the other language, coming back to the same page.
    assert 'href="/lang/en?next=/"' in text


@pytest.mark.parametrize("target", ["https://evil.example/", "//evil.example/x", "javascript:alert(1)", "", "/\\evil"])
def test_switch_never_leaves_the_site(client: FlaskClient, target: str) -> None:
    response = client.get("/lang/en", query_string={"next": target})
    assert response.headers["Location"] == "/"


def test_unknown_language_is_not_found(client: FlaskClient) -> None:
    assert client.get("/lang/xx").status_code == 404
    assert (
        client.get("/", headers={"Cookie": "lang=xx", "Accept-Language": "es"})
        .get_data(as_text=True)
        .count('<html lang="es" dir="ltr">')
        == 1
    )
