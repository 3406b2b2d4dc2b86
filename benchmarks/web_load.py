"""``kings-corner web`` under measurement (issue 13): the time from opening the page to the title
screen, the bytes the server sends per move, and the memory each tab costs.

Run: python benchmarks/web_load.py [--runs 5] [--tabs 8] [--no-browser] [--bytes-only] [--json]
Starts ``kings-corner web`` on a free loopback port with a temporary data folder, and prints:

- page to title: over the websocket alone (a tab's process starting, Textual's first screen), and in
  headless Chromium (Debian's /usr/bin/chromium, through Playwright): from ``page.goto`` to the
  title's text in the bytes the page received, which adds the page, its 500 KB script and the font;
- bytes per move: a seeded two-player round played by keystrokes (the hint's plans typed on the
  command line, as the browser test does): the terminal output the tab received for the whole round
  divided by the moves of both players, and the bytes between one typed move's Enter and its
  screen settling;
- memory per tab: the resident size (RSS) and the proportional share (PSS, shared pages split
  between the processes that map them) of each tab's process with N tabs open at the title,
  and of the server itself;
- and for ``kings-corner serve --web``, where a tab is an app in the table server's own process:
  the time from opening the websocket to the lobby's name prompt, and how much the server's
  resident size grows with each tab open in the lobby (each tab a browser of its own, its cookie).

``--bytes-only`` measures the bytes per move alone; ``--json`` prints them after the text as one JSON
object (``round_bytes``, ``moves``, ``bytes_per_move``, ``typed_move_median_bytes``,
``typed_move_max_bytes``).  Asserts nothing.  Figures depend on what else the machine runs.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

import aiohttp

sys.path.insert(0, str(Path(__file__).parents[1] / "tests"))
# The tests' helpers: the server, and a tab driven by keystrokes.
from webtab import ROUND_OVER, Screen, new_game, open_tab, play_turn, round_over, save_events, web_server  # noqa: E402,I001

CHROMIUM = "/usr/bin/chromium"


def _kib(path: Path, field: str) -> int:
    for line in path.read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    return 0


def memory(pid: int) -> tuple[float, float]:
    """RSS and PSS of ``pid``, in MB."""
    return (_kib(Path(f"/proc/{pid}/status"), "VmRSS") / 1024,
            _kib(Path(f"/proc/{pid}/smaps_rollup"), "Pss") / 1024)


def spread(values: list[float], unit: str = "s") -> str:
    if not values:
        return "-"
    return (f"median {statistics.median(values):.3f} {unit}, min {min(values):.3f}, "
            f"max {max(values):.3f} ({len(values)} runs)")


async def ws_to_title(address: str, runs: int) -> list[float]:
    times = []
    async with aiohttp.ClientSession() as session:
        for _ in range(runs):
            start = time.perf_counter()
            tab = await open_tab(session, address)
            await tab.wait_for("Quick game")
            times.append(time.perf_counter() - start)
            await tab.ws.close()
            await asyncio.sleep(0.5)
    return times


async def browser_to_title(address: str, runs: int) -> list[float]:
    from playwright.async_api import async_playwright

    times = []
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=CHROMIUM)
        try:
            for _ in range(runs):
                context = await browser.new_context(viewport={"width": 1100, "height": 640})
                page = await context.new_page()  # a fresh context: nothing cached
                screen = Screen(122, 30)
                page.on("websocket", lambda ws, screen=screen: ws.on(
                    "framereceived", lambda p: screen.feed(p) if isinstance(p, bytes) else None))
                start = time.perf_counter()
                await page.goto(address)
                while "Quick game" not in screen.joined():
                    await asyncio.sleep(0.01)
                times.append(time.perf_counter() - start)
                await context.close()
                await asyncio.sleep(0.5)
        finally:
            await browser.close()
    return times


async def bytes_per_move(address: str, data: Path) -> tuple[int, int, list[int]]:
    """Bytes of the whole first round, its moves (both players'), and the bytes of each typed move."""
    async with aiohttp.ClientSession() as session:
        tab = await open_tab(session, address, width=100, height=30)
        await tab.wait_for("Quick game")
        await new_game(tab.keys, tab.screen, 4)
        await tab.wait_for("Hand")
        start = tab.screen.received
        per_move: list[int] = []
        screen = tab.screen
        line: list[str] = []

        async def key(k: str) -> None:
            if k == "enter" and line and "".join(line) != "end":
                # A typed move's bytes: from its Enter until its screen has settled.
                before = screen.received
                await tab.keys(k)
                await asyncio.sleep(0.5)
                per_move.append(screen.received - before)
            else:
                await tab.keys(k)
            line[:] = [] if k in ("enter", ":", "escape") else [*line, k]

        while True:
            await tab.wait_for("Your turn", *ROUND_OVER)
            if round_over(screen.joined()):
                break
            await play_turn(key, screen.joined)
        total = screen.received - start
        await tab.ws.close()
    events = save_events(data)
    moves = sum(1 for e in events if e["event"] in ("play", "move"))
    return total, moves, per_move


async def print_bytes_per_move(address: str, data: Path, as_json: bool) -> None:
    total, moves, typed = await bytes_per_move(address, data)
    print("Bytes sent by the server per move (a seeded two-player round, 100x30 cells):")
    print(f"  the round: {total} bytes for {moves} moves of both players: "
          f"{total / max(moves, 1):.0f} bytes a move (every redraw, the computer's turns and the "
          "log included)")
    if typed:
        print(f"  one typed move, Enter to a settled screen: median {statistics.median(typed):.0f} "
              f"bytes, max {max(typed)} ({len(typed)} moves)")
    if as_json:
        print(json.dumps({"round_bytes": total, "moves": moves,
                          "bytes_per_move": round(total / max(moves, 1)),
                          "typed_move_median_bytes": statistics.median(typed) if typed else None,
                          "typed_move_max_bytes": max(typed) if typed else None}))


async def memory_per_tab(served, tabs: int) -> None:
    async with aiohttp.ClientSession() as session:
        opened = []
        for count in range(1, tabs + 1):
            tab = await open_tab(session, served.address)
            await tab.wait_for("Quick game")
            opened.append(tab)
            if count in (1, tabs) or count == tabs // 2:
                pids = served.wait_for_tabs(count)
                figures = [memory(pid) for pid in pids]
                rss = [f[0] for f in figures]
                pss = [f[1] for f in figures]
                server = memory(served.process.pid)
                print(f"  {count} tab{'s' if count > 1 else ''} at the title: per tab RSS "
                      f"{statistics.mean(rss):.1f} MB, PSS {statistics.mean(pss):.1f} MB; "
                      f"the server RSS {server[0]:.1f} MB, PSS {server[1]:.1f} MB")
        first = opened[0]
        await first.keys("g")
        await first.wait_for("Your turn", *ROUND_OVER)
        pid = served.wait_for_tabs(tabs)[0]
        print(f"  a tab at a quick game's table: RSS {memory(pid)[0]:.1f} MB, PSS {memory(pid)[1]:.1f} MB "
              "(the first tab's process)")
        for tab in opened:
            await tab.ws.close()


async def tables_per_tab(tabs: int, runs: int) -> None:
    """``kings-corner serve --web`` on free ports: a tab's time to the name prompt, then the
    server's memory with 0, N/2 and N tabs in the lobby."""
    import signal
    import subprocess

    from webtab import free_port

    with tempfile.TemporaryDirectory() as folder:
        web = free_port()
        server = subprocess.Popen(
            [sys.executable, "-m", "kc_tui", "serve", "--port", str(free_port()), "--web", str(web),
             "--data-dir", folder, "--max-per-address", str(4 * tabs + 16)], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        try:
            assert server.stdout is not None
            while "Browsers open" not in server.stdout.readline():
                pass
            address = f"http://127.0.0.1:{web}"
            times = []
            for _ in range(runs):
                async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as browser:
                    await browser.get(address + "/")
                    start = time.perf_counter()
                    tab = await open_tab(browser, address)
                    await tab.wait_for("Your name at the tables")
                    times.append(time.perf_counter() - start)
                    await tab.ws.close()
                await asyncio.sleep(0.5)
            print("  websocket to the lobby's name prompt:", spread(times))
            await asyncio.sleep(1)
            base = memory(server.pid)[0]
            print(f"  the server with no tab open (after those): RSS {base:.1f} MB")
            browsers, opened = [], []
            try:
                for count in range(1, tabs + 1):
                    browser = aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True))
                    browsers.append(browser)
                    await browser.get(address + "/")
                    tab = await open_tab(browser, address)
                    await tab.wait_for("Your name at the tables")
                    await tab.keys(*f"P{count}", "enter")
                    await tab.wait_for("Welcome")
                    opened.append(tab)
                    if count in (tabs // 2, tabs):
                        rss = memory(server.pid)[0]
                        print(f"  {count} tabs in the lobby: the server RSS {rss:.1f} MB, "
                              f"{(rss - base) / count:.1f} MB a tab")
            finally:
                for tab in opened:
                    await tab.ws.close()
                for browser in browsers:
                    await browser.close()
        finally:
            server.send_signal(signal.SIGINT)
            server.wait(30)
            if server.stdout is not None:
                server.stdout.close()


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--tabs", type=int, default=8)
    parser.add_argument("--no-browser", action="store_true", help="leave out the Chromium figures")
    parser.add_argument("--bytes-only", action="store_true", help="only the bytes per move")
    parser.add_argument("--json", action="store_true", help="also print the bytes per move as JSON")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        data = Path(folder) / "data"
        os.environ["KC_TUI_DATA_DIR"] = str(data)
        os.environ["KC_TUI_CONFIG_DIR"] = str(Path(folder) / "config")
        print(f"kings-corner web on a {os.cpu_count()}-core machine, load average "
              f"{os.getloadavg()[0]:.1f} at the start")
        with web_server("--max-tabs", str(max(8, args.tabs))) as served:
            if args.bytes_only:
                await print_bytes_per_move(served.address, data, args.json)
                return
            print("Page to title screen:")
            print("  over the websocket alone:", spread(await ws_to_title(served.address, args.runs)))
            if not args.no_browser and os.path.exists(CHROMIUM):
                browser = await browser_to_title(served.address, args.runs)
                print("  in headless Chromium:    ", spread(browser))
            await print_bytes_per_move(served.address, data, args.json)
            print("Memory per tab:")
            await memory_per_tab(served, args.tabs)
        print("kings-corner serve --web (the tables; every tab in the server's process):")
        await tables_per_tab(args.tabs, args.runs)
        print(f"Load average at the end: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    asyncio.run(main())
