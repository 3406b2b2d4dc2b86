"""The expert as shipped against the same expert without sequential halving, each against
``hard`` on the same duplicate deals, at a think budget of processor time (issue 29).

The expert halves a budget too small for its race (24 samples of every plan before one is
dropped) and races a larger one (``kc_tui/games/kings_corner/ai/expert.py``, ``_halve``).  Here
``halving`` is the shipped expert and ``racing`` the same with ``halves`` off, which raced every
budget (the expert before commit dc36998).  Each deal is played by both in turn, so a run stopped
early compares them on the same deals; every finished deal is printed.

    python benchmarks/expert_halving.py [--think 0.25] [--deals 200] [--seed 103] [--players 2]

Prints each one's win rate (a blocked round shared), processor milliseconds and rollouts per
decision with more than one plan (median), and the paired difference deal by deal with its 95%
interval (a deal's rotations together are one observation).  The budget is the player's own
processor time, so the rollouts it buys depend on the machine: the rows say how many it bought.
Asserts nothing.
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kc_tui.core.tournament import Partial, play_deals  # noqa: E402
from kc_tui.games.kings_corner.ai.base import Player  # noqa: E402
from kc_tui.games.kings_corner.ai.expert import EXPERT, ExpertPlayer  # noqa: E402
from kc_tui.games.kings_corner.ai.seats import player_for  # noqa: E402
from kc_tui.games.kings_corner.ai.tournament import TournamentRounds  # noqa: E402
from kc_tui.games.kings_corner.engine.observation import Observation  # noqa: E402
from kc_tui.games.kings_corner.engine.rules import build_rules  # noqa: E402

VARIANTS = {"racing": dataclasses.replace(EXPERT, halves=False), "halving": EXPERT}
DECISIONS: dict[str, list[tuple[float, int]]] = {}
"""Per variant: each decision with more than one plan, its processor seconds and rollouts."""


class _Timed(ExpertPlayer):
    def __init__(self, rng: random.Random, variant: str, think: float) -> None:
        super().__init__(rng, think=think, traits=VARIANTS[variant])
        self.variant = variant

    def plan_turn(self, obs: Observation) -> list[int]:
        started = time.thread_time()
        try:
            return super().plan_turn(obs)
        finally:
            if self.last_candidates > 1:
                spent = time.thread_time() - started
                DECISIONS.setdefault(self.variant, []).append((spent, self.last_playouts))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--think", type=float, default=0.25, help="the experts' budget per decision")
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=103)
    parser.add_argument("--players", type=int, default=2, help="2: heads-up; 4: one against three hard")
    args = parser.parse_args()
    rules = build_rules(args.players)

    def make(spec: str, seat: int, rng: random.Random) -> Player:
        return _Timed(rng, spec, args.think) if spec in VARIANTS else player_for(spec, seat, rng)

    rows: dict[str, list[float]] = {v: [] for v in VARIANTS}
    started = time.time()
    for deal in range(args.deals):
        for variant in VARIANTS:
            part = play_deals([variant] + ["hard"] * (args.players - 1), args.seed, [deal], True,
                              TournamentRounds(rules, make), Partial())
            assert not part.faults, part.faults
            ((won, rounds),) = part.deal_wins[variant]
            rows[variant].append(won / rounds)
        print(f"deal {deal} {time.time() - started:.0f} s "
              + " ".join(f"{v}={rows[v][-1]:.2f}" for v in VARIANTS), flush=True)
    print(f"\n{args.deals} duplicate deals of seed {args.seed}, {args.players} players, against hard, "
          f"{args.think:g} s of processor time a decision")
    for variant, won in rows.items():
        spent = DECISIONS.get(variant, [(0.0, 0)])
        print(f"{variant}: {statistics.fmean(won):.1%}; decisions with more than one plan: "
              f"{statistics.median(s for s, _ in spent) * 1000:.0f} ms and "
              f"{statistics.median(p for _, p in spent):.0f} rollouts (median)")
    diffs = [h - r for h, r in zip(rows["halving"], rows["racing"])]
    half = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else float("nan")
    mean = statistics.fmean(diffs)
    print(f"halving - racing: {mean:+.1%} ({mean - half:+.1%} to {mean + half:+.1%})")


if __name__ == "__main__":
    main()
