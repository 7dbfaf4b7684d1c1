"""The Referee screen: settle the table's arguments — is this a meld, can I go down with this hand, can I lay
this card off or take that joker?

Three tools on one phone page, each a plain GET form (a check changes nothing, so it needs no CSRF token and
its answer has an address that can be shared), answered in the page's language:

- the meld checker (:func:`referee.rules.melds.classify`);
- the contract solver (:func:`referee.rules.solver.solve`), with a card keypad — ranks *and* suits, since suits
  matter for melds, plus the joker; without JavaScript each key is a submit button that the server applies;
- the lay-off and joker-swap checker (:mod:`referee.rules.layoffs`), with the context the rules need; each
  context field left "not said" takes the engine's default, and the answer names every default it relied on.
  It also says whether cards may go down as a new meld of the player's own, and, in a game with the Shanghai
  call, whether a call on one card as a discard is valid (it fits the meld: docs/rules.md D70).

Reachable on its own (``/referee?variant=…&deal=…&players=…``, house rules in the query as on the rules card),
from the scorekeeper's deal screen (``/g/<edit_token>/referee``) and from the players' viewer
(``/v/<view_token>/referee``): those two take the game's variant, house rules, deal and players.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from flask import Blueprint, render_template, request, url_for
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from markupsafe import Markup, escape
from wtforms import RadioField, SelectField, StringField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import Length, Optional

from referee.games.rummy.web import notation, rules_card, wording
from referee.rules.cards import Card, CardError, Suit, TooManyCopiesError, key_for, parse_card, to_cards
from referee.rules.catalogue import DEFAULT_VARIANT, VARIANTS, find_variant
from referee.rules.layoffs import (
    LayoffContext,
    LayoffVerdict,
    Owner,
    SwapDestination,
    check_joker_swap,
    check_layoff,
    check_new_meld,
)
from referee.rules.melds import Meld, classify
from referee.rules.problems import ProblemError, RulesError
from referee.rules.solver import HandSizeError, Solution, solve
from referee.rules.variants import MeldKind, Requirement, Terms, Variant
from referee.web.core import access
from referee.web.core.i18n import current_language
from referee.web.core.translate import gettext as _
from referee.web.core.translate import ngettext
from referee.web.helpers.notation import read_cards
from referee.web.helpers.numbers import WholeNumberField, whole_number

__all__ = ["bp", "KEYS", "press", "cards_html", "meld_title"]

bp = Blueprint("referee_tools", __name__)

MAX_TEXT = 200
RANK_KEYS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUIT_KEYS = (("S", "♠"), ("H", "♥"), ("D", "♦"), ("C", "♣"))
KEYS = (*RANK_KEYS, *(s for s, _ in SUIT_KEYS), "JK", "back", "clear")
"""Every key of the hand keypad (the value its button sends as ``key``)."""

_UNSAID = ""
_YES_NO = (("yes", _l("yes")), ("no", _l("no")))


# ---- forms (GET: they change nothing, so no CSRF token) -----------------------------------------------------


class _GetForm(FlaskForm):  # type: ignore[misc]  # Flask-WTF ships no types: its classes are Any
    class Meta:
        csrf = False


class SetupForm(_GetForm):
    """Which game and deal the tools judge (the standalone page only)."""

    variant = SelectField(_l("Game"), choices=[], validate_choice=False)
    deal = WholeNumberField(_l("Deal"), minimum=1, maximum=99, validators=[Optional()])
    players = WholeNumberField(_l("Players"), minimum=1, maximum=99, validators=[Optional()])


class MeldForm(_GetForm):
    meld = StringField(_l("Cards of the meld"), validators=[Optional(), Length(max=MAX_TEXT)])


class HandForm(_GetForm):
    hand = StringField(_l("Cards in the hand"), validators=[Optional(), Length(max=MAX_TEXT)])


class LayoffForm(_GetForm):
    table_meld = StringField(_l("The meld on the table"), validators=[Optional(), Length(max=MAX_TEXT)])
    action = RadioField(
        _l("What the player wants"),
        choices=[
            SelectChoice("layoff", _l("Lay off card(s) onto it")),
            SelectChoice("swap", _l("Take its joker (wild card)")),
            SelectChoice("meld", _l("Lay the card(s) down as a new meld of their own")),
        ],
        default="layoff",
        validate_choice=False,
    )
    cards = StringField(_l("The card(s) the player gives"), validators=[Optional(), Length(max=MAX_TEXT)])
    owner = SelectField(_l("Whose meld is it?"), choices=[], validate_choice=False, default=_UNSAID)
    part_of_contract = SelectField(_l("Was it laid for a contract?"), choices=[], validate_choice=False)
    pure_trio = SelectField(_l("Is it the pure trío?"), choices=[], validate_choice=False)
    player_has_melded = SelectField(_l("Has the player laid their contract?"), choices=[], validate_choice=False)
    contract_turn = SelectField(_l("Is this the player's contract turn?"), choices=[], validate_choice=False)
    run_order = StringField(_l("The run as it lies, low to high"), validators=[Optional(), Length(max=MAX_TEXT)])

    def fill_choices(self) -> None:
        """Each context question with its "not said" choice naming the default the engine assumes."""
        self.owner.choices = [
            SelectChoice(_UNSAID, _("Not said (another player's)")),
            SelectChoice("other", _("Another player's")),
            SelectChoice("own", _("The player's own")),
        ]
        defaults = {
            "part_of_contract": _("Not said (no)"),
            "pure_trio": _("Not said (no)"),
            "player_has_melded": _("Not said (yes)"),
            "contract_turn": _("Not said (no: a later turn)"),
        }
        for name, unsaid in defaults.items():
            getattr(self, name).choices = [
                SelectChoice(_UNSAID, unsaid),
                *(SelectChoice(v, str(label)) for v, label in _YES_NO),
            ]


# ---- the keypad ---------------------------------------------------------------------------------------------


def press(hand: str, key: str, language: str = "en") -> str:
    """The hand text after one key of the keypad (the same rules as static/js/referee.js).

    A rank starts a card (its suit comes next; a rank pressed again replaces it), a suit completes the card
    before it (or changes the suit of a complete one) with what ``language``'s keypad types for it (its letter,
    or the symbol: :func:`referee.rules.cards.key_for`), JK adds a joker, back removes the last card.

    >>> press(press("7H", "8"), "H")
    '7H 8H'
    >>> press("7H 8", "9")
    '7H 9'
    >>> press("7H", "S")
    '7S'
    >>> press("7H 8H", "back")
    '7H'
    >>> press("7", "H", "es"), press("7", "H", "fa")
    ('7C', '7♥')
    """
    tokens = hand.split()
    last = tokens[-1] if tokens else ""
    pending = last in RANK_KEYS or last.upper() == "T"
    if key == "clear":
        return ""
    if key == "back":
        return " ".join(tokens[:-1])
    if key in RANK_KEYS or key == "JK":
        if pending:
            tokens.pop()
        tokens.append(key)
    elif key in dict(SUIT_KEYS):
        letter = key_for(Suit(key), language)
        if pending:
            tokens[-1] = last + letter
        elif tokens and last.upper() not in ("JK", "*") and len(last) >= 2:
            tokens[-1] = last[:-1] + letter
    return " ".join(tokens)


# ---- words for the page -------------------------------------------------------------------------------------


def cards_html(cards: tuple[Card, ...] | list[Card], stands_for: tuple[Card | None, ...] | None = None) -> Markup:
    """Cards as small card faces (red suits in red), a wild card marked with what it stands for."""
    parts = []
    for index, card in enumerate(cards):
        red = card.suit is not None and card.suit.is_red
        stood = stands_for[index] if stands_for is not None else None
        title = ""
        label = escape(card.pretty())
        if stood is not None:
            meaning = _("any rank") if stood.is_joker else stood.pretty()
            title = f' title="{escape(_("%(wild)s stands for %(card)s", wild=card.pretty(), card=meaning))}"'
            label = Markup(f'{label}<small class="stands">={escape(meaning)}</small>')
        parts.append(f'<span class="mini-card{" red" if red else ""}{" wild" if stood is not None else ""}"{title}>'
                     f"{label}</span>")
    return Markup('<span class="card-row">' + "".join(parts) + "</span>")


def meld_title(meld: Meld) -> str:
    """A meld in the page's language: 'Run 3♣–9♣', 'Set of rank 7', 'Set of wild cards only'."""
    resolved = meld.resolved
    if meld.kind in (MeldKind.RUN, MeldKind.COLOUR_RUN):
        low, high = resolved[0].pretty(), resolved[-1].pretty()
        if meld.kind is MeldKind.COLOUR_RUN:
            return _("Colour run %(low)s–%(high)s", low=low, high=high)
        return _("Run %(low)s–%(high)s", low=low, high=high)
    rank = meld.rank
    if rank is None:
        return _("Set of wild cards only")
    if meld.kind is MeldKind.PAIR:
        return _("Pair of rank %(rank)s", rank=rank.label)
    return _("Set of rank %(rank)s", rank=rank.label)


