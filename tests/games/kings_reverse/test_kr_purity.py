"""STYLE.md: Kings Reverse's engine and AI are pure Python, like the first game's: importing any
of their modules loads no Textual or Rich (checked in a fresh interpreter)."""

from __future__ import annotations

import pkgutil

from purity import ui_loaders

import kc_tui.games.kings_reverse.ai
import kc_tui.games.kings_reverse.engine

PURE = (kc_tui.games.kings_reverse.engine, kc_tui.games.kings_reverse.ai)
MODULES = sorted(f"{p.__name__}.{m.name}" for p in PURE for m in pkgutil.iter_modules(p.__path__))


def test_no_module_imports_a_ui_library() -> None:
    assert ui_loaders(MODULES, ("textual", "rich")) == ""


def test_every_level_of_the_first_game_has_a_kings_reverse_player() -> None:
    from kc_tui.games.kings_corner.ai import LEVELS as CORNER_LEVELS
    from kc_tui.games.kings_reverse.ai import LEVELS

    assert set(CORNER_LEVELS) <= set(LEVELS)
