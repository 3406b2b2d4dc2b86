"""The table server: a lobby of tables, each with one game, and a door for each seat.

One :class:`TableServer` runs in one asyncio event loop and keeps every table of a game night.
A connection (an SSH session, a test) is a :class:`Person`; from the lobby it creates a table
(:meth:`TableServer.create_table`), takes a seat (:meth:`TableServer.join`) or watches one
(:meth:`TableServer.watch`).  Either returns a :class:`SeatDoor`: the only way its front end
reaches the game.  A door is bound to its seat when it is made, so a client can never act in
another seat's name; it gives that seat's view only, refuses what the seat may not do with a
sentence (:class:`TableError`), and hands its listeners only the events that seat may see
(the engine's :func:`~kc_tui.games.kings_corner.engine.events.seat_view` filters them) and the
table's notices.

The server, not any client, plays the computers' turns: each playing table has one asyncio task
that asks the computer whose turn it is for a plan (in a worker thread, on a frozen snapshot:
:meth:`GameService.begin_decision`) and applies it move by move at the table's pace.

A person whose connection drops (:meth:`SeatDoor.detach`) keeps the seat for ``grace`` seconds;
then a ``hard`` computer plays for them until they join again with the same key, and they take
the seat back at the start of the next turn.  A table whose people have all gone is adjourned:
its game stays in the save format under ``data_dir/tables/`` and is listed again by a server
started on the same folder, for its players to resume.  Every table writes its transcript
(docs/protocol.md) there too, one line per event.  A save or a transcript that cannot be written
is told to the table's players at once and written whole again at every turn until it works; a
game resumed from a save that missed its last turns says so, and the transcript of what was
played is kept, never cut.

Everything here runs on the event loop's thread; only the computers' thinking leaves it.  Calls
are synchronous except :meth:`TableServer.close`; listeners are called after each step of the
game is complete, so they may read the door's view at once.
"""

from __future__ import annotations

import asyncio
import contextvars
import json
import logging
import os
import random
import re
import time
import unicodedata
from collections import deque
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from enum import StrEnum
from pathlib import Path
from typing import IO, Any, Callable, Iterable, Literal, Mapping, Protocol, Sequence

from ..core.cards import Card, Pile
from ..core.errors import IllegalMove
from ..core.events import SessionStart
from ..core.kinds import Phase
from ..core.text import is_valid_text, visible
from ..games.kings_corner.ai import LEVELS, make_player
from ..games.kings_corner.ai.base import Player
from ..games.kings_corner.ai.seats import HUMAN_PREFIX, make_seats
from ..games.kings_corner.engine.events import Event, RoundEnd, seat_view
from ..games.kings_corner.engine.moves import Move
from ..games.kings_corner.engine.observation import Observation
from ..games.kings_corner.engine.rules import RuleSet, rules_label
from ..games.kings_corner.engine.service import Decision, GameService, new_seed
from ..games.kings_corner.engine.transcript import MAX_BYTES as MAX_TRANSCRIPT
from ..games.kings_corner.engine.transcript import encode_event
from ..games.kings_corner.engine.views import RoundSummary, SeatView, SessionSummary, Targets, TurnId
from ..storage.files import UnreadableFile, append_synced, read_text, write_atomic
from ..storage.saves import AutoSaver, SaveError, load_save

__all__ = [
    "SEAT_OPEN", "HOUSE_LEVEL", "MAX_NAME", "MAX_TABLE_NAME", "MISSED_NOTICES", "TableError", "Person",
    "TableState", "SeatInfo", "TableInfo", "Notice", "SeatDoor", "TableServer", "TableGame", "TableService",
    "table_games", "check_name", "name_key", "shown_to",
]

log = logging.getLogger("kc_tui.net")

SEAT_OPEN = "open"
"""A seat spec for :meth:`TableServer.create_table`: a seat for a person (the others are AI
levels, :data:`kc_tui.games.kings_corner.ai.LEVELS`)."""
HOUSE_LEVEL = "hard"
"""The level of the computer that plays for a person who has gone, or in a seat nobody took."""
MAX_NAME = 20
MAX_TABLE_NAME = 40
MISSED_NOTICES = 20
"""The most notices a door keeps for a front end that has not followed it yet."""
PLAYERS_FILE = "players.json"
TABLES_FOLDER = "tables"


class TableError(IllegalMove):
    """A refusal: the message is the sentence to show the person (nothing was changed).  It is
    an :class:`IllegalMove`, so a front end that shows a refused move shows this the same way."""


_BLANK = frozenset(
    [0x034F, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x2800, 0x3164, 0xFFA0]
    + list(range(0x180B, 0x1810)) + list(range(0xFE00, 0xFE0E)) + list(range(0xE0100, 0xE01F0)))
"""Characters Python counts as printable that show nothing (fillers, variation selectors, the
combining grapheme joiner, the blank Braille cell): in a name they would make two names look
alike, as the format characters (U+200B, U+FEFF, bidi controls) would.  U+FE0E and U+FE0F are
let through: they ask for a symbol's text or emoji look ("♠️"), and :func:`name_key` drops them."""


def check_name(text: str, limit: int = MAX_NAME, what: str = "A name") -> str:
    """``text`` as a name to show (trimmed), or :class:`TableError` saying what is wrong.

    An invisible character (a format character such as U+200B or a bidi control, a filler, a
    variation selector) is refused with a sentence that names it, never stripped: stripped, "Ad" +
    U+200B + "a" would be shown as someone else's "Ada"."""
    name = " ".join(text.split())
    if not name:
        raise TableError(f"{what} cannot be empty.")
    if not is_valid_text(name):
        raise TableError(f"{what} may hold letters, digits, spaces and punctuation only.")
    hidden = [ch for ch in name if ord(ch) in _BLANK or unicodedata.category(ch) == "Cf"]
    if hidden:
        codes = ", ".join(dict.fromkeys(f"U+{ord(ch):04X}" for ch in hidden))
        raise TableError(f"{what} may not hold invisible characters; this one holds {codes}.")
    if not name.isprintable():
        raise TableError(f"{what} may hold letters, digits, spaces and punctuation only.")
    if len(name) > limit:
        raise TableError(f"{what} holds at most {limit} characters.")
    return name


# Letters of other scripts that a terminal draws like a Latin one, capitals before case folding
# (a Greek capital Eta is an H, its small letter an n), small letters after; and digits and
# letters that one font or another draws alike.  A few common ones, not Unicode's whole table
# of confusables: enough that nobody passes for "Ada" with a Cyrillic a.
_LOOKALIKE_CAPITALS = str.maketrans(
    "АВЕКМНОРСТУХЅІЈԚԜҮҺӀ" "ΑΒΕΖΗΙΚΜΝΟΡΤΥΧ",
    "ABEKMHOPCTYXSIJQWYHI" "ABEZHIKMNOPTYX")
_LOOKALIKE_SMALL = str.maketrans(
    "аеорсухѕіјԁһӏԛԝүк" "αορικνυχεμη" "ıɑɡ" "0",
    "aeopcyxsijdhlqwyk" "aopikvuxeun" "iag" "o",
    "\ufe0e\ufe0f")
# Drawn alike in many fonts: a capital I, a small l, a one and a bar (a small i is not: its dot
# tells it apart, so "Ai" and "Al", "Ella" and "Elia" stay two names).  Folded before the case.
_LOOKALIKE_STROKES = str.maketrans("I1|", "lll")


def name_key(name: str) -> str:
    """What ``name`` looks like, for telling whether two names would be taken for one: compared
    without case, in Unicode's compatibility form (NFKC: a full-width or bold "Ａｄａ" is "Ada"),
    without accents, with the lookalike letters above folded to one (Cyrillic "а" is Latin "a";
    a capital "I", a small "l" and a "1" are one letter, "0" is "o").  So "Ian" and "lan" are
    one name, and "ian" another: a small i looks like none of them."""
    text = unicodedata.normalize("NFKC", name).translate(_LOOKALIKE_CAPITALS)
    text = text.translate(_LOOKALIKE_STROKES).casefold()
    text = "".join(ch for ch in unicodedata.normalize("NFD", text) if not unicodedata.combining(ch))
    return text.translate(_LOOKALIKE_SMALL).replace("vv", "w")


@dataclass(frozen=True, slots=True)
class Person:
    """Someone connected: ``key`` is their SSH key's fingerprint (a guest has none, and cannot
    take a seat back after leaving it); ``name`` is shown to everyone (control characters are
    made visible)."""

    key: str | None
    name: str
    guest: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "name", visible(self.name))
        if self.guest != (self.key is None):
            raise ValueError("a guest has no key, and everyone else has one")

    def same(self, other: Person | None) -> bool:
        """Whether ``other`` is this person again: the same key (a guest is only ever itself)."""
        if other is None:
            return False
        return other is self if self.guest else other.key == self.key


class TableState(StrEnum):
    WAITING = "waiting"
    """Seats are being taken; the creator starts the game, or it starts when every person's
    seat is taken."""
    PLAYING = "playing"
    ADJOURNED = "adjourned"
    """Everyone left: the game is saved and can be resumed by its players."""
    FINISHED = "finished"
    """The session is over; the table goes when its people leave."""


SeatKindName = Literal["person", "computer"]


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """One seat as the lobby shows it."""

    index: int
    """The seat's number from 0 (people see it from 1)."""
    kind: SeatKindName
    """``person``: a seat for a person; ``computer``: a computer of ``level`` plays it."""
    name: str | None
    """Who sits there (or is expected back); None for a free person's seat, and for a
    computer before the game starts (computers are named then)."""
    level: str | None = None
    connected: bool = False
    """Whether the person is there now."""
    stand_in: bool = False
    """Whether the house computer plays the seat for now (its person gone, or nobody took it)."""

    @property
    def free(self) -> bool:
        return self.kind == "person" and self.name is None

    def label(self) -> str:
        """The seat in a few words, as the lobby lists it."""
        if self.kind == "computer":
            return f"{self.name} (computer, {self.level})" if self.name else f"computer ({self.level})"
        if self.name is None:
            return "free" + (" (computer plays)" if self.stand_in else "")
        if self.stand_in:
            return f"{self.name} (away; computer plays)"
        return self.name if self.connected else f"{self.name} (away)"


