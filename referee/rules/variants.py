"""Every variant as data, and the registry that finds one by id.

A :class:`Variant` holds everything the referee and the ledger need to know about a game: players and
decks, the deals and their contracts, meld rules, card values, buying, the cut, going out, the end of
the game, lay-off and joker-swap rules, the house rules a table may switch, and the ``decisions`` this
project took where the rule book's sources are silent. Code branches on these properties, never on a
variant's id.

>>> find_variant("telefunken").deals[0].contracts[0].describe()
'1 pure trío'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum

from referee.rules.cards import Card, Rank
from referee.rules.problems import RulesError

__all__ = [
    "MeldKind",
    "AceRule",
    "WildLimit",
    "Discard",
    "StockRule",
    "FirstPlayer",
    "Direction",
    "CutReward",
    "RunJokerSwap",
    "SwapReuse",
    "MeldRules",
    "Requirement",
    "Contract",
    "Deal",
    "BuyRules",
    "CutRules",
    "CardValues",
    "LayoffRules",
    "Payouts",
    "PlayerRange",
    "DeckRow",
    "HouseRule",
    "Variant",
    "UnknownVariantError",
    "DealOutOfRangeError",
    "HouseRuleError",
    "VARIANTS",
    "find_variant",
    "variant_ids",
]


# --------------------------------------------------------------------------------------------------
# Vocabulary
# --------------------------------------------------------------------------------------------------


class MeldKind(StrEnum):
    """What a meld is."""

    SET = "set"
    RUN = "run"
    PAIR = "pair"
    COLOUR_RUN = "colour-run"  # Carrillo deal 7: 12 consecutive ranks alternating red and black


class AceRule(StrEnum):
    """Where an ace may sit in a run."""

    LOW_OR_HIGH = "low-or-high"  # A-2-3 or Q-K-A, never K-A-2
    HIGH_ONLY = "high-only"  # J-Q-K-A only (Shanghai)
    WRAP = "wrap"  # high, low or around the corner: K-A-2 (Peru v1, Carrillo)
    NOT_IN_RUNS = "not-in-runs"  # aces cannot be used in runs (Delifante)


class WildLimit(StrEnum):
    """How many wild cards one meld may hold."""

    NONE = "none"  # no wild card at all
    ONE = "one"  # at most one
    AT_MOST_NATURALS = "at-most-naturals"  # no more wilds than naturals (Peru v1 runs)
    FEWER_THAN_NATURALS = "fewer-than-naturals"  # naturals strictly outnumber wilds (Farmer's)
    ANY = "any"  # any number, with at least one natural (Progressive, Wittig sets, Carrillo runs)


class Discard(StrEnum):
    """Whether going out needs a final discard."""

    OPTIONAL = "optional"
    REQUIRED = "required"
    FORBIDDEN = "forbidden"


class StockRule(StrEnum):
    """What happens when the stock runs out."""

    RESHUFFLE = "reshuffle"  # the discard pile becomes the new stock
    RESHUFFLE_KEEP_TOP = "reshuffle-keep-top"  # all but the top discard (Carrillo)
    DEAL_ENDS = "deal-ends"  # play ends, everyone scores their hand, nobody wins (Peru v1)


class FirstPlayer(StrEnum):
    """Who plays first in a deal."""

    AFTER_DEALER = "after-dealer"
    DEALER = "dealer"  # the dealer holds an extra card and opens by discarding (Peru v1 family)


class Direction(StrEnum):
    """A label for the screens; it never changes who deals or cuts (turn order does)."""

    COUNTERCLOCKWISE = "counterclockwise"
    CLOCKWISE = "clockwise"


class CutReward(StrEnum):
    """What an exact cut earns the cutter."""

    CHIP = "chip"  # +1 chip / buy
    MINUS_25 = "minus-25"
    MINUS_50 = "minus-50"
    ERASE_PREVIOUS = "erase-previous"  # the cutter's points of the previous deal are erased (Carrillo)
    NONE = "none"


class RunJokerSwap(StrEnum):
    """How a wild in a run may be exchanged."""

    NONE = "none"
    END_MOVE = "end-move"  # joker at an end replaced by its card, moved to either end (Venezuela)
    REPLACE = "replace"  # the natural replaces the wild, which goes to the swapper's hand (Peru v1)
    SLIDE = "slide"  # jokers may be slid along the run to admit new cards, never taken back (Carrillo)


class SwapReuse(StrEnum):
    """Where a wild taken from the table must go."""

    HAND = "hand"  # into the swapper's hand, to use whenever they like (Venezuela's set joker)
    OWN_CONTRACT = "own-contract"  # straight into the contract the swapper lays this turn (Ecuador)
    NEW_RUN = "new-run"  # straight into a new run of the swapper's, this turn (Peru v1)


# --------------------------------------------------------------------------------------------------
# Data
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
    sets_share_rank: bool = True  # two contract sets of one rank (binding decision 2)
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
        text = " and ".join(parts) if len(parts) <= 2 else ", ".join(parts[:-1]) + " and " + parts[-1]
        if self.max_wilds == 0:
            text += " (no jokers)"
        elif self.max_wilds is not None:
            text += f" (at most {self.max_wilds} joker{'s' if self.max_wilds != 1 else ''} in all)"
        return text

    @property
    def card_count(self) -> int:
        """The fewest cards the contract takes."""
        return sum(r.size for r in self.melds)


def _plural(text: str) -> str:
    head, sep, tail = text.partition(" ")
    if head in ("pure",):
        return head + " " + _plural(tail)
    word = {"trío": "tríos", "cuarteto": "cuartetos", "quinteto": "quintetos", "set": "sets",
            "run": "runs", "pair": "pairs", "colour": "colour"}.get(head, head)
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
    free_first_take: bool = True  # the first player may take the up-card free (Venezuela)
    token: str = "chip"  # what the table counts: "chip", "buy", "coin", "May I"
    price: int = 0  # money per buy into the pot (Progressive: $1)
    take_discard_as_draw: bool = False  # the player in turn may draw the top discard instead of the stock
    on_own_turn: bool = True  # a buy on your own turn exists (Shanghai: no, you simply draw the discard)
    card_beneath_buyable: bool = False  # once a discard is bought, the one beneath may be bought (Progressive)


@dataclass(frozen=True)
class CutRules:
    """The cut, and what an exact cut earns."""

    cutter_takes_jokers: bool = True  # jokers among the bottom 3 of the lifted block go to the cutter
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
    extra_melds_on_contract_turn: bool = True
    new_melds_after_contract: bool = True  # Carrillo, Progressive: lay-offs only afterwards
    one_run_per_suit: bool = False  # Tahelia Powe: never two runs of one suit for one player
    set_joker_swap: int | None = 2  # cards of the set's rank that replace its joker; None: never
    run_joker_swap: RunJokerSwap = RunJokerSwap.END_MOVE
    swap_from_own_melds: bool = True  # Bolivia: never from your own
    swap_only_from_others_contract: bool = False  # Ecuador
    swap_must_use_at_once: bool = False  # Ecuador, Peru v1: the joker goes straight into a new meld
    swap_needs_melded: bool = True  # only after the swapper has melded (Venezuela: in a later turn)
    swap_on_contract_turn: bool = False  # Peru v1: allowed on the contract turn too
    swap_reuse: SwapReuse = SwapReuse.HAND  # where the wild taken must go
    wilds_movable: bool = True  # Progressive: wilds never move once melded
    runs_joinable: bool = False  # two runs on the table never merge into one
    layoff_needs_melded: bool = True  # a lay-off comes after the player's own contract
    run_jokers_slide: bool = False  # Carrillo: jokers slide within a run to admit new cards


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
    dealer_extra_card: bool = False  # the dealer gets one more card and no up-card is turned (Peru v1)
    up_card: bool = True
    first_player: FirstPlayer = FirstPlayer.AFTER_DEALER
    final_discard: Discard = Discard.OPTIONAL
    stock_exhausted: StockRule = StockRule.RESHUFFLE
    unused_chip_points: int = 0  # points per unused chip at the end (Peru v1: −10)
    payouts: Payouts | None = None
    direction: Direction = Direction.COUNTERCLOCKWISE
    streak_multiplier: bool = False
    dealer_chooses_contract: bool = False
    no_meld_first_turn_from: int | None = None  # Bolivia: from this many players on, nobody melds on turn 1
    shanghai_call: bool = False  # a discard that fits a meld on the table may be claimed by calling "Shanghai"
    blind_out_bonus: tuple[int, int] | None = None  # going out in one turn: (with a wild, with none) (Kolsov ext)
    house_rules: tuple[HouseRule, ...] = ()
    house_rule_values: tuple[tuple[str, object], ...] = ()  # the values in force (defaults omitted)
    decisions: tuple[str, ...] = ()  # what this project decided where the sources are silent

    # ---- questions -------------------------------------------------------------------------------

    def deal(self, number: int) -> Deal:
        """Deal ``number`` (1-based), or :class:`DealOutOfRangeError`."""
        if not 1 <= number <= len(self.deals):
            raise DealOutOfRangeError(self, number)
        return self.deals[number - 1]

    def deck_row(self, players: int | None = None) -> DeckRow:
        """The packs and jokers for ``players`` (None: the most the variant ever uses)."""
        if players is None:
            return max(self.decks, key=lambda row: (row.decks, row.jokers))
        for row in self.decks:
            if players <= row.max_players:
                return row
        return self.decks[-1]

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

    def exact_cut_counts(self, players: int, *, jokers_taken: int = 0) -> tuple[int, ...]:
        """How many cards make an exact cut for ``players`` (the cutter took ``jokers_taken`` jokers)."""
        return self.cut.exact_counts(players=players, cards_dealt=self.cards_dealt, jokers_taken=jokers_taken)

    def house_rule(self, rule_id: str) -> HouseRule:
        """One of this variant's house rules by id."""
        for rule in self.house_rules:
            if rule.id == rule_id:
                return rule
        raise HouseRuleError(rule_id, None, "a house rule of " + self.name)

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

    def __init__(self, variant_id: str) -> None:
        self.variant_id = variant_id
        super().__init__(f"unknown variant {variant_id!r} (known: {', '.join(variant_ids())})")


