"""Widgets of the table.  They render what the screen gives them and post messages up; none
holds game state."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple, Sequence

from textual import events
from textual.actions import SkipAction
from textual.binding import Binding
from textual.content import Content
from textual.geometry import Offset, Region
from textual.message import Message
from textual.reactive import reactive
from textual.visual import visualize
from textual.widget import Widget
from textual.widgets import RichLog, Static

from ..core.cards import AnyCard, Card, Pile
from ..storage import Settings
from .faces import PILE_ROOM, Frame, Look, card_back, hand_faces, hand_fits, pile_face

__all__ = ["HAND_KEYS", "card_text", "any_card_text", "card_content", "settings_of", "redraw", "cursor_at",
           "PileView", "StockView", "HandView", "TextPanel", "PlayersView", "Menu", "MenuItem", "Choice",
           "EventLog"]

_GLYPHS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
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
    """``7H`` in ASCII mode, ``7♥`` otherwise (R1 notation; the suit is always named, so
    nothing relies on colour)."""
    text = str(card)
    return text if ascii_only else text[0] + _GLYPHS[text[1]]


def any_card_text(card: AnyCard, ascii_only: bool) -> str:
    """A card as a table writes it: ``7H``/``7♥``, and ``JK`` for a joker (in either mode)."""
    return card_text(card, ascii_only) if isinstance(card, Card) else str(card)


def card_content(card: Card, settings: Settings) -> Content:
    """The card's text in its suit's colour under the card style in force."""
    text = card_text(card, settings.ascii)
    return Content.assemble((text, _suit_style(settings, str(card)[1])))


def settings_of(widget: Widget) -> Settings:
    """The settings in force in ``widget``'s app (the defaults outside one)."""
    return getattr(widget.app, "settings", None) or Settings()


def _look(settings: Settings) -> Look:
    return Look(settings.ascii, _GLYPHS, {suit: _suit_style(settings, suit) for suit in _GLYPHS})


def _as_cards(widget: Widget) -> bool:
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


