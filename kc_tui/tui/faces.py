"""Piles drawn as cards, for a terminal with room for them (110 x 34 and more).

A pile is a card face nine columns by seven rows: its rank and suit in two corners of the frame,
the rank large in the middle, in the suit's colour.  The cards under the top card show to its
left as the stacked edges of a fan, each with its rank and suit, from the pile's base card (what
a pile move needs) up; a fan too long for its room keeps the base and the card just under the
top, and shows ``…`` for those between.  An empty pile is a dotted slot that names the pile and
says what it takes.  The frame's lines tell the states apart without colour: light for a pile,
heavy for a target, double for the pile held; the line above each pile says them in words too.

Everything here is plain drawing: the widgets decide what a pile is (focused, marked, held) and
give it to :func:`pile_face`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from textual.content import Content

from ..core.cards import Card, glyphs_or_codes
from ..core.i18n import Domain

_, ngettext, pgettext, L_, Ln_ = Domain.of(__package__).functions()

__all__ = ["FACE_HEIGHT", "FACE_WIDTH", "PILE_ROOM", "FaceSize", "NORMAL", "LARGE", "Frame", "Look",
           "card_back", "hand_faces", "hand_fits", "pile_face"]

EDGE = 3
"""The columns each card under the top one shows of itself in the fan."""


@dataclass(frozen=True, slots=True)
class FaceSize:
    """How large a pile's card face is drawn: its columns and rows (frame included), and how
    many columns each cell of the large rank takes."""

    width: int
    height: int
    scale: int = 1

    @property
    def room(self) -> tuple[int, int]:
        """The room a pile needs to be drawn with faces of this size: the face, three edges of
        its fan and a margin each side wide; the face and the line that names the pile high."""
        return self.width + 3 * EDGE + 2, self.height + 1


NORMAL = FaceSize(9, 7)
"""The face from 110 x 34 up."""
LARGE = FaceSize(15, 9, scale=2)
"""The face of a large terminal (160 x 46 and more): the rank twice as wide, a row more each
side of it."""
FACE_WIDTH, FACE_HEIGHT = NORMAL.width, NORMAL.height
PILE_ROOM = NORMAL.room

Frame = Literal["plain", "target", "held", "slot", "slot-target", "back"]
"""How a frame is drawn: a pile, a target (heavier), the pile held (double), an empty slot
(dotted; heavier dots when it is a target) and the stock's face-down cards."""

# Corners top-left, top-right, bottom-left, bottom-right, then the horizontal and vertical line.
_LINES: dict[bool, dict[Frame, str]] = {
    False: {"plain": "╭╮╰╯─│", "target": "┏┓┗┛━┃", "held": "╔╗╚╝═║",
            "slot": "╭╮╰╯┄┆", "slot-target": "┏┓┗┛╍╏", "back": "╭╮╰╯─│"},
    True: {"plain": "++++-|", "target": "####=#", "held": "****=|",
           "slot": "++++.:", "slot-target": "####.#", "back": "++++-|"},
}

# The large ranks: three columns by five rows (the ten five columns), one cell a block.
_FONT: dict[str, tuple[str, ...]] = {
    "A": (".#.", "#.#", "###", "#.#", "#.#"),
    "2": ("###", "..#", "###", "#..", "###"),
    "3": ("###", "..#", ".##", "..#", "###"),
    "4": ("#.#", "#.#", "###", "..#", "..#"),
    "5": ("###", "#..", "###", "..#", "###"),
    "6": ("###", "#..", "###", "#.#", "###"),
    "7": ("###", "..#", ".#.", ".#.", ".#."),
    "8": ("###", "#.#", "###", "#.#", "###"),
    "9": ("###", "#.#", "###", "..#", "###"),
    "T": ("#.###", "#.#.#", "#.#.#", "#.#.#", "#.###"),
    "J": ("..#", "..#", "..#", "#.#", "###"),
    "Q": (".#.", "#.#", "#.#", "##.", ".##"),
    "K": ("#.#", "##.", "#..", "##.", "#.#"),
}

Cell = tuple[str, str]
"""One character of a drawing and its style."""


@dataclass(frozen=True, slots=True)
class Look:
    """How the cards are drawn: ASCII or not, and the style of a suit."""

    ascii_only: bool
    suit_styles: dict[str, str]

    def text(self, card: Card) -> str:
        """``TH`` in ASCII mode, else its rank as the face shows it large and its suit's glyph
        (``10♥``): :func:`~kc_tui.core.cards.glyphs_or_codes`."""
        return glyphs_or_codes(not self.ascii_only)(card)

    def style(self, card: Card) -> str:
        return self.suit_styles[str(card)[1]]


