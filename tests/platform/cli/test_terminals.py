"""Terminals that cannot draw the glyphs (issue 11): a console such as TERM=linux or vt100, or a
locale that is not UTF-8, gets ASCII by itself; --ascii and --no-ascii force either way, and
none of it is saved as a setting."""

from __future__ import annotations

import argparse

import pytest

from kc_tui.cli.common import glyphs_likely, look_overrides

UTF8 = {"TERM": "xterm-256color", "LANG": "en_GB.UTF-8"}


def _args(ascii_only: bool | None = None) -> argparse.Namespace:
    return argparse.Namespace(ascii=ascii_only, theme=None, pace=None)


@pytest.mark.parametrize("term", ["linux", "vt100", "vt220", "linux-16color"])
def test_a_console_terminal_gets_ascii(term: str) -> None:
    env = {**UTF8, "TERM": term}
    assert not glyphs_likely(env)
    assert look_overrides(_args(), env) == {"ascii": True}


@pytest.mark.parametrize("locale", [{"LANG": "C"}, {"LANG": "POSIX"}, {}, {"LANG": "en_US.ISO-8859-1"},
                                    {"LANG": "en_GB.UTF-8", "LC_ALL": "C"},
                                    {"LANG": "en_GB.UTF-8", "LC_CTYPE": "C"}])
def test_a_locale_that_is_not_utf8_gets_ascii(locale: dict[str, str]) -> None:
    env = {"TERM": "xterm-256color", **locale}
    assert not glyphs_likely(env)
    assert look_overrides(_args(), env) == {"ascii": True}


@pytest.mark.parametrize("locale", [{"LANG": "C.UTF-8"}, {"LANG": "en_GB.utf8"},
                                    {"LANG": "C", "LC_ALL": "de_DE.UTF-8"}])
def test_a_utf8_terminal_keeps_the_saved_setting(locale: dict[str, str]) -> None:
    env = {"TERM": "xterm-256color", **locale}
    assert glyphs_likely(env)
    assert look_overrides(_args(), env) == {}


def test_ascii_and_no_ascii_force_either_way() -> None:
    console = {"TERM": "linux", "LANG": "C"}
    assert look_overrides(_args(False), console) == {"ascii": False}
    assert look_overrides(_args(True), UTF8) == {"ascii": True}


def test_the_command_line_offers_both_ways() -> None:
    from kc_tui.cli import build_parser

    parser = build_parser()
    assert parser.parse_args(["play", "--no-ascii"]).ascii is False
    assert parser.parse_args(["play", "--ascii"]).ascii is True
    assert parser.parse_args(["play"]).ascii is None


def test_bell_on_the_command_line_rings_at_the_table_for_this_run_only() -> None:
    args = argparse.Namespace(ascii=None, theme=None, pace=None, bell=True)
    assert look_overrides(args, UTF8) == {"bell": True}
    assert look_overrides(argparse.Namespace(ascii=None, theme=None, pace=None, bell=False), UTF8) == {}
