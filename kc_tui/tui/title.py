"""The title screen: new game, quick game, resume, rules, settings, quit."""

from __future__ import annotations

from typing import ClassVar, Sequence

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import Static

from ..core.i18n import N_, Domain, language
from ..storage import games_report_bars, games_report_text
from .fit import SizedScreen
from .part import TuiGame, tui_games
from .typed_app import OnKingsCornerApp
from .widgets import Menu, MenuItem, TextPanel
from .words import said

_, ngettext, pgettext, L_, Ln_ = Domain.of(__package__).functions()

__all__ = ["TitleScreen"]

BANNER = """\
 _  ___                   _        _   _             ___
| |/ (_)_ __  __ _ ___   (_)_ _   | |_| |_  ___     / __|___ _ _ _ _  ___ _ _
| ' <| | '  \\/ _` (_-<   | | ' \\  |  _| ' \\/ -_)   | (__/ _ \\ '_| ' \\/ -_) '_|
|_|\\_\\_|_||_\\__, /__/   |_|_||_|  \\__|_||_\\___|    \\___\\___/_| |_||_\\___|_|
            |___/"""

BANNERS = {
    "en": BANNER,
    "es": """\
 ___                              _                             _
| _ \\___ _  _ ___ ___  ___ _ _   | |__ _ ___  ___ ___ __ _ _  _(_)_ _  __ _ ___
|   / -_) || / -_|_-< / -_) ' \\  | / _` (_-< / -_|_-</ _` | || | | ' \\/ _` (_-<
|_|_\\___|\\_, \\___/__/ \\___|_||_| |_\\__,_/__/ \\___/__/\\__, |\\_,_|_|_||_\\__,_/__/
         |__/                                           |_|""",
    "fr": """\
 _                     _         _                _                 _
| |   ___ ___  _ _ ___(_)___  __| |__ _ _ _  ___ | |___ ___  __ ___(_)_ _  ___
| |__/ -_|_-< | '_/ _ \\ (_-< / _` / _` | ' \\(_-< | / -_|_-< / _/ _ \\ | ' \\(_-<
|____\\___/__/ |_| \\___/_/__/ \\__,_\\__,_|_||_/__/ |_\\___/__/ \\__\\___/_|_||_/__/""",
}
"""The game's name drawn large (FIGlet's "small" font), in each language that names it: art,
not a sentence, so it is not in the catalog; a language without one shows the English."""

# Translators: the game's name, one letter apart, where the banner has no room.
SHORT_TITLE = N_("K I N G S   I N   T H E   C O R N E R")

NO_SAVES = N_("no saved games yet")

def title_menu(games: Sequence[TuiGame]) -> list[MenuItem]:
    """The title's menu: the default game's quick game second, the other games' after
    "continue" (``games`` in the registry's order)."""

    def quick(game: TuiGame) -> MenuItem:
        return MenuItem(game.quick.id, game.quick.key, game.quick.label)

    return [
        MenuItem("new", "n", N_("New game: choose players, levels and rules")),
        *(quick(game) for game in games[:1]),
        MenuItem("resume", "c", N_("Continue a saved game"), disabled=NO_SAVES),
        *(quick(game) for game in games[1:]),
        MenuItem("rules", "r", N_("How to play: the rules")),
        MenuItem("stats", "t", N_("Statistics: each player's record")),
        MenuItem("settings", "s", N_("Settings: language, theme, cards, AI pace")),
        MenuItem("quit", "q", N_("Quit")),
    ]


SCREEN_READER = N_("With a screen reader, the line mode reads better: kings-corner play --plain")
"""What the title says until it has something else to say: a screen reader reads the banner's
strokes and the boxes' corners, where the line mode is sentences (a blind play test)."""


