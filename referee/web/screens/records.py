"""Players across games: every player of this phone's games with their games and wins, the regular tables, and one
player's record (per variant, and against each opponent). The figures are :mod:`referee.records`'.

Which games (games are private, each reached by its secret link): the games of this phone's My games, each with
the games of its series (the Rematches it came from, which My games already counts), and, from a game's game-over
screen (``/g/<edit_token>/records``), that game and its series too. No other table's game is ever read
(docs/rules.md, D110).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from flask import Blueprint, render_template, request, url_for

from referee import db, families
from referee.ledger import store
from referee.ledger.names import MAX_NAME_LENGTH
from referee.records import GameResult, PlayerRecord, Records, game_result, records_of
from referee.web.core import access

bp = Blueprint("records", __name__)


def _results(edit_token: str | None) -> list[GameResult]:
    """The results of this phone's games and their series (and of ``edit_token``'s game and series), oldest first."""
    tokens = access.device_tokens()
    if edit_token is not None:
        tokens = [edit_token, *tokens]
    found: dict[int, tuple[datetime, GameResult]] = {}
    with db.session() as session:
        for token in tokens:
            opened = access.find_game(session, token)
            if opened is None or opened[1] != "edit":
                continue
            assert opened[0].id is not None
            for game_id in store.series_of(session, opened[0].id):
                game = opened[0] if game_id == opened[0].id else session.get(store.Game, game_id)
                if game is None or game_id in found:
                    continue
                state = store.state_of(session, game)
                result = game_result(store.family_of_game(game), state, game.variant)
                found[game_id] = (_aware(game.created_at), result)
    return [result for _, result in sorted(found.values(), key=lambda item: item[0])]


def _aware(moment: datetime) -> datetime:
    """SQLite gives back naive datetimes (the store writes UTC)."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def variant_names() -> dict[str, str]:
    """Every variant's name in the page's language, as each family's new-game chooser says it."""
    return {entry.variant_id: entry.name for family in families.families() if family.web is not None
            for entry in family.screens().chooser()}


def figure_words(variant_id: str, code: str) -> str:
    """The words of a figure the game's family counts (its code where the family has none)."""
    family = families.family_for(variant_id)
    if family.web is None or family.screens().figure_words is None:
        return code
    words = family.screens().figure_words
    assert words is not None
    return words(code)


@dataclass(frozen=True)
class Scope:
    """Where the page was opened from: this phone's games alone, or a game's game-over screen too."""

    edit_token: str | None

    def url(self, name: str | None = None) -> str:
        """The page's address in this scope (``name``: that player's record)."""
        args: dict[str, Any] = {"name": name} if name is not None else {}
        if self.edit_token is not None:
            args["edit_token"] = self.edit_token
        return url_for("records.players" if self.edit_token is None else "records.game_players", **args)


def _page(scope: Scope) -> tuple[str, int]:
    records: Records = records_of(_results(scope.edit_token))
    name = request.args.get("name", "").strip()
    context = {"records": records, "scope": scope, "variant_names": variant_names(), "figure_words": figure_words}
    if not name:
        return render_template("players/index.html", **context), 200
    player: PlayerRecord | None = records.player(name[: MAX_NAME_LENGTH * 2])
    if player is None:
        return render_template("players/unknown.html", name=name[:MAX_NAME_LENGTH], **context), 404
    return render_template("players/player.html", player=player, **context), 200


@bp.get("/players")
def players() -> tuple[str, int]:
    """The players of this phone's games (``?name=``: one player's record)."""
    return _page(Scope(None))


@bp.get("/g/<edit_token>/records")
def game_players(edit_token: str) -> tuple[str, int]:
    """The players of this phone's games and of this game's series, from its game-over screen."""
    access.require_edit(edit_token)
    return _page(Scope(edit_token))
