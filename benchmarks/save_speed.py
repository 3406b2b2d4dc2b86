"""Save speed: the time of one save at round 1 and at round N of a long session, the save's size,
and the time to resume it there (issue 9, item 10).

Run: python benchmarks/save_speed.py [--rounds N] [--players P]
Plays one session of `easy` computer players (classic scoring to a target nobody reaches) with
the autosaver on, in a temporary data folder, timing every save.  Prints figures; asserts
nothing.  A turn's save must not grow with the session: the figures at round 1 and round N
should be alike, except the file size and the time to resume, which re-referees every event.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import tempfile
import time
from pathlib import Path

from kc_tui.core.events import TurnEnd
from kc_tui.games.kings_corner.ai.seats import make_seats
from kc_tui.games.kings_corner.engine.events import RoundEnd
from kc_tui.games.kings_corner.engine.rules import MAX_TARGET, build_rules
from kc_tui.games.kings_corner.engine.service import GameService
from kc_tui.storage import AutoSaver, load_save


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=300)
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="kc-save-speed-"))
    os.environ["KC_TUI_DATA_DIR"] = str(folder)
    try:
        run(folder, args.rounds, args.players)
    finally:
        shutil.rmtree(folder)


def run(folder: Path, rounds: int, players: int) -> None:
    specs = ["easy"] * players
    service = GameService(build_rules(players, "standard", {"target": MAX_TARGET}),
                          make_seats(specs, random.Random(1)), seed=1)
    path = folder / "saves" / "game.json"
    saver = AutoSaver(service, specs, path)
    turn_saves: dict[int, list[float]] = {}
    round_saves: dict[int, float] = {}
    all_saves: dict[int, list[float]] = {}  # every save of each round, compactions included
    snapshots: dict[int, tuple[Path, int]] = {}
    turns_in_round = 0
    timed = saver.save

    def save(*args, **kwargs) -> bool:
        start = time.perf_counter()
        try:
            return timed(*args, **kwargs)
        finally:
            elapsed = time.perf_counter() - start
            all_saves.setdefault(service.game.round_no, []).append(elapsed)
            last = saver.events[-1]
            if isinstance(last, RoundEnd):
                round_saves[service.game.round_no] = elapsed
            elif isinstance(last, TurnEnd):
                turn_saves.setdefault(service.game.round_no, []).append(elapsed)

    saver.save = save  # type: ignore[method-assign]

    def snapshot(event) -> None:
        nonlocal turns_in_round
        turns_in_round = turns_in_round + 1 if isinstance(event, TurnEnd) else (
            0 if isinstance(event, RoundEnd) else turns_in_round)
        if isinstance(event, TurnEnd) and turns_in_round == 10 and service.game.round_no in (1, rounds):
            copy = folder / f"round-{service.game.round_no}.json"
            shutil.copyfile(path, copy)
            snapshots[service.game.round_no] = (copy, len(saver.events))

    service.add_listener(saver)
    service.add_listener(snapshot)
    start = time.perf_counter()
    played = service.play_session(max_rounds=rounds)
    total = time.perf_counter() - start
    size_at_end = path.stat().st_size
    saver.release()
    print(f"{played} rounds of {players} easy players, {len(saver.events):,} events, "
          f"{sum(len(t) for t in turn_saves.values()):,} turn saves, {total:.1f} s in all")
    for round_no in (1, played):
        times = turn_saves.get(round_no, [])
        copy, events = snapshots[round_no]
        start = time.perf_counter()
        restored = load_save(copy, lock=False)
        loaded = time.perf_counter() - start
        restored.service.close()
        print(f"round {round_no:>4}: a turn's save {statistics.median(times) * 1000:6.2f} ms median, "
              f"{max(times) * 1000:6.2f} ms at most ({len(times)} turns); the round end's save "
              f"{round_saves.get(round_no, float('nan')) * 1000:6.2f} ms")
        print(f"            after its 10th turn: save {copy.stat().st_size:,} bytes ({events:,} events), "
              f"resumed in {loaded:.2f} s")
    window = min(10, played)
    for first in (1, played - window + 1):
        times = [t for r in range(first, first + window) for t in all_saves.get(r, [])]
        print(f"rounds {first}-{first + window - 1}: {len(times)} saves, {statistics.mean(times) * 1000:.2f} ms "
              f"each on average, {sum(times):.2f} s in all (compactions included; the slowest "
              f"{max(times) * 1000:.2f} ms)")
    print(f"at the end: save {size_at_end:,} bytes")


if __name__ == "__main__":
    main()
