"""How much a blind player hears in the line mode between two of their turns.

Plays seeded four-player sessions in the line mode: the person's seat ("you") is driven by a
``medium`` player typing its moves as commands, against three ``hard`` opponents.  Everything
the line mode writes from the moment the person's turn ends (their ``end``) up to the prompt of
their next turn is what a screen reader speaks between two turns; the script counts its words
and prints the median and the 90th percentile per turn, for each verbosity.

    .venv/bin/python benchmarks/listening.py [--seeds 40] [--rounds 3] [--json]

With ``espeak-ng`` and ``sox`` installed it also prints the seconds of speech of the median
turn at espeak-ng's default rate (neither is needed otherwise).
"""

from __future__ import annotations

import argparse
import io
import json
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kc_tui.games.kings_corner.ai import make_player
from kc_tui.games.kings_corner.ai.seats import make_seats
from kc_tui.games.kings_corner.engine.commands import VERBOSITIES, Verbosity
from kc_tui.games.kings_corner.engine.moves import PlayCard, move_of_code
from kc_tui.games.kings_corner.engine.rules import RuleSet
from kc_tui.games.kings_corner.engine.service import GameService
from kc_tui.games.kings_corner.line import PlainGame  # noqa: E402

PLAYERS = ["you", "hard", "hard", "hard"]


def _command(move: object) -> str:
    move = move_of_code(move) if isinstance(move, int) else move
    if isinstance(move, PlayCard):
        return f"{move.card} {move.pile}"
    return f"{move.source} {move.target}"  # type: ignore[attr-defined]


def between_turns(verbosity: str, seed: int, rounds: int) -> list[str]:
    """The text written between each two turns of the person, in one seeded session cut
    after ``rounds`` rounds."""
    service = GameService(RuleSet(players=len(PLAYERS)), make_seats(PLAYERS, random.Random(seed)),
                          seed=seed)
    typist = make_player("medium", random.Random(seed))
    out = io.StringIO()
    heard: list[str] = []
    plan: list[str] = []
    mark = [0]
    played_rounds = [0]

    def read(prompt: str) -> str | None:
        out.write(prompt)
        if prompt.startswith("Press Enter"):
            played_rounds[0] += 1
            return None if played_rounds[0] >= rounds else ""
        if not prompt.startswith("You>"):
            return ""
        if not plan:
            # A new turn: what was written since the end of the last one was heard between them.
            text = out.getvalue()
            if mark[0]:
                heard.append(text[mark[0]:])
            plan.extend(_command(m) for m in typist.plan_turn(service.observation(0)))
            plan.append("end")
        line = plan.pop(0)
        out.write(line + "\n")
        if line == "end":
            mark[0] = len(out.getvalue())
        return line

    PlainGame(service, read, out, verbosity=Verbosity(verbosity)).run()
    return heard


def speech_seconds(text: str) -> float | None:
    """Seconds espeak-ng takes to say ``text`` at its default rate (None without it and sox)."""
    if not (shutil.which("espeak-ng") and shutil.which("sox")):
        return None
    with tempfile.TemporaryDirectory() as folder:
        wav = Path(folder) / "turn.wav"
        subprocess.run(["espeak-ng", "-w", str(wav), text], check=True, capture_output=True)
        length = subprocess.run(["soxi", "-D", str(wav)], check=True, capture_output=True, text=True)
        return float(length.stdout)


def measure(verbosity: str, seeds: int, rounds: int) -> dict[str, float]:
    texts = [t for seed in range(1, seeds + 1) for t in between_turns(verbosity, seed, rounds)]
    words = sorted(len(t.split()) for t in texts)
    median = statistics.median(words)
    result = {"turns": len(words), "median": median, "p90": words[int(0.9 * (len(words) - 1))]}
    spoken = [t for t in texts if len(t.split()) == int(median)] or texts
    seconds = speech_seconds(spoken[0])
    if seconds is not None:
        result["median_seconds"] = round(seconds, 1)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=40, help="sessions, seeded 1, 2, ...")
    parser.add_argument("--rounds", type=int, default=3, help="rounds played in each session")
    parser.add_argument("--verbosity", choices=VERBOSITIES, action="append",
                        help="measure only this verbosity (repeatable)")
    parser.add_argument("--json", action="store_true", help="one JSON object")
    args = parser.parse_args()
    results = {v: measure(v, args.seeds, args.rounds) for v in args.verbosity or VERBOSITIES}
    if args.json:
        print(json.dumps(results))
        return
    for verbosity, r in results.items():
        speech = f", median turn spoken in {r['median_seconds']} s" if "median_seconds" in r else ""
        print(f"{verbosity:>5}: {r['turns']} turns, median {r['median']} words, "
              f"90th percentile {r['p90']} words between two turns{speech}")


if __name__ == "__main__":
    main()
