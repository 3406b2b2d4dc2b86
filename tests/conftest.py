"""Shared by every test: the game's data and config never touch the real user's folders."""

from __future__ import annotations

import compileall
import gc
import os
from pathlib import Path
from typing import Callable, Iterator

import pytest

from kc_tui.core.i18n import set_default_language

# Each worker makes and ends a thousand Textual apps, whose widgets and strips churn through the
# cycle collector's older generations: with Python's default thresholds (700, 10, 10) its full
# collections, over an ever larger heap, took a fifth of the CPU time of the screen tests (25 s of
# 107 s in tests/platform/tui, tests/platform/net and tests/games/kings_corner/tui; 6 s with
# these).  The same thresholds as the SSH server's (kc_tui/ssh/collector.py, THRESHOLDS): young
# garbage is still collected, every 100,000 allocations.
gc.set_threshold(100_000, 20, 20)


@pytest.fixture(autouse=True)
def _private_user_dirs(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    base = tmp_path_factory.mktemp("user")
    monkeypatch.setenv("KC_TUI_DATA_DIR", str(base / "data"))
    monkeypatch.setenv("KC_TUI_CONFIG_DIR", str(base / "config"))
    return base


@pytest.fixture(autouse=True)
def _english_unless_asked(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every test (and every program a test starts) speaks English, whatever the machine's
    locale, unless it asks for a language (:func:`in_language`); the process's language is put
    back after each test."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    set_default_language("en")
    yield
    set_default_language("en")


@pytest.fixture
def in_language() -> Callable[[str], None]:
    """Speak a language for the rest of the test (the process's language: the local app, the
    line mode): ``in_language("es")``."""
    return set_default_language


def pytest_configure(config: pytest.Config) -> None:
    """Compile the game's modules and the tests' helpers once, before the workers start, even
    where PYTHONDONTWRITEBYTECODE is set.  Otherwise each process the
    suite starts (the workers, the servers' worker processes, the commands it runs) compiled
    every module it imported again: about 30 s of processor time a run from a clean clone."""
    if hasattr(config, "workerinput"):
        return
    root = Path(__file__).resolve().parent.parent
    for folder in ("kc_tui", "tests"):
        compileall.compile_dir(root / folder, quiet=1)
    _rewrite_asserts_once(config, root / "tests")


def _rewrite_asserts_once(config: pytest.Config, tests: Path) -> None:
    """Write pytest's rewritten test modules (their asserts made to explain themselves) once,
    before the workers start.  Where PYTHONDONTWRITEBYTECODE is set pytest reads such files but
    never writes them, so every worker rewrote all 144 test modules and the plugins as it
    collected: 7 s of processor time a worker to collect the suite, 2.4 s with them written.
    This uses pytest's own functions for it (private ones: if they are not there, nothing is
    done and the workers rewrite as before)."""
    try:
        from _pytest.assertion import rewrite

        state = config.stash.get(rewrite.assertstate_key, None)
        hook = getattr(state, "hook", None)
        if state is None or hook is None:
            return  # (--assert=plain: nothing is rewritten)
        modules = [p for p in tests.rglob("*.py") if p.name.startswith("test_") or p.name == "conftest.py"]
        modules += [Path(p) for p in getattr(hook, "_rewritten_names", {}).values()]
        for source in modules:
            pyc = rewrite.get_cache_dir(source) / (source.name[:-3] + rewrite.PYC_TAIL)
            if rewrite._read_pyc(source, pyc) is None and rewrite.try_makedirs(pyc.parent):
                stat, code = rewrite._rewrite_test(source, config)
                rewrite._write_pyc(state, code, stat, pyc)
    except (ImportError, AttributeError, TypeError, OSError, SyntaxError):
        return


def pytest_unconfigure(config: pytest.Config) -> None:
    """Set what the tests left aside from the cycle collector before pytest's last look for
    exceptions raised in finalizers: it collects five times in full, and each worker's heap at
    its end (the objects of some hundreds of apps) made that about 3 s a worker, the last of
    them on the suite's wall clock.  Garbage the collector finds during the run (every 100,000
    allocations) is still looked at; only what the last tests of a worker leave is not."""
    gc.freeze()


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """Two workers more than there are cores: many tests spend their time waiting on a
    subprocess, a terminal, a browser or a bot, and the extra workers keep the cores busy
    meanwhile (the whole suite on the two-core machine: 147 s with four workers, 162 s with
    three, 146 s with five)."""
    return (os.cpu_count() or 1) + 2


_FIRST = ("tests/platform/web/test_browser.py::", "tests/platform/net/test_hosts_link.py::",
          "tests/platform/net/test_hosts.py::")
"""Tests that mostly wait, first: a real Chromium (about 30 s of tests between them, one round
alone some 15 s), and the hosts sharing a lobby over Redis (some 120 s of tests that wait out
leases and take-overs, with 4 s of processor time between them)."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The tests that mostly wait first, the rest in their order.  Their folders sort last, so
    they ran last: the suite kept both cores busy until its last twenty seconds, when the hosts'
    tests were left waiting on their leases with nothing to run beside them.  Run first, their
    waits overlap the other workers' work, and the short tests even out the end."""
    items.sort(key=lambda item: not item.nodeid.startswith(_FIRST))
