"""The screens' view of the app: typed as :class:`~kc_tui.tui.host.GameHost`, whose settings
and table actions (start, own, leave) they use."""

from __future__ import annotations

from typing import TYPE_CHECKING

__all__ = ["OnKingsCornerApp"]

if TYPE_CHECKING:
    from textual import getters
    from textual.message_pump import MessagePump

    from .host import GameHost

    class OnKingsCornerApp(MessagePump):
        """Mix into a screen, before the Textual screen class: ``self.app`` is then typed as
        this game's app rather than ``App[Any]``."""

        app = getters.app(GameHost)

else:

    class OnKingsCornerApp:
        """Typing only: at run time ``self.app`` is Textual's own (the running app); the
        screens only ever run in a :class:`GameHost`."""
