"""The title screen: new game, quick game, resume, rules, settings, quit."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import Static

from ..games.kings_corner.engine.rules import build_rules
from ..games.kings_reverse.saves import list_reverse_saves
from ..storage import games_report_text, list_saves
from .fit import SizedScreen
from .typed_app import OnKingsCornerApp
from .widgets import Menu, MenuItem, TextPanel

__all__ = ["TitleScreen", "QUICK_GAME"]

QUICK_GAME = ["you", "hard", "hard", "hard"]
"""You against three hard opponents, standard rules."""

BANNER = """\
 _  ___                   _        _   _             ___
| |/ (_)_ __  __ _ ___   (_)_ _   | |_| |_  ___     / __|___ _ _ _ _  ___ _ _
| ' <| | '  \\/ _` (_-<   | | ' \\  |  _| ' \\/ -_)   | (__/ _ \\ '_| ' \\/ -_) '_|
|_|\\_\\_|_||_\\__, /__/   |_|_||_|  \\__|_||_\\___|    \\___\\___/_| |_||_\\___|_|
            |___/"""

SHORT_TITLE = "K I N G S   I N   T H E   C O R N E R"

NO_SAVES = "no saved games yet"

MENU = [
    MenuItem("new", "n", "New game: choose players, levels and rules"),
    MenuItem("quick", "g", "Quick game: you against three hard opponents"),
    MenuItem("resume", "c", "Continue a saved game", disabled=NO_SAVES),
    MenuItem("reverse", "v", "Kings Reverse: a quick game of the second game"),
    MenuItem("rules", "r", "How to play: the rules"),
    MenuItem("stats", "t", "Statistics: each player's record"),
    MenuItem("settings", "s", "Settings: theme, cards, AI pace, confirmations"),
    MenuItem("quit", "q", "Quit"),
]


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
        """Continue is offered once a saved game of either game exists."""
        count = len(list_saves()) + len(list_reverse_saves())
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
            "Enter open  n new  g/v quick  c continue  r rules  t stats  s settings  q quit"
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
            from .new_game import NewGameScreen

            self.app.push_screen(NewGameScreen())
        elif item_id == "quick":
            service = self.app.new_session(QUICK_GAME, [None] * 4, build_rules(4))
            self.app.start_table(service)
        elif item_id == "reverse":
            from ..games.kings_reverse.engine.rules import build_rules as reverse_rules
            from .reverse_table import REVERSE_QUICK_GAME, new_reverse_service

            reverse = new_reverse_service(REVERSE_QUICK_GAME, [None] * 4, reverse_rules(4))
            self.app.own(reverse)
            self.app.start_table(reverse)
        elif item_id == "resume":
            from .saves_screen import SavesScreen

            self.app.push_screen(SavesScreen())
        elif item_id == "rules":
            from .info import rules_screen

            self.app.push_screen(rules_screen(build_rules(4), "standard"))
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
