"""The round-over dialog (who won and why, every hand left, the points, the running totals) and
the session-over screen (the winners and the score table round by round).  They show the words
each game's table gives them (its narrator's, which the line mode shares), and from the second
round on a chart of the running totals below them.  So do the scores; and the statistics draw
their bars below their text."""

from __future__ import annotations

from typing import Sequence

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Static

from ..core.i18n import N_, Domain
from ..core.text import Hanging, joined
from ..storage import Bars
from .chart import CHART_ROUNDS, BarsChart, RoundTotals, TotalsChart
from .dialogs import TextScreen
from .modal import Dialog, MoreBelow
from .widgets import HangingStatic, Menu, MenuItem, TextPanel, settings_of

_, ngettext, pgettext, L_, Ln_ = Domain.of(__package__).functions()

__all__ = ["RoundOverScreen", "SessionOverScreen", "ScoresScreen", "StatsScreen"]


class _ResultScroll(VerticalScroll):
    """The result's text and, below it, the chart, scrolling.  The chart takes the rows the text
    leaves (at 80 x 24 three players' result and chart show whole), within the heights it can
    have; a change of height can show the end, and then the "More below" line goes."""

    def on_resize(self) -> None:
        self.fit_chart()

    def fit_chart(self) -> None:
        """Once the dialog has given the scroll its rows (its ``max-height`` in cells)."""
        if not self.is_attached:
            return  # the dialog was closed meanwhile
        rows = self.styles.max_height
        if rows is not None and rows.is_cells:
            for chart in self.query(TotalsChart):
                chart.fit(int(rows.value) - self.children[0].outer_size.height)
        self.call_after_refresh(self._tell_more)  # once the chart's height is laid out

    def _tell_more(self) -> None:
        if not self.is_attached:
            return  # the dialog was closed meanwhile
        for more in self.screen.query(MoreBelow):
            more.show_for(self)


class _ScrollingDialog(Dialog[str]):
    """A dialog whose text scrolls by pages (PgUp/PgDn, j/k) while its menu keeps the focus; the
    chart of the running totals, when there is one, scrolls with the text, below it."""

    def __init__(self, history: Sequence[RoundTotals], names: Sequence[str]) -> None:
        super().__init__()
        self.history = history
        """The rounds played, for the chart (none before its second round)."""
        self.names = names

    def chart(self) -> ComposeResult:
        if len(self.history) >= CHART_ROUNDS:
            yield TotalsChart(self.history, self.names, settings_of(self).ascii)

    def fit_chart(self) -> None:
        """From ``set_up``, after ``follow_scroll`` (which gives the scroll its rows), and on a
        new terminal size: the scroll's height need not change for the chart's to."""
        self.call_after_refresh(self.query_one(_ResultScroll).fit_chart)

    def on_resize(self, event: events.Resize) -> None:
        super().on_resize(event)  # first: the scroll's rows, which the chart's height follows
        if self.ready:
            self.fit_chart()

    def action_scroll(self, direction: int) -> None:
        scroll = self.query_one(VerticalScroll)
        scroll.scroll_relative(y=direction * max(scroll.size.height - 1, 1), animate=False)


class RoundOverScreen(_ScrollingDialog):
    """Dismisses with "next" (deal the next round, or show the session's end) or "quit"."""

    BINDINGS = [
        Binding("enter,n", "choose('next')", N_("Continue")),
        Binding("q", "choose('quit')", N_("Leave")),
        Binding("pagedown,j", "scroll(1)", N_("Scroll down"), show=False),
        Binding("pageup,k", "scroll(-1)", N_("Scroll up"), show=False),
    ]


    def __init__(self, text: str | Sequence[str | Hanging], session_over: bool,
                 history: Sequence[RoundTotals] = (), names: Sequence[str] = ()) -> None:
        super().__init__(history, names)
        self.lines = (text,) if isinstance(text, str) else tuple(text)
        """The result's lines: a hand left wraps under its first card (a game's :class:`Hanging`)."""
        self.text = joined(self.lines)
        self.session_over = session_over

    def compose(self) -> ComposeResult:
        with Vertical(id="round-over", classes="dialog"):
            yield Static(_("The session is over") if self.session_over else _("Round over"),
                         classes="dialog-title")
            with _ResultScroll(id="round-scroll", classes="dialog-scroll"):
                yield HangingStatic(self.lines, id="round-summary")
                yield from self.chart()
            yield MoreBelow()
            nxt = N_("See the final scores") if self.session_over else N_("Deal the next round")
            # Translators: the Enter key's name, as a menu shows it ("[Enter] Deal the next round").
            yield Menu([MenuItem("next", N_("Enter"), nxt), MenuItem("quit", "q", N_("Leave the game"))],
                       id="round-menu")
            yield TextPanel(id="round-keys", classes="keys")

    def set_up(self) -> None:
        self.query_one("#round-keys", TextPanel).show(_("PgUp/PgDn scroll  Enter continue  q leave"))
        self.follow_scroll()
        self.fit_chart()
        self.query_one(Menu).focus()

    def on_menu_chosen(self, message: Menu.Chosen) -> None:
        self.action_choose(message.item.id)

    def action_choose(self, choice: str) -> None:
        self.dismiss(choice)


