"""``referee-game/1`` files (export, import, tally) and the score sheet as CSV.

The file format (a backup, and what other tools read) is fixed: files written today must still import::

    {"format": "referee-game/1", "variant": "telefunken-bolivia",
     "house_rules": {"streak_multiplier": true},
     "players": ["Ana", "Beto", "Caro", "Dani"],          # turn order
     "first_dealer": "Ana",
     "deals": [{"exact_cut": false, "buys": {"Beto": 1}, "went_out": "Ana",
                "hands": {"Beto": "KH 7S", "Caro": "JK", "Dani": 12}}]}

- ``house_rules``: the engine's ids; a missing key is the variant's default; keys starting ``x-`` are kept
  and ignored. The exporter writes every house rule of the variant with its value in force.
- Per deal: ``exact_cut`` (the deal's cutter cut exactly; ``cutter_jokers`` optional), ``buys`` (count per
  player), ``went_out`` (a player, or null where the stock running out ends a deal), ``hands`` (cards in
  the notation, bare ranks allowed, or points as a whole number >= 0; the one who went out may be omitted,
  ``""`` or ``0``). Optional: ``contract`` (dealer's choice: the number of the variant's deal whose
  contract the dealer announced, 1-based, or that contract's description), ``ended: false`` (the last deal,
  still being played), ``laid_down`` (``{player: [meld, …]}``: who laid down, with their melds if known),
  ``override`` (the table allowed what the rules refuse in this deal; the text is the reason given),
  ``left`` (``[player, …]``: players who left the game before this deal, sitting out from it on).
- Optional top level: ``settings`` (``small_stake``, ``large_stake``…), ``override`` (the table allowed a
  player count the variant does not take), ``abandoned`` (the reason the game stopped), ``log`` (the full
  event log, written with ``include_log=True``; the reader ignores it, as it ignores every unknown key).

``export → import → export`` gives the identical dict (the default export, without ``log``).

A file from someone else is read by :func:`read_game_file` (``referee tally`` and the web import both call
it): it refuses, with one line, anything beyond the limits below before a single event is folded, so a
hostile file costs at most a second and a few megabytes. The limits are far beyond any real game: a
whole evening's game with its full log is a few tens of kilobytes.
"""

from __future__ import annotations

import contextlib
import csv
import dataclasses
import io
import json
import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from referee.ledger.events import (
    Buy,
    ContractChosen,
    DealEnded,
    Event,
    ExactCut,
    GameAbandoned,
    GameCreated,
    HandValue,
    LaidDown,
    PlayerLeft,
)
from referee.ledger.state import EventRefused, GameState, apply, replay, start
from referee.rules.cards import CardError, parse_cards
from referee.rules.problems import Problem, RulesError
from referee.rules.variants import Variant, find_variant

__all__ = [
    "FORMAT",
    "GameFileError",
    "read_game_file",
    "Tally",
    "export_game",
    "import_game",
    "tally",
    "sheet_json",
    "score_sheet_csv",
    "spreadsheet_text",
    "sheet_text",
    "replay_file",
]

FORMAT = "referee-game/1"


class GameFileError(ValueError):
    """Not a readable referee-game/1 file: the message says where and what, in one line."""


# --------------------------------------------------------------------------------------------------
# Limits: what a file may hold before anything is folded
# --------------------------------------------------------------------------------------------------

#: The largest file read (bytes).
MAX_FILE_BYTES = 1_000_000
#: The deepest nesting of lists and objects (the format itself needs five levels).
MAX_DEPTH = 16
#: The longest number written in a file, in characters (points and stakes need far fewer).
MAX_NUMBER_CHARS = 15
#: The largest whole number or amount anywhere in a file.
MAX_NUMBER = 10**9
#: The longest text anywhere in a file (a reason, an override, a hand or a meld).
MAX_TEXT = 2_000
#: The most players a file may name: a variant's most, or with the table's override the new-game form's most.
MAX_PLAYERS = 12
#: The most deals a file may hold: the longest game has 15; a few more are the rules' to refuse, one by one.
MAX_DEALS = 50
#: The most times one player buys in one deal: every buy takes a card, and no deal has so many to spare.
MAX_BUYS_PER_DEAL = 12
#: The most events a file may stand for (buys, lay-downs, cuts, deal ends): a long evening's game has a few
#: hundred; each costs a fold step, and this many fold in well under a second.
MAX_EVENTS = 400
#: The most values (texts, numbers, lists, objects) in a file: a long game with its full log has a few thousand.
MAX_VALUES = 20_000
#: The most points one hand may be given as a number.
MAX_HAND_POINTS = 9_999_999
#: The most jokers a cutter may take from an exact cut.
MAX_CUTTER_JOKERS = 8
#: The most melds one player lays down at once (a contract has at most four).
MAX_MELDS = 6
#: The most cards in one hand or one meld (a hand after a dozen buys holds fewer than 40).
MAX_CARDS_AT_ONCE = 60
#: The most cards written in a whole file, hands and melds together (every card is read and scored).
MAX_CARDS = 3_000


