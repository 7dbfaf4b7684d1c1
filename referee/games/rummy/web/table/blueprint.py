"""The scorekeeper's blueprint, apart from the package that imports its screens: each screen module registers
its routes on :data:`bp`, and takes it from here rather than from the package that imports the screen."""

from __future__ import annotations

from flask import Blueprint

bp = Blueprint("table", "referee.games.rummy.web.table", url_prefix="/g/<edit_token>")
