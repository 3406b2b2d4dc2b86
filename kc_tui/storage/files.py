"""The file operations every kind of kept file shares: writing atomically, appending durably,
locking, and reading a bounded amount; and a random generator's state as JSON, which every
kind of save keeps.

Reading a file the game is given or keeps (a save, a transcript, the settings) takes a regular
file only, and never more of it than a bound: a name that leads to ``/dev/zero`` would otherwise
fill the memory, and a named pipe would hang the program before anything is shown.
"""

from __future__ import annotations

import fcntl
import os
import random
import stat
import tempfile
from pathlib import Path
from typing import Any

from ..core.i18n import Domain

__all__ = [
    "UnreadableFile", "read_bytes", "read_first_line", "read_text", "write_atomic", "append_synced",
    "free_path", "FileLocked", "lock_file", "unlock_file", "unlock_all", "delete_locked", "rng_json",
    "set_rng_json",
]


_, ngettext, pgettext, L_, Ln_ = Domain.of(__package__).functions()


class UnreadableFile(Exception):
    """A file that cannot be read as text; the message says why, to follow the file's name (a
    predicate whose subject is "the file": "is not a regular file")."""

    def __init__(self, why: str, missing: bool = False) -> None:
        super().__init__(why)
        self.missing = missing
        """True when there is no such file (for callers to whom that is no problem)."""


def _read_regular(path: Path, limit: int) -> bytes:
    """At most ``limit`` bytes from the start of the regular file at ``path`` (links are
    followed); :class:`UnreadableFile` for anything else (a missing file too)."""
    try:
        # Non-blocking, so that opening a named pipe returns at once and is refused below.
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except OSError as exc:
        # Translators: said of a file, after its name ("the file ... cannot be read: No such file").
        raise UnreadableFile(_("cannot be read: {why}").format(why=exc.strerror or exc),
                             missing=isinstance(exc, FileNotFoundError)) from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            # Translators: said of a file, after its name ("the file ... is not a regular file").
            raise UnreadableFile(_("is not a regular file"))
        with os.fdopen(fd, "rb", closefd=False) as f:
            return f.read(limit)
    except OSError as exc:
        raise UnreadableFile(_("cannot be read: {why}").format(why=exc.strerror or exc)) from None
    finally:
        os.close(fd)


def read_bytes(path: Path, limit: int) -> bytes:
    """The bytes of the regular file at ``path`` (links are followed), at most ``limit`` of
    them; :class:`UnreadableFile` otherwise (a missing file too)."""
    data = _read_regular(path, limit + 1)
    if len(data) > limit:
        # Translators: said of a file, after its name; {size} is "64 MB" or "64 KB".
        raise UnreadableFile(_("is larger than {size}, too large to be read").format(size=_size(limit)))
    return data


def read_first_line(path: Path, limit: int) -> str:
    """The first line of the regular file at ``path`` (bytes that are not UTF-8 replaced), of
    at most ``limit`` bytes; :class:`UnreadableFile` as :func:`read_bytes`, and for a longer
    line, which cut short would be read as a broken one (a replay said "Unterminated string")."""
    data = _read_regular(path, limit + 1)
    line, newline, _rest = data.partition(b"\n")
    if not newline and len(data) > limit:
        # Translators: said of a file, after its name; {size} is "64 KB".
        raise UnreadableFile(_("line 1 is longer than {size}, too long to be read").format(size=_size(limit)))
    return line.decode("utf-8", "replace")


def read_text(path: Path, limit: int) -> str:
    """The UTF-8 text of the regular file at ``path``, as :func:`read_bytes` reads it."""
    try:
        return read_bytes(path, limit).decode("utf-8")
    except UnicodeDecodeError:
        # Translators: said of a file, after its name ("the file ... is not a text file").
        raise UnreadableFile(_("is not a text file")) from None


def _size(n: int) -> str:
    return f"{n // (1 << 20)} MB" if n >= 1 << 20 else f"{n // (1 << 10)} KB"