def wild_notes(meld: Meld) -> list[str]:
    """What each wild card stands for, one sentence each."""
    notes = []
    for card, stood in zip(meld.cards, meld.stands_for, strict=True):
        if stood is None:
            continue
        meaning = _("any rank") if stood.is_joker else stood.pretty()
        notes.append(_("%(wild)s stands for %(card)s", wild=card.pretty(), card=meaning))
    return notes


def requirement_words(req: Requirement | None) -> str:
    """The contract requirement a meld makes, in the page's language ('run of 7 or more'); or 'further meld'."""
    if req is None:
        return _("further meld")
    if req.kind is MeldKind.PAIR:
        return _("pair")
    return wording.meld_words(req.kind, req.size, pure=req.pure, or_more=req.or_more)


def error_words(error: RulesError) -> str:
    """Bad input in the page's language: cards, copies and a hand's size in this screen's own words, any other
    refusal of the engine's by its problem."""
    if isinstance(error, TooManyCopiesError):
        return _(
            "%(count)d × %(card)s, but the cards in play hold only %(available)d: that cannot happen at the table.",
            count=error.count,
            card=error.card.pretty(),
            available=error.available,
        )
    if isinstance(error, HandSizeError):
        count = error.problem.param("count")
        return ngettext("A hand of %(num)d card: give 1 to 30 cards.", "A hand of %(num)d cards: give 1 to 30 cards.",
                        count if isinstance(count, int) else 0)
    if isinstance(error, CardError):
        return notation.not_a_card(error.token)
    if isinstance(error, ProblemError):
        return wording.problem_words(error.problem)
    return str(error)


