"""The base of every dialog: it acts only once it is on screen.

A key typed just as a dialog opens reaches it while Textual is still building it, and a key that
closes a dialog can arrive before the dialog has been mounted.  Both used to crash the game
(found by ``tools/monkey.py``): an action looked for widgets not built yet, and the mount of a
dialog already dismissed looked for widgets already gone.
"""

from __future__ import annotations

from typing import Any, ClassVar, TypeVar

from textual import events
from textual.containers import VerticalScroll
from textual.geometry import Offset
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Static

from ..core.i18n import Domain

_, ngettext, pgettext, L_, Ln_ = Domain.of(__package__).functions()

__all__ = ["Dialog", "MoreBelow", "DialogText"]


class DialogText(Static):
    """A dialog's text (a question, a text to read).  While no control of the dialog has the
    focus (or the focus is on the text's scroll), the terminal cursor sits at the start of the
    text's first line in view: a screen reader reads from where the cursor is."""

    def render(self) -> Any:
        screen = self.screen
        focused = screen.focused
        if screen is self.app.screen and (focused is None or focused in self.ancestors):
            parent = self.parent
            top = parent.content_region.y if isinstance(parent, VerticalScroll) else self.content_region.y
            self.app.cursor_position = Offset(self.content_region.x, max(top, self.content_region.y))
        return super().render()


class MoreBelow(Static):
    """The line under a dialog's scrolling text that says there is more below, shown until the
    end is: ASCII mode hides the scrollbars, and a screen reader reads no scrollbar anyway."""

    def __init__(self) -> None:
        super().__init__(classes="more-below", markup=False)

    def show_for(self, scroll: VerticalScroll) -> None:
        more = scroll.max_scroll_y > 0 and round(scroll.scroll_y) < scroll.max_scroll_y
        ascii_only = bool(getattr(getattr(self.app, "settings", None), "ascii", False))
        # Translators: the keys that scroll down, in ASCII mode and with the arrow ("PgDn" as the
        # help names Page Down).
        keys = _("Down/PgDn") if ascii_only else _("\u2193/PgDn")
        self.update(_("More below: {keys}").format(keys=keys))
        self.display = more

ResultType = TypeVar("ResultType")


class Dialog(ModalScreen[ResultType]):
    """A modal screen whose actions wait until it is set up; subclasses put what they would do
    on mount in :meth:`set_up`."""

    ready = False
    """True once :meth:`set_up` has run: before that, no key acts on the dialog."""
    passes_keys: ClassVar[bool] = False
    """Whether keys the dialog does not take act on the screen under it (a question): that
    screen's key line then stays."""
    _hidden: tuple[Widget, ...] = ()
    """The key lines of the screen under the dialog, hidden while it is open."""

    def on_mount(self) -> None:
        if self not in self.app.screen_stack:
            return  # dismissed before it was mounted: nothing is left to set up
        self._hide_keys_below()
        self.set_up()
        self.ready = True

    def on_unmount(self) -> None:
        for panel in self._hidden:
            panel.visible = True
        self._hidden = ()

    def _hide_keys_below(self) -> None:
        """The screen under a dialog is still drawn, its key line too, though its keys do nothing
        while the dialog is open (the line said "s scores  ? help" under the round's result, and
        neither did anything): that line is hidden until the dialog closes; the dialog says its
        own keys."""
        stack = self.app.screen_stack
        at = stack.index(self)
        if at == 0 or self.passes_keys:
            return
        self._hidden = tuple(panel for panel in stack[at - 1].query(".keys") if panel.visible)
        for panel in self._hidden:
            panel.visible = False

    def set_up(self) -> None:
        """What the dialog does once it is on screen (focus, key line, sizes)."""

    # ------------------------------------------------------------------ a text that scrolls
    def follow_scroll(self) -> None:
        """Fit the dialog's scrolling text (``.dialog-scroll``) into the terminal, and keep its
        :class:`MoreBelow` line true as it scrolls; for a dialog that has one, from ``set_up``."""
        for scroll in self.query(".dialog-scroll").results(VerticalScroll):
            self.watch(scroll, "scroll_y", lambda *_: self._tell_more(), init=False)
            self.watch(scroll, "virtual_size", lambda *_: self._tell_more(), init=False)
        self.call_after_refresh(self._fit_scroll)

    def _tell_more(self) -> None:
        for scroll in self.query(".dialog-scroll").results(VerticalScroll):
            for more in self.query(MoreBelow):
                more.show_for(scroll)

    def _fit_scroll(self) -> None:
        """The scrolling text gets the rows the rest of the dialog leaves (the rest is never
        pushed off the screen), and one row is kept for the "More below" line."""
        for scroll in self.query(".dialog-scroll").results(VerticalScroll):
            box = next((a for a in scroll.ancestors if isinstance(a, Widget) and a.has_class("dialog")), None)
            if box is None:
                continue
            holder: Widget = scroll
            while holder.parent is not box and isinstance(holder.parent, Widget):
                holder = holder.parent
            rest = box.styles.gutter.height + sum(
                child.outer_size.height + child.styles.margin.height
                for child in box.children
                if child is not holder and child.display and not isinstance(child, MoreBelow))
            scroll.styles.max_height = max(self.size.height - rest - 1, 3)
        self.call_after_refresh(self._tell_more)

    def on_resize(self, event: events.Resize) -> None:
        if self.ready:
            self.call_after_refresh(self._fit_scroll)
            self.call_after_refresh(self._cursor_again)

    def _cursor_again(self) -> None:
        """The dialog moved with the terminal's middle, and the widget that put the cursor on
        itself (its text, its focused menu) is not drawn again for that: it is now, and the
        cursor goes with it (a screen reader read the table under the dialog after a resize)."""
        if self is not self.app.screen:
            return
        for text in self.query(DialogText):
            text.refresh()
        follow = getattr(self.app, "follow_focus", None)
        if self.focused is not None and follow is not None:
            follow()

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
