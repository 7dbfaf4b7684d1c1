"""referee: a phone-first score-keeper and referee for card games played at a real table: the contract-rummy
games and the Persian table games.

This module imports nothing outside the standard library at module level, so that
``import referee.rules`` stays pure: Flask and the extensions are imported inside create_app().
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from referee.folders import PACKAGE_DIR, PROJECT_ROOT, data_folder

if TYPE_CHECKING:
    from flask import Flask

__all__ = ["PACKAGE_DIR", "PROJECT_ROOT", "create_app", "data_folder", "instance_secret_key"]

#: Settings read from the environment, by config key.
ENVIRONMENT_SETTINGS = {
    "SECRET_KEY": "REFEREE_SECRET_KEY",
    "DATABASE_URL": "REFEREE_DATABASE_URL",
    "PUBLIC_URL": "REFEREE_PUBLIC_URL",
    # referee.web.core.security: the hosts the app answers for, the proxy in front of it, the rate limits' store.
    "TRUSTED_HOSTS": "REFEREE_TRUSTED_HOSTS",
    "PROXY_FIX_X_FOR": "REFEREE_PROXY_FIX_X_FOR",
    "PROXY_FIX_X_PROTO": "REFEREE_PROXY_FIX_X_PROTO",
    "PROXY_FIX_X_HOST": "REFEREE_PROXY_FIX_X_HOST",
    "PROXY_FIX_X_PORT": "REFEREE_PROXY_FIX_X_PORT",
    "PROXY_FIX_X_PREFIX": "REFEREE_PROXY_FIX_X_PREFIX",
    "RATELIMIT_STORAGE_URI": "REFEREE_RATELIMIT_STORAGE_URI",
}

SECRET_KEY_FILE = "secret_key"
DATABASE_FILE = "referee.sqlite3"


def create_app(
    test_config: Mapping[str, Any] | None = None, *, instance_path: str | os.PathLike[str] | None = None
) -> Flask:
    """Make the referee web app.

    Settings come, later ones winning, from: the defaults, ``instance/config.py`` (skipped when
    ``test_config`` is given), the REFEREE_* environment variables, and ``test_config``.
    """
    from flask import Flask

    from referee import db, web

    app = Flask(
        __name__,
        instance_relative_config=True,
        instance_path=os.fspath(instance_path) if instance_path is not None else None,
        template_folder=str(data_folder("templates")),
        static_folder=str(data_folder("static")),
    )
    os.makedirs(app.instance_path, exist_ok=True)

    app.config.from_mapping(
        SECRET_KEY=None,
        DATABASE_URL="sqlite:///" + os.path.join(app.instance_path, DATABASE_FILE),
        PUBLIC_URL=None,
    )
    if test_config is None:
        app.config.from_pyfile("config.py", silent=True)
    for key, variable in ENVIRONMENT_SETTINGS.items():
        if os.environ.get(variable):
            app.config[key] = os.environ[variable]
    if test_config is not None:
        app.config.from_mapping(test_config)
    if not app.config["SECRET_KEY"]:
        app.config["SECRET_KEY"] = instance_secret_key(app.instance_path)

    db.init_app(app)
    web.init_app(app)
    return app


def instance_secret_key(instance_path: str | os.PathLike[str]) -> str:
    """Return the secret key kept in the instance folder, making a random one on first run."""
    path = Path(instance_path) / SECRET_KEY_FILE
    try:
        # O_EXCL: two processes starting at once must not write two different keys.
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        key = path.read_text(encoding="ascii").strip()
        if not key:
            raise RuntimeError(f"{path} is empty: delete it to make a new secret key") from None
        return key
    key = secrets.token_hex(32)
    with os.fdopen(fd, "w", encoding="ascii") as file:
        file.write(key + "\n")
    return key
