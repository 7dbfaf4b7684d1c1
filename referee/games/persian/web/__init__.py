"""The Persian games' screens (docs/table-games.md): the new game, the hand screen, the sheet with undo, redo and
corrections, and the players' board. :data:`WEB` tells :mod:`referee.families` where each is.

One module per screen (:mod:`.new`, :mod:`.hand`, :mod:`.sheet`, :mod:`.undo`, :mod:`.correct`, :mod:`.viewer`),
one blueprint (:mod:`.blueprint`), one form module and one module of words.
"""

from __future__ import annotations

from typing import Any

from flask import Flask, url_for

from referee.families import ChooserEntry, FamilyWeb
from referee.games.persian.web import correct, hand, new, sheet, undo, words
from referee.games.persian.web.blueprint import bp
from referee.games.persian.web.viewer import VIEWER, rules_card

__all__ = ["WEB", "init_app", "chooser"]

_MODULES = (correct, hand, new, sheet, undo)  # imported for their routes


def init_app(app: Flask) -> None:
    """Register the blueprint (once)."""
    if bp.name not in app.blueprints:
        app.register_blueprint(bp)


def chooser() -> list[ChooserEntry]:
    """The family's games in the new-game chooser, each linking to its own form."""
    return [ChooserEntry(variant_id=rules.id, name=words.game_name(rules.id),
                         url=url_for("persian.new", variant=rules.id), note=words.game_blurb(rules.id))
            for rules in new.chooser_games()]


def _rules_card(state: Any, back_url: str) -> str:
    return rules_card(state, back_url)


WEB = FamilyWeb(init_app=init_app, blueprints=(bp.name,), edit_endpoint="persian.hand", viewer=VIEWER,
                chooser=chooser, rules_card=_rules_card)
