"""Higher's screens, its ``tui`` part (:class:`kc_tui.tui.part.TuiGame`): the table (:mod:`.table`),
the new-game form and the lobby's form for a table on the platform's new-game shell, its saves
through the platform's storage, and the replay's board."""

from __future__ import annotations

import random
import re
from typing import Any, Sequence, cast

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Input, Static

from kc_tui.core.errors import RuleError
from kc_tui.net import SEAT_OPEN, SeatDoor, TableError
from kc_tui.storage import SaveError, delete_save, list_saves, load_save, resume_saving, start_saving
from kc_tui.tui.dialogs import TextScreen
from kc_tui.tui.keys import bindings, key_line
from kc_tui.tui.new_game import NEW_GAME_KEYS, ChoicesScroll, NewGameShell, SeatChoice, seat_kinds
from kc_tui.tui.part import QuickGame, SavedGame, SaveRefused, SessionHost, tui_game
from kc_tui.tui.widgets import Choice, Menu, MenuItem, TextPanel, any_card_text

from . import ENTRY
from .engine import GAME_NAME, HigherRules, HigherService, seats_for
from .line import RULES
from .remote import HigherRemote
from .table import HigherTableScreen, NetworkHigherTableScreen

KINDS = seat_kinds(ENTRY.levels)
SEATS = ["you", *ENTRY.levels * 5]


def new_service(specs: Sequence[str], names: Sequence[str | None], players: int,
                seed: int | None = None) -> HigherService:
    seed = random.SystemRandom().getrandbits(48) if seed is None else seed
    return HigherService(HigherRules(players), seats_for(specs, names), seed)


class HigherNewGameScreen(NewGameShell):
    """Higher's new-game form: players, seats, an optional seed."""

    KEY_ROWS = NEW_GAME_KEYS
    BINDINGS = bindings(NEW_GAME_KEYS)
    GAME = GAME_NAME
    TITLE_TEXT = "New game: Higher"

    def compose(self) -> ComposeResult:
        yield Static(self.TITLE_TEXT, classes="screen-title")
        with ChoicesScroll(id="new-game"):
            yield self.game_choice()
            yield Choice("Players", [(n, str(n)) for n in range(ENTRY.min_players, ENTRY.max_players + 1)],
                         2, id="player-count")
            for i in range(6):
                yield SeatChoice(i, SEATS[i], self.kinds())
            with Horizontal(classes="seat", id="seed-row"):
                yield Static(f"  {'Seed (blank: random)':<25}", classes="label")
                yield Input(id="seed", type="integer", placeholder="random", max_length=18)
            yield Menu([MenuItem("start", "Ctrl+S", "Start"), MenuItem("back", "Esc", "Back")],
                       id="new-game-menu")
        yield TextPanel(id="summary")
        yield TextPanel(id="keys", classes="keys")

    def kinds(self) -> list[tuple[str, str]]:
        return KINDS

    def on_mount(self) -> None:
        self.query_one("#keys", TextPanel).show(key_line(NEW_GAME_KEYS))
        self._update()
        self.query_one("#game", Choice).focus()

    def specs(self) -> list[str]:
        return [self.query_one(f"#kind-{i}", Choice).value for i in range(self.players)]

    def _update(self) -> None:
        specs = self.specs()
        for i in range(6):
            self.query_one(f"#seat-{i}").display = i < self.players
            if i < self.players:
                self.query_one(f"#name-{i}", Input).placeholder = self._default_name(i, specs)
        self.query_one("#summary", TextPanel).show(self.summary())

    def summary(self) -> str:
        return f"Higher for {self.players}: {', '.join(self.specs())}. Ctrl+S starts."

    def on_menu_chosen(self, message: Menu.Chosen) -> None:
        self.action_start() if message.item.id == "start" else self.action_back()

    def seed(self) -> int | None:
        text = self.query_one("#seed", Input).value.strip()
        return int(text) if re.fullmatch(r"-?[0-9]+", text) else None

    def action_start(self) -> None:
        specs = self.specs()
        people = [i for i, s in enumerate(specs) if s == "you"]
        names = [self.query_one(f"#name-{i}", Input).value.strip() or None for i in range(self.players)]
        if len(people) > 1:  # people taking turns at this keyboard: each by their name
            specs = [f"human:{names[i] or f'Player {i + 1}'}" if i in people else s for i, s in enumerate(specs)]
        try:
            service = new_service(specs, names, self.players, self.seed())
        except RuleError as exc:
            self.query_one("#summary", TextPanel).show(f"Cannot start: {exc}")
            return
        self.app.own(service, start_saving(service, specs, self.app.report_save_error, GAME_NAME))
        self.app.pop_screen()
        self.app.start_table(service)


