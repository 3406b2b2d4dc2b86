"""The charts, drawn by plotext: the running totals round by round (the round-over dialog, the
session's end, the scores), a line per player, each with its own marker, and a legend beside it;
and the statistics' bars.  A game gives them the numbers (its rounds' records, its players'
records); the line mode says a sentence instead, and the ``stats`` command draws its bars in
text."""

from __future__ import annotations

from typing import Protocol, Sequence

from rich.text import Text
from textual.app import ComposeResult, RenderResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Static
from textual_plotext import PlotextPlot

from ..core.i18n import Domain
from ..core.text import shown_name
from ..storage import Bars

_, ngettext, pgettext, L_, Ln_ = Domain.of(__package__).functions()

__all__ = ["RoundTotals", "TotalsChart", "BarsChart", "MARKERS", "CHART_ROUNDS", "SMALLEST", "TALLEST"]

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
        if isinstance(drawn, Text):
            # Read before the ASCII lines: their corners are a "+", one of the markers.
            chart = self.parent
            if isinstance(chart, TotalsChart):
                shown = frozenset(marker for marker in MARKERS if marker in drawn.plain)
                self.call_later(chart.markers_shown, shown)
            if self.ascii_only:
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
        self._shown = frozenset(MARKERS)
        """The markers the plot showed when it was last drawn."""

    def compose(self) -> ComposeResult:
        yield _Plot(self.ascii_only)
        yield Static(self._legend(frozenset(MARKERS)), classes="totals-legend", markup=False)

    def _legend(self, shown: frozenset[str]) -> str:
        """A heading, then each player's marker and name; a player tied all along with one
        before is said to be on that one's line, and one whose marker the chart could not show
        (other lines cover it at this size) is said to be hidden."""
        legend = [_("Totals by round:")]
        lines: dict[tuple[int, ...], str] = {}
        for seat, name in enumerate(self.names):
            marker = MARKERS[seat % len(MARKERS)]
            line = tuple(record.totals[seat] for record in self.history)
            under = lines.setdefault(line, marker)
            # A player tied all along is on the line of the first with those totals (drawn once:
            # the last one's marker covered the first's, which the legend named).
            if under != marker:
                legend.append(f"{marker} {name} (= {under})")
            elif marker not in shown:
                # Translators: the legend's line of a player whose line the others' cover on
                # the chart (it is the line that is hidden).
                legend.append(_("{marker} {name} (hidden)").format(marker=marker, name=name))
            else:
                legend.append(f"{marker} {name}")
        return "\n".join(legend)

    def markers_shown(self, shown: frozenset[str]) -> None:
        """The plot was drawn showing the markers ``shown``: the legend says which are hidden."""
        if shown != self._shown and self.is_attached:
            self._shown = shown
            self.query_one(".totals-legend", Static).update(self._legend(shown))

    def fit(self, rows: int) -> None:
        """Take ``rows`` rows if that is a height the chart can have, else the nearest one; its
        legend (a heading, then a row per player) is never cut."""
        self.styles.height = max(SMALLEST, len(self.names) + 1, min(rows, TALLEST))

    def on_mount(self) -> None:
        plt = self.query_one(_Plot).plt
        rounds = [record.round for record in self.history]
        drawn: set[tuple[int, ...]] = set()
        for seat in range(len(self.names)):
            line = tuple(record.totals[seat] for record in self.history)
            if line not in drawn:  # a player tied all along with one before: that one's line
                drawn.add(line)
                plt.plot(rounds, list(line), marker=MARKERS[seat % len(MARKERS)])
        top = max(max(record.totals) for record in self.history)
        ticked = rounds[::-(-len(rounds) // _MOST_TICKS)]
        plt.xticks([float(r) for r in ticked], [str(r) for r in ticked])
        heights = sorted({0, top // 2, top})
        plt.yticks([float(h) for h in heights], [str(h) for h in heights])
        plt.xaxes(True, False)  # the axes at the bottom and on the left only: no frame
        plt.yaxes(True, False)


class BarsChart(Vertical):
    """A player's record as bars (the sessions won by the opponents' level): its title above, a
    bar of ``#`` per row, the share along the axis from 0 to 100%."""

    DEFAULT_CSS = """
    BarsChart { height: auto; margin-top: 1; }
    BarsChart .bars-plot { width: 100%; }
    """

    def __init__(self, bars: Bars, ascii_only: bool) -> None:
        super().__init__(classes="bars-chart")
        self.bars = bars
        self.ascii_only = ascii_only

    def compose(self) -> ComposeResult:
        yield Static(self.bars.title, classes="bars-title", markup=False)
        plot = _Plot(self.ascii_only)
        plot.add_class("bars-plot")
        plot.styles.height = len(self.bars.rows) + 2  # a row per bar, the axis and its numbers
        yield plot

    def on_mount(self) -> None:
        plt = self.query_one(_Plot).plt
        rows = self.bars.rows[::-1]  # plotext stacks horizontal bars from the bottom up
        plt.bar([label for label, _share in rows], [100 * share for _label, share in rows],
                orientation="horizontal", marker="#", width=1 / 5)
        plt.xlim(0, 100)
        plt.xticks([0.0, 50.0, 100.0], ["0%", "50%", "100%"])
        plt.xaxes(True, False)
        plt.yaxes(True, False)