class Canvas:
    """A rectangle of styled characters, drawn into and then given as :class:`Content`."""

    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        self.cells: list[list[Cell]] = [[(" ", "")] * width for _ in range(height)]

    def put(self, x: int, y: int, text: str, style: str = "") -> None:
        for i, ch in enumerate(text):
            if 0 <= x + i < self.width and 0 <= y < self.height:
                self.cells[y][x + i] = (ch, style)

    def frame(self, x: int, y: int, width: int, height: int, lines: str, style: str) -> None:
        """A frame's outline; what was inside stays (a face clears it with :meth:`clear`)."""
        tl, tr, bl, br, across, down = tuple(lines)
        self.put(x, y, tl + across * (width - 2) + tr, style)
        self.put(x, y + height - 1, bl + across * (width - 2) + br, style)
        for row in range(y + 1, y + height - 1):
            self.put(x, row, down, style)
            self.put(x + width - 1, row, down, style)

    def clear(self, x: int, y: int, width: int, height: int) -> None:
        for row in range(y, y + height):
            self.put(x, row, " " * width)

    def content(self) -> Content:
        parts: list[tuple[str, str] | str] = []
        for row, cells in enumerate(self.cells):
            if row:
                parts.append("\n")
            run, style = "", ""
            for ch, cell_style in cells:
                if cell_style != style and run:
                    parts.append((run, style))
                    run = ""
                run, style = run + ch, cell_style
            parts.append((run, style))
        return Content.assemble(*parts)


def _frame_style(frame: Frame, focused: bool) -> str:
    if frame in ("target", "slot-target"):
        return "bold $success"
    if frame == "held":
        return "bold $warning"
    return "bold $accent" if focused else "dim"


