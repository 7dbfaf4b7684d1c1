"""Every variant as data, and the registry that finds one by id.

A :class:`Variant` holds everything the referee and the ledger need to know about a game: players and
decks, the deals and their contracts, meld rules, card values, buying, the cut, going out, the end of
the game, lay-off and joker-swap rules, the house rules a table may switch, and the ``decisions`` this
project took where the rule book's sources are silent. Code branches on these properties, never on a
variant's id.

House rules are typed switches with fixed ids (the export format uses them): ``chips``,
``exact_cut_reward``, ``streak_multiplier``, ``direction`` and ``dealer_chooses_contract``, plus
``jokers_per_meld``, ``deal6_exchange``, ``third_deck``, ``set_joker_swap_cards``,
``telefunque_regulations`` and ``kolsov_ext`` where the rule book names a variation. A variant
without chips (Carrillo, the Shanghai family, Progressive) has no ``chips`` rule at all, rather than
a null one: a table cannot give chips to a game that has none.

>>> find_variant("telefunken").deals[0].contracts[0].describe()
'1 pure trío'
>>> find_variant("telefunken-bolivia").exact_cut_counts(4)
(44, 45)
>>> find_variant("telefunken").with_house_rules({"chips": 12, "x-note": "ignored"}).buy.per_game
12
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum

from referee.rules.cards import Card, Rank, check_copies
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
    "SetWord",
    "RunWord",
    "BuyCall",
    "Terms",
    "Reminder",
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
    "PlayerCountError",
    "VARIANTS",
    "DEFAULT_VARIANT",
    "find_variant",
    "to_variant",
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

    @property
    def points(self) -> int:
        """Points the reward adds to the cutter's total (−25, −50); 0 for a reward that is not a fixed number."""
        return _CUT_POINTS.get(self, 0)


_CUT_POINTS = {CutReward.MINUS_25: -25, CutReward.MINUS_50: -50}


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


class SetWord(StrEnum):
    """What a family's table calls its sets."""

    TRIO = "trío"  # trío, cuarteto, quinteto (Telefunken and its family)
    BOOK = "book"  # book of 3 (Shanghai)
    SET = "set"  # set of 3 (Progressive)


class RunWord(StrEnum):
    """What a family's table calls its runs."""

    ESCALERA = "escalera"  # Telefunken and its family
    RUN = "run"  # Shanghai, Progressive


class BuyCall(StrEnum):
    """The call that claims a discard out of turn."""

    COMPRO = "¡Compro!"  # Telefunken and its family
    MAY_I = "May I"  # Shanghai, Progressive


@dataclass(frozen=True)
class Terms:
    """The words a family's table plays with: its sets, its runs and the call that claims a discard.

    They are codes: the screens word each one in the page's language (a Spanish table of Shanghai still speaks
    of runs and "May I", translated; a Telefunken table speaks of tríos and escaleras in every language).
    """

    sets: SetWord = SetWord.TRIO
    runs: RunWord = RunWord.ESCALERA
    buy_call: BuyCall = BuyCall.COMPRO


class Reminder(StrEnum):
    """A rule of one deal that a table forgets: said on the deal's screens when it applies."""

    EXCHANGE = "exchange"  # cards are exchanged before play (the count is the number of exchanges)
    GO_OUT_IN_ONE_TURN = "go-out-in-one-turn"  # nothing is laid down until the whole hand goes at once
    NO_FINAL_DISCARD = "no-final-discard"  # going out leaves no card to discard
    NO_BUYING = "no-buying"  # the discard cannot be bought in this deal (in a game that buys)


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
        text = " and ".join(parts) if len(parts) <= 2 else ", ".join(parts[:-1]) + " and " + parts[-1]
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
    terms: Terms = Terms()
    house_rules: tuple[HouseRule, ...] = ()
    house_rule_values: tuple[tuple[str, object], ...] = ()  # the values in force (defaults omitted)
    decisions: tuple[str, ...] = ()  # what this project decided where the sources are silent

    # ---- questions -------------------------------------------------------------------------------

    @property
    def deal_may_end_with_nobody_out(self) -> bool:
        """Only where the stock running out ends the deal can a deal end with nobody out."""
        return self.stock_exhausted is StockRule.DEAL_ENDS

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
        if not self.players.min <= players <= self.players.max:
            raise PlayerCountError(self, players)

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

    def __init__(self, variant_id: str) -> None:
        self.variant_id = variant_id
        super().__init__(f"unknown variant {variant_id!r} (known: {', '.join(variant_ids())})")


class DealOutOfRangeError(RulesError):
    """The variant has no such deal."""

    def __init__(self, variant: Variant, number: int) -> None:
        self.number = number
        super().__init__(f"deal {number} is out of range: {variant.name} has deals 1 to {len(variant.deals)}")


class PlayerCountError(RulesError):
    """The variant is not played by this many players."""

    def __init__(self, variant: Variant, players: int) -> None:
        self.players = players
        super().__init__(
            f"{players} players cannot play {variant.name}: it takes {variant.players.min} to {variant.players.max}"
        )


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


# --------------------------------------------------------------------------------------------------
# The variants (the data below follows docs/rules.md §3–§10, section by section)
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
        Deal(number, _only(*(_set(size),) * count)) for number, (count, size) in enumerate(counts_and_sizes, start=1)
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
# Stake amounts are not house rules: the ledger keeps them as game settings. `chips` exists only where
# the variant counts buys per game; `streak_multiplier` and `direction` exist in every variant.
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


