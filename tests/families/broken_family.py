"""A family package whose own import fails: loading the families must say so, not skip it."""

from __future__ import annotations

import referee_no_such_module  # noqa: F401
