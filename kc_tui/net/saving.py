"""What a table keeps on the disk: its save, written by the server's one writer thread, and its
transcript (docs/protocol.md), one line per event.

A save or a transcript that cannot be written is told to the table's players at once and written
whole again at every save point until it works; the transcript of what was played is never cut.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
from concurrent.futures import Executor
from pathlib import Path
from typing import IO, Any, Callable, Sequence

from ..core.i18n import Domain
from ..storage.files import UnreadableFile, append_synced, free_path, read_text, write_atomic
from ..storage.saves import AutoSaver
from .protocols import GameTable

__all__ = ["TABLES_FOLDER", "SaveFile", "Transcript", "event_name", "remove_after_writes"]

_, ngettext, pgettext, L_, Ln_ = Domain.of(__package__).functions()

log = logging.getLogger("kc_tui.net")

TABLES_FOLDER = "tables"
MAX_TRANSCRIPT = 1 << 25
"""The largest transcript a resumed table reads back, as the games' transcript readers (a larger
one is kept aside as it is)."""


class SaveFile:
    """One table's save on the disk, written by the server's one writer thread, in order, so
    that no table's fsync holds up every other table's moves.

    A write that fails leaves the file as it was (a whole save replaces it atomically; an append
    cut short is a last line the reader drops), so the appends after it are not made (the file
    would miss the turns in between) until a whole save is written again.  The table hears on
    the event loop's thread when the file stops being written and when it is written again
    (:meth:`Table.save_state`): its players are told, and its next save point writes the whole
    save."""

    def __init__(self, table: GameTable) -> None:
        self.table = table
        self.path = table.save_path
        self.writer = table.server.writer
        self.loop = asyncio.get_running_loop()
        self.problem: str | None = None
        """Why the file misses a write (the writer thread's: read it after
        :meth:`TableServer.drain`)."""
        self.held = 0
        """How many of the table's events the file holds (the writer thread's)."""
        self.failed = 0
        """The writes failed or left out since the file was last whole (the writer thread's)."""
        self.last_whole = ""
        """The last whole save handed to the writer thread (an adjourned table whose save could
        not be written keeps it, to write when it is resumed)."""
        self.mending = False
        """Whether the file misses a write, as the event loop last heard: until it is written
        again, every save point writes the whole save."""

    def whole(self, text: str, held: int) -> None:
        """Write ``text``, the whole save of the first ``held`` events, atomically."""
        self.last_whole = text
        journal = self.table.server.journal
        if journal is not None:
            journal.whole(self.table.id, text, held)
        self.writer.submit(self._write, True, text, held)
        self.table.save_point()

    def append(self, text: str, held: int) -> None:
        """Add ``text``, a journal line that brings the save to ``held`` events."""
        journal = self.table.server.journal
        if journal is not None:
            journal.append(self.table.id, text, held)
        self.writer.submit(self._write, False, text, held)
        self.table.save_point()

    def _write(self, whole: bool, text: str, held: int) -> None:
        # On the writer thread.  The functions are looked up here, when the write is made.
        problem = self.problem
        if problem is not None and not whole:
            self.failed += 1
            return
        try:
            (write_atomic if whole else append_synced)(self.path, text)
        except OSError as exc:
            self.problem = exc.strerror or str(exc)
            self.failed += 1
            if self.problem != problem:
                log.error("table %s: cannot write %s: %s; the game goes on, its save is written whole "
                          "again at the next save point", self.table.id, self.path, self.problem)
                self._tell(self.problem)
            return
        self.held = held
        if problem is not None:
            log.info("table %s: %s is written again (%s writes failed or were left out)", self.table.id,
                     self.path, self.failed)
            self.problem, self.failed = None, 0
            self._tell(None)

    def _tell(self, problem: str | None) -> None:
        try:
            self.loop.call_soon_threadsafe(self.table.save_state, self, problem, self.held)
        except RuntimeError:
            pass  # the event loop has closed: the server has stopped, and the log has it all



    def remove(self) -> None:
        """Remove the save, after the writes handed to the writer thread before."""
        remove_after_writes(self.writer, self.path)


class Transcript:
    """A table's transcript: each event a line, flushed, until a write fails; then the players
    are told, and it is written whole again at the next save point (:meth:`write`)."""

    def __init__(self, table: GameTable) -> None:
        self.table = table
        self.file: IO[str] | None = None
        self.problem: str | None = None
        """Why the transcript cannot be written now: it is written whole at the next save point."""

    def record(self, event: Any) -> None:
        """The transcript's listener: each event a line, flushed (until a write fails)."""
        file = self.file
        if self.problem is not None or file is None:
            return
        try:
            file.write(self.table.game.encode(event) + "\n")
            file.flush()
        except (OSError, ValueError) as exc:
            self._failed(exc)

    def _failed(self, exc: Exception) -> None:
        self.close()
        problem = getattr(exc, "strerror", None) or str(exc)
        table = self.table
        if self.problem is None:
            log.error("table %s: cannot write %s: %s; it is written whole again at the next save point",
                      table.id, table.transcript_path, problem)
            table.notice(L_("The server cannot write this game's transcript ({problem}); it tries again "
                            "at every turn.", problem=problem))
        self.problem = problem

    def write(self, resumed: bool = False) -> list[str]:
        """Write the transcript whole, from the events so far, and go on appending to it.

        The transcript of what was played is never cut: when a game is ``resumed`` and the file
        holds events past its save's (the save missed its last turns), it is kept first, under
        another name, and its lines past the save's are returned.  (Otherwise the file holds
        these events or fewer: this table wrote them.)"""
        table = self.table
        lines = [table.game.encode(e) for e in table.events]
        self.close()
        try:
            table.folder.mkdir(parents=True, exist_ok=True)
            lost = self._keep_played(lines) if resumed else []
            write_atomic(table.transcript_path, "".join(line + "\n" for line in lines))
            self.file = open(table.transcript_path, "a", encoding="utf-8", newline="\n")
        except OSError as exc:
            self._failed(exc)
            return []
        if self.problem is not None:
            log.info("table %s: %s is written again, whole", table.id, table.transcript_path)
            self.problem = None
            table.notice(L_("The game's transcript is written again, whole."))
        return lost

    def _keep_played(self, lines: Sequence[str]) -> list[str]:
        """Unless the transcript on the disk is the start of ``lines``, rename it aside (one that
        cannot be read too), and return its lines past ``lines``."""
        table = self.table
        path = table.transcript_path
        try:
            text: str | None = read_text(path, MAX_TRANSCRIPT)
        except UnreadableFile as exc:
            if exc.missing:
                return []
            text = None  # too large, or not text: kept aside as it is
        played = [] if text is None else text.split("\n")[:-1]  # (past the last newline: a line cut short)
        # The first line, session_start, names the seats: a person taking one rewrites it.
        if text is not None and len(played) <= len(lines) and played[1:] == list(lines[1:len(played)]):
            return []
        kept = free_path(table.folder, f"table-{table.id}.before-resume", ".jsonl")
        os.replace(path, kept)
        log.warning("table %s: %s held %s events, and the game goes on after %s: the transcript as played "
                    "is kept as %s", table.id, path, len(played) if text is not None else "?",
                    len(lines), kept.name)
        return played[len(lines):] if played[1:len(lines)] == list(lines[1:]) else []

    def close(self) -> None:
        if self.file is not None:
            try:
                self.file.close()
            except OSError:
                pass
            self.file = None


def event_name(line: str) -> str:
    """The name of the event a transcript line holds ("" if it holds none)."""
    try:
        event = json.loads(line)
    except ValueError:
        return ""
    name = event.get("event") if isinstance(event, dict) else None
    return name if isinstance(name, str) else ""



def remove_after_writes(writer: Executor, path: Path) -> None:
    """Remove ``path`` on the writer thread, after the writes handed to it before."""
    writer.submit(_logged, _unlink, path, "")


def _unlink(path: Path, _text: str) -> None:
    path.unlink(missing_ok=True)


def _logged(write: Callable[[Path, str], None], path: Path, text: str) -> None:
    """A write of the writer thread: a failure is the server's log's (the game goes on)."""
    try:
        write(path, text)
    except OSError as exc:
        log.error("cannot write %s: %s", path, exc.strerror or exc)


class TableSaver(AutoSaver):
    """A game's save at a table: the platform's journal (:class:`AutoSaver`), written by the
    server's one writer thread through the table's :class:`SaveFile` (whole again while the file
    is mending).  At the session's end the save goes: the table's transcript keeps the game."""

    def __init__(self, *args: Any, file: SaveFile, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.file = file
        self._upto = 0  # the events in the text being written

    def _document(self, upto: int, states: list[tuple[Any, ...] | None]) -> str:
        self._upto = upto
        return super()._document(upto, states)

    def _entry(self, upto: int, states: list[tuple[Any, ...] | None]) -> str:
        self._upto = upto
        return super()._entry(upto, states)

    def _write_whole(self, text: str) -> None:
        self.file.whole(text, self._upto)

    def _write_entry(self, text: str) -> None:
        self.file.append(text, self._upto)

    def save(self, upto: int | None = None, compact: bool = False) -> bool:
        return super().save(upto, compact or self.file.mending)

    def finish(self) -> None:
        self.file.remove()
