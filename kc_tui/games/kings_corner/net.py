"""Kings in the Corner at a served table: the game's ``net`` part (:data:`GAME`).

:class:`CornerTableGame` is what a table of Kings in the Corner asks of its game
(:class:`~kc_tui.net.part.TableGame`): the :class:`~.engine.service.GameService` for its seats, a
:class:`CornerDoor` for each seat, the events as one seat may see them, a computer's turn (planned
by the server's thinkers on a frozen snapshot, :meth:`GameService.begin_decision`, and applied
move by move at the server's pace), the save (the journal of :mod:`kc_tui.storage.saves`) and the
transcript (docs/protocol.md).
"""

from __future__ import annotations

import asyncio
import logging
import random
from dataclasses import replace
from typing import Any, Mapping, Sequence

from ...core.cards import Card
from ...core.events import SessionStart
from ...core.i18n import Domain
from ...core.kinds import Phase
from ...core.workers import keep_state
from ...net import HOUSE_LEVEL, GameTable, Person, SeatDoor, TableError, TableGame
from ...net.saving import TableSaver
from ...storage.saves import SaveError, load_save
from .ai import LEVELS, make_player
from .ai.seats import HUMAN_PREFIX, make_seats
from .engine.board import Pile
from .engine.events import Event, RoundEnd, seat_view
from .engine.moves import Move
from .engine.observation import Observation
from .engine.rules import RuleSet, rules_label
from .engine.service import Decision, GameService, SeatPlayer
from .engine.transcript import encode_event
from .engine.views import RoundSummary, SeatView, SessionSummary, Targets

__all__ = ["GAME", "CornerTableGame", "CornerDoor", "shown_to"]

_, ngettext, pgettext, L_, Ln_ = Domain.of(__package__).functions()

log = logging.getLogger("kc_tui.net")


def shown_to(event: Event, seat: int | None) -> Event:
    """The event as a networked ``seat`` may see it: the engine's :func:`seat_view`, and at a
    round's end only the seat's own cards left in hand (the cards left in the others' hands are
    never sent to another seat; their points say what they were worth)."""
    event = seat_view(event, seat)
    if isinstance(event, RoundEnd):
        return replace(event, hands=tuple(h if i == seat else () for i, h in enumerate(event.hands)))
    return event


class CornerDoor(SeatDoor):
    """A seat's door at a table of Kings in the Corner (``seat`` None: a spectator's).  Reading:
    :meth:`view`, :meth:`targets`, :meth:`legal_moves`, :meth:`round_summary`,
    :meth:`session_summary`, :meth:`public_observation`.  Acting: :meth:`play`, :meth:`undo`,
    :meth:`end_turn`, each refused with a :class:`TableError` sentence when this seat may not
    do it now; the rest is :class:`SeatDoor`'s (next round, chat, leaving)."""

    mirrored = (*SeatDoor.mirrored, "legal_moves", "public_observation", "round_summary", "session_summary")
    reads = ("targets",)
    linked = SeatDoor.linked | {*mirrored, *reads, "play", "undo", "end_turn"}

    @property
    def rules(self) -> RuleSet:
        rules = self.table.rules
        assert isinstance(rules, RuleSet)
        return rules

    def _service(self) -> GameService:
        service = self.game_service()
        assert isinstance(service, GameService)
        return service

    def view(self) -> SeatView:
        """The game as this seat may see it now: its own hand only; a spectator's has none."""
        return self._service().view(self.seat)

    def public_observation(self) -> Observation:
        """The table as everyone sees it: the board, the counts, the scores; no hand at all
        (``hand_mask`` 0; ``seat`` is whose turn it is)."""
        service = self._service()
        return service.observation(service.current)._replace(hand_mask=0)

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
        # An empty hand hides nothing (how many cards each holds is public): the player who went
        # out is shown with none left, not "not shown".
        withheld = tuple(i for i, hand in enumerate(summary.hands) if i != self.seat and hand)
        return replace(summary, hands=hands, seed=None, withheld=withheld)

    def session_summary(self) -> SessionSummary:
        return self._service().session_summary()

    def _acting(self) -> GameService:
        service = self._service()
        self.table.check_turn(self.seat)
        return service

    def play(self, move: Move | int) -> None:
        """Play ``move`` for this seat; :class:`IllegalMove` (or :class:`TableError`) says why
        not, and nothing changes."""
        service = self._acting()
        with self.table.step():
            service.play(move)

    def undo(self) -> None:
        """Take back this seat's last move of this turn (never another seat's)."""
        service = self._acting()
        with self.table.step():
            service.undo()

    def end_turn(self) -> None:
        service = self._acting()
        with self.table.step():
            service.end_turn()