@dataclass(frozen=True, slots=True)
class TableInfo:
    """One table as the lobby lists it (a snapshot: ask :meth:`TableServer.tables` again after
    a change)."""

    id: int
    name: str
    owner: str
    """The creator's name: the person who may start the game."""
    rules: str
    """The rules in a few words (:func:`~kc_tui.games.kings_corner.engine.rules.rules_label`)."""
    seats: tuple[SeatInfo, ...]
    state: TableState
    spectators: int
    round: int = 0
    """The round being played (0 before the first deal)."""
    game: str = "kings-corner"
    """The game played at the table (its name in :data:`kc_tui.games.GAMES`; ``rules`` names
    any game but the first)."""

    @property
    def free_seats(self) -> tuple[int, ...]:
        return tuple(s.index for s in self.seats if s.free)

    def seats_label(self) -> str:
        return ", ".join(f"{s.index + 1} {s.label()}" for s in self.seats)

    def line(self) -> str:
        """The table in one line: number, name, state, rules, seats, spectators."""
        watching = f"; {self.spectators} watching" if self.spectators else ""
        where = f", round {self.round}" if self.round and self.state == TableState.PLAYING else ""
        return (f"{self.id}. {self.name} ({self.state}{where}; {self.rules}): "
                f"{self.seats_label()}{watching}")


NoticeKind = Literal["chat", "table"]


@dataclass(frozen=True, slots=True)
class Notice:
    """A line for a table's log that is not a game event: a chat line (``sender`` said
    ``text``) or news of the table (someone came, went, a computer plays for them)."""

    text: str
    kind: NoticeKind = "table"
    sender: str | None = None

    def __str__(self) -> str:
        return f"{self.sender}: {self.text}" if self.kind == "chat" else self.text


Delivery = Event | Notice


def shown_to(event: Event, seat: int | None) -> Event:
    """The event as a networked ``seat`` may see it: the engine's :func:`seat_view`, and at a
    round's end only the seat's own cards left in hand (the cards left in the others' hands are
    never sent to another seat; their points say what they were worth)."""
    event = seat_view(event, seat)
    if isinstance(event, RoundEnd):
        return replace(event, hands=tuple(h if i == seat else () for i, h in enumerate(event.hands)))
    return event
Listener = Callable[[Delivery], None]


class _Slot:
    """A seat of a table, as the server keeps it (mutable; :class:`SeatInfo` is its snapshot)."""

    def __init__(self, index: int, spec: str) -> None:
        self.index = index
        self.spec = spec  # SEAT_OPEN or a level
        self.person: Person | None = None
        self.door: SeatDoor | None = None
        self.stand_in = False
        self.back = False  # the person came back while the computer was playing their turn
        self.ready = False  # asked for the next round
        self.grace: asyncio.TimerHandle | None = None

    @property
    def for_person(self) -> bool:
        return self.spec == SEAT_OPEN

    @property
    def connected(self) -> bool:
        return self.door is not None


class _Chat:
    """A rate limit: at most ``lines`` lines in any ``window`` seconds."""

    def __init__(self, lines: int, window: float, clock: Callable[[], float]) -> None:
        self.lines, self.window, self.clock = lines, window, clock
        self.sent: deque[float] = deque()

    def allow(self) -> bool:
        now = self.clock()
        while self.sent and now - self.sent[0] >= self.window:
            self.sent.popleft()
        if len(self.sent) >= self.lines:
            return False
        self.sent.append(now)
        return True


class _SaveFile:
    """One table's save on the disk, written by the server's one writer thread, in order, so
    that no table's fsync holds up every other table's moves.

    A write that fails leaves the file as it was (a whole save replaces it atomically; an append
    cut short is a last line the reader drops), so the appends after it are not made (the file
    would miss the turns in between) until a whole save is written again.  The table hears on
    the event loop's thread when the file stops being written and when it is written again
    (:meth:`_Table.save_state`): its players are told, and its next save point writes the whole
    save."""

    def __init__(self, table: _Table) -> None:
        self.table = table
        self.path = table.save_path
        self.writer = table.server.writer
        self.loop = asyncio.get_running_loop()
        self.problem: str | None = None
        """Why the file misses a write (the writer thread's: read it after
        :meth:`TableServer.drain`)."""
        self.held = 0
        """How many of the table's events the file holds (the writer thread's)."""
        self.failed = 0
        """The writes failed or left out since the file was last whole (the writer thread's)."""
        self.last_whole = ""
        """The last whole save handed to the writer thread (an adjourned table whose save could
        not be written keeps it, to write when it is resumed)."""
        self.mending = False
        """Whether the file misses a write, as the event loop last heard: until it is written
        again, every save point writes the whole save."""

    def whole(self, text: str, held: int) -> None:
        """Write ``text``, the whole save of the first ``held`` events, atomically."""
        self.last_whole = text
        self.writer.submit(self._write, True, text, held)
        self.table.save_point()

    def append(self, text: str, held: int) -> None:
        """Add ``text``, a journal line that brings the save to ``held`` events."""
        self.writer.submit(self._write, False, text, held)
        self.table.save_point()

    def _write(self, whole: bool, text: str, held: int) -> None:
        # On the writer thread.  The functions are looked up here, when the write is made.
        problem = self.problem
        if problem is not None and not whole:
            self.failed += 1
            return
        try:
            (write_atomic if whole else append_synced)(self.path, text)
        except OSError as exc:
            self.problem = exc.strerror or str(exc)
            self.failed += 1
            if self.problem != problem:
                log.error("table %s: cannot write %s: %s; the game goes on, its save is written whole "
                          "again at the next save point", self.table.id, self.path, self.problem)
                self._tell(self.problem)
            return
        self.held = held
        if problem is not None:
            log.info("table %s: %s is written again (%s writes failed or were left out)", self.table.id,
                     self.path, self.failed)
            self.problem, self.failed = None, 0
            self._tell(None)

    def _tell(self, problem: str | None) -> None:
        try:
            self.loop.call_soon_threadsafe(self.table.save_state, self, problem, self.held)
        except RuntimeError:
            pass  # the event loop has closed: the server has stopped, and the log has it all


