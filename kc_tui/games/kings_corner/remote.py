"""A networked seat in the shape the table screen and the line mode drive: :class:`RemoteTable`.

The table screen was written against :class:`~kc_tui.games.kings_corner.engine.service.GameService`.  A
:class:`RemoteTable` answers the same questions for one :class:`~.net.CornerDoor`:
the seats played at other terminals count as "not at this keyboard" (their ``player`` is an
:class:`Elsewhere`, never None), so the screen offers no hot-seat; whatever seat is asked about,
only this seat's hand is ever given (a spectator's observation has no hand); its actions go
through the door, which refuses them out of turn.  It plays no computer: the server does.
"""

from __future__ import annotations

from typing import Callable, Sequence, cast

from ...core.cards import Card
from ...core.i18n import Domain
from ...core.kinds import Phase
from ...net import SeatDoor, TableError
from ...net.following import Following
from .ai.base import Player
from .engine.board import Pile
from .engine.events import Event
from .engine.moves import Move
from .engine.observation import Observation
from .engine.rules import RuleSet
from .engine.service import Seat
from .engine.views import (
    RoundRecord,
    RoundSummary,
    SeatView,
    SessionSummary,
    Targets,
    TurnId,
)
from .net import CornerDoor

__all__ = ["Elsewhere", "RemoteTable"]

_, ngettext, pgettext, L_, Ln_ = Domain.of(__package__).functions()

EventListener = Callable[[Event], None]


class Elsewhere(Player):
    """A seat played somewhere else: a person at another terminal, or the server's computer.
    It never plans here (the server plays computers, people play their own seats)."""

    level = "elsewhere"

    def plan_turn(self, obs: Observation) -> Sequence[Move | int]:
        raise TableError(_("This seat is played elsewhere."))


class RemoteTable(Following[Event]):
    """One seat's side of a networked table, with the names of the engine service.

    ``people`` is the seat at this terminal (none for a spectator).  :meth:`follow` passes on
    the door's events; :attr:`on_notice` (set by the front end) receives its :class:`Notice`
    lines; :attr:`on_update` is called once after each batch the door delivers.
    """

    remote = True
    """A networked table: the server plays the computers; there is no saving and no hot-seat."""
    door: CornerDoor

    def __init__(self, door: SeatDoor) -> None:
        # A door of this game's table: its own, or one linked to it from another process.
        assert isinstance(door.rules, RuleSet), "a door of a table of Kings in the Corner"
        self.door = cast(CornerDoor, door)
        self.rules: RuleSet = door.rules
        self._elsewhere = Elsewhere()
        self.follow_door(door)

    # ------------------------------------------------------------------ seats
    @property
    def seats(self) -> tuple[Seat, ...]:
        view = self.door.view()
        return tuple(
            Seat(p.name, p.kind, p.level, None if i == self.door.seat else self._elsewhere)
            for i, p in enumerate(view.players)
        )

    @property
    def keyboard_seat(self) -> int | None:
        return self.door.seat

    @property
    def people(self) -> tuple[int, ...]:
        return () if self.door.seat is None else (self.door.seat,)

    def adopt_names(self, *held: list[str]) -> bool:
        """Bring a front end's lists of the seats' names (its own, its narrator's) up to the
        table's: a person who takes a seat once the game is on plays it under their own name.
        Whether any name changed."""
        changed = False
        for i, name in enumerate(self.door.names):
            for names in held:
                if i < len(names) and names[i] != name:
                    names[i] = name
                    changed = True
        return changed

    # ------------------------------------------------------------------ reading
    @property
    def phase(self) -> Phase:
        return self.door.view().phase

    @property
    def current(self) -> int:
        return self.door.view().current

    @property
    def current_seat(self) -> Seat:
        return self.seats[self.current]

    @property
    def turn_id(self) -> TurnId | None:
        return self.door.view().turn

    @property
    def history(self) -> tuple[RoundRecord, ...]:
        return self.door.view().history

    def waiting_for_human(self) -> bool:
        """Whether the person at this terminal is to act now."""
        return self.door.my_turn()

    def observation(self, seat: int | None = None) -> Observation:
        """This seat's observation, whatever seat is asked for: another seat's hand is never
        here.  A spectator's (or a seat asking about another) is the public board, no hand."""
        view = self.door.view()
        own = view.observation
        if own is not None and (seat is None or seat == self.door.seat):
            return own
        return self.door.public_observation()

    def view(self, seat: int | None) -> SeatView:
        return self.door.view()

    def legal_moves(self) -> tuple[Move, ...]:
        return self.door.legal_moves()

    def targets(self, held: Card | Pile) -> Targets:
        """Where ``held`` may go; none while the table cannot be asked (its host away, or
        the hosts' shared store: the notice says so, and a move tried is refused in words)."""
        try:
            return self.door.targets(held)
        except TableError:
            return Targets(held, ())

    def round_summary(self) -> RoundSummary:
        return self.door.round_summary()

    def session_summary(self) -> SessionSummary:
        return self.door.session_summary()

    def past_events_seen_by(self, seat: int | None) -> tuple[Event, ...]:
        return self.door.past_events()

    @property
    def past_events(self) -> tuple[Event, ...]:
        """The session so far as this seat may see it (a front end catches up on them)."""
        return self.door.past_events()

    # ------------------------------------------------------------------ acting
    def start(self) -> None:
        """The server deals; a front end never starts a networked game."""

    def play(self, move: Move | int) -> None:
        self.door.play(move)

    def undo(self) -> None:
        self.door.undo()

    def end_turn(self) -> None:
        self.door.end_turn()

    def next_round(self) -> None:
        """Say this seat is ready; the server deals when everyone is."""
        self.door.next_round()

    def say(self, text: str) -> None:
        self.door.say(text)
