"""Golden transcripts: the same seed, seats and rules give the same transcript, byte for byte,
as the code that wrote the files in ``tests/engine/golden/``.  The engine and the AI's fast paths are
refactored for speed; these sessions (every kind of event, several presets, 2 to 6 players,
easy, medium and hard seats, a person who undoes) pin down that nothing they write changes.

The expert is left out on purpose: it thinks against the clock, so its plans depend on the
machine.  ``python tests/games/kings_corner/engine/test_golden.py`` rewrites the files; do that only for a change meant
to alter transcripts, and say so in the commit.
"""

from __future__ import annotations

import io
import random
import sys
from pathlib import Path

import pytest

from kc_tui.games.kings_corner.ai import make_player
from kc_tui.games.kings_corner.engine.game import Phase
from kc_tui.games.kings_corner.engine.rules import build_rules
from kc_tui.games.kings_corner.engine.service import GameService, Seat
from kc_tui.games.kings_corner.engine.transcript import TranscriptWriter

GOLDEN = Path(__file__).parent / "golden"

# name: (preset, seats, seed, rounds, options over the preset).  "person" is a seat at this
# keyboard, driven below by a seeded random hand that plays, moves piles and undoes.
CASES: dict[str, tuple[str, tuple[str, ...], int, int, dict[str, str]]] = {
    "standard-4": ("standard", ("hard", "medium", "easy", "medium"), 11, 3, {}),
    "standard-2-person": ("standard", ("person", "hard"), 12, 2, {}),
    "boxed-3": ("boxed", ("medium", "easy", "hard"), 13, 3, {}),
    "royal-2": ("royal", ("hard", "easy"), 14, 3, {}),
    "mandatory-5": ("mandatory", ("easy", "medium", "hard", "easy", "medium"), 15, 2, {}),
    "no-draw-3": ("no-draw", ("medium", "hard", "easy"), 16, 2, {}),
    "draw-end-4-person": ("draw-end", ("easy", "person", "hard", "medium"), 17, 2, {}),
    "high-stakes-6": ("high-stakes", ("hard", "easy", "medium", "medium", "easy", "hard"), 18, 2, {}),
    "classic-deal-2": ("classic-deal", ("easy", "hard"), 19, 2, {}),
    "six-card-5": ("six-card", ("medium", "hard", "easy", "hard", "medium"), 20, 2, {}),
    # Played to the end of the session, twice: under face scoring and under chips.
    "face-3-to-the-end": ("standard", ("hard", "medium", "easy"), 21, 50, {"scoring": "face", "target": "80"}),
    "chips-2-to-the-end": ("boxed", ("easy", "hard"), 22, 50, {"target": "12"}),
}


def _person_turn(service: GameService, rng: random.Random) -> None:
    """A person's turn: random legal plays and pile moves, some taken back, then the end (any
    King owed under mandatory Kings is played first, as a person is told to)."""
    game = service.game
    while game.phase == Phase.TURN:
        codes = game.legal_codes()
        if codes and rng.random() < 0.8:
            service.play(rng.choice(codes))
            if game.phase == Phase.TURN and rng.random() < 0.2:
                service.undo()
            continue
        king = game.pending_king()
        if king is not None:
            service.play(king.id * 8 + next(c for c in range(4, 8) if not game.piles[c]))
            continue
        if game.phase == Phase.TURN:
            service.end_turn()
        return


def transcript(name: str) -> str:
    """The transcript of one golden session, as written by today's code."""
    preset, specs, seed, rounds, options = CASES[name]
    rules = build_rules(len(specs), preset, options)
    seat_rng = random.Random(seed ^ 0x5EA75)
    seats = [
        Seat(f"P{i}", "human") if spec == "person"
        else Seat(f"P{i}", "ai", spec, make_player(spec, random.Random(seat_rng.getrandbits(64))))
        for i, spec in enumerate(specs)
    ]
    out = io.StringIO()
    service = GameService(rules, seats, seed=seed, listeners=[TranscriptWriter(out)])
    person = random.Random(seed)
    service.start()
    game = service.game
    played = 0
    while True:
        while game.phase == Phase.TURN:
            if service.waiting_for_human():
                _person_turn(service, person)
            else:
                service.run_computer_turns()
        played += 1
        if game.phase == Phase.SESSION_OVER or played >= rounds:
            return out.getvalue()
        service.next_round()


@pytest.mark.parametrize("name", sorted(CASES))
def test_transcript_is_byte_identical_to_the_golden_file(name: str) -> None:
    expected = (GOLDEN / f"{name}.jsonl").read_text(encoding="utf-8")
    got = transcript(name)
    assert got == expected, f"{name}: the transcript differs from tests/engine/golden/{name}.jsonl"


def test_golden_sessions_cover_every_kind_of_event() -> None:
    kinds = set()
    for name in CASES:
        for line in (GOLDEN / f"{name}.jsonl").read_text(encoding="utf-8").splitlines():
            kinds.add(line.split('"event":"', 1)[1].split('"', 1)[0])
    assert kinds >= {
        "session_start", "round_start", "turn_start", "draw", "play", "move", "undo",
        "chips", "turn_end", "round_end", "session_end",
    }


if __name__ == "__main__":
    GOLDEN.mkdir(exist_ok=True)
    for case in sorted(CASES):
        text = transcript(case)
        (GOLDEN / f"{case}.jsonl").write_text(text, encoding="utf-8", newline="\n")
        print(f"{case}: {len(text):,} bytes, {text.count(chr(10))} events", file=sys.stderr)
