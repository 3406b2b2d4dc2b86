"""What every game's table screen shares: its size (below 80 x 24 it says how large the terminal
must be, and no key acts), and how it speaks (the status line, and the log for what must be kept).

A game's table screen derives from :class:`TableShell` and composes a ``#status`` panel, a ``#log``
and :meth:`~kc_tui.tui.fit.SizedScreen.too_small_note`.
"""

from __future__ import annotations

from textual.widgets import RichLog

from .fit import SizedScreen
from .typed_app import OnKingsCornerApp
from .widgets import TextPanel

__all__ = ["MIN_WIDTH", "MIN_HEIGHT", "WIDE", "TableShell"]

MIN_WIDTH, MIN_HEIGHT = 80, 24
WIDE = (110, 34)
"""From this size on a table may draw more (the cross its piles as cards)."""


class TableShell(OnKingsCornerApp, SizedScreen):
    """A game's table screen (see the module's words)."""

    MIN_SIZE = (MIN_WIDTH, MIN_HEIGHT)
    SIZE_NAME = "The table"
    SIZE_ADVICE = "Make it larger, or play with --plain."

    def say(self, text: str) -> None:
        # (The status keeps its three rows, so the log's newest line stays in view.)
        self.query_one("#status", TextPanel).show(text)

    def report(self, text: str) -> None:
        """Something the player must know that is not a move (saving failed): the log keeps it."""
        self.query_one("#log", RichLog).write(f"! {text}")
        self.say(text)
