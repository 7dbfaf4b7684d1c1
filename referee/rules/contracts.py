"""A deal's contract: are these melds exactly what the deal asks for, and if not, every reason why.

:func:`check_contract` answers one question (docs/rules.md, D1): are the melds laid down exactly the deal's
contract? Extra melds laid in the same turn are judged one by one, as melds (:func:`~referee.rules.melds.classify`).
The melds may come in any order and each may be read in several ways (a 3-card meld may be a set or a run, a joker
may stand at either end of a run): every assignment of melds to the contract's requirements and every reading is
tried. When none fits, the verdict explains the closest one.

:func:`check_laydown` answers the ledger's question about a lay-down in a game (docs/rules.md, D71): the contract,
and where the variant lets a player lay further melds on the contract turn, extra melds each valid as a meld.

>>> check_contract("telefunken", 7, ["4H 4S 4D", "3C 4C JK 6C 7C 8C 9C"]).valid
True
>>> [str(p) for p in check_contract("telefunken", 1, ["7H 7S JK"]).problems]
['a joker in the pure trío: deal 1 needs three natural cards of different suits']

Decisions this module takes where the rule book is silent (the first is docs/rules.md, D10):

- Two runs of one suit are *consecutive* when the second starts right after the first ends (3-6♥ then 7-10♥),
  in either order; K then A-2-3 or Q-K-A then 2-3-4 only where runs turn the corner. Where contract runs may
  not share a suit at all (Tahelia Powe), that one problem is reported, not adjacency as well.
- Contract-wide wild limits (Ecuador's ``max_wilds``) are reported once for the contract, and not at all when
  every wild card over the limit is already reported by its own meld (a joker in a pure trío).
- A text ``melds`` argument holds the melds separated by ``|``, ``;`` or new lines.
- A requirement that caps its wild cards (``Requirement.wild_cap``: Deb Kolsov's ext preset) is read without the
  variant's own limit per set or run, and its cap counted instead (docs/rules.md, D69): a run of 5 with two jokers
  fills deal 6's run with ``kolsov_ext`` and is refused without it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from referee.rules.cards import Card, CardsLike, format_cards, to_cards
from referee.rules.catalogue import to_variant
from referee.rules.melds import (
    Meld,
    check_codes,
    code_explanation,
    code_readings,
    decode,
    encode,
    lifted,
    plausible_kinds,
    wilds_allowed,
)
from referee.rules.problems import ParamValue, Problem, RulesError
from referee.rules.variants import AceRule, Contract, MeldKind, MeldRules, Requirement, Variant, WildLimit
from referee.rules.wording import Count, Noun, Plural, VariantName

__all__ = ["ContractVerdict", "MeldsError", "check_contract", "check_laydown", "deal_contracts", "split_melds"]

_WILD_CODES = frozenset(
    {"wild-in-pure-trio", "wilds-not-allowed-in-contract", "too-many-wilds", "wilds-in-sets-not-allowed"}
)
_SEARCH_LIMIT = 20_000  # nodes of the explanation search; the best found so far is reported beyond it


class MeldsError(RulesError):
    """The melds given are not a list of melds."""

    def __init__(self, melds: object) -> None:
        self.melds = melds
        super().__init__(f"{melds!r} is not a list of melds (give each meld's cards, e.g. ['7H 7S 7D', 'JK 8C 9C'])")


@dataclass(frozen=True, slots=True)
class ContractVerdict:
    """The referee's answer about a contract laid down.

    ``contract`` is the contract matched (of a deal's alternatives, the one that fits, else the closest);
    ``melds`` and ``requirements`` follow the input order: each meld's arrangement (None where it is no valid
    meld) and the requirement it fills (None for a meld left over, or an extra meld of a lay-down).
    """

    contract: Contract
    melds: tuple[Meld | None, ...]
    requirements: tuple[Requirement | None, ...]
    problems: tuple[Problem, ...] = ()

    @property
    def valid(self) -> bool:
        """True when the melds are exactly the contract."""
        return not self.problems


def deal_contracts(variant: Variant | str, deal: int) -> tuple[Contract, ...]:
    """The contract of deal ``deal`` (1-based), or the alternatives the player chooses from (Carrillo deal 7)."""
    return to_variant(variant).deal(deal).contracts


def split_melds(melds: Sequence[CardsLike] | str) -> tuple[tuple[Card, ...], ...]:
    """Each meld's cards; a text holds the melds separated by ``|``, ``;`` or new lines.

    >>> [len(m) for m in split_melds("4H 4S 4D | 3C 4C JK 6C")]
    [3, 4]
    """
    if isinstance(melds, str):
        return tuple(to_cards(part) for part in re.split(r"[|;\n]", melds) if part.strip())
    try:
        items = list(melds)
    except TypeError:
        raise MeldsError(melds) from None
    if any(isinstance(item, Card) or not isinstance(item, str | Iterable) for item in items):
        raise MeldsError(melds)  # one meld's cards, or something else, not a list of melds
    return tuple(to_cards(item) for item in items)


def check_contract(
    variant: Variant | str,
    deal: int,
    melds: Sequence[CardsLike] | str,
    *,
    players: int | None = None,
    contract: Contract | None = None,
) -> ContractVerdict:
    """Are these melds exactly deal ``deal``'s contract? Every reason when they are not.

    ``contract`` replaces the deal's own (Ecuador's dealer's choice: the contract the dealer announced).
    More copies of a card across all the melds than the decks hold (for ``players``, or the most decks the
    variant ever uses) raise :class:`~referee.rules.cards.TooManyCopiesError`.
    """
    return _verdict(to_variant(variant), deal, melds, players, contract, extras=False)


def check_laydown(
    variant: Variant | str,
    deal: int,
    melds: Sequence[CardsLike] | str,
    *,
    players: int | None = None,
    contract: Contract | None = None,
) -> ContractVerdict:
    """Is this a lay-down the rules allow in a game? The deal's contract, and where the variant lets a player lay
    further melds on the contract turn (``LayoffRules.extra_melds_on_contract_turn``), any number of extra melds,
    each judged as a meld (docs/rules.md, D71). Where it does not, the melds must be exactly the contract, as
    :func:`check_contract` asks. Every reason when the lay-down is refused; an extra meld fills no requirement.

    >>> check_laydown("telefunken", 7, ["4H 4S 4D", "3C 4C 5C 6C 7C 8C 9C", "KH KS KD"]).valid
    True
    >>> [str(p) for p in check_laydown("shanghai", 1, ["4H 4S 4D", "7C 7S 7D", "KH KS KD"]).problems]
    ['three melds: deal 1 asks for exactly 2 tríos']
    """
    found = to_variant(variant)
    return _verdict(found, deal, melds, players, contract, extras=found.layoff.extra_melds_on_contract_turn)


def _verdict(
    found: Variant,
    deal: int,
    melds: Sequence[CardsLike] | str,
    players: int | None,
    contract: Contract | None,
    *,
    extras: bool,
) -> ContractVerdict:
    """The verdict on ``melds`` as deal ``deal``'s contract, with extra melds beside it when ``extras``."""
    alternatives = (contract,) if contract is not None else found.deal(deal).contracts
    parsed = split_melds(melds)
    codes = [encode(cards) for cards in parsed]
    row = found.deck_row(players)
    check_codes(sorted(c for meld in codes for c in meld), decks=row.decks, jokers=row.jokers)
    matcher = _Matcher(codes, found.meld_rules, found.named, deal, extras=extras)
    for each in alternatives:
        verdict = matcher.exact(each)
        if verdict is not None:
            return verdict
    explained = [matcher.closest(each) for each in alternatives]
    best = min(range(len(explained)), key=lambda k: (explained[k][1], k))
    return explained[best][0]


