"""Small dialogs of the table: handing the keyboard over (hot-seat) and the keys."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from . import style_path

__all__ = ["PassScreen", "HelpScreen", "KEYS_HELP"]

KEYS_HELP = """Keys at the table

Choosing
  1-9             pick that card of your hand
  Left/Right      move along your hand (when it has the focus)
  Arrows, h j k l move between piles; while holding, only to piles it fits
  Enter, Space    pick up the focused card or pile / drop what you hold there
  Esc             put back what you hold (or close the command line)

Turn
  e               end your turn (while moves are still open, press e twice)
  u, Ctrl+Z       take back your last move of this turn
  t               hint: the best plan for this turn, in words
  :               type a command: 7h n, e n, end, undo, hint, help, quit

Game
  n               deal the next round (after a round)
  ?, F1           this help
  q               quit (y confirms)
  Ctrl+P          all actions

Press Esc or ? to close."""


class PassScreen(ModalScreen[None]):
    """Hides the table between two people's turns at one keyboard (hot-seat)."""

    CSS_PATH = style_path("table.tcss")
    BINDINGS = [Binding("enter,space", "ready", "Show my hand")]

    def __init__(self, name: str) -> None:
        super().__init__()
        self.player_name = name

    def compose(self) -> ComposeResult:
        with Vertical(id="pass"):
            yield Static(f"Pass the keyboard to {self.player_name}.\n\n"
                         f"{self.player_name}, press Enter when the others cannot see the screen.",
                         id="pass-text")

    def action_ready(self) -> None:
        self.dismiss(None)


class HelpScreen(ModalScreen[None]):
    """Every key of the table, grouped."""

    CSS_PATH = style_path("table.tcss")
    BINDINGS = [Binding("escape,question_mark,f1,q", "close", "Close")]

    def compose(self) -> ComposeResult:
        with Vertical(id="help"):
            yield Static(KEYS_HELP, id="help-text")

    def action_close(self) -> None:
        self.dismiss(None)
