"""Replays (issue 5): a transcript stepped through move by move, every hand face up."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from kc_tui.games.kings_corner.ai.seats import make_seats
from kc_tui.games.kings_corner.engine.rules import build_rules
from kc_tui.games.kings_corner.engine.service import GameService
from kc_tui.games.kings_corner.engine.transcript import TranscriptWriter
from kc_tui.replay import ReplayError, load_replay, replay_text
from kc_tui.storage import Settings
from kc_tui.tui.app import KingsCornerApp
from kc_tui.tui.replay_screen import ReplayScreen


def _transcript(tmp_path: Path, seed: int = 3) -> tuple[Path, GameService]:
    path = tmp_path / "game.jsonl"
    specs = ["medium", "hard", "easy"]
    service = GameService(build_rules(3, "standard", {"target": 12}), make_seats(specs, random.Random(seed)), seed=seed)
    with TranscriptWriter(path) as writer:
        service.add_listener(writer)
        service.play_session()
    return path, service


def test_a_replay_has_one_step_per_decision_and_ends_at_the_final_table(tmp_path: Path) -> None:
    path, service = _transcript(tmp_path)
    replay = load_replay(path)
    game = service.game
    last = replay.steps[-1]
    assert last.totals == tuple(game.totals)
    assert last.hands == tuple(game.hand(s) for s in range(3))
    assert sum(s.new_round for s in replay.steps) == game.round_no
    assert replay.steps[0].new_round and len(replay.steps[0].hands[0]) == 7  # the deal, hands face up
    text = replay_text(replay)
    assert text[0].startswith("Round 1.") and text[-1].startswith("The session is over.")


def test_a_file_that_is_not_a_transcript_is_refused_with_why(tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"event": "x"}\n')
    with pytest.raises(ReplayError, match="not a transcript"):
        load_replay(bad)
    path, _ = _transcript(tmp_path)
    lines = path.read_text().splitlines()
    play = next(i for i, line in enumerate(lines) if '"event":"play"' in line)
    lines.insert(play + 1, lines[play])  # the same card played twice
    (tmp_path / "edited.jsonl").write_text("\n".join(lines) + "\n")
    with pytest.raises(ReplayError, match=f"line {play + 2}"):
        load_replay(tmp_path / "edited.jsonl")


def test_replay_plain_prints_the_game_as_sentences(tmp_path: Path) -> None:
    path, _ = _transcript(tmp_path)
    out = subprocess.run([sys.executable, "-m", "kc_tui", "replay", str(path), "--plain"],
                         capture_output=True, text=True, check=True, env=os.environ.copy()).stdout
    # For the ear, as the line mode says them by default (--notation words): cards and piles in words.
    assert out.splitlines() == replay_text(load_replay(path, words=True))
    assert "The edges show North, the " in out.splitlines()[0]
    short = subprocess.run([sys.executable, "-m", "kc_tui", "replay", str(path), "--plain", "--notation", "short"],
                           capture_output=True, text=True, check=True, env=os.environ.copy()).stdout
    assert short.splitlines() == replay_text(load_replay(path)) and "The edges show N " in short
    missing = subprocess.run([sys.executable, "-m", "kc_tui", "replay", str(tmp_path / "nope.jsonl")],
                             capture_output=True, text=True, env=os.environ.copy())
    assert missing.returncode == 1 and "Cannot replay" in missing.stdout


async def test_the_replay_screen_steps_by_move_turn_and_round(tmp_path: Path) -> None:
    path, _ = _transcript(tmp_path)
    replay = load_replay(path)
    app = KingsCornerApp(settings=Settings(ascii=True), replay=replay)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, ReplayScreen) and screen.index == 0
        await pilot.press("right", "right")
        assert screen.index == 2
        await pilot.press("left")
        assert screen.index == 1
        await pilot.press("down")
        assert replay.steps[screen.index].new_turn and screen.index > 1
        await pilot.press("right_square_bracket")
        assert replay.steps[screen.index].new_round and replay.steps[screen.index].round_no == 2
        await pilot.press("end")
        assert screen.index == len(replay.steps) - 1
        status = str(screen.query_one("#status").render())
        assert f"move {len(replay.steps)} of {len(replay.steps)}" in status
        players = str(screen.query_one("#players").render())
        for name in replay.names:
            assert name in players
        await pilot.press("home", "q")
    assert app.return_code == 0


@pytest.mark.parametrize("ascii_only", [False, True])
def test_the_replay_screens_log_shows_cards_as_the_tables_log_does(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, ascii_only: bool) -> None:
    """The replay screen's log said "The edges show N 4H" where the table's says "N 4♥"."""
    from kc_tui.cli import records

    path, _ = _transcript(tmp_path)
    opened: list[KingsCornerApp] = []
    monkeypatch.setattr(records, "full_screen", lambda: True)
    monkeypatch.setattr(KingsCornerApp, "run", lambda app, *a, **k: opened.append(app))
    args = records.argparse.Namespace(file=path, plain=False, notation="words", ascii=ascii_only, theme=None,
                                      pace=None, lang=None)
    assert records.run_replay(args) == 0
    (app,) = opened
    assert app.replay is not None
    deal = next(s for step in app.replay.steps for s in step.sentences if "The edges show" in s)
    codes = [word.rstrip(",;") for word in deal.split()[8:16:2]]  # "N 4♥, E 4♣, ..."
    assert len(codes) == 4 and all(code[-1] in ("HDCS" if ascii_only else "♥♦♣♠") for code in codes), deal
