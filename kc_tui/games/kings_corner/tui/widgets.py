"""The widgets of Kings in the Corner's table: a pile of the cross, the stock and the hand.  They
render what the screen gives them and post messages up; none holds game state."""

from __future__ import annotations

from typing import Any

from textual.binding import Binding
from textual.content import Content
from textual.message import Message
from textual.reactive import reactive
from textual.widgets import Static

from ....core.cards import Card
from ....core.i18n import N_, Domain
from ....core.text import shown_name
from ....storage import Settings
from ....tui.faces import Frame, card_back, hand_faces, hand_fits, pile_face
from ....tui.widgets import (
    as_cards,
    card_content,
    card_text,
    cursor_at,
    face_size,
    look_of,
    redraw,
    settings_of,
)
from ..engine.board import Pile

__all__ = ["PileView", "StockView", "HandView", "HAND_KEYS", "shown_name"]

_, ngettext, pgettext, L_, Ln_ = Domain.of(__package__).functions()



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

    BINDINGS = [Binding("enter,space", "choose", N_("Pick / drop"), show=False)]

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
        if as_cards(self):
            return self._face(settings, f"{focus}{self.pile.letters}{plus}{mark}")
        held = " " + _("[held]") if self.held else ""
        head = f"{focus}{self.pile.letters}{plus}{mark}{held}\n"
        if not cards:
            # Translators: what an empty pile takes, under its letters on the cross, in at most 8
            # characters (the pile is 10 wide, the line indented by 2).
            takes = _("any card") if self.pile.is_edge else _("a King")
            # Translators: under an empty pile's letters on the cross (a pile: "vacío", "vide").
            return Content(f"{head}  " + pgettext("pile", "empty") + f"\n  {takes}")
        # The whole fan when it fits the pile's width, else bottom..top: the bottom card is
        # what a pile move needs, the top what a card is played on.
        # A larger pile (a larger terminal) shows the fan over several lines.
        room = max(self.size.width - 2, 5)  # two cards a line at least
        rows: list[list[Card]] = [[]]
        used = 0
        for card in cards:
            wide = len(card_text(card, settings.ascii))  # a ten is 10♥
            if rows[-1] and used + 1 + wide > room:
                rows.append([])
            used = (used + 1 + wide) if rows[-1] else wide
            rows[-1].append(card)
        if len(rows) <= max(self.size.height - 2, 1):
            parts: list[Any] = ["  "]
            for r, row in enumerate(rows):
                for i, card in enumerate(row):
                    gap = "" if i == 0 and r == 0 else "\n  " if i == 0 else " "
                    parts += [gap, card_content(card, settings)]
        else:
            parts = ["  ", card_content(cards[0], settings), "..", card_content(cards[-1], settings)]
        return Content.assemble(head, *parts, f"\n  ({len(cards)})")

    def _face(self, settings: Settings, head: str) -> Content:
        """The pile drawn as cards, its markers said in words on the line above."""
        cards = self.cards
        words = [f"({len(cards)})" if cards else "", _("HELD") if self.held else "",
                 _("TARGET") if self.marked else ""]
        head = " ".join([head.rstrip(), *filter(None, words)])
        frame: Frame = "held" if self.held else "target" if self.marked else "plain"
        if not cards:
            frame = "slot-target" if self.marked else "slot"
        # Translators: what an empty pile drawn as a card takes, on two lines of at most 7 letters.
        takes = _("any card") if self.pile.is_edge else _("King only")
        return pile_face(self.pile.letters, head, cards, look_of(settings), width=self.size.width,
                         frame=frame, focused=self.has_focus, takes=takes, size=face_size(self))

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
        if as_cards(self):
            settings = settings_of(self)
            return card_back(" " + _("Stock ({n})").format(n=self.count), self.count, settings.ascii,
                             width=self.size.width, size=face_size(self))
        return Content(_("Stock") + f"\n{self.count}")

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
    owner: reactive[str] = reactive("")
    """Whose hand it is when it is no person's at this screen (a session of computers, watched
    here): its label and its empty line name them."""

    BINDINGS = [
        Binding("left,h", "move(-1)", N_("Previous card"), show=False),
        Binding("right,l", "move(1)", N_("Next card"), show=False),
        Binding("enter,space", "choose", N_("Pick"), show=False),
    ]

    class Chosen(Message):
        def __init__(self, card: Card) -> None:
            self.card = card
            super().__init__()

    def __init__(self) -> None:
        super().__init__(id="hand")

    def render(self) -> Content:
        if self.face_down:
            return Content(_("The hand is hidden until its player has the keyboard."))
        if self.watching:
            return Content(_("You are watching: no hand is shown."))
        if not self.cards:
            return Content(_("{name}'s hand is empty.").format(name=self.owner) if self.owner
                           else _("Your hand is empty."))
        settings = settings_of(self)
        if self.as_cards and hand_fits(len(self.cards), self.content_size.width):
            selected = self.selected if self.has_focus else -1
            faces, (x, y) = hand_faces(self.cards, HAND_KEYS, look_of(settings), selected=selected,
                                       held=self.held, width=self.content_size.width)
            if self.has_focus:
                cursor_at(self, x, y)
            return faces
        parts: list[Any] = [_("{name}'s hand").format(name=self.owner) if self.owner else _("Hand")]
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

    def watchas_cards(self) -> None:
        redraw(self)

    def on_focus(self) -> None:
        redraw(self)

    def on_blur(self) -> None:
        redraw(self)
