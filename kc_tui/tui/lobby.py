"""The lobby of a table server, and the table screen for one networked seat.

:class:`LobbyApp` is what one connection to the server runs (``LobbyApp(server, person)``;
without a person it asks for a name first): the :class:`LobbyScreen` lists the tables, makes
one (:class:`CreateTableScreen`, the new-game screen's seats and rules), takes a seat or watches.
Once the game at one's table is playing, :class:`NetworkTableScreen` shows it: the local table
screen drawn from that seat's view, with chat (``'`` or ``:say``); the server plays the
computers and deals, so the screen only follows what it is sent.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Input, OptionList, RichLog, Static
from textual.widgets.option_list import Option

from ..core.kinds import Phase
from ..core.text import visible
from ..games.kings_corner.engine.describe import session_summary
from ..games.kings_corner.remote import RemoteTable
from ..games.kings_reverse.net import ReverseDoor
from ..games.kings_reverse.remote import ReverseRemote
from ..net import (
    MAX_TABLE_NAME,
    SEAT_OPEN,
    Person,
    SeatDoor,
    TableError,
    TableInfo,
    TableServer,
    TableState,
    check_name,
)
from ..storage.settings import Settings
from . import style_path
from .app import KingsCornerApp
from .dialogs import TextScreen
from .modal import Dialog
from .new_game import KINDS, NewGameScreen
from .reverse_network import CreateReverseTableScreen, NetworkReverseTableScreen
from .served import CHAT_HINT, ServedTable
from .table import TableScreen
from .typed_app import OnKingsCornerApp
from .widgets import Choice, HandView, Menu, MenuItem, TextPanel

__all__ = ["LobbyApp", "LobbyScreen", "NameScreen", "CreateTableScreen", "NetworkTableScreen"]

PROMPT_PLACEHOLDER = "command, e.g. 7h n  (Enter to run, Esc to close)"
GUEST_NOTE = " You are a guest (no key): a seat you leave is not kept for you."
PROMPT_MAX = 500
"""The longest line the command line at a networked table takes (a chat line is refused past
the server's own bound, with a sentence; this keeps a pasted megabyte out of memory)."""


class NameScreen(Dialog[str]):
    """Asks the name to show at the tables; dismissed with it once it is acceptable."""

    BINDINGS = [Binding("escape", "cancel", "Quit")]

    def __init__(self, known: str | None = None, problem: str | None = None) -> None:
        super().__init__()
        self.known = known
        self.problem = problem
        """Why the name typed before was refused (the server's sentence), shown at once."""

    def compose(self) -> ComposeResult:
        with Vertical(id="name-dialog", classes="dialog"):
            yield Static("Your name at the tables", classes="dialog-title")
            yield Input(value=self.known or "", max_length=40, placeholder="name", id="name")
            yield TextPanel(id="name-problem")
            yield TextPanel(id="name-keys", classes="keys")

    def set_up(self) -> None:
        self.query_one("#name-keys", TextPanel).show("Enter choose  Esc quit")
        if self.problem:
            self.query_one("#name-problem", TextPanel).show(self.problem)
        self.query_one("#name", Input).focus()

    def on_input_submitted(self, message: Input.Submitted) -> None:
        try:
            name = check_name(message.value)
        except TableError as exc:
            self.query_one("#name-problem", TextPanel).show(str(exc))
            return
        self.dismiss(name)

    def action_cancel(self) -> None:
        self.app.exit()


LOBBY_HELP = "Enter join  1-6 seat  w watch  n new  s start  l leave  q quit"


class LobbyScreen(OnKingsCornerApp, Screen[None]):
    """The server's tables, one a line, and what one can do with the one picked."""

    _at_table = False  # the status line says where this person sits
    _stale = False  # a change came while a table's screen covered this one

    BINDINGS = [
        Binding("enter,j", "join", "Join"),
        Binding("w", "watch", "Watch"),
        Binding("n", "new", "New table"),
        Binding("s", "start", "Start"),
        Binding("l", "leave", "Leave"),
        Binding("q", "quit", "Quit"),
        Binding("1", "seat(0)", "Seat 1", show=False),
        Binding("2", "seat(1)", "Seat 2", show=False),
        Binding("3", "seat(2)", "Seat 3", show=False),
        Binding("4", "seat(3)", "Seat 4", show=False),
        Binding("5", "seat(4)", "Seat 5", show=False),
        Binding("6", "seat(5)", "Seat 6", show=False),
    ]

    def compose(self) -> ComposeResult:
        yield Static("Kings in the Corner: tables", classes="screen-title")
        yield OptionList(id="tables")
        yield TextPanel(id="lobby-status")
        yield TextPanel(id="keys", classes="keys")

    @property
    def lobby(self) -> LobbyApp:
        app = self.app
        assert isinstance(app, LobbyApp)
        return app

    def on_mount(self) -> None:
        self.query_one("#keys", TextPanel).show(LOBBY_HELP)
        self._unsubscribe = self.lobby.server.subscribe(self._changed)
        self.refresh_tables()
        self.query_one("#tables", OptionList).focus()
        if self.lobby.person is None:
            self.lobby.ask_name()

    def on_unmount(self) -> None:
        self._unsubscribe()

    def _changed(self) -> None:
        # Called by the server after a change; drawn after the step that made it.  Under a
        # table's screen nothing of the lobby shows: it is brought up to date when it shows again
        # (every session of a server rebuilt its hidden list at every round of every table).
        if self._covered():
            self._stale = True
            return
        self.call_later(self.refresh_tables)

    def _covered(self) -> bool:
        """Whether a whole screen (a table's) is over this one: a dialog leaves it in sight."""
        stack = self.app.screen_stack
        if self not in stack:
            return False
        return any(not isinstance(screen, ModalScreen) for screen in stack[stack.index(self) + 1:])

    def on_screen_resume(self) -> None:
        if self._stale:
            self._stale = False
            self.refresh_tables()

    def refresh_tables(self) -> None:
        if not self.is_attached:
            return
        tables = self.lobby.server.tables()
        listing = self.query_one("#tables", OptionList)
        highlighted = listing.highlighted_option.id if listing.highlighted_option else None
        listing.clear_options()
        listing.add_options([Option(t.line(), id=str(t.id)) for t in tables])
        if not tables:
            listing.add_option(Option("No tables yet: press n to make one.", id="none", disabled=True))
        ids = [str(t.id) for t in tables]
        if highlighted in ids:
            listing.highlighted = ids.index(highlighted)
        elif tables:
            listing.highlighted = 0
        door = self.lobby.door
        if door is None or door.closed:
            if self._at_table:
                self._at_table = False
                self.say("Enter takes a free seat of the table picked (or yours again); w watches it.")
            return
        self._at_table = True
        info = door.info()
        if info.state == TableState.PLAYING and self.lobby.screen is self:
            self.lobby.open_table(door)
            return
        where = f"seat {door.seat + 1}" if door.seat is not None else "watching"
        starts = (" Press s to start it." if self.lobby.server.may_start(door.person, info.id) else
                  f" {info.owner} starts it.")
        self.say(f"You are at table {info.id} ({where}); waiting for the game to start.{starts}"
                 if info.state == TableState.WAITING else f"You are at table {info.id} ({where}).")

    def say(self, text: str) -> None:
        self.query_one("#lobby-status", TextPanel).show(text)

    def selected(self) -> TableInfo | None:
        listing = self.query_one("#tables", OptionList)
        option = listing.highlighted_option
        if option is None or option.id in (None, "none"):
            self.say("There is no table to pick: press n to make one.")
            return None
        try:
            return self.lobby.server.table(int(option.id or 0))
        except TableError as exc:
            self.say(str(exc))
            return None

    def on_option_list_option_selected(self, message: OptionList.OptionSelected) -> None:
        self.action_join()

    def action_join(self) -> None:
        table = self.selected()
        if table is None:
            return
        person = self.lobby.person
        assert person is not None
        seat = self.lobby.server.seat_to_take(person, table.id)
        if seat is None:
            self.say(f"Table {table.id} has no free seat: press w to watch it.")
            return
        self.action_seat(seat)

    def action_seat(self, seat: int) -> None:
        table = self.selected()
        if table is not None:
            self.lobby.sit(table.id, seat)

    def action_watch(self) -> None:
        table = self.selected()
        if table is not None:
            self.lobby.watch_table(table.id)

    def action_new(self) -> None:
        if self.lobby.door is not None:
            self.say("You are at a table already: press l to leave it first.")
            return
        self.app.push_screen(CreateTableScreen())

    def action_start(self) -> None:
        door = self.lobby.door
        if door is None:
            self.say("Take a seat at your table first.")
            return
        try:
            door.start()
        except TableError as exc:
            self.say(str(exc))

    def action_leave(self) -> None:
        door = self.lobby.door
        if door is None:
            self.say("You are at no table.")
            return
        self.lobby.door = None
        door.leave()
        self.say("You left the table.")
        self.refresh_tables()

    def action_quit(self) -> None:
        self.lobby.quit()


class CreateTableScreen(NewGameScreen):
    """The new-game screen for a table: its name (the lobby lists it; "Ada's table" unless
    another is typed), and each seat open (for a person) or a computer level."""

    def default_name(self) -> str:
        app = self.app
        return f"{app.person.name}'s table" if isinstance(app, LobbyApp) and app.person else "A table"

    def table_name(self) -> str:
        """The name typed, or the default one when the field is left blank."""
        field = self.query("#table-name")  # mounted after the rows the summary is first made of
        return (field.first(Input).value.strip() if field else "") or self.default_name()

    def on_mount(self) -> None:
        # Runs before the new-game screen's own on_mount (Textual calls both).
        # The name's row comes first; the screen still opens on the number of players (the
        # rows below are where the keys land, as on the new-game screen), Up reaches the name.
        row = Horizontal(Static(f"  {'Table name':<25}", classes="label"),
                         Input(placeholder=self.default_name(), max_length=MAX_TABLE_NAME, id="table-name"),
                         classes="seat", id="table-name-row")
        scroll = self.query_one("#new-game")
        scroll.mount(row, before=scroll.children[0])
        kinds = [("you", "open: a person")] + KINDS[1:]
        for i in range(6):
            choice = self.query_one(f"#kind-{i}", Choice)
            choice.set_value(choice.value, kinds)
            self.query_one(f"#name-{i}", Input).display = False
        self.query_one("#seed", Input).parent.display = False  # type: ignore[union-attr]
        self.query_one(".screen-title", Static).update("New table")
        menu = self.query_one("#new-game-menu", Menu)
        menu.items = [MenuItem("start", "Ctrl+S", "Make the table and sit at it"),
                      MenuItem("back", "Esc", "Back to the lobby")]
        menu.refresh()
        self.call_after_refresh(self._key_line)  # after the new-game screen's own on_mount

    def _key_line(self) -> None:
        self.query_one("#keys", TextPanel).show(
            "Up/Down or Tab move  Left/Right change  Ctrl+S make the table  Esc back")

    def on_choice_changed(self, message: Choice.Changed) -> None:
        if (message.choice.id or "") == "game":
            # The other game's table screen, not the local new-game screen.
            message.prevent_default()
            if message.value == "kings-reverse":
                self.app.switch_screen(CreateReverseTableScreen())

    def summary_line(self) -> str:
        kinds = [self.query_one(f"#kind-{i}", Choice).value for i in range(self.players)]
        seats = ", ".join("open" if k == "you" else k for k in kinds)
        return (f"A table for {self.players}: {seats}; its name: {visible(self.table_name())}. "
                "Ctrl+S makes it and seats you at the first open seat.")

    def action_start(self) -> None:
        problem = self._problem()
        kinds = [self.query_one(f"#kind-{i}", Choice).value for i in range(self.players)]
        specs = [SEAT_OPEN if k == "you" else k for k in kinds]
        if not problem and SEAT_OPEN not in specs:
            problem = "A table needs one open seat at least, for you."
        if problem:
            self.query_one("#summary", TextPanel).show(f"Cannot start: {problem}")
            return
        app = self.app
        assert isinstance(app, LobbyApp) and app.person is not None
        try:
            info = app.server.create_table(app.person, self.table_name(), self.rules(), specs)
        except TableError as exc:
            self.query_one("#summary", TextPanel).show(f"Cannot start: {exc}")
            return
        app.pop_screen()
        app.sit(info.id, specs.index(SEAT_OPEN))


class NetworkTableScreen(ServedTable, TableScreen):
    """The table screen for one networked seat: the server deals and plays the computers;
    this screen draws what it is sent, and adds chat."""

    PROMPT_PLACEHOLDER = PROMPT_PLACEHOLDER

    BINDINGS = [Binding("apostrophe", "chat", "Chat", show=False)]
    PROMPT_OUTLIVES_TURNS = True  # a chat line being typed survives the others' moves

    def __init__(self, remote: RemoteTable) -> None:
        super().__init__(remote)
        self.remote = remote
        self._served()

    def on_mount(self) -> None:
        # Runs before the table screen's own on_mount (Textual calls both).
        self.remote.on_update = self._schedule_update
        self.query_one("#prompt", Input).max_length = PROMPT_MAX
        watching = " You are watching: no hand is shown." if self.remote.door.spectator else ""
        self.query_one(HandView).watching = self.remote.door.spectator
        self.call_after_refresh(lambda: self.query_one("#log", RichLog).write(CHAT_HINT + watching))
        # What the table said before this screen was there (the game starting, a computer taking
        # a free seat) comes after the chat hint, then the news as it happens.
        self.call_after_refresh(lambda: self.remote.hear(self._notice))

    def _before_update(self) -> None:
        """The seats' names as the server has them now (a person took a seat dealt without them)."""
        self.remote.adopt_names(self.names, self.narrator.names, self.turns.names)

    def _position(self) -> object:
        return (self.service.phase, self.service.turn_id)

    def advance(self) -> None:
        self._advanced = self._position()
        if self.remote.door.spectator and self.service.phase == Phase.ROUND_OVER:
            self._tell_round_over()
            return
        super().advance()

    def _tell_round_over(self) -> None:
        """A spectator reads the round's result in the log: there is nothing to answer (the
        players deal the next round), so no dialog stands over the table meanwhile."""
        self.refresh_table()
        text, totals = self.round_over_texts()
        lines = [line for line in ["Round over.", *text.splitlines(), *totals.splitlines()] if line.strip()]
        self.query_one("#log", RichLog).write("\n".join(lines))  # one write: one redraw
        self.say("Round over: the log has its result. The players deal the next round when "
                 "they are ready.")

    def _computer_plays(self) -> None:
        self.say(f"{self.service.current_seat.name} is playing..." if not self.remote.door.spectator
                 else f"{self.service.current_seat.name} is playing. You are watching.")
        self.refresh_table()

    def _next_round(self) -> None:
        if self.remote.door.spectator:
            self.say("The players deal the next round when they are ready.")
            return
        try:
            self.service.next_round()
        except TableError as exc:
            self.say(str(exc))
            return
        if self.service.phase == Phase.ROUND_OVER:
            self.say("Waiting for the others to be ready for the next round...")
        self.refresh_table()

    def _after_round(self, choice: str | None) -> None:
        """At a session's end the scores, then back to the lobby (a networked table has no
        "play again": a new table is made there)."""
        if choice != "quit" and self.service.phase == Phase.SESSION_OVER:
            text = session_summary(self.service.session_summary(), self.names)
            self.app.push_screen(TextScreen("The session is over", text), lambda _: self._leave())
            return
        super()._after_round(choice)

    def action_quit(self) -> None:
        if self.remote.door.spectator or self.service.phase == Phase.SESSION_OVER:
            self._leave()
            return
        self.ask("Leave the table? A computer plays your seat until you come back. "
                 "Press y to leave, any other key to stay.", self._leave)


class LobbyApp(KingsCornerApp):
    """One connection's app: the lobby of ``server`` for ``person`` (None: ask a name first;
    ``key`` is the connection's key fingerprint, None for a guest).  When the app ends, a seat
    still held is detached (held for the grace time) unless it was left on purpose."""

    CSS_PATH = [style_path("app.tcss"), style_path("table.tcss"), style_path("lobby.tcss")]

    def __init__(self, server: TableServer, person: Person | None = None, *, key: str | None = None,
                 settings: Settings | None = None) -> None:
        super().__init__(settings=settings)
        self.server = server
        self.person = person
        self.key = person.key if person is not None else key
        self.door: SeatDoor | None = None
        """The seat (or watching place) this connection holds, if any."""

    def home_screen(self) -> Screen[Any]:
        return LobbyScreen()

    def ask_name(self) -> None:
        """The first visit: a name for the tables (remembered for the key)."""
        known = self.server.known_name(self.key) if self.key else None
        self.push_screen(NameScreen(known), self._named)

    def _named(self, name: str | None) -> None:
        if name is None:
            self.exit()
            return
        try:
            self.person = self.server.person(self.key, name)
        except TableError as exc:  # the name is another person's
            self.push_screen(NameScreen(name, str(exc)), self._named)
            return
        self._lobby_say(f"Welcome, {self.person.name}. Pick a table and press Enter to sit, "
                        "or n to make one." + (GUEST_NOTE if self.person.guest else ""))

    def _take_signals(self) -> None:
        """The server's process owns the signals: one connection's app takes none."""

    def _give_back_signals(self) -> None:
        """Nothing was taken."""

    def _lobby(self) -> LobbyScreen | None:
        for screen in self.screen_stack:
            if isinstance(screen, LobbyScreen):
                return screen
        return None

    def _lobby_say(self, text: str) -> None:
        lobby = self._lobby()
        if lobby is not None and lobby.is_attached:
            lobby.say(text)

    def sit(self, table_id: int, seat: int) -> None:
        self._take(lambda person: self.server.join(person, table_id, seat))

    def watch_table(self, table_id: int) -> None:
        self._take(lambda person: self.server.watch(person, table_id))

    def _take(self, door_for: Callable[[Person], SeatDoor]) -> None:
        """Take a seat or a place to watch (``door_for`` asks the server for it); a refusal is
        said in the lobby.  Once the game is on, its table is shown."""
        if self.person is None:
            return
        if self.door is not None and not self.door.closed:
            self._lobby_say("You are at a table already: press l to leave it first.")
            return
        try:
            door = self.door = door_for(self.person)
        except TableError as exc:
            self._lobby_say(str(exc))
            return
        if door.started:
            self.open_table(door)
        else:
            lobby = self._lobby()
            if lobby is not None:
                lobby.refresh_tables()

    def open_table(self, door: SeatDoor) -> None:
        """The game at the door's table is on: show it."""
        if any(isinstance(s, (NetworkTableScreen, NetworkReverseTableScreen)) for s in self.screen_stack):
            return
        if isinstance(door, ReverseDoor):
            self.push_screen(NetworkReverseTableScreen(ReverseRemote(door)))
            return
        self.push_screen(NetworkTableScreen(RemoteTable(door)))

    def leave_table(self, screen: Screen[Any]) -> None:
        """The table screen was left: its seat goes (a computer plays it), back to the lobby."""
        service = getattr(screen, "service", None)
        if isinstance(service, (RemoteTable, ReverseRemote)):
            service.close()
        self.door = None
        self._remove(screen)
        lobby = self._lobby()
        if lobby is not None:
            lobby.refresh_tables()

    def play_again(self, screen: TableScreen) -> None:
        self.leave_table(screen)

    def quit(self) -> None:
        """Leave on purpose: a seat held is left, not held for the grace time."""
        if self.door is not None and not self.door.closed:
            self.door.leave()
        self.door = None
        self.exit()

    def on_unmount(self) -> None:
        if self.door is not None and not self.door.closed:
            self.door.detach()  # the connection went without leaving: the seat is held
        self.door = None
        if self.person is not None:
            self.server.left(self.person)
