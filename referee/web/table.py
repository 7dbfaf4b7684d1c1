"""The scorekeeper's screens: the deal screen and its actions, ending a deal, the score sheet, corrections,
undo, game over and exports (sharing a game is :mod:`referee.web.share`).

Every page is found by the secret edit token in its address (``/g/<edit_token>/…``); a view token opens
none of them. Views are thin: a form is read, an event is built and appended through the ledger store,
and the page redirects (POST-redirect-GET). The ledger decides: a refused event comes back with the
rules' reasons and a "the table allows it" button that records it as an override; a page rendered
before someone else's change gets a conflict and the current state; a retried request changes nothing.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from flask import Blueprint, Response, flash, make_response, redirect, render_template, request, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response as WerkzeugResponse

from referee import db
from referee.ledger import exchange, store
from referee.ledger.events import (
    Buy,
    ContractChosen,
    DealCorrected,
    DealEnded,
    Event,
    ExactCut,
    GameAbandoned,
    HandValue,
    LaidDown,
    PlayerLeft,
    PlayerRenamed,
    SeatsChanged,
    Undone,
)
from referee.ledger.state import DealResult, EventRefused, GameState, HistoryEntry
from referee.ledger.state import apply as apply_event
from referee.rules import scoring
from referee.rules.cards import CardError, parse_cards
from referee.rules.problems import RulesError
from referee.web import access, describe, notation, rules_card
from referee.web.forms import (
    CSRF_FAILED,
    MAX_DEVICE_LABEL,
    NO_CARDS,
    NOBODY,
    AbandonForm,
    ActionForm,
    BuyForm,
    CorrectDealForm,
    DeviceForm,
    EndDealForm,
    ExactCutForm,
    LaidDownForm,
    LeaveForm,
    RenameForm,
    SeatsForm,
    UndoForm,
    clean_text,
    hand_value,
    new_key,
    whole_number,
)
from referee.web.games import remember_names

bp = Blueprint("table", __name__, url_prefix="/g/<edit_token>")

#: The keypad's keys: ranks A–K and the joker; a ten is written T (the notation's one-letter form).
KEYPAD = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "JK")
KEY_LABELS = {"T": "10", "JK": "JK"}

Page = str | tuple[str, int] | WerkzeugResponse


# ---- appending ---------------------------------------------------------------------------------------------


@dataclass
class Outcome:
    """What an append gave: done (with its state), refused (reasons, forcible), or a conflict (the current state)."""

    state: GameState
    done: bool = False
    refused: tuple[str, ...] = ()
    forcible: bool = False
    conflict: bool = False


def append(table: access.Table, form: ActionForm, event: Event) -> Outcome:
    """Append ``event`` (with the form's override, seq and idempotency key) and say how it went."""
    override = form.override_reason
    if override is not None:
        event = event.with_override(override)
    label = device_label()
    if label is not None:
        event = event.with_device(label)
    try:
        with db.session() as session:
            result = store.append(
                session, game_id=table.game_id, event=event, expected_seq=form.seq,
                idempotency_key=form.idempotency_key.data,
            )
    except store.Conflict as conflict:
        return Outcome(conflict.state, conflict=True)
    except EventRefused as refused:
        return Outcome(table.state, refused=tuple(describe.problems_words(refused.problems)),
                       forcible=refused.forcible)
    except store.IdempotencyKeyReused:
        return Outcome(access.require_edit(table.edit_token).state, conflict=True)
    except RulesError as error:
        return Outcome(table.state, refused=(str(error),), forcible=False)
    return Outcome(result.state, done=True)


def stale_message() -> str:
    """What a stale page is told."""
    return _("Someone else changed the game since this page was shown: here is the game as it is now. "
             "Check it and enter your change again if it is still needed.")


def go_deal(table: access.Table, card: str = "deal-head") -> WerkzeugResponse:
    """Back to the deal screen (POST-redirect-GET), at the card of the action just taken; else at the deal's head.

    The deal screen opens at its head (the deal, its contract, its messages) rather than at the page's top,
    so that on a small phone with large text the deal and End deal are on the first screen.
    """
    return redirect(url_for("table.deal", edit_token=table.edit_token, _anchor=card), code=303)


#: The deal screen's card for each of its actions: a redirect lands there, not at the top of the page.
ACTION_CARDS = {"buy": "buy-card", "laid-down": "laid-card", "cut": "cut-card", "contract": "deal-head",
                "abandon": "refusal"}


# ---- the deal screen ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Refusal:
    """A refused action shown on the deal screen, with the form that records it anyway."""

    action: str  # the form it came from: "buy", "laid-down", "cut", "contract", "abandon"
    title: str
    reasons: tuple[str, ...]
    forcible: bool
    form: ActionForm | None


def deal_context(table: access.Table) -> dict[str, Any]:
    """What the deal screen shows: everything comes from the ledger's state."""
    state = table.state
    variant = state.variant
    seq = state.seq
    players = state.players
    playing = state.playing  # a player who left the game cannot buy or lay down
    cut_form = ExactCutForm(formdata=None).prepare(seq)
    buy_form = BuyForm(formdata=None)
    buy_form.set_players(playing)
    buy_form.prepare(seq)
    laid_form = LaidDownForm(formdata=None)
    laid_form.set_players([p for p in playing if p not in state.melded] or playing)
    laid_form.prepare(seq)
    contract_form = ActionForm(formdata=None).prepare(seq)
    ranks = state.ranks
    rows = []
    for name in players:
        rows.append({
            "name": name,
            "total": state.totals[name],
            "rank": ranks[name],
            "chips": state.chips_left.get(name),
            "buys_this_deal": state.buys_this_deal.get(name, 0),
            "buys_left_this_deal": state.buys_left_this_deal.get(name),
            "melded": name in state.melded,
            "dealer": name == state.dealer,
            "cutter": name == state.cutter,
            "first": name == state.first_player,
            "left": state.left.get(name),
        })
    jokers_matter = variant.cut.cutter_takes_jokers and variant.deck_row(len(players)).jokers > 0
    cut_counts_by_jokers = [(j, state.exact_cut_counts_for(j)) for j in range(0, 4)] if jokers_matter else []
    return {
        "table": table,
        "state": state,
        "variant": variant,
        "rows": rows,
        "deal_words": rules_card.deal_words(state.deal, variant.terms),
        "reminders": rules_card.reminders(variant, state.deal.number),
        "buy_call": rules_card.buy_call_words(variant.terms),
        "contract_icons": [rules_card.contract_icons(c) for c in state.contracts],
        "cut_form": cut_form,
        "buy_form": buy_form,
        "laid_form": laid_form,
        "contract_form": contract_form,
        "cut_counts": state.exact_cut_counts,
        "cut_counts_by_jokers": cut_counts_by_jokers,
        "jokers_matter": jokers_matter,
        "buying": variant.buying_in(_rules_deal(state)),
        "show_chips": state.chip_limit is not None,
        "show_buys_left": state.chip_limit is None and any(v is not None for v in state.buys_left_this_deal.values()),
        "stock_cards": state.stock_cards_for_buy(False),
        "stock_cards_own_turn": state.stock_cards_for_buy(True) if variant.buy.on_own_turn else None,
        "token_name": describe.token_name(variant),
        "rules_url": rules_card.rules_url(variant),
        "describe": describe,
        "last_deal": state.deals[-1] if state.deals else None,
        "undo_target": last_undoable(state),
        "rules_card": rules_card,
        "refusal": None,
        "kept": {},
        "action_cards": ACTION_CARDS,
        "claim": claim_from_query(state) if variant.buy.enabled else None,
    }


@dataclass(frozen=True)
class Claim:
    """Several players want the same discard ("¡Compro!"): who discarded, who claims it, and the ledger's order.

    The order is the ledger's ``buy_priority`` (the next player after the discarder first); the first in it
    gets the discard. Whether each may buy is the ledger's ``can_buy``, shown beside them: the view decides
    nothing, and a buy the rules refuse goes through the usual refusal (and "the table allows it").
    """

    discarder: str | None
    claimants: tuple[str, ...]
    order: tuple[str, ...]
    reasons: dict[str, list[str]]
    form: BuyForm | None

    @property
    def winner(self) -> str | None:
        """The claimant who gets the discard, or None when there is no claim to settle."""
        return self.order[0] if self.order else None


def claim_from_query(state: GameState) -> Claim | None:
    """The claim asked for in the deal screen's address (``?discarder=…&claimant=…``), or None."""
    if "discarder" not in request.args and "claimant" not in request.args:
        return None
    discarder = request.args.get("discarder", "")
    claimants = tuple(dict.fromkeys(n for n in request.args.getlist("claimant") if n in state.playing))
    if discarder not in state.playing:
        return Claim(None, claimants, (), {}, None)
    order = tuple(state.buy_priority(discarder, claimants))
    reasons = {name: describe.problems_words(state.can_buy(name)) for name in order}
    form = None
    if order:
        form = BuyForm(formdata=None)
        form.set_players(state.playing)
        form.prepare(state.seq)
        form.player.data = order[0]
    return Claim(discarder, claimants, order, reasons, form)


def _rules_deal(state: GameState) -> int:
    """The variant's deal whose buying rules apply now (dealer's choice: the announced contract's)."""
    return state.deal.number


@bp.get("")
def deal(edit_token: str) -> Page:
    """The deal screen: deal N of M, its contract, who deals/cuts/plays first, chips and totals; the actions."""
    table = access.require_edit(edit_token)
    if table.state.over:
        return redirect(url_for("table.over", edit_token=edit_token), code=303)
    response = make_response(render_template("table/deal.html", **deal_context(table)))
    if edit_token not in access.device_tokens():
        # A phone that opened a shared scorekeeping link keeps the game in its "My games" too.
        access.remember_game(response, edit_token)
    return response


def _refused_page(table: access.Table, action: str, outcome: Outcome, form: ActionForm) -> tuple[str, int]:
    """The deal screen again, showing why the rules said no and (where it can help) the override button."""
    override_form = None
    if outcome.forcible:
        # The same data, a fresh idempotency key, and the reasons as the override.
        override_form = form
        override_form.idempotency_key.data = new_key()
        override_form.override.data = "; ".join(outcome.refused)
    context = deal_context(table)
    player = str(getattr(getattr(form, "player", None), "data", "") or "")
    # What was typed and chosen stays on the screen: the refused action's own card shows it again.
    context["kept"] = kept_entries(action, form)
    titles = {
        "buy": _("%(player)s cannot buy:", player=player),
        "laid-down": _("%(player)s’s contract is not right:", player=player),
        "cut": _("The exact cut cannot be recorded:"),
        "contract": _("That contract cannot be announced:"),
        "abandon": _("The game cannot be ended:"),
    }
    context["refusal"] = Refusal(action, titles.get(action, ""), outcome.refused, outcome.forcible, override_form)
    return render_template("table/deal.html", **context), 422


def _act(
    edit_token: str,
    form: ActionForm,
    action: str,
    build: Callable[[GameState], Event],
    done_message: Callable[[GameState], str],
) -> Page:
    """The common path of a deal-screen action: validate, append, and redirect or show what went wrong."""
    table = access.require_edit(edit_token)
    card = ACTION_CARDS.get(action, "deal-head")
    if not form.validate_on_submit():
        if form.csrf_failed:
            return resend_page(table, action, form)
        flash(" ".join(_form_errors(form)) or _("That did not work: try again."), f"error@{card}")
        return go_deal(table, card)
    try:
        event = build(table.state)
    except CardError as error:
        # Cards typed in a way the page's language does not read: said in words, everything kept.
        return _refused_page(table, action, Outcome(table.state, refused=(notation.not_a_card(error.token),)), form)
    outcome = append(table, form, event)
    if outcome.conflict:
        flash(stale_message(), "warning")
        return go_deal(table)
    if outcome.refused:
        return _refused_page(table, action, outcome, form)
    if outcome.state.over:
        flash(done_message(outcome.state), "success")
        return redirect(url_for("table.over", edit_token=edit_token), code=303)
    # The message goes with the action's card, where the page lands.
    flash(done_message(outcome.state), f"success@{card}")
    return go_deal(table, card)


def kept_entries(action: str, form: ActionForm) -> dict[str, str]:
    """What was typed and chosen in a deal-screen action, for its card to show again."""
    return {"action": action, "player": str(getattr(getattr(form, "player", None), "data", "") or ""),
            "melds": str(getattr(getattr(form, "melds", None), "data", "") or ""),
            "cutter_jokers": str(getattr(getattr(form, "cutter_jokers", None), "data", "") or ""),
            "contract_index": request.form.get("contract_index", "")}


#: The deal screen's forms, by action: the one to show again with what was entered.
DEAL_SCREEN_FORMS = {"buy": "buy_form", "laid-down": "laid_form", "cut": "cut_form", "contract": "contract_form"}


def resend_page(table: access.Table, action: str, form: ActionForm) -> tuple[str, int]:
    """The page a form came from, again, with what was entered and a fresh CSRF token (its check failed)."""
    flash(str(CSRF_FAILED), "error")
    if action in DEAL_SCREEN_FORMS:
        context = deal_context(table)
        context[DEAL_SCREEN_FORMS[action]] = form
        context["kept"] = kept_entries(action, form)
        return render_template("table/deal.html", **context), 400
    context = sheet_context(table)
    context["abandon_form"] = form
    return render_template("table/sheet.html", **context), 400


def _form_errors(form: Any) -> list[str]:
    out: list[str] = []
    for errors in form.errors.values():
        for msg in errors if isinstance(errors, list) else [errors]:
            if isinstance(msg, dict):
                out.extend(str(m) for sub in msg.values() for m in sub)
            else:
                out.append(str(msg))
    return list(dict.fromkeys(out))


@bp.post("/cut")
def cut(edit_token: str) -> Page:
    """Exact cut: this deal's cutter lifted exactly the right number of cards."""
    form = ExactCutForm()

    def build(state: GameState) -> Event:
        return ExactCut(deal=state.deal_number, cutter_jokers=int(form.cutter_jokers.data or 0))

    def done(state: GameState) -> str:
        return _("Exact cut by %(player)s recorded.", player=state.cutter)

    return _act(edit_token, form, "cut", build, done)


@bp.post("/buy")
def buy(edit_token: str) -> Page:
    """A player buys the discard: refused with the reason when the rules say no."""
    form = BuyForm()
    table_players = access.require_edit(edit_token).state.players
    form.set_players(table_players)

    def build(state: GameState) -> Event:
        return Buy(deal=state.deal_number, player=str(form.player.data))

    def done(state: GameState) -> str:
        own = state.stock_cards_for_buy(True) if state.variant.buy.on_own_turn else None
        text = _("%(player)s bought the discard: take it and %(count)d from the stock.", player=form.player.data,
                 count=state.stock_cards_for_buy(False))
        if own is not None:
            text += " " + _("(On their own turn: %(count)d from the stock in all, the normal draw included.)",
                            count=own)
        return text

    return _act(edit_token, form, "buy", build, done)


@bp.post("/laid-down")
def laid_down(edit_token: str) -> Page:
    """A player laid down the contract (the melds, when typed, checked by the referee first)."""
    form = LaidDownForm()
    form.set_players(access.require_edit(edit_token).state.players)

    def build(state: GameState) -> Event:
        melds = tuple(notation.to_notation(meld) for meld in form.meld_list())
        return LaidDown(deal=state.deal_number, player=str(form.player.data), melds=melds)

    def done(state: GameState) -> str:
        if form.meld_list():
            return _("The referee checked %(player)s’s contract: valid. %(player)s has laid down.",
                     player=form.player.data)
        return _("%(player)s has laid down.", player=form.player.data)

    return _act(edit_token, form, "laid-down", build, done)


@bp.post("/contract")
def choose_contract(edit_token: str) -> Page:
    """Dealer's choice: the dealer announces this deal's contract."""
    form = ActionForm()
    raw = request.form.get("contract_index", "")

    def build(state: GameState) -> Event:
        index = whole_number(raw, maximum=999)
        index = -1 if index is None else index
        return ContractChosen(deal=state.deal_number, contract_index=index)

    def done(state: GameState) -> str:
        return _("Contract announced: %(contract)s.", contract=rules_card.deal_words(state.deal, state.variant.terms))

    return _act(edit_token, form, "contract", build, done)


# ---- ending a deal -----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class HandRow:
    """One player's line on the end-of-deal page."""

    seat: int
    name: str
    field: Any
    typed: Any  # the points field
    points: int | None
    error: str | None
    cards: str  # pretty, for the arithmetic
    arithmetic: str  # "10 + 7 + 15"
    active: bool
    went_out: bool
    away: bool = False  # left the game before this deal: no hand


def _hand_arithmetic(state: GameState, value: HandValue) -> tuple[int | None, str | None, str, str]:
    """Points of a hand as entered, with any error, the cards pretty and the sum written out (the engine's values)."""
    if isinstance(value, int):
        return value, None, "", ""
    if not value.strip():
        return None, None, "", ""  # nothing entered yet: no score, not 0
    try:
        cards = parse_cards(value, allow_bare_rank=True)
        points = state.hand_points(value)
    except (CardError, RulesError) as error:
        return None, _("These are not cards: %(text)s (%(error)s)", text=value, error=str(error)), "", ""
    values = [scoring.card_value(card, state.variant) for card in cards]
    pretty = " ".join(card.pretty() if hasattr(card, "pretty") else str(card) for card in cards)
    return points, None, pretty, " + ".join(str(v) for v in values)


def _end_rows(state: GameState, form: EndDealForm, active: int | None) -> list[HandRow]:
    rows = []
    out = form.went_out_name()
    for seat, name in enumerate(state.players):
        entry = form.hands.entries[seat]
        typed = form.points.entries[seat]
        is_out = name == out
        if name in form.away:
            rows.append(HandRow(seat, name, entry, typed, 0, None, "", "", False, False, away=True))
            continue
        if is_out:
            points, error, pretty, sums = 0, None, "", ""
        elif typed.errors:
            points, error, pretty, sums = None, " ".join(str(e) for e in typed.errors), "", ""
        else:
            points, error, pretty, sums = _hand_arithmetic(state, hand_value(entry.data, typed.data))
        rows.append(HandRow(seat, name, entry, typed, points, error, pretty, sums, seat == active, is_out))
    return rows


def _next_seat(state: GameState, form: EndDealForm, after: int | None) -> int | None:
    """The next player still to enter, in turn order after ``after`` (the one who went out is skipped)."""
    out = form.went_out_name()
    n = len(state.players)
    start = -1 if after is None else after
    for step in range(1, n + 1):
        seat = (start + step) % n if after is not None else step - 1
        if state.players[seat] != out and state.players[seat] not in form.away:
            return seat
    return None


@dataclass(frozen=True)
class Preview:
    """The deal's result as the ledger computes it, before it is recorded."""

    result: DealResult
    adjustments: list[Any]
    totals: dict[str, int]
    finished: bool


def _preview(state: GameState, event: Event) -> tuple[Preview | None, tuple[str, ...], bool]:
    """Apply the event to the state in memory: the result, or the rules' reasons (and whether forcible)."""
    try:
        after = apply_event(state, event)
    except EventRefused as refused:
        return None, tuple(describe.problems_words(refused.problems)), refused.forcible
    except RulesError as error:
        return None, (str(error),), False
    number = getattr(event, "deal", state.deal_number)
    result = next(d for d in after.deals if d.number == number)
    adjustments = [a for a in after.adjustments if a.deal == number]
    return Preview(result, adjustments, after.totals, after.finished), (), False


def _end_form(state: GameState) -> EndDealForm:
    form = EndDealForm()
    form.set_players(state.players, nobody_allowed=state.variant.deal_may_end_with_nobody_out,
                     away=state.left)
    return form


def _key_points(state: GameState) -> list[tuple[str, str, int]]:
    """The keypad: each key's notation, label and value (the engine's card values)."""
    return [(key, KEY_LABELS.get(key, key), scoring.card_value(key, state.variant)) for key in KEYPAD]


@bp.route("/end", methods=["GET", "POST"])
def end_deal(edit_token: str) -> Page:
    """End the deal: who went out, each other player's cards on the keypad (or points), preview, confirm.

    The form carries the deal it was opened for and its idempotency key. A form whose deal has already ended
    (another phone recorded it, or this form was sent before: Back + reload) records nothing: the page says so
    and shows that deal's result, with the choice to correct it. It never becomes a form for the next deal.
    """
    table = access.require_edit(edit_token)
    state = table.state
    if state.over and request.method == "GET":
        return redirect(url_for("table.over", edit_token=edit_token), code=303)
    form = _end_form(state)
    if request.method == "GET":
        form.prepare(state.seq)
        form.deal.data = str(state.deal_number)
        return _render_end(table, form, _next_seat(state, form, None) if form.went_out.data else None)
    valid = form.validate_on_submit()
    if form.csrf_failed:
        # Nothing is saved; the page comes back with everything entered (and a fresh token) to send again.
        form.went_out.errors = []
        return _render_end(table, form, form.active_seat(state.players), reasons=(str(CSRF_FAILED),), status=400)
    if form.deal_number() is None or not valid and (
        "csrf_token" in form.errors or form.expected_seq.errors or form.idempotency_key.errors
    ):
        flash(" ".join(_form_errors(form)) or _("This page is out of date: reload it."), "error")
        return redirect(url_for("table.end_deal", edit_token=edit_token), code=303)
    stale = _stale_end(table, form)
    if stale is not None:
        return stale
    # A missing "who went out" is shown on the page; the keypad keys still work.
    active = form.active_seat(state.players)
    if form.key.data or form.back.data or request.form.get("select") is not None:
        return _keypad_step(table, form, active)
    if any(entry.errors for entry in form.points.entries):
        return _render_end(table, form, active, status=422)
    event = DealEnded(deal=state.deal_number, went_out=form.went_out_name(),
                      hands=form.hand_values(state.players))
    missing = form.missing(state.players) if form.went_out.data else []
    if missing:
        # Nobody scores 0 by omission: the preview names who is missing and Confirm waits.
        first = state.players.index(missing[0])
        return _render_end(table, form, first, missing=missing, status=422 if "confirm" in request.form else 200)
    if "confirm" not in request.form:
        preview, reasons, forcible = _preview(state, event.with_override(form.override_reason))
        return _render_end(table, form, active, preview=preview, reasons=reasons, forcible=forcible)
    outcome = append(table, form, event)
    if outcome.conflict:
        current = access.require_edit(edit_token)
        stale = _stale_end(current, form)
        if stale is not None:
            return stale
        flash(stale_message(), "warning")
        # The same deal is still open (say, a buy came from another phone): keep what was entered.
        form.prepare(current.state.seq)
        return _render_end(current, form, active, status=409)
    if outcome.refused:
        return _render_end(table, form, active, reasons=outcome.refused, forcible=outcome.forcible, status=422)
    result = next(d for d in outcome.state.deals if d.number == event.deal)
    flash(deal_summary(outcome.state, result), "success")
    if outcome.state.over:
        return redirect(url_for("table.over", edit_token=edit_token), code=303)
    return go_deal(table)


def _stale_end(table: access.Table, form: EndDealForm) -> Page | None:
    """What a form for a deal that is no longer open gets (None: the form's deal is the one being played).

    Its key already recorded a deal's end (the same form sent again): that deal's result. Its deal has
    ended (another phone recorded it): that result, in words, with the choice to correct it. Its deal has
    not started (an end of deal was undone meanwhile): the deal screen as it is now.
    """
    state = table.state
    number = form.deal_number()
    with db.session() as session:
        seq = store.seq_of_key(session, game_id=table.game_id, idempotency_key=form.idempotency_key.data)
    if seq is not None and seq <= state.seq:
        entry = state.history[seq - 1]
        if isinstance(entry.event, DealEnded) and not entry.undone:
            return _already_recorded(table, form, entry.event.deal, sent_before=True)
        flash(_("This form was sent before, and what it recorded was undone since: enter the deal again."),
              "warning")
        return redirect(url_for("table.end_deal", edit_token=table.edit_token), code=303)
    if number is None:
        return None
    ended = number <= len(state.records) and state.records[number - 1].ended
    if ended:
        return _already_recorded(table, form, number, sent_before=False)
    if number != state.deal_number or state.over:
        flash(_("Deal %(num)d is not being played now: here is the game as it is.", num=number), "warning")
        return go_deal(table)
    return None


def deal_summary(state: GameState, result: DealResult) -> str:
    """One line: deal N recorded, who went out, everyone's points."""
    points = ", ".join(f"{name} {result.points.get(name, 0)}" for name in state.players)
    if result.went_out is None:
        return _("Deal %(num)d recorded: nobody went out. %(points)s.", num=result.number, points=points)
    return _("Deal %(num)d recorded: %(player)s went out. %(points)s.", num=result.number,
             player=result.went_out, points=points)


def result_words(state: GameState, result: DealResult) -> str:
    """A deal's result in words: "Beto went out; Ana 5, Carla 6, Dani 7"."""
    points = ", ".join(f"{name} {result.points.get(name, 0)}" for name in state.players if name != result.went_out)
    if result.went_out is None:
        return _("Nobody went out; %(points)s", points=points)
    return _("%(player)s went out; %(points)s", player=result.went_out, points=points)


def _entered_words(state: GameState, form: EndDealForm) -> str | None:
    """What a stale form had entered, in the same words (None when it cannot be read as a result)."""
    out = form.went_out_name()
    points = []
    for name, value in form.hand_values(state.players).items():
        try:
            points.append(f"{name} {state.hand_points(value)}")
        except (CardError, RulesError):
            return None
    if not form.went_out.data:
        return None
    if out is None:
        return _("Nobody went out; %(points)s", points=", ".join(points))
    return _("%(player)s went out; %(points)s", player=out, points=", ".join(points))


def _already_recorded(table: access.Table, form: EndDealForm, number: int, *, sent_before: bool) -> tuple[str, int]:
    """The page for a form whose deal was already recorded: that result, and the choice to correct it."""
    state = table.state
    result = next(d for d in state.deals if d.number == number)
    words = result_words(state, result)
    if sent_before:
        message = _("Deal %(num)d was already recorded (this form had been sent before): %(result)s.",
                    num=number, result=words)
    else:
        message = _("Deal %(num)d was already recorded by another phone: %(result)s.", num=number, result=words)
    entered = None if sent_before else _entered_words(state, form)
    body = render_template(
        "table/recorded.html", table=table, state=state, result=result, message=message,
        entered=entered if entered != words else None, describe=describe,
    )
    return body, 200 if sent_before else 409


def _keypad_step(table: access.Table, form: EndDealForm, active: int | None) -> Page:
    """No JavaScript: a keypad key, the back key or a player's row was pressed; the page comes back updated."""
    state = table.state
    form.went_out.errors = []
    selected = whole_number(request.form.get("select"), maximum=len(state.players) - 1)
    if selected is not None:
        active = selected
    if active is None:
        active = _next_seat(state, form, None)
    if active is not None and (state.players[active] == form.went_out_name() or state.players[active] in form.away):
        active = _next_seat(state, form, active)
    if active is not None:
        entry = form.hands.entries[active]
        text = (entry.data or "").strip()
        if form.back.data:
            text = " ".join(text.split()[:-1])
        elif form.key.data == NO_CARDS:
            # "No cards": 0 points entered on purpose, not a hand left blank.
            text = ""
            form.points.entries[active].data = "0"
            active = _next_seat(state, form, active)
        elif form.key.data in KEYPAD:
            text = f"{text} {form.key.data}".strip()
            form.points.entries[active].data = ""  # cards entered: they count, not points typed before
        entry.data = text
    form.key.data = ""
    form.back.data = ""
    return _render_end(table, form, active)


def _render_end(
    table: access.Table, form: EndDealForm, active: int | None, *, preview: Preview | None = None,
    reasons: tuple[str, ...] = (), forcible: bool = False, status: int = 200, correcting: DealResult | None = None,
    missing: list[str] | None = None,
) -> tuple[str, int]:
    state = table.state
    if reasons:
        # A refused request may be sent again (changed, or with the table's override): a new key for it.
        form.idempotency_key.data = new_key()
        form.override.data = ""
    form.active.data = "" if active is None else str(active)
    rows = _end_rows(state, form, active)
    body = render_template(
        "table/end.html", table=table, state=state, form=form, rows=rows, keypad=_key_points(state),
        preview=preview, reasons=reasons, forcible=forcible, correcting=correcting, missing=missing or [],
        no_cards=NO_CARDS, values_json=json.dumps({key: value for key, _label, value in _key_points(state)}),
        nobody=NOBODY, describe=describe,
    )
    return body, status


# ---- the score sheet, corrections, undo ------------------------------------------------------------------


def last_undoable(state: GameState) -> HistoryEntry | None:
    """The action Undo takes back now (the ledger's ``undo_target``): never an undo, which Redo takes back."""
    return state.undo_target


def event_words(state: GameState, entry: HistoryEntry) -> str:
    """One event in words, for the undo confirmation and the history."""
    event = entry.event
    if isinstance(event, Undone):
        target = next((e for e in state.history if e.seq == event.seq), None)
        inner = event_words(state, target) if target is not None else str(event.seq)
        return _("Undo of: %(what)s", what=inner)
    if isinstance(event, ExactCut):
        return _("Deal %(num)d: exact cut", num=event.deal)
    if isinstance(event, Buy):
        return _("Deal %(num)d: %(player)s bought", num=event.deal, player=event.player)
    if isinstance(event, LaidDown):
        return _("Deal %(num)d: %(player)s laid down", num=event.deal, player=event.player)
    if isinstance(event, DealEnded):
        if event.went_out is None:
            return _("Deal %(num)d ended: nobody went out", num=event.deal)
        return _("Deal %(num)d ended: %(player)s went out", num=event.deal, player=event.went_out)
    if isinstance(event, DealCorrected):
        return _("Deal %(num)d corrected", num=event.deal)
    if isinstance(event, ContractChosen):
        return _("Deal %(num)d: contract announced", num=event.deal)
    if isinstance(event, GameAbandoned):
        return _("The game was ended early")
    if isinstance(event, PlayerRenamed):
        return _("%(old)s renamed %(new)s", old=event.old, new=event.new)
    if isinstance(event, SeatsChanged):
        return _("Turn order changed to %(players)s", players=", ".join(event.players))
    if isinstance(event, PlayerLeft):
        return _("%(player)s left the game", player=event.player)
    return event.type


def sheet_context(table: access.Table) -> dict[str, Any]:
    """The score sheet: every deal, the adjustments, totals, winners and standings (all from the ledger)."""
    state = table.state
    undo_form = UndoForm(formdata=None).prepare(state.seq)
    target = last_undoable(state)
    corrections = [e for e in state.history if isinstance(e.event, DealCorrected) and not e.undone]
    correction_forms = {}
    for entry in corrections:
        f = UndoForm(formdata=None)
        f.prepare(state.seq)
        f.target.data = str(entry.seq)
        correction_forms[entry.seq] = (f, event_words(state, entry))
    if target is not None:
        undo_form.target.data = str(target.seq)
    redo = state.redo_target
    redo_form = UndoForm(formdata=None).prepare(state.seq)
    if redo is not None:
        redo_form.target.data = str(redo.seq)
    return {
        "table": table,
        "state": state,
        "variant": state.variant,
        "deals": state.deals,
        "adjustments": state.adjustments,
        "undo_target": target,
        "undo_words": event_words(state, target) if target is not None else "",
        "undo_form": undo_form,
        "redo_target": redo,
        "redo_words": redo_words(state, redo) if redo is not None else "",
        "redo_form": redo_form,
        "corrections": corrections,
        "correction_forms": correction_forms,
        "abandon_form": AbandonForm(formdata=None).prepare(state.seq),
        "describe": describe,
        "show_chips": state.chip_limit is not None,
        "device_form": device_form(),
        "recorded": [(entry, event_words(state, entry)) for entry in reversed(state.history[-RECORDED_SHOWN:])],
    }


# ---- which phone recorded what ----------------------------------------------------------------------------

#: The cookie that names this phone (its label goes on every event it records).
DEVICE_COOKIE = "referee_device"
#: The latest events the score sheet lists with the phone that recorded each.
RECORDED_SHOWN = 12


def device_label() -> str | None:
    """This phone's label, as its cookie keeps it (cleaned and bounded), or None when it has none."""
    label = " ".join(clean_text(request.cookies.get(DEVICE_COOKIE, "")).split())[:MAX_DEVICE_LABEL]
    return label or None


def device_form() -> DeviceForm:
    """The form that names this phone, filled with its label."""
    form = DeviceForm(formdata=None)
    form.label.data = device_label() or ""
    return form


@bp.post("/device")
def device(edit_token: str) -> WerkzeugResponse:
    """Name this phone: the label goes on every event it records from now on (the score sheet shows it)."""
    access.require_edit(edit_token)
    form = DeviceForm()
    response = redirect(url_for("table.sheet", edit_token=edit_token, _anchor="device"), code=303)
    if not form.validate_on_submit():
        flash(" ".join(_form_errors(form)), "error")
        return response
    label = " ".join((form.label.data or "").split())
    if label:
        response.set_cookie(DEVICE_COOKIE, label, max_age=access.COOKIE_AGE, httponly=True, samesite="Lax")
        flash(_("This phone is now called %(label)s: what it records says so.", label=label), "success")
    else:
        response.delete_cookie(DEVICE_COOKIE)
        flash(_("This phone no longer has a name."), "success")
    return response


@bp.get("/sheet")
def sheet(edit_token: str) -> str:
    """The score sheet; tap a deal to correct it; undo the last action."""
    table = access.require_edit(edit_token)
    return render_template("table/sheet.html", **sheet_context(table))


def redo_words(state: GameState, entry: HistoryEntry) -> str:
    """What a Redo brings back: the action its undo took back, in words."""
    assert isinstance(entry.event, Undone)
    target = state.history[entry.event.seq - 1]
    return event_words(state, target)


@bp.route("/undo", methods=["GET", "POST"])
def undo(edit_token: str) -> Page:
    """Undo: a confirmation page (saying what it undoes, and what Redo would bring back), then an Undone event.

    Undo takes back actions one by one, the latest first; an undo is taken back only by Redo (``/redo``).
    A correction can also be undone from the score sheet (its own form names it).
    """
    table = access.require_edit(edit_token)
    state = table.state
    if request.method == "GET":
        target = last_undoable(state)
        form = UndoForm(formdata=None).prepare(state.seq)
        if target is not None:
            form.target.data = str(target.seq)
        redo = state.redo_target
        redo_form = UndoForm(formdata=None).prepare(state.seq)
        if redo is not None:
            redo_form.target.data = str(redo.seq)
        return render_template(
            "table/undo.html", table=table, state=state, form=form, target=target,
            words=event_words(state, target) if target is not None else "", redo_target=redo,
            redo_form=redo_form, redo_words=redo_words(state, redo) if redo is not None else "",
        )
    form = UndoForm()
    if not form.validate_on_submit():
        flash(" ".join(_form_errors(form)), "error")
        return redirect(url_for("table.sheet", edit_token=edit_token), code=303)
    seq = int(form.target.data)
    target = next((e for e in state.history if e.seq == seq), None)
    if target is not None and isinstance(target.event, Undone):
        flash(_("That was an undo: bring the action back with Redo."), "error")
        return redirect(url_for("table.undo", edit_token=edit_token), code=303)
    outcome = append(table, form, Undone(seq=seq))
    if outcome.conflict:
        flash(stale_message(), "warning")
    elif outcome.refused:
        flash(_("It cannot be undone:") + " " + " ".join(outcome.refused), "error")
    else:
        what = event_words(state, target) if target is not None else str(seq)
        flash(_("Undone: %(what)s.", what=what), "success")
    return redirect(url_for("table.sheet", edit_token=edit_token), code=303)


@bp.post("/redo")
def redo(edit_token: str) -> Page:
    """Redo: take back the latest undo made since the last new action (recorded as an Undone of that undo)."""
    table = access.require_edit(edit_token)
    state = table.state
    form = UndoForm()
    if not form.validate_on_submit():
        flash(" ".join(_form_errors(form)), "error")
        return redirect(url_for("table.sheet", edit_token=edit_token), code=303)
    seq = int(form.target.data)
    entry = state.redo_target
    if entry is None or entry.seq != seq:
        if form.seq != state.seq:
            flash(stale_message(), "warning")
        else:
            flash(_("There is nothing to redo."), "error")
        return redirect(url_for("table.sheet", edit_token=edit_token), code=303)
    what = redo_words(state, entry)
    outcome = append(table, form, Undone(seq=seq))
    if outcome.conflict:
        flash(stale_message(), "warning")
    elif outcome.refused:
        flash(_("It cannot be redone:") + " " + " ".join(outcome.refused), "error")
    else:
        flash(_("Redone: %(what)s.", what=what), "success")
    return redirect(url_for("table.sheet", edit_token=edit_token), code=303)


@bp.route("/deals/<int:number>/correct", methods=["GET", "POST"])
def correct(edit_token: str, number: int) -> Page:
    """Correct a past deal: its result (and cut and buys); recorded as a correction that can be undone."""
    table = access.require_edit(edit_token)
    state = table.state
    result = next((d for d in state.deals if d.number == number), None)
    if result is None:
        flash(_("Deal %(num)d has not been played yet: there is nothing to correct.", num=number), "error")
        return redirect(url_for("table.sheet", edit_token=edit_token), code=303)
    form = CorrectDealForm()
    form.set_players(state.players, nobody_allowed=state.variant.deal_may_end_with_nobody_out, away=result.away)
    if request.method == "GET":
        form.prepare(state.seq)
        form.went_out.data = result.went_out if result.went_out is not None else NOBODY
        for seat, name in enumerate(state.players):
            value = result.hands.get(name, "")
            if isinstance(value, int):
                form.points.entries[seat].data = "" if name == result.went_out else str(value)
            else:
                form.hands.entries[seat].data = value
            form.buys.entries[seat].data = result.buys.get(name, 0)
        form.exact_cut.data = result.exact_cut
        form.cutter_jokers.data = result.cutter_jokers
        return _render_correct(table, form, result)
    if not form.validate_on_submit():
        return _render_correct(table, form, result, reasons=tuple(_form_errors(form)), status=422)
    missing = form.missing(state.players) if form.went_out.data else []
    if missing:
        return _render_correct(table, form, result, missing=missing,
                               status=422 if "confirm" in request.form else 200)
    buys = form.buy_counts(state.players)
    jokers = int(form.cutter_jokers.data or 0)
    event = DealCorrected(
        deal=number, went_out=form.went_out_name(), hands=form.hand_values(state.players),
        exact_cut=bool(form.exact_cut.data) if bool(form.exact_cut.data) != result.exact_cut else None,
        cutter_jokers=jokers if form.exact_cut.data and jokers != result.cutter_jokers else None,
        buys=buys if buys != {n: result.buys.get(n, 0) for n in state.players if n not in result.away} else None,
    )
    if "confirm" not in request.form:
        preview, reasons, forcible = _preview(state, event.with_override(form.override_reason))
        return _render_correct(table, form, result, preview=preview, reasons=reasons, forcible=forcible)
    outcome = append(table, form, event)
    if outcome.conflict:
        flash(stale_message(), "warning")
        return redirect(url_for("table.sheet", edit_token=edit_token), code=303)
    if outcome.refused:
        return _render_correct(table, form, result, reasons=outcome.refused, forcible=outcome.forcible, status=422)
    flash(_("Deal %(num)d corrected. The correction can be undone from the score sheet.", num=number), "success")
    return redirect(url_for("table.sheet", edit_token=edit_token), code=303)


def _render_correct(
    table: access.Table, form: CorrectDealForm, result: DealResult, *, preview: Preview | None = None,
    reasons: tuple[str, ...] = (), forcible: bool = False, status: int = 200, missing: list[str] | None = None,
) -> tuple[str, int]:
    return _render_end(table, form, None, preview=preview, reasons=reasons, forcible=forcible, status=status,
                       correcting=result, missing=missing)


# ---- the players' names ---------------------------------------------------------------------------------


def rename_row(seat: int) -> str:
    """The field prefix of a seat's rename form (the page has one form a player)."""
    return f"p{seat}"


def _rename_forms(state: GameState) -> list[tuple[str, RenameForm]]:
    """One form a player (each with its own idempotency key), the name filled in to be edited."""
    forms: list[tuple[str, RenameForm]] = []
    for seat, name in enumerate(state.players):
        form = RenameForm(formdata=None, prefix=rename_row(seat)).prepare(state.seq)
        form.player.data = name
        form.new_name.data = name
        forms.append((name, form))
    return forms


def _render_players(
    table: access.Table, *, failed: RenameForm | None = None, reasons: tuple[str, ...] = (), status: int = 200,
    seats_failed: SeatsForm | None = None, seat_reasons: tuple[str, ...] = (),
    leave_reasons: tuple[str, ...] = (),
) -> tuple[str, int]:
    forms = _rename_forms(table.state)
    if failed is not None:
        # The refused row keeps what was typed (with a fresh key); the others are as the game is.
        forms = [(name, failed if name == failed.old_name() else form) for name, form in forms]
        failed.idempotency_key.data = new_key()
    state = table.state
    seats_form = None
    if not state.deals_played and not state.over:
        seats_form = seats_failed or SeatsForm(formdata=None)
        seats_form.prepare(state.seq)
    leave_form = None
    if state.deals_played and not state.over:
        leave_form = LeaveForm(formdata=None).prepare(state.seq)
    body = render_template(
        "table/players.html", table=table, state=state, forms=forms, failed=failed, reasons=reasons,
        seats_form=seats_form, seat_reasons=seat_reasons, leave_form=leave_form, leave_reasons=leave_reasons,
    )
    return body, status


@bp.route("/players", methods=["GET", "POST"])
def players(edit_token: str) -> Page:
    """The players' names: fix a typo mid-game (recorded as a rename; every screen shows the new name)."""
    table = access.require_edit(edit_token)
    if request.method == "GET":
        return _render_players(table)
    if "seat_action" in request.form:
        return _change_seats(table)
    if "leaving" in request.form:
        return _leave(table)
    row = whole_number(request.form.get("row"), maximum=999)
    form = RenameForm(prefix=rename_row(row or 0))
    if not form.validate_on_submit():
        if form.csrf_failed:
            return _render_players(table, failed=form, reasons=(str(CSRF_FAILED),), status=400)
        if form.expected_seq.errors or form.idempotency_key.errors:
            flash(" ".join(_form_errors(form)), "error")
            return redirect(url_for("table.players", edit_token=edit_token), code=303)
        return _render_players(table, failed=form, reasons=tuple(_form_errors(form)), status=422)
    old, new = form.old_name(), form.tidy_name()
    if new == old:
        flash(_("%(player)s keeps the name.", player=old), "success")
        return redirect(url_for("table.players", edit_token=edit_token), code=303)
    form.override.data = ""  # a name the ledger refuses is never forced
    outcome = append(table, form, PlayerRenamed(old=old, new=new))
    if outcome.conflict:
        flash(stale_message(), "warning")
        return redirect(url_for("table.players", edit_token=edit_token), code=303)
    if outcome.refused:
        return _render_players(table, failed=form, reasons=outcome.refused, status=422)
    flash(_("%(old)s is now called %(new)s.", old=old, new=new), "success")
    response = redirect(url_for("table.players", edit_token=edit_token), code=303)
    remember_names(response, [new])  # the new-game page offers the name as typed now
    return response


def _new_seats(state: GameState, form: SeatsForm) -> SeatsChanged | None:
    """The seats after the button pressed (None: a button that changes nothing, like moving the first up)."""
    what, seat = form.move()
    players = list(state.players)
    dealer = state.dealer_of(1)
    if what == "add":
        players.append(" ".join((form.new_player.data or "").split()))
    elif seat is None or seat >= len(players):
        return None
    elif what == "up" and seat > 0:
        players[seat - 1], players[seat] = players[seat], players[seat - 1]
    elif what == "down" and seat < len(players) - 1:
        players[seat + 1], players[seat] = players[seat], players[seat + 1]
    elif what == "remove":
        removed = players.pop(seat)
        if removed == dealer and players:
            dealer = players[seat % len(players)]  # the next player in turn order deals first instead
    elif what == "dealer":
        dealer = players[seat]
    else:
        return None
    return SeatsChanged(players=tuple(players), first_dealer=dealer)


def _change_seats(table: access.Table) -> Page:
    """Until deal 1 ends: move, add or remove a player, or choose the first dealer (one undoable entry each)."""
    form = SeatsForm()
    back = redirect(url_for("table.players", edit_token=table.edit_token), code=303)
    if not form.validate_on_submit():
        if "csrf_token" in form.errors or form.expected_seq.errors or form.idempotency_key.errors:
            flash(" ".join(_form_errors(form)), "error")
            return back
        return _render_players(table, seats_failed=form, seat_reasons=tuple(_form_errors(form)), status=422)
    event = _new_seats(table.state, form)
    if event is None:
        return back
    form.override.data = ""  # seats the ledger refuses are never forced
    outcome = append(table, form, event)
    if outcome.conflict:
        flash(stale_message(), "warning")
        return back
    if outcome.refused:
        return _render_players(table, seats_failed=form, seat_reasons=outcome.refused, status=422)
    flash(_("Turn order: %(players)s. %(dealer)s deals first.", players=", ".join(event.players),
            dealer=event.first_dealer), "success")
    if form.move()[0] == "add":
        remember_names(back, [event.players[-1]])
    return back


def _leave(table: access.Table) -> Page:
    """After deal 1: a player leaves the table; their points stay, the deal goes round without them."""
    form = LeaveForm()
    back = redirect(url_for("table.players", edit_token=table.edit_token), code=303)
    if not form.validate_on_submit():
        flash(" ".join(_form_errors(form)), "error")
        return back
    player = form.leaving.data or ""
    form.override.data = ""  # a departure the ledger refuses is never forced
    outcome = append(table, form, PlayerLeft(player=player))
    if outcome.conflict:
        flash(stale_message(), "warning")
        return back
    if outcome.refused:
        return _render_players(table, leave_reasons=outcome.refused, status=422)
    state = outcome.state
    flash(_("%(player)s has left the game: their points stay; %(dealer)s deals deal %(num)d.", player=player,
            dealer=state.dealer, num=state.deal_number), "success")
    return back


# ---- game over, exports, abandon ----------------------------------------------------------------------------


@bp.get("/over")
def over(edit_token: str) -> Page:
    """Game over: final standings with ties, stakes or payouts, exports, rematch."""
    table = access.require_edit(edit_token)
    state = table.state
    if not state.over:
        return go_deal(table)
    return render_template(
        "table/over.html", table=table, state=state, variant=state.variant, describe=describe,
        undo_target=last_undoable(state),
    )


def _filename(table: access.Table, state: GameState, ext: str) -> str:
    return f"referee-{state.variant.id}-{table.public_id[:8]}.{ext}"


@bp.get("/export.json")
def export_json(edit_token: str) -> Response:
    """The game as a referee-game/1 file (download)."""
    table = access.require_edit(edit_token)
    data = exchange.export_game(table.state, include_log=True)
    response = make_response(json.dumps(data, ensure_ascii=False, indent=2) + "\n")
    response.mimetype = "application/json"
    response.headers["Content-Disposition"] = f'attachment; filename="{_filename(table, table.state, "json")}"'
    return response


@bp.get("/export.csv")
def export_csv(edit_token: str) -> Response:
    """The score sheet as CSV (download)."""
    table = access.require_edit(edit_token)
    response = make_response(exchange.score_sheet_csv(table.state))
    response.mimetype = "text/csv"
    response.headers["Content-Disposition"] = f'attachment; filename="{_filename(table, table.state, "csv")}"'
    return response


@bp.post("/abandon")
def abandon(edit_token: str) -> Page:
    """End the game before its last deal (it can be undone)."""
    form = AbandonForm()

    def build(state: GameState) -> Event:
        return GameAbandoned(reason=(form.reason.data or "").strip())

    def done(state: GameState) -> str:
        return _("The game was ended. Undo it from the score sheet if that was a mistake.")

    return _act(edit_token, form, "abandon", build, done)
