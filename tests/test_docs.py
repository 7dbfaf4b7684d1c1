"""The project's rule book, docs/rules.md, and the references to it.

Code, templates, styles, scripts and tests cite only what the repository holds: a section of docs/rules.md
(``docs/rules.md §3``) or one of its decisions (``docs/rules.md, D4``). These tests fail when a file cites a text
outside the repository (the original rule book or style guide, a path beside the checkout, a work stream, an
issue number), when a cited section or decision does not exist, and when the rule book itself does.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "docs" / "rules.md"
SCANNED = ("referee", "templates", "static", "tests")
TEXT_SUFFIXES = {".py", ".html", ".js", ".css", ".txt", ".json", ".md", ".cfg", ".toml", ".po", ".svg", ".webmanifest"}
SKIPPED_DIRS = {"__pycache__", "screenshots", ".pytest_cache", ".hypothesis"}
THIS_FILE = Path(__file__).resolve()

#: What a reader of this repository cannot follow, and why (each pattern is written so it does not match itself).
FOREIGN = {
    "the original rule book (cite docs/rules.md)": re.compile(r"\bRULES\.md"),
    "the style guide outside the repository": re.compile(r"\bSTYLE\.md"),
    "a path beside the checkout": re.compile(r"\.\./shared\b|/work/[\w.-]"),
    "a decision numbered in the original rule book (cite docs/rules.md, D<n>)": re.compile(
        r"\b[Bb]inding decisions?\s+\d"
    ),
    "a work stream's name": re.compile(r"\bweb-[AB]\b"),
    "an issue number": re.compile(r"\b[Ii]ssues?\s*#?\d+|\bissue #"),
}

#: "docs/rules.md §3", "docs/rules.md §3–§10", "docs/rules.md §13 and §14.7": every § after the file's name.
SECTION_REF = re.compile(r"docs/rules\.md,?\s*((?:§\d+(?:\.\d+)*(?:\s*(?:–|-|,|and|or|&)\s*)?)+)")
SECTION = re.compile(r"§(\d+(?:\.\d+)*)")
#: "D4", "D4–D11": a decision (not part of a word, a colour such as #D3D3D3 or a card such as 10D).
DECISION_REF = re.compile(r"(?<![\w#&-])D(\d{1,3})\b")
HEADING = re.compile(r"^#{2,4} (\d+(?:\.\d+)*)\.? ", re.MULTILINE)
DECISION = re.compile(r"^\*\*D(\d+)\.", re.MULTILINE)


def scanned_files() -> Iterator[Path]:
    """Every text file under the scanned folders (generated files left out)."""
    for top in SCANNED:
        for path in sorted((ROOT / top).rglob("*")):
            generated = SKIPPED_DIRS.intersection(path.relative_to(ROOT).parts)
            if path.is_file() and path.suffix in TEXT_SUFFIXES and path.resolve() != THIS_FILE and not generated:
                yield path


def read(path: Path) -> str:
    return path.read_text(encoding="utf-8", errors="replace")


def rules_text() -> str:
    return read(RULES)


def sections(text: str) -> set[str]:
    return set(HEADING.findall(text))


def decisions(text: str) -> list[int]:
    return [int(n) for n in DECISION.findall(text)]


def foreign_citations(text: str) -> list[str]:
    """Each line of ``text`` that cites something outside the repository, with the reason."""
    found = []
    for number, line in enumerate(text.splitlines(), start=1):
        for reason, pattern in FOREIGN.items():
            if pattern.search(line):
                found.append(f"line {number}: {reason}: {line.strip()}")
    return found


def broken_references(text: str, known_sections: set[str], known_decisions: set[int]) -> list[str]:
    """Each section or decision that ``text`` cites and docs/rules.md lacks."""
    broken = []
    for number, line in enumerate(text.splitlines(), start=1):
        for group in SECTION_REF.findall(line):
            broken += [f"line {number}: §{s}" for s in SECTION.findall(group) if s not in known_sections]
        broken += [f"line {number}: D{d}" for d in DECISION_REF.findall(line) if int(d) not in known_decisions]
    return broken


FILES = list(scanned_files())


def test_the_rule_book_is_there_with_its_parts() -> None:
    text = rules_text()
    found = sections(text)
    # every variant's section, the tables, the house rules, the decisions and the screens' decisions
    assert {"1", "2.1", "3", "4", "5", "6", "7", "8", "9.1", "9.2", "9.3", "10", "11.1", "12", "14", "15"} <= found
    numbers = decisions(text)
    assert numbers, "docs/rules.md has no decisions"
    assert len(numbers) == len(set(numbers)), "a decision number is used twice"


def test_the_rule_book_names_every_variant() -> None:
    from referee.rules.catalogue import variant_ids

    text = rules_text()
    missing = [variant_id for variant_id in variant_ids() if f"`{variant_id}`" not in text]
    assert not missing, f"docs/rules.md does not name these variants: {missing}"


def test_the_rule_book_cites_nothing_outside_the_repository() -> None:
    assert foreign_citations(rules_text()) == []


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_file_cites_what_the_repository_does_not_hold(path: Path) -> None:
    assert foreign_citations(read(path)) == []


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_reference_to_the_rule_book_exists(path: Path) -> None:
    text = rules_text()
    assert broken_references(read(path), sections(text), set(decisions(text))) == []


# ---- the checks themselves catch what they are for ------------------------------------------------------------


@pytest.mark.parametrize(
    "line",
    [
        "# see " + "RULES" + ".md §3",
        "(" + "STYLE" + ".md, rule 1)",
        "read ../" + "shared/rules",
        "notes in /" + "work/coord/web-notes.md",
        "binding" + " decision 3",
        "web-" + "A's layout",
        "the format of " + "issue 4",
        "fixed in " + "issue #12",
    ],
)
def test_a_foreign_citation_is_caught(line: str) -> None:
    assert len(foreign_citations(line)) == 1


@pytest.mark.parametrize(
    ("line", "broken"),
    [
        ("card values (docs/rules.md §11.1)", []),
        ("tables from docs/rules.md §3–§10", []),
        ("docs/rules.md §13 and §14.7 gather them", []),
        ("(docs/rules.md, D4–D11)", []),
        ("(docs/rules.md §99)", ["line 1: §99"]),
        ("docs/rules.md §3–§42", ["line 1: §42"]),
        ("(docs/rules.md, D999)", ["line 1: D999"]),
        ("the 10D and 2D cards, colour #D3D3D3", []),
    ],
)
def test_a_broken_reference_is_caught(line: str, broken: list[str]) -> None:
    text = rules_text()
    assert broken_references(line, sections(text), set(decisions(text))) == broken
