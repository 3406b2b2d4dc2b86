"""The table server's own share of a networked move: from a person's move through a door to every
door of that table holding what it may see (no SSH, no screens), and the memory each door costs.

Run: python benchmarks/table_fanout.py [--tables 10] [--spectators 3] [--turns 400]
Each table has two people and ``--spectators`` watchers; the people play whole turns (as the
``easy`` computer would choose) until ``--turns`` turns are played over all tables.  Prints the
median and 99th percentile of the time from a move's call to its last door's delivery, and the
memory allocated per door; asserts nothing.  The SSH side's figures are
benchmarks/serve_load.py's.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
import time
import tracemalloc
from pathlib import Path

from kc_tui.core.kinds import Phase
from kc_tui.games.kings_corner.ai import make_player
from kc_tui.games.kings_corner.engine.rules import build_rules
from kc_tui.net import Person, SeatDoor, TableServer


async def main(tables: int, spectators: int, turns: int) -> None:
    delays: list[float] = []
    last_delivery = [0.0]

    def listener(_item: object) -> None:
        last_delivery[0] = time.perf_counter()

    with tempfile.TemporaryDirectory() as folder:
        tracemalloc.start()
        before = tracemalloc.get_traced_memory()[0]
        server = TableServer(Path(folder), pace=0)
        people: list[tuple[SeatDoor, SeatDoor]] = []
        doors = 0
        for t in range(tables):
            a, b = Person(f"k{t}a", f"A{t}"), Person(f"k{t}b", f"B{t}")
            info = server.create_table(a, "", build_rules(2), ["open", "open"], seed=t)
            for s in range(spectators):
                server.watch(Person(f"k{t}w{s}", f"W{t}-{s}"), info.id).follow(listener)
            pair = (server.join(a, info.id, 0), server.join(b, info.id, 1))
            for door in pair:
                door.follow(listener)
            people.append(pair)
            doors += 2 + spectators
        per_door = (tracemalloc.get_traced_memory()[0] - before) / doors
        tracemalloc.stop()
        rng = random.Random(1)
        played = 0
        while played < turns:
            for pair in people:
                door = next((d for d in pair if d.my_turn()), None)
                if door is None:
                    for d in pair:
                        if d.view().phase == Phase.ROUND_OVER:
                            d.next_round()
                    continue
                obs = door.view().observation
                assert obs is not None
                for move in make_player("easy", rng).plan_turn(obs):
                    started = time.perf_counter()
                    door.play(move)
                    delays.append(last_delivery[0] - started)
                try:
                    started = time.perf_counter()
                    door.end_turn()
                    delays.append(last_delivery[0] - started)
                except Exception:  # noqa: BLE001 - a King owed: this benchmark skips the turn
                    pass
                played += 1
        await server.close()
    delays.sort()
    print(f"{tables} tables, 2 people and {spectators} spectators each ({doors} doors), {len(delays)} steps")
    print(f"move to its last door: median {statistics.median(delays) * 1e3:.3f} ms, "
          f"99th percentile {delays[int(len(delays) * 0.99)] * 1e3:.3f} ms")
    print(f"memory per door (tables, games, transcripts' buffers included): {per_door / 1024:.0f} KB")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--spectators", type=int, default=3)
    parser.add_argument("--turns", type=int, default=400)
    args = parser.parse_args()
    asyncio.run(main(args.tables, args.spectators, args.turns))
