"""What the player can set about the table: theme, card style, AI pace, confirmations and the bell.

Pure data (no Textual): the table reads it, the settings screen edits it, and the command line
fills it from ``--theme``, ``--ascii`` and ``--pace``.
"""

from __future__ import annotations

import json
import tomllib
from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import Any, Mapping

from ..core.i18n import LANGUAGES, N_, Domain
from ..core.kinds import NAME_LENGTH
from ..core.text import visible
from .files import UnreadableFile, read_text, write_atomic
from .paths import settings_path

__all__ = [
    "Settings", "THEMES", "CARD_STYLES", "PACES", "SettingsError", "load_settings", "save_settings",
    "settings_toml",
]

_, ngettext, pgettext, L_, Ln_ = Domain.of(__package__).functions()

THEMES: Mapping[str, str] = {
    "default": N_("the dark default, colours chosen by the game"),
    "light": N_("dark text on a light background"),
    "high-contrast": N_("black and white with bright, bold accents"),
    "ansi": N_("the terminal's own 16-colour palette (dark background)"),
    "ansi-light": N_("the terminal's own 16-colour palette (light background)"),
}
"""Theme names and what each looks like (``--theme NAME``; marked English, said where shown)."""

CARD_STYLES: Mapping[str, str] = {
    "two-colour": N_("hearts and diamonds red, clubs and spades in the text colour"),
    "four-colour": N_("hearts red, diamonds blue, clubs green, spades in the text colour"),
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
    bell: bool = False
    """Ring the terminal bell as a person's turn starts at the table (the line mode's ``--bell``)."""
    players: tuple[str, ...] = ("you", "hard", "hard", "hard")
    """The new-game screen's seats, as seat specs (what was last played)."""
    preset: str = "standard"
    rules: tuple[tuple[str, Any], ...] = ()
    """Rule options set on top of the preset, as (option, value) pairs."""
    names: tuple[str, ...] = ()
    """The names typed for the new-game screen's seats ("" where the default was kept)."""
    language: str = "auto"
    """``auto`` (the terminal's, from the environment) or a language code of
    :data:`kc_tui.core.i18n.LANGUAGES`; ``--lang`` overrides it for one run."""

    def __post_init__(self) -> None:
        if self.theme not in THEMES:
            raise SettingsError(_("unknown theme {theme!r}; the themes are {themes}")
                                .format(theme=self.theme, themes=", ".join(THEMES)))
        if self.cards not in CARD_STYLES:
            raise SettingsError(_("unknown card style {style!r}; the styles are {styles}")
                                .format(style=self.cards, styles=", ".join(CARD_STYLES)))
        if isinstance(self.pace, bool) or not isinstance(self.pace, (int, float)) or not 0 <= self.pace <= 5:
            raise SettingsError(_("the AI pace is from 0 to 5 seconds a move; got {pace!r}")
                                .format(pace=self.pace))
        for name in ("ascii", "confirm_end", "confirm_quit", "bell"):
            if not isinstance(getattr(self, name), bool):
                # Translators: {name} is the setting's name in the settings file (bell, ascii...).
                raise SettingsError(_("{name} must be true or false; got {value!r}")
                                    .format(name=name, value=getattr(self, name)))
        if (not isinstance(self.players, tuple) or not 2 <= len(self.players) <= 6
                or not all(isinstance(p, str) for p in self.players)):
            raise SettingsError(_("players must be 2 to 6 seats; got {players!r}")
                                .format(players=self.players))
        if not isinstance(self.preset, str) or not isinstance(self.rules, tuple):
            raise SettingsError(_("preset must be a name and rules a table of options"))
        if (not isinstance(self.names, tuple) or len(self.names) > 6
                or not all(isinstance(n, str) and len(n) <= NAME_LENGTH for n in self.names)):
            raise SettingsError(_("names must be up to 6 names of up to {most} characters; got {names!r}")
                                .format(most=NAME_LENGTH, names=self.names))

        if self.language != "auto" and self.language not in LANGUAGES:
            raise SettingsError(_("unknown language {lang!r}; the languages are auto, {languages}")
                                .format(lang=self.language, languages=", ".join(LANGUAGES)))

    def with_(self, **changes: Any) -> Settings:
        """A copy with some settings changed (checked)."""
        unknown = set(changes) - {f.name for f in fields(self)}
        if unknown:
            raise SettingsError(_("unknown setting {name!r}").format(name=sorted(unknown)[0]))
        return replace(self, **changes)

    def as_dict(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


# ---------------------------------------------------------------------- the settings file
RULE_OPTIONS = ("hand_size", "draw", "kings_to_corners_at_deal", "mandatory_kings", "royal_kings",
                "scoring", "target")
"""The rule options the settings may remember (docs/rules.md R6; players come from the seats)."""


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value)  # a TOML basic string is JSON-compatible for these values
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    raise SettingsError(f"cannot write {value!r} to the settings file")


def settings_toml(settings: Settings) -> str:
    """The settings as TOML (data only)."""
    lines = ["# Kings in the Corner settings; the game rewrites this file when settings change.", ""]
    for f in fields(settings):
        if f.name != "rules":
            lines.append(f"{f.name} = {_toml_value(getattr(settings, f.name))}")
    lines += ["", "[rules]"]
    lines += [f"{key} = {_toml_value(value)}" for key, value in settings.rules]
    return "\n".join(lines) + "\n"


MAX_SETTINGS_BYTES = 1 << 16
"""The largest settings file read: the game writes well under a kilobyte."""


def load_settings(path: Path | None = None) -> tuple[Settings, str | None]:
    """The saved settings, and a warning when the file could not be used (the defaults are
    used then, and the file is left as it is until the settings change)."""
    path = path or settings_path()
    shown = visible(str(path))
    try:
        data = tomllib.loads(read_text(path, MAX_SETTINGS_BYTES))
    except UnreadableFile as exc:
        if exc.missing:
            return Settings(), None
        # Translators: {problem} is said of the file ("is not a regular file", "cannot be read: ...").
        return Settings(), _("The settings file {path} {problem}; the defaults are used.").format(
            path=shown, problem=exc)
    except tomllib.TOMLDecodeError as exc:
        return Settings(), _("The settings file {path} cannot be read ({why}); the defaults are "
                             "used.").format(path=shown, why=exc)
    except RecursionError:
        # tomllib reads nested arrays and tables recursively: thousands of levels exhaust it.
        return Settings(), _("The settings file {path} is nested too deeply to be read; the defaults are "
                             "used.").format(path=shown)
    try:
        known = {f.name for f in fields(Settings)}
        values = {k: v for k, v in data.items() if k in known}
        for key in ("players", "names"):
            if key in values:
                # Seat specs and names are shown on the new-game screen: made visible, as every
                # text from a file is.
                values[key] = (tuple(visible(v) if isinstance(v, str) else v for v in values[key])
                               if isinstance(values[key], list) else None)
        if "rules" in values:
            # Only rule options with plain values are kept; anything else is dropped.
            rules = values["rules"] if isinstance(values["rules"], dict) else {}
            values["rules"] = tuple((k, v) for k, v in rules.items()
                                    if k in RULE_OPTIONS and isinstance(v, (bool, int, str)))
        if isinstance(values.get("pace"), int) and not isinstance(values.get("pace"), bool):
            values["pace"] = float(values["pace"])
        return Settings(**values), None
    except (SettingsError, TypeError) as exc:
        return Settings(), _("The settings file {path} has a wrong value ({why}); the defaults are "
                             "used.").format(path=shown, why=visible(str(exc)))


def save_settings(settings: Settings, path: Path | None = None) -> str | None:
    """Write the settings atomically; a message if that failed (the game goes on)."""
    path = path or settings_path()
    try:
        write_atomic(path, settings_toml(settings))
    except OSError as exc:
        return _("Cannot save the settings to {path}: {why}.").format(path=path, why=exc.strerror or exc)
    except SettingsError as exc:
        return _("Cannot save the settings: {why}.").format(why=exc)
    return None
