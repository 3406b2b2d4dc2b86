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
import random
import re
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Callable, Sequence

from ..core.errors import RuleError
from ..core.events import SessionEnd, SessionStart, TurnEnd, TurnStart
from ..core.kinds import Phase
from ..core.text import visible
from ..games.kings_corner.ai.seats import check_spec, make_seats, spec_kind
from ..games.kings_corner.engine.events import Event, RoundEnd, RoundStart
from ..games.kings_corner.engine.rules import RuleSet, rules_label
from ..games.kings_corner.engine.service import GameService, Seat
from ..games.kings_corner.engine.transcript import TranscriptError, encode_event, replay_events
from .files import (
    FileLocked,
    UnreadableFile,
    append_synced,
    delete_locked,
    lock_file,
    read_bytes,
    rng_json,
    set_rng_json,
    unlock_file,
    write_atomic,
)
from .paths import saves_dir, transcripts_dir

__all__ = [
    "SCHEMA_VERSION", "SaveError", "SaveInfo", "AutoSaver", "load_save", "list_saves", "delete_save",
    "new_save_path", "start_saving", "prune_saves", "KEEP_SAVES", "resume_saving", "Restored",
    "save_info", "lock_save", "unlock_save",
    "is_open_elsewhere", "read_document",
]

SCHEMA_VERSION = 2
KIND = "kings-corner-save"


class SaveError(Exception):
    """A save that cannot be used: ``problem`` says what is wrong, ``path`` where the file is."""

    def __init__(self, path: Path, problem: str) -> None:
        self.path = path
        self.problem = problem
        super().__init__(f"{path}: {problem}")


_OPEN_ELSEWHERE = "this game is open in another window"


def lock_save(path: Path) -> None:
    """Claim ``path`` for this process, so that two windows never play (and overwrite) the same
    saved game; a claim held by another running process is refused with :class:`SaveError`.
    :class:`OSError` if no lock can be taken there (a read-only folder)."""
    try:
        lock_file(path)
    except FileLocked as exc:
        raise SaveError(path, _open_elsewhere(exc, "close it there first")) from None


def unlock_save(path: Path) -> None:
    """Give up this process's claim on ``path`` (nothing happens if it holds none)."""
    unlock_file(path)


def _open_elsewhere(locked: FileLocked, then: str) -> str:
    pid = f" (process {locked.holder})" if locked.holder is not None else ""
    return f"{_OPEN_ELSEWHERE}{pid}; {then}"


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "game"


