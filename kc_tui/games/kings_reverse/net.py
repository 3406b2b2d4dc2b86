"""Kings Reverse at a served table: the game's ``net`` part (:data:`GAME`).

:class:`ReverseTableGame` is what a table of Kings Reverse asks of its game
(:class:`~kc_tui.net.part.TableGame`): the :class:`~.engine.service.ReverseService` for its seats, a
:class:`ReverseDoor` for each seat, the events as one seat may see them, a computer's action
(one decision at a time, thought about by the server's thinkers), the save (the game's own format,
``kings-reverse-save``, one action a line of its list) and the transcript (docs/protocol.md
section 6).
"""

from __future__ import annotations

import logging
import random
from dataclasses import replace
from typing import Any, Mapping, Sequence, cast

from ...core.i18n import N_, Domain
from ...core.kinds import HUMAN_PREFIX, Phase
from ...core.workers import keep_state
from ...net import HOUSE_LEVEL, GameTable, Person, SeatDoor, TableError, TableGame
from ...storage.saves import AutoSaver, SaveError, read_document
from .ai import LEVELS, make_player
from .engine.actions import Action
from .engine.events import GAME_NAME, ReverseEvent, RoundEnd, encode_event, seat_view
from .engine.rules import ReverseRules, reverse_rules_label
from .engine.service import DecisionId, ReverseDecision, ReversePlayer, ReverseService
from .engine.views import ReverseRoundSummary, ReverseView
from .saves import replayed, reverse_seats

__all__ = ["GAME", "ReverseTableGame", "ReverseDoor", "reverse_shown_to", "reverse_rules_label"]

log = logging.getLogger("kc_tui.net")

_, ngettext, pgettext, L_, Ln_ = Domain.of(__package__).functions()


def reverse_shown_to(event: ReverseEvent, seat: int | None) -> ReverseEvent:
    """The event as a networked ``seat`` may see it: the game's :func:`seat_view`, and at a
    round's end only the seat's own cards left in hand (the others' points say what theirs
    were worth; their cards are never sent to another seat)."""
    event = seat_view(event, seat)
    if isinstance(event, RoundEnd):
        return replace(event, hands=tuple(h if i == seat else () for i, h in enumerate(event.hands)))
    return event


class TableSaver(AutoSaver):
    """The table's save after every action, the whole of it each time, written by the server's
    one writer thread (:class:`~kc_tui.net.saving.SaveFile`).  The table tells it each action
    and deal (:meth:`acted`, :meth:`dealt`); at the session's end the table removes its files."""

    def __init__(self, table: GameTable, service: ReverseService, specs: Sequence[str],
                 actions: Sequence[Any]) -> None:
        super().__init__(service, specs, table.save_path, actions, game=GAME_NAME)
        self.table = table

    def acted(self, action: Action) -> None:
        """An action was applied: keep it and save."""
        self.keep(action.as_dict())
        self.save()

    def dealt(self) -> None:
        """The next round was dealt: keep it and save."""
        self.keep("next")
        self.save()

    def save(self, upto: int | None = None, compact: bool = False) -> bool:
        if self.service.phase == Phase.SESSION_OVER:
            return False  # nothing is left to resume
        return super().save(upto, compact)

    def _write_whole(self, text: str) -> None:
        file = self.table.save_file
        assert file is not None
        file.whole(text, len(self.table.events))

    def __call__(self, event: ReverseEvent) -> None:
        return None  # the table tells it what to keep


class ReverseDoor(SeatDoor):
    """A seat's door at a Kings Reverse table (``seat`` None: a spectator's).  Reading:
    :meth:`view` (this seat's view only), :meth:`legal_actions`, :meth:`round_summary`,
    :meth:`decision_id`.  Acting: :meth:`act`, refused with a :class:`TableError` sentence when
    it is not this seat's to do (out of turn, the rules refuse it); the rest is
    :class:`SeatDoor`'s (next round, chat, leaving)."""

    mirrored = (*SeatDoor.mirrored, "decision_id", "legal_actions", "round_summary")
    linked = SeatDoor.linked | {*mirrored, "act"}

    @property
    def rules(self) -> ReverseRules:
        rules = self.table.rules
        assert isinstance(rules, ReverseRules)
        return rules

    def _reverse(self) -> ReverseService:
        service = self.game_service()
        assert isinstance(service, ReverseService)
        return service

    def view(self) -> ReverseView:
        """The game as this seat may see it now: its own hand only; a spectator's has none.
        The legal actions are given only while this seat's person is to act."""
        view = self._reverse().view(self.seat)
        return view if self.my_turn() or not view.legal else replace(view, legal=())

    def decision_id(self) -> DecisionId | None:
        """Which decision the game waits for (changes whenever someone must act anew)."""
        return self._reverse().decision_id

    def legal_actions(self) -> tuple[Action, ...]:
        """This seat's legal actions now; none when it is not its person's to act."""
        return self._reverse().view(self.seat).legal if self.my_turn() else ()

    def act(self, action: Action) -> None:
        """Take ``action`` for this seat; :class:`TableError` says why not, and nothing
        changes."""
        service = self._reverse()
        self.table.check_turn(self.seat)
        try:
            service.act(action)
            if self.table.saver is not None:
                self.table.saver.acted(action)
        except ValueError as exc:  # the referee's refusal: its message is the sentence
            raise TableError(str(exc)) from None
        finally:
            self.table.settle()

    def round_summary(self) -> ReverseRoundSummary:
        """The round just finished, this seat's hand left face up and the others' withheld
        (a spectator sees none)."""
        summary = self._reverse().round_summary()
        return replace(summary, hands=tuple(h if i == self.seat else () for i, h in enumerate(summary.hands)))


