"""The Kings Reverse computer players, one per level, weakest first.

- ``beginner``: a random legal action, and it never calls "one card" (KR5) nor challenges.
- ``easy``: a random legal action; it does call "one card".
- ``medium``: the greedy choice of :mod:`.policy`: sheds costly cards, keeps wilds, hits a
  next player close to out with a 7, 8 or King.
- ``hard``: card counting and lookahead: it knows which cards are unseen (the deck less its
  hand and the pile), deals them into the other hands and the stock 24 times, plays the greedy
  choice's two favourite actions (or challenge and accept, KR6) out to the end of the round with
  the greedy policy for every seat, and keeps the one that wins most.
- ``expert``: the same determinization (perfect-information Monte Carlo over the hidden hands)
  with three candidate actions and as many worlds as its time budget allows (1 s per decision by
  default; :meth:`ExpertAI.cancel` answers at once with the best so far).
"""

from __future__ import annotations

import math
import random
import statistics
import threading
import time
from typing import ClassVar, Sequence

from ....engine.cards import Joker
from ....engine.kinds import Phase
from ..engine.actions import Action, ActionKind
from ..engine.game import JK, ReverseGame, Step, new_deck
from ..engine.views import ReverseView
from .base import ReverseAI
from .policy import greedy, ranked

__all__ = ["BeginnerAI", "EasyAI", "MediumAI", "HardAI", "ExpertAI", "ints", "unseen_cards",
           "next_seat"]


def ints(cards: tuple[object, ...]) -> list[int]:
    """A view's cards as the referee's ints."""
    return [JK if isinstance(c, Joker) else c.id for c in cards]  # type: ignore[attr-defined]


def next_seat(view: ReverseView, seat: int) -> int:
    return (seat + (1 if view.clockwise else -1)) % len(view.hand_counts)


def unseen_cards(view: ReverseView) -> list[int]:
    """The cards this seat has not seen: the deck less its hand and the pile (card counting)."""
    counts = [0] * 53
    for c in new_deck(view.rules):
        counts[c] += 1
    for c in ints(view.hand) + ints(view.pile):
        counts[c] -= 1
    return [c for c in range(53) for _ in range(max(counts[c], 0))]


class _QuickAI(ReverseAI):
    """A player that needs only the legal actions, its hand and the next hand's size."""

    quick = True

    def choose(self, view: ReverseView) -> Action:
        assert view.seat is not None
        return self.choose_quick(view.legal, ints(view.hand),
                                 view.hand_counts[next_seat(view, view.seat)], len(view.hand_counts))


class BeginnerAI(_QuickAI):
    level: ClassVar[str] = "beginner"

    def choose_quick(self, legal: Sequence[Action], hand: Sequence[int], next_count: int,
                     players: int) -> Action:
        return self.rng.choice([a for a in legal
                                if a.kind not in (ActionKind.CALL, ActionKind.CHALLENGE)])


class EasyAI(_QuickAI):
    level: ClassVar[str] = "easy"

    def choose_quick(self, legal: Sequence[Action], hand: Sequence[int], next_count: int,
                     players: int) -> Action:
        if legal[0].kind is ActionKind.CALL:
            return legal[0]
        return self.rng.choice(legal)


class MediumAI(_QuickAI):
    level: ClassVar[str] = "medium"

    def choose_quick(self, legal: Sequence[Action], hand: Sequence[int], next_count: int,
                     players: int) -> Action:
        return greedy(legal, hand, next_count, players)


class _Searcher(ReverseAI):
    """A player that looks ahead: for the few actions the greedy choice likes best, it deals
    the unseen cards (card counting: the deck less its hand and the pile) to the other hands
    and the stock, plays each action out to the end of the round with the greedy policy for
    every seat, and keeps the action that wins most (the greedy favourite keeps its place
    unless another beats it by more than the noise of so few worlds)."""

    width: ClassVar[int] = 2
    """How many of the greedy's favourite actions are searched."""
    margin: ClassVar[float] = 2.0
    """How many standard errors an action must beat the greedy favourite by to be chosen."""

    def __init__(self, rng: random.Random | None = None) -> None:
        super().__init__(rng)
        self._stop = threading.Event()
        self.rollouts = 0
        """Rollouts played so far (for measurements)."""

    def cancel(self) -> None:
        self._stop.set()

    def _worlds(self) -> tuple[int, float]:
        """The most worlds to deal and the seconds allowed."""
        raise NotImplementedError

    def choose(self, view: ReverseView) -> Action:
        self._stop.clear()
        legal = list(view.legal)
        first = legal[0].kind
        assert view.seat is not None
        nxt = view.hand_counts[next_seat(view, view.seat)]
        if first is ActionKind.CALL:
            return legal[0]
        if first is ActionKind.GIVE:
            return greedy(legal, ints(view.hand), nxt, len(view.hand_counts))
        if first is ActionKind.CHALLENGE:
            candidates = legal
        else:
            candidates = ranked(legal, ints(view.hand), nxt, len(view.hand_counts))[:self.width]
        if len(candidates) == 1:
            return candidates[0]
        most, seconds = self._worlds()
        deadline = time.perf_counter() + seconds
        # Each world scores every candidate (common random numbers): what is compared is the
        # per-world difference from the greedy favourite.
        diffs: list[list[float]] = [[] for _ in candidates]
        worlds = 0
        while worlds < most:
            world = _determinize(view, self.rng)
            base = _rollout(world.clone(), candidates[0], view.seat, self.rng)
            for i in range(1, len(candidates)):
                diffs[i].append(_rollout(world.clone(), candidates[i], view.seat, self.rng) - base)
            self.rollouts += len(candidates)
            worlds += 1
            if self._stop.is_set() or time.perf_counter() >= deadline:
                break
        # Leave the favourite only for an action that does better by more than the noise of
        # so few worlds (a paired z test at about two standard errors): a handful of
        # samples is noise, and noise played is a weak player.
        best, best_gain = 0, 0.0
        for i in range(1, len(candidates)):
            d = diffs[i]
            if len(d) < 4:
                continue
            mean = statistics.fmean(d)
            spread = statistics.pstdev(d) / math.sqrt(len(d))
            if mean > self.margin * spread and mean > best_gain:
                best, best_gain = i, mean
        return candidates[best]


