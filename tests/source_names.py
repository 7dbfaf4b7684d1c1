"""What a module's source names, read with :mod:`ast`: the shape tests' way of checking that a module names no event
(tests/games/rummy/ledger/test_file_parts.py, tests/games/persian/ledger/test_file_parts.py)."""

from __future__ import annotations

import ast
from pathlib import Path


def names_in(module: object) -> set[str]:
    """Every name a module's source says: names, attributes and imported names."""
    file = getattr(module, "__file__", None)
    assert isinstance(file, str)
    tree = ast.parse(Path(file).read_text(encoding="utf-8"))
    said: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            said.add(node.id)
        elif isinstance(node, ast.Attribute):
            said.add(node.attr)
        elif isinstance(node, ast.alias):
            said.add(node.asname or node.name.rsplit(".", 1)[-1])
    return said
