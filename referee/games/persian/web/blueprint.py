"""The Persian games' blueprint: the new-game form, and each game's scorekeeper screens under ``/g/<edit_token>``
(the hand, the sheet, undo and redo, a correction). The players' board is drawn for the core's ``/v/<view_token>``.
"""

from __future__ import annotations

from flask import Blueprint

bp = Blueprint("persian", __name__)