def _table_rules(
    direction: Direction, cut: CutReward, *, chips: int | None = None, token: str = "chip"
) -> tuple[HouseRule, ...]:
    """The switches of every variant (the exact cut's reward, the streak multiplier, the direction), led by
    ``chips`` where the variant counts buys per game; without chips, an exact cut cannot earn one."""
    common = (_cut_reward_rule(cut, chips=chips is not None), STREAK_MULTIPLIER, _direction_rule(direction))
    return common if chips is None else (_chips_rule(chips, token), *common)


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
        apply=lambda v, value: _with_deals(v, lambda d: replace(d, exchanges=_EXCHANGES[str(value)].get(d.number, 0))),
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


# ---- Telefunken, Venezuela (docs/rules.md §3) ----------------------------------------------------

_STANDARD_PLAYERS = PlayerRange(3, 4, 5)
_STANDARD_DECKS = (DeckRow(5, 2, 4),)  # 2 × 52 + 4 jokers = 108 cards

_TELEFUNKEN_DECISIONS = (
    "3 to 5 players on 108 cards, 4 by default; with 6 or more a third deck with 2 jokers may be added (house rule).",
    "An exact cut leaves 11 × players + 1 cards for the deal and the up-card, less the jokers the cutter took.",
    "Contract melds are exactly the size stated, except a run marked “or more”.",
    "Two contract sets may be of the same rank (six of a rank make two tríos with two decks).",
    "A run is at most 13 cards, so the ace is never at both ends.",
    "On the contract turn you may extend your own extra melds, but not your own contract sets.",
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
        *_table_rules(Direction.COUNTERCLOCKWISE, CutReward.CHIP, chips=7),
        _jokers_per_meld_rule(),
        _deal6_exchange_rule(),
        _third_deck_rule(_STANDARD_PLAYERS, _STANDARD_DECKS),
    ),
    decisions=(
        *_TELEFUNKEN_DECISIONS,
        "At most one joker in any set or run, as pagat says; a Venezuelan account allows any number (house rule).",
        "Jokers are exchanged only after you have melded, in a later turn; a run joker moves to either end, "
        "and where there is no free end the exchange is not possible.",
    ),
)


# ---- Telefunken, Ecuador (docs/rules.md §4) ------------------------------------------------------

_ECUADOR_DEALS = (
    Deal(1, _only(PURE_TRIO, max_wilds=0), buying=False),
    Deal(2, _only(PURE_TRIO, TRIO, max_wilds=1)),
    Deal(3, _only(_set(4), max_wilds=0)),
    Deal(4, _only(_set(4), _set(4), max_wilds=1)),
    Deal(5, _only(_set(5), max_wilds=0)),
    Deal(6, _only(TRIO, _run(4), max_wilds=0, name="chueca"), exchanges=1),
    Deal(7, _only(_run(7, or_more=True), max_wilds=1, name="escalera"), go_out_in_one_turn=True),
)


def _telefunque_rule() -> HouseRule:
    """The Scribd "Telefunque Regulations": deal 3 pure with four suits, go out at once on the chueca."""
    pure_four = Requirement(MeldKind.SET, 4, wilds=WildLimit.NONE, distinct_suits=True)

    def apply(variant: Variant, value: object) -> Variant:
        on = _flag(value)
        book = {deal.number: deal for deal in _ECUADOR_DEALS}

        def change(deal: Deal) -> Deal:
            if deal.number == 3:
                return replace(deal, contracts=_only(pure_four, max_wilds=0) if on else book[3].contracts)
            if deal.number in (6, 7):
                return replace(deal, go_out_in_one_turn=(deal.number == 6) == on)
            return deal

        return _with_deals(variant, change)

    return HouseRule(
        "telefunque_regulations",
        "bool",
        False,
        "Tournament rules: deal 3's four must be pure (four suits, no joker), and the chueca of deal 6, "
        "not deal 7, must be gone out in one turn.",
        apply=apply,
    )


DEALER_CHOOSES_CONTRACT = HouseRule(
    "dealer_chooses_contract",
    "bool",
    False,
    "The dealer looks at their hand and announces the deal's contract; each contract is played once.",
    apply=lambda v, value: replace(v, dealer_chooses_contract=_flag(value)),
)

