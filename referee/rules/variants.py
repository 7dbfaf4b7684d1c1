"""The variant model, and the registry that finds a variant by id.

A :class:`Variant` holds everything the referee and the ledger need to know about a game: players and
decks, the deals and their contracts, meld rules, card values, buying, the cut, going out, the end of
the game, lay-off and joker-swap rules, the house rules a table may switch, and the ``decisions`` this
project took where the rule book's sources are silent. Code branches on these properties, never on a
variant's id. The closed choices a rule takes (:class:`MeldKind`, :class:`WildLimit`, :class:`CutReward`…)
are defined in :mod:`referee.rules.vocabulary` and re-exported here.

The variants themselves are data, one module per family of docs/rules.md in :mod:`referee.rules.catalogue`,
which builds them from this model and holds the registry (``VARIANTS``, ``DEFAULT_VARIANT``, ``find_variant``,
``to_variant``, ``variant_ids``). This module imports none of it: the catalogue is built on the model, so the
arrow points one way only.

House rules are typed switches with fixed ids (the export format uses them): ``chips``,
``exact_cut_reward``, ``streak_multiplier``, ``direction`` and ``dealer_chooses_contract``, plus
``jokers_per_meld``, ``deal6_exchange``, ``third_deck``, ``set_joker_swap_cards``,
``telefunque_regulations`` and ``kolsov_ext`` where the rule book names a variation. A variant
without chips (Carrillo, the Shanghai family, Progressive) has no ``chips`` rule at all, rather than
a null one: a table cannot give chips to a game that has none.

>>> from referee.rules.catalogue import find_variant
>>> find_variant("telefunken").deals[0].contracts[0].describe()
'1 pure trío'
>>> find_variant("telefunken-bolivia").exact_cut_counts(4)
(44, 45)
>>> find_variant("telefunken").with_house_rules({"chips": 12, "x-note": "ignored"}).buy.per_game
12
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace

from referee.rules.cards import Card, Rank, check_copies
from referee.rules.problems import Problem, ProblemError, RulesError
from referee.rules.vocabulary import (
    AceRule,
    BuyCall,
    CutReward,
    Direction,
    Discard,
    FirstPlayer,
    MeldKind,
    Reminder,
    RunJokerSwap,
    RunWord,
    SetWord,
    StockRule,
    SwapReuse,
    Terms,
    WildLimit,
)
from referee.rules.wording import BuyToken, Count, VariantName, and_words

__all__ = [
    # the vocabulary, re-exported from referee.rules.vocabulary
    "MeldKind", "AceRule", "WildLimit", "Discard", "StockRule", "FirstPlayer", "Direction", "CutReward",
    "RunJokerSwap", "SwapReuse", "SetWord", "RunWord", "BuyCall", "Terms", "Reminder",
    # the model
    "MeldRules", "Requirement", "Contract", "Deal", "BuyRules", "CutRules", "CardValues", "LayoffRules",
    "Payouts", "PlayerRange", "DeckRow", "HouseRule", "Variant", "CUT_LOOKS_AT",
    "UnknownVariantError", "DealOutOfRangeError", "HouseRuleError", "PlayerCountError",
]



# --------------------------------------------------------------------------------------------------
# The model
# --------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class MeldRules:
    """What makes a valid set, run or pair in a variant (outside any contract's extra limits)."""

    twos_wild: bool = False
    set_wilds: WildLimit = WildLimit.ONE
    run_wilds: WildLimit = WildLimit.ONE
    wild_only_sets: bool = False  # a set of wilds only (Carrillo's trío of three jokers)
    min_set: int = 3
    min_run: int = 3
    max_run: int = 13
    ace: AceRule = AceRule.LOW_OR_HIGH
    runs: bool = True  # Farmer's Rummy has no runs at all
    pairs: bool = False  # Progressive deal 14
    colour_runs: bool = False  # Carrillo deal 7

    def is_wild(self, card: Card) -> bool:
        """Jokers are always wild; 2s where the variant says so."""
        return card.is_joker or (self.twos_wild and card.rank == Rank.TWO)

    @property
    def longest_run(self) -> int:
        """The most cards a run may hold: ``max_run``, and never more ranks than it may use (12 without aces)."""
        return min(self.max_run, 12 if self.ace is AceRule.NOT_IN_RUNS else 13)


@dataclass(frozen=True)
class Requirement:
    """One meld a contract asks for."""

    kind: MeldKind
    size: int
    or_more: bool = False
    wilds: WildLimit | None = None  # stricter limit for this contract meld (NONE: no wild card)
    distinct_suits: bool = False  # the pure trío: three different suits
    wild_cap: int | None = None  # at most this many wilds in this contract meld (Kolsov ext: 2 in a run of 5)

    @property
    def pure(self) -> bool:
        """No wild card and different suits: Telefunken's trío limpio."""
        return self.wilds is WildLimit.NONE and self.distinct_suits

    def describe(self) -> str:
        """English, e.g. 'pure trío', 'run of 7 or more', 'set of 4'."""
        if self.kind is MeldKind.SET:
            base = {3: "trío", 4: "cuarteto", 5: "quinteto"}.get(self.size, f"set of {self.size}")
        elif self.kind is MeldKind.RUN:
            base = f"run of {self.size}"
        elif self.kind is MeldKind.PAIR:
            base = "pair"
        else:
            base = f"colour run of {self.size}"
        if self.or_more:
            base += " or more"
        if self.pure:
            return "pure " + base
        if self.wilds is WildLimit.NONE:
            return base + " with no wild card"
        if self.wilds is WildLimit.ONE or self.wild_cap == 1:
            return base + " with at most 1 wild card"
        if self.wild_cap is not None:
            return base + f" with at most {self.wild_cap} wild cards"
        return base


@dataclass(frozen=True)
class Contract:
    """The melds a player must lay down, all at once, before anything else in a deal."""

    melds: tuple[Requirement, ...]
    max_wilds: int | None = None  # wild cards in the whole contract (Ecuador: 1)
    sets_share_rank: bool = True  # two contract sets of one rank (docs/rules.md, D3)
    runs_share_suit: bool = True  # two contract runs of one suit (Tahelia Powe: no)
    runs_adjacent: bool = True  # two consecutive same-suit runs, 3-6♥ and 7-10♥ (Shanghai: no)
    name: str = ""  # "royal run", "colour run", "chueca"…

    def describe(self) -> str:
        """English, e.g. '1 trío and 1 run of 7 or more'."""
        parts: list[str] = []
        seen: dict[Requirement, int] = {}
        for req in self.melds:
            seen[req] = seen.get(req, 0) + 1
        for req, count in seen.items():
            text = req.describe()
            parts.append(f"{count} {text if count == 1 else _plural(text)}")
        text = and_words(parts)
        if self.max_wilds == 0:
            text += " (no jokers)"
        elif self.max_wilds is not None:
            text += f" (at most {self.max_wilds} joker{'s' if self.max_wilds != 1 else ''} in all)"
        if self.name:
            text = f"{self.name}: {text}"
        return text

    @property
    def card_count(self) -> int:
        """The fewest cards the contract takes."""
        return sum(r.size for r in self.melds)


def _plural(text: str) -> str:
    head, sep, tail = text.partition(" ")
    if head in ("pure",):
        return head + " " + _plural(tail)
    word = {
        "trío": "tríos",
        "cuarteto": "cuartetos",
        "quinteto": "quintetos",
        "set": "sets",
        "run": "runs",
        "pair": "pairs",
        "colour": "colour",
    }.get(head, head)
    return word + sep + tail


@dataclass(frozen=True)
class Deal:
    """One deal of a game: its contract (or alternatives the player chooses from) and its own rules."""

    number: int
    contracts: tuple[Contract, ...]
    go_out_in_one_turn: bool = False  # nothing is laid down until the whole hand can go (Venezuela 7)
    final_discard: Discard | None = None  # None: the variant's rule
    buying: bool = True
    buys_per_deal: int | None = None  # None: the variant's per-deal limit
    stock_cards_per_buy: int | None = None  # None: the variant's (Progressive 12–13: 1 "take")
    exchanges: int = 0  # discard-exchanges before play (Venezuela deal 6: 1)

    def describe(self) -> str:
        """English: the contract(s), e.g. '4 tríos, or 3 runs of 4, or a royal run…'."""
        text = ", or ".join(c.describe() for c in self.contracts)
        if self.go_out_in_one_turn:
            text += " — go out in one turn"
        return text


@dataclass(frozen=True)
class BuyRules:
    """Buying the discard: chips or buys, what a buy costs, who may buy and when."""

    enabled: bool = True
    per_game: int | None = 7  # chips per player for the game; None: no per-game limit
    per_deal: int | None = None  # per player per deal (Shanghai's two "May I"); None: no limit
    stock_cards: int = 1  # stock cards a buy adds out of turn
    stock_cards_own_turn: int = 2  # stock cards in all when buying on your own turn
    after_melding: bool = False
    token: BuyToken = BuyToken.CHIP  # what the table counts
    price: int = 0  # money per buy into the pot (Progressive: $1)
    on_own_turn: bool = True  # a buy on your own turn exists (Shanghai: no, you simply draw the discard)
    card_beneath_buyable: bool = False  # once a discard is bought, the one beneath may be bought (Progressive)

    def lines(self) -> tuple[Problem, ...]:
        """What the rules card says of buying, each a sentence of the engine (its code and parameters, worded
        by :data:`referee.rules.wording.MESSAGES`): a new kind of limit adds its field and its line here, its
        check to the ledger (``referee.games.rummy.ledger.state.checks``) and both sentences to the wording.

        >>> [str(line) for line in BuyRules(per_game=None, per_deal=2, on_own_turn=False).lines()][:2]
        ['At most 2 buys per deal.', 'A buy takes the discard and 1 card from the stock.']
        """
        if not self.enabled:
            return (Problem.of("buying", "none"),)
        lines: list[Problem] = []
        if self.per_game is not None:
            lines.append(Problem.of("buying", "per-game", tokens=Count(self.per_game, self.token)))
        if self.per_deal is not None:
            lines.append(Problem.of("buying", _one("per-deal", self.per_deal), count=self.per_deal))
        if self.per_game is None and self.per_deal is None:
            lines.append(Problem.of("buying", "unlimited"))
        lines.append(Problem.of("buying", _one("stock", self.stock_cards), count=self.stock_cards))
        if self.on_own_turn:
            own = self.stock_cards_own_turn
            lines.append(Problem.of("buying", _one("own-turn", own), count=own))
        lines.append(Problem.of("buying", "priority"))
        if not self.after_melding:
            lines.append(Problem.of("buying", "not-after-melding"))
        if self.price:
            lines.append(Problem.of("buying", "price", count=self.price))
        if self.card_beneath_buyable:
            lines.append(Problem.of("buying", "card-beneath"))
        return tuple(lines)


def _one(form: str, count: int) -> str:
    """A sentence's form for ``count``: its own form for one ("1 card"), else the plural one."""
    return f"{form}-one" if count == 1 else form


#: The cutter looks at this many cards at the bottom of the lifted block and keeps the jokers among them
#: (docs/rules.md §2.4): no cutter takes more jokers than that.
CUT_LOOKS_AT = 3


@dataclass(frozen=True)
class CutRules:
    """The cut, and what an exact cut earns."""

    cutter_takes_jokers: bool = True  # jokers among the bottom CUT_LOOKS_AT of the lifted block go to the cutter
    offsets: tuple[int, ...] = (1,)  # exact = cards dealt × players + offset (− jokers taken)
    reward: CutReward = CutReward.CHIP

    def exact_counts(self, *, players: int, cards_dealt: int, jokers_taken: int = 0) -> tuple[int, ...]:
        """How many cards make an exact cut."""
        taken = jokers_taken if self.cutter_takes_jokers else 0
        return tuple(cards_dealt * players + offset - taken for offset in self.offsets)


@dataclass(frozen=True)
class CardValues:
    """Penalty points of the cards left in a hand."""

    ranks: tuple[int, ...]  # 13 values, A first, K last
    joker: int

    def __post_init__(self) -> None:
        if len(self.ranks) != 13:
            raise ValueError("card values need 13 ranks, A to K")

    def value(self, card: Card) -> int:
        """The penalty value of one card (a bare rank counts as any card of that rank)."""
        if card.rank is None:
            return self.joker
        return self.ranks[int(card.rank) - 1]

    @classmethod
    def of(cls, *, two: int, low: Callable[[int], int], ten: int, faces: int, ace: int, joker: int) -> CardValues:
        """Build values: ``low(rank)`` for 3–9."""
        return cls((ace, two, *(low(r) for r in range(3, 10)), ten, faces, faces, faces), joker)


@dataclass(frozen=True)
class LayoffRules:
    """Adding to melds on the table and exchanging wild cards."""

    pure_trio_closes: bool = True  # the pure trío takes only its 4th suit, then closes (Venezuela)
    wilds_onto_sets: bool = True  # Farmer's: a wild is never added to a set on the table
    wilds_onto_runs: bool = True
    own_contract_locked_on_contract_turn: bool = True  # Venezuela: not your own contract sets that turn
    layoff_on_contract_turn: bool = True  # Carrillo: nothing but the contract on the contract turn
    extra_melds_on_contract_turn: bool = True  # melds beside the contract, in a lay-down too (docs/rules.md, D71)
    new_melds_after_contract: bool = True  # Carrillo, Progressive: lay-offs only afterwards
    set_joker_swap: int | None = 2  # cards of the set's rank that replace its joker; None: never
    run_joker_swap: RunJokerSwap = RunJokerSwap.END_MOVE
    swap_from_own_melds: bool = True  # Bolivia: never from your own
    swap_only_from_others_contract: bool = False  # Ecuador
    swap_needs_melded: bool = True  # only after the swapper has melded (Venezuela: in a later turn)
    swap_on_contract_turn: bool = False  # Peru v1: allowed on the contract turn too
    swap_reuse: SwapReuse = SwapReuse.HAND  # where the wild taken must go
    wilds_movable: bool = True  # Progressive: wilds never move once melded
    runs_joinable: bool = False  # two runs on the table never merge into one
    layoff_needs_melded: bool = True  # a lay-off comes after the player's own contract


@dataclass(frozen=True)
class Payouts:
    """End-of-game money by finishing position (Progressive Rummy)."""

    step: int = 2  # the k-th place pays step × (k − 1); the winner receives the sum

    def payments(self, places: int) -> tuple[int, ...]:
        """What each finishing place pays (negative) or receives (positive), before ties."""
        paid = [-self.step * k for k in range(1, places)]
        return (-sum(paid), *paid)


@dataclass(frozen=True)
class PlayerRange:
    """How many may play."""

    min: int
    default: int
    max: int


@dataclass(frozen=True)
class DeckRow:
    """Up to ``max_players`` players use ``decks`` packs and ``jokers`` jokers."""

    max_players: int
    decks: int
    jokers: int


@dataclass(frozen=True)
class HouseRule:
    """A rule a table may switch when creating a game.

    ``kind`` is ``"int"``, ``"bool"`` or ``"choice"``; ``choices`` lists the values a choice takes;
    ``nullable`` lets an int be None (no limit). ``apply`` returns the variant with the value in force.
    """

    id: str
    kind: str
    default: object
    explanation: str
    apply: Callable[[Variant, object], Variant] = field(repr=False, compare=False)
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    nullable: bool = False

    def validate(self, value: object) -> object:
        """Return the value if this rule takes it, else raise :class:`HouseRuleError`."""
        if value is None and self.nullable:
            return None
        if self.kind == "bool":
            if isinstance(value, bool):
                return value
            raise HouseRuleError(self.id, value, "true or false")
        if self.kind == "int":
            if isinstance(value, int) and not isinstance(value, bool):
                if self.minimum is not None and value < self.minimum:
                    raise HouseRuleError(self.id, value, f"a whole number of at least {self.minimum}")
                if self.maximum is not None and value > self.maximum:
                    raise HouseRuleError(self.id, value, f"a whole number of at most {self.maximum}")
                return value
            raise HouseRuleError(self.id, value, "a whole number")
        if isinstance(value, str) and value in self.choices:
            return value
        raise HouseRuleError(self.id, value, "one of " + ", ".join(self.choices))


@dataclass(frozen=True)
class Variant:
    """A contract-rummy variant, as data. See the module docstring."""

    id: str
    name: str
    description: str  # one line for the new-game screen
    players: PlayerRange
    decks: tuple[DeckRow, ...]
    cards_dealt: int
    deals: tuple[Deal, ...]
    meld_rules: MeldRules
    card_values: CardValues
    buy: BuyRules
    cut: CutRules
    layoff: LayoffRules = LayoffRules()
    first_player: FirstPlayer = FirstPlayer.AFTER_DEALER
    final_discard: Discard = Discard.OPTIONAL
    stock_exhausted: StockRule = StockRule.RESHUFFLE
    unused_chip_points: int = 0  # points per unused chip at the end (Peru v1: −10)
    payouts: Payouts | None = None
    streak_multiplier: bool = False
    dealer_chooses_contract: bool = False
    shanghai_call: bool = False  # a discard that fits a meld on the table may be claimed by calling "Shanghai"
    blind_out_bonus: tuple[int, int] | None = None  # going out in one turn: (with a wild, with none) (Kolsov ext)
    terms: Terms = Terms()
    house_rules: tuple[HouseRule, ...] = ()
    house_rule_values: tuple[tuple[str, object], ...] = ()  # the values in force (defaults omitted)
    decisions: tuple[str, ...] = ()  # what this project decided where the sources are silent

    # ---- questions -------------------------------------------------------------------------------

    @property
    def deal_may_end_with_nobody_out(self) -> bool:
        """Only where the stock running out ends the deal can a deal end with nobody out."""
        return self.stock_exhausted is StockRule.DEAL_ENDS

    @property
    def has_pure_trio(self) -> bool:
        """Whether some contract of the game asks for a pure trío (a lay-off question only such a game asks)."""
        return any(req.pure for deal in self.deals for contract in deal.contracts for req in contract.melds)

    @functools.cached_property
    def named(self) -> VariantName:
        """The variant as a sentence names it (by its name, which each page says in its language)."""
        return VariantName(self.name)

    def deal(self, number: int) -> Deal:
        """Deal ``number`` (1-based), or :class:`DealOutOfRangeError`."""
        problem = self.deal_problem(number)
        if problem is not None:
            raise DealOutOfRangeError(problem.code, **problem.as_dict())
        return self.deals[number - 1]

    def deal_problem(self, number: int) -> Problem | None:
        """Why the variant has no deal ``number`` (1-based), or None when it has one."""
        if 1 <= number <= len(self.deals):
            return None
        return Problem.of("no-such-deal", variant=self.named, count=len(self.deals), deal=number)

    def deck_row(self, players: int | None = None) -> DeckRow:
        """The packs and jokers for ``players`` (None: the most the variant ever uses)."""
        if players is None:
            return max(self.decks, key=lambda row: (row.decks, row.jokers))
        for row in self.decks:
            if players <= row.max_players:
                return row
        return self.decks[-1]

    def check_copies(self, cards: Iterable[Card], players: int | None = None) -> None:
        """Refuse more copies of a card than the decks in play for ``players`` hold (None: the most decks used).

        Raises :class:`~referee.rules.cards.TooManyCopiesError`.
        """
        row = self.deck_row(players)
        check_copies(cards, decks=row.decks, jokers=row.jokers)

    def buying_in(self, number: int) -> bool:
        """Whether the discard may be bought in deal ``number``."""
        return self.buy.enabled and self.deal(number).buying

    def buy_limit_in(self, number: int) -> int | None:
        """Buys per player in deal ``number`` (None: no per-deal limit)."""
        limit = self.deal(number).buys_per_deal
        return self.buy.per_deal if limit is None else limit

    def stock_cards_per_buy(self, number: int, *, own_turn: bool = False) -> int:
        """Stock cards a buy adds in deal ``number``; on your own turn the normal draw is counted in."""
        out_of_turn = self.deal(number).stock_cards_per_buy
        if out_of_turn is None:
            out_of_turn = self.buy.stock_cards
        return out_of_turn + (self.buy.stock_cards_own_turn - self.buy.stock_cards if own_turn else 0)

    def final_discard_in(self, number: int) -> Discard:
        """Whether going out in deal ``number`` needs, allows or forbids a final discard."""
        rule = self.deal(number).final_discard
        return self.final_discard if rule is None else rule

    def reminders_in(self, number: int) -> tuple[tuple[Reminder, int], ...]:
        """The rules of deal ``number`` a table forgets, each with its count (exchanges; else 1).

        >>> from referee.rules.catalogue import find_variant
        >>> find_variant("telefunken").reminders_in(6)
        ((<Reminder.EXCHANGE: 'exchange'>, 1),)
        >>> [r.value for r, _ in find_variant("progressive-rummy").reminders_in(1)]
        ['no-buying']
        """
        deal = self.deal(number)
        found: list[tuple[Reminder, int]] = []
        if deal.exchanges:
            found.append((Reminder.EXCHANGE, deal.exchanges))
        if deal.go_out_in_one_turn:
            found.append((Reminder.GO_OUT_IN_ONE_TURN, 1))
        if self.final_discard_in(number) is Discard.FORBIDDEN:
            found.append((Reminder.NO_FINAL_DISCARD, 1))
        if self.buy.enabled and not deal.buying:
            found.append((Reminder.NO_BUYING, 1))
        return tuple(found)

    def exact_cut_counts(self, players: int, *, jokers_taken: int = 0) -> tuple[int, ...]:
        """How many cards make an exact cut for ``players`` (the cutter took ``jokers_taken`` jokers)."""
        return self.cut.exact_counts(players=players, cards_dealt=self.cards_dealt, jokers_taken=jokers_taken)

    def check_players(self, players: int) -> None:
        """Raise :class:`PlayerCountError` unless the variant takes ``players`` players."""
        problem = self.players_problem(players)
        if problem is not None:
            raise PlayerCountError(problem.code, **problem.as_dict())

    def players_problem(self, players: int) -> Problem | None:
        """Why the variant is not played by ``players`` players, or None when it is."""
        if players < self.players.min:
            return Problem.of("too-few-players", variant=self.named, min=self.players.min, count=players)
        if players > self.players.max:
            return Problem.of("too-many-players", variant=self.named, max=self.players.max, count=players)
        return None

    def house_rule(self, rule_id: str) -> HouseRule:
        """One of this variant's house rules by id."""
        for rule in self.house_rules:
            if rule.id == rule_id:
                return rule
        raise HouseRuleError(rule_id, None, "a house rule of " + self.name, unknown=True)

    def house_rule_value(self, rule_id: str) -> object:
        """The value in force of a house rule (its default unless switched)."""
        rule = self.house_rule(rule_id)
        return dict(self.house_rule_values).get(rule_id, rule.default)

    def with_house_rules(self, values: Mapping[str, object]) -> Variant:
        """This variant with house rules switched; keys starting ``x-`` are ignored.

        Raises :class:`HouseRuleError` for an unknown id or a value the rule does not take.
        """
        variant = self
        in_force = dict(self.house_rule_values)
        for rule_id, raw in values.items():
            if rule_id.startswith("x-"):
                continue
            rule = self.house_rule(rule_id)
            value = rule.validate(raw)
            variant = rule.apply(variant, value)
            in_force[rule_id] = value
        return replace(variant, house_rule_values=tuple(sorted(in_force.items())))


class UnknownVariantError(RulesError):
    """No variant has this id."""

    def __init__(self, variant_id: str, known: Iterable[str] = ()) -> None:
        self.variant_id = variant_id
        super().__init__(f"unknown variant {variant_id!r} (known: {', '.join(known)})")


class DealOutOfRangeError(ProblemError):
    """The variant has no such deal (``no-such-deal``)."""


class PlayerCountError(ProblemError):
    """The variant is not played by this many players (``too-few-players``, ``too-many-players``)."""


class HouseRuleError(RulesError):
    """An unknown house rule, or a value it does not take."""

    def __init__(self, rule_id: str, value: object, expected: str, *, unknown: bool = False) -> None:
        self.rule_id = rule_id
        self.value = value
        self.unknown = unknown
        if unknown:
            super().__init__(f"unknown house rule {rule_id!r}: not {expected}")
        else:
            super().__init__(f"house rule {rule_id!r} cannot be {value!r}: it takes {expected}")
