"""What every Persian table game shares: problems and their sentences, errors, seats and teams, the table, the
house-rule schema, the record of a game, and the protocol each game module follows (docs/table-games.md §7).

The engine is pure (standard library only) and typed strictly. Seats are the players' positions in the order the
table lists them; play and the deal pass **to the right**, which is the next seat: ``right_of(s) = (s + 1) % n``
(docs/table-games.md §7.1). In a four-player game partners sit opposite, so seat ``s`` plays for team ``s % 2``:
team A is seats 0 and 2, team B seats 1 and 3.

**The game protocol.** Each game module (``hokm``, ``shelem``, ``qahve``, …) holds:

- ``GAMES``: its :class:`GameRules` records (one per id it plays), which ``referee.games.persian.rules``
  gathers into the registry that :func:`~referee.games.persian.rules.find_game` reads. Adding a game is one
  module and one line there.
- a ``Hand``: a frozen dataclass of what the scorekeeper enters for one hand, with ``to_dict()`` (JSON-safe) and
  ``from_dict(data)``, which raises :class:`HandError` (a :class:`RulesError`) quoting the bad field.
- a score: a frozen class following :class:`GameScore` — ``start(table)`` (raises :class:`TableError` for a
  table the game cannot seat), ``problems(hand)`` (*every* reason the hand is refused; empty means allowed),
  ``play(hand)`` (the new score; raises :class:`HandRefused` carrying those problems), and the facts the table
  argues about, all derived and read-only: ``totals``, ``dealer``, ``ruler``, ``first_bidder``, ``hand_number``,
  ``is_over``, ``winners`` and the sheet's ``rows`` as the table draws them. It is built on :class:`BaseScore`
  (or :class:`TeamScore`, for a game a side wins), which writes the parts every game shares once.

A :class:`Problem` is a stable ``code`` with parameters that are numbers or names (players' names, team letters,
field names, a quoted input), never English fragments. Its English sentence lives once, in :data:`MESSAGES`,
marked with :func:`N_` so ``pybabel extract`` finds it; a screen translates it by its code.

>>> problem = Problem.of("hokm-tricks", tricks=7)
>>> str(problem), problem.param("tricks")
('the losing team took 7 tricks: it has 0 to 6 when the winners take their seventh', 7)
>>> right_of(3, 4), team_of(3), team_seats(1)
(0, 1, (1, 3))
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Generic, Protocol, Self, TypeVar

__all__ = [
    "N_",
    "MESSAGES",
    "ParamValue",
    "OptionValue",
    "JsonValue",
    "Problem",
    "english",
    "RulesError",
    "ProblemError",
    "HandError",
    "TableError",
    "HandRefused",
    "UnknownGame",
    "TEAM_NAMES",
    "right_of",
    "seats_from",
    "team_of",
    "team_seats",
    "Option",
    "Table",
    "GameRules",
    "HandEntry",
    "SheetRow",
    "GameScore",
    "BaseScore",
    "TeamScore",
    "quote",
    "read_int",
    "read_bool",
    "read_team",
    "check_fields",
]


def N_(msgid: str) -> str:  # noqa: N802 (the name gettext's tools look for)
    """Mark an English sentence for the catalogue; the sentence itself, unchanged."""
    return msgid


#: A problem's parameter: a number, a name (a player, a team letter, a field, a quoted input) or a tuple of them.
ParamValue = int | str | tuple[int | str, ...]
#: A house rule's value: a target or a number of rounds, or a switch.
OptionValue = int | bool | str
JsonValue = int | str | bool | None | list["JsonValue"] | dict[str, "JsonValue"]

#: Every sentence the Persian games' referee says, by code (docs/table-games.md §7.2). Team parameters are the
#: team letters A and B; seat parameters are the players' names.
MESSAGES: dict[str, str] = {
    # the table and the hand's fields (every game)
    "unknown-game": N_("{game} is not a game referee keeps"),
    "player-count": N_("{game} is played by {allowed} players, not {count}"),
    "player-twice": N_("{name} has two seats at the table"),
    "player-unnamed": N_("every player needs a name"),
    "no-such-seat": N_("{seat} is not a seat at this table: the seats are 1 to {count}"),
    "unknown-option": N_("{game} has no house rule {option}"),
    "option-value": N_("{option} cannot be {value} (one of {allowed})"),
    "field-missing": N_("the hand has no {field}"),
    "field-unknown": N_("a hand of {game} has no {field}"),
    "field-number": N_("{field} must be a whole number, not {value}"),
    "field-switch": N_("{field} must be true or false, not {value}"),
    "field-list": N_("{field} must be a list, not {value}"),
    "field-length": N_("{field} must hold {count} numbers, not {value}"),
    "field-call": N_("each call of the bidding is a seat and a bid (none for a pass), not {value}"),
    "field-choice": N_("{field} must be one of {allowed}, not {value}"),
    "game-over": N_("the game is over: no more hands"),
    "no-such-team": N_("there is no team {team}: the teams are A and B"),
    "no-such-player": N_("seat {seat} is not at this table: the seats are 1 to {count}"),
    # Hokm (docs/table-games.md §1)
    "hokm-tricks": N_("the losing team took {tricks} tricks: it has 0 to 6 when the winners take their seventh"),
    "hokm-bam-needs-seven-nil": N_("a bam needs all 13 tricks: the losing team took {tricks}"),
    # Shelem (docs/table-games.md §2)
    "shelem-bid-range": N_("a bid of {bid}: bids go from {least} to {most}"),
    "shelem-bid-step": N_("a bid of {bid}: bids go up in fives"),
    "shelem-bid-not-higher": N_("{name} bid {bid}: a bid must beat the last one, {last}"),
    "shelem-bid-out-of-turn": N_("it is {expected}'s turn to bid, not {name}'s"),
    "shelem-bid-after-pass": N_("{name} passed and cannot bid again"),
    "shelem-bidding-over": N_("the bidding was over before {name}'s call"),
    "shelem-bidding-open": N_("the bidding is not over: it ends when every player but the last bidder has passed"),
    "shelem-must-open": N_("{name} opens the bidding: a bid of at least 100, not a pass"),
    "shelem-bidding-mismatch": N_("the bidding makes {name} ruler at {bid}, not {given} at {given_bid}"),
    "shelem-no-ruler": N_("the hand needs its ruler and bid, or the whole bidding"),
    "shelem-all-passed-points": N_("everybody passed: a hand without a ruler scores no points"),
    "shelem-points-range": N_("the ruler's team took {points} points: it takes 5 to 165 (the four cards the "
                              "ruler laid aside are its own)"),
    "shelem-points-step": N_("{points} points: points come in fives"),
    "shelem-no-points": N_("the hand needs the points the ruler's team took"),
    # Qahve (docs/table-games.md §3)
    "qahve-bid-low": N_("{name} bid {bid}: each player bids at least 2 tricks"),
    "qahve-team-bid-high": N_("team {team} bid {bid} tricks: a team bids at most 13"),
    "qahve-tricks-range": N_("team {team} took {tricks} tricks: a team takes 0 to 13"),
    "qahve-tricks-total": N_("the teams took {total} tricks between them: a hand has 13"),
    # Bi-del, Rim, Shaytan and Bluff (docs/table-games.md §4–§6)
    "card-unknown": N_("{card} is not a card (write it like 7H, 10♠ or QD)"),
    "card-joker": N_("{card} is a joker: this game is played with one pack of 52 cards, no jokers"),
    "card-twice": N_("{card} is there twice: one pack has each card once"),
    "field-cards": N_("{field} must be cards written like 7H 10♠ QD, not {value}"),
    "bidel-hearts-range": N_("{name} took {hearts} hearts: a player takes 0 to 13"),
    "bidel-hearts-total": N_("the hearts add up to {total}: a hand has 13"),
    "bidel-queen-count": N_("{count} players took Q♠: exactly one player takes it"),
    "bidel-reminder-lead": N_("the 2♣ leads the first trick"),
    "bidel-reminder-first-trick": N_("no heart and no Q♠ on the first trick"),
    "bidel-reminder-hearts-broken": N_("hearts are not led until a heart has been played"),
    "bidel-reminder-three-players": N_("with three players the 2♦ is taken out: 17 cards each"),
    "rim-too-many-cards": N_("{count} unmatched cards: the loser holds 10 when the other player goes out"),
    "rim-stock-out-cards": N_("the stock ran out and nobody went out: there are no unmatched cards to count"),
    "rim-meld-short": N_("{cards}: a meld has at least 3 cards"),
    "rim-meld-mixed": N_("{cards} is neither a set (one rank) nor a run (one suit, in sequence)"),
    "rim-meld-gap": N_("{cards}: a run goes up one rank at a time"),
    "rim-meld-corner": N_("{cards}: an ace is high (Q-K-A) or low (A-2-3) in a run, never round the corner"),
}


def _english_value(value: ParamValue) -> str:
    if isinstance(value, tuple):
        return ", ".join(str(v) for v in value)
    return str(value)


def english(code: str, params: tuple[tuple[str, ParamValue], ...]) -> str:
    """The English sentence of ``code`` with its parameters filled in.

    >>> english("qahve-tricks-total", (("total", 12),))
    'the teams took 12 tricks between them: a hand has 13'
    """
    return MESSAGES[code].format(**{name: _english_value(value) for name, value in params})


@dataclass(frozen=True, slots=True)
class Problem:
    """One reason a table or a hand is refused: a stable code and its parameters (numbers and names)."""

    code: str
    params: tuple[tuple[str, ParamValue], ...] = ()

    def __post_init__(self) -> None:
        if self.code not in MESSAGES:
            raise KeyError(f"no sentence for the problem {self.code!r} in MESSAGES")

    @classmethod
    def of(cls, code: str, /, **params: ParamValue) -> Problem:
        """A problem from its code and its parameters."""
        return cls(code, tuple(params.items()))

    def param(self, name: str) -> ParamValue:
        """One parameter by name."""
        return dict(self.params)[name]

    @property
    def message(self) -> str:
        """The English sentence for a player."""
        return english(self.code, self.params)

    def __str__(self) -> str:
        return self.message


class RulesError(ValueError):
    """Bad input to the Persian games' engine. Every exception it raises on purpose is a subclass of this one."""


