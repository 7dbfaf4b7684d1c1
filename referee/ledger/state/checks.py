"""Why the rules refuse an event: one function per kind of event, each returning every problem it finds.

Pure functions of a :class:`~referee.ledger.state.facts.GameFacts` and an event; :func:`event_problems`
dispatches to them by the event's kind, and the fold (:func:`~referee.ledger.state.game.check`) asks it for every
kind but the two that refold the game (an undo, new seats). Problems carry a stable code and their
parameters; ``HARD_CODES`` (in :mod:`.records`) are the ones no override gets past.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from referee.ledger import events as ev
from referee.ledger.events import DealCorrected, HandValue, PlayerLeft, PlayerRenamed
from referee.ledger.names import name_problems
from referee.ledger.state.calls import call_problems
from referee.ledger.state.chips import exact_cut_reward
from referee.ledger.state.facts import GameFacts
from referee.ledger.state.one_turn import bonus_problems, second_laydown_problems, went_out_problems
from referee.ledger.state.records import HARD_CODES, DealRecord, rules_number
from referee.ledger.state.steps import corrected_record
from referee.rules import contracts
from referee.rules.cards import Card, CardError, TooManyCopiesError, format_cards, parse_cards
from referee.rules.problems import Problem
from referee.rules.variants import Variant
from referee.rules.wording import Token

__all__ = ["event_problems"]


def _p(code: str, form: str = "", /, **params: object) -> Problem:
    return Problem.of(code, form, **params)


def _unknown(state: GameFacts, name: str) -> Problem:
    return _p("unknown-player", name=name, players=tuple(state.names))


def _deal_problems(state: GameFacts, deal: int) -> list[Problem]:
    """Problems of an event for ``deal`` outside corrections: the game must go on and it must be the deal."""
    total = len(state.variant.deals)
    missing = state.variant.deal_problem(deal)
    if missing is not None:
        return [missing]
    if state.abandoned is not None:
        return [_p("game-over", "abandoned")]
    if state.finished:
        return [_p("game-over", count=total)]
    if deal != state.deal_number:
        if deal < state.deal_number:
            return [_p("deal-already-ended", deal=deal, current=state.deal_number)]
        return [_p("wrong-deal", current=state.deal_number, deal=deal)]
    return []


def _announced(state: GameFacts) -> list[Problem]:
    if state.variant.dealer_chooses_contract and state.current.contract_index is None:
        return [_p("contract-not-announced", dealer=state.seating.dealer)]
    return []


def _buy_problems(state: GameFacts, seat: int, record: DealRecord, *, extra: int = 1) -> list[Problem]:
    """Why the player in ``seat`` may not make ``extra`` more buys in ``record``'s deal."""
    name = state.names[seat]
    variant = state.variant
    problems: list[Problem] = []
    limit = state.chips.buy_limit(record)
    count = record.buys_of(seat) + extra
    ceiling = state.chips.buy_ceiling(seat, (*state.records[: record.number - 1], record))
    if count > ceiling:  # no override past it: a game file could not hold the deal
        problems.append(_p("too-many-buys", player=name, limit=ceiling, deal=record.number))
    if not variant.buy.enabled:
        return [*problems, _p("no-buying", variant=variant.named)]
    if limit == 0:
        problems.append(_p("no-buying-this-deal", deal=record.number, variant=variant.named))
    elif limit is not None and count > limit:
        problems.append(_p("buy-limit-this-deal", "once" if limit == 1 else "", player=name, limit=limit,
                           deal=record.number))
    return problems


def _no_chips(state: GameFacts, seat: int) -> Problem:
    token = Token(state.variant.buy.token)
    return _p("no-chips-left", player=state.names[seat], token=token, limit=state.chips.chip_limit or 0)


def _chip_problems(state: GameFacts, records: Sequence[DealRecord]) -> list[Problem]:
    """Players a correction would leave short of chips in some deal (and who were not short already)."""
    if state.chips.chip_limit is None:
        return []
    before = state.chips.lowest_balances(state.records)
    after = state.chips.lowest_balances(records)
    seats = range(len(state.names))
    return [_no_chips(state, seat) for seat in seats if after[seat] < 0 and after[seat] < before[seat]]


def _ceiling_problems(state: GameFacts, records: Sequence[DealRecord], first: int) -> list[Problem]:
    """Buys from deal ``first`` on above the ceiling ``records`` would leave (a correction taking back an exact cut's
    chip, docs/rules.md D73): no override gets past them, as no game file could hold them."""
    problems: list[Problem] = []
    for record in records[first - 1 :]:
        for seat, name in enumerate(state.names):
            ceiling = state.chips.buy_ceiling(seat, records[: record.number])
            if record.buys_of(seat) > ceiling:
                problems.append(_p("too-many-buys", player=name, limit=ceiling, deal=record.number))
    return problems


