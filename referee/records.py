"""Players across games: each player's record over a set of games, and how the players of a regular table fare
against each other. A read-model over game states (no Flask, no database); the web layer chooses the games.

Each game is read by its own family (:mod:`referee.families`): ``family.result(state)`` gives a
:class:`GameResult` (totals, places, partners and the family's own figures, such as contract rummy's deals won by
going out, exact cuts and buys); a family without one is counted from ``winners`` alone (its games and wins, the
winners ahead of everyone else). Nothing here knows a family's types.

Decisions (docs/rules.md, D110):

- A game counts in a record once it was played to its end. A game under way or ended early counts as "not
  finished": no win, no total, no head-to-head.
- A player is the same player in two games when their names match once cleaned, ignoring upper and lower case
  (``ana`` and ``Ana``, fullwidth ``Ａｎａ`` too): names are all a score-keeper knows of its players. Names that only
  look alike (``Ian`` and ``lan``) are not merged: at one table the ledger keeps them apart to be read, which does
  not make two players of two games one. A record shows the spelling of the player's latest game.
- Totals are compared within one variant only (a Telefunken total and a Shanghai total are not on one scale):
  per variant, the average and the best final total, best being the lowest where the lowest total wins.
- Head-to-head: for each opponent met in a finished game, the games where each finished ahead of the other (by
  place) and the games level. Partners in a team game are not opponents there.
- A regular table: the same players (by name, whatever the seats) at two finished games or more, of any variant;
  it lists each one's wins there.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from referee.families import Family
from referee.ledger.names import clean_name

__all__ = [
    "Figure",
    "GameResult",
    "Meeting",
    "PlayerRecord",
    "Records",
    "RegularTable",
    "VariantRecord",
    "game_result",
    "player_key",
    "records_of",
]

#: A regular table: the same players at this many finished games or more.
REGULAR_TABLE_GAMES = 2


def player_key(name: str) -> str:
    """What two games' names must share to be the same player: the cleaned name, NFKC, case folded.

    >>> player_key(" Ana ") == player_key("ANA") == player_key("Ａｎａ")
    True
    >>> player_key("Ian") == player_key("lan")
    False
    """
    return unicodedata.normalize("NFKC", clean_name(name)).casefold()


@dataclass(frozen=True)
class Figure:
    """One of a family's own counts in a game (its ``code``, named by the family's screens), per player."""

    code: str
    counts: Mapping[str, int]


@dataclass(frozen=True, kw_only=True)
class GameResult:
    """What one game says of its players, as its family reads it."""

    variant_id: str
    #: The names as they are now, in seat order.
    players: tuple[str, ...]
    #: Played to its end (not under way, not ended early).
    finished: bool
    winners: tuple[str, ...] = ()
    #: 1-based places, tied players sharing the better one; empty: the winners first, everyone else after them.
    places: Mapping[str, int] = field(default_factory=dict)
    #: Each player's final total (a team game: their side's); None where the family gives none.
    totals: Mapping[str, int] | None = None
    #: Whether the lowest total wins (contract rummy), so the best total is the lowest.
    lower_wins: bool = True
    #: Partners (team games): each side's players.
    teams: tuple[tuple[str, ...], ...] = ()
    figures: tuple[Figure, ...] = ()

    def place_of(self, name: str) -> int:
        """``name``'s place: as the family gave it, else 1 for a winner and 2 for anyone else."""
        if self.places:
            return self.places[name]
        return 1 if name in self.winners else 2

    def partners(self, one: str, other: str) -> bool:
        """Whether ``one`` and ``other`` played on the same side."""
        return any(one in side and other in side for side in self.teams)


def game_result(family: Family, state: Any, variant_id: str) -> GameResult:
    """What ``state`` (a game of ``family``, its variant ``variant_id``) says of its players: the family's own
    :class:`GameResult`, else its winners alone (a game with winners is one played to its end)."""
    if family.result is not None:
        found = family.result(state)
        assert isinstance(found, GameResult)
        return found
    winners = family.winners_of(state)
    return GameResult(variant_id=variant_id, players=tuple(state.players), finished=bool(winners), winners=winners)


@dataclass(frozen=True)
class VariantRecord:
    """A player's finished games of one variant: how many, the wins, their final totals and the family's figures."""

    variant_id: str
    games: int
    wins: int
    totals: tuple[int, ...]
    lower_wins: bool
    figures: tuple[tuple[str, int], ...]

    @property
    def average(self) -> Fraction | None:
        """The average final total (None where the family gives no totals)."""
        return Fraction(sum(self.totals), len(self.totals)) if self.totals else None

    @property
    def best(self) -> int | None:
        """The best final total: the lowest where the lowest total wins, else the highest."""
        if not self.totals:
            return None
        return min(self.totals) if self.lower_wins else max(self.totals)


@dataclass(frozen=True)
class Meeting:
    """A player against one opponent, over the finished games both played (as opponents)."""

    opponent: str
    games: int
    ahead: int
    behind: int

    @property
    def level(self) -> int:
        """The games where they finished level (the same place)."""
        return self.games - self.ahead - self.behind


