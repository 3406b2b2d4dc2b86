"""The cross: the eight piles around the stock, as the table and the replay show it.

It is given the board, the stock's size, the piles marked as targets and the pile held; it
moves the focus between its piles with the arrows (only through the marked ones while some are
marked) and posts what the player does up to the screen."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid
from textual.message import Message
from textual.reactive import reactive

from ....core.cards import Card
from ....core.i18n import N_
from ..engine.board import Pile
from .widgets import PileView, StockView

__all__ = ["LAYOUT", "RING", "CrossView"]

LAYOUT = {
    Pile.NW: (0, 0), Pile.N: (0, 1), Pile.NE: (0, 2),
    Pile.W: (1, 0), Pile.E: (1, 2),
    Pile.SW: (2, 0), Pile.S: (2, 1), Pile.SE: (2, 2),
}
"""Where each pile sits on the 3 x 3 grid of the cross (row, column); the stock is the centre."""
AT = {spot: pile for pile, spot in LAYOUT.items()}
RING = (Pile.N, Pile.NE, Pile.E, Pile.SE, Pile.S, Pile.SW, Pile.W, Pile.NW)
"""The piles clockwise around the cross, the order the arrows visit targets in."""
STEPS = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}
EMPTY_BOARD: tuple[tuple[Card, ...], ...] = ((),) * len(Pile)


class CrossView(Grid):
    """The 3 x 3 cross of :class:`PileView` s with the stock in the middle.

    Its values are handed on to the piles, which draw what changed; the cross itself is never
    repainted for them (a repaint of the cross draws all nine cells again, and the table hands
    the cross its values after every move, at every seat of a served table)."""

    board: reactive[tuple[tuple[Card, ...], ...]] = reactive(EMPTY_BOARD, init=False, repaint=False)
    """Each pile's cards, bottom first, in :class:`Pile` order."""
    stock: reactive[int] = reactive(0, init=False, repaint=False)
    """How many cards are left in the stock (shown even when it is the default 0)."""
    marked: reactive[frozenset[Pile]] = reactive(frozenset(), init=False, repaint=False)
    """The piles what is held may go to."""
    held: reactive[Pile | None] = reactive(None, init=False, repaint=False)
    """The pile held (to be moved), if one is."""
    changed: reactive[frozenset[Pile]] = reactive(frozenset(), init=False, repaint=False)
    """The piles changed since the person's last turn."""

    BINDINGS = [
        Binding("up,k", "step('up')", N_("Up"), show=False),
        Binding("down,j", "step('down')", N_("Down"), show=False),
        Binding("left,h", "step('left')", N_("Left"), show=False),
        Binding("right,l", "step('right')", N_("Right"), show=False),
    ]

    class Left(Message):
        """Down from the bottom row: the focus goes to what lies below the cross (the hand)."""

    def __init__(self, focusable: bool = True) -> None:
        super().__init__(id="cross")
        self.piles_focusable = focusable

    def compose(self) -> ComposeResult:
        for row in range(3):
            for col in range(3):
                pile = AT.get((row, col))
                yield PileView(pile) if pile is not None else StockView()

    def on_mount(self) -> None:
        if not self.piles_focusable:
            for view in self.query(PileView):
                view.can_focus = False

    def view(self, pile: Pile) -> PileView:
        return self.query_one(f"#pile-{pile.name}", PileView)

    def watch_board(self, board: tuple[tuple[Card, ...], ...]) -> None:
        for view in self.query(PileView):
            view.cards = board[view.pile.value]

    def watch_stock(self, stock: int) -> None:
        self.query_one(StockView).count = stock

    def watch_marked(self, marked: frozenset[Pile]) -> None:
        for view in self.query(PileView):
            view.marked = view.pile in marked

    def watch_held(self, held: Pile | None) -> None:
        for view in self.query(PileView):
            view.held = view.pile == held

    def watch_changed(self, changed: frozenset[Pile]) -> None:
        for view in self.query(PileView):
            view.changed = view.pile in changed

    def action_step(self, direction: str) -> None:
        focused = self.screen.focused
        if not isinstance(focused, PileView):
            return
        if self.marked:
            # Holding: every arrow steps to the next marked pile around the cross, Right/Down
            # clockwise and Left/Up back, so each target is a few presses away.
            ring = [p for p in RING if p in self.marked]
            here = ring.index(focused.pile) if focused.pile in ring else -1
            step = 1 if direction in ("right", "down") else -1
            self.view(ring[(here + step) % len(ring)]).focus()
            return
        row, col = LAYOUT[focused.pile]
        if direction == "down" and row == 2:
            self.post_message(self.Left())
            return
        dr, dc = STEPS[direction]
        for _ in range(3):
            row, col = (row + dr) % 3, (col + dc) % 3
            pile = AT.get((row, col))
            if pile is not None:
                self.view(pile).focus()
                return
