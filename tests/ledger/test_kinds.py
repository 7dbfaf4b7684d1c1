"""A family's registry of event kinds is found from its modules (referee/ledger/kinds.py): every kind its modules
define, by type, and nothing else; two kinds of one type are refused."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from referee.games.persian.ledger import events as persian
from referee.games.rummy.ledger import events as rummy
from referee.ledger.kinds import kinds_in

BASE = textwrap.dedent('''
    """The kinds' base."""


    class Happened:
        """Every kind derives from it."""

        type = ""


    class InHand(Happened):
        """A base some kinds share: no type of its own."""
''')

SKIPPED = textwrap.dedent('''
    """A kind, and names that are not kinds."""

    from table_events.base import Happened, InHand


    class Skipped(InHand):
        """A hand nobody played."""

        type = "skipped"


    class Note:
        """Not an event: it has a type but no event base."""

        type = "note"
''')


def _package(root: Path, name: str, modules: dict[str, str], monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = root / name
    folder.mkdir()
    (folder / "__init__.py").write_text("", encoding="utf-8")
    for module, source in modules.items():
        (folder / f"{module}.py").write_text(source, encoding="utf-8")
    monkeypatch.syspath_prepend(str(root))
    return folder


def test_every_kind_a_module_defines_and_nothing_else(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    played = SKIPPED.replace("Skipped", "Played").replace('"skipped"', '"played"').replace("class Note", "class Aside")
    folder = _package(tmp_path, "table_events", {"base": BASE, "skipped": SKIPPED, "played": played}, monkeypatch)
    base = __import__("table_events.base", fromlist=["Happened"]).Happened
    found = kinds_in("table_events", [str(folder)], base)
    # In the order of the modules' names; the imported bases, the shared InHand and the non-events are left out.
    assert {kind: cls.__name__ for kind, cls in found.items()} == {"played": "Played", "skipped": "Skipped"}
    assert list(found) == ["played", "skipped"]


def test_two_kinds_of_one_type_are_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # A package of its own name: the modules of the test above stay imported.
    skipped = SKIPPED.replace("table_events.base", "twice_events.base")
    again = skipped.replace("class Skipped", "class NotPlayed")
    folder = _package(tmp_path, "twice_events", {"base": BASE, "a": skipped, "b": again}, monkeypatch)
    base = __import__("twice_events.base", fromlist=["Happened"]).Happened
    with pytest.raises(TypeError, match="two kinds of event of type 'skipped': Skipped and NotPlayed"):
        kinds_in("twice_events", [str(folder)], base)


@pytest.mark.parametrize(("registry", "kinds"), [
    (rummy.EVENT_TYPES, {"buy", "contract-chosen", "deal-corrected", "deal-ended", "exact-cut", "game-abandoned",
             "game-created", "laid-down", "misdeal", "player-left", "player-renamed", "seats-changed",
             "shanghai-called", "undone"}),
    (persian.EVENTS, {"game-created", "game-ended", "hand-corrected", "hand-played", "player-renamed", "redeal",
                      "undone"}),
], ids=["rummy", "persian"])
def test_each_familys_registry_is_its_packages_kinds(registry: dict[str, type], kinds: set[str]) -> None:
    assert set(registry) == kinds
    assert all(cls.type == kind for kind, cls in registry.items())
