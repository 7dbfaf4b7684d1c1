"""The scorekeeper's forms (Flask-WTF: every POST carries a CSRF token).

Every form reads what was posted through :class:`Form`'s cleaning first: terminal escape sequences are removed
whole, other control characters (a NUL byte) are dropped and no value is longer than :data:`MAX_FIELD_TEXT`, so
nothing hostile reaches a field, the database or a page that echoes it. Numbers are read by
:func:`referee.web.helpers.numbers.whole_number` alone (ASCII, Persian, Arabic-Indic or full-width digits, at most
nine of them, within the field's bounds) and number fields are its
:class:`~referee.web.helpers.numbers.WholeNumberField`.

A form checks only the shape of what was typed (a whole number, a known player, a text of sensible length);
whether the rules allow it is the ledger's and the engine's call, made when the view appends the event.
Every form that changes a game is an :class:`ActionForm`: it carries the ``expected_seq`` the page was
rendered at and an ``idempotency_key`` (a fresh uuid per rendered form), and an ``override`` — the reasons
the rules gave, when the scorekeeper said "the table allows it".
"""

from __future__ import annotations

import re
import unicodedata
import uuid
from collections.abc import Collection, Iterator, Sequence
from contextvars import ContextVar
from typing import Any

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from flask_wtf.file import FileField, FileRequired
from werkzeug.datastructures import MultiDict
from wtforms import (
    BooleanField,
    FieldList,
    HiddenField,
    RadioField,
    SelectField,
    StringField,
    TextAreaField,
)
from wtforms.fields.choices import SelectChoice
from wtforms.validators import InputRequired, Length, Optional, ValidationError

from referee.games.rummy.ledger.events import ONE_TURN_OUTS, HandValue, OneTurnOut
from referee.ledger.names import MAX_NAME_LENGTH, clean_name, without_escapes
from referee.rules.catalogue import DEFAULT_VARIANT, VARIANTS
from referee.rules.variants import HouseRule, HouseRuleError, Variant
from referee.web.helpers.notation import hand_notation  # a hand typed with the page's suit letters (Spanish: P C D T)
from referee.web.helpers.numbers import MAX_NUMBER, WholeNumberField, whole_number

#: The most points one hand may be given by typing them.
MAX_POINTS = 9_999_999
MAX_NAME = MAX_NAME_LENGTH
MAX_PLAYERS_FIELDS = 12
MAX_HAND_TEXT = 300
MAX_REASON = 2_000
KEY_PATTERN = re.compile(r"[A-Za-z0-9-]{8,64}")
NO_CARDS = "none"  # the keypad's "no cards" key: a hand of 0 points, entered on purpose
NOBODY = " "  # the went-out choice "nobody went out": blank, a name no player can have (the ledger refuses blank names)
RANDOM = "random"  # the first-dealer choice "draw at random"


#: The longest value any field takes: longer text is cut to this before a field sees it, one past the longest
#: a field accepts (a reason), so the field's own length check still refuses it and no page echoes more.
MAX_FIELD_TEXT = MAX_REASON + 1
#: Line breaks and tabs are kept (the melds are one a line); every other control character is dropped.
KEPT_CONTROLS = frozenset("\n\r\t")


#: While a page is rendered to be kept (:mod:`referee.web.core.kept_pages`), the marks its forms get instead of keys.
KEY_MARKS: ContextVar[Iterator[str] | None] = ContextVar("key_marks", default=None)


def new_key() -> str:
    """A fresh idempotency key for one rendered form (a mark to fill in later, on a page rendered to be kept)."""
    marks = KEY_MARKS.get()
    return next(marks) if marks is not None else uuid.uuid4().hex


def clean_text(text: str) -> str:
    """``text`` without terminal escape sequences (removed whole, by the ledger's
    :func:`~referee.ledger.names.without_escapes`) or other control characters (line breaks and tabs kept), cut
    to :data:`MAX_FIELD_TEXT`.

    >>> clean_text("A" + chr(0) + "na" + chr(27) + "[31m")
    'Ana'
    """
    text = text[: MAX_FIELD_TEXT * 2]
    if not text.isprintable():
        text = without_escapes(text)
        text = "".join(c for c in text if c in KEPT_CONTROLS or unicodedata.category(c) != "Cc")
    return text[:MAX_FIELD_TEXT]


