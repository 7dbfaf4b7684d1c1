"""A second family of games, as small as one can be, to show that the core takes a family it has never seen.

"Mini points": one variant, ``mini-points``; the players are named at creation; a hand gives one player a point;
the first to reach :data:`TARGET` points wins. Undo and redo are events, as in every family. Its file is
``{"format": "referee-mini-game/1", "game": {"variant": …, "players": […]}, "events": [...]}``. Its screens are one
blueprint (the scorekeeper's page and its one button, a board for the viewer) and two templates of its own.

It imports only the core: :mod:`referee.families`, the store, the access checks and Flask. Nothing of contract
rummy (``tests/families/test_minifamily.py`` checks it), which is what a family package must be able to do.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, ClassVar

from flask import Blueprint, Flask, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from referee import db
from referee.families import ChooserEntry, Family, FamilyWeb
from referee.ledger import store
from referee.web.core import access

VARIANT = "mini-points"
FORMAT = "referee-mini-game/1"
#: Points that win the game.
TARGET = 3


# ---- events ---------------------------------------------------------------------------------------------------


class MiniFormatError(ValueError):
    """An event or a file this family cannot read; the message quotes the bad field."""


@dataclass(frozen=True, kw_only=True)
class Created:
    """The first event: the variant and the players."""

    type: ClassVar[str] = "mini-created"
    variant: str
    players: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "variant": self.variant, "players": list(self.players)}


@dataclass(frozen=True, kw_only=True)
class Point:
    """A hand won: one point to ``player``."""

    type: ClassVar[str] = "mini-point"
    player: str

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "player": self.player}


@dataclass(frozen=True, kw_only=True)
class Undone:
    """Cancels the event with this seq (undoing an Undone redoes)."""

    type: ClassVar[str] = "mini-undone"
    seq: int

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "seq": self.seq}


Event = Created | Point | Undone


def event_from_dict(data: Mapping[str, Any]) -> Event:
    """An event from its JSON form; MiniFormatError quoting the bad field."""
    kind = data.get("type")
    if kind == Created.type:
        players = data.get("players")
        if not isinstance(players, list) or not all(isinstance(p, str) and p for p in players):
            raise MiniFormatError(f"players: {players!r} is not a list of names")
        return Created(variant=str(data.get("variant")), players=tuple(players))
    if kind == Point.type:
        player = data.get("player")
        if not isinstance(player, str):
            raise MiniFormatError(f"player: {player!r} is not a name")
        return Point(player=player)
    if kind == Undone.type:
        seq = data.get("seq")
        if not isinstance(seq, int) or isinstance(seq, bool):
            raise MiniFormatError(f"seq: {seq!r} is not a whole number")
        return Undone(seq=seq)
    raise MiniFormatError(f"type: {kind!r} is no event of {VARIANT}")


# ---- the fold -------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Problem:
    """Why the rules refuse an event: a code and the English sentence."""

    code: str
    message: str

    def __str__(self) -> str:
        return self.message


class MiniRefused(ValueError):
    """The rules refuse an event; nothing here can be forced by the table."""

    def __init__(self, problems: Sequence[Problem]) -> None:
        self.problems = tuple(problems)
        self.forcible = False
        super().__init__("; ".join(p.message for p in self.problems))


@dataclass(frozen=True)
class State:
    """A game after its events: the log, and the points of the events still in force."""

    created: Created
    log: tuple[Event, ...] = field(default=())

    @property
    def seq(self) -> int:
        return len(self.log)

    @property
    def players(self) -> tuple[str, ...]:
        return self.created.players

    @property
    def variant_id(self) -> str:
        return self.created.variant

    @property
    def points(self) -> dict[str, int]:
        cancelled: set[int] = set()
        for seq in range(len(self.log), 0, -1):
            event = self.log[seq - 1]
            if seq not in cancelled and isinstance(event, Undone):
                cancelled.add(event.seq)
        points = dict.fromkeys(self.players, 0)
        for seq, event in enumerate(self.log, start=1):
            if seq not in cancelled and isinstance(event, Point):
                points[event.player] += 1
        return points

    @property
    def winners(self) -> tuple[str, ...]:
        return tuple(name for name, count in self.points.items() if count >= TARGET)

    @property
    def over(self) -> bool:
        return bool(self.winners)


def start(created: Created, *, at: datetime | None = None) -> State:
    """A new game; MiniRefused for fewer than two players or another variant."""
    del at  # the mini family keeps no times
    problems = []
    if created.variant != VARIANT:
        problems.append(Problem("unknown-variant", f"{created.variant!r} is not {VARIANT}"))
    if len(created.players) < 2 or len(set(created.players)) != len(created.players):
        problems.append(Problem("players", "two players or more, each named once"))
    if problems:
        raise MiniRefused(problems)
    return State(created, (created,))


def check(state: State, event: Event) -> tuple[Problem, ...]:
    """Every reason the rules refuse ``event`` now."""
    if isinstance(event, Created):
        return (Problem("created-twice", "the game has begun already"),)
    if isinstance(event, Point):
        if event.player not in state.players:
            return (Problem("unknown-player", f"{event.player!r} does not play"),)
        if state.over:
            return (Problem("game-over", "the game is over"),)
        return ()
    if not 2 <= event.seq <= state.seq:
        return (Problem("undo-nothing", f"there is no event {event.seq} to undo"),)
    return ()


def apply(state: State, event: Event, *, at: datetime | None = None) -> State:
    """The state after ``event``, or MiniRefused (nothing changes)."""
    del at  # the mini family keeps no times
    problems = check(state, event)
    if problems:
        raise MiniRefused(problems)
    return State(state.created, (*state.log, event))


def replay(events: Iterable[Event], *, times: Sequence[datetime | None] | None = None) -> State:
    """The state after a whole log."""
    del times  # the mini family keeps no times
    iterator = iter(events)
    first = next(iterator)
    if not isinstance(first, Created):
        raise MiniRefused([Problem("no-creation", "a game begins with its creation")])
    state = start(first)
    for event in iterator:
        state = apply(state, event)
    return state


# ---- the file -------------------------------------------------------------------------------------------------


def export_game(state: State) -> dict[str, Any]:
    """The game's file."""
    return {"format": FORMAT, "game": {"variant": state.variant_id, "players": list(state.players)},
            "events": [event.to_dict() for event in state.log[1:]]}


