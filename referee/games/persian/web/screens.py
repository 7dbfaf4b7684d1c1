"""What a Persian game's screens show before each hand, worked out from the rules' score (never decided here):
who deals, who rules or bids first, which way the cards pass, the running totals and what ends the game.

The hand screen, the sheet and the viewer all ask :func:`head_of`: one place says the facts of the next hand.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from referee.games.persian.rules import find_game
from referee.games.persian.rules.base import team_seats
from referee.games.persian.web import words
from referee.web.core.translate import gettext as _

__all__ = ["Role", "TotalRow", "Head", "head_of", "HAND_ENTRIES"]

#: Each game's hand entry (the template ``persian/_entry_<kind>.html`` and the form that reads it).
HAND_ENTRIES = {
    "hokm": "hokm", "shelem": "shelem", "shelem-two": "shelem", "qahve": "qahve", "bi-del": "bidel", "rim": "rim",
    "shaytan": "tally", "bluff": "tally",
}


@dataclass(frozen=True)
class Role:
    """One line of the hand's head: "Deals: Ali"."""

    label: str
    value: str
    testid: str


@dataclass(frozen=True)
class TotalRow:
    """One running total: a team's (its letter and its two players) or a player's."""

    key: str
    label: str
    total: int
    leading: bool = False
    badge: str = ""
    badge_label: str = ""
    detail: str = ""


@dataclass(frozen=True)
class Team:
    """A team of a four-player game, as the Hokm entry offers it."""

    key: str
    letter: str
    label: str
    rules: bool


@dataclass(frozen=True)
class Head:
    """The facts of the next hand and of the game so far."""

    variant: str
    name: str
    entry: str
    hand: int
    over: bool
    roles: tuple[Role, ...]
    totals: tuple[TotalRow, ...]
    goal: str
    round_words: str = ""
    winner_words: str = ""
    teams: tuple[Team, ...] = ()
    team_letters: tuple[str, str] = ("A", "B")
    reminders: tuple[str, ...] = ()
    bids: tuple[int, ...] = ()
    points: tuple[int, ...] = ()
    all_pass: bool = False
    tally_question: str = ""
    rim_help: str = ""
    extra: dict[str, Any] = field(default_factory=dict)


def _teams(players: tuple[str, ...]) -> list[tuple[str, ...]]:
    return [tuple(players[seat] for seat in team_seats(team, len(players))) for team in (0, 1)]


def head_of(state: Any) -> Head:
    """The head of the next hand of ``state`` (a Persian game's ledger state)."""
    score = state.score
    variant = state.variant_id
    rules = find_game(variant)
    players: tuple[str, ...] = tuple(state.players)
    roles: list[Role] = []
    if not state.is_over:
        if words.keeps_dealer(variant):
            roles.append(Role(_("Deals"), players[score.dealer], "dealer"))
        if score.ruler is not None:
            roles.append(Role(_("Ruler"), players[score.ruler], "ruler"))
        if score.first_bidder is not None:
            roles.append(Role(_("Bids first"), players[score.first_bidder], "first-bidder"))
        passing = getattr(score, "passing", None)
        if passing is not None:
            roles.append(Role(_("Cards pass"), words.pass_words(passing), "passing"))
    totals = tuple(score.totals)
    rows: list[TotalRow] = []
    teams: list[Team] = []
    if rules.teams and len(players) == 4:
        best = max(totals)
        for index, members in enumerate(_teams(players)):
            key = "ab"[index]
            label = words.team_name(members)
            rows.append(TotalRow(key=key, label=label, total=totals[index], leading=totals[index] == best and
                                 totals[0] != totals[1], badge=key, badge_label=words.team_letter(index),
                                 detail=words.total_detail(score, index)))
            ruler_team = score.ruler % 2 == index if score.ruler is not None else False
            teams.append(Team(key, words.team_letter(index), label, ruler_team))
    else:
        lowest_wins = words.lowest_wins(variant)
        best = min(totals) if lowest_wins else max(totals)
        for seat, name in enumerate(players):
            rows.append(TotalRow(key=str(seat), label=name, total=totals[seat],
                                 leading=totals[seat] == best and len(set(totals)) > 1))
    winners = tuple(players[seat] for seat in score.winners) if state.is_over else ()
    return Head(
        variant=variant, name=words.game_name(variant), entry=HAND_ENTRIES.get(variant, "tally"),
        hand=score.hand_number, over=bool(state.is_over), roles=tuple(roles), totals=tuple(rows),
        goal=words.goal_words(score), round_words=words.round_words(score),
        winner_words=words.winner_words(variant, winners, rules.teams and len(players) == 4, state.ended),
        teams=tuple(teams), team_letters=(words.team_letter(0), words.team_letter(1)),
        reminders=words.reminders(variant), bids=tuple(range(100, 166, 5)), points=tuple(range(5, 166, 5)),
        all_pass=rules.teams and hasattr(score, "all_passed"),  # two players: one pass ends the bidding
        tally_question=words.tally_question(variant), rim_help=words.rim_help(score),
    )