def clean_formdata(formdata: Any) -> Any:
    """A copy of posted form data with every text value cleaned (:func:`clean_text`); files are kept as they are."""
    if formdata is None or not hasattr(formdata, "items"):
        return formdata
    items = formdata.items(multi=True) if isinstance(formdata, MultiDict) else formdata.items()
    return MultiDict([(key, clean_text(value) if isinstance(value, str) else value) for key, value in items])


#: What a form whose CSRF check failed says (Flask-WTF's own words are for developers).
CSRF_FAILED = _l("Nothing was saved: this page was kept open too long, or this browser forgot its session. "
                 "What you entered is still here — check it and send it again.")


class Form(FlaskForm):  # type: ignore[misc]  # Flask-WTF ships no types: its classes are Any
    """Base of every form here: what was posted is cleaned (:func:`clean_formdata`) before any field reads it.

    A failed CSRF check says :data:`CSRF_FAILED`, and the views show the form again with what was entered and a
    fresh token (see ``referee.web.core.security``, where the token's lifetime is argued).
    """

    class Meta(FlaskForm.Meta):  # type: ignore[misc]  # Flask-WTF ships no types: its classes are Any
        def wrap_formdata(self, form: Any, formdata: Any) -> Any:
            return clean_formdata(super().wrap_formdata(form, formdata))

    def validate(self, extra_validators: Any = None) -> bool:
        """The fields' checks; a failed CSRF check is told in words a player understands."""
        ok = bool(super().validate(extra_validators))
        if self.csrf_failed:
            self.csrf_token.errors = [CSRF_FAILED]
            self._errors = None  # WTForms keeps the errors dict it built: build it again
        return ok

    @property
    def csrf_failed(self) -> bool:
        """Whether the CSRF check of the last validation failed."""
        field = getattr(self, "csrf_token", None)
        return bool(field is not None and field.errors)


class EmptyForm(Form):
    """A button that needs nothing but the CSRF token."""


class ActionForm(Form):
    """A form that appends an event: the seq the page saw, an idempotency key, an optional override."""

    expected_seq = HiddenField(validators=[InputRequired()])
    idempotency_key = HiddenField(validators=[InputRequired()])
    override = HiddenField(validators=[Optional(), Length(max=MAX_REASON)])

    def prepare(self, seq: int) -> ActionForm:
        """Fill the hidden fields for a page rendered at ``seq`` (a new idempotency key each time)."""
        self.expected_seq.data = str(seq)
        self.idempotency_key.data = new_key()
        return self

    def validate_expected_seq(self, field: HiddenField) -> None:
        """The seq must be a whole number the game could have reached."""
        if whole_number(field.data, minimum=1) is None:
            raise ValidationError(_l("This page is out of date: reload it."))

    def validate_idempotency_key(self, field: HiddenField) -> None:
        """The key is the uuid the page was given."""
        if not KEY_PATTERN.fullmatch(field.data or ""):
            raise ValidationError(_l("This page is out of date: reload it."))

    @property
    def seq(self) -> int:
        """The seq the page was rendered at (after validation)."""
        return whole_number(self.expected_seq.data, minimum=1) or 0

    @property
    def override_reason(self) -> str | None:
        """The reason the table allowed a refused event, or None."""
        text = (self.override.data or "").strip()
        return text or None


class _PlayerChoice:
    """Mixin: the player select takes its choices from the game's players."""

    player: SelectField

    def set_players(self, players: Sequence[str]) -> None:
        """Offer the game's players, in turn order."""
        self.player.choices = [SelectChoice(name, name) for name in players]


