"""The production server's settings: a gunicorn configuration module.

``referee serve`` loads it (see :mod:`referee.server`); gunicorn itself can too::

    gunicorn -c python:referee.gunicorn_conf 'referee:create_app()'

Every module-level name below that is a gunicorn setting is one (gunicorn ignores the others). ``HOST``,
``PORT`` and ``REFEREE_THREADS`` choose the address and the size (``--workers`` the processes); the rest are the limits
that keep a server answering when a phone, a proxy or an attacker misbehaves.

Why these numbers:

- ``gthread`` workers: an open scoreboard (a server-sent-event stream) holds one thread, which waits on the
  process's change watcher and costs no CPU while it waits; the scorekeeper's save never queues behind viewers
  as long as a worker has threads to spare, so every worker has many (``threads``). Chosen over gevent by
  measurement: ``python -m pytest -s tests/bench/bench_server.py`` (2 workers, loopback, a 2-core machine
  under other load, load average 5-7), three runs, medians (min-max) — save to every viewer, p95: at 100
  viewers gthread 97 ms (67-121), gevent 106 ms (94-153); at 500 gthread 111 ms (82-119), gevent 148 ms
  (96-235); a page meanwhile at 500: gthread 1.9 ms (1.5-3.1), gevent 3.6 ms (2.8-4.8); both under 1% of a
  core while nobody saved. gevent uses half the memory per viewer (at 500: 38 KB against 74 KB (72-77); at
  100 the workers' fixed growth counts more: 73 against 141 KB). One run with ``BENCH_VIEWERS=1000``: p95
  gthread 135 ms, gevent 193 ms; 68 KB against 37 KB a viewer. gevent would also stall a whole worker
  whenever SQLite makes a writer wait for the lock.
- ``timeout``: a worker that answers nothing for this long is restarted (a long poll answers within 20 s).
- ``keepalive``: an idle kept-alive connection is closed after this many seconds; a new connection that sends
  nothing is handed back to the worker's poller after 5 s (gunicorn's own limit) and closed ``keepalive``
  seconds later, so silent connections never hold the threads the real requests need.
- ``limit_request_*``: a request line, header count and header size beyond these are refused with 400.
  The request body's limit is the app's (``MAX_CONTENT_LENGTH``).
- ``graceful_timeout``: on SIGTERM, requests in flight get this long to finish. Open live streams do not wait
  for it: each worker ends its streams at once (``post_worker_init``, see
  :func:`referee.server.end_live_streams_on_stop`), telling the browsers to reconnect in a moment.
"""

from __future__ import annotations

import os
from typing import Any

#: Where to listen: ``HOST``/``PORT`` as for ``make run``.
bind = f"{os.environ.get('HOST') or '127.0.0.1'}:{os.environ.get('PORT') or '5000'}"
workers = 2
worker_class = "gthread"
threads = int(os.environ.get("REFEREE_THREADS") or 1000)
#: Connections a worker keeps at once (in requests or kept alive); more wait in the listen backlog.
worker_connections = 2000
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
#: ``referee.web.security``) are the one place that decides which proxy to believe, so a header forged on a
#: server without a proxy changes nothing; ``FORWARDED_ALLOW_IPS`` is not read.
forwarded_allow_ips = ""
secure_scheme_headers: dict[str, str] = {}
proc_name = "referee"
#: gunicorn's control socket (a file in the home folder) is not used: stop the server with SIGTERM.
control_socket_disable = True


def on_starting(server: Any) -> None:
    """Bring the database schema up to date once, in the master, before any worker starts."""
    from referee.server import prepare_database

    prepare_database()


def post_worker_init(worker: Any) -> None:
    """On SIGTERM, this worker ends its viewers' live streams at once, so it exits by itself within moments; the
    pages gunicorn writes itself (400, 414, 431) carry the security headers."""
    from referee.server import end_live_streams_on_stop, secure_error_pages

    end_live_streams_on_stop(worker)
    secure_error_pages()


def post_request(worker: Any, req: Any, environ: dict[str, Any], resp: Any) -> None:
    """A live stream that ended because this worker stops is hung up at once, from its own thread."""
    from referee.server import hang_up_if_stopping

    hang_up_if_stopping(worker, environ, resp.headers)
