"""The production server's settings: a gunicorn configuration module.

``referee serve`` loads it (see :mod:`referee.server`); gunicorn itself can too::

    gunicorn -c python:referee.gunicorn_conf 'referee:create_app()'

Every module-level name below that is a gunicorn setting is one (gunicorn ignores the others). ``HOST`` and
``PORT`` choose the address (``--workers`` the processes); the rest are the limits that keep a server answering
when a phone, a proxy or an attacker misbehaves.

Why these numbers:

- ``worker_class``: gunicorn's gevent worker with a cap on each client address's connections and read
  deadlines (:class:`referee.worker.Worker`, whose docstring argues the choice with its measurements): an open
  scoreboard holds a greenlet, not a thread, so thousands of viewers cost little and no client can hold the
  connections everyone else needs. ``worker_connections`` is how many connections one worker holds at once.
- ``timeout``: a worker that answers nothing for this long is restarted (a long poll answers within 20 s).
- ``keepalive``: every request's head, the first one's included, must have come within this many seconds,
  else the connection is closed: an idle kept-alive connection, a silent one and a half-sent request alike.
- ``limit_request_*``: a request line, header count and header size beyond these are refused with 400.
  The request body's limit is the app's (``MAX_CONTENT_LENGTH``).
- ``graceful_timeout``: on SIGTERM, requests in flight get this long to finish. Open live streams do not wait
  for it: each worker ends its streams at once (``post_worker_init``, see
  :func:`referee.server.end_live_streams_on_stop`), telling the browsers to reconnect in a moment.
"""

from __future__ import annotations

import os
from typing import Any

from referee.worker import CONNECTIONS

#: Where to listen: ``HOST``/``PORT`` as for ``make run``.
bind = f"{os.environ.get('HOST') or '127.0.0.1'}:{os.environ.get('PORT') or '5000'}"
workers = 2
worker_class = "referee.worker.Worker"
#: Connections a worker keeps at once (in requests, open scoreboards, kept alive); more wait in the backlog.
worker_connections = CONNECTIONS
backlog = 2048

timeout = 60
graceful_timeout = 25
keepalive = 5
limit_request_line = 4094
limit_request_fields = 60
limit_request_field_size = 8190

#: The access log goes to stderr, with every link's secret masked (``referee.server.AccessLogger``).
accesslog = "-"
errorlog = "-"
logger_class = "referee.server.AccessLogger"
access_log_format = '%(h)s "%(r)s" %(s)s %(b)s %(M)sms "%(f)s" "%(a)s"'
#: gunicorn believes no X-Forwarded-* header from anyone (its defaults believe loopback's, and every client's on
#: a Unix socket: hence both settings). The app's ProxyFix settings (``REFEREE_PROXY_FIX_*``, see
#: ``referee.web.core.security``) are the one place that decides which proxy to believe, so a header forged on a
#: server without a proxy changes nothing; ``FORWARDED_ALLOW_IPS`` is not read.
forwarded_allow_ips = ""
secure_scheme_headers: dict[str, str] = {}
proc_name = "referee"
#: gunicorn's control socket (a file in the home folder) is not used: stop the server with SIGTERM.
control_socket_disable = True


def on_starting(_server: Any) -> None:
    """Bring the database schema up to date once, in the master, before any worker starts."""
    from referee.server import prepare_database

    prepare_database()


def post_fork(server: Any, worker: Any) -> None:
    """The new worker keeps its master's signal queue, where a stop sent before its own handlers are in place goes
    (see :meth:`referee.worker.Worker.init_signals`)."""
    worker.masters_queue = server.SIG_QUEUE


def post_worker_init(worker: Any) -> None:
    """On SIGTERM, this worker ends its viewers' live streams at once, so it exits by itself within moments; the
    pages gunicorn writes itself (400, 414, 431) carry the security headers."""
    from referee.server import end_live_streams_on_stop, secure_error_pages

    end_live_streams_on_stop(worker)
    secure_error_pages()


def post_request(worker: Any, _req: Any, environ: dict[str, Any], resp: Any) -> None:
    """A live stream that ended because this worker stops is hung up at once, from its own thread."""
    from referee.server import hang_up_if_stopping

    hang_up_if_stopping(worker, environ, resp.headers)



def worker_exit(_server: Any, worker: Any) -> None:
    """A worker that finished its work leaves at once (see :func:`referee.server.leave_at_once`)."""
    from referee.server import leave_at_once

    leave_at_once(worker)
