"""The rules card of a Persian game: what its table argues about, in a few lines worked out from the rules' own
data (the points a hand gives, kot and bam, the bids and yasa and shelem, the pass cycle, the card values, the
target), so the card says what the referee counts (docs/table-games.md, each game's section).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from referee.games.persian.rules import bidel, hokm, qahve, rim, shelem
from referee.games.persian.web import words
from referee.web.core.translate import gettext as _
from referee.web.helpers.numerals import number

__all__ = ["card_lines"]


def _hokm(_state: Any) -> list[str]:
    points = hokm.POINTS
    return [
        _("A hand is won at %(tricks)s tricks: %(won)s point; a kot (7–0 to the ruler’s team) %(kot)s; a ruler’s kot "
          "(7–0 against the ruler) %(ruler_kot)s.", tricks=number(hokm.TRICKS_TO_WIN),
          won=number(points[hokm.Outcome.WON]), kot=number(points[hokm.Outcome.KOT]),
          ruler_kot=number(points[hokm.Outcome.RULER_KOT])),
        _("A round goes to the first team to %(points)s points. A bam (all 13 tricks) wins the whole match.",
          points=number(hokm.POINTS_TO_WIN_ROUND)),
        _("The ruler keeps the rule while their team wins hands; else it passes to the right. The player on the "
          "ruler’s right deals."),
    ]


def _yasa_most() -> int:
    """The most points a ruler's team can take and still be yasa, asked of the rules' own scoring."""
    takes = range(shelem.LEAST_POINTS, shelem.HAND_POINTS + 1, shelem.STEP)
    return max(p for p in takes if shelem.hand_scores(shelem.LEAST_BID, p)[0] is shelem.Outcome.YASA)


def _shelem(_state: Any) -> list[str]:
    return [
        _("Bids from %(least)s to %(most)s in steps of %(step)s, each above the last; a pass is final.",
          least=number(shelem.LEAST_BID), most=number(shelem.MOST_BID), step=number(shelem.STEP)),
        _("A hand holds %(points)s points. The ruler’s team scores what it took if it made its bid, else minus "
          "its bid; the other team scores what it took.", points=number(shelem.HAND_POINTS)),
        _("Yasa (%(most)s or less taken): %(yasa)s. Shelem (all %(points)s): %(shelem)s.",
          most=number(_yasa_most()), yasa=number(shelem.YASA_SCORE, signed=True),
          points=number(shelem.HAND_POINTS), shelem=number(shelem.SHELEM_SCORE)),
    ]


def _qahve(_state: Any) -> list[str]:
    return [
        _("Each player bids at least %(least)s tricks; a team’s bid is its two players’ bids added.",
          least=number(qahve.LEAST_BID)),
        _("Made: 10 a trick bid and 1 a trick over. Short: minus 10 a trick bid."),
        _("The dealer keeps the deal until their team is ahead (a tie is not ahead)."),
    ]


def _bidel(state: Any) -> list[str]:
    cycle = bidel.PASSES.get(len(state.players), ())
    return [
        _("Each heart %(heart)s, Q♠ %(queen)s. All 13 hearts and Q♠ shoot the moon: 0 to the shooter, %(all)s to "
          "each other player.", heart=number(bidel.HEART_PENALTY), queen=number(bidel.QUEEN_PENALTY),
          all=number(bidel.ALL_PENALTIES)),
        _("The passes, hand after hand: %(cycle)s; then again.",
          cycle=_(", ").join(words.pass_words(p) for p in cycle)),
    ]


def _rim(state: Any) -> list[str]:
    return [
        words.rim_help(state.score),
        _("A meld is %(least)s or more cards of one rank, or in sequence in one suit: A–2–3 or Q–K–A, never K–A–2.",
          least=number(rim.MELD_LEAST)),
    ]


def _tally(state: Any) -> list[str]:
    return [words.tally_question(state.variant_id),
            _("The scorekeeper ends the session (End the game now); whoever leads the sheet wins.")]


#: Each game's lines, by the hand entry it has (:data:`referee.games.persian.web.screens.HAND_ENTRIES`).
_LINES: Mapping[str, Callable[[Any], list[str]]] = {
    "hokm": _hokm, "shelem": _shelem, "qahve": _qahve, "bidel": _bidel, "rim": _rim, "tally": _tally,
}


def card_lines(state: Any, entry: str) -> list[str]:
    """The rules card's lines for the game of ``state`` (whose hand entry is ``entry``)."""
    found = _LINES.get(entry)
    return found(state) if found is not None else []
