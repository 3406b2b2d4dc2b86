"""SIGTERM and SIGHUP (a closed terminal or SSH connection) end the program the way leaving the
game does: the save is kept, every bot's process group is ended, the exit status is the
shell's for that signal, and no traceback is shown; and the program ends even when its clean-up
is stuck (a terminal that takes no output).  Also: leaving the table while a bot thinks does not
wait for it."""

from __future__ import annotations

import fcntl
import os
import pty
import random
import signal
import struct
import subprocess
import sys
import termios
import textwrap
import threading
import time
from pathlib import Path

import pytest
from processes import group_gone

from kc_tui.games.kings_corner.ai import make_player
from kc_tui.games.kings_corner.ai.bots import BotPlayer
from kc_tui.games.kings_corner.engine.rules import build_rules
from kc_tui.games.kings_corner.engine.service import GameService, Seat
from kc_tui.storage import Settings, load_save, lock_file, unlock_file
from kc_tui.tui.app import KingsCornerApp

PY = sys.executable

SHORT_GRACE = textwrap.dedent("""
    import sys
    import kc_tui.cli.signals
    kc_tui.cli.signals.GRACE = 0.5  # the watchdog's grace, short for the test
""")
"""The start of a program run with ``-c`` that stops as the real one does, with a short grace."""



def stubborn_bot(tmp_path: Path, answers: bool = True) -> tuple[str, Path]:
    """A bot that ignores SIGTERM and the end of its input, with a child that holds its output
    open; each one started writes its process group into the folder returned.  It answers each
    turn with no moves, or with ``answers`` False never answers."""
    groups = tmp_path / "bot-groups"
    groups.mkdir()
    script = tmp_path / "stubborn.py"
    script.write_text(textwrap.dedent(f"""
        import os, signal, subprocess, sys, time
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        subprocess.Popen([{PY!r}, "-c", "import time; time.sleep(300)"])
        open(os.path.join({str(groups)!r}, str(os.getpgid(0))), "w").close()
        for line in sys.stdin:
            if {answers!r} and '"turn"' in line:
                print('{{"moves": []}}', flush=True)
        time.sleep(300)
    """))
    return f"{PY} {script}", groups


def bot_groups(groups: Path, count: int = 1) -> list[int]:
    """The process groups of the bots started so far, once there are ``count`` of them."""
    for _ in range(400):
        found = [int(p.name) for p in groups.iterdir()]
        if len(found) >= count:
            return found
        time.sleep(0.05)
    raise AssertionError(f"{count} bot(s) never started")


def saves_in(data: Path) -> list[Path]:
    folder = data / "saves"
    return sorted(folder.glob("*.json")) if folder.is_dir() else []


def wait_for_save(data: Path) -> None:
    for _ in range(400):
        if saves_in(data):
            return
        time.sleep(0.05)
    raise AssertionError("the game was never saved")


def env_for(tmp_path: Path) -> dict[str, str]:
    return {**os.environ, "KC_TUI_DATA_DIR": str(tmp_path / "data"),
            "KC_TUI_CONFIG_DIR": str(tmp_path / "config")}


