"""The engine service: the one object every front end drives (table, line mode, simulator, tests).

It owns a :class:`~kc_tui.games.kings_corner.engine.game.Game`, knows which seats are people and
which are computer
players, asks computer seats for their turns, and hands every event to its listeners.  Front ends
hold no rules and no game state: they call :meth:`GameService.play`, :meth:`GameService.undo`,
:meth:`GameService.end_turn` for a person's seat and read :meth:`GameService.observation`.

What every game's door shares (seats, listeners, faults, the session loop) is
:class:`kc_tui.core.door.ServiceDoor`; this module adds Kings in the Corner's own.

A computer decision can be taken off the caller's thread.  On the caller's thread,
:meth:`GameService.begin_decision` takes a :class:`Decision`: a frozen snapshot of what the seat
may see and which turn it is for.  A worker runs :meth:`Decision.run`, which touches nothing
but that snapshot and the seat's player.  Back on the caller's thread,
:meth:`GameService.apply_decision` applies the plan, or drops it if the game has moved on.  A
player object thinks about one decision at a time.
"""

from __future__ import annotations

import hashlib
import random
import time
from dataclasses import dataclass
from datetime import date
from typing import Callable, ClassVar, Protocol, Sequence

from ....core.cards import Card
from ....core.door import ServiceDoor, TableSeat
from ....core.errors import IllegalMove
from ....core.i18n import Domain
from ....core.kinds import Phase
from .board import PILES, Pile
from .events import Event, seat_view
from .game import Game
from .moves import MOVE_BASE, MOVE_CODES, Move, move_of_code
from .observation import Observation
from .rules import RuleSet
from .views import RoundRecord, RoundSummary, SeatView, SessionSummary, Targets, TurnId

_, ngettext, pgettext, L_, Ln_ = Domain.of(__package__).functions()

__all__ = ["Seat", "SeatPlayer", "GameService", "AppliedPlan", "Decision", "new_seed", "daily_seed",
           "seed_for_first_player"]

Listener = Callable[[Event], None]


class SeatPlayer(Protocol):
    """What the service needs of a computer seat; :class:`kc_tui.games.kings_corner.ai.base.Player`
    gives every part but :meth:`plan_turn` a default."""

    level: ClassVar[str]
    rng: random.Random
    """The player's own random source (a save keeps its state)."""
    follows_events: bool
    """Whether :meth:`observe` wants the game's events, as this seat may see them."""
    sees_all: bool
    """Whether :meth:`see_all` is handed the referee (a benchmark's ceiling, never a game's)."""
    plans_from_board: bool
    """Whether :meth:`plan_from_board` plans a turn without an observation (faster)."""

    def plan_turn(self, obs: Observation) -> Sequence[Move | int]: ...

    def plan_from_board(self, piles: Sequence[Sequence[int]], hand: int) -> Sequence[Move | int]: ...

    def observe(self, event: Event) -> None: ...

    def see_all(self, referee: Game) -> None: ...

    def cancel(self) -> None: ...

    def pop_fault(self) -> str | None: ...

    def close(self) -> None: ...


class Seat(TableSeat[SeatPlayer]):
    """A seat at the table: a person at this keyboard (``player`` None) or a computer player."""

    __slots__ = ()


@dataclass(frozen=True, slots=True)
class AppliedPlan:
    """How a computer turn went: how many of its moves were applied, why it stopped early, and
    whether the plan came too late (the game had moved on, nothing was applied)."""

    applied: int
    fault: str | None = None
    stale: bool = False


@dataclass(frozen=True, slots=True)
class Decision:
    """One computer turn to think about: the seat, which turn it is, the player, and the frozen
    observation it decides on.  :meth:`run` is safe in a worker thread."""

    seat: int
    round: int
    turn: int
    player: SeatPlayer
    obs: Observation

    @property
    def turn_id(self) -> TurnId:
        return TurnId(self.round, self.turn, self.seat)

    def run(self) -> list[Move | int]:
        """The player's plan for this turn."""
        return list(self.player.plan_turn(self.obs))


def daily_seed(day: date) -> int:
    """The seed of ``day``'s deal: the same for everyone on that date (``--daily``)."""
    digest = hashlib.sha256(f"kings-corner daily {day.isoformat()}".encode()).digest()
    return int.from_bytes(digest[:6], "big")


def new_seed() -> int:
    """A fresh random seed, recorded in the transcript so the game can be replayed."""
    return random.SystemRandom().getrandbits(48)


def seed_for_first_player(seat: int, players: int) -> int:
    """A fresh seed whose round 1 ``seat`` plays first: the first dealer it draws (R2) is the
    seat before.  The seed deals the same session again (``--seed``): nothing is forced."""
    while True:
        seed = new_seed()
        if Game.first_dealer(random.Random(seed), players) == (seat - 1) % players:
            return seed


