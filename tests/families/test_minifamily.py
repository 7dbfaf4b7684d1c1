"""A second family registers itself and the core keeps its games: the store, the files, ``referee tally``, the web.

The family is :mod:`tests.families.minifamily` ("mini points": a hand gives one player a point; 3 points win). Every
test here goes through the core's own entry points, never through the family's functions alone.
"""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy.engine import Engine
from sqlmodel import Session

from referee import families
from referee.cli import main
from referee.families import Family
from referee.games.rummy.ledger.events import GameCreated
from referee.ledger import files, store
from tests.families.minifamily import FORMAT, VARIANT, Created, MiniFormatError, MiniRefused, Point, Undone

ROOT = Path(__file__).resolve().parent.parent.parent


def _created(*players: str) -> Created:
    return Created(variant=VARIANT, players=players)


def _new_game(session: Session, *players: str) -> store.Game:
    return store.create_game(session, created=_created(*players))


# ---- the registry ---------------------------------------------------------------------------------------------


def test_the_registry_finds_each_family_by_variant_and_by_file_format(mini: Family) -> None:
    assert families.family_of(VARIANT) is mini
    assert families.family_of(" Mini-Points ") is mini  # read as the engines read ids
    assert families.family_of_format(FORMAT) is mini
    assert families.family_of("telefunken").id == "rummy"
    assert families.family_of_format("referee-game/1").id == "rummy"
    assert [f.id for f in families.families()][0] == "rummy"
    assert mini in families.families()
    with pytest.raises(families.UnknownFamilyError, match="'no-such-game'"):
        families.family_of("no-such-game")


def test_a_family_cannot_claim_another_familys_variant_or_format(mini: Family) -> None:
    import dataclasses

    with pytest.raises(ValueError, match="belong to the family 'rummy'"):
        families.register(dataclasses.replace(mini, id="thief", variant_ids=("telefunken",), file_format="x/1"))
    with pytest.raises(ValueError, match="belongs to the family 'mini'"):
        families.register(dataclasses.replace(mini, id="thief", variant_ids=("other",)))
    assert families.register(mini) is mini  # the same family again changes nothing


#: The modules of contract rummy: a second family needs none of them, and the core's seam imports none.
RUMMY_MODULES = ("referee.games.rummy", "referee.rules", "referee.games")


def _imports(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


#: What the core may take from contract rummy's engine for now: its problem type (a code and its parameters), which
#: the core's refusals (a game file's limits, a player's name) share with every family's sentences.
SHARED = ("referee.rules.problems",)


@pytest.mark.parametrize("path", ["tests/families/minifamily.py", "referee/families.py",
                                  "referee/web/core/family_screens.py",
                                  "referee/cli/tally.py",
                                  *sorted(str(p.relative_to(ROOT)) for p in (ROOT / "referee/ledger").glob("*.py"))])
def test_the_seam_the_core_ledger_and_the_second_family_import_nothing_of_contract_rummy(path: str) -> None:
    rummy = {name for name in _imports(ROOT / path)
             if name.startswith(RUMMY_MODULES) and not name.startswith(SHARED)}
    assert rummy == set()


#: The modules of the core's web layer (referee/web/): none imports a family's screens, nor anything of contract
#: rummy's engine or ledger but the shared problem type (:data:`SHARED`).
CORES_WEB = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "referee/web").rglob("*.py")
                   if "__pycache__" not in p.parts)


@pytest.mark.parametrize("path", CORES_WEB)
def test_the_cores_web_layer_imports_no_familys_screens_and_nothing_of_contract_rummy(path: str) -> None:
    imported = _imports(ROOT / path)
    screens = {name for name in imported
               if name.split(".")[:2] == ["referee", "games"] and name.split(".")[3:4] == ["web"]}
    assert screens == set()  # a family's screens are reached through the registry alone (referee.families)
    rummy = {name for name in imported if name.startswith(RUMMY_MODULES) and not name.startswith(SHARED)}
    assert rummy == set()


# ---- the store ------------------------------------------------------------------------------------------------


