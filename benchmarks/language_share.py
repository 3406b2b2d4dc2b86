"""How much English is left in Spanish and French, and how long a blind player listens.

For each language and both games it plays seeded four-player sessions in the line mode (the
person's seat typed by a ``medium`` computer's choices, against three ``hard`` ones, each round
ended by Enter), and reads ``rules`` of every preset, then prints:

- the share of English words in all the line mode said and in the rules.  A word counts as English
  when Debian's English dictionary knows it and the language's own does not ("no", "total" and
  "final" are not counted against Spanish); names (the players', the games') and notation
  (``KS``, ``NE``) are set aside, as the issue measures;
- the median words between two of the person's turns (from the end of one of their turns to the
  prompt of their next) and the seconds espeak-ng takes to say that median turn in the
  language's voice, in both notations (``words``, the default, and ``short``).

    .venv/bin/python benchmarks/language_share.py [--seeds 4] [--rounds 2] [--langs en es fr]

Needs hunspell with hunspell-en-us, hunspell-es and hunspell-fr, and espeak-ng (Debian).
"""

from __future__ import annotations

import argparse
import io
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import wave
from pathlib import Path
from typing import Any, Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kc_tui.core.events import TurnEnd, TurnStart  # noqa: E402
from kc_tui.core.i18n import set_default_language  # noqa: E402

DICTIONARIES = {"en": "en_US", "es": "es_ES", "fr": "fr_FR"}
VOICES = {"en": "en", "es": "es", "fr": "fr-fr"}
NAMES = {"Ada", "Ben", "Cleo", "Dev", "Kings", "Reverse", "Corner", "East", "South", "West",
         "Intro"}  # (Intro: Spanish keyboards' name for Enter)
LEVELS = ["you", "hard", "hard", "hard"]


class Listening:
    """What the line mode writes, cut at the person's turns: ``between`` holds the text from the
    end of each of their turns to the prompt of their next."""

    def __init__(self) -> None:
        self.out = io.StringIO()
        self.between: list[str] = []
        self._ended: int | None = None
        self._started = False

    def event(self, event: object) -> None:
        if isinstance(event, TurnEnd) and event.player == 0:
            self._ended = len(self.out.getvalue())
        elif isinstance(event, TurnStart) and event.player == 0:
            self._started = True

    def prompt(self, text: str) -> None:
        self.out.write(text)
        if self._started and self._ended is not None:
            self.between.append(self.out.getvalue()[self._ended:])
            self._ended = None
        self._started = False


def corner_session(seed: int, rounds: int, notation: str) -> Listening:
    from kc_tui.games.kings_corner.ai import make_player
    from kc_tui.games.kings_corner.ai.seats import make_seats
    from kc_tui.games.kings_corner.engine.moves import move_of_code
    from kc_tui.games.kings_corner.engine.rules import RuleSet
    from kc_tui.games.kings_corner.engine.service import GameService
    from kc_tui.games.kings_corner.line import PlainGame
    from kc_tui.core.kinds import Phase

    service = GameService(RuleSet(players=4), make_seats(LEVELS, random.Random(seed)), seed=seed)
    typist = make_player("medium", random.Random(seed))
    heard = Listening()
    service.add_listener(heard.event)
    plan: list[str] = []
    state = {"rounds": 0, "turn": -1}

    def read(prompt: str) -> str | None:
        heard.prompt(prompt)
        obs = service.observation(0)
        if obs.current != 0 or service.game.phase != Phase.TURN:
            state["rounds"] += 1  # between rounds: Enter deals the next
            return None if state["rounds"] > rounds * 3 else ""
        if not plan:
            plan.extend(str(move_of_code(m) if isinstance(m, int) else m) for m in typist.plan_turn(obs))
            plan.append("end!")
        return plan.pop(0)  # (what the person types is not counted: it is not said to them)

    PlainGame(service, read, heard.out, notation=notation).run()
    return heard


