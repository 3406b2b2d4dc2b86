"""Kings in the Corner's screens, the ``tui`` part the platform's screens ask for
(:class:`kc_tui.tui.part.TuiGame`): the table (the cross, the hand), the new-game form, the
served table and the lobby's form for one, and how a replay shows the cross."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Sequence, cast

from textual.screen import Screen
from textual.widget import Widget

from ....core.i18n import N_
from ....core.text import visible
from ....net import SeatDoor
from ....storage import SaveError, delete_save, is_open_elsewhere, list_saves
from ....tui.part import QuickGame, SavedGame, SaveRefused, SessionHost
from .. import ENTRY
from ..engine.rules import build_rules
from ..engine.service import GameService, seed_for_first_player
from ..engine.transcript import TableState
from ..remote import RemoteTable
from .cross import CrossView
from .network import CreateTableScreen, NetworkTableScreen
from .new_game import NewGameScreen
from .sessions import new_session, resume_session
from .table import TableScreen, rules_screen

__all__ = ["GAME", "QUICK_GAME"]

QUICK_GAME = ["you", "hard", "hard", "hard"]
"""You against three hard opponents, standard rules; you play first in round 1.  When the seats
before you go out first, a new player has no turn at all (one round in twenty, whatever the
computers' level: medium ones, which shed greedily, end rounds sooner than hard ones)."""


class KingsCornerScreens:
    """Kings in the Corner's :class:`~kc_tui.tui.part.TuiGame`."""

    name = ENTRY.name
    quick = QuickGame("quick", "g", N_("Quick game: you against three hard opponents"))
    """Its label is a message of this game's catalog, said where the title screen shows it."""
    stylesheets = (Path(__file__).with_name("cross.tcss"),)

    def serves(self, session: object) -> bool:
        return isinstance(session, GameService)

    def start_quick_game(self, app: SessionHost) -> None:
        app.start_table(new_session(app, QUICK_GAME, [None] * 4, build_rules(4),
                                    seed=seed_for_first_player(0, len(QUICK_GAME))))

    def table_screen(self, session: Any) -> Screen[Any]:
        return TableScreen(session)

    def new_game_screen(self) -> Screen[Any]:
        return NewGameScreen()

    def rules_screen(self) -> Screen[Any]:
        return rules_screen(build_rules(4), "standard")

    def saves(self) -> Sequence[SavedGame]:
        return [SavedGame(self.name, info.path, visible(info.title), info.problem) for info in list_saves()]

    def resume(self, app: SessionHost, saved: SavedGame) -> Any:
        try:
            return resume_session(app, saved.path)
        except SaveError as exc:
            raise SaveRefused(exc.problem, exc.path, may_delete=not is_open_elsewhere(exc)) from exc

    def delete_save(self, saved: SavedGame) -> None:
        try:
            delete_save(saved.path)
        except SaveError as exc:
            raise SaveRefused(exc.problem, exc.path) from exc

    def create_table_screen(self) -> Screen[Any]:
        return CreateTableScreen()

    def network_table_screen(self, door: SeatDoor) -> Screen[Any]:
        return NetworkTableScreen(RemoteTable(door))

    def replay_board(self) -> Widget:
        return CrossView(focusable=False)

    def show_replay_step(self, board: Widget, step: Any, ascii_only: bool) -> None:
        cross, table = cast(CrossView, board), cast(TableState, step.table)
        cross.board = table.piles
        cross.stock = table.stock


GAME = KingsCornerScreens()
