"""This phone's label: a name the scorekeeper gives the phone (``Kitchen phone``), kept in a cookie and recorded
on every event the phone makes — the game's creation and a restore included — so that the score sheet can say
which phone recorded what."""

from __future__ import annotations

from flask import request

from referee.web.helpers.forms import MAX_DEVICE_LABEL, clean_text

#: The cookie that names this phone.
DEVICE_COOKIE = "referee_device"
#: The cookie that says this phone was asked for a name (named or not): the deal screen asks once.
DEVICE_ASKED_COOKIE = "referee_device_asked"


def device_label() -> str | None:
    """This phone's label, as its cookie keeps it (cleaned and bounded), or None when it has none."""
    label = " ".join(clean_text(request.cookies.get(DEVICE_COOKIE, "")).split())[:MAX_DEVICE_LABEL]
    return label or None


def asks_for_a_name() -> bool:
    """This phone has no name and was never asked for one: the deal screen asks, once."""
    return device_label() is None and not request.cookies.get(DEVICE_ASKED_COOKIE)


__all__ = ["DEVICE_ASKED_COOKIE", "DEVICE_COOKIE", "asks_for_a_name", "device_label"]
