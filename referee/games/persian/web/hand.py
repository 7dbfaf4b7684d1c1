"""The hand screen: before each hand, who deals, who rules or bids first, which way the cards pass, the running
totals and what ends the game; at the bottom, within thumb's reach, the hand's entry (one form per game).

A hand is one event. The form carries the hand's number and the seq the page saw: a page left open on an older
hand is told the game moved on and records nothing. A refusal of the rules shows the form again as it was sent,
with the rules' reasons in the page's language; nothing is saved.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from flask import flash, redirect, render_template, request, url_for
from werkzeug.wrappers import Response as WerkzeugResponse

from referee import db
from referee.games.persian.ledger import fold
from referee.games.persian.ledger.events import HandPlayed
from referee.games.persian.rules import GAMES
from referee.games.persian.rules.base import TEAM_NAMES
from referee.games.persian.web import words
from referee.games.persian.web.blueprint import bp
from referee.games.persian.web.common import Page, append, require_game, stale_message
from referee.games.persian.web.forms import (
    BidelHandForm,
    HandForm,
    HokmHandForm,
    QahveHandForm,
    RimHandForm,
    ShelemHandForm,
    TallyHandForm,
    per_seat,
)
from referee.games.persian.web.screens import HAND_ENTRIES, head_of
from referee.games.persian.web.table import tools_of
from referee.games.persian.web.undo import undo_offer
from referee.ledger import store
from referee.web.core import access, kept_pages
from referee.web.core.sending import SHOWN, browser_sent, shown_again
from referee.web.core.translate import gettext as _
from referee.web.helpers.forms import CSRF_FAILED
from referee.web.helpers.notation import read_cards
from referee.web.helpers.numbers import whole_number

__all__ = ["hand", "record", "entry_of", "FORMS"]

#: Each hand entry's form.
FORMS: Mapping[str, type[HandForm]] = {
    "hokm": HokmHandForm, "shelem": ShelemHandForm, "qahve": QahveHandForm, "bidel": BidelHandForm,
    "rim": RimHandForm, "tally": TallyHandForm,
}

#: A hand's file form as the rules read it, or the reasons the form cannot be one (said in the page's words).
Entry = tuple[dict[str, Any] | None, list[str]]


def _seat(text: object, players: tuple[str, ...]) -> int | None:
    return whole_number(text, maximum=len(players) - 1)


def _hokm(form: Any, _score: Any, _players: tuple[str, ...]) -> Entry:
    outcome = form.outcome()
    if outcome is None:
        return None, [_("Choose who won the hand.")]
    team, tricks, bam = outcome
    return {"winner": TEAM_NAMES[team], "losers_tricks": tricks, "bam": bam}, []


def _bidding(text: str, first: int, count: int) -> list[dict[str, int | None]] | None:
    """The whole bidding typed as its calls in turn ("100 105 pass 110 pass pass"), each given its seat: from the
    first bidder round to the right, a player who passed is skipped (a pass is final)."""
    passes = {"pass", "p", "-", _("pass").lower(), "پاس", "パス", "paso"}
    calls: list[dict[str, int | None]] = []
    passed: set[int] = set()
    seat = first
    for part in text.replace(",", " ").split():
        if len(passed) >= count:
            return None
        while seat in passed:
            seat = (seat + 1) % count
        bid = None if part.lower() in passes else whole_number(part, maximum=999)
        if bid is None and part.lower() not in passes:
            return None
        calls.append({"seat": seat, "bid": bid})
        if bid is None:
            passed.add(seat)
        seat = (seat + 1) % count
    return calls


def _shelem(form: Any, score: Any, players: tuple[str, ...]) -> Entry:
    if form.all_passed.data:
        return score.all_passed().to_dict(), []
    problems: list[str] = []
    data: dict[str, Any] = {"ruler": None, "bid": None, "points": None, "bidding": []}
    typed = (form.bidding.data or "").strip()
    if typed:
        calls = _bidding(typed, score.first_bidder, len(players))
        if calls is None:
            problems.append(_("Write the bidding as the calls in turn: a bid (100, 105, …) or “pass”."))
        else:
            data["bidding"] = calls
    ruler = _seat(form.ruler.data, players)
    bid = form.number(form.bid)
    if not data["bidding"]:
        if ruler is None:
            problems.append(_("Choose the ruler (the last bidder)."))
        if bid is None:
            problems.append(_("Choose the winning bid."))
    data["ruler"], data["bid"] = ruler, bid
    data["points"] = form.number(form.points)
    if data["points"] is None:
        problems.append(_("Choose the points the ruler’s team took."))
    return (None, problems) if problems else (data, [])


def _numbers(form: HandForm, name: str, count: int, default: int | None = None) -> list[int | None]:
    """Each seat's number (``name-0``…), ``default`` where nothing was sent, None where it is no number."""
    found: list[int | None] = []
    for raw in per_seat(form, name, count):
        value = whole_number(raw, maximum=99)
        found.append(default if value is None and not raw.strip() else value)
    return found


