"""A worker process of a tournament told to stop (SIGTERM) ends its round, and the round's
clean-up runs whole even when the stop comes again meanwhile, as the pool sends it to every
worker left once one has ended: cut short, it left bots running."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

WORKER = textwrap.dedent("""
    import os, signal, sys, time
    from kc_tui.core import workers

    def round_of_play(path):
        try:
            os.kill(os.getpid(), signal.SIGTERM)  # the parent's stop, while the round is played
            time.sleep(30)
            open(path + ".played", "w").close()
        finally:
            os.kill(os.getpid(), signal.SIGTERM)  # the pool's, as the round closes its bots
            for _ in range(3):
                time.sleep(0.01)
            open(path, "w").close()  # the last bot closed

    workers._worker_signals()
    workers._batch(round_of_play, sys.argv[1])
""")


@pytest.mark.timeout(60)
def test_a_stop_that_comes_again_lets_the_round_s_clean_up_end(tmp_path: Path) -> None:
    closed = tmp_path / "closed"
    done = subprocess.run([sys.executable, "-c", WORKER, str(closed)], capture_output=True, text=True,
                          timeout=30)
    assert done.returncode == 128 + 15, done.stderr
    assert closed.exists(), done.stderr
    assert not Path(f"{closed}.played").exists()
