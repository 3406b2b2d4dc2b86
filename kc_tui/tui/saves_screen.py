"""The saved games of every game: resume one, or delete one (asked first).  A save that cannot
be used is listed with what is wrong and where the file is, and offered for deletion.  Each
game's saves (its ``tui`` part's) follow the one before it in the registry's order."""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

from ..core.text import visible
from ..storage import saves_dir
from .dialogs import ConfirmScreen
from .fit import SizedScreen
from .keys import KeyRow, bindings, key_line
from .part import SavedGame, SaveRefused, tui_game, tui_games
from .typed_app import OnKingsCornerApp
from .widgets import Menu, MenuItem, TextPanel

__all__ = ["SavesScreen"]


SAVES = "Saved games"
SAVES_KEYS: tuple[KeyRow, ...] = (
    KeyRow("Up, Down", "choose a save", SAVES, line=(("always", "Up/Down choose"),)),
    KeyRow("Enter, 1-9", "resume the chosen save", SAVES, action="resume", line=(("always", "Enter resume"),),
           palette="Resume"),
    KeyRow("d, Delete", "delete the chosen save (asked first)", SAVES, action="delete",
           bind=(("d,delete", "delete"),), line=(("always", "d delete"),), palette="Delete"),
    KeyRow("Esc, q", "back to the title screen", SAVES, action="back", bind=(("escape,q", "back"),),
           line=(("always", "Esc back"),), palette="Back"),
)
"""Every key of the saved games: the bindings, the key line and the command palette."""


class SavesScreen(OnKingsCornerApp, SizedScreen):
    """Enter resumes the chosen save; d deletes it (asked first); Esc goes back."""

    KEY_ROWS = SAVES_KEYS
    BINDINGS = bindings(SAVES_KEYS)
    MIN_SIZE = (56, 10)
    """The key line takes 50 columns (a save's long title is cut with an ellipsis); the title, three
    saves, the status and the keys 10 rows."""
    SIZE_NAME = "The saved-games screen"

    def __init__(self) -> None:
        super().__init__()
        self.saves: list[SavedGame] = []

    def compose(self) -> ComposeResult:
        yield Static("Continue a saved game", classes="screen-title")
        with VerticalScroll(id="saves-scroll"):
            yield Menu([], id="saves-menu")
        yield TextPanel(id="saves-status")
        yield TextPanel(id="keys", classes="keys")
        yield self.too_small_note()

    def on_mount(self) -> None:
        self.query_one("#keys", TextPanel).show(key_line(SAVES_KEYS))
        self._load()

    def _load(self) -> None:
        self.saves = [saved for game in tui_games() for saved in game.saves()]
        menu = self.query_one(Menu)
        menu.items = [
            MenuItem(str(i), str(i + 1) if i < 9 else " ", info.title,
                     disabled="cannot be resumed" if info.problem else "")
            for i, info in enumerate(self.saves)
        ]
        menu.selected = min(menu.selected, max(len(menu.items) - 1, 0))
        menu.refresh(layout=True)
        status = self.query_one("#saves-status", TextPanel)
        if not self.saves:
            status.show(f"No saved games are left (they are kept in {saves_dir()}). Esc goes back.")
        else:
            status.show(f"{len(self.saves)} saved game{'s' if len(self.saves) != 1 else ''} "
                        f"in {saves_dir()}, newest first. Games save themselves after every turn.")
        menu.focus()

    def _chosen(self) -> SavedGame | None:
        menu = self.query_one(Menu)
        return self.saves[menu.selected] if self.saves else None

    def on_menu_chosen(self, message: Menu.Chosen) -> None:
        info = self.saves[int(message.item.id)]
        status = self.query_one("#saves-status", TextPanel)
        if info.problem:
            status.show(f"This save cannot be resumed: {visible(info.problem)}. "
                        f"The file is {visible(str(info.path))}. "
                        "Press d to delete it.")
            return
        try:
            service = tui_game(info.game).resume(self.app, info)
        except SaveRefused as exc:
            hint = " Press d to delete it." if exc.may_delete else ""
            status.show(f"This save cannot be resumed: {visible(exc.problem)}. "
                        f"The file is {visible(str(exc.path))}.{hint}")
            return
        self.app.pop_screen()
        self.app.start_table(service)

    def action_delete(self) -> None:
        info = self._chosen()
        if info is None:
            return
        question = f"Delete {visible(info.path.name)}? Press y to delete it, any other key to keep it."
        self.app.push_screen(ConfirmScreen(question), lambda yes: self._delete(info, bool(yes)))

    def _delete(self, info: SavedGame, yes: bool) -> None:
        status = self.query_one("#saves-status", TextPanel)
        if not yes:
            status.show("Kept.")
            return
        try:
            tui_game(info.game).delete_save(info)
        except SaveRefused as exc:
            status.show(f"Not deleted: {visible(exc.problem)}.")
            return
        except OSError as exc:
            status.show(f"Not deleted: {visible(str(exc.strerror or exc))}.")
            return
        self._load()
        self.query_one("#saves-status", TextPanel).show(f"Deleted {visible(info.path.name)}.")

    def on_key(self, event: events.Key) -> None:
        if event.character and event.character in "123456789":
            index = int(event.character) - 1
            if index < len(self.saves):
                event.stop()
                menu = self.query_one(Menu)
                menu.selected = index
                menu.action_choose()

    def action_back(self) -> None:
        self.app.pop_screen()

    def action_resume(self) -> None:
        self.query_one(Menu).action_choose()

