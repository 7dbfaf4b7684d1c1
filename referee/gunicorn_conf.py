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
  measurement (``tests/bench/bench_server.py``, 2 workers, loopback, 2-core machine under other load): with
  1,000 viewers open, gthread carried a save to every viewer in p95 240 ms (gevent 902 ms) and answered a
  page in 4 ms meanwhile (gevent 26 ms), both at under 1% of a core while nobody saved; gevent used less memory
  (28 KB a viewer against 52 KB), both under 100 KB. gevent would also stall a whole worker whenever SQLite
  makes a writer wait for the lock.
- ``timeout``: a worker that answers nothing for this long is restarted (a long poll answers within 20 s).
- ``keepalive``: an idle kept-alive connection is closed after this many seconds; a new connection that sends
  nothing is handed back to the worker's poller after 5 s (gunicorn's own limit) and closed ``keepalive``
  seconds later, so silent connections never hold the threads the real requests need.
- ``limit_request_*``: a request line, header count and header size beyond these are refused with 400.
  The request body's limit is the app's (``MAX_CONTENT_LENGTH``).
- ``graceful_timeout``: on SIGTERM, requests in flight (a long poll included) get this long to finish.
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