class CreateHigherTableScreen(HigherNewGameScreen):
    """The lobby's form for a table of Higher: each seat open (a person) or a computer."""

    TITLE_TEXT = "New table: Higher"

    def kinds(self) -> list[tuple[str, str]]:
        return [("you", "open: a person"), *KINDS[1:]]

    def on_mount(self) -> None:
        for i in range(6):
            self.query_one(f"#name-{i}", Input).display = False
        self.query_one("#seed-row").display = False

    def switch_game(self, name: str) -> None:
        self.app.switch_screen(tui_game(name).create_table_screen())

    def summary(self) -> str:
        return f"A table of Higher for {self.players}. Ctrl+S makes it and seats you."

    def action_start(self) -> None:
        app: Any = self.app  # the lobby's app, which has the server and the person
        specs = [SEAT_OPEN if s == "you" else s for s in self.specs()]
        try:
            if SEAT_OPEN not in specs:
                raise TableError("A table needs one open seat at least, for you.")
            info = app.server.create_table(app.person, "", HigherRules(self.players), specs)
        except TableError as exc:
            self.query_one("#summary", TextPanel).show(f"Cannot start: {exc}")
            return
        app.pop_screen()
        app.sit(info.id, specs.index(SEAT_OPEN))


class HigherScreens:
    """Higher's :class:`~kc_tui.tui.part.TuiGame`."""

    name = GAME_NAME
    quick = QuickGame("higher", "h", "Higher: a quick game of the tests' demonstration")
    stylesheets = ()  # (its screen's few rules are its DEFAULT_CSS)

    def serves(self, session: object) -> bool:
        return isinstance(session, HigherService)

    def start_quick_game(self, app: SessionHost) -> None:
        specs = ["you", ENTRY.levels[0]]
        service = new_service(specs, [], 2)
        app.own(service, start_saving(service, specs, app.report_save_error, GAME_NAME))
        app.start_table(service)

    def table_screen(self, session: Any) -> Screen[Any]:
        return HigherTableScreen(session)

    def new_game_screen(self) -> Screen[Any]:
        return HigherNewGameScreen()

    def rules_screen(self) -> Screen[Any]:
        return TextScreen("The rules", RULES, close_keys="r")

    def saves(self) -> Sequence[SavedGame]:
        return [SavedGame(GAME_NAME, info.path, f"{ENTRY.title} - {info.title}", info.problem)
                for info in list_saves(GAME_NAME)]

    def resume(self, app: SessionHost, saved: SavedGame) -> Any:
        try:
            restored = load_save(saved.path, game=GAME_NAME)
        except SaveError as exc:
            raise SaveRefused(exc.problem, saved.path) from None
        app.own(restored.service, resume_saving(restored, app.report_save_error))
        return restored.service

    def delete_save(self, saved: SavedGame) -> None:
        try:
            delete_save(saved.path)
        except SaveError as exc:
            raise SaveRefused(exc.problem, saved.path) from None

    def create_table_screen(self) -> Screen[Any]:
        return CreateHigherTableScreen()

    def network_table_screen(self, door: SeatDoor) -> Screen[Any]:
        return NetworkHigherTableScreen(HigherRemote(door))

    def replay_board(self) -> Widget:
        return TextPanel(id="pile")

    def show_replay_step(self, board: Widget, step: Any, ascii_only: bool) -> None:
        pile, stock = step.table  # (its saves part's replay keeps the pile's top and the stock)
        cast(TextPanel, board).show(f"Round {step.round_no}\nPile: {any_card_text(pile, ascii_only)}\n"
                                    f"Stock: {stock}")


GAME = HigherScreens()