# --------------------------------------------------------------------------------------------------
# Matching
# --------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Option:
    """One way to read a meld against one requirement, with what is wrong with it (nothing: a fit).

    ``cost`` orders explanations: two per problem, and one more when the cards do not even look like the
    requirement's kind (so a failed colour run is explained as a colour run, not as a royal run).
    """

    meld: Meld | None
    problems: tuple[Problem, ...]
    cost: int

    @property
    def wild_trouble(self) -> bool:
        return any(p.code in _WILD_CODES for p in self.problems)


class _Matcher:
    """Assigns melds to a contract's requirements; caches each meld's readings per requirement.

    With ``extras`` the melds beyond the contract's are extra melds, each judged as a meld under the variant's own
    rules (no requirement's size, wild limit or cap; no rule between contract melds): docs/rules.md, D71.
    """

    def __init__(
        self, codes: list[tuple[int, ...]], rules: MeldRules, name: VariantName, deal: int, *, extras: bool = False
    ) -> None:
        self.codes = codes
        self.rules = rules
        self.name = name
        self.deal = deal
        self.extras = extras
        self.wrap = rules.ace is AceRule.WRAP
        # keyed by (meld index, id of the requirement): a Requirement hashes its enums slowly, and every
        # requirement lives as long as this matcher
        self._fits: dict[tuple[int, int], list[Meld]] = {}
        self._options: dict[tuple[int, int], list[_Option]] = {}
        self._as_meld: dict[int, tuple[Meld | None, tuple[Problem, ...]]] = {}

    def as_meld(self, i: int) -> tuple[Meld | None, tuple[Problem, ...]]:
        """Meld ``i`` read as a meld of its own (an extra meld): its best reading, or None and every reason."""
        found = self._as_meld.get(i)
        if found is None:
            readings = code_readings(self.codes[i], self.rules)
            why = () if readings else code_explanation(self.codes[i], self.rules, self.name)
            found = self._as_meld[i] = (readings[0] if readings else None, why)
        return found

    # ---- the fast path: is there an exact fit? --------------------------------------------------------

    def rules_for(self, req: Requirement) -> MeldRules:
        """The meld rules a meld filling ``req`` is read under: without the variant's limit of wild cards per
        meld where the requirement has a cap of its own (docs/rules.md, D69)."""
        return self.rules if req.wild_cap is None else lifted(self.rules)

    def fits(self, i: int, req: Requirement) -> list[Meld]:
        """The readings of meld ``i`` that fill ``req`` exactly."""
        key = (i, id(req))
        found = self._fits.get(key)
        if found is None:
            readings = code_readings(self.codes[i], self.rules_for(req), req.kind)
            found = self._fits[key] = [m for m in readings if _fills(m, req)]
        return found

    def exact(self, contract: Contract) -> ContractVerdict | None:
        """The verdict when the melds are exactly ``contract`` in some assignment and reading, else None."""
        reqs = contract.melds
        m = len(self.codes)
        spare = m - len(reqs)  # extra melds
        if spare < 0 or (spare and not self.extras):
            return None
        twins = _twins(reqs)
        used = [False] * len(reqs)
        chosen: list[tuple[int | None, Meld]] = []  # (requirement index, None: extra; reading) for melds 0 .. len-1
        limit = contract.max_wilds

        def search(i: int, wilds: int, extra: int) -> bool:
            if i == m:
                return True
            for j, req in enumerate(reqs):
                if used[j] or any(not used[k] for k in twins[j]):
                    continue  # identical requirements are filled in order: no symmetric retries
                for meld in self.fits(i, req):
                    total = wilds + meld.wild_count
                    if limit is not None and total > limit:
                        continue
                    if any(k is not None and _clashes(meld, other, contract, self.wrap) for k, other in chosen):
                        continue
                    used[j] = True
                    chosen.append((j, meld))
                    if search(i + 1, total, extra):
                        return True
                    chosen.pop()
                    used[j] = False
            alone = self.as_meld(i)[0] if extra < spare else None
            if alone is not None:
                chosen.append((None, alone))
                if search(i + 1, wilds, extra + 1):
                    return True
                chosen.pop()
            return False

        if not search(0, 0, 0):
            return None
        return ContractVerdict(
            contract,
            tuple(meld for _, meld in chosen),
            tuple(None if j is None else reqs[j] for j, _ in chosen),
        )

    # ---- the slow path: the closest assignment, and every reason it fails ------------------------------

    def options(self, i: int, req: Requirement) -> list[_Option]:
        """Every way to read meld ``i`` as ``req``, fewest problems first."""
        key = (i, id(req))
        found = self._options.get(key)
        if found is None:
            found = self._options[key] = self._read(i, req)
        return found

    def _read(self, i: int, req: Requirement) -> list[_Option]:
        codes = self.codes[i]
        rules = self.rules_for(req)
        readings = code_readings(codes, rules, req.kind)
        if readings:
            options = []
            for meld in readings:
                found = tuple(self._requirement_problems(meld, req))
                options.append(_Option(meld, found, 2 * len(found)))
            options.sort(key=lambda o: o.cost)
            return options
        others = [m for m in code_readings(codes, rules) if m.kind is not req.kind]
        if others:
            problem = Problem.of(
                "wrong-kind",
                cards=_pretty(decode(codes)),
                got=others[0].kind,
                deal=self.deal,
                requirement=_name(req),
            )
            return [_Option(None, (problem,), 2)]
        problems = list(code_explanation(codes, rules, self.name, req.kind))
        if not any(p.code in ("too-few-cards", "run-too-long", "too-many-cards") for p in problems):
            problems.extend(self._size_problems(len(codes), req))
        wilds = decode(c for c in codes if c == 0 or (rules.twos_wild and c >> 2 == 2))
        problems.extend(self._cap_problems(wilds, req))
        looks_like = req.kind in plausible_kinds(codes, rules)
        return [_Option(None, tuple(problems), 2 * len(problems) + (0 if looks_like else 1))]

    def _size_problems(self, count: int, req: Requirement) -> list[Problem]:
        fits = count >= req.size if req.or_more else count == req.size
        if fits:
            return []
        code = "size-below-minimum" if req.or_more else "size-not-exact"
        return [Problem.of(code, count=count, requirement=_name(req), deal=self.deal, size=req.size)]

    def _cap_problems(self, wilds: Sequence[Card], req: Requirement) -> list[Problem]:
        """More wild cards than the requirement's own cap (docs/rules.md, D69)."""
        if req.wild_cap is None or len(wilds) <= req.wild_cap:
            return []
        named = replace(req, wild_cap=None)
        return [Problem.of("too-many-wilds", "contract-cap", wilds=_wild_words(wilds), requirement=named,
                           deal=self.deal, limit=Count(req.wild_cap))]

    def _requirement_problems(self, meld: Meld, req: Requirement) -> list[Problem]:
        problems = self._size_problems(len(meld.cards), req)
        problems.extend(self._cap_problems(meld.wilds, req))
        wilds = meld.wild_count
        naturals = len(meld.cards) - wilds
        if req.wilds is not None and not wilds_allowed(req.wilds, naturals, wilds):
            where: dict[str, ParamValue] = {"wilds": _wild_words(meld.wilds), "requirement": _name(req),
                                            "deal": self.deal}
            if req.pure:
                problems.append(Problem.of("wild-in-pure-trio", **where, size=Count(req.size)))
            elif req.wilds is WildLimit.NONE:
                problems.append(Problem.of("wilds-not-allowed-in-contract", **where))
            else:
                problems.append(Problem.of("too-many-wilds", "contract", **where, limit=req.wilds, count=wilds))
        if req.distinct_suits:
            suits = [c.suit for c in meld.naturals]
            if len(set(suits)) != len(suits):
                problems.append(
                    Problem.of(
                        "suits-not-different",
                        cards=_pretty(meld.cards),
                        requirement=_name(req),
                        size=Count(req.size),
                    )
                )
        return problems

    def closest(self, contract: Contract) -> tuple[ContractVerdict, int]:
        """The assignment and readings with the fewest problems, and those problems."""
        count_problems = self._count_problems(contract)
        picked, cost = self._best_assignment(contract, 2 * len(count_problems))
        return self._verdict(contract, picked, count_problems), cost

    def _count_problems(self, contract: Contract) -> list[Problem]:
        """Too few melds for the contract, or too many where it allows no extra meld."""
        m = len(self.codes)
        r = len(contract.melds)
        if m < r or (m > r and not self.extras):
            return [Problem.of("wrong-meld-count", given=Count(m, Noun.MELD), deal=self.deal, contract=contract,
                               count=m, expected=r)]
        return []

    def _best_assignment(
        self, contract: Contract, start_cost: int
    ) -> tuple[list[tuple[int, int | None, _Option | None]], int]:
        """The cheapest assignment of the melds to the contract's requirements (a meld left over: None), each
        with its reading, and its cost; a branch-and-bound search, cut short after a fixed number of nodes."""
        reqs = contract.melds
        m = len(self.codes)
        twins = _twins(reqs)
        spare = max(0, m - len(reqs))  # melds that must be left over
        used = [False] * len(reqs)
        chosen: list[tuple[int, int | None, _Option | None]] = []
        best_cost = [1 << 30]
        best: list[list[tuple[int, int | None, _Option | None]]] = [[]]
        nodes = [0]

        def search(i: int, cost: int, left_over: int) -> None:
            nodes[0] += 1
            if cost >= best_cost[0] or nodes[0] > _SEARCH_LIMIT:
                return
            if i == m:
                total = cost + 2 * len(self._contract_wilds(contract, chosen))
                if total < best_cost[0]:
                    best_cost[0] = total
                    best[0] = list(chosen)
                return
            for j, req in enumerate(reqs):
                if used[j] or any(not used[k] for k in twins[j]):
                    continue
                for option in self.options(i, req):
                    extra = option.cost
                    if option.meld is not None:
                        extra += 2 * sum(
                            len(self._clash_problems(option.meld, o.meld, contract))
                            for _, _, o in chosen
                            if o is not None and o.meld is not None
                        )
                    used[j] = True
                    chosen.append((i, j, option))
                    search(i + 1, cost + extra, left_over)
                    chosen.pop()
                    used[j] = False
            if left_over < spare:
                extra = 2 * len(self.as_meld(i)[1]) if self.extras else 0  # an extra meld must be a meld
                chosen.append((i, None, None))
                search(i + 1, cost + extra, left_over + 1)
                chosen.pop()

        search(0, start_cost, 0)
        return best[0], best_cost[0]

    def _verdict(
        self, contract: Contract, picked: list[tuple[int, int | None, _Option | None]], count_problems: list[Problem]
    ) -> ContractVerdict:
        """The verdict of the assignment ``picked``: each meld's reading and requirement, and every problem."""
        m = len(self.codes)
        problems = list(count_problems)
        numbered = m > 1
        melds: list[Meld | None] = [None] * m
        filled: list[Requirement | None] = [None] * m
        placed: list[Meld] = []
        for i, j, option in picked:
            if option is None or j is None:
                melds[i], why = self.as_meld(i)
                if self.extras:
                    problems.extend(_numbered(p, i, numbered) for p in why)
                continue
            melds[i] = option.meld
            filled[i] = contract.melds[j]
            problems.extend(_numbered(p, i, numbered) for p in option.problems)
            if option.meld is not None:
                for other in placed:
                    problems.extend(self._clash_problems(other, option.meld, contract))
                placed.append(option.meld)
        problems.extend(self._contract_wilds(contract, picked))
        return ContractVerdict(contract, tuple(melds), tuple(filled), tuple(problems))

    def _contract_wilds(
        self, contract: Contract, chosen: Sequence[tuple[int, int | None, _Option | None]]
    ) -> list[Problem]:
        limit = contract.max_wilds
        if limit is None:
            return []
        total = 0
        unreported = 0
        wilds: list[Card] = []
        for _, _, option in chosen:
            if option is None or option.meld is None:
                continue
            total += option.meld.wild_count
            wilds.extend(option.meld.wilds)
            if not option.wild_trouble:
                unreported += option.meld.wild_count
        if total <= limit or unreported == 0:
            return []
        return [
            Problem.of(
                "too-many-wilds-in-contract",
                "none" if limit == 0 else "",
                wilds=_wild_words(wilds),
                deal=self.deal,
                limit=Count(limit),
                count=total,
                maximum=limit,
            )
        ]

    def _clash_problems(self, a: Meld, b: Meld, contract: Contract) -> list[Problem]:
        if not _clashes(a, b, contract, self.wrap):
            return []
        if a.kind is MeldKind.SET:
            rank = a.rank
            assert rank is not None
            return [
                Problem.of(
                    "sets-share-rank",
                    rank=Plural(rank),
                    variant=self.name,
                )
            ]
        suit = a.suit
        assert suit is not None
        if not contract.runs_share_suit:
            return [
                Problem.of(
                    "runs-share-suit",
                    suit=suit,
                    variant=self.name,
                )
            ]
        first, second = (a, b) if _follows(a, b, self.wrap) else (b, a)
        return [
            Problem.of(
                "runs-adjacent",
                first=_span(first),
                second=_span(second),
                variant=self.name,
            )
        ]


