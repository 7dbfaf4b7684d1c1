"""The compiled catalogues: each ``translations/<lang>/LC_MESSAGES/messages.po`` is compiled at app start.

The ``.mo`` files are generated, never committed: they go into the instance folder
(``instance/translations/…``, which i18n's Flask-Babel setup reads first), rebuilt whenever the ``.po`` is
newer. So ``make run`` and ``make test`` work on a fresh clone without a build step. A process compiles each
``.po`` once: an app made later in it (the tests make one per test, each with its own instance folder) writes the
bytes it already has.
"""

from __future__ import annotations

import functools
import io
import os
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from flask import Flask

from referee.web.core.i18n import TRANSLATIONS_DIR

__all__ = ["compile_catalogues", "init_app"]

@functools.cache
def _mo_bytes(po: Path, _modified: float) -> bytes:
    """The ``.mo`` bytes of ``po`` as it was at ``_modified``: compiled once per process for each version (the
    time is read by the cache only, as part of its key)."""
    with po.open("rb") as file:
        catalog = read_po(file)
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    return buffer.getvalue()


def compile_catalogues(source: Path, target: Path) -> list[Path]:
    """Compile every ``.po`` under ``source`` into ``target`` (same layout) when out of date; return those written."""
    written: list[Path] = []
    for po in sorted(source.glob("*/LC_MESSAGES/*.po")):
        mo = target / po.relative_to(source).with_suffix(".mo")
        if mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime:
            continue
        compiled = _mo_bytes(po.resolve(), po.stat().st_mtime)
        mo.parent.mkdir(parents=True, exist_ok=True)
        # Two processes may start at once: each writes its own file and the rename is atomic.
        partial = mo.with_name(f"{mo.name}.{os.getpid()}.partial")
        partial.write_bytes(compiled)
        os.replace(partial, mo)
        written.append(mo)
    return written


def init_app(app: Flask) -> None:
    """Compile the catalogues into the instance folder (before Flask-Babel reads them)."""
    compile_catalogues(TRANSLATIONS_DIR, Path(app.instance_path) / "translations")
