"""Find the contract in a hand: can these cards go down, how, and if not, how close are they?

:func:`solve` takes a variant, a deal and the cards a player holds (1 to 30, wild cards included) and
answers with a :class:`Solution`: whether the hand holds the deal's contract, one arrangement (which cards
make which required meld, as :class:`~referee.rules.melds.Meld` objects, so what each wild card stands for
is there), the cards left, and — when the contract is not there — the best partial arrangement and what is
missing, as :class:`~referee.rules.problems.Problem` values ("the trío needs one more 9 or a joker").

For the deals that must be gone out in one turn (``Deal.go_out_in_one_turn``: Venezuela's and Ecuador's
deal 7, Shanghai's last deal, Carrillo's deal 7, …) the question is whether the *whole hand* goes down at
once: the contract plus, where the variant allows melds beyond the contract on the contract turn, further
valid sets and runs, using every card — or every card but one where a final discard is allowed (exactly
one where it is required).

>>> s = solve("telefunken", 2, "7H 7S JK 9C 9D 9H 4C")
>>> s.possible, [m.describe() for m in s.melds], [str(c) for c in s.left]
(True, ['set of 7s with one joker', 'set of 9s'], ['4C'])
>>> s = solve("telefunken", 7, "4H 4S 3C 4C 5C 6C 7C 8C 9C")
>>> s.possible, [m.describe() for m in s.melds], s.messages
(False, ['set of 4s', 'run 5♣–9♣'], ('the run of 7 or more needs 4♣ or a joker to complete the run 3♣–9♣',))

How it searches (a real search, never a greedy choice, so a card that both a set and a run want is placed
where the whole contract works):

- Ordinary deals: backtracking over the contract's requirements. Runs come first, the most constrained
  run requirement at each step (the one with the fewest candidate runs in the cards left); a candidate run
  may leave a natural card in the hand and take a wild card in its place, so that a set can have it. The
  sets and pairs are then placed by rank counts alone (which suit goes where no longer matters). Every
  state (cards left, requirements left) is memoized.
- Go-out deals: the lowest natural card left must lie in some meld (or be the one discard): every set,
  run and colour run through it is tried, as a contract requirement or as an extra meld, memoized on the
  cards left.
- When the contract is not there, the same searches run again allowing requirements (and, in a go-out
  deal, cards) to stay unmet, keeping the arrangement with the most requirements met, then the most cards
  used. Among a deal's alternative contracts (Carrillo deal 7) the closest is the one with the largest
  share of its requirements met, then the most cards used.

Decisions this module takes where the rule book is silent (docs/rules.md, D62 and D4):

- A contract run marked "or more" is shown as long as the cards left allow (the natural cards that extend
  it at either end are added to it); the search itself needs only its minimum length.
- A 2 where 2s are wild counts as a joker's equal everywhere but in its own place in a run of its suit,
  where it is natural; the search spends jokers before 2s.
- Where a final discard is required (Carrillo deal 7) the whole hand goes down only with exactly one card
  left to discard.
- A go-out lay-down's extra melds follow the variant's meld rules only (no contract limits); where the
  variant allows nothing but the contract on the contract turn (Shanghai, Carrillo), there are none.
- The search for the *closest* arrangement spends wild 2s in one fixed order (jokers first, then the suit
  with the most 2s), and beyond a budget of search steps (huge hands) reports the closest arrangement found
  so far. Whether the contract is there is always answered by a complete search.
"""

from __future__ import annotations

from referee.rules.cards import CardsLike, to_cards
from referee.rules.catalogue import to_variant
from referee.rules.melds import encode
from referee.rules.solver.answer import MAX_HAND, ContractChoiceError, HandSizeError, Solution
from referee.rules.solver.closest import ClosestSearch
from referee.rules.solver.shapes import SLOTS, Plan
from referee.rules.variants import Contract, Deal, Variant

__all__ = [
    "MAX_HAND",
    "Solution",
    "HandSizeError",
    "ContractChoiceError",
    "solve",
]


# --------------------------------------------------------------------------------------------------
# The entry point
# --------------------------------------------------------------------------------------------------


def solve(
    variant: Variant | str,
    deal: int | Deal,
    hand: CardsLike,
    *,
    players: int | None = None,
    contract: Contract | int | None = None,
) -> Solution:
    """Whether ``hand`` holds deal ``deal``'s contract, one arrangement, and otherwise how close it is.

    ``contract`` picks one of the deal's alternatives (a Contract or its 0-based index); by default every
    alternative is tried. Bad input raises a :class:`~referee.rules.problems.RulesError`: an unknown
    variant or deal, bad notation, a hand of no cards or more than 30, more copies of a card than the
    decks hold (for ``players``, or the most decks the variant uses).
    """
    found = to_variant(variant)
    the_deal = deal if isinstance(deal, Deal) else found.deal(deal)
    if players is not None:
        found.check_players(players)
    cards = to_cards(hand)
    if not 1 <= len(cards) <= MAX_HAND:
        raise HandSizeError("hand-size", count=len(cards), most=MAX_HAND)
    found.check_copies(cards, players)
    alternatives = _alternatives(the_deal, contract)
    codes = encode(cards)
    counts = [0] * SLOTS
    for code in codes:
        counts[code] += 1
    start = tuple(counts)
    discard = found.final_discard_in(the_deal.number)
    go_out = the_deal.go_out_in_one_turn
    extras = found.layoff.extra_melds_on_contract_turn
    searches = [
        ClosestSearch(found, the_deal, c, go_out=go_out, discard=discard, extras=extras) for c in alternatives
    ]
    for search in searches:
        plan = search.exact(start)
        if plan is not None:
            return search.solution(start, plan, possible=True)
    best: tuple[tuple[float, int, int], ClosestSearch, Plan] | None = None
    for index, search in enumerate(searches):
        plan = search.closest(start)
        met = sum(1 for p in plan if p.req is not None)
        used = sum(len(p.naturals) + len(p.wilds) for p in plan)
        score = (met / len(search.reqs), used, -index)
        if best is None or score > best[0]:
            best = (score, search, plan)
    assert best is not None
    return best[1].solution(start, best[2], possible=False)


def _alternatives(deal: Deal, choice: Contract | int | None) -> tuple[Contract, ...]:
    if choice is None:
        return deal.contracts
    if isinstance(choice, Contract):
        return (choice,)
    if isinstance(choice, int) and not isinstance(choice, bool) and 0 <= choice < len(deal.contracts):
        return (deal.contracts[choice],)
    raise ContractChoiceError("no-such-contract-choice", choice=repr(choice), deal=deal.number,
                              count=len(deal.contracts), contracts=deal.contracts)
