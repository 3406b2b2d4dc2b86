"""The title screen: new game, quick game, resume, rules, settings, quit."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import Static

from ..storage import games_report_text
from .fit import SizedScreen
from .game import TuiGame, tui_games
from .typed_app import OnKingsCornerApp
from .widgets import Menu, MenuItem, TextPanel

__all__ = ["TitleScreen"]

BANNER = """\
 _  ___                   _        _   _             ___
| |/ (_)_ __  __ _ ___   (_)_ _   | |_| |_  ___     / __|___ _ _ _ _  ___ _ _
| ' <| | '  \\/ _` (_-<   | | ' \\  |  _| ' \\/ -_)   | (__/ _ \\ '_| ' \\/ -_) '_|
|_|\\_\\_|_||_\\__, /__/   |_|_||_|  \\__|_||_\\___|    \\___\\___/_| |_||_\\___|_|
            |___/"""

SHORT_TITLE = "K I N G S   I N   T H E   C O R N E R"

NO_SAVES = "no saved games yet"

GAME_SCREENS = tui_games()
"""Every game's screens, the default first: each offers a quick game here."""


def _quick(game: TuiGame) -> MenuItem:
    return MenuItem(game.quick.id, game.quick.key, game.quick.label)


MENU = [
    MenuItem("new", "n", "New game: choose players, levels and rules"),
    *(_quick(game) for game in GAME_SCREENS[:1]),
    MenuItem("resume", "c", "Continue a saved game", disabled=NO_SAVES),
    *(_quick(game) for game in GAME_SCREENS[1:]),
    MenuItem("rules", "r", "How to play: the rules"),
    MenuItem("stats", "t", "Statistics: each player's record"),
    MenuItem("settings", "s", "Settings: theme, cards, AI pace, confirmations"),
    MenuItem("quit", "q", "Quit"),
]
"""The default game's quick game comes second, the other games' after "continue"."""
QUICK = {game.quick.id: game for game in GAME_SCREENS}


class TitleScreen(OnKingsCornerApp, SizedScreen):
    """What ``kings-corner`` opens on."""

    MIN_SIZE = (80, 20)
    """The banner and the key line take 80 columns; banner, menu and status 19 rows, and the keys one."""
    SIZE_NAME = "The title screen"
    SIZE_ADVICE = "Make it larger, or play with kings-corner play --plain."

    # Each menu item's key picks it (the menu shows the keys); ? and F1 open the rules too.
    BINDINGS: ClassVar[list[BindingType]] = [
        *(Binding(item.key, f"pick('{item.id}')", item.label.split(":")[0]) for item in MENU),
        Binding("question_mark,f1", "pick('rules')", "Rules", show=False),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="title-box"):
            yield Static(BANNER, id="banner", markup=False)
            yield Static(SHORT_TITLE, id="short-title")
            yield Static("A family card game of patience and Kings, for 2 to 6 players.", id="tagline")
            yield Menu(MENU, id="title-menu")
            yield TextPanel(id="title-status")
        yield TextPanel(id="keys", classes="keys")
        yield self.too_small_note()

    def _refresh_resume(self) -> None:
        """Continue is offered once a saved game of any game exists."""
        count = sum(len(game.saves()) for game in GAME_SCREENS)
        menu = self.query_one(Menu)
        menu.items = [
            MenuItem(i.id, i.key, i.label + (f" ({count})" if count else ""), "" if count else NO_SAVES)
            if i.id == "resume" else i for i in MENU
        ]
        menu.refresh()

    def report(self, text: str) -> None:
        self.query_one("#title-status", TextPanel).show(text)

    def on_mount(self) -> None:
        self._refresh_resume()
        self.call_after_refresh(self.app.show_notice)
        self.query_one("#keys", TextPanel).show(
            f"Enter open  n new  {'/'.join(game.quick.key for game in GAME_SCREENS)} quick  c continue  "
            "r rules  t stats  s settings  q quit"
        )
        self.query_one(Menu).focus()

    def on_screen_resume(self) -> None:
        self._refresh_resume()
        if not self.too_small:
            self.query_one(Menu).focus()

    def on_menu_chosen(self, message: Menu.Chosen) -> None:
        self.action_pick(message.item.id)

    def action_pick(self, item_id: str) -> None:
        menu = self.query_one(Menu)
        menu.select(item_id)
        item = next(i for i in menu.items if i.id == item_id)
        status = self.query_one("#title-status", TextPanel)
        status.show("")
        if item.disabled:
            status.show(f"{item.label}: {item.disabled}.")
        elif item_id == "new":
            self.app.push_screen(GAME_SCREENS[0].new_game_screen())
        elif item_id in QUICK:
            QUICK[item_id].start_quick_game(self.app)
        elif item_id == "resume":
            from .saves_screen import SavesScreen

            self.app.push_screen(SavesScreen())
        elif item_id == "rules":
            self.app.push_screen(GAME_SCREENS[0].rules_screen())
        elif item_id == "stats":
            from .dialogs import TextScreen

            self.app.push_screen(TextScreen("Statistics", games_report_text(), close_keys="t"))
        elif item_id == "settings":
            from .info import SettingsScreen

            self.app.push_screen(SettingsScreen())
        elif item_id == "quit":
            self.app.exit()

    def palette_commands(self):
        return [(item.label.split(":")[0], item.label, lambda i=item.id: self.action_pick(i))
                for item in self.query_one(Menu).items if not item.disabled]
