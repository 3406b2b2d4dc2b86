"""Saved sessions: written after every turn as a versioned JSON journal (:class:`AutoSaver`),
atomic and crash-safe; listed, resumed, deleted; locked while a window has one open; refused
with a clear message when they cannot be trusted.

A save holds data only: the seats (names and what plays them), the session's events so far
(docs/protocol.md section 1, the same objects as a transcript) and the random generators' states.
Restoring re-runs the events through the engine, which re-referees every deal and move, then
puts the generators back, so a resumed session goes on exactly as it would have.
"""

from __future__ import annotations

import json
import unicodedata
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, Callable, Sequence

from ..core.i18n import Domain
from ..games import DEFAULT_GAME, GAMES
from .files import (
    FileLocked,
    UnreadableFile,
    append_synced,
    delete_locked,
    lock_file,
    read_bytes,
    unlock_file,
    write_atomic,
)
from .part import GameSaves, game_saves_dir, game_title, game_transcripts_dir, saves_part, unknown_game
from .records import keep_transcript
from .saved import Restored, SaveError, SaveInfo

__all__ = [
    "SCHEMA_VERSION", "SaveError", "SaveInfo", "AutoSaver", "load_save", "list_saves", "delete_save",
    "new_save_path", "start_saving", "prune_saves", "KEEP_SAVES", "resume_saving", "Restored",
    "save_info", "lock_save", "unlock_save", "doc_field", "local_time",
    "is_open_elsewhere", "read_document",
]

_, ngettext, pgettext, L_, Ln_ = Domain.of(__package__).functions()

SCHEMA_VERSION = 2
"""The format of the journal (its first line the whole save, each line after it a save point)."""



def lock_save(path: Path) -> None:
    """Claim ``path`` for this process, so that two windows never play (and overwrite) the same
    saved game; a claim held by another running process is refused with :class:`SaveError`.
    :class:`OSError` if no lock can be taken there (a read-only folder)."""
    try:
        lock_file(path)
    except FileLocked as exc:
        raise _open_elsewhere(path, exc, deleting=False) from None


def unlock_save(path: Path) -> None:
    """Give up this process's claim on ``path`` (nothing happens if it holds none)."""
    unlock_file(path)


def _open_elsewhere(path: Path, locked: FileLocked, deleting: bool) -> SaveError:
    """The refusal of a save another running window holds (its process named, if known): a
    terminal's window, or a browser's tab of ``kings-corner web``."""
    pid = locked.holder
    if deleting:
        problem = (_("this game is open in another window or browser tab (process {pid}); close it there "
                     "before deleting it").format(pid=pid) if pid is not None else
                   _("this game is open in another window or browser tab; close it there before deleting "
                     "it"))
    else:
        problem = (_("this game is open in another window or browser tab (process {pid}); close it there "
                     "first").format(pid=pid) if pid is not None else
                   _("this game is open in another window or browser tab; close it there first"))
    return SaveError(path, problem, elsewhere=True)


NAMES_CHARACTERS = 60
"""The most characters of the players' names a save's file name holds."""

NAMES_BYTES = 100
"""The most bytes (UTF-8) of the players' names a save's file name holds: with its date, a
``-2`` and the atomic write's temporary name around it, the longest name stays under the
143 bytes of the strictest common file system (eCryptfs), far under the usual 255."""


_INVISIBLE_MARKS = frozenset(chr(c) for c in (0x034F, *range(0x180B, 0x1810), *range(0xFE00, 0xFE10),
                                              *range(0xE0100, 0xE01F0)))
"""Marks that show nothing (the combining grapheme joiner, the variation selectors, Mongolian's
free variation selectors): kept in a file name, ``saves`` would list two names that look one."""