def _shown(value: object) -> str:
    """A value quoted in an error: its repr (control characters escaped), cut to a line's worth."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _name(name: object) -> str:
    """A player's name in an error, cut to a name's length."""
    text = str(name)
    return text if len(text) <= 40 else text[:39] + "..."


def _refuse_constant(name: str) -> object:
    raise GameFileError(f"{name} is not a number a game file can hold")


def _parse_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_NUMBER_CHARS:
        raise GameFileError(f"a number of {len(text)} digits: numbers in a game file have at most "
                            f"{MAX_NUMBER_CHARS}")
    return int(text)


def _parse_float(text: str) -> float:
    if len(text) > MAX_NUMBER_CHARS + 10:
        raise GameFileError(f"a number of {len(text)} characters: numbers in a game file have at most "
                            f"{MAX_NUMBER_CHARS}")
    value = float(text)
    if not math.isfinite(value):
        raise GameFileError(f"{text[:20]} is not a number a game file can hold")
    return value


def _check_sizes(value: object, depth: int = 1, count: list[int] | None = None) -> None:
    """Every list and object within MAX_DEPTH, every number within MAX_NUMBER, every text within MAX_TEXT."""
    count = count if count is not None else [0]
    count[0] += 1
    if count[0] > MAX_VALUES:
        raise GameFileError(f"more than {MAX_VALUES:,} values: far more than any game holds")
    if depth > MAX_DEPTH:
        raise GameFileError(f"lists and objects nested more than {MAX_DEPTH} deep: not a referee-game/1 file")
    if isinstance(value, str):
        if len(value) > MAX_TEXT:
            raise GameFileError(f"a text of {len(value)} characters ({_shown(value)}): at most {MAX_TEXT}")
    elif isinstance(value, bool) or value is None:
        return
    elif isinstance(value, int | float):
        if not (isinstance(value, int) or math.isfinite(value)) or abs(value) > MAX_NUMBER:
            raise GameFileError(f"the number {_shown(value)} is beyond what a game file holds ({MAX_NUMBER:,})")
    elif isinstance(value, Mapping):
        for key, item in value.items():
            _check_sizes(key, depth, count)
            _check_sizes(item, depth + 1, count)
    elif isinstance(value, list | tuple):
        for item in value:
            _check_sizes(item, depth + 1, count)
    else:
        raise GameFileError(f"{type(value).__name__} is not a JSON value")


def read_game_file(raw: bytes | str) -> dict[str, Any]:
    """Read a referee-game/1 file someone sent: its dict, or GameFileError (one line) before anything is folded.

    The one gate for files from outside (``referee tally``, the web import): size, UTF-8, JSON, nesting,
    number and text sizes, then everything :func:`import_game` checks (players within the variant's range,
    deals within the game, buys, points and jokers bounded).

    >>> read_game_file(b'{"format": "referee-game/1", "variant": "telefunken", "players": ["Ana"]}')["players"]
    ['Ana']
    >>> read_game_file('{"format": "referee-game/1", "n": ' + "9" * 5000 + "}")
    Traceback (most recent call last):
    referee.ledger.exchange.GameFileError: a number of 5000 digits: numbers in a game file have at most 15
    """
    if len(raw) > MAX_FILE_BYTES:
        raise GameFileError(f"the file is larger than {MAX_FILE_BYTES // 1_000_000} MB: no game file is that big")
    if isinstance(raw, bytes):
        try:
            raw = raw.decode("utf-8-sig")
        except UnicodeDecodeError as error:
            raise GameFileError(f"the file is not UTF-8 text (byte {error.start})") from None
    if raw.count(",") > 2 * MAX_VALUES:  # counted before parsing: a value costs far more to parse than a comma
        raise GameFileError(f"more than {MAX_VALUES:,} values: far more than any game holds")
    try:
        data = json.loads(raw, parse_int=_parse_int, parse_float=_parse_float, parse_constant=_refuse_constant)
    except json.JSONDecodeError as error:
        raise GameFileError(f"the file is not JSON: {error.msg} (line {error.lineno}, column {error.colno})") from None
    except RecursionError:
        raise GameFileError(f"lists and objects nested more than {MAX_DEPTH} deep: not a referee-game/1 file") \
            from None
    import_game(data)
    assert isinstance(data, dict)
    return data


# --------------------------------------------------------------------------------------------------
# Export
# --------------------------------------------------------------------------------------------------


def _house_rules(state: GameState) -> dict[str, Any]:
    variant = state.variant
    rules: dict[str, Any] = {rule.id: variant.house_rule_value(rule.id) for rule in variant.house_rules}
    rules.update({k: v for k, v in state.created.house_rules.items() if k.startswith("x-")})
    return rules


def export_game(state: GameState, *, include_log: bool = False) -> dict[str, Any]:
    """The game as a referee-game/1 dict (JSON-safe); ``include_log`` adds the full event log."""
    names = state.players
    out: dict[str, Any] = {
        "format": FORMAT,
        "variant": state.variant.id,
        "house_rules": _house_rules(state),
        "players": list(names),
        "first_dealer": names[state.first_dealer_seat],
    }
    if state.created.settings:
        out["settings"] = dict(state.created.settings)
    if state.history[0].override:
        out["override"] = state.history[0].override
    deals: list[dict[str, Any]] = []
    away_before: tuple[int, ...] = ()
    for record in state.records:
        deal: dict[str, Any] = {"exact_cut": record.exact_cut}
        newly_left = [names[seat] for seat in record.away if seat not in away_before]
        away_before = record.away
        if newly_left:
            deal["left"] = newly_left
        if record.exact_cut and record.cutter_jokers:
            deal["cutter_jokers"] = record.cutter_jokers
        deal["buys"] = {names[seat]: record.buys_of(seat) for seat in range(len(names)) if record.buys_of(seat)}
        if record.contract_index is not None:
            deal["contract"] = record.contract_index + 1
        if record.laid_down:
            deal["laid_down"] = {names[seat]: list(melds) for seat, melds in record.laid_down}
        if record.ended:
            deal["went_out"] = names[record.went_out] if record.went_out is not None else None
            deal["hands"] = {names[seat]: value for seat, value in record.hands}
        else:
            if not (record.exact_cut or deal["buys"] or record.laid_down or record.contract_index is not None
                    or record.overrides or newly_left):
                continue  # a deal not started yet: nothing to keep
            deal["ended"] = False
        if record.overrides:
            deal["override"] = "; ".join(dict.fromkeys(record.overrides))
        deals.append(deal)
    out["deals"] = deals
    if state.abandoned is not None:
        out["abandoned"] = state.abandoned
    if include_log:
        out["log"] = [
            {"seq": h.seq, "time": h.time.isoformat() if h.time else None, "event": h.event.to_dict(),
             "override": h.override, "undone": h.undone}
            for h in state.history
        ]
    return out


# --------------------------------------------------------------------------------------------------
# Import
# --------------------------------------------------------------------------------------------------


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _need(condition: bool, where: str, what: str, value: object) -> None:
    if not condition:
        raise GameFileError(f"{where} must be {what}, not {_shown(value)}")


def _contract_index(variant: Variant, value: object, where: str) -> int:
    if _is_int(value):
        assert isinstance(value, int)
        return value - 1  # out of range: the rules say so (exit 1)
    if isinstance(value, str):
        wanted = value.strip().casefold()
        for index, deal in enumerate(variant.deals):
            for contract in deal.contracts:
                if wanted in (contract.describe().casefold(), contract.name.casefold()):
                    return index
        raise GameFileError(f"{where}: {_shown(value)} is not a contract of {variant.name}")
    raise GameFileError(f"{where} must be a deal number or a contract, not {_shown(value)}")


def import_game(data: object) -> list[Event]:
    """The events of a referee-game/1 dict; GameFileError (one line) for a file that cannot be read.

    A game the rules forbid imports fine: :func:`~referee.ledger.state.replay` or :func:`tally` refuse it.
    Everything is bounded first (see :func:`read_game_file`), so nothing here can grow without limit.
    """
    _need(isinstance(data, Mapping), "a referee-game/1 file", "a JSON object", type(data).__name__)
    assert isinstance(data, Mapping)
    if data.get("format") != FORMAT:
        raise GameFileError(f"not a {FORMAT} file: \"format\" is {_shown(data.get('format'))}")
    _check_sizes(data)
    variant_id = data.get("variant")
    _need(isinstance(variant_id, str), '"variant"', "a variant id", variant_id)
    assert isinstance(variant_id, str)
    house = data.get("house_rules", {})
    _need(isinstance(house, Mapping), '"house_rules"', "an object", house)
    try:
        variant = find_variant(variant_id).with_house_rules(dict(house))
    except RulesError as error:
        raise GameFileError(str(error)) from None
    players = data.get("players")
    _need(isinstance(players, list) and all(isinstance(p, str) for p in players), '"players"',
          "a list of names", players)
    assert isinstance(players, list)
    first = data.get("first_dealer", players[0] if players else "")
    _need(isinstance(first, str), '"first_dealer"', "a name", first)
    settings = data.get("settings", {})
    _need(isinstance(settings, Mapping), '"settings"', "an object", settings)
    override = data.get("override")
    _need(override is None or isinstance(override, str), '"override"', "a text", override)
    most = variant.players.max if override is None else max(variant.players.max, MAX_PLAYERS)
    if len(players) > most:
        raise GameFileError(f"{len(players)} players: {variant.name} takes {variant.players.min} to "
                            f"{variant.players.max}" + ("" if override is not None else
                                                        f" ({MAX_PLAYERS} at most with the table's override)"))
    deals = data.get("deals", [])
    _need(isinstance(deals, list), '"deals"', "a list", deals)
    if len(deals) > MAX_DEALS:
        raise GameFileError(f"{len(deals)} deals: a game of {variant.name} has {len(variant.deals)}")
    abandoned = data.get("abandoned")
    _need(abandoned is None or isinstance(abandoned, str), '"abandoned"', "a text", abandoned)

    _count_cards(deals)
    events: list[Event] = [
        GameCreated(variant=variant_id, players=tuple(players), first_dealer=first, house_rules=dict(house),
                    settings=dict(settings), override=override)
    ]
    for number, deal in enumerate(deals, start=1):
        events += _deal_events(variant, number, deal, last=number == len(deals))
    if abandoned is not None:
        events.append(GameAbandoned(reason=abandoned))
    if len(events) > MAX_EVENTS:
        raise GameFileError(f"{len(events):,} events (buys, lay-downs, cuts, deal ends): a game has at most "
                            f"{MAX_EVENTS:,}")
    return events


def _count_cards(deals: list[Any]) -> None:
    """Refuse a file with more cards written than :data:`MAX_CARDS`, or a hand or meld beyond its size."""
    total = 0
    for number, deal in enumerate(deals, start=1):
        if not isinstance(deal, Mapping):
            continue
        texts: list[tuple[str, object]] = []
        hands, laid = deal.get("hands"), deal.get("laid_down")
        if isinstance(hands, Mapping):
            texts += [(f"{_name(name)}'s hand", value) for name, value in hands.items()]
        if isinstance(laid, Mapping):
            texts += [(f"{_name(name)}'s meld", meld) for name, melds in laid.items() if isinstance(melds, list)
                      for meld in melds]
        for what, text in texts:
            if not isinstance(text, str):
                continue
            cards = len(text.split())
            if cards > MAX_CARDS_AT_ONCE:
                raise GameFileError(f"deal {number}, {what}: {cards} cards; a hand or meld holds at most "
                                    f"{MAX_CARDS_AT_ONCE}")
            total += cards
    if total > MAX_CARDS:
        raise GameFileError(f"{total:,} cards written: a game file holds at most {MAX_CARDS:,}")


def _deal_events(variant: Variant, number: int, deal: object, *, last: bool) -> list[Event]:
    where = f"deal {number}"
    _need(isinstance(deal, Mapping), where, "an object", deal)
    assert isinstance(deal, Mapping)
    override = deal.get("override")
    _need(override is None or isinstance(override, str), f'{where} "override"', "a text", override)
    ended = deal.get("ended", True)
    _need(isinstance(ended, bool), f'{where} "ended"', "true or false", ended)
    if not ended and not last:
        raise GameFileError(f'{where} has "ended": false but later deals follow: only the last deal can be open')
    events: list[Event] = []
    left = deal.get("left", [])
    _need(isinstance(left, list) and len(left) <= MAX_PLAYERS and all(isinstance(n, str) for n in left),
          f'{where} "left"', "a list of the players who left before it", left)
    events += [PlayerLeft(player=name) for name in left]
    if "contract" in deal:
        index = _contract_index(variant, deal["contract"], f'{where} "contract"')
        events.append(ContractChosen(deal=number, contract_index=index))
    exact = deal.get("exact_cut", False)
    _need(isinstance(exact, bool), f'{where} "exact_cut"', "true or false", exact)
    jokers = deal.get("cutter_jokers", 0)
    _need(_is_int(jokers) and 0 <= jokers <= MAX_CUTTER_JOKERS, f'{where} "cutter_jokers"',
          f"a whole number from 0 to {MAX_CUTTER_JOKERS}", jokers)
    if exact:
        events.append(ExactCut(deal=number, cutter_jokers=jokers))
    buys = deal.get("buys", {})
    _need(isinstance(buys, Mapping) and len(buys) <= MAX_PLAYERS, f'{where} "buys"', "an object of counts", buys)
    for name, count in buys.items():
        _need(_is_int(count) and 0 <= count <= MAX_BUYS_PER_DEAL, f'{where} "buys" of {_name(name)}',
              f"a whole number from 0 to {MAX_BUYS_PER_DEAL}", count)
        events += [Buy(deal=number, player=name) for _ in range(count)]
    laid = deal.get("laid_down", {})
    _need(isinstance(laid, Mapping) and len(laid) <= MAX_PLAYERS, f'{where} "laid_down"',
          "an object of meld lists", laid)
    for name, melds in laid.items():
        _need(isinstance(melds, list) and len(melds) <= MAX_MELDS and all(isinstance(m, str) for m in melds),
              f'{where} "laid_down" of {_name(name)}', f"a list of at most {MAX_MELDS} melds", melds)
        for meld in melds:
            try:
                parse_cards(meld)
            except CardError as error:
                raise GameFileError(f"{where}, {_name(name)}'s meld {_shown(meld)}: {error}") from None
        events.append(LaidDown(deal=number, player=name, melds=tuple(melds)))
    if ended:
        if "went_out" not in deal:
            raise GameFileError(f'{where} has no "went_out" (a player, or null when nobody went out)')
        went_out = deal["went_out"]
        _need(went_out is None or isinstance(went_out, str), f'{where} "went_out"', "a player or null", went_out)
        hands = deal.get("hands")
        _need(isinstance(hands, Mapping) and len(hands) <= MAX_PLAYERS, f'{where} "hands"', "an object", hands)
        assert isinstance(hands, Mapping)
        checked: dict[str, HandValue] = {}
        for name, value in hands.items():
            if isinstance(value, str):
                try:
                    parse_cards(value, allow_bare_rank=True)
                except CardError as error:
                    raise GameFileError(f"{where}, {_name(name)}'s hand {_shown(value)}: {error}") from None
            else:
                _need(_is_int(value) and 0 <= value <= MAX_HAND_POINTS, f"{where}, {_name(name)}'s hand",
                      f"cards or points from 0 to {MAX_HAND_POINTS:,}", value)
            checked[name] = value
        events.append(DealEnded(deal=number, went_out=went_out, hands=checked))
    if override is not None:
        events = [e.with_override(override) for e in events]
    return events


# --------------------------------------------------------------------------------------------------
# Tally: replay a file leniently, keeping every reason
# --------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Tally:
    """A file replayed: the state as far as it goes (None if the game cannot even start) and every reason."""

    state: GameState | None
    errors: tuple[str, ...] = field(default=())

    @property
    def allowed(self) -> bool:
        """The rules allow the game the file describes."""
        return self.state is not None and not self.errors


def _where(event: Event) -> str:
    deal = getattr(event, "deal", None)
    return f"deal {deal}" if deal is not None else "game"


def _sanitized(state: GameState, event: DealEnded) -> DealEnded:
    """A deal end the rules cannot take as it is, cut down to what they can (to score the rest)."""
    names = set(state.players)
    hands: dict[str, HandValue] = {}
    for name in state.players:
        value = event.hands.get(name, 0)
        if isinstance(value, int) and value < 0:
            value = 0
        if isinstance(value, str):
            try:
                parse_cards(value, allow_bare_rank=True)
            except CardError:
                value = 0
        hands[name] = value
    went_out = event.went_out if event.went_out in names else None
    return DealEnded(deal=event.deal, went_out=went_out, hands=hands, override="the file says so")


def tally(data: object) -> Tally:
    """Replay a referee-game/1 dict leniently: GameFileError for an unreadable file, else every reason."""
    events = import_game(data)
    errors: list[str] = []

    def note(where: str, problems: tuple[Problem, ...]) -> None:
        for problem in problems:
            errors.append(f"{where}: {problem.message}")

    created = events[0]
    assert isinstance(created, GameCreated)
    try:
        state = start(created)
    except EventRefused as refused:
        note("players", refused.problems)
        if not refused.forcible:
            return Tally(None, tuple(dict.fromkeys(errors)))
        state = start(dataclasses.replace(created, override="the file says so"))
    for event in events[1:]:
        try:
            state = apply(state, event)
            continue
        except EventRefused as refused:
            note(_where(event), refused.problems)
            if refused.forcible:
                state = apply(state, event.with_override(event.override or "the file says so"))
                continue
        if isinstance(event, DealEnded) and event.deal == state.deal_number and not state.over:
            with contextlib.suppress(EventRefused):
                state = apply(state, _sanitized(state, event))
    return Tally(state, tuple(dict.fromkeys(errors)))


# --------------------------------------------------------------------------------------------------
# The score sheet: JSON, text, CSV
# --------------------------------------------------------------------------------------------------


def _number(value: float | None) -> float | int | None:
    if value is None:
        return None
    return int(value) if float(value).is_integer() else value


def sheet_json(state: GameState | None, errors: tuple[str, ...] | list[str] = ()) -> dict[str, Any]:
    """The ``referee tally --json`` document."""
    if state is None:
        return {"players": [], "standings": [], "finished": False, "errors": list(errors)}
    payouts = state.payouts
    chips = state.chips_left
    players = []
    for name in state.players:
        players.append({
            "name": name,
            "total": state.totals[name],
            "deal_points": [d.points[name] for d in state.deals],
            "adjustments": [{"deal": a.deal, "reason": a.reason, "points": a.points}
                            for a in state.adjustments if a.player == name],
            "rank": state.ranks[name],
            "chips_left": chips[name],
            "payout": _number(payouts[name]) if payouts is not None else None,
        })
    return {"players": players, "standings": list(state.standings), "finished": state.finished,
            "errors": list(errors)}


def _table(rows: list[list[str]]) -> list[str]:
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = []
    for row in rows:
        cells = (cell.ljust(w) if i < 3 else cell.rjust(w) for i, (cell, w) in enumerate(zip(row, widths, strict=True)))
        lines.append("  ".join(cells).rstrip())
    return lines


def sheet_text(state: GameState) -> str:
    """The score sheet for a terminal: deals, adjustments, totals, chips, standings, payouts."""
    names = list(state.players)
    status = "finished" if state.finished else (
        f"abandoned ({state.abandoned})" if state.abandoned is not None else
        f"deal {state.deal_number} of {len(state.variant.deals)} being played")
    lines = [f"{state.variant.name}: {len(names)} players, {status}", ""]
    rows = [["deal", "dealer", "out", *names]]
    for d in state.deals:
        out = (d.went_out or "nobody") + (f" ×{d.multiplier}" if d.multiplier > 1 else "")
        rows.append([str(d.number), d.dealer, out, *(str(d.points[n]) for n in names)])
    for a in state.adjustments:
        rows.append([str(a.deal), "", a.reason, *(str(a.points) if n == a.player else "" for n in names)])
    rows.append(["total", "", "", *(str(state.totals[n]) for n in names)])
    chips = state.chips_left
    if state.chip_limit is not None:
        rows.append([f"{state.variant.buy.token}s left", "", "", *(str(chips[n]) for n in names)])
    elif state.buy_limit() is not None and state.buy_limit() != 0 and not state.over:
        left = state.buys_left_this_deal
        rows.append(["buys left", f"deal {state.deal_number}", "", *(str(left[n]) for n in names)])
    lines += _table(rows)
    for d in state.deals:
        for reason in dict.fromkeys(d.overrides):
            lines.append(f"deal {d.number}: the table allowed what the rules refuse ({reason})")
    if state.current.overrides and not state.current.ended:
        for reason in dict.fromkeys(state.current.overrides):
            lines.append(f"deal {state.deal_number}: the table allowed what the rules refuse ({reason})")
    ranks = state.ranks
    lines += ["", "standings: " + ", ".join(f"{ranks[n]}. {n} ({state.totals[n]})" for n in state.standings)]
    payouts = state.payouts
    if payouts is not None:
        lines.append(("payouts: " if state.finished else "payouts if it ended now: ")
                     + ", ".join(f"{n} {payouts[n]:+.2f}" for n in state.standings))
    return "\n".join(lines) + "\n"


#: The characters that make a spreadsheet read a cell as a formula (OWASP, "CSV Injection").
FORMULA_TRIGGERS = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_text(text: str) -> str:
    """A text cell a spreadsheet shows as text: a leading formula character gets an apostrophe in front.

    >>> spreadsheet_text('=HYPERLINK("http://x.example","Ana")')
    '\'=HYPERLINK("http://x.example","Ana")'
    >>> spreadsheet_text("Ana")
    'Ana'
    """
    return "'" + text if text.startswith(FORMULA_TRIGGERS) else text


def score_sheet_csv(state: GameState) -> str:
    """The score sheet as CSV: one row per deal, one per adjustment, then totals, chips, ranks, payouts.

    Columns: ``row`` (deal / adjustment / total / chips_left / rank / payout), ``deal``, ``dealer``,
    ``went_out``, ``multiplier``, ``note`` (the adjustment's reason), then one column per player in turn order.

    Safe to open in a spreadsheet: every text cell (names, reasons) goes through :func:`spreadsheet_text`,
    so ``=``, ``+``, ``-``, ``@``, tab or CR at its start cannot start a formula, and every text cell is
    quoted (a CR inside a name cannot split a row). Numbers are written bare and never altered, so a negative
    score (``-20``) still reads as a number.
    """
    names = list(state.players)
    text = spreadsheet_text
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n", quoting=csv.QUOTE_NONNUMERIC)
    writer.writerow(["row", "deal", "dealer", "went_out", "multiplier", "note", *map(text, names)])
    for d in state.deals:
        writer.writerow(["deal", d.number, text(d.dealer), text(d.went_out or ""), d.multiplier,
                         "corrected" if d.corrected else "", *(d.points[n] for n in names)])
    for a in state.adjustments:
        points = (a.points if n == a.player else "" for n in names)
        writer.writerow(["adjustment", a.deal, "", "", "", text(a.reason), *points])
    writer.writerow(["total", "", "", "", "", "", *(state.totals[n] for n in names)])
    chips = state.chips_left
    if state.chip_limit is not None:
        writer.writerow(["chips_left", "", "", "", "", "", *(chips[n] for n in names)])
    writer.writerow(["rank", "", "", "", "", "", *(state.ranks[n] for n in names)])
    payouts = state.payouts
    if payouts is not None:
        writer.writerow(["payout", "", "", "", "", "", *(_number(payouts[n]) for n in names)])
    return buffer.getvalue()


def replay_file(data: object) -> GameState:
    """Strictly replay a referee-game/1 dict: GameFileError or EventRefused for the first problem."""
    return replay(import_game(data))
