"""The scorekeeper's screens: the deal screen and its actions, ending a deal, the score sheet, corrections,
undo, game over and exports (sharing a game is :mod:`referee.web.screens.share`).

Every page is found by the secret edit token in its address (``/g/<edit_token>/…``); a view token opens
none of them. Views are thin: a form is read, an event is built and appended through the ledger store,
and the page redirects (POST-redirect-GET). The ledger decides: a refused event comes back with the
rules' reasons and a "the table allows it" button that records it as an override; a page rendered
before someone else's change gets a conflict and the current state; a retried request changes nothing.

One blueprint, one module a screen:

- :mod:`.deal`: the deal screen and its actions (exact cut, buy, laid down, dealer's choice of contract);
- :mod:`.end`: ending a deal (who went out, the keypad, the preview, confirm);
- :mod:`.sheet`: the score sheet, this phone's label, undo and redo, corrections of a past deal;
- :mod:`.players`: the players' names, the seats before deal 1 ends, a player who leaves;
- :mod:`.over`: game over, the exports, ending the game early;
- :mod:`.common`: what they share (appending an event, the way back to the deal screen).
"""

from __future__ import annotations

from referee.games.rummy.web.table.blueprint import bp

__all__ = ["bp", "common", "deal", "end", "over", "players", "sheet"]

# Each screen registers its routes on ``bp`` when it is imported (in this order: the routes' order in the app).
from referee.games.rummy.web.table import common, deal, end, sheet, players, over  # noqa: E402, I001
