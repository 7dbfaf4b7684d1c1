"""``referee-game/1`` files (export, import, tally) and the score sheet as CSV.

The format, its limits and its one validation are in :mod:`referee.games.rummy.ledger.gamefile`. Each deal is
written and read through the parts of the events a deal entry holds
(:data:`referee.games.rummy.ledger.events.DEAL_PARTS`), each in its event's module.
``export → import → export`` gives the identical dict (the default export, without ``log``).

A file from someone else is read by :func:`read_game_file` (``referee tally`` and the web import both call
it): it refuses, with one line, anything beyond the file's limits before a single event is folded.
"""

from __future__ import annotations

import contextlib
import csv
import dataclasses
import io
from dataclasses import dataclass, field
from typing import Any

from pydantic import MISSING

from referee.games.rummy.ledger.events import (
    DEAL_PARTS,
    Event,
    GameAbandoned,
    GameCreated,
)
from referee.games.rummy.ledger.gamefile import (
    DEAL_KEYS,
    FORMAT,
    MAX_CARDS,
    MAX_CARDS_AT_ONCE,
    MAX_DEALS,
    MAX_EVENTS,
    MAX_PLAYERS,
    entry_values,
    json_schema,
    validate,
)
from referee.games.rummy.ledger.state import EventRefused, GameState, apply, replay, start
from referee.games.rummy.ledger.state.records import DealRecord
from referee.ledger.gamefile import MAX_FILE_BYTES, GameFileError, Thousands, loads, name_shown, shown
from referee.rules.catalogue import VARIANTS, find_variant
from referee.rules.problems import Problem, ProblemError, RulesError
from referee.rules.variants import HouseRuleError, UnknownVariantError, Variant

