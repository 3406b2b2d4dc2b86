"""The widgets every game's screens share (a game's own are in its ``tui`` part).  They render
what the screen gives them and post messages up; none holds game state."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple, Sequence

from rich.cells import cell_len, set_cell_size
from rich.style import Style
from textual import events
from textual.actions import SkipAction
from textual.binding import Binding
from textual.cache import LRUCache
from textual.content import Content
from textual.css.styles import RulesMap
from textual.geometry import Offset, Region
from textual.message import Message
from textual.reactive import reactive
from textual.selection import Selection
from textual.strip import Strip
from textual.style import Style as VisualStyle
from textual.visual import RenderOptions, Visual, visualize
from textual.widget import Widget
from textual.widgets import Input, OptionList, RichLog, Static
from textual.widgets.option_list import Option

from ..core.cards import SUIT_GLYPHS, AnyCard, Card, glyphs_or_codes
from ..core.i18n import N_, Domain, Text
from ..core.text import Hanging, joined
from ..storage import Settings
from .faces import LARGE, NORMAL, PILE_ROOM, FaceSize, Look
from .words import said

_, ngettext, pgettext, L_, Ln_ = Domain.of(__package__).functions()

__all__ = ["card_text", "any_card_text", "card_content", "settings_of", "as_cards", "look_of", "redraw",
           "cursor_at", "PickList", "face_size", "TextPanel", "PlayersView", "Menu", "MenuItem", "Choice",
           "EventLog", "TextField", "CommandLine", "in_order", "HangingText", "HangingStatic"]

# Suit colours by card style; the suit letter or glyph is always there too.
# Suit colours (red, blue, green) for dark and light backgrounds, and the terminal's own palette
# for the ANSI themes.  The dark set is xterm's bright colours, which stay exactly those colours
# at 16 colours (a theme's softer reds came out white or magenta).
_PALETTES = {
    "dark": ("bold #ff5555", "bold #5c8cff", "bold #55ff55"),
    "light": ("bold #c00000", "bold #0040c0", "bold #007000"),
    "ansi": ("bold ansi_bright_red", "bold ansi_bright_blue", "bold ansi_bright_green"),
    "ansi-light": ("bold ansi_red", "bold ansi_blue", "bold ansi_green"),
}
_THEME_PALETTE = {"light": "light", "ansi": "ansi", "ansi-light": "ansi-light"}


def _suit_style(settings: Settings, suit: str) -> str:
    red, blue, green = _PALETTES[_THEME_PALETTE.get(settings.theme, "dark")]
    if settings.cards == "four-colour":
        return {"H": red, "D": blue, "C": green}.get(suit, "bold")
    return red if suit in "HD" else "bold"


def card_text(card: Card, ascii_only: bool) -> str:
    """``7H`` and ``TH`` in ASCII mode (R1 notation), ``7♥`` and ``10♥`` otherwise, as the
    card's face says it large; the suit is always named, so nothing relies on colour."""
    return glyphs_or_codes(not ascii_only)(card)


def any_card_text(card: AnyCard, ascii_only: bool) -> str:
    """A card as a table writes it: ``7H``/``7♥``, and ``JK`` for a joker (in either mode)."""
    return glyphs_or_codes(not ascii_only)(card)


def card_content(card: Card, settings: Settings) -> Content:
    """The card's text in its suit's colour under the card style in force."""
    text = card_text(card, settings.ascii)
    return Content.assemble((text, _suit_style(settings, str(card)[1])))


def settings_of(widget: Widget) -> Settings:
    """The settings in force in ``widget``'s app (the defaults outside one)."""
    return getattr(widget.app, "settings", None) or Settings()


def look_of(settings: Settings) -> Look:
    return Look(settings.ascii, {suit: _suit_style(settings, suit) for suit in SUIT_GLYPHS})


def face_size(widget: Widget) -> FaceSize:
    """How large ``widget`` (a pile with the room to be drawn as cards) draws its faces: large
    where a large terminal gives it the room, through the table's styles."""
    width, height = LARGE.room
    return LARGE if widget.size.width >= width and widget.size.height >= height else NORMAL


def as_cards(widget: Widget) -> bool:
    """Whether ``widget`` has the room to draw a pile as cards (a terminal of 110 x 34 or more
    gives it, through the table's styles)."""
    return widget.size.width >= PILE_ROOM[0] and widget.size.height >= PILE_ROOM[1]