def _slug(names: Sequence[str]) -> str:
    """The players' names as a file name's part: their letters and digits in any script, in
    lower case (a play test's "Zoé" was saved as "zo"), each with the accents and vowel signs
    written with it, in NFC (one é however it was typed); every run of anything else (spaces,
    dots, slashes, control characters, what some file system refuses) one hyphen, none at
    either end; at most :data:`NAMES_CHARACTERS` characters and :data:`NAMES_BYTES` bytes."""
    kept: list[str] = []
    for ch in unicodedata.normalize("NFC", "-".join(names).lower()):
        if ch in _INVISIBLE_MARKS:
            continue  # a mark that shows nothing: two names would look one
        if ch.isalnum() or (kept and kept[-1] != "-" and unicodedata.category(ch).startswith("M")):
            kept.append(ch)
        elif kept and kept[-1] != "-":
            kept.append("-")
    slug = "".join(kept[:NAMES_CHARACTERS])
    while len(slug.encode()) > NAMES_BYTES:
        slug = slug[:-1]
    return slug.strip("-") or "game"


def new_save_path(names: Sequence[str], when: datetime | None = None, game: str = DEFAULT_GAME) -> Path:
    """A fresh file name for a session of ``game``: its date and time and its players."""
    when = when or datetime.now()
    base = f"{when:%Y-%m-%d-%H%M%S}-{_slug(names)}"
    folder, kept = game_saves_dir(game), game_transcripts_dir(game)
    stem, k = base, 2
    while (folder / f"{stem}.json").exists() or (kept / f"{stem}.jsonl").exists():
        stem = f"{base}-{k}"
        k += 1
    return folder / f"{stem}.json"


JOURNAL_FLOOR = 256 * 1024
"""A round end compacts the save once its journal is longer than this and than the rest of the
file: a rewrite then costs no more than the appends since the last one, so the cost per turn
stays the same however long the session (and the file at most about twice its compacted size)."""


