"""Saved Kings Reverse sessions, apart from Kings in the Corner's (``saves/kings-reverse/``).

A save holds data only: the seed, the rules, the seats (specs and names) and every action taken
so far in order (``"next"`` for each new deal).  The referee is deterministic given its seed, so
restoring replays the actions through the service door (a person's with ``act``, a computer's
as its decision), which re-referees each of them; a save whose actions the rules refuse is
reported, never half-loaded.  Replaying a computer's decision does not run its player, so each
computer's random generator is kept as well (``rng``, one state per seat, None for a person's)
and put back after the replay: a resumed game goes on as the unbroken one would have.  A save
of version 1 has no ``rng``: it still loads, its computers seeded afresh.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, Callable, Sequence

from ..core.kinds import Phase, SeatKind
from ..core.text import visible
from ..games.kings_corner.ai.seats import HUMAN_PREFIX, SEAT_NAMES
from ..games.kings_reverse.ai import LEVELS, make_player
from ..games.kings_reverse.engine.actions import Action
from ..games.kings_reverse.engine.events import GAME_NAME, ReverseEvent, SessionEnd
from ..games.kings_reverse.engine.rules import ReverseRules, RuleError
from ..games.kings_reverse.engine.service import ReverseSeat, ReverseService
from .files import UnreadableFile, read_text, rng_json, set_rng_json, write_atomic
from .paths import saves_dir
from .reverse_records import SessionRecorder

__all__ = ["KIND", "reverse_saves_dir", "reverse_seats", "ReverseSaver", "ReverseSaveError",
           "list_reverse_saves", "load_reverse_save", "ReverseSaveInfo"]

KIND = "kings-reverse-save"
VERSION = 2
"""The version written; :data:`READABLE` are the versions read."""
READABLE = (1, 2)
MAX_BYTES = 16 * 1024 * 1024


def reverse_saves_dir() -> Path:
    return saves_dir() / GAME_NAME


def reverse_seats(specs: Sequence[str], rng: random.Random,
                  names: Sequence[str | None] | None = None) -> list[ReverseSeat]:
    """Seats for specs (``you``, ``human:NAME``, an AI level), named as the first game names
    them: "You" (or the person's name), then the computers' names not taken."""
    given = list(names or [None] * len(specs))
    for i, spec in enumerate(specs):
        if given[i] is None and (spec == "you" or spec.startswith(HUMAN_PREFIX)):
            given[i] = "You" if spec == "you" else spec[len(HUMAN_PREFIX):]
    spare = iter(n for n in SEAT_NAMES + tuple(f"Player {k}" for k in range(1, 7)) if n not in given)
    seats = []
    for i, spec in enumerate(specs):
        name = given[i] or next(spare)
        if spec == "you" or spec.startswith(HUMAN_PREFIX):
            seats.append(ReverseSeat(name, SeatKind.HUMAN))
        else:
            player = make_player(spec, random.Random(rng.getrandbits(48)))
            seats.append(ReverseSeat(name, SeatKind.AI, spec, player))
    return seats


class ReverseSaveError(Exception):
    """A save that cannot be used; the message says what is wrong."""


class ReverseSaver:
    """Keeps a session's actions and writes the save after each one (atomically: a crash leaves
    the old save or the new one); at the session's end the save is removed (the statistics
    recorder keeps the transcript).  A failed write is reported once and saving stops."""

    name = "The saver"

    def __init__(self, service: ReverseService, specs: Sequence[str], path: Path,
                 actions: Sequence[Any] = (), on_error: Callable[[str], None] | None = None) -> None:
        self.service = service
        self.specs = list(specs)
        self.path = path
        self.actions: list[Any] = list(actions)
        self.on_error = on_error
        self.error: str | None = None

    @staticmethod
    def new_path(names: Sequence[str], when: datetime | None = None) -> Path:
        stamp = (when or datetime.now()).strftime("%Y-%m-%d-%H%M%S")
        slug = "-".join("".join(ch for ch in n.lower() if ch.isalnum())[:12] or "p" for n in names)
        path, k = reverse_saves_dir() / f"{stamp}-{slug}.json", 2
        while path.exists():
            path, k = reverse_saves_dir() / f"{stamp}-{slug}-{k}.json", k + 1
        return path

    def follow(self) -> None:
        """Keep every action the service applies and every deal (and remove the save when the
        session ends): for a table, the line mode and a resumed game alike."""
        self.service.add_listener(self)
        self.service.watch_actions(self.took)

    def took(self, action: Action | None) -> None:
        """An action was applied (None: the next round was dealt): keep it and save."""
        if action is None:
            self.dealt()
        else:
            self.acted(action)

    def acted(self, action: Action) -> None:
        """An action was applied: keep it and save."""
        self.actions.append(action.as_dict())
        self.save()

    def dealt(self) -> None:
        """The next round was dealt."""
        self.actions.append("next")
        self.save()

    def __call__(self, event: ReverseEvent) -> None:
        if isinstance(event, SessionEnd):
            self.path.unlink(missing_ok=True)

    def document(self) -> dict[str, Any]:
        service = self.service
        return {"kind": KIND, "version": VERSION, "game": GAME_NAME, "seed": service.seed,
                "rules": service.rules.as_dict(), "specs": self.specs,
                "names": [s.name for s in service.seats],
                "round": service.view(None).round, "saved": datetime.now().isoformat(timespec="seconds"),
                "rng": {"players": [None if seat.player is None else rng_json(seat.player.rng.getstate())
                                    for seat in service.seats]},
                "actions": self.actions}

    def save(self) -> None:
        if self.error is not None or self.service.phase == Phase.SESSION_OVER:
            return
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            write_atomic(self.path, json.dumps(self.document(), separators=(",", ":")))
        except OSError as exc:
            self.error = f"Cannot save the game in {self.path}: {exc.strerror or exc}."
            if self.on_error is not None:
                self.on_error(self.error)


@dataclass(frozen=True, slots=True)
class ReverseSaveInfo:
    """One saved session, as a list shows it."""

    path: Path
    names: tuple[str, ...]
    round: int
    saved: str

    @property
    def title(self) -> str:
        return f"{', '.join(self.names)}: round {self.round}, saved {self.saved.replace('T', ' ')}"


def _read(path: Path) -> dict[str, Any]:
    try:
        doc = json.loads(read_text(path, MAX_BYTES))
    except (UnreadableFile, ValueError) as exc:
        raise ReverseSaveError(f"{visible(path.name)}: {visible(str(exc))[:80]}") from None
    if not isinstance(doc, dict) or doc.get("kind") != KIND or doc.get("version") not in READABLE:
        raise ReverseSaveError(f"{visible(path.name)}: not a Kings Reverse save of version "
                               f"{' or '.join(map(str, READABLE))}")
    return doc


def list_reverse_saves() -> list[ReverseSaveInfo]:
    """The saved sessions, newest first (unreadable files are left out)."""
    folder = reverse_saves_dir()
    infos = []
    for path in sorted(folder.glob("*.json"), reverse=True) if folder.is_dir() else ():
        try:
            doc = _read(path)
            infos.append(ReverseSaveInfo(path, tuple(visible(str(n)) for n in doc["names"]),
                                         int(doc["round"]), visible(str(doc["saved"]))))
        except (ReverseSaveError, KeyError, TypeError, ValueError):
            continue
    return infos


def load_reverse_save(path: Path, on_error: Callable[[str], None] | None = None,
                      listeners: Sequence[Callable[[ReverseEvent], None]] = (), record: bool = True,
                      ) -> tuple[ReverseService, ReverseSaver]:
    """The saved session replayed to where it was, with its saver (and, with ``record``, the
    statistics recorder, which sees the whole session again; a served table keeps no
    statistics); ``listeners`` see every event of the replay.  :class:`ReverseSaveError` says
    why it cannot be."""
    doc = _read(path)
    try:
        specs = [str(s) for s in doc["specs"]]
        names = [visible(str(n)) for n in doc["names"]]
        if not 2 <= len(specs) <= 6 or len(names) != len(specs) or any(
                s not in LEVELS and s != "you" and not s.startswith(HUMAN_PREFIX) for s in specs):
            raise ReverseSaveError(f"{visible(path.name)}: its seats are not ones this game has")
        seed = int(doc["seed"])
        service = ReverseService(ReverseRules.from_dict(doc["rules"]),
                                 reverse_seats(specs, random.Random(seed), names), seed=seed)
        if record:
            service.add_listener(SessionRecorder(names, on_error))
        for listener in listeners:
            service.add_listener(listener)
        service.start()
        for entry in doc["actions"]:
            if entry == "next":
                service.next_round()
            elif service.waiting_for_human():
                service.act(Action.from_dict(entry))
            elif not service.apply_decision(service.begin_decision(), Action.from_dict(entry)):
                raise ReverseSaveError(f"{visible(path.name)}: an action the rules refuse: "
                                       f"{visible(str(entry))[:40]}")
    except ReverseSaveError:
        raise
    except (KeyError, TypeError, ValueError, RuleError) as exc:
        raise ReverseSaveError(f"{visible(path.name)}: it cannot be replayed ({visible(str(exc))[:80]})") \
            from None
    _restore_generators(path, doc, service)
    saver = ReverseSaver(service, specs, path, doc["actions"], on_error)
    saver.follow()
    return service, saver


def _restore_generators(path: Path, doc: dict[str, Any], service: ReverseService) -> None:
    """Put each computer's generator back as the save kept it (version 2; a version 1 save
    kept none and its computers go on freshly seeded)."""
    if doc["version"] < 2:
        return
    try:
        states = doc["rng"]["players"]
        if not isinstance(states, list) or len(states) != len(service.seats):
            raise ValueError("one state per seat")
        for seat, state in zip(service.seats, states):
            if (state is None) != (seat.player is None):
                raise ValueError("a state for each computer and none for a person")
            if seat.player is not None:
                set_rng_json(seat.player.rng, state)
    except (KeyError, TypeError, ValueError, OverflowError) as exc:
        raise ReverseSaveError(f"{visible(path.name)}: the computers' random generators' states "
                               f"are damaged ({visible(str(exc))[:60]})") from None
