"""The scores as a short text to send from the phone (a chat message), in the page's language.

The ledger's state says everything here (standings, ranks, totals, each deal's points); this module only
words it. ``referee tally`` prints the longer English sheet of :func:`referee.ledger.exchange.sheet_text`.
"""

from __future__ import annotations

from flask_babel import gettext as _

from referee.ledger.state import GameState
from referee.web import wording

__all__ = ["share_text"]


def share_text(state: GameState) -> str:
    """The standings (final, or so far) and the score sheet, one line per deal, as plain text."""
    variant = state.variant
    if state.abandoned is not None:
        heading = _("%(variant)s — ended early", variant=variant.name)
    elif state.finished:
        heading = _("%(variant)s — game over", variant=variant.name)
    else:
        heading = _("%(variant)s — deal %(num)d of %(total)d", variant=variant.name, num=state.deal_number,
                    total=len(variant.deals))
    lines = [heading]
    if state.over:
        leaders = state.leaders
        lines.append(_("%(player)s wins!", player=leaders[0]) if len(leaders) == 1
                     else _("A tie: %(players)s", players=", ".join(leaders)))
    lines += ["", _("Standings") if state.over else _("Standings so far")]
    payouts = state.payouts if state.over else None
    for name in state.standings:
        line = f"{state.ranks[name]}. {name} {state.totals[name]}"
        if payouts is not None:
            line += f" ({payouts[name]:+.2f})"
        lines.append(line)
    if state.deals:
        lines += ["", _("Score sheet")]
        for deal in state.deals:
            points = ", ".join(f"{name} {deal.points.get(name, 0)}" for name in state.players
                               if name != deal.went_out)
            if deal.went_out is not None:
                lines.append(_("Deal %(num)d: %(player)s went out; %(points)s", num=deal.number,
                               player=deal.went_out, points=points))
            else:
                lines.append(_("Deal %(num)d: nobody went out; %(points)s", num=deal.number, points=points))
        for adjustment in state.adjustments:
            lines.append(f"{wording.adjustment_words(adjustment)}: {adjustment.points:+d}")
    lines += ["", _("Kept with referee")]
    return "\n".join(lines) + "\n"
