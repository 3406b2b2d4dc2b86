"""The chart of the running totals, round by round (the round-over dialog, the session's end):
a line per player drawn by plotext, each with its own marker, and a legend beside it.  A game
gives it the numbers (its rounds' records); the line mode says a sentence instead."""

from __future__ import annotations

from typing import Protocol, Sequence

from rich.text import Text
from textual.app import ComposeResult, RenderResult
from textual.containers import Horizontal
from textual.widgets import Static
from textual_plotext import PlotextPlot

from ..core.i18n import Domain
from ..core.text import shown_name

_, ngettext, pgettext, L_, Ln_ = Domain.of(__package__).functions()

__all__ = ["RoundTotals", "TotalsChart", "MARKERS", "CHART_ROUNDS", "SMALLEST", "TALLEST"]

MARKERS = "*o+x#@"
"""Each player's marker, in seat order: ASCII, so that they tell the lines apart in any font, in
ASCII mode and without colour (plotext's own markers are braille or block characters)."""

CHART_ROUNDS = 2
"""A chart needs two rounds to say more than the totals do."""

_ASCII_LINES = str.maketrans("─│┌┐└┘├┤┬┴┼", "-|+++++++++")
"""plotext draws its axes with box-drawing characters; ASCII mode draws none."""


_MOST_TICKS = 12
"""Round numbers under the axis, at most: every round's up to a dozen, then every second's..."""

SMALLEST, TALLEST = 5, 12
"""The chart's height in rows: the axis, its numbers and three rows of lines at the least."""


class RoundTotals(Protocol):
    """A finished round as the chart reads it: its number and every seat's total after it."""

    @property
    def round(self) -> int: ...

    @property
    def totals(self) -> Sequence[int]: ...


class _Plot(PlotextPlot):
    """plotext's drawing, with ASCII lines in ASCII mode."""

    def __init__(self, ascii_only: bool) -> None:
        super().__init__(classes="totals-plot")
        self.ascii_only = ascii_only

    def render(self) -> RenderResult:
        drawn = super().render()
        if self.ascii_only and isinstance(drawn, Text):
            drawn.plain = drawn.plain.translate(_ASCII_LINES)  # one character for one: the styles stay
        return drawn


class TotalsChart(Horizontal):
    """Every player's running total after each round: the rounds across, the points up.  Its
    height is its holder's to set (:meth:`fit`)."""

    DEFAULT_CSS = """
    TotalsChart { height: 7; }
    TotalsChart .totals-plot { width: 1fr; height: 100%; }
    TotalsChart .totals-legend { width: auto; max-width: 24; height: 100%; padding: 0 0 0 1; }
    """

    def __init__(self, history: Sequence[RoundTotals], names: Sequence[str], ascii_only: bool,
                 id: str | None = None) -> None:  # noqa: A002 - Textual's name for it
        super().__init__(id=id, classes="totals-chart")
        self.history = history
        self.names = [shown_name(n) for n in names]
        self.ascii_only = ascii_only

    def compose(self) -> ComposeResult:
        yield _Plot(self.ascii_only)
        legend = [_("Totals by round:")] + [f"{MARKERS[seat % len(MARKERS)]} {name}"
                                             for seat, name in enumerate(self.names)]
        yield Static("\n".join(legend), classes="totals-legend", markup=False)

    def fit(self, rows: int) -> None:
        """Take ``rows`` rows if that is a height the chart can have, else the nearest one; its
        legend (a heading, then a row per player) is never cut."""
        self.styles.height = max(SMALLEST, len(self.names) + 1, min(rows, TALLEST))

    def on_mount(self) -> None:
        plt = self.query_one(_Plot).plt
        rounds = [record.round for record in self.history]
        for seat in range(len(self.names)):
            plt.plot(rounds, [record.totals[seat] for record in self.history],
                     marker=MARKERS[seat % len(MARKERS)])
        top = max(max(record.totals) for record in self.history)
        ticked = rounds[::-(-len(rounds) // _MOST_TICKS)]
        plt.xticks([float(r) for r in ticked], [str(r) for r in ticked])
        heights = sorted({0, top // 2, top})
        plt.yticks([float(h) for h in heights], [str(h) for h in heights])
        plt.xaxes(True, False)  # the axes at the bottom and on the left only: no frame
        plt.yaxes(True, False)
