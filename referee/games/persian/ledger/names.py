"""Players' names the table can tell apart, checked with the standard library only.

Every name that joins a game (at its creation, at a rename) passes :func:`name_problems`. The rules check that
every seat has a name and that no name is written twice (:meth:`~referee.games.persian.rules.base.GameRules.
table_problems`); the ledger adds what keeps a name fit to show and to tell apart:

- a name is kept clean: NFC, no control, format or private-use characters (escape codes, zero-width and
  direction marks), no spaces at its ends or two in a row; :func:`clean_name` says how to write it instead;
- at most :data:`MAX_NAME_LENGTH` characters;
- two names that look the same once folded (NFKC and case folding: fullwidth ``Ａｎａ`` and ``ana`` are
  ``Ana``) are refused.

Decision: the Unicode confusable skeleton (Cyrillic ``А`` for Latin ``A``) needs ICU, which the family's pure
code does not import (``referee.ledger.names`` has it); a form may run that fuller check before a name reaches
the ledger.

>>> [str(p) for p in name_problems(("Ana", "Beto", "ＡＮＡ"))]
['«ＡＮＡ» looks the same as «Ana»']
>>> clean_name(" Ana\\u200b  Beto ")
'Ana Beto'
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from referee.games.persian.ledger.wording import LedgerProblem

__all__ = ["MAX_NAME_LENGTH", "clean_name", "name_problems"]

#: The longest name a player may have (the same limit as the rummy games' forms).
MAX_NAME_LENGTH = 40


def clean_name(text: str) -> str:
    """``text`` as a name is kept: invisible characters dropped, spaces collapsed, NFC."""
    kept = "".join(char for char in text if not unicodedata.category(char).startswith("C"))
    return unicodedata.normalize("NFC", " ".join(kept.split()))


def _folded(name: str) -> str:
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())


def _own_problems(name: str) -> list[LedgerProblem]:
    if not name.strip():
        return []  # the rules say every player needs a name
    if clean_name(name) != name:
        return [LedgerProblem.of("name-unclean", name=name, clean=clean_name(name))]
    if len(name) > MAX_NAME_LENGTH:
        return [LedgerProblem.of("name-too-long", max=MAX_NAME_LENGTH, name=name[:MAX_NAME_LENGTH])]
    return []


def name_problems(names: Sequence[str], *, changed: int | None = None) -> list[LedgerProblem]:
    """Every reason the ledger refuses ``names`` as a game's players, beyond the rules' own checks.

    ``changed`` is the seat of a renamed player (only that name is checked, against every other; an exact
    repeat is "name-taken"), or None at a game's creation (every name, against the earlier ones; an exact
    repeat is the rules' to say).
    """
    seats = range(len(names)) if changed is None else (changed,)
    problems: list[LedgerProblem] = []
    for seat in seats:
        own = _own_problems(names[seat])
        problems += own
        if own or not names[seat].strip():
            continue
        others = range(seat) if changed is None else (s for s in range(len(names)) if s != seat)
        for other in others:
            if names[other] == names[seat]:
                if changed is not None:
                    problems.append(LedgerProblem.of("name-taken", name=names[seat]))
                break
            if _folded(names[other]) == _folded(names[seat]):
                problems.append(LedgerProblem.of("names-look-alike", name=names[seat], other=names[other]))
                break
    return problems
