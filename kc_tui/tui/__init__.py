"""The Textual front end: screens own the flow, widgets render and post messages up, the engine
service owns the game."""

from __future__ import annotations

from pathlib import Path

__all__ = ["style_path"]


def style_path(name: str) -> Path:
    """A stylesheet of ``styles/``: beside the package in a source tree, inside it once installed
    (pyproject maps ``styles/`` to ``kc_tui/styles``)."""
    here = Path(__file__).resolve().parent
    for folder in (here.parent.parent / "styles", here.parent / "styles"):
        if (folder / name).is_file():
            return folder / name
    raise FileNotFoundError(f"stylesheet {name} is missing from the installation")
