"""The line mode's shell: the game as plain lines of text, for screen readers, ``TERM=dumb`` and
slow links.  What every game shares is here (:mod:`.shell`: reading, the common commands, the
help's pattern; :mod:`.lobby`: the table server's lobby); each game says itself and reads its
own commands in its ``line`` part, of the type :class:`~.game.LineGame`."""

from .lobby import PlainLobby, lobby_help, run_plain_lobby
from .part import LineGame, LineOptions, SeatLines
from .shell import Out, Reader, help_text, leave_word, line_out, read_line, writer

__all__ = ["LineGame", "LineOptions", "SeatLines", "PlainLobby", "lobby_help", "run_plain_lobby", "Out",
           "Reader", "help_text", "leave_word", "line_out", "read_line", "writer"]