def _hand_problems(
    state: GameFacts, went_out: str | None, hands: Mapping[str, HandValue], record: DealRecord | None = None
) -> tuple[list[Problem], int | None]:
    """Every problem of a deal's result (default: the deal under way); also the winner's seat."""
    record = record if record is not None else state.current
    problems, winner = _winner(state, went_out, record)
    problems += [_unknown(state, name) for name in hands if name not in state.names]
    all_cards: list[Card] = []
    for seat, name in enumerate(state.names):
        if seat in record.away:
            if name in hands and hands[name] not in ("", 0):
                problems.append(_away(state, name, record.number))
        elif name not in hands:
            if seat != winner:
                problems.append(_p("missing-hand", player=name))
        else:
            found, cards = _one_hand_problems(name, hands[name], went_out=seat == winner)
            problems += found
            all_cards.extend(cards)
    try:
        state.variant.check_copies(all_cards, len(state.names))
    except TooManyCopiesError as error:
        problems.append(_copies("hands", error))
    return problems, winner


def _winner(state: GameFacts, went_out: str | None, record: DealRecord) -> tuple[list[Problem], int | None]:
    """The seat of who went out in ``record``'s deal, and why they cannot have (unknown, left, or nobody out where
    someone must go out)."""
    if went_out is None:
        if state.variant.deal_may_end_with_nobody_out:
            return [], None
        return [_p("nobody-out", variant=state.variant.named)], None
    if went_out not in state.names:
        return [_unknown(state, went_out)], None
    winner = state.names.index(went_out)
    return ([_away(state, went_out, record.number)] if winner in record.away else []), winner


def _one_hand_problems(name: str, value: object, *, went_out: bool) -> tuple[list[Problem], Sequence[Card]]:
    """What is wrong with ``name``'s hand ``value`` (points or cards), and its cards (none for points)."""
    if isinstance(value, bool) or not isinstance(value, int | str):
        return [_p("bad-cards", "value", player=name, value=repr(value))], []
    if isinstance(value, int):
        if value < 0:
            return [_p("negative-points", player=name, points=value)], []
        if went_out and value > 0:
            return [_p("went-out-with-cards", "points", player=name, points=value)], []
        return [], []
    try:
        cards = parse_cards(value, allow_bare_rank=True)
    except CardError as error:
        return [_p("bad-cards", "cards", player=name, cards=value, token=error.token)], []
    if went_out and cards:
        return [_p("went-out-with-cards", player=name, cards=format_cards(cards))], cards
    return [], cards


def _absent(state: GameFacts, player: str, record: DealRecord) -> Problem | None:
    """Why ``player`` takes no part in ``record``'s deal: not playing in the game, or left it; None when they do."""
    if player not in state.names:
        return _unknown(state, player)
    if state.names.index(player) in record.away:
        return _away(state, player, record.number)
    return None


def _away(state: GameFacts, player: str, deal: int) -> Problem:
    return _p("player-left", player=player,
              deal=deal)


def _leave_problems(state: GameFacts, event: PlayerLeft) -> list[Problem]:
    """Why ``event.player`` cannot be marked as having left now."""
    if state.over:
        return [_p("game-over", "leave")]
    if event.player not in state.names:
        return [_unknown(state, event.player)]
    seat = state.names.index(event.player)
    record = state.current
    if seat in record.away:
        return [_p("player-already-left", player=event.player)]
    if not state.deals_played:
        return [_p("left-before-play", player=event.player)]
    if (record.exact_cut or record.contract_index is not None or any(record.buys) or record.laid_down
            or any(record.shanghai_calls)):
        return [_p("left-mid-deal", deal=record.number,
                   player=event.player)]
    staying = len(state.names) - len(record.away) - 1
    if staying < state.variant.players.min:
        return [_p("too-few-stay", variant=state.variant.named, min=state.variant.players.min,
                   player=event.player, count=staying)]
    return []


def _cut_problems(state: GameFacts, jokers: int, number: int) -> list[Problem]:
    variant = state.variant
    problems: list[Problem] = []
    row = variant.deck_row(len(state.names))
    if not 0 <= jokers <= min(3, row.jokers):
        problems.append(_p("bad-jokers", jokers=row.jokers, count=jokers))
    elif jokers and not variant.cut.cutter_takes_jokers:
        problems.append(_p("cutter-takes-no-jokers", variant=variant.named))
    if exact_cut_reward(variant, deal=number) is None:
        problems.append(_p("no-exact-cut-reward", variant=variant.named))
    return problems