def test_a_game_of_the_family_is_created_appended_to_and_folded_by_the_store(engine: Engine) -> None:
    with Session(engine) as session:
        game = _new_game(session, "Ana", "Beto")
        assert (game.variant, game.seq) == (VARIANT, 1)
        assert store.players_of(session, game.id) == ["Ana", "Beto"]
        first = store.append(session, game_id=game.id, event=Point(player="Ana"), expected_seq=1,
                             idempotency_key="tap-1")
        assert (first.seq, first.replayed, first.state.points) == (2, False, {"Ana": 1, "Beto": 0})
        # The same tap again: the first result, nothing written twice.
        again = store.append(session, game_id=game.id, event=Point(player="Ana"), expected_seq=1,
                             idempotency_key="tap-1")
        assert (again.seq, again.replayed, again.state.points) == (2, True, {"Ana": 1, "Beto": 0})
        with pytest.raises(store.IdempotencyKeyReused):
            store.append(session, game_id=game.id, event=Point(player="Beto"), expected_seq=1,
                         idempotency_key="tap-1")
        # A page that saw seq 1 is too late: the compare-and-swap refuses it, with the game as it is.
        with pytest.raises(store.Conflict) as conflict:
            store.append(session, game_id=game.id, event=Point(player="Beto"), expected_seq=1)
        assert (conflict.value.seq, conflict.value.state.points) == (2, {"Ana": 1, "Beto": 0})
        # The family's rules refuse a stranger: nothing is written.
        with pytest.raises(MiniRefused, match="'Caro' does not play"):
            store.append(session, game_id=game.id, event=Point(player="Caro"), expected_seq=2)
        assert store.load_state(session, game.id).seq == 2
        with pytest.raises(TypeError):
            store.append(session, game_id=game.id, event=_created("Ana", "Beto"), expected_seq=2)
        assert store.load_events(session, game.id) == [_created("Ana", "Beto"), Point(player="Ana")]


def test_undo_and_redo_are_events_of_the_family(engine: Engine) -> None:
    with Session(engine) as session:
        game = _new_game(session, "Ana", "Beto")
        for seq, player in ((1, "Ana"), (2, "Beto"), (3, "Ana")):
            store.append(session, game_id=game.id, event=Point(player=player), expected_seq=seq)
        undone = store.append(session, game_id=game.id, event=Undone(seq=4), expected_seq=4)  # Ana's second
        assert undone.state.points == {"Ana": 1, "Beto": 1}
        redone = store.append(session, game_id=game.id, event=Undone(seq=5), expected_seq=5)  # undo the undo
        assert redone.state.points == {"Ana": 2, "Beto": 1}


def test_the_state_cache_and_a_fresh_replay_agree(engine: Engine) -> None:
    with Session(engine) as session:
        game = _new_game(session, "Ana", "Beto")
        store.append(session, game_id=game.id, event=Point(player="Beto"), expected_seq=1)
        kept = store.load_state(session, game.id)
    store.cache.cache_for(engine).clear()
    with Session(engine) as session:
        replayed = store.load_state(session, game.id)
        assert replayed == kept
        assert store.state_at(session, game.id, game.public_id, 1).points == {"Ana": 0, "Beto": 0}


def test_a_creation_the_family_refuses_writes_nothing(engine: Engine) -> None:
    with Session(engine) as session, pytest.raises(MiniRefused, match="two players or more"):
        _new_game(session, "Ana")
    with Session(engine) as session:
        assert store.list_games(session, []) == []
        assert session.exec(store.select(store.Game)).all() == []


def test_a_rummy_game_is_still_kept_beside_it(engine: Engine) -> None:
    with Session(engine) as session:
        mini = _new_game(session, "Ana", "Beto")
        rummy = store.create_game(session, created=GameCreated(variant="telefunken", players=("Ana", "Beto", "Caro"),
                                                               first_dealer="Ana"))
        assert rummy.variant == "telefunken"
        assert store.family_of_game(rummy).id == "rummy"
        assert store.family_of_game(mini).id == "mini"
        assert store.state_of(session, rummy).deal_number == 1


