"""The families of games referee keeps, found by variant id: the one seam between the core and a family.

The core (the event log and store, idempotency keys, compare-and-swap, the state cache, the live watcher, links
and tokens, share and QR, My games, backup and restore, the export envelope, ``referee tally``'s exit codes)
knows no family. It asks this registry: ``family_of(game.variant)`` for a game's rules and screens,
``family_of_format(data["format"])`` for a file's. This module imports no family: :func:`load_families` imports
each package named in :data:`KNOWN_FAMILIES` by its name (a package that is not there is skipped), and the
package registers itself by calling :func:`register` when it is imported.

What a family provides
======================
A family is a package under ``referee/games/<id>/`` whose ``__init__`` calls ``register(Family(...))`` once,
with (every callable is a plain function of the family's own modules; nothing here is subclassed):

Its games and events (pure: no Flask, no database)
    - ``id``: the family's id (``"rummy"``, ``"persian"``), lowercase; ``name``: its name as a heading says it.
    - ``variant_ids``: every variant id it plays (the ``Game.variant`` column, the creation event's
      ``variant``). Two families never share an id: :func:`register` refuses a second claim.
    - ``event_from_dict(d) -> event``: an event from its JSON form (the ``"type"`` key says which); a
      ``ValueError`` subclass quoting the bad field for anything else. Events are frozen keyword-only
      dataclasses with ``type: ClassVar[str]`` (kebab-case, at most 32 characters) and ``to_dict() -> dict``
      (JSON-safe; ``event_from_dict(e.to_dict()) == e``).
    - ``created_types``: the ``type`` of its creation event(s), the first event of every game; a creation
      event has ``.variant: str`` and ``.players: tuple[str, ...]`` (turn order).
    - ``start(created) -> state``, ``apply(state, event, *, at=None) -> state``,
      ``replay(events, *, times=None) -> state``, ``check(state, event) -> tuple[problem, ...]``: the fold.
      ``apply`` raises ``event_refused`` and changes nothing when the rules refuse the event.
    - ``event_refused``: its ``ValueError`` subclass with ``.problems`` (each with ``.code``, its parameters
      and an English ``str()``) and ``.forcible`` (False where "the table allows it" cannot help).
    - The state is immutable, with ``seq`` (events applied; the creation is 1), ``players`` (names, turn
      order: the store keeps its ``game_player`` rows equal to them after each save) and ``over``; undo and redo
      are events (an ``undone``-style event cancels the event with that seq).
    - ``with_override(event, reason)`` / ``with_device(event, label)``: optional; where a family has no such
      fields the core leaves the event as it is.
    - ``winners(state) -> tuple[str, ...]``: optional; the players ranked first of a game played to its end
      (My games counts a series' wins with it).
    - ``result(state) -> referee.records.GameResult``: optional; what the game says of each player for the
      players' records (totals, places, partners, the family's own figures). Without it the records count a
      family's games and wins from ``winners`` alone.
    - ``summary(variant_id) -> dict``: optional; one of its games as ``referee variants`` lists it (JSON-safe):
      its English ``name`` and what sets it apart, as ``deals`` (how many) or ``players`` (the counts it
      seats). Without it the command lists the family's ids alone.

Its game file (pure)
    - ``file_format``: the ``"format"`` value of its files (``"referee-game/1"``, ``"referee-table-game/1"``):
      the core reads ``format`` first and hands the file to the family that writes it.
    - ``read_file(data: object) -> dict``: the one gate for a file from outside. The core has parsed the JSON
      already within the limits (size, depth, numbers: :func:`referee.ledger.gamefile.loads`) and found the
      family by ``format``; the family checks everything else and raises ``file_error`` (a ``ValueError``, one
      line in English; with a ``.problem`` that pages word in their language where it has one) before anything
      is folded for a file it cannot read.
    - ``export_game(state) -> dict`` (the file), ``import_game(data) -> list[event]`` (``file_error``).
    - ``tally(data) -> result`` with ``.state`` (None when the game cannot even start), ``.errors`` (every
      reason the rules give, in English) and ``.allowed``; ``sheet_text(state) -> str`` and
      ``sheet_json(state_or_none, errors) -> dict`` print it. ``referee tally`` exits 0 when allowed, 1 when the
      rules forbid it, 2 when ``read_file`` refuses the file, for every family alike.

Its screens (``web``: the dotted name of a module imported only when the app is made)
    That module has ``WEB = FamilyWeb(...)`` (see :class:`FamilyWeb`): ``init_app(app)`` registers its
    blueprint(s) and its Jinja helpers; ``blueprints`` names them (a ``/g/…`` or ``/v/…`` address of one of
    them opens only this family's games: another family's token there answers 404, before the view runs);
    ``edit_endpoint`` is the scorekeeper's screen, at an address of the family's own (``/g/<edit_token>/hand``,
    its one URL argument ``edit_token``), which the core also serves at the entry ``/g/<edit_token>`` for the
    family's games (My games, the share page and the scorekeeper's QR code link there); ``viewer`` (a
    :class:`Viewer`: ``page``, ``board``, ``renamed``) draws the players' board for the core's
    ``/v/<view_token>`` (the core keeps the page cache, the ETag, the live stream and "this is me");
    ``chooser()`` gives its entries of the new-game chooser in the page's language (each links to its own
    creation form; the chooser groups them under ``heading()``, the family's name in the page's language, and
    lists them before contract rummy's form on pages in the languages of ``first_in``, e.g. ``("fa",)``);
    ``line(state)`` is what My games says of a game (its variant, players and where it stands, in the page's
    language; contract rummy, with none, keeps its own markup); ``figure_words(code)`` names one of the figures
    its ``result`` counts (a players' record heads a column with it); ``nav`` is the template of its scorekeeper's
    navigation, which the core's scorekeeper pages (share, hand over) include with ``table``, ``state`` and
    ``active`` set; ``sheet_endpoint`` and ``export_endpoint`` are its score sheet and its game file's download
    (each takes ``edit_token``), which the core's delete page links to; ``edit_anchor`` is the id of the head of
    its scorekeeper's screen, where the core's links to the entry land (none: the top of the page);
    ``rules_card(state, back_url)`` renders its rules card for ``/v/<view_token>/rules``, and
    ``rules_page(variant_id, back_url)`` one of its games' card without a game, at the house rules' defaults, for
    the rules index's ``/rules/<variant_id>`` (a family without one is not listed there), which lists the games of
    ``rules_index()`` (its entries' names and notes; none: its ``chooser()``'s); ``problem_words(problem)``
    says one of its problems (from ``event_refused`` or ``file_error``) in the page's language (restoring a file
    shows them); ``new_game()`` is the view of the core's new-game page ``/games/new`` (GET and POST) when its
    form is that page (contract rummy's; the first family that has one): it renders its form with the other
    families' games around it (``referee.web.screens.games.chooser_groups()``) and creates the game;
    ``rules_problem(error)`` makes one of its problems, for ``problem_words``, of an error its engine raises (a
    ``RulesError``) restoring a file: a variant or house rule it cannot take (for a family without one, the first
    family's words it).

A family's templates live under ``templates/<family id>/``; its sentences are gettext message ids in its own
modules, translated in the app's catalogues.

What the core gives a family's screens
======================================
- :func:`referee.web.core.access.require_edit` / ``require_view`` (token to :class:`~referee.web.core.access.Table`,
  whose ``state`` is the family's state and ``family`` the family; 404 and 410 pages), ``access.remember_game``.
- :func:`referee.ledger.store.create_game` (``created=``, ``idempotency_key=``: a double tap makes one game),
  :func:`~referee.ledger.store.append` (``expected_seq=`` the seq the page showed: ``store.Conflict`` with the
  current state when someone saved first; ``idempotency_key=``: a retried request returns the first result with
  ``replayed=True``; ``current=`` the state the request loaded; the family's ``event_refused`` when the rules
  refuse, nothing written), ``store.state_of`` / ``load_state`` (folded states are kept in memory per game).
- :func:`referee.web.screens.share.link_rematch` after creating a rematch, the share and hand-over pages
  (``share.players``), delete (``backup.delete``), My games, restore, the live viewer and its QR code.
"""

