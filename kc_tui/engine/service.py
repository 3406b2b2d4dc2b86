"""The engine service: the one object every front end drives (table, line mode, simulator, tests).

It owns a :class:`~kc_tui.engine.game.Game`, knows which seats are people and which are computer
players, asks computer seats for their turns, and hands every event to its listeners.  Front ends
hold no rules and no game state: they call :meth:`GameService.play`, :meth:`GameService.undo`,
:meth:`GameService.end_turn` for a person's seat and read :meth:`GameService.observation`.

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
from contextlib import ExitStack
from dataclasses import dataclass, replace
from datetime import date
from typing import Callable, ClassVar, Protocol, Sequence

from .cards import PILES, Card, Pile
from .events import Event, PlayerInfo, seat_view
from .game import Game
from .kinds import Phase, SeatKind
from .moves import MOVE_BASE, MOVE_CODES, IllegalMove, Move, move_of_code
from .observation import Observation
from .rules import RuleSet
from .text import visible
from .views import RoundRecord, RoundSummary, SeatView, SessionSummary, Targets, TurnId

__all__ = ["Seat", "SeatPlayer", "GameService", "AppliedPlan", "Decision", "new_seed", "daily_seed"]

Listener = Callable[[Event], None]


class SeatPlayer(Protocol):
    """What the service needs of a computer seat; :class:`kc_tui.ai.base.Player` gives every
    part but :meth:`plan_turn` a default."""

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


@dataclass(frozen=True, slots=True)
class Seat:
    """A seat at the table: a person at this keyboard (``player`` None) or a computer player."""

    name: str
    kind: SeatKind = SeatKind.HUMAN
    level: str | None = None
    player: SeatPlayer | None = None

    def __post_init__(self) -> None:
        # A name typed at the command line or kept in a save is shown by every front end.
        object.__setattr__(self, "name", visible(self.name))
        object.__setattr__(self, "kind", SeatKind(self.kind))

    @property
    def info(self) -> PlayerInfo:
        return PlayerInfo(self.name, self.kind, self.level)


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


def _listener_name(listener: Listener) -> str:
    return getattr(listener, "name", None) or type(listener).__name__


class _SeatViewer:
    """A listener passing each event on as one seat (or a spectator, None) may see it."""

    def __init__(self, seat: int | None, observe: Listener) -> None:
        self.seat = seat
        self.observe = observe

    def __call__(self, event: Event) -> None:
        self.observe(seat_view(event, self.seat))


def daily_seed(day: date) -> int:
    """The seed of ``day``'s deal: the same for everyone on that date (``--daily``)."""
    digest = hashlib.sha256(f"kings-corner daily {day.isoformat()}".encode()).digest()
    return int.from_bytes(digest[:6], "big")


def new_seed() -> int:
    """A fresh random seed, recorded in the transcript so the game can be replayed."""
    return random.SystemRandom().getrandbits(48)