def redraw(widget: Widget) -> None:
    """Repaint what ``widget`` shows inside its border, and lay the screen out again only
    when its height may change.

    A slow link pays for every byte: a plain ``refresh()`` resends the border too (on the
    hand, half of what it sends), and a layout repaints the log's scroll bar.  A border that
    changes with focus or a class is repainted by Textual itself when the style changes.
    """
    size = widget.size
    styles = widget.styles
    if not size or (styles.width is not None and styles.width.is_auto):
        widget.refresh(layout=True)
        return
    # The height the content takes now (a long hand wraps onto more lines); a max-height that
    # clips it only costs a layout that moves nothing.
    if (styles.height is not None and styles.height.is_auto
            # Textual's own Widget passes its styles here too; the stub asks for their base type.
            and visualize(widget, widget.render()).get_height(styles, size.width)  # type: ignore[arg-type]
            != size.height):
        widget.refresh(layout=True)
        return
    widget.refresh(Region(0, 0, size.width, size.height))


def cursor_at(widget: Widget, x: int, y: int) -> None:
    """Put the terminal cursor at ``x, y`` of ``widget``'s content, if it has the focus.

    Screen readers read where the cursor is.  It is set while the widget renders, because
    Textual moves the terminal cursor only when it sends a screen update: set when the focus
    moves, it would wait for the next update and trail one key behind."""
    if widget.has_focus and widget.screen is widget.app.screen:
        region = widget.content_region
        widget.app.cursor_position = Offset(region.x + min(x, max(region.width - 1, 0)), region.y + y)


SHARED_OPTION_LINES = 2048
"""Options drawn kept for every :class:`PickList` of the process (the lobby of each session of a
server lists the same tables in the same words)."""
_option_lines: LRUCache[tuple[Any, ...], list[Strip]] = LRUCache(SHARED_OPTION_LINES)


class PickList(OptionList):
    """A list to pick from whose terminal cursor, while it has the focus, is on the first line
    of the option highlighted (Textual's ``OptionList`` leaves it where it was): a screen
    magnifier follows the pick, and a screen reader reads it.

    An option of plain text is drawn once per process for everything its lines depend on (its
    text, place, style, width, the list's text rules and theme): each session's lobby lists the
    same tables, and drew each of them itself as it arrived (a sixth of a session's start)."""

    def _get_option_render(self, option: Option, style: VisualStyle) -> list[Strip]:
        prompt = option.prompt
        if not isinstance(prompt, str) or option._divider or self.text_selection is not None:
            return super()._get_option_render(option, style)
        styles = self.styles
        key = (prompt, self._option_to_index[option], style,
               self.get_component_styles("option-list--option").padding,
               self.scrollable_content_region.width - self._get_left_gutter_width(),
               styles.text_align, styles.text_overflow, styles.text_wrap, styles.line_pad, self.app.theme,
               self._markup)
        strips = _option_lines.get(key)
        if strips is None:
            strips = super()._get_option_render(option, style)
            _option_lines[key] = strips
        return strips

    def render_line(self, y: int) -> Strip:
        strip = super().render_line(y)
        highlighted = self.highlighted
        # (Textual's own map of options to lines: an option's text can wrap onto more.)
        if highlighted is not None and self._index_to_line.get(highlighted) == self.scroll_offset.y + y:
            cursor_at(self, 0, y)
        return strip