def _contract_problems(state: GameFacts, seat: int, melds: tuple[str, ...]) -> list[Problem]:
    """Why these melds are no lay-down: the contract, and extra melds where the variant allows them (D71)."""
    try:
        verdict = contracts.check_laydown(
            state.variant, rules_number(state.current), list(melds), players=len(state.names), contract=state.contract
        )
    except TooManyCopiesError as error:
        return [_copies("melds", error)]
    except CardError as error:
        return [_p("bad-cards", "melds", player=state.names[seat], token=error.token)]
    return list(verdict.problems)


def _copies(where: str, error: TooManyCopiesError) -> Problem:
    """More copies of a card in the hands or the melds than the decks hold, said with the card and the counts."""
    if error.card.is_joker:
        return _p("too-many-copies", f"{where}-jokers", count=error.count, available=error.available)
    return _p("too-many-copies", where, count=error.count, card=str(error.card), available=error.available)


def _no_dealers_choice(variant: Variant) -> Problem:
    return _p("no-dealers-choice", variant=variant.named)


def _no_such_contract(variant: Variant, index: int) -> Problem:
    return _p("no-such-contract", index=index + 1, variant=variant.named, count=len(variant.deals))


def _contract_used(state: GameFacts, index: int, record: DealRecord) -> list[Problem]:
    """Dealer's choice plays each contract once: the other deals that already played contract ``index``."""
    return [_p("contract-used", contract=state.variant.deals[index], deal=other.number)
            for other in state.records if other.contract_index == index and other.number != record.number]


def _choice_problems(state: GameFacts, index: int, record: DealRecord) -> list[Problem]:
    variant = state.variant
    if not variant.dealer_chooses_contract:
        return [_no_dealers_choice(variant)]
    if record.contract_index is not None:
        return [_p("contract-already-chosen", deal=record.number)]
    if not 0 <= index < len(variant.deals):
        return [_no_such_contract(variant, index)]
    problems = _contract_used(state, index, record)
    if record.melded:
        problems.append(_p("contract-after-laydown"))
    return problems


def _correction_problems(state: GameFacts, event: DealCorrected) -> list[Problem]:
    missing = state.variant.deal_problem(event.deal)
    if missing is not None:
        return [missing]
    if event.deal > len(state.records) or not state.records[event.deal - 1].ended:
        return [_p("deal-not-ended", deal=event.deal)]
    record = state.records[event.deal - 1]
    problems, _ = _hand_problems(state, event.went_out, event.hands, record)
    problems += went_out_problems(state.variant, state.names, record, event.went_out)
    problems += bonus_problems(state.variant, event.went_out, event.out_in_one_turn)
    corrected = corrected_record(state, record, event)
    if event.buys is not None:
        problems += _buy_count_problems(state, event.buys, record)
        if not any(p.code in HARD_CODES for p in problems):
            for seat in range(len(state.names)):
                extra = corrected.buys_of(seat)
                if extra:
                    problems += _buy_problems(state, seat, dataclasses.replace(corrected, buys=()), extra=extra)
    if event.exact_cut or (event.exact_cut is None and record.exact_cut and event.cutter_jokers is not None):
        problems += _cut_problems(state, corrected.cutter_jokers, record.number)
    if event.contract_index is not None:
        problems += _corrected_choice_problems(state, event.contract_index, record)
    if not any(p.code in HARD_CODES for p in problems):
        records = list(state.records)
        records[event.deal - 1] = corrected
        problems += _chip_problems(state, records)
        problems += _ceiling_problems(state, records, event.deal)
    # one reason once
    return list(dict.fromkeys(problems))


def _buy_count_problems(state: GameFacts, buys: Mapping[str, int], record: DealRecord) -> list[Problem]:
    """Why a correction's buy counts cannot stand: an unknown player, a negative count, buys by one who left."""
    problems: list[Problem] = []
    for name, count in buys.items():
        if name not in state.names:
            problems.append(_unknown(state, name))
        elif count < 0:
            problems.append(_p("negative-buys", player=name, count=count))
        elif count > 0 and state.names.index(name) in record.away:
            problems.append(_away(state, name, record.number))
    return problems


def _corrected_choice_problems(state: GameFacts, index: int, record: DealRecord) -> list[Problem]:
    """Why a correction cannot say ``record``'s deal played contract ``index`` (dealer's choice)."""
    if not state.variant.dealer_chooses_contract:
        return [_no_dealers_choice(state.variant)]
    if not 0 <= index < len(state.variant.deals):
        return [_no_such_contract(state.variant, index)]
    return _contract_used(state, index, record)


