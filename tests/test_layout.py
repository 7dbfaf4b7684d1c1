"""The tests are laid out like the code: every module of referee/ that has behaviour has its own test module.

A module has behaviour when it defines a function or a class (a module of constants or re-exports does not). Its
test module is found one of two ways:

- **By its name, in the mirrored folder:** ``referee/rules/scoring.py`` is tested by ``tests/rules/test_scoring.py``;
  a package's ``__init__.py`` by the test module named after the package, in the folder above
  (``referee/rules/melds/__init__.py`` by ``tests/rules/test_melds.py``).
- **By a declaration:** a test module in the mirrored folder, or in the folder above it (a package's test module
  for the package's inner modules), lists the module in its ``TESTED`` tuple of dotted names, and imports it. The
  import keeps the claim honest: a test module that names a module it never touches fails here.

A module whose behaviour is only reached through the web app (a screen) is tested by name: its test module asks
the app for its pages. The database migrations are tested as a whole (``tests/ledger/test_migrations.py``).
"""

from __future__ import annotations

import ast
from pathlib import Path

from tests.test_structure import MODULES, PACKAGE, ROOT, imports_of

TESTS = ROOT / "tests"


def _has_behaviour(path: Path) -> bool:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return any(isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) for node in tree.body)


def _test_module_name(path: Path) -> str:
    """The test module a module of referee/ is tested by, by name (relative to tests/)."""
    relative = path.relative_to(PACKAGE)
    if relative.name == "__init__.py":
        folder = relative.parent
        if not folder.parts:
            return "test_referee.py"
        return str(folder.parent / f"test_{folder.name}.py")
    return str(relative.parent / f"test_{relative.stem}.py")


def _declared(test_path: Path) -> tuple[str, ...]:
    """The dotted names in a test module's ``TESTED`` tuple (none when it has none)."""
    tree = ast.parse(test_path.read_text(encoding="utf-8"))
    for node in tree.body:
        target = node.target if isinstance(node, ast.AnnAssign) else (
            node.targets[0] if isinstance(node, ast.Assign) and len(node.targets) == 1 else None)
        if isinstance(target, ast.Name) and target.id == "TESTED" and node.value is not None:
            value = ast.literal_eval(node.value)
            return tuple(value)
    return ()


def _test_modules() -> dict[str, Path]:
    """Every test module, by its dotted name (``tests.rules.test_melds``)."""
    return {".".join(path.relative_to(ROOT).with_suffix("").parts): path for path in sorted(TESTS.rglob("test_*.py"))
            if "__pycache__" not in path.parts}


def _folders_that_may_declare(path: Path) -> set[Path]:
    """The test folders whose modules may declare that they test the module at ``path``: its mirrored folder, and
    the folder above it (for a package's ``__init__``, the folder of the package's own test module)."""
    relative = path.relative_to(PACKAGE)
    folder = relative.parent.parent if relative.name == "__init__.py" else relative.parent
    return {TESTS / folder, TESTS / folder.parent} if folder.parts else {TESTS / folder}


def _behaviour_modules() -> dict[str, Path]:
    return {name: path for name, path in MODULES.items() if _has_behaviour(path)}


def untested_modules() -> list[str]:
    """The modules of referee/ with behaviour that no test module tests, by the rule in this file's docstring."""
    tests = _test_modules()
    declared: dict[str, set[Path]] = {}
    for test_path in tests.values():
        for name in _declared(test_path):
            declared.setdefault(name, set()).add(test_path.parent)
    missing = []
    for name, path in _behaviour_modules().items():
        if (TESTS / _test_module_name(path)).is_file():
            continue
        if declared.get(name, set()) & _folders_that_may_declare(path):
            continue
        missing.append(name)
    return missing


def test_every_module_with_behaviour_has_a_test_module() -> None:
    missing = untested_modules()
    assert not missing, "modules with no test module of their own (tests/test_layout.py says how one is found):\n" + (
        "\n".join(missing))


def test_a_declared_module_is_real_and_imported_by_its_test_module() -> None:
    wrong = []
    for test_name, test_path in _test_modules().items():
        declared = _declared(test_path)
        if not declared:
            continue
        imported = imports_of(test_name, test_path)
        for name in declared:
            if name not in MODULES:
                wrong.append(f"{test_name}: {name} is not a module of referee/")
            elif name not in imported:
                wrong.append(f"{test_name}: says it tests {name} but never imports it")
            elif test_path.parent not in _folders_that_may_declare(MODULES[name]):
                wrong.append(f"{test_name}: tests {name} from another folder than the module's mirror")
    assert not wrong, "\n".join(wrong)


def test_the_layout_rule_finds_a_module_without_tests(tmp_path: Path) -> None:
    """The check can fail: a module with a function and no test module is found; one with constants only is not."""
    assert _has_behaviour(Path(__file__))
    constants = tmp_path / "constants.py"
    constants.write_text('"""Numbers."""\nLIMIT = 3\n', encoding="utf-8")
    assert not _has_behaviour(constants)
    assert _test_module_name(PACKAGE / "rules" / "melds" / "__init__.py") == "rules/test_melds.py"
    assert _test_module_name(PACKAGE / "rules" / "scoring.py") == "rules/test_scoring.py"
    assert _folders_that_may_declare(PACKAGE / "rules" / "melds" / "readings.py") == {
        TESTS / "rules" / "melds", TESTS / "rules"}