class ProblemError(RulesError):
    """A :class:`RulesError` that says what is wrong as problems; its text is their English sentences."""

    def __init__(self, problems: tuple[Problem, ...]) -> None:
        self.problems = problems
        super().__init__("; ".join(p.message for p in problems))


class HandError(ProblemError):
    """A hand's file form that cannot be read: a missing, unknown or ill-typed field, quoted."""

    @classmethod
    def of(cls, code: str, /, **params: ParamValue) -> HandError:
        """The error of one problem."""
        return cls((Problem.of(code, **params),))


class TableError(ProblemError):
    """A table the game cannot seat: the wrong number of players, a house rule it does not have."""


class HandRefused(ProblemError):
    """``play`` of a hand the rules refuse; ``problems`` holds every reason."""


class UnknownGame(ProblemError):
    """An id no game has."""


# ---- seats and teams (docs/table-games.md §7.1) ---------------------------------------------------------------

#: The two teams' letters, as the sheet heads its columns.
TEAM_NAMES = ("A", "B")


def right_of(seat: int, count: int) -> int:
    """The seat on ``seat``'s right, who deals and plays next: the next one in the table's order."""
    return (seat + 1) % count


def seats_from(first: int, count: int) -> tuple[int, ...]:
    """Every seat once, from ``first`` round to the right.

    >>> seats_from(2, 4)
    (2, 3, 0, 1)
    """
    return tuple((first + step) % count for step in range(count))


