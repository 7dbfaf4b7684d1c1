"""How many examples a property test draws: a quarter of its full number in ``make test`` (quick, on every
change), all of them in the full run (``make test FULL=1``, see ``tests/tiers.py``) and in ``make bench``, which
runs every Hypothesis test (``pytest -m hypothesis``) in full."""

from __future__ import annotations

from tests.tiers import count


def examples(full: int) -> int:
    """The number of examples to draw for a test whose full number is ``full``."""
    return count(full=full, quick=max(10, full // 4))
