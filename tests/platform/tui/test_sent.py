"""The app sends only the cells that changed (kc_tui/tui/sent.py), and the terminal still shows
what a full redraw would: a table played by keys through an SSH session's driver, into a pyte
terminal, cell by cell (the character, its colours and attributes) after each step: moves, the
end-turn question, the computer's turn, the help, a resize and a dialog on the new size."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pyte
import pytest
from rich.console import Console
from textual._compositor import LayoutUpdate
from textual._context import active_app, visible_screen_stack
from textual.strip import Strip

from kc_tui.games.kings_corner.ai import make_player
from kc_tui.games.kings_corner.engine.rules import build_rules
from kc_tui.games.kings_corner.engine.service import GameService, Seat
from kc_tui.games.kings_corner.tui.table import TableScreen
from kc_tui.ssh.driver import ChannelDriver, driver_for
from kc_tui.storage import Settings
from kc_tui.tui.app import KingsCornerApp
from kc_tui.tui.dialogs import ConfirmScreen
from kc_tui.tui.sent import SentScreen, style_change

pytestmark = pytest.mark.timeout(120)


class Terminal:
    """A pyte terminal fed what the driver sends."""

    def __init__(self, columns: int, rows: int) -> None:
        self.columns, self.rows = columns, rows
        self.screen = pyte.Screen(columns, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.sent = 0

    def size(self) -> tuple[int, int]:
        return self.columns, self.rows

    def send(self, data: bytes) -> None:
        self.sent += len(data)
        self.stream.feed(data)

    def resize(self, columns: int, rows: int) -> None:
        self.columns, self.rows = columns, rows
        self.screen.resize(rows, columns)


def cells(screen: pyte.Screen) -> list[list[tuple[Any, ...]]]:
    """Every cell as it looks: its character, colours and attributes (of a blank, neither its
    foreground nor bold nor italics shows, unless it is underlined, struck or reversed)."""
    def look(c: Any) -> tuple[Any, ...]:
        if c.data == " " and not (c.underscore or c.reverse or c.strikethrough):
            return (" ", None, c.bg, False, False, False, False, False)
        return (c.data, c.fg, c.bg, c.bold, c.italics, c.underscore, c.reverse, c.strikethrough)

    return [[look(screen.buffer[y][x]) for x in range(screen.columns)] for y in range(screen.lines)]


def full_redraw(app: KingsCornerApp) -> pyte.Screen:
    """The app's screen as Textual would send it whole (every cell, with its style), on a
    terminal of its own.  Nothing of the app's pending updates is used up: its compositor draws
    the strips without clearing what is due.  Textual keeps a style's codes on the style,
    whatever the colour system, and the apps of earlier tests may have left another's there:
    they are made again for this terminal."""
    strips = [Strip(list(line[0]), line[0].cell_length) for line in whole(app).strips]  # type: ignore[index]
    for strip in strips:
        for segment in strip:
            if segment.style is not None:
                segment.style._ansi = None
    data = LayoutUpdate([[strip] for strip in strips], app.screen._compositor.size.region).render_segments(
        app.console)
    screen = pyte.Screen(*app.screen._compositor.size)
    pyte.Stream(screen).feed(data)
    return screen


def whole(app: KingsCornerApp) -> LayoutUpdate:
    """An update that draws the app's screen whole."""
    active_app.set(app)  # (the widgets' rendering asks for the app: this runs in the test's task)
    visible_screen_stack.set(app._background_screens)
    compositor = app.screen._compositor
    return LayoutUpdate([[strip] for strip in compositor.render_strips()], compositor.size.region)


async def same_as_full(app: KingsCornerApp, terminal: Terminal) -> None:
    """Wait until every update due has reached the terminal and it reads as the full redraw
    (a screen the diff had spoilt never does: then the cells that differ are shown)."""
    for _ in range(250):
        await asyncio.sleep(0.02)
        if not app.screen._compositor._dirty_regions and cells(terminal.screen) == cells(full_redraw(app)):
            return
    shown, whole_ = cells(terminal.screen), cells(full_redraw(app))
    differ = [y for y, (a, b) in enumerate(zip(shown, whole_)) if a != b]
    assert not differ, "\n".join(f"row {y}: {''.join(c[0] for c in shown[y])!r} is "
                                  f"{''.join(c[0] for c in whole_[y])!r} drawn whole;"
                                  f" {[(x, a, b) for x, (a, b) in enumerate(zip(shown[y], whole_[y])) if a != b][:3]}"
                                  for y in differ)


async def until(condition: Any) -> None:
    for _ in range(500):
        if condition():
            return
        await asyncio.sleep(0.02)
    raise AssertionError("the app did not get there")


