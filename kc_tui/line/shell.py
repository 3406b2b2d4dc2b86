"""What every game's line mode shares: reading a line (with line editing at a terminal), output
that passes each write on, and the common commands and their help.

The common commands (docs/protocol.md section 3) are the shell's, the same in every game:
``help`` (or ``?``) lists the commands, ``quit`` leaves; at a served table ``say TEXT`` talks to
the table and ``leave`` leaves it.  A game's line part (:class:`~kc_tui.line.part.LineGame`)
adds its own actions and review commands, and its help says only those: :func:`help_text`
puts the two together, so every game's ``help`` reads in one pattern.
"""

from __future__ import annotations

import io
import sys
from typing import Callable, TextIO

from ..core.text import is_valid_text

__all__ = ["LOCAL_COMMANDS", "SERVED_COMMANDS", "Out", "Reader", "help_text", "leave_word", "read_line",
           "writer"]

LOCAL_COMMANDS = "Any time: help (or ?) lists the commands; quit leaves."
"""The shell's commands in a session at this terminal."""

SERVED_COMMANDS = ("At the lobby's level: help (or ?) lists the commands; say TEXT talks to your "
                   "table; leave leaves it (a computer plays your seat; you may come back); quit "
                   "leaves the server.")
"""The shell's commands at a table of the table server."""

Reader = Callable[[str], "str | None"]
"""A line read after its prompt, or None when input ends."""


def help_text(game_help: str, served: bool) -> str:
    """A game's ``help``: its own commands, then the shell's (at a served table or here)."""
    return game_help + "\n" + (SERVED_COMMANDS if served else LOCAL_COMMANDS)


def leave_word(served: bool) -> str:
    """What a player types to get up between rounds: ``leave`` at a served table (``quit``
    there leaves the server), ``quit`` here."""
    return "leave" if served else "quit"


class Out(io.TextIOBase):
    """A text stream passing each write on to ``write`` (a connection's), for a game's line
    mode that prints to a stream."""

    def __init__(self, write: Callable[[str], None]) -> None:
        super().__init__()
        self._send = write

    def write(self, text: str) -> int:
        self._send(text)
        return len(text)

    def flush(self) -> None:
        return None


def writer(out: TextIO) -> Callable[[str], None]:
    """A ``write`` sending text to ``out`` at once."""

    def write(text: str) -> None:
        out.write(text)
        out.flush()

    return write


def read_line(example: str) -> Reader:
    """Standard input for the line mode: a line, or None when input ends; with line editing at
    a terminal.  A line that is not text is refused, naming commands such as ``example``."""
    if sys.stdin.isatty():
        try:
            import readline  # noqa: F401  - arrow keys, line editing and history for input()
        except ImportError:
            pass

    # Bytes that are not UTF-8 are kept (as lone surrogates) rather than ending the game with
    # an error, and refused below like any other line that is not a command.
    reconfigure = getattr(sys.stdin, "reconfigure", None)
    if reconfigure is not None:
        reconfigure(errors="surrogateescape")

    def read(prompt: str) -> str | None:
        while True:
            try:
                line = input(prompt)
            except EOFError:
                print()
                return None
            if is_valid_text(line):
                return line
            print(f"That line is not valid text (UTF-8); type a command such as {example}.")

    return read