def _rename_problems(state: GameFacts, event: PlayerRenamed) -> list[Problem]:
    if event.old not in state.names:
        return [_unknown(state, event.old)]
    seat = state.names.index(event.old)
    after = (*state.names[:seat], event.new.strip(), *state.names[seat + 1 :])
    return name_problems(after, changed=seat)


# --------------------------------------------------------------------------------------------------
# Each kind of event's refusals
# --------------------------------------------------------------------------------------------------


def _created_problems(state: GameFacts, event: ev.GameCreated) -> list[Problem]:
    return [_p("already-created")]


def _abandon_problems(state: GameFacts, event: ev.GameAbandoned) -> list[Problem]:
    if state.abandoned is not None:
        return [_p("game-over", "abandoned-again")]
    if state.finished:
        return [_p("game-over", "abandon")]
    return []


def _exact_cut_problems(state: GameFacts, event: ev.ExactCut) -> list[Problem]:
    record = state.current
    if record.exact_cut:
        return [_p("exact-cut-twice", deal=record.number)]
    return _cut_problems(state, event.cutter_jokers, record.number)


def _chosen_problems(state: GameFacts, event: ev.ContractChosen) -> list[Problem]:
    return _choice_problems(state, event.contract_index, state.current)


def _call_problems(state: GameFacts, event: ev.ShanghaiCalled) -> list[Problem]:
    return _announced(state) + call_problems(state.variant, state.current, state.seating.seat_of(event.player),
                                             event.player)


def _buy_event_problems(state: GameFacts, event: ev.Buy) -> list[Problem]:
    record = state.current
    seat = state.names.index(event.player)
    problems = _announced(state) + _buy_problems(state, seat, record)
    left = state.chips.chips_left[event.player]
    if left is not None and left <= 0 and all(p.code != "no-buying" for p in problems):
        problems.append(_no_chips(state, seat))
    if seat in record.melded and not state.variant.buy.after_melding:
        problems.append(_p("buy-after-melding", player=event.player, variant=state.variant.named))
    return problems


def _laydown_problems(state: GameFacts, event: ev.LaidDown) -> list[Problem]:
    record = state.current
    seat = state.names.index(event.player)
    if seat in record.melded:
        return [_p("already-laid-down", player=event.player, deal=record.number)]
    problems = _announced(state) + second_laydown_problems(state.variant, state.names, record, event.player)
    if event.melds and not problems:
        problems += _contract_problems(state, seat, event.melds)
    return problems


def _end_problems(state: GameFacts, event: ev.DealEnded) -> list[Problem]:
    problems, _ = _hand_problems(state, event.went_out, event.hands)
    return (_announced(state) + problems
            + went_out_problems(state.variant, state.names, state.current, event.went_out)
            + bonus_problems(state.variant, event.went_out, event.out_in_one_turn))


#: What refuses each kind of event (looked up along the event's classes, as ``isinstance`` would).
_BY_KIND: dict[type[ev.Event], Callable[[GameFacts, Any], list[Problem]]] = {
    ev.GameCreated: _created_problems,
    ev.PlayerRenamed: _rename_problems,
    ev.PlayerLeft: _leave_problems,
    ev.GameAbandoned: _abandon_problems,
    ev.DealCorrected: _correction_problems,
    ev.ExactCut: _exact_cut_problems,
    ev.ContractChosen: _chosen_problems,
    ev.ShanghaiCalled: _call_problems,
    ev.Buy: _buy_event_problems,
    ev.LaidDown: _laydown_problems,
    ev.DealEnded: _end_problems,
}

#: Events of the deal under way: refused first when the game is over or the deal is not the current one.
_IN_THE_DEAL = (ev.ExactCut, ev.Buy, ev.ShanghaiCalled, ev.LaidDown, ev.DealEnded, ev.ContractChosen)
#: Events by a player in the deal under way: refused next when the player is unknown or has left.
_BY_A_PLAYER = (ev.Buy, ev.ShanghaiCalled, ev.LaidDown)


def event_problems(state: GameFacts, event: ev.Event) -> list[Problem]:
    """Every reason the rules refuse ``event`` in ``state``, for every kind of event but an undo and new seats
    (the fold refolds the game for those); TypeError for what is no event."""
    check = next((_BY_KIND[kind] for kind in type(event).__mro__ if kind in _BY_KIND), None)
    if check is None:
        raise TypeError(f"not an event: {event!r}")
    if isinstance(event, _IN_THE_DEAL):
        problems = _deal_problems(state, event.deal)
        if problems:
            return problems
    if isinstance(event, _BY_A_PLAYER):
        absent = _absent(state, event.player, state.current)  # an unknown player, or one who left
        if absent is not None:
            return [absent]
    return check(state, event)
