"""What the line mode asks of a game: its ``line`` part (:meth:`kc_tui.games.GameEntry.part`).

A game's line part says the game in sentences and reads its own commands; the shell
(:mod:`kc_tui.line.shell`) holds what every game shares (reading, the common commands, the
help's pattern) and the lobby (:mod:`kc_tui.line.lobby`) seats a person at any game's table
through :meth:`LineGame.seat`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping, Protocol, Sequence, TextIO

from ..net import Notice, SeatDoor
from .shell import Reader

__all__ = ["LineGame", "LineOptions", "SeatLines"]


@dataclass(frozen=True, slots=True)
class LineOptions:
    """How a session at this terminal is said (a game uses those that apply to it)."""

    verbosity: str = "brief"
    """``brief`` or ``full``: how much is said between two of a person's turns."""
    bell: bool = False
    """Ring the terminal bell as each person's turn starts."""
    echo: bool = False
    """Write each line read after its prompt (piped input reads as a dialogue)."""
    confirm_end: bool = True
    """Ask before a turn ends while moves are still open."""
    notation: str = "words"
    """``words`` (cards and piles said in words, "the ace of diamonds", "north-east": for the
    ear) or ``short`` (``AD``, ``NE``: for the eye)."""


class SeatLines(Protocol):
    """One seat's (or a spectator's) line-mode table at a served game, driven by the lobby:
    it says the game's events as they come and answers the lines typed at the table."""

    @property
    def verbosity(self) -> str:
        """``brief`` or ``full``, as set now (the person may change it at the table; the lobby
        seats them at their next table with it)."""

    def position(self) -> object:
        """Where the table stands for this seat: a new position is told (:meth:`tell`)."""

    def tell(self, fresh: bool) -> str | None:
        """Say what the person needs now (more when the position is ``fresh``); the prompt,
        or None when the session is over (the lobby takes the person back)."""

    def line(self, text: str) -> None:
        """A line typed at the table that is no command of the shell's."""

    def close(self) -> None:
        """Leave the table (a computer plays the seat; the person may come back)."""


class LineGame(Protocol):
    """A game's line mode (its ``line`` part's ``GAME``)."""

    example: str
    """A few commands of the game, to name when a line is refused (``7h n, end or help``)."""
    presets: Sequence[str]
    """The names of its rule presets, for the lobby's ``new ... preset=NAME``."""

    def build_rules(self, players: int, preset: str, options: Mapping[str, str]) -> Any:
        """The game's rules for a new table; :class:`~kc_tui.core.errors.RuleError` with the
        sentence when they cannot be played."""

    def preset_note(self, preset: str) -> str:
        """What one of :attr:`presets` sets, in a few words, in the language served."""

    def rule_options(self) -> Sequence[tuple[str, str]]:
        """Each rule option ``new`` takes as ``name=value`` (those :meth:`build_rules` reads):
        its name and what it does, with its values and default, in the language served."""

    def play(self, service: Any, read: Reader, out: TextIO, options: LineOptions) -> int:
        """Play the game's session ``service`` at this terminal until it ends, the player quits
        or input ends; the exit status."""

    def seat(self, door: SeatDoor, write: Callable[[str], None], changed: Callable[[], None],
             announce: Callable[[Notice], None], verbosity: str | None = None) -> SeatLines:
        """The line-mode table for a seat (or a spectator) of a started game: ``write`` sends
        text to the person, ``changed`` is called after each delivery, ``announce`` says a table's
        notice; ``verbosity`` the person chose at an earlier table (None: ``brief`` for a seat,
        ``full`` for a spectator)."""