from __future__ import annotations

import importlib
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

__all__ = [
    "KNOWN_FAMILIES",
    "ChooserEntry",
    "Family",
    "FamilyWeb",
    "UnknownFamilyError",
    "Viewer",
    "families",
    "family_named",
    "family_of",
    "family_for",
    "family_for_file",
    "family_of_format",
    "load_families",
    "register",
    "unregister",
]

#: The packages of the families referee keeps, in the order the chooser lists them (imported by name).
KNOWN_FAMILIES = ("referee.games.rummy", "referee.games.persian")


class UnknownFamilyError(LookupError):
    """No family plays this variant or writes this file format (the id is quoted)."""


class Viewer(Protocol):
    """How a family draws the players' board at ``/v/<view_token>`` (the core serves, caches and streams it)."""

    def page(self, state: Any, view_token: str, me: str | None) -> str:
        """The whole viewer page (HTML) for the player ``me`` (None: nobody chosen)."""

    def board(self, state: Any, view_token: str, me: str | None) -> str:
        """The board alone (HTML), as the live stream sends it on each change."""

    def renamed(self, state: Any, name: str) -> str:
        """``name`` after every rename the game recorded since (the "this is me" cookie keeps a name)."""


@dataclass(frozen=True, kw_only=True)
class ChooserEntry:
    """One game of the new-game chooser: its variant id, its name in the page's language, and its form's URL."""

    variant_id: str
    name: str
    url: str
    note: str = ""