def _fills(meld: Meld, req: Requirement) -> bool:
    """Whether a valid meld of the requirement's kind fills it exactly (size, wild limits, suits).

    The yes/no twin of ``_Matcher._requirement_problems``: the exact search asks this for every reading and builds
    no Problem; a change to one of the two belongs in the other.
    """
    n = len(meld.cards)
    if n < req.size or (n > req.size and not req.or_more):
        return False
    if req.wild_cap is not None and meld.wild_count > req.wild_cap:
        return False
    if req.wilds is not None:
        wilds = meld.wild_count
        if not wilds_allowed(req.wilds, n - wilds, wilds):
            return False
    if req.distinct_suits:
        suits = [c.suit for c in meld.naturals]
        if len(set(suits)) != len(suits):
            return False
    return True


def _twins(reqs: Sequence[Requirement]) -> list[list[int]]:
    """For each requirement, the earlier identical ones (filled first, to skip symmetric assignments)."""
    return [[k for k in range(j) if reqs[k] == reqs[j]] for j in range(len(reqs))]


def _clashes(a: Meld, b: Meld, contract: Contract, wrap: bool) -> bool:
    """Whether two contract melds break the contract's rules between melds (rank, suit, adjacency)."""
    if a.kind is MeldKind.SET and b.kind is MeldKind.SET:
        return not contract.sets_share_rank and a.rank is not None and a.rank is b.rank
    if a.kind is MeldKind.RUN and b.kind is MeldKind.RUN and a.suit is b.suit:
        if not contract.runs_share_suit:
            return True
        return not contract.runs_adjacent and (_follows(a, b, wrap) or _follows(b, a, wrap))
    return False


