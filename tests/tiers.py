"""The two sizes of the test suite.

``make test`` is the quick one: every test module runs, and each test that sweeps a matrix (screens × languages ×
phone sizes, fields × odd values, kills of a server) runs a sample that still meets every value of every axis.
``make test FULL=1`` (what CI runs) sets ``REFEREE_FULL=1`` and runs every cell. A cell left out of the quick run
carries the ``full`` mark, and ``tests/conftest.py`` deselects it, so pytest's summary counts them.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from itertools import product
from typing import Any

import pytest

#: Whether this run is the full one.
FULL = os.environ.get("REFEREE_FULL") == "1"

#: The mark of a test (or a parameter set) that only the full run takes.
full_only = pytest.mark.full

#: The mark of a browser test the quick run takes. Each drives Chromium for seconds, so the quick run keeps a few
#: (``tests/conftest.py`` leaves out every test that uses the browser and lacks this mark): the table's promises
#: in one pass each (a whole game, one save for one deal from two phones and after Back, an action sent again
#: after a dropped connection, the live viewer and its "not live", right to left, reach and names of controls).
#: The full run takes every browser test.
quick = pytest.mark.quick


def matrix(*axes: Sequence[Any], quick: Sequence[tuple[Any, ...]] | None = None) -> list[Any]:
    """Every combination of the axes, as parameter sets; those outside the quick sample are marked ``full``.

    The quick sample is ``quick`` when given (the combinations a test names, such as its hardest one); otherwise it
    walks the axes side by side (the i-th combination takes the i-th value of each axis, wrapping round the shorter
    ones): as many combinations as the longest axis has values, and each value of each axis in at least one of
    them. With one axis, every value is in the sample.
    """
    longest = max(len(axis) for axis in axes)
    sample = set(quick) if quick is not None else {tuple(axis[i % len(axis)] for axis in axes) for i in range(longest)}
    return [
        pytest.param(*values) if values in sample else pytest.param(*values, marks=full_only)
        for values in product(*axes)
    ]


def count(full: int, quick: int) -> int:
    """How many times a repeated check runs: ``full`` in the full run, ``quick`` otherwise."""
    return full if FULL else quick


def some(values: Sequence[Any], quick: Sequence[Any]) -> list[Any]:
    """Every value, as parameter sets; those not in ``quick`` are marked ``full``."""
    return [pytest.param(value) if value in quick else pytest.param(value, marks=full_only) for value in values]