class AutoSaver:
    """A listener that keeps a session's log (its events, or its actions: the game's part says,
    :class:`~.game.GameSaves`) and saves it at the game's save points; at the session's end it
    keeps the transcript instead.  A write that fails (a full disk, a read-only folder) is
    reported once in :attr:`error`, with the file's path, and saving stops; the game goes on.

    The file is a journal: its first line is the whole save as it was when last compacted (or
    first written), written atomically; each save point after it appends one line with the
    log since, and the states of the random generators that changed, flushed at once.  So a
    turn's save costs the same at round 300 as at round 1.  A round end compacts the file
    (:data:`JOURNAL_FLOOR`); so does the first save of a resumed session, which also drops a
    last line cut short by a crash.  A game whose part does not journal has its whole save
    rewritten, atomically, at every save point."""

    def __init__(self, service: Any, specs: Sequence[str], path: Path,
                 events: Sequence[Any] = (), on_error: Callable[[str], None] | None = None,
                 game: str = DEFAULT_GAME) -> None:
        self.service = service
        self.specs = list(specs)
        self.path = path
        self.game = game
        self.part: GameSaves = saves_part(game)
        self.events: list[Any] = list(events)
        """The log so far: the items each save point adds to the save."""
        self.error: str | None = None
        self.on_error = on_error
        self.saves = 0
        self.transcript: Path | None = None
        """Where the finished session's transcript was kept."""
        self._lines = [self.part.encode(e) for e in self.events]  # each item encoded once only
        self._written = 0  # items in the file
        self._states: list[tuple[Any, ...] | None] = []  # the generators' states in the file
        self._compact_next = True
        self._base_size = self._journal_size = 0
        self.deal_pending = False
        """A round was dealt and is not saved yet (a game's part saves it once all it brings is
        in)."""

    @property
    def saved_states(self) -> list[tuple[Any, ...] | None]:
        """The random generators' states as the file has them (at its last save point)."""
        return self._states

    def journal_long(self) -> bool:
        """Whether the journal is long enough that a round end compacts the save
        (:data:`JOURNAL_FLOOR`)."""
        return self._journal_size > max(self._base_size, JOURNAL_FLOOR)

    def release(self) -> None:
        """The game is left: another window may resume it now."""
        unlock_save(self.path)

    def keep(self, item: Any) -> None:
        """Add ``item`` to the log (saved at the next save point)."""
        self.events.append(item)
        self._lines.append(self.part.encode(item))

    def __call__(self, event: Any) -> None:
        self.part.saw(self, event)

    def discard(self) -> None:
        """The session is over and kept elsewhere: the save, with nothing left to resume, goes."""
        self.path.unlink(missing_ok=True)
        self.release()

    def finish(self) -> None:
        """The session is over: its transcript (the log) goes to the game's transcripts folder
        (for statistics and replays) and the save, which has nothing left to resume, is removed.
        (Tried even after a failed save: the folder may be writable again.)"""
        try:
            target = keep_transcript(self.game, self.path.stem, self._lines)
            self.discard()
        except OSError as exc:
            problem = str(exc)
            if self.error is None and self.on_error is not None:
                self.on_error(problem)
            self.error = problem
            return
        self.transcript = target

    def _generator_states(self) -> list[tuple[Any, ...] | None]:
        return self.part.generator_states(self.service)

    def _with_events(self, head: dict[str, Any], lines: Sequence[str]) -> str:
        # The log is spliced in already encoded: encoding a long session's events again at
        # every save is what made saving slow down as the session went on.  A journal's first
        # line ends with a newline; a save rewritten whole is one line as it always was.
        end = "\n" if self.part.journal else ""
        return (json.dumps(head, separators=(",", ":"))[:-1] + f',"{self.part.log_key}":['
                + ",".join(lines) + "]}" + end)

    def _document(self, upto: int, states: list[tuple[Any, ...] | None]) -> str:
        """The whole save, as the journal's first line."""
        return self._with_events(self.part.head(self, states), self._lines[:upto])

    def _entry(self, upto: int, states: list[tuple[Any, ...] | None]) -> str:
        """One journal line: the log since the last save point, and the generators that moved
        since (a computer's turn moves its own)."""
        return self._with_events(self.part.entry_head(self, states), self._lines[self._written:upto])

    def _write_whole(self, text: str) -> None:
        """Write the whole save, atomically (a seam: a server may write from a worker thread)."""
        write_atomic(self.path, text)

    def _write_entry(self, text: str) -> None:
        """Append one journal line, synced (the same seam)."""
        append_synced(self.path, text)

    def save(self, upto: int | None = None, compact: bool = False) -> bool:
        """Save the first ``upto`` items of the log (all so far by default): a journal line, or
        with ``compact`` (and at the first save, and always for a game that does not journal)
        the whole file, rewritten atomically.  False (and :attr:`error` set) if it could not be
        written."""
        if self.error is not None:
            return False
        upto = len(self.events) if upto is None else upto
        states = self._generator_states()
        try:
            if compact or self._compact_next or not self.part.journal:
                text = self._document(upto, states)
                self._write_whole(text)
                self._base_size, self._journal_size, self._compact_next = len(text), 0, False
            else:
                text = self._entry(upto, states)
                self._write_entry(text)
                self._journal_size += len(text)
        except OSError as exc:
            self.error = _("Cannot save the game to {path}: {why}. Play goes on without saving.").format(
                path=self.path, why=exc.strerror or exc)
            if self.on_error is not None:
                self.on_error(self.error)
            return False
        self._written, self._states = upto, states
        self.saves += 1
        return True


MAX_SAVE_BYTES = 64 * 1024 * 1024
"""The largest file taken for a save: far beyond the longest session, and small enough that a
huge file named like a save is refused before it is read."""


