"""How well the thinking players' card reading holds against each level (issue 29).

The expert and ``hard`` deal the cards they cannot see consistently with what each opponent
showed it lacks: a card that fitted the board as the opponent ended its turn would have been
played (``TableMemory`` in ``kc_tui/games/kings_corner/ai/expert.py``).  That is always true of
``medium``, which plays out every card it can; ``hard`` and the expert weigh plans that keep a
card back, and then the read is wrong and no sampled deal holds the opponent's true hand.

This benchmark plays ``hard`` (the reader, which also decides the moves) against each level named,
heads-up, on duplicate deals, and at each of the reader's decisions after the opponent's first
turn prints:

- how often the opponent's true hand held a card the read says it lacks (the read was wrong);
- the share of the opponent's true cards that the sampled hands hold (40 samples a decision), for
  each way of dealing them: ``none`` (no reading: the unseen cards at random), ``shipped`` (as
  the players deal them), ``softQ`` (as shipped, but in a share ``Q`` of the samples one card
  of the hand may be any unseen card, as if the opponent had kept one back) and ``fitQ`` (in a
  share ``Q`` of the samples one card of the hand is one the read excludes: a card that fitted).

    python benchmarks/reading.py [--against hard medium] [--deals 40] [--seed 11] [--soft 0.25 0.5]

The dealers here are measuring instruments built in this file, not the players'.  Prints
figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kc_tui.core.tournament import play_deals  # noqa: E402
from kc_tui.games.kings_corner.ai import make_player  # noqa: E402
from kc_tui.games.kings_corner.ai.base import Player  # noqa: E402
from kc_tui.games.kings_corner.ai.hard import HardPlayer  # noqa: E402
from kc_tui.games.kings_corner.ai.tournament import TournamentRounds  # noqa: E402
from kc_tui.games.kings_corner.engine.game import Game  # noqa: E402
from kc_tui.games.kings_corner.engine.observation import Observation  # noqa: E402
from kc_tui.games.kings_corner.engine.rules import build_rules  # noqa: E402

SAMPLES = 40
"""Sampled deals per decision, for each way of dealing."""


def deal_opponent(reader: HardPlayer, obs: Observation, unseen: list[int], rng: random.Random,
                  soft: float | None, fitting: bool = False) -> int:
    """The opponent's sampled hand (a mask), dealt by the players' own dealer
    (``ExpertPlayer._sample``): ``soft`` None without reading, 0 as the players deal, above 0
    leaving one card of the hand out of the reading in that share of the samples (any unseen
    card; with ``fitting``, one card the read excludes: a card that fitted, kept back)."""
    opp = 1 - obs.seat
    memory = reader.memory
    if soft is None:
        reader.infer = False
        try:
            return reader._sample(obs, unseen, rng)[0][opp]
        finally:
            reader.infer = True
    if not (soft and rng.random() < soft and opp in memory.excluded):
        return reader._sample(obs, unseen, rng)[0][opp]
    if fitting:
        excluded = memory.excluded[opp]
        fitted = [c for c in unseen if excluded >> c & 1]
        if fitted:
            kept_back = rng.choice(fitted)
            counts = list(obs.hand_counts)
            counts[opp] -= 1
            rest = [c for c in unseen if c != kept_back]
            return reader._sample(obs._replace(hand_counts=tuple(counts)), rest, rng)[0][opp] | 1 << kept_back
    free = memory.unconstrained.get(opp, 0)
    memory.unconstrained[opp] = free + 1
    try:
        return reader._sample(obs, unseen, rng)[0][opp]
    finally:
        memory.unconstrained[opp] = free


class _Reader(HardPlayer):
    """``hard``, which at each decision also measures its reading against the true hand (the
    referee is handed to it for that only; its moves are ``hard``'s)."""

    sees_all = True

    def __init__(self, rng: random.Random, ways: dict[str, tuple[float | None, bool]]) -> None:
        super().__init__(rng)
        self.ways = ways
        self.shares: dict[str, list[float]] = {way: [] for way in ways}
        self.wrong: list[bool] = []
        self._referee: Game | None = None

    def see_all(self, referee: Game) -> None:
        self._referee = referee

    def plan_turn(self, obs: Observation) -> list[int]:
        opp = 1 - obs.seat
        assert self._referee is not None
        true = self._referee.hands[opp]
        if true and opp in self.memory.excluded:
            self.wrong.append(bool(true & self.memory.excluded[opp]))
            unseen = self._unseen(obs)
            rng = random.Random(obs.hand_mask ^ true)
            for way, (soft, fitting) in self.ways.items():
                held = [(deal_opponent(self, obs, unseen, rng, soft, fitting) & true).bit_count()
                        for _ in range(SAMPLES)]
                self.shares[way].append(statistics.fmean(held) / true.bit_count())
        return super().plan_turn(obs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--against", nargs="+", default=["hard", "medium"])
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--soft", type=float, nargs="*", default=[0.25, 0.5])
    args = parser.parse_args()
    ways: dict[str, tuple[float | None, bool]] = {"none": (None, False), "shipped": (0.0, False)}
    ways.update({f"soft{round(q * 100)}": (q, False) for q in args.soft})
    ways.update({f"fit{round(q * 100)}": (q, True) for q in args.soft})
    for level in args.against:
        readers: list[_Reader] = []

        def factory(spec: str, seat: int, rng: random.Random, _readers: list[_Reader] = readers) -> Player:
            if spec == "reader":
                _readers.append(_Reader(rng, ways))
                return _readers[-1]
            return make_player(spec, rng)

        play_deals(["reader", level], args.seed, range(args.deals), True,
                   TournamentRounds(build_rules(2), factory))
        wrong = [w for r in readers for w in r.wrong]
        print(f"against {level}: {len(wrong)} decisions; the opponent's hand held a card the read "
              f"says it lacks at {sum(wrong) / len(wrong):.1%} of them")
        for way in ways:
            shares = [s for r in readers for s in r.shares[way]]
            print(f"  {way:9s} share of the true hand in the sampled hands: {statistics.fmean(shares):.3f}")


if __name__ == "__main__":
    main()
