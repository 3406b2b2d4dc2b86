"""Small screens of the table: handing the keyboard over (hot-seat), and text to read (help,
rules, scores) in a scrolling dialog."""

from __future__ import annotations

import time

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Static

from .modal import Dialog
from .widgets import TextPanel

__all__ = ["PassScreen", "TextScreen", "help_screen", "KEYS_HELP"]

KEYS_HELP = """\
Choosing a move
  1-9, 0          pick that card of your hand (0 is the tenth)
  Left/Right      move along your hand when it has the focus
  Arrows, h j k l move between the piles of the cross; Down
                  from the bottom row reaches your hand. While you
                  hold something they visit only the piles it fits
                  (marked *)
  Enter, Space    pick up the focused card or pile, or drop what
                  you hold; twice on a card with one place to go
                  plays it there
  Esc             put back what you hold (or close the command line)
  Tab, Shift+Tab  move between the hand, the piles and the log

Your turn
  e               end your turn (asks first while moves are open)
  u, Ctrl+Z       take back a move of this turn
  t               hint: the best plan for this turn, in words
  :               type a command: 7h n, e n, end, undo, hint, quit

The game
  s               the score table so far
  r               the rules in force
  o               settings: theme, cards, ASCII, pace, confirmations
  ?, F1           this help
  q               leave the game (y confirms)
  Ctrl+P          every action, searchable
  any key         while a computer plays: finish its turn at once"""


class PassScreen(Dialog[None]):
    """Hides the table between two people's turns at one keyboard (hot-seat)."""

    BINDINGS = [Binding("enter,space", "ready", "Show my hand")]
    GUARD = 0.6
    """Seconds after it opens in which keys are ignored: an Enter meant for the turn before
    (skipping a computer's moves) must not show the next person's hand."""

    def __init__(self, name: str) -> None:
        super().__init__()
        self.player_name = name

    def compose(self) -> ComposeResult:
        with Vertical(id="pass", classes="dialog"):
            yield Static(markup=False, content=f"Pass the keyboard to {self.player_name}.\n\n"
                         f"{self.player_name}, press Enter when the others cannot see the screen.",
                         id="pass-text")
            yield TextPanel(id="pass-keys", classes="keys")

    def set_up(self) -> None:
        self.opened = time.monotonic()
        self.query_one("#pass-keys", TextPanel).show("Enter: show my hand")

    def action_ready(self) -> None:
        if time.monotonic() - self.opened >= self.GUARD:
            self.dismiss(None)


class TextScreen(Dialog[None]):
    """A title and a text to read, scrolling when it is long; Esc (or the key that opened it)
    closes it."""

    BINDINGS = [
        Binding("escape,q", "close", "Close"),
        Binding("j", "scroll(1)", "Down", show=False),
        Binding("k", "scroll(-1)", "Up", show=False),
    ]

    WIDE = 118
    """From this terminal width on, the ``side`` text sits beside the text, not below it."""

    def __init__(self, title: str, text: str, close_keys: str = "", side: str = "") -> None:
        super().__init__(classes="text-screen")
        self.title_text = title
        self.text = text
        self.side = side
        self.close_keys = close_keys

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog text-dialog"):
            yield Static(self.title_text, classes="dialog-title")
            with Horizontal(classes="text-columns"):
                with VerticalScroll(classes="text-scroll"):
                    yield Static(self.text, classes="text-body", markup=False)
                yield Static(self.side, classes="text-side", markup=False)
            yield TextPanel(id="text-keys", classes="keys")

    def set_up(self) -> None:
        self._fit(self.app.size.width)
        scroll = self.query_one(".text-scroll", VerticalScroll)
        self.watch(scroll, "scroll_y", self._show_keys)
        self.call_after_refresh(self._show_keys)
        scroll.focus()

    def _show_keys(self, *_args: object) -> None:
        """The keys, and how far down the text is when it scrolls (scrollbars are hidden in
        ASCII mode, so this is what says there is more)."""
        scroll = self.query_one(".text-scroll", VerticalScroll)
        where = ""
        if scroll.max_scroll_y > 0:
            where = f" (at {round(100 * scroll.scroll_y / scroll.max_scroll_y)}%, more below)" \
                if scroll.scroll_y < scroll.max_scroll_y else " (at the end)"
        self.query_one("#text-keys", TextPanel).show(f"Up/Down/PgUp/PgDn scroll{where}  Esc close")

    def on_resize(self, event: events.Resize) -> None:
        if self.ready:
            self._fit(event.size.width)

    def _fit(self, width: int) -> None:
        """The side text beside the main one where there is room, below it where there is not."""
        beside = bool(self.side) and width >= self.WIDE
        self.set_class(beside, "beside")
        body = self.text if beside or not self.side else f"{self.text}\n\n{self.side}"
        self.query_one(".text-body", Static).update(body)

    def on_key(self, event: events.Key) -> None:
        """The key that opened the dialog closes it too."""
        if self.ready and event.key in self.close_keys.split(","):
            event.stop()
            self.dismiss(None)

    def action_scroll(self, step: int) -> None:
        self.query_one(".text-scroll", VerticalScroll).scroll_relative(y=step, animate=False)

    def action_close(self) -> None:
        self.dismiss(None)


def help_screen() -> TextScreen:
    return TextScreen("Keys", KEYS_HELP, close_keys="question_mark,f1")
