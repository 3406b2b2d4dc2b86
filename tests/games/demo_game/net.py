"""Higher at a served table: the game's ``net`` part (:class:`kc_tui.net.part.TableGame`) and
its door.  The save is the platform's journal (:mod:`.saves`), written by the table's writer
thread; a computer's turn is instant (the lowest card it may play)."""

from __future__ import annotations

import asyncio
from typing import Any, Mapping, Sequence

from kc_tui.core.errors import IllegalMove
from kc_tui.core.kinds import HUMAN_PREFIX
from kc_tui.net import GameTable, Person, SeatDoor, TableError, TableGame
from kc_tui.net.saving import TableSaver
from kc_tui.storage.saves import SaveError, load_save

from .engine import (
    GAME_NAME,
    LEVELS,
    HigherRules,
    HigherService,
    HigherView,
    LowestPlayer,
    seat_view,
    seats_for,
)
from .session import GAME as SESSION


class HigherDoor(SeatDoor):
    """A seat's door at a table of Higher: its view (its own hand only), its actions, and
    :meth:`act`, refused with a sentence when it is not this seat's to act."""

    def view(self) -> HigherView:
        view: HigherView = self.game_service().view(self.seat)
        return view

    def legal_actions(self) -> tuple[str, ...]:
        return self.view().legal if self.my_turn() else ()

    def act(self, action: str) -> None:
        service = self.game_service()
        self.table.check_turn(self.seat)
        try:
            service.act_for_seat(action)
        except IllegalMove as exc:
            raise TableError(str(exc)) from None
        finally:
            self.table.settle()


class HigherTableGame(TableGame):
    name = GAME_NAME
    levels: Mapping[str, object] = {level: LowestPlayer for level in LEVELS}
    house_level = LEVELS[0]

    def owns(self, rules: object) -> bool:
        return isinstance(rules, HigherRules)

    def check_rules(self, rules: Any) -> None:
        return None  # checked as they are made

    def rules_label(self, rules: Any) -> str:
        return f"Higher, {rules.hand} cards each"

    def rules_from_dict(self, d: Mapping[str, Any]) -> HigherRules:
        return HigherRules.from_dict(d)

    def door(self, table: GameTable, person: Person, seat: int | None) -> HigherDoor:
        return HigherDoor(table, person, seat)

    def shown_to(self, event: Any, seat: int | None) -> Any:
        return seat_view(event, seat)

    def encode(self, event: Any) -> str:
        return SESSION.encode(event)

    def round_no(self, service: Any) -> int:
        return int(service.view(None).round)

    def new_service(self, table: GameTable, names: list[str | None], seat_names: list[str]) -> HigherService:
        return HigherService(table.rules, seats_for(_specs(table, names), seat_names), table.seed)

    def restore(self, table: GameTable) -> tuple[HigherService, Sequence[Any]]:
        try:
            restored = load_save(table.save_path, lock=False, game=GAME_NAME)
        except SaveError as exc:
            raise TableError(f"Table {table.id} cannot be resumed: {exc.problem}.") from None
        return restored.service, restored.events

    def saver(self, table: GameTable, service: Any, names: list[str | None], events: Sequence[Any]) -> TableSaver:
        assert table.save_file is not None
        return TableSaver(service, _specs(table, names), table.save_file.path, events, game=GAME_NAME,
                          file=table.save_file)

    async def computer_turn(self, table: GameTable) -> None:
        service = table.service
        assert isinstance(service, HigherService)
        player = service.current_seat.player or table.house.setdefault(service.current, LowestPlayer())
        with table.step():
            service.act_for_seat(player.choose(service.legal_actions()))
        await asyncio.sleep(0)  # the other tables and the people's moves go on between turns


def _specs(table: GameTable, names: Sequence[str | None]) -> list[str]:
    """The seats as a save keeps them: a person's by name, a computer's by level."""
    return [f"{HUMAN_PREFIX}{name}" if name else slot.spec for name, slot in zip(names, table.slots)]


GAME = HigherTableGame()