TELEFUNKEN_ECUADOR = replace(
    TELEFUNKEN,
    id="telefunken-ecuador",
    name="Telefunken (Ecuador)",
    description="Venezuela's game with contract joker limits, a chueca and an escalera, "
    "12 chips, a buy brings 2 stock cards.",
    deals=_ECUADOR_DEALS,
    card_values=_values(two=5, low=lambda rank: 5, ace=15, joker=50),
    buy=replace(TELEFUNKEN.buy, per_game=12, stock_cards=2, stock_cards_own_turn=3),
    layoff=replace(
        TELEFUNKEN.layoff,
        set_joker_swap=1,
        run_joker_swap=RunJokerSwap.REPLACE,
        swap_only_from_others_contract=True,
        swap_must_use_at_once=True,
        swap_reuse=SwapReuse.OWN_CONTRACT,
        swap_needs_melded=False,
        swap_on_contract_turn=True,
    ),
    house_rules=(
        *_table_rules(Direction.COUNTERCLOCKWISE, CutReward.CHIP, chips=12),
        DEALER_CHOOSES_CONTRACT,
        _telefunque_rule(),
        _jokers_per_meld_rule(),
        _deal6_exchange_rule(),
        _third_deck_rule(_STANDARD_PLAYERS, _STANDARD_DECKS),
    ),
    decisions=(
        *_TELEFUNKEN_DECISIONS,
        "“Pure” means what it means in Venezuela: no joker and three different suits.",
        "“Only one joker as part of the contract” means one in the whole contract (deals 2, 4 and 7).",
        "The chueca's run is exactly 4; the escalera of deal 7 is 7 or more.",
        "As in Venezuela: the cutter keeps jokers and an exact cut earns a chip; cards are exchanged before "
        "deal 6; deal 7 must be gone out in one turn.",
        "Melds outside the contract hold at most one joker (house rule: any number).",
        "A joker is taken only from another player's contract meld, for the one card it stands for, "
        "and goes straight into your own contract.",
        "The dealer's choice of contract (David Dawson) and the Telefunque Regulations are off unless "
        "the table switches them on.",
    ),
)


# ---- Telefunken, Peru version 1 (docs/rules.md §5) and its family: Wittig, Delifante, Super Deli ----

_PERU_DEALS = _sets_only((2, 3), (1, 4), (2, 4), (1, 5), (2, 5), (1, 6))

_PERU_DECISIONS = (
    "The dealer gets one more card and opens by discarding; that discard may be bought (1 chip + 1 card) "
    "and there is no free take.",
    "The cutter keeps jokers; an exact cut, (cards dealt × players) + 1 less the jokers taken, earns a chip.",
    "2s and jokers are wild; a 2 in its own place and suit in a run counts as a natural card.",
    "A run holds no more wilds than naturals; the ace may sit high, low or in the middle (K-A-2); "
    "a run is at most 13 cards and never repeats a rank.",
    "Two contract sets may be of the same rank; contract melds are exactly the size stated.",
    "If the stock runs out the deal ends with no winner: everyone scores the cards in hand.",
    "Each unused chip takes 10 points off at the end; totals may go below zero.",
    "A buy may be claimed until the next player has drawn; priority goes to the player next after the discarder.",
)

_PERU_SWAP_DECISION = (
    "A wild is exchanged for the natural it stands for and must go at once into a new run of yours; "
    "this may be done on the contract turn once the contract is down, or later."
)

TELEFUNKEN_PERU = replace(
    TELEFUNKEN,
    id="telefunken-peru",
    name="Telefunken (Peru, version 1)",
    description="Sets-only contracts over 6 deals, 2s and jokers wild in runs only, "
    "the dealer opens with a 12th card, 6 chips.",
    deals=_PERU_DEALS,
    meld_rules=MeldRules(
        twos_wild=True, set_wilds=WildLimit.NONE, run_wilds=WildLimit.AT_MOST_NATURALS, ace=AceRule.WRAP
    ),
    card_values=_values(two=20, low=_face, ace=15, joker=20),
    buy=replace(TELEFUNKEN.buy, per_game=6, free_first_take=False),
    layoff=replace(
        TELEFUNKEN.layoff,
        pure_trio_closes=False,
        set_joker_swap=None,  # no wild is ever in a set
        run_joker_swap=RunJokerSwap.REPLACE,
        swap_must_use_at_once=True,
        swap_reuse=SwapReuse.NEW_RUN,
        swap_on_contract_turn=True,
    ),
    dealer_extra_card=True,
    up_card=False,
    first_player=FirstPlayer.DEALER,
    final_discard=Discard.REQUIRED,
    stock_exhausted=StockRule.DEAL_ENDS,
    unused_chip_points=-10,
    house_rules=(
        *_table_rules(Direction.COUNTERCLOCKWISE, CutReward.CHIP, chips=6),
        _third_deck_rule(_STANDARD_PLAYERS, _STANDARD_DECKS),
    ),
    decisions=(
        "3 to 5 players on 108 cards, 4 by default; with 6 or more a third deck with 2 jokers may be added "
        "(house rule).",
        *_PERU_DECISIONS,
        _PERU_SWAP_DECISION,
    ),
)


TELEFUNKEN_PERU_WITTIG = replace(
    TELEFUNKEN_PERU,
    id="telefunken-peru-wittig",
    name="Telefunken (Peru, Wittig's three decks)",
    description="Peru version 1 for up to 6 players on 3 decks and 6 jokers, with any number of wilds in a set.",
    players=PlayerRange(3, 4, 6),
    decks=(DeckRow(6, 3, 6),),
    meld_rules=replace(TELEFUNKEN_PERU.meld_rules, set_wilds=WildLimit.ANY),
    layoff=replace(
        TELEFUNKEN_PERU.layoff,
        set_joker_swap=1,
        swap_must_use_at_once=False,
        swap_reuse=SwapReuse.HAND,
        swap_on_contract_turn=False,
    ),
    house_rules=_table_rules(Direction.COUNTERCLOCKWISE, CutReward.CHIP, chips=6),
    decisions=(
        "3 to 6 players, always 3 decks with 6 jokers.",
        *_PERU_DECISIONS,
        "A set takes any number of wilds but needs a natural card; a run keeps Peru's rule.",
        "A melded wild, in a set or a run, is exchanged for just one natural of the card it stands for, "
        "in a turn after the swapper laid their contract; the wild goes to the swapper's hand.",
    ),
)

