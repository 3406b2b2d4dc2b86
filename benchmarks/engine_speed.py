"""Engine speed: four-player rounds per second and legal-move generations per second.

Run: python benchmarks/engine_speed.py [--rounds N] [--seconds S] [--game kings-reverse]
Prints figures; asserts nothing.  Target (issue 10): at least 10,000 four-player rounds per
second with four `medium` players, standard preset, no transcript, on one core (it was 3,000
in issue 2).
"""

from __future__ import annotations

import argparse
import io
import random
import time

from kc_tui.games.kings_corner.ai import make_player
from kc_tui.games.kings_corner.engine.game import Game, Phase
from kc_tui.games.kings_corner.engine.moves import legal_codes
from kc_tui.games.kings_corner.engine.rules import build_rules
from kc_tui.games.kings_corner.engine.service import GameService, Seat
from kc_tui.games.kings_corner.engine.transcript import TranscriptWriter


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


def reverse_rounds_per_second(rounds: int, transcript: bool = False) -> tuple[float, float]:
    """Kings Reverse: four medium players, standard preset, single rounds through the service
    (each decision reads the seat's view, as every computer seat does)."""
    from kc_tui.games.kings_reverse.ai import make_player as make_reverse_player
    from kc_tui.games.kings_reverse.engine.events import encode_event
    from kc_tui.games.kings_reverse.engine.rules import build_rules as build_reverse_rules
    from kc_tui.games.kings_reverse.engine.service import ReverseSeat, ReverseService

    rules = build_reverse_rules(4)
    sink = io.StringIO()
    played = turns = 0
    start = time.perf_counter()
    while played < rounds:
        seats = [ReverseSeat(f"P{i}", "ai", "medium", make_reverse_player("medium"))
                 for i in range(4)]
        listeners = [lambda e: sink.write(encode_event(e) + "\n")] if transcript else []
        service = ReverseService(rules, seats, seed=played, listeners=listeners)

        def count(game: object) -> None:
            nonlocal turns
            turns += game.turns  # type: ignore[attr-defined]

        played += service.play_session(max_rounds=1, on_round_end=count)
    elapsed = time.perf_counter() - start
    return played / elapsed, turns / played


def reverse_generations_per_second(seconds: float) -> float:
    """Kings Reverse legal-action generations per second, positions from real rounds."""
    from kc_tui.games.kings_reverse.ai import make_player as make_reverse_player
    from kc_tui.games.kings_reverse.engine.rules import build_rules as build_reverse_rules
    from kc_tui.games.kings_reverse.engine.service import ReverseSeat, ReverseService

    games = []
    for seed in range(200):
        seats = [ReverseSeat(f"P{i}", "ai", "medium", make_reverse_player("medium"))
                 for i in range(4)]
        service = ReverseService(build_reverse_rules(4), seats, seed=seed)
        service.start()
        service.run_computer_turns(limit=seed % 40)
        if service.game.phase == Phase.TURN:
            games.append(service.game)
    n = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for game in games:
            game.legal_actions()
        n += len(games)
    return n / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20000)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--game", choices=["kings-corner", "kings-reverse"], default="kings-corner")
    args = parser.parse_args()
    if args.game == "kings-reverse":
        rounds = min(args.rounds, 2000)
        rps, turns = reverse_rounds_per_second(rounds)
        print(f"Kings Reverse, 4 x medium, standard preset, no transcript: {rps:,.0f} rounds/s "
              f"({turns:.1f} turns per round, {rounds} rounds)")
        rps_t, _ = reverse_rounds_per_second(max(1, rounds // 4), transcript=True)
        print(f"same, with a transcript written to memory: {rps_t:,.0f} rounds/s")
        print(f"legal-action generation: {reverse_generations_per_second(args.seconds):,.0f} "
              "generations/s (positions from real rounds)")
        return
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