def _face(canvas: Canvas, x: int, y: int, card: Card, look: Look, lines: str, frame_style: str,
          size: FaceSize) -> None:
    """One card face: its text in the top-left and bottom-right corners of the frame, its rank
    large in the middle and its suit beside the rank."""
    canvas.clear(x, y, size.width, size.height)
    canvas.frame(x, y, size.width, size.height, lines, frame_style)
    text, style = look.text(card), look.style(card)
    canvas.put(x + 1, y, text, style)
    canvas.put(x + size.width - 1 - len(text), y + size.height - 1, text, style)
    glyph = _FONT[str(card)[0]]  # the rank's own letter: a ten's text is "10♥" with glyphs
    wide = len(glyph[0]) * size.scale
    suit = text[-1]
    # The rank and its suit, centred in the frame (a ten, five cells wide, fills it).
    left = x + 1 + max(size.width - 2 - (wide + 1 + len(suit)), 0) // 2
    top = y + (size.height - len(glyph)) // 2
    block = ("#" if look.ascii_only else "█") * size.scale
    for row, bits in enumerate(glyph):
        for col, bit in enumerate(bits):
            if bit == "#":
                canvas.put(left + col * size.scale, top + row, block, style)
    canvas.put(left + wide + 1, top + len(glyph) // 2, suit, style)


def _edge(canvas: Canvas, x: int, y: int, label: str, style: str, lines: str, frame_style: str,
          size: FaceSize) -> None:
    """The edge of a card under others: its frame's left side and its text."""
    tl, _, bl, _, across, down = tuple(lines)
    canvas.put(x, y, tl + across * (EDGE - 1), frame_style)
    canvas.put(x, y + size.height - 1, bl + across * (EDGE - 1), frame_style)
    for row in range(y + 1, y + size.height - 1):
        canvas.put(x, row, down, frame_style)
    if len(label) > EDGE - 1:  # "10♥": the suit goes under the rank, where the edge has room
        canvas.put(x + 1, y + 1, label[:-1], style)
        canvas.put(x + 1, y + 2, label[-1], style)
    else:
        canvas.put(x + 1, y + 1, label, style)


def pile_face(name: str, head: str, cards: tuple[Card, ...], look: Look, *, width: int, frame: Frame,
              focused: bool, takes: str, size: FaceSize = NORMAL) -> Content:
    """A pile as cards, ``width`` columns wide: ``head`` (its name and markers) on the first line,
    then the fan, or the empty slot naming ``name`` and saying what it ``takes``."""
    canvas = Canvas(width, size.room[1])
    canvas.put(0, 0, head, "reverse bold" if focused else "bold")
    lines = _LINES[look.ascii_only][frame]
    frame_style = _frame_style(frame, focused)
    x = width - 1 - size.width  # the face keeps its place; the fan grows to its left
    if not cards:
        canvas.frame(x, 1, size.width, size.height, lines, frame_style)
        inner = size.width - 2
        middle = 1 + size.height // 2
        for row, text in ((middle - 2, name), (middle, takes.split()[0]),
                          (middle + 1, " ".join(takes.split()[1:]))):
            canvas.put(x + 1 + (inner - len(text)) // 2, row, text, "bold" if row == middle - 2 else "")
        return canvas.content()
    under = cards[:-1]
    room = (x - 1) // EDGE
    shown: list[Card | None] = list(under)
    if len(under) > room:  # the base card, then "…" for the cards between, then those on top
        shown = [under[0], None, *under[len(under) - room + 2:]]
    for i, card in enumerate(shown):
        edge_x = x - EDGE * (len(shown) - i)
        if card is None:
            _edge(canvas, edge_x, 1, "." * (EDGE - 1) if look.ascii_only else "…", "", lines, frame_style,
                  size)
        else:
            _edge(canvas, edge_x, 1, look.text(card), look.style(card), lines, frame_style, size)
    _face(canvas, x, 1, cards[-1], look, lines, frame_style, size)
    return canvas.content()


def card_back(head: str, count: int, ascii_only: bool, *, width: int, size: FaceSize = NORMAL) -> Content:
    """The stock: face-down cards with their number in the middle (an empty frame when none are left)."""
    canvas = Canvas(width, size.room[1])
    canvas.put(0, 0, head, "bold")
    x = width - 1 - size.width
    lines = _LINES[ascii_only]["back" if count else "slot"]
    style = "dim"
    canvas.frame(x, 1, size.width, size.height, lines, style)
    middle = 1 + size.height // 2
    if count:
        fill = ":" if ascii_only else "░"
        for row in range(2, size.height):
            canvas.put(x + 1, row, fill * (size.width - 2), style)
        number = f" {count} "
        canvas.put(x + 1 + (size.width - 2 - len(number)) // 2, middle, number, "bold")
    else:
        # Translators: in an empty stock's frame: at most 7 letters.
        none = _("none")
        canvas.put(x + 1 + max(size.width - 2 - len(none), 0) // 2, middle, none, "")
    return canvas.content()


HAND_FACE = (5, 4)
"""One card of the hand drawn as a card: its text at the top left and again at the bottom right."""
HAND_PITCH = HAND_FACE[0] + 1
HAND_ROWS = HAND_FACE[1] + 1
"""The hand as cards: the line of keys above the cards, and the cards."""


def hand_fits(count: int, width: int) -> bool:
    """Whether ``count`` cards drawn as cards fit on one line ``width`` columns wide."""
    return 0 < count and count * HAND_PITCH - 1 <= width


def hand_faces(cards: tuple[Card, ...], keys: str, look: Look, *, selected: int, held: int,
               width: int) -> tuple[Content, tuple[int, int]]:
    """The hand as a row of cards, each under the key that picks it (``>`` before the key of the
    ``selected`` card, -1 for none); the ``held`` card is raised by a line and says HELD under
    it.  Also where the cursor goes: on the held card's HELD, else on the selected card's key."""
    canvas = Canvas(width, HAND_ROWS)
    cursor = (0, 0)
    for i, card in enumerate(cards):
        x = i * HAND_PITCH
        text, style = look.text(card), look.style(card)
        raised = i == held
        top = 0 if raised else 1
        lines = _LINES[look.ascii_only]["held" if raised else "plain"]
        canvas.frame(x, top, HAND_FACE[0], HAND_FACE[1], lines, "bold $warning" if raised else "dim")
        canvas.put(x + 1, top + 1, text, style)
        canvas.put(x + HAND_FACE[0] - 1 - len(text), top + 2, text, style)
        if raised:
            # Translators: under the card picked up from the hand: at most 6 letters.
            canvas.put(x, HAND_ROWS - 1, _("HELD"), "bold reverse")
            cursor = (x, HAND_ROWS - 1)
        else:
            key = keys[i] if i < len(keys) else ""
            canvas.put(x, 0, (">" if i == selected else " ") + key, "bold")
            if i == selected and held < 0:
                cursor = (x + 1 if key else x, 0)
    return canvas.content(), cursor
