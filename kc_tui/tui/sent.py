"""What the terminal shows, cell by cell, so that a screen update sends only the cells that
changed: :class:`SentScreen`.

Textual sends an update as the spans of the screen that were drawn again, every cell of them,
each run of cells wrapped in its whole style.  A move on the table draws the hand, a pile, the
log and the status line again, and most of their cells come out as they were: a move cost 12 KB
at 80x24 and twice that at 120x40, most of it cells the terminal already showed
(``benchmarks/terminal_bytes.py``).  Like curses, :class:`SentScreen` keeps the cells last sent
(the character and the style of each) and turns an update into the runs of cells that differ
from them, with a cursor move before each run and only the part of the style that changes.  A
full update (a screen switched, a layout changed) is diffed the same way; a cell the terminal
may not show as it was sent (before the first update, after a resize or a suspension) is
unknown and is always sent.  A blank is kept as its background alone (a space shows no
foreground), and the runs of an update are written style by style.  Hyperlinks (OSC 8) are not
written: nothing in the app makes one.
"""

from __future__ import annotations

from typing import Iterator

from rich.cells import get_character_cell_size
from rich.color import ColorSystem
from rich.console import Console
from rich.segment import Segment
from rich.style import Style
from textual._compositor import ChopsUpdate, CompositorUpdate, LayoutUpdate
from textual.strip import SGR_STYLES, Strip

__all__ = ["SentScreen", "SentUpdate"]

GAP = 3
"""Unchanged cells between two changed ones that are sent again rather than jumped over: a
jump costs about as many bytes."""

RESET = "\x1b[0m"

SHOWN_ON_A_BLANK = frozenset(("4", "7", "9", "21", "51", "52", "53"))
"""The attributes a blank cell shows (underlines, reverse, strike, frames): of the others (bold,
dim, italic, blink, conceal) and of its foreground colour a space shows nothing."""
BLANK = "\x00"
"""Starts the style of a blank cell that shows only its background (then follows that)."""

_Parts = tuple[tuple[str, ...], str, str]
_parts_of: dict[str, _Parts] = {}
"""The attributes, the foreground and the background of each style's SGR codes, as parsed."""


_ansi_of: dict[ColorSystem, dict[Style, str]] = {}
"""Each style's SGR parameters, for each colour system."""


def _ansi(style: Style, color_system: ColorSystem) -> str:
    """The SGR parameters of ``style`` for ``color_system``, as :meth:`Strip.render_ansi` writes
    them.  Not the style's own cache (``style._ansi``, which Textual keeps whatever the colour
    system): a style is shared between the apps of one process, whose terminals have colour
    systems of their own (an SSH server's sessions), and the same cell would come out in another
    session's codes, or in two ways on one terminal and be sent again for nothing."""
    table = _ansi_of.setdefault(color_system, {})
    ansi = table.get(style)
    if ansi is None:
        bits = style._attributes & style._set_attributes
        codes = [SGR_STYLES[bit] for bit in range(bits.bit_length()) if bits & (1 << bit)]
        if style._color is not None:
            codes += style._color.downgrade(color_system).get_ansi_codes()
        if style._bgcolor is not None:
            codes += style._bgcolor.downgrade(color_system).get_ansi_codes(False)
        if len(table) > 8192:  # styles made on the fly (blended colours) come and go
            table.clear()
        ansi = table[style] = ";".join(codes)
    return ansi


def _parts(ansi: str) -> _Parts:
    """Split the SGR parameters Textual writes for a style (attributes, then the foreground,
    then the background: :func:`_ansi`) into those three."""
    parts = _parts_of.get(ansi)
    if parts is not None:
        return parts
    codes = ansi.split(";") if ansi else []
    attributes: list[str] = []
    colours = ["", ""]
    index = 0
    while index < len(codes):
        code = codes[index]
        number = int(code)
        if number in (38, 48):  # 38;5;n or 38;2;r;g;b
            length = 3 if codes[index + 1] == "5" else 5
            colours[number == 48] = ";".join(codes[index:index + length])
            index += length
            continue
        if 30 <= number <= 39 or 90 <= number <= 97:
            colours[0] = code
        elif 40 <= number <= 49 or 100 <= number <= 107:
            colours[1] = code
        else:
            attributes.append(code)
        index += 1
    if len(_parts_of) > 4096:  # true colour can make many: keep the table small
        _parts_of.clear()
    parts = _parts_of[ansi] = (tuple(attributes), colours[0], colours[1])
    return parts


def _as_blank(key: str) -> str:
    """How a blank in the style kept as ``key`` is kept."""
    return key if key.startswith(BLANK) else _blank(key)