_DELIFANTE_PLAYERS = PlayerRange(2, 4, 6)

TELEFUNKEN_DELIFANTE = replace(
    TELEFUNKEN_PERU,
    id="delifante",
    name="Delifante",
    description="Peru version 1 for 2 to 6 players on half a deck each, 13 cards dealt, no aces in runs.",
    players=_DELIFANTE_PLAYERS,
    decks=tuple(DeckRow(n, math.ceil(n / 2), 2 * math.ceil(n / 2)) for n in range(2, 7)),
    cards_dealt=13,
    meld_rules=replace(TELEFUNKEN_PERU.meld_rules, ace=AceRule.NOT_IN_RUNS),
    house_rules=_table_rules(Direction.COUNTERCLOCKWISE, CutReward.CHIP, chips=6),
    decisions=(
        "“Half a deck per player”: ⌈players / 2⌉ decks with 2 jokers each.",
        "13 cards are dealt, the dealer gets 14; aces cannot be used in runs.",
        *_PERU_DECISIONS,
        _PERU_SWAP_DECISION,
    ),
)

SUPER_DELI = replace(
    TELEFUNKEN_DELIFANTE,
    id="super-deli",
    name="Super Deli",
    description="Delifante doubled: 12 deals up to a set of 9, 18 cards dealt, 10 buys.",
    decks=tuple(DeckRow(n, max(n, 3), 2 * max(n, 3)) for n in range(2, 7)),
    cards_dealt=18,
    deals=_renumbered((*_PERU_DEALS, *_sets_only((2, 6), (1, 7), (2, 7), (1, 8), (2, 8), (1, 9)))),
    buy=replace(TELEFUNKEN_DELIFANTE.buy, per_game=10),
    house_rules=_table_rules(Direction.COUNTERCLOCKWISE, CutReward.CHIP, chips=10),
    decisions=(
        "Double Delifante's deck: one deck with 2 jokers per player, never fewer than 3 decks "
        "(deal 12's set of 9 needs them).",
        "18 cards are dealt, the dealer gets 19; aces cannot be used in runs.",
        *_PERU_DECISIONS,
        _PERU_SWAP_DECISION,
    ),
)


# ---- Telefunken, Peru version 2: Oscar Carrillo (docs/rules.md §6) -------------------------------

_ROYAL_RUN = Contract((_run(12),), name="royal run")
_COLOUR_RUN = Contract((Requirement(MeldKind.COLOUR_RUN, 12, wilds=WildLimit.NONE),), name="colour run")

TELEFUNKEN_PERU_CARRILLO = replace(
    TELEFUNKEN,
    id="telefunken-peru-carrillo",
    name="Telefunken (Peru, version 2)",
    description="No chips and no buying: 7 deals of sets and runs of 4, 12 cards, jokers free in runs, "
    "a royal or colour run to finish.",
    players=PlayerRange(2, 4, 8),
    decks=(DeckRow(8, 2, 4),),
    cards_dealt=12,
    deals=(
        Deal(1, _only(TRIO, TRIO)),
        Deal(2, _only(TRIO, _run(4))),
        Deal(3, _only(_run(4), _run(4))),
        Deal(4, _only(TRIO, TRIO, TRIO)),
        Deal(5, _only(TRIO, TRIO, _run(4))),
        Deal(6, _only(_run(4), _run(4), TRIO)),
        Deal(
            7,
            (
                Contract((TRIO,) * 4),
                Contract((_run(4),) * 3),
                _ROYAL_RUN,
                _COLOUR_RUN,
            ),
            go_out_in_one_turn=True,
            final_discard=Discard.REQUIRED,  # the 13th card is discarded, which ends the deal
        ),
    ),
    meld_rules=MeldRules(
        set_wilds=WildLimit.NONE,
        wild_only_sets=True,  # three jokers make a trío; the fourth may be added later
        run_wilds=WildLimit.ANY,
        min_run=4,
        ace=AceRule.WRAP,
        colour_runs=True,
    ),
    card_values=_values(two=2, low=_face, ace=15, joker=20),
    buy=BuyRules(enabled=False, per_game=None, take_discard_as_draw=True, token="none"),
    cut=CutRules(cutter_takes_jokers=False, reward=CutReward.ERASE_PREVIOUS),
    layoff=LayoffRules(
        pure_trio_closes=False,
        layoff_on_contract_turn=False,
        extra_melds_on_contract_turn=False,
        new_melds_after_contract=False,
        set_joker_swap=None,
        run_joker_swap=RunJokerSwap.SLIDE,
    ),
    stock_exhausted=StockRule.RESHUFFLE_KEEP_TOP,
    house_rules=_table_rules(Direction.COUNTERCLOCKWISE, CutReward.ERASE_PREVIOUS),
    decisions=(
        "2 to 8 players on 108 cards, 4 by default (the book says only “up to 8”).",
        "No chips and no buying: on your turn draw the stock's top card or the card just discarded.",
        "The cutter keeps no jokers; an exact cut (12 × players + 1) erases the cutter's points of the previous "
        "deal — never in deal 1, nor after the cutter went out — and never below their total before that deal.",
        "Contract melds are exact (a trío is 3, a run 4); two contract sets may share a rank and two contract "
        "runs a suit, in every deal.",
        "A royal run is exactly 12 cards of one suit, jokers allowed; a colour run is 12 consecutive ranks "
        "in any suits alternating red and black, round the corner allowed, with no joker.",
        "A run is at most 13 cards and never repeats a rank; it needs a natural card; the ace may turn the "
        "corner (K-A-2-3).",
        "Nothing but the contract on the contract turn, so only deal 7 can be won on the contract turn: "
        "the 12 cards go down and the 13th is discarded.",
        "Jokers may be slid along a run to admit cards, never taken back into a hand.",
        "When the stock runs out all discards but the top one are shuffled into a new stock.",
        "A deal that ends without anyone going out has no winner; totals may go below zero.",
    ),
)


