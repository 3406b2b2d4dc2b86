"""``expert``: looks beyond its own turn by determinization and rollouts.

The turn search gives a handful of candidate plans ending in distinct positions.  The expert
then samples the cards it cannot see into the opponents' hands and the stock (consistent with
their counts), plays the round on from each candidate with the fast greedy policy for every
seat, and keeps the candidate with the best average outcome: its win share, the penalty it
would pay under the scoring in force, and whether the session would end in its favour.  Every
candidate is scored on the same samples (common random numbers), so differences are real.
This is Perfect Information Monte Carlo over one turn, the determinization family that
information-set MCTS (Cowling, Powley and Whitehouse 2012) refines; here the opponents' replies
are modelled by the greedy policy rather than searched.

It is anytime: it stops when its think budget (default 1 s) is spent or it is cancelled, and
answers with the best candidate so far (the turn search's own choice before any rollout).
"""

from __future__ import annotations

import random
import threading
import time
from typing import Sequence

from ..engine.cards import ALL_MASK
from ..engine.game import Game, Phase
from ..engine.observation import Observation
from ..engine.rules import RuleSet
from ..engine.scoring import LOW_WINS
from .base import Player
from .medium import greedy_plan
from .search import Candidate, TurnSearch

__all__ = ["ExpertPlayer", "rollout_value", "Rollouts"]

DEFAULT_THINK = 1.0
CANDIDATES = 6


def rollout_value(game: Game, seat: int, rules: RuleSet) -> float:
    """Play the round on with the greedy policy for every seat; the outcome for ``seat``."""
    rounds_guard = 400
    while game.phase == Phase.TURN and rounds_guard:
        rounds_guard -= 1
        current = game.current
        for code in greedy_plan(game.piles, game.hands[current]):
            game.play(code)
            if game.phase != Phase.TURN:
                break
        if game.phase == Phase.TURN:
            game.end_turn(force_kings=True)
    return outcome(game, seat, rules)


def outcome(game: Game, seat: int, rules: RuleSet) -> float:
    """How good a finished round is for ``seat``: win share, less the points it costs, plus
    the session result if the round ends the session."""
    winners = game.round_winners
    value = 1.0 / len(winners) if seat in winners else 0.0
    if rules.scoring == "chips":
        value += 0.02 * game.round_scores[seat]
    elif rules.scoring != "none":
        value -= 0.02 * game.round_scores[seat]
    if game.phase == Phase.SESSION_OVER and rules.scoring != "none":
        totals = game.totals
        best = min(totals) if LOW_WINS[rules.scoring] else max(totals)
        value += 0.5 if totals[seat] == best else -0.5
    return value


class Rollouts:
    """Scores candidate plans by playing sampled rounds on (shared by expert and oracle)."""

    def __init__(self, obs: Observation, candidates: Sequence[Candidate]) -> None:
        self.obs = obs
        self.candidates = list(candidates)
        self.totals = [0.0] * len(candidates)
        self.samples = 0

    def run(self, hands: Sequence[int], stock: Sequence[int], deadline: float | None = None) -> bool:
        """One sample: the same hidden cards for every candidate.  Past ``deadline`` the sample
        is dropped whole (so every candidate keeps the same samples) and False is returned."""
        obs = self.obs
        values = []
        for cand in self.candidates:
            if deadline is not None and time.perf_counter() > deadline:
                return False
            game = Game.from_position(
                obs.rules, hands, obs.piles, stock, obs.seat, dealer=obs.dealer,
                totals=obs.totals, pot=obs.pot, idle_run=obs.idle_turns,
                extra_turns=obs.extra_turns,
            )
            for code in cand.plan:
                game.play(code)
                if game.phase != Phase.TURN:
                    break
            if game.phase == Phase.TURN:
                game.end_turn(force_kings=True)
            values.append(rollout_value(game, obs.seat, obs.rules))
        for i, value in enumerate(values):
            self.totals[i] += value
        self.samples += 1
        return True

    def best(self) -> Candidate:
        if not self.samples:
            return self.candidates[0]
        i = max(range(len(self.candidates)), key=lambda k: (self.totals[k], -k))
        return self.candidates[i]


class ExpertPlayer(Player):
    level = "expert"

    def __init__(self, rng: random.Random | None = None, think: float | None = None,
                 candidates: int = CANDIDATES) -> None:
        super().__init__(rng)
        self.think = DEFAULT_THINK if think is None else think
        self.count = candidates
        self._cancel = threading.Event()
        self.last_samples = 0

    def cancel(self) -> None:
        """Stop thinking now; :meth:`plan_turn` returns its best plan so far."""
        self._cancel.set()

    def plan_turn(self, obs: Observation) -> list[int]:
        started = time.perf_counter()
        deadline = started + self.think * 0.97  # a margin for the final bookkeeping
        self._cancel.clear()
        search = TurnSearch(obs.rules.scoring, deadline=deadline)
        cands = search.candidates(obs.piles, obs.hand_mask, self.count)
        if len(cands) == 1:
            self.last_samples = 0
            return list(cands[0].plan)
        rollouts = Rollouts(obs, cands)
        on_board = 0
        for pile in obs.piles:
            for c in pile:
                on_board |= 1 << c
        unseen = [c for c in range(52) if (ALL_MASK & ~obs.hand_mask & ~on_board) >> c & 1]
        rng = self.rng
        # Stop early enough that the last sample ends inside the budget: a sample that would
        # not is dropped rather than finished late.
        slowest = 0.0
        while not self._cancel.is_set():
            now = time.perf_counter()
            if now + slowest > deadline:
                break
            hands, stock = self._sample(obs, unseen, rng)
            if not rollouts.run(hands, stock, deadline):
                break
            slowest = max(slowest, time.perf_counter() - now)
        self.last_samples = rollouts.samples
        return list(rollouts.best().plan)

    @staticmethod
    def _sample(obs: Observation, unseen: list[int], rng: random.Random) -> tuple[list[int], list[int]]:
        """Deal the unseen cards to the opponents and the stock, matching every count."""
        cards = unseen[:]
        rng.shuffle(cards)
        hands = []
        at = 0
        for seat, count in enumerate(obs.hand_counts):
            if seat == obs.seat:
                hands.append(obs.hand_mask)
                continue
            mask = 0
            for c in cards[at:at + count]:
                mask |= 1 << c
            at += count
            hands.append(mask)
        stock = cards[at:]
        return hands, stock
