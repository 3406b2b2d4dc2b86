"""Every preset, 2 to 6 players: the simulator's transcripts pass the independent referee
(tests/referee.py, written from docs/rules.md and docs/protocol.md alone) and replay through the engine."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from referee import check_file

from kc_tui.cli import main
from kc_tui.core.errors import RuleError
from kc_tui.games.kings_corner.engine.rules import PRESETS, build_rules
from kc_tui.games.kings_corner.engine.transcript import replay

LEVELS = ("medium", "easy", "medium", "easy", "medium", "easy")


def _dealable(preset: str, players: int) -> bool:
    try:
        build_rules(players, preset)
    except RuleError:
        return False
    return True


CASES = [(p, n) for p in PRESETS for n in range(2, 7) if _dealable(p, n)]


@pytest.mark.parametrize(("preset", "players"), CASES)
def test_simulated_transcripts_pass_the_referee(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                preset: str, players: int) -> None:
    """The command run in this process, as test_cli.py runs it: one interpreter started per
    case (some 40) only cost time."""
    out = tmp_path / "t"
    status = main(["simulate", "--players", ",".join(LEVELS[:players]), "--rounds", "12",
                   "--seed", str(players), "--preset", preset, "--transcript-dir", str(out)])
    assert status == 0, capsys.readouterr().err
    files = sorted(out.glob("*.jsonl"))
    assert files
    rounds = 0
    for f in files:
        summary = check_file(f)
        rounds += summary["rounds"]
        lines = f.read_text().splitlines()
        game = replay(lines)
        assert game.round_no == summary["rounds"]
        assert list(game.totals) == list(summary["totals"])
    assert rounds == 12


@pytest.mark.parametrize(("preset", "players"), [(p, n) for p in PRESETS for n in range(2, 7) if (p, n) not in CASES])
def test_undealable_presets_are_refused_with_one_sentence(preset: str, players: int) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "kc_tui", "simulate", "--players", ",".join(LEVELS[:players]),
         "--rounds", "1", "--preset", preset],
        capture_output=True, text=True, check=False,
    )
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert f"{players} players x" in result.stderr and "a deck has 52" in result.stderr
