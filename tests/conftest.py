"""Shared by every test: the game's data and config never touch the real user's folders."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _private_user_dirs(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    base = tmp_path_factory.mktemp("user")
    monkeypatch.setenv("KC_TUI_DATA_DIR", str(base / "data"))
    monkeypatch.setenv("KC_TUI_CONFIG_DIR", str(base / "config"))
    return base
