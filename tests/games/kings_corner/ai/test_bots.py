"""External bots (docs/protocol.md section 4): the example bot plays through the protocol, a bot
sees only what its seat may see, and the game survives every fault a bot can commit."""

from __future__ import annotations

import json
import os
import random
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest
from processes import group_gone

from kc_tui.games.kings_corner.ai import make_player
from kc_tui.games.kings_corner.ai.bots import QUEUE_LINES, SILENT_TURNS, BotError, BotPlayer, parse_moves
from kc_tui.games.kings_corner.engine.rules import build_rules
from kc_tui.games.kings_corner.engine.service import GameService, Seat

ROOT = Path(__file__).resolve().parents[4]
PY = sys.executable


def session_with_bot(command: str, rounds: int = 1, timeout: float = 5.0, preset: str = "standard") -> GameService:
    # A high target keeps the session going for as many rounds as a test asks.
    rules = build_rules(2, preset, {"target": 1000})
    seats = [
        Seat("Bot", "bot", None, BotPlayer(command, 0, timeout=timeout)),
        Seat("Ben", "ai", "medium", make_player("medium", random.Random(1))),
    ]
    service = GameService(rules, seats, seed=4)
    try:
        service.play_session(max_rounds=rounds)
    finally:
        service.close()
    return service



def write_bot(tmp_path: Path, name: str, body: str) -> str:
    path = tmp_path / f"{name}.py"
    path.write_text(textwrap.dedent(body))
    return f"{PY} {path}"


def test_example_bot_plays_through_the_protocol() -> None:
    events = []
    rules = build_rules(2)
    seats = [
        Seat("Bot", "bot", None, BotPlayer(f"{PY} {ROOT / 'examples' / 'simple_bot.py'}", 0)),
        Seat("Ben", "ai", "medium", make_player("medium")),
    ]
    service = GameService(rules, seats, seed=2, listeners=[events.append])
    service.play_session(max_rounds=3)
    service.close()
    assert service.faults == []
    assert any(e.name == "play" and e.player == 0 for e in events)


def test_a_bot_sees_only_its_own_seat(tmp_path: Path) -> None:
    log = tmp_path / "seen.jsonl"
    command = write_bot(tmp_path, "recorder", f"""
        import json, sys
        log = open({str(log)!r}, "w")
        for line in sys.stdin:
            log.write(line); log.flush()
            if json.loads(line).get("type") == "turn":
                print(json.dumps({{"moves": []}}), flush=True)
    """)
    session_with_bot(command)
    seen = [json.loads(line) for line in log.read_text().splitlines()]
    assert seen[0]["type"] == "hello" and seen[0]["seat"] == 0 and seen[0]["players"] == ["Bot", "Ben"]
    assert seen[0]["rules"]["hand_size"] == 7
    start = next(m for m in seen if m.get("event") == "round_start")
    assert "hands" not in start and "stock" not in start
    assert len(start["hand"]) == 7 and start["hand_counts"] == [7, 7] and start["stock_count"] == 34
    draws = [m for m in seen if m.get("event") == "draw"]
    assert draws and all(("card" in m) == (m["player"] == 0) for m in draws)
    turn = next(m for m in seen if m["type"] == "turn")
    assert set(turn) == {"type", "seat", "hand", "board", "stock_count", "hand_counts", "totals"}
    assert len(turn["hand"]) == 8  # after its draw


FAULTS = {
    "illegal": ("""
        import json, sys
        for line in sys.stdin:
            if json.loads(line).get("type") == "turn":
                print(json.dumps({"moves": [{"op": "play", "card": "2C", "pile": "NE"}]}), flush=True)
    """, "tried 2C NE"),
    "malformed": ("""
        import json, sys
        for line in sys.stdin:
            if json.loads(line).get("type") == "turn":
                print("hello there", flush=True)
    """, "sent a malformed reply: the reply is not JSON"),
    "wrong_shape": ("""
        import json, sys
        for line in sys.stdin:
            if json.loads(line).get("type") == "turn":
                print(json.dumps({"moves": [{"op": "fly", "card": "KS"}]}), flush=True)
    """, "op 'fly'; it must be"),
    "crash": ("""
        import json, sys
        for line in sys.stdin:
            if json.loads(line).get("type") == "turn":
                sys.exit(3)
    """, "crashed (exit code 3)"),
    "silent": ("""
        import sys
        for line in sys.stdin:
            pass
    """, "gave no answer within 0.2 s"),
    "giant_line": ("""
        import json, sys
        for line in sys.stdin:
            if json.loads(line).get("type") == "turn":
                print("x" * 200000, flush=True)
    """, "flooded its output"),
    "chatter": ("""
        import json, sys
        for line in sys.stdin:
            if json.loads(line).get("type") == "hello":
                # In one write: printed a line at a time (bots run unbuffered), a starved bot
                # could answer each turn with exactly one of them, which is no flood at all.
                sys.stdout.write((json.dumps({"moves": []}) + "\\n") * 5000)
                sys.stdout.flush()
    """, "flooded its output"),
}