# ---- answers ------------------------------------------------------------------------------------------------


@dataclass
class Answer:
    """One tool's answer: yes or no, a headline, melds to show, and sentences (reasons, assumptions)."""

    ok: bool
    headline: str
    melds: list[dict[str, Any]] = field(default_factory=list)
    left: Markup | None = None
    left_label: str = ""
    melds_title: str = ""
    reasons: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    error: bool = False


def _meld_row(meld: Meld, label: str = "") -> dict[str, Any]:
    return {"label": label, "title": meld_title(meld), "cards": cards_html(meld.cards, meld.stands_for),
            "wilds": wild_notes(meld)}


def check_meld(variant: Variant, players: int | None, text: str) -> Answer:
    """The meld checker's answer."""
    try:
        cards = to_cards(notation.to_notation(text))
        if not cards:
            return Answer(False, _("Enter the cards of one meld."), error=True)
        verdict = classify(cards, variant, players=players)
    except RulesError as error:
        return Answer(False, error_words(error), error=True)
    if verdict.valid and verdict.meld is not None:
        return Answer(True, _("Yes: a valid meld."), melds=[_meld_row(verdict.meld)])
    return Answer(False, _("No: not a valid meld."), left=cards_html(cards), left_label=_("The cards:"),
                  reasons=wording.problems_words(verdict.problems))