class PileView(Static, can_focus=True):
    """One pile of the cross: its name, bottom and top card, and how many cards it holds; drawn
    as cards (:mod:`kc_tui.tui.faces`) where it has the room."""

    # Each change repaints the pile inside its border (``redraw``); a border that changes
    # with ``.target`` or ``.held`` is repainted by Textual when the class changes.
    cards: reactive[tuple[Card, ...]] = reactive((), repaint=False)
    marked: reactive[bool] = reactive(False, repaint=False)
    held: reactive[bool] = reactive(False, repaint=False)
    changed: reactive[bool] = reactive(False, repaint=False)
    """Changed since the person's last turn: a ``+`` after the name (not colour alone)."""

    BINDINGS = [Binding("enter,space", "choose", "Pick / drop", show=False)]

    class Chosen(Message):
        """The player chose this pile (to pick it up or to drop on it)."""

        def __init__(self, pile: Pile) -> None:
            self.pile = pile
            super().__init__()

    def __init__(self, pile: Pile) -> None:
        super().__init__(id=f"pile-{pile.name}", classes="pile corner" if pile.is_corner else "pile edge")
        self.pile = pile

    def render(self) -> Content:
        settings = settings_of(self)
        focus = ">" if self.has_focus else " "
        mark = "*" if self.marked else " "
        plus = "+" if self.changed else ""
        cursor_at(self, 0, 0)  # on the focus mark, before the pile's name
        cards = self.cards
        if _as_cards(self):
            return self._face(settings, f"{focus}{self.pile.name}{plus}{mark}")
        held = " [held]" if self.held else ""
        head = f"{focus}{self.pile.name}{plus}{mark}{held}\n"
        if not cards:
            return Content(f"{head}  empty\n  {'any card' if self.pile.is_edge else 'a King'}")
        # The whole fan when it fits the pile's width, else bottom..top: the bottom card is
        # what a pile move needs, the top what a card is played on.
        # A larger pile (a larger terminal) shows the fan over several lines.
        per_line = max((self.size.width - 2 + 1) // 3, 2)
        lines = max(self.size.height - 2, 1)
        if len(cards) <= per_line * lines:
            parts: list[Any] = ["  "]
            for i, card in enumerate(cards):
                gap = "" if i == 0 else "\n  " if i % per_line == 0 else " "
                parts += [gap, card_content(card, settings)]
        else:
            parts = ["  ", card_content(cards[0], settings), "..", card_content(cards[-1], settings)]
        return Content.assemble(head, *parts, f"\n  ({len(cards)})")

    def _face(self, settings: Settings, head: str) -> Content:
        """The pile drawn as cards, its markers said in words on the line above."""
        cards = self.cards
        words = [f"({len(cards)})" if cards else "", "HELD" if self.held else "",
                 "TARGET" if self.marked else ""]
        head = " ".join([head.rstrip(), *filter(None, words)])
        frame: Frame = "held" if self.held else "target" if self.marked else "plain"
        if not cards:
            frame = "slot-target" if self.marked else "slot"
        return pile_face(self.pile.name, head, cards, _look(settings), width=self.size.width, frame=frame,
                         focused=self.has_focus, takes="any card" if self.pile.is_edge else "King only")

    def watch_cards(self) -> None:
        redraw(self)

    def watch_marked(self, marked: bool) -> None:
        self.set_class(marked, "target")
        redraw(self)

    def watch_held(self, held: bool) -> None:
        self.set_class(held, "held")
        redraw(self)

    def watch_changed(self) -> None:
        redraw(self)

    def on_focus(self) -> None:
        redraw(self)

    def on_blur(self) -> None:
        redraw(self)

    def on_click(self) -> None:
        self.post_message(self.Chosen(self.pile))

    def action_choose(self) -> None:
        self.post_message(self.Chosen(self.pile))


class StockView(Static):
    """The stock in the middle of the cross: its count, or face-down cards where there is room."""

    count: reactive[int] = reactive(0, repaint=False)

    def __init__(self) -> None:
        super().__init__(id="stock", classes="stock")

    def render(self) -> Content:
        if _as_cards(self):
            settings = settings_of(self)
            return card_back(f" Stock ({self.count})", self.count, settings.ascii, width=self.size.width)
        return Content(f"Stock\n{self.count}")

    def watch_count(self) -> None:
        redraw(self)


HAND_KEYS = "1234567890cdfgmnvxyz"
"""The key that picks each card of the hand, in order: 1-9, 0 for the tenth, then the letters
the table's keys leave free (a 13-card ``no-draw`` hand, or a hand grown by drawing, is picked by a key
too); a card past these is reached with Left/Right."""


class HandView(Static, can_focus=True):
    """The player's hand, sorted and numbered; left/right move the selection."""

    # A long hand wraps onto more lines: ``redraw`` lays the screen out again only when the
    # number of lines changes, and otherwise repaints the cards inside the border.
    cards: reactive[tuple[Card, ...]] = reactive((), repaint=False)
    selected: reactive[int] = reactive(0, repaint=False)
    held: reactive[int] = reactive(-1, repaint=False)
    face_down: reactive[bool] = reactive(False, repaint=False)
    """Hot-seat: the hand is hidden until its player has the keyboard (its cards are not given)."""
    as_cards: reactive[bool] = reactive(False, repaint=False)
    """The screen has room for the hand drawn as cards (when they fit on one line)."""
    watching: reactive[bool] = reactive(False)
    """A spectator's screen (a networked table): there is no hand, rather than an empty one."""

    BINDINGS = [
        Binding("left,h", "move(-1)", "Previous card", show=False),
        Binding("right,l", "move(1)", "Next card", show=False),
        Binding("enter,space", "choose", "Pick", show=False),
    ]

    class Chosen(Message):
        def __init__(self, card: Card) -> None:
            self.card = card
            super().__init__()

    def __init__(self) -> None:
        super().__init__(id="hand")

    def render(self) -> Content:
        if self.face_down:
            return Content("The hand is hidden until its player has the keyboard.")
        if self.watching:
            return Content("You are watching: no hand is shown.")
        if not self.cards:
            return Content("Your hand is empty.")
        settings = settings_of(self)
        if self.as_cards and hand_fits(len(self.cards), self.content_size.width):
            selected = self.selected if self.has_focus else -1
            faces, (x, y) = hand_faces(self.cards, HAND_KEYS, _look(settings), selected=selected,
                                       held=self.held, width=self.content_size.width)
            if self.has_focus:
                cursor_at(self, x, y)
            return faces
        parts: list[Any] = ["Hand"]
        for i, card in enumerate(self.cards):
            # Each card is one word (marker, key, card: no space inside), so a long hand wraps
            # between cards, never through one.
            number = f"{HAND_KEYS[i]}:" if i < len(HAND_KEYS) else ""
            if i == self.held:
                before, after = " [", "]"
            elif i == self.selected and self.has_focus:
                before, after = " >", " "
            else:
                before, after = "  ", " "
            parts += [before, number, card_content(card, settings), after]
        content = Content.assemble(*parts)
        if self.has_focus:
            self._place_cursor(content)
        return content

    def _place_cursor(self, content: Content) -> None:
        """The cursor goes on the held card, else the selected one: on its number, where the
        player's eye (and a screen reader) finds the key that picks it."""
        index = self.held if 0 <= self.held < len(self.cards) else min(self.selected, len(self.cards) - 1)
        card = card_text(self.cards[index], settings_of(self).ascii)
        back = 2 if index < len(HAND_KEYS) else 0  # the "N:" before the card
        for row, line in enumerate(content.wrap(max(self.content_size.width, 1))):
            column = line.plain.find(card)
            if column >= 0:
                cursor_at(self, column - back, row)
                return

    def action_move(self, step: int) -> None:
        if self.cards:
            self.selected = (self.selected + step) % len(self.cards)

    def action_choose(self) -> None:
        if self.cards:
            self.post_message(self.Chosen(self.cards[min(self.selected, len(self.cards) - 1)]))

    def watch_cards(self) -> None:
        if self.cards and self.selected >= len(self.cards):
            self.selected = len(self.cards) - 1  # keep the marked card inside the hand
        redraw(self)

    def watch_selected(self) -> None:
        redraw(self)

    def watch_held(self) -> None:
        redraw(self)

    def watch_face_down(self) -> None:
        redraw(self)

    def watch_as_cards(self) -> None:
        redraw(self)

    def on_focus(self) -> None:
        redraw(self)

    def on_blur(self) -> None:
        redraw(self)


class TextPanel(Static):
    """A text panel that redraws only when its text changes, and then only inside its border
    (slow links pay for every byte)."""

    def __init__(self, *, id: str, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._text: str | None = None
        self._content = Content("")

    def render(self) -> Content:
        return self._content

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
    """One line of a :class:`Menu`: its key, its label, and why it is disabled (if it is)."""

    id: str
    key: str
    label: str
    disabled: str = ""


class Menu(Static, can_focus=True):
    """A vertical menu: Up/Down (or j/k) choose, Enter picks; the chosen line is marked with
    ``>`` so it shows without colour.  A disabled item says why instead of running."""

    selected: reactive[int] = reactive(0)

    BINDINGS = [
        Binding("up,k", "move(-1)", "Previous", show=False),
        Binding("down,j", "move(1)", "Next", show=False),
        Binding("enter,space", "choose", "Choose", show=False),
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
        for i, item in enumerate(self.items):
            mark = ">" if i == self.selected and self.has_focus else " "
            note = f"  ({item.disabled})" if item.disabled else ""
            lines.append(f"{mark} [{item.key}] {item.label}{note}")
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
    value and post :class:`Choice.Changed`.  A note after the value explains it."""

    index: reactive[int] = reactive(0)
    note: reactive[str] = reactive("")

    BINDINGS = [
        Binding("left,h", "step(-1)", "Previous value", show=False),
        Binding("right,l,space", "step(1)", "Next value", show=False),
    ]

    class Changed(Message):
        def __init__(self, choice: Choice, value: Any) -> None:
            self.choice = choice
            self.value = value
            super().__init__()

    def __init__(self, label: str, options: Sequence[tuple[Any, str]], value: Any = None, *,
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

    def set_value(self, value: Any, options: Sequence[tuple[Any, str]] | None = None) -> None:
        """Show ``value`` (and a new list of options) without posting a change."""
        if options is not None:
            self.options = list(options)
        self.index = self._index_of(value)
        self.refresh()

    def render(self) -> Content:
        cursor_at(self, 0, 0)  # on the ">" mark
        mark = ">" if self.has_focus else " "
        text = self.options[self.index][1]
        note = f"  {self.note}" if self.note else ""
        return Content(f"{mark} {self.label:<{self.label_width}} < {text} >{note}")

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


class EventLog(RichLog):
    """The table's log.  A :class:`RichLog` wraps what it is given once, at the width it has
    then, and a narrower terminal would cut those lines ("The edges show N 4H" and no more);
    this one keeps what was written and wraps it again whenever its width changes.

    It draws no scroll bar (styles/table.tcss): its border's corner says "more above" while
    earlier lines are scrolled out of sight and "more below" while newer ones are, words a screen
    reader reads and that change only when that changes."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, wrap=True, markup=False, min_width=20)
        self._written: list[_Written] = []
        self._wrapped_at = 0
        self._height = 0
        self._writing = False

    def write(self, content: Any, width: int | None = None, expand: bool = False, shrink: bool = True,
              scroll_end: bool | None = None, animate: bool = False) -> EventLog:
        if self._size_known:
            # (Before the first size RichLog keeps the write and makes it again, through here.)
            self._written.append(_Written(content, width, expand, shrink))
            self._wrapped_at = self.scrollable_content_region.width
        self._writing = True
        try:
            super().write(content, width, expand, shrink, scroll_end, animate)
        finally:
            self._writing = False
        self._tell_scroll()
        return self

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        # As a ScrollView's, but with no scroll bar to move: a scroll bar of no width that is
        # told to move is a change to a widget not on screen, and Textual then maps every widget
        # of the screen again before it draws.
        if round(old_value) != round(new_value):
            self.refresh(self.size.region)
        self._tell_scroll()

    def _tell_scroll(self) -> None:
        """The border's note of lines out of sight (set only when it changes)."""
        above = round(self.scroll_y) > 0
        below = round(self.scroll_y) < self.max_scroll_y
        up, down = ("^", "v") if settings_of(self).ascii else ("\u2191", "\u2193")
        note = " ".join(([f"{up} more above"] if above else []) + ([f"{down} more below"] if below else []))
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

    def on_resize(self, event: events.Resize) -> None:
        """Wrap again at a new width; a log that showed its newest line still shows it."""
        region = self.scrollable_content_region
        # Where the end was at the height the log had (the new height is already in force).
        at_end = self.scroll_y >= len(self.lines) - self._height
        self._height = region.height
        if self._size_known and region.width != self._wrapped_at and self._written:
            # (Before the first size, RichLog itself writes what waited for it.)
            self._wrapped_at = region.width
            written = list(self._written)
            super().clear()
            for item in written:
                super().write(item.content, item.width, item.expand, item.shrink, scroll_end=False)
        if at_end:
            self.scroll_end(animate=False, x_axis=False)
