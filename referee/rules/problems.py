"""What the referee says when something is wrong: problems with stable codes, and the engine's errors.

A :class:`Problem` is a verdict ("two jokers in one set…"): a stable ``code`` (with a ``form`` where one code
is said in several ways) and structured ``params`` — numbers, card notation, names, meld kinds, ranks, suits,
rule objects, :class:`~referee.rules.wording.Count` and :class:`~referee.rules.wording.Plural` — never English
fragments. Its sentence lives once, in :mod:`referee.rules.wording` (English) and the catalogues (other
languages); ``str(problem)`` is the English sentence.
A :class:`RulesError` is bad *input* (an unknown variant, an unparseable card): the engine raises
nothing else.

>>> from referee.rules.vocabulary import MeldKind
>>> from referee.rules.wording import Count, Noun
>>> p = Problem.of("too-many-wilds", "sets-and-runs", wilds=Count(2, Noun.JOKER), kind=MeldKind.SET,
...                variant="Telefunken", count=2)
>>> str(p)
'two jokers in one set: Telefunken allows one per set or run'
>>> p.key, p.param("count")
('too-many-wilds/sets-and-runs', 2)
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.rules.wording import MESSAGES, english

__all__ = ["Problem", "ParamValue", "RulesError", "ProblemError"]

ParamValue = object  # int, str (names, card notation), enum values, rule objects, Count, Plural, or a tuple of them

@dataclass(frozen=True, slots=True)
class Problem:
    """One reason a meld, contract, lay-off or event is not allowed."""

    code: str
    params: tuple[tuple[str, ParamValue], ...] = ()
    form: str = ""  # which of the code's sentences ("" the first); see referee.rules.wording.MESSAGES
    numbered: bool = False  # a contract meld's problem, its ``meld`` (1-based) said in front: several melds

    def __post_init__(self) -> None:
        if self.key not in MESSAGES:
            raise KeyError(f"no sentence for the problem {self.key!r} in referee.rules.wording.MESSAGES")

    @classmethod
    def of(cls, code: str, form: str = "", /, **params: ParamValue) -> Problem:
        """Build a problem from its code, its form (if the code has several sentences) and its parameters."""
        return cls(code, tuple(params.items()), form)

    @property
    def key(self) -> str:
        """The sentence's key in :data:`referee.rules.wording.MESSAGES`: ``code`` or ``code/form``."""
        return f"{self.code}/{self.form}" if self.form else self.code

    @property
    def message(self) -> str:
        """The English sentence for a player."""
        return english(self.key, self.params, numbered=self.numbered)

    def param(self, name: str) -> ParamValue:
        """One parameter by name."""
        return dict(self.params)[name]

    def as_dict(self) -> dict[str, ParamValue]:
        """The parameters as a dict."""
        return dict(self.params)

    def __str__(self) -> str:
        return self.message


class RulesError(ValueError):
    """Bad input to the rules engine (unknown variant, deal out of range, bad card, bad house rule).

    Every exception the engine raises on purpose is a subclass of this one.
    """


class ProblemError(RulesError):
    """A :class:`RulesError` that says what is wrong as a :class:`Problem`: a code and its parameters, which a
    page words in its language like any verdict. The exception's text is the problem's English sentence.

    >>> error = ProblemError("no-such-deal", variant="Shanghai", count=7, deal=9)
    >>> str(error), error.problem.param("deal")
    ('Shanghai has 7 deals: there is no deal 9', 9)
    """

    def __init__(self, code: str, form: str = "", /, **params: ParamValue) -> None:
        self.problem = Problem.of(code, form, **params)
        super().__init__(self.problem.message)
