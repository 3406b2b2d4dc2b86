"""A seat at a served table of Higher with the names of the service that the table screen and
the line mode read: :class:`HigherRemote`.  Whatever seat is asked about, only this seat's view
is given; actions go through the door, which refuses them out of turn."""

from __future__ import annotations

from typing import Any, Callable

from kc_tui.core.door import TableSeat
from kc_tui.core.kinds import Phase, SeatKind
from kc_tui.net import SeatDoor
from kc_tui.net.following import Following

from .engine import HigherRules, HigherView
from .net import HigherDoor


class Elsewhere:
    """The player of a seat played at another terminal or by the server: it never decides
    here (so a screen offers it no turn)."""

    def cancel(self) -> None:
        return None

    def close(self) -> None:
        return None


class HigherRemote(Following[Any]):
    """One seat's side of a served table of Higher (see the module's words)."""

    remote = True

    def __init__(self, door: SeatDoor) -> None:
        assert isinstance(door, HigherDoor), "a door of a table of Higher"
        self.door = door
        self.rules: HigherRules = door.rules
        self.follow_door(door)

    @property
    def seats(self) -> tuple[TableSeat[Any], ...]:
        return tuple(TableSeat(name, SeatKind.HUMAN, None, None if i == self.door.seat else Elsewhere())
                     for i, name in enumerate(self.door.view().names))

    @property
    def keyboard_seat(self) -> int | None:
        return self.door.seat

    @property
    def phase(self) -> Phase:
        return self.door.view().phase

    @property
    def current(self) -> int:
        return self.door.view().current

    def waiting_for_human(self) -> bool:
        return self.door.my_turn()

    def view(self, seat: int | None = None) -> HigherView:
        return self.door.view()

    def legal_actions(self) -> tuple[str, ...]:
        return self.door.legal_actions()

    def act(self, action: str) -> None:
        self.door.act(action)

    def next_round(self) -> None:
        self.door.next_round()

    def say(self, text: str) -> None:
        self.door.say(text)

    def start(self) -> None:
        """The server deals."""

    def run_computer_turns(self, limit: int | None = None) -> int:
        return 0  # the server plays the computers

    def take_faults(self) -> list[str]:
        return []

    def add_listener(self, listener: Callable[[Any], None]) -> None:
        self.follow(listener)