class DealOutOfRangeError(RulesError):
    """The variant has no such deal."""

    def __init__(self, variant: Variant, number: int) -> None:
        self.number = number
        super().__init__(f"deal {number} is out of range: {variant.name} has deals 1 to {len(variant.deals)}")


class HouseRuleError(RulesError):
    """An unknown house rule, or a value it does not take."""

    def __init__(self, rule_id: str, value: object, expected: str) -> None:
        self.rule_id = rule_id
        self.value = value
        if value is None:
            super().__init__(f"unknown house rule {rule_id!r}: not {expected}")
        else:
            super().__init__(f"house rule {rule_id!r} cannot be {value!r}: it takes {expected}")


# --------------------------------------------------------------------------------------------------
# The variants (the data below follows RULES.md section by section)
# --------------------------------------------------------------------------------------------------

# ---- building blocks -----------------------------------------------------------------------------


def _set(size: int, *, or_more: bool = False, wilds: WildLimit | None = None) -> Requirement:
    return Requirement(MeldKind.SET, size, or_more=or_more, wilds=wilds)


def _run(size: int, *, or_more: bool = False, wilds: WildLimit | None = None) -> Requirement:
    return Requirement(MeldKind.RUN, size, or_more=or_more, wilds=wilds)


PURE_TRIO = Requirement(MeldKind.SET, 3, wilds=WildLimit.NONE, distinct_suits=True)
TRIO = _set(3)


