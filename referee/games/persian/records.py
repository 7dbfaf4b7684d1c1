"""What a Persian table game says of its players for the players' records (:mod:`referee.records`): the family's
``result``, registered beside ``winners`` (``result=records.result``).

- A game counts as played to its end when the rules name its winners: a game won by the rules, or a tally game
  (Shaytan, Bluff) the scorekeeper ended, whose leaders win. A game the scorekeeper ended before the rules gave a
  winner is not finished.
- Each player's total is their own, or their side's in a team game (partners share their side's total and place).
- A game's final totals count in a record only where they say who won, read from the winners and never from the
  game's name: the winners hold the lowest total (Bi-del, Shaytan) or the highest (Shelem, Qahve, Rim, Bluff), and
  places follow the totals that way, tied totals sharing the better place. Where they do not (Hokm's totals start
  again each round; a game everyone won), the winners are first and everyone else after them, with no total.
"""

from __future__ import annotations

from collections.abc import Mapping

from referee.games.persian.ledger import TableState
from referee.games.persian.rules.base import team_of
from referee.records import GameResult

__all__ = ["result"]


def result(state: TableState) -> GameResult:
    """The players' final totals, places and sides in ``state`` (docs/table-games.md §7.1 for the sides)."""
    players = state.players
    per_seat = len(state.totals) == len(players)
    totals = {name: state.totals[seat if per_seat else team_of(seat)] for seat, name in enumerate(players)}
    teams = () if per_seat else tuple(tuple(n for s, n in enumerate(players) if team_of(s) == side) for side in (0, 1))
    winners = state.winners
    lower_wins = _lowest_wins(totals, winners)
    if lower_wins is None:
        places = {name: 1 if name in winners else len(winners) + 1 for name in players}
        return GameResult(variant_id=state.variant_id, players=players, finished=bool(winners), winners=winners,
                          places=places, teams=teams)
    ranked = sorted(players, key=lambda name: totals[name], reverse=not lower_wins)
    places = {}
    for index, name in enumerate(ranked):
        earlier = ranked[index - 1] if index else None
        places[name] = places[earlier] if earlier is not None and totals[earlier] == totals[name] else index + 1
    return GameResult(variant_id=state.variant_id, players=players, finished=True, winners=winners, places=places,
                      totals=totals, lower_wins=lower_wins, teams=teams)


def _lowest_wins(totals: Mapping[str, int], winners: tuple[str, ...]) -> bool | None:
    """True where every winner's total is below every other player's, False where above; None otherwise."""
    others = [totals[name] for name in totals if name not in winners]
    if not winners or not others:
        return None
    if all(totals[w] < other for w in winners for other in others):
        return True
    if all(totals[w] > other for w in winners for other in others):
        return False
    return None
