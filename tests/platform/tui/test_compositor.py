"""The lean compositor (kc_tui/tui/compositor.py) sends, move after move, exactly what a full
redraw would show: a terminal that only ever received its partial updates reads the same as
the screen drawn whole.  Played at a served table (a seat and a spectator), where it matters."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pyte
import pytest

from kc_tui.core.kinds import Phase
from kc_tui.games.kings_corner.engine.moves import PlayCard
from kc_tui.games.kings_corner.engine.rules import build_rules
from kc_tui.games.kings_corner.tui.network import NetworkTableScreen
from kc_tui.net import TableServer
from kc_tui.ssh.driver import driver_for
from kc_tui.storage import Settings
from kc_tui.tui.compositor import SpanCompositor
from kc_tui.tui.lobby import LobbyApp

pytestmark = pytest.mark.timeout(120)

SIZE = (80, 24)


class Terminal:
    """What the driver sends, applied to a pyte screen: what the player's terminal shows."""

    def __init__(self) -> None:
        self.screen = pyte.Screen(*SIZE)
        self.stream = pyte.ByteStream(self.screen)
        self.updates = 0

    def size(self) -> tuple[int, int]:
        return SIZE

    def send(self, data: bytes) -> None:
        self.updates += 1
        self.stream.feed(data)

    def lines(self) -> list[str]:
        return [line.rstrip() for line in self.screen.display]


def drawn_whole(app: LobbyApp) -> list[str]:
    """The app's screen drawn whole, from its widgets (what a full redraw would send)."""
    strips = app.screen._compositor.render_strips()
    return ["".join(segment.text for segment in strip).rstrip() for strip in strips]


async def settle(terminals: list[Terminal], quiet: float = 0.1) -> None:
    """Wait until no terminal has been sent anything for ``quiet`` seconds.  Read often: the
    test settles after each of its thirty moves, and a frame still on its way when the
    terminals fall quiet is waited for by same_as_whole."""
    loop = asyncio.get_running_loop()
    counts, since = [t.updates for t in terminals], loop.time()
    while loop.time() - since < quiet:
        await asyncio.sleep(0.02)
        if counts != (now := [t.updates for t in terminals]):
            counts, since = now, loop.time()


async def same_as_whole(app: LobbyApp, terminal: Terminal, terminals: list[Terminal]) -> bool:
    """Whether the terminal reads as the screen drawn whole.  On a loaded machine a frame may
    still be on its way when the terminals fall quiet: then they are given a moment more (a
    frame that was left out would stay out)."""
    for _ in range(5):
        if terminal.lines() == drawn_whole(app):
            return True
        await asyncio.sleep(0.5)
        await settle(terminals)
    assert terminal.lines() == drawn_whole(app)  # (says where they differ)
    return False


async def test_partial_updates_leave_each_terminal_as_a_full_redraw_would(tmp_path: Path) -> None:
    tables = TableServer(tmp_path, grace=600, pace=0, seed=2026)
    owner = tables.person("SHA256:owner", "Owner")
    table = tables.create_table(owner, "Test", build_rules(4), ["open", "hard", "hard", "hard"], seed=4).id
    apps: list[LobbyApp] = []
    terminals: list[Terminal] = []
    tasks = []
    for index in range(2):
        terminal = Terminal()
        app = LobbyApp(tables, tables.person(f"SHA256:key{index}", f"P{index}"),
                       settings=Settings(ascii=True))
        app.driver_class = driver_for(terminal)  # type: ignore[assignment]
        apps.append(app)
        terminals.append(terminal)
        tasks.append(asyncio.get_running_loop().create_task(app.run_async(mouse=False, size=SIZE)))
        await asyncio.sleep(0.5)
    apps[0].call_later(apps[0].sit, table, 0)
    apps[1].call_later(apps[1].watch_table, table)
    for _ in range(200):  # (a loaded machine takes its time to open the tables)
        if all(isinstance(app.screen, NetworkTableScreen) for app in apps):
            break
        await asyncio.sleep(0.1)
    await settle(terminals)
    try:
        assert all(isinstance(app.screen, NetworkTableScreen) for app in apps)
        assert all(isinstance(app.screen._compositor, SpanCompositor) for app in apps)
        door = apps[0].door
        assert door is not None
        compared = 0
        for _ in range(30):
            if door.view().phase == Phase.ROUND_OVER:
                door.next_round()  # the round-over dialogs close as the next round is dealt
            elif door.my_turn():
                moves = [m for m in door.legal_moves() if isinstance(m, PlayCard)]
                door.play(moves[0]) if moves else door.end_turn()
            await settle(terminals)
            for app, terminal in zip(apps, terminals):
                if isinstance(app.screen, NetworkTableScreen):
                    assert await same_as_whole(app, terminal, terminals)
                    compared += 1
        assert compared >= 20
        # A round ended on the way: the round-over dialogs (the seat's, the spectator's) closed by
        # themselves as the next round was dealt, and what was said meanwhile is in the log.
        assert door.view().round >= 2
        assert all(isinstance(app.screen, NetworkTableScreen) for app in apps)
    finally:
        for app in apps:
            app.exit()
        await asyncio.gather(*tasks, return_exceptions=True)
        await tables.close()


def test_a_strip_is_never_kept_in_its_own_caches() -> None:
    """Textual's Strip cached itself when divided at its own end or cropped to itself: a cycle
    per line drawn, freed only by the cycle collector (kc_tui/tui/compositor.py, untie_strips)."""
    import sys

    from rich.segment import Segment
    from textual.strip import Strip

    strip = Strip([Segment("abc"), Segment("de")], 5)
    before = sys.getrefcount(strip)
    assert list(strip.divide([5])) == [strip]
    assert strip.crop_extend(0, 5, None) is strip
    assert [s.text for s in strip.divide([2, 5])] == ["ab", "cde"]
    assert strip.crop_extend(1, 7, None).text == "bcde  "
    assert sys.getrefcount(strip) == before


def test_a_row_counts_as_painted_only_when_the_widgets_in_front_cover_it_edge_to_edge() -> None:
    """The lean compositor leaves out a widget's row that those in front of it paint whole (a
    container's background under its children); any gap, and the row is rendered."""
    from kc_tui.tui.compositor import _covered

    assert not _covered(None, 0, 10)
    assert not _covered([], 0, 10)
    assert _covered([(0, 10)], 0, 10)
    assert _covered([(5, 12), (0, 5)], 2, 10)  # side by side, in any order
    assert _covered([(0, 4), (2, 8), (8, 10)], 0, 10)  # overlapping
    assert not _covered([(0, 4), (5, 10)], 0, 10)  # a one-cell gap
    assert not _covered([(0, 9)], 0, 10)  # short of the right edge
    assert not _covered([(1, 10)], 0, 10)  # short of the left edge