# ---- Telefunken, Bolivia (docs/rules.md §7) ------------------------------------------------------

_BOLIVIA_PLAYERS = PlayerRange(3, 4, MAX_PLAYERS_THREE_DECKS)


def _set_joker_swap_rule() -> HouseRule:
    return HouseRule(
        "set_joker_swap_cards",
        "int",
        1,
        "Cards of a set's rank you give to take its joker: most play 1, some 2 as in Venezuela.",
        apply=lambda v, value: replace(v, layoff=replace(v.layoff, set_joker_swap=_whole(value))),
        minimum=1,
        maximum=2,
    )


TELEFUNKEN_BOLIVIA = replace(
    TELEFUNKEN,
    id="telefunken-bolivia",
    name="Telefunken (Bolivia)",
    description="Venezuela's game with 7 buys kept on paper, buying after melding, a third deck for 6 or more, "
    "and no one-turn finish.",
    players=_BOLIVIA_PLAYERS,
    decks=(DeckRow(5, 2, 4), DeckRow(MAX_PLAYERS_THREE_DECKS, 3, 6)),
    deals=(
        *TELEFUNKEN.deals[:5],
        replace(TELEFUNKEN.deals[5], exchanges=0),
        Deal(7, _only(_run(7, or_more=True, wilds=WildLimit.ONE), name="escalera")),
    ),
    card_values=_values(two=2, low=_face, ace=15, joker=30),
    buy=replace(TELEFUNKEN.buy, per_game=7, after_melding=True, free_first_take=False, token="buy"),
    cut=replace(TELEFUNKEN.cut, offsets=(0, 1)),
    layoff=replace(
        TELEFUNKEN.layoff,
        pure_trio_closes=False,  # a trica limpia takes cards of its rank in any suit
        own_contract_locked_on_contract_turn=False,
        set_joker_swap=1,
        swap_from_own_melds=False,
    ),
    no_meld_first_turn_from=6,
    house_rules=(
        *_table_rules(Direction.COUNTERCLOCKWISE, CutReward.CHIP, chips=7, token="buy"),
        _set_joker_swap_rule(),
        _jokers_per_meld_rule(),
    ),
    decisions=(
        f"3 to {MAX_PLAYERS_THREE_DECKS} players, 4 by default; 108 cards for up to 5, a third deck with "
        "2 jokers for more.",
        "The cutter keeps jokers (inherited); an exact cut is 11 × players or 11 × players + 1 cards, less the "
        "jokers taken, and earns one more buy.",
        "No free first take: the first player who wants the up-card buys it, with one more stock card.",
        "A buy may be claimed until the next player has drawn; in a dispute the player whose turn comes sooner "
        "wins. Buying after melding is allowed.",
        "Contract melds are exactly the size stated, except deal 7's run of 7 or more (at most one joker).",
        "Two contract sets may be of the same rank.",
        "At most one joker in any set or run (inherited); a Venezuelan account allows any number (house rule).",
        "A set's joker costs one card of its rank (house rule: two), never from your own melds; "
        "a run joker at an end moves to either end, as in Venezuela.",
        "With 6 or more players nobody melds on their first turn.",
        "No card exchange before deal 6; deal 7 need not be gone out in one turn.",
        "The streak multiplier is off unless the table switches it on: the winner's run of k wins in a row "
        "(k ≥ 2) multiplies the others' points of that deal by k; a deal with no winner ends the run.",
        "When the stock runs out the whole discard pile is shuffled into a new stock.",
        "A deal that ends without anyone going out has no winner; totals may go below zero.",
    ),
)


# ---- Farmer's Rummy (docs/rules.md §8) -----------------------------------------------------------