def solve_hand(variant: Variant, deal: int, players: int | None, text: str) -> Answer:
    """The contract solver's answer."""
    try:
        solution = solve(variant, deal, notation.to_notation(text), players=players)
    except RulesError as error:
        return Answer(False, error_words(error), error=True)
    return _solution_answer(solution, variant.terms)


def _solution_answer(solution: Solution, terms: Terms) -> Answer:
    rows = [
        _meld_row(meld, requirement_words(req)) for meld, req in zip(solution.melds, solution.requirements, strict=True)
    ]
    left = cards_html(solution.left) if solution.left else None
    if solution.possible:
        headline = (
            _("Yes: the whole hand goes down in one turn.") if solution.go_out else _("Yes: the contract is there.")
        )
    else:
        headline = _("Not yet: the contract is not there.")
    notes = [_("Contract: %(contract)s", contract=wording.contract_words(solution.contract, terms))]
    label = _("Discard:") if solution.go_out and solution.possible else _("Left in the hand:")
    title = "" if solution.possible or not rows else _("The closest arrangement:")
    return Answer(solution.possible, headline, melds=rows, left=left, left_label=label, melds_title=title,
                  reasons=wording.problems_words(solution.missing), notes=notes)


def _flag(value: str | None) -> bool | None:
    return {"yes": True, "no": False}.get(value or "")


def check_table(variant: Variant, deal: int, players: int | None, form: LayoffForm) -> Answer:
    """The lay-off / joker-swap checker's answer."""
    owner: Owner | None = "own" if form.owner.data == "own" else "other" if form.owner.data == "other" else None
    context = LayoffContext(
        owner=owner,
        part_of_contract=_flag(form.part_of_contract.data),
        pure_trio=_flag(form.pure_trio.data),
        player_has_melded=_flag(form.player_has_melded.data),
        contract_turn=_flag(form.contract_turn.data),
        run_order=read_cards((form.run_order.data or "").strip()) or None,
        deal=deal,
        players=players,
    )
    table_text = (form.table_meld.data or "").strip()
    given = (form.cards.data or "").strip()
    new_meld = form.action.data == "meld"
    if new_meld and not given:
        return Answer(False, _("Enter the cards of the new meld."), error=True)
    if not new_meld and (not table_text or not given):
        return Answer(False, _("Enter the meld on the table and the card(s) the player gives."), error=True)
    try:
        if new_meld:
            verdict = check_new_meld(variant, notation.to_notation(given), context=context)
            yes, no = _("Yes: they may go down as a new meld."), _("No: they may not go down as a new meld.")
            return _verdict_answer(verdict, yes if verdict.allowed else no, _("The new meld"))
        table_text, given = notation.to_notation(table_text), notation.to_notation(given)
        if form.action.data == "swap":
            swap = check_joker_swap(variant, table_text, given, context=context)
            answer = Answer(
                swap.allowed,
                _("Yes: the joker may be taken.") if swap.allowed else _("No: the joker may not be taken."),
                melds=[_meld_row(m, _("The meld becomes")) for m in swap.options[:2]] if swap.allowed else [],
                reasons=wording.problems_words(swap.problems),
                notes=wording.problems_words(swap.assumptions),
            )
            if swap.allowed and swap.wild is not None and swap.destination is not None:
                answer.notes.insert(0, _("%(wild)s taken: %(where)s", wild=swap.wild.pretty(),
                                         where=destination_words(swap.destination)))
            return answer
        layoff = check_layoff(variant, table_text, given, context=context)
    except RulesError as error:
        return Answer(False, error_words(error), error=True)
    yes, no = _("Yes: the card(s) may be laid off."), _("No: the card(s) may not be laid off.")
    answer = _verdict_answer(layoff, yes if layoff.allowed else no, _("The meld becomes"))
    if layoff.shanghai_call is not None:  # a game with the call, one card (docs/rules.md D70)
        answer.notes.insert(0, _("As a discard, this card fits the meld: a “Shanghai!” call on it is valid.")
                            if layoff.shanghai_call else
                            _("As a discard, this card fits no place in the meld: a “Shanghai!” call on it is not "
                              "valid."))
    return answer