class HangingText(Visual):
    """Lines of text shown as a :class:`Static` shows them, but a :class:`Hanging` line (a hand
    left, in a round's result) wrapped under the start of its list, not at the left edge: "cards
    left: 3♥ 4♦ ..." went on at column 0, where the next player's line starts.  A lead that
    leaves less than half the width to its list is wrapped as any line is.  :attr:`plain` is the
    text unwrapped, as the line mode says it."""

    def __init__(self, lines: Sequence[str | Hanging]) -> None:
        self.lines = tuple(lines)
        self.plain = joined(self.lines)
        """The text, unwrapped."""
        self._whole = Content(self.plain)
        self._wrapped: tuple[int, Content] = (-1, self._whole)

    def __str__(self) -> str:
        return self.plain

    def wrapped(self, width: int) -> Content:
        """The text broken into rows of at most ``width`` cells (a word wider is folded)."""
        if self._wrapped[0] == width:
            return self._wrapped[1]
        rows: list[str] = []
        for line in self.lines:
            indent = cell_len(line.lead) if isinstance(line, Hanging) else 0
            if not isinstance(line, Hanging) or not indent or width - indent < width / 2:
                rows += (str(row) for row in Content(str(line)).wrap(max(width, 1)))
                continue
            tail = [str(row) for row in Content(line.tail).wrap(width - indent)] or [""]
            rows.append(line.lead + tail[0])
            rows += (" " * indent + row for row in tail[1:])
        content = Content("\n".join(rows))
        self._wrapped = (width, content)
        return content

    def render_strips(self, width: int, height: int | None, style: VisualStyle,
                      options: RenderOptions) -> list[Strip]:
        pad = options.rules.get("line_pad", 0)
        return self.wrapped(width - 2 * pad).render_strips(width, height, style, options)

    def get_optimal_width(self, rules: RulesMap, container_width: int) -> int:
        return self._whole.get_optimal_width(rules, container_width)

    def get_minimal_width(self, rules: RulesMap) -> int:
        return self._whole.get_minimal_width(rules)

    def get_height(self, rules: RulesMap, width: int) -> int:
        return self.wrapped(width - 2 * rules.get("line_pad", 0)).get_height(rules, width)


class HangingStatic(Static):
    """A :class:`Static` of :class:`HangingText`, whose text is selected as it is shown."""

    def __init__(self, lines: Sequence[str | Hanging], *, id: str | None = None) -> None:
        super().__init__(HangingText(lines), id=id)

    def get_selection(self, selection: Selection) -> tuple[str, str] | None:
        visual = self.visual
        if not isinstance(visual, HangingText):
            return super().get_selection(selection)
        width = self.content_size.width - 2 * self.styles.line_pad
        return selection.extract(str(visual.wrapped(width))), "\n"