class HardAI(_Searcher):
    level: ClassVar[str] = "hard"
    width: ClassVar[int] = 2
    worlds: ClassVar[int] = 24
    """Worlds dealt per decision (a fixed, small lookahead)."""

    def _worlds(self) -> tuple[int, float]:
        return self.worlds, 1.0


class ExpertAI(_Searcher):
    level: ClassVar[str] = "expert"
    width: ClassVar[int] = 3

    def __init__(self, rng: random.Random | None = None, think: float | None = None) -> None:
        super().__init__(rng)
        self.think = 1.0 if think is None else think
        """Seconds per decision with more than one action worth searching."""

    def _worlds(self) -> tuple[int, float]:
        return 2000, self.think


def _determinize(view: ReverseView, rng: random.Random) -> ReverseGame:
    """A referee in the view's position, the unseen cards dealt at random to the other hands
    and the stock."""
    assert view.seat is not None
    unseen = unseen_cards(view)
    rng.shuffle(unseen)
    g = ReverseGame.__new__(ReverseGame)
    ReverseGame.__init__(g, view.rules, random.Random(rng.getrandbits(32)), view.players)
    n = len(view.hand_counts)
    hands: list[list[int]] = []
    at = 0
    for s in range(n):
        if s == view.seat:
            hands.append(ints(view.hand))
        else:
            k = view.hand_counts[s]
            hands.append(unseen[at:at + k])
            at += k
    g.hands = hands
    g.stock = unseen[at:at + view.stock_count]
    g.pile = ints(view.pile)
    g.phase = Phase.TURN
    g.round_no = view.round
    g.dealer = view.dealer
    g.direction = 1 if view.clockwise else -1
    g.follow = view.follow.index if view.follow is not None else 0
    g.current = view.current
    g.step = view.step
    g.drawn = ints((view.drawn,))[0] if view.drawn is not None else None
    g.totals = list(view.totals)
    g.pending_skip = list(view.turn_lost)
    g.called = [state == "called" for state in view.one_card]
    g._played_this_turn = view.step in (Step.GIVE, Step.CALL)
    if view.step is Step.GIVE and view.give_to is not None:
        queue = []
        p = view.give_to
        while p != view.seat:
            queue.append(p)
            p = (p + g.direction) % n
        g.give_queue = queue
    if view.step is Step.CHALLENGE:
        g.joker_by = (view.seat - g.direction) % n
        g.joker_legal = rng.random() < 0.5
        g.before_joker = g.follow
    return g


HORIZON = 3000
"""Steps a rollout plays at most (a round is far shorter; this only bounds a runaway)."""


def _rollout(game: ReverseGame, action: Action, me: int, rng: random.Random) -> float:
    """Play ``action`` then up to :data:`HORIZON` more steps greedily for everyone; 1 for a
    round won, -1 for a round another won, else the lead in cards over the closest rival
    (a blocked round is judged the same way)."""
    game.apply_trusted(action)
    steps = 0
    hands = game.hands
    while game.phase == Phase.TURN and steps < HORIZON:
        seat = game.current
        legal = game.legal_actions()
        nxt = (seat + game.direction) % game.n
        game.apply_trusted(greedy(legal, hands[seat], len(hands[nxt]), game.n,
                                  challenge=rng.random() < 0.3))
        steps += 1
    if game.round_winner is not None:
        return 1.0 if game.round_winner == me else -1.0
    rival = min(len(h) for s, h in enumerate(hands) if s != me)
    lead = (rival - len(hands[me])) / 10.0
    return max(-0.9, min(0.9, lead))
