"""Find every Problem the rules engine and the ledger can produce, by reading their source (AST).

A problem is made by ``Problem.of(code, template, **params)``, ``Problem(code, template, …)`` or a helper that
passes its own parameters on to one of those (the ledger's ``_p``). A code may be a literal or a local variable
assigned from literals (``code = {…: "no-runs-in-variant"}.get(kind, "no-colour-runs-in-variant")``).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCANNED = (ROOT / "referee" / "rules", ROOT / "referee" / "ledger")
CODE = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)+|[a-z]{3,}")
KEBAB = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)+")


@dataclass
class Found:
    """One code, with every English template and parameter name it is made with."""

    code: str
    templates: set[str] = field(default_factory=set)
    params: set[frozenset[str]] = field(default_factory=set)
    where: set[str] = field(default_factory=set)


def _constructor(call: ast.Call, wrappers: dict[str, int]) -> int | None:
    """The index of the code argument when ``call`` makes a Problem, else None."""
    func = call.func
    if isinstance(func, ast.Attribute) and func.attr == "of" and isinstance(func.value, ast.Name):
        return 0 if func.value.id == "Problem" else None
    if isinstance(func, ast.Name):
        if func.id == "Problem":
            return 0
        return wrappers.get(func.id)
    return None


def _functions(tree: ast.AST) -> Iterator[ast.FunctionDef]:
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef):
            yield node


def _find_wrappers(trees: list[ast.Module]) -> dict[str, int]:
    wrappers: dict[str, int] = {}
    changed = True
    while changed:
        changed = False
        for tree in trees:
            for fn in _functions(tree):
                params = [a.arg for a in fn.args.args]
                for call in (n for n in ast.walk(fn) if isinstance(n, ast.Call)):
                    index = _constructor(call, wrappers)
                    if index is None or len(call.args) <= index:
                        continue
                    arg = call.args[index]
                    reassigned = isinstance(arg, ast.Name) and any(
                        isinstance(n, ast.Assign) and _assigns(n, arg.id) for n in ast.walk(fn)
                    )
                    if isinstance(arg, ast.Name) and arg.id in params and fn.name not in wrappers and not reassigned:
                        wrappers[fn.name] = params.index(arg.id)
                        changed = True
    return wrappers


def _assigns(node: ast.Assign, name: str) -> bool:
    return any(isinstance(t, ast.Name) and t.id == name for t in node.targets)


def _literals(node: ast.AST) -> set[str]:
    return {
        n.value
        for n in ast.walk(node)
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and KEBAB.fullmatch(n.value)
    }


def scan() -> dict[str, Found]:
    """Every problem code the engine and the ledger can produce."""
    files = [path for folder in SCANNED for path in sorted(folder.glob("*.py"))]
    trees = [ast.parse(path.read_text(encoding="utf-8"), filename=str(path)) for path in files]
    wrappers = _find_wrappers(trees)
    found: dict[str, Found] = {}
    for path, tree in zip(files, trees, strict=True):
        for fn in _functions(tree):
            if fn.name in wrappers:
                continue
            for call in (n for n in ast.walk(fn) if isinstance(n, ast.Call)):
                index = _constructor(call, wrappers)
                if index is None or len(call.args) <= index:
                    continue
                arg = call.args[index]
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    codes = {arg.value}
                elif isinstance(arg, ast.Name):
                    codes = set()
                    for node in ast.walk(fn):
                        if isinstance(node, ast.Assign) and _assigns(node, arg.id):
                            codes |= _literals(node.value)
                    if not codes:
                        raise AssertionError(f"{path.name}:{call.lineno}: cannot tell which codes {arg.id} holds")
                elif isinstance(arg, ast.Attribute) and arg.attr == "code":
                    continue  # an existing problem re-worded (e.g. numbered): it makes no new code
                else:
                    raise AssertionError(f"{path.name}:{call.lineno}: a problem code that is not a literal or a name")
                template = call.args[index + 1] if len(call.args) > index + 1 else None
                names = frozenset(k.arg for k in call.keywords if k.arg is not None)
                for code in codes:
                    entry = found.setdefault(code, Found(code))
                    if isinstance(template, ast.Constant) and isinstance(template.value, str):
                        entry.templates.add(template.value)
                    entry.params.add(names)
                    entry.where.add(f"{path.relative_to(ROOT)}:{call.lineno}")
    return found


def table() -> str:
    """The VERDICTS table of referee/web/verdicts.py for the codes found now."""
    lines = []
    for code, entry in sorted(scan().items()):
        templates = sorted(entry.templates)
        if len(templates) == 1:
            lines.append(f"    {code!r}: (_({templates[0]!r}),),")
        else:
            lines.append(f"    {code!r}: (")
            lines.extend(f"        _({t!r})," for t in templates)
            lines.append("    ),")
    return "\n".join(lines)


def write_table() -> None:
    """Rewrite the table between the BEGIN TABLE / END TABLE markers of referee/web/verdicts.py."""
    path = ROOT / "referee" / "web" / "verdicts.py"
    text = path.read_text(encoding="utf-8")
    head, rest = text.split("    # BEGIN TABLE\n", 1)
    _, tail = rest.split("    # END TABLE", 1)
    path.write_text(head + "    # BEGIN TABLE\n" + table() + "\n    # END TABLE" + tail, encoding="utf-8")


if __name__ == "__main__":
    import sys

    if "--write" in sys.argv:
        write_table()
    else:
        for code, entry in sorted(scan().items()):
            print(code, sorted(entry.templates), [sorted(p) for p in entry.params])