class SessionOverScreen(_ScrollingDialog):
    """The end of a session: dismisses with "again" (same players and rules), "title" or "quit".
    Without ``from_title`` (``kings-corner play``) there is no title to go back to: "again" or
    "quit".  With ``replay`` (the session's transcript was kept here) it offers "replay" too: the
    session watched again."""

    BINDINGS = [
        Binding("a", "choose('again')", N_("Play again")),
        Binding("w", "choose('replay')", N_("Watch again"), show=False),
        Binding("t", "choose('title')", N_("Title")),
        Binding("q", "choose('quit')", N_("Quit")),
        Binding("escape", "choose('title')", N_("Title"), show=False),
        Binding("pagedown,j", "scroll(1)", N_("Scroll down"), show=False),
        Binding("pageup,k", "scroll(-1)", N_("Scroll up"), show=False),
    ]


    def __init__(self, text: str, from_title: bool = True, history: Sequence[RoundTotals] = (),
                 names: Sequence[str] = (), replay: bool = False) -> None:
        super().__init__(history, names)
        self.text = text
        self.from_title = from_title
        self.replay = replay

    def compose(self) -> ComposeResult:
        with Vertical(id="session-over", classes="dialog"):
            yield Static(_("The session is over"), classes="dialog-title")
            with _ResultScroll(id="session-scroll", classes="dialog-scroll"):
                yield Static(self.text, id="session-summary", markup=False)
                yield from self.chart()
            yield MoreBelow()
            items = [MenuItem("again", "a", N_("Play again with the same players"))]
            if self.replay:
                items.append(MenuItem("replay", "w", N_("Watch the session again, every hand face up")))
            if self.from_title:
                items.append(MenuItem("title", "t", N_("Back to the title screen")))
            items.append(MenuItem("quit", "q", N_("Quit")))
            yield Menu(items, id="session-menu")
            yield TextPanel(id="session-keys", classes="keys")

    def set_up(self) -> None:
        if self.replay:
            keys = (_("PgUp/PgDn scroll  Enter pick  a again  w watch  t title  q quit") if self.from_title
                    else _("PgUp/PgDn scroll  Enter pick  a again  w watch  q quit"))
        else:
            keys = (_("PgUp/PgDn scroll  Enter pick  a again  t title  q quit") if self.from_title
                    else _("PgUp/PgDn scroll  Enter pick  a again  q quit"))
        self.query_one("#session-keys", TextPanel).show(keys)
        self.follow_scroll()
        self.fit_chart()
        self.query_one(Menu).focus()

    def on_menu_chosen(self, message: Menu.Chosen) -> None:
        self.action_choose(message.item.id)

    def action_choose(self, choice: str) -> None:
        if (self.from_title or choice != "title") and (self.replay or choice != "replay"):
            self.dismiss(choice)


def scores_title(rounds: int) -> str:
    """The scores screen's title: how many rounds the scores are of (in round 1 only "Scores":
    the screen's body says that no round has ended yet)."""
    if not rounds:
        return _("Scores")
    return ngettext("Scores after {n} round", "Scores after {n} rounds", rounds).format(n=rounds)


class ScoresScreen(TextScreen):
    """The score table round by round (the scores key), and from the second round the chart of
    the running totals below it."""

    def __init__(self, title: str, table: str, history: Sequence[RoundTotals], names: Sequence[str],
                 close_keys: str = "") -> None:
        super().__init__(title, table, close_keys)
        self.history = history
        self.names = names

    def below_text(self) -> ComposeResult:
        if len(self.history) >= CHART_ROUNDS:
            yield TotalsChart(self.history, self.names, settings_of(self).ascii)


class StatsScreen(TextScreen):
    """The players' records in words, and their bar charts below (the ``stats`` command writes
    the same bars in the text)."""

    def __init__(self, title: str, text: str, charts: Sequence[Bars], close_keys: str = "") -> None:
        super().__init__(title, text, close_keys)
        self.charts = charts

    def below_text(self) -> ComposeResult:
        for bars in self.charts:
            yield BarsChart(bars, settings_of(self).ascii)
