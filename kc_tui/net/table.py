"""One table: its seats, its doors, its notices and chat, the grace a dropped person's seat is
held for, the house computer that plays for them, and adjournment.

The table keeps what is the same for every game; what differs (the service, the doors, a
computer's turn, the save) it asks its game, a :class:`~kc_tui.net.part.TableGame`.  A person
whose connection drops (:meth:`SeatDoor.detach`) keeps the seat for the server's ``grace``
seconds; then a ``hard`` computer plays for them until they join again with the same key, and they
take the seat back at the start of the next turn.  A table whose people have all gone is
adjourned: its game stays in its save under ``data_dir/tables/``, for its players to resume.
"""

from __future__ import annotations

import asyncio
import contextvars
import json
import logging
from dataclasses import replace
from pathlib import Path
from typing import Any, Callable, Protocol, Sequence

from ..core.i18n import Domain, Text, language, speaking
from ..core.kinds import Phase
from ..core.text import visible
from ..storage.files import write_atomic
from .door import SeatDoor
from .names import Person, name_key
from .part import TableGame
from .protocols import ServerView, TableService
from .saving import TABLES_FOLDER, SaveFile, Transcript, event_name, remove_after_writes
from .values import (
    SEAT_OPEN,
    Notice,
    NoticeKind,
    Said,
    SeatInfo,
    TableError,
    TableInfo,
    TableState,
    level_word,
)

__all__ = ["Table", "TableHost", "Slot", "Step"]

log = logging.getLogger("kc_tui.net")

_, ngettext, pgettext, L_, Ln_ = Domain.of(__package__).functions()


def english(text: str | Text) -> str:
    """``text`` said in English, for the operator's log."""
    with speaking("en"):
        return str(text)


class TableHost(ServerView, Protocol):
    """What a table asks of its server (:class:`~kc_tui.net.server.TableServer`), besides what
    its doors and game read of it."""

    @property
    def data_dir(self) -> Path: ...

    @property
    def grace(self) -> float:
        """Seconds a dropped person's seat is held for."""
        ...

    @property
    def chat_length(self) -> int: ...

    @property
    def stopping(self) -> bool:
        """Whether the server is stopping (its games are being adjourned)."""
        ...

    @property
    def now(self) -> Callable[[], float]:
        """The wall clock adjourned tables' days are counted by."""
        ...

    def changed(self, table: Table | None = None) -> None:
        """The lobby's view of ``table`` may have changed."""
        ...

    def autostart(self, table: Table) -> None: ...

    def new_seed(self) -> int:
        """A new table's deals' seed."""
        ...

    def adjourn(self, table: Table) -> None: ...

    def tidy(self, table: Table) -> None: ...

    def drain(self) -> None:
        """Wait for the saves written so far."""
        ...


class Slot:
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
        self.away_from = 0  # the session's events when the computer took the seat over

    @property
    def for_person(self) -> bool:
        return self.spec == SEAT_OPEN

    @property
    def connected(self) -> bool:
        return self.door is not None



