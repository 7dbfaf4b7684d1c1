"""The built wheel works on its own: installed into a fresh virtual environment outside the repository, its
``referee serve`` finds the templates, static files and translations inside the installed package.

The new environment borrows this one's installed dependencies through a ``.pth`` line (no download), but not
its editable ``referee``: a folder named by a ``.pth`` line is only put on ``sys.path``, its own ``.pth`` files
(the editable install's hook among them) are not run, and the new environment's site-packages comes first.
"""

from __future__ import annotations

import http.client
import importlib.metadata
import json
import os
import re
import signal
import subprocess
import sys
import sysconfig
import time
import tomllib
import venv
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from referee import create_app, db
from referee.games.rummy.ledger.events import GameCreated
from referee.ledger import store
from tests.pg import free_port
from tests.tiers import full_only

#: A server started and attacked, proxied, scaled out or installed from its wheel: the full run only (``make test
#: FULL=1``, tests/tiers.py, what CI runs); the quick run starts the server in tests/test_server.py and kills it in
#: tests/test_faults.py.
pytestmark = full_only

ROOT = Path(__file__).resolve().parent.parent
#: The folders the wheel maps into the package (pyproject.toml, [tool.hatch.build.targets.wheel.sources]).
DATA_FOLDERS = ("templates", "static", "translations")
BUILD_TIMEOUT = 180.0
INSTALL_TIMEOUT = 60.0
START_TIMEOUT = 60.0
REQUEST_TIMEOUT = 20.0


@dataclass
class Installed:
    venv: Path
    site_packages: Path
    env: dict[str, str]


@dataclass
class Served:
    installed: Installed
    process: subprocess.Popen[bytes]
    port: int
    log: Path
    edit_token: str
    view_token: str

    def get(self, path: str, headers: dict[str, str] | None = None) -> tuple[int, bytes]:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=REQUEST_TIMEOUT)
        try:
            connection.request("GET", path, headers=headers or {})
            response = connection.getresponse()
            return response.status, response.read()
        finally:
            connection.close()

    def log_text(self) -> str:
        return self.log.read_text(encoding="utf-8", errors="replace")


def _run(command: list[str], timeout: float, cwd: Path, env: dict[str, str] | None = None) -> str:
    """Run ``command`` to its end (within ``timeout`` seconds) and return what it printed; fail on an error."""
    done = subprocess.run(command, capture_output=True, text=True, timeout=timeout, cwd=cwd, env=env)
    assert done.returncode == 0, f"{command} failed:\n{done.stdout}\n{done.stderr}"
    return done.stdout


def _backend_is_here() -> bool:
    """Whether this environment already has the build backend pyproject.toml pins (then no download)."""
    with (ROOT / "pyproject.toml").open("rb") as file:
        requires = tomllib.load(file)["build-system"]["requires"]
    for requirement in requires:
        name, _, version = requirement.partition("==")
        try:
            if importlib.metadata.version(name) != version:
                return False
        except importlib.metadata.PackageNotFoundError:
            return False
    return True


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Installed:
    """``pip wheel .``, then the wheel installed into a new virtual environment in a temporary folder."""
    wheels = tmp_path_factory.mktemp("wheels")
    isolation = ["--no-build-isolation"] if _backend_is_here() else []
    _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", *isolation, "--wheel-dir", str(wheels),
          str(ROOT)], BUILD_TIMEOUT, cwd=wheels)
    (wheel,) = wheels.glob("referee-*.whl")

    target = tmp_path_factory.mktemp("venv") / "env"
    venv.EnvBuilder(with_pip=False).create(target)
    python = target / "bin" / "python"
    # This pip installs into the new environment (pip --python): the new one needs no pip of its own.
    _run([sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps", "--no-index", "--quiet",
          str(wheel)], INSTALL_TIMEOUT, cwd=target)
    site_packages = Path(_run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                              INSTALL_TIMEOUT, cwd=target).strip())
    (site_packages / "_borrowed_dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")

    env = {key: value for key, value in os.environ.items() if key not in ("PYTHONPATH", "PYTHONHOME")}
    return Installed(target, site_packages, env)


