"""Widgets of the table.  They render what the screen gives them and post messages up; none
holds game state."""

from __future__ import annotations

from textual.binding import Binding
from textual.message import Message
from textual.reactive import reactive
from textual.widgets import Static

from ..engine.cards import Card, Pile

__all__ = ["card_text", "PileView", "HandView", "TextPanel"]

_GLYPHS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


def card_text(card: Card, ascii_only: bool) -> str:
    """``7H`` in ASCII mode, ``7♥`` otherwise (R1 notation; the suit is always named, so
    nothing relies on colour)."""
    text = str(card)
    return text if ascii_only else text[0] + _GLYPHS[text[1]]


class PileView(Static, can_focus=True):
    """One pile of the cross: its name, bottom and top card, and how many cards it holds."""

    cards: reactive[tuple[Card, ...]] = reactive(())
    marked: reactive[bool] = reactive(False)
    held: reactive[bool] = reactive(False)

    BINDINGS = [Binding("enter,space", "choose", "Pick / drop", show=False)]

    class Chosen(Message):
        """The player chose this pile (to pick it up or to drop on it)."""

        def __init__(self, pile: Pile) -> None:
            self.pile = pile
            super().__init__()

    def __init__(self, pile: Pile, ascii_only: bool = False) -> None:
        super().__init__(id=f"pile-{pile.name}", classes="pile corner" if pile.is_corner else "pile edge")
        self.pile = pile
        self.ascii_only = ascii_only

    def render(self) -> str:
        focus = ">" if self.has_focus else " "
        mark = "*" if self.marked else " "
        held = " [held]" if self.held else ""
        head = f"{focus}{self.pile.name}{mark}{held}"
        if not self.cards:
            return f"{head}\n  empty\n  {'any card' if self.pile.is_edge else 'a King'}"
        bottom = card_text(self.cards[0], self.ascii_only)
        top = card_text(self.cards[-1], self.ascii_only)
        if len(self.cards) == 1:
            return f"{head}\n  {top}\n  (1)"
        return f"{head}\n  {bottom}..{top}\n  ({len(self.cards)})"

    def watch_marked(self, marked: bool) -> None:
        self.set_class(marked, "target")

    def watch_held(self, held: bool) -> None:
        self.set_class(held, "held")

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()

    def on_click(self) -> None:
        self.post_message(self.Chosen(self.pile))

    def action_choose(self) -> None:
        self.post_message(self.Chosen(self.pile))


class HandView(Static, can_focus=True):
    """The player's hand, sorted and numbered; left/right move the selection."""

    cards: reactive[tuple[Card, ...]] = reactive(())
    selected: reactive[int] = reactive(0)
    held: reactive[int] = reactive(-1)

    BINDINGS = [
        Binding("left,h", "move(-1)", "Previous card", show=False),
        Binding("right,l", "move(1)", "Next card", show=False),
        Binding("enter,space", "choose", "Pick", show=False),
    ]

    class Chosen(Message):
        def __init__(self, card: Card) -> None:
            self.card = card
            super().__init__()

    def __init__(self, ascii_only: bool = False) -> None:
        super().__init__(id="hand")
        self.ascii_only = ascii_only

    def render(self) -> str:
        if not self.cards:
            return "Your hand is empty."
        parts = []
        for i, card in enumerate(self.cards):
            text = f"{i + 1}:{card_text(card, self.ascii_only)}"
            if i == self.held:
                text = f"[{text}]"
            elif i == self.selected and self.has_focus:
                text = f">{text}"
            parts.append(text)
        return "Hand  " + "  ".join(parts)

    def action_move(self, step: int) -> None:
        if self.cards:
            self.selected = (self.selected + step) % len(self.cards)

    def action_choose(self) -> None:
        if self.cards:
            self.post_message(self.Chosen(self.cards[min(self.selected, len(self.cards) - 1)]))

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()


class TextPanel(Static):
    """A text panel that redraws only when its text changes (slow links pay for every byte)."""

    def __init__(self, *, id: str, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._text: str | None = None

    def show(self, text: str) -> None:
        if text != self._text:
            self._text = text
            self.update(text)
