"""How well the cards each seat holds predict who goes out first: fits the odds the expert's
short-sighted rollouts judge a position by (``position_value``: each seat's chance taken as
proportional to ``exp(-k * cards + offset)``, the offset by its order to move) on rounds played
by one level in every seat, and compares the fit with the shipped ``CARD_ODDS`` (no offsets).

Run: python benchmarks/position_odds.py [--players 2 4] [--rounds 3000] [--level medium|hard]
Prints, per table size, the positions seen, the mean log-likelihood of who won under a coin
(uniform), under the shipped odds, and under the fitted ones; asserts nothing.
"""

from __future__ import annotations

import argparse
import math
import random
import time

from kc_tui.games.kings_corner.ai import make_player
from kc_tui.games.kings_corner.ai.expert import CARD_ODDS
from kc_tui.games.kings_corner.engine.game import Game, Phase
from kc_tui.games.kings_corner.engine.rules import build_rules

Position = tuple[list[int], list[float]]
"""The cards each seat holds and each seat's share of the round's win, both from the seat to move on."""


def play(players: int, rounds: int, level: str, seed: int) -> list[Position]:
    """Every turn's start of ``rounds`` rounds of ``level`` in every seat."""
    rules = build_rules(players)
    rng = random.Random(seed)
    seats = [make_player(level, random.Random(rng.getrandbits(32))) for _ in range(players)]
    positions: list[Position] = []
    for _ in range(rounds):
        game = Game(rules, random.Random(rng.getrandbits(48)))
        game.start()
        seen: list[tuple[int, list[int]]] = []
        while game.phase == Phase.TURN:
            mover = game.current
            seen.append((mover, [game.hands[(mover + i) % players].bit_count() for i in range(players)]))
            game.play_plan(seats[mover].plan_turn(game.observation(mover)))
            if game.phase == Phase.TURN:
                game.end_turn(force_kings=True)
        won = game.round_winners
        for mover, cards in seen:
            positions.append((cards, [1 / len(won) if (mover + i) % players in won else 0.0
                                      for i in range(players)]))
    return positions


def log_likelihood(positions: list[Position], k: float, offsets: list[float]) -> float:
    total = 0.0
    for cards, shares in positions:
        weights = [math.exp(-k * c + o) for c, o in zip(cards, offsets)]
        whole = sum(weights)
        total += sum(s * math.log(w / whole) for s, w in zip(shares, weights) if s)
    return total / len(positions)


def fit(positions: list[Position], players: int) -> tuple[float, list[float], float]:
    """Coordinate ascent on k and the offsets of the seats after the mover."""
    k, offsets = CARD_ODDS, [0.0] * players
    best = log_likelihood(positions, k, offsets)
    step = 0.1
    while step > 0.002:
        improved = False
        for which in range(players):
            for delta in (step, -step):
                k2, o2 = k, offsets[:]
                if which == 0:
                    k2 += delta
                else:
                    o2[which] += delta
                value = log_likelihood(positions, k2, o2)
                if value > best:
                    best, k, offsets, improved = value, k2, o2, True
        if not improved:
            step /= 2
    return k, offsets, best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4])
    parser.add_argument("--rounds", type=int, default=3000)
    parser.add_argument("--level", default="medium")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print("| players | level | rounds | positions | coin | shipped odds | fitted k | fitted offsets "
          "(mover first) | fitted | seconds |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for n in args.players:
        start = time.perf_counter()
        positions = play(n, args.rounds, args.level, args.seed)
        k, offsets, best = fit(positions, n)
        shipped = log_likelihood(positions, CARD_ODDS, [0.0] * n)
        print(f"| {n} | {args.level} | {args.rounds} | {len(positions)} | {math.log(1 / n):.4f} | "
              f"{shipped:.4f} | {k:.3f} | {', '.join(f'{o:+.3f}' for o in offsets)} | {best:.4f} | "
              f"{time.perf_counter() - start:.0f} |", flush=True)


if __name__ == "__main__":
    main()
