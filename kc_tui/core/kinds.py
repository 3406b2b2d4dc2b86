"""The vocabularies every game shares, as string enums: where a game stands, who sits in a seat.

Each member equals its protocol word (``Phase.TURN == "turn"``), so transcripts, saves and
settings written with the words read back unchanged, and ``json.dumps`` writes the word.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum

from .i18n import Domain
from .text import is_valid_text

__all__ = ["Phase", "SeatKind", "SEAT_NAMES", "HUMAN_PREFIX", "NAME_LENGTH", "person_name", "seat_names"]

_ = Domain.of(__package__).gettext


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

NAME_LENGTH = 16
"""The most characters of a person's name at this keyboard: the new-game form's field holds that
many, the settings keep names that long, and ``--players human:NAME`` takes none longer (a
name of 70000 characters made a transcript whose first line the replay could not read)."""


def person_name(name: str, longest: int | None = None) -> str:
    """The NAME of a ``human:NAME`` seat, trimmed; ``ValueError`` with the sentence to show for
    an empty name, one that is not valid text (bytes that were not UTF-8 could not be written
    to a transcript or a save), or, given ``longest``, one of more characters than that."""
    name = name.strip()
    if not name:
        raise ValueError(_("a human seat needs a name, e.g. human:Ada"))
    if not is_valid_text(name):
        raise ValueError(_("the name {name} is not valid text (UTF-8); type it again").format(
            name=repr(name)))
    if longest is not None and len(name) > longest:
        # Translators: {name} is the name's first 20 characters, quoted, then "..." if it is longer.
        raise ValueError(_("a name holds at most {most} characters; {name} has {n}").format(
            most=longest, name=repr(name[:20]) + ("..." if len(name) > 20 else ""), n=len(name)))
    return name


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