FARMERS_RUMMY = replace(
    TELEFUNKEN,
    id="farmers-rummy",
    name="Farmer's Rummy",
    description="Sets only over 8 deals up to two sets of 6, 2s and jokers wild but outnumbered, 10 coins to buy.",
    players=PlayerRange(2, 4, 8),
    decks=(DeckRow(4, 2, 4), DeckRow(5, 3, 6), DeckRow(8, 4, 8)),
    deals=_renumbered(
        (
            Deal(1, _only(_set(3, wilds=WildLimit.NONE))),
            *_sets_only((2, 3), (1, 4), (2, 4), (1, 5), (2, 5), (1, 6), (2, 6)),
        )
    ),
    meld_rules=MeldRules(twos_wild=True, set_wilds=WildLimit.FEWER_THAN_NATURALS, runs=False),
    card_values=CardValues.of(two=20, low=lambda rank: 5 if rank <= 7 else 10, ten=10, faces=10, ace=20, joker=50),
    buy=replace(
        TELEFUNKEN.buy, per_game=10, stock_cards=2, stock_cards_own_turn=3, free_first_take=False, token="coin"
    ),
    cut=replace(TELEFUNKEN.cut, reward=CutReward.NONE),
    layoff=replace(
        TELEFUNKEN.layoff,
        pure_trio_closes=False,
        wilds_onto_sets=False,
        set_joker_swap=None,
        run_joker_swap=RunJokerSwap.NONE,
    ),
    final_discard=Discard.REQUIRED,
    house_rules=_table_rules(Direction.COUNTERCLOCKWISE, CutReward.NONE, chips=10, token="coin"),
    decisions=(
        "2 to 8 players; 2 decks with 4 jokers for 4 or fewer, 3 decks for 5, 4 decks for 6 to 8.",
        "The deal-1 set needs no wild card but may repeat suits.",
        "Contract sets are exactly the size stated; two contract sets may be of the same rank.",
        "No wild card is ever exchanged, and none is added to a set on the table.",
        "As in Telefunken the cutter keeps jokers, but an exact cut earns nothing.",
        "No free first take: the first player who wants the up-card buys it.",
        "Buying only before melding; a buy may be claimed until the next player has drawn, priority to the "
        "player next after the discarder.",
        "No card exchange before deal 6 and no deal to be gone out in one turn.",
        "When the stock runs out the whole discard pile is shuffled into a new stock.",
        "A deal that ends without anyone going out has no winner; totals may go below zero.",
    ),
)


# ---- Shanghai (docs/rules.md §9) -----------------------------------------------------------------

_BOOK = TRIO

# Base Contract Rummy, which Shanghai and Progressive Rummy keep: the cutter keeps no jokers and an exact cut
# earns nothing; after the contract only lay-offs, onto anyone's melds; no wild card is ever taken back.
_CONTRACT_RUMMY_CUT = CutRules(cutter_takes_jokers=False, reward=CutReward.NONE)
_CONTRACT_RUMMY_LAYOFF = LayoffRules(
    pure_trio_closes=False,
    own_contract_locked_on_contract_turn=False,
    extra_melds_on_contract_turn=False,
    new_melds_after_contract=False,
    set_joker_swap=None,
    run_joker_swap=RunJokerSwap.NONE,
)


def _shanghai_contracts(deals: Iterable[Deal], *, runs_share_suit: bool = True) -> tuple[Deal, ...]:
    """One player's contract books never share a rank nor do their runs touch in one suit."""
    return tuple(
        replace(
            deal,
            contracts=tuple(
                replace(c, sets_share_rank=False, runs_adjacent=False, runs_share_suit=runs_share_suit)
                for c in deal.contracts
            ),
        )
        for deal in deals
    )


def _last_deal(deal: Deal) -> Deal:
    """Shanghai's last deal: the whole hand goes down at once, no final discard, runs may be longer."""
    return replace(
        deal,
        contracts=tuple(
            replace(c, melds=tuple(replace(m, or_more=m.kind is MeldKind.RUN) for m in c.melds)) for c in deal.contracts
        ),
        go_out_in_one_turn=True,
        final_discard=Discard.FORBIDDEN,
    )


_SHANGHAI_DEALS = _shanghai_contracts(
    (
        Deal(1, _only(_BOOK, _BOOK)),
        Deal(2, _only(_BOOK, _run(4))),
        Deal(3, _only(_run(4), _run(4))),
        Deal(4, _only(_BOOK, _BOOK, _BOOK)),
        Deal(5, _only(_BOOK, _BOOK, _run(4))),
        Deal(6, _only(_BOOK, _run(4), _run(4))),
        _last_deal(Deal(7, _only(_run(4), _run(4), _run(4)))),
    )
)

_SHANGHAI_CALL_DECISION = (
    "Saying “Shanghai” as you discard blocks every taking of that card, May-I included; a caller need not "
    "have melded, and the discarder draws one card at random from the caller's face-down hand."
)

_SHANGHAI_DECISIONS = (
    "Contract books are exactly 3 and runs exactly 4; extra cards may be laid off in the same turn.",
    "After the contract only lay-offs, onto anyone's melds: no new melds (base Contract Rummy).",
    "Jokers are never taken back from the table.",
    "The player in turn may draw the discard; only if they do not may another player May-I it, "
    "the sooner in turn order first, one player per discard. May-I is allowed after melding too.",
    "The cutter keeps no jokers and an exact cut earns nothing.",
    "When the stock runs out the discards are shuffled into a new stock.",
    "Play and the deal go clockwise (base Contract Rummy).",
    "A deal that ends without anyone going out has no winner; totals may go below zero.",
)