def import_game(data: object) -> list[Event]:
    """The events of a file; MiniFormatError for what cannot be read."""
    if not isinstance(data, Mapping) or data.get("format") != FORMAT:
        raise MiniFormatError(f"format: not a {FORMAT} file")
    game, events = data.get("game"), data.get("events")
    if not isinstance(game, Mapping) or not isinstance(events, list):
        raise MiniFormatError("game and events: an object and a list")
    created = event_from_dict({**game, "type": Created.type})
    return [created, *(event_from_dict(e) if isinstance(e, Mapping) else _not_an_event(e) for e in events)]


def _not_an_event(value: object) -> Event:
    raise MiniFormatError(f"events: {value!r} is not an event")


def read_file(data: object) -> dict[str, Any]:
    """A file's dict, every check of :func:`import_game` passed."""
    import_game(data)
    assert isinstance(data, dict)
    return data


@dataclass(frozen=True)
class Tally:
    """A file replayed leniently: the state as far as it goes, and every reason."""

    state: State | None
    errors: tuple[str, ...] = ()

    @property
    def allowed(self) -> bool:
        return self.state is not None and not self.errors


def tally(data: object) -> Tally:
    """Replay a file, skipping (and naming) every event the rules refuse."""
    events = import_game(data)
    created = events[0]
    assert isinstance(created, Created)
    try:
        state = start(created)
    except MiniRefused as refused:
        return Tally(None, tuple(str(p) for p in refused.problems))
    errors: list[str] = []
    for number, event in enumerate(events[1:], start=2):
        try:
            state = apply(state, event)
        except MiniRefused as refused:
            errors.extend(f"event {number}: {p}" for p in refused.problems)
    return Tally(state, tuple(errors))


def sheet_text(state: State) -> str:
    """One line a player: name and points."""
    return "".join(f"{name}: {count}\n" for name, count in state.points.items())


def sheet_json(state: State | None, errors: Sequence[str]) -> dict[str, Any]:
    """The ``referee tally --json`` document."""
    return {"points": state.points if state is not None else {}, "errors": list(errors)}


# ---- the screens ----------------------------------------------------------------------------------------------

bp = Blueprint("mini", __name__, template_folder=str(Path(__file__).parent / "templates"))


@bp.get("/g/<edit_token>/mini")
def hand(edit_token: str) -> str:
    """The scorekeeper's page: the points and a button a player (served at ``/g/<edit_token>`` too)."""
    table = access.require_edit(edit_token)
    return render_template("mini/hand.html", table=table, state=table.state)


@bp.post("/g/<edit_token>/point")
def point(edit_token: str) -> Response | tuple[str, int]:
    """One point to the player named in the form (compare-and-swap on its seq, its idempotency key)."""
    table = access.require_edit(edit_token)
    try:
        with db.session() as session:
            store.append(session, game_id=table.game_id, event=Point(player=request.form.get("player", "")),
                         expected_seq=int(request.form.get("expected_seq", "0")),
                         idempotency_key=request.form.get("idempotency_key") or None)
    except store.Conflict:
        return "the game moved on", 409
    except MiniRefused as refused:
        return str(refused), 422
    return redirect(url_for("mini.hand", edit_token=edit_token), code=303)


@bp.get("/g/<edit_token>/export.mini.json")
def export(edit_token: str) -> dict[str, Any]:
    """The game's file."""
    return export_game(access.require_edit(edit_token).state)


class Viewer:
    """The players' board."""

    def page(self, state: State, _view_token: str, me: str | None) -> str:
        return render_template("mini/board.html", state=state, me=me, whole=True)

    def board(self, state: State, _view_token: str, me: str | None) -> str:
        return render_template("mini/board.html", state=state, me=me, whole=False)

    def renamed(self, _state: State, name: str) -> str:
        return name


def _init_app(app: Flask) -> None:
    app.register_blueprint(bp)


WEB = FamilyWeb(
    init_app=_init_app,
    blueprints=("mini",),
    edit_endpoint="mini.hand",
    viewer=Viewer(),
    chooser=lambda: [ChooserEntry(variant_id=VARIANT, name="Mini points", url="/mini/new")],
    rules_card=lambda _state, back_url: f'<p>First to {TARGET} points wins.</p><a href="{back_url}">back</a>',
    problem_words=str,
    heading=lambda: "Mini games",
    nav="mini/_nav.html",
    sheet_endpoint="mini.hand",
    export_endpoint="mini.export",
    first_in=("es",),
    line=lambda state: f"Mini points: {', '.join(f'{n} {c}' for n, c in state.points.items())}",
)


MINI = Family(
    id="mini",
    name="Mini games",
    variant_ids=(VARIANT,),
    created_types=(Created.type,),
    event_from_dict=event_from_dict,
    start=start,
    apply=apply,
    replay=replay,
    check=check,
    event_refused=MiniRefused,
    file_format=FORMAT,
    file_error=MiniFormatError,
    read_file=read_file,
    export_game=export_game,
    import_game=import_game,
    tally=tally,
    sheet_text=sheet_text,
    sheet_json=sheet_json,
    winners=lambda state: state.winners,
    web=__name__,
)