class ExactCutForm(ActionForm):
    """The cutter lifted exactly the right number of cards (having taken ``cutter_jokers`` jokers)."""

    cutter_jokers = WholeNumberField(_l("Jokers the cutter took"), default=0, validators=[Optional()])


class BuyForm(_PlayerChoice, ActionForm):
    """A player buys the discard."""

    player = SelectField(_l("Who buys?"), choices=[], validators=[InputRequired()])


class LaidDownForm(_PlayerChoice, ActionForm):
    """A player laid down the contract; the melds, when typed, are checked by the referee first."""

    player = SelectField(_l("Who laid down?"), choices=[], validators=[InputRequired()])
    melds = TextAreaField(
        _l("The contract’s melds (optional)"),
        description=_l("One meld a line, e.g. 7H 7S 7D — or leave empty just to mark the player."),
        validators=[Optional(), Length(max=MAX_REASON)],
    )

    def meld_list(self) -> tuple[str, ...]:
        """The melds typed, one a line (or separated by ; or |), blanks dropped."""
        text = self.melds.data or ""
        return tuple(part.strip() for part in re.split(r"[\n;|]+", text) if part.strip())


def hand_value(cards: str | None, points: str | None = None) -> HandValue:
    """A hand as entered: the points when typed (a whole number), else the cards in the notation."""
    typed = whole_number(points, maximum=MAX_POINTS)
    if typed is not None:
        return typed
    return hand_notation(" ".join((cards or "").split()))


def _points_text(form: Any, field: Any) -> None:
    """Points are a whole number of 0 or more (blank: the cards count instead)."""
    text = (field.data or "").strip()
    if text and whole_number(text, maximum=MAX_POINTS) is None:
        raise ValidationError(_l("Points are a whole number from 0 to 9999999."))


def align_entries(entries: FieldList, count: int, formdata: Any = None) -> None:
    """Give a FieldList exactly ``count`` entries, entry i reading what was posted as ``name-i``.

    WTForms renumbers the indices it received (a post with only ``points-2`` would fill entry 0): a seat's
    field must stay that seat's, so each entry is bound to its own index again (without formdata: blank).
    """
    entries.entries = []
    entries.last_index = -1
    for index in range(count):
        # _add_entry is FieldList's own way to bind one entry to formdata at a given index.
        entries._add_entry(formdata or None, index=index)


def _posted() -> Any:
    """The posted form data of the current request, or None."""
    from flask import request

    return request.form if request.method == "POST" else None