def _joined(attributes: tuple[str, ...], foreground: str, background: str) -> str:
    return ";".join(code for code in (*attributes, foreground, background) if code)


_blank_of: dict[str, str] = {}


def _blank(ansi: str) -> str:
    """The style a space in style ``ansi`` is kept as: its background alone, unless it shows
    more (:data:`SHOWN_ON_A_BLANK`)."""
    blank = _blank_of.get(ansi)
    if blank is None:
        attributes, _foreground, background = _parts(ansi)
        blank = ansi if SHOWN_ON_A_BLANK.intersection(attributes) else BLANK + background
        if len(_blank_of) > 4096:
            _blank_of.clear()
        _blank_of[ansi] = blank
    return blank


OFF = {"1": "22", "2": "22", "3": "23", "4": "24", "21": "24", "5": "25", "6": "25", "7": "27", "8": "28",
       "9": "29", "51": "54", "52": "54", "53": "55"}
"""The SGR parameter that turns each attribute off (22 both bold and dim, 24 both underlines)."""


def style_change(before: str, after: str) -> str:
    """The SGR sequence that takes the terminal from style ``before`` to style ``after`` (both
    as SGR parameters, "" for none): the attributes turned off and on and the colours that
    change, or a reset and the whole style where that is shorter."""
    if not after:
        return RESET
    if not before:
        return f"\x1b[{after}m"
    old, new = _parts(before), _parts(after)
    offs = {OFF[code] for code in old[0] if code not in new[0]}
    # An attribute kept whose off switch is thrown (dim, as bold goes) is turned on again.
    ons = [code for code in new[0] if code not in old[0] or OFF[code] in offs]
    codes = [*sorted(offs), *ons]
    if new[1] != old[1]:
        codes.append(new[1] or "39")
    if new[2] != old[2]:
        codes.append(new[2] or "49")
    changes = ";".join(codes)
    return f"\x1b[{changes}m" if len(changes) <= len(after) + 2 else f"\x1b[0;{after}m"


def _cells(text: str) -> list[str]:
    """``text`` as terminal cells: a wide character takes its cell and an empty one after it;
    a character of no width joins the cell before it."""
    cells: list[str] = []
    for character in text:
        width = get_character_cell_size(character)
        if width == 1:
            cells.append(character)
        elif width == 2:
            cells += (character, "")
        elif cells:
            cells[-1] += character
    return cells


class SentUpdate(CompositorUpdate):
    """An update already turned into what is to be written (Textual adds the cursor's place)."""

    def __init__(self, text: str) -> None:
        self.text = text

    def render_segments(self, console: Console) -> str:
        return self.text


