"""Whole contract-rummy games for the players' records, replayed from their events, with the figures worked out by
hand in each docstring."""

from __future__ import annotations

from referee.games.rummy.ledger.events import Buy, DealEnded, Event, ExactCut, GameAbandoned, GameCreated
from referee.games.rummy.ledger.state import GameState, replay

PLAYERS = ("Ana", "Beto", "Caro")


def telefunken(holds: dict[str, int], *, players: tuple[str, ...] = PLAYERS, deals: int = 7,
               extra: tuple[Event, ...] = ()) -> list[Event]:
    """A Telefunken game of three: deal d is won by the player in seat d % 3, the others hold ``holds`` points each
    deal; ``extra`` events are recorded in deal 1 before it ends."""
    events: list[Event] = [GameCreated(variant="telefunken", players=players, first_dealer=players[0]), *extra]
    for deal in range(1, deals + 1):
        out = players[deal % 3]
        events.append(DealEnded(deal=deal, went_out=out, hands={n: holds[n] for n in players if n != out}))
    return events


#: Ana wins. Beto goes out in deals 1, 4, 7; Caro in 2, 5; Ana in 3, 6. Ana holds 5 in the five deals she does
#: not go out: 25; Beto 10 × 4 = 40; Caro 20 × 5 = 100. In deal 1 Caro buys twice and Beto once, and its cutter
#: (Caro, who plays just before the dealer Ana) cuts exactly.
ANA_WINS = telefunken({"Ana": 5, "Beto": 10, "Caro": 20},
                      extra=(ExactCut(deal=1), Buy(deal=1, player="Caro"), Buy(deal=1, player="Beto"),
                             Buy(deal=1, player="Caro")))
#: Beto wins: Ana 20 × 5 = 100, Beto 5 × 4 = 20, Caro 10 × 5 = 50; no buys, no exact cut.
BETO_WINS = telefunken({"Ana": 20, "Beto": 5, "Caro": 10})
#: Ended after two deals, with Ana's name typed in small letters: not finished.
ENDED_EARLY = [*telefunken({"ana": 5, "Beto": 5, "Caro": 5}, players=("ana", "Beto", "Caro"), deals=2),
               GameAbandoned(reason="late")]


def state(events: list[Event]) -> GameState:
    """The game after ``events``."""
    return replay(events)