def new_save_path(names: Sequence[str], when: datetime | None = None) -> Path:
    """A fresh file name for a session: its date and time and its players."""
    when = when or datetime.now()
    base = f"{when:%Y-%m-%d-%H%M%S}-{_slug('-'.join(names))[:60]}"
    folder, kept = saves_dir(), transcripts_dir()
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
    """A listener that keeps every event of a session and saves it after every turn and every
    round; at the session's end it keeps the transcript instead.  A write that fails (a full
    disk, a read-only folder) is reported once in :attr:`error` and saving stops; the game goes
    on.

    The file is a journal: its first line is the whole save as it was when last compacted (or
    first written), written atomically; each save point after it appends one line with the
    events since, and the states of the random generators that changed, flushed at once.  So a
    turn's save costs the same at round 300 as at round 1.  A round end compacts the file
    (:data:`JOURNAL_FLOOR`); so does the first save of a resumed session, which also drops a
    last line cut short by a crash."""

    def __init__(self, service: GameService, specs: Sequence[str], path: Path,
                 events: Sequence[Event] = (), on_error: Callable[[str], None] | None = None) -> None:
        self.service = service
        self.specs = list(specs)
        self.path = path
        self.events: list[Event] = list(events)
        self.error: str | None = None
        self.on_error = on_error
        self.saves = 0
        self.transcript: Path | None = None
        """Where the finished session's transcript was kept."""
        self._lines = [encode_event(e) for e in self.events]  # each event encoded once only
        self._written = 0  # events in the file
        self._states: list[tuple[Any, ...] | None] = []  # the generators' states in the file
        self._compact_next = True
        self._base_size = self._journal_size = 0
        self._deal_pending = False

    def release(self) -> None:
        """The game is left: another window may resume it now."""
        unlock_save(self.path)

    def __call__(self, event: Event) -> None:
        self.events.append(event)
        self._lines.append(encode_event(event))
        if isinstance(event, SessionEnd):
            self.finish()
        elif isinstance(event, RoundStart):
            self._deal_pending = True
        elif isinstance(event, TurnStart) and self._deal_pending:
            # The deal is saved too (a game left in its very first turn can be resumed), once
            # all it brings is in: under chips scoring the antes follow round_start (R7).  The
            # first turn's start is the first event that is not the deal's.
            self._deal_pending = False
            self.save(upto=len(self.events) - 1)
        elif isinstance(event, TurnEnd):
            self.save()
        elif isinstance(event, RoundEnd):
            self.save(compact=self._journal_size > max(self._base_size, JOURNAL_FLOOR))

    def finish(self) -> None:
        """The session is over: its transcript goes to the transcripts folder (for statistics
        and replays) and the save, which has nothing left to resume, is removed.  (Tried even
        after a failed save: the folder may be writable again.)"""
        target = transcripts_dir() / (self.path.stem + ".jsonl")
        k = 2
        while target.exists():
            target = transcripts_dir() / f"{self.path.stem}-{k}.jsonl"
            k += 1
        try:
            write_atomic(target, "".join(line + "\n" for line in self._lines))
            self.path.unlink(missing_ok=True)
            self.release()
        except OSError as exc:
            problem = f"Cannot keep the finished game's transcript in {target}: {exc.strerror or exc}."
            if self.error is None and self.on_error is not None:
                self.on_error(problem)
            self.error = problem
            return
        self.transcript = target

    def _generator_states(self) -> list[tuple[Any, ...] | None]:
        """The deals' generator's state, then each seat's (None for a seat without one)."""
        rngs = [self.service.deal_rng] + [
            seat.player.rng if seat.player is not None else None
            for seat in self.service.seats
        ]
        return [rng.getstate() if rng is not None else None for rng in rngs]

    @staticmethod
    def _with_events(head: dict[str, Any], lines: Sequence[str]) -> str:
        # The events are spliced in already encoded: encoding a long session's events again at
        # every save is what made saving slow down as the session went on.
        return json.dumps(head, separators=(",", ":"))[:-1] + ',"events":[' + ",".join(lines) + "]}\n"

    def _document(self, upto: int, states: list[tuple[Any, ...] | None]) -> str:
        """The whole save, as the journal's first line."""
        service = self.service
        assert states[0] is not None  # the deals always come from a generator
        return self._with_events({
            "schema_version": SCHEMA_VERSION,
            "kind": KIND,
            "saved_at": datetime.now(UTC).isoformat(timespec="seconds"),
            "seed": service.seed,
            "seats": [{"name": seat.name, "spec": spec} for seat, spec in zip(service.seats, self.specs)],
            "rng": {
                "game": rng_json(states[0]),
                "players": [None if state is None else rng_json(state) for state in states[1:]],
            },
        }, self._lines[:upto])

    def _entry(self, upto: int, states: list[tuple[Any, ...] | None]) -> str:
        """One journal line: the events since the last save point, and the generators that
        moved since (a computer's turn moves its own)."""
        moved = [i for i, state in enumerate(states) if state is not None and state != self._states[i]]
        rng: dict[str, Any] = {}
        if 0 in moved:
            rng["game"] = rng_json(states[0])  # type: ignore[arg-type]
        players = {str(i - 1): rng_json(states[i]) for i in moved if i > 0}  # type: ignore[arg-type]
        if players:
            rng["players"] = players
        head = {"saved_at": datetime.now(UTC).isoformat(timespec="seconds"), "rng": rng}
        return self._with_events(head, self._lines[self._written:upto])

    def _write_whole(self, text: str) -> None:
        """Write the whole save, atomically (a seam: a server may write from a worker thread)."""
        write_atomic(self.path, text)

    def _write_entry(self, text: str) -> None:
        """Append one journal line, synced (the same seam)."""
        append_synced(self.path, text)

    def save(self, upto: int | None = None, compact: bool = False) -> bool:
        """Save the first ``upto`` events (all so far by default): a journal line, or with
        ``compact`` (and at the first save) the whole file, rewritten atomically.  False (and
        :attr:`error` set) if it could not be written."""
        if self.error is not None:
            return False
        upto = len(self.events) if upto is None else upto
        states = self._generator_states()
        try:
            if compact or self._compact_next:
                text = self._document(upto, states)
                self._write_whole(text)
                self._base_size, self._journal_size, self._compact_next = len(text), 0, False
            else:
                text = self._entry(upto, states)
                self._write_entry(text)
                self._journal_size += len(text)
        except OSError as exc:
            self.error = (f"Cannot save the game to {self.path}: {exc.strerror or exc}. "
                          "Play goes on without saving.")
            if self.on_error is not None:
                self.on_error(self.error)
            return False
        self._written, self._states = upto, states
        self.saves += 1
        return True