SHANGHAI = Variant(
    terms=Terms(SetWord.BOOK, RunWord.RUN, BuyCall.MAY_I),
    id="shanghai",
    name="Shanghai Rummy",
    description="Contract Rummy's 7 deals of books and runs of 4, the ace high only, "
    "two May-I per deal and the Shanghai call.",
    players=_STANDARD_PLAYERS,
    decks=_STANDARD_DECKS,
    cards_dealt=11,
    deals=_SHANGHAI_DEALS,
    meld_rules=MeldRules(min_run=4, ace=AceRule.HIGH_ONLY),  # jokers only, one per meld
    card_values=_values(two=5, low=lambda rank: 5 if rank <= 7 else 10, ace=20, joker=50),
    buy=BuyRules(
        per_game=None,
        per_deal=2,
        stock_cards=1,  # the penalty card
        stock_cards_own_turn=0,
        after_melding=True,
        token="May I",
        take_discard_as_draw=True,
        on_own_turn=False,
    ),
    cut=_CONTRACT_RUMMY_CUT,
    layoff=_CONTRACT_RUMMY_LAYOFF,
    direction=Direction.CLOCKWISE,
    shanghai_call=True,
    house_rules=_table_rules(Direction.CLOCKWISE, CutReward.NONE),
    decisions=(
        "3 to 5 players on 108 cards, 4 by default.",
        *_SHANGHAI_DECISIONS,
        "Deal 7: lay down only when the whole hand goes into the three runs (longer than 4 if May-I brought "
        "cards); there is no final discard.",
        _SHANGHAI_CALL_DECISION,
    ),
)

SHANGHAI_TAHELIA_POWE = replace(
    SHANGHAI,
    id="shanghai-tahelia-powe",
    name="Shanghai (Tahelia Powe)",
    description="Shanghai with 10 cards and 8 deals (four books in deal 7), never a final discard, "
    "one run per suit, no Shanghai call.",
    cards_dealt=10,
    deals=_shanghai_contracts(
        (
            *_SHANGHAI_DEALS[:6],
            Deal(7, _only(_BOOK, _BOOK, _BOOK, _BOOK)),
            replace(_SHANGHAI_DEALS[6], number=8),
        ),
        runs_share_suit=False,
    ),
    final_discard=Discard.FORBIDDEN,
    layoff=replace(SHANGHAI.layoff, one_run_per_suit=True),
    shanghai_call=False,
    decisions=(
        "3 to 5 players on 108 cards, 4 by default.",
        *_SHANGHAI_DECISIONS,
        "Deal 7 is four books of 3 (pagat; a translation's “and a run” would need 16 cards); deal 8 is "
        "three runs of 4 with Shanghai's last-deal rule: the whole hand goes down at once.",
        "Going out is always by melding every card: never with a discard.",
        "Never two runs of one suit for one player in a deal, contract and additions alike.",
        "There are no Shanghai calls.",
    ),
)


def _kolsov_ext_rule() -> HouseRule:
    """The ext 10-round Shanghai (rummyrulebook, Wikipedia) as a preset over Deb Kolsov's list."""
    caps = {3: 1, 4: 1, 5: 2, 7: 3, 10: 4}
    values = _values(two=5, low=lambda rank: 5, ten=5, ace=20, joker=50)

    def apply(variant: Variant, value: object) -> Variant:
        on = _flag(value)
        deals = tuple(
            replace(
                deal,
                contracts=tuple(
                    replace(c, melds=tuple(replace(m, wild_cap=caps[m.size] if on else None) for m in c.melds))
                    for c in deal.contracts
                ),
                buys_per_deal=(3 if deal.number <= 8 else 4) if on else None,
            )
            for deal in variant.deals
        )
        return replace(
            variant,
            deals=deals,
            card_values=values if on else SHANGHAI.card_values,
            blind_out_bonus=(-25, -50) if on else None,
        )

    return HouseRule(
        "kolsov_ext",
        "bool",
        False,
        "The 10-round Shanghai of rummyrulebook: 3 buys a deal (4 in deals 9–10), up to 2 jokers in a run of 5, "
        "3 in 7, 4 in 10, number cards worth 5, −25 for going out in one turn (−50 with no joker).",
        apply=apply,
    )


SHANGHAI_DEB_KOLSOV = replace(
    SHANGHAI,
    id="shanghai-deb-kolsov",
    name="Shanghai (Deb Kolsov)",
    description="Shanghai over 10 deals, up to three runs of 5; the last deal goes down at once with no discard.",
    deals=_shanghai_contracts(
        (
            *_SHANGHAI_DEALS[:4],
            Deal(5, _only(_BOOK, _run(7))),
            Deal(6, _only(_BOOK, _BOOK, _run(5))),
            Deal(7, _only(_run(4), _run(4), _run(4))),
            Deal(8, _only(_BOOK, _run(10))),
            Deal(9, _only(_BOOK, _BOOK, _BOOK, _run(5))),
            _last_deal(Deal(10, _only(_run(5), _run(5), _run(5)))),
        )
    ),
    house_rules=(*SHANGHAI.house_rules, _kolsov_ext_rule()),
    decisions=(
        "3 to 5 players on 108 cards, 4 by default; 11 cards are dealt (the book does not say).",
        *_SHANGHAI_DECISIONS,
        "Two May-I per deal and one joker per meld, as in Shanghai; the 10-round Shanghai of rummyrulebook "
        "is a preset (house rule).",
        "Deal 10 follows Shanghai's last deal: the whole hand goes down at once and there is no final discard.",
        _SHANGHAI_CALL_DECISION,
    ),
)


# ---- Progressive Rummy (docs/rules.md §10) -------------------------------------------------------

