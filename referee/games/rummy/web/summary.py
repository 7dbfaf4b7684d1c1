"""The scores as a short text to send from the phone (a chat message), in the page's language.

The ledger's state says everything here (standings, ranks, totals, each deal's points); this module only
words it. ``referee tally`` prints the longer English sheet of :func:`referee.games.rummy.ledger.exchange.sheet_text`.
"""

from __future__ import annotations

from referee.games.rummy.ledger.state import GameState
from referee.games.rummy.web import wording
from referee.web.core.translate import gettext as _
from referee.web.helpers.numerals import amount, number

__all__ = ["share_text"]


def share_text(state: GameState) -> str:
    """The standings (final, or so far) and the score sheet, one line per deal, as plain text."""
    variant = state.variant
    if state.abandoned is not None:
        heading = _("%(variant)s — ended early", variant=wording.word(variant.name))
    elif state.finished:
        heading = _("%(variant)s — game over", variant=wording.word(variant.name))
    else:
        heading = _("%(variant)s — deal %(num)d of %(total)d", variant=wording.word(variant.name),
                    num=state.deal_number, total=len(variant.deals))
    lines = [heading]
    if state.over:
        leaders = state.sheet.leaders
        lines.append(_("%(player)s wins!", player=leaders[0]) if len(leaders) == 1
                     else _("A tie: %(players)s", players=_(", ").join(leaders)))
    lines += ["", _("Standings") if state.over else _("Standings so far")]
    payouts = state.sheet.payouts if state.over else None
    for name in state.sheet.standings:
        line = f"{number(state.sheet.ranks[name])}. {name} {number(state.sheet.totals[name])}"
        if payouts is not None:
            line += f" ({amount(payouts[name], signed=True)})"
        lines.append(line)
    if state.sheet.deals:
        lines += ["", _("Score sheet")]
        for deal in state.sheet.deals:
            points = wording.points_words(
                (name, deal.points.get(name, 0)) for name in state.players if name != deal.went_out
            )
            if deal.went_out is not None:
                lines.append(_("Deal %(num)d: %(player)s went out; %(points)s", num=deal.number,
                               player=deal.went_out, points=points))
            else:
                lines.append(_("Deal %(num)d: nobody went out; %(points)s", num=deal.number, points=points))
        for adjustment in state.sheet.adjustments:
            lines.append(f"{wording.adjustment_words(adjustment)}: {number(adjustment.points, signed=True)}")
    lines += ["", _("Kept with referee")]
    return "\n".join(lines) + "\n"
