"""The lobby of a table server.

:class:`LobbyApp` is what one connection to the server runs (``LobbyApp(server, person)``;
without a person it asks for a name first): the :class:`LobbyScreen` lists the tables, makes
one (the default game's form for a table, :meth:`~kc_tui.tui.part.TuiGame.create_table_screen`;
its "Game" choice reaches the others'), takes a seat or watches.  Once the game at one's table is
playing, that game's network table screen shows it
(:meth:`~kc_tui.tui.part.TuiGame.network_table_screen`, a :class:`~kc_tui.tui.served.ServedTable`).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from ..core.i18n import N_, Domain
from ..net import (
    Notice,
    Person,
    SeatDoor,
    TableError,
    TableInfo,
    TableServer,
    TableState,
    check_name,
    suggested_name,
    tables_title,
)
from ..storage.settings import Settings
from . import style_path
from .app import KingsCornerApp
from .dialogs import help_screen
from .keys import KeyRow, bindings
from .modal import Dialog
from .part import tui_game, tui_games
from .served import ServedTable
from .typed_app import OnKingsCornerApp
from .widgets import PickList, TextField, TextPanel

_, ngettext, pgettext, L_, Ln_ = Domain.of(__package__).functions()

__all__ = ["LIST_SECONDS", "LobbyApp", "LobbyScreen", "NameScreen"]

LIST_SECONDS = 0.5
"""The lobby lists the tables again at most this often for changes other people make (a change
after a quiet while shows at once).  Two hundred people arriving together each changed every
other lobby: each lobby listed the tables two hundred times, the last arrivals waiting behind."""


class NameScreen(Dialog[str]):
    """Asks the name to show at the tables; dismissed with it once it is acceptable."""

    BINDINGS = [Binding("escape", "cancel", N_("Quit"))]

    def __init__(self, known: str | None = None, problem: str | None = None) -> None:
        super().__init__()
        self.known = known
        self.problem = problem
        """Why the name typed before was refused (the server's sentence), shown at once."""

    def compose(self) -> ComposeResult:
        with Vertical(id="name-dialog", classes="dialog"):
            yield Static(_("Your name at the tables"), classes="dialog-title")
            # Translators: the placeholder of the name field.
            yield TextField(value=self.known or "", max_length=40, placeholder=_("name"), id="name")
            yield TextPanel(id="name-problem")
            yield TextPanel(id="name-keys", classes="keys")

    def set_up(self) -> None:
        self.query_one("#name-keys", TextPanel).show(_("Enter choose  Esc quit"))
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




def _seat_numbers(seats: tuple[int, ...]) -> str:
    """Free seats (from 0) as people number them: "2-4" for a run, else "1, 3" (the key line said
    "1-4" with seats 1 and 4 taken)."""
    numbers = [s + 1 for s in seats]
    if len(numbers) > 1 and numbers == list(range(numbers[0], numbers[-1] + 1)):
        return f"{numbers[0]}-{numbers[-1]}"
    return ", ".join(map(str, numbers))


LOBBY = N_("The tables")
LOBBY_KEYS: tuple[KeyRow, ...] = (
    KeyRow(N_("Up, Down"), N_("pick a table"), LOBBY),
    KeyRow(N_("Enter, j"), N_("take a free seat at the table picked (or yours again)"), LOBBY, action="join",
           bind=(("enter,j", "join"),), palette=N_("Join the table")),
    KeyRow("1-6", N_("take that seat at the table picked"), LOBBY, action="seat",
           bind=tuple((str(n), f"seat({n - 1})") for n in range(1, 7))),
    KeyRow("w", N_("watch the table picked"), LOBBY, action="watch", bind=(("w", "watch"),),
           palette=N_("Watch the table")),
    KeyRow("n", N_("make a new table"), LOBBY, action="new", bind=(("n", "new"),), palette=N_("New table")),
    KeyRow("s", N_("start the game at your table (its maker)"), LOBBY, action="start", bind=(("s", "start"),),
           palette=N_("Start the game")),
    KeyRow("l", N_("leave your table"), LOBBY, action="leave", bind=(("l", "leave"),),
           palette=N_("Leave the table")),
    KeyRow("x", N_("give up the adjourned game of the table picked (yours): pressed twice, its table "
                   "closes for good"), LOBBY, action="give_up", bind=(("x", "give_up"),),
           palette=N_("Give up an adjourned game")),
    KeyRow("?, F1", N_("every key, grouped"), LOBBY, action="help", bind=(("question_mark,f1", "help"),),
           palette=N_("Help")),
    KeyRow("q", N_("quit (a seat you hold is kept for you for a while, unless you are a guest)"), LOBBY,
           action="quit", bind=(("q", "quit"),), palette=N_("Quit")),
)
"""Every key of the lobby: its bindings, the help and the command palette (the key line below the
list says the keys of the table picked, which change with it)."""


class LobbyScreen(OnKingsCornerApp, Screen[None]):
    """The server's tables, one a line, and what one can do with the one picked."""

    _at_table = False  # the status line says where this person sits
    _stale = False  # a change came while a table's screen covered this one
    _due = False  # a listing is scheduled
    _listed_at = float("-inf")  # when the tables were last listed (monotonic seconds)
    _lines: tuple[tuple[str, str], ...] = ()  # the list's options as shown: (id, line)
    _listed: tuple[TableInfo, ...] = ()  # the tables as listed
    _giving_up: int | None = None  # the table x was pressed on once: pressed again, it closes
    table_said = ""  # what the table not started yet said last (shown after where one sits)

    KEY_ROWS = LOBBY_KEYS
    BINDINGS = bindings(LOBBY_KEYS)

    def compose(self) -> ComposeResult:
        yield Static(str(tables_title()), id="lobby-title", classes="screen-title")
        yield PickList(id="tables")
        yield TextPanel(id="table-note")
        yield TextPanel(id="lobby-status")
        yield TextPanel(id="keys", classes="keys")

    @property
    def lobby(self) -> LobbyApp:
        app = self.app
        assert isinstance(app, LobbyApp)
        return app

    def on_mount(self) -> None:
        self._unsubscribe = self.lobby.server.subscribe(self._changed)
        self.refresh_tables()
        self.query_one("#tables", OptionList).focus()
        if self.lobby.person is None:
            self.lobby.ask_name()

    def _show_keys(self) -> None:
        """The keys that act now, and what the table picked offers (its seats' keys, or how an
        adjourned game is resumed): a digit takes a seat of that table, never picks a table."""
        if not self.is_attached:
            return
        door = self.lobby.door
        at_table = door is not None and not door.closed
        table = None if at_table else self._highlighted()
        keys: list[str] = []
        note = ""
        if table is not None:
            own = self.lobby.kept_seat(table.id)
            if own is not None or (table.free_seats and table.state != TableState.ADJOURNED):
                keys.append(_("Enter join"))
            if table.state == TableState.ADJOURNED:
                note = self._adjourned_note(table, own)
                if own is not None:
                    keys.append(_("x give up"))
            elif table.free_seats:
                free = _seat_numbers(table.free_seats)
                # Translators: the lobby's key line: the digit keys take that seat of the table picked
                # ("2-4 seat at table 1", "2, 4 seat at table 1").
                keys.append(_("{seats} seat at table {table}").format(seats=free, table=table.id))
                note = _("Table {table}'s free seats: {seats}; press a seat's number to take it, or Enter "
                         "for the first free one.").format(table=table.id, seats=free)
            if table.state != TableState.ADJOURNED:
                keys.append(_("w watch"))
        if not at_table:
            keys.append(_("n new"))
        elif door is not None and self._may_start(door):
            keys.append(_("s start"))
        if at_table:
            keys.append(_("l leave"))
        keys += [_("? help"), _("q quit")]
        self.query_one("#keys", TextPanel).show("  ".join(keys))
        self.query_one("#table-note", TextPanel).show(note)

    def _may_start(self, door: SeatDoor) -> bool:
        """Whether the person may start the game of the waiting table they sit at; not when the
        table is gone (its host killed: a play test's session ended on "There is no table 3",
        asked as the key line was drawn)."""
        person = self.lobby.person
        try:
            return (door.info().state == TableState.WAITING and person is not None
                    and self.lobby.server.may_start(person, door.table_id))
        except TableError:
            return False

    @staticmethod
    def _adjourned_note(table: TableInfo, own: int | None) -> str:
        if own is None:
            return _("Table {table} is adjourned; only its players can resume it.").format(table=table.id)
        # (two lines at 80 columns: the note has three at most)
        if table.round:
            return _("Table {table} was adjourned {when}: Enter takes your seat again. Play resumes when "
                     "its players are back, or at s (computers play for those away).").format(
                table=table.id, when=table.adjourned_when())
        return _("Table {table} is adjourned: Enter takes your seat again. Play resumes when its players "
                 "are back, or at s (computers play for those away).").format(table=table.id)

    def _highlighted(self) -> TableInfo | None:
        """The table picked in the list, if any (quietly: nothing is said)."""
        option = self.query_one("#tables", OptionList).highlighted_option
        if option is None or option.id in (None, "none"):
            return None
        for table in self._listed:  # as listed last: nothing asked of the server
            if str(table.id) == option.id:
                return table
        try:
            return self.lobby.server.table(int(option.id or 0))
        except TableError:
            return None

    def on_option_list_option_highlighted(self, message: OptionList.OptionHighlighted) -> None:
        self._show_keys()

    def relabel(self) -> None:
        """The language changed (on the settings screen of a table): the lobby's words in it,
        now or when it shows again."""
        self.query_one("#lobby-title", Static).update(str(tables_title()))
        self._show_keys()
        self._changed()

    def on_unmount(self) -> None:
        self._unsubscribe()

    def _changed(self) -> None:
        # Called by the server after a change; drawn after the step that made it.  Under a
        # table's screen nothing of the lobby shows: it is brought up to date when it shows again
        # (every session of a server rebuilt its hidden list at every round of every table).
        # Changes coming together are listed together, at most every LIST_SECONDS.
        if self._covered():
            self._stale = True
            return
        if self._due:
            return
        self._due = True
        wait = self._listed_at + LIST_SECONDS - time.monotonic()
        if wait > 0:
            self.set_timer(wait, self._list_due)
        else:
            self.call_later(self._list_due)

    def _list_due(self) -> None:
        self._due = False
        if self._covered():
            self._stale = True
        else:
            self.refresh_tables()

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

    def refresh_tables(self, own_first: bool = False) -> None:
        """List the tables again, the one picked kept; with ``own_first`` (the person just
        known: a return, a reload) the table where their seat is kept is picked, where Enter
        gives it back."""
        if not self.is_attached:
            return
        try:
            tables = self.lobby.server.tables()
        except TableError:
            # Its host cannot be reached (a play test killed it while a table screen went back
            # to this lobby, and the refusal was a traceback): the list stays as it was, and the
            # session hears from its link what happened.
            return
        self._listed_at = time.monotonic()
        self._listed = tables
        listing = self.query_one("#tables", OptionList)
        highlighted = listing.highlighted_option.id if listing.highlighted_option else None
        lines = (tuple((str(t.id), t.line()) for t in tables)
                 or (("none", _("No tables yet: press n to make one.")),))
        ids = [i for i, _line in lines]
        if ids == [i for i, _line in self._lines]:  # the same tables: only the lines that changed
            for index, ((_id, line), (_id, shown)) in enumerate(zip(lines, self._lines)):
                if line != shown:
                    listing.replace_option_prompt_at_index(index, line)
        else:
            listing.clear_options()
            listing.add_options([Option(line, id=i, disabled=i == "none") for i, line in lines])
        self._lines = lines
        own = [i for i, t in enumerate(tables) if own_first and self.lobby.kept_seat(t.id) is not None]
        # A game going on first (its seat is held for a while, then a computer plays it), then
        # one adjourned: a reload in the middle of one's turn picked an adjourned table before it.
        own.sort(key=lambda i: tables[i].state == TableState.ADJOURNED)
        if tables:
            pick = own[0] if own else ids.index(highlighted) if highlighted in ids else 0
            if pick != listing.highlighted:
                listing.highlighted = pick
        self._show_keys()
        door = self.lobby.door
        said = self.table_said
        if door is None or door.closed:
            self.table_said = ""  # said once more, as the table went
            if self._at_table:
                self._at_table = False
                # What the table said last says why (its host stopped), where there is one.
                self.say(said or _("Enter takes a free seat of the table picked (or yours again); w watches "
                                   "it."))
            return
        self._at_table = True
        info = door.info()
        if info.state == TableState.PLAYING and self.lobby.screen is self:
            self.lobby.open_table(door)
            return
        seat = door.seat + 1 if door.seat is not None else None
        if info.state != TableState.WAITING:
            self.say(_("You are at table {table} (watching).").format(table=info.id) if seat is None
                     else _("You are at table {table} (seat {seat}).").format(table=info.id, seat=seat))
            return
        may_start = self._may_start(door)
        if info.round and seat is not None:  # an adjourned game taken up again
            where = _("You are at table {table} (seat {seat}); its game was adjourned {when}."
                      ).format(table=info.id, seat=seat, when=info.adjourned_when())
            starts = (_("Press s to resume it (a computer plays for anyone not back yet).") if may_start
                      else _("{owner} resumes it.").format(owner=info.owner))
            self.say(f"{where} {starts}")
            return
        where = (_("You are at table {table} (watching); waiting for the game to start.") if seat is None
                 else _("You are at table {table} (seat {seat}); waiting for the game to start.")
                 ).format(table=info.id, seat=seat)
        starts = (_("Press s to start it.") if may_start else
                  _("{owner} starts it.").format(owner=info.owner))
        self.say(f"{where} {starts} {said}" if said else f"{where} {starts}")

    def say(self, text: str) -> None:
        self.query_one("#lobby-status", TextPanel).show(text)

    def selected(self) -> TableInfo | None:
        listing = self.query_one("#tables", OptionList)
        option = listing.highlighted_option
        if option is None or option.id in (None, "none"):
            self.say(_("There is no table to pick: press n to make one."))
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
        if seat is None and table.state == TableState.FINISHED:
            self.say(_("The game at this table is over."))  # (not "no free seat": it has none to take)
            return
        if seat is None:
            self.say(_("Table {table} has no free seat: press w to watch it.").format(table=table.id))
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
            self.say(_("You are at a table already: press l to leave it first."))
            return
        self.app.push_screen(tui_games()[0].create_table_screen())

    def action_give_up(self) -> None:
        """Give up the adjourned game of the table picked, once x is pressed on it again: a
        person with as many tables as they may have, all adjourned, could otherwise make no new
        one (leaving an adjourned table is nothing to do: nobody sits there)."""
        table = self.selected()
        person = self.lobby.person
        if table is None or person is None:
            return
        if table.state != TableState.ADJOURNED:
            self.say(_("Table {table} has no adjourned game to give up.").format(table=table.id))
            return
        if self._giving_up != table.id:
            self._giving_up = table.id
            self.say(_("Press x again to give up table {table}'s adjourned game for good: the table "
                       "closes and nobody can resume it.").format(table=table.id))
            return
        self._giving_up = None
        try:
            self.lobby.server.close_table(person, table.id)
        except TableError as exc:
            self.say(str(exc))
            return
        self.refresh_tables()
        self.say(_("Table {table} is closed: its adjourned game was given up.").format(table=table.id))

    def action_start(self) -> None:
        door = self.lobby.door
        if door is None:
            self.say(_("Take a seat at your table first."))
            return
        try:
            door.start()
        except TableError as exc:
            self.say(str(exc))

    def action_leave(self) -> None:
        door = self.lobby.door
        if door is None:
            self.say(_("You are at no table."))
            return
        self.lobby.door = None
        door.leave()
        self.say(_("You left the table."))
        self.refresh_tables()

    def action_help(self) -> None:
        self.app.push_screen(help_screen(LOBBY_KEYS))

    def action_quit(self) -> None:
        self.lobby.quit()


class LobbyApp(KingsCornerApp):
    """One connection's app: the lobby of ``server`` for ``person`` (None: ask a name first;
    ``key`` is the connection's key fingerprint, None for a guest).  When the app ends, a seat
    still held is detached (held for the grace time) unless it was left on purpose."""

    CSS_PATH = [style_path("app.tcss"), style_path("table.tcss"), style_path("lobby.tcss")]

    def __init__(self, server: TableServer, person: Person | None = None, *, key: str | None = None,
                 settings: Settings | None = None, user: str = "") -> None:
        super().__init__(settings=settings)
        self.server = server
        self.person = person
        self.key = person.key if person is not None else key
        self.offered = suggested_name(user)
        """The name offered on a first visit: the user name signed in with (``ssh ada@...``)."""
        self.door: SeatDoor | None = None
        """The seat (or watching place) this connection holds, if any."""

    def home_screen(self) -> Screen[Any]:
        return LobbyScreen()

    def ask_name(self) -> None:
        """The first visit: a name for the tables (remembered for the key); a key that chose one
        before is greeted by it."""
        if self.key is not None and self.server.known_name(self.key) is not None:
            self.person = self.server.person(self.key)
            welcome = _("Welcome back, {name}.").format(name=self.person.name)
            self._lobby_say(f"{welcome} {self._invitation()}".rstrip())
            self._seated_keys()
            return
        self.push_screen(NameScreen(self.offered or None), self._named)

    def _named(self, name: str | None) -> None:
        if name is None:
            self.exit()
            return
        try:
            self.person = self.server.person(self.key, name)
        except TableError as exc:  # the name is another person's
            self.push_screen(NameScreen(name, str(exc)), self._named)
            return
        welcome = _("Welcome, {name}.").format(name=self.person.name)
        welcome = f"{welcome} {self._invitation()}".rstrip()
        if self.person.guest:
            welcome += " " + _("You are a guest (no key): a seat you leave is not kept for you.")
        self._lobby_say(welcome)
        self._seated_keys()

    def _invitation(self) -> str:
        """What one can do in the lobby as it is: sit where a seat is free, else watch or make a
        table (it said "press Enter to sit" with no seat free anywhere)."""
        tables = self.server.tables()
        name = self.person.name if self.person is not None else None
        playing = [(t, seat) for t in tables if t.state == TableState.PLAYING
                   and (seat := self.kept_seat(t.id)) is not None]
        if playing:
            table, seat = playing[0]
            if seat < len(table.seats) and table.seats[seat].connected:
                # (a second connection of the same key: it was told the seat was "kept for you")
                return _("You are playing at table {table} from another connection: press Enter to take "
                         "your seat here.").format(table=table.id)
            return _("Your seat at table {table} is kept for you: press Enter to take it again.").format(
                table=table.id)
        mine = [t.id for t in tables if t.state == TableState.ADJOURNED and self.kept_seat(t.id) is not None]
        if mine:
            # (the line mode says each one's sentence; here the table picked says how to resume)
            listed = ", ".join(str(t) for t in mine)
            return ngettext("Your table {tables} is adjourned: pick it to resume it.",
                            "Your tables {tables} are adjourned: pick one to resume it.",
                            len(mine)).format(tables=listed)
        if any((t.free_seats and t.state != TableState.ADJOURNED)
               or any(s.kind == "person" and s.name == name and not s.connected for s in t.seats)
               for t in tables):
            return _("Pick a table and press Enter to sit, or n to make one.")
        if tables:
            return _("No table has a free seat: pick one and press w to watch it, or n to make one.")
        return ""  # the list says "No tables yet: press n to make one."

    def _seated_keys(self) -> None:
        """The person is known now: the keys and the note of the table picked are theirs."""
        lobby = self._lobby()
        if lobby is not None and lobby.is_attached:
            lobby.refresh_tables(own_first=True)

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
            self._lobby_say(_("You are at a table already: press l to leave it first."))
            return
        try:
            door = self.door = door_for(self.person)
        except TableError as exc:
            self._lobby_say(str(exc))
            return
        if door.started:
            self.open_table(door)
        else:
            door.follow(self._while_waiting)
            lobby = self._lobby()
            if lobby is not None:
                lobby.refresh_tables()

    def _while_waiting(self, item: object) -> None:
        """What a table not started yet says, as it says it (its table screen hears it once the
        game is on): a chat line, the others sitting down, its host stopping.  A table gone with
        its host left its people "waiting for the game to start" with l doing nothing: the
        lobby now says why, and the seat is gone."""
        door = self.door
        if not isinstance(item, Notice) or door is None:
            return
        if door.started:
            door.keep(item)  # the game's start: told by its table's screen, about to open
            return
        if item.seat is not None and item.seat == door.seat:
            return  # one's own sitting down: the lobby said it
        lobby = self._lobby()
        if lobby is not None:
            lobby.table_said = str(item)
            lobby.refresh_tables()

    def kept_seat(self, table_id: int) -> int | None:
        """The seat of table ``table_id`` kept for this person, if any; none for a table gone
        since it was listed (closed, or its host stopped: the lobby's list can be a moment
        behind, and asking about it ended the session with "There is no table 1")."""
        if self.person is None:
            return None
        try:
            return self.server.seat_kept_for(self.person, table_id)
        except TableError:
            return None

    def open_table(self, door: SeatDoor) -> None:
        """The game at the door's table is on: show it."""
        if any(isinstance(s, ServedTable) for s in self.screen_stack):
            return
        door.unfollow(self._while_waiting)
        self.push_screen(tui_game(door.info().game).network_table_screen(door))

    def leave_table(self, screen: Screen[Any]) -> None:
        """The table screen was left: its seat goes (a computer plays it), back to the lobby."""
        why = ""
        if isinstance(screen, ServedTable):
            # Sent back by the table: why; else the person left: said, rather than a stale line
            # ("Welcome back").
            door = screen.remote.door
            left = (_("You stopped watching table {table}.").format(table=door.table_id) if door.spectator
                    else _("You left the table."))
            notice = screen.last_notice if door.closed else ""
            screen.remote.close()  # (before saying what the keys do: the table may go with it)
            why = notice or " ".join(filter(None, (left, self._after_leaving(door))))
        self.door = None
        self._remove(screen)
        lobby = self._lobby()
        if lobby is not None:
            lobby.refresh_tables()
            if why:
                lobby.say(why)

    def _after_leaving(self, door: SeatDoor) -> str:
        """What the lobby's keys do now about the table just left: a full table offers no seat
        (a spectator of one was told Enter takes a free seat, and Enter then refused); a table
        gone, or whose game is over, nothing."""
        try:
            if self.server.table(door.table_id).state == TableState.FINISHED:
                return ""  # (nothing to take or watch again at a game that is over)
            seat = None if self.person is None else self.server.seat_to_take(self.person, door.table_id)
        except TableError:
            # The table went as it was left (a finished game's last watcher): a play test was told
            # what Enter and w do there, with another table picked and those keys not offered.
            return ""
        if door.spectator and seat is None:
            return _("Its seats are all taken: w watches it again.")
        return _("Enter takes a free seat of the table picked (or yours again); w watches it.")

    def play_again(self, screen: Screen[Any]) -> None:
        self.leave_table(screen)

    def quit(self) -> None:
        """Leave on purpose: a seat held is left, not held for the grace time (the tables out of
        reach, there is nothing to leave: the session ends all the same)."""
        if self.door is not None and not self.door.closed:
            try:
                self.door.leave()
            except TableError:
                pass
        self.door = None
        self.exit()

    def on_unmount(self) -> None:
        if self.door is not None and not self.door.closed:
            self.door.detach()  # the connection went without leaving: the seat is held
        self.door = None
        if self.person is not None:
            try:
                self.server.left(self.person)
            except TableError:
                pass  # the tables are out of reach (their host stopped): no name to free there