PROGRESSIVE_RUMMY = Variant(
    terms=Terms(SetWord.SET, RunWord.RUN, BuyCall.MAY_I),
    id="progressive-rummy",
    name="Progressive Rummy",
    description="15 deals from two sets of 3 to five runs of 3, 2s and jokers wild, "
    "buying for $1 in deals 9–14, a payout at the end.",
    players=PlayerRange(3, 4, 6),
    decks=(DeckRow(6, 2, 4),),
    cards_dealt=11,
    deals=(
        Deal(1, _only(TRIO, TRIO), buying=False),
        Deal(2, _only(TRIO, _run(4)), buying=False),
        Deal(3, _only(_set(4), _set(4)), buying=False),
        Deal(4, _only(_run(4), _run(4)), buying=False),
        Deal(5, _only(TRIO, TRIO, _run(4)), buying=False),
        Deal(6, _only(_set(4), _run(5)), buying=False),
        Deal(7, _only(_set(5), _set(5)), buying=False),
        Deal(8, _only(_run(5), _run(5)), buying=False),
        Deal(9, _only(TRIO, TRIO, TRIO, TRIO), buys_per_deal=1),
        Deal(10, _only(_run(4), _run(4), _run(4)), buys_per_deal=1),
        Deal(11, _only(_set(4), _set(4), _set(4)), buys_per_deal=1),
        Deal(12, _only(*(_run(3),) * 5), buys_per_deal=2, stock_cards_per_buy=1),
        Deal(13, _only(*(TRIO,) * 5), buys_per_deal=2, stock_cards_per_buy=1),
        Deal(14, _only(_set(5), _run(5), Requirement(MeldKind.PAIR, 2)), buys_per_deal=1),
        Deal(15, _only(TRIO, TRIO, _run(5)), buying=False),
    ),
    meld_rules=MeldRules(twos_wild=True, set_wilds=WildLimit.ANY, run_wilds=WildLimit.ANY, pairs=True),
    card_values=_values(two=20, low=lambda rank: 5, ten=5, ace=15, joker=20),
    buy=BuyRules(
        per_game=None,
        stock_cards=0,  # the bought card alone; deals 12–13 add one "take"
        stock_cards_own_turn=1,  # then the normal draw
        after_melding=True,
        token="buy",
        price=1,
        take_discard_as_draw=True,
        card_beneath_buyable=True,
    ),
    cut=_CONTRACT_RUMMY_CUT,
    layoff=replace(_CONTRACT_RUMMY_LAYOFF, wilds_movable=False),
    payouts=Payouts(step=2),
    direction=Direction.CLOCKWISE,
    house_rules=_table_rules(Direction.CLOCKWISE, CutReward.NONE),
    decisions=(
        "3 to 6 players on 108 cards, 4 by default.",
        "Deal 10 is three runs of 4 and deals 12–13 take 2 (pagat; a translation says otherwise).",
        "Contract melds are exactly the size stated; sets are 3 or more and runs 3 or more everywhere.",
        "Two touching runs of one suit may be melded as separate runs; runs on the table never join or split; "
        "two sets may be of the same rank.",
        "Every meld, the pair included, needs a natural card; what each wild stands for is declared and fixed.",
        "After the contract only lay-offs, onto anyone's melds: no new melds.",
        "A buy costs $1 into the pot; in deals 12–13 it also takes the top stock card, with no other fee. "
        "Buying after melding is allowed; the player in turn may pre-empt a buy by taking the card.",
        "The k-th place pays 2 × (k − 1); the winner receives the sum plus all the buy money; tied players "
        "share their combined payments equally.",
        "The cutter keeps no jokers and an exact cut earns nothing.",
        "When the stock runs out the discards are shuffled into a new stock.",
        "Play and the deal go clockwise (base Contract Rummy).",
        "A deal that ends without anyone going out has no winner; totals may go below zero.",
    ),
)


# ---- the registry --------------------------------------------------------------------------------

VARIANTS: dict[str, Variant] = {
    variant.id: variant
    for variant in (
        TELEFUNKEN,
        TELEFUNKEN_ECUADOR,
        TELEFUNKEN_PERU,
        TELEFUNKEN_PERU_WITTIG,
        TELEFUNKEN_DELIFANTE,
        SUPER_DELI,
        TELEFUNKEN_PERU_CARRILLO,
        TELEFUNKEN_BOLIVIA,
        FARMERS_RUMMY,
        SHANGHAI,
        SHANGHAI_TAHELIA_POWE,
        SHANGHAI_DEB_KOLSOV,
        PROGRESSIVE_RUMMY,
    )
}

#: The base game and the default (docs/rules.md §3): what a new game or a bare Referee screen starts with.
DEFAULT_VARIANT: Variant = TELEFUNKEN


def find_variant(variant_id: str) -> Variant:
    """The variant with this id (case-insensitive), or :class:`UnknownVariantError`."""
    try:
        return VARIANTS[variant_id.strip().lower()]
    except KeyError:
        raise UnknownVariantError(variant_id) from None


def to_variant(variant: Variant | str) -> Variant:
    """A variant given as itself or by id (every public function of the engine takes both)."""
    return find_variant(variant) if isinstance(variant, str) else variant


def variant_ids() -> tuple[str, ...]:
    """Every variant id, in the order of docs/rules.md."""
    return tuple(VARIANTS)