def _read_bounded(path: Path) -> bytes:
    """The bytes of a save, refused unless it is a regular file of at most
    :data:`MAX_SAVE_BYTES`: a device (``/dev/zero``), a pipe or a folder named like a save would
    otherwise hang the program or fill its memory."""
    try:
        return read_bytes(path, MAX_SAVE_BYTES)
    except UnreadableFile as exc:
        if exc.missing:
            raise SaveError(path, _("the file does not exist")) from None
        # Translators: {problem} is said of the file ("is not a regular file", "cannot be read: ...").
        raise SaveError(path, _("the file {problem}, so it cannot be a saved game")
                        .format(problem=exc)) from None


def _parse_json(path: Path, parse: Callable[[], Any]) -> Any:
    """``parse()``, with every way JSON can fail made a :class:`SaveError` (never a crash)."""
    try:
        return parse()
    except json.JSONDecodeError as exc:
        raise SaveError(path, _cut_short(exc.lineno, exc.colno)) from None
    except RecursionError:
        raise SaveError(path, _("the file is damaged: its data is nested too deeply to be a saved game")) \
            from None
    except ValueError:  # an integer of thousands of digits (Python's int_max_str_digits)
        raise SaveError(path, _("the file is damaged: it holds a number too long to be read")) from None


def _cut_short(line: int, column: int) -> str:
    return _("the file is cut short or damaged: not valid JSON at line {line}, column {column}").format(
        line=line, column=column)


@dataclass(frozen=True, slots=True)
class _Read:
    """A save as read: its document with the journal applied, and whether a last journal line
    cut short (a crash while saving) was dropped."""

    doc: dict[str, Any]
    torn: bool


def _read_save(path: Path, game: str | None = None) -> _Read:
    """The save at ``path`` with its journal applied: of ``game``, or of the game it names (a
    save that names none is the default game's: its saves came first)."""
    raw = _read_bounded(path)
    if not raw.strip():
        raise SaveError(path, _("the file is empty"))
    torn = False
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        # Cut in the middle of a character: only the last line may be, by a crash mid-append.
        last = raw.rfind(b"\n")
        if last < 0 or exc.start <= last:
            raise SaveError(path, _("the file is not text (not a saved game?)")) from None
        text, torn = raw[: last + 1].decode("utf-8", "replace"), True
    start = len(text) - len(text.lstrip())
    doc, end = _parse_json(path, lambda: json.JSONDecoder().raw_decode(text, start))
    named = doc.get("game", DEFAULT_GAME) if isinstance(doc, dict) else DEFAULT_GAME
    if not isinstance(named, str) or named not in GAMES:
        raise SaveError(path, unknown_game(named))
    part = saves_part(game or named)
    if not isinstance(doc, dict) or named != (game or named) or doc.get("kind") != part.kind:
        raise SaveError(path, _("this is not a {game} saved game").format(game=game_title(game or named)))
    key = part.version_key
    version = doc.get(key)
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise SaveError(path, _("the {key} is missing or wrong ({value!r})")
                        .format(key=key, value=str(version)[:20]))
    if version > part.version:
        raise SaveError(path, _("it was saved by a newer version of the game (save format {version}; this "
                                "version reads up to {known}); update the game to open it").format(
                                    version=version, known=part.version))
    doc = _migrate(doc, part)
    line_no = text.count("\n", 0, end) + 1
    rest = text[end:].split("\n")
    if rest[0].strip():
        column = end + len(rest[0]) - len(rest[0].lstrip()) - text.rfind("\n", 0, end)
        raise SaveError(path, _cut_short(line_no, column))
    for k, line in enumerate(rest[1:], 1):
        if not line.strip():
            continue
        try:
            entry = _parse_json(path, lambda: json.loads(line))  # noqa: B023 - called at once, in the loop
        except SaveError:
            if k == len(rest) - 1:  # the last line, no newline after it: an append cut short
                torn = True
                break
            raise SaveError(path, _("the file is damaged: line {line} is not valid JSON").format(
                line=line_no + k)) from None
        _apply_entry(path, doc, entry, line_no + k, part.log_key)
    return _Read(doc, torn)


