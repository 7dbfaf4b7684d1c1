"""Pages rendered once per change (referee/web/core/rendered.py): a page's bytes, gzip and ETag made once, and a
cache that builds each key once even when many threads ask at once."""

from __future__ import annotations

import gzip
import threading
import time

from referee.web.core.rendered import DEFAULT_SIZE, Page, RenderCache, page_of


def test_a_page_is_its_utf8_bytes_their_gzip_and_an_etag_of_them() -> None:
    page = page_of("<p>Zoë: 25</p>")
    assert isinstance(page, Page)
    assert page.body == "<p>Zoë: 25</p>".encode()
    assert gzip.decompress(page.gzipped) == page.body
    assert len(page.etag) == 24  # 12 bytes, in hex
    assert int(page.etag, 16) >= 0
    assert page_of("<p>Zoë: 25</p>") == page  # the same page: the same bytes, gzip (no time in it) and ETag
    assert page_of("<p>Zoë: 26</p>").etag != page.etag


def test_a_key_is_built_once_then_served_from_memory() -> None:
    cache: RenderCache[str] = RenderCache(size=4)
    built: list[str] = []

    def build(value: str) -> str:
        built.append(value)
        return value

    assert cache.get(("board", 3, "es"), lambda: build("three")) == "three"
    assert cache.get(("board", 3, "es"), lambda: build("again")) == "three"
    assert cache.get(("board", 4, "es"), lambda: build("four")) == "four"
    assert built == ["three", "four"]
    assert cache.builds == 2
    assert cache.peek(("board", 5, "es")) is None  # a peek never builds
    assert cache.builds == 2


def test_beyond_its_size_the_least_recently_used_page_is_built_again() -> None:
    cache: RenderCache[int] = RenderCache(size=2)
    for key in (1, 2, 3):
        cache.get(key, lambda key=key: key * 10)
    assert len(cache) == 2
    assert cache.get(1, lambda: 11) == 11  # dropped: built anew
    assert cache.get(3, lambda: 31) == 30
    assert cache.builds == 4
    assert RenderCache().size == DEFAULT_SIZE


def test_many_threads_asking_for_one_key_at_once_wait_for_one_build() -> None:
    cache: RenderCache[str] = RenderCache(size=8)
    builds: list[int] = []
    answers: list[str] = []
    start = threading.Barrier(20)

    def slow_build() -> str:
        builds.append(1)
        time.sleep(0.05)
        return "board"

    def ask() -> None:
        start.wait()
        answers.append(cache.get("seq 7", slow_build))

    threads = [threading.Thread(target=ask) for _ in range(20)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(5)
    assert answers == ["board"] * 20
    assert len(builds) == 1
    assert cache.builds == 1
