"""The round-over dialog (who won and why, every hand left, the points, the running totals) and
the session-over screen (the winners and the score table round by round)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Static

from ..engine.cards import Card
from ..engine.describe import score_table, totals_chart
from ..engine.game import Game, Phase
from .modal import Dialog
from .widgets import Menu, MenuItem, TextPanel, card_text

__all__ = ["RoundOverScreen", "SessionOverScreen", "round_summary", "session_summary", "scores_text", "scores_parts"]


def round_summary(game: Game, names: list[str], ascii_only: bool) -> str:
    """The text of the round-over dialog, from the finished round's state."""
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
    if game.rules.scoring == "chips":
        lines.append(f"Chips left in the pot: {game.pot}.")
    lines.append(f"(Deal seed {game.seed}: playing with --seed {game.seed} and the same players and rules "
                 "deals this session again.)")
    if game.rules.scoring != "none" and game.phase != Phase.SESSION_OVER:
        lines += ["", scores_text(game, names)]
    return "\n".join(lines)


def scores_parts(game: Game, names: list[str], over: bool = False) -> tuple[str, str]:
    """The score table round by round, and the chart of the running totals ("" if none)."""
    table = score_table(game.history, names, game.rules, over=over)
    if not game.history or game.rules.scoring == "none":
        return table, ""
    return table, "Running totals by round:\n" + totals_chart(game.history, names)


def scores_text(game: Game, names: list[str], over: bool = False) -> str:
    """The score table and its chart, one below the other."""
    return "\n\n".join(part for part in scores_parts(game, names, over) if part)


def session_summary(game: Game, names: list[str]) -> str:
    """The winners of a finished session and its score table."""
    champions = " and ".join(names[w] for w in game.session_winners)
    verb = ("win" if champions == "You" else "wins") if len(game.session_winners) == 1 else "share the win"
    rounds = len(game.history)
    head = f"{champions} {verb} after {rounds} round{'s' if rounds != 1 else ''}."
    return head + "\n\n" + scores_text(game, names, over=True)


class _ScrollingDialog(Dialog[str]):
    """A dialog whose text scrolls by pages (PgUp/PgDn, j/k) while its menu keeps the focus."""

    def action_scroll(self, direction: int) -> None:
        scroll = self.query_one(VerticalScroll)
        scroll.scroll_relative(y=direction * max(scroll.size.height - 1, 1), animate=False)


class RoundOverScreen(_ScrollingDialog):
    """Dismisses with "next" (deal the next round, or show the session's end) or "quit"."""

    BINDINGS = [
        Binding("enter,n", "choose('next')", "Continue"),
        Binding("q", "choose('quit')", "Leave"),
        Binding("pagedown,j", "scroll(1)", "Scroll down", show=False),
        Binding("pageup,k", "scroll(-1)", "Scroll up", show=False),
    ]


    def __init__(self, text: str, session_over: bool) -> None:
        super().__init__()
        self.text = text
        self.session_over = session_over

    def compose(self) -> ComposeResult:
        with Vertical(id="round-over", classes="dialog"):
            yield Static("The session is over" if self.session_over else "Round over",
                         classes="dialog-title")
            with VerticalScroll(id="round-scroll"):
                yield Static(self.text, id="round-summary", markup=False)
            nxt = "See the final scores" if self.session_over else "Deal the next round"
            yield Menu([MenuItem("next", "Enter", nxt), MenuItem("quit", "q", "Leave the game")],
                       id="round-menu")
            yield TextPanel(id="round-keys", classes="keys")

    def set_up(self) -> None:
        self.query_one("#round-keys", TextPanel).show("PgUp/PgDn scroll  Enter continue  q leave")
        self.query_one(Menu).focus()

    def on_menu_chosen(self, message: Menu.Chosen) -> None:
        self.action_choose(message.item.id)

    def action_choose(self, choice: str) -> None:
        self.dismiss(choice)


class SessionOverScreen(_ScrollingDialog):
    """The end of a session: dismisses with "again" (same players and rules), "title" or "quit"."""

    BINDINGS = [
        Binding("a", "choose('again')", "Play again"),
        Binding("t", "choose('title')", "Title"),
        Binding("q", "choose('quit')", "Quit"),
        Binding("escape", "choose('title')", "Title", show=False),
        Binding("pagedown,j", "scroll(1)", "Scroll down", show=False),
        Binding("pageup,k", "scroll(-1)", "Scroll up", show=False),
    ]


    def __init__(self, text: str, from_title: bool = True) -> None:
        super().__init__()
        self.text = text
        self.from_title = from_title

    def compose(self) -> ComposeResult:
        with Vertical(id="session-over", classes="dialog"):
            yield Static("The session is over", classes="dialog-title")
            with VerticalScroll(id="session-scroll"):
                yield Static(self.text, id="session-summary", markup=False)
            items = [MenuItem("quit", "q", "Quit")]
            if self.from_title:
                items[:0] = [MenuItem("again", "a", "Play again with the same players"),
                             MenuItem("title", "t", "Back to the title screen")]
            yield Menu(items, id="session-menu")
            yield TextPanel(id="session-keys", classes="keys")

    def set_up(self) -> None:
        self.query_one("#session-keys", TextPanel).show(
            "PgUp/PgDn scroll  Enter pick  a again  t title  q quit" if self.from_title
            else "PgUp/PgDn scroll  q quit")
        self.query_one(Menu).focus()

    def on_menu_chosen(self, message: Menu.Chosen) -> None:
        self.action_choose(message.item.id)

    def action_choose(self, choice: str) -> None:
        if self.from_title or choice == "quit":
            self.dismiss(choice)
