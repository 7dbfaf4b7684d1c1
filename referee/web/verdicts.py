# ruff: noqa: E501 (the table holds the engine's sentences verbatim)
"""The referee's verdicts in the page's language: every Problem code the engine and the ledger produce.

The engine gives a :class:`~referee.rules.problems.Problem` (a stable ``code``, an English ``template`` with
``{named}`` parameters, and the parameters); this module words it. Each code maps to its English templates
(the engine's own sentences, so an exact match picks the right one when a code has several); the Spanish
catalogue translates them keeping the same ``{params}`` (a test checks both). :func:`word` falls back to the
engine's English for a code it does not know, and never fails.

Some parameter values are English words the engine fills in ("set", "a joker", "pure trío"); :func:`word`
translates those it knows (:data:`VALUE_WORDS` and the contract words) and leaves names and cards alone.
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterable, Mapping

from flask_babel import LazyString, get_locale, lazy_gettext, lazy_pgettext

from referee.rules.problems import ParamValue, Problem

__all__ = ["VERDICTS", "VALUE_WORDS", "PREFIXES", "word", "words", "placeholders", "english"]


def _(text: str) -> LazyString:
    """Mark an engine template for the catalogue (pybabel extracts ``_``), translated when shown."""
    return lazy_gettext(text)


#: Every code the engine and the ledger can produce, with its English template(s).
VERDICTS: dict[str, tuple[LazyString, ...]] = {
    # The table below is refreshed by `python tests/web/problem_scan.py --write` (engine templates verbatim).
    # BEGIN TABLE
    "ace-high-only": (_("{cards}: the ace is high only in {variant} (J-Q-K-A), never low (A-2-3-4)"),),
    "ace-in-middle": (_("{cards}: the ace goes at either end of a run (A-2-3 or Q-K-A), never in the middle (K-A-2)"),),
    "ace-not-allowed": (_("{cards}: aces cannot be used in runs in {variant}"),),
    "already-created": (_("this game already exists"),),
    "already-laid-down": (_("{player} has already laid down in deal {deal}"),),
    "already-undone": (_("event {seq} is already undone"),),
    "assumed-arrangement": (_("assuming the run lies as {cards}"),),
    "assumed-later-turn": (_("assuming this is a later turn than the one you laid your contract"),),
    "assumed-melded": (_("assuming you have laid your contract in this deal"),),
    "assumed-not-contract": (_("assuming the meld is not part of a contract"),),
    "assumed-not-pure-trio": (_("assuming the meld is not the pure trío"),),
    "assumed-ordinary-deal": (_("assuming this is not a deal that must be gone out in one turn"),),
    "assumed-other-players-meld": (_("assuming the meld is another player's"),),
    "bad-cards": (
        _("{player}'s cards {cards!r}: {error}"),
        _("{player}'s hand {value} is neither cards nor points"),
        _("{player}'s melds: {error}"),
    ),
    "bad-jokers": (
        _("the cutter looks at 3 cards and there are {jokers} jokers in play: {count} jokers cannot be taken"),
    ),
    "bad-setting": (_("the {key} must be an amount of at least 0, not {value}"),),
    "blocked-runs-adjacent": (
        _("{variant} does not allow two contract runs of one suit where one follows the other ({suit})"),
    ),
    "blocked-runs-share-suit": (_("{variant} does not allow two contract runs of one suit ({suit})"),),
    "blocked-sets-share-rank": (_("{variant} does not allow two contract sets of one rank ({rank})"),),
    "buy-after-melding": (_("{player} has laid down already and {variant} allows no buying after that"),),
    "buy-limit-this-deal": (_("{player} may buy at most {limit} time{s} in deal {deal}"),),
    "cannot-undo-creation": (_("the creation of the game cannot be undone"),),
    "cards-left-over": (
        _("{cards} cannot be laid down: in deal {deal} the whole hand goes down at once, and one card is discarded"),
        _(
            "{cards} cannot be laid down: in deal {deal} the whole hand goes down at once, with at most one card discarded"
        ),
        _("{cards} cannot be laid down: in deal {deal} the whole hand goes down at once, with no discard"),
    ),
    "colour-not-alternating": (_("{cards} side by side: a colour run alternates red and black"),),
    "colour-run-closed": (_("nothing is laid off onto a colour run: laying it ends the deal"),),
    "contract-after-laydown": (_("the contract must be announced before anyone lays down"),),
    "contract-already-chosen": (_("the contract of deal {deal} is already announced; undo it to change it"),),
    "contract-not-announced": (_("under dealer's choice the dealer ({dealer}) must announce the contract first"),),
    "contract-used": (_("{contract} was already played in deal {deal}"),),
    "cutter-takes-no-jokers": (_("in {variant} the cutter takes no jokers from the cut"),),
    "deal-already-ended": (_("deal {deal} has already ended (this is deal {current}); correct it instead"),),
    "deal-not-ended": (_("deal {deal} has not ended yet: there is nothing to correct"),),
    "duplicate-player": (_("two players are called {name}: give them different names"),),
    "duplicate-rank-in-run": (_("{cards}: a run holds each rank once"),),
    "empty-name": (
        _("a game needs players"),
        _("a player needs a name"),
        _("every player needs a name"),
    ),
    "exact-cut-twice": (_("an exact cut is already recorded in deal {deal}"),),
    "game-over": (
        _("the game is over: all {count} deals have been played"),
        _("the game is over: it cannot be abandoned"),
        _("the game is over: nobody can leave it"),
        _("the game is over: the seats cannot change"),
        _("the game was abandoned: nothing more can be recorded"),
        _("the game was already abandoned"),
    ),
    "layoff-before-contract": (_("you have not laid your contract yet: lay-offs come after it"),),
    "layoff-contract-turn": (
        _("in {variant} nothing but the contract is laid on the contract turn: lay off from your next turn"),
    ),
    "layoff-not-adjacent": (_("{cards} do not fit at either end of the run {run}"),),
    "layoff-one-turn-deal": (_("nobody lays off in deal {deal}: the player who lays down goes out in the same turn"),),
    "layoff-onto-wild-set": (_("{card} cannot go onto a set of wild cards: it takes only another wild card"),),
    "layoff-rank-held-by-wild": (
        _("a wild card already stands for {card} in this run (exchange it instead, where allowed)"),
    ),
    "layoff-rank-taken": (_("{card} is already in the run"),),
    "layoff-wrong-rank": (_("{card} does not go onto a set of {rank}"),),
    "layoff-wrong-suit": (_("{card} does not go onto a run of {suit}"),),
    "left-before-play": (_("deal 1 has not ended: remove {player} from the players instead"),),
    "left-mid-deal": (_("deal {deal} is under way (something is recorded in it): end it with {player}'s hand first, then mark them as having left"),),
    "melds-never-joined": (_("two melds on the table are never joined into one in {variant}"),),
    "missing-hand": (_("{player}'s cards or points are missing"),),
    "mixed-ranks": (_("a {kind} needs cards of one rank, not {ranks}"),),
    "mixed-suits": (_("a run needs cards of one suit, not {suits}"),),
    "name-taken": (_("{name} is already playing in this game"),),
    "name-too-long": (_("a name has at most {max} characters: {name}…"),),
    "name-unclean": (_("«{name}» holds invisible, control or direction characters: type the name again"),),
    "names-look-alike": (_("«{name}» looks the same as «{other}»"),),
    "needs-colour-run": (_("the {requirement} needs {size} cards of consecutive ranks alternating red and black"),),
    "needs-discard": (
        _(
            "no card is left to discard: deal {deal} ends with a discard, so the hand needs one card more than the lay-down"
        ),
    ),
    "needs-meld": (
        _("the {requirement} needs {count} cards in a row of one suit"),
        _("the {requirement} needs {count} cards of a rank not used yet"),
        _("the {requirement} needs {count} cards of one rank"),
    ),
    "needs-pure-set-cards": (
        _("the {requirement} needs one more {rank} of a suit it does not have yet: {suits}"),
        _("the {requirement} needs {count} more cards of rank {rank}, each of a suit it does not have yet: {suits}"),
    ),
    "needs-run-cards": (
        _("the {requirement} needs {cards} or a joker to complete the run {run}"),
        _("the {requirement} needs {cards} or a wild card to complete the run {run}"),
        _("the {requirement} needs {cards} to complete the run {run}"),
        _("the {requirement} needs {cards} to complete the run {run}, or jokers in their place"),
        _("the {requirement} needs {cards} to complete the run {run}, or jokers in up to {wilds} of those places"),
        _("the {requirement} needs {cards} to complete the run {run}, or wild cards in their place"),
        _("the {requirement} needs {cards} to complete the run {run}, or wild cards in up to {wilds} of those places"),
        _(
            "the {requirement} needs {count} of {cards} to complete the run {run}: the jokers in the hand fill the other places"
        ),
        _(
            "the {requirement} needs {count} of {cards} to complete the run {run}: the wild cards in the hand fill the other places"
        ),
    ),
    "needs-set-cards": (
        _("the {requirement} needs one more {rank}"),
        _("the {requirement} needs one more {rank} or a joker"),
        _("the {requirement} needs one more {rank} or a wild card"),
        _("the {requirement} needs {count} more cards of rank {rank}"),
        _("the {requirement} needs {count} more cards of rank {rank} (jokers may stand in for them)"),
        _("the {requirement} needs {count} more cards of rank {rank} (jokers may stand in for {wilds} of them)"),
        _("the {requirement} needs {count} more cards of rank {rank} (wild cards may stand in for them)"),
        _("the {requirement} needs {count} more cards of rank {rank} (wild cards may stand in for {wilds} of them)"),
    ),
    "negative-buys": (_("{player} cannot have bought {count} times"),),
    "negative-points": (_("{player}'s points cannot be negative ({points})"),),
    "no-buying": (_("{variant} has no buying"),),
    "no-buying-this-deal": (_("nobody may buy in deal {deal} of {variant}"),),
    "no-chips-left": (_("{player} has no {token}s left (each player has {limit} for the game)"),),
    "no-colour-runs-in-variant": (_("{variant} has no {kinds}"),),
    "no-dealers-choice": (_("{variant} is played without dealer's choice of contract"),),
    "no-exact-cut-reward": (_("an exact cut earns nothing in {variant}"),),
    "no-natural": (
        _("a run of wild cards only: a run needs at least one natural card"),
        _("a {kind} of jokers only: a {kind} needs at least one natural card"),
        _(
            "{cards}: 2s are wild in {variant}, so a {kind} of 2s is a {kind} of wild cards, and a {kind} needs at least one natural card"
        ),
    ),
    "no-pairs-in-variant": (_("{variant} has no {kinds}"),),
    "no-run-wild-swap": (_("in {variant} a wild card is never taken from a run"),),
    "no-run-wild-swap-slide": (
        _("in {variant} a joker is never taken from a run; it may slide along the run when you lay off"),
    ),
    "no-runs-in-variant": (_("{variant} has no {kinds}"),),
    "no-set-wild-swap": (_("in {variant} a wild card is never taken from a set"),),
    "no-such-contract": (_("there is no contract {index}: {variant} has {count}"),),
    "no-such-deal": (_("{variant} has {count} deals: there is no deal {deal}"),),
    "no-such-event": (_("there is no event {seq} to undo"),),
    "no-wild-in-meld": (_("there is no wild card in {meld} to take"),),
    "nobody-out": (
        _(
            "somebody must go out to end a deal in {variant}: only where the stock running out ends the deal can a deal end with nobody out"
        ),
    ),
    "not-consecutive": (
        _("not consecutive: {missing} missing"),
        _("not consecutive: {missing} missing, and only {wilds} to stand in"),
    ),
    "not-created": (_("a game log starts with the creation of the game"),),
    "own-contract-locked": (_("your own contract melds can be extended only from your next turn"),),
    "player-already-left": (_("{player} has already left the game"),),
    "player-left": (_("{player} has left the game and takes no part in deal {deal}"),),
    "pure-trio-closed": (_("the pure trío is closed: it already holds all four suits"),),
    "pure-trio-fourth-suit": (_("the pure trío takes only its fourth suit, {suit}: {card} repeats a suit"),),
    "pure-trio-no-wild": (_("the pure trío never takes a wild card"),),
    "pure-trio-one-card": (_("the pure trío takes just one more card, of its fourth suit"),),
    "run-too-long": (_("{count} cards: a run holds at most {maximum}"),),
    "runs-adjacent": (
        _("{first} and {second} are consecutive runs of one suit: {variant} does not allow them in one contract"),
    ),
    "runs-share-suit": (_("two runs of {suit}: {variant} does not allow two contract runs of one suit"),),
    "seat-has-actions": (_("{player} has already bought or laid down in deal 1: undo that first"),),
    "seats-after-play": (_("deal 1 has ended: the seats can no longer change (a name can still be corrected)"),),
    "seats-change-roles": (_("deal 1's exact cut or contract is recorded with {dealer} dealing and {cutter} cutting: undo it first"),),
    "sets-share-rank": (_("two sets of {rank}: {variant} does not allow two contract sets of one rank"),),
    "size-below-minimum": (_("{count} cards in the {requirement}: deal {deal} needs at least {size}"),),
    "size-not-exact": (_("{count} cards in the {requirement}: deal {deal} needs exactly {size}"),),
    "suits-not-different": (_("{cards}: the {requirement} needs {size} different suits"),),
    "swap-before-contract": (_("you have not laid your contract yet: wild cards are exchanged after it"),),
    "swap-card-count": (
        _("a wild card in a run is exchanged for the one card it stands for, not {given} cards"),
        _("a wild card in a set is exchanged for {needed} card{s} of its rank in {variant}, not {given}"),
    ),
    "swap-contract-turn": (_("wild cards are exchanged only in a later turn than the one you laid your contract"),),
    "swap-into-contract": (
        _("the wild card taken must go at once into your contract, so the exchange is made on the turn you lay it"),
    ),
    "swap-no-end": (_("the wild card has no end of the run to move to, so the exchange is not possible"),),
    "swap-only-others-contract": (
        _("in {variant} a wild card is taken only from a meld another player laid for their contract"),
    ),
    "swap-own-meld": (_("in {variant} a wild card is never taken back from your own melds"),),
    "swap-wild-not-at-end": (
        _("the wild card standing for {card} is not at an end of the run: it can no longer move"),
    ),
    "swap-wild-set": (_("a set of wild cards only has no rank to exchange its wilds for"),),
    "swap-with-wild": (_("{card} is a wild card: only a natural card replaces a wild"),),
    "swap-wrong-card": (
        _("{card} does not replace a wild in a set of {rank}"),
        _("{card} is not the card a wild stands for in this run (it stands for {stands})"),
    ),
    "too-few-cards": (
        _("{count} cards: a pair is exactly 2"),
        _("{count} cards: a {kind} needs at least {minimum}"),
    ),
    "too-few-players": (_("{variant} needs at least {min} players, not {count}"),),
    "too-few-stay": (_("{variant} needs at least {min} players: with {player} gone {count} would stay (end the game instead)"),),
    "too-many-cards": (_("{count} cards: a pair is exactly 2"),),
    "too-many-copies": (
        _("the hands hold {error}"),
        _("the melds hold {error}"),
    ),
    "too-many-players": (_("{variant} takes at most {max} players, not {count}"),),
    "too-many-wilds": (
        _("{wilds} and {naturals} in one {kind}: {variant} allows {limit} in a {kind}"),
        _("{wilds} in one {kind}: {variant} allows {limit}"),
        _("{wilds} in the {requirement}: deal {deal} allows {limit}"),
    ),
    "too-many-wilds-as-laid": (_("too many wild cards in the run as it lies, for {variant}"),),
    "too-many-wilds-in-contract": (_("{wilds} in the contract: deal {deal} allows {limit}"),),
    "undo-breaks-later": (_("undoing event {seq} would leave later events against the rules: {reasons}"),),
    "unknown-first-dealer": (_("the first dealer {name} is not one of the players"),),
    "unknown-player": (_("{name} is not playing in this game (the players are {players})"),),
    "went-out-with-cards": (
        _("{player} went out but has cards left: {cards}"),
        _("{player} went out but has {points} points of cards left"),
    ),
    "wild-in-pure-trio": (
        _("{wilds} in the {requirement}: deal {deal} needs {size} natural cards of different suits"),
    ),
    "wild-onto-run": (_("a wild card is never added to a run on the table in {variant}"),),
    "wild-onto-set": (_("a wild card is never added to a set on the table in {variant}"),),
    "wilds-immovable": (_("in {variant} a wild card never moves once melded, and a natural card never replaces it"),),
    "wilds-in-colour-run": (_("{wilds} in a colour run: a colour run takes no joker"),),
    "wilds-in-runs-not-allowed": (
        _("{wilds} in a {kind}: 2s and jokers are wild in {variant}, and a {kind} takes no wild card"),
        _("{wilds} in a {kind}: {variant} allows no wild card in a {kind}"),
    ),
    "wilds-in-sets-not-allowed": (
        _("{wilds} in a {kind}: 2s and jokers are wild in {variant}, and a {kind} takes no wild card"),
        _("{wilds} in a {kind}: {variant} allows no wild card in a {kind}"),
    ),
    "wilds-mixed-in-set": (
        _("{wilds} with natural cards in a set: in {variant} jokers make a set only on their own (a trío of jokers)"),
    ),
    "wilds-not-allowed-in-contract": (_("{wilds} in the {requirement}: deal {deal} allows no wild card in it"),),
    "wrong-deal": (_("this is deal {current}, not deal {deal}"),),
    "wrong-kind": (_("{cards} is a {got}, but deal {deal} needs a {requirement} here"),),
    "wrong-meld-count": (_("{given}: deal {deal} asks for exactly {contract}"),),
    # END TABLE
}

#: Prefixes the engine puts in front of another problem's template (a contract meld's number).
PREFIXES: dict[str, LazyString] = {
    "meld {meld}: ": _("meld {meld}: "),
}

#: English words the engine puts into parameters, and what they are in the page's language.
VALUE_WORDS: dict[str, LazyString] = {
    "set": lazy_pgettext("a meld", "set"),
    "sets": lazy_pgettext("melds", "sets"),
    "run": lazy_pgettext("a meld", "run"),
    "runs": lazy_pgettext("melds", "runs"),
    "pair": lazy_pgettext("a meld", "pair"),
    "pairs": lazy_pgettext("melds", "pairs"),
    "colour run": lazy_pgettext("a meld", "colour run"),
    "colour runs": lazy_pgettext("melds", "colour runs"),
    "trío": lazy_pgettext("a meld", "trío"),
    "pure trío": lazy_pgettext("a meld", "pure trío"),
    "cuarteto": lazy_pgettext("a meld", "cuarteto"),
    "quinteto": lazy_pgettext("a meld", "quinteto"),
    "chip": lazy_pgettext("what buys", "chip"),
    "buy": lazy_pgettext("what buys", "buy"),
    "coin": lazy_pgettext("what buys", "coin"),
    "May I": lazy_pgettext("what buys", "May I"),
    "a joker": lazy_pgettext("wild cards", "a joker"),
    "a wild card": lazy_pgettext("wild cards", "a wild card"),
    "one joker": lazy_pgettext("wild cards", "one joker"),
    "one wild card": lazy_pgettext("wild cards", "one wild card"),
    "two jokers": lazy_pgettext("wild cards", "two jokers"),
    "two wild cards": lazy_pgettext("wild cards", "two wild cards"),
    "three jokers": lazy_pgettext("wild cards", "three jokers"),
    "three wild cards": lazy_pgettext("wild cards", "three wild cards"),
    "four jokers": lazy_pgettext("wild cards", "four jokers"),
    "four wild cards": lazy_pgettext("wild cards", "four wild cards"),
    "no meld": lazy_pgettext("melds", "no meld"),
    "one meld": lazy_pgettext("melds", "one meld"),
    "two melds": lazy_pgettext("melds", "two melds"),
    "three melds": lazy_pgettext("melds", "three melds"),
    "four melds": lazy_pgettext("melds", "four melds"),
    "five melds": lazy_pgettext("melds", "five melds"),
    "does": lazy_pgettext("verb: the cards … no meld", "does"),
    "do": lazy_pgettext("verb: the cards … no meld", "do"),
    "fits": lazy_pgettext("verb: the cards … no meld", "fits"),
    "fit": lazy_pgettext("verb: the cards … no meld", "fit"),
    ", with one card discarded": lazy_pgettext("going out", ", with one card discarded"),
    ", with no discard": lazy_pgettext("going out", ", with no discard"),
    " of a rank not used yet": lazy_pgettext("a set", " of a rank not used yet"),
    "one rank": lazy_pgettext("a set", "one rank"),
    "a rank not used yet": lazy_pgettext("a set", "a rank not used yet"),
    "one": lazy_pgettext("cards", "one"),
    "two": lazy_pgettext("cards", "two"),
    "three": lazy_pgettext("cards", "three"),
    "four": lazy_pgettext("cards", "four"),
    "five": lazy_pgettext("cards", "five"),
    "six": lazy_pgettext("cards", "six"),
    "seven": lazy_pgettext("cards", "seven"),
    "eight": lazy_pgettext("cards", "eight"),
    "nine": lazy_pgettext("cards", "nine"),
    "ten": lazy_pgettext("cards", "ten"),
}

_RUN_OF = re.compile(r"(pure )?(run|set|colour run) of (\d+)( or more)?")


def placeholders(template: str) -> set[str]:
    """The names of a template's ``{params}``."""
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def english(lazy: LazyString) -> str:
    """The English msgid of a lazily translated template (whatever the page's language)."""
    args = getattr(lazy, "_args", None)
    return str(args[0]) if args else str(lazy)


