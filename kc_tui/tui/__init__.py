"""The Textual front end: screens own the flow, widgets render and post messages up, the engine
service owns the game."""

from __future__ import annotations

from pathlib import Path

__all__ = ["style_path"]


def style_path(name: str) -> Path:
    """A stylesheet of the platform's screens, in ``kc_tui/tui/styles`` (a game's own stylesheets
    are in its ``tui`` part, beside the screens that load them)."""
    path = Path(__file__).resolve().parent / "styles" / name
    if not path.is_file():
        raise FileNotFoundError(f"stylesheet {name} is missing from the installation")
    return path