class _TableSaver(AutoSaver):
    """The table's save, after every turn, in its own file of the tables folder (a
    :class:`_SaveFile`).  At the session's end the save goes (the transcript beside it keeps the
    whole game)."""

    def __init__(self, *args: Any, file: _SaveFile, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.file = file
        self._upto = 0  # the events in the text being written

    def _document(self, upto: int, states: list[tuple[Any, ...] | None]) -> str:
        self._upto = upto
        return super()._document(upto, states)

    def _entry(self, upto: int, states: list[tuple[Any, ...] | None]) -> str:
        self._upto = upto
        return super()._entry(upto, states)

    def _write_whole(self, text: str) -> None:
        self.file.whole(text, self._upto)

    def _write_entry(self, text: str) -> None:
        self.file.append(text, self._upto)

    def save(self, upto: int | None = None, compact: bool = False) -> bool:
        return super().save(upto, compact or self.file.mending)

    def finish(self) -> None:
        self.file.writer.submit(_logged, _unlink, self.path, "")

    def renamed(self, seat: int, start: SessionStart) -> None:
        """A person took ``seat`` (:meth:`_Table._rename`): the save names them, at once (the
        whole save again, up to its last save point: a resumed game finds its players)."""
        self.specs[seat] = f"{HUMAN_PREFIX}{start.players[seat].name}"
        if self.events and isinstance(self.events[0], SessionStart):
            self.events[0] = start
            self._lines[0] = encode_event(start)
        if self.saves and self.error is None:
            # As at the last save point: its events, and its generators' states (a computer
            # thinking now has moved its own since).
            text = self._document(self._written, self._states)
            self._write_whole(text)  # on the writer thread, after the saves before it
            self._base_size, self._journal_size, self._compact_next = len(text), 0, False


def _event_name(line: str) -> str:
    """The name of the event a transcript line holds ("" if it holds none)."""
    try:
        event = json.loads(line)
    except ValueError:
        return ""
    name = event.get("event") if isinstance(event, dict) else None
    return name if isinstance(name, str) else ""


def _numbers(ids: Sequence[int]) -> str:
    """"table 4", "tables 2 and 4", "tables 2, 4 and 9"."""
    if len(ids) == 1:
        return f"table {ids[0]}"
    return "tables " + ", ".join(map(str, ids[:-1])) + f" and {ids[-1]}"


def _unlink(path: Path, _text: str) -> None:
    path.unlink(missing_ok=True)


def _logged(write: Callable[[Path, str], None], path: Path, text: str) -> None:
    """A write of the writer thread: a failure is the server's log's (the game goes on)."""
    try:
        write(path, text)
    except OSError as exc:
        log.error("cannot write %s: %s", path, exc.strerror or exc)


def _call_in(context: contextvars.Context, callback: Callable[..., None], *args: Any) -> None:
    """Call ``callback`` in (a copy of) ``context``: the context it was given to the server in.

    One step at a table reaches every session following it, and it is made in the context of
    whoever made it (another session's app, the server's computer).  A session's front end finds
    its own parts through context variables (Textual's running app is one): called in the mover's
    context, a session's screen asked the mover's app which dialogs were open, and held or
    redrew its table by another person's screens.  A copy, so that a delivery made inside a
    delivery (a listener acting at once) enters no context twice."""
    context.copy().run(callback, *args)


class SeatDoor:
    """What a front end holds for one seat of one table (``seat`` None: a spectator).

    Made by :meth:`TableServer.join` or :meth:`TableServer.watch`, bound to that seat for good.
    Reading: :meth:`view`, :meth:`targets`, :meth:`legal_moves`, :meth:`round_summary`,
    :meth:`session_summary`, :meth:`past_events`, :attr:`names`, :attr:`rules`.  Acting:
    :meth:`play`, :meth:`undo`, :meth:`end_turn`, :meth:`next_round`, :meth:`say`, each refusing
    with a :class:`TableError` sentence when this seat may not do it now.  Following:
    :meth:`follow` (events as this seat may see them, and :class:`Notice` lines).  Going:
    :meth:`detach` (the connection dropped: the seat is held) or :meth:`leave` (on purpose).
    """

    def __init__(self, table: _Table, person: Person, seat: int | None) -> None:
        self._table = table
        self.person = person
        self.seat = seat
        """The seat this door acts for (from 0); None for a spectator."""
        self._listeners: list[tuple[Listener, contextvars.Context]] = []
        self._pending: list[Delivery] = []
        self._unheard: deque[Notice] = deque(maxlen=MISSED_NOTICES)
        """The table's notices while nothing followed this door (its person still in the lobby,
        the table's screen not open yet: the game starting, a computer taking a free seat)."""
        self.closed = False
        """True once the door was detached or left: it refuses everything after."""
        self._chat = _Chat(table.server.chat_lines, table.server.chat_window, table.server.clock)

    # ------------------------------------------------------------------ reading
    @property
    def table_id(self) -> int:
        return self._table.id

    @property
    def spectator(self) -> bool:
        return self.seat is None

    @property
    def rules(self) -> RuleSet:
        return self._table.rules

    @property
    def names(self) -> list[str]:
        """The seats' names as the game shows them (fixed when the game starts; before, the
        lobby's)."""
        return self._table.names()

    @property
    def started(self) -> bool:
        """Whether the game has started (a view can be had)."""
        return self._table.service is not None

    def info(self) -> TableInfo:
        return self._table.info()

    def view(self) -> SeatView:
        """The game as this seat may see it now: its own hand only; a spectator's has none."""
        return self._service().view(self.seat)

    def public_observation(self) -> Observation:
        """The table as everyone sees it: the board, the counts, the scores; no hand at all
        (``hand_mask`` 0; ``seat`` is whose turn it is)."""
        service = self._service()
        return service.observation(service.current)._replace(hand_mask=0)

    def my_turn(self) -> bool:
        """Whether this seat's person is to act now (not while a computer plays for them)."""
        return self._table.person_turn(self.seat)

    def targets(self, held: Card | Pile) -> Targets:
        """Where ``held`` may go now; none when it is not this seat's turn."""
        if not self.my_turn():
            return Targets(held, ())
        return self._service().targets(held)

    def legal_moves(self) -> tuple[Move, ...]:
        """This seat's legal moves now; none when it is not its turn."""
        return self._service().legal_moves() if self.my_turn() else ()

    def round_summary(self) -> RoundSummary:
        """The round just finished, this seat's hand left face up and the others' withheld
        (a spectator sees none): the cards left in a hand are never sent to another seat."""
        summary = self._service().round_summary()
        hands = tuple(h if i == self.seat else () for i, h in enumerate(summary.hands))
        withheld = tuple(i for i in range(len(hands)) if i != self.seat)
        return replace(summary, hands=hands, seed=None, withheld=withheld)

    def session_summary(self) -> SessionSummary:
        return self._service().session_summary()

    def past_events(self) -> tuple[Event, ...]:
        """Every event of the session so far as this seat may see it (to catch up on joining)."""
        table = self._table
        return tuple(table.game.shown_to(event, self.seat) for event in table.events)

    # ------------------------------------------------------------------ following
    def follow(self, listener: Listener) -> None:
        """Send ``listener`` each event from now on as this seat may see it, and each
        :class:`Notice` of the table, after the step that made it is complete.  The first
        listener is first given the notices that came while nothing followed the door."""
        context = contextvars.copy_context()
        self._listeners.append((listener, context))
        missed = list(self._unheard)
        self._unheard.clear()
        for notice in missed:
            _call_in(context, listener, notice)

    def unfollow(self, listener: Listener) -> None:
        self._listeners = [(kept, context) for kept, context in self._listeners if kept != listener]

    def _on_event(self, event: Event) -> None:
        # Called by the service with the event already filtered for this seat; held until the
        # step is complete (a listener reading the view mid-step would see half a move).
        self._pending.append(self._table.game.shown_to(event, self.seat))

    def _notice(self, notice: Notice) -> None:
        self._pending.append(notice)

    def _deliver(self) -> None:
        pending, self._pending = self._pending, []
        if not self._listeners:
            self._unheard.extend(item for item in pending if isinstance(item, Notice))
            return
        for item in pending:
            for listener, context in list(self._listeners):
                try:
                    _call_in(context, listener, item)
                except Exception:  # noqa: BLE001 - one broken client must not stop the table
                    log.exception("table %s: a listener of %s failed and was dropped",
                                  self._table.id, self.person.name)
                    self.unfollow(listener)

    # ------------------------------------------------------------------ acting
    def _service(self) -> GameService:
        if self.closed:
            raise TableError("You have left this table.")
        service = self._table.service
        if service is None:
            raise TableError("The game has not started yet.")
        if not isinstance(service, GameService):
            raise TableError("This table plays another game.")
        return service

    def _acting(self) -> GameService:
        service = self._service()
        self._table.check_turn(self.seat)
        return service

    def play(self, move: Move | int) -> None:
        """Play ``move`` for this seat; :class:`IllegalMove` (or :class:`TableError`) says why
        not, and nothing changes."""
        service = self._acting()
        with self._table.step():
            service.play(move)

    def undo(self) -> None:
        """Take back this seat's last move of this turn (never another seat's)."""
        service = self._acting()
        with self._table.step():
            service.undo()

    def end_turn(self) -> None:
        service = self._acting()
        with self._table.step():
            service.end_turn()

    def next_round(self) -> None:
        """Say this seat is ready for the next round; it is dealt when every person there is."""
        self._service()
        self._table.ready(self)

    def start(self) -> None:
        """Start the game (the creator, while the table waits)."""
        if self.closed:
            raise TableError("You have left this table.")
        self._table.server.start(self.person, self._table.id)

    def say(self, text: str) -> None:
        """A chat line to everyone at the table (spectators too); refused when empty, too long
        or too fast (:attr:`TableServer.chat_lines` in :attr:`TableServer.chat_window`)."""
        if self.closed:
            raise TableError("You have left this table.")
        self._table.say(self, text)

    # ------------------------------------------------------------------ going
    def detach(self) -> None:
        """The connection dropped: the seat is held for the server's grace time, then a
        computer plays it until the same person joins again (nothing happens the second time)."""
        if not self.closed:
            self._table.gone(self, dropped=True)

    def leave(self) -> None:
        """The person leaves on purpose: before the game the seat is free again; during it a
        computer plays it at once (they may come back to it, unless they are a guest)."""
        if not self.closed:
            self._table.gone(self, dropped=False)


class _Table:
    """One table: its seats, its doors, and once started its game, transcript and computer task."""

    def __init__(self, server: TableServer, table_id: int, name: str, owner: Person, rules: Any,
                 specs: Sequence[str], game: TableGame | None = None) -> None:
        self.server = server
        self.id = table_id
        self.name = name
        self.owner = owner
        self.game = game or CORNER
        """The game played here: what differs from game to game goes through it."""
        self.rules = rules
        self.rules_label = self.game.rules_label(rules)
        self.slots = [_Slot(i, spec) for i, spec in enumerate(specs)]
        self.state = TableState.WAITING
        self.spectators: list[SeatDoor] = []
        self.service: TableService | None = None
        self.events: list[Event] = []
        """Every event of the session as the referee saw it (for catching up and the save)."""
        self.seed = new_seed()
        self.saver: Any = None
        """The game's save, a listener (:meth:`TableGame.saver`)."""
        self._transcript_file: IO[str] | None = None
        self.task: asyncio.Task[None] | None = None
        self.wake = asyncio.Event()
        self.playing_turn: TurnId | Any = None
        """The turn a computer is playing now (for a person's seat or its own; its ``seat``
        is all the table reads)."""
        self.restored: TableService | None = None
        """An adjourned game brought back, until it is started again."""
        self.restored_events: Sequence[Any] = ()
        """The events of the game brought back, so far."""
        self.seat_names: list[str] | None = None
        """The names the game shows, fixed when it starts."""
        self.house: dict[int, Player | Any] = {}
        """The house computer of each person's seat it has played for."""
        self.adjourned_at = 0.0
        """When the table was last adjourned (the server's wall clock, :attr:`TableServer.now`)."""
        self.save_file: _SaveFile | None = None
        self.save_problem: str | None = None
        """Why the game's save cannot be written now (None while it can)."""
        self.transcript_problem: str | None = None
        """Why the transcript cannot be written now: it is written whole at the next save point."""
        self.unsaved: str | None = None
        """The whole save an adjournment could not write: written when the table is resumed, or
        the server stops."""

    # ------------------------------------------------------------------ paths
    @property
    def folder(self) -> Path:
        return self.server.data_dir / TABLES_FOLDER

    @property
    def save_path(self) -> Path:
        return self.folder / f"table-{self.id}.json"

    @property
    def meta_path(self) -> Path:
        return self.folder / f"table-{self.id}.table.json"

    @property
    def transcript_path(self) -> Path:
        return self.folder / f"table-{self.id}.jsonl"

    # ------------------------------------------------------------------ reading
    def names(self) -> list[str]:
        if self.seat_names is not None:
            return list(self.seat_names)
        return [self._lobby_name(slot) for slot in self.slots]

    def _lobby_name(self, slot: _Slot) -> str:
        if not slot.for_person:
            return f"Computer {slot.index + 1}"  # named when the game starts
        return slot.person.name if slot.person is not None else f"Seat {slot.index + 1}"

    def info(self) -> TableInfo:
        seats = []
        names = self.names()
        for slot in self.slots:
            if slot.for_person:
                seats.append(SeatInfo(slot.index, "person", slot.person.name if slot.person else None,
                                      None, slot.connected, slot.stand_in))
            else:
                named = names[slot.index] if self.seat_names is not None else None
                seats.append(SeatInfo(slot.index, "computer", named, slot.spec, True))
        service = self.service
        round_no = self.game.round_no(service) if service is not None else 0
        return TableInfo(self.id, self.name, self.owner.name, self.rules_label, tuple(seats),
                         self.state, len(self.spectators), round_no, self.game.name)

    def doors(self) -> list[SeatDoor]:
        return [slot.door for slot in self.slots if slot.door is not None] + self.spectators

    def people_here(self) -> int:
        return sum(1 for slot in self.slots if slot.connected) + len(self.spectators)

    def seated_here(self) -> int:
        return sum(1 for slot in self.slots if slot.connected)

    def person_turn(self, seat: int | None) -> bool:
        service = self.service
        if seat is None or service is None or self.state != TableState.PLAYING:
            return False
        slot = self.slots[seat]
        return (service.phase == Phase.TURN and service.current == seat and slot.for_person
                and not slot.stand_in and slot.connected)

    def check_turn(self, seat: int | None) -> None:
        """Refuse with a sentence unless ``seat``'s person is to act now."""
        service = self.service
        assert service is not None
        if seat is None:
            raise TableError("You are watching this table; spectators cannot play.")
        if self.state == TableState.FINISHED or service.phase == Phase.SESSION_OVER:
            raise TableError("The game is over.")
        if service.phase != Phase.TURN:
            raise TableError("The round is over; the next one is dealt when everyone is ready.")
        if service.current != seat:
            raise TableError(f"It is {self.names()[service.current]}'s turn, not yours.")
        if self.slots[seat].stand_in:
            raise TableError("The computer is playing this turn for you; your seat is yours "
                             "again from your next turn.")

    # ------------------------------------------------------------------ steps and notices
    def step(self) -> _Step:
        """Wrap one change of the game: afterwards the doors get what it produced."""
        return _Step(self)

    def settle(self) -> None:
        """After a step: take back seats whose people returned, deliver, wake the computers,
        and tell the lobby."""
        service = self.service
        if service is not None and self.state == TableState.PLAYING:
            for slot in self.slots:
                if slot.back and slot.stand_in and not self._computer_on(slot.index):
                    self._reclaim(slot)
            if service.phase == Phase.SESSION_OVER:
                self._finish()
        for door in self.doors():
            door._deliver()
        if service is not None and self.state == TableState.PLAYING and self.computer_to_play():
            self.wake.set()
        self.server.changed(self)

    def _computer_on(self, seat: int) -> bool:
        return self.playing_turn is not None and self.playing_turn.seat == seat

    def notice(self, text: str, kind: NoticeKind = "table", sender: str | None = None) -> None:
        notice = Notice(visible(text), kind, sender)
        for door in self.doors():
            door._notice(notice)
        if kind == "table":
            log.info("table %s: %s", self.id, notice.text)

    def say(self, door: SeatDoor, text: str) -> None:
        line = " ".join(text.split())
        limit = self.server.chat_length
        if not line:
            raise TableError("Say what? Type the line after :say.")
        if len(line) > limit:
            raise TableError(f"A chat line holds at most {limit} characters; this one has {len(line)}.")
        if not door._chat.allow():
            raise TableError(f"Slow down: at most {self.server.chat_lines} chat lines in "
                             f"{self.server.chat_window:g} seconds.")
        sender = door.person.name + (" (watching)" if door.seat is None else "")
        self.notice(line, "chat", sender)
        self.settle()

    # ------------------------------------------------------------------ seats
    def sit(self, person: Person, seat: int) -> SeatDoor:
        if not 0 <= seat < len(self.slots):
            raise TableError(f"Table {self.id} has seats 1 to {len(self.slots)}; "
                             f"there is no seat {seat + 1}.")
        if any(person.same(s.person) and s.connected for s in self.slots) or any(
                person.same(d.person) for d in self.spectators):
            raise TableError(f"You are at table {self.id} already.")
        slot = self.slots[seat]
        if not slot.for_person:
            raise TableError(f"Seat {seat + 1} is played by a computer.")
        if slot.person is not None and not person.same(slot.person):
            who = slot.person.name
            raise TableError(f"Seat {seat + 1} is {who}'s." + (
                "" if slot.connected else f" It is kept for {who} to come back to."))
        if self.state == TableState.FINISHED:
            raise TableError("The game at this table is over.")
        returning = slot.person is not None
        if slot.person is None:
            taken = {name_key(n) for i, n in enumerate(self.names()) if i != seat}
            if name_key(person.name) in taken:
                raise TableError(f"Someone at table {self.id} is called {person.name} already; "
                                 "choose another name in the lobby.")
        slot.person = person
        dealt_as = self.names()[seat]
        if isinstance(self.service, GameService) and dealt_as != person.name:
            self._rename(seat, person.name)  # (a Kings Reverse seat keeps the name it was dealt)
        door = self.game.door(self, person, seat)
        slot.door = door
        if slot.grace is not None:
            slot.grace.cancel()
            slot.grace = None
        if self.service is not None:
            self.service.follow(door._on_event, seat)
        log.info("table %s: %s (%s) sits in seat %s", self.id, person.name, person.key or "guest", seat + 1)
        if self.state == TableState.PLAYING:
            if slot.stand_in:
                played = f" (played so far as {dealt_as})" if dealt_as != person.name else ""
                said = (f"{person.name} is back in seat {seat + 1}" if returning else
                        f"{person.name} takes seat {seat + 1}{played}")
                if self._computer_on(seat):
                    slot.back = True  # the seat is theirs again when the computer's turn ends
                    self.notice(f"{said}; the computer finishes this turn for them.")
                else:
                    slot.stand_in = False
                    self.notice(f"{said}.")
            elif returning:
                self.notice(f"{person.name} is back.")
            self._write_meta()
        else:
            self.notice(f"{person.name} sits in seat {seat + 1}.")
        self.settle()
        self.server._maybe_autostart(self)
        return door

    def _rename(self, seat: int, name: str) -> None:
        """A person takes a seat of a game dealt without them: the seat is theirs by name in
        every view, the log, the transcript and the save, and from now on in every summary."""
        service = self.service
        assert isinstance(service, GameService) and self.seat_names is not None
        service.rename_seat(seat, name)
        self.seat_names[seat] = service.seats[seat].name
        log.info("table %s: seat %s is %s's now", self.id, seat + 1, name)
        start = self.events[0] if self.events else None
        if not isinstance(start, SessionStart):
            return
        start = replace(start, players=service.view(None).players)
        self.events[0] = start
        if self.saver is not None:
            self.saver.renamed(seat, start)
        self._write_transcript()  # its session_start names the seats

    def watch(self, person: Person) -> SeatDoor:
        if any(person.same(s.person) and s.connected for s in self.slots) or any(
                person.same(d.person) for d in self.spectators):
            raise TableError(f"You are at table {self.id} already.")
        door = self.game.door(self, person, None)
        self.spectators.append(door)
        if self.service is not None:
            self.service.follow(door._on_event, None)
        log.info("table %s: %s watches", self.id, person.name)
        self.notice(f"{person.name} is watching.")
        self.settle()
        return door

    def _reclaim(self, slot: _Slot) -> None:
        slot.stand_in = slot.back = False
        who = slot.person.name if slot.person is not None else "Its person"
        self.notice(f"{who} plays seat {slot.index + 1} from now on.")

    def gone(self, door: SeatDoor, dropped: bool) -> None:
        """A door closes: a spectator goes; a seat is held, handed to the computer or freed."""
        door.closed = True
        service = self.service
        if service is not None:
            service.remove_listener(door._on_event)
        if door.seat is None:
            self.spectators.remove(door)
            log.info("table %s: %s stops watching", self.id, door.person.name)
            self.settle()
            self.server._tidy(self)
            return
        slot = self.slots[door.seat]
        if slot.door is not door:
            return
        slot.door = None
        slot.ready = False
        person = door.person
        how = "lost the connection" if dropped else "left"
        log.info("table %s: %s %s (seat %s)", self.id, person.name, how, door.seat + 1)
        if self.state == TableState.PLAYING:
            if person.guest:
                slot.person = None  # a guest cannot come back to the seat: it is free
            if self.seated_here() == 0 and (not dropped or self.server.grace <= 0 or person.guest):
                # Nobody left to play for (a guest is not waited for): computers alone would
                # play on for nobody.
                self.notice(f"{person.name} has {how}.")
                self.server._adjourn(self)
                return
            if dropped and self.server.grace > 0 and not person.guest:
                self.notice(f"{person.name} has lost the connection; the seat is kept for "
                            f"{self.server.grace:g} seconds.")
                loop = asyncio.get_running_loop()
                slot.grace = loop.call_later(self.server.grace, self._grace_over, slot)
            else:
                self.notice(f"{person.name} has {how}.")
                self._take_over(slot)
            self._deal_if_ready()
        else:
            if not (self.state == TableState.WAITING and self.restored is not None and not person.guest):
                slot.person = None  # a resumed table keeps the seat for its player
            self.notice(f"{person.name} has {how}.")
        self.settle()
        self.server._tidy(self)

    def _grace_over(self, slot: _Slot) -> None:
        slot.grace = None
        if slot.connected or self.state != TableState.PLAYING:
            return
        if self.seated_here() == 0:
            self.server._adjourn(self)
            return
        self._take_over(slot)
        self.settle()

    def _take_over(self, slot: _Slot) -> None:
        if slot.stand_in:
            return
        slot.stand_in = True
        slot.back = False
        name = self.names()[slot.index]
        log.info("table %s: the computer (%s) plays seat %s", self.id, HOUSE_LEVEL, slot.index + 1)
        self.notice(f"The computer ({HOUSE_LEVEL}) plays for {name}" + (
            " until they are back." if slot.person is not None else " until someone takes the seat."))

    def ready(self, door: SeatDoor) -> None:
        service = self.service
        assert service is not None
        if door.seat is None:
            raise TableError("You are watching this table; the players deal the next round.")
        if service.phase == Phase.TURN:
            raise TableError("The round is still being played.")
        if service.phase == Phase.SESSION_OVER:
            raise TableError("The game is over.")
        slot = self.slots[door.seat]
        if slot.ready:
            raise TableError("You are ready; the next round is dealt when everyone is.")
        slot.ready = True
        self._deal_if_ready(door.person.name)

    def _deal_if_ready(self, ready: str | None = None) -> None:
        """Deal the next round once every person at the table has asked for it."""
        service = self.service
        if service is None or service.phase != Phase.ROUND_OVER or not any(s.ready for s in self.slots):
            return
        waiting = [s.person.name for s in self.slots if s.connected and not s.ready and s.person]
        if waiting:
            if ready is not None:
                self.notice(f"{ready} is ready for the next round (waiting for {', '.join(waiting)}).")
                self.settle()
            return
        for s in self.slots:
            s.ready = False
        with self.step():
            self.game.next_round(self, service)

    # ------------------------------------------------------------------ playing
    def begin(self, service: TableService, events: Sequence[Any]) -> None:
        """Start playing ``service``: its transcript, save, doors and computer task."""
        self.service = service
        self.seat_names = [s.name for s in service.seats]
        self.events = list(events)
        self.transcript_problem = None
        lost = self._write_transcript(resumed=bool(events))
        service.add_listener(self._record)
        service.add_listener(self.events.append)
        specs = [f"{HUMAN_PREFIX}{self.seat_names[i]}" if slot.for_person else slot.spec
                 for i, slot in enumerate(self.slots)]
        went_on = self._went_on(lost) if events else ""
        self.save_problem = self.unsaved = None
        self.save_file = _SaveFile(self)
        self.saver = self.game.saver(self, service, specs, events)
        service.add_listener(self.saver)
        for door in self.doors():
            service.follow(door._on_event, door.seat)
        self.state = TableState.PLAYING
        self._write_meta()
        self.task = asyncio.get_running_loop().create_task(self._run(), name=f"table {self.id}")
        for slot in self.slots:
            if slot.for_person and not slot.connected:
                self._take_over(slot)
        log.info("table %s: the game starts (seed %s)", self.id, service.seed)
        with self.step():
            if not events:
                service.start()
            self.notice(went_on or "The game starts.")

    def _went_on(self, lost: Sequence[str]) -> str:
        """The notice of a game resumed from its save: where it goes on from, and the turns
        played past the save (``lost``: their transcript lines), if any, and why they were lost."""
        where = self.game.where(e.name for e in self.events)
        if not lost:
            return f"The game goes on from {where}."
        names = [_event_name(line) for line in lost]
        turns, unit = self.game.turns(names), self.game.turn_unit
        what = (f"the last {turns} {unit}s were" if turns > 1 else f"the last {unit} was" if turns
                else "the last moves were")
        why = self.save_problem or "the server could not write its save"
        log.warning("table %s goes on from %s, %s events back: %s not saved (%s)", self.id, where,
                    len(lost), what.removeprefix("the "), why)
        return f"The game goes on from {where}: {what} not saved ({why})."

    # ------------------------------------------------------------------ keeping the game
    def _record(self, event: Any) -> None:
        """The transcript's listener: each event a line, flushed (until a write fails)."""
        file = self._transcript_file
        if self.transcript_problem is not None or file is None:
            return
        try:
            file.write(self.game.encode(event) + "\n")
            file.flush()
        except (OSError, ValueError) as exc:
            self._transcript_failed(exc)

    def _transcript_failed(self, exc: Exception) -> None:
        self._close_transcript()
        problem = getattr(exc, "strerror", None) or str(exc)
        if self.transcript_problem is None:
            log.error("table %s: cannot write %s: %s; it is written whole again at the next save point",
                      self.id, self.transcript_path, problem)
            self.notice(f"The server cannot write this game's transcript ({problem}); it tries again "
                        "at every turn.")
        self.transcript_problem = problem

    def _write_transcript(self, resumed: bool = False) -> list[str]:
        """Write the transcript whole, from the events so far, and go on appending to it.

        The transcript of what was played is never cut: when a game is ``resumed`` and the file
        holds events past its save's (the save missed its last turns), it is kept first, under
        another name, and its lines past the save's are returned.  (Otherwise the file holds
        these events or fewer: this table wrote them.)"""
        lines = [self.game.encode(e) for e in self.events]
        self._close_transcript()
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            lost = self._keep_played(lines) if resumed else []
            write_atomic(self.transcript_path, "".join(line + "\n" for line in lines))
            self._transcript_file = open(self.transcript_path, "a", encoding="utf-8", newline="\n")
        except OSError as exc:
            self._transcript_failed(exc)
            return []
        if self.transcript_problem is not None:
            log.info("table %s: %s is written again, whole", self.id, self.transcript_path)
            self.transcript_problem = None
            self.notice("The game's transcript is written again, whole.")
        return lost

    def _keep_played(self, lines: Sequence[str]) -> list[str]:
        """Unless the transcript on the disk is the start of ``lines``, rename it aside (one that
        cannot be read too), and return its lines past ``lines``."""
        try:
            text: str | None = read_text(self.transcript_path, MAX_TRANSCRIPT)
        except UnreadableFile as exc:
            if exc.missing:
                return []
            text = None  # too large, or not text: kept aside as it is
        played = [] if text is None else text.split("\n")[:-1]  # (past the last newline: a line cut short)
        # The first line, session_start, names the seats: a person taking one rewrites it.
        if text is not None and len(played) <= len(lines) and played[1:] == list(lines[1:len(played)]):
            return []
        kept = self.folder / f"table-{self.id}.before-resume.jsonl"
        k = 2
        while kept.exists():
            kept = self.folder / f"table-{self.id}.before-resume-{k}.jsonl"
            k += 1
        os.replace(self.transcript_path, kept)
        log.warning("table %s: %s held %s events, and the game goes on after %s: the transcript as played "
                    "is kept as %s", self.id, self.transcript_path, len(played) if text is not None else "?",
                    len(lines), kept.name)
        return played[len(lines):] if played[1:len(lines)] == list(lines[1:]) else []

    def save_point(self) -> None:
        """The save is being written: a transcript that could not be written is tried again."""
        if self.transcript_problem is not None and self.service is not None:
            self._write_transcript()

    def save_state(self, file: _SaveFile, problem: str | None, held: int) -> None:
        """The writer thread found ``file`` failing (``problem``) or written again (None; it
        holds ``held`` events): the players are told, once a streak."""
        if file is not self.save_file or problem == self.save_problem:
            return
        file.mending = problem is not None
        was, self.save_problem = self.save_problem, problem
        if self.state != TableState.PLAYING:
            return  # adjourned meanwhile: the adjournment has said what was kept
        if problem is None:
            self.notice("The game is saved again.")
        elif was is None:
            back = (f"if the server stopped now, the game would go back to "
                    f"{self.game.where(e.name for e in self.events[:held])}" if held else
                    "until a save works, the game could not be resumed if the server stopped")
            self.notice(f"The server cannot save this game ({problem}); it tries again at every "
                        f"turn. Play on: {back}.")
        for door in self.doors():
            door._deliver()

    def computer_to_play(self) -> bool:
        service = self.service
        if service is None or self.state != TableState.PLAYING or service.phase != Phase.TURN:
            return False
        slot = self.slots[service.current]
        # A person who is back takes the seat once the computer has finished the turn it began.
        return not slot.for_person or (slot.stand_in and (not slot.back or self._computer_on(slot.index)))

    async def _run(self) -> None:
        """The table's computer task: whenever a computer is to play, it plays."""
        while True:
            await self.wake.wait()
            self.wake.clear()
            try:
                while self.computer_to_play():
                    await self._computer_turn()
            except asyncio.CancelledError:
                raise
            except Exception:  # noqa: BLE001 - logged; the table waits for the next change
                log.exception("table %s: a computer's turn failed", self.id)

    async def _computer_turn(self) -> None:
        await self.game.computer_turn(self)
        if self.server.pace > 0:
            await asyncio.sleep(self.server.pace)

    def _finish(self) -> None:
        self.state = TableState.FINISHED
        log.info("table %s: the session is over", self.id)
        self._stop_task()
        self._close_files()
        for path in (self.meta_path, self.save_path):
            self.server.writer.submit(_logged, _unlink, path, "")  # after the save's last write

    def _stop_task(self) -> None:
        if self.task is not None:
            self.task.cancel()
            self.task = None

    def _close_files(self) -> None:
        if self.service is not None:
            self.service.remove_listener(self._record)
            if self.saver is not None:
                self.service.remove_listener(self.saver)
        self._close_transcript()

    def _close_transcript(self) -> None:
        if self._transcript_file is not None:
            try:
                self._transcript_file.close()
            except OSError:
                pass
            self._transcript_file = None

    def meta(self) -> dict[str, Any]:
        """What the save does not hold: the table's name, creator and whose each seat is."""
        def person(p: Person | None) -> dict[str, Any] | None:
            return None if p is None or p.guest else {"key": p.key, "name": p.name}
        return {
            "id": self.id, "name": self.name, "owner": person(self.owner), "owner_name": self.owner.name,
            "game": self.game.name, "rules": self.rules.as_dict(), "seed": self.seed,
            "seats": [{"spec": s.spec, "person": person(s.person)} for s in self.slots],
            "adjourned_at": self.adjourned_at, "save_problem": self.save_problem,
        }

    def _write_meta(self) -> str | None:
        """Write the table's file; None, or why it could not be written."""
        try:
            write_atomic(self.meta_path, json.dumps(self.meta(), indent=1) + "\n")
        except OSError as exc:
            log.error("table %s: cannot write %s: %s", self.id, self.meta_path, exc.strerror or exc)
            return exc.strerror or str(exc)
        return None

    def write_unsaved(self) -> None:
        """Try again to write what an adjournment could not: the save and the table's file."""
        if self.unsaved is None:
            return
        try:
            write_atomic(self.save_path, self.unsaved)
        except OSError as exc:
            log.error("table %s: its save still cannot be written (%s)", self.id, exc.strerror or exc)
            return
        self.save_problem = None
        if self._write_meta() is None:
            self.unsaved = None
            log.info("table %s: its save and table file are written at last: nothing was lost", self.id)

    def adjourn(self) -> None:
        """Keep the game in its save and stop playing it (everyone has gone)."""
        service = self.service
        self._stop_task()
        self.playing_turn = None
        self.adjourned_at = self.server.now()
        kept: str | None = None
        if service is not None:
            if self.saver is not None:
                self.saver.save(compact=True)
                self.server.drain()  # the save is whole on the disk before anyone resumes it
            kept = self._kept(self._write_meta())
            self._close_files()
            service.close()
        for house in self.house.values():
            house.close()
        self.house.clear()
        self.service = None
        self.seat_names = None
        self.restored = None
        self.state = TableState.ADJOURNED
        for slot in self.slots:
            slot.stand_in = slot.back = slot.ready = False
            if slot.grace is not None:
                slot.grace.cancel()
                slot.grace = None
            if slot.person is not None and slot.person.guest:
                slot.person = None
        if kept is None:
            log.info("table %s: adjourned into %s", self.id, self.save_path)
        else:
            log.error("table %s could not be kept as it is: %s; the server tries again when it is "
                      "resumed, and when the server stops", self.id, kept)

    def _kept(self, meta_problem: str | None) -> str | None:
        """After an adjournment's writes: None when the game is whole on the disk, else what
        is kept of it, in words (and what could not be written is kept to be tried again)."""
        file = self.save_file
        if file is None or (file.problem is None and meta_problem is None):
            return None
        said = []
        if file.problem is not None:
            self.save_problem, self.unsaved = file.problem, file.last_whole
            held = (f"holds the game up to {self.game.where(e.name for e in self.events[:file.held])} "
                    f"({file.held} of its {len(self.events)} events)" if file.held else "was never written")
            said.append(f"its save cannot be written ({file.problem}): {self.save_path.name} {held}")
        if meta_problem is not None:
            self.unsaved = self.unsaved or file.last_whole
            said.append(f"its table file cannot be written ({meta_problem})" + (
                ": an older one is kept" if self.meta_path.exists() else
                ": after a restart the table is not listed"))
        if self.transcript_problem is not None:
            said.append(f"its transcript cannot be written either ({self.transcript_problem})")
        else:
            said.append(f"its transcript holds all {len(self.events)} events")
        return "; ".join(said)


class _Step:
    """``with table.step():`` one change of the game, then :meth:`_Table.settle`."""

    def __init__(self, table: _Table) -> None:
        self.table = table

    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> None:
        self.table.settle()


class TableService(Protocol):
    """What a table reads of its game's service, whichever the game (the engine's
    :class:`GameService`, or another game's door of the same pattern)."""

    @property
    def phase(self) -> Phase: ...

    @property
    def current(self) -> int: ...

    @property
    def seed(self) -> int: ...

    @property
    def seats(self) -> Sequence[Any]: ...

    def view(self, seat: int | None) -> Any: ...

    def add_listener(self, listener: Any) -> None: ...

    def follow(self, listener: Any, seat: int | None) -> None: ...

    def remove_listener(self, listener: Any) -> None: ...

    def start(self) -> None: ...

    def next_round(self) -> None: ...

    def take_faults(self) -> list[str]: ...

    def close(self) -> None: ...


class TableGame:
    """The game a table is of: everything the table asks that differs from game to game.

    This class is Kings in the Corner's (the application's own game); another game subclasses
    it (:mod:`kc_tui.net.reverse`) and is listed by :func:`table_games`.  The table keeps the
    seats, doors, notices, grace and adjournment; its game makes the service and the doors,
    filters events for a seat, plays a computer's turn, saves and restores."""

    name = "kings-corner"
    """The game's name (:data:`kc_tui.games.GAMES`), kept in the table's file."""
    levels: Mapping[str, object] = LEVELS
    """The computer levels a seat may be."""

    def owns(self, rules: object) -> bool:
        """Whether ``rules`` are a rule set of this game."""
        return isinstance(rules, RuleSet)

    def check_rules(self, rules: Any) -> None:
        """Refuse (:class:`IllegalMove`, with the sentence) rules that cannot be played."""
        rules.checked()

    def rules_label(self, rules: Any) -> str:
        return rules_label(rules)

    def rules_from_dict(self, d: Mapping[str, Any]) -> Any:
        return RuleSet.from_dict(d)

    def door(self, table: _Table, person: Person, seat: int | None) -> SeatDoor:
        """A new door for ``seat`` of ``table`` (None: a spectator's)."""
        return SeatDoor(table, person, seat)

    def shown_to(self, event: Any, seat: int | None) -> Any:
        return shown_to(event, seat)

    def encode(self, event: Any) -> str:
        """One transcript line of ``event`` (without the newline)."""
        return encode_event(event)

    turn_unit = "turn"
    """What the game's players count its play in, for where a game goes on from."""
    turn_ends: frozenset[str] = frozenset({"turn_end"})
    """The events (by name) that end one of those."""

    def where(self, names: Iterable[str]) -> str:
        """Where a game stands after events of these names: "round 2, turn 5" (the turn being
        played, or the next one)."""
        round_no = done = 0
        for name in names:
            if name == "round_start":
                round_no, done = round_no + 1, 0
            elif name in self.turn_ends:
                done += 1
        return f"round {round_no}, {self.turn_unit} {done + 1}" if round_no else "its first deal"

    def turns(self, names: Iterable[str]) -> int:
        """How many turns (:attr:`turn_unit`) events of these names end."""
        return sum(1 for name in names if name in self.turn_ends)

    def round_no(self, service: Any) -> int:
        """The round being played (0 before the first deal)."""
        return len(service.history) + (service.phase == Phase.TURN)

    def new_service(self, table: _Table, names: list[str | None]) -> TableService:
        """The game for ``table``'s seats: ``names`` holds each person's seat's name (None for
        a computer's)."""
        specs = [f"{HUMAN_PREFIX}{name}" if name else slot.spec for name, slot in zip(names, table.slots)]
        seats = make_seats(specs, random.Random(table.seed), think=table.server.think, names=names)
        return GameService(table.rules, seats, seed=table.seed)

    def restore(self, table: _Table) -> tuple[TableService, Sequence[Any]]:
        """The adjourned game of ``table`` from its save, and its events so far;
        :class:`TableError` says why it cannot be."""
        try:
            restored = load_save(table.save_path, think=table.server.think, lock=False)
        except SaveError as exc:
            log.error("table %s cannot be resumed: %s", table.id, exc)
            raise TableError(f"Table {table.id} cannot be resumed: {exc.problem}.") from None
        return restored.service, list(restored.service.past_events)

    def saver(self, table: _Table, service: Any, specs: list[str], events: Sequence[Any]) -> Any:
        """The listener that keeps the game in ``table.save_path`` (``save(compact=True)``
        writes it whole)."""
        assert table.save_file is not None
        return _TableSaver(service, specs, table.save_path, events, file=table.save_file)

    def next_round(self, table: _Table, service: Any) -> None:
        service.next_round()

    async def computer_turn(self, table: _Table) -> None:
        """Play the turn of the computer whose turn it is (its own seat's, or the house
        computer's for a person's seat), move by move at the server's pace."""
        service = table.service
        assert isinstance(service, GameService)
        seat = service.current
        if service.current_seat.player is not None:
            decision = service.begin_decision()
        else:
            turn = service.turn_id
            assert turn is not None
            player = table.house.get(seat)
            if player is None:
                player = table.house[seat] = make_player(HOUSE_LEVEL, random.Random(table.seed + seat))
            decision = Decision(seat, turn.round, turn.turn, player, service.observation(seat))
        table.playing_turn = decision.turn_id
        try:
            plan = await asyncio.get_running_loop().run_in_executor(None, decision.run)
            pace = table.server.pace
            for k, move in enumerate(plan):
                with table.step():
                    ok = service.apply_decision_move(decision, move)
                if not ok:
                    break
                if pace > 0 and k < len(plan) - 1:
                    await asyncio.sleep(pace)
        finally:
            table.playing_turn = None
        with table.step():
            service.end_decision(decision)
            for fault in service.take_faults():
                log.warning("table %s: %s", table.id, fault)


CORNER = TableGame()


def table_games() -> dict[str, TableGame]:
    """Every game a table may be of, by name, the first game first."""
    from .reverse import REVERSE  # the second game builds on this module: imported when asked

    return {game.name: game for game in (CORNER, REVERSE)}


def game_of(rules: object) -> TableGame:
    """The game whose rule set ``rules`` is; :class:`TableError` for anything else."""
    for game in table_games().values():
        if game.owns(rules):
            return game
    raise TableError("Those are no rules of a game this server plays.")


class TableServer:
    """Every table of one server, and who sits where.

    ``data_dir`` holds ``players.json`` (the name chosen for each key) and ``tables/`` (each
    table's transcript, and the saves of games in progress and adjourned).  ``grace`` is how
    long a dropped person's seat is held before the house computer plays it; ``pace`` the
    pause between a computer's moves (0 in tests); ``think`` the expert's budget per decision.
    ``chat_lines`` chat lines are allowed per ``chat_window`` seconds, each at most
    ``chat_length`` characters.  ``clock`` is the time source of the chat limit.

    So that nobody floods the lobby: a person has at most ``max_tables_per_person`` tables
    (3) that are waiting, playing or adjourned, counted by key (a guest by its
    :class:`Person`): the tables they made and those where a seat is theirs; the server keeps
    at most ``max_tables`` (200) tables in all; and an adjourned table that nobody resumes for
    ``adjourned_days`` days (30; 0 keeps them for ever) is closed: its save goes, its
    transcript stays.  ``now`` is the wall clock those days are counted by.

    Make it inside the running event loop; :meth:`close` adjourns every game in progress.
    Lobby changes are announced to :meth:`subscribe` callbacks.
    """

    def __init__(self, data_dir: Path, grace: float = 60, pace: float = 0.6, think: float | None = None,
                 chat_lines: int = 5, chat_window: float = 10.0, chat_length: int = 200,
                 clock: Callable[[], float] = time.monotonic, max_tables_per_person: int = 3,
                 max_tables: int = 200, adjourned_days: float = 30.0,
                 now: Callable[[], float] = time.time) -> None:
        if max_tables_per_person < 1 or max_tables < 1 or adjourned_days < 0:
            raise ValueError("a person may have one table at least, the server one table at least, "
                             "and adjourned tables are kept 0 days (for ever) or more")
        self.data_dir = Path(data_dir)
        self.max_tables_per_person = max_tables_per_person
        self.max_tables = max_tables
        self.adjourned_days = adjourned_days
        self.now = now
        self.grace = grace
        self.pace = pace
        self.think = think
        self.chat_lines = chat_lines
        self.chat_window = chat_window
        self.chat_length = chat_length
        self.clock = clock
        self._tables: dict[int, _Table] = {}
        self._subscribers: list[tuple[Callable[[], None], contextvars.Context]] = []
        self._shown: dict[int, TableInfo] = {}
        """What the lobby was last told of each table (a step that changes none of it is not
        announced)."""
        self._names: dict[str, str] = self._read_names()
        self._holders: dict[str, set[str]] = {}
        """The keys holding each name, by :func:`name_key` (one key each, but for names two keys
        shared before names were bound to keys: each keeps it)."""
        for key, name in self._names.items():
            self._holders.setdefault(name_key(name), set()).add(key)
        self._guests: dict[str, Person] = {}
        """The guests connected now, by :func:`name_key` of their names (see :meth:`left`)."""
        self.writer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="kc-tables-save")
        """The one thread that writes the games' saves, in the order they were made."""
        self._next_id = 1
        """The next table's number: above every table's, and every file's in the tables folder
        (a finished table's transcript is never overwritten by a new table's)."""
        self._load_adjourned()
        self._expire()

    # ------------------------------------------------------------------ people
    @property
    def players_path(self) -> Path:
        return self.data_dir / PLAYERS_FILE

    def _read_names(self) -> dict[str, str]:
        try:
            data = json.loads(read_text(self.players_path, 1 << 22))
        except UnreadableFile as exc:
            if not exc.missing:
                log.error("%s %s; names start afresh", self.players_path, exc)
            return {}
        except ValueError as exc:
            log.error("%s is damaged (%s); names start afresh", self.players_path, exc)
            return {}
        names = data.get("names", {}) if isinstance(data, dict) else {}
        return {k: v for k, v in names.items() if isinstance(k, str) and isinstance(v, str)}

    def known_name(self, key: str) -> str | None:
        """The name the person with ``key`` chose on an earlier visit, if any."""
        return self._names.get(key)

    def person(self, key: str | None, name: str | None = None) -> Person:
        """The person for a connection: ``key`` is their key's fingerprint (None: a guest).
        ``name`` (checked with :func:`check_name`) is remembered for the key; without it the
        remembered one is used (:class:`TableError` if there is none yet).

        A name is one person's on the whole server: refused when another key holds it (or held it,
        and a table still shows it), or a guest connected now goes by it, compared as
        :func:`name_key` compares (so neither "ADA", "Ａｄａ" nor a Cyrillic "Аda" passes for
        "Ada").  A guest's name is theirs until :meth:`left`."""
        if name is None:
            if key is None or key not in self._names:
                raise TableError("Choose a name first.")
            return Person(key, self._names[key])
        name = check_name(name)
        folded = name_key(name)
        # A name a key has left is still its own at the tables that show it (until it is back).
        holders = self._holders.get(folded, set()) | {
            p.key for t in self._tables.values() for p in (t.owner, *(s.person for s in t.slots))
            if p is not None and p.key is not None and name_key(p.name) == folded}
        guest = self._guests.get(folded)
        if (holders and key not in holders) or guest is not None:
            holder = "a guest connected now" if guest is not None else ", ".join(sorted(holders))
            log.info("the name %r is refused to %s: %s goes by it", name, key or "a guest", holder)
            raise TableError("That name is taken by another player; choose another.")
        if key is None:
            person = self._guests[folded] = Person(None, name, guest=True)
            return person
        old = self._names.get(key)
        if old != name:
            if old is not None:
                kept = self._holders.get(name_key(old), set())
                kept.discard(key)
                if not kept:
                    self._holders.pop(name_key(old), None)
            self._holders.setdefault(folded, set()).add(key)
            self._names[key] = name
            try:
                write_atomic(self.players_path, json.dumps({"names": self._names}, indent=1) + "\n")
            except OSError as exc:
                log.error("cannot remember names in %s: %s", self.players_path, exc)
        return Person(key, name)

    def left(self, person: Person) -> None:
        """``person``'s connection has ended: a guest's name is free again (a key keeps its
        name for good)."""
        folded = name_key(person.name)
        if person.guest and self._guests.get(folded) is person:
            del self._guests[folded]

    # ------------------------------------------------------------------ lobby
    def tables(self) -> tuple[TableInfo, ...]:
        """Every table, by number: waiting, playing, adjourned and finished ones (an adjourned
        table past its days is closed first)."""
        self._expire()
        return tuple(self._tables[k].info() for k in sorted(self._tables))

    def tables_of(self, person: Person) -> list[int]:
        """The numbers of ``person``'s tables: those they made, and those where a seat is theirs,
        that are waiting, playing or adjourned (what :attr:`max_tables_per_person` counts)."""
        return sorted(table.id for table in self._tables.values() if table.state != TableState.FINISHED
                      and (person.same(table.owner) or any(person.same(s.person) for s in table.slots)))

    def _check_room(self, person: Person, table_id: int | None = None) -> None:
        """Refuse a new table (``table_id`` None), or a seat at a table that is not ``person``'s
        yet, to a person who has as many tables as they may; and a new table when the server
        has as many as it keeps."""
        if table_id is None and len(self._tables) >= self.max_tables:
            log.warning("a table by %s (%s) is refused: the server has %s tables, its most",
                        person.name, person.key or "guest", len(self._tables))
            raise TableError(f"The server has {len(self._tables)} tables, as many as it keeps: "
                             "join one, or try again when a game is over.")
        mine = self.tables_of(person)
        if len(mine) >= self.max_tables_per_person and table_id not in mine:
            what = "a table" if table_id is None else f"a seat at table {table_id}"
            log.warning("%s (%s) is refused %s: %s tables are theirs already (%s)", person.name,
                        person.key or "guest", what, len(mine), ", ".join(map(str, mine)))
            keep = (f"; an adjourned table nobody resumes is closed after {self.adjourned_days:g} days"
                    if self.adjourned_days else "")
            raise TableError(f"You have {len(mine)} tables already (waiting, playing or adjourned: "
                             f"{_numbers(mine)}): finish or leave one first{keep}.")

    def table(self, table_id: int) -> TableInfo:
        return self._get(table_id).info()

    def is_owner(self, person: Person, table_id: int) -> bool:
        """Whether ``person`` made the table."""
        return person.same(self._get(table_id).owner)

    def may_start(self, person: Person, table_id: int) -> bool:
        """Whether ``person`` may start the table's game (see :meth:`start`)."""
        table = self._get(table_id)
        seated = [s for s in table.slots if s.connected]
        owner_here = any(table.owner.same(s.person) for s in seated)
        return person.same(table.owner) or (
            (table.restored is not None or not owner_here) and any(person.same(s.person) for s in seated))

    def seat_kept_for(self, person: Person, table_id: int) -> int | None:
        """The seat of the table that is ``person``'s (to come back to, or resume), if any."""
        for slot in self._get(table_id).slots:
            if person.same(slot.person):
                return slot.index
        return None

    def seat_to_take(self, person: Person, table_id: int) -> int | None:
        """The seat a plain "join" takes: ``person``'s own (kept for them), else the first free
        one; None when there is none (the table is full: watching is left)."""
        own = self.seat_kept_for(person, table_id)
        if own is not None:
            return own
        free = self.table(table_id).free_seats
        return free[0] if free else None

    def subscribe(self, callback: Callable[[], None]) -> Callable[[], None]:
        """Call ``callback()`` after every change the lobby shows (a seat taken, a game started
        or adjourned, a round dealt); returns the function that unsubscribes it."""
        entry = (callback, contextvars.copy_context())
        self._subscribers.append(entry)

        def unsubscribe() -> None:
            if entry in self._subscribers:
                self._subscribers.remove(entry)
        return unsubscribe

    def changed(self, table: _Table | None = None) -> None:
        """Tell the subscribers, if what the lobby shows has changed: of ``table`` only (a step
        of its game), or of any table (one made, adjourned or forgotten)."""
        if table is not None and table.id in self._tables:
            info = table.info()
            if self._shown.get(table.id) == info:
                return
            self._shown[table.id] = info
        else:
            shown = {t.id: t.info() for t in self._tables.values()}
            if shown == self._shown:
                return
            self._shown = shown
        for entry in list(self._subscribers):
            callback, context = entry
            try:
                _call_in(context, callback)
            except Exception:  # noqa: BLE001 - a broken lobby client must not stop the others
                log.exception("a lobby subscriber failed and was dropped")
                self._subscribers.remove(entry)

    def _get(self, table_id: int) -> _Table:
        table = self._tables.get(table_id)
        if table is None:
            raise TableError(f"There is no table {table_id}.")
        return table

    def create_table(self, owner: Person, name: str, rules: RuleSet | Any, seats: Sequence[str],
                     seed: int | None = None) -> TableInfo:
        """A new waiting table of the game whose rule set ``rules`` is (:func:`table_games`);
        ``seats`` holds :data:`SEAT_OPEN` (a person's seat) or one of that game's AI levels
        for each of ``rules.players`` seats, one open at least; ``name`` may be empty
        (then "Ada's table"); control characters in it are shown as escapes (``\\x1b``), and it
        holds at most :data:`MAX_TABLE_NAME` characters as shown.  ``seed`` fixes the deals
        (tests, a replayed evening; by default a fresh one).  The owner then joins a seat like
        everyone else, and may :meth:`start` the game."""
        typed = " ".join(name.split()) or f"{owner.name}'s table"
        title = check_name(visible(typed), MAX_TABLE_NAME, "A table's name")
        game = game_of(rules)
        game.check_rules(rules)
        specs = [s.strip().lower() for s in seats]
        if len(specs) != rules.players:
            raise TableError(f"These rules are for {rules.players} players; {len(specs)} seats were given.")
        for spec in specs:
            if spec != SEAT_OPEN and spec not in game.levels:
                raise TableError(f"A seat is {SEAT_OPEN} or a computer level ({', '.join(game.levels)}); "
                                 f"not {visible(spec)[:20]!r}.")
        if SEAT_OPEN not in specs:
            raise TableError("A table needs one open seat at least, for a person.")
        self._expire()
        self._check_room(owner)
        table_id = self._next_id
        self._next_id += 1
        table = _Table(self, table_id, title, owner, rules, specs, game)
        if seed is not None:
            table.seed = seed
        self._tables[table_id] = table
        log.info("table %s created by %s: %s, %s", table_id, owner.name, title, ", ".join(specs))
        self.changed()
        return table.info()

    def join(self, person: Person, table_id: int, seat: int) -> SeatDoor:
        """Take seat ``seat`` (from 0) of a table: a free person's seat, or one's own seat
        again (after a dropped connection, or of an adjourned table, which this resumes).
        Returns the seat's door; :class:`TableError` says why not."""
        self._expire()
        table = self._get(table_id)
        if table.state == TableState.ADJOURNED:
            if not any(person.same(s.person) for s in table.slots):
                raise TableError(f"Table {table_id} is adjourned; only its players can resume it.")
            self._resume(table)
        else:
            self._check_room(person, table_id)
        return table.sit(person, seat)

    def watch(self, person: Person, table_id: int) -> SeatDoor:
        """Watch a table: a door for no seat, which sees no hand and cannot act."""
        table = self._get(table_id)
        if table.state == TableState.ADJOURNED:
            raise TableError(f"Table {table_id} is adjourned; nothing is being played there.")
        return table.watch(person)

    def start(self, person: Person, table_id: int) -> None:
        """Start a waiting table's game: its creator may, and when the creator is not seated
        there (or the table was resumed) any person seated there; free seats are played by the
        house computer until taken."""
        table = self._get(table_id)
        if table.state != TableState.WAITING:
            raise TableError(f"Table {table_id} is {table.state} already.")
        if not self.may_start(person, table_id):
            raise TableError(f"Only {table.owner.name}, who made the table, can start the game.")
        if not any(s.connected for s in table.slots):
            raise TableError("Nobody sits at the table yet.")
        self._start(table)

    def _maybe_autostart(self, table: _Table) -> None:
        if table.state == TableState.WAITING and all(s.connected for s in table.slots if s.for_person):
            self._start(table)

    def _start(self, table: _Table) -> None:
        events: list[Any]
        if table.restored is not None:
            service, events = table.restored, list(table.restored_events)
        else:
            names = [table._lobby_name(slot) if slot.for_person else None for slot in table.slots]
            service = table.game.new_service(table, names)
            events = []
        table.restored, table.restored_events = None, ()
        table.begin(service, events)

    # ------------------------------------------------------------------ adjourned tables
    def _load_adjourned(self) -> None:
        folder = self.data_dir / TABLES_FOLDER
        if not folder.is_dir():
            return
        for path in folder.glob("table-*"):
            number = re.match(r"table-([0-9]{1,9})\.", path.name)
            if number:
                self._next_id = max(self._next_id, int(number.group(1)) + 1)
        for meta_path in sorted(folder.glob("table-*.table.json")):
            try:
                meta = json.loads(read_text(meta_path, 1 << 20))
                table = self._table_from_meta(meta, meta_path.stat().st_mtime)
            except (UnreadableFile, OSError, ValueError, KeyError, TypeError, IllegalMove) as exc:
                log.error("%s cannot be read (%s); that table is not listed", meta_path, exc)
                continue
            if not table.save_path.exists():
                log.error("%s has no save beside it; that table is not listed", meta_path)
                continue
            self._tables[table.id] = table
            log.info("table %s is adjourned: %s", table.id, table.name)

    def _expire(self) -> None:
        """Close the adjourned tables nobody has resumed for :attr:`adjourned_days`: their
        save and table file go, their transcript stays."""
        if not self.adjourned_days:
            return
        before = self.now() - self.adjourned_days * 86400
        old = [t for t in self._tables.values()
               if t.state == TableState.ADJOURNED and t.adjourned_at < before]
        for table in old:
            del self._tables[table.id]
            for path in (table.meta_path, table.save_path):
                try:
                    path.unlink(missing_ok=True)
                except OSError as exc:
                    log.error("table %s: cannot remove %s: %s", table.id, path, exc.strerror or exc)
            since = time.strftime("%Y-%m-%d", time.localtime(table.adjourned_at))
            log.info("table %s closed: adjourned since %s, nobody resumed it in %g days; its save is "
                     "removed, its transcript kept in %s", table.id, since, self.adjourned_days,
                     table.transcript_path)
        if old:
            self.changed()

    def _table_from_meta(self, meta: dict[str, Any], meta_time: float) -> _Table:
        """The adjourned table ``meta`` describes (``meta_time``: when its file was written, its
        adjournment's time for a file written before that was kept in it)."""
        def kept(text: str, limit: int = MAX_NAME) -> str:
            # A name the table was saved with stands, even one a later rule would refuse (an
            # emoji joined by U+200D): refusing it would hide the whole game from its players.
            name = visible(" ".join(text.split()))[:limit]
            if not name:
                raise ValueError("a name is empty")
            return name

        def person(d: Any) -> Person | None:
            return None if d is None else Person(str(d["key"]), kept(str(d["name"])))
        owner = person(meta.get("owner")) or Person(None, kept(str(meta["owner_name"])), guest=True)
        game = table_games()[str(meta.get("game", CORNER.name))]
        rules = game.rules_from_dict(meta["rules"])
        seats = meta["seats"]
        table = _Table(self, int(meta["id"]), kept(str(meta["name"]), MAX_TABLE_NAME), owner, rules,
                       [str(s["spec"]) for s in seats], game)
        table.seed = int(meta["seed"])
        table.adjourned_at = float(meta.get("adjourned_at") or 0) or meta_time
        problem = meta.get("save_problem")
        table.save_problem = visible(problem) if isinstance(problem, str) else None
        for slot, seat in zip(table.slots, seats):
            slot.person = person(seat.get("person"))
        table.state = TableState.ADJOURNED
        return table

    def _resume(self, table: _Table) -> None:
        table.write_unsaved()
        table.restored, table.restored_events = table.game.restore(table)
        table.state = TableState.WAITING
        log.info("table %s resumed from %s", table.id, table.save_path)

    def _adjourn(self, table: _Table) -> None:
        table.notice("Everyone has left: the table is adjourned; its players can resume it from the lobby.")
        table.adjourn()
        table.settle()
        for door in table.spectators:
            door.closed = True  # nothing is played here any more: the spectators are sent back
        table.spectators.clear()
        if not any(s.person is not None for s in table.slots):
            # Only guests played: nobody can ever resume it.
            self._tables.pop(table.id, None)
            for path in (table.meta_path, table.save_path):
                path.unlink(missing_ok=True)
            log.info("table %s closed: only guests played there", table.id)
        self.changed()

    def _tidy(self, table: _Table) -> None:
        """Forget a table nobody is at that has nothing to keep (never started, or over)."""
        if table.people_here():
            return
        if table.state == TableState.FINISHED or (
                table.state == TableState.WAITING and table.restored is None
                and all(s.person is None for s in table.slots)):
            self._tables.pop(table.id, None)
            log.info("table %s closed", table.id)
            self.changed()
        elif table.state == TableState.WAITING and table.restored is not None:
            table.restored.close()
            table.restored, table.restored_events = None, ()
            table.state = TableState.ADJOURNED
            self.changed()

    def drain(self) -> None:
        """Wait for the saves written so far to be on the disk."""
        self.writer.submit(lambda: None).result()

    async def close(self) -> None:
        """Adjourn every game in progress (the server stops; a restart lists them again)."""
        for table in list(self._tables.values()):
            if table.state == TableState.ADJOURNED:
                table.write_unsaved()  # (one adjourned now has just been tried)
            for door in table.doors():
                door.closed = True
            for slot in table.slots:
                slot.door = None
            table.spectators.clear()
            if table.state == TableState.PLAYING:
                self._adjourn(table)
            elif table.restored is not None:
                table.restored.close()
        self.writer.shutdown(wait=True)
        await asyncio.sleep(0)