def _verdict_answer(verdict: LayoffVerdict, headline: str, label: str) -> Answer:
    """A lay-off's or a new meld's answer: the headline, the meld it makes (``label``), the reasons, the
    assumptions."""
    return Answer(
        verdict.allowed,
        headline,
        melds=[_meld_row(m, label) for m in verdict.options[:2]] if verdict.allowed else [],
        reasons=wording.problems_words(verdict.problems),
        notes=wording.problems_words(verdict.assumptions),
    )


def destination_words(destination: SwapDestination) -> str:
    """Where a wild card taken from the table goes, in the page's language."""
    return {
        SwapDestination.RUN_END: _("it moves to an end of the same run"),
        SwapDestination.HAND: _("it goes into the player's hand"),
        SwapDestination.OWN_CONTRACT: _("it goes straight into the contract the player lays this turn"),
        SwapDestination.NEW_RUN: _("it goes straight into a new run of the player's, this turn"),
    }[destination]


# ---- the page -----------------------------------------------------------------------------------------------


@dataclass
class Setting:
    """What the tools judge against: the variant (house rules in force), the deal, the players, and where from."""

    variant: Variant
    deal: int
    players: int | None
    action: str  # the page's own address (every tool's form goes back to it)
    hidden: dict[str, str]  # the query that keeps the setting (variant, house rules, deal, players)
    game: str | None = None  # "edit" or "view" when the page belongs to a game
    back: str | None = None  # the game's screen
    problems: list[str] = field(default_factory=list)


def _number_from_query(name: str, check: Callable[[int], object]) -> tuple[str, int | None]:
    """The query's ``name`` as sent, and the whole number it holds if ``check`` takes it (raises no RulesError)."""
    raw = request.args.get(name, "")
    number = whole_number(raw, minimum=1) if raw else None
    try:
        if number is not None:
            check(number)
            return raw, number
    except RulesError:
        pass
    return raw, None


def _deal_from_query(variant: Variant, default: int) -> tuple[int, list[str]]:
    raw, number = _number_from_query("deal", variant.deal)
    if number is not None or not raw:
        return number or default, []
    return default, [_("There is no deal %(deal)s in %(variant)s: showing deal %(default)d.",
                       deal=raw[:10], variant=wording.word(variant.name), default=default)]


def _players_from_query(variant: Variant) -> tuple[int | None, list[str]]:
    raw, players = _number_from_query("players", variant.check_players)
    if players is not None or not raw:
        return players, []
    return None, [_("%(variant)s is played by %(low)d to %(high)d players.", variant=wording.word(variant.name),
                    low=variant.players.min, high=variant.players.max)]