def _apply_entry(path: Path, doc: dict[str, Any], entry: Any, line_no: int, log_key: str) -> None:
    """Bring ``doc`` forward by one journal line: its log, the generators it moved, and the
    fields it replaces (the time of the save point)."""
    damaged = SaveError(path, _("the file is damaged: line {line} is not a saved turn").format(line=line_no))
    log, rng = doc.get(log_key), doc.get("rng", {})
    if (not isinstance(entry, dict) or not isinstance(entry.get(log_key), list)
            or not isinstance(log, list)):
        raise damaged
    moved = entry.get("rng", {})
    if not isinstance(moved, dict) or not isinstance(moved.get("players", {}), dict):
        raise damaged
    log.extend(entry[log_key])
    if moved and not (isinstance(rng, dict) and isinstance(rng.get("players"), list)):
        raise SaveError(path, _("the random generators' states are damaged"))
    if "game" in moved:
        rng["game"] = moved["game"]
    for seat, state in moved.get("players", {}).items():
        if not seat.isdigit() or int(seat) >= len(rng["players"]):
            raise damaged
        rng["players"][int(seat)] = state
    for key, value in entry.items():
        if key not in (log_key, "rng"):
            doc[key] = value


def read_document(path: Path, game: str | None = None) -> dict[str, Any]:
    """The save as one document (its journal applied), checked for its game, shape and version
    (migrated when older): as of its last save point.  Written back as it is (a file of this
    one line), it is a save again."""
    return _read_save(path, game).doc


def _v1_to_v2(doc: dict[str, Any]) -> dict[str, Any]:
    """Format 2 keeps format 1's document as the file's first line and adds the journal after
    it: a format 1 save is a format 2 save with nothing in its journal."""
    return doc


MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {1: _v1_to_v2}
"""``MIGRATIONS[v]`` turns a journal of format ``v`` into format ``v + 1``."""


def _migrate(doc: dict[str, Any], part: GameSaves) -> dict[str, Any]:
    key = part.version_key
    version = doc[key]
    while version < part.version:
        doc = part.migrations[version](doc)
        version += 1
        doc[key] = version
    return doc


def doc_field(path: Path, doc: dict[str, Any], key: str, kind: type | tuple[type, ...]) -> Any:
    value = doc.get(key)
    if not isinstance(value, kind) or isinstance(value, bool) and kind is not bool:
        raise SaveError(path, _("the field {key!r} is missing or has the wrong type").format(key=key))
    return value


def save_info(path: Path, game: str = DEFAULT_GAME) -> SaveInfo:
    """What the resume list shows of a save of ``game``, without re-refereeing it (cheap); a
    problem found on the way is reported in :attr:`SaveInfo.problem`."""
    try:
        return saves_part(game).info(path, read_document(path, game))
    except SaveError as exc:
        return SaveInfo(path, problem=exc.problem, game=game)
    except Exception as exc:  # noqa: BLE001 - a listing never fails because of one file
        return SaveInfo(path, problem=_("the file is damaged ({error})").format(error=type(exc).__name__),
                        game=game)


def local_time(stamp: object) -> str:
    """A save's UTC time as local time, ``2026-11-30 14:05``.  The time only labels the save in
    the list: one that cannot be read or shown (year 9999 minus a time zone overflows) is
    "unknown", and the save is still resumed, as the listing and loading both agree."""
    try:
        return datetime.fromisoformat(str(stamp)[:64]).astimezone().strftime("%Y-%m-%d %H:%M")
    except (ValueError, OverflowError, OSError):
        return _("at an unknown time")