class SentScreen:
    """The cells of one terminal as last sent (``None``: not known), each with its style as SGR
    parameters; a blank that shows only its background is kept as :data:`BLANK` and that
    background, and written in whatever foreground the terminal has at the time."""

    def __init__(self) -> None:
        self.width = 0
        self.height = 0
        self._chars: list[list[str | None]] = []
        self._styles: list[list[str]] = []

    def forget(self) -> None:
        """The terminal may no longer show what was sent: every cell is sent with the next update
        that draws it."""
        self.width = self.height = 0
        self._chars, self._styles = [], []

    def update(self, update: LayoutUpdate | ChopsUpdate, width: int, height: int, console: Console) -> str:
        """What to write for ``update`` on a ``width`` x ``height`` terminal, cells known as sent
        afterwards.  A terminal of another size than the last shows nothing known."""
        if (width, height) != (self.width, self.height):
            self.width, self.height = width, height
            self._chars = [[None] * width for _ in range(height)]
            self._styles = [[""] * width for _ in range(height)]
        color_system = console._color_system or ColorSystem.TRUECOLOR  # as Textual's Strip.render
        changed: dict[int, list[int]] = {}
        for y, x, strip in _pieces(update):
            if 0 <= y < height:
                self._take(y, x, strip, changed, color_system)
        return self._write(changed)

    def _take(self, y: int, x: int, strip: Strip, changed: dict[int, list[int]],
              color_system: ColorSystem) -> None:
        """Note the cells ``strip`` draws from column ``x`` of row ``y``, and which of them change."""
        chars, styles = self._chars[y], self._styles[y]
        width = self.width
        marks: list[int] | None = None
        segment: Segment
        for segment in strip:
            text, style, control = segment
            if control or not text:
                continue
            ansi = "" if style is None else _ansi(style, color_system)
            cells: str | list[str] = text if text.isascii() else _cells(text)
            end = min(x + len(cells), width)
            if x < 0 or x >= end:
                x += len(cells)
                continue
            cells = cells[:end - x]
            blank = _blank(ansi) if " " in cells else ansi
            keys = [blank if cell == " " else ansi for cell in cells]
            if chars[x:end] == list(cells) and styles[x:end] == keys:
                x = end
                continue
            if marks is None:
                marks = changed.setdefault(y, [])
            for cell, key in zip(cells, keys):
                if chars[x] != cell or styles[x] != key:
                    chars[x] = cell
                    styles[x] = key
                    marks.append(x)
                x += 1

    def _write(self, changed: dict[int, list[int]]) -> str:
        """The runs of changed cells, each after a cursor move, cut where the style changes and
        written style by style (the pieces of one style row by row, then those of the next), so
        that the terminal's style changes as few times as it can."""
        grouped: dict[str, list[tuple[int, int, int]]] = {}
        for y in sorted(changed):
            chars, styles = self._chars[y], self._styles[y]
            for start, stop in self._runs(chars, sorted(set(changed[y]))):
                # A blank goes with the cells before it when it would look the same in their
                # style, and an all-blank piece with the cells after it.
                group = styles[start]
                blank = _as_blank(group)
                for x in range(start + 1, stop):
                    key = styles[x]
                    if key == group or key == blank or chars[x] == "":
                        continue
                    if group == blank and _as_blank(key) == group:
                        group = key
                        continue
                    grouped.setdefault(group, []).append((y, start, x))
                    start, group, blank = x, key, _as_blank(key)
                grouped.setdefault(group, []).append((y, start, stop))
        out: list[str] = []
        style = ""  # Textual leaves the terminal's style reset after each update, and so does this
        blank = BLANK  # the blank the terminal's style writes as it is
        cursor: tuple[int, int] | None = None
        width = self.width
        for runs in grouped.values():
            for y, start, stop in runs:
                chars, styles = self._chars[y], self._styles[y]
                if cursor is not None and cursor[1] == y and cursor[0] <= start:
                    step = start - cursor[0]
                    out.append("" if step == 0 else "\x1b[C" if step == 1 else f"\x1b[{step}C")
                else:
                    out.append(f"\x1b[{y + 1}H" if start == 0 else f"\x1b[{y + 1};{start + 1}H")
                for x in range(start, stop):
                    key = styles[x]
                    if key != style and key != blank:
                        if key.startswith(BLANK):
                            key = self._for_blank(style, key[1:])
                        out.append(style_change(style, key))
                        style, blank = key, _blank(key)
                    out.append(chars[x] or "")
                # After the last column the cursor waits to wrap: where it is then is not certain.
                cursor = (stop, y) if stop < width else None
        if style:
            out.append(RESET)
        return "".join(out)

    @staticmethod
    def _for_blank(style: str, background: str) -> str:
        """The style to write a blank of ``background`` in when the terminal's is ``style``:
        ``style`` itself if its background is that and it shows nothing more on a blank, else
        ``style`` with that background and without what would show."""
        attributes, foreground, current = _parts(style)
        shown = SHOWN_ON_A_BLANK.intersection(attributes)
        if current == background and not shown:
            return style
        return _joined(tuple(code for code in attributes if code not in shown), foreground, background)

    @staticmethod
    def _runs(chars: list[str | None], marks: list[int]) -> Iterator[tuple[int, int]]:
        """Runs of ``marks`` (changed columns, in order) with the few known cells between two of
        them; a run never starts or ends inside a wide character."""
        start = stop = -1
        for x in marks:
            if start >= 0 and x - stop <= GAP and None not in chars[stop:x]:
                stop = x + 1
                continue
            if start >= 0:
                yield _whole(chars, start, stop)
            start, stop = x, x + 1
        if start >= 0:
            yield _whole(chars, start, stop)


def _whole(chars: list[str | None], start: int, stop: int) -> tuple[int, int]:
    """``start``..``stop`` widened to the whole of a wide character cut at either end."""
    if start > 0 and chars[start] == "":
        start -= 1
    while stop < len(chars) and chars[stop] == "":
        stop += 1
    return start, stop


def _pieces(update: LayoutUpdate | ChopsUpdate) -> Iterator[tuple[int, int, Strip]]:
    """The strips an update draws, each with its row and first column (as Textual's own
    ``render_segments`` would write them)."""
    if isinstance(update, LayoutUpdate):
        for y, line in enumerate(update.strips, update.region.y):
            x = update.region.x
            for strip in line:
                yield y, x, strip
                x += strip.cell_length
        return
    for y, first, last in update.spans:
        for end, (x, chop) in zip(update.chop_ends[y], update.chops[y].items()):
            if chop is None or x > last or end <= first:
                continue
            yield y, x, chop if last > x >= first and end <= last else chop.crop(0, min(end, last) - x)
