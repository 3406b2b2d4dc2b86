"""The line mode's lobby of a table server: the tables as lines, commands to make, join and
watch one, then the line mode of the game at that table (its ``line`` part's
:meth:`~kc_tui.line.part.LineGame.seat`) for that seat, with chat.

It runs over async streams, so one server can serve many: ``run_plain_lobby(server, person,
read, write)``, where ``read()`` returns the next line (None when input ends) and ``write(text)``
sends text.  It knows no game: it asks the registry (:mod:`kc_tui.games`) for the one a table
is of.

Its commands are typed in English or in the language of the person served (``mesas``,
``rejoindre``): :func:`lobby_words`.
"""

from __future__ import annotations

import asyncio
import re
import textwrap
from typing import Awaitable, Callable

from ..core.errors import RuleError
from ..core.i18n import N_, Domain
from ..core.text import closest, visible
from ..games import DEFAULT_GAME, GAMES, game_named
from ..net import (
    SEAT_OPEN,
    Notice,
    Person,
    SeatDoor,
    TableError,
    TableServer,
    TableState,
    check_seats,
    suggested_name,
    table_game,
)
from ..storage import game_title
from .part import LineGame, SeatLines
from .shell import LOBBY_COMMANDS, MAX_LINE, command_named, common_command, lobby_words, shell_words

__all__ = ["lobby_help", "lobby_words", "run_plain_lobby", "PlainLobby"]

_, ngettext, pgettext, L_, Ln_ = Domain.of(__package__).functions()

CATCH_UP_SECONDS = 2.0
"""How long the prompt waits for the events of one's own step (a door in another process hears
them just after its call's answer): past it, the prompt is written all the same."""


def level_words() -> dict[str, str]:
    """The computer players' levels (as the games name them) and their words in the language
    served, as typed after the lobby's ``new``."""
    return {
        # Translators: a computer player's level, one word as typed in the lobby's "new".
        "beginner": pgettext("computer level", "beginner"),
        # Translators: a computer player's level, one word as typed in the lobby's "new".
        "easy": pgettext("computer level", "easy"),
        # Translators: a computer player's level, one word as typed in the lobby's "new".
        "medium": pgettext("computer level", "medium"),
        # Translators: a computer player's level, one word as typed in the lobby's "new".
        "hard": pgettext("computer level", "hard"),
        # Translators: a computer player's level, one word as typed in the lobby's "new".
        "expert": pgettext("computer level", "expert"),
    }


def _level(level: str) -> str:
    """A level in the language served (a level the words do not know, as the game names it)."""
    return level_words().get(level, level)


def _levels() -> str:
    """The computer levels of the games, each with its rating on its game's ladder
    (docs/strength.md), said once when every game has the same."""
    games: dict[tuple[tuple[str, int | None], ...], list[str]] = {}
    for entry in GAMES.values():
        games.setdefault(tuple((level, entry.rating(level)) for level in entry.levels), []).append(entry.name)
    said = {key: ", ".join(_level(level) + ("" if rating is None else f"{_TIE}{rating}")
                           for level, rating in key)
            for key in games}
    if len(games) == 1:
        return next(iter(said.values()))
    # Translators: what parts the games' lists of levels: "; " in English, " ; " in French.
    return pgettext("list", "; ").join(
        # Translators: a game's computer levels: "kings-corner: beginner 1242, easy 1356, ...".
        _("{games}: {levels}").format(games=", ".join(names), levels=said[key])
        for key, names in games.items())


# Translators: the lobby's help.  The command words are those of the language (context "typed
# command"); keep the columns within 80 characters; {levels}, {example} and {games} are filled in.
LOBBY_HELP = N_("""\
Lobby commands:
  tables                 list the tables
  new [SEATS] [OPTIONS] [name=NAME]
                         make a table and sit at its first open seat; SEATS are open (a person)
                         or a computer level ({levels}), e.g. new open {example};
                         OPTIONS are game=NAME ({games}), preset=NAME and
                         that game's rule options, e.g. hand_size=10; the table's name ends
                         the line (name=Friday night; "Ada's table" without)
  join T [S]             take seat S (from 1) of table T, or its first free seat (your own seat
                         again, to come back or to resume an adjourned table)
  watch T                watch table T (no hand is shown)
  start                  start the game at your table (its maker)
  close T                give up the adjourned game of table T (yours): typed twice, the table
                         closes for good
  say TEXT               a line to everyone at your table
  leave                  leave your table (a computer plays your seat; you may come back)
  help                   this list; help new lists each game's presets and rule options
  quit                   leave the server""")


