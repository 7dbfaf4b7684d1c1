"""Game files of any family: read the file's JSON once within the limits, then hand it to the family whose
``format`` it names (:func:`referee.families.family_for_file`).

The one gate for a file from outside (``referee tally``, restoring a backup): :func:`read_file` refuses, with one
line, a file beyond the limits of :func:`referee.ledger.gamefile.loads` (size, UTF-8, JSON, long numbers) before
any family looks at it, then the family's own reader checks the rest (its shape, its games, its cards). A file
whose ``format`` no family writes goes to the first family, whose reader says in its own words that it is not
one of its files.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from referee import families
from referee.families import Family
from referee.ledger.gamefile import MAX_FILE_BYTES, GameFileError, loads

__all__ = ["MAX_FILE_BYTES", "GameFile", "read_file", "is_unreadable"]


@dataclass(frozen=True)
class GameFile:
    """A file someone sent, read: the family that writes its format and the file's dict as that family read it."""

    family: Family
    data: dict[str, Any]

    def events(self) -> list[Any]:
        """The game's events, as its family imports them (its ``file_error`` where it cannot)."""
        return self.family.import_game(self.data)

    def tally(self) -> Any:
        """The file replayed leniently by its family: ``.state``, ``.errors`` and ``.allowed``."""
        return self.family.tally(self.data)


def read_file(raw: bytes | str) -> GameFile:
    """The file ``raw`` read by the family whose format it names; raises a ``ValueError`` (one line) that the
    caller shows: the limits' error, or the family's ``file_error``."""
    data = loads(raw)
    family = families.family_for_file(data)
    return GameFile(family, family.read_file(data))


def is_unreadable(error: BaseException) -> bool:
    """Whether ``error`` says a file cannot be read (beyond the limits, or refused by a family's reader), as
    opposed to a game the rules refuse."""
    kinds: tuple[type[ValueError], ...] = (GameFileError, *(family.file_error for family in families.families()))
    return isinstance(error, kinds)