class TitleScreen(OnKingsCornerApp, SizedScreen):
    """What ``kings-corner`` opens on."""

    MIN_SIZE = (80, 20)
    """The banner and the key line take 80 columns; banner, menu and status 19 rows, and the keys one."""
    SIZE_NAME = N_("The title screen")
    SIZE_ADVICE = N_("Make it larger, or play with kings-corner play --plain.")

    # ? and F1 open the rules too (each menu item's key is bound as the screen is made).
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("question_mark,f1", "pick('rules')", N_("Rules"), show=False),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.games = tui_games()
        """Every game's screens, the default first (the registry's as the screen is made)."""
        self.menu = title_menu(self.games)
        self.quick = {game.quick.id: game for game in self.games}
        self._saves_before: int | None = None
        """How many saves there were as another screen covered this one."""
        for item in self.menu:  # each item's key picks it (the menu shows the keys)
            self._bindings.bind(item.key, f"pick('{item.id}')", item.label.split(":")[0])

    def compose(self) -> ComposeResult:
        with Vertical(id="title-box"):
            yield Static(BANNERS.get(language(), BANNER), id="banner", markup=False)
            yield Static(_(SHORT_TITLE), id="short-title")
            yield Static(_("A family card game of patience and Kings, for 2 to 6 players."), id="tagline")
            yield Menu(self.menu, id="title-menu")
            yield TextPanel(id="title-status")
        yield TextPanel(id="keys", classes="keys")
        yield self.too_small_note()

    def _refresh_resume(self) -> int:
        """Continue is offered once a saved game of any game exists; the number of saves."""
        count = sum(len(game.saves()) for game in self.games)
        menu = self.query_one(Menu)
        menu.items = [
            MenuItem(i.id, i.key, said(i.label) + (f" ({count})" if count else ""), "" if count else NO_SAVES)
            if i.id == "resume" else i for i in self.menu
        ]
        menu.refresh()
        return count

    def report(self, text: str) -> None:
        self.query_one("#title-status", TextPanel).show(text)

    def on_mount(self) -> None:
        self._refresh_resume()
        self.report(_(SCREEN_READER))
        self.call_after_refresh(self.app.show_notice)
        self._show_keys()
        self.query_one(Menu).focus()

    def _show_keys(self) -> None:
        self.query_one("#keys", TextPanel).show(
            # Translators: the title screen's key line; the keys stay, {quick} are letters.
            _("Enter open  n new  {quick} quick  c continue  r rules  t stats  s settings  q quit")
            .format(quick="/".join(game.quick.key for game in self.games)))

    def relabel(self) -> None:
        """The language changed: every word of the screen again, in it."""
        self.query_one("#banner", Static).update(BANNERS.get(language(), BANNER))
        self.query_one("#short-title", Static).update(_(SHORT_TITLE))
        self.query_one("#tagline", Static).update(
            _("A family card game of patience and Kings, for 2 to 6 players."))
        self._refresh_resume()
        self._show_keys()
        self.report(_(SCREEN_READER))

    def on_screen_suspend(self) -> None:
        self._saves_before = sum(len(game.saves()) for game in self.games)

    def on_screen_resume(self) -> None:
        # A game left half-played was saved: Continue is what Enter should open now.
        count = self._refresh_resume()
        menu = self.query_one(Menu)
        if self._saves_before is not None and count > self._saves_before:
            menu.select("resume")
        elif menu.items[menu.selected].disabled:
            # The save continued from was finished: Continue has nothing left to open.
            menu.selected = next(i for i, item in enumerate(menu.items) if not item.disabled)
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
            status.show(_("{item}: {why}.").format(item=said(item.label), why=said(item.disabled)))
        elif item_id == "new":
            self.app.push_screen(self.games[0].new_game_screen())
        elif item_id in self.quick:
            self.quick[item_id].start_quick_game(self.app)
        elif item_id == "resume":
            from .saves_screen import SavesScreen

            self.app.push_screen(SavesScreen())
        elif item_id == "rules":
            self.app.push_screen(self.games[0].rules_screen())
        elif item_id == "stats":
            from .round_over import StatsScreen

            text = games_report_text(bars=False)
            self.app.push_screen(StatsScreen(_("Statistics"), text, games_report_bars(), close_keys="t"))
        elif item_id == "settings":
            from .info import SettingsScreen

            self.app.push_screen(SettingsScreen())
        elif item_id == "quit":
            self.app.exit()

    def palette_commands(self):
        """Each item that acts now: its name (before the colon) and its whole label."""
        labels = [(item.id, said(item.label)) for item in self.query_one(Menu).items if not item.disabled]
        return [(label.split(":")[0].strip(), label, lambda i=item_id: self.action_pick(i))
                for item_id, label in labels]