def reverse_session(seed: int, rounds: int, notation: str) -> Listening:
    from kc_tui.games.kings_reverse.ai import make_player
    from kc_tui.games.kings_reverse.saves import reverse_seats
    from kc_tui.games.kings_reverse.engine.rules import build_rules
    from kc_tui.games.kings_reverse.engine.service import ReverseService
    from kc_tui.games.kings_reverse.line import ReverseLines

    service = ReverseService(build_rules(4), reverse_seats(LEVELS, random.Random(seed)), seed=seed)
    typist = make_player("medium", random.Random(seed))
    heard = Listening()
    service.add_listener(heard.event)
    state = {"waits": 0}

    def read(prompt: str) -> str | None:
        heard.prompt(prompt)
        if not service.waiting_for_human():
            state["waits"] += 1
            return None if state["waits"] > rounds else ""
        return str(typist.choose(service.view(0)))

    ReverseLines(service, heard.out.write, notation=notation).run(read)
    return heard


SESSIONS: dict[str, Callable[[int, int, str], Listening]] = {
    "kings-corner": corner_session, "kings-reverse": reverse_session}


def _words(text: str) -> list[str]:
    return [w for w in re.findall(r"[^\W\d_]+(?:['’][^\W\d_]+)*", text)
            if w not in NAMES and not (w.isupper() and len(w) <= 3)]


def _known(words: set[str], dictionary: str) -> set[str]:
    """The words ``dictionary`` accepts."""
    done = subprocess.run(["hunspell", "-d", dictionary, "-G"], input="\n".join(sorted(words)),
                          capture_output=True, text=True, check=True)
    return set(done.stdout.split())


def english_share(text: str, lang: str) -> tuple[int, int, list[str]]:
    """(English words, all words, the English words found, most frequent first) of ``text``."""
    words = _words(text)
    if lang == "en":
        return 0, len(words), []
    distinct = set(words)
    english = _known(distinct, DICTIONARIES["en"]) - _known(distinct, DICTIONARIES[lang])
    found = [w for w in words if w in english]
    return len(found), len(words), sorted(set(found), key=found.count, reverse=True)[:10]


def rules_text(lang: str) -> str:
    out = []
    for game in SESSIONS:
        done = subprocess.run([sys.executable, "-m", "kc_tui", "--lang", lang, "--game", game, "rules"],
                              capture_output=True, text=True, check=True)
        out.append(done.stdout)
    return "\n".join(out)


def speech_seconds(text: str, lang: str) -> float | None:
    if shutil.which("espeak-ng") is None:
        return None
    with tempfile.TemporaryDirectory() as folder:
        said, wav = Path(folder) / "turn.txt", Path(folder) / "turn.wav"
        said.write_text(text)
        subprocess.run(["espeak-ng", "-v", VOICES[lang], "-w", str(wav), "-f", str(said)],
                       check=True, capture_output=True)
        with wave.open(str(wav)) as w:
            return w.getnframes() / w.getframerate()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=4, help="sessions per game, seeded 1, 2, ...")
    parser.add_argument("--rounds", type=int, default=2, help="rounds played in each session")
    parser.add_argument("--langs", nargs="+", default=["en", "es", "fr"])
    args = parser.parse_args()
    for lang in args.langs:
        set_default_language(lang)
        print(f"== {lang}")
        heard: dict[tuple[str, str], list[Listening]] = {
            (game, notation): [session(seed, args.rounds, notation) for seed in range(1, args.seeds + 1)]
            for game, session in SESSIONS.items() for notation in ("words", "short")}
        said = "\n".join(h.out.getvalue() for (_, notation), hs in heard.items() if notation == "words"
                         for h in hs)
        for what, text in (("line mode", said), ("rules", rules_text(lang))):
            english, total, common = english_share(text, lang)
            print(f"  {what}: {english} English words of {total} ({100 * english / max(total, 1):.2f}%)"
                  + (f"; they are: {', '.join(common)}" if common else ""))
        for (game, notation), hs in heard.items():
            texts = [t for h in hs for t in h.between]
            words = sorted(len(t.split()) for t in texts)
            median: Any = statistics.median(words)
            spoken = sorted(texts, key=lambda t: len(t.split()))[len(texts) // 2]
            seconds = speech_seconds(spoken, lang)
            speech = f", {seconds:.1f} s of speech" if seconds is not None else ""
            print(f"  {game} ({notation}): median {median} words between two of your turns "
                  f"({len(texts)} turns){speech}")


if __name__ == "__main__":
    main()
