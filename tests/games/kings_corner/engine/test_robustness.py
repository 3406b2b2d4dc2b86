"""Bad inputs get a clear message and change nothing; threads and listeners cannot corrupt a
game; a seat never learns what it may not see."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from positions import N, c, new_game

from kc_tui.core.errors import IllegalMove
from kc_tui.core.events import SessionStart
from kc_tui.games.kings_corner.ai import make_player
from kc_tui.games.kings_corner.ai.bots import BotError, parse_moves
from kc_tui.games.kings_corner.engine.commands import CommandError, parse_command
from kc_tui.games.kings_corner.engine.describe import Narrator
from kc_tui.games.kings_corner.engine.events import GAME_NAME, seat_view
from kc_tui.games.kings_corner.engine.game import Game
from kc_tui.games.kings_corner.engine.moves import PlayCard
from kc_tui.games.kings_corner.engine.rules import build_rules
from kc_tui.games.kings_corner.engine.service import GameService, Seat
from kc_tui.games.kings_corner.engine.transcript import TranscriptError, TranscriptWriter, replay


def _service(specs=("medium", "medium"), seed=1, **kw) -> GameService:
    seats = [Seat(f"P{i}", "ai", s, make_player(s, random.Random(i))) if s != "you" else Seat("You")
             for i, s in enumerate(specs)]
    return GameService(build_rules(len(specs), **kw), seats, seed=seed)


def test_a_seat_view_withholds_the_seed() -> None:
    """With the seed a seat could redeal the whole game, hidden cards and all."""
    event = SessionStart(1, 1234, build_rules(2).as_dict(), (), GAME_NAME)
    assert seat_view(event, 0).seed is None
    assert event.seed == 1234


def test_deeply_nested_json_is_a_clear_error_not_a_crash() -> None:
    with pytest.raises(BotError, match="not JSON"):
        parse_moves("[" * 100000)
    with pytest.raises(TranscriptError, match="line 1: not a transcript event"):
        replay(["[" * 100000])


def test_a_stale_plan_is_dropped_and_people_cannot_act_for_a_computer() -> None:
    service = _service(("medium", "medium"))
    service.start()
    decision = service.begin_decision()
    plan = decision.run()
    assert not service.apply_decision(decision, plan).stale
    again = service.apply_decision(decision, plan)  # the same plan a second time
    assert again.stale and again.applied == 0
    with pytest.raises(IllegalMove, match="turn"):
        service.end_turn()


def test_a_decision_is_taken_on_a_frozen_snapshot() -> None:
    service = _service(("you", "medium"))
    service.start()
    if service.current == 0:
        service.end_turn()
    decision = service.begin_decision()
    before = decision.obs
    service.game.piles[0].append(51)  # whatever happens to the live game afterwards
    assert decision.obs == before and 51 not in decision.obs.piles[0]


def test_a_failing_listener_is_stopped_and_the_game_stays_whole() -> None:
    service = _service(("medium", "medium"), preset="draw-end")
    calls = []

    def broken(event) -> None:
        calls.append(event)
        if event.name == "turn_end":
            raise OSError("No space left on device")

    service.add_listener(broken)
    service.play_session(max_rounds=1)
    assert any("failed and was stopped: No space left on device" in f for f in service.take_faults())
    assert service.game.card_count() == 52
    assert sum(e.name == "turn_end" for e in calls) == 1  # stopped after its failure


def test_garbage_moves_are_refused_with_a_sentence() -> None:
    game = Game(build_rules(2), random.Random(1))
    game.start()
    for garbage in (-1, 10**6, "7H N", None, True):
        with pytest.raises(IllegalMove, match="is not a move"):
            game.play(garbage)  # type: ignore[arg-type]
    assert game.why_illegal(-5) and "is not a move" in game.why_illegal(-5)


def test_a_superscript_digit_is_not_a_hand_position() -> None:
    with pytest.raises(CommandError):
        parse_command("² n", (c("7H"),))


def test_the_narrator_counts_cards_back_after_an_undo() -> None:
    game, events = new_game(["7H 2C 3C", "AS 2S 3S"], {"N": "8S", "E": "9D", "S": "JC", "W": "QD"},
                            stock="4C 5C", preset="no-draw", dealer=1)
    narrator = Narrator(["A", "B"])
    said = []
    game.set_emit(lambda e: said.append(narrator.sentence(e)))
    narrator.sentence(events[0])
    narrator.sentence(events[1])
    game.play(PlayCard(c("7H"), N))
    game.undo()
    game.play(PlayCard(c("7H"), N))
    assert said[-1] == "Player 1 plays the seven of hearts on North. Player 1 has 2 cards."


def _transcript() -> list[str]:
    import io
    buf = io.StringIO()
    service = _service(("medium", "easy"), seed=3)
    service.add_listener(TranscriptWriter(buf))
    service.play_session(max_rounds=1)
    return buf.getvalue().splitlines()


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda d: d["hands"].pop(), "hands of 7 cards"),
        (lambda d: d.__setitem__("dealer", "x"), "dealer"),
        (lambda d: d.__setitem__("dealer", 99), "the dealer must be a seat from 0 to 1"),
        (lambda d: d["stock"].__setitem__(0, d["hands"][0][0]), "52 cards exactly once"),
        (lambda d: d["board"].__setitem__("NE", [d["stock"].pop(0)]), "a corner starts empty or with a King"),
    ],
)
def test_replay_refuses_impossible_deals(edit, message: str) -> None:
    lines = _transcript()
    deal = json.loads(lines[1])
    edit(deal)
    lines[1] = json.dumps(deal)
    with pytest.raises(TranscriptError, match=message):
        replay(lines)


def test_replay_requires_the_rules() -> None:
    lines = _transcript()
    start = json.loads(lines[0])
    start["rules"] = {}
    with pytest.raises(TranscriptError, match="the rules lack players"):
        replay([json.dumps(start)] + lines[1:])


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "kc_tui", *args], capture_output=True, text=True,
                          check=False, timeout=300)


def test_an_unwritable_transcript_dir_is_a_usage_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    result = run("simulate", "--rounds", "2", "--transcript-dir", str(blocker / "sub"))
    assert result.returncode == 2
    assert "cannot write transcripts to" in result.stderr and "Traceback" not in result.stderr


def test_absurd_job_counts_are_capped() -> None:
    result = run("tournament", "--players", "easy,easy", "--rounds", "2", "--jobs", "100000000", "--json")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["rounds"] == 2
