"""What the screens ask of a game: its ``tui`` part.

Each game's package offers the screens a module ``<package>.tui`` whose ``GAME`` is a
:class:`TuiGame` (:meth:`kc_tui.games.GameEntry.part`): its new-game form, its table screen for a
session played here and for a seat at a served table, its quick game, its saves, its rules and
how a replay shows its table.  The title, the new-game shell, the saved games, the replay and the
lobby hold only this protocol and the registry: they never name a game.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, Sequence

from ..games import GAMES, game_named

if TYPE_CHECKING:
    from textual.screen import Screen
    from textual.widget import Widget

    from ..net import SeatDoor
    from ..storage import AutoSaver

__all__ = ["QuickGame", "SavedGame", "SaveRefused", "SessionHost", "TuiGame", "tui_games", "tui_game",
           "game_of"]


class SessionHost(Protocol):
    """What a game's part asks of the app when it starts or resumes a session
    (:class:`~kc_tui.tui.host.GameHost`)."""

    def own(self, service: Any, saver: AutoSaver | None = None) -> None:
        """The app owns ``service`` (closes it when it ends) and ``saver`` saves it."""
        ...

    def start_table(self, service: Any) -> None:
        """Show ``service``'s table."""
        ...

    def report_save_error(self, message: str) -> None:
        """Saving failed: the screen in front says so."""
        ...


@dataclass(frozen=True, slots=True)
class QuickGame:
    """The title screen's item that starts a game at once."""

    id: str
    key: str
    label: str


@dataclass(frozen=True, slots=True)
class SavedGame:
    """One saved session, as the saved-games screen lists it."""

    game: str
    """The game's name in the registry: its part resumes and deletes the save."""
    path: Path
    title: str
    """The line that names it (already made safe to show)."""
    problem: str | None = None
    """Why it cannot be resumed, known without trying (None: try)."""


class SaveRefused(Exception):
    """A save that cannot be resumed or deleted: ``problem`` says why, in words to show."""

    def __init__(self, problem: str, path: Path, may_delete: bool = True) -> None:
        super().__init__(problem)
        self.problem = problem
        self.path = path
        self.may_delete = may_delete
        """Whether deleting it is worth offering (not for a save another window has open)."""


class TuiGame(Protocol):
    """A game's screens (see the module's words)."""

    name: str
    """Its name in the registry."""
    quick: QuickGame
    """The title screen's item for a quick game of it."""
    stylesheets: Sequence[Path]
    """Its screens' and widgets' stylesheets, loaded with the app's (beside them in its package)."""

    def serves(self, session: object) -> bool:
        """Whether ``session`` (a service the app was given or made) is one of this game's."""
        ...

    def start_quick_game(self, app: SessionHost) -> None:
        """Start a quick game: the app owns the session and shows its table."""
        ...

    def table_screen(self, session: Any) -> Screen[Any]:
        """The table of a session played here."""
        ...

    def new_game_screen(self) -> Screen[Any]:
        """The new-game form (seats, rules, presets and options) in the new-game shell."""
        ...

    def rules_screen(self) -> Screen[Any]:
        """The rules, as "How to play" shows them."""
        ...

    def saves(self) -> Sequence[SavedGame]:
        """The saved sessions of this game, newest first."""
        ...

    def resume(self, app: SessionHost, saved: SavedGame) -> Any:
        """The session of ``saved``, owned by ``app`` and saved as it goes on; :class:`SaveRefused`
        when it cannot be resumed."""
        ...

    def delete_save(self, saved: SavedGame) -> None:
        """Delete ``saved``; :class:`SaveRefused` says why not."""
        ...

    def create_table_screen(self) -> Screen[Any]:
        """The lobby's form that makes a table of this game."""
        ...

    def network_table_screen(self, door: SeatDoor) -> Screen[Any]:
        """The table screen for the seat (or watching place) ``door`` holds at a served table."""
        ...

    def replay_board(self) -> Widget:
        """What a replay shows of the table besides the players and the log."""
        ...

    def show_replay_step(self, board: Widget, step: Any, ascii_only: bool) -> None:
        """Show one step of a replay (:class:`kc_tui.replay.ReplayStep`) on ``board``: its
        ``table``, the game's own state of the table that its ``saves`` part's replay made."""
        ...


def tui_game(name: str) -> TuiGame:
    """The screens of the game called ``name``."""
    part: TuiGame = game_named(name).part("tui")
    return part


def tui_games() -> Sequence[TuiGame]:
    """Every game's screens, the default game first (the registry's order); a game without
    screens is left out."""
    found = []
    for entry in GAMES.values():
        try:
            found.append(entry.part("tui"))
        except LookupError:
            continue
    return found


def game_stylesheets() -> list[Path]:
    """Every game's stylesheets, the default game's first."""
    return [path for game in tui_games() for path in game.stylesheets]


def game_of(session: object) -> TuiGame:
    """The game whose session ``session`` is."""
    for game in tui_games():
        if game.serves(session):
            return game
    raise ValueError(f"no game plays a {type(session).__name__}")