def team_of(seat: int) -> int:
    """The team (0 = A, 1 = B) of a seat in a four-player game, where partners sit opposite; with two players
    (Shelem for two) each seat is its own side, and this is the seat itself."""
    return seat % 2


def team_seats(team: int, count: int = 4) -> tuple[int, ...]:
    """The seats of a team, in seat order."""
    return tuple(seat for seat in range(count) if seat % 2 == team)


# ---- the table and its house rules ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Option:
    """A house rule a game offers at creation: its name, the values it may take and the value if none is chosen."""

    name: str
    allowed: tuple[OptionValue, ...]
    default: OptionValue


@dataclass(frozen=True, slots=True)
class Table:
    """Who sits where and what was agreed: the game's id, the players in seat order, the first dealer's seat
    (Hokm: the first ruler's, who drew the highest card) and the house rules chosen (the rest take defaults)."""

    game: str
    players: tuple[str, ...]
    first: int = 0
    options: Mapping[str, OptionValue] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "players", tuple(self.players))
        object.__setattr__(self, "options", MappingProxyType(dict(self.options)))

    def __hash__(self) -> int:
        return hash((self.game, self.players, self.first, tuple(sorted(self.options.items()))))

    @property
    def count(self) -> int:
        """How many players sit at the table."""
        return len(self.players)

    def option(self, option: Option) -> OptionValue:
        """The value chosen for ``option``, or its default."""
        return self.options.get(option.name, option.default)

    def to_dict(self) -> dict[str, JsonValue]:
        """The table as JSON-safe data."""
        return {"game": self.game, "players": list(self.players), "first": self.first,
                "options": dict(self.options)}