def _qahve(form: Any, _score: Any, players: tuple[str, ...]) -> Entry:
    bids = _numbers(form, "bids", len(players))
    tricks = whole_number(form.tricks.data, maximum=99)
    problems = [_("Choose %(player)s’s bid.", player=players[seat]) for seat, bid in enumerate(bids) if bid is None]
    if tricks is None:
        problems.append(_("Choose the tricks team %(team)s took.", team=words.team_letter(0)))
    if problems:
        return None, problems
    return {"bids": bids, "tricks": [tricks, 13 - (tricks or 0)]}, []


def _bidel(form: Any, _score: Any, players: tuple[str, ...]) -> Entry:
    hearts = _numbers(form, "hearts", len(players), default=0)
    queen = _seat(form.queen.data, players)
    problems = [_("%(player)s’s hearts: choose a number from 0 to 13.", player=players[seat])
                for seat, count in enumerate(hearts) if count is None]
    if queen is None:
        problems.append(_("Choose who took Q♠."))
    return (None, problems) if problems else ({"hearts": hearts, "queen": queen}, [])


def _rim(form: Any, _score: Any, players: tuple[str, ...]) -> Entry:
    if form.stock_out.data:
        return {"winner": None, "cards": ""}, []
    winner = _seat(form.winner.data, players)
    if winner is None:
        return None, [_("Choose who went out.")]
    # The cards as typed with the page's suit letters, in the notation the rules read (what is no card is left
    # as it was, for the rules to name).
    return {"winner": winner, "cards": read_cards(" ".join((form.cards.data or "").split()))}, []


def _tally(form: Any, _score: Any, players: tuple[str, ...]) -> Entry:
    seat = players.index(form.player.data) if form.player.data in players else None
    return (None, [_("Choose a player.")]) if seat is None else ({"player": seat}, [])


#: How each entry's form becomes a hand's file form.
_READERS: Mapping[str, Callable[[Any, Any, tuple[str, ...]], Entry]] = {
    "hokm": _hokm, "shelem": _shelem, "qahve": _qahve, "bidel": _bidel, "rim": _rim, "tally": _tally,
}


def entry_of(kind: str, form: HandForm, state: Any) -> Entry:
    """The hand the form describes, as the rules read it, or the reasons it is not one yet."""
    return _READERS[kind](form, state.score, tuple(state.players))


def blank_form(kind: str, state: Any) -> HandForm:
    """An empty form of the game's entry for the next hand, for a page rendered at the state's seq."""
    form = FORMS[kind](formdata=None)
    form.prepare(state.seq)
    form.hand.data = str(state.score.hand_number)
    return form


def hand_context(table: access.Table, form: HandForm | None = None, refusal: list[str] | None = None,
                 number: int | None = None) -> dict[str, Any]:
    """What the hand screen shows (``number``: a past hand being corrected)."""
    state = table.state
    head = head_of(state)
    if form is None:
        form = blank_form(head.entry, state)
    count = len(state.players)
    post_url = (url_for("persian.correct", edit_token=table.edit_token, number=number) if number
                else url_for("persian.record", edit_token=table.edit_token))
    return {"table": table, "state": state, "screen": head, "form": form, "refusal": refusal,
            "state_players": tuple(state.players), "post_url": post_url, "undo": undo_offer(state),
            "correcting": number, "tools": None if number else tools_of(state),
            "bids": per_seat(form, "bids", count), "hearts": per_seat(form, "hearts", count)}


@bp.get("/g/<edit_token>/hand")
def hand(edit_token: str) -> Page:
    """The hand screen: the next hand's dealer, ruler or first bidder, pass direction, totals; its entry."""
    # Drawn once per seq, address and language, as the rummy deal screen (see referee.web.core.kept_pages); a refused
    # hand's entries or a message for this phone are drawn for it alone.
    return kept_pages.kept_screen(
        "persian-hand", edit_token, load=require_game, variants=GAMES,
        render=lambda table: render_template("persian/hand.html", **hand_context(table)),
        over=lambda: redirect(url_for("persian.sheet", edit_token=edit_token), code=303),
        shown_again=_refused_again)


