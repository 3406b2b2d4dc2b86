"""The service door every game shares (the service pattern of STYLE.md): seats, listeners that
receive each event as the referee or as one seat sees it, faults kept as lines and never raised,
the turn flow a front end reads, and the all-computer session loop.

Each game's service is a :class:`ServiceDoor` over its own referee, events, players and
``seat_view``; what differs (how a person acts, how a computer decides, what a seat's view holds)
stays in each.  A third card game's service is one more subclass.  Pure Python, and it knows no
game: the engine imports no other game (an import-linter contract).
"""

from __future__ import annotations

from contextlib import ExitStack
from dataclasses import dataclass, replace
from typing import Any, Callable, ClassVar, Generic, Protocol, Sequence, TypeVar

from .events import PlayerInfo
from .i18n import Domain
from .kinds import Phase, SeatKind
from .text import visible

__all__ = ["Referee", "SeatPlayerBase", "TableSeat", "SeatViewer", "ServiceDoor"]

_, ngettext, pgettext, L_, Ln_ = Domain.of(__package__).functions()

E = TypeVar("E")
"""A game's event type."""


class SeatPlayerBase(Protocol):
    """What every game's computer player gives the door (each game adds how it decides)."""

    def cancel(self) -> None: ...

    def close(self) -> None: ...


P = TypeVar("P", bound=SeatPlayerBase)
"""A game's computer player."""


E_co = TypeVar("E_co", covariant=True)


class Referee(Protocol[E_co]):
    """What the door needs of a game's referee."""

    @property
    def phase(self) -> Phase: ...

    @property
    def current(self) -> int: ...

    @property
    def round_no(self) -> int: ...

    @property
    def session_winners(self) -> tuple[int, ...]: ...

    def set_emit(self, emit: Callable[[E_co], None] | None) -> None: ...

    def start(self) -> None: ...

    def next_round(self) -> None: ...


G = TypeVar("G", bound=Referee)  # type: ignore[type-arg]  # any game's referee
"""A game's referee."""


@dataclass(frozen=True, slots=True)
class TableSeat(Generic[P]):
    """A seat at the table: a person at this keyboard (``player`` None) or a computer player."""

    name: str
    kind: SeatKind = SeatKind.HUMAN
    level: str | None = None
    player: P | None = None

    def __post_init__(self) -> None:
        # A name typed at the command line or kept in a save is shown by every front end.
        object.__setattr__(self, "name", visible(self.name))
        object.__setattr__(self, "kind", SeatKind(self.kind))

    @property
    def info(self) -> PlayerInfo:
        return PlayerInfo(self.name, self.kind, self.level)


S = TypeVar("S", bound="TableSeat[Any]")
"""A game's seat."""


class SeatViewer(Generic[E]):
    """A listener passing each event on as one seat (or a spectator, None) may see it."""

    def __init__(self, seat: int | None, observe: Callable[[E], None],
                 seat_view: Callable[[E, int | None], E]) -> None:
        self.seat = seat
        self.observe = observe
        self._seat_view = seat_view

    def __call__(self, event: E) -> None:
        self.observe(self._seat_view(event, self.seat))


def _listener_name(listener: Callable[..., None]) -> str:
    # A listener's name is marked for the catalog where it is given (N_).
    name = getattr(listener, "name", None)
    return _(name) if name else type(listener).__name__


