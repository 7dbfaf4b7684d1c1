"""What the referee says, in English: each problem's sentence once, and the words its parameters are said in.

A :class:`~referee.rules.problems.Problem` carries a stable ``code`` (and, where one code is said in several
ways, a ``form``) and structured parameters: numbers, card notation, names (a list of them as a tuple), the
values below (:class:`Count`, :class:`Plural`, :class:`Setting`, :class:`BuyToken`) or the engine's own enum
values and rule objects. :data:`MESSAGES` holds the English sentence of every code, each once, marked with
:func:`N_` so ``pybabel extract`` puts it in the catalogue as a message id; the screens look the same id up
in the page's language (``referee.games.rummy.web.wording``). :func:`english` fills a sentence in with the English words
of its parameters.

This module is the one home of the engine's English wording helpers: number words, meld kinds, lists joined
with "and", wild-card limits, the names of a game's settings.

>>> english("too-many-wilds", (("wilds", Count(2, Noun.JOKER)), ("kind", MeldKind.SET),
...                            ("variant", "Telefunken"), ("count", 2)))
'two jokers in one set: Telefunken allows one per set'
>>> and_words(["7", "8", "9"])
'7, 8 and 9'
>>> english("unknown-player", (("name", "Zoe"), ("players", ("Ana", "Beto", "Caro"))))
'Zoe is not playing in this game (the players are Ana, Beto and Caro)'
>>> english("bad-setting", (("key", Setting("small_stake")), ("value", "'-3'")))
"the small stake must be an amount of at least 0, not '-3'"
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from referee.rules.vocabulary import MeldKind, WildLimit

__all__ = [
    "N_",
    "MESSAGES",
    "MELD_PREFIX",
    "Count",
    "Noun",
    "BuyToken",
    "Plural",
    "Setting",
    "VariantName",
    "Named",
    "NUMBER_WORDS",
    "KIND_WORDS",
    "KIND_PLURALS",
    "WILD_LIMIT_WORDS",
    "SETTING_WORDS",
    "english",
    "english_value",
    "number_word",
    "count_words",
    "and_words",
]


def N_(msgid: str) -> str:  # noqa: N802 (the name gettext's tools look for)
    """Mark an English sentence for the catalogue; the sentence itself, unchanged."""
    return msgid


class Noun(StrEnum):
    """What a :class:`Count` counts."""

    JOKER = "joker"
    WILD_CARD = "wild card"
    NATURAL_CARD = "natural card"
    MELD = "meld"


class BuyToken(StrEnum):
    """What a table buys with (a variant's ``buy.token``): a closed set, which a :class:`Count` counts too and
    each screen words in its three forms (a word in a sentence, a number of them, a column heading)."""

    CHIP = "chip"
    BUY = "buy"
    COIN = "coin"
    MAY_I = "May I"


@dataclass(frozen=True, slots=True)
class Count:
    """A number said in words: ``Count(2, Noun.JOKER)`` is "two jokers", ``Count(3)`` is "three".

    ``article``: one is "a joker" rather than "one joker".
    """

    n: int
    noun: Noun | BuyToken | None = None
    article: bool = False


@dataclass(frozen=True, slots=True)
class Plural:
    """A rank, suit or meld kind said in the plural: aces, 7s, hearts, runs."""

    value: object


@dataclass(frozen=True, slots=True)
class Named:
    """Something a sentence names by its id, which each language words its own way (one of the kinds below)."""

    id: str


class Setting(Named):
    """A game setting, by its id: ``Setting("small_stake")`` is "small stake"."""

    __slots__ = ()


class VariantName(Named):
    """A variant, by its name (``Variant.name``, which is also what its translations are looked up by)."""

    __slots__ = ()


NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
                "twelve")
KIND_WORDS = {MeldKind.SET: "set", MeldKind.RUN: "run", MeldKind.PAIR: "pair", MeldKind.COLOUR_RUN: "colour run"}
KIND_PLURALS = {MeldKind.SET: "sets", MeldKind.RUN: "runs", MeldKind.PAIR: "pairs",
                MeldKind.COLOUR_RUN: "colour runs"}
WILD_LIMIT_WORDS = {
    WildLimit.NONE: N_("no wild card"),
    WildLimit.ONE: N_("at most one wild card"),
    WildLimit.AT_MOST_NATURALS: N_("no more wild cards than natural cards"),
    WildLimit.FEWER_THAN_NATURALS: N_("fewer wild cards than natural cards"),
    WildLimit.ANY: N_("any number of wild cards"),
}

#: The settings a game may carry that a sentence names (a game's ``settings``), by id.
SETTING_WORDS = {
    "small_stake": N_("small stake"),
    "large_stake": N_("large stake"),
}

#: Put in front of a contract meld's problem when the contract has several melds.
MELD_PREFIX = N_("meld {meld}: ")

_NO_KIND = N_("{variant} has no {kinds}")
_NO_WILD_IN_KIND = N_("{wilds} in a {kind}: {variant} allows no wild card in a {kind}")
_TWOS_IN_KIND = N_("{wilds} in a {kind}: 2s and jokers are wild in {variant}, and a {kind} takes no wild card")
_PAIR_SIZE = N_("{count} cards: a pair is exactly 2")

#: Every problem the engine and the ledger can give, by ``code`` or ``code/form``: its English sentence.
MESSAGES: dict[str, str] = {
    # melds
    "ace-high-only": N_("{cards}: the ace is high only in {variant} (J-Q-K-A), never low (A-2-3-4)"),
    "ace-in-middle": N_("{cards}: the ace goes at either end of a run (A-2-3 or Q-K-A), never in the middle (K-A-2)"),
    "ace-in-middle/high-only": N_("{cards}: the ace is high only in {variant} (J-Q-K-A), never in the middle (K-A-2)"),
    "ace-not-allowed": N_("{cards}: aces cannot be used in runs in {variant}"),
    "colour-not-alternating": N_("{cards} side by side: a colour run alternates red and black"),
    "duplicate-rank-in-run": N_("{cards}: a run holds each rank once"),
    "mixed-ranks": N_("a {kind} needs cards of one rank, not {ranks}"),
    "mixed-suits": N_("a run needs cards of one suit, not {suits}"),
    "no-colour-runs-in-variant": _NO_KIND,
    "no-natural": N_("a {kind} of jokers only: a {kind} needs at least one natural card"),
    "no-natural/run": N_("a run of wild cards only: a run needs at least one natural card"),
    "no-natural/twos": N_("{cards}: 2s are wild in {variant}, so a {kind} of 2s is a {kind} of wild cards, "
                          "and a {kind} needs at least one natural card"),
    "no-pairs-in-variant": _NO_KIND,
    "no-runs-in-variant": _NO_KIND,
    "not-consecutive": N_("not consecutive: {missing} missing"),
    "not-consecutive/too-few-wilds": N_("not consecutive: {missing} missing, and only {wilds} to stand in"),
    "run-too-long": N_("{count} cards: a run holds at most {maximum}"),
    "too-few-cards": N_("{count} cards: a {kind} needs at least {minimum}"),
    "too-few-cards/pair": _PAIR_SIZE,
    "too-many-cards/pair": _PAIR_SIZE,
    "too-many-wilds": N_("{wilds} in one {kind}: {variant} allows one per {kind}"),
    "too-many-wilds/sets-and-runs": N_("{wilds} in one {kind}: {variant} allows one per set or run"),
    "too-many-wilds/cap": N_("{wilds} in one {kind}: this contract {kind} takes at most {limit}"),
    "too-many-wilds/at-most-naturals": N_("{wilds} and {naturals} in one {kind}: {variant} allows no more wild "
                                          "cards than natural cards in a {kind}"),
    "too-many-wilds/fewer-than-naturals": N_("{wilds} and {naturals} in one {kind}: {variant} allows fewer wild "
                                             "cards than natural cards in a {kind}"),
    "wilds-in-colour-run": N_("{wilds} in a colour run: a colour run takes no joker"),
    "wilds-in-runs-not-allowed": _NO_WILD_IN_KIND,
    "wilds-in-runs-not-allowed/twos": _TWOS_IN_KIND,
    "wilds-in-sets-not-allowed": _NO_WILD_IN_KIND,
    "wilds-in-sets-not-allowed/twos": _TWOS_IN_KIND,
    "wilds-mixed-in-set": N_("{wilds} with natural cards in a set: in {variant} jokers make a set only on their "
                             "own (a trío of jokers)"),
    # contracts
    "runs-adjacent": N_("{first} and {second} are consecutive runs of one suit: {variant} does not allow them in "
                        "one contract"),
    "runs-share-suit": N_("two runs of {suit}: {variant} does not allow two contract runs of one suit"),
    "sets-share-rank": N_("two sets of {rank}: {variant} does not allow two contract sets of one rank"),
    "size-below-minimum": N_("{count} cards in the {requirement}: deal {deal} needs at least {size}"),
    "size-not-exact": N_("{count} cards in the {requirement}: deal {deal} needs exactly {size}"),
    "suits-not-different": N_("{cards}: the {requirement} needs {size} different suits"),
    "too-many-wilds-in-contract": N_("{wilds} in the contract: deal {deal} allows at most {limit} in all"),
    "too-many-wilds-in-contract/none": N_("{wilds} in the contract: deal {deal} allows no wild card"),
    "too-many-wilds/contract": N_("{wilds} in the {requirement}: deal {deal} allows {limit}"),
    "too-many-wilds/contract-cap": N_("{wilds} in the {requirement}: deal {deal} allows at most {limit} in it"),
    "wild-in-pure-trio": N_("{wilds} in the {requirement}: deal {deal} needs {size} natural cards of different "
                            "suits"),
    "wilds-not-allowed-in-contract": N_("{wilds} in the {requirement}: deal {deal} allows no wild card in it"),
    "wrong-kind": N_("{cards} is a {got}, but deal {deal} needs a {requirement} here"),
    "wrong-meld-count": N_("{given}: deal {deal} asks for exactly {contract}"),
    # lay-offs and exchanges
    "assumed-arrangement": N_("assuming the run lies as {cards}"),
    "assumed-later-turn": N_("assuming this is a later turn than the one you laid your contract"),
    "assumed-melded": N_("assuming you have laid your contract in this deal"),
    "assumed-not-contract": N_("assuming the meld is not part of a contract"),
    "assumed-no-wild-cap": N_("assuming the meld holds only the wild cards any meld may hold (say the deal: some "
                              "contracts allow more)"),
    "assumed-not-pure-trio": N_("assuming the meld is not the pure trío"),
    "assumed-ordinary-deal": N_("assuming this is not a deal that must be gone out in one turn"),
    "assumed-other-players-meld": N_("assuming the meld is another player's"),
    "colour-run-closed": N_("nothing is laid off onto a colour run: laying it ends the deal"),
    "layoff-before-contract": N_("you have not laid your contract yet: lay-offs come after it"),
    "layoff-contract-turn": N_("in {variant} nothing but the contract is laid on the contract turn: lay off from "
                               "your next turn"),
    "layoff-not-adjacent": N_("{cards} do not fit at either end of the run {run}"),
    "layoff-one-turn-deal": N_("nobody lays off in deal {deal}: the player who lays down goes out in the same "
                               "turn"),
    "layoff-onto-wild-set": N_("{card} cannot go onto a set of wild cards: it takes only another wild card"),
    "layoff-rank-held-by-wild": N_("a wild card already stands for {card} in this run (exchange it instead, where "
                                   "allowed)"),
    "layoff-rank-taken": N_("{card} is already in the run"),
    "layoff-wrong-rank": N_("{card} does not go onto a set of {rank}"),
    "layoff-wrong-suit": N_("{card} does not go onto a run of {suit}"),
    "melds-never-joined": N_("two melds on the table are never joined into one in {variant}"),
    "new-meld-after-contract": N_("in {variant} no new meld is laid after the contract: only lay-offs onto the "
                                  "melds on the table"),
    "new-meld-before-contract": N_("you have not laid your contract yet: the first melds you lay down are the "
                                   "contract"),
    "new-meld-contract-turn": N_("in {variant} nothing but the contract is laid on the contract turn"),
    "new-meld-one-turn-deal": N_("in deal {deal} the whole hand goes down in one lay-down, the contract with it: "
                                 "no meld is laid apart"),
    "no-run-wild-swap": N_("in {variant} a wild card is never taken from a run"),
    "no-run-wild-swap-slide": N_("in {variant} a joker is never taken from a run; it may slide along the run when "
                                 "you lay off"),
    "no-set-wild-swap": N_("in {variant} a wild card is never taken from a set"),
    "no-wild-in-meld": N_("there is no wild card in {meld} to take"),
    "own-contract-locked": N_("your own contract melds can be extended only from your next turn"),
    "pure-trio-closed": N_("the pure trío is closed: it already holds all four suits"),
    "pure-trio-fourth-suit": N_("the pure trío takes only its fourth suit, {suit}: {card} repeats a suit"),
    "pure-trio-no-wild": N_("the pure trío never takes a wild card"),
    "pure-trio-one-card": N_("the pure trío takes just one more card, of its fourth suit"),
    "swap-before-contract": N_("you have not laid your contract yet: wild cards are exchanged after it"),
    "swap-card-count": N_("a wild card in a set is exchanged for {needed} cards of its rank in {variant}, not "
                          "{given}"),
    "swap-card-count/one": N_("a wild card in a set is exchanged for {needed} card of its rank in {variant}, not "
                              "{given}"),
    "swap-card-count/run": N_("a wild card in a run is exchanged for the one card it stands for, not {given} "
                              "cards"),
    "swap-contract-turn": N_("wild cards are exchanged only in a later turn than the one you laid your contract"),
    "swap-into-contract": N_("the wild card taken must go at once into your contract, so the exchange is made on "
                             "the turn you lay it"),
    "swap-no-end": N_("the wild card has no end of the run to move to, so the exchange is not possible"),
    "swap-only-others-contract": N_("in {variant} a wild card is taken only from a meld another player laid for "
                                    "their contract"),
    "swap-own-meld": N_("in {variant} a wild card is never taken back from your own melds"),
    "swap-wild-not-at-end": N_("the wild card standing for {card} is not at an end of the run: it can no longer "
                               "move"),
    "swap-wild-set": N_("a set of wild cards only has no rank to exchange its wilds for"),
    "swap-with-wild": N_("{card} is a wild card: only a natural card replaces a wild"),
    "swap-wrong-card": N_("{card} is not the card a wild stands for in this run (it stands for {stands})"),
    "swap-wrong-card/set": N_("{card} does not replace a wild in a set of {rank}"),
    "too-many-wilds-as-laid": N_("too many wild cards in the run as it lies, for {variant}"),
    "wild-onto-run": N_("a wild card is never added to a run on the table in {variant}"),
    "wild-onto-set": N_("a wild card is never added to a set on the table in {variant}"),
    "wilds-immovable": N_("in {variant} a wild card never moves once melded, and a natural card never replaces "
                          "it"),
    # what the lay-off and exchange checks cannot read (referee.rules.layoffs.LayoffInputError)
    "layoff-no-cards": N_("no cards given to lay off"),
    "layoff-no-meld": N_("no meld given: name the cards of the meld on the table"),
    "layoff-not-a-meld": N_("{cards} is not a valid meld in {variant}: {reasons}"),
    "layoff-not-pure-trio": N_("{cards} is not a pure trío (three or four suits, no wild)"),
    "layoff-order-not-meld": N_("the run as it lies, {order}, is not the meld {cards}"),
    "layoff-order-not-run": N_("{cards} is not a run laid in order"),
    "layoff-owner": N_("owner {owner} is neither 'own' nor 'other'"),
    "layoff-run-not-in-order": N_("{cards} is not laid in order, low to high"),
    "layoff-run-not-one-suit": N_("{cards} is not a run of one suit"),
    "swap-no-natural": N_("no natural card given for the exchange"),
    # what the solver cannot read (referee.rules.solver)
    "hand-size": N_("a hand of {count} cards: give 1 to {most} cards"),
    "no-such-contract-choice": N_("{choice} is not a contract of deal {deal}: it has {count}, numbered from 0 "
                                  "({contracts})"),
    # what the solver finds missing
    "blocked-runs-adjacent": N_("{variant} does not allow two contract runs of one suit where one follows the "
                                "other ({suit})"),
    "blocked-runs-share-suit": N_("{variant} does not allow two contract runs of one suit ({suit})"),
    "blocked-sets-share-rank": N_("{variant} does not allow two contract sets of one rank ({rank})"),
    "cards-left-over": N_("{cards} cannot be laid down: in deal {deal} the whole hand goes down at once, with no "
                          "discard"),
    "cards-left-over/at-most-one-discard": N_("{cards} cannot be laid down: in deal {deal} the whole hand goes "
                                              "down at once, with at most one card discarded"),
    "cards-left-over/one-discard": N_("{cards} cannot be laid down: in deal {deal} the whole hand goes down at "
                                      "once, and one card is discarded"),
    "needs-colour-run": N_("the {requirement} needs {size} cards of consecutive ranks alternating red and black"),
    "needs-discard": N_("no card is left to discard: deal {deal} ends with a discard, so the hand needs one card "
                        "more than the lay-down"),
    "needs-meld": N_("the {requirement} needs {count} cards of one rank"),
    "needs-meld/fresh-rank": N_("the {requirement} needs {count} cards of a rank not used yet"),
    "needs-meld/run": N_("the {requirement} needs {count} cards in a row of one suit"),
    "needs-pure-set-cards": N_("the {requirement} needs {count} more cards of rank {rank}, each of a suit it does "
                               "not have yet: {suits}"),
    "needs-pure-set-cards/one": N_("the {requirement} needs one more {rank} of a suit it does not have yet: "
                                   "{suits}"),
    "needs-run-cards": N_("the {requirement} needs {cards} to complete the run {run}"),
    "needs-run-cards/jokers-fill": N_("the {requirement} needs {count} of {cards} to complete the run {run}: the "
                                      "jokers in the hand fill the other places"),
    "needs-run-cards/one-or-joker": N_("the {requirement} needs {cards} or a joker to complete the run {run}"),
    "needs-run-cards/one-or-wild": N_("the {requirement} needs {cards} or a wild card to complete the run {run}"),
    "needs-run-cards/or-jokers": N_("the {requirement} needs {cards} to complete the run {run}, or jokers in "
                                    "their place"),
    "needs-run-cards/or-some-jokers": N_("the {requirement} needs {cards} to complete the run {run}, or jokers "
                                         "in up to {wilds} of those places"),
    "needs-run-cards/or-some-wilds": N_("the {requirement} needs {cards} to complete the run {run}, or wild "
                                        "cards in up to {wilds} of those places"),
    "needs-run-cards/or-wilds": N_("the {requirement} needs {cards} to complete the run {run}, or wild cards in "
                                   "their place"),
    "needs-run-cards/wilds-fill": N_("the {requirement} needs {count} of {cards} to complete the run {run}: the "
                                     "wild cards in the hand fill the other places"),
    "needs-set-cards": N_("the {requirement} needs {count} more cards of rank {rank}"),
    "needs-set-cards/one": N_("the {requirement} needs one more {rank}"),
    "needs-set-cards/one-or-joker": N_("the {requirement} needs one more {rank} or a joker"),
    "needs-set-cards/one-or-wild": N_("the {requirement} needs one more {rank} or a wild card"),
    "needs-set-cards/or-jokers": N_("the {requirement} needs {count} more cards of rank {rank} (jokers may stand "
                                    "in for them)"),
    "needs-set-cards/or-some-jokers": N_("the {requirement} needs {count} more cards of rank {rank} (jokers may "
                                         "stand in for {wilds} of them)"),
    "needs-set-cards/or-some-wilds": N_("the {requirement} needs {count} more cards of rank {rank} (wild cards "
                                        "may stand in for {wilds} of them)"),
    "needs-set-cards/or-wilds": N_("the {requirement} needs {count} more cards of rank {rank} (wild cards may "
                                   "stand in for them)"),
    # what the rules card says of a game's buying (referee.rules.variants.BuyRules.lines)
    "buying/none": N_("Nobody buys discards in this game."),
    "buying/per-game": N_("Each player has {tokens} for the whole game."),
    "buying/per-deal": N_("At most {count} buys per deal."),
    "buying/per-deal-one": N_("At most {count} buy per deal."),
    "buying/unlimited": N_("Buys are not limited."),
    "buying/stock": N_("A buy takes the discard and {count} cards from the stock."),
    "buying/stock-one": N_("A buy takes the discard and {count} card from the stock."),
    "buying/own-turn": N_("On your own turn, buying takes the discard and {count} stock cards in all."),
    "buying/own-turn-one": N_("On your own turn, buying takes the discard and {count} stock card in all."),
    "buying/priority": N_("The next player in turn has priority; the one who discarded never buys it back."),
    "buying/not-after-melding": N_("Once you have laid down your contract you no longer buy."),
    "buying/price": N_("A buy costs {count} to the pot."),
    "buying/card-beneath": N_("Once a discard is bought, the card beneath it may be bought too."),
    # the game ledger
    "already-created": N_("this game already exists"),
    "already-laid-down": N_("{player} has already laid down in deal {deal}"),
    "already-undone": N_("event {seq} is already undone"),
    "bad-cards/cards": N_("{player}'s cards {cards!r}: {token!r} is not a card (write it like 7H, 10♠, QD or JK)"),
    "bad-cards/melds": N_("{player}'s melds: {token!r} is not a card (write it like 7H, 10♠, QD or JK)"),
    "bad-cards/value": N_("{player}'s hand {value} is neither cards nor points"),
    "bad-jokers": N_("the cutter looks at 3 cards and there are {jokers} jokers in play: {count} jokers cannot be "
                     "taken"),
    "bad-setting": N_("the {key} must be an amount of at least 0, not {value}"),
    "buy-after-melding": N_("{player} has laid down already and {variant} allows no buying after that"),
    "buy-limit-this-deal": N_("{player} may buy at most {limit} times in deal {deal}"),
    "buy-limit-this-deal/once": N_("{player} may buy at most {limit} time in deal {deal}"),
    "cannot-undo-creation": N_("the creation of the game cannot be undone"),
    "contract-after-laydown": N_("the contract must be announced before anyone lays down"),
    "contract-already-chosen": N_("the contract of deal {deal} is already announced; undo it to change it"),
    "contract-not-announced": N_("under dealer's choice the dealer ({dealer}) must announce the contract first"),
    "contract-used": N_("{contract} was already played in deal {deal}"),
    "cutter-takes-no-jokers": N_("in {variant} the cutter takes no jokers from the cut"),
    "deal-already-ended": N_("deal {deal} has already ended (this is deal {current}); correct it instead"),
    "deal-not-ended": N_("deal {deal} has not ended yet: there is nothing to correct"),
    "duplicate-player": N_("two players are called {name}: give them different names"),
    "empty-name": N_("a game needs players"),
    "empty-name/alone": N_("a player needs a name"),
    "empty-name/every": N_("every player needs a name"),
    "exact-cut-twice": N_("an exact cut is already recorded in deal {deal}"),
    "game-over": N_("the game is over: all {count} deals have been played"),
    "game-over/abandon": N_("the game is over: it cannot be abandoned"),
    "game-over/abandoned": N_("the game was abandoned: nothing more can be recorded"),
    "game-over/abandoned-again": N_("the game was already abandoned"),
    "game-over/leave": N_("the game is over: nobody can leave it"),
    "game-over/seats": N_("the game is over: the seats cannot change"),
    "left-before-play": N_("deal 1 has not ended: remove {player} from the players instead"),
    "left-mid-deal": N_("deal {deal} is under way (something is recorded in it): end it with {player}'s hand "
                        "first, then mark them as having left"),
    "missing-hand": N_("{player}'s cards or points are missing"),
    "name-taken": N_("{name} is already playing in this game"),
    "name-too-long": N_("a name has at most {max} characters: {name}…"),
    "name-unclean": N_("«{name}» holds invisible, control or direction characters: type the name again"),
    "names-look-alike": N_("«{name}» looks the same as «{other}»"),
    "negative-buys": N_("{player} cannot have bought {count} times"),
    "negative-points": N_("{player}'s points cannot be negative ({points})"),
    "no-buying": N_("{variant} has no buying"),
    "no-buying-this-deal": N_("nobody may buy in deal {deal} of {variant}"),
    "no-chips-left": N_("{player} has no {token}s left (each player has {limit} for the game)"),
    "no-dealers-choice": N_("{variant} is played without dealer's choice of contract"),
    "no-exact-cut-reward": N_("an exact cut earns nothing in {variant}"),
    "no-one-turn-bonus": N_("going out in one turn earns nothing in {variant}"),
    "no-one-turn-bonus/nobody": N_("nobody went out, so nobody went out in one turn"),
    "no-shanghai-call": N_("{variant} has no Shanghai call"),
    "no-such-contract": N_("there is no contract {index}: {variant} has {count}"),
    "no-such-deal": N_("{variant} has {count} deals: there is no deal {deal}"),
    "no-such-event": N_("there is no event {seq} to undo"),
    "nobody-out": N_("somebody must go out to end a deal in {variant}: only where the stock running out ends the "
                     "deal can a deal end with nobody out"),
    "not-created": N_("a game log starts with the creation of the game"),
    "one-turn-other-went-out": N_("{first} laid down in deal {deal}, which must be gone out in one turn: laying "
                                  "down was going out, so {player} cannot have gone out"),
    "one-turn-other-went-out/nobody": N_("{first} laid down in deal {deal}, which must be gone out in one turn: "
                                         "laying down was going out, so the deal cannot end with nobody out"),
    "one-turn-second-laydown": N_("{first} has laid down in deal {deal}, which must be gone out in one turn: "
                                  "laying down was going out, so {player} cannot lay down too"),
    "player-already-left": N_("{player} has already left the game"),
    "player-left": N_("{player} has left the game and takes no part in deal {deal}"),
    "seat-has-actions": N_("{player} has already bought or laid down in deal 1: undo that first"),
    "seat-has-shanghai-call": N_("{player} has called Shanghai in deal 1: undo that first"),
    "seats-after-play": N_("deal 1 has ended: the seats can no longer change (a name can still be corrected)"),
    "seats-change-roles": N_("deal 1's exact cut or contract is recorded with {dealer} dealing and {cutter} "
                             "cutting: undo it first"),
    "shanghai-call-nothing-laid": N_("nobody has laid down in deal {deal} yet: no meld lies on the table to lay the "
                                     "discard off onto, so there is no Shanghai call"),
    "shanghai-call-one-turn-deal": N_("nobody calls Shanghai in deal {deal}: no meld lies on the table until the "
                                      "deal ends"),
    "too-few-players": N_("{variant} needs at least {min} players, not {count}"),
    "too-few-stay": N_("{variant} needs at least {min} players: with {player} gone {count} would stay (end the "
                       "game instead)"),
    "too-many-buys": N_("{player} cannot buy more than {limit} times in deal {deal}: no deal has the cards for "
                        "it, and a game file could not hold it"),
    "too-many-calls": N_("{player} cannot call Shanghai more than {limit} times in deal {deal}: a game file could "
                         "not hold it"),
    "too-many-copies/hands": N_("the hands hold {count} copies of {card}, but the cards in play hold only "
                                "{available}: that cannot happen at the table"),
    "too-many-copies/hands-jokers": N_("the hands hold {count} jokers, but the cards in play hold only {available}: "
                                       "that cannot happen at the table"),
    "too-many-copies/melds": N_("the melds hold {count} copies of {card}, but the cards in play hold only "
                                "{available}: that cannot happen at the table"),
    "too-many-copies/melds-jokers": N_("the melds hold {count} jokers, but the cards in play hold only {available}: "
                                       "that cannot happen at the table"),
    "too-many-players": N_("{variant} takes at most {max} players, not {count}"),
    "undo-breaks-later": N_("undoing event {seq} would leave later events against the rules: {reasons}"),
    "unknown-first-dealer": N_("the first dealer {name} is not one of the players"),
    "unknown-player": N_("{name} is not playing in this game (the players are {players})"),
    "went-out-with-cards": N_("{player} went out but has cards left: {cards}"),
    "went-out-with-cards/points": N_("{player} went out but has {points} points of cards left"),
    "wrong-deal": N_("this is deal {current}, not deal {deal}"),
    # a game file that cannot be read (referee.ledger.gamefile, referee.games.rummy.ledger.gamefile and exchange)
    "file-bad-cards/hand": N_("deal {deal}, {player}'s hand {cards}: {token!r} is not a card (write it like 7H, 10♠, "
                              "QD or JK)"),
    "file-bad-cards/meld": N_("deal {deal}, {player}'s meld {cards}: {token!r} is not a card (write it like 7H, 10♠, "
                              "QD or JK)"),
    "file-bad-cards/meld-no-suit": N_("deal {deal}, {player}'s meld {cards}: {token!r} needs a suit here (write it "
                                      "like {rank}H or {rank}♥)"),
    "file-cards-in-all": N_("{count} cards written: a game file holds at most {max}"),
    "file-deal": N_("deal {deal} must be an object, not {value}"),
    "file-deal-field": N_('deal {deal} "{field}" must be something else, not {value}'),
    "file-deal-field/contract": N_('deal {deal} "{field}" must be a deal number or a contract, not {value}'),
    "file-deal-field/count-of": N_('deal {deal} "{field}" of {player} must be a whole number from 0 to {max}, not '
                                   "{value}"),
    "file-deal-field/counts": N_('deal {deal} "{field}" must be an object of counts, not {value}'),
    "file-deal-field/hand-of": N_("deal {deal}, {player}'s hand must be cards or points from 0 to {max}, not "
                                  "{value}"),
    "file-deal-field/hands": N_('deal {deal} "{field}" must be an object, not {value}'),
    "file-deal-field/laid-down": N_('deal {deal} "{field}" must be an object of meld lists, not {value}'),
    "file-deal-field/left": N_('deal {deal} "{field}" must be a list of the players who left before it, not '
                               "{value}"),
    "file-deal-field/melds-of": N_('deal {deal} "{field}" of {player} must be a list of at most {max} melds, not '
                                   "{value}"),
    "file-deal-field/out-in-one-turn": N_('deal {deal} "{field}" must be "with-wild", "without-wild" or null, not '
                                          "{value}"),
    "file-deal-field/text": N_('deal {deal} "{field}" must be a text, not {value}'),
    "file-deal-field/true-or-false": N_('deal {deal} "{field}" must be true or false, not {value}'),
    "file-deal-field/went-out": N_('deal {deal} "{field}" must be a player or null, not {value}'),
    "file-deal-field/whole-number": N_('deal {deal} "{field}" must be a whole number from 0 to {max}, not {value}'),
    "file-field": N_('"{field}" must be something else, not {value}'),
    "file-field/deals": N_('"{field}" must be a list, not {value}'),
    "file-field/first-dealer": N_('"{field}" must be a name, not {value}'),
    "file-field/object": N_('"{field}" must be an object, not {value}'),
    "file-field/players": N_('"{field}" must be a list of names, not {value}'),
    "file-field/text": N_('"{field}" must be a text, not {value}'),
    "file-field/variant": N_('"{field}" must be a variant id, not {value}'),
    "file-half-character": N_("the text {text} holds {char}, half of a character: a game file holds whole characters "
                              "only"),
    "file-house-rule/bool": N_("house rule {rule!r} cannot be {value}: it takes true or false"),
    "file-house-rule/at-least": N_("house rule {rule!r} cannot be {value}: it takes a whole number of at least {min}"),
    "file-house-rule/at-most": N_("house rule {rule!r} cannot be {value}: it takes a whole number of at most {max}"),
    "file-house-rule/choice": N_("house rule {rule!r} cannot be {value}: it takes one of {choices}"),
    "file-house-rule/whole-number": N_("house rule {rule!r} cannot be {value}: it takes a whole number"),
    "file-no-went-out": N_('deal {deal} has no "went_out" (a player, or null when nobody went out)'),
    "file-not-a-number": N_("{value} is not a number a game file can hold"),
    "file-not-json": N_("the file is not JSON (line {line}, column {column})"),
    "file-not-json/colon": N_("the file is not JSON: Expecting ':' delimiter (line {line}, column {column})"),
    "file-not-json/comma": N_("the file is not JSON: Expecting ',' delimiter (line {line}, column {column})"),
    "file-not-json/control-character": N_("the file is not JSON: Invalid control character at (line {line}, column "
                                          "{column})"),
    "file-not-json/escape": N_("the file is not JSON: Invalid \\escape (line {line}, column {column})"),
    "file-not-json/extra-data": N_("the file is not JSON: Extra data (line {line}, column {column})"),
    "file-not-json/property-name": N_("the file is not JSON: Expecting property name enclosed in double quotes "
                                      "(line {line}, column {column})"),
    "file-not-json/unicode-escape": N_("the file is not JSON: Invalid \\uXXXX escape (line {line}, column "
                                       "{column})"),
    "file-not-json/unterminated-string": N_("the file is not JSON: Unterminated string starting at (line {line}, "
                                            "column {column})"),
    "file-not-json/value": N_("the file is not JSON: Expecting value (line {line}, column {column})"),
    "file-not-json-value": N_("{kind} is not a JSON value"),
    "file-not-object": N_("a referee-game/1 file must be a JSON object, not {kind}"),
    "file-not-utf8": N_("the file is not UTF-8 text (byte {byte})"),
    "file-number-too-big": N_("the number {value} is beyond what a game file holds ({max})"),
    "file-number-too-long": N_("a number of {length} digits: numbers in a game file have at most {max}"),
    "file-number-too-long/characters": N_("a number of {length} characters: numbers in a game file have at most "
                                          "{max}"),
    "file-open-deal-not-last": N_('deal {deal} has "ended": false but later deals follow: only the last deal can be '
                                  "open"),
    "file-rules-error": N_("the rules cannot read what this file says"),
    "file-shape": N_("a referee-game/1 file must be something else, not {value}"),
    "file-text-too-long": N_("a text of {length} characters ({text}): at most {max}"),
    "file-too-big": N_("the file is larger than {megabytes} MB: no game file is that big"),
    "file-too-deep": N_("lists and objects nested more than {max} deep: not a referee-game/1 file"),
    "file-too-many-cards/hand": N_("deal {deal}, {player}'s hand: {count} cards; a hand or meld holds at most {max}"),
    "file-too-many-cards/meld": N_("deal {deal}, {player}'s meld: {count} cards; a hand or meld holds at most {max}"),
    "file-too-many-deals": N_("{count} deals: a game of {variant} has {deals}"),
    "file-too-many-events": N_("{count} events (buys, lay-downs, cuts, deal ends): a game has at most {max}"),
    "file-too-many-players": N_("{count} players: {variant} takes {min} to {max} ({limit} at most with the table's "
                                "override)"),
    "file-too-many-players/override": N_("{count} players: {variant} takes {min} to {max}"),
    "file-too-many-values": N_("more than {max} values: far more than any game holds"),
    "file-unknown-contract": N_('deal {deal} "contract": {value} is not a contract of {variant}'),
    "file-unknown-house-rule": N_("unknown house rule {rule!r}: not a house rule of {variant}"),
    "file-unknown-variant": N_("unknown variant {variant!r} (known: {known})"),
    "file-wrong-format": N_('not a referee-game/1 file: "format" is {value}'),
}


def number_word(n: int) -> str:
    """Up to twelve in words ("no" for 0), digits beyond."""
    return NUMBER_WORDS[n] if 0 <= n < len(NUMBER_WORDS) else str(n)


def count_words(count: Count) -> str:
    """'two jokers', 'a joker', 'one wild card', 'no meld', 'three'."""
    if count.noun is None:
        return number_word(count.n)
    noun = str(count.noun)
    if count.n == 1 and count.article:
        return f"a {noun}"
    return f"{number_word(count.n)} {noun}{'' if count.n in (0, 1) else 's'}"


def and_words(words: Sequence[str]) -> str:
    """'7', '7 and 8', '7, 8 and 9'."""
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def english_value(value: object) -> str:
    """A parameter in English words: a count, a meld kind, a rank or suit, a setting, a token, a rule object, a
    list of them."""
    if isinstance(value, Count):
        return count_words(value)
    if isinstance(value, Plural):
        inner = value.value
        if isinstance(inner, MeldKind):
            return KIND_PLURALS[inner]
        if hasattr(inner, "plural"):  # a Rank: aces, 7s
            return str(inner.plural)
        return str(getattr(inner, "name", inner)).lower()  # a Suit: hearts
    if isinstance(value, MeldKind):
        return KIND_WORDS[value]
    if isinstance(value, WildLimit):
        return WILD_LIMIT_WORDS[value]
    if isinstance(value, VariantName):
        return value.id
    if isinstance(value, Setting):
        return SETTING_WORDS.get(value.id, value.id.replace("_", " "))
    if isinstance(value, BuyToken):
        return value.value
    if hasattr(value, "symbol"):  # a Suit
        return str(value.symbol)
    if hasattr(value, "label"):  # a Rank
        return str(value.label)
    if isinstance(value, tuple):
        if all(hasattr(v, "message") for v in value):  # other problems (the reasons an undo is refused)
            return "; ".join(str(v.message) for v in value)
        return and_words([english_value(v) for v in value])
    if hasattr(value, "describe"):  # a Requirement, Contract or Meld: the engine's own English for it
        return str(value.describe())
    return str(value)


def english(key: str, params: Iterable[tuple[str, object]], *, numbered: bool = False) -> str:
    """The English sentence of a problem's ``key`` (``code`` or ``code/form``) with its parameters.

    ``numbered``: the contract meld's number (the ``meld`` parameter) goes in front.
    """
    values = {name: english_value(value) for name, value in params}
    text = MESSAGES[key].format(**values)
    return MELD_PREFIX.format(**values) + text if numbered else text
