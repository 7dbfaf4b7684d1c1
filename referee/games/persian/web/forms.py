"""The Persian games' forms: the new game, and one hand form per game (Flask-WTF, CSRF on every POST).

A hand form is an :class:`~referee.web.helpers.forms.ActionForm` (the seq the page saw, an idempotency key) that also
carries the hand's number, so a page left open on hand 4 cannot record hand 5 by mistake. A form reads only the
shape of what was typed (a whole number, one of the game's players, one of the offered results); whether the
rules allow it is the ledger's call, made when the view appends the event, and its refusal is shown with the
form as it was sent.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from flask import request
from flask_babel import lazy_gettext as _l
from wtforms import BooleanField, FieldList, HiddenField, SelectField, StringField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import InputRequired, Length, Optional, ValidationError

from referee.ledger.names import clean_name
from referee.web.helpers.forms import KEY_PATTERN, MAX_NAME, RANDOM, ActionForm, Form
from referee.web.helpers.numbers import whole_number

__all__ = [
    "NewPersianGameForm",
    "HandForm",
    "HokmHandForm",
    "ShelemHandForm",
    "QahveHandForm",
    "BidelHandForm",
    "RimHandForm",
    "TallyHandForm",
    "RedealForm",
    "EndGameForm",
    "RenameForm",
    "MAX_SEATS",
    "per_seat",
]

#: The most seats any of these games has on the new-game form (Shaytan and Bluff are played by many).
MAX_SEATS = 10
#: The longest list of cards a Rim loser can hold (11 cards, each at most three characters and a space).
MAX_CARDS_TEXT = 80


class NewPersianGameForm(Form):
    """A Persian game: which one, the players in seat order, the first dealer (or ruler), and the options."""

    variant = HiddenField(validators=[InputRequired()])
    players = FieldList(StringField(_l("Player"), validators=[Optional(), Length(max=MAX_NAME)]),
                        min_entries=1, max_entries=MAX_SEATS)
    first = SelectField(_l("First dealer"), choices=[], default=RANDOM, validate_choice=False)
    idempotency_key = HiddenField(validators=[Optional()])

    def names(self) -> list[str]:
        """The names typed, in seat order, spaces tidied (a blank seat stays blank: the view points it out)."""
        return [clean_name(entry.data or "") for entry in self.players.entries]

    def creation_key(self) -> str | None:
        """The form's idempotency key when it is one we could have given (else None: no deduplication)."""
        key = (self.idempotency_key.data or "").strip()
        return key if KEY_PATTERN.fullmatch(key) else None


class HandForm(ActionForm):
    """A hand of any of the games: the hand number the page showed, beside the seq and the key."""

    hand = HiddenField(validators=[InputRequired()])
    #: The address's query a refused hand's page is shown from (the hand screen's ``?shown=refused``), if any.
    query: Any = None

    @property
    def hand_number(self) -> int | None:
        """The hand the page was showing (None when the field was tampered with)."""
        return whole_number(self.hand.data, minimum=1)

    def validate_hand(self, field: HiddenField) -> None:
        """A hand number is a whole number from 1."""
        if whole_number(field.data, minimum=1) is None:
            raise ValidationError(_l("This page is out of date: reload it."))


def _choices(values: Sequence[str]) -> list[SelectChoice]:
    return [SelectChoice(value, value) for value in values]


class HokmHandForm(HandForm):
    """Hokm: the team that took 7 tricks and the losers' tricks, in one value ("a:3"), or a bam ("a:bam")."""

    result = StringField(validators=[InputRequired(_l("Choose who won the hand."))])

    def outcome(self) -> tuple[int, int, bool] | None:
        """(winning team 0 or 1, the losers' tricks, bam) as sent, or None when it is no such value."""
        team, _sep, tricks = (self.result.data or "").partition(":")
        if team not in ("a", "b"):
            return None
        index = 0 if team == "a" else 1
        if tricks == "bam":
            return index, 0, True
        number = whole_number(tricks, maximum=99)
        return None if number is None else (index, number, False)


class ShelemHandForm(HandForm):
    """Shelem: the ruler (the last bidder), the winning bid and the points the ruler's team took; or "all passed"."""

    ruler = SelectField(_l("Ruler"), choices=[], validators=[Optional()], validate_choice=False)
    bid = StringField(_l("Bid"), validators=[Optional()])
    points = StringField(_l("Points the ruler’s team took"), validators=[Optional()])
    all_passed = BooleanField(_l("Everyone passed"))
    bidding = StringField(_l("The whole bidding (optional)"), validators=[Optional(), Length(max=300)])

    def number(self, field: StringField) -> int | None:
        """A field's whole number, or None (blank or not a number)."""
        return whole_number(field.data, maximum=999)


def per_seat(form: HandForm, name: str, count: int) -> list[str]:
    """What was posted for each seat as ``name-0``, ``name-1``… (blank where nothing was): read by seat, since a
    FieldList numbers what it receives again and a missing seat would shift the others."""
    source = request.form if request.method == "POST" else getattr(form, "query", None)
    data = form.meta.wrap_formdata(form, source) if source is not None else None
    return [str(data.get(f"{name}-{seat}", "")) if data is not None else "" for seat in range(count)]


class QahveHandForm(HandForm):
    """Qahve: each player's bid (``bids-0``… in seat order, :func:`per_seat`) and the tricks the first team took
    (the second took the rest)."""

    tricks = StringField(_l("Tricks the first team took"), validators=[Optional()])


class BidelHandForm(HandForm):
    """Bi-del: each player's hearts (``hearts-0``… in seat order, :func:`per_seat`) and who took Q♠."""

    queen = SelectField(_l("Who took Q♠?"), choices=[], validators=[Optional()], validate_choice=False)


class RimHandForm(HandForm):
    """Rim: who went out and the loser's unmatched cards, or "the stock ran out"."""

    winner = SelectField(_l("Who went out?"), choices=[], validators=[Optional()], validate_choice=False)
    cards = StringField(_l("The loser’s unmatched cards"), validators=[Optional(), Length(max=MAX_CARDS_TEXT)])
    stock_out = BooleanField(_l("The stock ran out"))


class TallyHandForm(HandForm):
    """Shaytan and Bluff: the one player the hand names (left with the joker; emptied their hand first)."""

    player = SelectField(choices=[], validators=[InputRequired()], validate_choice=False)


class RedealForm(HandForm):
    """A misdeal: the hand being played is dealt again by the same dealer (the hand's number, nothing else)."""


class EndGameForm(HandForm):
    """The scorekeeper ends the game at this hand: a tally game's session, or any game the table stops."""

    reason = StringField(_l("Why (optional)"), validators=[Optional(), Length(max=200)])


class RenameForm(HandForm):
    """A player's new name: who (as the page named them) and the name from now on."""

    old = HiddenField(validators=[InputRequired(), Length(max=MAX_NAME)])
    new = StringField(_l("New name"), validators=[
        Optional(), Length(max=MAX_NAME, message=_l("A name has at most %(max)d characters."))])

    def new_name(self) -> str:
        """The new name, spaces tidied."""
        return clean_name(self.new.data or "")


def set_players(field: Any, players: Sequence[str]) -> None:
    """Offer the game's players in a select field."""
    field.choices = _choices(players)