class ServiceDoor(Generic[E, S, G]):
    """The part of a game's service every game shares.  A subclass sets :attr:`game` (its
    referee), :attr:`seats`, and calls :meth:`_open_door`; it gives :meth:`seat_view` (its
    game's one rule of what a seat may see), :attr:`refusal` (the error a refused action raises)
    and :meth:`run_computer_turns`."""

    refusal: ClassVar[type[Exception]] = ValueError
    """The error whose message is the sentence a refused request shows."""
    game: G
    """The referee.  Engine-side only (tests, the tournament): front ends read the service's
    values, which the import-linter contracts keep them to."""
    seats: tuple[S, ...]

    def _open_door(self, seats: Sequence[S], listeners: Sequence[Callable[[E], None]]) -> None:
        self.seats = tuple(seats)
        self._listeners: list[Callable[[E], None]] = list(listeners)
        self.faults: list[str] = []
        """One line per fault of a computer or bot seat (an illegal action, a crash, a
        time-out) or of a listener that failed."""
        self.on_decision: Callable[[int, float], None] | None = None
        """Called with (seat, seconds) after each computer decision (for measurements)."""
        people = [i for i, s in enumerate(self.seats) if s.player is None]
        self.keyboard_seat: int | None = people[0] if len(people) == 1 else None
        """Who watches the screen: the one person at this keyboard; None (a spectator, who sees
        no hand and no drawn card) in hot-seat, where people take turns at one screen, or when
        only computers play."""

    @staticmethod
    def seat_view(event: E, seat: int | None) -> E:
        """The event as ``seat`` may see it (None: a spectator)."""
        raise NotImplementedError

    # ------------------------------------------------------------------ listeners
    def add_listener(self, listener: Callable[[E], None]) -> None:
        """Send ``listener`` every event as the referee sees it (every card): for the
        transcript, saves and statistics, which keep the whole game."""
        self._listeners.append(listener)
        self.game.set_emit(self._dispatch)

    def follow(self, listener: Callable[[E], None], seat: int | None) -> None:
        """Send ``listener`` each event from now on as ``seat`` may see it (None: a
        spectator)."""
        self.add_listener(SeatViewer(seat, listener, self.seat_view))

    def remove_listener(self, listener: Callable[[E], None]) -> None:
        """Stop sending events to ``listener``, added or followed (nothing happens if it was
        already removed)."""
        for added in self._listeners:
            if added == listener or (isinstance(added, SeatViewer) and added.observe == listener):
                self._listeners.remove(added)
                break
        if not self._listeners:
            self.game.set_emit(None)

    def _dispatch(self, event: E) -> None:
        # Events arrive in the middle of a game step: a listener that fails (a full disk under
        # the transcript, a broken display) must not leave the step half done.  It is reported
        # once and dropped; the game goes on.
        for listener in list(self._listeners):
            try:
                listener(event)
            except Exception as exc:  # noqa: BLE001 - any listener failure is contained here
                self.faults.append(_("{listener} failed and was stopped: {error}").format(
                    listener=_listener_name(listener), error=exc))
                self.remove_listener(listener)

    # ------------------------------------------------------------------ flow
    def start(self) -> None:
        """Start the session: ``session_start`` and the first deal."""
        self.game.start()

    def next_round(self) -> None:
        """Deal the next round (only between rounds)."""
        self.game.next_round()

    @property
    def phase(self) -> Phase:
        return self.game.phase

    @property
    def current(self) -> int:
        """The seat that must act (during a turn)."""
        return self.game.current

    @property
    def current_seat(self) -> S:
        return self.seats[self.game.current]

    def rename_seat(self, seat: int, name: str) -> tuple[PlayerInfo, ...]:
        """Name ``seat`` ``name`` from now on (a person took a seat dealt without them, at a
        served table): the seats and every view say it.  The session's start names the players
        once: the players as it names them now, for a caller keeping the session to write it
        again."""
        seats = list(self.seats)
        seats[seat] = replace(seats[seat], name=name)
        self.seats = tuple(seats)
        game: Any = self.game
        game.players = tuple(replace(p, name=name) if i == seat else p for i, p in enumerate(game.players))
        players: tuple[PlayerInfo, ...] = game.players
        return players

    @property
    def session_winners(self) -> tuple[int, ...]:
        """The seats that won the session (empty until it is over)."""
        return self.game.session_winners

    def waiting_for_human(self) -> bool:
        """True when a person's seat must act now."""
        return self.game.phase == Phase.TURN and self.seats[self.game.current].player is None

    # ------------------------------------------------------------------ computer seats
    def run_computer_turns(self, limit: int | None = None) -> int:
        """Let computer seats act until a person must, the round ends, or ``limit`` turns (or
        decisions) are taken; how many were."""
        raise NotImplementedError

    def play_session(self, max_rounds: int | None = None,
                     on_round_end: Callable[[G], None] | None = None) -> int:
        """Play a whole all-computer session (or ``max_rounds`` rounds of it); rounds played."""
        game = self.game
        if not game.round_no:
            self.start()
        rounds = 0
        while True:
            self.run_computer_turns()
            if game.phase == Phase.TURN:
                raise self.refusal("A person's seat is waiting; play_session needs computer seats only.")
            rounds += 1
            if on_round_end:
                on_round_end(game)
            if game.phase == Phase.SESSION_OVER or (max_rounds is not None and rounds >= max_rounds):
                return rounds
            game.next_round()

    def take_faults(self) -> list[str]:
        """The faults reported since the last call (each one line), oldest first.  A fault may
        quote a bot's output or command, so it is made visible here, once for every front end."""
        faults, self.faults = self.faults, []
        return [visible(fault) for fault in faults]

    def close(self) -> None:
        """Release what the seats hold (bot processes): every seat's, even when closing one is
        interrupted (a signal stopping the program), before the interruption goes on."""
        with ExitStack() as closing:
            for seat in self.seats:
                if seat.player is not None:
                    closing.callback(seat.player.close)