def _only(*melds: Requirement, max_wilds: int | None = None, name: str = "") -> tuple[Contract, ...]:
    """A deal's one contract."""
    return (Contract(melds, max_wilds=max_wilds, name=name),)


def _sets_only(*counts_and_sizes: tuple[int, int]) -> tuple[Deal, ...]:
    """Deals whose contracts are sets only: ``(2, 3)`` is 2 sets of 3."""
    return tuple(
        Deal(number, _only(*(_set(size),) * count))
        for number, (count, size) in enumerate(counts_and_sizes, start=1)
    )


def _renumbered(deals: Iterable[Deal]) -> tuple[Deal, ...]:
    return tuple(replace(deal, number=number) for number, deal in enumerate(deals, start=1))


def _with_deals(variant: Variant, change: Callable[[Deal], Deal]) -> Variant:
    return replace(variant, deals=tuple(change(deal) for deal in variant.deals))


def _values(*, two: int, low: Callable[[int], int], ten: int = 10, ace: int, joker: int) -> CardValues:
    """Penalty values with J, Q, K at 10 (every variant)."""
    return CardValues.of(two=two, low=low, ten=ten, faces=10, ace=ace, joker=joker)


def _face(rank: int) -> int:
    return rank


# ---- house rules ---------------------------------------------------------------------------------
# Each apply sets its fields to absolute values, so switching a rule off restores the book's rule and
# the order in which rules are applied never matters (no two rules of a variant touch the same field).


