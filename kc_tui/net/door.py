"""A seat's door: what a front end holds for one seat of one table, the only way it reaches the
game.  A door is bound to its seat when it is made, so a client can never act in another seat's
name; it refuses what the seat may not do with a sentence (:class:`TableError`), and hands its
listeners only the events that seat may see (its game's
:meth:`~kc_tui.net.part.TableGame.shown_to`) and the table's notices.

:class:`SeatDoor` is what every game's door shares; a game's own door adds its reading and its
acting (:meth:`~kc_tui.net.part.TableGame.door` makes it).
"""

from __future__ import annotations

import contextvars
import logging
from collections import deque
from typing import Any, Callable

from ..core.i18n import Domain
from .names import Person
from .protocols import GameTable
from .values import MISSED_NOTICES, Delivery, Listener, Notice, TableError, TableInfo

__all__ = ["SeatDoor", "ChatLimit", "Subscribers", "call_in"]

log = logging.getLogger("kc_tui.net")

_, ngettext, pgettext, L_, Ln_ = Domain.of(__package__).functions()


def call_in(context: contextvars.Context, callback: Callable[..., None], *args: Any) -> None:
    """Call ``callback`` in (a copy of) ``context``: the context it was given to the server in.

    One step at a table reaches every session following it, and it is made in the context of
    whoever made it (another session's app, the server's computer).  A session's front end finds
    its own parts through context variables (Textual's running app is one): called in the mover's
    context, a session's screen asked the mover's app which dialogs were open, and held or
    redrew its table by another person's screens.  A copy, so that a delivery made inside a
    delivery (a listener acting at once) enters no context twice."""
    context.copy().run(callback, *args)


class Subscribers:
    """Callbacks to call after every change the lobby shows, each in the context it was given in;
    one that fails is dropped (a broken lobby client must not stop the others)."""

    def __init__(self) -> None:
        self._entries: list[tuple[Callable[[], None], contextvars.Context]] = []

    def subscribe(self, callback: Callable[[], None]) -> Callable[[], None]:
        """Add ``callback``; returns the function that takes it away."""
        entry = (callback, contextvars.copy_context())
        self._entries.append(entry)

        def unsubscribe() -> None:
            if entry in self._entries:
                self._entries.remove(entry)
        return unsubscribe

    def tell(self) -> None:
        for entry in list(self._entries):
            callback, context = entry
            try:
                call_in(context, callback)
            except Exception:  # noqa: BLE001 - a broken lobby client must not stop the others
                log.exception("a lobby subscriber failed and was dropped")
                self._entries.remove(entry)


class ChatLimit:
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


