"""The forms every family's screens build on, and the core's own (Flask-WTF: every POST carries a CSRF token).

Here: the cleaning base :class:`Form`, :class:`ActionForm` (what every form that changes a game carries),
restoring a file and this phone's label. A family's forms are its own, its new-game form too (contract rummy's
scorekeeper's: :mod:`referee.games.rummy.web.forms`; its new-game form: :mod:`referee.games.rummy.web.new`).

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
from collections.abc import Iterator
from contextvars import ContextVar
from typing import Any

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from flask_wtf.file import FileField, FileRequired
from typing_extensions import override
from werkzeug.datastructures import MultiDict
from wtforms import (
    HiddenField,
    StringField,
)
from wtforms.validators import InputRequired, Length, Optional, ValidationError

from referee.ledger.names import MAX_NAME_LENGTH, without_escapes
from referee.web.helpers.numbers import whole_number

MAX_NAME = MAX_NAME_LENGTH
MAX_REASON = 2_000
KEY_PATTERN = re.compile(r"[A-Za-z0-9-]{8,64}")
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
        """The form's settings: Flask-WTF's, with what was posted cleaned before the fields read it."""

        @override
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