def _flag(value: object) -> bool:
    return value is True


def _whole(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _chips_rule(default: int, token: str) -> HouseRule:
    return HouseRule(
        "chips",
        "int",
        default,
        f"{token.capitalize()}s each player may spend on buying discards in the whole game.",
        apply=lambda v, value: replace(v, buy=replace(v.buy, per_game=_whole(value))),
        minimum=0,
        maximum=99,
    )


def _cut_reward_rule(default: CutReward, *, chips: bool = True) -> HouseRule:
    return HouseRule(
        "exact_cut_reward",
        "choice",
        default.value,
        "What the cutter earns for lifting exactly the cards the deal needs: one more chip, "
        "25 or 50 points off, the previous deal's points erased, or nothing.",
        apply=lambda v, value: replace(v, cut=replace(v.cut, reward=CutReward(str(value)))),
        choices=tuple(r.value for r in CutReward if chips or r is not CutReward.CHIP),
    )


STREAK_MULTIPLIER = HouseRule(
    "streak_multiplier",
    "bool",
    False,
    "A player who wins deals in a row multiplies the others' points: ×2 on the 2nd win in a row, ×3 on the 3rd…",
    apply=lambda v, value: replace(v, streak_multiplier=_flag(value)),
)


def _direction_rule(default: Direction) -> HouseRule:
    return HouseRule(
        "direction",
        "choice",
        default.value,
        "Which way the deal and the turn go round the table (it only changes how the screens word it).",
        apply=lambda v, value: replace(v, direction=Direction(str(value))),
        choices=tuple(d.value for d in Direction),
    )


def _jokers_per_meld_rule() -> HouseRule:
    return HouseRule(
        "jokers_per_meld",
        "choice",
        "one",
        "Jokers in one set or run: one (pagat) or any number (a Venezuelan account); contract limits still apply.",
        apply=lambda v, value: replace(
            v,
            meld_rules=replace(
                v.meld_rules,
                set_wilds=WildLimit.ONE if value == "one" else WildLimit.ANY,
                run_wilds=WildLimit.ONE if value == "one" else WildLimit.ANY,
            ),
        ),
        choices=("one", "any"),
    )


_EXCHANGES = {"deal-6": {6: 1}, "none": {}, "deal-4-and-6-twice": {4: 1, 6: 2}}


def _deal6_exchange_rule() -> HouseRule:
    return HouseRule(
        "deal6_exchange",
        "choice",
        "deal-6",
        "Before deal 6 everyone may swap cards face down for as many from the shuffled pool; "
        "or no exchange; or one before deal 4 and two in a row before deal 6.",
        apply=lambda v, value: _with_deals(
            v, lambda d: replace(d, exchanges=_EXCHANGES[str(value)].get(d.number, 0))
        ),
        choices=tuple(_EXCHANGES),
    )


def _third_deck_rule(players: PlayerRange, decks: tuple[DeckRow, ...]) -> HouseRule:
    def apply(variant: Variant, value: object) -> Variant:
        if not _flag(value):
            return replace(variant, players=players, decks=decks)
        return replace(
            variant,
            players=replace(players, max=MAX_PLAYERS_THREE_DECKS),
            decks=(*decks, DeckRow(MAX_PLAYERS_THREE_DECKS, 3, 6)),
        )

    return HouseRule(
        "third_deck",
        "bool",
        False,
        f"With more than {decks[-1].max_players} players, add a third deck with 2 jokers (as in Bolivia), "
        f"for up to {MAX_PLAYERS_THREE_DECKS} players.",
        apply=apply,
    )


MAX_PLAYERS_THREE_DECKS = 8


# ---- Telefunken, Venezuela (§3) ------------------------------------------------------------------

_STANDARD_PLAYERS = PlayerRange(3, 4, 5)
_STANDARD_DECKS = (DeckRow(5, 2, 4),)  # 2 × 52 + 4 jokers = 108 cards

_TELEFUNKEN_DECISIONS = (
    "3 to 5 players on 108 cards, 4 by default; with 6 or more a third deck with 2 jokers may be added "
    "(house rule).",
    "An exact cut leaves 11 × players + 1 cards for the deal and the up-card, less the jokers the cutter took.",
    "Contract melds are exactly the size stated, except a run marked “or more”.",
    "Two contract sets may be of the same rank (six of a rank make two tríos with two decks).",
    "At most one joker in any set or run, as pagat says; a Venezuelan account allows any number (house rule).",
    "A run is at most 13 cards, so the ace is never at both ends.",
    "On the contract turn you may extend your own extra melds, but not your own contract sets.",
    "Jokers are exchanged only after you have melded, in a later turn; a run joker moves to either end, "
    "and where there is no free end the exchange is not possible.",
    "Only the first player may take the up-card, free; nobody may buy it.",
    "A buy may be claimed until the next player has drawn; priority goes to the player next after the "
    "discarder, then on in turn order.",
    "When the stock runs out the whole discard pile is shuffled into a new stock.",
    "Deal 6 exchange: give 0 to 11 cards face down and get as many back from the shuffled pool, in turn order.",
    "Unused chips are worth nothing at the end.",
    "A deal that ends without anyone going out has no winner; totals may go below zero.",
)

TELEFUNKEN = Variant(
    id="telefunken",
    name="Telefunken (Venezuela)",
    description="The base game: 7 deals from a pure trío to a trío and a run of 7, "
    "one joker per meld, 7 chips to buy discards.",
    players=_STANDARD_PLAYERS,
    decks=_STANDARD_DECKS,
    cards_dealt=11,
    deals=(
        Deal(1, _only(PURE_TRIO)),
        Deal(2, _only(TRIO, TRIO)),
        Deal(3, _only(_set(4))),
        Deal(4, _only(_set(4), _set(4))),
        Deal(5, _only(_set(5))),
        Deal(6, _only(_set(5), _set(5)), exchanges=1),
        Deal(7, _only(TRIO, _run(7, or_more=True)), go_out_in_one_turn=True),
    ),
    meld_rules=MeldRules(),  # jokers only, one per meld; sets of 3+, runs of 3 to 13, ace low or high
    card_values=_values(two=2, low=_face, ace=11, joker=15),
    buy=BuyRules(per_game=7),  # 1 chip: the discard + 1 stock card (2 on your own turn)
    cut=CutRules(),  # the cutter keeps jokers; 11n + 1 − jokers earns a chip
    layoff=LayoffRules(),  # pure trío closes at 4; set joker for 2 cards; run joker moves to an end
    direction=Direction.COUNTERCLOCKWISE,
    house_rules=(
        _chips_rule(7, "chip"),
        _cut_reward_rule(CutReward.CHIP),
        STREAK_MULTIPLIER,
        _direction_rule(Direction.COUNTERCLOCKWISE),
        _jokers_per_meld_rule(),
        _deal6_exchange_rule(),
        _third_deck_rule(_STANDARD_PLAYERS, _STANDARD_DECKS),
    ),
    decisions=_TELEFUNKEN_DECISIONS,
)


# ---- the registry --------------------------------------------------------------------------------

VARIANTS: dict[str, Variant] = {
    variant.id: variant
    for variant in (
        TELEFUNKEN,
    )
}


def find_variant(variant_id: str) -> Variant:
    """The variant with this id (case-insensitive), or :class:`UnknownVariantError`."""
    try:
        return VARIANTS[variant_id.strip().lower()]
    except KeyError:
        raise UnknownVariantError(variant_id) from None


def variant_ids() -> tuple[str, ...]:
    """Every variant id, in the rule book's order."""
    return tuple(VARIANTS)