@pytest.fixture(scope="module")
def served(installed: Installed, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """The installed ``referee serve`` on a temporary SQLite database holding one game, run outside the
    repository."""
    root = tmp_path_factory.mktemp("served")
    database = f"sqlite:///{root / 'referee.sqlite3'}"
    app = create_app({"DATABASE_URL": database}, instance_path=root / "instance")
    with app.app_context(), db.session() as session:
        game = store.create_game(
            session, created=GameCreated(variant="telefunken", players=("Ana", "Beto", "Cora"), first_dealer="Ana")
        )
        edit_token, view_token = game.edit_token, game.view_token
    app.extensions["referee.db"].dispose()

    port = free_port()
    env = {**installed.env, "REFEREE_DATABASE_URL": database}
    log = root / "server.log"
    with log.open("wb") as sink:
        process = subprocess.Popen(
            [str(installed.venv / "bin" / "referee"), "serve", "--host", "127.0.0.1", "--port", str(port)],
            env=env, stdout=sink, stderr=subprocess.STDOUT, cwd=root,
        )
    running = Served(installed, process, port, log, edit_token, view_token)
    try:
        deadline = time.monotonic() + START_TIMEOUT
        while True:
            if process.poll() is not None:
                pytest.fail(f"the installed server stopped at start:\n{running.log_text()}")
            try:
                running.get("/")
                break
            except OSError:
                if time.monotonic() > deadline:
                    pytest.fail(f"the installed server did not answer within {START_TIMEOUT} s:\n{running.log_text()}")
                time.sleep(0.2)
        yield running
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(timeout=10)


def test_the_installed_package_is_the_wheel_with_its_folders(installed: Installed) -> None:
    probe = ("import json, referee; "
             f"print(json.dumps([referee.__file__, *(str(referee.data_folder(n)) for n in {DATA_FOLDERS!r})]))")
    found = json.loads(_run([str(installed.venv / "bin" / "python"), "-c", probe], INSTALL_TIMEOUT,
                            cwd=installed.venv, env=installed.env))
    package = installed.site_packages / "referee"
    assert Path(found[0]) == package / "__init__.py"
    assert [Path(folder) for folder in found[1:]] == [package / name for name in DATA_FOLDERS]

    tracked = subprocess.run(["git", "ls-files", "-z", *DATA_FOLDERS], cwd=ROOT, capture_output=True, timeout=30)
    if tracked.returncode != 0:
        pytest.skip("not a git checkout: the list of the folders' files is git's")
    names = [name for name in tracked.stdout.decode().split("\0") if name]
    assert names
    missing = [name for name in names if not (package / name).is_file()]
    assert not missing, f"the wheel lacks {missing}"
    assert (package / "migrations" / "script.py.mako").is_file()


def test_the_installed_server_answers_pages_in_both_languages(served: Served) -> None:
    status, home = served.get("/")
    assert status == 200, served.log_text()
    assert b'<html lang="en" dir="ltr">' in home
    assert b"New game" in home

    status, spanish = served.get("/", headers={"Accept-Language": "es"})
    assert status == 200
    assert b'<html lang="es" dir="ltr">' in spanish
    assert b"Nueva partida" in spanish
    assert b"New game" not in spanish

    for path in (f"/g/{served.edit_token}/sheet", f"/v/{served.view_token}"):
        status, page = served.get(path)
        assert status == 200, path
        assert all(name in page for name in (b"Ana", b"Beto", b"Cora")), path


def test_the_installed_server_serves_fingerprinted_static_files(served: Served) -> None:
    _, home = served.get("/")
    match = re.search(rb'href="(/static/css/app\.[0-9a-f]+\.css)"', home)
    assert match, "no fingerprinted app.css in the home page"
    status, body = served.get(match.group(1).decode())
    assert status == 200
    assert body == (ROOT / "static" / "css" / "app.css").read_bytes()


def test_compiled_catalogues_stay_out_of_the_installed_package(served: Served) -> None:
    """The ``.mo`` files are compiled into the instance folder (Flask's for an installed package:
    ``<environment>/var/referee-instance``), never beside the package's ``.po``."""
    assert served.get("/", headers={"Accept-Language": "es"})[0] == 200
    instance = served.installed.venv / "var" / "referee-instance"
    assert (instance / "translations" / "es" / "LC_MESSAGES" / "messages.mo").is_file()
    assert not list((served.installed.site_packages / "referee").rglob("*.mo"))
