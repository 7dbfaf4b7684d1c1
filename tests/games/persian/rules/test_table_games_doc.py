"""docs/table-games.md and the references to it: every section and decision (T-number) the Persian games' code
and tests cite exists, and every decision number is used once."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[4]
DOC = ROOT / "docs" / "table-games.md"
CITING = sorted(path for path in [*(ROOT / "referee" / "games" / "persian").rglob("*.py"),
                                  *(ROOT / "tests" / "games" / "persian").rglob("*.py")]
                if path.resolve() != Path(__file__).resolve())
#: "docs/table-games.md §2.4", "docs/table-games.md §4–§6": every § after the file's name.
SECTION_REF = re.compile(r"docs/table-games\.md,?\s*((?:§\d+(?:\.\d+)*(?:\s*(?:–|-|,|and|or)\s*)?)+)")
SECTION = re.compile(r"§(\d+(?:\.\d+)*)")
DECISION_REF = re.compile(r"(?<![\w#&-])T(\d{1,2})\b")
HEADING = re.compile(r"^#{2,4} (\d+(?:\.\d+)*)\.? ", re.MULTILINE)
DECISION = re.compile(r"^\*\*T(\d+)\.", re.MULTILINE)


def test_the_page_has_its_sections_and_unique_decisions() -> None:
    text = DOC.read_text(encoding="utf-8")
    assert {"1", "2", "2.6", "3", "4", "5", "6", "7", "7.1", "8"} <= set(HEADING.findall(text))
    numbers = DECISION.findall(text)
    assert numbers
    assert len(numbers) == len(set(numbers))


@pytest.mark.parametrize("path", CITING, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_citation_exists(path: Path) -> None:
    text = DOC.read_text(encoding="utf-8")
    sections, decisions = set(HEADING.findall(text)), set(DECISION.findall(text))
    cited = path.read_text(encoding="utf-8")
    broken = [f"§{s}" for group in SECTION_REF.findall(cited) for s in SECTION.findall(group) if s not in sections]
    broken += [f"T{d}" for d in DECISION_REF.findall(cited) if d not in decisions]
    assert broken == []


def test_a_broken_citation_is_caught() -> None:
    assert SECTION.findall(SECTION_REF.findall("see docs/table-games.md §2.9 and §4")[0]) == ["2.9", "4"]
    assert DECISION_REF.findall("(docs/table-games.md, T99) but not AT5 or 10T") == ["99"]
