"""Textual made lighter for many apps in one process (kc_tui/tui/thrift.py): a line's caches are
made when first used and answer as before; each style sheet is parsed once a process and theme,
and two apps draw from the very same rules; a screen is laid out once a size; two lobbies draw
the same line of their lists once."""

from __future__ import annotations

import gc

import pytest
from rich.segment import Segment
from rich.style import Style
from screen_fixtures import four, wait_for_person
from textual import events
from textual.app import App, ComposeResult
from textual.cache import FIFOCache
from textual.css.stylesheet import Stylesheet
from textual.geometry import Size
from textual.screen import Screen
from textual.strip import Strip
from textual.widgets import Label

from kc_tui.storage import Settings
from kc_tui.tui.thrift import CACHE_SLOTS, thrifty
from kc_tui.tui.widgets import PickList


def _made(strip: Strip, name: str) -> FIFOCache | None:
    try:
        return Strip.__dict__[name].slot.__get__(strip, Strip)
    except AttributeError:
        return None


def test_all_three_apply_to_the_textual_installed() -> None:
    # An upgrade of Textual that changes Strip, Stylesheet or Screen fails here, not silently.
    assert thrifty()


def test_a_new_line_holds_no_cache_and_tracks_few_objects() -> None:
    segments = [Segment("abc", Style(bold=True)), Segment("de")]
    gc.collect()
    before = len(gc.get_objects())
    strips = [Strip(segments) for _ in range(1000)]
    made = len(gc.get_objects()) - before
    # A strip and its list of segments; Textual's own made seven caches more for each.
    assert made < 2.5 * len(strips)
    assert all(_made(strips[0], name) is None for name in CACHE_SLOTS)


def test_a_line_caches_what_it_computes_once_used() -> None:
    strip = Strip([Segment("hello", Style(bold=True)), Segment(" world")])
    assert _made(strip, "_crop_cache") is None
    cropped = strip.crop(1, 8)
    assert cropped.text == "ello wo"
    assert strip.crop(1, 8) is cropped  # the second answer comes from the cache, made now
    assert isinstance(_made(strip, "_crop_cache"), FIFOCache)
    assert _made(strip, "_divide_cache") is None
    halves = strip.divide([5, 11])
    assert [part.text for part in halves] == ["hello", " world"]
    assert strip.divide([5, 11]) is halves
    styled = strip.apply_style(Style(italic=True))
    assert strip.apply_style(Style(italic=True)) is styled
    assert all(segment.style is not None and segment.style.italic for segment in styled)
    assert strip.adjust_cell_length(14).cell_length == 14
    assert strip.extend_cell_length(13).text == "hello world  "


async def test_two_apps_draw_from_the_same_parsed_rules() -> None:
    first, second = four(Settings(pace=0)), four(Settings(pace=0))
    async with first.run_test(size=(80, 24)) as pilot:
        await wait_for_person(pilot)
        rules = {id(rule) for rule in first.stylesheet.rules}
        assert rules
    async with second.run_test(size=(80, 24)) as pilot:
        await wait_for_person(pilot)
        assert {id(rule) for rule in second.stylesheet.rules} == rules


def _rules(variables: dict[str, str]) -> list[object]:
    sheet = Stylesheet(variables=variables)
    sheet.add_source("Static { color: $kc-test; width: 3; }", read_from=("test", "Static"))
    sheet.parse()
    return sheet.rules  # type: ignore[return-value]


def test_another_theme_parses_its_own_rules() -> None:
    red = _rules({"kc-test": "red"})
    assert _rules({"kc-test": "red"})[0] is red[0]
    blue = _rules({"kc-test": "blue"})
    assert blue[0] is not red[0]
    assert "#0000FF" in blue[0].styles.css and "#FF0000" in red[0].styles.css  # type: ignore[attr-defined]


def test_an_app_with_the_same_sheets_takes_the_whole_parse_and_its_map() -> None:
    def sheet(extra: str) -> Stylesheet:
        made = Stylesheet(variables={"kc-test": "red"})
        made.add_source("Static { color: $kc-test; }", read_from=("test", "Static"))
        made.add_source(extra, read_from=("test", "extra"))
        made.parse()
        return made

    first, second = sheet("Label { width: 3; }"), sheet("Label { width: 3; }")
    assert second.rules is first.rules and second.rules_map is first.rules_map
    other = sheet("Label { width: 4; }")  # another source: its own parse, its own map
    assert other.rules is not first.rules and other.rules_map is not first.rules_map
    assert other.rules[0] is first.rules[0]  # (the source they share is parsed once)
    assert "width: 4" in other.css and "width: 3" in first.css


class _Counted(App[None]):
    def compose(self) -> ComposeResult:
        yield Label("a line")


async def test_a_screen_takes_a_resize_to_the_size_it_is_laid_out_at_without_a_layout(
        monkeypatch: pytest.MonkeyPatch) -> None:
    laid_out: list[Size] = []
    own = Screen._refresh_layout

    def counted(self: Screen[object], size: Size | None = None, scroll: bool = False) -> None:
        laid_out.append(self._compositor.size if size is None else size)
        own(self, size, scroll)

    app = _Counted()
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        monkeypatch.setattr(Screen, "_refresh_layout", counted)
        app.screen.post_message(events.Resize(Size(60, 20), Size(60, 20)))
        await pilot.pause()
        assert laid_out == []
        app.screen.post_message(events.Resize(Size(50, 12), Size(50, 12)))  # another size: laid out
        await pilot.pause()
        assert Size(50, 12) in laid_out
        assert app.screen._compositor.size == Size(50, 12)


class _Lists(App[None]):
    def __init__(self, lines: list[str]) -> None:
        super().__init__()
        self.lines = lines

    def compose(self) -> ComposeResult:
        yield PickList(*self.lines)


async def test_two_apps_lists_of_the_same_lines_draw_them_once() -> None:
    drawn: list[list[Strip]] = []
    for lines in (["Table 1  Friday", "Table 2  Eve's"], ["Table 1  Friday", "Table 2  Bob's"]):
        app = _Lists(lines)
        async with app.run_test(size=(40, 8)) as pilot:
            await pilot.pause()
            listing = app.query_one(PickList)
            style = listing.get_visual_style("option-list--option")
            drawn.append([listing._get_option_render(listing.get_option_at_index(i), style) for i in (0, 1)])
            assert drawn[-1][1][0].text.startswith(lines[1])
    assert drawn[1][0] is drawn[0][0]  # the same line, at the same place: drawn once
    assert drawn[1][1] is not drawn[0][1]