# ---- files and referee tally ----------------------------------------------------------------------------------


def _played(engine: Engine, *points: str) -> tuple[store.Game, dict[str, object]]:
    with Session(engine) as session:
        game = _new_game(session, "Ana", "Beto")
        for seq, player in enumerate(points, start=1):
            store.append(session, game_id=game.id, event=Point(player=player), expected_seq=seq)
        state = store.load_state(session, game.id)
    return game, store.family_of_game(game).export_game(state)


def test_a_game_is_exported_read_by_its_format_and_restored(engine: Engine) -> None:
    _, exported = _played(engine, "Ana", "Beto", "Ana")
    assert exported == {"format": FORMAT, "game": {"variant": VARIANT, "players": ["Ana", "Beto"]},
                        "events": [{"type": "mini-point", "player": p} for p in ("Ana", "Beto", "Ana")]}
    read = files.read_file(json.dumps(exported))
    assert read.family.id == "mini"
    with Session(engine) as session:
        restored = store.restore_game(session, events=read.events())
        assert restored.seq == 4
        assert store.state_of(session, restored).points == {"Ana": 2, "Beto": 1}


@pytest.mark.usefixtures("mini")
@pytest.mark.parametrize(
    ("events", "code", "out"),
    [
        pytest.param(["Ana", "Beto", "Ana"], 0, "Ana: 2\nBeto: 1\n", id="allowed"),
        pytest.param(["Ana", "Caro", "Beto"], 1, "Ana: 1\nBeto: 1\n", id="a stranger's point: forbidden"),
        pytest.param(["Ana", "Ana", "Ana", "Beto"], 1, "Ana: 3\nBeto: 0\n", id="a point after the win: forbidden"),
    ],
)
def test_referee_tally_replays_the_familys_file(tmp_path: Path, events: list[str], code: int,
                                                out: str) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps({"format": FORMAT, "game": {"variant": VARIANT, "players": ["Ana", "Beto"]},
                                "events": [{"type": "mini-point", "player": p} for p in events]}))
    result = CliRunner().invoke(main, ["tally", str(path)])
    assert (result.exit_code, result.stdout) == (code, out)


@pytest.mark.usefixtures("mini")
@pytest.mark.parametrize(
    "text",
    [
        pytest.param('{"format": "referee-mini-game/1", "game": {"variant": "mini-points", "players": "Ana"},'
                     ' "events": []}', id="players not a list"),
        pytest.param('{"format": "referee-mini-game/1", "game": {}, "events": [{"type": "mini-goal"}]}',
                     id="an unknown event"),
        pytest.param('{"format": "referee-mini-game/1", ', id="not JSON"),
    ],
)
def test_referee_tally_says_an_unreadable_file_of_the_family_is_unreadable(tmp_path: Path, text: str) -> None:
    path = tmp_path / "game.json"
    path.write_text(text)
    result = CliRunner().invoke(main, ["tally", str(path)])
    assert (result.exit_code, result.stdout) == (2, "")
    assert str(path) in result.stderr


@pytest.mark.usefixtures("mini")
def test_tally_json_is_the_familys(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps({"format": FORMAT, "game": {"variant": VARIANT, "players": ["Ana", "Beto"]},
                                "events": [{"type": "mini-point", "player": "Beto"}]}))
    result = CliRunner().invoke(main, ["tally", "--json", str(path)])
    assert result.exit_code == 0
    assert json.loads(result.stdout) == {"points": {"Ana": 0, "Beto": 1}, "errors": []}


@pytest.mark.usefixtures("mini")
def test_the_familys_reader_refuses_in_its_own_words() -> None:
    with pytest.raises(MiniFormatError, match="'mini-goal'"):
        files.read_file('{"format": "referee-mini-game/1", "game": {"variant": "mini-points", "players": ["Ana"]},'
                        ' "events": [{"type": "mini-goal"}]}')


# ---- the web --------------------------------------------------------------------------------------------------