@pytest.mark.timeout(60)
@pytest.mark.parametrize("signum", [signal.SIGHUP, signal.SIGTERM])
def test_a_signal_ends_the_line_mode_as_leaving_does(tmp_path: Path, signum: int) -> None:
    command, groups = stubborn_bot(tmp_path)
    proc = subprocess.Popen(
        [PY, "-m", "kc_tui", "play", "--plain", "--seed", "5", "--players", f"you,bot:{command}"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env=env_for(tmp_path),
    )
    try:
        started = bot_groups(groups)
        wait_for_save(tmp_path / "data")
        proc.send_signal(signum)
        out, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 128 + signum, (out, err)
    assert "Traceback" not in err and f"Stopped by {signal.Signals(signum).name}" in err
    assert saves_in(tmp_path / "data")
    assert all(group_gone(g) for g in started)


@pytest.mark.timeout(60)
@pytest.mark.parametrize("command", ["simulate", "tournament", "tournament --jobs 2", "demo"])
def test_a_signal_ends_a_headless_run_and_its_bots(tmp_path: Path, command: str) -> None:
    """With --jobs the bots run in worker processes, which must end them too."""
    bot, groups = stubborn_bot(tmp_path, answers=False)  # the signal comes while they think
    jobs = 2 if "--jobs" in command else 1
    extra = [] if command == "demo" else ["--rounds", str(jobs), "--bot-timeout", "60"]
    proc = subprocess.Popen(
        [PY, "-m", "kc_tui", *command.split(), "--seed", "5", "--players", f"bot:{bot},medium", *extra],
        stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env=env_for(tmp_path),
    )
    try:
        started = bot_groups(groups, jobs)
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 128 + signal.SIGTERM, (out, err)
    assert "Traceback" not in err and "Stopped by SIGTERM" in err
    assert all(group_gone(g) for g in started)


@pytest.mark.timeout(60)
def test_sighup_ends_the_table_as_leaving_does(tmp_path: Path) -> None:
    """The full-screen table in a terminal (a pseudo-terminal here, which the test reads)."""
    command, groups = stubborn_bot(tmp_path)
    main, secondary = pty.openpty()
    os.set_blocking(main, False)
    proc = subprocess.Popen(
        [PY, "-m", "kc_tui", "play", "--seed", "5", "--players", f"you,bot:{command}"],
        stdin=secondary, stdout=secondary, stderr=secondary,
        env={**env_for(tmp_path), "TERM": "xterm"},
    )
    os.close(secondary)
    shown = bytearray()

    def drain() -> None:
        try:
            while chunk := os.read(main, 65536):
                shown.extend(chunk)
        except (BlockingIOError, OSError):
            pass

    try:
        for _ in range(600):  # until the table is up and the game saved
            drain()
            if b"Your turn" in shown and any(groups.iterdir()) and saves_in(tmp_path / "data"):
                break
            time.sleep(0.05)
        proc.send_signal(signal.SIGHUP)
        for _ in range(600):  # the terminal keeps being read, so the app can write as it ends
            drain()
            if proc.poll() is not None:
                break
            time.sleep(0.05)
        drain()
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait()
        os.close(main)
    text = shown.decode("utf-8", "replace")
    assert proc.returncode == 128 + signal.SIGHUP, text[-500:]
    assert "Traceback" not in text and "Stopped by SIGHUP" in text
    assert saves_in(tmp_path / "data")
    assert all(group_gone(g) for g in bot_groups(groups))


@pytest.mark.timeout(60)
async def test_leaving_the_table_while_a_bot_thinks_is_immediate(tmp_path: Path) -> None:
    """q y while a silent bot with a long time limit thinks: the app ends without waiting for
    the bot's answer, and closing the game ends the bot."""
    script = tmp_path / "silent.py"
    script.write_text("import sys\nfor line in sys.stdin:\n    pass\n")
    answered = threading.Event()

    class WatchedBot(BotPlayer):
        def plan_turn(self, obs):  # type: ignore[no-untyped-def]
            try:
                return super().plan_turn(obs)
            finally:
                answered.set()

    bot = WatchedBot(f"{PY} {script}", 1, timeout=120)
    seats = [Seat("You"), Seat("Ada", "bot", None, bot),
             Seat("Ben", "ai", "medium", make_player("medium", random.Random(1)))]
    service = GameService(build_rules(3), seats, seed=8)
    app = KingsCornerApp(service, settings=Settings(ascii=True, pace=0, confirm_end=False))
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(400):
            if service.current == 1 and app.screen.computer.decision is not None:
                break
            if service.waiting_for_human():
                await pilot.press("e")
            await pilot.pause(0.02)
        assert service.current == 1, "the bot's turn never came"
        await pilot.press("q", "y")
    # The program's event loop waits for the thinking thread before it ends: that thread must
    # be done long before the bot's 120 s.
    assert answered.wait(timeout=30)
    service.close()
    assert group_gone(bot.pgid)


@pytest.mark.timeout(60)
def test_a_clean_up_that_never_ends_is_ended_after_the_grace(tmp_path: Path) -> None:
    """The stopping signal starts a clean-up that blocks for ever (as a write to a terminal
    nobody reads does) and a second signal is let pass: the program still ends, with the
    status of the first signal, and lets go of the files it locked."""
    claimed = tmp_path / "game.json"
    program = SHORT_GRACE + textwrap.dedent(f"""
        import threading
        from kc_tui.cli.signals import stopped_by_signals
        from kc_tui.storage import lock_file
        with stopped_by_signals():
            lock_file(__import__("pathlib").Path({str(claimed)!r}))
            try:
                print("ready", flush=True)
                threading.Event().wait()
            finally:
                print("stuck", flush=True)
                threading.Event().wait()
    """)
    proc = subprocess.Popen([PY, "-c", program], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None and proc.stdout.readline() == "ready\n"
        proc.send_signal(signal.SIGTERM)
        assert proc.stdout.readline() == "stuck\n"
        proc.send_signal(signal.SIGHUP)
        out, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 128 + signal.SIGTERM, err
    assert "Stopped by SIGTERM, but still running 0.5 seconds later" in err
    assert not claimed.with_name("game.json.lock").exists()
    lock_file(claimed)  # free: nobody holds it
    unlock_file(claimed)


@pytest.mark.timeout(60)
def test_the_table_ends_when_its_terminal_takes_no_output(tmp_path: Path) -> None:
    """SIGHUP while the table's terminal takes no output (stopped, as a terminal that went away
    or nobody reads): Textual's output thread blocks in its write, and the app's shutdown
    waits on it (and, with its queue full, the app's loop, so that it never hears of the
    signal).  The program ends all the same and the save can be resumed."""
    main, secondary = pty.openpty()
    os.set_blocking(main, False)
    proc = subprocess.Popen(
        [PY, "-c", SHORT_GRACE + "from kc_tui.cli import main\nsys.exit(main())",
         "play", "--seed", "3", "--players", "you,hard"],
        stdin=secondary, stdout=secondary, stderr=secondary,
        env={**env_for(tmp_path), "TERM": "xterm"},
    )
    shown = bytearray()
    try:
        for _ in range(600):  # until the table is up and the game saved
            try:
                while chunk := os.read(main, 65536):
                    shown.extend(chunk)
            except (BlockingIOError, OSError):
                pass
            if b"Your turn" in shown and saves_in(tmp_path / "data"):
                break
            time.sleep(0.05)
        termios.tcflow(secondary, termios.TCOOFF)
        for size in range(40):  # each new size is a whole screen to write, queued
            fcntl.ioctl(main, termios.TIOCSWINSZ, struct.pack("HHHH", 24 + size % 16, 80 + size, 0, 0))
            proc.send_signal(signal.SIGWINCH)
            time.sleep(0.02)
        proc.send_signal(signal.SIGHUP)
        for _ in range(600):
            if proc.poll() is not None:
                break
            time.sleep(0.05)
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait()
        os.close(main)
        os.close(secondary)
    assert proc.returncode == 128 + signal.SIGHUP
    [save] = saves_in(tmp_path / "data")
    assert not list(save.parent.glob("*.lock"))
    restored = load_save(save)  # the save can be resumed: nobody holds it
    restored.service.close()
    unlock_file(save)