@dataclass(frozen=True, slots=True)
class SaveInfo:
    """One saved session as the resume list shows it, or the problem that makes it unusable."""

    path: Path
    players: tuple[str, ...] = ()
    saved_at: str = ""
    round_no: int = 0
    totals: tuple[int, ...] = ()
    finished: bool = False
    problem: str | None = None
    turn: int = 0
    """Turns started in the round so far."""
    rules: str = ""
    """The rules in a few words (:func:`~kc_tui.games.kings_corner.engine.rules.rules_label`)."""
    seed: int | None = None

    @property
    def title(self) -> str:
        """One line that tells this save apart from the others: when, who, how far, the
        scores, the rules and the seed."""
        if self.problem:
            return f"{self.path.name}: {self.problem}"
        when = self.saved_at
        scores = ", ".join(f"{n} {t}" for n, t in zip(self.players, self.totals))
        where = f"round {self.round_no}" + (f", turn {self.turn}" if self.turn else "")
        about = "; ".join(x for x in (self.rules, f"seed {self.seed}" if self.seed is not None else "") if x)
        return f"{when}: {', '.join(self.players)}, {where} ({scores})" + (f"; {about}" if about else "")


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
            raise SaveError(path, "the file does not exist") from None
        raise SaveError(path, f"the file {exc}, so it cannot be a saved game") from None


def _parse_json(path: Path, parse: Callable[[], Any]) -> Any:
    """``parse()``, with every way JSON can fail made a :class:`SaveError` (never a crash)."""
    try:
        return parse()
    except json.JSONDecodeError as exc:
        raise SaveError(path, f"the file is cut short or damaged: not valid JSON at line {exc.lineno}, "
                              f"column {exc.colno}") from None
    except RecursionError:
        raise SaveError(path, "the file is damaged: its data is nested too deeply to be a saved game") \
            from None
    except ValueError:  # an integer of thousands of digits (Python's int_max_str_digits)
        raise SaveError(path, "the file is damaged: it holds a number too long to be read") from None


@dataclass(frozen=True, slots=True)
class _Read:
    """A save as read: its document with the journal applied, and whether a last journal line
    cut short (a crash while saving) was dropped."""

    doc: dict[str, Any]
    torn: bool


