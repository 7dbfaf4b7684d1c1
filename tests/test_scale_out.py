"""Scale-out: two production servers on two ports sharing one PostgreSQL database (the throwaway server).

Each is ``referee serve`` with the README Deploy section's settings. A viewer connected to one receives a save made
through the other — a rename posted over HTTP with the CSRF token from the page — within ``LIVE_WITHIN`` of the
save's response, and so does a viewer of the server that took the save. Every wait is bounded; both servers are
stopped whatever happens.
"""

from __future__ import annotations

import time
from pathlib import Path

from tests.pg import fresh_database, postgres_url
from tests.serving import LIVE_WITHIN, SITE, LiveStream, Scorekeeper, deploy_settings, new_game, running, upgrade
from tests.tiers import full_only

#: A server started and attacked, proxied, scaled out or installed from its wheel: the full run only (``make test
#: FULL=1``, tests/tiers.py, what CI runs); the quick run starts the server in tests/test_server.py and kills it in
#: tests/test_faults.py.
pytestmark = full_only

__all__ = ["postgres_url"]  # the throwaway PostgreSQL server, as a fixture

SAVES = 3


def test_a_save_through_one_server_reaches_the_viewers_of_both(postgres_url: str, tmp_path: Path) -> None:
    database = fresh_database(postgres_url, "referee_scale_out")
    settings = deploy_settings(database)
    upgrade(settings, tmp_path)
    edit_token, view_token = new_game(database)
    with running(tmp_path, settings, workers=2, host=SITE) as first, \
            running(tmp_path, settings, workers=2, host=SITE) as second:
        assert first.port != second.port
        keeper = Scorekeeper(first.url, edit_token, {"Host": SITE})
        viewers = [LiveStream.open(second, view_token, seq=1), LiveStream.open(first, view_token, seq=1)]
        try:
            assert [viewer.status for viewer in viewers] == [200, 200]
            for seq in range(2, 2 + SAVES):
                keeper.save()
                answered = time.monotonic()
                for viewer in viewers:
                    board = viewer.board(seq, within=LIVE_WITHIN - (time.monotonic() - answered))
                    assert board["id"] == str(seq)
                    assert ("Ana B" in board["data"]) == (seq % 2 == 0)  # each save renames Ana, then back
                assert time.monotonic() - answered < LIVE_WITHIN
        finally:
            for viewer in viewers:
                viewer.drop()
        keeper.save()  # wakes the dropped streams, which find their phones gone and end: the servers stop at once
