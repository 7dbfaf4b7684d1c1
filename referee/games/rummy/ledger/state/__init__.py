"""The state of a game, a pure function of its event log: ``replay(events)``.

The fold is :mod:`.game`; the facts it folds are :mod:`.facts`, whose read-models the screens use:
:mod:`.seating` (who deals, cuts, plays first, who is still playing), :mod:`.chips` (chips and buys, what an
exact cut earns), :mod:`.sheet` (points, adjustments, totals, standings, money) and :mod:`.history` (the log as
shown, undo and redo). Each event says its own refusals and effect, in its module of
:mod:`referee.games.rummy.ledger.events`;
what several share is :mod:`.checks` (refusals) and :mod:`.steps` (effects). Each module imports only those below
it: records, the read-models, facts, steps, checks, then the events, then the fold (the records and the facts name
the events as types only).

Nothing here touches a database or the web. :func:`apply` adds one event and returns a new
:class:`GameState`, or raises :class:`EventRefused` with every reason the rules give (and changes nothing);
:func:`check` gives those reasons without applying. An event that carries ``override`` (the table allows
it) is applied even when refused, unless the refusal is not ``forcible`` (the event refers to a player, a
deal or an event that does not exist, or the game is over).

Players are kept in turn order and handled by seat (0-based) inside; names appear only at the edges,
so a rename changes nothing but the names.

Decisions (where the rule book leaves the ledger to choose; docs/rules.md §13 and §14.7 gather them):

- A hand's points are the value of the cards entered, or the points typed; the player who went out normally
  enters none. If the table allowed them to go out holding cards (an override), those cards count.
- Under dealer's choice the announced contract brings its deal's own rules: Ecuador's pure trío has no
  buying whichever deal it is played in. Buys, lay-downs and deal ends wait for the announcement.
- An exact cut's chip counts from the cut, even when the cut is recorded after that deal's buys.
- Carrillo's exact cut: an adjustment in the deal of the cut, minus the cutter's points of the previous deal
  (after any streak multiplier); nothing in deal 1 or when the cutter scored 0.
- Unused chips (Peru v1 family) are an adjustment in the last deal, once every deal has ended (not for an
  abandoned game).
- Payouts (Progressive) are each player's net money for the game: the buy money each player paid into the
  pot is subtracted, and the pot goes to the winner(s), so the payouts sum to zero.
- Names match exactly; every name that joins a game passes :func:`referee.ledger.names.name_problems`
  (clean, and not looking like another player's name).
- Some refusals cannot be overridden (``HARD_CODES``): an unknown player, a deal other than the current one
  or beyond the game, a game over, a deal ended twice, unreadable cards, an undo that would leave later
  events against the rules.
- The seats (turn order, who plays, the first dealer) may change until deal 1 ends, as one ``SeatsChanged``;
  what was recorded in deal 1 stays with the player who did it. A player who bought or laid down in deal 1
  cannot be removed, and a recorded exact cut or announced contract keeps deal 1's dealer and cutter: undo
  those first.
- A correction that leaves a player short of chips (at the end of any deal, and worse than before) is
  refused like a buy with no chips left.
- A player who leaves (``PlayerLeft``, after deal 1 and before anything is recorded in the deal under way)
  sits out from that deal on: the deal and the cut skip them, they need no hand, cannot buy, lay down or go
  out; their points stay on the sheet and they rank after everyone still playing. At least the variant's
  fewest players must stay (docs/rules.md D68).

>>> from referee.games.rummy.ledger.events import GameCreated, Buy
>>> s = start(GameCreated(variant="telefunken", players=("Ana", "Beto", "Caro", "Dani"), first_dealer="Ana"))
>>> (s.seating.dealer, s.seating.cutter, s.seating.first_player, s.exact_cut_counts)
('Ana', 'Dani', 'Beto', (45,))
>>> apply(s, Buy(deal=1, player="Beto")).chips.chips_left["Beto"]
6
"""

from __future__ import annotations

from referee.games.rummy.ledger.state.chips import ChipsAndBuys, CutEarnings, exact_cut_reward
from referee.games.rummy.ledger.state.game import GameState, apply, check, replay, start
from referee.games.rummy.ledger.state.history import History
from referee.games.rummy.ledger.state.records import (
    HARD_CODES,
    Adjustment,
    AdjustmentCode,
    DealRecord,
    DealResult,
    EventRefused,
    HistoryEntry,
    Stakes,
    hand_points,
)
from referee.games.rummy.ledger.state.seating import Seating
from referee.games.rummy.ledger.state.sheet import Sheet

__all__ = [
    "EventRefused",
    "GameState",
    "DealRecord",
    "DealResult",
    "Adjustment",
    "AdjustmentCode",
    "HistoryEntry",
    "Stakes",
    "start",
    "apply",
    "check",
    "replay",
    "hand_points",
    "HARD_CODES",
    "Seating",
    "ChipsAndBuys",
    "Sheet",
    "History",
    "CutEarnings",
    "exact_cut_reward",
]