def list_saves(game: str | None = DEFAULT_GAME) -> list[SaveInfo]:
    """Every save of ``game`` (of every game with None), newest first (unusable ones too, with
    their problem)."""
    paths = []
    for name in GAMES if game is None else (game,):
        folder = game_saves_dir(name)
        if not folder.is_dir():
            continue
        # Whatever is named like a save is listed, a pipe or a device too: with its problem, so
        # the player sees it and can delete it.
        for p in folder.glob("*.json"):
            try:
                paths.append((p.lstat().st_mtime, p, name))
            except OSError:
                continue  # gone since the folder was read
    paths.sort(key=lambda item: item[0], reverse=True)
    return [save_info(p, name) for _, p, name in paths]


def delete_save(path: Path) -> None:
    """Delete a save (and its lock); :class:`SaveError` if a running window has it open or the
    file cannot be deleted."""
    try:
        delete_locked(path)
    except FileLocked as exc:
        raise _open_elsewhere(path, exc, deleting=True) from None
    except OSError as exc:  # a read-only folder, or a folder named like a save
        raise SaveError(path, _("the file cannot be deleted: {why}")
                        .format(why=exc.strerror or exc)) from None


def is_open_elsewhere(error: SaveError) -> bool:
    """Whether a refusal is only that another window has the game open (not a damaged file)."""
    return error.elsewhere


def load_save(path: Path, think: float | None = None, lock: bool = True, game: str | None = None,
              on_error: Callable[[str], None] | None = None) -> Restored:
    """Restore a saved session (of ``game``, or of the game the save names), re-refereed by
    its game; :class:`SaveError` says why not (also when another running window has it open).
    With ``lock`` this process claims it: give it up with :meth:`AutoSaver.release` or
    :func:`unlock_save`."""
    locked = False
    if lock:
        try:
            lock_save(path)
            locked = True
        except OSError:
            pass  # a folder this user cannot write: no window can overwrite the save from here
    try:
        read = _read_save(path, game)
        named = game or read.doc.get("game", DEFAULT_GAME)
        restored = saves_part(named).restore(path, read.doc, think, on_error)
        restored.cut_short = read.torn
        return restored
    except BaseException:
        if locked:
            unlock_save(path)
        raise


KEEP_SAVES = 10
"""Unfinished games kept: starting another removes the oldest beyond this many, so quick games
left after a move or two do not pile up in the Continue list."""


def prune_saves(keep: int = KEEP_SAVES, game: str = DEFAULT_GAME) -> list[Path]:
    """Delete the oldest saved games of ``game`` beyond the ``keep`` newest; returns what was
    deleted.  A damaged save is left for the player to look at, and one open in another window
    (or that cannot be deleted) is kept."""
    usable = [info for info in list_saves(game) if info.problem is None]
    deleted = []
    for info in usable[keep:]:
        try:
            delete_save(info.path)
        except SaveError:
            continue
        deleted.append(info.path)
    return deleted


def claim_new_save(names: Sequence[str], game: str = DEFAULT_GAME) -> Path:
    """A fresh save file for a new session of ``game``, claimed for this process, after making
    room for it (:func:`prune_saves` keeps the newest unfinished games)."""
    prune_saves(KEEP_SAVES - 1, game)
    path = new_save_path(names, game=game)
    try:
        lock_save(path)
    except (OSError, SaveError):
        pass  # an unwritable folder: the first save will say so
    return path


def start_saving(service: Any, specs: Sequence[str], on_error: Callable[[str], None] | None = None,
                 game: str = DEFAULT_GAME) -> AutoSaver:
    """Save ``service``'s new session of ``game`` at its save points, in a fresh file of the
    game's saves folder (:func:`claim_new_save`)."""
    path = claim_new_save([s.name for s in service.seats], game)
    saver = AutoSaver(service, specs, path, on_error=on_error, game=game)
    saver.part.follow(saver)
    return saver


def resume_saving(restored: Restored, on_error: Callable[[str], None] | None = None) -> AutoSaver:
    """Go on saving a restored session into its own file."""
    saver = AutoSaver(restored.service, restored.specs, restored.path, restored.events, on_error=on_error,
                      game=restored.game)
    saver.part.follow(saver)
    return saver
