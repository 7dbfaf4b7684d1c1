"""Templates are compiled once per process, whichever app renders them, and again when their source changes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from jinja2 import DictLoader, Environment

from referee.web.core.compiled_templates import CACHE, ProcessBytecodeCache
from tests.conftest import make_test_app


def counting(environment: Environment, compiled: list[str]) -> Environment:
    """``environment``, noting in ``compiled`` the name of each template it compiles."""
    original = environment.compile

    def compile_and_count(source: Any, name: str | None = None, *args: Any, **kwargs: Any) -> Any:
        compiled.append(name or "")
        return original(source, name, *args, **kwargs)

    environment.compile = compile_and_count  # type: ignore[method-assign]
    return environment


def test_a_second_environment_compiles_nothing_the_first_compiled_until_the_source_changes() -> None:
    cache = ProcessBytecodeCache()
    sources = {"hello.html": "Hello {{ name }}!"}
    compiled: list[str] = []
    first = counting(Environment(loader=DictLoader(sources), bytecode_cache=cache), compiled)
    assert first.get_template("hello.html").render(name="Ana") == "Hello Ana!"
    second = counting(Environment(loader=DictLoader(sources), bytecode_cache=cache), compiled)
    assert second.get_template("hello.html").render(name="Beto") == "Hello Beto!"
    assert compiled == ["hello.html"]
    sources["hello.html"] = "Hola {{ name }}!"
    third = counting(Environment(loader=DictLoader(sources), bytecode_cache=cache), compiled)
    assert third.get_template("hello.html").render(name="Caro") == "Hola Caro!"
    assert compiled == ["hello.html", "hello.html"]


@pytest.mark.usefixtures("monkeypatch")
def test_every_app_of_the_process_shares_the_cache(tmp_path: Path) -> None:
    first = make_test_app(tmp_path / "first")
    second = make_test_app(tmp_path / "second")
    assert first.jinja_env.bytecode_cache is CACHE
    assert second.jinja_env.bytecode_cache is CACHE
    assert first.test_client().get("/").status_code == 200
    compiled: list[str] = []
    counting(second.jinja_env, compiled)
    assert second.test_client().get("/").status_code == 200
    assert compiled == []
    for app in (first, second):
        app.extensions["referee.db"].dispose()
