"""``kings-corner serve`` as a program: what it prints, its host key, its refusals of bad
options, and a clean stop on SIGTERM that adjourns the game in progress."""

from __future__ import annotations

import os
import re
import signal
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from processes import descendants

pytestmark = pytest.mark.timeout(120)

SERVED = re.compile(r"^Tables \(Kings in the Corner, Kings Reverse\) are served on 127\.0\.0\.1:(\d+) — players connect with: "
                    r"ssh -p (\d+) HOST$")


def start(data: Path, *options: str, group: bool = False) -> tuple[subprocess.Popen[str], int, str]:
    """The server on a free port: the process, its port and its host key's fingerprint; with
    ``group``, in a process group of its own (as a terminal's Ctrl+C reaches it)."""
    process = subprocess.Popen(
        [sys.executable, "-m", "kc_tui", "serve", "--port", "0", "--data-dir", str(data), *options],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, encoding="utf-8", start_new_session=group,
        preexec_fn=_as_at_a_terminal if group else None,
    )
    assert process.stdout is not None
    first = process.stdout.readline().rstrip("\n")
    served = SERVED.match(first)
    assert served, first + process.stderr.read() if process.stderr else first
    assert served.group(1) == served.group(2)
    second = process.stdout.readline()
    fingerprint = re.search(r"SHA256:\S+", second)
    assert second.startswith("Host key fingerprint: SHA256:") and fingerprint
    return process, int(served.group(1)), fingerprint.group(0)