@dataclass(frozen=True, kw_only=True)
class FamilyWeb:
    """A family's screens (the module named by ``Family.web`` holds one as ``WEB``)."""

    init_app: Callable[[Any], None]
    blueprints: tuple[str, ...]
    edit_endpoint: str
    viewer: Viewer
    chooser: Callable[[], Sequence[ChooserEntry]]
    rules_card: Callable[[Any, str], str]
    problem_words: Callable[[Any], str]
    heading: Callable[[], str]
    nav: str
    sheet_endpoint: str
    export_endpoint: str
    line: Callable[[Any], str] | None = None
    first_in: tuple[str, ...] = ()
    figure_words: Callable[[str], str] | None = None
    edit_anchor: str | None = None
    rules_page: Callable[[str, str], str] | None = None
    rules_index: Callable[[], Sequence[ChooserEntry]] | None = None
    new_game: Callable[[], Any] | None = None
    rules_problem: Callable[[Any], Any] | None = None


@dataclass(frozen=True, kw_only=True)
class Family:
    """A family of games: its ids, its events and fold, its game file and where its screens are."""

    id: str
    name: str
    variant_ids: tuple[str, ...]
    created_types: tuple[str, ...]
    event_from_dict: Callable[[Mapping[str, Any]], Any]
    start: Callable[..., Any]
    apply: Callable[..., Any]
    replay: Callable[..., Any]
    check: Callable[[Any, Any], tuple[Any, ...]]
    event_refused: type[ValueError]
    file_format: str
    file_error: type[ValueError]
    read_file: Callable[[object], dict[str, Any]]
    export_game: Callable[[Any], dict[str, Any]]
    import_game: Callable[[object], list[Any]]
    tally: Callable[[object], Any]
    sheet_text: Callable[[Any], str]
    sheet_json: Callable[[Any, Sequence[str]], dict[str, Any]]
    web: str | None = None
    winners: Callable[[Any], tuple[str, ...]] | None = None
    result: Callable[[Any], Any] | None = None
    with_override: Callable[[Any, str], Any] | None = None
    with_device: Callable[[Any, str], Any] | None = None
    summary: Callable[[str], Mapping[str, Any]] | None = None
    _web: list[FamilyWeb] = field(default_factory=list, repr=False, compare=False)

    def plays(self, variant_id: str) -> bool:
        """Whether this family plays ``variant_id`` (ids are compared as the engines read them: trimmed, lowercase)."""
        return variant_id.strip().lower() in self.variant_ids

    def winners_of(self, state: Any) -> tuple[str, ...]:
        """The players ranked first of a game played to its end; none while it goes on or when it ended early."""
        return self.winners(state) if self.winners is not None else ()

    def overridden(self, event: Any, reason: str) -> Any:
        """``event`` carrying "the table allows it" with ``reason`` (unchanged where the family has no overrides)."""
        return self.with_override(event, reason) if self.with_override is not None else event

    def from_device(self, event: Any, label: str) -> Any:
        """``event`` marked as entered on the device ``label`` (unchanged where the family does not mark them)."""
        return self.with_device(event, label) if self.with_device is not None else event

    def screens(self) -> FamilyWeb:
        """The family's :class:`FamilyWeb` (its ``web`` module imported on first use)."""
        if not self._web:
            if self.web is None:
                raise UnknownFamilyError(f"the family {self.id!r} has no screens")
            found = importlib.import_module(self.web).WEB
            if not isinstance(found, FamilyWeb):
                raise TypeError(f"{self.web}.WEB is not a FamilyWeb")
            self._web.append(found)
        return self._web[0]


