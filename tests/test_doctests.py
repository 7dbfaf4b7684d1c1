"""Every docstring example in ``referee/`` runs, module by module, and passes.

The package is walked with pkgutil, so a new module's examples are run without being listed here; a module
that cannot be imported is a failure, not a skip. The examples run without an app: a module that needs one
(the web's) imports fine, and its examples only show pure helpers.
"""

from __future__ import annotations

import ast
import doctest
import importlib
import importlib.util
import pkgutil
from pathlib import Path
from types import ModuleType

import pytest

import referee

#: A floor under the examples run (71 when this test was written), so that examples lost in a refactoring
#: (a module no longer found, docstrings no longer collected) fail here instead of passing quietly.
AT_LEAST = 65


def referee_modules() -> list[str]:
    """The dotted name of every module in the referee package, the package itself included."""
    names = [referee.__name__]
    names += [info.name for info in pkgutil.walk_packages(referee.__path__, prefix=referee.__name__ + ".")]
    return sorted(names)


MODULES = referee_modules()

#: Modules that do their work when imported and can only be imported by their tool: their docstrings are read
#: from the source instead, and must hold no example (one there could never run).
NOT_IMPORTED = {"referee.migrations.env": "Alembic's environment script runs the migrations when imported"}


def run_examples(module: ModuleType) -> doctest.TestResults:
    """Run the module's docstring examples; the failures' reports go to the test's captured output."""
    finder = doctest.DocTestFinder(exclude_empty=True)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for test in finder.find(module, module.__name__):
        runner.run(test)
    return runner.summarize(verbose=False)


def test_the_walk_finds_every_layer() -> None:
    for name in ("referee.rules.cards", "referee.games.rummy.ledger.state", "referee.web.helpers.forms",
                 "referee.cli.tally", "referee.server", "referee.migrations"):
        assert name in MODULES


@pytest.mark.parametrize("name", [name for name in MODULES if name not in NOT_IMPORTED])
def test_docstring_examples_pass(name: str) -> None:
    module = importlib.import_module(name)
    result = run_examples(module)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed in {name} (see stdout)"


@pytest.mark.parametrize("name", sorted(NOT_IMPORTED))
def test_a_module_not_imported_has_no_examples(name: str) -> None:
    assert name in MODULES
    spec = importlib.util.find_spec(name)
    assert spec is not None
    assert spec.origin is not None
    tree = ast.parse(Path(spec.origin).read_text(encoding="utf-8"))
    nodes = [tree, *(node for node in ast.walk(tree)
                     if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef))]
    docstrings = [ast.get_docstring(node) or "" for node in nodes]
    assert not any(">>>" in text for text in docstrings), f"{name}: {NOT_IMPORTED[name]}, so its examples never run"


def test_enough_examples_run() -> None:
    names = [name for name in MODULES if name not in NOT_IMPORTED]
    attempted = sum(run_examples(importlib.import_module(name)).attempted for name in names)
    assert attempted >= AT_LEAST, attempted
