"""Checks each R8 strategy note behind `hard`'s tie-break with numbers: `hard` with one board
weight switched off (or all of them) against `medium`, duplicate deals.

Run: python benchmarks/hard_weights.py [--deals 2000] [--jobs 2]
Prints one row per variant; asserts nothing.
"""

from __future__ import annotations

import argparse
import dataclasses
import functools
import random

from kc_tui.games.kings_corner.ai import make_player
from kc_tui.games.kings_corner.ai.base import Player
from kc_tui.games.kings_corner.ai.hard import HardPlayer
from kc_tui.games.kings_corner.ai.search import BoardWeights
from kc_tui.games.kings_corner.ai.tournament import run_tournament
from kc_tui.games.kings_corner.engine.rules import build_rules

DEFAULT = BoardWeights()
VARIANTS = {
    "all weights (as shipped)": DEFAULT,
    "no penalty weight (Kings cost like any card)": dataclasses.replace(DEFAULT, penalty=0),
    "no 'outs' (ignore tops that help the next players)": dataclasses.replace(DEFAULT, outs=0),
    "no open-edge cost": dataclasses.replace(DEFAULT, open_edge=0),
    "no cost for pile moves left to the next player": dataclasses.replace(DEFAULT, free_move=0),
    "no credit for dead tops (Aces on top)": dataclasses.replace(DEFAULT, dead_top=0),
    "stuck-card cost on (cards whose places are buried)": dataclasses.replace(DEFAULT, stuck_card=60),
    "cards only (no tie-break at all)": BoardWeights(penalty=0, open_edge=0, outs=0, free_move=0, dead_top=0),
}


def _factory(spec: str, seat: int, rng: random.Random, weights: BoardWeights) -> Player:
    if spec == "hard":
        return HardPlayer(rng, weights=weights)
    return make_player(spec, rng)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    print(f"hard vs medium, {args.deals} duplicate deals each, seed {args.seed}")
    for name, weights in VARIANTS.items():
        result = run_tournament(
            ["hard", "medium"], build_rules(2), args.deals * 2, seed=args.seed, duplicate=True,
            jobs=args.jobs, factory=functools.partial(_factory, weights=weights),
        )
        hard = next(e for e in result.entrants if e.player == "hard")
        medium = next(e for e in result.entrants if e.player == "medium")
        print(
            f"| {name} | {hard.win_rate:.1%} | {hard.ci95[0]:.1%}–{hard.ci95[1]:.1%} | "
            f"{hard.mean_points:.2f} vs {medium.mean_points:.2f} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
