"""The replay screen: a finished (or any) transcript stepped through move by move, every hand
face up, beside what the replayed game shows of its table (its ``tui`` part's replay board)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll

from ..core.i18n import N_, Domain
from ..replay import Replay
from .fit import SizedScreen
from .keys import KeyRow, bindings, key_line
from .part import tui_game
from .table_shell import MIN_HEIGHT, MIN_WIDTH, WIDE
from .typed_app import OnKingsCornerApp
from .widgets import PlayersView, TextPanel, any_card_text

_, ngettext, pgettext, L_, Ln_ = Domain.of(__package__).functions()

__all__ = ["ReplayScreen"]

STEP = N_("Stepping")
REPLAY_KEYS: tuple[KeyRow, ...] = (
    KeyRow(N_("Right, l, Space"), N_("the next move"), STEP, action="step",
           bind=(("right,l,space", "step(1)"),),
           line=(("always", N_("Right/Left move")),), palette=N_("Next move"), run="step(1)"),
    KeyRow(N_("Left, h, Backspace"), N_("the move before"), STEP, action="step",
           bind=(("left,h,backspace", "step(-1)"),), palette=N_("Previous move"), run="step(-1)"),
    KeyRow(N_("Down, j, n"), N_("the next turn"), STEP, action="turn", bind=(("down,j,n", "turn(1)"),),
           line=(("always", N_("Down/Up turn")),), palette=N_("Next turn"), run="turn(1)"),
    KeyRow(N_("Up, k, p"), N_("the turn before"), STEP, action="turn", bind=(("up,k,p", "turn(-1)"),)),
    KeyRow("]", N_("the next round"), STEP, action="round", bind=(("right_square_bracket", "round(1)"),),
           line=(("always", N_("]/[ round")),), palette=N_("Next round"), run="round(1)"),
    KeyRow("[", N_("the round before"), STEP, action="round", bind=(("left_square_bracket", "round(-1)"),)),
    KeyRow(N_("Home, g"), N_("the start"), STEP, action="go", bind=(("home,g", "go(0)"),),
           line=(("always", N_("Home/End")),)),
    KeyRow(N_("End, G"), N_("the end"), STEP, action="go", bind=(("end,G", "go(-1)"),)),
    KeyRow(N_("q, Esc"), N_("leave the replay"), STEP, action="leave", bind=(("q,escape", "leave"),),
           line=(("always", N_("q leave")),), palette=N_("Leave")),
)
"""Every key of the replay: its bindings, its key line and its command palette."""


class ReplayScreen(OnKingsCornerApp, SizedScreen):
    MIN_SIZE = (MIN_WIDTH, MIN_HEIGHT)  # the table's layout
    SIZE_NAME = N_("The replay")
    KEY_ROWS = REPLAY_KEYS
    BINDINGS = bindings(REPLAY_KEYS)

    def __init__(self, replay: Replay, title: str = "", leaves_app: bool = True) -> None:
        super().__init__()
        self.replay = replay
        self.title_text = title
        self.leaves_app = leaves_app
        """Whether leaving the replay ends the app (``kings-corner replay``), else it closes
        and the screen under it shows again (a session watched again from its end)."""
        self.index = 0
        self.game = tui_game(replay.game)
        """The replayed game's screens: what it shows of the table."""
        self.board = self.game.replay_board()

    def compose(self) -> ComposeResult:
        with Horizontal(id="top"):
            yield self.board
            with Vertical(id="side"):
                yield PlayersView()
                with VerticalScroll(id="replay-log"):
                    yield TextPanel(id="replay-text")
        yield TextPanel(id="status")
        yield TextPanel(id="keys", classes="keys")
        yield self.too_small_note()

    def fitted(self, width: int, height: int) -> None:
        self.set_class(width >= WIDE[0] and height >= WIDE[1], "wide")
        if self.is_mounted:
            self.call_after_refresh(self.show)

    def on_mount(self) -> None:
        self.query_one("#keys", TextPanel).show(key_line(REPLAY_KEYS))
        self.query_one("#replay-log").can_focus = False  # the screen's keys step the replay
        self.set_focus(None)
        self.show()
        # Laid out, the status line has its place: the cursor goes to it now (before, it was
        # left at the screen's top-left corner until the first key).
        self.call_after_refresh(self._cursor_on_status)

    def _cursor_on_status(self) -> None:
        status = self.query_one("#status")
        self.app.cursor_position = status.region.offset
        status.refresh()

    def show(self) -> None:
        steps = self.replay.steps
        step = steps[self.index]
        ascii_only = self.app.settings.ascii
        self.game.show_replay_step(self.board, step, ascii_only)
        lines = []
        for seat, name in enumerate(self.replay.names):
            mark = ">" if seat == step.current else " "
            cards = " ".join(any_card_text(c, ascii_only) for c in step.hands[seat]) or _("(none)")
            held = ngettext("{n} card", "{n} cards", len(step.hands[seat])).format(n=len(step.hands[seat]))
            points = ngettext("{n} pt", "{n} pts", step.totals[seat]).format(n=step.totals[seat])
            # Translators: a player's line in the replay: "Ada: 5 cards, 12 pts".
            lines.append(_("{mark}{name}: {cards}, {points}").format(mark=mark, name=name, cards=held,
                                                                      points=points) + f"\n   {cards}")
        self.query_one(PlayersView).rows = tuple(lines)
        told = [s for st in steps[max(0, self.index - 40): self.index + 1] for s in st.sentences]
        self.query_one("#replay-text", TextPanel).show("\n".join(told[-60:]))
        log = self.query_one("#replay-log", VerticalScroll)
        self.call_after_refresh(log.scroll_end, animate=False)
        where = _("round {round}, turn {turn} - move {move} of {moves}").format(
            round=step.round_no, turn=step.turn, move=self.index + 1, moves=len(steps))
        self.query_one("#status", TextPanel).show(
            _("Replay: {name} - {where}").format(name=self.title_text, where=where) if self.title_text
            else _("Replay - {where}").format(where=where))
        self.app.cursor_position = self.query_one("#status").region.offset

    def _goto(self, index: int) -> None:
        self.index = max(0, min(index, len(self.replay.steps) - 1))
        self.show()

    def action_step(self, delta: int) -> None:
        self._goto(self.index + delta)

    def _jump(self, delta: int, attribute: str) -> None:
        steps = self.replay.steps
        i = self.index + delta
        while 0 <= i < len(steps) and not getattr(steps[i], attribute):
            i += delta
        self._goto(i if 0 <= i < len(steps) else (0 if delta < 0 else len(steps) - 1))

    def action_turn(self, delta: int) -> None:
        self._jump(delta, "new_turn")

    def action_round(self, delta: int) -> None:
        self._jump(delta, "new_round")

    def action_go(self, where: int) -> None:
        self._goto(where if where >= 0 else len(self.replay.steps) - 1)

    def action_leave(self) -> None:
        if self.leaves_app:
            self.app.exit()
        else:
            self.dismiss(None)
