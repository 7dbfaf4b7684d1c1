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
  ``override`` (the table allowed what the rules refuse in this deal; the text is the reason given).
- Optional top level: ``settings`` (``small_stake``, ``large_stake``…), ``override`` (the table allowed a
  player count the variant does not take), ``abandoned`` (the reason the game stopped), ``log`` (the full
  event log, written with ``include_log=True``; the reader ignores it, as it ignores every unknown key).

``export → import → export`` gives the identical dict (the default export, without ``log``).
"""

from __future__ import annotations

import contextlib
import csv
import dataclasses
import io
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
)
from referee.ledger.state import EventRefused, GameState, apply, replay, start
from referee.rules.cards import CardError, parse_cards
from referee.rules.problems import Problem, RulesError
from referee.rules.variants import Variant, find_variant

__all__ = [
    "FORMAT",
    "GameFileError",
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
    for record in state.records:
        deal: dict[str, Any] = {"exact_cut": record.exact_cut}
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
                    or record.overrides):
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
        raise GameFileError(f"{where} must be {what}, not {value!r}")


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
        raise GameFileError(f"{where}: {value!r} is not a contract of {variant.name}")
    raise GameFileError(f"{where} must be a deal number or a contract, not {value!r}")


def import_game(data: object) -> list[Event]:
    """The events of a referee-game/1 dict; GameFileError (one line) for a file that cannot be read.

    A game the rules forbid imports fine: :func:`~referee.ledger.state.replay` or :func:`tally` refuse it.
    """
    _need(isinstance(data, Mapping), "a referee-game/1 file", "a JSON object", type(data).__name__)
    assert isinstance(data, Mapping)
    if data.get("format") != FORMAT:
        raise GameFileError(f"not a {FORMAT} file: \"format\" is {data.get('format')!r}")
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
    deals = data.get("deals", [])
    _need(isinstance(deals, list), '"deals"', "a list", deals)
    abandoned = data.get("abandoned")
    _need(abandoned is None or isinstance(abandoned, str), '"abandoned"', "a text", abandoned)

    events: list[Event] = [
        GameCreated(variant=variant_id, players=tuple(players), first_dealer=first, house_rules=dict(house),
                    settings=dict(settings), override=override)
    ]
    for number, deal in enumerate(deals, start=1):
        events += _deal_events(variant, number, deal, last=number == len(deals))
    if abandoned is not None:
        events.append(GameAbandoned(reason=abandoned))
    return events


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
    if "contract" in deal:
        index = _contract_index(variant, deal["contract"], f'{where} "contract"')
        events.append(ContractChosen(deal=number, contract_index=index))
    exact = deal.get("exact_cut", False)
    _need(isinstance(exact, bool), f'{where} "exact_cut"', "true or false", exact)
    jokers = deal.get("cutter_jokers", 0)
    _need(_is_int(jokers) and jokers >= 0, f'{where} "cutter_jokers"', "a whole number >= 0", jokers)
    if exact:
        events.append(ExactCut(deal=number, cutter_jokers=jokers))
    buys = deal.get("buys", {})
    _need(isinstance(buys, Mapping), f'{where} "buys"', "an object of counts", buys)
    for name, count in buys.items():
        _need(_is_int(count) and count >= 0, f'{where} "buys" of {name}', "a whole number >= 0", count)
        events += [Buy(deal=number, player=name) for _ in range(count)]
    laid = deal.get("laid_down", {})
    _need(isinstance(laid, Mapping), f'{where} "laid_down"', "an object of meld lists", laid)
    for name, melds in laid.items():
        _need(isinstance(melds, list) and all(isinstance(m, str) for m in melds),
              f'{where} "laid_down" of {name}', "a list of melds", melds)
        for meld in melds:
            try:
                parse_cards(meld)
            except CardError as error:
                raise GameFileError(f"{where}, {name}'s meld {meld!r}: {error}") from None
        events.append(LaidDown(deal=number, player=name, melds=tuple(melds)))
    if ended:
        if "went_out" not in deal:
            raise GameFileError(f'{where} has no "went_out" (a player, or null when nobody went out)')
        went_out = deal["went_out"]
        _need(went_out is None or isinstance(went_out, str), f'{where} "went_out"', "a player or null", went_out)
        hands = deal.get("hands")
        _need(isinstance(hands, Mapping), f'{where} "hands"', "an object", hands)
        assert isinstance(hands, Mapping)
        checked: dict[str, HandValue] = {}
        for name, value in hands.items():
            if isinstance(value, str):
                try:
                    parse_cards(value, allow_bare_rank=True)
                except CardError as error:
                    raise GameFileError(f"{where}, {name}'s hand {value!r}: {error}") from None
            else:
                _need(_is_int(value) and value >= 0, f"{where}, {name}'s hand", "cards or points >= 0", value)
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
