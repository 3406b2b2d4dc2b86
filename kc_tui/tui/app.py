"""The Textual application."""

from __future__ import annotations

from textual.app import App

from ..engine.service import GameService
from .table import TableScreen

__all__ = ["KingsCornerApp"]


class KingsCornerApp(App):
    """Kings in the Corner at the table (the title and other screens come later)."""

    TITLE = "Kings in the Corner"

    def __init__(self, service: GameService, ascii_only: bool = False, pace: float = 0.4) -> None:
        super().__init__()
        self.service = service
        self.ascii_only = ascii_only
        self.pace = pace

    def on_mount(self) -> None:
        self.push_screen(TableScreen(self.service, self.ascii_only, self.pace))
