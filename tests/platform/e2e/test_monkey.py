"""The random-key monkey (tools/monkey.py, issue 9), run briefly: a few hundred random keys and
resizes at the table, and garbage at the line mode, find nothing; and the monkey does notice a
crash or a lost card when there is one."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from kc_tui.games.kings_corner.engine.game import Game
from kc_tui.games.kings_corner.tui.table import TableScreen

_PATH = Path(__file__).resolve().parents[3] / "tools" / "monkey.py"
_SPEC = importlib.util.spec_from_file_location("monkey", _PATH)
monkey = importlib.util.module_from_spec(_SPEC)
sys.modules["monkey"] = monkey  # dataclasses look their module up while the class is made
_SPEC.loader.exec_module(monkey)


@pytest.mark.parametrize("seed", [2, 5])
def test_random_keys_at_the_table_find_nothing(seed: int) -> None:
    """Seed 2: you against one easy computer (standard rules); seed 5: a hot-seat game.  A
    hundred keys each: both seeds have by then resized the terminal, played cards, left the game
    and resumed it from its save (the next fifty keys, once pressed too, added nothing new)."""
    outcome = monkey.table_seed(seed, keys=100)
    assert outcome.failure is None, outcome.failure + f"\nlast keys: {outcome.last_keys}"
    assert outcome.keys == 100
    assert outcome.moves > 0  # the keys played the game, not only refused moves
    assert outcome.resizes > 0 and outcome.resumes > 0


def test_garbage_at_the_line_mode_finds_nothing() -> None:
    outcome = monkey.plain_seed(1, lines=300)
    assert outcome.failure is None, outcome.failure
    assert outcome.moves > 0 and outcome.rounds > 0


def test_a_crash_is_reported_with_its_seed_and_last_keys(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(self: TableScreen) -> None:
        raise RuntimeError("the hint is broken")

    monkeypatch.setattr(TableScreen, "action_hint", broken)
    outcome = monkey.table_seed(2, keys=400)
    assert outcome.failure is not None and "RuntimeError: the hint is broken" in outcome.failure
    assert outcome.keys < 400 and outcome.last_keys
    report = monkey._summary([outcome], 1.0)
    assert "failures: 1" in report and f"--start 2 --keys {outcome.keys}" in report


def test_a_lost_card_is_noticed(monkeypatch: pytest.MonkeyPatch) -> None:
    end_turn = Game.end_turn

    def leaky(self: Game, *args, **kwargs) -> None:
        end_turn(self, *args, **kwargs)
        if self.stock:
            self.stock.pop()

    monkeypatch.setattr(Game, "end_turn", leaky)
    outcome = monkey.table_seed(2, keys=400)
    assert outcome.failure is not None and outcome.failure.startswith("the cards are not conserved: 51 cards")


def test_the_script_prints_each_seed_and_a_summary_and_its_status_says_whether_anything_failed(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    assert monkey.main(["--seeds", "2", "--start", "3", "--keys", "30", "--plain"]) == 0
    printed = capsys.readouterr().out
    assert "plain seed 3 [" in printed and "plain seed 4 [" in printed
    assert "seeds: 2\nlines offered: 60\n" in printed and "failures: 0" in printed

    def failing(seed: int, lines: int) -> object:
        return monkey.Outcome(seed, "plain", keys=lines, failure="the line mode crashed", last_keys=["bytes"])

    monkeypatch.setattr(monkey, "plain_seed", failing)
    assert monkey.main(["--seeds", "1", "--keys", "5", "--plain"]) == 1
    printed = capsys.readouterr().out
    assert "failures: 1" in printed and "reproduce: python tools/monkey.py --seeds 1 --start 0 --keys 5 --plain" in printed
