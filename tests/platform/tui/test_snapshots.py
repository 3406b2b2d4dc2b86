"""How every screen looks (pytest-textual-snapshot): each at 80 x 24 and 120 x 40 in the default
settings, and at 80 x 24 in --ascii with NO_COLOR; the table drawn as cards at 110 x 34 in both;
the title, settings and help in Spanish and French; plus the too-small message.  The --ascii screens are also checked to hold nothing but ASCII
text (each in the run that takes its picture; the too-small message in a run of its own).  Every screen is reached by keys from a fixed
deal (pace 0, fixed seeds), so the pictures change only when the screens do.  The screens' apps,
data and keys are in screen_fixtures.py, shared with screenshots/generate.py.

The statistics, replay and saved-games screens read files from the data folder; each test writes
them there first from seeded all-computer sessions, under fixed names, with fixed timestamps and
modification times.  The data folder is given as a relative path ("kings-corner", inside the
test's own temporary folder, which becomes the working directory) because the saved-games
screen prints it: an absolute temporary path would differ on every run.

Update after an intended change with `pytest tests/platform/tui/test_snapshots.py --snapshot-update`."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from screen_fixtures import DATA_DIR, SCREENS, TOO_SMALL, round_dialog, start, three_after_rounds

from kc_tui.tui.widgets import Choice, Menu, TextPanel


@pytest.fixture(autouse=True)
def _relative_data_dir(_private_user_dirs: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The private data folder conftest.py gives every test, named by a path that prints the
    same on every run."""
    monkeypatch.chdir(_private_user_dirs)
    monkeypatch.setenv("KC_TUI_DATA_DIR", DATA_DIR)


# ---------------------------------------------------------------------------- the snapshots
@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
@pytest.mark.parametrize("screen", list(SCREENS))
def test_screens_look_right(snap_compare, screen: str, size: tuple[int, int]) -> None:
    app, drive = start(SCREENS[screen])
    assert snap_compare(app, terminal_size=size, run_before=drive)


@pytest.mark.parametrize("screen", list(SCREENS))
def test_ascii_screens_without_colour(snap_compare, monkeypatch: pytest.MonkeyPatch, screen: str) -> None:
    """Each screen in --ascii with NO_COLOR at 80 x 24; the screen reached holds only ASCII text
    (checked here rather than in a run of its own: the same app, settings and keys)."""
    monkeypatch.setenv("NO_COLOR", "1")  # before the app exists: Textual reads it in App.__init__
    app, drive = start(SCREENS[screen], ascii_only=True)
    reached: list[str] = []

    async def drive_and_read(pilot) -> None:
        await drive(pilot)
        reached.append(svg_text(app.export_screenshot()))

    assert snap_compare(app, terminal_size=(80, 24), run_before=drive_and_read)
    assert_only_ascii(screen, reached[0])


@pytest.mark.parametrize("screen", ["table", "holding"])
@pytest.mark.parametrize("ascii_only", [False, True], ids=["glyphs", "ascii"])
def test_the_big_table_draws_cards(snap_compare, monkeypatch: pytest.MonkeyPatch, screen: str,
                                   ascii_only: bool) -> None:
    """At 110 x 34, the smallest terminal that draws the piles as cards (issue 11), in the default
    settings and in --ascii with NO_COLOR; 120 x 40 is above with every screen."""
    if ascii_only:
        monkeypatch.setenv("NO_COLOR", "1")
    app, drive = start(SCREENS[screen], ascii_only=ascii_only)
    assert snap_compare(app, terminal_size=(110, 34), run_before=drive)


def test_the_large_table_draws_large_cards(snap_compare) -> None:
    """At 200 x 60 the cross draws larger faces, and the log keeps to a width that can be read
    (issue 28 item 6)."""
    app, drive = start(SCREENS["table"])
    assert snap_compare(app, terminal_size=(200, 60), run_before=drive)


@pytest.mark.parametrize("screen", ["title", "settings", "help"])
@pytest.mark.parametrize("lang", ["es", "fr"])
def test_screens_in_spanish_and_french(snap_compare, in_language, lang: str, screen: str) -> None:
    """The main screens at 80 x 24 in the longer languages (issue 27): nothing cut."""
    in_language(lang)
    app, drive = start(SCREENS[screen])

    async def drive_and_measure(pilot) -> None:
        await drive(pilot)
        assert_nothing_cut(screen, app)

    assert snap_compare(app, terminal_size=(80, 24), run_before=drive_and_measure)


def test_a_long_hand_left_wraps_under_its_first_card(snap_compare) -> None:
    """The round's result at 80 x 24 with a hand too long for one line (two players, seed 8: you
    end every turn of round 1 and keep 24 cards): it goes on under its first card, not at the
    left edge where each player's line starts."""
    app, drive = start((lambda settings: three_after_rounds(settings, rounds=1, players=2), round_dialog))
    assert snap_compare(app, terminal_size=(80, 24), run_before=drive)


def test_too_small(snap_compare) -> None:
    app, drive = start(SCREENS["table"])
    assert snap_compare(app, terminal_size=TOO_SMALL, run_before=drive)


def assert_nothing_cut(name: str, app) -> None:
    """No key line, menu or choice of the screen in front is longer than its room (a key line is
    one row: a word past its end is lost; a menu's line would end in an ellipsis).  The saved
    games' titles are the games' words, and a long one is cut on purpose."""
    screen = app.screen
    widgets = [w for w in (*screen.query(".keys"), *screen.query(Choice),
                           *(menu for menu in screen.query(Menu) if menu.id != "saves-menu"))
               if w.region.width]  # (not a row the screen hides: six seats' rows for four players)
    assert widgets, f"{name}: nothing to measure"
    cut = [line for widget in widgets
           for line in (widget._text if isinstance(widget, TextPanel) else str(widget.render())).splitlines()
           if len(line) > widget.content_region.width]
    assert not cut, f"{name}: cut at {app.size.width} columns: {cut}"


# ---------------------------------------------------------------------------- ASCII only
_TEXT = re.compile(r"<text\b[^>]*>(.*?)</text>", re.DOTALL)


def svg_text(svg: str) -> str:
    """The text drawn in an exported screenshot: the contents of its <text> elements, unescaped.
    The exporter writes every space as a no-break space (&#160;) so SVG keeps it; that is the
    picture's encoding, not the screen's text, so it is read back as a space."""
    return "".join(html.unescape(re.sub(r"<[^>]+>", "", t)) for t in _TEXT.findall(svg)).replace("\xa0", " ")


def assert_only_ascii(screen: str, text: str) -> None:
    assert text.strip(), "the screenshot has no text"
    odd = sorted({ch for ch in text if not ch.isascii()})
    assert not odd, f"{screen}: not ASCII: " + ", ".join(f"{ch!r} (U+{ord(ch):04X})" for ch in odd)


async def test_the_ascii_too_small_message_holds_only_ascii(monkeypatch: pytest.MonkeyPatch) -> None:
    """The other --ascii screens are checked as their pictures are taken (above)."""
    monkeypatch.setenv("NO_COLOR", "1")
    app, drive = start(SCREENS["table"], ascii_only=True)
    async with app.run_test(size=TOO_SMALL) as pilot:
        await drive(pilot)
        assert_only_ascii("too-small", svg_text(app.export_screenshot()))