class ReverseTableGame(TableGame):
    """Kings Reverse as a table's game (see the module's words)."""

    name = "kings-reverse"
    levels: Mapping[str, object] = LEVELS
    # Translators: what Kings Reverse counts its play in, as in "round 2, play 5" (a player's action).
    turn_unit = N_("play")
    turn_ends = frozenset({"play"})

    def __init__(self) -> None:
        self._actions: dict[int, list[Any]] = {}
        """The actions of each resumed table's save, until its game starts again."""

    def owns(self, rules: object) -> bool:
        return isinstance(rules, ReverseRules)

    def check_rules(self, rules: Any) -> None:
        return None  # a ReverseRules is checked when it is made

    def rules_label(self, rules: Any) -> str:
        return reverse_rules_label(rules)

    def rules_from_dict(self, d: Mapping[str, Any]) -> ReverseRules:
        return ReverseRules.from_dict(d)

    def door(self, table: GameTable, person: Person, seat: int | None) -> ReverseDoor:
        return ReverseDoor(table, person, seat)

    def shown_to(self, event: Any, seat: int | None) -> Any:
        return reverse_shown_to(event, seat)

    def encode(self, event: Any) -> str:
        return encode_event(event)

    def round_no(self, service: Any) -> int:
        view = service.view(None)
        return int(view.round) if view.round else 0

    def new_service(self, table: GameTable, names: list[str | None], seat_names: list[str]) -> ReverseService:
        seats = reverse_seats(_specs(table, names), random.Random(table.seed), list(seat_names))
        return ReverseService(table.rules, seats, seed=table.seed)

    def restore(self, table: GameTable) -> tuple[ReverseService, Sequence[Any]]:
        events: list[ReverseEvent] = []
        try:
            doc = read_document(table.save_path, GAME_NAME)
            service = replayed(table.save_path, doc, None, [events.append], record=False)[0]
        except SaveError as exc:
            log.error("table %s cannot be resumed: %s", table.id, exc)
            raise TableError(_("Table {table} cannot be resumed: {problem}.").format(
                table=table.id, problem=exc)) from None
        service.remove_listener(events.append)
        self._actions[table.id] = list(doc["actions"])
        return service, events

    def saver(self, table: GameTable, service: Any, names: list[str | None], events: Sequence[Any]) -> Any:
        saver = TableSaver(table, service, _specs(table, names), self._actions.pop(table.id, []))
        saver.save()  # the deal (or the game as resumed): a table left at once can be resumed
        return saver

    def rename_seat(self, table: GameTable, seat: int, name: str) -> None:
        """The seat is ``name``'s in every view, the log, the transcript and the save (a free
        seat taken once the game is on played to the end as "Seat 3": its win was Seat 3's)."""
        service = table.service
        assert isinstance(service, ReverseService)
        self.rename_in_session(table, service, seat, name)
        saver = table.saver
        if isinstance(saver, TableSaver):
            saver.specs[seat] = f"{HUMAN_PREFIX}{service.seats[seat].name}"
            saver.save()
        table.transcript.write()  # its session_start names the seats

    def next_round(self, table: GameTable, service: Any) -> None:
        service.next_round()
        if table.saver is not None:
            table.saver.dealt()

    async def computer_turn(self, table: GameTable) -> None:
        """One decision of the computer whose turn it is (its own seat's, or the house
        computer's for a person's seat): thought about by the server's thinkers, applied here unless
        the game has moved past it."""
        service = table.service
        assert isinstance(service, ReverseService)
        seat = service.current
        player = service.seats[seat].player
        if player is not None:
            decision = service.begin_decision()
        else:
            decision_id = service.decision_id
            assert decision_id is not None
            house = table.house.get(seat)
            if house is None:
                house = table.house[seat] = make_player(HOUSE_LEVEL, random.Random(table.seed + seat))
            decision = ReverseDecision(decision_id, cast(ReversePlayer, house), service.view(seat))
        table.playing_turn = decision.id
        try:
            action, thought = await table.server.thinkers.run(think, decision)
        except BaseException:
            table.playing_turn = None
            raise
        keep_state(decision.player, thought)
        if service.decision_id != decision.id:
            table.playing_turn = None
            return  # the game has moved past it (an adjourned table's task is cancelled)
        with table.step():
            fallback = service.legal_actions()[-1]
            taken = action if service.apply_decision(decision, action) else fallback
            if table.saver is not None:
                table.saver.acted(taken)
            for fault in service.take_faults():
                log.warning("table %s: %s", table.id, fault)
            # A turn may take several decisions (a draw, the card drawn, the call): the house
            # computer finishes the one it began, and a person who is back takes the seat at the
            # next (the table reclaims it once this is cleared).
            if player is not None or service.phase != Phase.TURN or service.current != seat:
                table.playing_turn = None


def think(decision: ReverseDecision) -> tuple[Action, ReversePlayer]:
    """A computer's action for ``decision``, and its player as it is after choosing (in a worker
    process, a copy whose state the table's player takes: :func:`keep_state`)."""
    return decision.run(), decision.player


def _specs(table: GameTable, names: list[str | None]) -> list[str]:
    """The seats' specs of a save: a person's seat by its name, a computer's by its level."""
    return [f"human:{name}" if name else slot.spec for name, slot in zip(names, table.slots)]


GAME = ReverseTableGame()
"""Kings Reverse's ``net`` part."""
