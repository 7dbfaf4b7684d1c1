"""Cards typed on a page: read in the page's language, stored in the notation, and the keypad's keys.

A scorekeeper types cards with the suit letters of the page's language (Spanish: P C D T, picas, corazones,
diamantes, tréboles) or with the symbols; the card keypad types the same letters, so what is tapped and
what is typed read alike. Persian and Japanese name the suits in words (پیک دل خشت خاج, スペード ハート ダイヤ
クラブ: :data:`referee.cards.SUIT_NAMES`), read beside the notation's letters; there the keypad types the
symbols, which read the same way round in right-to-left text. Every keypad shows the symbols. What reaches the
ledger or the rules is always the notation (:func:`referee.cards.in_notation`), whatever language it was typed
in. A family's refusals of what is no card are its own (contract rummy's: :mod:`referee.games.rummy.web.notation`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from flask import Flask, current_app

# The notation as each language types it, called as cards.X (every family's: referee/cards.py).
from referee import cards
from referee.cards import Suit
from referee.web.core.i18n import current_language
from referee.web.core.translate import gettext as _

__all__ = ["RANK_KEYS", "init_app", "keypad_suits", "suit_help", "read_cards"]

#: The keypad's rank keys, as they are typed (a ten as 10).
RANK_KEYS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def _suit_name(suit: Suit) -> str:
    return {Suit.SPADES: _("spades"), Suit.HEARTS: _("hearts"), Suit.DIAMONDS: _("diamonds"),
            Suit.CLUBS: _("clubs")}[suit]


def read_cards(text: str, *, allow_bare_rank: bool = False) -> str:
    """Cards typed on this page (its language's suit letters or words) in the notation; text that is not cards
    (or a rank alone, unless ``allow_bare_rank``) comes back as it was, for the family's rules to refuse."""
    written = cards.in_notation(text, current_language(), bare_ranks=allow_bare_rank)
    return text if written is None else written


_Worded = TypeVar("_Worded")


def _once_per_language(make: Callable[[], _Worded]) -> Callable[[], _Worded]:
    """``make``, worked out once per language and app: the keypad and the suits' help are on every deal screen
    and depend on nothing but the page's language (and the app's catalogues)."""

    def made() -> _Worded:
        kept: dict[tuple[str, str], _Worded] = current_app.extensions.setdefault("referee.notation", {})
        key = (make.__name__, current_language())
        if key not in kept:
            kept[key] = make()
        return kept[key]

    made.__name__, made.__doc__ = make.__name__, make.__doc__
    return made


@_once_per_language
def keypad_suits() -> tuple[dict[str, object], ...]:
    """The keypad's suit keys: the suit's id, its symbol, what the key types on this page (its letter, or the
    symbol where the language names suits in words), its name, red or not."""
    language = current_language()
    return tuple({"id": suit.value, "symbol": suit.symbol, "letter": cards.key_for(suit, language),
                  "name": _suit_name(suit), "red": suit.is_red} for suit in Suit)


@_once_per_language
def suit_help() -> str:
    """How suits are typed on this page, e.g. 'Suits: S spades, H hearts, D diamonds, C clubs (or ♠ ♥ ♦ ♣).'

    Where the language names the suits in words: each suit's symbol, its name and its other words, e.g. (Japanese)
    'Suits: ♠ スペード (ス), ♥ ハート (ハ), ♦ ダイヤ (ダイア, ダイヤモンド, ダ), ♣ クラブ (ク), or the letters S H D C;
    a joker is JK.'
    """
    names = cards.suit_names(current_language())
    if names:
        comma = _(", ")
        words = comma.join(
            f"{suit.symbol} {names[suit][0]}" + (f" ({comma.join(names[suit][1:])})" if len(names[suit]) > 1 else "")
            for suit in Suit
        )
        return _("Suits: %(names)s, or the letters S H D C; a joker is JK.", names=words)
    letters = _(", ").join(f"{key['letter']} {key['name']}" for key in keypad_suits())
    return _("Suits: %(letters)s (or ♠ ♥ ♦ ♣); a joker is JK.", letters=letters)


def init_app(app: Flask) -> None:
    """Give every template the keypad's keys and the suit letters' help."""
    app.add_template_global(keypad_suits)
    app.add_template_global(suit_help)
    app.jinja_env.globals["keypad_ranks"] = RANK_KEYS
