"""What the front-end commands share: the look options (``--ascii``, ``--theme``, ``--pace``), the
test for a terminal, and the settings with those options on top.  The arguments of a game's set-up
(seats, rules, seeds, the AI's time) are :mod:`kc_tui.ai.arguments`, shared with the AI's commands."""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

from ..storage import THEMES, Settings, load_settings

__all__ = ["add_look_options", "full_screen", "settings_from"]


def add_look_options(p: argparse.ArgumentParser) -> None:
    """``--ascii``, ``--theme`` and ``--pace``: for this run only (:func:`settings_from`)."""
    p.add_argument("--ascii", action="store_true",
                   help="no box drawing and no suit glyphs: cards as 7H, TS, KC")
    p.add_argument("--theme", choices=list(THEMES), default=None,
                   help="colour theme: " + "; ".join(f"{k}: {v}" for k, v in THEMES.items()))
    p.add_argument("--pace", type=_pace, default=None, metavar="SECONDS",
                   help="seconds each move of a computer turn stays on screen, 0 to 5 (default 0.4)")


def _pace(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected seconds, got {text!r}") from None
    if not 0 <= value <= 5:
        raise argparse.ArgumentTypeError(f"expected 0 to 5 seconds, got {value:g}")
    return value


def full_screen() -> bool:
    """Can the full-screen interface run here?  Not when input or output is not a terminal,
    nor on TERM=dumb."""
    return sys.stdin.isatty() and sys.stdout.isatty() and os.environ.get("TERM") != "dumb"


def settings_from(args: argparse.Namespace) -> tuple[Settings, str | None]:
    """The saved settings with what the command line sets on top (for this run only), and a
    warning if the settings file could not be used."""
    settings, warning = load_settings()
    changes: dict[str, Any] = {}
    if args.ascii:
        changes["ascii"] = True
    if args.theme is not None:
        changes["theme"] = args.theme
    if args.pace is not None:
        changes["pace"] = args.pace
    return settings.with_(**changes), warning