def _follows(a: Meld, b: Meld, wrap: bool) -> bool:
    """Whether run ``b`` starts right after run ``a`` ends."""
    top = a.high.rank
    bottom = b.low.rank
    if top is None or bottom is None:
        return False
    if int(top) == 13:  # K: only an ace turning the corner follows it
        return wrap and int(bottom) == 1
    if int(top) == 1:  # an ace at the top is high: only a 2 turning the corner follows it
        return wrap and int(bottom) == 2
    return int(bottom) == int(top) + 1


def _numbered(problem: Problem, index: int, numbered: bool) -> Problem:
    """The problem with the meld's number (1-based) as a parameter, and in the text when there are several."""
    return replace(problem, params=(*problem.params, ("meld", index + 1)), numbered=numbered)


def _name(req: Requirement) -> Requirement:
    """The requirement as the problem names it: without "no wild card" (the problem says that)."""
    return replace(req, wilds=None, wild_cap=None) if req.wilds is WildLimit.NONE and not req.pure else req


def _span(meld: Meld) -> str:
    return f"{meld.low.pretty()}–{meld.high.pretty()}"


def _pretty(cards: Sequence[Card]) -> str:
    """The cards for people, jokers last."""
    return format_cards(sorted(cards, key=lambda c: c.is_joker), pretty=True)


def _wild_words(wilds: Sequence[Card]) -> Count:
    return Count(len(wilds), Noun.JOKER if all(c.is_joker for c in wilds) else Noun.WILD_CARD, article=True)