def quote(value: object) -> str:
    """An input as a problem quotes it: its repr, cut short."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def read_int(data: Mapping[str, object], name: str, default: int | None = None) -> int:
    """The whole number ``data[name]`` of a hand's file form (a bool is not a number), or :class:`HandError`."""
    if name not in data:
        if default is not None:
            return default
        raise HandError.of("field-missing", field=name)
    value = data[name]
    if isinstance(value, bool) or not isinstance(value, int):
        raise HandError.of("field-number", field=name, value=quote(value))
    return value


def read_bool(data: Mapping[str, object], name: str, default: bool = False) -> bool:
    """The switch ``data[name]`` of a hand's file form, or :class:`HandError`."""
    value = data.get(name, default)
    if not isinstance(value, bool):
        raise HandError.of("field-switch", field=name, value=quote(value))
    return value


def read_team(data: Mapping[str, object], name: str) -> int:
    """A team of a hand's file form, written as its letter (``"A"`` or ``"B"``): 0 or 1, or :class:`HandError`."""
    if name not in data:
        raise HandError.of("field-missing", field=name)
    value = data[name]
    if value not in TEAM_NAMES:
        raise HandError.of("field-choice", field=name, allowed=TEAM_NAMES, value=quote(value))
    return TEAM_NAMES.index(str(value))


def check_fields(data: Mapping[str, object], game: str, fields: tuple[str, ...]) -> None:
    """Refuse a hand's file form with a field the game does not know (read strictly: docs/table-games.md, T12)."""
    for name in data:
        if name not in fields:
            raise HandError.of("field-unknown", game=game, field=quote(name))


# ---- the record of a game and the protocol of its score -------------------------------------------------------


class HandEntry(Protocol):
    """What the scorekeeper enters for one hand, in any game."""

    def to_dict(self) -> dict[str, JsonValue]:
        """The hand as JSON-safe data, which the game's ``Hand.from_dict`` reads back."""
        ...


class SheetRow(Protocol):
    """One row of a game's sheet: every game's row has these, and its own columns besides."""

    @property
    def hand(self) -> int:
        """The hand's number, from 1."""
        ...

    @property
    def dealer(self) -> int:
        """Who dealt it (a seat)."""
        ...

    @property
    def totals(self) -> tuple[int, ...]:
        """The running totals after it, per team (team games) or per player."""
        ...

    @property
    def line_after(self) -> bool:
        """Whether the table draws a line under it (Shelem: a full turn of dealers; Hokm: the end of a round)."""
        ...


H_contra = TypeVar("H_contra", contravariant=True)


