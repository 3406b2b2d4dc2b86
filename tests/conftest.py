"""Shared by every test: the game's data and config never touch the real user's folders."""

from __future__ import annotations

import os
from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _private_user_dirs(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    base = tmp_path_factory.mktemp("user")
    monkeypatch.setenv("KC_TUI_DATA_DIR", str(base / "data"))
    monkeypatch.setenv("KC_TUI_CONFIG_DIR", str(base / "config"))
    return base


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """One worker more than there are cores: many tests spend their time waiting on a
    subprocess, a terminal or a bot, and the extra worker keeps the cores busy meanwhile
    (the whole suite on the two-core machine: about 65 s instead of 83 s)."""
    return (os.cpu_count() or 1) + 1
