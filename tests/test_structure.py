"""The shape of the code, checked: imports that point one way, no private name borrowed, rule data that is read.

- **No import cycle in referee/.** Every ``import`` and ``from … import`` of every module is read with :mod:`ast`,
  at module level, inside functions and under ``if TYPE_CHECKING:`` alike: a function-level import only hides a
  cycle until the function runs, and a type-checking import is a dependency the reader must still follow (two
  modules that need each other's types are one idea split in two, or share a type that belongs below both).
  ``from referee.web import forms`` depends on the submodule ``referee.web.helpers.forms``, not on the package's
  ``__init__``; ``from referee.games.rummy.web.table import bp`` depends on the package, since ``bp`` is a name the
  package defines. So a package's ``__init__`` may import its own submodules, but a submodule that takes a name from the
  package back makes a cycle, and this test names it.
- **No private name imported from another module of referee/** (``from x import _y``, or ``x._y`` on a module
  imported as ``x``): a name another module needs is part of its module's interface, so it is public; a name only
  its own module uses stays private there.
- **No line count.** A module is cut where its ideas part, not at a length: what is held is each function's number
  of paths (ruff's C90, at most 15: ``pyproject.toml``).
- **Every rule field is read** by the engine or the ledger (``referee/rules/``, ``referee/ledger/``), outside the
  catalogue that sets it: a field that only tests read is a promise no code keeps (docs/rules.md §12 and §13
  say what the referee does). The few exceptions are listed below, each with its reason.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "referee"
#: The variant catalogue is data, one module per family: it sets the rule fields that the other modules read.
LONG_DATA = PACKAGE / "rules" / "catalogue"


def _modules() -> dict[str, Path]:
    """Every module of referee/ by its dotted name (a package by its own name)."""
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        if "__pycache__" in path.parts or "migrations" in path.relative_to(PACKAGE).parts:
            continue
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


MODULES = _modules()


def _imported(name: str, is_package: bool, tree: ast.AST) -> Iterator[tuple[str, ast.alias, bool]]:
    """(module, alias, whether it is ``from module import``) for every name that module ``name`` imports anywhere
    in ``tree``: module level, functions and ``if TYPE_CHECKING:`` alike; ``module`` is absolute (a relative
    import is read from the package)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, alias, False
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # relative: from the package this module is in (or is)
                base = name.split(".") if is_package else name.split(".")[:-1]
                base = base[: len(base) - node.level + 1]
                module = ".".join([*base, *([node.module] if node.module else [])])
            else:
                module = node.module or ""
            for alias in node.names:
                yield module, alias, True


def imports_in(name: str, source: str, *, is_package: bool = False) -> set[str]:
    """The modules of referee/ that module ``name`` imports in ``source``, as the rule in this file's docstring
    reads them."""
    found: set[str] = set()
    for module, alias, from_import in _imported(name, is_package, ast.parse(source)):
        if not from_import:  # import a.b
            found.add(module)
            continue
        submodule = f"{module}.{alias.name}"
        found.add(submodule if submodule in MODULES else module)
    return {module for module in found if module in MODULES and module != name}