def free_path(folder: Path, stem: str, suffix: str) -> Path:
    """``folder/stem+suffix``, or the first of ``stem-2``, ``stem-3``... not taken: where a file is
    kept without writing over another (a transcript, a file set aside)."""
    path, k = folder / f"{stem}{suffix}", 2
    while path.exists():
        path, k = folder / f"{stem}-{k}{suffix}", k + 1
    return path


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` so that a crash at any moment leaves the old file or the new
    one, never neither and never half of one: a temporary file in the same folder, flushed and
    fsynced, then renamed over the old one, then the folder fsynced."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    try:
        dir_fd = os.open(path.parent, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(dir_fd)
    except OSError:
        pass
    finally:
        os.close(dir_fd)


def append_synced(path: Path, text: str) -> None:
    """Add ``text``, one journal line, at the end of ``path`` and flush it to the disk.  A crash
    part way leaves the line cut short with no newline after it, which a reader can drop."""
    data = memoryview(text.encode("utf-8"))
    fd = os.open(path, os.O_WRONLY | os.O_APPEND)
    try:
        while data:
            data = data[os.write(fd, data):]
        os.fsync(fd)
    finally:
        os.close(fd)


class FileLocked(Exception):
    """Another running process holds the lock of a file."""

    def __init__(self, holder: int | None) -> None:
        super().__init__(_("locked by process {pid}").format(pid=holder) if holder is not None
                         else _("locked"))
        self.holder = holder
        """The process id the holder wrote in the lock file, if it did (for the message only)."""


def _lock_path(path: Path) -> Path:
    return path.with_name(path.name + ".lock")


_HELD: dict[str, int] = {}
"""The lock files this process holds, open, by the path of the file they lock."""


def _open_lock(path: Path) -> int:
    """Open and lock the lock file of ``path``; its descriptor, or :class:`FileLocked`.

    The lock is the kernel's (``flock``) on the open file: exactly one process holds it, and it
    goes when that process ends, however it ends (killed, crashed, not yet reaped), so there is
    no guessing from a process id whether a claim is stale.  The id in the file is only for
    the message."""
    lock = _lock_path(path)
    lock.parent.mkdir(parents=True, exist_ok=True)
    while True:
        fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.pread(fd, 32, 0).split()
            os.close(fd)
            raise FileLocked(int(holder[0]) if holder and holder[0].isdigit() else None) from None
        except BaseException:
            os.close(fd)
            raise
        # The holder before us removes the file as it lets go: if that happened after we opened
        # it, we hold a file nobody else will open, so take the lock again on the one there now.
        try:
            current = os.path.samestat(os.fstat(fd), os.stat(lock))
        except FileNotFoundError:
            current = False
        if current:
            return fd
        os.close(fd)


def _release(path: Path, fd: int) -> None:
    # Removed while still locked, so nobody can lock the old file after we let go.
    _lock_path(path).unlink(missing_ok=True)
    os.close(fd)


def lock_file(path: Path) -> None:
    """Claim ``path`` for this process until :func:`unlock_file` or the process ends (a claim
    it already holds is kept); :class:`FileLocked` if another running process holds it,
    :class:`OSError` if no lock can be taken there (a read-only folder)."""
    if os.path.abspath(path) in _HELD:
        return
    fd = _open_lock(path)
    try:
        os.ftruncate(fd, 0)
        os.write(fd, f"{os.getpid()}\n".encode())
    except BaseException:
        _release(path, fd)
        raise
    _HELD[os.path.abspath(path)] = fd


def unlock_file(path: Path) -> None:
    """Give up this process's claim on ``path`` (nothing happens if it holds none)."""
    fd = _HELD.pop(os.path.abspath(path), None)
    if fd is not None:
        _release(path, fd)


def unlock_all() -> None:
    """Give up every claim this process holds: for a program about to end at once, without the
    clean-up that gives up each (the kernel would let go of the locks, but not remove their
    files)."""
    for key in list(_HELD):
        fd = _HELD.pop(key, None)
        if fd is not None:
            _release(Path(key), fd)


def delete_locked(path: Path) -> None:
    """Delete ``path`` and its lock, under the lock (this process's claim, or one taken just to
    delete it); :class:`FileLocked` if another running process holds it, :class:`OSError` if
    the file cannot be deleted (a claim this process held is then kept)."""
    key = os.path.abspath(path)
    fd = _HELD.get(key)
    ours = fd is None  # a lock taken only to delete, given up whatever happens
    if ours:
        try:
            fd = _open_lock(path)
        except OSError:
            fd = None  # no lock can be taken in this folder, so no window holds one either
    try:
        path.unlink(missing_ok=True)
    except OSError:  # a read-only folder, or a folder named like the file
        if ours and fd is not None:
            _release(path, fd)
        raise
    if fd is not None:
        _HELD.pop(key, None)
        _release(path, fd)


def rng_json(state: tuple[Any, ...]) -> list[Any]:
    """A generator's state (``Random.getstate()``) as JSON, for a save to keep (both games'
    saves keep their computers' generators, so that a resumed game goes on as it would have)."""
    version, internal, gauss = state
    return [version, list(internal), gauss]


def set_rng_json(rng: random.Random, state: Any) -> None:
    """Put ``rng`` back in a state :func:`rng_json` kept; ``TypeError``/``ValueError`` (or
    ``OverflowError``) for a damaged one."""
    version, internal, gauss = state
    rng.setstate((version, tuple(internal), gauss))