class TextPanel(Static):
    """A text panel that redraws only when its text changes, and then only inside its border
    (slow links pay for every byte)."""

    def __init__(self, *, id: str, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._text: str | None = None
        self._content = Content("")

    def render(self) -> Content:
        return self._content

    @property
    def text(self) -> str:
        """The text shown."""
        return self._text or ""

    def show(self, text: str) -> None:
        if text != self._text:
            self._text = text
            self._content = Content(text)
            redraw(self)


class PlayersView(TextPanel):
    """The players, one row (or more) each, as the screen words them: whose turn, cards, points."""

    rows: reactive[tuple[str, ...]] = reactive((), init=False, repaint=False)

    def __init__(self) -> None:
        super().__init__(id="players")

    def watch_rows(self, rows: tuple[str, ...]) -> None:
        self.show("\n".join(rows))


@dataclass(frozen=True, slots=True)
class MenuItem:
    """One line of a :class:`Menu`: its key, its label, and why it is disabled (if it is).  A key
    with a name (Enter) may be marked English, as the labels may: the menu says it."""

    id: str
    key: str
    label: str
    disabled: str = ""


class Menu(Static, can_focus=True):
    """A vertical menu: Up/Down (or j/k) choose, Enter picks; the chosen line is marked with
    ``>`` so it shows without colour.  A disabled item says why instead of running.  Its labels
    may be marked English (``N_``): they are said in the player's language as it is drawn."""

    selected: reactive[int] = reactive(0)

    BINDINGS = [
        Binding("up,k", "move(-1)", N_("Previous"), show=False),
        Binding("down,j", "move(1)", N_("Next"), show=False),
        Binding("enter,space", "choose", N_("Choose"), show=False),
    ]

    class Chosen(Message):
        def __init__(self, menu: Menu, item: MenuItem) -> None:
            self.menu = menu
            self.item = item
            super().__init__()

    def __init__(self, items: Sequence[MenuItem], *, id: str | None = None, wrap: bool = True) -> None:
        super().__init__(id=id, classes="menu")
        self.items = list(items)
        self.wrap = wrap
        """Up on the first item goes to the last (and Down on the last to the first); without
        it, the key goes on to the screen (which moves to the control above or below)."""

    def render(self) -> Content:
        cursor_at(self, 0, min(self.selected, max(len(self.items) - 1, 0)))  # on the ">" mark
        lines = []
        # The style sheet cuts a line too long with an ellipsis; ASCII mode has none, and cut the
        # line mid-word with nothing to say so: there it ends with "..." instead.
        cut = self.content_size.width if settings_of(self).ascii else 0
        for i, item in enumerate(self.items):
            mark = ">" if i == self.selected and self.has_focus else " "
            note = f"  ({said(item.disabled)})" if item.disabled else ""
            line = f"{mark} [{said(item.key)}] {said(item.label)}{note}"
            if cut > 3 and cell_len(line) > cut:
                line = set_cell_size(line, cut - 3) + "..."
            lines.append(line)
        return Content("\n".join(lines))

    def select(self, item_id: str) -> None:
        for i, item in enumerate(self.items):
            if item.id == item_id:
                self.selected = i

    def action_move(self, step: int) -> None:
        if not self.items:
            return
        if not self.wrap and not 0 <= self.selected + step < len(self.items):
            raise SkipAction()  # the screen's own Up/Down
        self.selected = (self.selected + step) % len(self.items)

    def action_choose(self) -> None:
        if self.items:
            self.post_message(self.Chosen(self, self.items[min(self.selected, len(self.items) - 1)]))

    def on_click(self, event: Any) -> None:
        row = event.y
        if 0 <= row < len(self.items):
            self.selected = row
            self.action_choose()

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()


class Choice(Static, can_focus=True):
    """One setting on one line, ``> Label   < value >``: Left/Right (or h/l, Space) change the
    value and post :class:`Choice.Changed`.  A note after the value explains it.  Its label and
    values may be marked English (``N_``, a table made at import): they are said in the player's
    language as it is drawn, so a change of language shows at the next redraw."""

    index: reactive[int] = reactive(0)
    note: reactive[str] = reactive("")

    BINDINGS = [
        Binding("left,h", "step(-1)", N_("Previous value"), show=False),
        Binding("right,l,space", "step(1)", N_("Next value"), show=False),
    ]

    class Changed(Message):
        def __init__(self, choice: Choice, value: Any) -> None:
            self.choice = choice
            self.value = value
            super().__init__()

    def __init__(self, label: str, options: Sequence[tuple[Any, str | Text]], value: Any = None, *,
                 id: str | None = None, width: int = 25) -> None:
        super().__init__(id=id, classes="choice")
        self.label = label
        self.options = list(options)
        self.label_width = width
        self.set_reactive(Choice.index, self._index_of(value))

    def _index_of(self, value: Any) -> int:
        for i, (v, _) in enumerate(self.options):
            if v == value:
                return i
        return 0

    @property
    def value(self) -> Any:
        return self.options[self.index][0]

    def set_value(self, value: Any, options: Sequence[tuple[Any, str | Text]] | None = None) -> None:
        """Show ``value`` (and a new list of options) without posting a change."""
        if options is not None:
            self.options = list(options)
        self.index = self._index_of(value)
        self.refresh()

    def render(self) -> Content:
        cursor_at(self, 0, 0)  # on the ">" mark
        mark = ">" if self.has_focus else " "
        text = said(self.options[self.index][1])
        note = f"  {said(self.note)}" if self.note else ""
        return Content(f"{mark} {said(self.label):<{self.label_width}} < {text} >{note}")

    def action_step(self, step: int) -> None:
        self.index = (self.index + step) % len(self.options)
        self.post_message(self.Changed(self, self.value))

    def on_click(self) -> None:
        self.action_step(1)

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()


class _Written(NamedTuple):
    """One :meth:`RichLog.write`, kept to be wrapped again at another width."""

    content: object
    width: int | None
    expand: bool
    shrink: bool
    private: bool = False
    """Written for the person at the keyboard alone (:meth:`EventLog.forget_private`)."""


class EventLog(RichLog):
    """The table's log.  A :class:`RichLog` wraps what it is given once, at the width it has
    then, and a narrower terminal would cut those lines ("The edges show N 4H" and no more);
    this one keeps what was written and wraps it again whenever its width changes.

    It draws no scroll bar (kc_tui/tui/styles/table.tcss): its border's corner says "more above" while
    earlier lines are scrolled out of sight and "more below" while newer ones are, words a screen
    reader reads and that change only when that changes.  Tab reaches it (its border is doubled
    then, and the cursor is on its top line); Up, Down, PgUp, PgDn, Home and End scroll it."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, wrap=True, markup=False, min_width=20)
        self._written: list[_Written] = []
        self._wrapped_at = 0
        self._height = 0
        self._writing = False

    def on_focus(self) -> None:
        # In --ascii its border is the same drawn or not (only its colour changes, and NO_COLOR
        # takes that away): its title says it has the focus, with the hand's ">".
        if settings_of(self).ascii:
            self.border_title = "> " + _("Log")

    def on_blur(self) -> None:
        self.border_title = None

    def write(self, content: Any, width: int | None = None, expand: bool = False, shrink: bool = True,
              scroll_end: bool | None = None, animate: bool = False, private: bool = False) -> EventLog:
        """RichLog's; ``private``: for the person at the keyboard alone, to go at
        :meth:`forget_private`."""
        if self._size_known:
            # (Before the first size RichLog keeps the write and makes it again, through here.)
            self._written.append(_Written(content, width, expand, shrink, private))
            self._wrapped_at = self.scrollable_content_region.width
        # RichLog scrolls to the new end after the next screen update: that update shows the
        # log unmoved under a "more below" note, and the one after draws it all again scrolled.
        # Its scroll bars never change (see refresh), so the end is known now: one update.
        at_once = self._size_known and self._fixed_scrollbars()
        follow = self.auto_scroll if scroll_end is None else scroll_end
        self._writing = True
        try:
            super().write(content, width, expand, shrink, False if at_once else scroll_end, animate)
        finally:
            self._writing = False
        if at_once and follow:
            self.scroll_end(animate=animate, immediate=True, x_axis=False)
        self.tell_scroll()
        return self

    _style_now: Style | None = None

    def render_lines(self, crop: Region) -> list[Strip]:
        # The log's style, worked out once for all the lines drawn together (RichLog works it
        # out from every ancestor's styles for each line: a tenth of a served move's drawing).
        self._style_now = self.rich_style
        try:
            return super().render_lines(crop)
        finally:
            self._style_now = None

    def render_line(self, y: int) -> Strip:
        if y == 0:
            # Focused (Tab), the cursor is on the top line in view, where a screen reader starts
            # reading; it follows as the keys scroll (the top line is drawn again at a scroll).
            cursor_at(self, 0, 0)
        style = self._style_now
        if style is None:
            return super().render_line(y)
        # As RichLog's, with the style worked out once.
        scroll_x, scroll_y = self.scroll_offset
        width = self.scrollable_content_region.width
        if scroll_y + y >= len(self.lines):
            return Strip.blank(width, style)
        return self._render_line(scroll_y + y, scroll_x, width).apply_style(style)

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        # As a ScrollView's, but with no scroll bar to move: a scroll bar of no width that is
        # told to move is a change to a widget not on screen, and Textual then maps every widget
        # of the screen again before it draws.
        if round(old_value) != round(new_value):
            self.refresh(self.size.region)
        self.tell_scroll()

    def tell_scroll(self) -> None:
        """The border's note of lines out of sight (set only when it changes: at a scroll, or in
        another language)."""
        above = round(self.scroll_y) > 0
        below = round(self.scroll_y) < self.max_scroll_y
        up, down = ("^", "v") if settings_of(self).ascii else ("\u2191", "\u2193")
        note = " ".join(([_("{arrow} more above").format(arrow=up)] if above else [])
                        + ([_("{arrow} more below").format(arrow=down)] if below else []))
        if note != (self.border_subtitle or ""):
            self.border_subtitle = note

    def refresh(self, *regions: Region, repaint: bool = True, layout: bool = False,
                recompose: bool = False) -> EventLog:
        """A line written makes the log longer, and Textual lays the whole screen out again for
        that (a new virtual size asks for a layout).  The log's scroll bars never come or go
        (its styles fix them: always a vertical one, never a horizontal one), so nothing but
        the log and its scroll bar can change: those are drawn again, and the rest of the screen
        is left alone.  With many sessions on one server this was most of the cost of a move."""
        if layout and self._writing and self._fixed_scrollbars():
            self._scroll_update(self.virtual_size)
            layout = False
        super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)
        return self

    def _fixed_scrollbars(self) -> bool:
        styles = self.styles
        return styles.overflow_y == "scroll" and styles.overflow_x == "hidden"

    def clear(self) -> EventLog:
        self._written.clear()
        super().clear()
        return self

    def forget_private(self) -> None:
        """Take out what was written for the person at the keyboard alone (in hot seat, as the
        keyboard passes on: the next person could scroll back to a hand read out)."""
        if any(item.private for item in self._written):
            self._written = [item for item in self._written if not item.private]
            self._write_again()
            self.scroll_end(animate=False, x_axis=False)

    def _write_again(self) -> None:
        """Every line again, from what was written, at the width the log has now."""
        written = list(self._written)
        super().clear()
        # (Each line lays the screen out again, as RichLog's writes do: written as the usual
        # writes are, a log made wider scrolled back to its top, and said nothing of it.)
        for item in written:
            super().write(item.content, item.width, item.expand, item.shrink, scroll_end=False)

    def on_resize(self, event: events.Resize) -> None:
        """Wrap again at a new width; a log that showed its newest line still shows it."""
        region = self.scrollable_content_region
        # Where the end was at the height the log had (the new height is already in force).
        at_end = self.scroll_y >= len(self.lines) - self._height
        self._height = region.height
        if self._size_known and region.width != self._wrapped_at and self._written:
            # (Before the first size, RichLog itself writes what waited for it.)
            self._wrapped_at = region.width
            self._write_again()
        if at_end:
            self.scroll_end(animate=False, x_axis=False)


async def in_order(widget: Widget, event: events.Key) -> bool:
    """Handle ``event``, a key handed to ``widget``, in the order it came, if need be; whether
    it was handled.

    Textual's app hands each key to the widget focused as it arrives, and runs a key's binding
    (Backspace in a field, Tab, Esc, the arrows) only once the key has bubbled back up to it, after
    the keys that came with it: "ab", Backspace, "Q" in one write, as SSH or a paste sends them,
    typed "abQ" and then deleted the Q, and the keys after a Tab went to the field it left
    (Textual issue 6605, a Spanish play test).  So a key that is not a letter has its binding run
    now, as the app would look it up (the widget's own first, then those around it, the
    screen's and the app's); and a key that reaches the widget once the focus has moved on goes
    to the widget focused now."""
    focused = widget.screen.focused
    if focused is not widget:
        event.stop()
        event.prevent_default()
        # Straight to it, behind the keys it has: through the app, a burst read in two parts
        # let the second part's keys, handed to it meanwhile, pass this one.
        (focused or widget.screen).post_message(events.Key(event.key, event.character))
        return True
    # (The app checked the priority bindings before it handed the key on.)
    if not event.is_printable and await widget.app._check_bindings(event.key):
        event.stop()
        event.prevent_default()
        return True
    return False


class TextField(Input):
    """A text field that takes a burst of keys in their order (:func:`in_order`), and leaves
    the terminal cursor alone while it has no focus."""

    async def _on_key(self, event: events.Key) -> None:
        if not await in_order(self, event):
            await super()._on_key(event)

    def _watch_selection(self, selection: Any) -> None:
        # Textual puts the terminal cursor on the caret of any field whose caret moves, focused
        # or not: a seat's name filled in as the seat became a person's took the cursor off the
        # focused choice, where a screen reader was reading.
        kept = getattr(self.app, "cursor_kept", None)
        if self.has_focus or kept is None:
            super()._watch_selection(selection)
            return
        with kept():
            super()._watch_selection(selection)


class CommandLine(TextField):
    """A table's command line (and chat): Tab stays in it.  Tab moved the focus to the table,
    and the rest of a line typed or pasted with a tab in it became the table's keys (an "e" and
    an Enter could end the turn).  A ``:`` typed into it while it is empty is the key that opens
    it, not text: a served table's line stays open after a command, and a play test typing ":s
    ne" out of habit was told "':s' is not a card"."""

    BINDINGS = [
        Binding("tab,shift+tab", "stay", show=False),
    ]

    async def _on_key(self, event: events.Key) -> None:
        if event.character == ":" and not self.value:
            event.stop()
            event.prevent_default()
            return
        await super()._on_key(event)

    def action_stay(self) -> None:
        """Nothing: the line being typed keeps the keys."""