def _render(setting: Setting) -> str:
    """Run the tool that was asked for (if any) and render the page."""
    args = request.args
    tool = args.get("tool", "")
    meld_form = MeldForm(formdata=args)
    hand_form = HandForm(formdata=args)
    layoff_form = LayoffForm(formdata=args)
    layoff_form.fill_choices()
    hand_text = (hand_form.hand.data or "").strip()
    key = args.get("key", "")
    if key in KEYS:
        hand_text = press(hand_text, key, current_language())
        hand_form.hand.data = hand_text
    answers: dict[str, Answer] = {}
    if tool == "meld":
        answers["meld"] = check_meld(setting.variant, setting.players, meld_form.meld.data or "")
    elif tool == "solve" and not key:
        answers["solve"] = solve_hand(setting.variant, setting.deal, setting.players, hand_text)
    elif tool == "layoff":
        answers["layoff"] = check_table(setting.variant, setting.deal, setting.players, layoff_form)
    setup_form = SetupForm(formdata=None)
    setup_form.variant.choices = [SelectChoice(v.id, v.name) for v in VARIANTS.values()]
    setup_form.variant.data = setting.variant.id
    setup_form.deal.data = setting.deal
    setup_form.players.data = setting.players
    the_deal = setting.variant.deal(setting.deal)
    return render_template(
        "rummy/referee/tools.html",
        setting=setting,
        deal_words=wording.deal_words(the_deal, setting.variant.terms),
        reminders=wording.reminders(setting.variant, setting.deal),
        deals=[(d.number, wording.deal_words(d, setting.variant.terms)) for d in setting.variant.deals],
        setup_form=setup_form,
        meld_form=meld_form,
        hand_form=hand_form,
        layoff_form=layoff_form,
        hand_cards=_hand_preview(hand_text),
        answers=answers,
        rank_keys=RANK_KEYS,
        suit_keys=SUIT_KEYS,
        tool=tool,
        rules_url=rules_card.rules_url(setting.variant),
    )


def _hand_preview(text: str) -> Markup | None:
    """The hand typed so far as card faces (a rank still waiting for its suit shown as it is)."""
    if not text:
        return None
    shown: list[Card] = []
    pending = ""
    for token in text.split():
        try:
            shown.append(parse_card(token, language=current_language()))
        except RulesError:
            pending = token
    faces = cards_html(shown)
    if pending:
        faces = Markup(faces + Markup(' <span class="mini-card pending">{}</span>').format(pending))
    return faces


@bp.get("/referee")
def tools() -> str:
    """The Referee screen on its own: ``?variant=…&deal=…&players=…`` (house rules as on the rules card)."""
    problems: list[str] = []
    variant_id = request.args.get("variant", DEFAULT_VARIANT.id)
    try:
        variant = find_variant(variant_id)
    except RulesError:
        problems.append(_("Unknown game “%(id)s”: showing Telefunken.", id=variant_id[:40]))
        variant = DEFAULT_VARIANT
    values, refused = rules_card.house_rules_from_query(variant, request.args)
    variant = variant.with_house_rules(values)
    if refused:
        problems.append(_("Some house rules in the address were not understood and are left as in the book."))
    deal, deal_problems = _deal_from_query(variant, 1)
    players, player_problems = _players_from_query(variant)
    hidden = {"variant": variant.id, **rules_card.house_rule_query(variant), "deal": str(deal)}
    if players is not None:
        hidden["players"] = str(players)
    setting = Setting(variant, deal, players, url_for("referee_tools.tools"), hidden,
                      problems=problems + deal_problems + player_problems)
    return _render(setting)


@bp.get("/g/<edit_token>/referee")
def for_scorekeeper(edit_token: str) -> str:
    """The Referee screen of a game, from the scorekeeper's deal screen."""
    table = access.require_edit(edit_token)
    back = url_for("table.deal", edit_token=edit_token, _anchor="deal-head")
    return _for_game(table, url_for("referee_tools.for_scorekeeper", edit_token=edit_token), "edit", back)


@bp.get("/v/<view_token>/referee")
def for_players(view_token: str) -> str:
    """The Referee screen of a game, from the players' viewer."""
    table = access.require_view(view_token)
    back = url_for("board.view", view_token=view_token)
    return _for_game(table, url_for("referee_tools.for_players", view_token=view_token), "view", back)


def _for_game(table: access.Table, action: str, role: str, back: str) -> str:
    state = table.state
    variant = state.variant
    deal, problems = _deal_from_query(variant, state.deal.number)
    setting = Setting(variant, deal, len(state.players), action, {"deal": str(deal)}, game=role, back=back,
                      problems=problems)
    return _render(setting)