def _web_game(app: Flask, *points: str) -> store.Game:
    with app.app_context(), Session(app.extensions["referee.db"]) as session:
        game = _new_game(session, "Ana", "Beto")
        for seq, player in enumerate(points, start=1):
            store.append(session, game_id=game.id, event=Point(player=player), expected_seq=seq)
        session.refresh(game)
        session.expunge(game)
        return game


def test_the_scorekeepers_link_opens_the_familys_screen_and_saves_through_the_store(app: Flask,
                                                                                     client: FlaskClient) -> None:
    game = _web_game(app)
    page = client.get(f"/g/{game.edit_token}")
    assert page.status_code == 200
    assert b'data-testid="mini-hand"' in page.data
    assert b'data-testid="points-Ana">Ana: 0' in page.data
    saved = client.post(f"/g/{game.edit_token}/point", data={"player": "Ana", "expected_seq": "1",
                                                              "idempotency_key": "k"})
    assert saved.status_code == 303
    again = client.post(f"/g/{game.edit_token}/point", data={"player": "Ana", "expected_seq": "1",
                                                              "idempotency_key": "k"})
    assert again.status_code == 303  # the same tap twice: one point
    stale = client.post(f"/g/{game.edit_token}/point", data={"player": "Beto", "expected_seq": "1"})
    assert stale.status_code == 409
    assert b'data-testid="points-Ana">Ana: 1' in client.get(f"/g/{game.edit_token}/mini").data


def test_the_players_link_opens_the_familys_board_live_and_its_rules(app: Flask, client: FlaskClient) -> None:
    game = _web_game(app, "Beto")
    page = client.get(f"/v/{game.view_token}?me=Beto")
    assert page.status_code == 200
    assert b"<title>Mini points: the board</title>" in page.data
    assert b"<p>me, Beto: 1</p>" in page.data
    assert client.get(f"/v/{game.view_token}?me=Beto", headers={"If-None-Match": page.headers["ETag"]}
                      ).status_code == 304
    app.config["LIVE_STREAM_LIFETIME"] = 0.05
    live = client.get(f"/v/{game.view_token}/live?seq=0")
    assert live.mimetype == "text/event-stream"
    assert 'event: board\nid: 2\ndata: <div data-testid="mini-board" data-seq="2">' in live.get_data(as_text=True)
    rules = client.get(f"/v/{game.view_token}/rules")
    assert rules.status_code == 200
    assert b"First to 3 points wins." in rules.data


@pytest.mark.parametrize("path", ["/g/{edit}/sheet", "/g/{edit}/end", "/g/{edit}/over", "/g/{edit}/export.json",
                                  "/g/{edit}/referee", "/v/{view}/referee"])
def test_contract_rummys_screens_do_not_open_the_familys_games(app: Flask, client: FlaskClient, path: str) -> None:
    game = _web_game(app)
    assert client.get(path.format(edit=game.edit_token, view=game.view_token)).status_code == 404


def test_the_familys_screens_do_not_open_a_rummy_game(app: Flask, client: FlaskClient) -> None:
    with app.app_context(), Session(app.extensions["referee.db"]) as session:
        rummy = store.create_game(session, created=GameCreated(variant="telefunken", players=("Ana", "Beto", "Caro"),
                                                               first_dealer="Ana"))
        token = rummy.edit_token
    assert client.get(f"/g/{token}/mini").status_code == 404
    assert client.post(f"/g/{token}/point", data={"player": "Ana", "expected_seq": "1"}).status_code == 404
    deal = client.get(f"/g/{token}")
    assert deal.status_code == 200
    assert b'data-testid="mini-hand"' not in deal.data


@pytest.mark.usefixtures("app")
def test_the_chooser_lists_the_familys_games_under_its_name(client: FlaskClient) -> None:
    page = client.get("/games/new").get_data(as_text=True)
    assert '<section class="card family-games" data-testid="family-mini">\n  <h2>Mini games</h2>' in page
    assert '<a class="button" href="/mini/new" data-testid="new-mini-points">Mini points</a>' in page
    assert '<h2 class="family-heading" data-testid="family-form">Contract rummy</h2>' in page
    # In English the family comes after contract rummy's form; in Spanish (its first_in) before it.
    assert page.index('data-testid="create-game"') < page.index('data-testid="family-mini"')
    spanish = client.get("/games/new", headers={"Accept-Language": "es"}).get_data(as_text=True)
    assert spanish.index('data-testid="family-mini"') < spanish.index('data-testid="family-form"')
    assert '<h2 class="family-heading" data-testid="family-form">Rummy de contratos</h2>' in spanish
    assert spanish.index('data-testid="family-form"') < spanish.index('data-testid="create-game"')