def _read_save(path: Path) -> _Read:
    raw = _read_bounded(path)
    if not raw.strip():
        raise SaveError(path, "the file is empty")
    torn = False
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        # Cut in the middle of a character: only the last line may be, by a crash mid-append.
        last = raw.rfind(b"\n")
        if last < 0 or exc.start <= last:
            raise SaveError(path, "the file is not text (not a saved game?)") from None
        text, torn = raw[: last + 1].decode("utf-8", "replace"), True
    start = len(text) - len(text.lstrip())
    doc, end = _parse_json(path, lambda: json.JSONDecoder().raw_decode(text, start))
    if not isinstance(doc, dict) or doc.get("kind") != KIND:
        raise SaveError(path, "this is not a Kings in the Corner saved game")
    version = doc.get("schema_version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise SaveError(path, f"the schema_version is missing or wrong ({str(version)[:20]!r})")
    if version > SCHEMA_VERSION:
        raise SaveError(path, f"it was saved by a newer version of the game (save format {version}; "
                              f"this version reads up to {SCHEMA_VERSION}); update the game to open it")
    doc = _migrate(doc, version)
    line_no = text.count("\n", 0, end) + 1
    rest = text[end:].split("\n")
    if rest[0].strip():
        column = end + len(rest[0]) - len(rest[0].lstrip()) - text.rfind("\n", 0, end)
        raise SaveError(path, "the file is cut short or damaged: "
                              f"not valid JSON at line {line_no}, column {column}")
    for k, line in enumerate(rest[1:], 1):
        if not line.strip():
            continue
        try:
            entry = _parse_json(path, lambda: json.loads(line))  # noqa: B023 - called at once, in the loop
        except SaveError:
            if k == len(rest) - 1:  # the last line, no newline after it: an append cut short
                torn = True
                break
            raise SaveError(path, f"the file is damaged: line {line_no + k} is not valid JSON") from None
        _apply_entry(path, doc, entry, line_no + k)
    return _Read(doc, torn)


def _apply_entry(path: Path, doc: dict[str, Any], entry: Any, line_no: int) -> None:
    """Bring ``doc`` forward by one journal line: its events and the generators it moved."""
    damaged = SaveError(path, f"the file is damaged: line {line_no} is not a saved turn")
    events, rng = doc.get("events"), doc.get("rng", {})
    if (not isinstance(entry, dict) or not isinstance(entry.get("events"), list)
            or not isinstance(events, list)):
        raise damaged
    moved = entry.get("rng", {})
    if not isinstance(moved, dict) or not isinstance(moved.get("players", {}), dict):
        raise damaged
    events.extend(entry["events"])
    if moved and not (isinstance(rng, dict) and isinstance(rng.get("players"), list)):
        raise SaveError(path, "the random generators' states are damaged")
    if "game" in moved:
        rng["game"] = moved["game"]
    for seat, state in moved.get("players", {}).items():
        if not seat.isdigit() or int(seat) >= len(rng["players"]):
            raise damaged
        rng["players"][int(seat)] = state
    if "saved_at" in entry:
        doc["saved_at"] = entry["saved_at"]


def read_document(path: Path) -> dict[str, Any]:
    """The save as one document (its journal applied), checked for shape and version (migrated
    when older): ``seats``, ``seed``, ``rng``, ``events`` and ``saved_at`` as of its last
    save point.  Written back as it is (a file of this one line), it is a save again."""
    return _read_save(path).doc


def _v1_to_v2(doc: dict[str, Any]) -> dict[str, Any]:
    """Format 2 keeps format 1's document as the file's first line and adds the journal after
    it: a format 1 save is a format 2 save with nothing in its journal."""
    return doc


MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {1: _v1_to_v2}
"""``MIGRATIONS[v]`` turns a save of format ``v`` into format ``v + 1``."""


def _migrate(doc: dict[str, Any], version: int) -> dict[str, Any]:
    while version < SCHEMA_VERSION:
        doc = MIGRATIONS[version](doc)
        version += 1
        doc["schema_version"] = version
    return doc


def _field(path: Path, doc: dict[str, Any], key: str, kind: type | tuple[type, ...]) -> Any:
    value = doc.get(key)
    if not isinstance(value, kind) or isinstance(value, bool) and kind is not bool:
        raise SaveError(path, f"the field {key!r} is missing or has the wrong type")
    return value


def save_info(path: Path) -> SaveInfo:
    """What the resume list shows of a save, without re-refereeing it (cheap); a problem found
    on the way is reported in :attr:`SaveInfo.problem`."""
    try:
        doc = read_document(path)
        seats = _field(path, doc, "seats", list)
        events = _field(path, doc, "events", list)
        names = tuple(str(s.get("name", "?")) if isinstance(s, dict) else "?" for s in seats)
        rounds = [e for e in events if isinstance(e, dict) and e.get("event") == "round_start"]
        ends = [e for e in events if isinstance(e, dict) and e.get("event") == "round_end"]
        totals = ends[-1].get("totals") if ends else [0] * len(names)
        if not isinstance(totals, list) or not all(isinstance(t, int) for t in totals):
            raise SaveError(path, "a round's totals are damaged")
        finished = any(isinstance(e, dict) and e.get("event") == "session_end" for e in events)
        turn = 0
        for e in reversed(events):
            if not isinstance(e, dict) or e.get("event") == "round_start":
                break
            turn += e.get("event") == "turn_start"
        seed = doc.get("seed")
        return SaveInfo(path, names, _local_time(doc.get("saved_at")), len(rounds), tuple(totals), finished,
                        turn=turn, rules=_rules_label(events), seed=seed if type(seed) is int else None)
    except SaveError as exc:
        return SaveInfo(path, problem=exc.problem)
    except Exception as exc:  # noqa: BLE001 - a listing never fails because of one file
        return SaveInfo(path, problem=f"the file is damaged ({type(exc).__name__})")


def _rules_label(events: list[Any]) -> str:
    """The rules of the session in a few words, from its ``session_start`` (nothing when they
    cannot be read: resuming the save says what is wrong)."""
    start = events[0] if events and isinstance(events[0], dict) else {}
    try:
        return rules_label(RuleSet.from_dict(start.get("rules", {})))
    except (RuleError, TypeError, ValueError, AttributeError):
        return ""


def _local_time(stamp: object) -> str:
    """A save's UTC time as local time, ``2026-11-30 14:05``.  The time only labels the save in
    the list: one that cannot be read or shown (year 9999 minus a time zone overflows) is
    "unknown", and the save is still resumed, as the listing and loading both agree."""
    try:
        return datetime.fromisoformat(str(stamp)[:64]).astimezone().strftime("%Y-%m-%d %H:%M")
    except (ValueError, OverflowError, OSError):
        return "at an unknown time"


def list_saves() -> list[SaveInfo]:
    """Every save in the data directory, newest first (unusable ones too, with their problem)."""
    folder = saves_dir()
    if not folder.is_dir():
        return []
    # Whatever is named like a save is listed, a pipe or a device too: with its problem, so the
    # player sees it and can delete it.
    paths = []
    for p in folder.glob("*.json"):
        try:
            paths.append((p.lstat().st_mtime, p))
        except OSError:
            continue  # gone since the folder was read
    paths.sort(key=lambda item: item[0], reverse=True)
    return [save_info(p) for _, p in paths]


def delete_save(path: Path) -> None:
    """Delete a save (and its lock); :class:`SaveError` if a running window has it open or the
    file cannot be deleted."""
    try:
        delete_locked(path)
    except FileLocked as exc:
        raise SaveError(path, _open_elsewhere(exc, "close it there before deleting it")) from None
    except OSError as exc:  # a read-only folder, or a folder named like a save
        raise SaveError(path, f"the file cannot be deleted: {exc.strerror or exc}") from None


def is_open_elsewhere(error: SaveError) -> bool:
    """Whether a refusal is only that another window has the game open (not a damaged file)."""
    return error.problem.startswith(_OPEN_ELSEWHERE)


@dataclass
class Restored:
    """A save brought back: the running service, its seats' specs, and the events so far."""

    service: GameService
    specs: list[str]
    events: list[Event]
    path: Path
    cut_short: bool = False
    """The save's last line was cut short by a crash while saving, and dropped: the game goes on
    from the save point before it."""


def load_save(path: Path, think: float | None = None, lock: bool = True) -> Restored:
    """Restore a saved session, re-refereed by the engine; :class:`SaveError` says why not
    (also when another running window has it open).  With ``lock`` this process claims it:
    give it up with :meth:`AutoSaver.release` or :func:`unlock_save`."""
    locked = False
    if lock:
        try:
            lock_save(path)
            locked = True
        except OSError:
            pass  # a folder this user cannot write: no window can overwrite the save from here
    try:
        return _load(path, think)
    except BaseException:
        if locked:
            unlock_save(path)
        raise


def _load(path: Path, think: float | None) -> Restored:
    read = _read_save(path)
    doc = read.doc
    seats_doc = _field(path, doc, "seats", list)
    events_doc = _field(path, doc, "events", list)
    seed = _field(path, doc, "seed", int)
    rng_doc = _field(path, doc, "rng", dict)
    specs, names = [], []
    for i, seat in enumerate(seats_doc):
        if (not isinstance(seat, dict) or not isinstance(seat.get("name"), str)
                or not isinstance(seat.get("spec"), str)):
            raise SaveError(path, f"seat {i + 1} must have a name and a spec")
        try:
            spec = check_spec(seat["spec"], humans=True)
        except ValueError as exc:
            raise SaveError(path, f"seat {i + 1}: {exc}") from None
        if spec_kind(spec)[0] == "bot":
            # A save is data: resuming one must never start a program named in it.
            raise SaveError(path, f"seat {i + 1} is an external bot ({spec}); games with bots are "
                                  "not resumed from saves, since that would run the program the file names")
        specs.append(spec)
        names.append(seat["name"])
    lines = []
    for i, event in enumerate(events_doc):
        if not isinstance(event, dict):
            raise SaveError(path, f"event {i + 1} is not an object")
        lines.append(json.dumps(event))
    try:
        game, events = replay_events(lines)
    except TranscriptError as exc:
        detail = str(exc).replace("line ", "event ", 1)
        raise SaveError(path, f"the game in it is not legal: {detail}") from None
    except (RuleError, KeyError, TypeError, ValueError) as exc:
        raise SaveError(path, f"the game in it cannot be read: {exc}") from None
    if game.phase == Phase.ROUND_OVER and game.round_no == 0:
        raise SaveError(path, "the save holds no deal")
    players = [p.name for p in game.players]
    # The game's names are the ones it shows (control characters made visible, as a seat's are).
    if len(names) != game.n or players != [visible(n) for n in names] or any(
        (p.kind, p.level) != spec_kind(spec) for p, spec in zip(game.players, specs)
    ):
        raise SaveError(path, "its seats do not match the players of the game in it")
    if not isinstance(events[0], SessionStart) or events[0].seed != seed:
        raise SaveError(path, "its seed does not match the game in it")
    seats: list[Seat] = make_seats(specs, random.Random(seed), think=think, names=names)
    players_rng = rng_doc.get("players")
    try:
        set_rng_json(game.rng, rng_doc["game"])
        if not isinstance(players_rng, list) or len(players_rng) != len(seats):
            raise ValueError("one state per seat")
        for seat, state in zip(seats, players_rng):
            if state is not None and seat.player is not None and hasattr(seat.player, "rng"):
                set_rng_json(seat.player.rng, state)
    except (KeyError, TypeError, ValueError, OverflowError) as exc:
        raise SaveError(path, f"the random generators' states are damaged ({exc})") from None
    service = GameService(game.rules, seats, seed=seed, game=game, history=events)
    return Restored(service, specs, events, path, read.torn)


KEEP_SAVES = 10
"""Unfinished games kept: starting another removes the oldest beyond this many, so quick games
left after a move or two do not pile up in the Continue list."""


def prune_saves(keep: int = KEEP_SAVES) -> list[Path]:
    """Delete the oldest saved games beyond the ``keep`` newest; returns what was deleted.  A
    damaged save is left for the player to look at, and one open in another window (or that
    cannot be deleted) is kept."""
    usable = [info for info in list_saves() if info.problem is None]
    deleted = []
    for info in usable[keep:]:
        try:
            delete_save(info.path)
        except SaveError:
            continue
        deleted.append(info.path)
    return deleted


def start_saving(service: GameService, specs: Sequence[str],
                 on_error: Callable[[str], None] | None = None) -> AutoSaver:
    """Save ``service``'s new session after every turn, in a fresh file of the saves folder
    (and make room for it: :func:`prune_saves` keeps the newest unfinished games)."""
    prune_saves(KEEP_SAVES - 1)
    path = new_save_path([s.name for s in service.seats])
    try:
        lock_save(path)
    except (OSError, SaveError):
        pass  # an unwritable folder: the first save will say so
    saver = AutoSaver(service, specs, path, on_error=on_error)
    service.add_listener(saver)
    return saver


def resume_saving(restored: Restored, on_error: Callable[[str], None] | None = None) -> AutoSaver:
    """Go on saving a restored session into its own file."""
    saver = AutoSaver(restored.service, restored.specs, restored.path, restored.events, on_error=on_error)
    restored.service.add_listener(saver)
    return saver