class GameScore(Protocol[H_contra]):
    """A game's score between hands: frozen, built by ``start(table)`` and by ``play`` only."""

    @property
    def table(self) -> Table:
        """The table the game is played at."""
        ...

    @property
    def hand_number(self) -> int:
        """The number of the next hand, from 1 (hands entered + 1)."""
        ...

    @property
    def totals(self) -> tuple[int, ...]:
        """The running totals: per team (A, B) in team games, per seat otherwise."""
        ...

    @property
    def dealer(self) -> int:
        """Who deals the next hand."""
        ...

    @property
    def ruler(self) -> int | None:
        """Who rules the next hand where the game knows it before the hand (Hokm), else None."""
        ...

    @property
    def first_bidder(self) -> int | None:
        """Who bids first in the next hand (Shelem, Qahve), else None."""
        ...

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        ...

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats that won (empty while the game goes on)."""
        ...

    @property
    def rows(self) -> tuple[SheetRow, ...]:
        """The sheet as the table draws it, a row per hand entered."""
        ...

    def problems(self, hand: H_contra, /) -> tuple[Problem, ...]:
        """Every reason the hand is refused; empty when the rules allow it."""
        ...

    def play(self, hand: H_contra, /) -> Self:
        """The score after the hand; :class:`HandRefused` with the problems when there are any."""
        ...


H = TypeVar("H")
S = TypeVar("S", bound="GameScore[Any]")  # the type checker holds each game's score to the protocol


class BaseScore(ABC, Generic[H]):
    """The skeleton every game's score is built on: a frozen dataclass subclass that has the fields ``table`` and
    ``rows`` and says what refuses a hand (:meth:`hand_problems`), what a hand it allows does
    (:meth:`scored`) and who has won (:attr:`winners`). This class derives the rest of :class:`GameScore` once:
    the hand's number, the end, a refusal once the game is over, and :meth:`play` raising :class:`HandRefused`.

    Its defaults suit a game without ruler or bidding whose deal goes round: a game with them overrides
    ``ruler``, ``first_bidder`` or ``dealer`` (with a field or a property).
    """

    __slots__ = ()

    table: Table
    rows: tuple[SheetRow, ...]

    @property
    def hand_number(self) -> int:
        """The number of the next hand, from 1."""
        return len(self.rows) + 1

    @property
    def dealer(self) -> int:
        """Who deals the next hand: one hand each, round to the right from the table's ``first`` seat."""
        return (self.table.first + len(self.rows)) % self.table.count

    @property
    def ruler(self) -> int | None:
        """Who rules the next hand: nobody, unless the game has a ruler known before the hand."""
        return None

    @property
    def first_bidder(self) -> int | None:
        """Who bids first in the next hand: nobody, unless the game has bidding."""
        return None

    @property
    @abstractmethod
    def winners(self) -> tuple[int, ...]:
        """The seats that won (empty while the game goes on)."""

    @property
    def is_over(self) -> bool:
        """Whether the game has ended: once somebody has won, unless the game says otherwise."""
        return bool(self.winners)

    @abstractmethod
    def hand_problems(self, hand: H, /) -> tuple[Problem, ...]:
        """Every reason the game's rules refuse ``hand``, the game's end aside."""

    @abstractmethod
    def scored(self, hand: H, /) -> Self:
        """The score after ``hand``, which the rules allow."""

    def problems(self, hand: H, /) -> tuple[Problem, ...]:
        """Every reason the hand is refused: the game is over, and what the game's rules say of it."""
        over = (Problem.of("game-over"),) if self.is_over else ()
        return (*over, *self.hand_problems(hand))

    def play(self, hand: H, /) -> Self:
        """The score after the hand; :class:`HandRefused` with the problems when there are any."""
        problems = self.problems(hand)
        if problems:
            raise HandRefused(problems)
        return self.scored(hand)


class TeamScore(BaseScore[H]):
    """The score of a game won by a side (a team of two seats opposite; with two players, a seat): a subclass
    has the field ``winning_team``, None while the game goes on."""

    __slots__ = ()

    winning_team: int | None

    @property
    def is_over(self) -> bool:
        """Whether a side has won."""
        return self.winning_team is not None

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats of the winning side; empty while the game goes on."""
        return () if self.winning_team is None else team_seats(self.winning_team, self.table.count)


@dataclass(frozen=True, slots=True)
class GameRules(Generic[H, S]):
    """A game as the registry knows it: its id, the player counts it seats, whether it is played in teams, its
    house rules, where docs/table-games.md describes it, how to read a hand and how to start a score."""

    id: str
    players: tuple[int, ...]
    teams: bool
    options: tuple[Option, ...]
    section: str
    read_hand: Callable[[Mapping[str, object]], H]
    start: Callable[[Table], S]

    def option(self, name: str) -> Option:
        """The house rule called ``name``."""
        return next(option for option in self.options if option.name == name)

    def table_problems(self, table: Table) -> tuple[Problem, ...]:
        """Every reason this game cannot be played at ``table``."""
        found: list[Problem] = []
        if table.count not in self.players:
            found.append(Problem.of("player-count", game=self.id, allowed=self.players, count=table.count))
        names = [name.strip() if isinstance(name, str) else "" for name in table.players]
        if any(not name for name in names):
            found.append(Problem.of("player-unnamed"))
        found += [Problem.of("player-twice", name=name) for name in sorted({n for n in names if n})
                  if names.count(name) > 1]
        if table.count and not 0 <= table.first < table.count:
            found.append(Problem.of("no-such-seat", seat=table.first + 1, count=table.count))
        known = {option.name: option for option in self.options}
        for name, value in table.options.items():
            option = known.get(name)
            if option is None:
                found.append(Problem.of("unknown-option", game=self.id, option=name))
            elif value not in option.allowed or isinstance(value, bool) != isinstance(option.default, bool):
                found.append(Problem.of("option-value", option=name, value=quote(value),
                                        allowed=tuple(quote(v) for v in option.allowed)))
        return tuple(found)

    def check_table(self, table: Table) -> Table:
        """``table`` if this game can be played there, else :class:`TableError` with every reason."""
        problems = self.table_problems(table)
        if table.game != self.id:
            problems = (Problem.of("unknown-game", game=quote(table.game)), *problems)
        if problems:
            raise TableError(problems)
        return table
