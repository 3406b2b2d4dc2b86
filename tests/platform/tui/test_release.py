"""A closed screen's objects freed at once (kc_tui/tui/release.py): what a person opens and closes
leaves next to nothing in reference cycles, so a server that sets long-lived objects aside from
the cycle collector does not keep every dialog ever closed; and nothing still in use is touched."""

from __future__ import annotations

import asyncio
import gc
import weakref
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from textual._styles_cache import StylesCache
from textual.cache import LRUCache
from textual.color import Color
from textual.geometry import Size
from textual.style import Style

from kc_tui.games.kings_corner.engine.rules import build_rules
from kc_tui.net import Person, TableServer
from kc_tui.storage import Settings
from kc_tui.tui import release
from kc_tui.tui.app import KingsCornerApp
from kc_tui.tui.lobby import LobbyApp, LobbyScreen
from kc_tui.tui.title import TitleScreen


@pytest.fixture
def quick(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Sweeps soon after a screen closes; everything set aside is put back at the end."""
    monkeypatch.setattr(release, "SWEEP_AFTER", 0.05)
    monkeypatch.setattr(release, "RETRY_AFTER", 0.05)
    try:
        yield
    finally:
        gc.unfreeze()


async def _until(pilot: Any, condition: Any, what: str) -> None:
    loop = asyncio.get_running_loop()
    end = loop.time() + 60
    while not condition():
        assert loop.time() < end, f"never happened: {what}"
        await pilot.pause(0.01)


async def _left_in_cycles(pilot: Any, open_and_close: Any, times: int) -> float:
    """Objects in reference cycles, per time, after a screen was opened and closed ``times``
    times, everything older set aside from the collector as the server does (each second)."""
    swept = release.released["screens"]
    await open_and_close()
    await _until(pilot, lambda: release.released["screens"] > swept, "the first sweep")
    gc.collect()
    gc.freeze()
    swept = release.released["screens"]
    for _ in range(times):
        await open_and_close()
        gc.freeze()  # the dialog's objects have lived a while: set aside, as the server does
    await _until(pilot, lambda: release.released["screens"] >= swept + times, "the sweeps")
    gc.unfreeze()
    return gc.collect() / times


async def test_the_new_game_form_opened_and_closed_leaves_almost_nothing_in_cycles(quick: None) -> None:
    # Before: about 7,650 objects each time (the form, and its inputs' parts restyled as the
    # focus moved).
    app = KingsCornerApp(settings=Settings(pace=0))
    async with app.run_test(size=(80, 24)) as pilot:
        async def open_and_close() -> None:
            await pilot.press("n")
            await _until(pilot, lambda: not isinstance(app.screen, TitleScreen), "the form")
            await pilot.pause()
            await pilot.press("escape")
            await _until(pilot, lambda: isinstance(app.screen, TitleScreen), "the title")

        left = await _left_in_cycles(pilot, open_and_close, 4)
        assert left < 300, left
        # The app goes on: the form opens again, whole.
        await pilot.press("n")
        await _until(pilot, lambda: not isinstance(app.screen, TitleScreen), "the form again")
        assert app.screen.query("Input")


async def test_a_served_new_table_form_and_a_watched_table_leave_almost_nothing(quick: None,
                                                                                tmp_path: Path) -> None:
    """The attack this answers: one person at a server opening and closing the new table form, or
    watching a table and leaving it, as fast as keys repeat (before: some 8,500 and 2,700 objects
    kept each time until the next full collection)."""
    server = TableServer(tmp_path, pace=0, seed=3)
    ada, cleo = Person("SHA256:ada", "Ada"), Person("SHA256:cleo", "Cleo")
    info = server.create_table(ada, "Friday", build_rules(2), ["open", "hard"])
    server.join(ada, info.id, 0)  # the game starts: Cleo watches it
    app = LobbyApp(server, cleo)
    async with app.run_test(size=(100, 34)) as pilot:
        await _until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")

        async def form() -> None:
            await pilot.press("n")
            await _until(pilot, lambda: not isinstance(app.screen, LobbyScreen), "the form")
            await pilot.pause()
            await pilot.press("escape")
            await _until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")

        async def watch() -> None:
            await pilot.press("w")
            await _until(pilot, lambda: app.door is not None and not isinstance(app.screen, LobbyScreen),
                         "the table")
            await pilot.pause()
            await pilot.press("q")
            await _until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")

        assert await _left_in_cycles(pilot, form, 3) < 500
        assert await _left_in_cycles(pilot, watch, 3) < 500
        await watch()  # and watching still works
    await server.close()


class _Thing:
    def __init__(self, name: str) -> None:
        self.name = name
        self.other: Any = None
        self.items: list[Any] = []


def _closure_over(thing: _Thing) -> Any:
    return lambda: thing


def test_objects_that_only_refer_to_each_other_are_cleared_and_what_is_held_is_left_whole() -> None:
    first, second = _Thing("first"), _Thing("second")
    first.other, second.other = second, first  # a cycle
    kept = _Thing("kept")  # this test still holds it: in use
    kept.other = first  # ... and it refers back into the cycle, which it keeps alive
    swept = release.sweep([weakref.ref(first)])
    assert swept.held and swept.cleared == 0
    assert first.other is second and second.other is first and kept.other is first

    kept.other = None  # now only the cycle refers to it, plus its own list and a closure
    first.items = [_closure_over(first), {"back": second}, kept]
    gone = weakref.ref(first)
    first = second = None  # type: ignore[assignment]
    gc.disable()  # freed by reference counting, not by the collector
    try:
        swept = release.sweep([gone])
        assert not swept.held and swept.cleared >= 5
        assert gone() is None
    finally:
        gc.enable()
    assert kept.name == "kept" and kept.items == []  # reached from the garbage, held here: whole


def test_a_suspended_generator_and_what_it_reaches_are_left_to_the_collector() -> None:
    log: list[str] = []

    def steps(thing: _Thing) -> Iterator[int]:
        try:
            yield 1
            yield 2
        finally:
            log.append(f"closed with {thing.name}")  # it reads the thing as it is closed

    thing = _Thing("thing")
    running = steps(thing)
    next(running)
    thing.items.append(running)  # a cycle through a suspended generator
    gone = weakref.ref(thing)
    del thing, running
    swept = release.sweep([gone])
    assert swept.cleared == 0 and gone() is not None
    gc.collect()
    assert log == ["closed with thing"]


def test_the_backgrounds_cache_keeps_no_widget_s_lines() -> None:
    """Textual's cache of a widget's two backgrounds took the widget's style cache as part of its
    key: the last 1,024 style caches, and every line drawn in them, stayed alive (watching a table
    and leaving it 50 times kept 146,000 objects)."""
    styles_cache = StylesCache()
    gone = weakref.ref(styles_cache)
    inner, outer = styles_cache.get_inner_outer(Color(10, 20, 30), Color(200, 100, 0, a=0.5))
    assert outer == Style(background=Color(10, 20, 30))
    assert inner == Style(background=Color(10, 20, 30) + Color(200, 100, 0, a=0.5))
    del styles_cache
    gc.collect()
    assert gone() is None


def test_a_cleared_cache_leaves_no_cycle() -> None:
    cache: LRUCache[str, _Thing] = LRUCache(8)
    things = [_Thing(str(n)) for n in range(3)]
    refs = [weakref.ref(thing) for thing in things]
    for thing in things:
        cache[thing.name] = thing
    del thing
    gc.disable()
    try:
        cache.clear()
        things.clear()
        assert [ref() for ref in refs] == [None, None, None]
    finally:
        gc.enable()


async def test_a_layout_leaves_no_cycle() -> None:
    app = KingsCornerApp(settings=Settings(pace=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        gc.collect()
        gc.set_debug(gc.DEBUG_SAVEALL)
        try:
            for width in (90, 80, 100):
                await pilot.resize_terminal(width, 24)
                await pilot.pause()
            gc.collect()
            maps = [found for found in gc.garbage
                    if isinstance(found, dict) and found and all(hasattr(key, "styles") for key in found)
                    and type(next(iter(found.values()))).__name__ == "MapGeometry"]
        finally:
            gc.set_debug(0)
            gc.garbage.clear()
        assert maps == []
        assert app.size == Size(100, 24)