__all__ = [
    "FORMAT",
    "MAX_FILE_BYTES",
    "GameFileError",
    "json_schema",
    "read_game_file",
    "rules_problem",
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


def read_game_file(raw: bytes | str) -> dict[str, Any]:
    """Read a referee-game/1 file someone sent: its dict, or GameFileError (one line) before anything is folded.

    The one gate for files from outside (``referee tally``, the web import): size, UTF-8, JSON, nesting,
    number and text sizes, the file's shape, then everything :func:`import_game` checks (no more players than a
    file holds, deals within the game, the cards). A player count the variant does not take is the rules' to refuse.

    >>> read_game_file(b'{"format": "referee-game/1", "variant": "telefunken", "players": ["Ana"]}')["players"]
    ['Ana']
    """
    data = loads(raw)
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
    if state.history.entries[0].override:
        out["override"] = state.history.entries[0].override
    deals: list[dict[str, Any]] = []
    for before, record in zip((None, *state.records), state.records, strict=False):
        deal = _deal_entry(state, record, before)
        if deal is not None:
            deals.append(deal)
    out["deals"] = deals
    if state.abandoned is not None:
        out["abandoned"] = state.abandoned
    if include_log:
        out["log"] = [
            {"seq": h.seq, "time": h.time.isoformat() if h.time else None, "event": h.event.to_dict(),
             "override": h.override, "undone": h.undone}
            for h in state.history.entries
        ]
    return out


def _deal_entry(state: GameState, record: DealRecord, before: DealRecord | None) -> dict[str, Any] | None:
    """The entry of ``record``'s deal, every part's keys in their written order; None for a deal not started yet.
    A deal that ended is always written; one under way only once something was recorded in it (a key of some
    part's that says something, or an override)."""
    deal: dict[str, Any] = {}
    for part in DEAL_PARTS:
        deal.update(part.write(state, record, before))
    if not record.ended:
        if not (any(deal.values()) or record.overrides):
            return None  # nothing to keep
        deal["ended"] = False
    if record.overrides:
        deal["override"] = "; ".join(dict.fromkeys(record.overrides))
    return {name: deal[name] for name in sorted(deal, key=lambda name: DEAL_KEYS[name].written)}


# --------------------------------------------------------------------------------------------------
# Import
# --------------------------------------------------------------------------------------------------


def rules_problem(error: RulesError, variant: Variant | None = None) -> Problem:
    """What the rules refused in a file (an unknown variant, a house rule or its value) as a problem; ``variant``
    (the file's, before its house rules) names what its house rules take. A refusal that carries a problem is that
    problem; any other is a generic one.

    The ids a file may write (variants, a house rule's choices) are listed as the file spells them, comma-separated
    in every language: they are not words to translate."""
    if isinstance(error, UnknownVariantError):
        return Problem.of("file-unknown-variant", variant=error.variant_id, known=", ".join(VARIANTS))
    if isinstance(error, HouseRuleError) and variant is not None:
        if error.unknown:
            return Problem.of("file-unknown-house-rule", rule=error.rule_id, variant=variant.named)
        rule, value = variant.house_rule(error.rule_id), error.value
        said: dict[str, object] = {"rule": rule.id, "value": shown(value)}
        if rule.kind == "bool":
            return Problem.of("file-house-rule", "bool", **said)
        if rule.kind != "int":
            return Problem.of("file-house-rule", "choice", **said, choices=", ".join(rule.choices))
        if not isinstance(value, int) or isinstance(value, bool):
            return Problem.of("file-house-rule", "whole-number", **said)
        if rule.minimum is not None and value < rule.minimum:
            return Problem.of("file-house-rule", "at-least", **said, min=rule.minimum)
        return Problem.of("file-house-rule", "at-most", **said, max=rule.maximum)
    if isinstance(error, ProblemError):
        return error.problem
    return Problem.of("file-rules-error")


def import_game(data: object) -> list[Event]:
    """The events of a referee-game/1 dict; GameFileError (one line) for a file that cannot be read.

    A game the rules forbid imports fine: :func:`~referee.games.rummy.ledger.state.replay` or :func:`tally` refuse it.
    The file's shape and sizes are checked first (:func:`referee.games.rummy.ledger.gamefile.validate`), then what
    depends on the variant, so nothing here can grow without limit.
    """
    game = validate(data)
    base: Variant | None = None
    try:
        base = find_variant(game.variant)
        variant = base.with_house_rules(dict(game.house_rules))
    except RulesError as error:
        raise GameFileError(rules_problem(error, base)) from None
    players = game.players
    first = game.first_dealer if game.first_dealer is not MISSING else (players[0] if players else "")
    # More players than the variant takes is the rules' to refuse, as fewer is (docs/rules.md, D72): only a file
    # naming more than any game seats cannot be read.
    if len(players) > MAX_PLAYERS:
        raise GameFileError.of("file-too-many-players", "" if game.override is None else "override",
                               count=len(players), variant=variant.named, min=variant.players.min,
                               max=variant.players.max, limit=MAX_PLAYERS)
    if len(game.deals) > MAX_DEALS:
        raise GameFileError.of("file-too-many-deals", count=len(game.deals), variant=variant.named,
                               deals=len(variant.deals))
    deals = [entry_values(deal) for deal in game.deals]
    _count_cards(deals)
    for part in DEAL_PARTS:
        part.check(variant, deals)
    events: list[Event] = [
        GameCreated(variant=game.variant, players=tuple(players), first_dealer=first,
                    house_rules=dict(game.house_rules), settings=dict(game.settings), override=game.override)
    ]
    for number, deal in enumerate(deals, start=1):
        events += _deal_events(variant, number, deal)
    if game.abandoned is not None:
        events.append(GameAbandoned(reason=game.abandoned))
    if len(events) > MAX_EVENTS:
        raise GameFileError.of("file-too-many-events", count=Thousands(len(events)), max=Thousands(MAX_EVENTS))
    return events


def _count_cards(deals: list[dict[str, Any]]) -> None:
    """Refuse a file with more cards written than :data:`MAX_CARDS`, or a hand or meld beyond its size."""
    total = 0
    for number, deal in enumerate(deals, start=1):
        for what, name, text in (text for part in DEAL_PARTS for text in part.cards(deal)):
            cards = len(text.split())
            if cards > MAX_CARDS_AT_ONCE:
                raise GameFileError.of("file-too-many-cards", what, deal=number, player=name_shown(name),
                                       count=cards, max=MAX_CARDS_AT_ONCE)
            total += cards
    if total > MAX_CARDS:
        raise GameFileError.of("file-cards-in-all", count=Thousands(total), max=Thousands(MAX_CARDS))


def _deal_events(variant: Variant, number: int, deal: dict[str, Any]) -> list[Event]:
    """The events of deal ``number``: every part's, in the order they are read back, with the deal's override."""
    events = [event for part in DEAL_PARTS for event in part.read(deal, number, variant)]
    if deal["override"] is not None:
        events = [event.with_override(deal["override"]) for event in events]
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
        lenient = event.leniently(state)
        if lenient is not None:  # what the rules may still take of it (a deal's end: to score the rest)
            with contextlib.suppress(EventRefused):
                state = apply(state, lenient)
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
    payouts = state.sheet.payouts
    chips = state.chips.chips_left
    players = []
    for name in state.players:
        players.append({
            "name": name,
            "total": state.sheet.totals[name],
            "deal_points": [d.points[name] for d in state.sheet.deals],
            "shanghai_calls": [d.shanghai_calls.get(name, 0) for d in state.sheet.deals],
            "adjustments": [{"deal": a.deal, "reason": a.reason, "points": a.points}
                            for a in state.sheet.adjustments if a.player == name],
            "rank": state.sheet.ranks[name],
            "chips_left": chips[name],
            "payout": _number(payouts[name]) if payouts is not None else None,
        })
    return {"players": players, "standings": list(state.sheet.standings), "finished": state.finished,
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
    for d in state.sheet.deals:
        out = (d.went_out or "nobody") + (f" ×{d.multiplier}" if d.multiplier > 1 else "")
        rows.append([str(d.number), d.dealer, out, *(str(d.points[n]) for n in names)])
    for a in state.sheet.adjustments:
        rows.append([str(a.deal), "", a.reason, *(str(a.points) if n == a.player else "" for n in names)])
    rows.append(["total", "", "", *(str(state.sheet.totals[n]) for n in names)])
    chips = state.chips.chips_left
    if state.chips.chip_limit is not None:
        rows.append([f"{state.variant.buy.token}s left", "", "", *(str(chips[n]) for n in names)])
    elif state.chips.buy_limit() is not None and state.chips.buy_limit() != 0 and not state.over:
        left = state.chips.buys_left_this_deal
        rows.append(["buys left", f"deal {state.deal_number}", "", *(str(left[n]) for n in names)])
    lines += _table(rows)
    for d in state.sheet.deals:
        if d.shanghai_calls:
            callers = ", ".join(name + (f" ×{k}" if k > 1 else "") for name, k in d.shanghai_calls.items())
            lines.append(f"deal {d.number}: Shanghai called by {callers}")
        for reason in dict.fromkeys(d.overrides):
            lines.append(f"deal {d.number}: the table allowed what the rules refuse ({reason})")
    if state.current.overrides and not state.current.ended:
        for reason in dict.fromkeys(state.current.overrides):
            lines.append(f"deal {state.deal_number}: the table allowed what the rules refuse ({reason})")
    ranks, totals = state.sheet.ranks, state.sheet.totals
    lines += ["", "standings: " + ", ".join(f"{ranks[n]}. {n} ({totals[n]})" for n in state.sheet.standings)]
    payouts = state.sheet.payouts
    if payouts is not None:
        lines.append(("payouts: " if state.finished else "payouts if it ended now: ")
                     + ", ".join(f"{n} {payouts[n]:+.2f}" for n in state.sheet.standings))
    return "\n".join(lines) + "\n"


#: The characters that make a spreadsheet read a cell as a formula (OWASP, "CSV Injection").
FORMULA_TRIGGERS = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_text(text: str) -> str:
    """A text cell a spreadsheet shows as text: a leading formula character gets an apostrophe in front.

    >>> spreadsheet_text('=HYPERLINK("http://x.example","Ana")')
    '\\'=HYPERLINK("http://x.example","Ana")'
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
    for d in state.sheet.deals:
        writer.writerow(["deal", d.number, text(d.dealer), text(d.went_out or ""), d.multiplier,
                         "corrected" if d.corrected else "", *(d.points[n] for n in names)])
    for a in state.sheet.adjustments:
        points = (a.points if n == a.player else "" for n in names)
        writer.writerow(["adjustment", a.deal, "", "", "", text(a.reason), *points])
    writer.writerow(["total", "", "", "", "", "", *(state.sheet.totals[n] for n in names)])
    chips = state.chips.chips_left
    if state.chips.chip_limit is not None:
        writer.writerow(["chips_left", "", "", "", "", "", *(chips[n] for n in names)])
    writer.writerow(["rank", "", "", "", "", "", *(state.sheet.ranks[n] for n in names)])
    payouts = state.sheet.payouts
    if payouts is not None:
        writer.writerow(["payout", "", "", "", "", "", *(_number(payouts[n]) for n in names)])
    return buffer.getvalue()


def replay_file(data: object) -> GameState:
    """Strictly replay a referee-game/1 dict: GameFileError or EventRefused for the first problem."""
    return replay(import_game(data))
