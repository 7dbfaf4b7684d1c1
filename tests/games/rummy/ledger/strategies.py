"""Hypothesis strategies: random but legal (or overridden) game logs for every variant."""

from __future__ import annotations

from hypothesis import strategies as st

from referee.games.rummy.ledger.events import (
    Buy,
    DealCorrected,
    DealEnded,
    Event,
    ExactCut,
    GameAbandoned,
    GameCreated,
    LaidDown,
    PlayerRenamed,
    Undone,
)
from referee.games.rummy.ledger.state import EventRefused, GameState, apply, start
from referee.rules.catalogue import variant_ids

NAMES = ("Ana", "Beto", "Caro", "Dani", "Eli")
CARDS = ("AS", "2H", "7D", "10C", "KH", "JK", "Q", "5", "9S")


@st.composite
def hands(draw: st.DrawFn, players: tuple[str, ...], went_out: str | None) -> dict[str, str | int]:
    out: dict[str, str | int] = {}
    for name in players:
        if name == went_out:
            if draw(st.booleans()):
                out[name] = draw(st.sampled_from(["", 0]))
            continue
        if draw(st.booleans()):
            out[name] = draw(st.integers(0, 120))
        else:
            out[name] = " ".join(draw(st.lists(st.sampled_from(CARDS), max_size=4)))
    return out


@st.composite
def candidate(draw: st.DrawFn, state: GameState, fast: bool = False) -> Event:
    players = state.players
    deal = state.deal_number
    kinds = ["buy", "cut", "end", "end"] if fast else [
        "buy", "buy", "cut", "laid", "end", "end", "end", "undo", "correct", "rename", "abandon"]
    kind = draw(st.sampled_from(kinds))
    if kind == "buy":
        return Buy(deal=deal, player=draw(st.sampled_from(players)))
    if kind == "cut":
        return ExactCut(deal=deal, cutter_jokers=draw(st.integers(0, 1)))
    if kind == "laid":
        return LaidDown(deal=deal, player=draw(st.sampled_from(players)))
    if kind == "undo":
        return Undone(seq=draw(st.integers(2, max(2, state.seq))))
    if kind == "rename":
        return PlayerRenamed(old=draw(st.sampled_from(players)), new=draw(st.sampled_from(NAMES + ("Zed", "Yan"))))
    if kind == "abandon":
        return GameAbandoned(reason="late")
    went_out: str | None = draw(st.sampled_from(players))
    if draw(st.integers(0, 9)) == 0:
        went_out = None
    if kind == "correct" and state.sheet.deals:
        number = draw(st.integers(1, len(state.sheet.deals)))
        return DealCorrected(deal=number, went_out=went_out, hands=draw(hands(players, went_out)),
                             exact_cut=draw(st.sampled_from([None, True, False])),
                             buys=draw(st.sampled_from([None, {}, {players[0]: 1}])))
    return DealEnded(deal=deal, went_out=went_out, hands=draw(hands(players, went_out)))


@st.composite
def game_logs(draw: st.DrawFn, max_events: int = 40) -> tuple[list[Event], GameState]:
    """A log every event of which the state accepted (some with an override), and its final state."""
    variant = draw(st.sampled_from(variant_ids()))
    house: dict[str, object] = {}
    if draw(st.booleans()):
        house["streak_multiplier"] = True
    players = NAMES[: draw(st.integers(3, 5))]
    created = GameCreated(variant=variant, players=players, first_dealer=draw(st.sampled_from(players)),
                          house_rules=house, override="the table allows it")
    state = start(created)
    events: list[Event] = [created]
    fast = draw(st.booleans())  # half the games run quickly to their end
    for _ in range(draw(st.integers(0, max_events))):
        event = draw(candidate(state, fast))
        try:
            state = apply(state, event)
        except EventRefused as refused:
            if not refused.forcible or not draw(st.booleans()):
                continue
            event = event.with_override("; ".join(p.message for p in refused.problems))
            state = apply(state, event)
        events.append(event)
    return events, state