class SeatDoor:
    """What a front end holds for one seat of one table (``seat`` None: a spectator).

    Made by :meth:`TableServer.join` or :meth:`TableServer.watch`, bound to that seat for good.
    Reading: :meth:`view`, :meth:`past_events`, :meth:`my_turn`, :attr:`names`, :attr:`rules`.
    Acting: :meth:`next_round`, :meth:`start`, :meth:`say`, each refusing with a
    :class:`TableError` sentence when this seat may not do it now (a game's door adds its
    moves).  Following: :meth:`follow` (events as this seat may see them, and :class:`Notice`
    lines).  Going: :meth:`detach` (the connection dropped: the seat is held) or :meth:`leave`
    (on purpose).
    """

    mirrored: tuple[str, ...] = ("closed", "started", "names", "info", "view", "my_turn", "computer_to_play")
    """The reads with no argument a door in another process answers from its last frame (a game's
    door adds its own): :mod:`.link` computes them where the table is after each step."""
    reads: tuple[str, ...] = ()
    """The reads with arguments (a game's door names its own): asked of the table's host, they
    change nothing, so they are answered while the hosts' shared store is away and moves wait."""
    linked: frozenset[str] = frozenset({*mirrored, "past_events", "next_round", "start", "say", "detach",
                                        "leave"})
    """Everything a door in another process may ask of this one (a game's door adds its own)."""

    def __init__(self, table: GameTable, person: Person, seat: int | None) -> None:
        self.table = table
        """The table (a game's door reads its service and steps its game through it)."""
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
        self.chat = ChatLimit(table.server.chat_lines, table.server.chat_window, table.server.clock)
        """This door's chat lines, limited (:meth:`say`)."""

    # ------------------------------------------------------------------ reading
    @property
    def table_id(self) -> int:
        return self.table.id

    @property
    def spectator(self) -> bool:
        return self.seat is None

    @property
    def rules(self) -> Any:
        """The table's rules (a rule set of its game)."""
        return self.table.rules

    @property
    def names(self) -> list[str]:
        """The seats' names as the game shows them (fixed when the game starts; before, the
        lobby's)."""
        return self.table.names()

    @property
    def started(self) -> bool:
        """Whether the game has started (a view can be had)."""
        return self.table.service is not None

    def info(self) -> TableInfo:
        return self.table.info()

    @property
    def catching_up(self) -> bool:
        """Whether a step this door made is still on its way to its listeners: never here, where
        a step is handed to them before the call that made it returns; a door in another process
        reads the step's state from its call's answer, and hears its events a moment later.  A
        front end that speaks of what follows a step (the line mode's prompt) waits for them."""
        return False

    def caught_up(self) -> None:
        """Read on as if the step's events were heard (they were not, and may never be)."""

    def view(self) -> Any:
        """The game as this seat may see it now: its own hand only; a spectator's has none."""
        return self.game_service().view(self.seat)

    def my_turn(self) -> bool:
        """Whether this seat's person is to act now (not while a computer plays for them)."""
        return self.table.person_turn(self.seat)

    def computer_to_play(self) -> bool:
        """Whether a computer is playing at the table now (its own seat, or the house for a
        person's)."""
        return self.table.computer_to_play()

    def past_events(self) -> tuple[Any, ...]:
        """Every event of the session so far as this seat may see it (to catch up on joining),
        but those of a step not yet complete, which this door still holds for its listeners:
        a front end that catches up and then follows the door would hear them twice."""
        table = self.table
        held = sum(1 for item in self._pending if not isinstance(item, Notice))
        events = table.events[:len(table.events) - held] if held else table.events
        return tuple(table.game.shown_to(event, self.seat) for event in events)

    def game_service(self) -> Any:
        """The table's game service, for this door to read or act through; :class:`TableError`
        once the door is closed, or before the game has started."""
        if self.closed:
            raise TableError(L_("You have left this table."))
        service = self.table.service
        if service is None:
            raise TableError(L_("The game has not started yet."))
        return service

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
            call_in(context, listener, notice)

    def keep(self, notice: Notice) -> None:
        """Keep ``notice`` for the next listener to follow, as one that came while nothing
        followed: a lobby hearing a table not started yet hands on what the game's start said
        to the table's own screen, which follows the door once the game is on."""
        self._unheard.append(notice)

    def unfollow(self, listener: Listener) -> None:
        self._listeners = [(kept, context) for kept, context in self._listeners if kept != listener]

    def on_event(self, event: Any) -> None:
        """The service's listener for this seat: ``event`` as the referee made it, held until
        the step is complete (a listener reading the view mid-step would see half a move)."""
        self._pending.append(self.table.game.shown_to(event, self.seat))

    def add_notice(self, notice: Notice) -> None:
        """Hold ``notice`` for this door's listeners, until the step is complete."""
        self._pending.append(notice)

    def deliver(self) -> None:
        """A step is complete: hand the listeners what it produced."""
        pending, self._pending = self._pending, []
        if not self._listeners:
            self._unheard.extend(item for item in pending if isinstance(item, Notice))
            return
        for item in pending:
            for listener, context in list(self._listeners):
                try:
                    call_in(context, listener, item)
                except Exception:  # noqa: BLE001 - one broken client must not stop the table
                    log.exception("table %s: a listener of %s failed and was dropped",
                                  self.table_id, self.person.name)
                    self.unfollow(listener)

    # ------------------------------------------------------------------ acting
    def next_round(self) -> None:
        """Say this seat is ready for the next round; it is dealt when every person there is."""
        self.game_service()
        self.table.ready(self)

    def start(self) -> None:
        """Start the game (the creator, while the table waits)."""
        if self.closed:
            raise TableError(L_("You have left this table."))
        self.table.server.start(self.person, self.table.id)

    def say(self, text: str) -> None:
        """A chat line to everyone at the table (spectators too); refused when empty, too long
        or too fast (:attr:`TableServer.chat_lines` in :attr:`TableServer.chat_window`)."""
        if self.closed:
            raise TableError(L_("You have left this table."))
        self.table.say(self, text)

    # ------------------------------------------------------------------ going
    def detach(self) -> None:
        """The connection dropped: the seat is held for the server's grace time, then a
        computer plays it until the same person joins again (nothing happens the second time)."""
        if not self.closed:
            self.table.gone(self, dropped=True)

    def leave(self) -> None:
        """The person leaves on purpose: before the game the seat is free again; during it a
        computer plays it at once (they may come back to it, unless they are a guest)."""
        if not self.closed:
            self.table.gone(self, dropped=False)
