"""What the player can set about the table: theme, card style, AI pace and confirmations.

Pure data (no Textual): the table reads it, the settings screen edits it, and the command line
fills it from ``--theme``, ``--ascii`` and ``--pace``.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any, Mapping

__all__ = ["Settings", "THEMES", "CARD_STYLES", "PACES", "SettingsError"]

THEMES: Mapping[str, str] = {
    "default": "the dark default, colours chosen by the game",
    "light": "dark text on a light background",
    "high-contrast": "black and white with bright, bold accents",
    "ansi": "the terminal's own 16-colour palette (dark background)",
    "ansi-light": "the terminal's own 16-colour palette (light background)",
}
"""Theme names and what each looks like (``--theme NAME``)."""

CARD_STYLES: Mapping[str, str] = {
    "two-colour": "hearts and diamonds red, clubs and spades in the text colour",
    "four-colour": "hearts red, diamonds blue, clubs green, spades in the text colour",
}
"""Card colourings; the suit is always written too, so no colour is ever needed."""

PACES: tuple[float, ...] = (0.0, 0.2, 0.4, 0.8, 1.5)
"""The AI paces the settings screen offers, in seconds per move (0 is instant)."""


class SettingsError(ValueError):
    """A setting that does not exist or a value it cannot take."""


@dataclass(frozen=True, slots=True)
class Settings:
    """Everything the settings screen offers, immutable; change it with :meth:`with_`."""

    theme: str = "default"
    ascii: bool = False
    """No box drawing and no suit glyphs anywhere: cards in R1 notation (``TH``, ``KS``)."""
    cards: str = "two-colour"
    pace: float = 0.4
    """Seconds between two moves of a computer turn (0: the whole turn at once)."""
    confirm_end: bool = True
    """Ask before ending a turn while legal moves remain."""
    confirm_quit: bool = True
    """Ask before leaving a game in progress."""

    def __post_init__(self) -> None:
        if self.theme not in THEMES:
            raise SettingsError(f"unknown theme {self.theme!r}; the themes are {', '.join(THEMES)}")
        if self.cards not in CARD_STYLES:
            raise SettingsError(
                f"unknown card style {self.cards!r}; the styles are {', '.join(CARD_STYLES)}"
            )
        if isinstance(self.pace, bool) or not isinstance(self.pace, (int, float)) or not 0 <= self.pace <= 5:
            raise SettingsError(f"the AI pace is from 0 to 5 seconds a move; got {self.pace!r}")
        for name in ("ascii", "confirm_end", "confirm_quit"):
            if not isinstance(getattr(self, name), bool):
                raise SettingsError(f"{name} must be true or false; got {getattr(self, name)!r}")

    def with_(self, **changes: Any) -> "Settings":
        """A copy with some settings changed (checked)."""
        unknown = set(changes) - {f.name for f in fields(self)}
        if unknown:
            raise SettingsError(f"unknown setting {sorted(unknown)[0]!r}")
        return replace(self, **changes)

    def as_dict(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}
