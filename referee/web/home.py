"""The home page: what referee is, and the way into a new game."""

from __future__ import annotations

from flask import Blueprint, current_app, render_template, url_for

bp = Blueprint("home", __name__)

#: The page that starts a game; the games blueprint provides it.
NEW_GAME_ENDPOINT = "games.new"


@bp.get("/")
def index() -> str:
    """Show the home page."""
    return render_template("home.html", new_game_url=new_game_url())


def new_game_url() -> str | None:
    """Return the New game page's address, or None while no blueprint provides it."""
    if NEW_GAME_ENDPOINT in current_app.view_functions:
        return url_for(NEW_GAME_ENDPOINT)
    return None
