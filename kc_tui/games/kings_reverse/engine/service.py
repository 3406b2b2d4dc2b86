"""The Kings Reverse service: the one door to a game, on the door every game shares
(:class:`kc_tui.core.door.ServiceDoor`: seats, listeners, faults, the session loop).

A front end builds a :class:`ReverseService` from a rule set, seats and a seed, calls
:meth:`~ReverseService.start`, reads :meth:`~ReverseService.view` for a seat, and for a person's
seat calls :meth:`~ReverseService.act` with an :class:`~.actions.Action` (a refused one raises
:class:`~.game.ReverseIllegal` whose message is the sentence to show).  Computer seats act one
step at a time: :meth:`~ReverseService.run_computer_turns` on this thread, or
:meth:`~ReverseService.begin_decision` (a frozen snapshot), :meth:`ReverseDecision.run` in a
worker and :meth:`~ReverseService.apply_decision` back here, which drops a decision the game has
moved past.  Every event goes to the listeners (:meth:`~ReverseService.add_listener` as the
referee sees it, :meth:`~ReverseService.follow` as one seat may).
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any, Callable, ClassVar, Protocol, Sequence

from ....core.cards import AnyCard, Suit
from ....core.door import ServiceDoor, TableSeat
from ....core.i18n import Domain
from ....core.kinds import Phase
from .actions import Action
from .basics import Step, card_of
from .events import ReverseEvent, seat_view
from .game import ReverseGame, ReverseIllegal
from .rules import ReverseRules
from .views import ReverseRoundSummary, ReverseView

_, ngettext, pgettext, L_, Ln_ = Domain.of(__package__).functions()

__all__ = ["ReversePlayer", "ReverseSeat", "ReverseService", "ReverseDecision", "DecisionId"]

Listener = Callable[[ReverseEvent], None]


class ReversePlayer(Protocol):
    """What the service needs of a computer seat (:class:`kc_tui.games.kings_reverse.ai.base.
    ReverseAI` gives it)."""

    level: ClassVar[str]
    rng: random.Random
    quick: bool
    """Whether :meth:`choose_quick` decides without a view (the simulator's fast path)."""

    def choose(self, view: ReverseView) -> Action:
        """One action for the seat that must act (``view.legal`` lists them)."""
        ...

    def choose_quick(self, legal: Sequence[Action], hand: Sequence[int], next_count: int,
                     players: int) -> Action:
        """The same choice from the legal actions, the hand as card ints (``Card.id``, 52 for
        the joker), the next player's card count and the table's size (only if :attr:`quick`)."""
        ...

    def cancel(self) -> None: ...

    def close(self) -> None: ...


class ReverseSeat(TableSeat[ReversePlayer]):
    """A seat: a person at this keyboard (``player`` None) or a computer player."""

    __slots__ = ()


@dataclass(frozen=True, slots=True)
class DecisionId:
    """Which decision a snapshot is for: the round, the referee's step count and the seat."""

    round: int
    step: int
    seat: int


@dataclass(frozen=True, slots=True)
class ReverseDecision:
    """One computer decision to think about; :meth:`run` is safe in a worker thread."""

    id: DecisionId
    player: ReversePlayer
    view: ReverseView

    def run(self) -> Action:
        return self.player.choose(self.view)


class ReverseService(ServiceDoor[ReverseEvent, ReverseSeat, ReverseGame]):
    """Runs a Kings Reverse session for a list of seats; ``seed`` makes it reproducible."""

    def __init__(self, rules: ReverseRules, seats: Sequence[ReverseSeat], seed: int | None = None,
                 listeners: Sequence[Listener] = ()) -> None:
        if len(seats) != rules.players:
            raise ValueError(f"{len(seats)} seats for a {rules.players}-player rule set")
        self.rules = rules
        self._open_door(seats, listeners)
        self.seed = random.SystemRandom().getrandbits(48) if seed is None else seed
        self.game = ReverseGame(rules, random.Random(self.seed), [s.info for s in self.seats],
                                self.seed)
        """The referee: engine-side only (tests, the tournament); front ends read views."""
        self.past_events: tuple[ReverseEvent, ...] = ()
        """A resumed session's round so far, as the referee told it (its save sets them);
        front ends read :meth:`past_events_seen_by`."""
        self.game.set_emit(self._dispatch if self._listeners else None)
        self._action_watchers: list[Callable[[Action | None], None]] = []
        for index, seat in enumerate(self.seats):
            # A player may ask for more than its views (ReverseAI's sees_all and follows_events):
            # the referee, for a benchmark's ceiling; each event as its seat may see it.
            player: Any = seat.player
            if getattr(player, "sees_all", False):
                player.see_all(self.game)
            if getattr(player, "follows_events", False):
                self.follow(player.observe, index)

    refusal = ReverseIllegal

    seat_view = staticmethod(seat_view)

    def past_events_seen_by(self, seat: int | None) -> tuple[ReverseEvent, ...]:
        """The round so far before this service took the session over (a resumed one), as
        ``seat`` may see it: a front end catches up on it."""
        return tuple(seat_view(event, seat) for event in self.past_events)

    def watch_actions(self, watcher: Callable[[Action | None], None]) -> None:
        """Call ``watcher`` with every action applied, a person's or a computer's (the one
        actually taken when a computer's was refused), and with None for each new deal: the
        referee is deterministic given its seed, so these are what a save keeps."""
        self._action_watchers.append(watcher)

    def _took(self, action: Action | None) -> None:
        for watcher in self._action_watchers:
            watcher(action)

    # ------------------------------------------------------------------ flow
    def next_round(self) -> None:
        """Deal the next round (only between rounds)."""
        super().next_round()
        self._took(None)

    @property
    def step(self) -> Step:
        return self.game.step

    @property
    def decision_id(self) -> DecisionId | None:
        """The decision the game waits for; None between rounds."""
        game = self.game
        if game.phase != Phase.TURN:
            return None
        return DecisionId(game.round_no, game.steps, game.current)

    def view(self, seat: int | None) -> ReverseView:
        """The game as ``seat`` may see it now (None: a spectator, shown no hand)."""
        game = self.game
        acting = game.phase == Phase.TURN and seat == game.current
        started = game.round_no > 0
        return ReverseView(
            seat, game.rules, game.players, game.phase, game.step, game.current, game.round_no,
            game.dealer, game.direction == 1,
            tuple(map(_CARDS.__getitem__, game.pile)),
            _suit(game.follow) if started else None,
            len(game.stock), game.hand(seat) if seat is not None else (),
            tuple(len(h) for h in game.hands),
            tuple(("called" if game.called[s] else "not called") if len(h) == 1 else ""
                  for s, h in enumerate(game.hands)),
            tuple(game.totals), tuple(game.legal_actions()) if acting else (),
            _card(game.drawn) if acting and game.drawn is not None else None,
            game.give_queue[0] if acting and game.step is Step.GIVE and game.give_queue else None,
            tuple(game.pending_skip), tuple(game.history),
        )

    def legal_actions(self) -> tuple[Action, ...]:
        """The current seat's legal actions."""
        return tuple(self.game.legal_actions())

    def act(self, action: Action) -> None:
        """A person's action; raises :class:`ReverseIllegal` with the sentence to show."""
        game = self.game
        if game.phase == Phase.TURN and self.seats[game.current].player is not None:
            raise ReverseIllegal(_("It is {name}'s turn.").format(name=self.seats[game.current].name))
        game.apply(action)
        self._took(action)

    def round_summary(self) -> ReverseRoundSummary:
        """The round just finished, every hand face up (only between rounds)."""
        game = self.game
        if game.phase == Phase.TURN or not game.history:
            raise ReverseIllegal(_("The round is still being played."))
        return ReverseRoundSummary(game.history[-1], tuple(game.hand(s) for s in range(game.n)),
                                   game.phase == Phase.SESSION_OVER, game.session_winners)

    # ------------------------------------------------------------------ computer seats
    def begin_decision(self) -> ReverseDecision:
        """Snapshot the current computer seat's decision for :meth:`ReverseDecision.run`."""
        game = self.game
        decision = self.decision_id
        if decision is None:
            raise ReverseIllegal(game.why_not_playing())
        player = self.seats[game.current].player
        if player is None:
            raise ReverseIllegal(_("It is {name}'s turn, at this keyboard.").format(
                name=self.seats[game.current].name))
        return ReverseDecision(decision, player, self.view(game.current))

    def cancel_decision(self, decision: ReverseDecision) -> None:
        """Ask the player thinking about ``decision`` to answer now."""
        decision.player.cancel()

    def apply_decision(self, decision: ReverseDecision, action: Action) -> bool:
        """Apply ``action`` chosen for ``decision``; False if the game has moved on (nothing
        happens) or the action was refused (a fault is recorded and a legal action is taken
        for the seat, so the game goes on)."""
        if self.decision_id != decision.id:
            return False
        return self._computer_acts(action)

    def _computer_acts(self, action: Action) -> bool:
        game = self.game
        try:
            game.apply(action)
            self._took(action)
            return True
        except ReverseIllegal as exc:
            self.faults.append(_("{name} tried {action}: {problem}").format(
                name=self.seats[game.current].name, action=str(action)[:40], problem=exc))
            instead = game.legal_actions()[-1]  # draw, pass, end or accept: always there
            game.apply(instead)
            self._took(instead)
            return False

    def run_computer_turns(self, limit: int | None = None) -> int:
        """Let computer seats act until a person must, the round ends, or ``limit`` decisions
        are made; the number made."""
        game, seats = self.game, self.seats
        done = 0
        while game.phase == Phase.TURN and (limit is None or done < limit):
            player = seats[game.current].player
            if player is None:
                break
            seat = game.current
            started = time.perf_counter()
            try:
                if player.quick:
                    # Players that look at nothing else are spared building the whole view.
                    action = player.choose_quick(
                        game.legal_actions(), game.hands[seat],
                        len(game.hands[(seat + game.direction) % game.n]), game.n)
                else:
                    action = player.choose(self.view(seat))
            except Exception as exc:  # noqa: BLE001 - a broken player must not stop the table
                self.faults.append(_("{name} failed: {problem}").format(name=seats[seat].name, problem=exc))
                action = game.legal_actions()[-1]
            if self.on_decision is not None:
                self.on_decision(seat, time.perf_counter() - started)
            self._computer_acts(action)
            done += 1
        return done



def _card(c: int) -> AnyCard:
    return _CARDS[c]


_CARDS: tuple[AnyCard, ...] = tuple(card_of(c) for c in range(53))


def _suit(s: int) -> Suit:
    return _SUITS[s]


_SUITS = tuple(Suit)