def _as_at_a_terminal() -> None:
    """Ctrl+C as a terminal's foreground command hears it (a test runner started in the
    background may have left it ignored, and every process of the server would inherit that)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def stop(process: subprocess.Popen[str], signalled: bool = False) -> tuple[int, str, str]:
    """SIGTERM (unless sent already) and the server's end; a server still running 30 s later
    is killed, so that no test leaves one behind, and the test fails."""
    if not signalled:
        process.send_signal(signal.SIGTERM)
    try:
        out, err = process.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        process.kill()
        process.communicate()
        raise
    return process.returncode, out, err


def test_serve_prints_how_to_connect_and_keeps_one_host_key(tmp_path: Path) -> None:
    process, port, fingerprint = start(tmp_path)
    try:
        # Served on 127.0.0.1 (the default): said, with how to let other machines in (a play
        # test's friends were told "ssh -p PORT HOST" and refused).
        assert process.stdout is not None
        assert process.stdout.readline().startswith(
            "Only this machine can connect: to let players on other machines in, start with --host 0.0.0.0")
        key = tmp_path / "ssh_host_ed25519_key"
        assert stat.S_IMODE(os.stat(key).st_mode) == 0o600
    finally:
        status, out, err = stop(process)
    assert status == 0
    assert "Stopped by SIGTERM; no game was in progress." in out
    assert "Stopped by SIGTERM; no game was in progress." in err  # and in the log, kept alone
    # No warning of a library's at the start (asyncssh names cryptography's deprecated DSA).
    assert "Warning" not in err, err
    assert f"serving on 127.0.0.1:{port}" in err  # the log
    again, _, same = start(tmp_path)
    stop(again)
    assert same == fingerprint


def test_a_game_in_progress_is_adjourned_by_sigterm(tmp_path: Path) -> None:
    import asyncio

    from sshclient import Player, new_key

    process, port, _ = start(tmp_path)

    async def play() -> None:
        dora = await Player.open(port, new_key(), term=None)
        dora.type("Dora\nnew open hard\n")
        # The table is made (the first prompt may come before the line that makes it is read).
        await dora.wait_for("is made", raw=True)
        process.send_signal(signal.SIGTERM)
        await asyncio.wait_for(dora.closed.wait(), 30)
        assert "The server is stopping" in dora.received.decode()
        await dora.close()

    try:
        asyncio.run(play())
    finally:
        status, out, err = stop(process, signalled=True)
    assert status == 0
    assert "1 game in progress adjourned" in out
    assert list((tmp_path / "tables").iterdir())


def test_bad_options_are_explained(tmp_path: Path) -> None:
    missing = subprocess.run([sys.executable, "-m", "kc_tui", "serve", "--authorized-keys",
                              str(tmp_path / "none"), "--data-dir", str(tmp_path)],
                             capture_output=True, text=True, timeout=60)
    assert missing.returncode == 2
    assert "cannot read the authorized keys" in missing.stderr
    port = subprocess.run([sys.executable, "-m", "kc_tui", "serve", "--port", "70000"],
                          capture_output=True, text=True, timeout=60)
    assert port.returncode == 2 and "expected a port from 0 to 65535" in port.stderr
    thinkers = subprocess.run([sys.executable, "-m", "kc_tui", "serve", "--thinkers", "-1"],
                              capture_output=True, text=True, timeout=60)
    assert thinkers.returncode == 2 and "expected 0 to 1024 processes, got -1" in thinkers.stderr


def running(pid: int) -> bool:
    try:
        state = (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.parametrize("how", ["SIGTERM", "Ctrl+C"])
def test_the_computers_think_in_processes_that_end_with_the_server(tmp_path: Path, how: str) -> None:
    import time

    process, _, _ = start(tmp_path, "--thinkers", "2", group=True)
    try:
        started = descendants(process.pid)  # the two, and the fork server they came from
        assert len(started) >= 3
        if how == "Ctrl+C":  # a terminal's Ctrl+C reaches every process of the group: the server acts
            os.killpg(process.pid, signal.SIGINT)
    finally:
        status, out, err = stop(process, signalled=how == "Ctrl+C")
    assert status == 0, err
    assert f"Stopped by {'SIGINT' if how == 'Ctrl+C' else how}" in out
    # (A worker stopped by Ctrl+C would say "Process ForkServerProcess-1:" and its traceback.)
    assert "Traceback" not in err and "ForkServerProcess" not in err, err
    end = time.monotonic() + 30
    while any(running(pid) for pid in started) and time.monotonic() < end:
        time.sleep(0.05)
    assert not [pid for pid in started if running(pid)]


def test_a_server_killed_outright_leaves_no_process_behind(tmp_path: Path) -> None:
    import time

    process, _, _ = start(tmp_path, "--workers", "2", "--thinkers", "1")
    try:
        end = time.monotonic() + 30
        started = descendants(process.pid)
        while len(started) < 4 and time.monotonic() < end:  # two workers, the fork server, a thinker
            time.sleep(0.05)
            started = descendants(process.pid)
        assert len(started) >= 4, started
    finally:
        process.kill()  # no goodbye, no adjourning: gone
    end = time.monotonic() + 30
    while any(running(pid) for pid in started) and time.monotonic() < end:
        time.sleep(0.05)
    assert not [pid for pid in started if running(pid)]
    process.communicate(timeout=30)  # its output's pipes, closed by them all


def test_a_port_in_use_is_explained(tmp_path: Path) -> None:
    process, port, _ = start(tmp_path / "a")
    try:
        second = subprocess.run([sys.executable, "-m", "kc_tui", "serve", "--port", str(port),
                                 "--data-dir", str(tmp_path / "b")],
                                capture_output=True, text=True, timeout=60)
    finally:
        stop(process)
    assert second.returncode == 1
    assert f"cannot listen on 127.0.0.1:{port}" in second.stderr


def test_a_server_given_its_friends_keys_does_not_advise_giving_them(tmp_path: Path) -> None:
    """'(and --authorized-keys, docs/hosting.md)' was printed to a host who had given them."""
    from sshclient import new_key

    keys = tmp_path / "friends"
    keys.write_text(new_key().export_public_key().decode())
    process, _port, _ = start(tmp_path / "data", "--authorized-keys", str(keys))
    try:
        assert process.stdout is not None
        said = [process.stdout.readline() for _ in range(3)]
    finally:
        stop(process)
    only = next(line for line in said if line.startswith("Only this machine can connect"))
    assert "--host 0.0.0.0 (docs/hosting.md)." in only and "--authorized-keys" not in only, said


def test_a_second_server_on_the_same_data_folder_is_refused(tmp_path: Path) -> None:
    """A second server started on a running one's folder resumed its live table as adjourned,
    and the two overwrote each other's saves (a hosting play test)."""
    process, _port, _ = start(tmp_path / "a")
    try:
        second = subprocess.run([sys.executable, "-m", "kc_tui", "serve", "--port", "0",
                                 "--data-dir", str(tmp_path / "a")],
                                capture_output=True, text=True, timeout=60)
    finally:
        stop(process)
    assert second.returncode == 2
    assert "another kings-corner serve uses the data folder" in second.stderr, second.stderr
    # Once the first has stopped, the folder is free again.
    again, _port, _ = start(tmp_path / "a")
    stop(again)


def test_a_server_that_fails_after_joining_redis_ends_with_its_error(tmp_path: Path) -> None:
    """A server sharing a lobby through Redis that failed unexpectedly while starting (an
    instrumented run of mine raised in Workers._spawn) never ended: asyncio's ending cancelled
    its Redis loops mid-call, and they kept the process alive for an hour."""
    from redis_server import RedisServer

    script = tmp_path / "failing.py"
    script.write_text(
        "import sys\n"
        "if __name__ == '__main__':\n"
        "    from kc_tui.ssh import workers\n"
        "    spawn = workers.Workers._spawn\n"
        "    def failing(self, worker):\n"
        "        spawn(self, worker)\n"
        "        raise RuntimeError('a fault of the server')\n"
        "    workers.Workers._spawn = failing\n"
        "    from kc_tui.cli import main\n"
        "    sys.exit(main(sys.argv[1:]))\n")
    with RedisServer(tmp_path / "redis") as redis:
        result = subprocess.run(
            [sys.executable, str(script), "serve", "--redis", redis.url, "--port", "0", "--workers", "1",
             "--thinkers", "0", "--data-dir", str(tmp_path / "data")],
            capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode == 1
    assert "RuntimeError: a fault of the server" in result.stderr