async def test_only_changed_cells_are_sent_and_the_terminal_reads_as_a_full_redraw() -> None:
    seats = [Seat("You"), Seat("Ada", "ai", "medium", make_player("medium", random.Random(0)))]
    service = GameService(build_rules(2), seats, seed=4)
    app = KingsCornerApp(service, settings=Settings(pace=0))
    terminal = Terminal(80, 24)
    drivers: list[ChannelDriver] = []
    build = driver_for(terminal)

    def capture(app_: Any, **options: Any) -> ChannelDriver:
        drivers.append(build(app_, **options))
        return drivers[-1]

    app.driver_class = capture  # type: ignore[assignment]
    # As the SSH server sets it for a client's xterm-256color.
    app.console = Console(color_system="256", file=app.console.file, force_terminal=True, legacy_windows=False)
    task = asyncio.get_running_loop().create_task(app.run_async(mouse=False, size=terminal.size()))
    textual_sent = 0  # what Textual itself would have written for the same updates
    update = app.sent.update

    def counted(change: Any, *size: Any) -> str:
        nonlocal textual_sent
        textual_sent += len(change.render_segments(app.console).encode())
        return update(change, *size)

    app.sent.update = counted  # type: ignore[method-assign]
    try:
        await until(lambda: bool(app.screen_stack) and isinstance(app.screen, TableScreen)
                    and service.waiting_for_human())
        await same_as_full(app, terminal)
        driver = drivers[0]

        async def keys(text: str, then: Any = None) -> int:
            """Type ``text``; once the app got there (``then``, when given: a loaded machine may
            take longer than the first look at the terminal), wait for the terminal to show it."""
            before = terminal.sent
            driver.feed(text.encode())
            if then is not None:
                await until(then)
            await same_as_full(app, terminal)
            return terminal.sent - before

        hand = service.observation().hand
        king = next(i for i, card in enumerate(hand) if card.is_king)
        textual_sent = 0
        move = await keys(str(king + 1), lambda: getattr(app.screen, "held", None) == hand[king])
        move += await keys("\r", lambda: len(service.observation().hand) == len(hand) - 1)
        assert len(service.observation().hand) == len(hand) - 1
        # A move sends a small part of what Textual wrote for it (under a quarter alone; Textual's
        # codes may be an earlier test's 16 colours, shorter than these 256).
        assert move * 2 < textual_sent
        ask = await keys("e", lambda: isinstance(app.screen, ConfirmScreen))
        assert isinstance(app.screen, ConfirmScreen)
        # The question's box alone: the table behind it is not dimmed (every cell of it would
        # change colour), a small part of the screen sent whole.
        assert ask * 3 < len(SentScreen().update(whole(app), 80, 24, app.console).encode())
        await keys("n")
        await keys("e")
        await keys("e")
        await until(service.waiting_for_human)
        await same_as_full(app, terminal)
        await keys("?")
        await keys("\x1b")
        await until(lambda: isinstance(app.screen, TableScreen))
        # A larger terminal: whatever it kept of the old screen, the new one is sent whole.
        terminal.resize(100, 30)
        driver.resize(100, 30)
        await until(lambda: app.size == (100, 30))
        await same_as_full(app, terminal)
        await keys("e")
        await keys("\x1b")
        await keys("1")
        await keys("\x1b")
        # Suspended, the terminal showed something else (here: nothing): resumed, it is sent
        # everything again.
        app.app_suspend_signal.publish(app)
        terminal.screen.reset()
        app.app_resume_signal.publish(app)
        await same_as_full(app, terminal)
    finally:
        app.exit()
        await asyncio.gather(task, return_exceptions=True)


def test_a_style_change_sends_only_what_differs() -> None:
    assert style_change("", "1;38;5;231;48;5;22") == "\x1b[1;38;5;231;48;5;22m"
    assert style_change("1;38;5;231;48;5;22", "1;38;5;231;48;5;17") == "\x1b[48;5;17m"
    assert style_change("38;5;231", "1;4;38;5;231;48;2;1;2;3") == "\x1b[1;4;48;2;1;2;3m"
    assert style_change("1;38;5;231;48;5;22", "38;5;231") == "\x1b[22;49m"
    assert style_change("1;2;38;5;231", "2;38;5;231") == "\x1b[22;2m"  # 22 ends dim too
    assert style_change("1;4;7;38;5;231", "38;5;1") == "\x1b[0;38;5;1m"  # shorter than 22;24;27
    assert style_change("31;42", "") == "\x1b[0m"


def test_cells_not_known_are_sent_and_known_ones_only_when_they_change() -> None:
    from rich.segment import Segment
    from rich.style import Style
    from textual.geometry import Region

    console = Console(color_system="256", force_terminal=True)
    sent = SentScreen()

    def draw(text: str) -> str:
        strip = Strip([Segment(text[:3], Style(bold=True)), Segment(text[3:])])
        return sent.update(LayoutUpdate([[strip]], Region(0, 0, 8, 1)), 8, 1, console)

    assert draw("abcdefgh") == "\x1b[1H\x1b[1mabc\x1b[0mdefgh"
    assert draw("abcdefgh") == ""
    assert draw("abXdefgY") == "\x1b[1;3H\x1b[1mX\x1b[4C\x1b[0mY"  # a jump over four cells
    assert draw("abYdeZgY") == "\x1b[1;3H\x1b[1mY\x1b[0mdeZ"  # two cells between: sent again
    sent.forget()
    assert draw("abYdeZgY") == "\x1b[1H\x1b[1mabY\x1b[0mdeZgY"
    assert draw("abYdeZgY") == ""
    # A wide character and what it covers go together.
    assert draw("abY\u4e00ZgY") == "\x1b[1;4H\u4e00"
