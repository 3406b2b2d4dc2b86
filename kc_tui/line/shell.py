"""What every game's line mode shares: reading a line (with line editing at a terminal), output
that passes each write on, and the common commands and their help.

The common commands (docs/protocol.md section 3) are the shell's, the same in every game:
``help`` (or ``?``) lists the commands, ``quit`` leaves; at a served table ``say TEXT`` talks to
the table and ``leave`` leaves it.  A game's line part (:class:`~kc_tui.line.part.LineGame`)
adds its own actions and review commands, and its help says only those: :func:`help_text`
puts the two together, so every game's ``help`` reads in one pattern.

Every typed command has its English word, which works in every language (scripts and bots do
not change), and a word in the language of the person served (``ayuda``, ``aide``): a catalog
entry of context ``typed command`` (:func:`shell_words`, :func:`command_named`).
"""

from __future__ import annotations

import io
import shutil
import sys
from typing import Any, Callable, Mapping, TextIO, cast

from ..core.cards import quoted
from ..core.i18n import N_, Domain
from ..core.text import closest, fitted, folded, is_valid_text

__all__ = ["LOCAL_COMMANDS", "MAX_LINE", "SERVED_COMMANDS", "WATCHING_COMMANDS", "Out", "Reader", "help_text",
           "leave_word", "line_out", "not_next_round", "read_line", "writer", "shell_words", "command_named",
           "common_command", "LOBBY_COMMANDS", "lobby_words", "lobby_command", "lobby_word_at_table"]

_, ngettext, pgettext, L_, Ln_ = Domain.of(__package__).functions()

# Translators: the words are the typed commands of the language (context "typed command").
LOCAL_COMMANDS = N_("Any time: help (or ?) lists the commands; quit leaves.")
"""The shell's commands in a session at this terminal (in English: :func:`help_text` says them in
the language served)."""

# Translators: the words are the typed commands of the language (context "typed command").
SERVED_COMMANDS = N_("At the lobby's level: help (or ?) lists the commands; say TEXT talks to your "
                     "table; leave leaves it (a computer plays your seat; you may come back); quit "
                     "leaves the server.")
"""The shell's commands at a table of the table server."""

# Translators: the words are the typed commands of the language (context "typed command").
WATCHING_COMMANDS = N_("At the lobby's level: help (or ?) lists the commands; say TEXT talks to the "
                       "table; leave stops watching; quit leaves the server.")
"""The shell's commands for a spectator at a table of the table server."""


def shell_words() -> dict[str, str]:
    """The shell's commands (by their English words) and their words in the language served."""
    return {
        # Translators: a command typed in the line mode: one word, lower case, as the help says it
        # (English words are accepted too).  Lists the commands.
        "help": pgettext("typed command", "help"),
        # Translators: a typed command (one word): leaves the game, or the table server.
        "quit": pgettext("typed command", "quit"),
        # Translators: a typed command (one word), followed by a line of chat for the table.
        "say": pgettext("typed command", "say"),
        # Translators: a typed command (one word): gets up from one's table at the table server.
        "leave": pgettext("typed command", "leave"),
    }


LOBBY_COMMANDS = ("tables", "new", "join", "watch", "start", "close")
"""The lobby's commands among :func:`lobby_words` (the others are words of ``new``)."""


def lobby_words() -> dict[str, str]:
    """The lobby's own commands and words of ``new`` (by their English words) and their words in
    the language served; the shell's commands are :func:`shell_words`."""
    return {
        # Translators: a command typed in the line mode's lobby: one word, lower case, as the
        # lobby's help says it (English words are accepted too).  Lists the tables.
        "tables": pgettext("typed command", "tables"),
        # Translators: a typed command (one word): makes a new table.
        "new": pgettext("typed command", "new"),
        # Translators: a typed command (one word): takes a seat at a table.
        "join": pgettext("typed command", "join"),
        # Translators: a typed command (one word): watches a table.
        "watch": pgettext("typed command", "watch"),
        # Translators: a typed command (one word): starts the game at one's table.
        "start": pgettext("typed command", "start"),
        # Translators: a typed command (one word): gives up an adjourned game, closing its table.
        "close": pgettext("typed command", "close"),
        # Translators: a word typed after the lobby's "new": a seat left for a person.
        "open": pgettext("typed command", "open"),
        # Translators: typed before "=" in the lobby's "new" (name=Friday night): the table's name.
        "name": pgettext("typed command", "name"),
        # Translators: typed before "=" in the lobby's "new" (game=kings-reverse): the game.
        "game": pgettext("typed command", "game"),
    }


def lobby_command(typed: str) -> str | None:
    """The lobby's command (``tables``, ``join``...) that the first word of ``typed`` names, in
    English or in the language served; None for any other word."""
    words = lobby_words()
    return command_named(typed.strip().partition(" ")[0], {name: words[name] for name in LOBBY_COMMANDS})


def lobby_word_at_table(typed: str) -> str | None:
    """What a lobby command typed at a table says (a host typed ``tables`` there and was told
    whose turn it was): that it is the lobby's, and how to get back there; None for any other
    line.  A game's line part asks it only of a line it does not read itself (``regarder``
    watches a table in the lobby and looks at it at the table)."""
    if lobby_command(typed) is None:
        return None
    return _("{word} is a lobby command: type {leave} to go back to the lobby first.").format(
        word=quoted(typed.strip().partition(" ")[0]), leave=shell_words()["leave"])


