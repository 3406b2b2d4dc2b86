"""Every folder the game keeps files in, in one place: the data folder (saves, and finished
sessions' transcripts) and the config folder (the settings).  ``KC_TUI_DATA_DIR`` and
``KC_TUI_CONFIG_DIR`` override platformdirs' choice of them."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Callable

from platformdirs import user_config_dir, user_data_dir

__all__ = ["data_dir", "saves_dir", "transcripts_dir", "config_dir", "settings_path"]

_APP = "kings-corner"
_DATA_ENV = "KC_TUI_DATA_DIR"
_CONFIG_ENV = "KC_TUI_CONFIG_DIR"


def data_dir() -> Path:
    """Where saves and finished sessions' transcripts live: ``$KC_TUI_DATA_DIR``, or the user's
    data directory (platformdirs)."""
    return _folder(_DATA_ENV, user_data_dir)


def saves_dir() -> Path:
    return data_dir() / "saves"


def transcripts_dir() -> Path:
    return data_dir() / "transcripts"


def config_dir() -> Path:
    """``$KC_TUI_CONFIG_DIR``, or the user's config directory (platformdirs)."""
    return _folder(_CONFIG_ENV, user_config_dir)


def settings_path() -> Path:
    return config_dir() / "settings.toml"


def _folder(override_env: str, default: Callable[..., str]) -> Path:
    override = os.environ.get(override_env)
    if override:
        return Path(override).expanduser()
    return Path(default(_APP, appauthor=False))