class EndDealForm(ActionForm):
    """The end of a deal: who went out, and each other player's cards (keypad or typed) or their points typed.

    The keypad without JavaScript: each key is a submit button (``key`` = "seat:RANK"), ``back`` removes the
    last card of a seat, ``active`` remembers which player the keypad types for.
    """

    away: frozenset[str] = frozenset()  # players who had left the game by this deal (set_players)

    went_out = RadioField(_l("Who went out?"), choices=[], validators=[Optional()])
    # The deal the form was opened for: a form never records another deal (a stale page, a second phone).
    deal = HiddenField(validators=[Optional(), Length(max=7)])
    hands = FieldList(StringField(validators=[Optional(), Length(max=MAX_HAND_TEXT)]), min_entries=0)
    points = FieldList(StringField(validators=[_points_text]), min_entries=0)
    # Where going out in one turn earns a bonus (the page shows it only there): how the player who went out did.
    out_in_one_turn = RadioField(
        _l("Went out in one turn?"),
        choices=[SelectChoice("", _l("No")), SelectChoice("with-wild", _l("Yes, with a joker")),
                 SelectChoice("without-wild", _l("Yes, without a joker"))],
        default="",
        validators=[Optional()],
    )
    active = HiddenField()
    key = HiddenField()
    back = HiddenField()

    def set_players(self, players: Sequence[str], *, nobody_allowed: bool, away: Collection[str] = (),
                    formdata: Any = None) -> None:
        """Offer the players (and "nobody" where the variant lets a deal end so) and one hand field each.

        ``away``: players who had left the game by this deal: they cannot go out and have no hand. ``formdata``:
        what the hand fields read when it is not what was posted (an address's query: the page of a step).
        """
        self.away = frozenset(away)
        choices = [SelectChoice(name, name) for name in players if name not in self.away]
        if nobody_allowed:
            choices.append(SelectChoice(NOBODY, str(_l("Nobody (the stock ran out)"))))
        self.went_out.choices = choices
        for entries in (self.hands, self.points):
            align_entries(entries, len(players), self.meta.wrap_formdata(self, formdata or _posted()))

    def validate_went_out(self, field: RadioField) -> None:
        """Someone (or nobody, where offered) must be chosen."""
        if not field.data:
            raise ValidationError(_l("Tap who went out."))

    def went_out_name(self) -> str | None:
        """The player who went out, or None for nobody."""
        value = self.went_out.data
        return None if value in (None, "", NOBODY) else str(value)

    def hand_values(self, players: Sequence[str]) -> dict[str, HandValue]:
        """Each player's hand as entered; the one who went out is left out."""
        out = self.went_out_name()
        return {
            name: hand_value(cards.data, points.data)
            for name, cards, points in zip(players, self.hands.entries, self.points.entries, strict=False)
            if name != out and name not in self.away
        }

    def one_turn_out(self) -> OneTurnOut | None:
        """How the player who went out went out in one turn, as chosen (None: not in one turn)."""
        return next((how for how in ONE_TURN_OUTS if how == self.out_in_one_turn.data), None)

    def deal_number(self) -> int | None:
        """The deal the form was opened for, or None when the page did not say (an out-of-date page)."""
        return whole_number(self.deal.data, minimum=1, maximum=9_999_999)

    def missing(self, players: Sequence[str]) -> list[str]:
        """The players (not the one who went out) with neither cards nor points entered: nobody scores 0 by omission."""
        out = self.went_out_name()
        return [
            name
            for name, cards, points in zip(players, self.hands.entries, self.points.entries, strict=False)
            if name != out and name not in self.away and not (cards.data or "").strip()
            and not (points.data or "").strip()
        ]

    def point_out_conflicts(self, players: Sequence[str]) -> bool:
        """Mark, on a player's points field, cards and points both entered (neither silently wins) and anything
        entered for the player who went out (they hold no cards); True when something was marked."""
        out = self.went_out_name()
        marked = False
        for name, cards, points in zip(players, self.hands.entries, self.points.entries, strict=False):
            has_cards, has_points = bool((cards.data or "").strip()), bool((points.data or "").strip())
            if name == out and (has_cards or has_points):
                points.errors = [*points.errors, _l("%(player)s went out and holds no cards: clear what is entered "
                                                    "for them, or tap who really went out.", player=name)]
            elif has_cards and has_points:
                points.errors = [*points.errors, _l("Both cards and points for %(player)s: clear the one that is "
                                                    "wrong.", player=name)]
            else:
                continue
            marked = True
        return marked

    def active_seat(self, players: Sequence[str]) -> int | None:
        """The seat the keypad types for (no JavaScript): as sent, else the first player still to enter."""
        return whole_number(self.active.data, maximum=len(players) - 1)


class CorrectDealForm(EndDealForm):
    """A past deal restated: its result, and optionally its exact cut and buys."""

    exact_cut = BooleanField(_l("The cutter cut exactly"))
    cutter_jokers = WholeNumberField(_l("Jokers the cutter took"), default=0, validators=[Optional()])
    buys = FieldList(WholeNumberField(validators=[Optional()]), min_entries=0)

    def set_players(self, players: Sequence[str], *, nobody_allowed: bool, away: Collection[str] = (),
                    formdata: Any = None) -> None:
        """As the end of a deal, plus one buys field a player."""
        super().set_players(players, nobody_allowed=nobody_allowed, away=away, formdata=formdata)
        align_entries(self.buys, len(players), self.meta.wrap_formdata(self, formdata or _posted()))

    def buy_counts(self, players: Sequence[str]) -> dict[str, int]:
        """Buys per player as entered (blank counts as 0)."""
        return {name: entry.data or 0 for name, entry in zip(players, self.buys.entries, strict=False)
                if name not in self.away}


