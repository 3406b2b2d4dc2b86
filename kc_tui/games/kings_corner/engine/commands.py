"""The command prompt a player types into (docs/protocol.md section 3).

``7h n`` plays a card onto a pile, ``e n`` moves pile E onto pile N, and ``end``, ``hint``,
``undo``, ``help``, ``quit`` do what they say (``end`` asks first while moves are open;
``end!`` or ``end yes`` does not).  Case does not matter; the filler words ``on``,
``to``, ``onto`` and ``>`` are ignored; ``10`` may stand for ``T``.  A hand position (``3 n``:
the third card of the sorted hand) is accepted too.  Anything else is refused with one
sentence, and nothing changes.

The line mode also answers questions that change nothing (:func:`parse_review`): ``look``
(or ``board``), ``pile N``, ``hand``, ``who``, ``scores``, ``rules``, ``last``, ``help`` (or
``?``), and ``verbosity brief|full`` sets how much it says between turns.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Sequence

from ....core.cards import Card, NotationError, parse_card
from .board import Pile, parse_pile
from .moves import MovePile, PlayCard

__all__ = [
    "Verb", "Command", "CommandError", "parse_command", "VERBS", "COMMAND_HELP", "Review",
    "REVIEWS", "Verbosity", "VERBOSITIES", "parse_review", "REVIEW_HELP", "SURE_ENDS", "end_question",
]

FILLERS = frozenset({"on", "to", "onto", ">"})
VERBS = ("end", "hint", "undo", "help", "quit")


class CommandError(ValueError):
    """A line that does not parse; ``str()`` is the sentence to show."""


@dataclass(frozen=True, slots=True)
class Verb:
    """A command that is not a move: one of :data:`VERBS`.  ``sure`` is an ``end`` that needs
    no question while moves are open (``end!`` or ``end yes``)."""

    name: str
    sure: bool = False


SURE_ENDS = ("end!", "end yes")
"""The ways to end a turn without being asked while moves are still open."""


def end_question(open_moves: int) -> str:
    """The question every way of ending a turn asks while moves are still open (``e`` and ``:end``
    at the table, ``end`` in the line mode)."""
    return f"End your turn with {open_moves} move{'s' if open_moves != 1 else ''} still open?"


Command = PlayCard | MovePile | Verb

REVIEWS = ("look", "pile", "hand", "who", "scores", "rules", "last", "help", "verbosity")


class Verbosity(StrEnum):
    """How much the line mode says between a person's turns."""

    BRIEF = "brief"
    """One sentence per other player as the person's turn starts; the rest on request."""
    FULL = "full"
    """Every event as it happens."""


VERBOSITIES = tuple(str(v) for v in Verbosity)
_ALIASES = {"board": "look", "?": "help", "score": "scores"}


@dataclass(frozen=True, slots=True)
class Review:
    """A question that changes nothing (one of :data:`REVIEWS`): ``pile`` names the pile of
    ``pile N``, ``verbosity`` the level of ``verbosity brief``."""

    name: str
    pile: Pile | None = None
    verbosity: Verbosity | None = None

COMMAND_HELP = (
    "Commands: 7H N plays the seven of hearts on North (10H or TH for a ten); "
    "KD NE puts a King on a corner; E N moves pile East onto North; "
    "3 N plays the third card of your hand; end ends your turn (asking first while moves are "
    "open; end! does not ask); undo takes back your last "
    "move; hint suggests a plan. "
    "Piles: N E S W (edges), NE SE SW NW (corners)."
)


REVIEW_HELP = (
    "At any moment: look (or board) reads the whole table; pile N reads one pile, every card; "
    "hand reads your hand; who says who has how many cards and whose turn it is; scores reads "
    "the scores; rules reads the rules in force; last repeats what happened since your last "
    "turn; verbosity brief or verbosity full sets how much is said between your turns."
)


def parse_review(text: str) -> Review | None:
    """The review command ``text`` asks for, or None when it is not one (then it may be a
    move or a verb for :func:`parse_command`); a review with a wrong argument is refused."""
    words = text.lower().split()
    if not words:
        return None
    name = _ALIASES.get(words[0], words[0])
    if name not in REVIEWS:
        return None
    rest = words[1:]
    if name == "pile":
        if len(rest) != 1:
            raise CommandError("Which pile? Write one, for example pile N or pile NE.")
        try:
            return Review(name, pile=parse_pile(rest[0]))
        except NotationError as exc:
            raise CommandError(str(exc)) from None
    if name == "verbosity":
        if len(rest) != 1 or rest[0] not in VERBOSITIES:
            raise CommandError("Write verbosity brief (what matters, at your turn) or "
                               "verbosity full (every event as it happens).")
        return Review(name, verbosity=Verbosity(rest[0]))
    if rest:
        raise CommandError(f"{name} takes no more words: write just {name}.")
    return Review(name)


def _is_pile(word: str) -> bool:
    return word.upper() in Pile.__members__


def parse_command(text: str, hand: Sequence[Card] = ()) -> Command:
    """Parse one typed line.  ``hand`` (sorted, as shown) lets ``3 n`` name the third card."""
    words = [w for w in text.replace(">", " > ").lower().split() if w not in FILLERS]
    if not words:
        raise CommandError("Type a move such as 7H N, or help for the commands.")
    if " ".join(words) in SURE_ENDS:
        return Verb("end", sure=True)
    if len(words) == 1:
        word = words[0]
        if word in VERBS:
            return Verb(word)
        if _is_pile(word):
            raise CommandError(
                f"Move pile {word.upper()} onto which pile? Write both, for example {word.upper()} N."
            )
        raise CommandError(
            f"{words[0]!r} is not a command: write a card and a pile (7H N), two piles (E N), "
            "or end, undo, hint, help, quit."
        )
    if len(words) > 2:
        raise CommandError(
            f"Too many words in {text.strip()!r}: write a card and a pile (7H N) or two piles (E N)."
        )
    first, second = words
    try:
        target = parse_pile(second)
    except NotationError as exc:
        raise CommandError(str(exc)) from None
    if _is_pile(first):
        return MovePile(parse_pile(first), target)
    if first.isascii() and first.isdecimal():
        index = int(first)
        if not 1 <= index <= len(hand):
            raise CommandError(
                f"There is no card {index} in your hand: it holds {len(hand)} card"
                f"{'s' if len(hand) != 1 else ''}."
            )
        return PlayCard(hand[index - 1], target)
    try:
        return PlayCard(parse_card(first), target)
    except NotationError as exc:
        raise CommandError(str(exc)) from None
