"""Benchmarks: `make bench` (= pytest tests/bench) collects the bench_*.py files here; the normal suite skips them."""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest


def pytest_collect_file(parent: pytest.Collector, file_path: Path) -> pytest.Module | None:
    """Collect bench_*.py as test modules (pytest's own pattern is test_*.py).

    A file named on the command line is collected by pytest itself already.
    """
    if file_path.suffix == ".py" and file_path.name.startswith("bench_") and not parent.session.isinitpath(file_path):
        return pytest.Module.from_parent(parent, path=file_path)
    return None


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """A throwaway PostgreSQL server (the ledger tests' own), or a skip saying why."""
    path = Path(__file__).parents[1] / "ledger" / "conftest.py"
    spec = importlib.util.spec_from_file_location("_bench_pg", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    root = Path(tempfile.mkdtemp(prefix="referee-bench-pg-"))
    try:
        url, stop, _ = module._start_postgres(root)
    except Exception as error:  # noqa: BLE001 - said in the skip
        shutil.rmtree(root, ignore_errors=True)
        pytest.skip(f"no PostgreSQL server: {error}")
    try:
        yield url
    finally:
        subprocess.run(stop, capture_output=True, timeout=60)
        shutil.rmtree(root, ignore_errors=True)
