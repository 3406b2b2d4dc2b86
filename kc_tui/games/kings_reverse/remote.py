"""A networked seat of Kings Reverse in the shape its table screen and line mode drive:
:class:`ReverseRemote` gives one door the names of the service; whatever seat is asked about,
only this seat's view is ever given.
"""

from __future__ import annotations

import random
from typing import Callable, ClassVar, Sequence, cast

from ...core.i18n import Domain
from ...core.kinds import Phase, SeatKind
from ...net import SeatDoor, TableError
from ...net.following import Following
from .engine.actions import Action
from .engine.events import ReverseEvent
from .engine.rules import ReverseRules
from .engine.service import DecisionId, ReverseDecision, ReverseSeat
from .engine.views import ReverseRoundSummary, ReverseView
from .net import ReverseDoor

__all__ = ["ReverseRemote"]

_, ngettext, pgettext, L_, Ln_ = Domain.of(__package__).functions()


class _Elsewhere:
    """A seat played somewhere else (a person at another terminal, or the server's computer):
    it never decides here."""

    level: ClassVar[str] = "elsewhere"
    quick = False

    def __init__(self) -> None:
        self.rng = random.Random(0)

    def choose(self, view: ReverseView) -> Action:
        raise TableError(_("This seat is played elsewhere."))

    def choose_quick(self, legal: Sequence[Action], hand: Sequence[int], next_count: int,
                     players: int) -> Action:
        raise TableError(_("This seat is played elsewhere."))

    def cancel(self) -> None:
        return None

    def close(self) -> None:
        return None


class ReverseRemote(Following[ReverseEvent]):
    """One seat's side of a networked Kings Reverse table, with the names of
    :class:`ReverseService` that the table screen and the line mode use.

    The seats played at other terminals have a player that is "elsewhere" (never None), so
    the screen offers no hot-seat and plays no computer; whatever seat is asked about, only
    this seat's view is given (a spectator's has no hand); actions go through the door, which
    refuses them out of turn (:class:`Refused`, a ``ValueError`` with the sentence, as the
    service's own refusals are).  :attr:`on_notice` receives the table's :class:`Notice`
    lines; :attr:`on_update` is called once after each batch the door delivers."""

    remote = True

    class Refused(ValueError):
        """A refusal: the message is the sentence to show (nothing changed)."""

    door: ReverseDoor

    def __init__(self, door: SeatDoor) -> None:
        # A door of this game's table: its own, or one linked to it from another process.
        assert isinstance(door.rules, ReverseRules), "a door of a table of Kings Reverse"
        self.door = cast(ReverseDoor, door)
        self.rules: ReverseRules = door.rules
        self._elsewhere = _Elsewhere()
        self.follow_door(door)

    # ------------------------------------------------------------------ reading
    @property
    def seats(self) -> tuple[ReverseSeat, ...]:
        view = self.door.view()
        return tuple(ReverseSeat(p.name, SeatKind(p.kind), p.level,
                                 None if i == self.door.seat else self._elsewhere)
                     for i, p in enumerate(view.players))

    @property
    def keyboard_seat(self) -> int | None:
        return self.door.seat

    @property
    def phase(self) -> Phase:
        return self.door.view().phase

    @property
    def current(self) -> int:
        return self.door.view().current

    @property
    def decision_id(self) -> DecisionId | None:
        return self.door.decision_id()

    def waiting_for_human(self) -> bool:
        """Whether the person at this terminal is to act now."""
        return self.door.my_turn()

    def view(self, seat: int | None = None) -> ReverseView:
        """This seat's view, whatever seat is asked about."""
        return self.door.view()

    def legal_actions(self) -> tuple[Action, ...]:
        return self.door.legal_actions()

    def past_events_seen_by(self, seat: int | None) -> tuple[ReverseEvent, ...]:
        """The session so far as this door's seat may see it, whatever ``seat`` is asked."""
        return tuple(self.door.past_events())

    def round_summary(self) -> ReverseRoundSummary:
        return self.door.round_summary()

    def take_faults(self) -> list[str]:
        return []  # the server logs its computers' faults

    # ------------------------------------------------------------------ acting
    def start(self) -> None:
        """The server deals; a front end never starts a networked game."""

    def act(self, action: Action) -> None:
        try:
            self.door.act(action)
        except TableError as exc:
            raise ReverseRemote.Refused(str(exc)) from None

    def next_round(self) -> None:
        """Say this seat is ready; the server deals when everyone is."""
        self.door.next_round()

    def say(self, text: str) -> None:
        self.door.say(text)

    def begin_decision(self) -> ReverseDecision:
        raise TableError(_("The server plays the computers."))

    def cancel_decision(self, decision: ReverseDecision) -> None:
        return None

    # ------------------------------------------------------------------ following
    def add_listener(self, listener: Callable[[ReverseEvent], None]) -> None:
        self.follow(listener)
