"""Contract rummy as a family of games: its ledger and the adapter :mod:`referee.families` asks for.

Its rules are the pure engine :mod:`referee.rules`; its events, fold and game file are this package's
:mod:`referee.games.rummy.ledger`; its screens are :mod:`referee.games.rummy.web` (the scorekeeper's, the referee
tools, and the board the core's viewer :mod:`referee.web.screens.board` asks each family for). This module tells
:mod:`referee.families` where each part is.
"""

from __future__ import annotations

from typing import Any

from referee.families import Family, register
from referee.games.rummy.ledger import exchange
from referee.games.rummy.ledger.events import Event, GameCreated, event_from_dict
from referee.games.rummy.ledger.gamefile import FORMAT
from referee.games.rummy.ledger.state import EventRefused, GameState, apply, check, exact_cut_reward, replay, start
from referee.ledger.gamefile import GameFileError
from referee.records import Figure, GameResult
from referee.rules.catalogue import VARIANTS

__all__ = ["RUMMY"]


def _with_override(event: Event, reason: str) -> Event:
    return event.with_override(reason)


def _with_device(event: Event, label: str) -> Event:
    return event.with_device(label)


def _winners(state: GameState) -> tuple[str, ...]:
    """The players ranked first of a game played to its end (none for a game under way or ended early)."""
    if not state.finished or state.abandoned is not None:
        return ()
    return tuple(state.sheet.leaders)


#: The figures a contract-rummy game counts for the players' records (their words: :mod:`referee.games.rummy.web`).
WENT_OUT, EXACT_CUTS, BUYS = "went-out", "exact-cuts", "buys"


def _result(state: GameState) -> GameResult:
    """What a game says of its players: final totals and places (the lowest total wins), and the figures only the
    ledger knows: deals won by going out, exact cuts made (where one earns something) and buys (where there are)."""
    sheet = state.sheet
    variant = state.variant
    figures = [Figure(WENT_OUT, sheet.stakes.deal_wins)]
    if any(exact_cut_reward(variant, deal=number) is not None for number in range(1, len(variant.deals) + 1)):
        cuts = dict.fromkeys(state.players, 0)
        for deal in sheet.deals:
            cuts[deal.cutter] += deal.exact_cut
        figures.append(Figure(EXACT_CUTS, cuts))
    if variant.buy.enabled:
        figures.append(Figure(BUYS, state.chips.total_buys))
    return GameResult(
        variant_id=variant.id, players=state.players, finished=bool(_winners(state)), winners=_winners(state),
        places=sheet.ranks, totals=sheet.totals, lower_wins=True, figures=tuple(figures),
    )


def _read_file(data: object) -> dict[str, Any]:
    """A referee-game/1 file's dict, every check of :func:`referee.games.rummy.ledger.exchange.read_game_file`
    passed."""
    exchange.import_game(data)
    assert isinstance(data, dict)
    return data


def _sheet_json(state: Any, errors: Any) -> dict[str, Any]:
    return exchange.sheet_json(state, tuple(errors))


def _summary(variant_id: str) -> dict[str, Any]:
    variant = VARIANTS[variant_id]
    return {"name": variant.name, "deals": len(variant.deals)}


RUMMY = register(
    Family(
        id="rummy",
        name="Contract rummy",
        variant_ids=tuple(VARIANTS),
        created_types=(GameCreated.type,),
        event_from_dict=event_from_dict,
        start=start,
        apply=apply,
        replay=replay,
        check=check,
        event_refused=EventRefused,
        file_format=FORMAT,
        file_error=GameFileError,
        read_file=_read_file,
        export_game=exchange.export_game,
        import_game=exchange.import_game,
        tally=exchange.tally,
        sheet_text=exchange.sheet_text,
        sheet_json=_sheet_json,
        winners=_winners,
        result=_result,
        with_override=_with_override,
        with_device=_with_device,
        summary=_summary,
        web="referee.games.rummy.web",
    )
)
