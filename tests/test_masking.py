"""Link secrets masked out of log lines (referee/masking.py): every way a path can carry an edit or view token,
and the lines with none left as they are."""

from __future__ import annotations

import pytest

from referee.masking import MASK, mask_tokens

#: (log text, the same text masked); ``…`` is the mask.
MASKED = [
    ("GET /g/abc123 HTTP/1.1", "GET /g/… HTTP/1.1"),
    ("GET /v/abc123/live", "GET /v/…/live"),
    ("GET /g/abc123?since=4", "GET /g/…?since=4"),
    ("GET /g/abc123#top", "GET /g/…#top"),
    ('"GET /v/abc123" 200', '"GET /v/…" 200'),
    ("GET /G/abc123 /V/abc123", "GET /G/… /V/…"),
    ("GET //g//abc123", "GET //g//…"),
    ("GET %2fg%2fabc123", "GET %2fg%2f…"),
    ("GET /%47/abc123", "GET /%47/…"),
    ("GET /v/abc%2Fx", "GET /v/…%2Fx"),
    ("GET /v/abc%3Fx", "GET /v/…%3Fx"),
    ("GET /v/%61bc", "GET /v/…"),
    ("POST /games/forget/abc123", "POST /games/forget/…"),
    ("POST /GAMES/Forget/abc123", "POST /GAMES/Forget/…"),
    ("GET /games/new?rematch=abc123&x=1", "GET /games/new?rematch=…&x=1"),
    ("GET /games/new?variant=t&rematch=abc123", "GET /games/new?variant=t&rematch=…"),
    ("/g/one and /v/two", "/g/… and /v/…"),
]

#: Text with no secret in it: left exactly as it is.
UNMASKED = [
    "GET / HTTP/1.1",
    "GET /games/new?variant=telefunken",
    "GET /gg/abc123",
    "GET /g/",
    "GET /games/abc123",
    "GET /records?g=abc123",
    "a gentle word in a log",
]


@pytest.mark.parametrize(("text", "masked"), MASKED)
def test_a_secret_in_a_path_is_masked(text: str, masked: str) -> None:
    assert mask_tokens(text) == masked
    assert "abc" not in mask_tokens(text)
    assert "two" not in mask_tokens(text)


@pytest.mark.parametrize("text", UNMASKED)
def test_text_with_no_secret_is_left_as_it_is(text: str) -> None:
    assert mask_tokens(text) == text


def test_the_mask_is_one_ellipsis() -> None:
    assert MASK == "…"
    assert mask_tokens("/g/x") == "/g/" + MASK