def _value(value: ParamValue) -> ParamValue:
    """A parameter in the page's language where it is one of the engine's words."""
    if not isinstance(value, str):
        return value
    known = VALUE_WORDS.get(value)
    if known is not None:
        return str(known)
    match = _RUN_OF.fullmatch(value)
    if match:
        from referee.web.rules_card import meld_words

        return meld_words(match.group(2), int(match.group(3)), pure=bool(match.group(1)), or_more=bool(match.group(4)))
    return value


def _choose(entries: Iterable[LazyString], template: str, params: Mapping[str, ParamValue]) -> LazyString | None:
    entries = tuple(entries)
    for entry in entries:
        if english(entry) == template:
            return entry
    fitting = [e for e in entries if placeholders(english(e)) <= params.keys()]
    if not fitting:
        return None
    return max(fitting, key=lambda e: len(placeholders(english(e))))


def word(problem: Problem) -> str:
    """The problem in the page's language (English for an unknown code, or if anything does not fit)."""
    entries = VERDICTS.get(problem.code)
    if entries is None:
        return problem.message
    template = problem.template
    prefix = ""
    for english, translated in PREFIXES.items():
        if template.startswith(english):
            template = template[len(english) :]
            prefix = str(translated)
    params = problem.as_dict()
    chosen = _choose(entries, template, params)
    if chosen is None:
        return problem.message
    english_page = _isenglish()
    values = params if english_page else {key: _value(value) for key, value in params.items()}
    try:
        return (prefix + str(chosen)).format(**values)
    except (KeyError, IndexError, ValueError):
        return problem.message


def words(problems: Iterable[Problem]) -> list[str]:
    """Every problem in words, each sentence once."""
    return list(dict.fromkeys(word(p) for p in problems))


def _isenglish() -> bool:
    try:
        locale = get_locale()
    except (KeyError, RuntimeError):
        return True
    return locale is None or locale.language == "en"
