"""What the Persian games' screens say, in the page's language: the games' names and what they are, the teams,
the pass direction, and the ledger's refusals (a problem's code and parameters, worded here once).

Persian pages use the games' own words (حکم، حاکم، کوت، بام، یاسا، شلم، پاس، دست، روند): they are the catalogue's
entries in ``translations/fa``. Spanish and Japanese give the names a table says (Hearts is "Corazones" and "ハーツ",
Old Maid "ババ抜き"); Hokm, Shelem, Qahve and Rim keep their own names.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from flask_babel import lazy_gettext
from flask_babel.speaklater import LazyString

from referee.games.persian.ledger.wording import message_id
from referee.games.persian.rules import NAMES
from referee.games.persian.rules.base import TEAM_NAMES, ParamValue, Problem
from referee.web.core.translate import gettext, ngettext, pgettext
from referee.web.helpers.numerals import number

__all__ = [
    "GAME_NAMES", "GAME_BLURBS", "game_name", "game_blurb", "team_name", "team_letter", "first_title",
    "first_help", "option_title", "option_help", "option_value", "problem_words", "problems_words", "refusal_words",
]

#: Each game's name, as its table says it, in the page's language (the English names are the rules' own,
#: :data:`referee.games.persian.rules.NAMES`; the ids are the rule book's, docs/table-games.md).
GAME_NAMES: Mapping[str, LazyString] = {game: lazy_gettext(name) for game, name in NAMES.items()}

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
    "jack": lazy_gettext("What a J counts"),
    "all_pass_redeal": lazy_gettext("Everyone passed: the same dealer deals again"),
}
_OPTION_HELPS: Mapping[str, LazyString] = {
    "rounds": lazy_gettext("A round is won by the first team to 7 hand points."),
    "all_pass_redeal": lazy_gettext("Off: the deal passes on to the right and nothing is scored."),
    "jack": lazy_gettext("10 as the rule book counts; 11 in the source’s own numbering (J 11, Q 12, K 13)."),
}


def option_title(_variant_id: str, name: str) -> str:
    """A house rule's title (its name in the rules when the catalogue has none)."""
    found = _OPTION_TITLES.get(name)
    return str(found) if found is not None else name


def option_help(_variant_id: str, name: str) -> str:
    """A line under a house rule."""
    found = _OPTION_HELPS.get(name)
    return str(found) if found is not None else ""


def option_value(_name: str, value: object) -> str:
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


def sentence(code: str, params: tuple[tuple[str, ParamValue], ...]) -> str:
    """A sentence of the rules or the ledger (its code and parameters) in the page's language."""
    values = {name: _param(value) for name, value in params}
    return gettext(message_id(code)).format(**values)


def problem_words(problem: Problem) -> str:
    """One refusal of the rules or the ledger in the page's language."""
    return sentence(problem.code, problem.params)


def problems_words(problems: Iterable[Problem]) -> list[str]:
    """Every refusal in words, each once."""
    return list(dict.fromkeys(problem_words(p) for p in problems))


def refusal_words(error: Exception) -> list[str]:
    """What an error of the rules or the ledger says: its problems in words, else its text."""
    problems = getattr(error, "problems", None)
    if problems:
        return problems_words(problems)
    return [str(error)]


# ---- the head of a hand ------------------------------------------------------------------------------------

#: The games whose sheet keeps no turn of dealers (docs/table-games.md §4: anyone deals; §6: tally games).
_NO_DEALER = frozenset({"bi-del", "shaytan", "bluff"})
#: The games whose lowest total wins (docs/table-games.md §4: Bi-del's penalties; §6.3: Shaytan's losses).
_LOWEST_WINS = frozenset({"bi-del", "shaytan"})


def keeps_dealer(variant_id: str) -> bool:
    """Whether the screen says who deals (the rules book keeps a turn of dealers for this game)."""
    return variant_id not in _NO_DEALER


def lowest_wins(variant_id: str) -> bool:
    """Whether the lowest total leads (Bi-del's penalties, Shaytan's losses)."""
    return variant_id in _LOWEST_WINS


def pass_words(direction: object) -> str:
    """Which way Bi-del's three cards pass this hand."""
    found = {
        "right": lazy_gettext("3 cards to the right"),
        "left": lazy_gettext("3 cards to the left"),
        "across": lazy_gettext("3 cards across"),
        "none": lazy_gettext("no passing this hand"),
    }.get(str(getattr(direction, "value", direction)))
    return str(found) if found is not None else str(direction)


