"""How many examples a property test draws: a quarter of its full number in ``make test`` (quick, on every
change), all of them in ``make bench``, which sets REFEREE_FULL_PROPERTIES=1 and runs every Hypothesis test
(``pytest -m hypothesis``)."""

from __future__ import annotations

import os

#: Whether the property tests draw their full number of examples.
FULL = os.environ.get("REFEREE_FULL_PROPERTIES") == "1"


def examples(full: int) -> int:
    """The number of examples to draw for a test whose full number is ``full``."""
    return full if FULL else max(10, full // 4)
