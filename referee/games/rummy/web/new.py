"""Contract rummy's new-game form, the core's new-game page (``/games/new``): variant, house rules, players in turn
order, first dealer and stakes, every variant's house rules on the page at once.

The core's view (:func:`referee.web.screens.games.new`) calls :func:`page`, this family's
:attr:`~referee.families.FamilyWeb.new_game`; the page lists every other family's games around the form
(:func:`referee.web.screens.games.chooser_groups`), and creating the game goes to its share page as every family's
does (:func:`referee.web.screens.games.open_game`).
"""

from __future__ import annotations

import secrets
from typing import Any

from flask import render_template, request
from flask_babel import lazy_gettext as _l
from werkzeug.wrappers import Response
from wtforms import BooleanField, FieldList, HiddenField, RadioField, SelectField, StringField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import InputRequired, Length, Optional, ValidationError

from referee.games.rummy.ledger.events import GameCreated
from referee.games.rummy.ledger.gamefile import MAX_PLAYERS
from referee.games.rummy.ledger.state import EventRefused
from referee.games.rummy.web import wording
from referee.ledger import store
from referee.ledger.names import clean_name
from referee.rules.catalogue import DEFAULT_VARIANT, VARIANTS
from referee.rules.problems import RulesError
from referee.rules.variants import HouseRule, HouseRuleError, Variant
from referee.web.core import access
from referee.web.core.device import device_label
from referee.web.core.translate import gettext as _
from referee.web.helpers.forms import CSRF_FAILED, KEY_PATTERN, MAX_NAME, RANDOM, Form, new_key
from referee.web.helpers.numbers import MAX_NUMBER, WholeNumberField, whole_number
from referee.web.screens.games import FORM_ALREADY_USED, chooser_groups, draw, open_game, recent_names

__all__ = ["MAX_PLAYERS_FIELDS", "NewGameFields", "NewGameForm", "house_rule_field_name", "page"]

#: The form's player rows: as many as a game file may name (one number for both).
MAX_PLAYERS_FIELDS = MAX_PLAYERS


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


def _prefill(form: NewGameFields) -> None:
    """Fill a fresh form from the query: ``variant``, ``players`` (repeated), ``rematch`` (an edit token)."""
    rematch = request.args.get("rematch", "")
    created: GameCreated | None = None
    today: list[str] = []  # a rematch's players: the names as they are now (renames and seat changes kept)
    if rematch:
        table = access.load_table(rematch, "edit")
        if table is not None:
            created = table.state.created
            today = list(table.state.players)
    variant_id = created.variant if created is not None else request.args.get("variant", "")
    variant = VARIANTS.get(variant_id, DEFAULT_VARIANT)
    form.variant.data = variant.id
    names = today if created is not None else [n for n in request.args.getlist("players") if n]
    count = len(names) or variant.players.default  # a rematch: its players, no blank row to point out
    _clear_players(form)
    for index in range(min(count, MAX_PLAYERS_FIELDS)):
        form.players.append_entry(names[index][:MAX_NAME] if index < len(names) else "")
    if created is not None:
        for rule_id, value in created.house_rules.items():
            for rule in variant.house_rules:
                if rule.id == rule_id:
                    form[house_rule_field_name(variant, rule)].data = value
        for key in ("small_stake", "large_stake"):
            value = created.settings.get(key)
            if isinstance(value, int | float) and not isinstance(value, bool):
                form[key].data = int(value)


def _clear_players(form: NewGameFields) -> None:
    """Empty the player fields, so the next one added is players-0 again."""
    form.players.entries = []
    form.players.last_index = -1


def _dealer_choices(form: NewGameFields) -> None:
    choices = [SelectChoice(RANDOM, _("Draw at random"))]
    for index, entry in enumerate(form.players.entries):
        name = clean_name(entry.data or "")
        choices.append(SelectChoice(str(index), name or _("Player %(num)d", num=index + 1)))
    form.first_dealer.choices = choices


def _render_new(form: NewGameFields, problems: list[str] | None = None, status: int = 200) -> tuple[str, int]:
    _dealer_choices(form)
    chosen = form.chosen_variant()
    variants = [
        {
            "variant": v,
            "description": wording.variant_description(v),
            "deals": len(v.deals),
            "rules": [
                {
                    "rule": rule,
                    "field": form[house_rule_field_name(v, rule)],
                    "title": wording.house_rule_title(rule),
                    "explanation": wording.house_rule_explanation(rule),
                    "choices": [(c, wording.choice_words(c)) for c in rule.choices],
                }
                for rule in v.house_rules
            ],
        }
        for v in VARIANTS.values()
    ]
    body = render_template(
        "rummy/new.html", form=form, variants=variants, chosen=chosen, problems=problems or [],
        recent_names=recent_names(), max_players=MAX_PLAYERS_FIELDS, **chooser_groups(),
    )
    return body, status


