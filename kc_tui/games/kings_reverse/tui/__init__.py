"""Kings Reverse's screens, the ``tui`` part the platform's screens ask for
(:class:`kc_tui.tui.part.TuiGame`): the table (the discard pile, the hand), the new-game form,
the served table and the lobby's form for one, and how a replay shows the pile."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Sequence, cast

from textual.screen import Screen
from textual.widget import Widget

from ....core.i18n import N_, Domain
from ....net import SeatDoor
from ....storage import SaveError, delete_save, list_saves
from ....tui.dialogs import TextScreen
from ....tui.part import QuickGame, SavedGame, SaveRefused, SessionHost
from ....tui.widgets import any_card_text
from .. import ENTRY
from ..engine.describe import describe_rules
from ..engine.rules import build_rules
from ..engine.service import ReverseService
from ..engine.transcript import ReverseTableState
from ..net import ReverseDoor
from ..remote import ReverseRemote
from .network import CreateReverseTableScreen, NetworkReverseTableScreen
from .new_game import ReverseNewGameScreen
from .sessions import new_session, resume_session
from .table import REVERSE_QUICK_GAME, ReverseTableScreen
from .widgets import PileBox, direction_text, suit_text

__all__ = ["GAME"]

_, ngettext, pgettext, L_, Ln_ = Domain.of(__package__).functions()


class KingsReverseScreens:
    """Kings Reverse's :class:`~kc_tui.tui.part.TuiGame`."""

    name = ENTRY.name
    QUICK_LABEL = N_("Kings Reverse: a quick game of the second game")
    stylesheets = (Path(__file__).with_name("table.tcss"),)

    @property
    def quick(self) -> QuickGame:
        """The title screen's item, marked English: the menu says it in the player's language
        as it draws it (this game's catalog), so a language chosen in the settings says it
        too (it stayed in the language the title screen was made in)."""
        return QuickGame("reverse", "v", self.QUICK_LABEL)

    def serves(self, session: object) -> bool:
        return isinstance(session, ReverseService)

    def start_quick_game(self, app: SessionHost) -> None:
        app.start_table(new_session(app, REVERSE_QUICK_GAME, [None] * 4, build_rules(4)))

    def table_screen(self, session: Any) -> Screen[Any]:
        return ReverseTableScreen(session)

    def new_game_screen(self) -> Screen[Any]:
        return ReverseNewGameScreen()

    def rules_screen(self) -> Screen[Any]:
        return TextScreen(_("The rules"), describe_rules(build_rules(4)), close_keys="r")

    def saves(self) -> Sequence[SavedGame]:
        return [SavedGame(self.name, info.path, info.title) for info in list_saves(self.name)
                if info.problem is None]

    def resume(self, app: SessionHost, saved: SavedGame) -> Any:
        try:
            return resume_session(app, saved.path)
        except SaveError as exc:
            raise SaveRefused(str(exc), saved.path) from exc

    def delete_save(self, saved: SavedGame) -> None:
        try:
            delete_save(saved.path)  # and its lock, unless another window has it open
        except SaveError as exc:
            raise SaveRefused(exc.problem, exc.path) from exc

    def create_table_screen(self) -> Screen[Any]:
        return CreateReverseTableScreen()

    def network_table_screen(self, door: SeatDoor) -> Screen[Any]:
        # The server gives a Kings Reverse table's seats a door of this game's (its net part).
        return NetworkReverseTableScreen(ReverseRemote(cast(ReverseDoor, door)))

    def replay_board(self) -> Widget:
        return PileBox()

    def show_replay_step(self, board: Widget, step: Any, ascii_only: bool) -> None:
        box, table = cast(PileBox, board), cast(ReverseTableState, step.table)
        box.top = table.pile[-1] if table.pile else None
        below = " ".join(any_card_text(c, ascii_only) for c in table.pile[-3:-1])
        lines = [_("Under it: {cards}").format(cards=below) if below else _("Nothing under it.")]
        if table.follow is not None:
            lines.append(_("Follow: {suit}").format(suit=suit_text(table.follow, ascii_only)))
        direction = direction_text(table.clockwise, ascii_only).lower()
        lines += [_("Play goes: {direction}").format(direction=direction),
                  ngettext("Stock: {n} card", "Stock: {n} cards", table.stock).format(n=table.stock)]
        box.lines = tuple(lines)


GAME = KingsReverseScreens()