class UndoForm(ActionForm):
    """Undo one event (the last action, or a correction): its seq."""

    target = HiddenField(validators=[InputRequired()])

    def validate_target(self, field: HiddenField) -> None:
        """A whole number."""
        if whole_number(field.data) is None:
            raise ValidationError(_l("There is nothing like that to undo."))

    @property
    def target_seq(self) -> int:
        """The seq of the event to undo (after validation)."""
        return whole_number(self.target.data) or 0


class RenameForm(ActionForm):
    """A player's new name (a typo fixed mid-game): whether it may be is the ledger's call."""

    player = HiddenField(validators=[Optional(), Length(max=MAX_REASON)])
    new_name = StringField(
        _l("New name"),
        validators=[Optional(), Length(max=MAX_NAME, message=_l("A name has at most %(max)d characters."))],
    )

    def old_name(self) -> str:
        """The player to rename, as the page named them."""
        return str(self.player.data or "")

    def tidy_name(self) -> str:
        """The new name as typed, tidied as on the new-game page (:func:`~referee.ledger.names.clean_name`)."""
        return clean_name(self.new_name.data or "")


class SeatsForm(ActionForm):
    """Until deal 1 ends: move a player up or down, remove one, add one, or choose who deals first.

    ``seat_action`` is the button pressed ("up:2", "down:2", "remove:2", "dealer:2" or "add"); the view builds
    the new seats from the game as it is (the page's ``expected_seq`` makes sure it is the game the page showed).
    """

    seat_action = HiddenField(validators=[Optional(), Length(max=20)])
    new_player = StringField(
        _l("New player"),
        validators=[Optional(), Length(max=MAX_NAME, message=_l("A name has at most %(max)d characters."))],
    )

    def move(self) -> tuple[str, int | None]:
        """The button pressed: (what, seat) — ("add", None), ("up", 2)…; ("", None) for anything else."""
        what, _sep, seat = (self.seat_action.data or "").partition(":")
        if what == "add" and not seat:
            return "add", None
        number = whole_number(seat, maximum=99)
        if what in ("up", "down", "remove", "dealer") and number is not None:
            return what, number
        return "", None


class LeaveForm(ActionForm):
    """A player leaves the table mid-game: ``leaving`` is the name on the button pressed (the ledger decides)."""

    leaving = HiddenField(validators=[Optional(), Length(max=MAX_REASON)])


class AbandonForm(ActionForm):
    """Stop the game before its last deal."""

    reason = StringField(_l("Why (optional)"), validators=[Optional(), Length(max=200)])


# ---- the new game ----------------------------------------------------------------------------------


def house_rule_field_name(variant: Variant, rule: HouseRule) -> str:
    """The form field of one variant's house rule: every variant's rules are on the page at once."""
    return f"hr__{variant.id.replace('-', '_')}__{rule.id}"


def _house_rule_field(rule: HouseRule) -> Any:
    if rule.kind == "bool":
        return BooleanField(default=bool(rule.default))
    if rule.kind == "int":
        low = -MAX_NUMBER if rule.minimum is None else rule.minimum
        high = MAX_NUMBER if rule.maximum is None else rule.maximum
        return WholeNumberField(default=rule.default, minimum=low, maximum=high, validators=[Optional()])
    return SelectField(choices=[SelectChoice(c, c) for c in rule.choices], default=rule.default, validate_choice=False)


