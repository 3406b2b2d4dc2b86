"""Textual made lighter for many apps in one process (kc_tui/tui/thrift.py): a line's caches are
made when first used and answer as before; each style sheet is parsed once a process and theme,
and two apps draw from the very same rules."""

from __future__ import annotations

import gc

from rich.segment import Segment
from rich.style import Style
from screen_fixtures import four, wait_for_person
from textual.cache import FIFOCache
from textual.css.stylesheet import Stylesheet
from textual.strip import Strip

from kc_tui.storage import Settings
from kc_tui.tui.thrift import CACHE_SLOTS, thrifty


def _made(strip: Strip, name: str) -> FIFOCache | None:
    try:
        return Strip.__dict__[name].slot.__get__(strip, Strip)
    except AttributeError:
        return None


def test_both_apply_to_the_textual_installed() -> None:
    # An upgrade of Textual that changes Strip or Stylesheet fails here, not silently.
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
