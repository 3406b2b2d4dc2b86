"""The saved games of every game: resume one, or delete one (asked first).  A save that cannot
be used is listed with what is wrong and where the file is, and offered for deletion.  Every
game's saves (its ``tui`` part's) are listed together, newest first, each line naming its game."""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

from ..core.i18n import N_, Domain
from ..core.text import visible
from ..storage import game_title, saves_dir
from .dialogs import ConfirmDeleteScreen
from .fit import SizedScreen
from .keys import KeyRow, bindings, key_line
from .part import SavedGame, SaveRefused, tui_game, tui_games
from .typed_app import OnKingsCornerApp
from .widgets import Menu, MenuItem, TextPanel

_, ngettext, pgettext, L_, Ln_ = Domain.of(__package__).functions()

__all__ = ["SavesScreen"]


SAVES = N_("Saved games")
SAVES_KEYS: tuple[KeyRow, ...] = (
    KeyRow(N_("Up, Down"), N_("choose a save"), SAVES, line=(("always", N_("Up/Down choose")),)),
    KeyRow(N_("Enter, 1-9"), N_("resume the chosen save"), SAVES, action="resume",
           line=(("always", N_("Enter resume")),), palette=N_("Resume")),
    KeyRow(N_("d, Delete"), N_("delete the chosen save (asked first)"), SAVES, action="delete",
           bind=(("d,delete", "delete"),), line=(("always", N_("d delete")),), palette=N_("Delete")),
    KeyRow(N_("Esc, q"), N_("back to the title screen"), SAVES, action="back", bind=(("escape,q", "back"),),
           line=(("always", N_("Esc back")),), palette=N_("Back")),
)
"""Every key of the saved games: the bindings, the key line and the command palette."""


class SavesScreen(OnKingsCornerApp, SizedScreen):
    """Enter resumes the chosen save; d deletes it (asked first); Esc goes back."""

    KEY_ROWS = SAVES_KEYS
    BINDINGS = bindings(SAVES_KEYS)
    MIN_SIZE = (56, 10)
    """The key line takes 50 columns (a save's long title is cut with an ellipsis); the title, three
    saves, the status and the keys 10 rows."""
    SIZE_NAME = N_("The saved-games screen")

    def __init__(self) -> None:
        super().__init__()
        self.saves: list[SavedGame] = []

    def compose(self) -> ComposeResult:
        yield Static(_("Continue a saved game"), classes="screen-title")
        with VerticalScroll(id="saves-scroll"):
            yield Menu([], id="saves-menu")
        yield TextPanel(id="saves-chosen")
        yield TextPanel(id="saves-status")
        yield TextPanel(id="keys", classes="keys")
        yield self.too_small_note()

    def on_mount(self) -> None:
        self.query_one("#keys", TextPanel).show(key_line(SAVES_KEYS))
        self._load()
        self.watch(self.query_one(Menu), "selected", self._show_chosen)

    def _show_chosen(self) -> None:
        """The chosen save's whole line (the list cuts a long one at the screen's edge: its rules
        and seed at 80 columns)."""
        chosen = self._chosen()
        self.query_one("#saves-chosen", TextPanel).show("" if chosen is None else _line(chosen))

    def _load(self) -> None:
        self.saves = sorted((saved for game in tui_games() for saved in game.saves()), key=_age)
        menu = self.query_one(Menu)
        menu.items = [
            MenuItem(str(i), str(i + 1) if i < 9 else " ", _line(info),
                     disabled=N_("cannot be resumed") if info.problem else "")
            for i, info in enumerate(self.saves)
        ]
        menu.selected = min(menu.selected, max(len(menu.items) - 1, 0))
        menu.refresh(layout=True)
        self._show_chosen()
        status = self.query_one("#saves-status", TextPanel)
        if not self.saves:
            status.show(_("No saved games are left (they are kept in {folder}). Esc goes back.").format(
                folder=saves_dir()))
        else:
            status.show(ngettext("{n} saved game in {folder}, newest first. Games save themselves after "
                                 "every turn.",
                                 "{n} saved games in {folder}, newest first. Games save themselves after "
                                 "every turn.", len(self.saves))
                        .format(n=len(self.saves), folder=saves_dir()))
        menu.focus()

    def _chosen(self) -> SavedGame | None:
        menu = self.query_one(Menu)
        return self.saves[menu.selected] if self.saves else None

    def on_menu_chosen(self, message: Menu.Chosen) -> None:
        info = self.saves[int(message.item.id)]
        status = self.query_one("#saves-status", TextPanel)
        if info.problem:
            status.show(_("This save cannot be resumed: {problem}. The file is {path}. Press d to delete it.")
                        .format(problem=visible(info.problem), path=visible(str(info.path))))
            return
        try:
            service = tui_game(info.game).resume(self.app, info)
        except SaveRefused as exc:
            problem, path = visible(exc.problem), visible(str(exc.path))
            status.show(_("This save cannot be resumed: {problem}. The file is {path}. Press d to delete it.")
                        .format(problem=problem, path=path) if exc.may_delete else
                        _("This save cannot be resumed: {problem}. The file is {path}.")
                        .format(problem=problem, path=path))
            return
        self.app.pop_screen()
        self.app.start_table(service)

    def action_delete(self) -> None:
        info = self._chosen()
        if info is None:
            return
        # The game as the list names it (a French play test was asked about the file's name,
        # "2026-12-06-192434-you-ada-ben-cleo.json", with "you" in English).
        question = _("Delete this saved game: {game}? Press y to delete it, any other key to keep "
                     "it.").format(game=visible(_line(info)))
        self.app.push_screen(ConfirmDeleteScreen(question), lambda yes: self._delete(info, bool(yes)))

    def _delete(self, info: SavedGame, yes: bool) -> None:
        status = self.query_one("#saves-status", TextPanel)
        if not yes:
            status.show(_("Kept."))
            return
        try:
            tui_game(info.game).delete_save(info)
        except SaveRefused as exc:
            status.show(_("Not deleted: {problem}.").format(problem=visible(exc.problem)))
            return
        except OSError as exc:
            status.show(_("Not deleted: {problem}.").format(problem=visible(str(exc.strerror or exc))))
            return
        self._load()
        self.query_one("#saves-status", TextPanel).show(
            _("Deleted {file}.").format(file=visible(info.path.name)))

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


def _line(saved: SavedGame) -> str:
    """A save as the list says it: its game, then the game's own line."""
    return _("{game}: {save}").format(game=game_title(saved.game), save=saved.title)


def _age(saved: SavedGame) -> float:
    """How long ago the save was last written (the newest first); a file gone since it was
    listed last."""
    try:
        return -saved.path.stat().st_mtime
    except OSError:
        return 0.0