@dataclass(frozen=True)
class PlayerRecord:
    """One player's record: finished games and wins, per variant, against each opponent; and unfinished games."""

    name: str
    games: int
    wins: int
    unfinished: int
    variants: tuple[VariantRecord, ...]
    meetings: tuple[Meeting, ...]


@dataclass(frozen=True)
class RegularTable:
    """The same players at several finished games: how many, and each one's wins there (most first)."""

    players: tuple[str, ...]
    games: int
    wins: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class Records:
    """Every player's record over a set of games (most finished games first), and the regular tables."""

    players: tuple[PlayerRecord, ...]
    tables: tuple[RegularTable, ...]

    def player(self, name: str) -> PlayerRecord | None:
        """The record of the player called ``name`` (in any case), or None."""
        key = player_key(name)
        return next((record for record in self.players if player_key(record.name) == key), None)


@dataclass
class _Tally:
    """One player's counts while the games are read."""

    name: str
    games: int = 0
    wins: int = 0
    unfinished: int = 0
    variants: dict[str, _VariantTally] = field(default_factory=dict)
    meetings: dict[str, list[int]] = field(default_factory=dict)  # key: [games, ahead, behind]


@dataclass
class _VariantTally:
    games: int = 0
    wins: int = 0
    lower_wins: bool = True
    totals: list[int] = field(default_factory=list)
    figures: dict[str, int] = field(default_factory=dict)


def records_of(results: Iterable[GameResult]) -> Records:
    """Every player's record over ``results`` (oldest game first: a record shows a name as its latest game has it).

    >>> ana_wins = GameResult(variant_id="telefunken", players=("Ana", "Beto"), finished=True, winners=("Ana",),
    ...                       places={"Ana": 1, "Beto": 2}, totals={"Ana": 20, "Beto": 65})
    >>> beto_wins = GameResult(variant_id="telefunken", players=("ana", "Beto"), finished=True, winners=("Beto",),
    ...                        places={"ana": 2, "Beto": 1}, totals={"ana": 40, "Beto": 15})
    >>> ana = records_of([ana_wins, ana_wins, beto_wins]).player("ANA")
    >>> ana.name, ana.games, ana.wins, ana.variants[0].average, ana.variants[0].best
    ('ana', 3, 2, Fraction(80, 3), 20)
    >>> ana.meetings
    (Meeting(opponent='Beto', games=3, ahead=2, behind=1),)
    """
    tallies: dict[str, _Tally] = {}
    tables: dict[frozenset[str], tuple[tuple[str, ...], int, dict[str, int]]] = {}
    for result in results:
        for name in result.players:
            tally = tallies.setdefault(player_key(name), _Tally(name))
            tally.name = name
            if result.finished:
                _count(tally, result, name)
            else:
                tally.unfinished += 1
        if result.finished:
            keys = frozenset(player_key(name) for name in result.players)
            _, games, wins = tables.get(keys, ((), 0, {}))
            for name in result.winners:
                wins[player_key(name)] = wins.get(player_key(name), 0) + 1
            tables[keys] = (result.players, games + 1, wins)
    players = tuple(sorted((_record(t, tallies) for t in tallies.values()),
                           key=lambda r: (-r.games, -r.wins, player_key(r.name))))
    regular = [
        RegularTable(
            tuple(tallies[player_key(n)].name for n in names), games,
            tuple(sorted(((tallies[player_key(n)].name, wins.get(player_key(n), 0)) for n in names),
                         key=lambda item: -item[1])),
        )
        for names, games, wins in tables.values() if games >= REGULAR_TABLE_GAMES
    ]
    return Records(players, tuple(sorted(regular, key=lambda t: -t.games)))


def _count(tally: _Tally, result: GameResult, name: str) -> None:
    """Count one finished game of ``result`` in ``name``'s tally."""
    won = name in result.winners
    tally.games += 1
    tally.wins += won
    variant = tally.variants.setdefault(result.variant_id, _VariantTally())
    variant.games += 1
    variant.wins += won
    variant.lower_wins = result.lower_wins
    if result.totals is not None:
        variant.totals.append(result.totals[name])
    for figure in result.figures:
        variant.figures[figure.code] = variant.figures.get(figure.code, 0) + figure.counts.get(name, 0)
    place = result.place_of(name)
    for other in result.players:
        if other == name or result.partners(name, other):
            continue
        meeting = tally.meetings.setdefault(player_key(other), [0, 0, 0])
        meeting[0] += 1
        meeting[1] += place < result.place_of(other)
        meeting[2] += place > result.place_of(other)


def _record(tally: _Tally, tallies: Mapping[str, _Tally]) -> PlayerRecord:
    variants = tuple(
        VariantRecord(variant_id, v.games, v.wins, tuple(v.totals), v.lower_wins, tuple(v.figures.items()))
        for variant_id, v in sorted(tally.variants.items(), key=lambda item: -item[1].games)
    )
    meetings = tuple(
        Meeting(tallies[key].name, games, ahead, behind)
        for key, (games, ahead, behind) in sorted(tally.meetings.items(), key=lambda item: (-item[1][0], item[0]))
    )
    return PlayerRecord(tally.name, tally.games, tally.wins, tally.unfinished, variants, meetings)
