"""Gzip for text responses, so a phone on poor table Wi-Fi loads the viewer in a few kilobytes.

Pages and live updates are compressed as they go out; static files (CSS, JS, SVG) are compressed once per file
version and kept in memory. Only when the browser accepts gzip, only for text, and only for full 200 answers
(a 304 or a range request passes untouched).
"""

from __future__ import annotations

import gzip
import os
import threading

from flask import Flask, current_app, request
from werkzeug.wrappers import Response

from referee.web import assets

__all__ = ["init_app", "COMPRESSIBLE", "MIN_SIZE"]

COMPRESSIBLE = frozenset(
    {
        "text/html",
        "text/css",
        "text/plain",
        "text/csv",
        "text/javascript",
        "application/javascript",
        "application/json",
        "image/svg+xml",
    }
)
#: Smaller bodies gain nothing from gzip.
MIN_SIZE = 500
LEVEL = 6

_static_cache: dict[tuple[str, float, int], bytes] = {}
_lock = threading.Lock()


def init_app(app: Flask) -> None:
    """Compress every eligible response of ``app``."""
    app.after_request(compress)


def compress(response: Response) -> Response:
    """Gzip ``response`` when the browser takes it and it is worth it."""
    if (
        response.status_code != 200
        or response.mimetype not in COMPRESSIBLE
        or "Content-Encoding" in response.headers
        or request.accept_encodings["gzip"] <= 0
        or request.method == "HEAD"
    ):
        return response
    if response.direct_passthrough:
        body = _static_body(response)
        if body is None:
            return response
    elif response.is_streamed:
        return response
    else:
        data = response.get_data()
        if len(data) < MIN_SIZE:
            return response
        body = gzip.compress(data, compresslevel=LEVEL, mtime=0)
    response.set_data(body)
    response.headers["Content-Encoding"] = "gzip"
    response.vary.add("Accept-Encoding")
    etag, weak = response.get_etag()
    if etag and not weak:
        # The compressed body is another representation of the same file.
        response.set_etag(etag, weak=True)
    return response


def _static_body(response: Response) -> bytes | None:
    """The compressed bytes of a static file (cached per file version), or None to send it as it is."""
    if request.endpoint != "static" or current_app.static_folder is None:
        return None
    filename = (request.view_args or {}).get("filename")
    if not filename:
        return None
    path = os.path.join(current_app.static_folder, assets.source_name(filename))
    try:
        stat = os.stat(path)
    except OSError:
        return None
    if stat.st_size < MIN_SIZE:
        return None
    key = (path, stat.st_mtime, stat.st_size)
    with _lock:
        body = _static_cache.get(key)
    if body is None:
        with open(path, "rb") as file:
            body = gzip.compress(file.read(), compresslevel=LEVEL, mtime=0)
        with _lock:
            _static_cache[key] = body
    response.direct_passthrough = False
    response.close()  # the file the static view opened
    return body
