"""Screens that say what size they need: below its minimum a screen is not drawn cut, it says how
large the terminal must be (and, for the table, that the line mode needs no size at all).

A screen derives from :class:`SizedScreen` (in place of Textual's ``Screen``), yields :meth:`too_small_note`
in its ``compose``, and sets :attr:`~SizedScreen.MIN_SIZE` to the smallest terminal its layout
fits.  While it is too small it has the class ``too-small`` (kc_tui/tui/styles/app.tcss hides everything but
the note), none of its key bindings act, and its widgets are disabled (none can have the focus),
so no key can change what cannot be seen; Ctrl+C and Ctrl+Q still leave.
"""

from __future__ import annotations

from typing import ClassVar

from textual import events
from textual.geometry import Region
from textual.screen import Screen
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Static

from ..core.i18n import N_, Domain
from .compositor import lean
from .words import said

_, ngettext, pgettext, L_, Ln_ = Domain.of(__package__).functions()

__all__ = ["SizedScreen", "TooSmallNote"]


class TooSmallNote(Static):
    """What a screen too small to be drawn says instead; the terminal cursor sits on the first
    letter of its text while it is shown (nothing else can have the focus then): a screen reader
    reads it, and the cursor is not left on a pile that cannot be seen."""

    def render_lines(self, crop: Region) -> list[Strip]:
        # The text is centred in the note, which fills the screen: where its first letter is
        # drawn is known only once it is laid out in lines.  A redraw of a part below the top
        # leaves the cursor where the whole note put it.
        lines = super().render_lines(crop)
        screen = self.screen
        if crop.y == 0 and screen is self.app.screen and screen.has_class("too-small"):
            for row, strip in enumerate(lines):
                text = strip.text
                if text.strip():
                    column = crop.x + len(text) - len(text.lstrip())
                    self.app.cursor_position = self.region.offset + (column, row)
                    break
        return lines


class SizedScreen(Screen[None]):
    """A screen that has a smallest size (see the module's words)."""

    MIN_SIZE: ClassVar[tuple[int, int]] = (80, 24)
    """The smallest terminal, columns x rows, in which the screen's layout is whole."""
    SIZE_NAME: ClassVar[str] = N_("This screen")
    """How the note names the screen: "The table needs a terminal of at least ..." (marked
    English, said in the player's language as the note is shown)."""
    SIZE_ADVICE: ClassVar[str] = N_("Make it larger.")
    FIRST_FOCUS: ClassVar[str] = ""
    """What takes the focus when the screen becomes large enough and nothing had it (a screen that
    was too small from the start): a selector, or the first focusable widget."""

    _focus_before: Widget | None = None

    def __init__(self, name: str | None = None, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(name, id, classes)
        lean(self)  # a move redraws what it changed, not every widget of the screen

    def too_small_note(self) -> Static:
        """The note shown instead of the screen while the terminal is too small."""
        return TooSmallNote(id="too-small")

    @property
    def too_small(self) -> bool:
        return self.has_class("too-small")

    def _small_at(self, width: int, height: int) -> bool:
        min_width, min_height = self.MIN_SIZE
        return width < min_width or height < min_height

    def fit_to(self, width: int, height: int) -> bool:
        """Show the screen, or the note when ``width`` x ``height`` is below :attr:`MIN_SIZE`;
        whether it is too small."""
        min_width, min_height = self.MIN_SIZE
        small = self._small_at(width, height)
        was_small = self.too_small
        self.set_class(small, "too-small")
        self.fitted(width, height)
        if small:
            # In a browser's page there is no terminal and no --plain: a window, and its zoom.
            app = self.app
            browser = bool(getattr(app, "in_browser", False) or app.is_web)
            self.query_one("#too-small", Static).update(
                (_("{screen} needs a window of at least {min_width} x {min_height} characters; "
                   "this one is {width} x {height}. {advice}") if browser else
                 _("{screen} needs a terminal of at least {min_width} x {min_height}; "
                   "this one is {width} x {height}. {advice}")).format(
                    screen=said(self.SIZE_NAME), min_width=min_width, min_height=min_height,
                    width=width, height=height,
                    advice=_("Make the window larger, or zoom out (Ctrl and -).") if browser
                    else said(getattr(app, "size_advice", None) or self.SIZE_ADVICE)))
        if small != was_small:
            # Disabled, no widget can take the focus or the keys while nothing can be seen
            # (not even one focused later, as a screen does once it is mounted).
            if small:
                self._focus_before = self.focused
            for child in self.children:
                if child.id != "too-small":
                    child.disabled = small
            if not small:
                before, self._focus_before = self._focus_before, None
                if before is not None and before.is_attached:
                    self.set_focus(before)
                elif self.FIRST_FOCUS:
                    self.query_one(self.FIRST_FOCUS).focus()
                else:
                    self.focus_next()
        return small

    def fitted(self, width: int, height: int) -> None:
        """What else the screen does at a new size (a larger layout from some size on)."""

    def on_mount(self) -> None:
        if self.fit_to(*self.app.size):
            # Too small from the start: the focus it had was Textual's first pick (a table's
            # top-left pile), not a person's, so the screen's own first focus takes it once
            # the terminal is large enough (a play test's client grown from 79 to 80 columns).
            self._focus_before = None

    def on_resize(self, event: events.Resize) -> None:
        self.fit_to(*event.size)

    def on_screen_resume(self) -> None:
        """A dialog closed: the focused widget draws itself again, and so puts the terminal
        cursor back on itself (where a screen reader reads)."""
        if self.focused is not None:
            self.focused.refresh()

    def too_small_now(self) -> bool:
        """Whether the screen is too small for the terminal as it is now: Textual tells the
        screen of a new size a moment after the app learns it, and a key typed in between must
        meet the size the terminal has, not be refused on the one it had (the screen is fitted
        first)."""
        width, height = self.app.size
        if self.too_small != self._small_at(width, height):
            self.fit_to(width, height)
        return self.too_small

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """No key of the screen acts while it is too small to be seen."""
        if self.too_small_now():
            return False
        return super().check_action(action, parameters)
