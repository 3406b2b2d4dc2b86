"""The vocabularies every game shares, as string enums: where a game stands, who sits in a seat.

Each member equals its protocol word (``Phase.TURN == "turn"``), so transcripts, saves and
settings written with the words read back unchanged, and ``json.dumps`` writes the word.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum

__all__ = ["Phase", "SeatKind", "SEAT_NAMES", "HUMAN_PREFIX", "seat_names"]


class Phase(StrEnum):
    """Where a game stands."""

    TURN = "turn"
    """The current player may play, move piles, undo or end the turn."""
    ROUND_OVER = "round_over"
    """A round has ended; the next one can be dealt."""
    SESSION_OVER = "session_over"
    """The session has ended (R7); nothing more can happen."""


class SeatKind(StrEnum):
    """Who sits in a seat: a person at this keyboard, a computer player, or a bot program."""

    HUMAN = "human"
    AI = "ai"
    BOT = "bot"


SEAT_NAMES = ("Ada", "Ben", "Cleo", "Dev", "Eli", "Fay")
"""Names given to computer seats, in seat order, skipping names the people took (every game's)."""

HUMAN_PREFIX = "human:"
"""A seat spec ``human:NAME``: a person called NAME."""


def seat_names(specs: Sequence[str], names: Sequence[str | None] | None = None) -> list[str]:
    """The names of seats given by specs (``you``, ``human:NAME``, anything else a computer), as
    every game names them: a name given in ``names`` is kept as it is (a save's); otherwise
    people are "You" or their NAME, computers take the first of :data:`SEAT_NAMES` no seat's
    name took (whatever its case), and a name already taken gets a number ("You", "You 2")."""
    given = list(names or [None] * len(specs))
    explicit = [n is not None for n in given]
    for i, spec in enumerate(specs):
        if given[i] is None and (spec == "you" or spec.startswith(HUMAN_PREFIX)):
            given[i] = "You" if spec == "you" else spec[len(HUMAN_PREFIX):]
    used = {n.lower() for n in given if n}
    spare = iter(n for n in SEAT_NAMES + tuple(f"Player {k}" for k in range(1, 7)) if n.lower() not in used)
    taken: set[str] = set()
    shown = []
    for i in range(len(specs)):
        name = given[i] or next(spare)
        base, k = name, 2
        while name.lower() in taken and not explicit[i]:  # "you,you": You, You 2
            name = f"{base} {k}"
            k += 1
        taken.add(name.lower())
        shown.append(name)
    return shown
