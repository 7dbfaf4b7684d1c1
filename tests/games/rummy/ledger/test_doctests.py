"""The examples in the ledger's docstrings run."""

from __future__ import annotations

import doctest

import pytest

from referee.games.rummy.ledger import events, state


@pytest.mark.parametrize("module", [events, state], ids=lambda m: m.__name__)
def test_doctests(module: object) -> None:
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)  # type: ignore[arg-type]
    assert result.attempted > 0
    assert result.failed == 0