def test_my_games_share_and_delete_take_the_familys_game(app: Flask, client: FlaskClient) -> None:
    game = _web_game(app, "Ana", "Ana")
    client.set_cookie("referee_games", game.edit_token)
    mine = client.get("/games").get_data(as_text=True)
    assert '<span data-testid="game-line">Mini points: Ana 2, Beto 0</span>' in mine
    assert client.get(f"/g/{game.edit_token}/share").status_code == 200
    assert client.get(f"/g/{game.edit_token}/share/scorekeeper").status_code == 200
    assert client.get(f"/g/{game.edit_token}/delete").status_code == 200
    assert client.post(f"/g/{game.edit_token}/delete").status_code == 303
    assert client.get(f"/g/{game.edit_token}").status_code == 404


@pytest.mark.usefixtures("app")
def test_a_backup_of_the_family_is_restored_from_its_file(client: FlaskClient) -> None:
    import io

    exported = {"format": FORMAT, "game": {"variant": VARIANT, "players": ["Ana", "Beto"]},
                "events": [{"type": "mini-point", "player": "Beto"}]}
    answer = client.post("/games/restore", data={"game_file": (io.BytesIO(json.dumps(exported).encode()), "g.json")},
                         content_type="multipart/form-data")
    assert answer.status_code == 303
    token = answer.headers["Location"].split("/")[2]
    assert b'data-testid="points-Beto">Beto: 1' in client.get(f"/g/{token}").data
    refused = dict(exported, events=[{"type": "mini-point", "player": "Caro"}])
    answer = client.post("/games/restore", data={"game_file": (io.BytesIO(json.dumps(refused).encode()), "g.json")},
                         content_type="multipart/form-data")
    assert answer.status_code == 422
    assert "The rules refuse this game as the file tells it:" in answer.get_data(as_text=True)
    assert "&#39;Caro&#39; does not play" in answer.get_data(as_text=True)


@pytest.mark.parametrize(
    ("known", "loads"),
    [
        pytest.param(("referee.games.rummy", "referee.games.not_written_yet"), True, id="an absent package: skipped"),
        pytest.param(("referee.games.rummy", "tests.families.broken_family"), False,
                     id="a package whose import fails: the error"),
    ],
)
def test_loading_the_families_skips_only_a_package_that_is_not_there(monkeypatch: pytest.MonkeyPatch,
                                                                     known: tuple[str, ...], loads: bool) -> None:
    monkeypatch.setattr(families, "KNOWN_FAMILIES", known)
    monkeypatch.setattr(families, "_loaded", [])
    monkeypatch.setattr(families, "_ordered", [])
    if loads:
        families.load_families()
        assert [f.id for f in families.families()][0] == "rummy"
    else:
        with pytest.raises(ModuleNotFoundError, match="referee_no_such_module"):
            families.load_families()


@pytest.mark.usefixtures("mini")
@pytest.mark.parametrize("path", ["/g/{edit}/end", "/g/{edit}/players", "/g/{edit}/buy"])
def test_a_refused_form_of_contract_rummy_is_never_answered_with_the_familys_game(tmp_path: Path, path: str) -> None:
    # CSRF on: a form without its token is answered by calling its view again, which must not see another
    # family's game (it would read a state it does not know).
    from tests.conftest import make_test_app

    app = make_test_app(tmp_path / "csrf")
    game = _web_game(app)
    answer = app.test_client().post(path.format(edit=game.edit_token), data={"player": "Ana"})
    assert answer.status_code == 404
    app.extensions["referee.db"].dispose()