class GameService:
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
        self.seats = tuple(seats)
        self.seed = new_seed() if seed is None else seed
        self._listeners: list[Listener] = list(listeners)
        self.on_decision: Callable[[int, float], None] | None = None
        """Called with (seat, seconds) after each computer decision (for measurements)."""
        self.faults: list[str] = []
        """One line per fault of a computer or bot seat (illegal move, crash, time-out)."""
        if game is None:
            game = Game(rules, random.Random(self.seed), [s.info for s in self.seats], self.seed)
        elif game.rules != rules or game.n != len(self.seats):
            raise ValueError("the restored game's rules or players do not match the seats")
        self.game = game
        """The referee.  Engine-side only (tests, the tournament, the oracle): front ends read
        the values below, which the import-linter contracts keep them to."""
        game.set_emit(self._dispatch if self._listeners else None)
        self.past_events: tuple[Event, ...] = tuple(history)
        """The events before this service took the game over (a restored save), as the
        referee saw them; front ends read :meth:`past_events_seen_by`."""
        people = [i for i, s in enumerate(self.seats) if s.player is None]
        self.keyboard_seat: int | None = people[0] if len(people) == 1 else None
        """Who watches the screen: the one person at this keyboard; None (a spectator, who sees
        no hand and no drawn card) in hot-seat, where people take turns at one screen, or when
        only computers play."""
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

    # ------------------------------------------------------------------ listeners
    def add_listener(self, listener: Listener) -> None:
        """Send ``listener`` every event as the referee sees it (every card): for the
        transcript, saves and statistics, which keep the whole game."""
        self._listeners.append(listener)
        self.game.set_emit(self._dispatch)

    def follow(self, listener: Listener, seat: int | None) -> None:
        """Send ``listener`` each event from now on as ``seat`` may see it (None: a
        spectator); :meth:`past_events_seen_by` gives the ones before."""
        self.add_listener(_SeatViewer(seat, listener))

    def past_events_seen_by(self, seat: int | None) -> tuple[Event, ...]:
        """The events before this service took the game over, as ``seat`` may see them (a
        resumed game's narrator catches up on them)."""
        return tuple(seat_view(event, seat) for event in self.past_events)

    def remove_listener(self, listener: Listener) -> None:
        """Stop sending events to ``listener``, added or followed (nothing happens if it was
        already removed)."""
        for added in self._listeners:
            if added == listener or (isinstance(added, _SeatViewer) and added.observe == listener):
                self._listeners.remove(added)
                break
        if not self._listeners:
            self.game.set_emit(None)

    def _dispatch(self, event: Event) -> None:
        # Events arrive in the middle of a game step: a listener that fails (a full disk under
        # the transcript, a broken display) must not leave the step half done.  It is reported
        # once and dropped; the game goes on.
        for listener in list(self._listeners):
            try:
                listener(event)
            except Exception as exc:  # noqa: BLE001 - any listener failure is contained here
                self.faults.append(f"{_listener_name(listener)} failed and was stopped: {exc}")
                self.remove_listener(listener)

    # ------------------------------------------------------------------ flow
    def start(self) -> None:
        """Start the session: ``session_start`` and the first deal."""
        self.game.start()

    @property
    def phase(self) -> Phase:
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
    def session_winners(self) -> tuple[int, ...]:
        """The seats that won the session (empty until it is over)."""
        return self.game.session_winners

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
            raise IllegalMove("The round is still being played.")
        return RoundSummary(
            game.rules, game.seed, self.history, tuple(game.hand(s) for s in range(game.n)),
            game.phase == Phase.SESSION_OVER,
        )

    def session_summary(self) -> SessionSummary:
        """The finished session: its winners and every round's record."""
        game = self.game
        if game.phase != Phase.SESSION_OVER:
            raise IllegalMove("The session is not over.")
        return SessionSummary(game.rules, game.session_winners, self.history)

    def _person_acts(self) -> None:
        game = self.game
        if game.phase == Phase.TURN and self.seats[game.current].player is not None:
            raise IllegalMove(f"It is {self.seats[game.current].name}'s turn.")

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

    def next_round(self) -> None:
        self.game.next_round()

    # ------------------------------------------------------------------ computer seats
    def begin_decision(self) -> Decision:
        """Snapshot the current computer seat's turn for :meth:`Decision.run` (any thread)."""
        game = self.game
        seat = self.seats[game.current]
        if game.phase != Phase.TURN:
            raise IllegalMove(game.why_not_playing())
        if seat.player is None:
            raise IllegalMove(f"It is {seat.name}'s turn, at this keyboard.")
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
                fault = f"{self.seats[game.current].name} tried {str(shown)[:40]}: {exc}"
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

    def take_faults(self) -> list[str]:
        """The faults reported since the last call (each one line), oldest first.  A fault may
        quote a bot's output or command, so it is made visible here, once for every front end."""
        faults, self.faults = self.faults, []
        return [visible(fault) for fault in faults]

    def _collect_fault(self, player: SeatPlayer) -> None:
        fault = player.pop_fault()
        if fault:
            self.faults.append(fault)

    def rename_seat(self, seat: int, name: str) -> None:
        """Name ``seat`` ``name`` from now on (a person took over a seat dealt without them, at a
        networked table): the seats, every view and every summary say it.  The transcript
        names the players once, in ``session_start``: a caller that keeps the session writes
        that event again with the players of :meth:`view` (no event says a name changed)."""
        seats = list(self.seats)
        seats[seat] = replace(seats[seat], name=name)
        self.seats = tuple(seats)
        players = list(self.game.players)
        players[seat] = replace(players[seat], name=name)
        self.game.players = tuple(players)

    def close(self) -> None:
        """Release what the seats hold (bot processes): every seat's, even when closing one is
        interrupted (a signal stopping the program), before the interruption goes on."""
        with ExitStack() as closing:
            for seat in self.seats:
                if seat.player is not None:
                    closing.callback(seat.player.close)

    def play_session(
        self, max_rounds: int | None = None, on_round_end: Callable[[Game], None] | None = None,
    ) -> int:
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