_registry: dict[str, Family] = {}
_lock = threading.RLock()
_loaded: list[bool] = []
#: :func:`families`' answer, worked out again after each change of the registry (a page asks it several times).
_ordered: list[tuple[Family, ...]] = []


def register(family: Family) -> Family:
    """Add ``family`` (once: registering the same family again changes nothing); a variant id or file format
    another family already claims is refused with ValueError."""
    with _lock:
        kept = _registry.get(family.id)
        if kept is family:
            return family
        if kept is not None:
            raise ValueError(f"a family {family.id!r} is registered already")
        for other in _registry.values():
            shared = set(other.variant_ids) & set(family.variant_ids)
            if shared:
                raise ValueError(f"the variants {sorted(shared)} belong to the family {other.id!r}")
            if other.file_format == family.file_format:
                raise ValueError(f"the file format {family.file_format!r} belongs to the family {other.id!r}")
        _registry[family.id] = family
        _ordered.clear()
        return family


def unregister(family_id: str) -> None:
    """Remove a family (tests register a family of their own for one test and take it away after)."""
    with _lock:
        _registry.pop(family_id, None)
        _ordered.clear()


def load_families() -> None:
    """Import every package of :data:`KNOWN_FAMILIES` once (each registers itself); one that is absent is skipped."""
    with _lock:
        if _loaded:
            return
        for name in KNOWN_FAMILIES:
            try:
                importlib.import_module(name)
            except ModuleNotFoundError as error:
                if error.name is None or not name.startswith(error.name):
                    raise  # the package is there but something it imports is not: a real error
        _loaded.append(True)


def families() -> tuple[Family, ...]:
    """Every registered family, the known ones in their order first, then any other in registration order."""
    kept = _ordered[:1]
    if kept and _loaded:
        return kept[0]
    load_families()
    with _lock:
        order = {name.rsplit(".", 1)[-1]: i for i, name in enumerate(KNOWN_FAMILIES)}
        found = tuple(sorted(_registry.values(), key=lambda f: order.get(f.id, len(order))))
        _ordered[:] = [found]
        return found


def family_named(family_id: str) -> Family:
    """The family with this id, or UnknownFamilyError."""
    for family in families():
        if family.id == family_id:
            return family
    raise UnknownFamilyError(f"no family {family_id!r}")


def family_of(variant_id: str) -> Family:
    """The family that plays ``variant_id``, or UnknownFamilyError quoting it."""
    for family in families():
        if family.plays(variant_id):
            return family
    raise UnknownFamilyError(f"no family plays the variant {variant_id!r}")


def family_of_format(file_format: object) -> Family:
    """The family whose game files have this ``format``, or UnknownFamilyError quoting it."""
    for family in families():
        if family.file_format == file_format:
            return family
    raise UnknownFamilyError(f"no family writes the file format {file_format!r}")


def family_for(variant_id: str) -> Family:
    """The family that plays ``variant_id``; for an id no family plays, the first family, whose own checks
    refuse it in its own words (an unknown variant is the players' mistake, not a missing family)."""
    try:
        return family_of(variant_id)
    except UnknownFamilyError:
        return _first()


def family_for_file(data: object) -> Family:
    """The family whose format a file's dict names; for any other file, the first family, whose reader refuses
    it in its own words (a file that is no game file at all, or of a format nobody writes)."""
    file_format = data.get("format") if isinstance(data, Mapping) else None
    try:
        return family_of_format(file_format)
    except UnknownFamilyError:
        return _first()


def _first() -> Family:
    known = families()
    if not known:
        raise UnknownFamilyError("no family of games is registered")
    return known[0]
