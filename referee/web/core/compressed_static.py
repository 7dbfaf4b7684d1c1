"""Gzip or brotli for text answers (Flask-Compress), so a phone on poor table Wi-Fi loads the viewer in a few
kilobytes; static files compressed once per file version and kept in memory.

Flask-Compress leaves streamed answers alone (``COMPRESS_STREAMS`` off): the live viewer's event stream must
reach the phone event by event, never held back in a compressor's buffer. Flask serves a static file as a
stream from disk, so a full (200) answer of a static text file is read into memory here, just before
Flask-Compress looks at it, and its compressed bytes are kept under the file's name and ETag (one entry per
version of the file). A 304 or a range answer (206) is left as it is.
"""

from __future__ import annotations

from typing import Any

from flask import Flask, current_app, g, request
from flask_compress import Compress
from werkzeug.wrappers import Request, Response

from referee.web.core import assets

__all__ = ["init_app", "SETTINGS"]


class StaticCache:
    """Compressed static files by algorithm, file and version; any other answer is compressed afresh."""

    def __init__(self) -> None:
        self.data: dict[str, bytes] = {}

    def get(self, key: str) -> bytes | None:
        """The kept bytes of a static file's version, if any."""
        return self.data.get(key)

    def set(self, key: str, value: bytes) -> None:
        """Keep a static file's compressed bytes (a key of an answer that is not a static file ends in ';')."""
        if not key.endswith(";"):
            self.data[key] = value


def init_app(app: Flask) -> None:
    """Compress ``app``'s text answers, static files from memory."""
    for key, value in SETTINGS.items():
        app.config.setdefault(key, value)
    # One per app: a Compress object keeps the settings and the cache of the last app it was given.
    app.extensions["compress"] = Compress(app)
    # Registered after Flask-Compress's hook, so it runs before it (Flask runs them last-registered first).
    app.after_request(_static_in_memory)


def _static_in_memory(response: Response) -> Response:
    """Read a full answer of a static text file into memory, so Flask-Compress compresses it (once)."""
    if (
        request.endpoint != "static"
        or response.status_code != 200
        or not response.direct_passthrough
        or response.mimetype not in current_app.config["COMPRESS_MIMETYPES"]
    ):
        return response
    etag, _ = response.get_etag()
    filename = (request.view_args or {}).get("filename", "")
    if not etag or not filename:
        return response
    response.direct_passthrough = False
    response.make_sequence()  # closes the file the static view opened once the answer is sent
    g.static_version = f"{assets.source_name(filename)} {etag}"
    return response


def cache_key(_request: Request) -> str:
    """The version of the static file this request is answered with, or "" for any other answer."""
    return str(g.get("static_version", ""))


#: Flask-Compress's settings (an app's own config, e.g. a test's, wins).
SETTINGS: dict[str, Any] = {
    "COMPRESS_MIMETYPES": [
        "text/html",
        "text/css",
        "text/plain",
        "text/csv",
        "text/javascript",
        "application/javascript",
        "application/json",
        "image/svg+xml",
    ],  # never text/event-stream: see above
    "COMPRESS_ALGORITHM": ["br", "gzip"],  # brotli when the browser takes both: smaller
    "COMPRESS_LEVEL": 6,
    "COMPRESS_BR_LEVEL": 5,
    "COMPRESS_MIN_SIZE": 500,  # smaller bodies gain nothing
    "COMPRESS_STREAMS": False,
    "COMPRESS_EVALUATE_CONDITIONAL_REQUEST": True,  # a compressed answer's own ETag still gets its 304
    "COMPRESS_CACHE_BACKEND": StaticCache,
    "COMPRESS_CACHE_KEY": cache_key,
}
