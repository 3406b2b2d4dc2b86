"""The log wraps again when the terminal changes width (issue 11): lines written at 120 columns
are read whole at 80, not cut at the log's right edge ("The edges show N 4H")."""

from __future__ import annotations

from screen_fixtures import four, wait_for_person

from kc_tui.storage import Settings
from kc_tui.tui.widgets import EventLog


def _shown(log: EventLog) -> list[str]:
    """Every line of the log as it is drawn: cut at the width of the log's content."""
    width = log.scrollable_content_region.width
    return [strip.crop(0, width).text.rstrip() for strip in log.lines]


def _words(lines: list[str]) -> str:
    return " ".join(" ".join(lines).split())


async def test_every_log_line_is_read_whole_after_the_terminal_narrows() -> None:
    app = four(Settings(pace=0, ascii=True))
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for_person(pilot)
        log = app.screen.query_one("#log", EventLog)
        written = [str(item.content) for item in log._written]
        assert any(len(text) > 60 for text in written)  # lines that must wrap at 80 columns
        wide = log.scrollable_content_region.width
        before = _words(_shown(log))
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        narrow = log.scrollable_content_region.width
        assert narrow < wide
        assert all(strip.cell_length <= narrow for strip in log.lines)
        shown = _words(_shown(log))
        for text in written:
            assert " ".join(text.split()) in shown, text
        assert shown == before  # the same lines, once each, in the same order
        # The newest line stays in view.
        assert log.scroll_y == log.max_scroll_y
        # And back to a wider terminal: fewer, longer lines, still whole.
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        assert all(strip.cell_length <= wide for strip in log.lines)
        assert all(" ".join(text.split()) in _words(_shown(log)) for text in written)


async def test_the_kings_reverse_log_wraps_again_too() -> None:
    """The second game's table keeps the same log: written at 120 columns, read whole at 80."""
    from reverse_fixtures import my_turn, reverse_app, until

    app = reverse_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, my_turn, "your turn")
        log = app.screen.query_one("#log", EventLog)
        log.write("A long line that is wider than the log of an eighty-column terminal can show at once.")
        await pilot.pause()
        written = [str(item.content) for item in log._written]
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        narrow = log.scrollable_content_region.width
        assert all(strip.cell_length <= narrow for strip in log.lines)
        shown = _words(_shown(log))
        for text in written:
            assert " ".join(text.split()) in shown, text


async def test_a_line_written_is_in_view_at_once() -> None:
    """The log scrolls to a new line as it is written, not after the next screen update (which
    drew the log unmoved under a "more below" note, then all of it again scrolled)."""
    app = four(Settings(pace=0, ascii=True))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_person(pilot)
        log = app.screen.query_one("#log", EventLog)
        for n in range(3):
            log.write(f"Line {n} of a few, written one after another with nothing drawn between.")
            assert log.scroll_y == log.max_scroll_y > 0
            assert "more below" not in str(log.border_subtitle)


async def test_a_scrolled_log_keeps_its_newest_line_in_view_through_resizes() -> None:
    """A log long enough to scroll went back to its top when the terminal grew, under no
    "more below" note: older lines read as the newest (an SSH play test)."""
    app = four(Settings(pace=0, ascii=True))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_person(pilot)
        log = app.screen.query_one("#log", EventLog)
        for i in range(30):
            log.write(f"Line {i} of a long round.")
        await pilot.pause()
        assert log.max_scroll_y > 0 and log.scroll_y == log.max_scroll_y
        for size in ((100, 30), (80, 24)):
            await pilot.resize_terminal(*size)
            await pilot.pause()
            await pilot.pause()
            assert log.scroll_y == log.max_scroll_y > 0, size
            assert log.border_subtitle == "^ more above", size
            assert _shown(log)[-1] == "Line 29 of a long round."