class CornerSaver(TableSaver):
    """The table's save (:class:`~kc_tui.net.saving.TableSaver`), which also names a person who
    takes a seat."""

    def renamed(self, seat: int, start: SessionStart) -> None:
        """A person took ``seat`` (:meth:`CornerTableGame.rename_seat`): the save names them, at
        once (the whole save again, up to its last save point: a resumed game finds its players)."""
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


class CornerTableGame(TableGame):
    """Kings in the Corner as a table's game (see the module's words)."""

    name = "kings-corner"
    levels: Mapping[str, object] = LEVELS

    def owns(self, rules: object) -> bool:
        return isinstance(rules, RuleSet)

    def check_rules(self, rules: Any) -> None:
        rules.checked()

    def rules_label(self, rules: Any) -> str:
        # The lobby lists both games' tables: each says its game, as Kings Reverse's do.
        return _("Kings in the Corner, {rules}").format(rules=rules_label(rules))

    def rules_from_dict(self, d: Mapping[str, Any]) -> RuleSet:
        return RuleSet.from_dict(d)

    def door(self, table: GameTable, person: Person, seat: int | None) -> CornerDoor:
        return CornerDoor(table, person, seat)

    def shown_to(self, event: Any, seat: int | None) -> Any:
        return shown_to(event, seat)

    def encode(self, event: Any) -> str:
        return encode_event(event)

    def round_no(self, service: Any) -> int:
        return len(service.history) + int(service.phase == Phase.TURN)

    def new_service(self, table: GameTable, names: list[str | None], seat_names: list[str]) -> GameService:
        seats = make_seats(_specs(table, names), random.Random(table.seed), think=table.server.think,
                           names=list(seat_names))
        return GameService(table.rules, seats, seed=table.seed)

    def restore(self, table: GameTable) -> tuple[GameService, Sequence[Any]]:
        try:
            restored = load_save(table.save_path, think=table.server.think, lock=False)
        except SaveError as exc:
            log.error("table %s cannot be resumed: %s", table.id, exc)
            raise TableError(_("Table {table} cannot be resumed: {problem}.").format(
                table=table.id, problem=exc.problem)) from None
        return restored.service, list(restored.service.past_events)

    def saver(self, table: GameTable, service: Any, names: list[str | None],
              events: Sequence[Any]) -> TableSaver:
        assert table.save_file is not None
        return CornerSaver(service, _specs(table, names), table.save_path, events, file=table.save_file)

    def rename_seat(self, table: GameTable, seat: int, name: str) -> None:
        """The seat is ``name``'s in every view, the log, the transcript and the save, and from
        now on in every summary."""
        assert isinstance(table.service, GameService)
        start = self.rename_in_session(table, table.service, seat, name)
        if start is None:
            return
        if table.saver is not None:
            table.saver.renamed(seat, start)
        table.transcript.write()  # its session_start names the seats

    async def computer_turn(self, table: GameTable) -> None:
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
            plan, thought = await table.server.thinkers.run(think, decision)
            keep_state(decision.player, thought)
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


def think(decision: Decision) -> tuple[list[Move | int], SeatPlayer]:
    """A computer's plan for ``decision``, and its player as it is after planning (in a worker
    process, a copy whose state the table's player takes: :func:`keep_state`)."""
    return decision.run(), decision.player


def _specs(table: GameTable, names: list[str | None]) -> list[str]:
    """The seats' specs of a save: a person's seat by its name, a computer's by its level."""
    return [f"{HUMAN_PREFIX}{name}" if name else slot.spec for name, slot in zip(names, table.slots)]


GAME = CornerTableGame()
"""Kings in the Corner's ``net`` part."""
