"""Pages of forms rendered once and handed out many times: a scorekeeper's screen of forms at one seq (the rummy
deal screen, the Persian hand screen), each asking :func:`kept_screen` for its answer.

A page of forms differs from phone to phone in two things only: the CSRF token (one per phone's session) and the
idempotency keys (a fresh one per form, per page handed out: two phones, or two loads on one phone, must never
share one, or the second save would be taken for a retry of the first). Everything else on the deal screen follows
from the game at that seq, the address and the language. So the page is rendered once with marks where those
secrets go, and each request fills the marks with its own: its session's CSRF token and one new key per mark.
A mark is a random string made for that render, so nothing a player typed can look like one.

A request with a query (a claim to settle, a refused form shown again) or a message for its phone gets a page drawn
for it alone: such a page belongs to that request only.
"""

from __future__ import annotations

import itertools
import re
import secrets
from collections.abc import Callable, Collection, Hashable
from dataclasses import dataclass

from flask import abort, current_app, g, make_response, request, session
from flask_wtf.csrf import generate_csrf
from werkzeug.wrappers import Response

from referee.web.core import access
from referee.web.core.i18n import current_language
from referee.web.core.rendered import RenderCache
from referee.web.helpers.forms import KEY_MARKS, new_key

__all__ = ["KeptPage", "NO_MARKS", "kept", "render_kept", "fill", "kept_screen"]

#: What a screen answers: a page, a page with its status, or a redirect.
Page = str | tuple[str, int] | Response

#: The marks of a kept page that has none.
NO_MARKS = re.compile(r"(?!)")


@dataclass(frozen=True)
class KeptPage:
    """A rendered page with marks: ``csrf_mark`` where the CSRF token goes, ``key_marks`` (a pattern) where keys go.
    ``html`` is None when there is no page to hand out at that key (the caller says what to answer instead)."""

    html: str | None
    csrf_mark: str
    key_marks: re.Pattern[str]


def _csrf_field() -> str:
    return str(current_app.config.get("WTF_CSRF_FIELD_NAME", "csrf_token"))


def render_kept(render: Callable[[], str | None]) -> KeptPage:
    """``render()`` with marks in place of the CSRF token and of each form's idempotency key."""
    nonce = secrets.token_hex(8)
    csrf_mark = f"csrf{nonce}"
    field = _csrf_field()
    had = g.pop(field, None)
    setattr(g, field, csrf_mark)
    marks = KEY_MARKS.set(f"key{nonce}n{n}k" for n in itertools.count())
    try:
        html = render()
    finally:
        KEY_MARKS.reset(marks)
        g.pop(field, None)
        if had is not None:
            setattr(g, field, had)
    return KeptPage(html=html, csrf_mark=csrf_mark, key_marks=re.compile(rf"key{nonce}n\d+k"))


def fill(page: KeptPage) -> str:
    """The kept page for this request: its session's CSRF token, and one new idempotency key for each mark."""
    assert page.html is not None
    keys: dict[str, str] = {}

    def key(match: re.Match[str]) -> str:
        return keys.setdefault(match.group(0), new_key())

    html = page.key_marks.sub(key, page.html)
    if page.csrf_mark in html:
        html = html.replace(page.csrf_mark, generate_csrf())
    return html


#: How many pages of each kind a process keeps: a scorekeeper's page is some 30 KB, and a club plays a few dozen
#: games at once (a page dropped is drawn again at its next load).
SIZE = 256


def kept(name: str) -> RenderCache[KeptPage]:
    """This app's kept pages of kind ``name`` (one bounded cache per kind)."""
    caches = current_app.extensions.setdefault("referee.kept_pages", {})
    cache = caches.get(name)
    if cache is None:
        cache = caches.setdefault(name, RenderCache(SIZE))
    assert isinstance(cache, RenderCache)
    return cache


def _no_page(_table: access.Table) -> Page | None:
    return None


def kept_screen(
    kind: str,
    edit_token: str,
    *,
    load: Callable[[str], access.Table],
    render: Callable[[access.Table], str],
    over: Callable[[], Response],
    variants: Collection[str] | None = None,
    depends_on: tuple[Hashable, ...] = (),
    shown_again: Callable[[access.Table], Page | None] = _no_page,
) -> Page:
    """The answer of a scorekeeper's screen of forms: its page, drawn once per seq, address and language (and
    ``depends_on``) and kept as ``kind``, each request getting its own CSRF token and idempotency keys (:func:`fill`).

    A request with a query or a message for its phone gets the page drawn for it alone from the game ``load``
    opens, unless ``shown_again`` answers it (with a page of its own, answered as it is). Any other reads the
    game's light head (404 for a variant not among ``variants``, when given) and gets the page kept at its key.
    Once the game is over, the answer is ``over()``. A phone that opened a shared scorekeeping link keeps the game
    in its "My games" too.
    """
    if request.args or session.get("_flashes"):
        table = load(edit_token)
        if table.state.over:
            return over()
        answer = shown_again(table)
        if answer is not None:
            return answer
        html = render(table)
    else:
        head = access.require_edit_head(edit_token)
        if variants is not None and head.variant not in variants:
            abort(404)
        key = (head.public_id, request.full_path, head.seq, current_language(), *depends_on)

        def draw() -> KeptPage:
            table = access.edit_table_at(head, edit_token)
            if table.state.over:  # kept too: no page at this seq, the answer is over()
                return KeptPage(html=None, csrf_mark="", key_marks=NO_MARKS)
            return render_kept(lambda: render(table))

        page = kept(kind).get(key, draw)
        if page.html is None:
            return over()
        html = fill(page)
    response = make_response(html)
    if edit_token not in access.device_tokens():
        access.remember_game(response, edit_token)
    return response
