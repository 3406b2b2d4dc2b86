"""The base of every dialog: it acts only once it is on screen.

A key typed just as a dialog opens reaches it while Textual is still building it, and a key that
closes a dialog can arrive before the dialog has been mounted.  Both used to crash the game
(found by ``tools/monkey.py``): an action looked for widgets not built yet, and the mount of a
dialog already dismissed looked for widgets already gone.
"""

from __future__ import annotations

from typing import Any, TypeVar

from textual.screen import ModalScreen

__all__ = ["Dialog"]

ResultType = TypeVar("ResultType")


class Dialog(ModalScreen[ResultType]):
    """A modal screen whose actions wait until it is set up; subclasses put what they would do
    on mount in :meth:`set_up`."""

    ready = False
    """True once :meth:`set_up` has run: before that, no key acts on the dialog."""

    def on_mount(self) -> None:
        if self not in self.app.screen_stack:
            return  # dismissed before it was mounted: nothing is left to set up
        self.set_up()
        self.ready = True

    def set_up(self) -> None:
        """What the dialog does once it is on screen (focus, key line, sizes)."""

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if not self.ready:
            return False
        return super().check_action(action, parameters)

    def dismiss(self, result: Any = None) -> Any:
        """Close the dialog (once: a second key that would close it again does nothing)."""
        if not self.ready:
            return None
        self.ready = False
        return super().dismiss(result)
