"""Ctrl+C in a long run of either game prints the report of the rounds played so far, marked as
cut short, with status 130 (issue 29); simulated by the progress callback raising
KeyboardInterrupt after some rounds."""

from __future__ import annotations

import json
from typing import Any, Callable

import pytest

from kc_tui.cli import main
from kc_tui.cli.progress import run_with_progress
from kc_tui.core.report import OnRound
from kc_tui.games.kings_corner import cli as kc_cli
from kc_tui.games.kings_reverse import cli as kr_cli


def _ctrl_c_after(rounds: int) -> Callable[..., Any]:
    def watch(run: Callable[[OnRound | None], Any], total: int, quiet: bool) -> Any:
        def on_round(done: int, of: int, rates: Any) -> None:
            if done == rounds:
                raise KeyboardInterrupt

        return run_with_progress(lambda _shown: run(on_round), total, quiet)

    return watch


# A tournament keeps whole deals: the round whose callback was interrupted is not counted.
@pytest.mark.parametrize("game, command, head", [
    ([], ["simulate", "--rounds", "200"], "Stopped after 5 of 200 rounds.|5 rounds in"),
    ([], ["tournament", "--players", "easy,medium", "--rounds", "200"],
     "Stopped after 4 of 200 rounds.|4 rounds (4 deals"),
    (["--game", "kings-reverse"], ["simulate", "--rounds", "200"],
     "Stopped after 5 of 200 rounds.|Kings Reverse: 5 rounds in"),
    (["--game", "kings-reverse"], ["tournament", "--players", "easy,medium", "--rounds", "200"],
     "Stopped after 4 of 200 rounds.|Kings Reverse: 4 rounds (4 deals"),
])
def test_ctrl_c_prints_the_rounds_played_so_far(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
                                                game: list[str], command: list[str], head: str) -> None:
    for module in (kc_cli, kr_cli):
        monkeypatch.setattr(module, "run_with_progress", _ctrl_c_after(5))
    assert main([*game, *command, "--seed", "7"]) == 130
    lines = capsys.readouterr().out.splitlines()
    stopped, report = head.split("|")
    assert lines[0] == stopped
    assert lines[1].startswith(report)


@pytest.mark.parametrize("game", [[], ["--game", "kings-reverse"]])
def test_a_simulation_stopped_in_its_first_session_counts_it_and_its_speed(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], game: list[str]) -> None:
    """It said "1 round in 0 sessions" and "speed: 0 rounds per second" (a play test, stopped
    after one round of experts)."""
    for module in (kc_cli, kr_cli):
        monkeypatch.setattr(module, "run_with_progress", _ctrl_c_after(1))
    assert main([*game, "simulate", "--rounds", "200", "--seed", "7", "--json"]) == 130
    summary = json.loads(capsys.readouterr().out)
    assert (summary["rounds"], summary["sessions"]) == (1, 1)
    from kc_tui.core.report import simulation_lines

    slow = dict(summary, rounds_per_second=0.34)
    assert simulation_lines(slow, summary["players"])[-1] == "speed: 0.3 rounds per second"


def test_ctrl_c_in_a_duplicate_tournament_keeps_whole_deals(monkeypatch: pytest.MonkeyPatch,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(kc_cli, "run_with_progress", _ctrl_c_after(5))
    assert main(["tournament", "--players", "easy,medium", "--rounds", "20", "--duplicate", "--json"]) == 130
    result = json.loads(capsys.readouterr().out)
    assert (result["stopped"], result["rounds"], result["deals"]) == (True, 4, 2)
    assert sum(e["seat_rounds"] for e in result["entrants"]) == 8


@pytest.mark.parametrize("game", [[], ["--game", "kings-reverse"]])
def test_ctrl_c_with_worker_processes_keeps_the_batches_they_ended(monkeypatch: pytest.MonkeyPatch,
                                                                   capsys: pytest.CaptureFixture[str],
                                                                   game: list[str]) -> None:
    for module in (kc_cli, kr_cli):
        monkeypatch.setattr(module, "run_with_progress", _ctrl_c_after(4))
    assert main([*game, "tournament", "--players", "easy,medium", "--rounds", "400", "--jobs", "2",
                 "--json"]) == 130
    result = json.loads(capsys.readouterr().out)
    # Batches of 4 deals (400 / (2 workers x 50 batches)): the first to end is kept whole.
    assert (result["stopped"], result["rounds"], result["deals"]) == (True, 4, 4)


def test_a_real_ctrl_c_with_worker_processes_ends_them_quietly() -> None:
    """Ctrl+C at a terminal reaches the whole process group: the workers leave it to the command
    and end when it stops them, with no traceback, no word of a saved game and no wait (they
    inherited the command line's SIGTERM handler, were left waiting for another batch, and were
    ended by its watchdog five seconds later, saying "A game in progress was saved")."""
    import os
    import signal
    import subprocess
    import sys
    import time

    # -X faulthandler: a run that does not end is asked for its threads' stacks (SIGABRT), and the
    # failure shows where each process of the group was waiting.
    command = [sys.executable, "-X", "faulthandler", "-m", "kc_tui", "tournament", "--players", "hard,medium",
               "--rounds", "4000", "--duplicate", "--jobs", "2", "--seed", "3"]
    # Ctrl+C as a terminal sends it, whoever started the suite: a shell that runs it in the
    # background (`pytest &`) leaves SIGINT ignored, and a command started so inherits that and
    # rightly never stops for it (the test then waited 30 s and failed).
    run = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                           start_new_session=True,
                           preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        # Until both workers run: the group then has three processes.
        deadline = time.monotonic() + 60
        while len([p for p in os.listdir("/proc") if p.isdigit() and _group(p) == run.pid]) < 3:
            assert run.poll() is None and time.monotonic() < deadline, "the workers never started"
            time.sleep(0.05)
        os.killpg(run.pid, signal.SIGINT)
        try:
            out, err = run.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(run.pid, signal.SIGABRT)
            out, err = run.communicate(timeout=30)
            raise AssertionError(f"Ctrl+C did not end the tournament in 30 s; its stacks:\n{err}") from None
    finally:
        if run.poll() is None:
            os.killpg(run.pid, signal.SIGKILL)
    assert run.returncode == 130
    assert out.startswith("Stopped after ")
    assert "Traceback" not in err and "SIGTERM" not in err and "saved" not in err, err


def _group(pid: str) -> int | None:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return int(stat.read().rsplit(")", 1)[1].split()[3])
    except (OSError, IndexError, ValueError):
        return None


@pytest.mark.parametrize("game", [[], ["--game", "kings-reverse"]])
@pytest.mark.parametrize("options", [[], ["--json"], ["--duplicate"]])
def test_ctrl_c_before_a_deal_ends_reports_no_rounds(monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str],
                                                     game: list[str], options: list[str]) -> None:
    """A review: stopped in the first deal, the entrants had played no whole deal, and rating
    them divided by zero; Kings Reverse's table of them then failed on no entrant at all."""
    for module in (kc_cli, kr_cli):
        monkeypatch.setattr(module, "run_with_progress", _ctrl_c_after(1))
    assert main([*game, "tournament", "--players", "easy,medium", "--rounds", "200", *options]) == 130
    out = capsys.readouterr().out
    if "--json" in options:
        result = json.loads(out)
        assert (result["stopped"], result["rounds"], result["entrants"], result["ratings"]) == (True, 0, [], {})
    else:
        assert out.splitlines()[0] == "Stopped after 0 of 200 rounds."