def command_named(typed: str, words: Mapping[str, str]) -> str | None:
    """The command (its English word, a key of ``words``) that the word ``typed`` names: its
    English word or its word in the language served (``words``' values), in any case and with
    or without its accents (``dificil``: a keyboard may lack them); None when it names none."""
    typed = folded(typed)
    for name, word in words.items():
        if typed == name or typed == folded(word):
            return name
    return None


def common_command(typed: str) -> str | None:
    """The shell's command (``help``, ``quit``, ``say``, ``leave``) the word ``typed`` names, in
    English or in the language served (``?`` is ``help``); None for any other word."""
    return "help" if typed == "?" else command_named(typed, shell_words())

MAX_LINE = 1000
"""The longest line read (at this terminal, and in the lobby): a longer one is refused unread."""

Reader = Callable[[str], "str | None"]
"""A line read after its prompt, or None when input ends."""


def help_text(game_help: str, served: bool, watching: bool = False) -> str:
    """A game's ``help``: its own commands, then the shell's (at a served table, ``watching`` it
    as a spectator, or here)."""
    shell = (WATCHING_COMMANDS if watching else SERVED_COMMANDS) if served else LOCAL_COMMANDS
    return game_help + "\n" + _(shell)


def leave_word(served: bool) -> str:
    """What a player types to get up between rounds: ``leave`` at a served table (``quit``
    there leaves the server), ``quit`` here; in the language served."""
    return shell_words()["leave" if served else "quit"]


def table_prompt() -> str:
    """The prompt at a table while it is not one's turn to act (another's turn, between rounds
    once ready, watching), in the language served."""
    # Translators: the line mode's prompt at a table while others play, as "lobby> " in the lobby.
    return _("table> ")


def not_next_round(line: str, served: bool) -> str:
    """What a line other than Enter, a review or leaving says between rounds, in either game:
    a word mistyped there deals nothing (the round's result would scroll away unheard); a slip
    of the word that leaves ("salri") is answered with it."""
    leave = leave_word(served)
    if closest(line.strip(), [leave], ["leave" if served else "quit"]) is not None:
        return _("{word} is not a command here: did you mean {leave}? Press Enter for the next "
                 "round.").format(word=quoted(line), leave=leave)
    return _("{word} is not a command here: press Enter for the next round, or type {leave}.").format(
        word=quoted(line), leave=leave)


class Out(io.TextIOBase):
    """A text stream passing what is written on to ``write`` (a connection's), for a game's
    line mode that prints to a stream: whole lines, or what a flush asks for.  ``print`` writes
    a sentence and its newline apart, and a connection takes text that does not end a line for
    a prompt, after which it shows again the line being typed: every sentence told while a
    person typed ran on into what they had typed ("... on the north-west corner.look at th")."""

    def __init__(self, write: Callable[[str], None]) -> None:
        super().__init__()
        self._send = write
        self._pending = ""

    def write(self, text: str) -> int:
        self._pending += text
        if self._pending.endswith("\n"):
            self.flush()
        return len(text)

    def flush(self) -> None:
        if self._pending:
            text, self._pending = self._pending, ""
            self._send(text)


class FittedOut:
    """Standard output at a terminal, a line wider than the terminal broken between words (the
    terminal cut "the seven o" / "f hearts" in the middle of a word), as the served line mode's
    lines are: a screen reader reads each row of the terminal as a line."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream
        self._column = 0  # where the text written so far left the cursor

    def write(self, text: str) -> int:
        shown = fitted(text, shutil.get_terminal_size().columns, self._column)
        _, newline, tail = shown.rpartition("\n")
        tail = tail.replace("\a", "")  # (the bell takes no column)
        self._column = len(tail) if newline else self._column + len(tail)
        self._stream.write(shown)
        return len(text)

    def flush(self) -> None:
        self._stream.flush()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def line_out(stream: TextIO | None = None) -> TextIO:
    """Where the line mode writes at this terminal: standard output (or ``stream``), fitted to
    the terminal's width between words when it is a terminal."""
    stream = sys.stdout if stream is None else stream
    return cast(TextIO, FittedOut(stream)) if stream.isatty() else stream


def writer(out: TextIO) -> Callable[[str], None]:
    """A ``write`` sending text to ``out`` at once."""

    def write(text: str) -> None:
        out.write(text)
        out.flush()

    return write


def fitted_prompt(prompt: str) -> str:
    """``prompt`` at this terminal: a question wider than it (the quit and end-of-turn questions)
    has its lines but the last written out broken between words, as the line mode's other
    lines are (the terminal cut "the moves of t" / "his turn"), and the last left for the
    answer to be typed after."""
    if not sys.stdout.isatty():
        return prompt
    head, newline, last = fitted(prompt, shutil.get_terminal_size().columns).rpartition("\n")
    if newline:
        print(head, flush=True)
    return last


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
                line = input(fitted_prompt(prompt))
            except EOFError:
                print()
                return None
            if len(line) > MAX_LINE:  # (a paste: every word of it read cost a third of a second)
                print(_("That line is longer than {n} characters; nothing was done.").format(n=MAX_LINE))
            elif is_valid_text(line):
                return line
            else:
                print(_("That line is not valid text (UTF-8); type a command such as {example}.")
                      .format(example=example))

    return read