def refused_page(table: access.Table, form: HandForm, reasons: list[str], number: int | None = None,
                 status: int = 422) -> tuple[str, int]:
    """The hand screen again with what was entered and why it was not recorded (a fresh idempotency key)."""
    form.prepare(table.state.seq)
    if number is None:
        form.hand.data = str(table.state.score.hand_number)
    return render_template("persian/hand.html", **hand_context(table, form, reasons, number)), status


def refused_answer(table: access.Table, form: HandForm, reasons: list[str], status: int = 422) -> Page:
    """The answer to a refused hand: :func:`refused_page`; for a form the browser sent itself (no JavaScript), a
    redirect to the hand screen with what was entered in its query (never the CSRF token), which shows the same
    page as a GET (:func:`_refused_again`), so that Back never lands on a POST's answer."""
    if not browser_sent():
        return refused_page(table, form, reasons, status=status)
    form.prepare(table.state.seq)  # a new key for the form sent again, in the address: the same page each time
    entries: dict[str, Any] = {key: values for key, values in request.form.to_dict(flat=False).items()
                               if key not in ("expected_seq", "idempotency_key", "hand")}
    entries.update({"expected_seq": form.expected_seq.data, "idempotency_key": form.idempotency_key.data,
                    "hand": str(table.state.score.hand_number)})
    if status == 400:
        flash(reasons[0], "error")  # a CSRF check: the one reason the page cannot work out again
    return shown_again("persian.hand", "refused", entries, anchor="entry", edit_token=table.edit_token)


def _refused_again(table: access.Table) -> Page | None:
    """The page of a refused hand (``?shown=refused``): what was entered, and why the rules refuse it now. None
    when the game has moved on since (the hand screen as it is then) or the address is not one we made."""
    if request.args.get(SHOWN) != "refused":
        return None
    state = table.state
    kind = HAND_ENTRIES[state.variant_id]
    form = FORMS[kind](formdata=request.args)
    form.query = request.args
    form.validate()
    form.csrf_token.errors = []  # a GET saves nothing: the page it shows gets a fresh token
    form._errors = None
    if form.errors or form.seq != state.seq or form.hand_number != state.score.hand_number:
        return None
    entry, reasons = entry_of(kind, form, state)
    if entry is not None:
        reasons = words.problems_words(fold.check(state, HandPlayed(hand_number=form.hand_number or 0, hand=entry)))
    body = render_template("persian/hand.html", **hand_context(table, form, reasons or None))
    return body, 422 if reasons else 200


def go_hand(table: access.Table) -> WerkzeugResponse:
    """Back to the hand screen (POST-redirect-GET), at its entry."""
    return redirect(url_for("persian.hand", edit_token=table.edit_token, _anchor="hand-head"), code=303)


def _recorded_before(table: access.Table, form: HandForm) -> bool:
    """Whether the form's idempotency key has already recorded an event of this game."""
    with db.session() as session:
        seq = store.seq_of_key(session, game_id=table.game_id, idempotency_key=form.idempotency_key.data)
    return seq is not None


@bp.post("/g/<edit_token>/hand")
def record(edit_token: str) -> Page:
    """Record the next hand: refused with the rules' reasons (nothing saved), or saved and the screen shown."""
    table = require_game(edit_token)
    state = table.state
    kind = HAND_ENTRIES[state.variant_id]
    form = FORMS[kind]()
    if not form.validate():
        if form.csrf_failed:
            return refused_answer(table, form, [str(CSRF_FAILED)], status=400)
        flash(" ".join(str(m) for errors in form.errors.values() for m in errors) or _("That did not work: try "
                                                                                       "again."), "error")
        return go_hand(table)
    if form.seq != state.seq or form.hand_number != state.score.hand_number:
        if _recorded_before(table, form):
            # This very form was recorded, and sent again (its answer was lost with the connection): once.
            flash(_("Hand %(num)d recorded.", num=form.hand_number or 0), "success")
        else:
            flash(stale_message(), "warning")
        return go_hand(table)
    entry, problems = entry_of(kind, form, state)
    if entry is None:
        return refused_answer(table, form, problems)
    outcome = append(table, form, HandPlayed(hand_number=form.hand_number or 0, hand=entry))
    if outcome.conflict:
        flash(stale_message(), "warning")
        return go_hand(table)
    if outcome.refused:
        return refused_answer(table, form, list(outcome.refused))
    if outcome.state.is_over:
        flash(_("Hand %(num)d recorded. The game is over.", num=form.hand_number or 0), "success")
        return redirect(url_for("persian.sheet", edit_token=edit_token), code=303)
    flash(_("Hand %(num)d recorded.", num=form.hand_number or 0), "success")
    return go_hand(table)


__all__ += ["blank_form", "hand_context", "refused_page", "refused_answer", "go_hand"]