def test_a_bot_that_stops_reading_cannot_block_the_engine(tmp_path: Path) -> None:
    """Its input pipe fills, then the engine's queue; it is reported and its seat passes."""
    command = write_bot(tmp_path, "deaf", """
        import time
        for _ in range(60000):  # answers blindly, never reads a line
            print('{"moves": []}', flush=True)
            time.sleep(0.002)
    """)
    service = session_with_bot(command, rounds=60, timeout=0.5)
    assert any("stopped reading its input" in f for f in service.faults), service.faults[-3:]
    assert service.game.card_count() == 52


@pytest.mark.parametrize("kind", sorted(FAULTS))
def test_the_game_survives_a_faulty_bot(tmp_path: Path, kind: str) -> None:
    body, message = FAULTS[kind]
    command = write_bot(tmp_path, kind, body)
    service = session_with_bot(command, timeout=0.2)
    game = service.game
    assert game.round_no == 1 and game.phase != "turn"  # the round was played to its end
    assert game.card_count() == 52
    assert service.faults, "the fault was not reported"
    assert any(message in f for f in service.faults), service.faults
    assert all("\n" not in f for f in service.faults)


def test_a_crash_is_reported_once_and_the_seat_then_passes(tmp_path: Path) -> None:
    command = write_bot(tmp_path, "crash", FAULTS["crash"][0])
    service = session_with_bot(command, rounds=2, timeout=0.5)
    assert sum("crashed" in f for f in service.faults) == 1
    assert service.game.round_no == 2


def test_a_late_answer_is_not_taken_for_the_next_turn(tmp_path: Path) -> None:
    """The first answer arrives after the time limit; it must be dropped, not applied to the
    following turn (where that move would be stale)."""
    command = write_bot(tmp_path, "late", """
        import json, sys, time
        turns = 0
        for line in sys.stdin:
            if json.loads(line).get("type") == "turn":
                turns += 1
                if turns == 1:
                    time.sleep(0.6)
                    print(json.dumps({"moves": [{"op": "play", "card": "2C", "pile": "NE"}]}), flush=True)
                else:
                    print(json.dumps({"moves": []}), flush=True)
    """)
    service = session_with_bot(command, timeout=0.3)
    assert any("gave no answer" in f for f in service.faults)
    assert not any("tried 2C NE" in f for f in service.faults)


def test_a_bot_that_cannot_start_is_reported() -> None:
    service = session_with_bot("/nonexistent/bot --flag")
    assert any("could not be started" in f for f in service.faults)
    assert service.game.phase != "turn"


def test_reply_parsing() -> None:
    moves = parse_moves('{"moves":[{"op":"play","card":"8d","pile":"n"},{"op":"move","from":"E","to":"W"},{"op":"end"}]}')
    assert [str(m) for m in moves] == ["8D N", "E W"]
    for bad, why in [("[]", "must be an object"), ('{"moves":[1]}', "move 1 is not an object"),
                     ('{"moves":[{"op":"play","card":"8D"}]}', "lacks 'pile'"),
                     ('{"moves":[{"op":"play","card":"ZZ","pile":"N"}]}', "is not a card")]:
        with pytest.raises(BotError, match=why):
            parse_moves(bad)
    assert QUEUE_LINES > 0