def total_detail(score: object, team: int) -> str:
    """What a team's total line adds: Hokm's rounds won."""
    rounds = getattr(score, "rounds_won", None)
    if rounds is None:
        return ""
    return ngettext("%(num)d round", "%(num)d rounds", rounds[team])


def round_words(score: object) -> str:
    """"Round 2" where the game plays rounds (Hokm)."""
    round_number = getattr(score, "round_number", None)
    if round_number is None or getattr(score, "is_over", False):
        return ""
    return gettext("Round %(num)d", num=round_number)


def goal_words(score: object) -> str:
    """What ends the game, in the page's words."""
    rounds = getattr(score, "rounds_to_win", None)
    if rounds is not None:
        return ngettext("A hand is won at 7 tricks, a round at 7 points; the first team to win %(num)d round "
                        "wins the match.", "A hand is won at 7 tricks, a round at 7 points; the first team to win "
                        "%(num)d rounds wins the match.", rounds)
    limit = getattr(score, "limit", None)
    if limit is not None:
        return gettext("Whoever reaches %(limit)s loses; the lowest total wins.", limit=number(limit))
    target = getattr(score, "target", None)
    if target is not None:
        return gettext("The first to %(target)s wins.", target=number(target))
    return gettext("The sheet counts each player’s hands.")


def winner_words(_variant_id: str, winners: tuple[str, ...], teams: bool, ended: str | None = None) -> str:
    """Who won the game (or that the scorekeeper ended it before anyone did, and why)."""
    if not winners:
        if ended is None:
            return ""
        if ended:
            return gettext("The game was ended before anyone won it: %(reason)s", reason=ended)
        return gettext("The game was ended before anyone won it.")
    if teams:
        return gettext("%(team)s won the game.", team=team_name(winners))
    if len(winners) == 1:
        return gettext("%(player)s won the game.", player=winners[0])
    return gettext("%(players)s share the win.", players=gettext(", ").join(winners))


#: What the screen reminds the table of before a hand (not checked: docs/table-games.md §3 and §4).
_REMINDERS: Mapping[str, tuple[LazyString, ...]] = {
    "qahve": (lazy_gettext("Spades are trump; the coloured joker is the highest card, the black joker the next."),
              lazy_gettext("The black joker must be played by the 10th trick.")),
    "bi-del": (lazy_gettext("2♣ leads the first trick; no heart and no Q♠ on it."),
               lazy_gettext("Hearts may not be led until a heart has been played.")),
}


def reminders(variant_id: str) -> tuple[str, ...]:
    """The table's reminders for this game."""
    return tuple(str(text) for text in _REMINDERS.get(variant_id, ()))


def tally_question(variant_id: str) -> str:
    """The one question of a tally game's hand."""
    if variant_id == "bluff":
        return gettext("Who emptied their hand first?")
    return gettext("Who was left with the joker?")


def rim_help(score: object) -> str:
    """How Rim's cards count under the game's house rule."""
    if getattr(score, "jack", 10) == 11:
        return gettext("A 14, K 13, Q 12, J 11, 2–10 their number. The winner scores the loser’s cards.")
    return gettext("A 14, K 13, Q 12, J 10, 2–10 their number. The winner scores the loser’s cards.")


# ---- the sheet and the history ---------------------------------------------------------------------------------


def outcome_words(kind: str, bam: bool = False) -> str:
    """How a Hokm hand was won, as the sheet marks it: kot, ruler's kot, bam (a plain win is unmarked)."""
    if bam:
        return gettext("bam")
    return {"kot": gettext("kot"), "ruler-kot": gettext("ruler’s kot")}.get(kind, "")


def bid_outcome_words(outcome: str) -> str:
    """What became of a Shelem bid, as the sheet marks it beside the bid: failed, yasa, shelem (made is unmarked)."""
    found = {"failed": lazy_gettext("failed"), "yasa": lazy_gettext("yasa"), "shelem": lazy_gettext("shelem")}
    said = found.get(outcome)
    return str(said) if said is not None else ""


def pass_arrow(direction: object) -> str:
    """Bi-del's pass direction as the sheet's narrow column writes it."""
    return {"right": "→", "left": "←", "across": "↕", "none": "·"}.get(str(getattr(direction, "value", direction)),
                                                                     "")


def event_words(_state: object, entry: object) -> str:
    """What an entry of the game's history was, for the Undo and Redo buttons ("hand 3 entered")."""
    said = getattr(entry, "words", None)
    if said is None:
        return gettext("the last entry")
    return sentence(said.code, said.params)
