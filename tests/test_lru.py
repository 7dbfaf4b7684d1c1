"""The bounded map of least recently used values (referee/lru.py): what it keeps, what it drops first, and that
a peek counts as a use."""

from __future__ import annotations

import pytest

from referee.lru import LeastRecentlyUsed


def kept(size: int, *keys: str) -> LeastRecentlyUsed[str, int]:
    """A map of ``size`` that kept ``keys`` in order, each with its position as value."""
    values = LeastRecentlyUsed[str, int](size=size)
    with values.lock:
        for position, key in enumerate(keys):
            values.keep(key, position)
    return values


def present(values: LeastRecentlyUsed[str, int], keys: str) -> str:
    return "".join(key for key in keys if values.peek(key) is not None)


#: (size, keys kept in order, keys still there): beyond the size, the oldest go first.
CASES = [
    (3, "ab", "ab"),
    (3, "abc", "abc"),
    (3, "abcd", "bcd"),
    (2, "abcde", "de"),
    (1, "abc", "c"),
    (2, "abab", "ab"),  # keeping a key again does not take a second place
]


@pytest.mark.parametrize(("size", "keys", "left"), CASES)
def test_beyond_its_size_the_least_recently_kept_go_first(size: int, keys: str, left: str) -> None:
    values = kept(size, *keys)
    assert len(values) == len(left)
    assert present(values, "abcde") == left


def test_a_peek_makes_a_key_the_most_recently_used() -> None:
    values = kept(2, "a", "b")
    assert values.peek("a") == 0
    with values.lock:
        values.keep("c", 2)
    assert values.peek("b") is None
    assert (values.peek("a"), values.peek("c")) == (0, 2)


def test_keeping_a_key_again_replaces_its_value_and_freshens_it() -> None:
    values = kept(2, "a", "b")
    with values.lock:
        values.keep("a", 10)
        values.keep("c", 11)
    assert values.peek("a") == 10
    assert values.peek("b") is None


def test_a_key_never_kept_peeks_as_none() -> None:
    assert kept(2, "a").peek("z") is None


def test_discard_forgets_one_key_and_clear_every_key() -> None:
    values = kept(3, "a", "b", "c")
    values.discard("b")
    values.discard("never kept")
    assert len(values) == 2
    assert present(values, "abc") == "ac"
    values.clear()
    assert len(values) == 0
    assert values.peek("a") is None
