"""Benchmarks: `make bench` (= pytest tests/bench) collects the bench_*.py files here; the normal suite skips them."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.pg import postgres_url

__all__ = ["postgres_url", "pytest_collect_file"]


def pytest_collect_file(parent: pytest.Collector, file_path: Path) -> pytest.Module | None:
    """Collect bench_*.py as test modules (pytest's own pattern is test_*.py).

    A file named on the command line is collected by pytest itself already.
    """
    if file_path.suffix == ".py" and file_path.name.startswith("bench_") and not parent.session.isinitpath(file_path):
        return pytest.Module.from_parent(parent, path=file_path)
    return None
