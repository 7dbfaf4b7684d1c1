"""Players' names the table can tell apart: the project's one name check (:mod:`referee.ledger.names`), with this
family's codes and sentences.

Every name that joins a game (at its creation, at a rename) passes :func:`name_problems`. The rules check that
every seat has a name and that no name is written twice (:meth:`~referee.games.persian.rules.base.GameRules.
table_problems`); the ledger adds what keeps a name fit to show and to tell apart, as the rummy games' ledger does:

- a name is kept clean (:func:`~referee.ledger.names.clean_name`: NFC, no escape codes, no control, format or
  direction characters, no blank fillers, no spaces at its ends or two in a row);
- at most :data:`~referee.ledger.names.MAX_NAME_LENGTH` characters;
- two names that look the same (:func:`~referee.ledger.names.looks_like`: NFKC, case folding and the Unicode
  confusable skeleton — fullwidth ``Ａｎａ`` and ``ana`` are ``Ana``, and so is Cyrillic ``Аna``) are refused.

Decision: the check is the core's, not a copy. The purity rule holds for the rules engine
(:mod:`referee.games.persian.rules`, standard library only), which checks only that names are there and
distinct; this ledger already stands on the core (the family registers with :mod:`referee.families`, its records
with :mod:`referee.records`, which imports :mod:`referee.ledger.names`), so taking the name check from there costs
no new dependency, and a name the forms clean (they call the same :func:`clean_name`) is the name the ledger
accepts. What stays the family's is the wording: the core's check returns the rummy engine's problems, worded in
its catalogue, while this family's refusals are :class:`~referee.games.persian.ledger.wording.LedgerProblem` in
its own; and this family's split of the work with its rules (an empty name and an exact repeat at creation are
the rules' to say; at a rename an exact repeat is "name-taken" and any other look-alike "names-look-alike").

>>> [str(p) for p in name_problems(("Ana", "Beto", "ＡＮＡ", "\u0410na"))]
['«ＡＮＡ» looks the same as «Ana»', '«Аna» looks the same as «Ana»']
"""

from __future__ import annotations

from collections.abc import Sequence

from referee.games.persian.ledger.wording import LedgerProblem
from referee.ledger.names import MAX_NAME_LENGTH, clean_name, looks_like

__all__ = ["name_problems"]


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
            if looks_like(names[seat], names[other]):
                problems.append(LedgerProblem.of("names-look-alike", name=names[seat], other=names[other]))
                break
    return problems
