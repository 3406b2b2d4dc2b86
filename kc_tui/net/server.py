"""The table server: every table of a game night, and who sits where.

One :class:`TableServer` runs in one asyncio event loop.  A connection (an SSH session, a test) is
a :class:`~kc_tui.net.names.Person`; from the lobby it creates a table
(:meth:`TableServer.create_table`), takes a seat (:meth:`TableServer.join`) or watches one
(:meth:`TableServer.watch`).  Either returns a :class:`~kc_tui.net.door.SeatDoor`: the only way
its front end reaches the game.

The server, not any client, plays the computers' turns: each playing table has one asyncio task
that asks its game to play the computer whose turn it is (thinking in one of the server's
:class:`~.thinkers.Thinkers`, worker processes, on a frozen snapshot) at the table's pace.  An
adjourned table stays in its save under ``data_dir/tables/`` and is listed again by a server
started on the same folder.

Everything here runs on the event loop's thread; only the computers' thinking (in other
processes) and the saves' writes leave it.  Calls are synchronous except
:meth:`TableServer.close`; listeners are called after each step of the game is complete, so they
may read the door's view at once.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import random
import re
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence

from ..core.errors import IllegalMove
from ..core.i18n import DEFAULT, Domain, Text, speaking
from ..core.kinds import SEAT_NAMES
from ..core.text import visible
from ..games import DEFAULT_GAME, GAMES
from ..storage.files import UnreadableFile, free_path, read_text, write_atomic
from .door import SeatDoor, Subscribers
from .names import MAX_NAME, Person, check_name, name_key
from .part import TableGame, game_of, table_game, table_games
from .protocols import Journal
from .saving import TABLES_FOLDER
from .table import Table
from .thinkers import Thinkers
from .values import MAX_TABLE_NAME, SEAT_OPEN, Said, TableError, TableInfo, TableState, state_word

__all__ = ["TableServer", "check_seats"]

log = logging.getLogger("kc_tui.net")

_, ngettext, pgettext, L_, Ln_ = Domain.of(__package__).functions()

PLAYERS_FILE = "players.json"


def check_seats(game: TableGame, seats: Sequence[str]) -> list[str]:
    """The seats of a new table of ``game`` as the server takes them (lower case): each
    :data:`SEAT_OPEN` (a person's) or one of the game's AI levels, one open at least; else
    :class:`TableError` saying which is not."""
    specs = [s.strip().lower() for s in seats]
    for spec in specs:
        if spec != SEAT_OPEN and spec not in game.levels:
            raise TableError(L_("A seat is {open} or a computer level ({levels}); not {spec}.",
                                open=SEAT_OPEN, levels=", ".join(game.levels), spec=repr(visible(spec)[:20])))
    if SEAT_OPEN not in specs:
        raise TableError(L_("A table needs one open seat at least, for a person."))
    return specs


class TableServer:
    """Every table of one server, and who sits where.

    ``data_dir`` holds ``players.json`` (the name chosen for each key) and ``tables/`` (each
    table's transcript, and the saves of games in progress and adjourned).  ``grace`` is how
    long a dropped person's seat is held before the house computer plays it; ``pace`` the
    pause between a computer's moves (0 in tests); ``think`` the expert's budget per decision.
    ``chat_lines`` chat lines are allowed per ``chat_window`` seconds, each at most
    ``chat_length`` characters.  ``thinkers`` is how many worker processes the computers
    think in (0, the default here: threads of this process; ``kings-corner serve`` gives one per
    core).  ``clock`` is the time source of the chat limit.  ``seed``, if
    given, fixes the deals of the tables made one after another (each table's seed is drawn
    from it), so that a test plays the same games every time.

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
                 now: Callable[[], float] = time.time, seed: int | None = None, thinkers: int = 0) -> None:
        if max_tables_per_person < 1 or max_tables < 1 or adjourned_days < 0:
            raise ValueError("a person may have one table at least, the server one table at least, "
                             "and adjourned tables are kept 0 days (for ever) or more")
        self.data_dir = Path(data_dir)
        self._seeds = random.SystemRandom() if seed is None else random.Random(seed)
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
        self._tables: dict[int, Table] = {}
        self._subscribers = Subscribers()
        self._shown: dict[int, TableInfo] = {}
        """What the lobby was last told of each table (a step that changes none of it is not
        announced)."""
        self._names: dict[str, str] = self._read_names()
        self.stopping = False
        """The server is stopping (:meth:`stop`)."""
        self._holders: dict[str, set[str]] = {}
        """The keys holding each name, by :func:`name_key` (one key each, but for names two keys
        shared before names were bound to keys: each keeps it)."""
        for key, name in self._names.items():
            self._holders.setdefault(name_key(name), set()).add(key)
        self._guests: dict[str, Person] = {}
        """The guests connected now, by :func:`name_key` of their names (see :meth:`left`)."""
        self.thinkers = Thinkers(thinkers, preload=[type(game).__module__ for game in table_games().values()])
        """Where the computers' decisions are thought."""
        self.writer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="kc-tables-save")
        """The one thread that writes the games' saves, in the order they were made."""
        self._next_id = 1
        """The next table's number: above every table's, and every file's in the tables folder
        (a finished table's transcript is never overwritten by a new table's)."""
        self.journal: Journal | None = None
        """Where each table's save and file are kept besides the disk (with ``serve --redis``:
        the store the hosts share, so that another host can take a table over)."""
        self.elsewhere: Callable[[Person], Sequence[int]] | None = None
        """The numbers of ``person``'s tables on the other hosts sharing the lobby (``serve
        --redis``): a person's tables are counted on every host."""
        self.names_elsewhere: Callable[[], Iterable[str]] | None = None
        """The names of the tables the other hosts sharing the lobby list (a table made without
        a name is not given one of them)."""
        self.going = asyncio.Event()
        """Clear while play waits (the hosts' shared store cannot be reached): the computers
        wait too."""
        self.going.set()
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
                self._keep_damaged_names(str(exc))
            return {}
        except ValueError as exc:
            self._keep_damaged_names(f"is damaged ({exc})")
            return {}
        names = data.get("names", {}) if isinstance(data, dict) else {}
        return {k: v for k, v in names.items() if isinstance(k, str) and isinstance(v, str)}

    def _keep_damaged_names(self, problem: str) -> None:
        """Rename a ``players.json`` that cannot be read aside, so that the next name chosen does
        not write over it: a host who edited it by hand and left a comma had every name lost."""
        path = self.players_path
        kept = free_path(path.parent, f"{path.stem}.damaged", path.suffix)
        try:
            os.replace(path, kept)
        except OSError as exc:
            log.error("%s %s; names start afresh (it could not be kept aside: %s)", path, problem, exc)
            return
        log.error("%s %s; names start afresh, and it is kept as %s (mend it there and put it back, "
                  "the server stopped, to have them again)", path, problem, kept.name)

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
                raise TableError(L_("Choose a name first."))
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
            raise TableError(L_("That name is taken by another player; choose another."))
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
        mine = {table.id for table in self._tables.values() if table.state != TableState.FINISHED
                and (person.same(table.owner) or any(person.same(s.person) for s in table.slots))}
        if self.elsewhere is not None:
            mine.update(self.elsewhere(person))
        return sorted(mine)

    def _check_room(self, person: Person, table_id: int | None = None) -> None:
        """Refuse a new table (``table_id`` None), or a seat at a table that is not ``person``'s
        yet, to a person who has as many tables as they may; and a new table when the server
        has as many as it keeps."""
        if table_id is None and len(self._tables) >= self.max_tables:
            log.warning("a table by %s (%s) is refused: the server has %s tables, its most",
                        person.name, person.key or "guest", len(self._tables))
            raise TableError(L_("The server has {n} tables, as many as it keeps: join one, or try again "
                                "when a game is over.", n=len(self._tables)))
        mine = self.tables_of(person)
        if len(mine) >= self.max_tables_per_person and table_id not in mine:
            what = "a table" if table_id is None else f"a seat at table {table_id}"
            log.warning("%s (%s) is refused %s: %s tables are theirs already (%s)", person.name,
                        person.key or "guest", what, len(mine), ", ".join(map(str, mine)))
            values = dict(n=len(mine), tables=_numbers(mine), days=f"{self.adjourned_days:g}")
            raise TableError(
                L_("You have {n} tables already (waiting, playing or adjourned: {tables}): finish or leave "
                   "one first, or give up an adjourned game; an adjourned table nobody resumes is closed "
                   "after {days} days.", **values)
                if self.adjourned_days else
                L_("You have {n} tables already (waiting, playing or adjourned: {tables}): finish or leave "
                   "one first, or give up an adjourned game.", **values))

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
        return self._subscribers.subscribe(callback)

    def changed(self, table: Table | None = None) -> None:
        """Tell the subscribers, if what the lobby shows has changed: of ``table`` only (a step
        of its game), or of any table (one made, adjourned or forgotten)."""
        # Compared in one language: a snapshot holds words (the rules, a seat's name before the
        # game), and a step made by a Spanish speaker changes nothing an English one would see.
        with speaking(DEFAULT):
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
        self._subscribers.tell()

    def _get(self, table_id: int) -> Table:
        table = self._tables.get(table_id)
        if table is None:
            raise TableError(L_("There is no table {table}.", table=table_id))
        return table

    def create_table(self, owner: Person, name: str, rules: Any, seats: Sequence[str],
                     seed: int | None = None, game: str | None = None) -> TableInfo:
        """A new waiting table of ``game`` (a name in :data:`kc_tui.games.GAMES`), or of the game
        whose rule set ``rules`` is (:func:`~kc_tui.net.part.table_games`): a game that is not
        played at served tables, or not these rules' game, is refused with a sentence;
        ``seats`` holds :data:`SEAT_OPEN` (a person's seat) or one of that game's AI levels
        for each of ``rules.players`` seats, one open at least; ``name`` may be empty
        (then :meth:`default_table_name`); control characters in it are shown as escapes (``\\x1b``), and it
        holds at most :data:`MAX_TABLE_NAME` characters as shown.  ``seed`` fixes the deals
        (tests, a replayed evening; by default a fresh one).  The owner then joins a seat like
        everyone else, and may :meth:`start` the game."""
        typed = " ".join(name.split()) or self.default_table_name(owner)
        title = check_name(visible(typed), MAX_TABLE_NAME, "table")
        played = game_of(rules) if game is None else table_game(game)
        if not played.owns(rules):
            raise TableError(L_("Those are no rules of {game}.", game=GAMES[played.name].title))
        played.check_rules(rules)
        specs = check_seats(played, seats)
        if len(specs) != rules.players:
            raise TableError(L_("These rules are for {players} players; {seats} seats were given.",
                                players=rules.players, seats=len(specs)))
        self._expire()
        self._check_room(owner)
        table_id = self._next_id
        self._next_id += 1
        table = Table(self, table_id, title, owner, rules, specs, played)
        if seed is not None:
            table.seed = seed
        self._tables[table_id] = table
        log.info("table %s created by %s: %s, %s", table_id, owner.name, title, ", ".join(specs))
        self.changed()
        return table.info()

    def default_table_name(self, owner: Person) -> str:
        """The name of a table ``owner`` makes without naming it: "Ada's table", or "Ada's table 2"
        (3, ...) while a table of the server, or of another host sharing its lobby, is called that
        already (two tables of one name could not be told apart in the lobby)."""
        # Said in its maker's language: it is the table's name for good.
        names = {name_key(t.name) for t in self._tables.values()}
        if self.names_elsewhere is not None:
            names.update(name_key(name) for name in self.names_elsewhere())
        name = _("{name}'s table").format(name=owner.name)
        number = 1
        while name_key(name) in names:
            number += 1
            # Translators: the name of a person's second (third...) table, when the first is listed still.
            name = _("{name}'s table {number}").format(name=owner.name, number=number)
        return name

    def join(self, person: Person, table_id: int, seat: int) -> SeatDoor:
        """Take seat ``seat`` (from 0) of a table: a free person's seat, or one's own seat
        again (after a dropped connection, or of an adjourned table, which this resumes).
        Returns the seat's door; :class:`TableError` says why not."""
        self._expire()
        table = self._get(table_id)
        if table.state == TableState.ADJOURNED:
            if not any(person.same(s.person) for s in table.slots):
                raise TableError(L_("Table {table} is adjourned; only its players can resume it.",
                                    table=table_id))
            self._resume(table)
        else:
            self._check_room(person, table_id)
        return table.sit(person, seat)

    def watch(self, person: Person, table_id: int) -> SeatDoor:
        """Watch a table: a door for no seat, which sees no hand and cannot act."""
        table = self._get(table_id)
        if table.state == TableState.ADJOURNED:
            raise TableError(L_("Table {table} is adjourned; nothing is being played there.", table=table_id))
        return table.watch(person)

    def start(self, person: Person, table_id: int) -> None:
        """Start a waiting table's game: its creator may, and when the creator is not seated
        there (or the table was resumed) any person seated there; free seats are played by the
        house computer until taken."""
        table = self._get(table_id)
        if table.state != TableState.WAITING:
            raise TableError(L_("Table {table} is {state} already.", table=table_id,
                                state=Said(state_word, table.state)))
        if not self.may_start(person, table_id):
            raise TableError(L_("Only {name}, who made the table, can start the game.",
                                name=table.owner.name))
        if not any(s.connected for s in table.slots):
            raise TableError(L_("Nobody sits at the table yet."))
        self._start(table)

    def autostart(self, table: Table) -> None:
        """A waiting table's game begins once its people are seated: a new table's every open
        seat; a resumed one's people who were at it (a seat free when it was adjourned was played
        by the computer, and is again until someone takes it)."""
        if table.state != TableState.WAITING:
            return
        resumed = table.restored is not None
        awaited = [s for s in table.slots if s.for_person and (not resumed or s.person is not None)]
        if all(s.connected for s in awaited):
            self._start(table)

    def _start(self, table: Table, held: bool = False) -> None:
        """Begin the table's game; ``held``: its people's seats that nobody sits in are held as
        dropped connections (a table taken over from a host that stopped)."""
        events: list[Any]
        if table.restored is not None:
            service, events = table.restored, list(table.restored_events)
        else:
            names = [table.lobby_name(slot) if slot.for_person else None for slot in table.slots]
            service = table.game.new_service(table, names, self._seat_names(table, names))
            events = []
        table.restored, table.restored_events = None, ()
        table.begin(service, events, held)

    def _seat_names(self, table: Table, names: list[str | None]) -> list[str]:
        """Every seat's name for a game about to be dealt: a person's seat its person's, a
        computer the first of the seat names no person of the server goes by (a computer called
        Cleo beside a person called Cleo made the table's news ambiguous), else "Computer 3"."""
        taken = set(self._holders) | set(self._guests) | {name_key(n) for n in names if n}
        spare = iter(n for n in SEAT_NAMES if name_key(n) not in taken)
        return [name if name is not None else next(spare, None) or table.lobby_name(slot)
                for name, slot in zip(names, table.slots)]

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

    def new_seed(self) -> int:
        """The deals' seed of the next table made."""
        return self._seeds.getrandbits(48)

    def _expire(self) -> None:
        """Close the adjourned tables nobody has resumed for :attr:`adjourned_days`: their
        save and table file go, their transcript stays."""
        if not self.adjourned_days:
            return
        before = self.now() - self.adjourned_days * 86400
        old = [t for t in self._tables.values()
               if t.state == TableState.ADJOURNED and t.adjourned_at < before]
        for table in old:
            self._remove(table)
            since = time.strftime("%Y-%m-%d", time.localtime(table.adjourned_at))
            log.info("table %s closed: adjourned since %s, nobody resumed it in %g days; its save is "
                     "removed, its transcript kept in %s", table.id, since, self.adjourned_days,
                     table.transcript_path)
        if old:
            self.changed()

    def _remove(self, table: Table) -> None:
        """An adjourned table closed for good: it leaves the lobby and the journal, and its
        save and table file go (its transcript stays)."""
        del self._tables[table.id]
        self.forget(table)
        for path in (table.meta_path, table.save_path):
            try:
                path.unlink(missing_ok=True)
            except OSError as exc:
                log.error("table %s: cannot remove %s: %s", table.id, path, exc.strerror or exc)

    def close_table(self, person: Person, table_id: int) -> None:
        """Give up table ``table_id``'s adjourned game for good, at the word of its maker or of
        one of its players: it stops counting among their tables (a person at the most tables
        they may have could otherwise only play a whole session out to make room)."""
        table = self._get(table_id)
        if table.state != TableState.ADJOURNED:
            raise TableError(L_("Table {table} has no adjourned game: only an adjourned game can be "
                                "given up (leave a table waiting or being played).", table=table_id))
        if not (person.same(table.owner) or any(person.same(s.person) for s in table.slots)):
            raise TableError(L_("Table {table}'s game is not yours to give up: only its maker and its "
                                "players may.", table=table_id))
        self._remove(table)
        log.info("table %s closed by %s: its adjourned game was given up; its transcript is kept in %s",
                 table.id, person.name, table.transcript_path)
        self.changed()

    def _table_from_meta(self, meta: dict[str, Any], meta_time: float) -> Table:
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
        # A table's file written before tables named their game is of the first game.
        game = table_game(str(meta.get("game", DEFAULT_GAME)))
        rules = game.rules_from_dict(meta["rules"])
        seats = meta["seats"]
        table = Table(self, int(meta["id"]), kept(str(meta["name"]), MAX_TABLE_NAME), owner, rules,
                       [str(s["spec"]) for s in seats], game)
        table.seed = int(meta["seed"])
        table.adjourned_at = float(meta.get("adjourned_at") or 0) or meta_time
        table.adjourned_round = int(meta.get("round") or 0)  # (not kept before 2026-12)
        table.adjourned_over = meta.get("round_over") is True  # (nor this, before 2026-12-05)
        names = meta.get("names")  # (nor these)
        if isinstance(names, list) and len(names) == len(seats) and all(isinstance(n, str) for n in names):
            try:
                table.adjourned_names = [kept(n) for n in names]
            except ValueError:
                pass  # an empty name: the lobby says "computer" as it did before names were kept
        problem = meta.get("save_problem")
        table.save_problem = visible(problem) if isinstance(problem, str) else None
        for slot, seat in zip(table.slots, seats):
            slot.person = person(seat.get("person"))
        table.state = TableState.ADJOURNED
        return table

    def _resume(self, table: Table) -> None:
        table.write_unsaved()
        table.restored, table.restored_events = table.game.restore(table)
        table.state = TableState.WAITING
        log.info("table %s resumed from %s", table.id, table.save_path)

    def adjourn(self, table: Table) -> None:
        table.notice(L_("Everyone has left: the table is adjourned; its players can resume it from the "
                        "lobby."))
        table.adjourn()
        if self.journal is not None:
            self.journal.meta(table)  # (written during the adjournment, before it was adjourned)
        table.settle()
        for door in table.spectators:
            door.closed = True  # nothing is played here any more: the spectators are sent back
        table.spectators.clear()
        if not any(s.person is not None for s in table.slots):
            # Only guests played: nobody can ever resume it.
            self._tables.pop(table.id, None)
            self.forget(table)
            for path in (table.meta_path, table.save_path):
                path.unlink(missing_ok=True)
            log.info("table %s closed: only guests played there", table.id)
        self.changed()

    def tidy(self, table: Table) -> None:
        """Forget a table nobody is at that has nothing to keep (never started, or over)."""
        if table.people_here():
            return
        if table.state == TableState.FINISHED or (
                table.state == TableState.WAITING and table.restored is None
                and all(s.person is None for s in table.slots)):
            self._tables.pop(table.id, None)
            self.forget(table)
            log.info("table %s closed", table.id)
            self.changed()
        elif table.state == TableState.WAITING and table.restored is not None:
            table.restored.close()
            table.restored, table.restored_events = None, ()
            table.state = TableState.ADJOURNED
            self.changed()

    def forget(self, table: Table) -> None:
        """The table is gone from the lobby for good: so from the journal."""
        if self.journal is not None:
            self.journal.forget(table.id)

    def drain(self) -> None:
        """Wait for the saves written so far to be on the disk."""
        self.writer.submit(lambda: None).result()

    def stop(self) -> None:
        """The server is stopping: the sessions ending from now on are not news at their tables
        (:meth:`close` adjourns every game)."""
        self.stopping = True

    async def close(self) -> None:
        """Adjourn every game in progress (the server stops; a restart lists them again), and end
        the computers' thinking processes."""
        self.stopping = True
        for table in list(self._tables.values()):
            if table.state == TableState.ADJOURNED:
                table.write_unsaved()  # (one adjourned now has just been tried)
            for door in table.doors():
                door.closed = True
            for slot in table.slots:
                slot.door = None
            table.spectators.clear()
            if table.state == TableState.PLAYING:
                self.adjourn(table)
            elif table.restored is not None:
                table.restored.close()
        self.writer.shutdown(wait=True)
        await self.thinkers.close()
        await asyncio.sleep(0)



def _numbers(ids: Sequence[int]) -> Text:
    """"table 4", "tables 2 and 4", "tables 2, 4 and 9"."""
    if len(ids) == 1:
        return L_("table {table}", table=ids[0])
    return L_("tables {tables} and {last}", tables=", ".join(map(str, ids[:-1])), last=ids[-1])