class NewGameFields(Form):
    """The new game: variant, house rules, players in turn order, first dealer, optional stakes."""

    variant = RadioField(
        _l("Game"), choices=[SelectChoice(v.id, v.name) for v in VARIANTS.values()], default=DEFAULT_VARIANT.id,
        validators=[InputRequired()],
    )
    players = FieldList(
        StringField(_l("Player"), validators=[Optional(), Length(max=MAX_NAME)]), min_entries=1,
        max_entries=MAX_PLAYERS_FIELDS,
    )
    first_dealer = SelectField(_l("First dealer"), choices=[], default=RANDOM, validate_choice=False)
    # One key per rendered form: a retried "Create the game" (a double tap) lands on the same game.
    idempotency_key = HiddenField(validators=[Optional()])
    small_stake = WholeNumberField(_l("Small stake (each deal won)"), validators=[Optional()])
    large_stake = WholeNumberField(_l("Large stake (the game)"), validators=[Optional()])

    def chosen_variant(self) -> Variant:
        """The variant chosen (Telefunken when the choice is not one of ours)."""
        return VARIANTS.get(str(self.variant.data), DEFAULT_VARIANT)

    def names(self) -> list[str]:
        """The players' names typed, in turn order, blanks dropped, spaces tidied."""
        return [clean_name(entry.data or "") for entry in self.players.entries if clean_name(entry.data or "")]

    def rule_fields(self, variant: Variant) -> list[tuple[HouseRule, Any]]:
        """The house rules of ``variant`` with their fields."""
        return [(rule, self[house_rule_field_name(variant, rule)]) for rule in variant.house_rules]

    def house_rule_values(self) -> dict[str, object]:
        """The chosen variant's house rules that differ from the defaults."""
        values: dict[str, object] = {}
        for rule, field in self.rule_fields(self.chosen_variant()):
            value = field.data
            if rule.kind == "int" and value is None:
                value = None if rule.nullable else rule.default
            if value != rule.default:
                values[rule.id] = value
        return values

    def creation_key(self) -> str | None:
        """The form's idempotency key when it is one we could have given (else None: no deduplication)."""
        key = (self.idempotency_key.data or "").strip()
        return key if KEY_PATTERN.fullmatch(key) else None

    def validate_variant(self, field: RadioField) -> None:
        """One of the 13 games."""
        if field.data not in VARIANTS:
            raise ValidationError(_l("Choose one of the games."))

    def validate(self, extra_validators: Any = None) -> bool:
        """The fields, then each house rule of the chosen variant as the engine takes it."""
        ok = bool(super().validate(extra_validators))
        variant = self.chosen_variant()
        for rule, field in self.rule_fields(variant):
            if field.errors:
                continue
            value = field.data
            if rule.kind == "int" and value is None:
                continue
            try:
                rule.validate(value)
            except HouseRuleError:
                field.errors = [*field.errors, _house_rule_message(rule)]
                ok = False
        return ok


def _house_rule_message(rule: HouseRule) -> str:
    if rule.kind == "int":
        if rule.minimum is not None and rule.maximum is not None:
            return str(_l("Enter a whole number from %(min)d to %(max)d.", min=rule.minimum, max=rule.maximum))
        if rule.minimum is not None:
            return str(_l("Enter a whole number of at least %(min)d.", min=rule.minimum))
        return str(_l("Enter a whole number."))
    if rule.kind == "choice":
        return str(_l("Choose one of the options."))
    return str(_l("Tick it or leave it."))


def _make_new_game_form() -> type[NewGameFields]:
    attrs: dict[str, Any] = {}
    for variant in VARIANTS.values():
        for rule in variant.house_rules:
            attrs[house_rule_field_name(variant, rule)] = _house_rule_field(rule)
    return type("NewGameForm", (NewGameFields,), attrs)


NewGameForm = _make_new_game_form()


class RestoreForm(Form):
    """A referee-game/1 file to bring back as a new game (checked by the ledger's file reader)."""

    game_file = FileField(_l("The game’s file (referee-game/1, as exported)"),
                          validators=[FileRequired(_l("Choose the game’s file."))])


#: The longest label a phone may have (it is shown beside each event it recorded).
MAX_DEVICE_LABEL = 30


class DeviceForm(Form):
    """This phone's label (say "Ana's phone"): every event it records carries it."""

    label = StringField(_l("This phone’s name"), validators=[
        Optional(), Length(max=MAX_DEVICE_LABEL, message=_l("A phone’s name has at most %(max)d characters."))])
