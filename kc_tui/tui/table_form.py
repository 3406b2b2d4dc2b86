"""The lobby's form that makes a table: :class:`TableForm`, mixed into a game's new-game screen.

The game's form keeps its seats and rules; this one adds the table's name (a row above them:
"Ada's table" unless another is typed, kept when another game is chosen on the form), makes every
seat open (for a person) or a computer level, hides the seats' names and the seed (the server
names the people and deals), and makes the table and seats its maker at the first open seat.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.containers import Horizontal
from textual.widgets import Input, Static

from ..core.i18n import Domain
from ..core.text import visible
from ..net import MAX_TABLE_NAME, SEAT_OPEN, TableError
from .lobby import LobbyApp
from .new_game import NewGameShell
from .part import tui_game
from .widgets import Choice, Menu, MenuItem, TextField, TextPanel

_, ngettext, pgettext, L_, Ln_ = Domain.of(__package__).functions()

__all__ = ["TableForm"]


class TableForm(NewGameShell):
    """A game's new-game screen as the lobby's form for a table (see the module's words)."""

    typed_name = ""
    """The name typed on another game's form before this one was chosen."""

    if TYPE_CHECKING:  # the game's new-game screen's, later in the method order
        def _problem(self) -> str | None: ...

    def form_title(self) -> str:
        """The form's title, in the player's language (a game may name itself in it)."""
        return _("New table")

    def seat_kinds(self) -> list[tuple[str, str]]:
        """The game's computer levels as its seats' choices list them (a person's seat aside)."""
        raise NotImplementedError

    def level_word(self, level: str) -> str:
        """A computer level in the game's words ("hard")."""
        raise NotImplementedError

    def default_name(self) -> str:
        app = self.app
        if isinstance(app, LobbyApp) and app.person:
            return app.server.default_table_name(app.person)
        return _("A table")

    def typed(self) -> str:
        field = self.query("#table-name")  # mounted after the rows the summary is first made of
        return field.first(Input).value.strip() if field else self.typed_name

    def table_name(self) -> str:
        """The name typed, or the default one when the field is left blank."""
        return self.typed() or self.default_name()

    def on_mount(self) -> None:
        # Runs before the new-game screen's own on_mount (Textual calls both).
        # The name's row comes first; the screen still opens on the number of players (the
        # rows below are where the keys land, as on the new-game screen), Up reaches the name.
        row = Horizontal(Static("  " + _("Table name").ljust(25), classes="label"),
                         TextField(self.typed_name, placeholder=self.default_name(),
                                   max_length=MAX_TABLE_NAME, id="table-name"),
                         classes="seat", id="table-name-row")
        scroll = self.query_one("#new-game")
        scroll.mount(row, before=scroll.children[0])
        kinds = [("you", _("open: a person")), *self.seat_kinds()]
        for i in range(6):
            choice = self.query_one(f"#kind-{i}", Choice)
            choice.set_value(choice.value, kinds)
            self.query_one(f"#name-{i}", Input).display = False
        self.query_one("#seed", Input).parent.display = False  # type: ignore[union-attr]
        self.query_one(".screen-title", Static).update(self.form_title())
        menu = self.query_one("#new-game-menu", Menu)
        menu.items = [MenuItem("start", "Ctrl+S", _("Make the table and sit at it")),
                      MenuItem("back", "Esc", _("Back to the lobby"))]
        menu.refresh()
        self.call_after_refresh(self._key_line)  # after the new-game screen's own on_mount

    def _key_line(self) -> None:
        self.query_one("#keys", TextPanel).show(
            # Translators: the key line; the key names stay (Up, Down, Tab, Left, Right, Ctrl+S, Esc).
            _("Up/Down or Tab move  Left/Right change  Ctrl+S make the table  Esc back"))

    def switch_game(self, name: str) -> None:
        """Another game chosen: its form for a table (not its local new-game form), the name
        typed kept."""
        form = tui_game(name).create_table_screen()
        if isinstance(form, TableForm):
            form.typed_name = self.typed()
        self.replace_with(form)

    def seat_specs_of_table(self) -> list[str]:
        """Each seat's spec for the server: open, or a computer's level."""
        kinds = [self.query_one(f"#kind-{i}", Choice).value for i in range(self.players)]
        return [SEAT_OPEN if k == "you" else k for k in kinds]

    def seats_said(self) -> str:
        """The table's seats in a few words: "open, hard, hard"."""
        return ", ".join(_("open") if spec == SEAT_OPEN else self.level_word(spec)
                         for spec in self.seat_specs_of_table())

    def table_line(self) -> str:
        """The summary's first sentence: the table's seats and name."""
        return _("A table for {n}: {seats}; its name: {name}.").format(
            n=self.players, seats=self.seats_said(), name=visible(self.table_name()))

    def action_start(self) -> None:
        problem = self._problem()
        specs = self.seat_specs_of_table()
        if not problem and SEAT_OPEN not in specs:
            problem = _("A table needs one open seat at least, for you.")
        summary = self.query_one("#summary", TextPanel)
        if problem:
            summary.show(_("Cannot start: {problem}").format(problem=problem))
            return
        app = self.app
        assert isinstance(app, LobbyApp) and app.person is not None
        try:
            info = app.server.create_table(app.person, self.table_name(), self.rules(), specs)
        except TableError as exc:
            summary.show(_("Cannot start: {problem}").format(problem=exc))
            return
        app.pop_screen()
        app.sit(info.id, specs.index(SEAT_OPEN))
