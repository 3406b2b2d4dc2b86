"""The round-over dialog (who won and why, every hand left, the points, the running totals) and
the session-over screen (the winners and the score table round by round).  They show the words
each game's table gives them (its narrator's, which the line mode shares)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Static

from ..core.i18n import N_, Domain
from .modal import Dialog, MoreBelow
from .widgets import Menu, MenuItem, TextPanel

_, ngettext, pgettext, L_, Ln_ = Domain.of(__package__).functions()

__all__ = ["RoundOverScreen", "SessionOverScreen"]


class _ScrollingDialog(Dialog[str]):
    """A dialog whose text scrolls by pages (PgUp/PgDn, j/k) while its menu keeps the focus."""

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


    def __init__(self, text: str, session_over: bool, standings: str = "") -> None:
        super().__init__()
        self.text = text
        self.session_over = session_over
        self.standings = standings
        """The running totals, kept in view below the text however far it scrolls."""

    def compose(self) -> ComposeResult:
        with Vertical(id="round-over", classes="dialog"):
            yield Static(_("The session is over") if self.session_over else _("Round over"),
                         classes="dialog-title")
            with VerticalScroll(id="round-scroll", classes="dialog-scroll"):
                yield Static(self.text, id="round-summary", markup=False)
            yield MoreBelow()
            if self.standings:
                yield Static(self.standings, id="round-standings", markup=False)
            nxt = N_("See the final scores") if self.session_over else N_("Deal the next round")
            yield Menu([MenuItem("next", "Enter", nxt), MenuItem("quit", "q", N_("Leave the game"))],
                       id="round-menu")
            yield TextPanel(id="round-keys", classes="keys")

    def set_up(self) -> None:
        self.query_one("#round-keys", TextPanel).show(_("PgUp/PgDn scroll  Enter continue  q leave"))
        self.follow_scroll()
        self.query_one(Menu).focus()

    def on_menu_chosen(self, message: Menu.Chosen) -> None:
        self.action_choose(message.item.id)

    def action_choose(self, choice: str) -> None:
        self.dismiss(choice)


class SessionOverScreen(_ScrollingDialog):
    """The end of a session: dismisses with "again" (same players and rules), "title" or "quit".
    Without ``from_title`` (``kings-corner play``) there is no title to go back to: "again" or
    "quit"."""

    BINDINGS = [
        Binding("a", "choose('again')", N_("Play again")),
        Binding("t", "choose('title')", N_("Title")),
        Binding("q", "choose('quit')", N_("Quit")),
        Binding("escape", "choose('title')", N_("Title"), show=False),
        Binding("pagedown,j", "scroll(1)", N_("Scroll down"), show=False),
        Binding("pageup,k", "scroll(-1)", N_("Scroll up"), show=False),
    ]


    def __init__(self, text: str, from_title: bool = True) -> None:
        super().__init__()
        self.text = text
        self.from_title = from_title

    def compose(self) -> ComposeResult:
        with Vertical(id="session-over", classes="dialog"):
            yield Static(_("The session is over"), classes="dialog-title")
            with VerticalScroll(id="session-scroll", classes="dialog-scroll"):
                yield Static(self.text, id="session-summary", markup=False)
            yield MoreBelow()
            items = [MenuItem("again", "a", N_("Play again with the same players"))]
            if self.from_title:
                items.append(MenuItem("title", "t", N_("Back to the title screen")))
            items.append(MenuItem("quit", "q", N_("Quit")))
            yield Menu(items, id="session-menu")
            yield TextPanel(id="session-keys", classes="keys")

    def set_up(self) -> None:
        self.query_one("#session-keys", TextPanel).show(
            _("PgUp/PgDn scroll  Enter pick  a again  t title  q quit") if self.from_title
            else _("PgUp/PgDn scroll  Enter pick  a again  q quit"))
        self.follow_scroll()
        self.query_one(Menu).focus()

    def on_menu_chosen(self, message: Menu.Chosen) -> None:
        self.action_choose(message.item.id)

    def action_choose(self, choice: str) -> None:
        if self.from_title or choice != "title":
            self.dismiss(choice)
