"""The Kings Reverse computer players, one per level, weakest first.

- ``beginner``: a random legal action, and it never calls "one card" (KR5) nor challenges.
- ``easy``: a random legal action; it does call "one card".
- ``medium``: the greedy choice of :mod:`.policy`: sheds costly cards, keeps wilds, hits a
  next player close to out with a 7, 8 or King.
- ``hard``: the same with card counting: it knows which cards are unseen (not in its hand nor on
  the pile) and weighs each play by how likely the next player is to follow it, names the suit
  the others are short of, and challenges a joker when a bluff is likely (KR6).
- ``expert``: determinization (perfect-information Monte Carlo) over the hidden hands: it deals
  the unseen cards to the other hands and the stock many times over, plays each candidate out to
  the end of the round with the greedy policy for everyone, and takes the action that wins most
  often, within its time budget (:meth:`ExpertAI.cancel` answers at once).
"""

from __future__ import annotations

import random
import threading
import time
from typing import ClassVar

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


class BeginnerAI(ReverseAI):
    level: ClassVar[str] = "beginner"

    def choose(self, view: ReverseView) -> Action:
        legal = [a for a in view.legal if a.kind not in (ActionKind.CALL, ActionKind.CHALLENGE)]
        return self.rng.choice(legal)


class EasyAI(ReverseAI):
    level: ClassVar[str] = "easy"

    def choose(self, view: ReverseView) -> Action:
        legal = view.legal
        if legal[0].kind is ActionKind.CALL:
            return legal[0]
        return self.rng.choice(legal)


class MediumAI(ReverseAI):
    level: ClassVar[str] = "medium"

    def choose(self, view: ReverseView) -> Action:
        assert view.seat is not None
        return greedy(view.legal, ints(view.hand), view.hand_counts[next_seat(view, view.seat)],
                      len(view.hand_counts))


class HardAI(ReverseAI):
    level: ClassVar[str] = "hard"

    def choose(self, view: ReverseView) -> Action:
        assert view.seat is not None
        unseen = unseen_cards(view)
        total = max(len(unseen), 1)
        nxt = next_seat(view, view.seat)
        held = view.hand_counts[nxt]
        wild = sum(1 for c in unseen if c == JK or c // 4 == 10)

        def outlook(suit: int, rank: int) -> float:
            # The chance that one unseen card follows, raised to the next hand's size.
            follow = wild + sum(1 for c in unseen if c != JK and c // 4 != 10 and
                                (c % 4 == suit or (rank and c // 4 + 1 == rank)))
            return 1.0 - (1.0 - follow / total) ** held

        challenge = False
        if view.legal[0].kind is ActionKind.CHALLENGE:
            # The joker's player: a bluff if they held any card that matched the pile before.
            against = (view.seat - (1 if view.clockwise else -1)) % len(view.hand_counts)
            before = view.pile[-2] if len(view.pile) >= 2 else None
            shown = ints((before,)) if before is not None else []
            h = view.hand_counts[against]
            if shown:
                b = shown[0]
                match = sum(1 for c in unseen if c == JK or c // 4 == 10 or
                            (b != JK and (c % 4 == b % 4 or c // 4 == b // 4)))
                bluff = 1.0 - (1.0 - match / total) ** h
                # Challenging a legal joker costs two cards more; a caught bluff saves four.
                challenge = bluff * 4 > (1 - bluff) * 2
        return greedy(view.legal, ints(view.hand), held, len(view.hand_counts), outlook, challenge)


class ExpertAI(ReverseAI):
    level: ClassVar[str] = "expert"

    def __init__(self, rng: random.Random | None = None, think: float | None = None) -> None:
        super().__init__(rng)
        self.think = 1.0 if think is None else think
        """Seconds per decision with more than one sensible action."""
        self._stop = threading.Event()
        self._hard = HardAI(self.rng)
        self.width = 3
        """How many of the greedy's favourite actions are searched."""
        self.prior = 0.15
        """The margin the greedy favourite is given over the others' mean result."""
        self.rollouts = 0
        """Rollouts played so far (for measurements)."""

    def cancel(self) -> None:
        self._stop.set()

    def choose(self, view: ReverseView) -> Action:
        self._stop.clear()
        legal = list(view.legal)
        first = legal[0].kind
        if first is ActionKind.CALL:
            return legal[0]
        if len(legal) == 1 or first is ActionKind.GIVE or view.seat is None:
            return self._hard.choose(view)
        if first is ActionKind.CHALLENGE:
            candidates = legal
        else:
            nxt = view.hand_counts[next_seat(view, view.seat)]
            candidates = ranked(legal, ints(view.hand), nxt, len(view.hand_counts))[:self.width]
        deadline = time.perf_counter() + self.think
        wins = [0.0] * len(candidates)
        tries = [0] * len(candidates)
        sample = 0
        while True:
            world = _determinize(view, self.rng)
            for i, action in enumerate(candidates):
                wins[i] += _rollout(world.clone(), action, view.seat, self.rng)
                tries[i] += 1
                self.rollouts += 1
            sample += 1
            if self._stop.is_set() or time.perf_counter() >= deadline or sample >= 400:
                break
        # The greedy favourite (first) keeps its place unless another does clearly better:
        # a handful of samples is noise, and noise played is a weak player.
        means = [wins[i] / tries[i] for i in range(len(candidates))]
        best = max(range(len(candidates)), key=lambda i: means[i] + (self.prior if i == 0 else 0.0))
        return candidates[best]


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


HORIZON = int(__import__("os").environ.get("KRH", "40"))
"""Steps a rollout plays before it judges the position by the hands' sizes."""


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
