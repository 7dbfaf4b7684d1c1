"""Static files cached for good: fingerprinted names and a year-long, immutable cache lifetime.

``url_for("static", filename="css/app.css")`` gives ``/static/css/app.<fingerprint>.css``, the fingerprint being
the first 12 hex digits of the SHA-256 of the file's content. Such a name is answered with
``Cache-Control: public, max-age=31536000, immutable``: a returning phone asks for none of them again and
requests only the page. When a file changes, its name changes with it, so pages ask for the new one; a
fingerprint that is not the file's current one is a 404 — never today's content under yesterday's name, which
a cache would keep for a year. The plain name (``/static/css/app.css``) still works for whatever links a file
by it, and is revalidated every time (``no-cache`` with an ETag).

Why not WhiteNoise: outside Django it serves files under the names they have on disk, so fingerprinted names
would need a build step writing copies; here the fingerprint is computed from the file itself (once per
version of the file, by its size and modification time), nothing is generated, and the app's own static
route and gzip keep working.
"""

from __future__ import annotations

import base64
import hashlib
import os
import re
import threading
from typing import Any

from flask import Flask, abort, current_app, send_from_directory
from werkzeug.security import safe_join
from werkzeug.wrappers import Response

from referee.folders import data_folder

__all__ = ["init_app", "fingerprint", "source_name", "ONE_YEAR"]

#: The cache lifetime of a fingerprinted file: a year, the longest HTTP caches honour.
ONE_YEAR = 365 * 24 * 60 * 60
_DIGITS = 12
_FINGERPRINTED = re.compile(rf"^(?P<stem>.+)\.(?P<digest>[0-9a-f]{{{_DIGITS}}})(?P<ext>\.[A-Za-z0-9]+)$")

#: The script that keeps the screen awake (``static/js/awake.js``), written inline into the pages that keep awake
#: (``install.KEEP_AWAKE``): they already make the four requests a screen may. The Content-Security-Policy allows
#: this one inline script by its hash (``referee.web.core.security``), and no other.
AWAKE_SCRIPT = (data_folder("static") / "js" / "awake.js").read_text(encoding="utf-8")
AWAKE_SCRIPT_HASH = "'sha256-" + base64.b64encode(hashlib.sha256(AWAKE_SCRIPT.encode()).digest()).decode() + "'"

_digests: dict[str, tuple[int, int, str]] = {}
_lock = threading.Lock()


def init_app(app: Flask) -> None:
    """Fingerprint every ``url_for("static", …)`` and serve the fingerprinted names with a year-long lifetime."""
    app.url_defaults(_add_fingerprint)
    app.view_functions["static"] = static_file


def fingerprint(filename: str) -> str | None:
    """The fingerprint of a file in the static folder, or None when there is no such file."""
    folder = current_app.static_folder
    path = safe_join(folder, filename) if folder else None
    if path is None:
        return None
    try:
        stat = os.stat(path)
    except (OSError, ValueError):  # ValueError: a NUL in the name
        return None
    if not os.path.isfile(path):
        return None
    with _lock:
        known = _digests.get(path)
    if known is not None and known[:2] == (stat.st_mtime_ns, stat.st_size):
        return known[2]
    digest = hashlib.sha256()
    with open(path, "rb") as file:
        for block in iter(lambda: file.read(1 << 16), b""):
            digest.update(block)
    value = digest.hexdigest()[:_DIGITS]
    with _lock:
        _digests[path] = (stat.st_mtime_ns, stat.st_size, value)
    return value


def source_name(filename: str) -> str:
    """The file a static URL's name stands for: the name without its fingerprint (any other name unchanged)."""
    match = _FINGERPRINTED.match(filename)
    return match["stem"] + match["ext"] if match else filename


def _add_fingerprint(endpoint: str, values: dict[str, Any]) -> None:
    if endpoint != "static" or not isinstance(values.get("filename"), str):
        return
    filename = values["filename"]
    stem, ext = os.path.splitext(filename)
    digest = fingerprint(filename) if ext else None
    if digest is not None:
        values["filename"] = f"{stem}.{digest}{ext}"


def static_file(filename: str) -> Response:
    """Serve a static file: for good under its current fingerprint, revalidated under its plain name."""
    folder = current_app.static_folder
    if folder is None:
        abort(404)
    match = _FINGERPRINTED.match(filename)
    if match is not None and fingerprint(filename) is None:  # a real file may look fingerprinted
        source = match["stem"] + match["ext"]
        if fingerprint(source) != match["digest"]:
            abort(404)
        response = send_from_directory(folder, source, max_age=ONE_YEAR)
        response.cache_control.public = True
        response.cache_control.immutable = True
        return response
    response = send_from_directory(folder, filename, max_age=None)
    response.cache_control.no_cache = True
    return response
