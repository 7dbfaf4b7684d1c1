"""What the Persian games' screens say, in the page's language: the games' names and what they are, the teams,
the pass direction, and the ledger's refusals (a problem's code and parameters, worded here once).

Persian pages use the games' own words (حکم، حاکم، کوت، بام، یاسا، شلم، پاس، دست، روند): they are the catalogue's
entries in ``translations/fa``. Spanish and Japanese give the names a table says (Hearts is "Corazones" and "ハーツ",
Old Maid "ババ抜き"); Hokm, Shelem, Qahve and Rim keep their own names.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from flask_babel import gettext, lazy_gettext, pgettext
from flask_babel.speaklater import LazyString

from referee.games.persian.rules.base import MESSAGES, TEAM_NAMES, ParamValue, Problem
from referee.numerals import number

__all__ = [
    "GAME_NAMES", "GAME_BLURBS", "game_name", "game_blurb", "team_name", "team_letter", "first_title",
    "first_help", "option_title", "option_help", "option_value", "problem_words", "problems_words", "refusal_words",
]

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


# ---- the teams ---------------------------------------------------------------------------------------------


def team_letter(team: int) -> str:
    """Team A or team B as the sheet heads its column (Persian: الف and ب)."""
    return (pgettext("team", "A"), pgettext("team", "B"))[team]


# ---- who goes first ----------------------------------------------------------------------------------------

#: What "first" means at each game's table: Hokm's first ruler (who drew the highest card), else the first dealer.
_FIRST_TITLES: Mapping[str, LazyString] = {
    "hokm": lazy_gettext("First ruler"),
}
_FIRST_HELPS: Mapping[str, LazyString] = {
    "hokm": lazy_gettext("Who drew the highest card. The player on the ruler’s right deals."),
    "bi-del": lazy_gettext("Anyone may deal in Bi-del: the sheet keeps no turn of dealers."),
    "shaytan": lazy_gettext("The sheet keeps no turn of dealers in this game."),
    "bluff": lazy_gettext("The sheet keeps no turn of dealers in this game."),
}


def first_title(variant_id: str) -> str:
    """The heading of the new-game form's "who goes first"."""
    return str(_FIRST_TITLES.get(variant_id, lazy_gettext("First dealer")))


def first_help(variant_id: str) -> str:
    """What the first dealer or ruler means in this game."""
    found = _FIRST_HELPS.get(variant_id)
    return str(found) if found is not None else gettext("The deal then passes to the right.")


# ---- house rules ---------------------------------------------------------------------------------------------

#: Each house rule's title by its name in the rules (docs/table-games.md): the same name means the same thing in
#: every game that has it.
_OPTION_TITLES: Mapping[str, LazyString] = {
    "target": lazy_gettext("Target"),
    "rounds": lazy_gettext("Rounds to win the match"),
    "limit": lazy_gettext("Limit (whoever reaches it loses)"),
    "jack_eleven": lazy_gettext("J counts 11 (the seed’s numbering)"),
    "all_pass_redeal": lazy_gettext("Everyone passed: the same dealer deals again"),
}
_OPTION_HELPS: Mapping[str, LazyString] = {
    "rounds": lazy_gettext("A round is won by the first team to 7 hand points."),
    "all_pass_redeal": lazy_gettext("Off: the deal passes on to the right and nothing is scored."),
    "jack_eleven": lazy_gettext("Off: J counts 10, Q 12, K 13, A 14."),
}


def option_title(variant_id: str, name: str) -> str:
    """A house rule's title (its name in the rules when the catalogue has none)."""
    found = _OPTION_TITLES.get(name)
    return str(found) if found is not None else name


def option_help(variant_id: str, name: str) -> str:
    """A line under a house rule."""
    found = _OPTION_HELPS.get(name)
    return str(found) if found is not None else ""


def option_value(name: str, value: object) -> str:
    """One value of a house rule: a number in the page's digits, a switch in words."""
    if isinstance(value, bool):
        return gettext("on") if value else gettext("off")
    if isinstance(value, int):
        return number(value)
    return str(value)


# ---- the referee's refusals ------------------------------------------------------------------------------------


def _param(value: ParamValue) -> str:
    if isinstance(value, tuple):
        return gettext(", ").join(_param(v) for v in value)
    if isinstance(value, int):
        return number(value)
    if value in TEAM_NAMES:
        return team_letter(TEAM_NAMES.index(value))
    return value


def problem_words(problem: Problem) -> str:
    """One refusal of the rules in the page's language (the rules' sentence, looked up in the catalogue)."""
    values = {name: _param(value) for name, value in problem.params}
    return gettext(MESSAGES[problem.code]).format(**values)


def problems_words(problems: Iterable[Problem]) -> list[str]:
    """Every refusal in words, each once."""
    return list(dict.fromkeys(problem_words(p) for p in problems))


def refusal_words(error: Exception) -> list[str]:
    """What an error of the rules or the ledger says: its problems in words, else its text."""
    problems = getattr(error, "problems", None)
    if problems:
        return problems_words(problems)
    return [str(error)]
