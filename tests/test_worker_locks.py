"""The locks a ``referee serve`` worker holds across a database read let its other greenlets run.

``referee serve`` imports the app in gunicorn's master (to bring the schema up to date) before it forks the gevent
workers, which then make ``threading``'s locks their greenlets'. A lock made at import is the operating system's:
a viewer that waits for one while another viewer holds it across a PostgreSQL read (which yields to the other
greenlets) stops the whole worker. Each case runs in a process of its own, in that order: import, patch, serve.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.serving import ROOT, SECRET_KEY

#: What the master does, then what a worker does, then two viewers of one game: the first holds the game's reading
#: lock across a wait that yields (as a PostgreSQL read does), the second waits for it at most 5 s.
WORKER = """
import referee.server
referee.server.prepare_database()  # gunicorn's master: the app's modules imported before any worker patches
from gevent import monkey
monkey.patch_all()
import json
import time
import gevent
from referee import create_app
from referee.web.screens.board import pages

app = create_app()
with app.app_context():
    lock = pages().reading("a game")
held = []

def first():
    with lock:
        held.append("first")
        gevent.sleep(0.2)  # the read lets the other greenlets run

def second():
    gevent.sleep(0.05)
    started = time.monotonic()
    if lock.acquire(timeout=5):
        held.append("second after %.1f s" % (time.monotonic() - started))
        lock.release()

gevent.joinall([gevent.spawn(first), gevent.spawn(second)], timeout=20)
print(json.dumps(held))
"""


def test_a_viewer_waiting_for_the_reading_lock_lets_the_one_holding_it_go_on(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
           "REFEREE_DATABASE_URL": f"sqlite:///{tmp_path / 'referee.sqlite3'}", "REFEREE_SECRET_KEY": SECRET_KEY}
    done = subprocess.run([sys.executable, "-c", WORKER], env=env, cwd=tmp_path, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr[-3000:]
    held = json.loads(done.stdout.strip().splitlines()[-1])
    # The second viewer had the lock once the first let it go (a lock made in the master: not within its 5 s, the
    # first viewer's greenlet could not run while the second one's wait blocked the worker).
    assert len(held) == 2, held
    assert held[0] == "first", held
    assert held[1].startswith("second after "), held
