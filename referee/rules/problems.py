"""What the referee says when something is wrong: problems with stable codes, and the engine's errors.

A :class:`Problem` is a verdict ("two jokers in one set…"): a stable ``code`` and ``params`` that the
screens word in the page's language, plus the English sentence built from ``template``.
A :class:`RulesError` is bad *input* (an unknown variant, an unparseable card): the engine raises
nothing else.

>>> p = Problem.of("too-many-wilds", "{count} jokers in one {meld}: {variant} allows {limit}",
...                count=2, meld="set", variant="Telefunken", limit="one per set or run")
>>> str(p)
'2 jokers in one set: Telefunken allows one per set or run'
>>> p.param("count")
2
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Problem", "ParamValue", "RulesError"]

ParamValue = str | int


@dataclass(frozen=True, slots=True)
class Problem:
    """One reason a meld, contract, lay-off or event is not allowed."""

    code: str
    template: str
    params: tuple[tuple[str, ParamValue], ...] = ()

    @classmethod
    def of(cls, code: str, template: str, **params: ParamValue) -> Problem:
        """Build a problem from its code, English template and parameters."""
        return cls(code, template, tuple(params.items()))

    @property
    def message(self) -> str:
        """The English sentence for a player."""
        return self.template.format(**dict(self.params))

    def param(self, name: str) -> ParamValue:
        """One parameter by name."""
        return dict(self.params)[name]

    def as_dict(self) -> dict[str, ParamValue]:
        """The parameters as a dict (for translation: ``_(template_es).format(**p.as_dict())``)."""
        return dict(self.params)

    def __str__(self) -> str:
        return self.message


class RulesError(ValueError):
    """Bad input to the rules engine (unknown variant, deal out of range, bad card, bad house rule).

    Every exception the engine raises on purpose is a subclass of this one.
    """
