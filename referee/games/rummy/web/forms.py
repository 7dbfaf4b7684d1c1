"""Contract rummy's scorekeeper's forms: the deal screen's actions, the end of a deal and its correction, undo,
the players (renames, seats, a player who leaves) and ending the game early.

Each is an :class:`~referee.web.helpers.forms.ActionForm` of the core (the seq the page saw, an idempotency key,
an override), whose cleaning of what was posted it keeps; whether the rules allow what was entered is the
ledger's call, made when the view appends the event.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from typing import Any

from flask_babel import lazy_gettext as _l
from wtforms import BooleanField, FieldList, HiddenField, RadioField, SelectField, StringField, TextAreaField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import InputRequired, Length, Optional, ValidationError

from referee.games.rummy.ledger.events import ONE_TURN_OUTS, HandValue, OneTurnOut
from referee.games.rummy.web.notation import hand_notation  # a hand typed with the page's suit letters
from referee.ledger.names import clean_name
from referee.web.helpers.forms import MAX_NAME, MAX_REASON, ActionForm
from referee.web.helpers.numbers import WholeNumberField, whole_number

__all__ = [
    "MAX_HAND_TEXT", "MAX_POINTS", "NOBODY", "NO_CARDS", "AbandonForm", "BuyForm", "CorrectDealForm", "EndDealForm",
    "ExactCutForm", "LaidDownForm", "LeaveForm", "RenameForm", "SeatsForm", "UndoForm", "align_entries", "hand_value",
]

#: The most points one hand may be given by typing them.
MAX_POINTS = 9_999_999
MAX_HAND_TEXT = 300
NO_CARDS = "none"  # the keypad's "no cards" key: a hand of 0 points, entered on purpose
NOBODY = " "  # the went-out choice "nobody went out": blank, a name no player can have (the ledger refuses blank names)


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


def _points_text(_form: Any, field: Any) -> None:
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
