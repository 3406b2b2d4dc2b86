"""Reading a file the game is given or keeps (a transcript, the settings): a regular file only,
and never more of it than a bound.  A name that leads to ``/dev/zero`` would otherwise fill the
memory, and a named pipe would hang the program before anything is shown.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

__all__ = ["UnreadableFile", "read_bytes", "read_text"]


class UnreadableFile(Exception):
    """A file that cannot be read as text; the message says why, to follow the file's name."""

    def __init__(self, why: str, missing: bool = False) -> None:
        super().__init__(why)
        self.missing = missing
        """True when there is no such file (for callers to whom that is no problem)."""


def read_bytes(path: Path, limit: int) -> bytes:
    """The bytes of the regular file at ``path`` (links are followed), at most ``limit`` of
    them; :class:`UnreadableFile` otherwise (a missing file too)."""
    try:
        # Non-blocking, so that opening a named pipe returns at once and is refused below.
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except OSError as exc:
        raise UnreadableFile(f"cannot be read: {exc.strerror or exc}",
                             missing=isinstance(exc, FileNotFoundError)) from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise UnreadableFile("is not a regular file")
        with os.fdopen(fd, "rb", closefd=False) as f:
            data = f.read(limit + 1)
    except OSError as exc:
        raise UnreadableFile(f"cannot be read: {exc.strerror or exc}") from None
    finally:
        os.close(fd)
    if len(data) > limit:
        raise UnreadableFile(f"is larger than {_size(limit)}, too large to be read")
    return data


def read_text(path: Path, limit: int) -> str:
    """The UTF-8 text of the regular file at ``path``, as :func:`read_bytes` reads it."""
    try:
        return read_bytes(path, limit).decode("utf-8")
    except UnicodeDecodeError:
        raise UnreadableFile("is not a text file") from None


def _size(n: int) -> str:
    return f"{n // (1 << 20)} MB" if n >= 1 << 20 else f"{n // (1 << 10)} KB"