def imports_of(name: str, path: Path) -> set[str]:
    """The modules of referee/ that module ``name`` (at ``path``) imports."""
    return imports_in(name, path.read_text(encoding="utf-8"), is_package=path.name == "__init__.py")


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def private_imports_in(name: str, source: str, *, is_package: bool = False) -> list[str]:
    """Every private name module ``name`` takes from another module of referee/ in ``source``, as
    ``module._name``: imported by name, or read as an attribute of a module it imported."""
    tree = ast.parse(source)
    found: list[str] = []
    modules: dict[str, str] = {}  # local name -> module of referee/ it is bound to
    for module, alias, from_import in _imported(name, is_package, tree):
        if not from_import:  # import a.b (binds a) or import a.b as c
            if alias.asname and module in MODULES:
                modules[alias.asname] = module
            continue
        submodule = f"{module}.{alias.name}"
        if submodule in MODULES:
            modules[alias.asname or alias.name] = submodule
        elif (module in MODULES or module.split(".")[0] == "referee") and _private(alias.name) and module != name:
            found.append(f"{module}.{alias.name}")
    for node in ast.walk(tree):
        if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in modules
                and _private(node.attr) and modules[node.value.id] != name):
            found.append(f"{modules[node.value.id]}.{node.attr}")
    return found


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle of ``graph`` as the modules in import order, the first repeated at the end; None when there is
    none."""
    done: set[str] = set()
    for start in sorted(graph):
        if start in done:
            continue
        path: list[str] = []
        on_path: set[str] = set()
        stack: list[tuple[str, Iterator[str]]] = [(start, iter(sorted(graph[start])))]
        path.append(start)
        on_path.add(start)
        while stack:
            node, children = stack[-1]
            for child in children:
                if child in on_path:
                    return [*path[path.index(child):], child]
                if child not in done:
                    stack.append((child, iter(sorted(graph[child]))))
                    path.append(child)
                    on_path.add(child)
                    break
            else:
                stack.pop()
                path.pop()
                on_path.discard(node)
                done.add(node)
    return None


def test_the_import_reader_follows_the_rule() -> None:
    graph = {name: imports_of(name, path) for name, path in MODULES.items()}
    # from referee.web import access, wording: two submodules, not the package
    assert {"referee.web.core.access",
            "referee.games.rummy.web.wording"} <= graph["referee.games.rummy.web.table.common"]
    assert "referee.web" not in graph["referee.games.rummy.web.table.common"]
    # the package's __init__ depends on the submodules it imports
    assert "referee.games.rummy.web.table.deal" in graph["referee.games.rummy.web.table"]
    # an import inside a function and one for the type checker are dependencies too
    hidden = (
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from referee.games.rummy.ledger.state.facts import GameFacts\n"
        "def f():\n    from referee.games.rummy.ledger import events\n    import referee.rules.cards\n"
    )
    assert imports_in("referee.games.rummy.ledger.state.x", hidden) == {
        "referee.games.rummy.ledger.state.facts", "referee.games.rummy.ledger.events", "referee.rules.cards"}
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


def test_no_import_cycle_in_referee() -> None:
    graph = {name: imports_of(name, path) for name, path in MODULES.items()}
    cycle = find_cycle(graph)
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


#: Modules outside the ledger and the rules engine that still take private names from another module, each with
#: why; they come off this list as they are reshaped (the test below fails for a listed module that no longer does).
PRIVATE_IMPORTERS: dict[str, str] = {}


def test_the_private_import_reader_follows_the_rule() -> None:
    source = (
        "from referee.rules.solver.shapes import _take, Counts\n"
        "from . import _here\n"
        "from referee.rules.solver import shapes\n"
        "def f():\n"
        "    from referee.games.rummy.ledger.state import records as r\n"
        "    return shapes._windows, r._amount, r.__doc__\n"
    )
    assert private_imports_in("referee.rules.solver.search", source) == [
        "referee.rules.solver.shapes._take", "referee.rules.solver._here",
        "referee.rules.solver.shapes._windows", "referee.games.rummy.ledger.state.records._amount"]
    # the module's own private names, dunders and other packages' names are not borrowed from referee/
    own = "from referee.x import _own\nfrom os import _exit\nfrom . import __version__\n"
    assert private_imports_in("referee.x", own) == []


def test_no_private_name_imported_from_another_module() -> None:
    borrowed = {
        name: found
        for name, path in MODULES.items()
        if (found := private_imports_in(name, path.read_text(encoding="utf-8"), is_package=path.name == "__init__.py"))
    }
    assert {name: found for name, found in borrowed.items() if name not in PRIVATE_IMPORTERS} == {}
    assert sorted(set(PRIVATE_IMPORTERS) - set(borrowed)) == [], "no longer borrows a private name: take it off"


# --------------------------------------------------------------------------------------------------
# Rule fields
# --------------------------------------------------------------------------------------------------

#: The modules that define the rule model: every field of their dataclasses is a rule or its words.
RULE_MODELS = (PACKAGE / "rules" / "variants.py", PACKAGE / "rules" / "vocabulary.py")
#: Where a rule field must be read: the engine and contract rummy's ledger (not the catalogue that sets the fields).
READERS = (PACKAGE / "rules", PACKAGE / "games" / "rummy" / "ledger")

#: Fields that are words for people, not rules: the screens show them. Each must still be read by a module of
#: referee/ or a template, and not only by tests.
WORDS = {
    "Variant.description": "the variant's one-line description, shown where a game is chosen",
    "Variant.decisions": "the decisions of docs/rules.md the rules card lists",
    "Variant.terms": "what a variant calls its melds and its buy, in the screens' sentences",
    "Terms.sets": "the word for a set, in the screens' sentences",
    "Terms.buy_call": "what a player says to buy, on the deal screen and the rules card",
    "HouseRule.explanation": "a house rule's explanation on the new-game form and the rules card",
}

#: Rules the engine or the ledger does not apply yet, each with why (none today: a rule the referee cannot see is
#: said in docs/rules.md and kept out of the model). The test fails for any field not listed here or above that
#: neither reads, so this list can only shrink.
NOT_YET_READ: dict[str, str] = {}


def _rule_fields() -> dict[str, str]:
    """Every field of the rule model's dataclasses, as ``Class.field`` -> field."""
    fields = {}
    for path in RULE_MODELS:
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if not isinstance(node, ast.ClassDef) or not any(
                "dataclass" in ast.unparse(decorator) for decorator in node.decorator_list
            ):
                continue
            for statement in node.body:
                if (
                    isinstance(statement, ast.AnnAssign)
                    and isinstance(statement.target, ast.Name)
                    and "ClassVar" not in ast.unparse(statement.annotation)
                ):
                    fields[f"{node.name}.{statement.target.id}"] = statement.target.id
    return fields


