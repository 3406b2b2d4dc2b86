"""The screens' view of the app: typed as :class:`~kc_tui.tui.app.KingsCornerApp`, whose
settings and table actions (start, resume, leave) they use."""

from __future__ import annotations

from typing import TYPE_CHECKING

__all__ = ["OnKingsCornerApp"]

if TYPE_CHECKING:
    from textual import getters
    from textual.message_pump import MessagePump

    from .app import KingsCornerApp

    class OnKingsCornerApp(MessagePump):
        """Mix into a screen, before the Textual screen class: ``self.app`` is then typed as
        this game's app rather than ``App[Any]``."""

        app = getters.app(KingsCornerApp)

else:

    class OnKingsCornerApp:
        """Typing only: at run time ``self.app`` is Textual's own (the running app); the
        screens of this game only ever run in :class:`KingsCornerApp`."""
