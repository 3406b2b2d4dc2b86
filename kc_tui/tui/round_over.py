"""The round-over dialog: who won and why, every hand left, the points, the running totals."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from ..engine.cards import Card
from ..engine.game import Game, Phase
from . import style_path
from .widgets import card_text

__all__ = ["RoundOverScreen", "round_summary"]


def round_summary(game: Game, names: list[str], ascii_only: bool) -> str:
    """The text of the dialog, from the finished round's state."""
    winners = " and ".join(names[w] for w in game.round_winners)
    if game.round_reason == "out":
        why = f"{winners} went out."
    else:
        why = f"The round was blocked; {winners} held the fewest cards."
    lines = [f"Round {game.round_no} over. {why}", ""]
    for seat, name in enumerate(names):
        hand: tuple[Card, ...] = game.hand(seat)
        cards = " ".join(card_text(c, ascii_only) for c in hand) or "-"
        score = game.round_scores[seat]
        lines.append(f"{name}: {score} point{'s' if score != 1 else ''} this round, {game.totals[seat]} in all")
        lines.append(f"  cards left: {cards}")
    lines.append("")
    if game.phase == Phase.SESSION_OVER:
        champions = " and ".join(names[w] for w in game.session_winners)
        lines.append(f"The session is over: {champions} win{'s' if len(game.session_winners) == 1 else ''}.")
        lines.append("Press q to leave.")
    else:
        lines.append("Press Enter for the next round, q to leave.")
    return "\n".join(lines)


class RoundOverScreen(ModalScreen[bool]):
    """Dismisses with True to deal the next round, False to leave."""

    CSS_PATH = style_path("table.tcss")
    BINDINGS = [
        Binding("enter,n", "next", "Next round"),
        Binding("q", "leave", "Leave"),
    ]

    def __init__(self, text: str, session_over: bool) -> None:
        super().__init__()
        self.text = text
        self.session_over = session_over

    def compose(self) -> ComposeResult:
        with Vertical(id="round-over"):
            yield Static(self.text, id="round-summary")

    def action_next(self) -> None:
        if not self.session_over:
            self.dismiss(True)

    def action_leave(self) -> None:
        self.dismiss(False)