def page() -> Response | tuple[str, int]:
    """The new game: variant, house rules, players in turn order, first dealer; creating it shows the QR (the
    core's ``/games/new``, :attr:`referee.families.FamilyWeb.new_game`)."""
    form: NewGameFields = NewGameForm()
    if request.method == "GET":
        _prefill(form)
        form.idempotency_key.data = new_key()
        return _render_new(form)
    if form.creation_key() is None:
        form.idempotency_key.data = new_key()
    # Buttons that only change the form (no JavaScript): add a player field, remove one.
    if "add_player" in request.form:
        if len(form.players.entries) < MAX_PLAYERS_FIELDS:
            form.players.append_entry("")
        return _render_new(form)
    if "remove_player" in request.form:
        index = whole_number(request.form.get("remove_player"), maximum=len(form.players.entries) - 1)
        if index is not None and len(form.players.entries) > 1:
            kept = [e.data for i, e in enumerate(form.players.entries) if i != index]
            _clear_players(form)
            for name in kept:
                form.players.append_entry(name)
        return _render_new(form)
    if not form.validate():
        return _render_new(form, [str(CSRF_FAILED)] if form.csrf_failed else None, status=422)
    blank = _blank_rows(form)
    if blank:
        return _render_new(form, blank, status=422)
    key = form.creation_key()
    created, problems = _created(form, key)
    if created is None:
        return _render_new(form, problems, status=422)
    try:
        return open_game(created, key, created.players)
    except store.IdempotencyKeyReused:
        form.idempotency_key.data = new_key()
        return _render_new(form, [str(FORM_ALREADY_USED)], status=409)
    except EventRefused as refused:
        return _render_new(form, wording.problems_words(refused.problems), status=422)
    except RulesError as error:
        return _render_new(form, [str(error)], status=422)


def _blank_rows(form: NewGameFields) -> list[str]:
    """A blank player row between typed names is pointed out (never silently dropped): the reasons, each row marked.
    Blank rows after the last name are left out: a table of three does not delete the form's fourth row."""
    entries = form.players.entries
    # A row is blank when nothing is left of it once cleaned as a name (a zero-width space alone is no name).
    if not any(clean_name(e.data or "") for e in entries):
        return []  # no names at all: _created says so
    problems = []
    # Empty rows after the last name are seats nobody sat in (three at a form of four rows): not a mistake.
    last = max(index for index, entry in enumerate(entries) if clean_name(entry.data or ""))
    for index, entry in enumerate(entries[:last]):
        if not clean_name(entry.data or ""):
            message = _("Player %(num)d has no name: type it, or remove that row.", num=index + 1)
            entry.errors = [*entry.errors, message]
            problems.append(message)
    return problems


def _created(form: NewGameFields, key: str | None = None) -> tuple[GameCreated | None, list[str]]:
    """The GameCreated the form describes, or the problems that keep it from being one.

    "Draw at random" draws from the form's idempotency key (keyed with the app's secret) when there is one,
    so a retried request describes the same game (the key is a fresh uuid4 per rendered form).
    """
    variant: Variant = form.chosen_variant()
    names = form.names()
    if not names:
        return None, [_("Type the players’ names, in the order play passes.")]
    choice = form.first_dealer.data or RANDOM
    if choice == RANDOM:
        first_dealer = secrets.choice(names) if key is None else names[draw(key, len(names))]
    else:
        # The seat's name cleaned as the players' names are (NFC, no zero-width characters), so it is one of them.
        typed = [clean_name(e.data or "") for e in form.players.entries]
        index = whole_number(choice, maximum=len(typed) - 1)
        if index is None or not typed[index]:
            return None, [_("Choose the first dealer among the players (or draw at random).")]
        first_dealer = typed[index]
    settings: dict[str, object] = {}
    for key in ("small_stake", "large_stake"):
        if form[key].data is not None:
            settings[key] = form[key].data
    created = GameCreated(
        variant=variant.id, players=tuple(names), first_dealer=first_dealer,
        house_rules=form.house_rule_values(), settings=settings, device=device_label(),
    )
    return created, []
