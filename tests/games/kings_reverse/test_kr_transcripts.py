"""Kings Reverse transcripts: accepted by the independent referee (tests/kr_referee.py) for
every preset and table size, byte-reproducible from a seed (a golden file), read back into the
same events."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from kr_referee import RefereeError, check_transcript

from kc_tui.games.kings_reverse.ai import make_player
from kc_tui.games.kings_reverse.engine.events import encode_event, event_from_dict
from kc_tui.games.kings_reverse.engine.rules import PRESETS, build_rules
from kc_tui.games.kings_reverse.engine.service import ReverseSeat, ReverseService

GOLDEN = Path(__file__).parent / "golden"


def transcript(seed: int, levels: list[str], preset: str = "standard", **options: object) -> str:
    lines: list[str] = []
    seats = [ReverseSeat(f"P{i}", "ai", level, make_player(level, random.Random(seed * 31 + i), 0.01))
             for i, level in enumerate(levels)]
    service = ReverseService(build_rules(len(levels), preset, **options), seats, seed=seed,
                             listeners=[lambda e: lines.append(encode_event(e))])
    service.play_session()
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_every_transcript_is_accepted_by_the_independent_referee(preset: str, players: int) -> None:
    levels = ["beginner", "easy", "medium", "beginner", "easy", "medium"][:players]
    for seed in range(4):
        text = transcript(seed, levels, preset, target=150)
        check_transcript(json.loads(line) for line in text.splitlines())


def test_the_referee_refuses_a_transcript_with_a_card_that_does_not_match() -> None:
    lines = [json.loads(line) for line in transcript(1, ["medium", "medium"]).splitlines()]
    play = next(i for i, e in enumerate(lines) if e["event"] == "play" and len(e["cards"]) == 1
                and e["cards"][0][0] not in "JK")
    lines[play]["cards"] = ["JK"]
    with pytest.raises(RefereeError):
        check_transcript(lines)


def test_the_same_seed_and_players_give_the_same_transcript_byte_for_byte() -> None:
    first = transcript(7, ["medium", "easy", "hard"], target=40)
    assert first == transcript(7, ["medium", "easy", "hard"], target=40)


@pytest.mark.parametrize("name,seed,levels,preset", [
    ("standard-3", 11, ["medium", "easy", "beginner"], "standard"),
    ("bluff-2", 5, ["medium", "easy"], "bluff"),
])
def test_golden_transcripts(name: str, seed: int, levels: list[str], preset: str) -> None:
    """Regenerate with KR_GOLDEN=1 after a deliberate change of the rules or the players."""
    import os

    path = GOLDEN / f"{name}.jsonl"
    text = transcript(seed, levels, preset, target=100)
    if os.environ.get("KR_GOLDEN"):
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8")


def test_events_read_back_to_the_same_lines() -> None:
    for line in transcript(3, ["medium", "easy"], "bluff", target=100).splitlines():
        assert encode_event(event_from_dict(json.loads(line))) == line
