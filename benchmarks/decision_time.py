"""Decision times of `hard` and `expert` on real positions, against the targets of issues 3,
15 and 29: hard's median under 20 ms and 99th percentile under 100 ms; the expert never over its
budget of processor time, and never over its wall-clock cap (three budgets).

Run: python benchmarks/decision_time.py [--rounds 300] [--expert-decisions 40] [--think 0.1 0.25 1.0]
Prints, per budget, the expert's decision times in processor time (its budget) and on the wall
clock (median, p99, slowest), how many decisions the wall-clock cap ended, and the expert's
playouts per second of thinking (rounds played on from a candidate plan); asserts nothing.  On a
busy machine the wall-clock figures include other programs' turns; the processor-time ones do
not.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from kc_tui.games.kings_corner.ai import make_player
from kc_tui.games.kings_corner.ai.expert import ExpertPlayer
from kc_tui.games.kings_corner.engine.game import Phase
from kc_tui.games.kings_corner.engine.rules import build_rules
from kc_tui.games.kings_corner.engine.service import GameService, Seat


def positions(rounds: int, players: int = 4):
    """Observations of the player to move, from real rounds of hard players."""
    rng = random.Random(3)
    for _ in range(rounds):
        seats = [Seat(f"P{i}", "ai", "hard", make_player("hard")) for i in range(players)]
        service = GameService(build_rules(players), seats, seed=rng.getrandbits(32))
        service.start()
        while service.phase == Phase.TURN:
            yield service.observation()
            service.run_computer_turns(limit=1)


def _spread(values: list[float]) -> str:
    """Median, p99 and slowest of ``values`` (seconds), in milliseconds."""
    ordered = sorted(values)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return (f"median {statistics.median(ordered) * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms, "
            f"max {ordered[-1] * 1000:.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=300)
    parser.add_argument("--expert-decisions", type=int, default=40)
    parser.add_argument("--players", type=int, default=4, help="seats at the tables the positions come from")
    parser.add_argument("--think", type=float, nargs="+", default=[1.0], help="expert budgets to time")
    args = parser.parse_args()
    hard = make_player("hard")
    times = []
    cpu = []
    for obs in positions(args.rounds, args.players):
        started, started_cpu = time.perf_counter(), time.thread_time()
        hard.plan_turn(obs)
        times.append(time.perf_counter() - started)
        cpu.append(time.thread_time() - started_cpu)
    # The processor time too: on a machine other programs share, the wall-clock figures
    # include their turns, while hard's own work is fixed.
    print(f"hard: {len(times)} decisions, {_spread(times)}; "
          f"processor time {_spread(cpu)}")
    for think in args.think:
        expert = ExpertPlayer(random.Random(1), think=think)
        wall: list[float] = []
        spent: list[float] = []
        playouts = settled = capped = 0
        for obs in positions(args.rounds, args.players):
            if len(wall) >= args.expert_decisions:
                break
            started, started_cpu = time.perf_counter(), time.thread_time()
            expert.plan_turn(obs)
            wall.append(time.perf_counter() - started)
            spent.append(time.thread_time() - started_cpu)
            playouts += expert.last_playouts
            settled += expert.last_settled
            capped += expert.last_capped
        over = (max(spent) / think - 1) * 100
        print(f"expert (budget {think:g} s): {len(wall)} decisions; processor time {_spread(spent)} "
              f"({over:+.1f}% against the budget); wall clock {_spread(wall)}; "
              f"{settled} settled early (one plan left), {capped} ended by the wall-clock cap; "
              f"{playouts / sum(spent):,.0f} playouts per second of processor time, "
              f"{playouts / len(wall):,.0f} per decision")


if __name__ == "__main__":
    main()
