"""The kinds of event a family's events package defines, found by their modules: a registry no one keeps by hand.

A family keeps one module a kind of event (contract rummy's ``referee/games/rummy/ledger/events/``, the Persian
games' ``referee/games/persian/ledger/events/``). Its registry is :func:`kinds_in` of that package: every class
derived from the family's event base with a ``type`` of its own, defined in one of the package's modules (not
imported into it), by that type, in the order of the modules' names. So a new kind of event is one new module in
the package, and nothing else lists it.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Iterable
from typing import TypeVar

Kind = TypeVar("Kind")


def kinds_in(package: str, path: Iterable[str], base: type[Kind]) -> dict[str, type[Kind]]:
    """Every kind of event (a subclass of ``base`` with a non-empty ``type`` of its own) that the modules of
    ``package``, at ``path`` (its ``__path__``), define, by its type. Two kinds of one type are a mistake, said at
    import (:class:`TypeError`)."""
    found: dict[str, type[Kind]] = {}
    for info in pkgutil.iter_modules(list(path)):
        module = importlib.import_module(f"{package}.{info.name}")
        for value in vars(module).values():
            if not (isinstance(value, type) and issubclass(value, base) and value.__module__ == module.__name__):
                continue
            kind = vars(value).get("type")
            if not isinstance(kind, str) or not kind:
                continue  # a base that kinds share, such as contract rummy's InDeal
            if kind in found:
                raise TypeError(f"two kinds of event of type {kind!r}: {found[kind].__name__} and {value.__name__}")
            found[kind] = value
    return found
