"""The table ``simulate`` prints for every game: each seat's round wins, their share and the
sessions won, then the mean turns per round, the blocked rounds and the speed."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from .i18n import Domain

_ = Domain.of(__package__).gettext

__all__ = ["simulation_lines"]


def simulation_lines(summary: Mapping[str, Any], labels: Sequence[str]) -> list[str]:
    """The lines of a simulation's summary (its ``rounds``, ``wins``, ``session_wins``,
    ``mean_turns``, ``blocked`` and ``rounds_per_second``), one row per seat named by ``labels``.
    A column is as wide as its head in the reader's language, and at least as in English."""
    rounds = summary["rounds"]
    # Translators: the columns of the simulation's table.
    heads = [_("seat"), _("player"), _("round wins"), _("share"), _("sessions won")]
    widths = [max(w, len(h) + 1) for w, h in zip((5, 12, 11, 8, 14), heads)]
    widths[1] = max(widths[1], *(len(label) + 1 for label in labels))
    seat, player, wins, share, won = widths
    lines = [f"{heads[0]:<{seat}}{heads[1]:<{player}}{heads[2]:>{wins}}{heads[3]:>{share}}{heads[4]:>{won}}"]
    for i, label in enumerate(labels):
        w = summary["wins"][i]
        lines.append(f"{i:<{seat}}{label:<{player}}{w:>{wins}}{w / rounds:>{share}.1%}"
                     f"{summary['session_wins'][i]:>{won}}")
    lines.append(_("mean turns per round: {n}").format(n=f"{summary['mean_turns']:.1f}"))
    lines.append(_("blocked rounds: {n} ({share})").format(n=summary["blocked"],
                                                          share=f"{summary['blocked'] / rounds:.1%}"))
    lines.append(_("speed: {n} rounds per second").format(n=f"{summary['rounds_per_second']:.0f}"))
    return lines
