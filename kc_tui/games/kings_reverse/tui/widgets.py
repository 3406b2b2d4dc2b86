"""Widgets of the Kings Reverse table: the discard pile with the suit to follow and the
direction of play, and the hand with the cards that may be played marked.  They render what the
screen gives them and post messages up; none holds game state.  The players' panel, the log, the
status and key lines are the platform's (:mod:`kc_tui.tui.widgets`)."""

from __future__ import annotations

from typing import Any

from textual.binding import Binding
from textual.content import Content
from textual.message import Message
from textual.reactive import reactive
from textual.widgets import Static

from ....core.cards import SUIT_GLYPHS, AnyCard, Card, Suit
from ....core.i18n import N_, Domain
from ....tui.widgets import any_card_text, card_content, cursor_at, redraw, settings_of

__all__ = ["REVERSE_HAND_KEYS", "direction_text", "suit_text", "PileBox", "ReverseHandView"]

_, ngettext, pgettext, L_, Ln_ = Domain.of(__package__).functions()

REVERSE_HAND_KEYS = "1234567890fgnpuvyz"
"""The key that plays each card of the hand, in order: 1-9, 0 for the tenth, then the letters
the Kings Reverse table's keys leave free (``d`` draws there); a card past these is reached with
Left/Right and played with Enter."""

def _card_content(card: AnyCard, widget: Static) -> Content:
    if isinstance(card, Card):
        return card_content(card, settings_of(widget))
    return Content.assemble((str(card), "bold"))


def suit_text(suit: Suit, ascii_only: bool) -> str:
    """"hearts ♥" (or "hearts (H)" in ASCII): the suit in words and a symbol, never colour alone."""
    return f"{suit.word} ({suit.value})" if ascii_only else f"{suit.word} {SUIT_GLYPHS[suit.value]}"


def direction_text(clockwise: bool, ascii_only: bool) -> str:
    """The direction of play in words, with its arrow unless ASCII only."""
    # Translators: the direction of play, after "Play goes:" on the table.
    word = _("Clockwise") if clockwise else _("Counter-clockwise")
    return word if ascii_only else f"{word} {'↻' if clockwise else '↺'}"


class PileBox(Static):
    """The discard pile and what goes with it: the top card (and the two below it), the suit to
    follow, the direction of play and who is next, the stock's count, the round and dealer."""

    lines: reactive[tuple[str, ...]] = reactive((), repaint=False)
    top: reactive[AnyCard | None] = reactive(None, repaint=False)

    def __init__(self) -> None:
        super().__init__(id="kr-pile")

    def render(self) -> Content:
        if self.top is None:
            return Content(_("No cards have been dealt yet."))
        # Translators: before the top card of the discard pile; the card follows.
        head = Content.assemble(_("Pile:"), " ", _card_content(self.top, self), "\n")
        return Content.assemble(head, "\n".join(self.lines))

    def watch_lines(self) -> None:
        redraw(self)

    def watch_top(self) -> None:
        redraw(self)


class ReverseHandView(Static, can_focus=True):
    """The player's hand, numbered by :data:`REVERSE_HAND_KEYS`; a ``*`` marks each card that may
    be played now (a marker, not colour alone).  Left/Right move the selection, Enter plays it."""

    cards: reactive[tuple[AnyCard, ...]] = reactive((), repaint=False)
    playable: reactive[frozenset[AnyCard]] = reactive(frozenset(), repaint=False)
    selected: reactive[int] = reactive(0, repaint=False)
    face_down: reactive[bool] = reactive(False, repaint=False)
    """Hot-seat: the hand is hidden until its player has the keyboard."""
    watching: reactive[bool] = reactive(False, repaint=False)
    """Nobody's hand is shown: a spectator's table, or a person's between turns."""

    BINDINGS = [
        Binding("left,h", "move(-1)", N_("Previous card"), show=False),
        Binding("right,l", "move(1)", N_("Next card"), show=False),
        Binding("enter,space", "choose", N_("Play"), show=False),
    ]

    class Chosen(Message):
        """The player chose this card of the hand (its place in the hand and the card)."""

        def __init__(self, index: int, card: AnyCard) -> None:
            self.index = index
            self.card = card
            super().__init__()

    def __init__(self) -> None:
        super().__init__(id="hand")

    def render(self) -> Content:
        if self.face_down:
            return Content(_("The hand is hidden until its player has the keyboard."))
        if not self.cards:
            return Content(_("No hand is shown.") if self.watching else _("Your hand is empty."))
        # Translators: the caption before the cards of the hand shown (a spectator's: "Watching").
        parts: list[Any] = [_("Watching") if self.watching else _("Hand")]
        for i, card in enumerate(self.cards):
            # Each card is one word (mark, key, card), so a long hand wraps between cards.
            key = f"{REVERSE_HAND_KEYS[i]}:" if i < len(REVERSE_HAND_KEYS) else ""
            focus = ">" if i == self.selected and self.has_focus else " "
            mark = "*" if card in self.playable else " "
            parts += [f" {focus}{mark}{key}", _card_content(card, self)]
        content = Content.assemble(*parts)
        if self.has_focus:
            self._place_cursor(content)
        return content

    def _place_cursor(self, content: Content) -> None:
        """The terminal cursor on the selected card's key, where a screen reader reads."""
        index = min(self.selected, len(self.cards) - 1)
        key = f"{REVERSE_HAND_KEYS[index]}:" if index < len(REVERSE_HAND_KEYS) else ""
        text = key + any_card_text(self.cards[index], settings_of(self).ascii)
        for row, line in enumerate(content.wrap(max(self.content_size.width, 1))):
            column = line.plain.find(text)
            if column >= 0:
                cursor_at(self, column, row)
                return

    def action_move(self, step: int) -> None:
        if self.cards:
            self.selected = (self.selected + step) % len(self.cards)

    def action_choose(self) -> None:
        if self.cards and not self.face_down:
            index = min(self.selected, len(self.cards) - 1)
            self.post_message(self.Chosen(index, self.cards[index]))

    def watch_cards(self) -> None:
        if self.cards and self.selected >= len(self.cards):
            self.selected = len(self.cards) - 1
        redraw(self)

    def watch_playable(self) -> None:
        redraw(self)

    def watch_selected(self) -> None:
        redraw(self)

    def watch_face_down(self) -> None:
        redraw(self)

    def watch_watching(self) -> None:
        redraw(self)

    def on_focus(self) -> None:
        redraw(self)

    def on_blur(self) -> None:
        redraw(self)
