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
    """Two workers more than there are cores: many tests spend their time waiting on a
    subprocess, a terminal, a browser or a bot, and the extra workers keep the cores busy
    meanwhile (the whole suite on the two-core machine: 147 s with four workers, 162 s with
    three, 146 s with five)."""
    return (os.cpu_count() or 1) + 2


_FIRST = "tests/platform/web/test_browser.py::"
"""The browser tests: a real Chromium, about 20 s of tests between them (one round alone ~11 s)."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The browser tests first, the rest in their order.  Their folder sorts last, so they ran
    last, and one worker was still busy with them some seconds after the others had run out of
    tests; run first, the short tests even out the end."""
    items.sort(key=lambda item: not item.nodeid.startswith(_FIRST))
