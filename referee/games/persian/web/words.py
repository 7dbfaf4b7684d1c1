"""What the Persian games' screens say, in the page's language: the games' names and what they are, the teams,
the pass direction, and the ledger's refusals (a problem's code and parameters, worded here once).

Persian pages use the games' own words (حکم، حاکم، کوت، بام، یاسا، شلم، پاس، دست، روند): they are the catalogue's
entries in ``translations/fa``. Spanish and Japanese give the names a table says (Hearts is "Corazones" and "ハーツ",
Old Maid "ババ抜き"); Hokm, Shelem, Qahve and Rim keep their own names.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from flask_babel import gettext, lazy_gettext
from flask_babel.speaklater import LazyString

__all__ = ["GAME_NAMES", "GAME_BLURBS", "game_name", "game_blurb", "team_name"]

#: Each game's name, as its table says it (the ids are the rule book's, docs/table-games.md).
GAME_NAMES: Mapping[str, LazyString] = {
    "hokm": lazy_gettext("Hokm"),
    "shelem": lazy_gettext("Shelem"),
    "shelem-two": lazy_gettext("Shelem for two"),
    "qahve": lazy_gettext("Qahve"),
    "bi-del": lazy_gettext("Hearts (Bi-del)"),
    "rim": lazy_gettext("Rim"),
    "shaytan": lazy_gettext("Old Maid (Shaytan)"),
    "bluff": lazy_gettext("Bluff"),
}

#: One line under each name in the chooser: who plays and what the sheet keeps.
GAME_BLURBS: Mapping[str, LazyString] = {
    "hokm": lazy_gettext("4 players in two teams; 7 tricks win a hand, 7 hands a round."),
    "shelem": lazy_gettext("4 players in two teams; bid 100–165, the first team to the target wins."),
    "shelem-two": lazy_gettext("2 players; bid 100–165, the first to the target wins."),
    "qahve": lazy_gettext("4 players in two teams; each bids tricks, spades are trump."),
    "bi-del": lazy_gettext("3 or 4 players; each heart 1, Q♠ 13; the lowest total wins."),
    "rim": lazy_gettext("2 players; the winner scores the loser’s unmatched cards."),
    "shaytan": lazy_gettext("3 or more; who is left with the joker loses the hand."),
    "bluff": lazy_gettext("3 or more; the first to empty their hand wins it."),
}


def game_name(variant_id: str) -> str:
    """The game's name in the page's language (its id when it is none of ours)."""
    name = GAME_NAMES.get(variant_id)
    return str(name) if name is not None else variant_id


def game_blurb(variant_id: str) -> str:
    """The chooser's line about the game."""
    blurb = GAME_BLURBS.get(variant_id)
    return str(blurb) if blurb is not None else ""


def team_name(members: Iterable[str]) -> str:
    """A team as the table says it: its two players ("Ali & Sara")."""
    return gettext("%(first)s & %(second)s", first=(names := tuple(members))[0], second=names[-1])
