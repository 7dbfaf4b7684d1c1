"""SQLite writers wait their turn: 20 writers in 2 processes on one file never see "database is locked".

Each writer renames a player of its own game back and forth, as fast as it can; every save must succeed, and
each game's log must hold every one of them.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from sqlmodel import Session

from referee.db import init_db, make_engine
from referee.games.rummy.ledger.events import GameCreated
from referee.ledger import store
from tests.tiers import count

PROCESSES = 2
THREADS = 10
#: Saves per writer (the quick run's writers make fewer, all at once as ever).
SAVES = count(full=15, quick=5)

WRITER = """
import json, sys, threading, time
from sqlmodel import Session
from referee.db import make_engine
from referee.ledger import store
from referee.games.rummy.ledger.events import PlayerRenamed

url, ids, saves = sys.argv[1], [int(x) for x in sys.argv[2].split(",")], int(sys.argv[3])
engine = make_engine(url)
errors, times = [], []
start = threading.Barrier(len(ids))

def write(game_id):
    start.wait()
    names = ["Ana", "Ana B"]
    for n in range(saves):
        began = time.monotonic()
        try:
            with Session(engine) as session:
                store.append(session, game_id=game_id, event=PlayerRenamed(old=names[n % 2], new=names[(n + 1) % 2]),
                             expected_seq=n + 1)
        except Exception as error:  # every failure is reported, none may happen
            errors.append(f"{type(error).__name__}: {error}")
        times.append(time.monotonic() - began)

threads = [threading.Thread(target=write, args=(game_id,)) for game_id in ids]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
print(json.dumps({"errors": errors, "times": times}))
"""


def test_twenty_writers_in_two_processes_all_save(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'writers.sqlite3'}"
    engine = make_engine(url)
    init_db(engine)
    game_ids: list[int] = []
    with Session(engine) as session:
        for _ in range(PROCESSES * THREADS):
            game = store.create_game(
                session, created=GameCreated(variant="telefunken", players=("Ana", "Beto", "Cora"), first_dealer="Ana")
            )
            assert game.id is not None
            game_ids.append(game.id)
    engine.dispose()

    groups = [game_ids[i::PROCESSES] for i in range(PROCESSES)]
    processes = [
        subprocess.Popen([sys.executable, "-c", WRITER, url, ",".join(map(str, group)), str(SAVES)],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        for group in groups
    ]
    reports = []
    for process in processes:
        out, err = process.communicate(timeout=300)
        assert process.returncode == 0, err
        reports.append(json.loads(out))

    errors = [error for report in reports for error in report["errors"]]
    assert errors == []
    engine = make_engine(url)
    with Session(engine) as session:
        for game_id in game_ids:
            assert len(store.load_events(session, game_id)) == 1 + SAVES
            assert store.load_state(session, game_id).players[0] == ("Ana B" if SAVES % 2 else "Ana")
    engine.dispose()