def lobby_help() -> str:
    """The lobby's commands (the games' names and levels as registered now)."""
    levels = GAMES[DEFAULT_GAME].levels
    example = levels[-2] if len(levels) > 1 else levels[0]  # a strong one, not the strongest
    said = _(LOBBY_HELP).format(levels=_levels(), example=_level(example), games=", ".join(GAMES))
    return _wrapped(said)


# Translators: the first line of the lobby's "help new"; each game's presets and options follow.
RULES_HEADING = N_("A new table's rules, typed after new as preset=NAME and option=value; game=NAME picks "
                   "the game ({game} without it):")


def rules_help() -> str:
    """Each game's presets and rule options, as the lobby's ``new`` takes them (``help new``)."""
    said = textwrap.wrap(_bound(_(RULES_HEADING).format(game=DEFAULT_GAME)), HELP_WIDTH,
                         break_long_words=False, break_on_hyphens=False)
    for name in line_games():
        game: LineGame = GAMES[name].part("line")
        # Translators: a game's heading in the lobby's "help new": its title and how to pick it.
        said.append(_("{title} (game={game}):").format(title=game_title(name), game=name))
        said += [_entry(f"preset={preset}", game.preset_note(preset)) for preset in game.presets]
        said += [_entry(option, note) for option, note in game.rule_options()]
    return "\n".join(said).replace(_TIE, " ")


def _entry(name: str, description: str) -> str:
    """One line of :func:`rules_help` (or more, filled to :data:`HELP_WIDTH`): ``name`` and, in
    the help's column, ``description`` (under a name too long for the column)."""
    indent = " " * _DESCRIBED_AT
    head = f"  {name}"
    if len(head) <= _DESCRIBED_AT - 2:
        text, first = head.ljust(_DESCRIBED_AT) + _bound(description), ""
    else:
        text, first = indent + _bound(description), head + "\n"
    return first + "\n".join(textwrap.wrap(text, HELP_WIDTH, subsequent_indent=indent,
                                            break_long_words=False, break_on_hyphens=False))


def _wrapped(text: str) -> str:
    """The help with each command's description filled to :data:`HELP_WIDTH` columns under its
    column: a terminal would break a long line in the middle of a word ("pr/eset"), and the
    catalogs' lines are as long as each language makes them."""
    indent = " " * _DESCRIBED_AT
    entries: list[str] = []
    for line in text.splitlines():
        if line.startswith(indent) and entries and _describes(entries[-1]):
            entries[-1] += " " + line.strip()  # the description goes on: one paragraph
        else:
            entries.append(line)
    filled = "\n".join("\n".join(textwrap.wrap(_bound(entry), HELP_WIDTH, subsequent_indent=indent,
                                               break_long_words=False, break_on_hyphens=False))
                       if len(entry) > HELP_WIDTH else entry for entry in entries)
    return filled.replace(_TIE, " ")


_TIE = "\u00a0"
_TIED = re.compile(r" (?=[;:?!»])|(?<=«) ")


def _bound(text: str) -> str:
    """French's space before ``; : ? !`` and inside « » tied to its mark for the wrapping (a line
    does not start with a semicolon), and given back as a space after it."""
    return _TIED.sub(_TIE, text)


def _describes(line: str) -> bool:
    """Whether ``line`` holds a description (in the description's column)."""
    column = _DESCRIBED_AT
    return line.startswith(" " * column) or (len(line) > column and line[column - 2:column] == "  "
                                             and line[column] != " ")


HELP_WIDTH = 79
"""The widest line of the lobby's help: one column short of a terminal's 80, which a screen
reader's cursor would otherwise wrap."""
_DESCRIBED_AT = 25
"""Where a command's description starts in the help."""


_CHANGED = object()


def line_games() -> list[str]:
    """The games that can be played in the line mode (those with a ``line`` part)."""
    names = []
    for name, entry in GAMES.items():
        try:
            entry.module("line")
        except LookupError:
            continue
        names.append(name)
    return names


