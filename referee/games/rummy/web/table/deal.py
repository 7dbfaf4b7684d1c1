"""The deal screen: deal N of M, its contract, who deals, cuts and plays first, chips and totals, a claim on a
discard; and its actions (exact cut, buy, a Shanghai call, laid down, dealer's choice of contract), each one event.
A kind of event that takes nothing but its deal and says how to offer it (its ``button``, a misdeal's) is a button in
a card of its own, posted to one route (:func:`button`): the deal screen names no such kind.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from flask import abort, flash, redirect, render_template, request, session, url_for
from flask_babel import lazy_gettext as _l
from werkzeug.datastructures import MultiDict
from wtforms import SelectField
from wtforms.validators import InputRequired

from referee.games.rummy.ledger.events import (
    EVENT_TYPES,
    Buy,
    ContractChosen,
    Event,
    ExactCut,
    InDeal,
    LaidDown,
    ShanghaiCalled,
)
from referee.games.rummy.ledger.state import GameState
from referee.games.rummy.web import notation, rules_card, wording
from referee.games.rummy.web.forms import BuyForm, ExactCutForm, LaidDownForm
from referee.games.rummy.web.table.blueprint import bp
from referee.games.rummy.web.table.common import (
    Outcome,
    Page,
    append,
    form_errors,
    go_deal,
    last_undoable,
    stale_message,
)
from referee.games.rummy.web.table.sheet import event_words, undo_form
from referee.rules.cards import CardError
from referee.rules.variants import CUT_LOOKS_AT
from referee.web.core import access, kept_pages
from referee.web.core.device import asks_for_a_name
from referee.web.core.sending import browser_sent
from referee.web.core.translate import gettext as _
from referee.web.helpers.forms import CSRF_FAILED, ActionForm, DeviceForm, new_key
from referee.web.helpers.numbers import whole_number

#: The kinds of event the deal screen offers as a button of their own, by type (each says so: ``InDeal.button``);
#: each has its card, ``templates/rummy/table/buttons/<type>.html``.
BUTTONS: dict[str, type[InDeal]] = {kind: cls for kind, cls in sorted(EVENT_TYPES.items())
                                    if issubclass(cls, InDeal) and cls.button is not None}

#: The deal screen's card for each of its actions: a redirect lands there, not at the top of the page.
ACTION_CARDS = {"buy": "buy-card", "shanghai": "shanghai-card", "laid-down": "laid-card", "cut": "cut-card",
                "contract": "deal-head", "abandon": "refusal", **{kind: f"{kind}-card" for kind in BUTTONS}}


class ShanghaiCallForm(BuyForm):
    """A player called "Shanghai!" on a discard (docs/rules.md D70): a player, as a buy is."""

    player = SelectField(_l("Who called Shanghai?"), choices=[], validators=[InputRequired()])


@dataclass(frozen=True)
class Refusal:
    """A refused action shown on the deal screen, with the form that records it anyway."""

    action: str  # the form it came from: "buy", "laid-down", "cut", "contract", "abandon"
    title: str
    reasons: tuple[str, ...]
    forcible: bool
    form: ActionForm | None


#: A deal-screen form that names a player: a buy, a Shanghai call, a lay-down.
PlayerForm = TypeVar("PlayerForm", BuyForm, LaidDownForm)


def blank_player_form(form_class: type[PlayerForm], players: Sequence[str], seq: int) -> PlayerForm:
    """An empty form offering ``players``, for a page rendered at ``seq``."""
    form = form_class(formdata=None)
    form.set_players(players)
    form.prepare(seq)
    return form


def deal_context(table: access.Table) -> dict[str, Any]:
    """What the deal screen shows: everything comes from the ledger's state."""
    state = table.state
    variant = state.variant
    seq = state.seq
    players = state.players
    playing = state.seating.playing  # a player who left the game cannot buy or lay down
    cut_form = ExactCutForm(formdata=None).prepare(seq)
    undo_target = last_undoable(state)
    buy_form = blank_player_form(BuyForm, playing, seq)
    call_form = blank_player_form(ShanghaiCallForm, playing, seq) if state.calls.offered else None
    laid_form = blank_player_form(LaidDownForm, [p for p in playing if p not in state.melded] or playing, seq)
    contract_form = ActionForm(formdata=None).prepare(seq)
    ranks = state.sheet.ranks
    rows = []
    for name in players:
        rows.append({
            "name": name,
            "total": state.sheet.totals[name],
            "rank": ranks[name],
            "chips": state.chips.chips_left.get(name),
            "buys_this_deal": state.chips.buys_this_deal.get(name, 0),
            "buys_left_this_deal": state.chips.buys_left_this_deal.get(name),
            "melded": name in state.melded,
            "dealer": name == state.seating.dealer,
            "cutter": name == state.seating.cutter,
            "first": name == state.seating.first_player,
            "left": state.seating.left.get(name),
        })
    jokers_matter = variant.cut.cutter_takes_jokers and variant.deck_row(len(players)).jokers > 0
    cut_counts_by_jokers = ([(j, state.exact_cut_counts_for(j)) for j in range(0, CUT_LOOKS_AT + 1)]
                            if jokers_matter else [])
    return {
        "table": table,
        "state": state,
        "variant": variant,
        "rows": rows,
        "deal_words": wording.deal_words(state.deal, variant.terms),
        "reminders": wording.reminders(variant, state.deal.number),
        "buy_call": wording.buy_call_words(variant.terms),
        "contract_icons": [rules_card.contract_icons(c) for c in state.contracts],
        "cut_form": cut_form,
        "name_form": DeviceForm(formdata=None) if asks_for_a_name() else None,
        "cut_earns": wording.cut_earnings_sentence(state.exact_cut_earnings, player=state.seating.cutter,
                                                   deal=state.deal_number),
        "buy_form": buy_form,
        "call_form": call_form,
        "calls_offered": state.calls.offered,
        "calls_this_deal": state.calls.this_deal,
        "laid_form": laid_form,
        "contract_form": contract_form,
        "cut_counts": state.exact_cut_counts,
        "cut_counts_by_jokers": cut_counts_by_jokers,
        "jokers_matter": jokers_matter,
        "buying": state.chips.buying_now,
        "show_chips": state.chips.counts_chips,
        "show_buys_left": state.chips.shows_buys_left,
        "stock_cards": state.chips.stock_cards_for_buy(False),
        "stock_cards_own_turn": state.chips.stock_cards_own_turn,
        "token_name": wording.token_name(variant),
        "last_deal": state.sheet.deals[-1] if state.sheet.deals else None,
        "undo_target": undo_target,
        # One tap from an action's message: undo it, back on this screen (the sheet's Redo brings it back).
        "undo_here": undo_form(state, undo_target),
        "undo_here_words": event_words(state, undo_target) if undo_target is not None else "",
        "refusal": None,
        "kept": {},
        "action_cards": ACTION_CARDS,
        # each button's form, by its kind's type (its card shows it; a refused one is shown again in its place)
        "button_forms": {kind: ActionForm(formdata=None).prepare(seq) for kind in BUTTONS},
        "claim": claim_from_query(state) if state.chips.buys_shown else None,
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
    claimants = tuple(dict.fromkeys(n for n in request.args.getlist("claimant") if n in state.seating.playing))
    if discarder not in state.seating.playing:
        return Claim(None, claimants, (), {}, None)
    order = tuple(state.seating.buy_priority(discarder, claimants))
    reasons = {name: wording.problems_words(state.can_buy(name)) for name in order}
    form = None
    if order:
        form = blank_player_form(BuyForm, state.seating.playing, state.seq)
        form.player.data = order[0]
    return Claim(discarder, claimants, order, reasons, form)


@bp.get("")
def deal(edit_token: str) -> Page:
    """The deal screen: deal N of M, its contract, who deals/cuts/plays first, chips and totals; the actions."""
    kept_refusal = session.pop(REFUSED_KEY, None)
    if kept_refusal is not None:  # a refusal of a form the browser sent itself: shown once, to this phone
        table = access.require_edit(edit_token)
        html = _kept_refusal(table, kept_refusal)
        if html is not None:
            return html
    # Drawn once per seq (and address, language, and whether this phone is asked its name); a claim to settle or a
    # message for this phone is drawn for it alone (see referee.web.core.kept_pages).
    return kept_pages.kept_screen(
        "deal", edit_token, load=access.require_edit,
        render=lambda table: render_template("rummy/table/deal.html", **deal_context(table)),
        over=lambda: redirect(url_for("table.over", edit_token=edit_token), code=303),
        depends_on=(asks_for_a_name(),))


#: Where a refusal waits for the deal screen's GET, for a form the browser sent itself (see :func:`_refused`).
REFUSED_KEY = "refused"
#: A refusal larger than this (what was sent and the reasons) is answered in place: a session cookie holds 4 KB.
MAX_KEPT_REFUSAL = 2000
#: The deal screen's action forms, by action: what a kept refusal's entries are read back into.
FORM_CLASSES: dict[str, type[ActionForm]] = {"buy": BuyForm, "shanghai": ShanghaiCallForm,
                                             "laid-down": LaidDownForm, "cut": ExactCutForm, "contract": ActionForm,
                                             **dict.fromkeys(BUTTONS, ActionForm)}


def _refused(table: access.Table, action: str, outcome: Outcome, form: ActionForm) -> Page:
    """A refusal: the deal screen saying why. A form the browser sent itself (no JavaScript) gets a redirect to the
    deal screen, which shows the refusal once from the session (never the CSRF token): Back then never lands on a
    POST's answer and the browser never asks to send the form again."""
    if browser_sent() and action in FORM_CLASSES:
        kept = {"action": action, "seq": table.state.seq, "refused": list(outcome.refused),
                "forcible": outcome.forcible,
                "sent": [[name, value] for name, value in request.form.items(multi=True) if name != "csrf_token"]}
        if len(json.dumps(kept)) <= MAX_KEPT_REFUSAL:
            session[REFUSED_KEY] = kept
            return redirect(url_for("table.deal", edit_token=table.edit_token, _anchor=ACTION_CARDS[action]),
                            code=303)
    return _refused_page(table, action, outcome, form)


def _kept_refusal(table: access.Table, kept: Any) -> Page | None:
    """The deal screen showing a refusal kept by :func:`_refused`; None when the game has moved on since (the page
    then shows the game as it is) or what was kept is not such a refusal."""
    try:
        action, seq = str(kept["action"]), int(kept["seq"])
        sent: MultiDict[str, str] = MultiDict([(str(name), str(value)) for name, value in kept["sent"]])
        outcome = Outcome(table.state, refused=tuple(str(r) for r in kept["refused"]), forcible=bool(kept["forcible"]))
    except (KeyError, TypeError, ValueError):
        return None
    if action not in FORM_CLASSES or seq != table.state.seq:
        return None
    form = FORM_CLASSES[action](formdata=sent)
    if isinstance(form, BuyForm | LaidDownForm):
        form.set_players(table.state.players)
    html, _status = _refused_page(table, action, outcome, form, sent=sent)
    return html


def _refused_page(table: access.Table, action: str, outcome: Outcome, form: ActionForm,
                  sent: Mapping[str, str] | None = None) -> tuple[str, int]:
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
    context["kept"] = kept_entries(action, form, request.form if sent is None else sent)
    titles = {
        "buy": _("%(player)s cannot buy:", player=player),
        "shanghai": _("%(player)s’s Shanghai call cannot be recorded:", player=player),
        "laid-down": _("%(player)s’s contract is not right:", player=player),
        "cut": _("The exact cut cannot be recorded:"),
        "contract": _("That contract cannot be announced:"),
        "abandon": _("The game cannot be ended:"),
    }
    button_words = BUTTONS[action].button if action in BUTTONS else None
    title = _(button_words.refused) if button_words is not None else titles.get(action, "")
    context["refusal"] = Refusal(action, title, outcome.refused, outcome.forcible, override_form)
    return render_template("rummy/table/deal.html", **context), 422


#: The deal screen's forms, by action: the one to show again with what was entered.
DEAL_SCREEN_FORMS = {"buy": "buy_form", "shanghai": "call_form", "laid-down": "laid_form", "cut": "cut_form",
                     "contract": "contract_form"}


def resend_page(table: access.Table, action: str, form: ActionForm) -> tuple[str, int]:
    """The deal screen again, with what was entered and a fresh CSRF token (the form's check failed)."""
    flash(str(CSRF_FAILED), "error")
    context = deal_context(table)
    if action in BUTTONS:
        context["button_forms"][action] = form
    else:
        context[DEAL_SCREEN_FORMS[action]] = form
    context["kept"] = kept_entries(action, form)
    return render_template("rummy/table/deal.html", **context), 400


#: What shows a form again whose CSRF check failed: its table, its action and the form as it was sent.
Resend = Callable[[access.Table, str, ActionForm], tuple[str, int]]


def act(
    table: access.Table,
    form: ActionForm,
    action: str,
    build: Callable[[GameState], Event],
    done_message: Callable[[GameState], str],
    resend: Resend = resend_page,
) -> Page:
    """The common path of a deal-screen action: validate, append, and redirect or show what went wrong.

    ``table`` is the game as this request loaded it: the event is built from its state and folded onto it.
    """
    card = ACTION_CARDS.get(action, "deal-head")
    if not form.validate_on_submit():
        if form.csrf_failed:
            return resend(table, action, form)
        flash(" ".join(form_errors(form)) or _("That did not work: try again."), f"error@{card}")
        return go_deal(table, card)
    try:
        event = build(table.state)
    except CardError as error:
        # Cards typed in a way the page's language does not read: said in words, everything kept.
        return _refused(table, action, Outcome(table.state, refused=(notation.not_a_card(error.token),)), form)
    outcome = append(table, form, event)
    if outcome.conflict:
        flash(stale_message(), "warning")
        return go_deal(table)
    if outcome.refused:
        return _refused(table, action, outcome, form)
    if outcome.state.over:
        flash(done_message(outcome.state), "success")
        return redirect(url_for("table.over", edit_token=table.edit_token), code=303)
    # The message goes with the action's card, where the page lands.
    flash(done_message(outcome.state), f"success@{card}")
    return go_deal(table, card)


def kept_entries(action: str, form: ActionForm, sent: Mapping[str, str] | None = None) -> dict[str, str]:
    """What was typed and chosen in a deal-screen action (``sent``: what the form sent, the request's by
    default), for its card to show again."""
    sent = request.form if sent is None else sent
    return {"action": action, "player": str(getattr(getattr(form, "player", None), "data", "") or ""),
            "melds": str(getattr(getattr(form, "melds", None), "data", "") or ""),
            "cutter_jokers": str(getattr(getattr(form, "cutter_jokers", None), "data", "") or ""),
            "contract_index": sent.get("contract_index", "")}


@bp.post("/button/<kind>")
def button(edit_token: str, kind: str) -> Page:
    """A kind of event the deal screen offers as a button (:data:`BUTTONS`): made with the deal under way's number,
    recorded, or refused with the reason. Any other ``kind`` is no page (404)."""
    cls = BUTTONS.get(kind)
    table = access.require_edit(edit_token)
    if cls is None or cls.button is None:
        abort(404)
    words = cls.button

    def done(state: GameState) -> str:
        return _(words.done, num=state.deal_number, dealer=state.seating.dealer)

    return act(table, ActionForm(), kind, lambda state: cls(deal=state.deal_number), done)


@bp.post("/cut")
def cut(edit_token: str) -> Page:
    """Exact cut: this deal's cutter lifted exactly the right number of cards."""
    table = access.require_edit(edit_token)
    form = ExactCutForm()

    def build(state: GameState) -> Event:
        return ExactCut(deal=state.deal_number, cutter_jokers=int(form.cutter_jokers.data or 0))

    def done(state: GameState) -> str:
        earns = wording.cut_earnings_sentence(state.exact_cut_earnings, player=state.seating.cutter,
                                              deal=state.deal_number)
        return _("Exact cut by %(player)s recorded. %(earns)s", player=state.seating.cutter, earns=earns)

    return act(table, form, "cut", build, done)


def player_act(
    edit_token: str,
    form: BuyForm | LaidDownForm,
    action: str,
    build: Callable[[GameState, str], Event],
    done_message: Callable[[GameState, str], str],
) -> Page:
    """:func:`act` for an action by one of the game's players (the form offers them): ``build`` and
    ``done_message`` are given the player chosen too."""
    table = access.require_edit(edit_token)
    form.set_players(table.state.players)
    return act(table, form, action, lambda state: build(state, str(form.player.data)),
               lambda state: done_message(state, str(form.player.data)))


@bp.post("/buy")
def buy(edit_token: str) -> Page:
    """A player buys the discard: refused with the reason when the rules say no."""

    def done(state: GameState, player: str) -> str:
        own = state.chips.stock_cards_own_turn
        text = _("%(player)s bought the discard: take it and %(count)d from the stock.", player=player,
                 count=state.chips.stock_cards_for_buy(False))
        if own is not None:
            text += " " + _("(On their own turn: %(count)d from the stock in all, the normal draw included.)",
                            count=own)
        return text

    return player_act(edit_token, BuyForm(), "buy",
                      lambda state, player: Buy(deal=state.deal_number, player=player), done)


@bp.post("/shanghai")
def shanghai_call(edit_token: str) -> Page:
    """A player called "Shanghai!" on a discard: recorded, or refused with the reason (docs/rules.md D70)."""
    return player_act(edit_token, ShanghaiCallForm(), "shanghai",
                      lambda state, player: ShanghaiCalled(deal=state.deal_number, player=player),
                      lambda _state, player: _("Shanghai call by %(player)s recorded.", player=player))


@bp.post("/laid-down")
def laid_down(edit_token: str) -> Page:
    """A player laid down the contract (the melds, when typed, checked by the referee first)."""
    form = LaidDownForm()

    def build(state: GameState, player: str) -> Event:
        melds = tuple(notation.to_notation(meld) for meld in form.meld_list())
        return LaidDown(deal=state.deal_number, player=player, melds=melds)

    def done(_state: GameState, player: str) -> str:
        if form.meld_list():
            return _("The referee checked %(player)s’s contract: valid. %(player)s has laid down.", player=player)
        return _("%(player)s has laid down.", player=player)

    return player_act(edit_token, form, "laid-down", build, done)


@bp.post("/contract")
def choose_contract(edit_token: str) -> Page:
    """Dealer's choice: the dealer announces this deal's contract."""
    table = access.require_edit(edit_token)
    form = ActionForm()
    raw = request.form.get("contract_index", "")

    def build(state: GameState) -> Event:
        index = whole_number(raw, maximum=999)
        index = -1 if index is None else index
        return ContractChosen(deal=state.deal_number, contract_index=index)

    def done(state: GameState) -> str:
        return _("Contract announced: %(contract)s.", contract=wording.deal_words(state.deal, state.variant.terms))

    return act(table, form, "contract", build, done)

