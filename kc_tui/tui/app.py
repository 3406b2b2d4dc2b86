"""The Textual application: the title screen, or straight to the table for ``kings-corner play``
(or to a replay).  What the screens use of it is :class:`~kc_tui.tui.host.GameHost`'s."""

from __future__ import annotations

from textual.screen import Screen

from ..core.i18n import N_
from . import style_path
from .host import GameHost
from .part import game_of

__all__ = ["KingsCornerApp"]


class KingsCornerApp(GameHost):
    """Kings in the Corner.  With a ``service`` it opens at that game's table and leaving the
    table leaves the app; without one it opens at the title screen."""

    TITLE = N_("Kings in the Corner")
    CSS_PATH = [style_path("app.tcss"), style_path("table.tcss")]

    def first_screen(self) -> Screen:
        if self.replay is not None:
            from .replay_screen import ReplayScreen  # the screens import the host, not this app

            return ReplayScreen(self.replay, self.replay_name)
        if self.service is not None:
            return game_of(self.service).table_screen(self.service)
        return self.home_screen()

    def home_screen(self) -> Screen:
        """The first screen when the app opens at no game: the title (a lobby elsewhere)."""
        from .title import TitleScreen

        return TitleScreen()