def test_bot_seats_on_the_command_line(tmp_path: Path) -> None:
    import subprocess
    result = subprocess.run(
        [PY, "-m", "kc_tui", "simulate", "--players", f"medium,bot:{PY} {ROOT / 'examples' / 'simple_bot.py'}",
         "--rounds", "3", "--seed", "1", "--transcript-dir", str(tmp_path), "--json"],
        capture_output=True, text=True, check=False,
    )
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout)
    assert summary["faults"] == [] and summary["rounds"] == 3
    first = json.loads(next(tmp_path.glob("*.jsonl")).read_text().splitlines()[0])
    assert first["players"][1] == {"name": "Ben", "kind": "bot"}


def test_a_bot_silent_for_several_turns_is_given_up_once(tmp_path: Path) -> None:
    command = write_bot(tmp_path, "mute", FAULTS["silent"][0])
    service = session_with_bot(command, rounds=2, timeout=0.05)
    faults = service.take_faults()
    assert sum("gave no answer within" in f for f in faults) == SILENT_TURNS - 1
    assert sum(f"gave no answer {SILENT_TURNS} turns running" in f for f in faults) == 1


@pytest.mark.timeout(30)
def test_a_bot_whose_child_keeps_its_output_open_is_ended_with_it() -> None:
    """The shell waits for its child, which holds the bot's stdout: ending the bot must end
    the whole process group, and nothing may wait on that pipe (the game used to hang)."""
    bot = BotPlayer("sh -c 'sleep 300; true'", 0, timeout=0.1)
    rules = build_rules(2, "standard", {"target": 1000})
    service = GameService(rules, [Seat("Bot", "bot", None, bot),
                                  Seat("Ben", "ai", "medium", make_player("medium", random.Random(1)))], seed=4)
    try:
        service.play_session(max_rounds=1)
    finally:
        service.close()
    assert any(f"gave no answer {SILENT_TURNS} turns running" in f for f in service.faults)
    assert group_gone(bot.pgid)


@pytest.mark.timeout(30)
def test_closing_ends_a_bot_and_its_child_that_ignore_end_of_input_and_sigterm(tmp_path: Path) -> None:
    command = write_bot(tmp_path, "stubborn", f"""
        import signal, subprocess, sys, time
        signal.signal(signal.SIGTERM, signal.SIG_IGN)  # inherited by the child, which holds stdout
        subprocess.Popen([{PY!r}, "-c", "import time; time.sleep(300)"])
        for line in sys.stdin:
            if '"turn"' in line:
                print('{{"moves": []}}', flush=True)
        time.sleep(300)
    """)
    bot = BotPlayer(command, 0, timeout=5)
    rules = build_rules(2, "standard", {"target": 1000})
    service = GameService(rules, [Seat("Bot", "bot", None, bot),
                                  Seat("Ben", "ai", "medium", make_player("medium", random.Random(1)))], seed=4)
    try:
        service.play_session(max_rounds=1)
    finally:
        service.close()
    assert service.faults == []  # it answered every turn
    assert group_gone(bot.pgid)


@pytest.mark.timeout(30)
def test_a_flooding_bot_is_given_up_on_and_ended_at_once() -> None:
    """`yes` floods without end: after a bounded amount of junk it is no longer read but ended,
    during the game, not when the game closes."""
    bot = BotPlayer("yes", 0, timeout=5)
    rules = build_rules(2, "standard", {"target": 1000})
    service = GameService(rules, [Seat("Bot", "bot", None, bot),
                                  Seat("Ben", "ai", "medium", make_player("medium", random.Random(1)))], seed=4)
    try:
        service.play_session(max_rounds=2)
        given_up = [f for f in service.faults if "its turns are passed from now on" in f]
        assert len(given_up) == 1 and "flooded its output" in given_up[0], service.faults
        assert group_gone(bot.pgid)
    finally:
        service.close()