class Table:
    """One table: its seats, its doors, and once started its game, transcript and computer task."""

    def __init__(self, server: TableHost, table_id: int, name: str, owner: Person, rules: Any,
                 specs: Sequence[str], game: TableGame) -> None:
        self.server = server
        self.id = table_id
        self.name = name
        self.owner = owner
        self.game = game
        """The game played here: what differs from game to game goes through it."""
        self.rules = rules
        self._labels: dict[str, tuple[Any, str]] = {}
        self.slots = [Slot(i, spec) for i, spec in enumerate(specs)]
        self.state = TableState.WAITING
        self.spectators: list[SeatDoor] = []
        self.service: TableService | None = None
        self.events: list[Any] = []
        """Every event of the session as the referee saw it (for catching up and the save)."""
        self.seed = server.new_seed()
        """The deals' seed (the server's next unless the table is made with one, or resumed)."""
        self.saver: Any = None
        """The game's save, a listener (:meth:`TableGame.saver`)."""
        self.transcript = Transcript(self)
        self.task: asyncio.Task[None] | None = None
        self.wake = asyncio.Event()
        self.playing_turn: Any = None
        """The turn a computer is playing now (for a person's seat or its own; its ``seat``
        is all the table reads)."""
        self.restored: TableService | None = None
        """An adjourned game brought back, until it is started again."""
        self.restored_events: Sequence[Any] = ()
        """The events of the game brought back, so far."""
        self.seat_names: list[str] | None = None
        """The names the game shows, fixed when it starts."""
        self.house: dict[int, Any] = {}
        """The house computer of each person's seat it has played for."""
        self.adjourned_at = 0.0
        """When the table was last adjourned (the server's wall clock, :attr:`TableHost.now`)."""
        self.adjourned_round = 0
        """The round the game was adjourned in (the lobby says it; 0: not known, or none)."""
        self.adjourned_over = False
        """Whether that round had ended (the game was adjourned between two rounds)."""
        self.adjourned_names: list[str] | None = None
        """The names the adjourned game showed (the lobby names its computers by them)."""
        self.save_file: SaveFile | None = None
        self.save_problem: str | None = None
        """Why the game's save cannot be written now (None while it can)."""
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
        return [self.lobby_name(slot) for slot in self.slots]

    def lobby_name(self, slot: Slot) -> str:
        # Said in the reader's language; a game is dealt with the names of the language of whoever
        # starts it (they are seat names of the game from then on, the same for everyone).
        if not slot.for_person:
            return _("Computer {n}").format(n=slot.index + 1)  # named when the game starts
        return slot.person.name if slot.person is not None else _("Seat {n}").format(n=slot.index + 1)

    def info(self) -> TableInfo:
        seats = []
        # A game resumed after a restart has its computers' names in its save before it starts.
        dealt = (self.seat_names if self.seat_names is not None else
                 [s.name for s in self.restored.seats] if self.restored is not None else self.adjourned_names)
        for slot in self.slots:
            if slot.for_person:
                seats.append(SeatInfo(slot.index, "person", slot.person.name if slot.person else None,
                                      None, slot.connected, slot.stand_in))
            else:
                named = dealt[slot.index] if dealt is not None else None
                seats.append(SeatInfo(slot.index, "computer", named, slot.spec, True))
        service = self.service if self.service is not None else self.restored
        round_no = self.game.round_no(service) if service is not None else self.adjourned_round
        over = service.phase == Phase.ROUND_OVER if service is not None else self.adjourned_over
        return TableInfo(self.id, self.name, self.owner.name, self._rules_label(), tuple(seats),
                         self.state, len(self.spectators), self.game.name, round_no, bool(round_no and over))

    def _rules_label(self) -> str:
        """The rules' label: the game's words, said in the language of whoever reads the lobby;
        made once a language (every door's frame reads the table's info at every step, and the
        first game's label compares the rules with every preset)."""
        lang = language()
        known = self._labels.get(lang)
        if known is None or known[0] is not self.rules:
            known = self._labels[lang] = (self.rules, self.game.rules_label(self.rules))
        return known[1]

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
            raise TableError(L_("You are watching this table; spectators cannot play."))
        if self.state == TableState.FINISHED or service.phase == Phase.SESSION_OVER:
            raise TableError(L_("The game is over."))
        if service.phase != Phase.TURN:
            raise TableError(L_("The round is over; the next one is dealt when everyone is ready."))
        if service.current != seat:
            raise TableError(L_("It is {name}'s turn, not yours.", name=self.names()[service.current]))
        if self.slots[seat].stand_in:
            raise TableError(L_("The computer is playing this turn for you; your seat is yours "
                                "again from your next turn."))

    # ------------------------------------------------------------------ steps and notices
    def step(self) -> Step:
        """Wrap one change of the game: afterwards the doors get what it produced."""
        return Step(self)

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
            door.deliver()
        if service is not None and self.state == TableState.PLAYING and self.computer_to_play():
            self.wake.set()
        self.server.changed(self)

    def _computer_on(self, seat: int) -> bool:
        return self.playing_turn is not None and self.playing_turn.seat == seat

    def notice(self, text: str | Text, kind: NoticeKind = "table", sender: str | Text | None = None,
               seat: int | None = None, about: int | None = None, own: Text | None = None) -> None:
        """Tell every door ``text``: the table's news as a :class:`Text` (each person reads it in
        their own language), or a chat line as it was typed; ``seat``, the seat news of sitting
        down is about.  News ``about`` a seat is told its own person as ``own`` ("You are ready
        ..."), or not at all without one ("Bob is back." was told to Bob)."""
        notice = Notice(visible(text) if isinstance(text, str) else text, kind, sender, len(self.events),
                        seat)
        for door in self.doors():
            if about is not None and door.seat == about:
                if own is not None:
                    door.add_notice(replace(notice, text=own))
                continue
            door.add_notice(notice)
        if kind == "table":
            log.info("table %s: %s", self.id, english(notice.text))

    def say(self, door: SeatDoor, text: str) -> None:
        line = " ".join(text.split())
        limit = self.server.chat_length
        if not line:
            raise TableError(L_("Say what? Type the line after :say."))
        if len(line) > limit:
            raise TableError(L_("A chat line holds at most {limit} characters; this one has {length}.",
                                limit=limit, length=len(line)))
        if not door.chat.allow():
            raise TableError(L_("Slow down: at most {lines} chat lines in {seconds} seconds.",
                                lines=self.server.chat_lines, seconds=format(self.server.chat_window, "g")))
        name = door.person.name
        sender: str | Text = name if door.seat is not None else L_("{name} (watching)", name=name)
        self.notice(line, "chat", sender)
        self.settle()

    # ------------------------------------------------------------------ seats
    def sit(self, person: Person, seat: int) -> SeatDoor:
        if not 0 <= seat < len(self.slots):
            raise TableError(L_("Table {table} has seats 1 to {most}; there is no seat {seat}.",
                                table=self.id, most=len(self.slots), seat=seat + 1))
        held = next((s for s in self.slots if person.same(s.person) and s.connected), None)
        if held is not None and held.index == seat and not person.guest:
            self._hand_over(held)  # one's own seat, from a new connection (the old one hung)
        elif held is not None or any(person.same(d.person) for d in self.spectators):
            raise TableError(L_("You are at table {table} already.", table=self.id))
        slot = self.slots[seat]
        if not slot.for_person:
            raise TableError(L_("Seat {seat} is played by a computer.", seat=seat + 1))
        if slot.person is not None and not person.same(slot.person):
            who = slot.person.name
            raise TableError(L_("Seat {seat} is {name}'s.", seat=seat + 1, name=who) if slot.connected else
                             L_("Seat {seat} is {name}'s. It is kept for {name} to come back to.",
                                seat=seat + 1, name=who))
        if self.state == TableState.FINISHED:
            raise TableError(L_("The game at this table is over."))
        returning = slot.person is not None
        if slot.person is None:
            taken = {name_key(n) for i, n in enumerate(self.names()) if i != seat}
            if name_key(person.name) in taken:
                raise TableError(L_("Someone at table {table} is called {name} already; "
                                    "choose another name in the lobby.", table=self.id, name=person.name))
        slot.person = person
        dealt_as = self.names()[seat]
        if self.service is not None and dealt_as != person.name:
            self.game.rename_seat(self, seat, person.name)
        door = self.game.door(self, person, seat)
        slot.door = door
        if slot.grace is not None:
            slot.grace.cancel()
            slot.grace = None
        if self.service is not None:
            self.service.follow(door.on_event, seat)
        log.info("table %s: %s (%s) sits in seat %s", self.id, person.name, person.key or "guest", seat + 1)
        if self.state == TableState.PLAYING:
            if slot.stand_in:
                finishing = self._computer_on(seat)
                if finishing:
                    slot.back = True  # the seat is theirs again when the computer's turn ends
                else:
                    slot.stand_in = False
                own = None
                if returning:  # told to its person as theirs ("Bob is back in seat 2." was told to Bob)
                    own = (L_("You are back in seat {seat}; the computer finishes this turn for you.",
                              seat=seat + 1) if finishing
                           else L_("You are back in seat {seat}.", seat=seat + 1))
                self.notice(self._seat_taken(person.name, seat, returning, dealt_as, finishing),
                            about=seat if returning else None, own=own)
                if returning:
                    self._while_away(slot, door)
            elif returning:
                self.notice(L_("{name} is back.", name=person.name), about=seat)
            self._tell_away(door)
            self._write_meta()
        else:
            self.notice(L_("{name} sits in seat {seat}.", name=person.name, seat=seat + 1), seat=seat)
        self.settle()
        self.server.autostart(self)
        return door

    def _hand_over(self, slot: Slot) -> None:
        """A person takes their seat from a new connection while an older one still holds it (a
        laptop asleep, a frozen terminal, a link the network has not yet dropped): the older
        connection is told and let go, back to its lobby, and the seat is the new one's."""
        old = slot.door
        assert old is not None
        if self.service is not None:
            self.service.remove_listener(old.on_event)
        slot.door = None
        old.add_notice(Notice(L_("You took your seat at table {table} from another connection: it is "
                                 "played there now.", table=self.id), "table", None, len(self.events)))
        old.closed = True
        old.deliver()
        log.info("table %s: %s takes seat %s from a new connection", self.id, old.person.name, slot.index + 1)

    @staticmethod
    def _seat_taken(name: str, seat: int, returning: bool, dealt_as: str, finishing: bool) -> Text:
        """The news of a person taking a seat the computer played: back in their own, or new to
        it (dealt under another name), and whether the computer finishes the turn it began."""
        values = dict(name=name, seat=seat + 1, dealt_as=dealt_as)
        if returning:
            if finishing:
                return L_("{name} is back in seat {seat}; the computer finishes this turn for them.",
                          **values)
            return L_("{name} is back in seat {seat}.", **values)
        if dealt_as != name:
            if finishing:
                return L_("{name} takes seat {seat} (played so far as {dealt_as}); the computer finishes "
                          "this turn for them.", **values)
            return L_("{name} takes seat {seat} (played so far as {dealt_as}).", **values)
        if finishing:
            return L_("{name} takes seat {seat}; the computer finishes this turn for them.", **values)
        return L_("{name} takes seat {seat}.", **values)

    def _while_away(self, slot: Slot, door: SeatDoor) -> None:
        """Tell a person back in their seat what the computer did for them meanwhile: the turns
        it played, and each round it won for them (the table's screen opens on the round being
        played, and said nothing of it).  Read in the protocol's words, the same in every game."""
        away = self.events[slot.away_from:]
        won = [e for e in away if e.name == "round_end" and slot.index in getattr(e, "winners", ())]
        # A turn that went out ends the round, not the turn: it is one of the turns played too.
        turns = (sum(1 for e in away if e.name == "turn_end" and getattr(e, "player", None) == slot.index)
                 + sum(1 for e in won if e.reason == "out"))
        said: list[Text] = []
        first = next((at for at, e in enumerate(away, slot.away_from)
                      if e.name == "turn_start" and getattr(e, "player", None) == slot.index), None)
        if first is not None:
            # Where the round so far is told again, before the turns told as the seat's own.
            door.add_notice(Notice(L_("You were away: the computer played for you from here."), "table",
                                   None, first))
        if turns:
            said.append(Ln_("While you were away, the computer played {n} turn for you.",
                            "While you were away, the computer played {n} turns for you.", turns))
        for end in won:
            said.append(L_("The computer went out for you in round {round}.", round=end.round)
                        if end.reason == "out" else
                        L_("The computer won round {round} for you.", round=end.round))
        for text in said:
            door.add_notice(Notice(text, "table", None, len(self.events)))

    def watch(self, person: Person) -> SeatDoor:
        if any(person.same(s.person) and s.connected for s in self.slots):
            # (Another connection sits there: this one is in its lobby, at no table.)
            raise TableError(L_("You sit at table {table} from another connection (taking your seat "
                                "here moves you to this one).", table=self.id))
        if any(person.same(d.person) for d in self.spectators):
            # (Another session of the same key: this one stays where it is, in the lobby.)
            raise TableError(L_("You are watching table {table} from another connection already.",
                                table=self.id))
        door = self.game.door(self, person, None)
        self.spectators.append(door)
        if self.service is not None:
            self.service.follow(door.on_event, None)
        log.info("table %s: %s watches", self.id, person.name)
        self.notice(L_("{name} is watching.", name=person.name))
        if self.state == TableState.PLAYING:
            self._tell_away(door)
        self.settle()
        return door

    def _tell_away(self, door: SeatDoor) -> None:
        """Tell someone who comes to the table as it plays (or comes back to it, or is seated
        again after another host took it over) whose seats wait for their people: the table
        said it as they left, before this door was here."""
        loop = asyncio.get_running_loop()
        for slot in self.slots:
            if slot.index == door.seat or slot.person is None or not slot.for_person or slot.connected:
                continue
            if slot.grace is not None:
                seconds = max(1, round(slot.grace.when() - loop.time()))
                text = Ln_("{name} is away; the seat is kept for {n} more second.",
                           "{name} is away; the seat is kept for {n} more seconds.", seconds,
                           name=slot.person.name)
            else:
                text = L_("{name} is away; the computer plays seat {seat} until they are back.",
                          name=slot.person.name, seat=slot.index + 1)
            door.add_notice(Notice(text, "table", None, len(self.events)))

    def _reclaim(self, slot: Slot) -> None:
        slot.stand_in = slot.back = False
        if slot.person is not None:
            self.notice(L_("{name} plays seat {seat} from now on.", name=slot.person.name,
                           seat=slot.index + 1))
        else:
            self.notice(L_("Its person plays seat {seat} from now on.", seat=slot.index + 1))

    def gone(self, door: SeatDoor, dropped: bool) -> None:
        """A door closes: a spectator goes; a seat is held, handed to the computer or freed."""
        door.closed = True
        service = self.service
        if service is not None:
            service.remove_listener(door.on_event)
        if self.server.stopping:
            # The server is stopping and adjourns every game: nobody is told that a seat is
            # kept for a while or played by the computer (the sessions are told goodbye).
            if door.seat is None:
                self.spectators.remove(door)
            elif self.slots[door.seat].door is door:
                self.slots[door.seat].door = None
            return
        if door.seat is None:
            self.spectators.remove(door)
            log.info("table %s: %s stops watching", self.id, door.person.name)
            self.notice(L_("{name} stops watching.", name=door.person.name))  # as "is watching" was said
            self.settle()
            self.server.tidy(self)
            return
        slot = self.slots[door.seat]
        if slot.door is not door:
            return
        slot.door = None
        slot.ready = False
        person = door.person
        how = "lost the connection" if dropped else "left"
        went = (L_("{name} has lost the connection.", name=person.name) if dropped else
                L_("{name} has left.", name=person.name))
        log.info("table %s: %s %s (seat %s)", self.id, person.name, how, door.seat + 1)
        if self.state == TableState.PLAYING:
            if person.guest:
                slot.person = None  # a guest cannot come back to the seat: it is free
            if self.seated_here() == 0 and (not dropped or self.server.grace <= 0 or person.guest):
                # Nobody left to play for (a guest is not waited for): computers alone would
                # play on for nobody.
                self.notice(went)
                self.server.adjourn(self)
                return
            if dropped and self.server.grace > 0 and not person.guest:
                self.notice(L_("{name} has lost the connection; the seat is kept for {seconds} seconds.",
                               name=person.name, seconds=format(self.server.grace, "g")))
                loop = asyncio.get_running_loop()
                slot.grace = loop.call_later(self.server.grace, self._grace_over, slot)
            else:
                self.notice(went)
                self._take_over(slot)
            self._deal_if_ready()
        else:
            if not (self.state == TableState.WAITING and self.restored is not None and not person.guest):
                slot.person = None  # a resumed table keeps the seat for its player
            self.notice(went)
        self.settle()
        self.server.tidy(self)

    def _grace_over(self, slot: Slot) -> None:
        slot.grace = None
        if slot.connected or self.state != TableState.PLAYING:
            return
        if self.seated_here() == 0:
            self.server.adjourn(self)
            return
        self._take_over(slot)
        self.settle()

    def _take_over(self, slot: Slot) -> None:
        if slot.stand_in:
            return
        slot.stand_in = True
        slot.back = False
        slot.away_from = len(self.events)
        name = self.names()[slot.index]
        log.info("table %s: the computer (%s) plays seat %s", self.id, self.game.house_level, slot.index + 1)
        level = Said(level_word, self.game.house_level)
        self.notice(L_("The computer ({level}) plays for {name} until they are back.", level=level, name=name)
                    if slot.person is not None else
                    L_("The computer ({level}) plays for {name} until someone takes the seat.",
                       level=level, name=name))

    def ready(self, door: SeatDoor) -> None:
        service = self.service
        assert service is not None
        if door.seat is None:
            raise TableError(L_("You are watching this table; the players deal the next round."))
        if service.phase == Phase.TURN:
            raise TableError(L_("The round is still being played."))
        if service.phase == Phase.SESSION_OVER:
            raise TableError(L_("The game is over."))
        slot = self.slots[door.seat]
        if slot.ready:
            raise TableError(L_("You are ready; the next round is dealt when everyone is."))
        slot.ready = True
        self._deal_if_ready(door.seat)

    def _deal_if_ready(self, ready: int | None = None) -> None:
        """Deal the next round once every person at the table has asked for it."""
        service = self.service
        if service is None or service.phase != Phase.ROUND_OVER or not any(s.ready for s in self.slots):
            return
        waiting = [s.person.name for s in self.slots if s.connected and not s.ready and s.person]
        if waiting:
            if ready is not None:
                name = self.slots[ready].person
                self.notice(L_("{name} is ready for the next round (waiting for {names}).",
                               name=name.name if name else "", names=", ".join(waiting)), about=ready,
                            own=L_("You are ready for the next round (waiting for {names}).",
                                   names=", ".join(waiting)))
                self.settle()
            return
        for s in self.slots:
            s.ready = False
        with self.step():
            self.game.next_round(self, service)

    # ------------------------------------------------------------------ playing
    def begin(self, service: TableService, events: Sequence[Any], held: bool = False) -> None:
        """Start playing ``service``: its transcript, save, doors and computer task; ``held``:
        a person's seat nobody sits in is held as a dropped connection's (else a computer plays
        it until they are back)."""
        self.service = service
        self.seat_names = [s.name for s in service.seats]
        self.events = list(events)
        self.transcript.problem = None
        lost = self.transcript.write(resumed=bool(events))
        service.add_listener(self.transcript.record)
        service.add_listener(self.events.append)
        names = [self.seat_names[i] if slot.for_person else None for i, slot in enumerate(self.slots)]
        went_on = self._went_on(lost) if events else None
        self.save_problem = self.unsaved = None
        self.save_file = SaveFile(self)
        self.saver = self.game.saver(self, service, names, events)
        service.add_listener(self.saver)
        for slot in self.slots:
            # A resumed game's free seat taken before it went on: its person's name from now on.
            if slot.person is not None and self.seat_names[slot.index] != slot.person.name:
                self.game.rename_seat(self, slot.index, slot.person.name)
        for door in self.doors():
            service.follow(door.on_event, door.seat)
        self.state = TableState.PLAYING
        self._write_meta()
        # The table's computer task is nobody's: not in the context of whoever started the game
        # (their language, their session's app), but in a fresh one, speaking the server's own.
        self.task = asyncio.get_running_loop().create_task(self._run(), name=f"table {self.id}",
                                                           context=contextvars.Context())
        for slot in self.slots:
            if slot.for_person and not slot.connected:
                if held and slot.person is not None and self.server.grace > 0:
                    loop = asyncio.get_running_loop()
                    slot.grace = loop.call_later(self.server.grace, self._grace_over, slot)
                else:
                    self._take_over(slot)
        if events:  # resumed (or taken over from another host): not a new game in the log
            log.info("table %s: the game goes on from its save, %d events in (seed %s)", self.id,
                     len(events), service.seed)
        else:
            log.info("table %s: the game starts (seed %s)", self.id, service.seed)
        with self.step():
            self.notice(went_on or L_("The game starts."))  # before the deal it announces
            if not events:
                service.start()

    def _went_on(self, lost: Sequence[str]) -> Text:
        """The notice of a game resumed from its save: where it goes on from, and the turns
        played past the save (``lost``: their transcript lines), if any, and why they were lost."""
        where = self.game.where(e.name for e in self.events)
        if not lost:
            return L_("The game goes on from {where}.", where=where)
        names = [event_name(line) for line in lost]
        turns, unit = self.game.turns(names), self.game.turn_unit
        why: str | Text = self.save_problem or L_("the server could not write its save")
        values = dict(where=where, why=why)
        if not turns:
            said = L_("The game goes on from {where}: the last moves were not saved ({why}).", **values)
        elif unit == "turn":
            said = Ln_("The game goes on from {where}: the last turn was not saved ({why}).",
                       "The game goes on from {where}: the last {n} turns were not saved ({why}).",
                       turns, **values)
        else:
            # Translators: {unit} is what the game counts its play in (a play, a deal), in one word.
            said = Ln_("The game goes on from {where}: the last {unit} was not saved ({why}).",
                       "The game goes on from {where}: the last {n} {unit}s were not saved ({why}).",
                       turns, unit=self.game.unit_word(), **values)
        log.warning("table %s: %s (%s events back)", self.id, english(said), len(lost))
        return said

    # ------------------------------------------------------------------ keeping the game
    def save_point(self) -> None:
        """The save is being written: a transcript that could not be written is tried again."""
        if self.transcript.problem is not None and self.service is not None:
            self.transcript.write()

    def save_state(self, file: SaveFile, problem: str | None, held: int) -> None:
        """The writer thread found ``file`` failing (``problem``) or written again (None; it
        holds ``held`` events): the players are told, once a streak."""
        if file is not self.save_file or problem == self.save_problem:
            return
        file.mending = problem is not None
        was, self.save_problem = self.save_problem, problem
        if self.state != TableState.PLAYING:
            return  # adjourned meanwhile: the adjournment has said what was kept
        if problem is None:
            self.notice(L_("The game is saved again."))
        elif was is None:
            if held:
                self.notice(L_("The server cannot save this game ({problem}); it tries again at every turn. "
                               "Play on: if the server stopped now, the game would go back to {where}.",
                               problem=problem, where=self.game.where(e.name for e in self.events[:held])))
            else:
                self.notice(L_("The server cannot save this game ({problem}); it tries again at every turn. "
                               "Play on: until a save works, the game could not be resumed if the server "
                               "stopped.", problem=problem))
        for door in self.doors():
            door.deliver()

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
            await self.server.going.wait()  # (play waits while the hosts' store is away)
            self.wake.clear()
            try:
                while self.computer_to_play():
                    await self.server.going.wait()  # (and between two turns)
                    if not self.computer_to_play():
                        break
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
        if self.server.journal is not None:
            self.server.journal.forget(self.id)  # nothing to take over: it is over
        self._stop_task()
        self._close_files()
        for path in (self.meta_path, self.save_path):
            remove_after_writes(self.server.writer, path)  # after the save's last write

    def _stop_task(self) -> None:
        if self.task is not None:
            self.task.cancel()
            self.task = None

    def _close_files(self) -> None:
        if self.service is not None:
            self.service.remove_listener(self.transcript.record)
            if self.saver is not None:
                self.service.remove_listener(self.saver)
        self.transcript.close()

    def meta(self) -> dict[str, Any]:
        """What the save does not hold: the table's name, creator and whose each seat is."""
        def person(p: Person | None) -> dict[str, Any] | None:
            return None if p is None or p.guest else {"key": p.key, "name": p.name}
        return {
            "id": self.id, "name": self.name, "owner": person(self.owner), "owner_name": self.owner.name,
            "game": self.game.name, "rules": self.rules.as_dict(), "seed": self.seed,
            "seats": [{"spec": s.spec, "person": person(s.person)} for s in self.slots],
            "adjourned_at": self.adjourned_at, "save_problem": self.save_problem,
            "round": self.adjourned_round, "round_over": self.adjourned_over,
            "names": self.seat_names if self.seat_names is not None else self.adjourned_names,
        }

    def _write_meta(self) -> str | None:
        """Write the table's file; None, or why it could not be written."""
        if self.server.journal is not None:
            self.server.journal.meta(self)
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
            self.adjourned_round = self.game.round_no(service)
            self.adjourned_over = service.phase == Phase.ROUND_OVER
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
        self.adjourned_names = self.seat_names or self.adjourned_names
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
            upto = english(self.game.where(e.name for e in self.events[:file.held]))
            held = (f"holds the game up to {upto} "
                    f"({file.held} of its {len(self.events)} events)" if file.held else "was never written")
            said.append(f"its save cannot be written ({file.problem}): {self.save_path.name} {held}")
        if meta_problem is not None:
            self.unsaved = self.unsaved or file.last_whole
            said.append(f"its table file cannot be written ({meta_problem})" + (
                ": an older one is kept" if self.meta_path.exists() else
                ": after a restart the table is not listed"))
        if self.transcript.problem is not None:
            said.append(f"its transcript cannot be written either ({self.transcript.problem})")
        else:
            said.append(f"its transcript holds all {len(self.events)} events")
        return "; ".join(said)


class Step:
    """``with table.step():`` one change of the game, then :meth:`Table.settle`."""

    def __init__(self, table: Table) -> None:
        self.table = table

    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> None:
        self.table.settle()