class PlainLobby:
    """One connection's line-mode session (see the module's words)."""

    def __init__(self, server: TableServer, person: Person | None, read: Callable[[], Awaitable[str | None]],
                 write: Callable[[str], None], key: str | None = None, user: str = "") -> None:
        self.server = server
        self.person = person
        self.key = person.key if person is not None else key
        self.offered = suggested_name(user)
        """The name offered on a first visit (Enter takes it): the user name signed in with."""
        self._read = read
        self._write = write
        self.door: SeatDoor | None = None
        self.table: SeatLines | None = None
        """The line mode of the game at one's table, once it is on."""
        self.verbosity: str | None = None
        """How much the person chose to hear at a table (``verbosity full``), kept for the next
        (None: each table's own default, ``brief`` for a seat, ``full`` for a spectator)."""
        self._seated_with = ""
        """The verbosity the table was given: one set there since is the person's choice."""
        # Bounded: a client sending lines faster than they are answered waits (it is not read).
        self.lines: asyncio.Queue[str | None] = asyncio.Queue(maxsize=16)
        self.changed = asyncio.Event()
        self._told: object = None  # the table position last told (a turn, a round's end)
        self._unsubscribe: Callable[[], None] | None = None
        self._prompted = False
        """A prompt is waiting for a line: the table's news start a line of their own."""
        self._last_prompt = ""
        self._wait: asyncio.TimerHandle | None = None
        """The longest wait for one's own step's events (:meth:`_catching_up`)."""
        self._giving_up: int | None = None
        """The table whose adjourned game ``close`` was typed for once: typed again, it closes."""
        self._prompt_again = False
        """The table's news came after the prompt: it is written again after them (once the
        burst is over: see :meth:`_computer_playing`)."""

    def say(self, text: str) -> None:
        self._write(text + "\n")

    # ------------------------------------------------------------------ reading
    async def _reader(self) -> None:
        try:
            while True:
                line = await self._read()
                await self.lines.put(line)
                if line is None:
                    return
        except (ConnectionError, EOFError, asyncio.IncompleteReadError):
            await self.lines.put(None)

    async def _next(self) -> object:
        """The next line, None when input ends, or :data:`_CHANGED` when the table moved."""
        if not self.lines.empty():
            return self.lines.get_nowait()
        get = asyncio.ensure_future(self.lines.get())
        change = asyncio.ensure_future(self.changed.wait())
        try:
            await asyncio.wait({get, change}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            change.cancel()
            if not get.done():
                get.cancel()
        # The read's end is waited for with wait(), which raises this task's own cancellation
        # (the connection dropping, the server closing) and not the read's: awaiting the read
        # itself swallowed both, and the task then waited for ever.  A line the cancelled read
        # had not taken stays in the queue; one it took just then is returned.
        await asyncio.wait({get})
        if not get.cancelled():
            return get.result()
        self.changed.clear()
        return _CHANGED

    async def run(self) -> int:
        """Serve this connection until it quits or its input ends (a seat held then is
        detached: kept for the grace time)."""
        reader = asyncio.ensure_future(self._reader())
        try:
            back = self.person is None and self.key is not None and bool(self.server.known_name(self.key))
            if back:
                self.person = self.server.person(self.key)
            elif self.person is None and not await self._ask_name():
                return 0
            assert self.person is not None
            if back:
                self.say(_("Welcome back, {name}. Type help for the commands.").format(name=self.person.name))
            elif self.person.guest:
                self.say(_("Welcome, {name}. Type help for the commands. You are a guest (no key): a "
                           "seat you leave is not kept for you.").format(name=self.person.name))
            else:
                self.say(_("Welcome, {name}. Type help for the commands.").format(name=self.person.name))
            self._list()
            self._unsubscribe = self.server.subscribe(self._lobby_changed)
            prompt = True
            while True:
                try:
                    self._follow_table()
                    again = self._prompt_again and not self._computer_playing()
                    # Asked every time: once the step is heard, the wait for it ends (a wait left
                    # running ended the wait for the next step early).
                    behind = self._catching_up()
                    if prompt or again or self._position() != self._told:
                        if behind:
                            self._prompt_again = True  # owed, once the step is told
                        else:
                            self._tell()
                except TableError as exc:
                    # The table refused a read (its host changing hands, the hosts' store away):
                    # said, and the person stays, rather than the session ending on it.
                    self.say(str(exc))
                    if self.table is None:
                        self._prompt(_("lobby> "))
                item = await self._next()
                if item is _CHANGED:
                    prompt = False
                    continue
                self._prompted = False  # the line typed after it ended the prompt's line
                if item is None:
                    if self.door is not None and not self.door.closed:
                        self.door.detach()
                    return 0
                assert isinstance(item, str)
                try:
                    if not self._line(item):
                        return 0
                except TableError as exc:
                    self.say(str(exc))
                prompt = True
        finally:
            if self._wait is not None:
                self._wait.cancel()
            if self._unsubscribe is not None:
                self._unsubscribe()
            try:
                if self.person is not None:
                    self.server.left(self.person)
            except TableError:
                pass  # the tables are out of reach (their host stopped): no name to free there
            reader.cancel()

    async def _ask_name(self) -> bool:
        """A name for the tables, asked on the first visit (remembered for the key)."""
        while True:
            if self.offered:
                self._write(_("Your name at the tables (Enter for {name}): ").format(name=self.offered))
            else:
                self._write(_("Your name at the tables: "))
            line = await self.lines.get()
            if line is None:
                return False
            text = line.strip() or self.offered
            commands = {k: v for k, v in lobby_words().items()
                        if k in ("tables", "new", "join", "watch", "start", "close")}
            command = common_command(text) or command_named(text, commands) or (
                "tables" if text.lower() in ("list", "ls") else None)
            if command == "quit":  # someone who wants to leave, not to be called "quit"
                self.say(_("Goodbye."))
                return False
            if command is not None:
                self.say(_("{word!r} is a command; first give the name the others will see you by "
                           "(or type quit to leave).").format(word=visible(text)))
                continue
            try:
                self.person = self.server.person(self.key, text)
                return True
            except TableError as exc:
                self.say(str(exc))

    def _lobby_changed(self) -> None:
        if self.door is not None:
            self.changed.set()

    # ------------------------------------------------------------------ where we are
    def _follow_table(self) -> None:
        """Once the game at one's table is on, follow it in its game's line mode."""
        door = self.door
        if door is None or door.closed or not door.started or self.table is not None:
            return
        entry = game_named(door.info().game)
        try:
            line: LineGame = entry.part("line")
        except LookupError:  # a table made elsewhere (the full-screen lobby) of such a game
            self.say(_("{game} cannot be played in the line mode; you leave table {table}.")
                     .format(game=game_title(entry.name), table=door.table_id))
            self._leave_table()
            return
        door.unfollow(self._while_waiting)
        self.table = line.seat(door, self._news, self.changed.set, self._notice, self.verbosity)
        self._seated_with = self.table.verbosity

    def _drop_table(self) -> None:
        """Back in the lobby: the table's line mode goes, the verbosity chosen there stays."""
        if self.table is not None and self.table.verbosity != self._seated_with:
            self.verbosity = self.table.verbosity
        if self.door is not None:
            self.door.unfollow(self._while_waiting)
        self.door = self.table = None

    def _while_waiting(self, item: object) -> None:
        """What a table not started yet says, as it says it: a chat line (one's own too), the
        others sitting down, its host stopping; its game's line mode hears the table once the
        game is on.  (Unheard, a line said there was lost, and a table gone with its host left
        its people "waiting for the game to start".)"""
        door = self.door
        if isinstance(item, Notice) and door is not None:
            if door.started:
                door.keep(item)  # the game's start: told by its line mode, about to follow it
            else:
                self._notice(item)
        self.changed.set()

    def _notice(self, notice: Notice) -> None:
        door = self.door
        if notice.seat is not None and door is not None and notice.seat == door.seat:
            return  # one's own sitting down, said as "You sit in seat 1 of table 2."
        # No mark before the table's news, as the table's log has ("* Ben sits in seat 2."): a
        # speech synthesizer reads it out ("asterisk"), and a chat line says its sender anyway.
        self._news(f"{notice}\n")

    def _news(self, text: str) -> None:
        """What the table says, whenever it comes: never run on after a prompt that waits for
        a line ("table> Eve plays 6D."), but on a line of its own, and the prompt again after."""
        if self._prompted:
            self._prompted = False
            self._prompt_again = True
            self._write("\n")
        self._write(text)

    def _computer_playing(self) -> bool:
        """A computer is playing a turn at one's table: its moves come one by one at the
        server's pace, and the prompt is written again once, when the turn is over (a new
        position), rather than after each move (a screen reader reads every prompt)."""
        door = self.door
        return door is not None and not door.closed and door.computer_to_play()

    def _catching_up(self) -> bool:
        """Whether one's own step is still to be told (its events on their way from the table's
        process): the prompt then waits for them, or :data:`CATCH_UP_SECONDS`, not said first."""
        door = self.door
        if door is None or door.closed or not door.catching_up:
            if self._wait is not None:
                self._wait.cancel()
                self._wait = None
            return False
        if self._wait is None:
            self._wait = asyncio.get_running_loop().call_later(CATCH_UP_SECONDS, self._waited_enough, door)
        return True

    def _waited_enough(self, door: SeatDoor) -> None:
        self._wait = None
        door.caught_up()  # the events never came (their table's host stopped): prompt anyway
        self.changed.set()

    def _prompt(self, prompt: str) -> None:
        if not (self._prompted and prompt == self._last_prompt):
            # The same prompt again with nothing said since would run on after itself ("table>
            # table> table> "), and a screen reader would read each one.
            self._write(prompt)
        self._prompted, self._prompt_again, self._last_prompt = True, False, prompt

    def _at_table(self) -> bool:
        return self.table is not None and self.door is not None and not self.door.closed

    def _position(self) -> object:
        door = self.door
        if door is not None and door.closed:
            self._drop_table()  # the table went (adjourned): back in the lobby
            door = None
        if door is None:
            return "lobby"
        if not door.started or self.table is None:
            return ("waiting", door.info().state)
        return self.table.position()

    def _tell(self) -> None:
        """Say what the person needs to act now, and the prompt."""
        position = self._position()
        fresh = position != self._told
        self._told = position
        if self.table is None or not self._at_table():
            self._prompt(_("lobby> "))
            return
        prompt = self.table.tell(fresh)
        if prompt is None:  # the session is over
            self.say(_("The session is over; back to the lobby."))
            self._leave_table()
            prompt = _("lobby> ")
        self._prompt(prompt)

    # ------------------------------------------------------------------ lines
    def _line(self, line: str) -> bool:
        """Handle one line; False when the person quits."""
        if len(line) > MAX_LINE:
            self.say(_("That line is longer than {n} characters; nothing was done.").format(n=MAX_LINE))
            return True
        text = line.strip()
        word, _space, rest = text.partition(" ")
        word = command_named(word, shell_words()) or word.lower()
        if word == "quit":
            self._leave_table()
            self.say(_("Goodbye."))
            return False
        if word == "say":
            self._chat(rest)
        elif word == "leave":
            self._leave_table(said=True)
        elif self.table is not None and self._at_table():
            self.table.line(text)
        else:
            self._lobby_line(word, rest, typed=text.partition(" ")[0])
        return True

    def _chat(self, text: str) -> None:
        if self.door is None or self.door.closed:
            self.say(_("You are at no table: join or watch one to chat there."))
            return
        try:
            self.door.say(text)
        except TableError as exc:
            self.say(str(exc))

    def _leave_table(self, said: bool = False) -> None:
        door = self.door
        if door is None or door.closed:
            if said:
                self.say(_("You are at no table."))
            self._drop_table()
            return
        if self.table is not None:
            self.table.close()
        else:
            door.leave()
        self._drop_table()
        if said:
            self.say((_("You stopped watching table {table}.") if door.spectator
                      else _("You left table {table}.")).format(table=door.table_id))

    def _list(self) -> None:
        tables = self.server.tables()
        if not tables:
            self.say(_("No tables yet: type new to make one (help lists the commands)."))
        for info in tables:
            self.say(info.line())
        person = self.person
        assert person is not None
        words = lobby_words()
        for info in tables:
            if info.state != TableState.ADJOURNED or self.server.seat_kept_for(person, info.id) is None:
                continue
            values = dict(table=info.id, when=info.adjourned_when(), join=words["join"], start=words["start"])
            # Joining resumes the game once every player is back (alone, at once); start resumes
            # it before the others are, a computer playing for them.
            if info.round:
                said = _("Your table {table} was adjourned {when}: type {join} {table} to take "
                         "your seat again; the game resumes once its players are back, or when you type "
                         "{start} (a computer then plays for those still away).")
            else:
                said = _("Your table {table} is adjourned: type {join} {table} to take your seat again; the "
                         "game resumes once its players are back, or when you type {start} (a computer then "
                         "plays for those still away).")
            self.say(said.format(**values))

    def _lobby_line(self, word: str, rest: str, typed: str = "") -> None:
        """``word`` as the lobby reads it (a command's English word, lower case); ``typed``, as
        it was typed (said back when it is no command)."""
        if not word:
            return
        args = rest.split()
        word = command_named(word, lobby_words()) or word
        if word in ("tables", "list", "ls"):
            self._list()
        elif word in ("help", "?"):
            about = command_named(rest.strip(), {"new": lobby_words()["new"]})
            self.say(rules_help() if about == "new" else lobby_help())
        elif word == "new":
            self._new(rest)
        elif word == "join":
            self._join(args)
        elif word == "watch":
            self._watch(args)
        elif word == "start":
            if self.door is None:
                self.say(_("Take a seat at your table first."))
                return
            try:
                self.door.start()
            except TableError as exc:
                self.say(str(exc))
        elif word == "close":
            self._give_up(args)
        else:
            shown = visible(typed or word)
            # (as typed, not lower-cased; a long one cut, and said to be)
            shown = shown if len(shown) <= 30 else shown[:27] + "..."
            commands = {**{name: said for name, said in lobby_words().items() if name in LOBBY_COMMANDS},
                        **shell_words()}
            meant = closest(typed or word, commands.values(), commands)
            if meant is not None:
                self.say(_("{word!r} is not a lobby command: did you mean {command}?").format(
                    word=shown, command=meant))
                return
            self.say(_("{word!r} is not a lobby command; type help for the list.").format(word=shown))

    def _give_up(self, args: list[str]) -> None:
        """Give up the adjourned game of a table of one's own, once the same command is typed
        again: with as many tables as one may have, all adjourned, no new one could be made."""
        close = lobby_words()["close"]
        table_id = self._table_number(args, _("{close} T").format(close=close))
        if table_id is None or self.person is None:
            return
        try:
            adjourned = self.server.table(table_id).state == TableState.ADJOURNED
        except TableError as exc:  # no such table
            self.say(str(exc))
            return
        if not adjourned:
            self.say(_("Table {table} has no adjourned game to give up.").format(table=table_id))
            return
        if self._giving_up != table_id:
            self._giving_up = table_id
            self.say(_("Type {close} {table} again to give up table {table}'s adjourned game for good: the "
                       "table closes and nobody can resume it.").format(close=close, table=table_id))
            return
        self._giving_up = None
        try:
            self.server.close_table(self.person, table_id)
        except TableError as exc:
            self.say(str(exc))
            return
        self.say(_("Table {table} is closed: its adjourned game was given up.").format(table=table_id))

    def _table_number(self, args: list[str], usage: str) -> int | None:
        if not args or not args[0].isdigit():
            self.say(_("Which table? Type {usage}.").format(usage=usage))
            return None
        return int(args[0])

    def _new(self, rest: str) -> None:
        if self.door is not None:
            self.say(_("You are at a table already: type leave first."))
            return
        words = lobby_words()
        # The table's name is the rest of the line after name= (it may hold spaces).
        rest, named, name = _partition_name(rest, words["name"])
        args = rest.split()
        seats = [_seat(a) for a in args if "=" not in a] or [SEAT_OPEN, SEAT_OPEN]
        options = dict(a.split("=", 1) for a in args if "=" in a)
        chosen = options.pop("preset", None)
        if words["game"] in options:  # game= in the language served
            options["game"] = options.pop(words["game"])
        name_of_game = options.pop("game", DEFAULT_GAME).lower()
        try:
            entry = game_named(name_of_game)
        except ValueError:
            self.say(_("There is no game {game!r}; the games are {games}.")
                     .format(game=visible(name_of_game)[:20], games=", ".join(GAMES)))
            return
        try:
            game: LineGame = entry.part("line")
        except LookupError:
            self.say(_("{game} cannot be played in the line mode; the games here are {games}.")
                     .format(game=game_title(entry.name), games=", ".join(line_games())))
            return
        try:
            # A seat mistyped is named ("new bogus" was refused as a table of one player).
            check_seats(table_game(entry.name), seats)
        except TableError as exc:
            self.say(str(exc))
            return
        preset = game.presets[0] if chosen is None else chosen  # (the first: the game's standard)
        if preset not in game.presets:
            self.say(_("There is no preset {preset!r}; the presets are {presets}.")
                     .format(preset=visible(preset)[:20], presets=", ".join(game.presets)))
            return
        try:
            rules = game.build_rules(len(seats), preset, options)
        except RuleError as exc:
            self.say(_("Those rules cannot be played: {why}.").format(why=str(exc).rstrip(".")))
            return
        assert self.person is not None
        try:
            info = self.server.create_table(self.person, name if named else "", rules, seats)
        except TableError as exc:
            self.say(str(exc))
            return
        self.say(_("Table {table}, {name}, is made: {rules}.").format(table=info.id, name=info.name,
                                                                     rules=info.rules))
        self._sit(info.id, seats.index(SEAT_OPEN))

    def _join(self, args: list[str]) -> None:
        join = lobby_words()["join"]
        table_id = self._table_number(args, _("{join} T, or {join} T S for seat S").format(join=join))
        if table_id is None:
            return
        if len(args) > 1:
            if not args[1].isdigit() or int(args[1]) < 1:
                self.say(_("A seat is a number from 1; type {join} T S.").format(join=join))
                return
            seat = int(args[1]) - 1
        else:
            assert self.person is not None
            try:
                taken = self.server.seat_to_take(self.person, table_id)
                over = taken is None and self.server.table(table_id).state == TableState.FINISHED
            except TableError as exc:
                self.say(str(exc))
                return
            if over:
                self.say(_("The game at this table is over."))  # (not "no free seat": it has none to take)
                return
            if taken is None:
                self.say(_("Table {table} has no free seat: type {watch} {table} to watch it.")
                         .format(table=table_id, watch=lobby_words()["watch"]))
                return
            seat = taken
        self._sit(table_id, seat)

    def _take(self, door_for: Callable[[Person], SeatDoor]) -> SeatDoor | None:
        """Take a seat or a place to watch (``door_for`` asks the server for it); a refusal is
        said, and None returned."""
        if self.door is not None and not self.door.closed:
            self.say(_("You are at a table already: type leave first."))
            return None
        assert self.person is not None
        try:
            self.door = door_for(self.person)
        except TableError as exc:
            self.say(str(exc))
            return None
        if not self.door.started:
            self.door.follow(self._while_waiting)
        return self.door

    def _sit(self, table_id: int, seat: int) -> None:
        door = self._take(lambda person: self.server.join(person, table_id, seat))
        if door is None:
            return
        assert self.person is not None
        info = door.info()
        if info.state != TableState.WAITING:
            self.say(_("You sit in seat {seat} of table {table}.").format(seat=seat + 1, table=table_id))
        elif info.round:  # an adjourned game taken up again
            self.say(_("You sit in seat {seat} of table {table}; its game was adjourned {when}. "
                       "Type start to resume it (a computer plays for anyone not back yet), or wait for "
                       "the others.").format(seat=seat + 1, table=table_id, when=info.adjourned_when()))
        elif self.server.may_start(self.person, table_id):
            self.say(_("You sit in seat {seat} of table {table}. Waiting for the game to start: type "
                       "start to start it.").format(seat=seat + 1, table=table_id))
        else:
            self.say(_("You sit in seat {seat} of table {table}. Waiting for the game to start.")
                     .format(seat=seat + 1, table=table_id))

    def _watch(self, args: list[str]) -> None:
        table_id = self._table_number(args, _("{watch} T").format(watch=lobby_words()["watch"]))
        if table_id is None:
            return
        if self._take(lambda person: self.server.watch(person, table_id)) is not None:
            self.say(_("You are watching table {table}.").format(table=table_id))


def _partition_name(rest: str, word: str) -> tuple[str, str, str]:
    """``rest`` cut at its ``name=`` (or the language's word for it): before, the mark, after."""
    english = rest.partition("name=")
    if english[1] or word == "name":
        return english
    return rest.partition(word + "=")


def _seat(word: str) -> str:
    """A seat as typed after ``new`` (``open`` or a level, in English or the language served), as
    the table server takes it."""
    word = word.lower()
    if command_named(word, {"open": lobby_words()["open"]}):
        return SEAT_OPEN
    return command_named(word, level_words()) or word


async def run_plain_lobby(server: TableServer, person: Person | None,
                          read: Callable[[], Awaitable[str | None]], write: Callable[[str], None],
                          key: str | None = None, user: str = "") -> int:
    """Serve one line-mode connection (see the module's words); ``person`` None asks a name
    first (remembered for ``key``; ``user``, the user name signed in with, is offered).  Returns
    an exit code."""
    return await PlainLobby(server, person, read, write, key, user).run()
