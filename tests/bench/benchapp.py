"""The app the server benchmarks serve: the referee app exactly as ``referee serve`` makes it, plus the baseline.

The baseline, ``/_bench/json``, is the least a Flask view can do (a small JSON answer, no database); every server
figure is compared with it, measured on the same server in the same run.
"""

from __future__ import annotations

from referee import create_app

app = create_app()


@app.get("/_bench/json")
def baseline() -> dict[str, bool]:
    """The minimal JSON endpoint."""
    return {"ok": True}
