"""Why the rules refuse an event: the refusals several kinds of event share, each returning every problem it finds.

Pure functions of a :class:`~referee.games.rummy.ledger.state.facts.GameFacts`; each event's own refusals are in its
module
(:meth:`referee.games.rummy.ledger.events.base.Event.problems`), which asks these. Problems carry a stable code and
their
parameters; ``HARD_CODES`` (in :mod:`.records`) are the ones no override gets past.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from referee.games.rummy.ledger.state.chips import exact_cut_reward
from referee.games.rummy.ledger.state.facts import GameFacts
from referee.games.rummy.ledger.state.records import DealRecord
from referee.rules.cards import Card, CardError, TooManyCopiesError, format_cards, parse_cards
from referee.rules.problems import Problem
from referee.rules.variants import CUT_LOOKS_AT, Variant

if TYPE_CHECKING:
    from referee.games.rummy.ledger.events.base import HandValue, InDeal, PlayerAction

__all__ = [
    "in_deal_problems",
    "action_problems",
    "deal_problems",
    "announced",
    "buy_problems",
    "no_chips",
    "chip_problems",
    "ceiling_problems",
    "hand_problems",
    "absent",
    "unknown",
    "away",
    "cut_problems",
    "copies",
    "no_dealers_choice",
    "no_such_contract",
    "contract_used",
]


def _p(code: str, form: str = "", /, **params: object) -> Problem:
    return Problem.of(code, form, **params)


def unknown(state: GameFacts, name: str) -> Problem:
    """``name`` is not playing in this game; the problem lists the players who are."""
    return _p("unknown-player", name=name, players=tuple(state.names))


def deal_problems(state: GameFacts, deal: int) -> list[Problem]:
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


def announced(state: GameFacts) -> list[Problem]:
    """Under dealer's choice, the deal under way has no contract until its dealer announces one: a buy, a lay-down,
    a Shanghai call or the deal's end waits for it."""
    if state.variant.dealer_chooses_contract and state.current.contract_index is None:
        return [_p("contract-not-announced", dealer=state.seating.dealer)]
    return []


def buy_problems(state: GameFacts, seat: int, record: DealRecord, *, extra: int = 1) -> list[Problem]:
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


def no_chips(state: GameFacts, seat: int) -> Problem:
    """The player in ``seat`` has no chips (the variant's token) left to buy with, said with the game's limit."""
    token = state.variant.buy.token
    return _p("no-chips-left", player=state.names[seat], token=token, limit=state.chips.chip_limit or 0)


def chip_problems(state: GameFacts, records: Sequence[DealRecord]) -> list[Problem]:
    """Players a correction would leave short of chips in some deal (and who were not short already)."""
    if state.chips.chip_limit is None:
        return []
    before = state.chips.lowest_balances(state.records)
    after = state.chips.lowest_balances(records)
    seats = range(len(state.names))
    return [no_chips(state, seat) for seat in seats if after[seat] < 0 and after[seat] < before[seat]]


def ceiling_problems(state: GameFacts, records: Sequence[DealRecord], first: int) -> list[Problem]:
    """Buys from deal ``first`` on above the ceiling ``records`` would leave (a correction taking back an exact cut's
    chip, docs/rules.md D73): no override gets past them, as no game file could hold them."""
    problems: list[Problem] = []
    for record in records[first - 1 :]:
        for seat, name in enumerate(state.names):
            ceiling = state.chips.buy_ceiling(seat, records[: record.number])
            if record.buys_of(seat) > ceiling:
                problems.append(_p("too-many-buys", player=name, limit=ceiling, deal=record.number))
    return problems


def hand_problems(
    state: GameFacts, went_out: str | None, hands: Mapping[str, HandValue], record: DealRecord | None = None
) -> tuple[list[Problem], int | None]:
    """Every problem of a deal's result (default: the deal under way); also the winner's seat."""
    record = record if record is not None else state.current
    problems, winner = _winner(state, went_out, record)
    problems += [unknown(state, name) for name in hands if name not in state.names]
    all_cards: list[Card] = []
    for seat, name in enumerate(state.names):
        if seat in record.away:
            if name in hands and hands[name] not in ("", 0):
                problems.append(away(name, record.number))
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
        problems.append(copies("hands", error))
    return problems, winner


