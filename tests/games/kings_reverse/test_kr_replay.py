"""Kings Reverse replays (issue 14): ``kings-corner replay`` reads the game ``session_start``
names, re-referees the transcript with this game's engine and steps through it as it does the
first game's: a step per decision, every hand face up, the pile, the suit to follow and the
direction of play; a transcript the rules could not have written is refused with its line."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from kc_tui.games.kings_reverse.ai import make_player
from kc_tui.games.kings_reverse.engine.events import encode_event
from kc_tui.games.kings_reverse.engine.rules import build_rules
from kc_tui.games.kings_reverse.engine.service import ReverseSeat, ReverseService
from kc_tui.games.kings_reverse.tui.widgets import PileBox
from kc_tui.replay import ReplayError, load_replay, replay_text
from kc_tui.storage import Settings
from kc_tui.tui.app import KingsCornerApp
from kc_tui.tui.replay_screen import ReplayScreen

GOLDEN = Path(__file__).parent / "golden"


def _session(tmp_path: Path, seed: int = 3, **options: object) -> tuple[Path, ReverseService]:
    path = tmp_path / "kr.jsonl"
    lines: list[str] = []
    seats = [ReverseSeat(name, "ai", level, make_player(level, random.Random(seed + i)))
             for i, (name, level) in enumerate([("Ada", "medium"), ("Ben", "easy"), ("Cy", "hard")])]
    service = ReverseService(build_rules(3, "standard", target=120, **options), seats, seed=seed,
                             listeners=[lambda e: lines.append(encode_event(e))])
    service.play_session()
    path.write_text("\n".join(lines) + "\n")
    return path, service


@pytest.mark.parametrize("options", [{}, {"ace_of_spades": "on", "one_card_call": "on",
                                          "joker_challenge": "on"}])
def test_a_replay_steps_by_decision_and_ends_at_the_final_table(tmp_path: Path, options: dict) -> None:
    path, service = _session(tmp_path, **options)
    replay = load_replay(path)
    assert replay.game == "kings-reverse" and replay.names == ["Ada", "Ben", "Cy"]
    final = service.view(None)
    last = replay.steps[-1]
    assert last.totals == final.totals and last.table.stock == final.stock_count
    assert last.hands == tuple(service.round_summary().hands)
    assert last.table.pile[-1] == final.pile[-1] and last.table.follow == final.follow
    assert sum(s.new_round for s in replay.steps) == final.round
    first = replay.steps[0]
    assert first.new_round and all(len(h) == replay.rules.hand_size for h in first.hands)  # KR2: face up
    text = replay_text(replay)
    assert text[0].startswith("Round 1:") and text[-1].startswith("The session is over:")
    assert any(s.new_turn and not s.new_round for s in replay.steps)


def test_the_golden_transcripts_replay(tmp_path: Path) -> None:
    for path in sorted(GOLDEN.glob("*.jsonl")):
        replay = load_replay(path)
        assert replay.game == "kings-reverse" and len(replay.steps) > 10


def test_a_transcript_the_rules_could_not_write_is_refused_with_its_line(tmp_path: Path) -> None:
    path, _ = _session(tmp_path)
    lines = path.read_text().splitlines()
    play = next(i for i, line in enumerate(lines) if '"event":"play"' in line)
    event = json.loads(lines[play])
    event["cards"] = ["JK"] if event["cards"] != ["JK"] else ["2C"]
    lines[play] = json.dumps(event)
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(ReplayError, match=f"line {play + 1}"):
        load_replay(path)


def test_a_transcript_without_its_seed_or_of_another_game_is_refused(tmp_path: Path) -> None:
    path, _ = _session(tmp_path)
    lines = path.read_text().splitlines()
    start = json.loads(lines[0])
    start["seed"] = None
    (tmp_path / "seedless.jsonl").write_text("\n".join([json.dumps(start), *lines[1:]]) + "\n")
    with pytest.raises(ReplayError, match="seed is not kept"):
        load_replay(tmp_path / "seedless.jsonl")
    start["game"] = "snap"
    (tmp_path / "snap.jsonl").write_text(json.dumps(start) + "\n")
    with pytest.raises(ReplayError, match="the game 'snap', which is not one of"):
        load_replay(tmp_path / "snap.jsonl")


@pytest.mark.parametrize("game_first", [False, True])
def test_replay_plain_prints_the_game_as_sentences(tmp_path: Path, game_first: bool) -> None:
    path, _ = _session(tmp_path)
    command = ["--game", "kings-reverse", "replay"] if game_first else ["replay"]
    out = subprocess.run([sys.executable, "-m", "kc_tui", *command, str(path), "--plain"],
                         capture_output=True, text=True, check=True, env=os.environ.copy()).stdout
    assert out.splitlines() == list(replay_text(load_replay(path, words=True)))  # for the ear


async def test_the_replay_screen_shows_the_pile_and_steps_by_turn_and_round(tmp_path: Path) -> None:
    path, _ = _session(tmp_path)
    replay = load_replay(path)
    app = KingsCornerApp(settings=Settings(ascii=True), replay=replay)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, ReplayScreen) and screen.index == 0
        pile = str(screen.query_one(PileBox).render())
        assert f"Pile: {replay.steps[0].table.pile[-1]}" in pile and "Play goes: clockwise" in pile
        assert "Follow: " in pile
        await pilot.press("down", "down")
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
        await pilot.press("q")
    assert app.return_code == 0
