"""At the session's end the line mode says the running totals in a sentence, where it drew a
chart of characters that said nothing to the ear (issue 28, item 22)."""

from __future__ import annotations

import io
import random

from kc_tui.games.kings_corner.ai.seats import make_seats
from kc_tui.games.kings_corner.engine.rules import build_rules
from kc_tui.games.kings_corner.engine.service import GameService
from kc_tui.games.kings_corner.line import PlainGame


def test_the_session_ends_with_the_totals_in_a_sentence_and_no_chart() -> None:
    """Seed 8, you ending every turn against two hard computers: round 2 takes you past 30."""
    service = GameService(build_rules(3, "standard", {"target": 30}),
                          make_seats(["you", "hard", "hard"], random.Random(8)), seed=8)
    out = io.StringIO()
    typed = iter(["end!"] * 200)
    PlainGame(service, lambda prompt: next(typed, ""), out, notation="short").run()
    said = out.getvalue().splitlines()
    totals = service.history[-1].totals
    assert len(service.history) == 2
    names = [seat.name for seat in service.seats]
    end = said.index("* won the round.")
    assert said[end + 1] == "After round 2: " + ", ".join(f"{n} {t}" for n, t in zip(names, totals)) + "."
    assert said[end + 2].startswith("Session seed: 8")
    assert not [line for line in said if " |" in line or "(round)" in line]