def _winner(state: GameFacts, went_out: str | None, record: DealRecord) -> tuple[list[Problem], int | None]:
    """The seat of who went out in ``record``'s deal, and why they cannot have (unknown, left, or nobody out where
    someone must go out)."""
    if went_out is None:
        if state.variant.deal_may_end_with_nobody_out:
            return [], None
        return [_p("nobody-out", variant=state.variant.named)], None
    if went_out not in state.names:
        return [unknown(state, went_out)], None
    winner = state.names.index(went_out)
    return ([away(went_out, record.number)] if winner in record.away else []), winner


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


def absent(state: GameFacts, player: str, record: DealRecord) -> Problem | None:
    """Why ``player`` takes no part in ``record``'s deal: not playing in the game, or left it; None when they do."""
    if player not in state.names:
        return unknown(state, player)
    if state.names.index(player) in record.away:
        return away(player, record.number)
    return None


def away(player: str, deal: int) -> Problem:
    """``player`` has left the game and takes no part in deal ``deal``."""
    return _p("player-left", player=player, deal=deal)


def cut_problems(state: GameFacts, jokers: int, number: int) -> list[Problem]:
    """Why deal ``number``'s cutter cannot have cut exactly taking ``jokers`` jokers: more jokers than the cards
    the cutter looks at or the jokers in play, a variant whose cutter takes none, or no reward for an exact cut in
    that deal."""
    variant = state.variant
    problems: list[Problem] = []
    row = variant.deck_row(len(state.names))
    if not 0 <= jokers <= min(CUT_LOOKS_AT, row.jokers):
        problems.append(_p("bad-jokers", jokers=row.jokers, count=jokers))
    elif jokers and not variant.cut.cutter_takes_jokers:
        problems.append(_p("cutter-takes-no-jokers", variant=variant.named))
    if exact_cut_reward(variant, deal=number) is None:
        problems.append(_p("no-exact-cut-reward", variant=variant.named))
    return problems


def copies(where: str, error: TooManyCopiesError) -> Problem:
    """More copies of a card in the hands or the melds than the decks hold, said with the card and the counts."""
    if error.card.is_joker:
        return _p("too-many-copies", f"{where}-jokers", count=error.count, available=error.available)
    return _p("too-many-copies", where, count=error.count, card=str(error.card), available=error.available)


def no_dealers_choice(variant: Variant) -> Problem:
    """``variant`` is played without dealer's choice: no contract is chosen."""
    return _p("no-dealers-choice", variant=variant.named)


def no_such_contract(variant: Variant, index: int) -> Problem:
    """``variant`` has no contract at ``index`` (counted from 0, said from 1)."""
    return _p("no-such-contract", index=index + 1, variant=variant.named, count=len(variant.deals))


def contract_used(state: GameFacts, index: int, record: DealRecord) -> list[Problem]:
    """Dealer's choice plays each contract once: the other deals that already played contract ``index``."""
    return [_p("contract-used", contract=state.variant.deals[index], deal=other.number)
            for other in state.records if other.contract_index == index and other.number != record.number]


def in_deal_problems(state: GameFacts, event: InDeal) -> list[Problem]:
    """Why nothing can be recorded for ``event``'s deal now (the refusals every event of the deal under way meets
    first): the deal is no deal of the game, the game is over, or it is not the deal under way."""
    return deal_problems(state, event.deal)


def action_problems(state: GameFacts, event: PlayerAction) -> list[Problem]:
    """Why ``event.player`` can do nothing in the deal under way: :func:`in_deal_problems`, then the player is
    unknown or has left the game."""
    problems = deal_problems(state, event.deal)
    if problems:
        return problems
    missing = absent(state, event.player, state.current)
    return [missing] if missing is not None else []
