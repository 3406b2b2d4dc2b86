"""What the front-end commands share: the look options (``--ascii``, ``--theme``, ``--pace``), the
test for a terminal, and the settings with those options on top.  The arguments of a game's set-up
(seats, rules, seeds, the AI's time) are the game's own, in its ``cli`` part."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Mapping
from typing import Any

from ..storage import THEMES, Settings, load_settings

__all__ = ["add_look_options", "full_screen", "glyphs_likely", "look_overrides", "settings_from"]


def add_look_options(p: argparse.ArgumentParser) -> None:
    """``--ascii``, ``--theme`` and ``--pace``: for this run only (:func:`settings_from`)."""
    p.add_argument("--ascii", action=argparse.BooleanOptionalAction, default=None,
                   help="no box drawing and no suit glyphs: cards as 7H, TS, KC (the default on a "
                        "console such as TERM=linux or vt100, or with a locale that is not UTF-8); "
                        "--no-ascii draws them anyway")
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


WEB_DRIVER = "textual.drivers.web_driver:WebDriver"
"""The Textual driver textual-serve names in ``TEXTUAL_DRIVER`` for each browser tab's process
(``kings-corner web``): its input and output are pipes, and the screen is drawn all the same."""


def full_screen() -> bool:
    """Can the full-screen interface run here?  Not when input or output is not a terminal,
    nor on TERM=dumb; always in a browser tab (``kings-corner web``)."""
    if os.environ.get("TEXTUAL_DRIVER") == WEB_DRIVER:
        return True
    return sys.stdin.isatty() and sys.stdout.isatty() and os.environ.get("TERM") != "dumb"


GLYPHLESS_TERMS = frozenset({"linux", "vt52", "vt100", "vt102", "vt220", "vt320", "cons25", "ansi"})
"""Terminals whose fonts cannot be relied on for box drawing and suit glyphs (the Linux console,
the DEC terminals and their emulations)."""


def glyphs_likely(env: Mapping[str, str] = os.environ) -> bool:
    """Can this terminal be expected to draw box lines and suit glyphs?  Not a console of
    :data:`GLYPHLESS_TERMS`, nor under a locale that is not UTF-8 (``LANG=C``; the locale is the
    first of LC_ALL, LC_CTYPE and LANG that is set, and none set is the C locale)."""
    if env.get("TERM", "").split("-")[0] in GLYPHLESS_TERMS:
        return False
    locale = next((env[k] for k in ("LC_ALL", "LC_CTYPE", "LANG") if env.get(k)), "C")
    return "utf-8" in locale.lower() or "utf8" in locale.lower()


def look_overrides(args: argparse.Namespace, env: Mapping[str, str] = os.environ) -> dict[str, Any]:
    """What this run's command line (and a terminal that cannot draw glyphs) sets over the
    saved settings, for this run only."""
    changes: dict[str, Any] = {}
    if args.ascii is not None:
        changes["ascii"] = args.ascii
    elif not glyphs_likely(env):
        changes["ascii"] = True
    if args.theme is not None:
        changes["theme"] = args.theme
    if args.pace is not None:
        changes["pace"] = args.pace
    if getattr(args, "bell", False):  # only the commands that play take --bell
        changes["bell"] = True
    return changes


def settings_from(args: argparse.Namespace) -> tuple[Settings, str | None]:
    """The saved settings with what the command line sets on top (for this run only), and a
    warning if the settings file could not be used."""
    settings, warning = load_settings()
    return settings.with_(**look_overrides(args)), warning
