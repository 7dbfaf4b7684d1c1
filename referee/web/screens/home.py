"""The home page: what referee is, and the way into a new game."""

from __future__ import annotations

from flask import Blueprint, render_template

bp = Blueprint("home", __name__)


@bp.get("/")
def index() -> str:
    """Show the home page."""
    return render_template("home.html")
