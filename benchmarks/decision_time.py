"""Decision times of `hard` and `expert` on real positions, against the targets of issues 3
and 15: hard's median under 20 ms and 99th percentile under 100 ms; the expert never over its
budget by more than 10%.

Run: python benchmarks/decision_time.py [--rounds 300] [--expert-decisions 40] [--think 1.0]
Prints figures, and the expert's playouts per second (rounds played on from a candidate plan);
asserts nothing.  Run it on an otherwise idle machine: the expert's budget is
wall-clock time, so anything else running shows up as overshoot.
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=300)
    parser.add_argument("--expert-decisions", type=int, default=40)
    parser.add_argument("--think", type=float, default=1.0)
    args = parser.parse_args()
    hard = make_player("hard")
    times = []
    cpu = []
    for obs in positions(args.rounds):
        started, started_cpu = time.perf_counter(), time.thread_time()
        hard.plan_turn(obs)
        times.append(time.perf_counter() - started)
        cpu.append(time.thread_time() - started_cpu)
    times.sort()
    cpu.sort()
    # The processor time too: on a machine other programs share, the wall-clock figures
    # include their turns, while hard's own work is fixed.
    print(f"hard: {len(times)} decisions, median {statistics.median(times) * 1000:.2f} ms, "
          f"p99 {times[int(len(times) * 0.99)] * 1000:.2f} ms, max {times[-1] * 1000:.1f} ms; "
          f"processor time median {statistics.median(cpu) * 1000:.2f} ms, "
          f"p99 {cpu[int(len(cpu) * 0.99)] * 1000:.2f} ms, max {cpu[-1] * 1000:.1f} ms")
    expert = ExpertPlayer(random.Random(1), think=args.think)
    spent = []
    playouts = 0
    settled = 0
    for obs in positions(args.rounds):
        if len(spent) >= args.expert_decisions:
            break
        started = time.perf_counter()
        expert.plan_turn(obs)
        spent.append(time.perf_counter() - started)
        playouts += expert.last_playouts
        settled += expert.last_settled
    worst = max(spent)
    spent_sorted = sorted(spent)
    print(f"expert (budget {args.think:g} s): {len(spent)} decisions, median "
          f"{statistics.median(spent):.3f} s, p99 {spent_sorted[int(len(spent) * 0.99)]:.3f} s, "
          f"max {worst:.3f} s ({(worst / args.think - 1) * 100:+.1f}% against the budget); "
          f"{settled} settled early (one plan left in the race)")
    print(f"expert playouts: {playouts / sum(spent):,.0f} per second of thinking "
          f"({playouts / len(spent):,.0f} rounds played out per decision; its strength grows "
          f"with them)")


if __name__ == "__main__":
    main()
