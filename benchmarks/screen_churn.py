"""What a served screen opened and closed again and again leaves in memory: one person at the
table server's lobby opens and closes the new table form (``form``), or watches a table where a
game goes on and leaves it (``watch``), ``--times`` times, while long-lived objects are set aside
from the cycle collector each second, as a server's collector does (``kc_tui/ssh/collector.py``).

Run: python benchmarks/screen_churn.py [--what form|watch] [--times 100] [--json]
Prints how much the process grew (resident memory, the objects set aside), how many objects the
closed screens left in reference cycles, which only a full collection frees, and how long the
closed screens' sweeps took (``kc_tui/tui/release.py``: they stop the process's other sessions
while they run).  ``--json``: one JSON object, ``what``, ``times``, ``seconds``, ``rss_mb``,
``set_aside``, ``in_cycles``, ``sweeps``, ``sweep_ms``, ``slowest_sweep_ms``.  Asserts nothing.
One process, no SSH: the app is the one a served session runs (headless, 100 x 34).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import tempfile
import time
from pathlib import Path
from typing import Any, Callable

from kc_tui.games.kings_corner.engine.rules import build_rules
from kc_tui.net import Person, TableServer
from kc_tui.tui import release
from kc_tui.tui.lobby import LobbyApp, LobbyScreen

ADA, CLEO = Person("SHA256:ada", "Ada"), Person("SHA256:cleo", "Cleo")
SETTLE = 8.0
"""Seconds waited after the last time, for what frees itself later to be freed."""


def rss_mb() -> float:
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * 4096 / 2**20


async def until(pilot: Any, condition: Callable[[], bool], what: str) -> None:
    end = time.monotonic() + 60
    while not condition():
        if time.monotonic() > end:
            raise SystemExit(f"never happened: {what}")
        await pilot.pause(0.01)


async def measure(what: str, times: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as folder:
        server = TableServer(Path(folder), pace=0.5, seed=3)
        table = server.create_table(ADA, "Friday", build_rules(2), ["open", "hard"])
        server.join(ADA, table.id, 0)  # the game starts (and waits for Ada, who never moves)
        app = LobbyApp(server, CLEO)
        async with app.run_test(size=(100, 34)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")

            async def once() -> None:
                if what == "watch":
                    await pilot.press("w")
                    await until(pilot, lambda: app.door is not None
                                and not isinstance(app.screen, LobbyScreen), "the table")
                    await pilot.pause()
                    await pilot.press("q")
                else:
                    await pilot.press("n")
                    await until(pilot, lambda: not isinstance(app.screen, LobbyScreen), "the form")
                    await pilot.pause()
                    await pilot.press("escape")
                await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby again")

            for _ in range(3):  # what the first times make once for good (styles, caches)
                await once()
            await asyncio.sleep(2)
            gc.collect()
            gc.freeze()
            rss, set_aside = rss_mb(), gc.get_freeze_count()
            swept, sweeping = release.released["screens"], release.released["seconds"]
            release.released["slowest"] = 0.0
            began = last = time.monotonic()
            for _ in range(times):
                await once()
                if time.monotonic() - last >= 1.0:
                    gc.freeze()
                    last = time.monotonic()
            seconds = time.monotonic() - began
            await asyncio.sleep(SETTLE)
            gc.freeze()
            grown_rss, grown_set_aside = rss_mb() - rss, gc.get_freeze_count() - set_aside
            sweeps = int(release.released["screens"] - swept)
            sweep_ms = (release.released["seconds"] - sweeping) * 1000 / max(1, sweeps)
            gc.unfreeze()
            in_cycles = gc.collect()
        await server.close()
    return {"what": what, "times": times, "seconds": round(seconds, 1), "rss_mb": round(grown_rss, 1),
            "set_aside": grown_set_aside, "in_cycles": in_cycles, "sweeps": sweeps,
            "sweep_ms": round(sweep_ms, 1), "slowest_sweep_ms": round(release.released["slowest"] * 1000, 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--what", choices=("form", "watch"), default="form")
    parser.add_argument("--times", type=int, default=100)
    parser.add_argument("--json", action="store_true", help="one JSON object after the text")
    args = parser.parse_args()
    found = asyncio.run(measure(args.what, args.times))
    each = found["in_cycles"] / max(1, found["times"])
    print(f"{found['what']} opened and closed {found['times']} times in {found['seconds']} s: the process "
          f"grew {found['rss_mb']} MB, {found['set_aside']:,} objects set aside; {found['in_cycles']:,} "
          f"objects left in cycles ({each:,.0f} each time); {found['sweeps']} closed screens swept, "
          f"{found['sweep_ms']} ms each on average, {found['slowest_sweep_ms']} ms at most")
    if args.json:
        print(json.dumps(found))


if __name__ == "__main__":
    main()