class GameService(ServiceDoor[Event, Seat, Game]):
    """Runs a session for a list of seats.

    ``seed`` makes the deals reproducible: they come from one RNG seeded with it.  Computer
    players bring their own RNGs, which callers derive from the same seed (the command line
    does), so the same seed, seats and rules give the same transcript.  Without a seed one is
    chosen and kept in :attr:`seed`.
    """

    def __init__(
        self,
        rules: RuleSet,
        seats: Sequence[Seat],
        seed: int | None = None,
        listeners: Sequence[Listener] = (),
        game: Game | None = None,
        history: Sequence[Event] = (),
    ) -> None:
        """``game`` continues a session restored elsewhere (a saved game): its ``history``, the
        events so far, is shown to the seats that follow the game, as they would have seen it."""
        if len(seats) != rules.players:
            raise ValueError(f"{len(seats)} seats for a {rules.players}-player rule set")
        self.rules = rules
        self._open_door(seats, listeners)
        self.seed = new_seed() if seed is None else seed
        if game is None:
            game = Game(rules, random.Random(self.seed), [s.info for s in self.seats], self.seed)
        elif game.rules != rules or game.n != len(self.seats):
            raise ValueError("the restored game's rules or players do not match the seats")
        self.game = game
        game.set_emit(self._dispatch if self._listeners else None)
        self.past_events: tuple[Event, ...] = tuple(history)
        """The events before this service took the game over (a restored save), as the
        referee saw them; front ends read :meth:`past_events_seen_by`."""
        for index, seat in enumerate(self.seats):
            player = seat.player
            if player is None:
                continue
            if player.sees_all:
                player.see_all(self.game)  # a benchmark's ceiling: the cards face up
            if player.follows_events:
                # A seat that follows the game (a bot, the expert) sees each event as its
                # seat may: no other hand, no other player's drawn card.
                for event in self.past_events_seen_by(index):
                    player.observe(event)
                self.follow(player.observe, index)

    refusal = IllegalMove
    seat_view = staticmethod(seat_view)

    # ------------------------------------------------------------------ listeners
    def past_events_seen_by(self, seat: int | None) -> tuple[Event, ...]:
        """The events before this service took the game over, as ``seat`` may see them (a
        resumed game's narrator catches up on them)."""
        return tuple(seat_view(event, seat) for event in self.past_events)

    # ------------------------------------------------------------------ flow
    def observation(self, seat: int | None = None) -> Observation:
        """What ``seat`` (default: the player whose turn it is) may see."""
        return self.game.observation(self.game.current if seat is None else seat)

    def legal_moves(self) -> tuple[Move, ...]:
        """The current player's legal moves (none outside a turn)."""
        return self.game.legal_moves()

    def targets(self, held: Card | Pile) -> Targets:
        """Where the current player may put ``held`` (a card of the hand, or a pile to move)
        now, from the legal-move generator; none outside a person's turn."""
        if not self.waiting_for_human():
            return Targets(held, ())
        if isinstance(held, Card):
            want, base = held.id, 0
        else:
            want, base = held.value, MOVE_BASE
        found = {code & 7 for code in self.game.legal_codes()
                 if (code >= MOVE_BASE) == bool(base) and (code - base) >> 3 == want}
        return Targets(held, tuple(PILES[p] for p in sorted(found)))

    @property
    def turn_id(self) -> TurnId | None:
        """The turn being played; None between rounds."""
        game = self.game
        if game.phase != Phase.TURN:
            return None
        return TurnId(game.round_no, game.turns, game.current)

    @property
    def history(self) -> tuple[RoundRecord, ...]:
        """Every finished round of the session, oldest first."""
        return tuple(self.game.history)

    @property
    def deal_rng(self) -> random.Random:
        """The generator the deals come from, for a save to keep and restore its state."""
        return self.game.rng

    def view(self, seat: int | None) -> SeatView:
        """The game as ``seat`` may see it now (None: a spectator, shown no hand)."""
        game = self.game
        return SeatView(
            seat, game.phase, game.current, game.round_no, self.turn_id, game.players,
            tuple(game.totals), self.history,
            game.observation(seat) if seat is not None and game.round_no else None,
        )

    def round_summary(self) -> RoundSummary:
        """The round just finished, every hand face up (only between rounds)."""
        game = self.game
        if game.phase == Phase.TURN or not game.history:
            raise IllegalMove(_("The round is still being played."))
        return RoundSummary(
            game.rules, game.seed, self.history, tuple(game.hand(s) for s in range(game.n)),
            game.phase == Phase.SESSION_OVER,
        )

    def session_summary(self) -> SessionSummary:
        """The finished session: its winners and every round's record."""
        game = self.game
        if game.phase != Phase.SESSION_OVER:
            raise IllegalMove(_("The session is not over."))
        return SessionSummary(game.rules, game.session_winners, self.history)

    def _person_acts(self) -> None:
        game = self.game
        if game.phase == Phase.TURN and self.seats[game.current].player is not None:
            raise IllegalMove(_("It is {name}'s turn.").format(name=self.seats[game.current].name))

    def play(self, move: Move | int) -> None:
        """A person's move; raises :class:`IllegalMove` with the sentence to show."""
        self._person_acts()
        self.game.play(move)

    def undo(self) -> None:
        """Take back the person's last move of this turn."""
        self._person_acts()
        self.game.undo()

    def end_turn(self) -> None:
        """End the person's turn (refused while a mandatory King is owed)."""
        self._person_acts()
        self.game.end_turn()

    # ------------------------------------------------------------------ computer seats
    def begin_decision(self) -> Decision:
        """Snapshot the current computer seat's turn for :meth:`Decision.run` (any thread)."""
        game = self.game
        seat = self.seats[game.current]
        if game.phase != Phase.TURN:
            raise IllegalMove(game.why_not_playing())
        if seat.player is None:
            raise IllegalMove(_("It is {name}'s turn, at this keyboard.").format(name=seat.name))
        return Decision(game.current, game.round_no, game.turns, seat.player,
                        game.observation(game.current))

    def cancel_decision(self, decision: Decision) -> None:
        """Ask the player thinking about ``decision`` to stop; its :meth:`Decision.run` then
        returns the best plan found so far (players that think for long support this)."""
        decision.player.cancel()

    def is_current(self, decision: Decision) -> bool:
        """Is the game still at the turn ``decision`` was taken for?"""
        return self.turn_id == decision.turn_id

    def apply_decision(self, decision: Decision, plan: Sequence[Move | int]) -> AppliedPlan:
        """Apply a plan made for ``decision`` and end that turn, unless the game has moved on
        since (then nothing happens and the result says so)."""
        if not self.is_current(decision):
            return AppliedPlan(0, None, stale=True)
        result = self.apply_plan(plan)
        self._collect_fault(decision.player)
        return result

    def apply_decision_move(self, decision: Decision, move: Move | int) -> bool:
        """Apply one move of ``decision``'s plan (to show a computer turn move by move).
        False when the turn is no longer that decision's or the move is refused (recorded as
        a fault); the caller then calls :meth:`end_decision`."""
        if not self.is_current(decision):
            return False
        applied = self.apply_plan([move], end=False)
        return applied.fault is None and self.is_current(decision)

    def end_decision(self, decision: Decision) -> None:
        """End the turn ``decision`` was for, if it is still being played."""
        if self.is_current(decision):
            self.game.end_turn(force_kings=True)
        self._collect_fault(decision.player)

    def apply_plan(self, plan: Sequence[Move | int], end: bool = True) -> AppliedPlan:
        """Apply the current computer seat's moves in order, then end its turn.

        An illegal move stops the plan there; the turn still ends (a King owed under mandatory
        Kings is played for it) and the fault is recorded and returned, never raised.
        """
        applied, fault = self._apply_plan(plan, end)
        return AppliedPlan(applied, fault)

    def _apply_plan(self, plan: Sequence[Move | int], end: bool) -> tuple[int, str | None]:
        game = self.game
        if plan.__class__ is not list:
            plan = list(plan)
        applied = game.play_plan(plan)
        fault = None
        if applied < len(plan) and game.phase == Phase.TURN:
            move = plan[applied]
            try:
                game.play(move)  # refused by play_plan: raises with the reason
            except IllegalMove as exc:
                shown = move_of_code(move) if isinstance(move, int) and 0 <= move < MOVE_CODES else move
                fault = _("{name} tried {move}: {why}").format(
                    name=self.seats[game.current].name, move=str(shown)[:40], why=exc)
                self.faults.append(fault)
        if end and game.phase == Phase.TURN:
            game.end_turn(force_kings=True)
        return applied, fault

    def run_computer_turns(self, limit: int | None = None) -> int:
        """Play computer turns on this thread until a person must act, the round ends, or
        ``limit`` turns are played."""
        game, seats = self.game, self.seats
        done = 0
        while game.phase == Phase.TURN and (limit is None or done < limit):
            if seats[game.current].player is None:
                break
            # begin_decision, Decision.run and apply_decision in one, on this thread: the turn
            # cannot move on while its player thinks, so no snapshot of it is needed.
            seat = game.current
            player = seats[seat].player
            assert player is not None  # checked above: the loop stops at a person's seat
            started = time.perf_counter() if self.on_decision is not None else 0.0
            if player.plans_from_board:
                # The greedy player looks at nothing else: no observation is built for it.
                plan = player.plan_from_board(game.piles, game.hands[seat])
            else:
                plan = player.plan_turn(game.observation(seat))
            if self.on_decision is not None:
                self.on_decision(seat, time.perf_counter() - started)
            self._apply_plan(plan, True)
            self._collect_fault(player)
            done += 1
        return done

    def _collect_fault(self, player: SeatPlayer) -> None:
        fault = player.pop_fault()
        if fault:
            self.faults.append(fault)
