"""Players' names that people can tell apart.

:func:`name_problems` is the one check the ledger makes whenever a name joins a game: at its creation, at a
rename, and when a seat is added. :func:`clean_name` is what every input (a form, a file) does to a typed
name before it reaches the ledger.

Decisions:

- A name is kept in NFC (``José`` typed with a combining accent is the same four letters), without escape
  codes, control, format or direction characters (zero-width spaces and joiners, bidi overrides and isolates,
  soft hyphens, variation selectors), without blank fillers that look like nothing (Hangul fillers, the
  braille blank), with runs of spaces collapsed to one, and at most :data:`MAX_NAME_LENGTH` characters.
  Every input cleans; the ledger refuses a name that is not clean, so a stored name always is.
- Two names look the same when their keys match: NFKC (fullwidth ``Ａｎａ`` is ``Ana``) and case folding,
  then the Unicode TR39 confusable skeleton (Cyrillic ``А`` is Latin ``A``, ``rn`` is ``m``, ``0`` is ``O``).
  The skeleton is ICU's ``SpoofChecker`` (the reference implementation, through PyICU), so the confusables
  data follow ICU's Unicode version.
- Names alike but for upper and lower case keep the older messages ("two players are called ana", "Ana is
  already playing in this game"); any other clash names both: "«Аna» looks the same as «Ana»".

>>> clean_name("  Ana\\u200b \\x1b[31m  Beto ")
'Ana Beto'
>>> [p.message for p in name_problems(["Ana", "Beto", "\\u0410na"])]
['«Аna» looks the same as «Ana»']
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from functools import lru_cache

import icu

from referee.rules.problems import Problem

__all__ = ["MAX_NAME_LENGTH", "clean_name", "name_problems", "looks_like", "without_escapes"]

#: The longest name a player may have (the new-game and rename forms ask for no more).
MAX_NAME_LENGTH = 40

# Terminal escape sequences: CSI (ESC [ … final), OSC (ESC ] … BEL or ESC \), two-character escapes, and the
# one-byte C1 CSI. Removed whole, so no "[31m" is left behind.
_ESCAPES = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]?|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?|\x1b[ -~]?|\x9b[0-?]*[ -/]*[@-~]?")
# Characters that draw nothing although their category says letter, mark or symbol.
_BLANKS = frozenset("\u115f\u1160\u3164\uffa0\u2800\u034f\u17b4\u17b5") | frozenset(
    chr(c) for c in (*range(0x180B, 0x1810), *range(0xFE00, 0xFE10), *range(0xE0100, 0xE01F0))
)
_SPOOF = icu.SpoofChecker()


def _dropped(char: str) -> bool:
    return unicodedata.category(char) in ("Cc", "Cf", "Co", "Cs", "Cn") or char in _BLANKS


def without_escapes(text: str) -> str:
    """``text`` with every terminal escape sequence removed whole (not just its ESC).

    >>> without_escapes("Be\\x1b[31mto\\x1b]0;title\\x07")
    'Beto'
    """
    return _ESCAPES.sub("", text)


def clean_name(text: str) -> str:
    """``text`` as the name to keep: escape codes and invisible characters removed, spaces collapsed, NFC."""
    text = without_escapes(text)
    text = "".join(char for char in text if not _dropped(char))
    return unicodedata.normalize("NFC", " ".join(text.split()))


@lru_cache(maxsize=4096)
def _keys(name: str) -> frozenset[str]:
    """The forms two names are compared in; they look the same when they share one.

    The skeleton before case folding and again after it: "Ian" looks like "lan" (capital I is drawn as small l),
    and the folded letters may have confusables of their own. And the skeleton of the folded name: case folding
    first is how "Iris" meets the dotless "ıris" (I folds to i, whose skeleton the dotless ı shares), which the
    skeleton taken first keeps apart (it draws I as l).
    """
    nfkc = unicodedata.normalize("NFKC", name)
    skeleton = _SPOOF.getSkeleton(0, nfkc)
    return frozenset(unicodedata.normalize("NFKC", _SPOOF.getSkeleton(0, text))
                     for text in (skeleton.casefold(), nfkc.casefold()))


def looks_like(name: str, other: str) -> bool:
    """Whether two names would look the same to the table (NFKC, case folding, the TR39 skeleton).

    >>> looks_like("Iris", "\u0131ris"), looks_like("Ian", "lan"), looks_like("Iris", "Ines")
    (True, True, False)
    """
    return not _keys(name).isdisjoint(_keys(other))


def _own_problems(name: str, *, alone: bool) -> list[Problem]:
    if not clean_name(name):
        return [Problem.of("empty-name", "alone" if alone else "every")]
    if clean_name(name) != name:
        return [Problem.of("name-unclean", name=clean_name(name))]
    if len(name) > MAX_NAME_LENGTH:
        return [Problem.of("name-too-long", max=MAX_NAME_LENGTH, name=name[:MAX_NAME_LENGTH])]
    return []


def name_problems(names: Sequence[str], *, changed: int | None = None) -> list[Problem]:
    """Every reason ``names`` cannot be a game's players (empty: they can).

    ``names`` are the players as they would be after the change; ``changed`` is the seat of the one name
    being added or renamed (only it is checked, against every other), or None for a new game (every name).
    """
    problems: list[Problem] = []
    seats = range(len(names)) if changed is None else [changed]
    empty_said = False
    bad: set[int] = set()
    for seat in seats:
        for problem in _own_problems(names[seat], alone=changed is not None):
            bad.add(seat)
            if problem.code == "empty-name":
                if empty_said:
                    continue
                empty_said = True
            problems.append(problem)
    # Only names fit to keep are compared (a blank or unclean name is already refused for itself).
    pairs = ((later, earlier) for later in range(len(names)) for earlier in range(later)
             if later not in bad and earlier not in bad)
    if changed is not None:
        pairs = ((changed, other) for other in range(len(names)) if other != changed and changed not in bad)
    reported: set[str] = set()
    for seat, other in pairs:
        name, earlier = names[seat], names[other]
        if name.casefold() == earlier.casefold():
            if name.casefold() not in reported:
                reported.add(name.casefold())
                problems.append(
                    Problem.of("name-taken", name=earlier) if changed is not None
                    else Problem.of("duplicate-player", name=name.casefold()))
        elif looks_like(name, earlier):
            problems.append(Problem.of("names-look-alike", name=name, other=earlier))
    return problems
