"""The engine service: the one object every front end drives (table, line mode, simulator, tests).

It owns a :class:`~kc_tui.engine.game.Game`, knows which seats are people and which are computer
players, asks computer seats for their turns, and hands every event to its listeners.  Front ends
hold no rules and no game state: they call :meth:`GameService.play`, :meth:`GameService.undo`,
:meth:`GameService.end_turn` for a person's seat and read :meth:`GameService.observation`.

Computer decisions can be taken off the caller's thread: :meth:`GameService.decide` only reads an
immutable observation, and :meth:`GameService.apply_plan` applies the result afterwards.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Callable, Protocol, Sequence

from .events import Event, PlayerInfo, seat_view
from .game import Game, Phase
from .moves import IllegalMove, Move, move_of_code
from .observation import Observation
from .rules import RuleSet

__all__ = ["Seat", "SeatPlayer", "GameService", "AppliedPlan", "new_seed"]

Listener = Callable[[Event], None]


class SeatPlayer(Protocol):
    """What the service needs of a computer seat (see :class:`kc_tui.ai.base.Player`)."""

    level: str

    def plan_turn(self, obs: Observation) -> Sequence[Move | int]: ...


@dataclass(frozen=True, slots=True)
class Seat:
    """A seat at the table: a person at this keyboard (``player`` None) or a computer player."""

    name: str
    kind: str = "human"  # "human" | "ai" | "bot"
    level: str | None = None
    player: SeatPlayer | None = None

    @property
    def info(self) -> PlayerInfo:
        return PlayerInfo(self.name, self.kind, self.level)


@dataclass(frozen=True, slots=True)
class AppliedPlan:
    """How a computer turn went: how many of its moves were applied, and why it stopped early."""

    applied: int
    fault: str | None = None


class _SeatViewer:
    """A listener passing each event on as one seat may see it."""

    def __init__(self, seat: int, observe: Listener) -> None:
        self.seat = seat
        self.observe = observe

    def __call__(self, event: Event) -> None:
        self.observe(seat_view(event, self.seat))


def new_seed() -> int:
    """A fresh random seed, recorded in the transcript so the game can be replayed."""
    return random.SystemRandom().getrandbits(48)


class GameService:
    """Runs a session for a list of seats.

    ``seed`` makes everything reproducible: the deal comes from one RNG seeded with it, and
    each computer seat gets its own RNG derived from it, so the same seed, seats and rules give
    the same transcript.  Without a seed one is chosen and kept in :attr:`seed`.
    """

    def __init__(
        self,
        rules: RuleSet,
        seats: Sequence[Seat],
        seed: int | None = None,
        listeners: Sequence[Listener] = (),
    ) -> None:
        if len(seats) != rules.players:
            raise ValueError(f"{len(seats)} seats for a {rules.players}-player rule set")
        self.rules = rules
        self.seats = tuple(seats)
        self.seed = new_seed() if seed is None else seed
        self._listeners: list[Listener] = list(listeners)
        self.on_decision: Callable[[int, float], None] | None = None
        """Called with (seat, seconds) after each computer decision (for measurements)."""
        self.faults: list[str] = []
        """One line per fault of a computer or bot seat (illegal move, crash, time-out)."""
        self.game = Game(
            rules, random.Random(self.seed), [s.info for s in self.seats], self.seed,
            emit=self._dispatch if self._listeners else None,
        )
        for index, seat in enumerate(self.seats):
            if getattr(seat.player, "sees_all", False):
                seat.player.referee = self.game  # type: ignore[union-attr]  # benchmark ceiling
            observe = getattr(seat.player, "observe", None)
            if observe is not None:
                # A seat that follows the game (a bot, the expert) sees each event as its
                # seat may: no other hand, no other player's drawn card.
                self.add_listener(_SeatViewer(index, observe))

    # ------------------------------------------------------------------ listeners
    def add_listener(self, listener: Listener) -> None:
        self._listeners.append(listener)
        self.game._emit = self._dispatch

    def remove_listener(self, listener: Listener) -> None:
        self._listeners.remove(listener)
        if not self._listeners:
            self.game._emit = None

    def _dispatch(self, event: Event) -> None:
        for listener in self._listeners:
            listener(event)

    # ------------------------------------------------------------------ flow
    def start(self) -> None:
        """Start the session: ``session_start`` and the first deal."""
        self.game.start()

    @property
    def phase(self) -> str:
        return self.game.phase

    @property
    def current(self) -> int:
        return self.game.current

    @property
    def current_seat(self) -> Seat:
        return self.seats[self.game.current]

    def waiting_for_human(self) -> bool:
        """True when a person's seat must act now."""
        return self.game.phase == Phase.TURN and self.seats[self.game.current].player is None

    def observation(self, seat: int | None = None) -> Observation:
        """What ``seat`` (default: the player whose turn it is) may see."""
        return self.game.observation(self.game.current if seat is None else seat)

    def legal_moves(self) -> tuple[Move, ...]:
        return self.game.legal_moves()

    def play(self, move: Move | int) -> None:
        """A move for the current seat; raises :class:`IllegalMove` with the sentence to show."""
        self.game.play(move)

    def undo(self) -> None:
        self.game.undo()

    def end_turn(self) -> None:
        self.game.end_turn()

    def next_round(self) -> None:
        self.game.next_round()

    # ------------------------------------------------------------------ computer seats
    def decide(self) -> list[Move | int]:
        """Ask the current computer seat for its turn.  Reads only an immutable observation,
        so it may run in a worker thread; nothing changes until :meth:`apply_plan`."""
        seat = self.seats[self.game.current]
        if seat.player is None:
            raise IllegalMove(f"It is {seat.name}'s turn, at this keyboard.")
        plan = list(seat.player.plan_turn(self.game.observation(self.game.current)))
        self._collect_fault(seat.player)
        return plan

    def cancel_decision(self) -> None:
        """Ask the current computer seat to stop thinking; a :meth:`decide` running in a worker
        then returns its best plan so far (players that think for long support this)."""
        cancel = getattr(self.seats[self.game.current].player, "cancel", None)
        if cancel is not None:
            cancel()

    def apply_plan(self, plan: Sequence[Move | int], end: bool = True) -> AppliedPlan:
        """Apply a computer seat's moves in order, then end its turn.

        An illegal move stops the plan there; the turn still ends (a King owed under mandatory
        Kings is played for it) and the fault is returned, never raised.
        """
        game = self.game
        fault = None
        applied = 0
        for move in plan:
            if game.phase != Phase.TURN:
                break
            try:
                game.play(move)
            except IllegalMove as exc:
                shown = move_of_code(move) if isinstance(move, int) else move
                fault = f"{self.seats[game.current].name} tried {shown}: {exc}"
                break
            applied += 1
        if end and game.phase == Phase.TURN:
            game.end_turn(force_kings=True)
        return AppliedPlan(applied, fault)

    def run_computer_turns(self, limit: int | None = None) -> int:
        """Play computer turns until a person must act, the round ends, or ``limit`` turns."""
        game, seats = self.game, self.seats
        done = 0
        while game.phase == Phase.TURN and (limit is None or done < limit):
            seat = game.current
            player = seats[seat].player
            if player is None:
                break
            if self.on_decision is None:
                plan = player.plan_turn(game.observation(seat))
            else:
                started = time.perf_counter()
                plan = player.plan_turn(game.observation(seat))
                self.on_decision(seat, time.perf_counter() - started)
            self._collect_fault(player)
            result = self.apply_plan(plan)
            if result.fault:
                self.faults.append(result.fault)
            done += 1
        return done

    def _collect_fault(self, player: SeatPlayer) -> None:
        pop = getattr(player, "pop_fault", None)
        if pop is not None:
            fault = pop()
            if fault:
                self.faults.append(fault)

    def close(self) -> None:
        """Release what the seats hold (bot processes)."""
        for seat in self.seats:
            close = getattr(seat.player, "close", None)
            if close is not None:
                close()

    def play_session(self, max_rounds: int | None = None, on_round_end: Callable[[Game], None] | None = None) -> int:
        """Play a whole all-computer session (or ``max_rounds`` rounds of it); returns rounds played."""
        game = self.game
        if not game.round_no:
            self.start()
        rounds = 0
        while True:
            self.run_computer_turns()
            if game.phase == Phase.TURN:
                raise IllegalMove("A person's seat is waiting; play_session needs computer seats only.")
            rounds += 1
            if on_round_end:
                on_round_end(game)
            if game.phase == Phase.SESSION_OVER or (max_rounds is not None and rounds >= max_rounds):
                return rounds
            game.next_round()
