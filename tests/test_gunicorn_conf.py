"""The production server's settings (referee/gunicorn_conf.py): each name is a gunicorn setting, the address comes
from ``HOST`` and ``PORT``, and each hook hands its work to :mod:`referee.server`. tests/test_server.py runs the
real server with them."""

from __future__ import annotations

import importlib
from types import SimpleNamespace
from typing import Any

import pytest
from gunicorn.config import Config

from referee import gunicorn_conf, server
from referee.worker import CONNECTIONS

#: The settings the module sets, as its docstring argues them.
SETTINGS = {
    "workers": 2,
    "worker_class": "referee.worker.Worker",
    "worker_connections": 8000,
    "backlog": 2048,
    "timeout": 60,
    "graceful_timeout": 25,
    "keepalive": 5,
    "limit_request_line": 4094,
    "limit_request_fields": 60,
    "limit_request_field_size": 8190,
    "accesslog": "-",
    "errorlog": "-",
    "logger_class": "referee.server.AccessLogger",
    "forwarded_allow_ips": "",
    "secure_scheme_headers": {},
    "proc_name": "referee",
    "control_socket_disable": True,
}
HOOKS = ("on_starting", "post_fork", "post_worker_init", "post_request", "worker_exit")


@pytest.mark.parametrize(("name", "value"), SETTINGS.items())
def test_each_setting_is_a_gunicorn_setting_with_its_value(name: str, value: object) -> None:
    assert name in Config().settings
    assert getattr(gunicorn_conf, name) == value


def test_a_worker_holds_the_connections_the_worker_module_says() -> None:
    assert gunicorn_conf.worker_connections == CONNECTIONS


def test_gunicorn_reads_the_module_as_its_configuration() -> None:
    config = Config()
    for name in (*SETTINGS, "bind", "access_log_format", *HOOKS):
        config.set(name, getattr(gunicorn_conf, name))
    assert config.worker_class_str == "referee.worker.Worker"
    assert config.bind == [gunicorn_conf.bind]
    assert config.forwarded_allow_ips == []
    assert config.settings["on_starting"].get() is gunicorn_conf.on_starting


def test_the_address_comes_from_host_and_port(monkeypatch: pytest.MonkeyPatch) -> None:
    try:
        monkeypatch.setenv("HOST", "0.0.0.0")
        monkeypatch.setenv("PORT", "8123")
        assert importlib.reload(gunicorn_conf).bind == "0.0.0.0:8123"
        monkeypatch.setenv("HOST", "")
        monkeypatch.delenv("PORT")
        assert importlib.reload(gunicorn_conf).bind == "127.0.0.1:5000"
    finally:
        monkeypatch.undo()
        importlib.reload(gunicorn_conf)


def test_each_hook_hands_its_work_to_the_server_module(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[Any, ...]] = []
    monkeypatch.setattr(server, "prepare_database", lambda: calls.append(("prepare_database",)))
    monkeypatch.setattr(server, "end_live_streams_on_stop", lambda worker: calls.append(("end_streams", worker)))
    monkeypatch.setattr(server, "secure_error_pages", lambda: calls.append(("secure_error_pages",)))
    monkeypatch.setattr(server, "hang_up_if_stopping",
                        lambda worker, environ, headers: calls.append(("hang_up", worker, environ, headers)))
    monkeypatch.setattr(server, "leave_at_once", lambda worker: calls.append(("leave", worker)))
    worker, environ, headers = object(), {"PATH_INFO": "/v/x/live"}, [("Content-Type", "text/event-stream")]

    gunicorn_conf.on_starting(object())
    assert calls == [("prepare_database",)]
    calls.clear()
    gunicorn_conf.post_worker_init(worker)
    assert calls == [("end_streams", worker), ("secure_error_pages",)]
    calls.clear()
    gunicorn_conf.post_request(worker, object(), environ, SimpleNamespace(headers=headers))
    assert calls == [("hang_up", worker, environ, headers)]
    calls.clear()
    gunicorn_conf.worker_exit(object(), worker)
    assert calls == [("leave", worker)]
    forked, master = SimpleNamespace(), SimpleNamespace(SIG_QUEUE=object())
    gunicorn_conf.post_fork(master, forked)
    assert forked.masters_queue is master.SIG_QUEUE  # the worker's copy of its master's queue (referee.worker)