def test_blank_lines_after_each_answer_are_tolerated(tmp_path: Path) -> None:
    """The example bot with a blank line after each of its answers: every turn is still its
    own, and it goes on playing cards."""
    command = write_bot(tmp_path, "airy", f"""
        import builtins, sys
        sys.path.insert(0, {str(ROOT / "examples")!r})
        import simple_bot
        say = builtins.print
        def print_then_blank(*args, **kwargs):
            say(*args, **kwargs)
            say(flush=True)
        simple_bot.print = print_then_blank
        simple_bot.main()
    """)
    events = []
    rules = build_rules(2, "standard", {"target": 1000})
    seats = [Seat("Bot", "bot", None, BotPlayer(command, 0)),
             Seat("Ben", "ai", "medium", make_player("medium", random.Random(1)))]
    service = GameService(rules, seats, seed=4, listeners=[events.append])
    try:
        service.play_session(max_rounds=2)
    finally:
        service.close()
    assert service.faults == []
    turns_with_plays = set()
    turn = 0
    for event in events:
        if event.name == "turn_start" and event.player == 0:
            turn += 1
        elif event.name == "play" and event.player == 0:
            turns_with_plays.add(turn)
    assert len(turns_with_plays) >= 3, turns_with_plays


def _thinking_bot(tmp_path: Path) -> tuple[GameService, threading.Thread, list]:
    """A silent bot with a long time limit, thinking about its turn in a worker thread (as at
    the table)."""
    command = write_bot(tmp_path, "silent", FAULTS["silent"][0])
    rules = build_rules(2, "standard", {"target": 1000})
    seats = [Seat("Bot", "bot", None, BotPlayer(command, 0, timeout=120)),
             Seat("Ben", "ai", "medium", make_player("medium", random.Random(1)))]
    service = GameService(rules, seats, seed=4)
    service.start()
    if service.current != 0:
        service.run_computer_turns(limit=1)
    decision = service.begin_decision()
    plans: list = []
    worker = threading.Thread(target=lambda: plans.append(decision.run()))
    worker.start()
    return service, worker, plans


@pytest.mark.timeout(60)
def test_leaving_while_a_bot_thinks_does_not_wait_for_it(tmp_path: Path) -> None:
    service, worker, plans = _thinking_bot(tmp_path)
    service.cancel_decision(service.begin_decision())
    worker.join(timeout=30)  # far below the bot's 120 s: the wait was cut short
    assert not worker.is_alive() and plans == [[]]
    service.close()
    assert group_gone(service.seats[0].player.pgid)


@pytest.mark.timeout(60)
def test_closing_while_a_bot_thinks_ends_its_turn(tmp_path: Path) -> None:
    service, worker, plans = _thinking_bot(tmp_path)
    service.close()
    worker.join(timeout=30)
    assert not worker.is_alive() and plans == [[]]
    assert service.take_faults() == []  # the bot did nothing wrong: the game closed
    assert group_gone(service.seats[0].player.pgid)


@pytest.mark.timeout(60)
def test_a_signal_during_closing_still_ends_every_bot(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A signal that stops the program may arrive while a bot that ignores SIGTERM is given
    its grace period: that bot is still killed with its group, and the other seats' bots are
    still closed, before the interruption goes on."""
    import signal

    import kc_tui.games.kings_corner.ai.bots as bots

    monkeypatch.setattr(bots, "GRACE", 30.0)  # so wide that the signal surely lands inside it
    ready = tmp_path / "ready"
    stubborn = write_bot(tmp_path, "stubborn", f"""
        import signal, subprocess, sys, time
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        subprocess.Popen([sys.executable, "-c", "import time; time.sleep(300)"])
        open({str(ready)!r}, "w").close()
        for line in sys.stdin:
            pass
        time.sleep(300)
    """)
    polite = write_bot(tmp_path, "polite", FAULTS["silent"][0])
    players = [BotPlayer(stubborn, 0), BotPlayer(polite, 1)]
    service = GameService(build_rules(2), [Seat("A", "bot", None, players[0]),
                                           Seat("B", "bot", None, players[1])], seed=4)
    service.start()  # the hello starts both bots
    for _ in range(400):
        if ready.exists():
            break
        time.sleep(0.05)

    class Interrupted(Exception):
        pass

    def interrupt(signum: int, frame: object) -> None:
        raise Interrupted

    previous = signal.signal(signal.SIGUSR1, interrupt)
    timer = threading.Timer(0.5, os.kill, (os.getpid(), signal.SIGUSR1))
    try:
        timer.start()
        with pytest.raises(Interrupted):
            service.close()
    finally:
        timer.cancel()
        signal.signal(signal.SIGUSR1, previous)
    assert all(group_gone(p.pgid) for p in players)
