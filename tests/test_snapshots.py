"""How every screen looks (pytest-textual-snapshot): each at 80 x 24 and 120 x 40 in the default
settings, and at 80 x 24 in --ascii with NO_COLOR; plus the too-small message.  A last test checks
that --ascii screens hold nothing but ASCII text.  Every screen is reached by keys from a fixed
deal (pace 0, fixed seeds), so the pictures change only when the screens do.

Update after an intended change with `pytest tests/test_snapshots.py --snapshot-update`."""

from __future__ import annotations

import html
import random
import re
from typing import Awaitable, Callable

import pytest

from kc_tui.ai import make_player
from kc_tui.engine.rules import build_rules
from kc_tui.engine.service import GameService, Seat
from kc_tui.settings import Settings
from kc_tui.tui.app import KingsCornerApp
from kc_tui.tui.dialogs import PassScreen
from kc_tui.tui.round_over import RoundOverScreen, SessionOverScreen
from kc_tui.tui.table import TableScreen

WAIT = 500
"""Pauses (of 10 ms) to wait for a screen before giving up: a bounded loop, never a hang."""


# ---------------------------------------------------------------------------- the apps
def _title(settings: Settings) -> KingsCornerApp:
    """The title screen, as `kings-corner` opens."""
    return KingsCornerApp(settings=settings)


def _four(settings: Settings) -> KingsCornerApp:
    """You against three hard computers, seed 8."""
    seats = [Seat("You")] + [
        Seat(name, "ai", "hard", make_player("hard", random.Random(i)))
        for i, name in enumerate(("Ada", "Ben", "Cleo"))
    ]
    return KingsCornerApp(GameService(build_rules(4), seats, seed=8), settings=settings)


def _duel(settings: Settings, target: int = 1) -> KingsCornerApp:
    """You against one medium computer; with seed 172, when you end every turn, Ada goes out
    after two of your turns.  Target 1 point: that round ends the session."""
    seats = [Seat("You"), Seat("Ada", "ai", "medium", make_player("medium", random.Random(0)))]
    rules = build_rules(2, "standard", {"target": target})
    return KingsCornerApp(GameService(rules, seats, seed=172), settings=settings)


def _hot_seat(settings: Settings) -> KingsCornerApp:
    """Two people at one keyboard; with seed 1 Ben plays first, so the keyboard is passed to him."""
    seats = [Seat("Ada"), Seat("Ben")]
    return KingsCornerApp(GameService(build_rules(2), seats, seed=1), settings=settings)


# ---------------------------------------------------------------------------- the ways there
Drive = Callable[[object], Awaitable[None]]


async def _until(pilot, ready: Callable[[KingsCornerApp], bool], what: str) -> None:
    for _ in range(WAIT):
        if ready(pilot.app):
            return
        await pilot.pause(0.01)
    raise AssertionError(f"never reached {what}; the screen is {type(pilot.app.screen).__name__}")


def _my_turn(app: KingsCornerApp) -> bool:
    return isinstance(app.screen, TableScreen) and app.service.waiting_for_human()


def _press(*keys: str, table: bool = False) -> Drive:
    """Wait for the person's turn at the table (when there is one), then press ``keys``."""

    async def drive(pilot) -> None:
        if table:
            await _until(pilot, _my_turn, "your turn")
        await pilot.press(*keys)
        await pilot.pause()

    return drive


async def _round_over(pilot) -> None:
    """The person ends every turn (e twice: the second confirms while moves are open) until the
    round is over."""
    app = pilot.app
    for _ in range(WAIT):
        if isinstance(app.screen, RoundOverScreen):
            break
        if _my_turn(app):
            await pilot.press("e", "e")
        await pilot.pause(0.01)
    assert isinstance(app.screen, RoundOverScreen), type(app.screen).__name__
    await pilot.pause()


async def _session_over(pilot) -> None:
    await _round_over(pilot)
    await pilot.press("enter")  # "See the final scores": the one round ended the session
    await _until(pilot, lambda app: isinstance(app.screen, SessionOverScreen), "the session-over screen")
    await pilot.pause()


async def _scores(pilot) -> None:
    """The score table in round 2: one round played, the next dealt, then s."""
    await _round_over(pilot)
    await pilot.press("enter")  # "Deal the next round"
    await _until(pilot, _my_turn, "your turn in round 2")
    await pilot.press("s")
    await pilot.pause()


async def _pass(pilot) -> None:
    await _until(pilot, lambda app: isinstance(app.screen, PassScreen), "the pass-the-keyboard screen")
    await pilot.pause()


SCREENS: dict[str, tuple[Callable[[Settings], KingsCornerApp], Drive]] = {
    "title": (_title, _press()),
    "new-game": (_title, _press("n")),
    "settings": (_title, _press("s")),
    "rules": (_title, _press("r")),
    "table": (_four, _press(table=True)),
    "holding": (_four, _press("8", table=True)),
    "help": (_four, _press("question_mark", table=True)),
    "scores": (lambda settings: _duel(settings, target=1000), _scores),
    "round-over": (_duel, _round_over),
    "session-over": (_duel, _session_over),
    "pass": (_hot_seat, _pass),
}
"""Every screen: the app it opens in and the keys that reach it."""

TOO_SMALL = (60, 20)


def _shot(name: str, ascii_only: bool = False) -> tuple[KingsCornerApp, Drive]:
    make, drive = SCREENS[name]
    return make(Settings(ascii=ascii_only, pace=0)), drive


# ---------------------------------------------------------------------------- the snapshots
@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
@pytest.mark.parametrize("screen", list(SCREENS))
def test_screens_look_right(snap_compare, screen: str, size: tuple[int, int]) -> None:
    app, drive = _shot(screen)
    assert snap_compare(app, terminal_size=size, run_before=drive)


@pytest.mark.parametrize("screen", list(SCREENS))
def test_ascii_screens_without_colour(snap_compare, monkeypatch: pytest.MonkeyPatch, screen: str) -> None:
    monkeypatch.setenv("NO_COLOR", "1")  # before the app exists: Textual reads it in App.__init__
    app, drive = _shot(screen, ascii_only=True)
    assert snap_compare(app, terminal_size=(80, 24), run_before=drive)


def test_too_small(snap_compare) -> None:
    app, drive = _shot("table")
    assert snap_compare(app, terminal_size=TOO_SMALL, run_before=drive)


# ---------------------------------------------------------------------------- ASCII only
_TEXT = re.compile(r"<text\b[^>]*>(.*?)</text>", re.DOTALL)


def svg_text(svg: str) -> str:
    """The text drawn in an exported screenshot: the contents of its <text> elements, unescaped.
    The exporter writes every space as a no-break space (&#160;) so SVG keeps it; that is the
    picture's encoding, not the screen's text, so it is read back as a space."""
    return "".join(html.unescape(re.sub(r"<[^>]+>", "", t)) for t in _TEXT.findall(svg)).replace("\xa0", " ")


@pytest.mark.parametrize("screen", [*SCREENS, "too-small"])
async def test_ascii_screens_hold_only_ascii(monkeypatch: pytest.MonkeyPatch, screen: str) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    app, drive = _shot("table" if screen == "too-small" else screen, ascii_only=True)
    async with app.run_test(size=TOO_SMALL if screen == "too-small" else (80, 24)) as pilot:
        await drive(pilot)
        text = svg_text(app.export_screenshot())
    assert text.strip(), "the screenshot has no text"
    odd = sorted({ch for ch in text if not ch.isascii()})
    assert not odd, f"{screen}: not ASCII: " + ", ".join(f"{ch!r} (U+{ord(ch):04X})" for ch in odd)
