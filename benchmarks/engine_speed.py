"""Engine speed: four-player rounds per second and legal-move generations per second.

Run: python benchmarks/engine_speed.py [--rounds N] [--seconds S]
Prints figures; asserts nothing.  Target (issue 10): at least 10,000 four-player rounds per
second with four `medium` players, standard preset, no transcript, on one core (it was 3,000
in issue 2).
"""

from __future__ import annotations

import argparse
import io
import random
import time

from kc_tui.ai import make_player
from kc_tui.engine.game import Game, Phase
from kc_tui.engine.moves import legal_codes
from kc_tui.engine.rules import build_rules
from kc_tui.engine.service import GameService, Seat
from kc_tui.engine.transcript import TranscriptWriter


def rounds_per_second(rounds: int, transcript: bool = False) -> tuple[float, float]:
    rules = build_rules(4, "standard")
    played = turns = 0
    session = 0
    start = time.perf_counter()
    while played < rounds:
        seats = [Seat(f"P{i}", "ai", "medium", make_player("medium")) for i in range(4)]
        listeners = [TranscriptWriter(io.StringIO())] if transcript else []
        service = GameService(rules, seats, seed=session, listeners=listeners)

        def count(game: Game) -> None:
            nonlocal turns
            turns += game.turns

        played += service.play_session(max_rounds=rounds - played, on_round_end=count)
        session += 1
    elapsed = time.perf_counter() - start
    return played / elapsed, turns / played


def sample_positions(count: int) -> list[tuple[list[list[int]], int]]:
    """Board and hand of the player to move, taken from real medium-vs-medium rounds."""
    rules = build_rules(4, "standard")
    rng = random.Random(1)
    out: list[tuple[list[list[int]], int]] = []
    while len(out) < count:
        seats = [Seat(f"P{i}", "ai", "medium", make_player("medium")) for i in range(4)]
        service = GameService(rules, seats, seed=rng.getrandbits(32))
        service.start()
        game = service.game
        while game.phase == Phase.TURN and len(out) < count:
            out.append(([list(p) for p in game.piles], game.hands[game.current]))
            service.run_computer_turns(limit=1)
    return out


def generations_per_second(seconds: float) -> tuple[float, float]:
    positions = sample_positions(2000)
    n = 0
    moves = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for piles, hand in positions:
            moves += len(legal_codes(piles, hand))
        n += len(positions)
    elapsed = time.perf_counter() - start
    return n / elapsed, moves / n


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20000)
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args()
    rps, turns = rounds_per_second(args.rounds)
    print(f"4 x medium, standard preset, no transcript: {rps:,.0f} rounds/s "
          f"({turns:.1f} turns per round, {args.rounds} rounds)")
    rps_t, _ = rounds_per_second(max(1, args.rounds // 4), transcript=True)
    print(f"same, with a transcript written to memory: {rps_t:,.0f} rounds/s")
    gps, mean_moves = generations_per_second(args.seconds)
    print(f"legal-move generation: {gps:,.0f} generations/s "
          f"(mean {mean_moves:.1f} legal moves per position, positions from real rounds)")


if __name__ == "__main__":
    main()