def _names_read(paths: list[Path]) -> set[str]:
    """Every attribute name read in ``paths`` (``x.name`` loaded, or ``getattr(x, "name")``)."""
    read: set[str] = set()
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Load):
                read.add(node.attr)
            elif (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "getattr"
                and len(node.args) >= 2
                and isinstance(node.args[1], ast.Constant)
                and isinstance(node.args[1].value, str)
            ):
                read.add(node.args[1].value)
    return read


def _python_files(*folders: Path) -> list[Path]:
    return [
        path
        for folder in folders
        for path in sorted(folder.rglob("*.py"))
        if "__pycache__" not in path.parts and not path.is_relative_to(LONG_DATA)
    ]


RULE_FIELDS = _rule_fields()


def test_the_exceptions_name_real_fields() -> None:
    assert set(WORDS) - set(RULE_FIELDS) == set()
    assert set(NOT_YET_READ) - set(RULE_FIELDS) == set()
    assert set(WORDS) & set(NOT_YET_READ) == set()


def test_every_rule_field_is_read_by_the_engine_or_the_ledger() -> None:
    read = _names_read(_python_files(*READERS))
    unread = sorted(q for q, name in RULE_FIELDS.items() if name not in read and q not in WORDS | NOT_YET_READ.keys())
    assert unread == [], "rule fields only tests read (read them in referee/rules or referee/ledger, or remove them)"


def test_the_exceptions_are_still_exceptions() -> None:
    """A listed field the engine or the ledger now reads comes off the list."""
    read = _names_read(_python_files(*READERS))
    assert sorted(q for q in WORDS | NOT_YET_READ.keys() if RULE_FIELDS[q] in read) == []


@pytest.mark.parametrize("field", sorted(WORDS))
def test_words_are_shown_by_the_app(field: str) -> None:
    name = RULE_FIELDS[field]
    shown = name in _names_read(_python_files(PACKAGE)) or any(
        f".{name}" in path.read_text(encoding="utf-8") for path in (ROOT / "templates").rglob("*.html")
    )
    assert shown, f"{field} is read by no module of referee/ and no template"


def test_the_untyped_translation_calls_are_wrapped_once() -> None:
    """Flask-Babel's gettext, ngettext and pgettext return an untyped value: code takes them from
    referee/web/core/translate.py, which says they return a str (mypy --strict holds the rest)."""
    wrapped = {"gettext", "ngettext", "pgettext"}
    offenders = []
    for path in PACKAGE.rglob("*.py"):
        if path == PACKAGE / "web" / "translate.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module == "flask_babel":
                offenders += [f"{path.relative_to(ROOT)}: {a.name}" for a in node.names if a.name in wrapped]
    assert offenders == []
