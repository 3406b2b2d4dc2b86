"""The pseudo-locale finds no untranslated text in either game's line mode: a whole seeded
session of each, with every review command typed, said in ``qps``, where every translated string
comes back accented and bracketed (``⁅Ŷöû~~⁆``).  A word of plain English letters outside the
brackets is text no catalog reached."""

from __future__ import annotations

import io
import random
import re
from typing import Callable

import pytest

from kc_tui.core.kinds import Phase

NAMES = {"You", "Ada", "Ben", "Cleo", "Kings", "Reverse"}
"""The seats' names, and the second game's title, which stays a name in every language."""
_WORD = re.compile(r"[A-Za-z]{3,}")


def untranslated(text: str) -> set[str]:
    """Words of 3 or more plain letters outside the brackets: not names, not card codes."""
    outside = re.sub("\u2045[^\u2046]*\u2046", " ", text)
    return {w for w in _WORD.findall(outside) if w not in NAMES}


REVIEWS = ["help", "look", "hand", "who", "scores", "rules", "last", "hint", "zzz", "7X N"]


def corner_said() -> str:
    from kc_tui.games.kings_corner.ai import make_player
    from kc_tui.games.kings_corner.ai.seats import make_seats
    from kc_tui.games.kings_corner.engine.moves import move_of_code
    from kc_tui.games.kings_corner.engine.rules import RuleSet
    from kc_tui.games.kings_corner.engine.service import GameService
    from kc_tui.games.kings_corner.line import PlainGame

    service = GameService(RuleSet(players=3, target=15), make_seats(["you", "hard", "hard"], random.Random(2)),
                          seed=2)
    typist = make_player("medium", random.Random(2))
    out = io.StringIO()
    plan: list[str] = list(REVIEWS)
    waits = [0]

    def read(prompt: str) -> str | None:
        out.write(prompt + "\n")
        if service.game.phase != Phase.TURN or service.observation(0).current != 0:
            waits[0] += 1
            return None if waits[0] > 40 else ""
        if not plan:
            plan.extend(str(move_of_code(m) if isinstance(m, int) else m)
                        for m in typist.plan_turn(service.observation(0)))
            plan.append("end!")
        return plan.pop(0)

    PlainGame(service, read, out).run()
    return out.getvalue()


def reverse_said() -> str:
    from kc_tui.games.kings_reverse.ai import make_player
    from kc_tui.games.kings_reverse.engine.rules import build_rules
    from kc_tui.games.kings_reverse.engine.service import ReverseService
    from kc_tui.games.kings_reverse.line import ReverseLines
    from kc_tui.games.kings_reverse.saves import reverse_seats

    service = ReverseService(build_rules(3, "bluff", hand_size=5, target=100),
                             reverse_seats(["you", "hard", "hard"], random.Random(3)), seed=3)
    typist = make_player("medium", random.Random(3))
    out = io.StringIO()
    plan: list[str] = list(REVIEWS)
    waits = [0]

    def read(prompt: str) -> str | None:
        out.write(prompt + "\n")
        if not service.waiting_for_human():
            waits[0] += 1
            return None if waits[0] > 40 else ""
        return plan.pop(0) if plan else str(typist.choose(service.view(0)))

    ReverseLines(service, out.write).run(read)
    return out.getvalue()


def test_the_check_finds_english() -> None:
    assert untranslated("\u2045Ŷöû~\u2046 Ada plays KS") == {"plays"}


@pytest.mark.parametrize("said", [corner_said, reverse_said], ids=["kings-corner", "kings-reverse"])
def test_a_whole_line_mode_session_in_the_pseudo_locale_has_no_english(
        said: Callable[[], str], in_language: Callable[[str], None]) -> None:
    in_language("qps")
    text = said()
    assert "\u2045" in text
    left = untranslated(text)
    assert not left, sorted(left)
