"""Kings Reverse's finished sessions and its statistics, kept apart from Kings in the Corner's:
a finished session's transcript goes to ``transcripts/kings-reverse/`` (the first game's
statistics and replays read only the files directly in ``transcripts/``), and the statistics of
this game are read from there alone.  Pure Python, as :mod:`.stats`."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Callable

from ..core.text import visible
from ..games.kings_reverse.engine.events import (
    GAME_NAME,
    ReverseEvent,
    RoundEnd,
    SessionEnd,
    encode_event,
    event_from_dict,
)
from .files import UnreadableFile, read_text, write_atomic
from .paths import transcripts_dir
from .stats import finished_bounds

__all__ = ["reverse_transcripts_dir", "SessionRecorder", "ReverseResult", "read_reverse_results",
           "ReversePlayerStats", "reverse_player_stats", "reverse_report_text", "reverse_stats_dict"]

MAX_BYTES = 64 * 1024 * 1024
"""A transcript larger than this is not read (a session of a few hundred rounds is far less)."""


def reverse_transcripts_dir() -> Path:
    """Where Kings Reverse's finished sessions are kept."""
    return transcripts_dir() / GAME_NAME


class SessionRecorder:
    """A listener that keeps every event of a Kings Reverse session and, at its end, writes its
    transcript into :func:`reverse_transcripts_dir` (for the statistics).  A write that fails is
    reported once through ``on_error``; the game goes on."""

    name = "The statistics recorder"

    def __init__(self, names: list[str], on_error: Callable[[str], None] | None = None,
                 when: datetime | None = None) -> None:
        self.lines: list[str] = []
        self.on_error = on_error
        stamp = (when or datetime.now()).strftime("%Y-%m-%d-%H%M%S")
        slug = "-".join("".join(ch for ch in n.lower() if ch.isalnum())[:12] or "p" for n in names)
        self.stem = f"{stamp}-{slug}"
        self.path: Path | None = None
        """Where the finished session's transcript was kept."""

    def __call__(self, event: ReverseEvent) -> None:
        self.lines.append(encode_event(event))
        if isinstance(event, SessionEnd):
            self.finish()

    def finish(self) -> None:
        folder = reverse_transcripts_dir()
        target, k = folder / f"{self.stem}.jsonl", 2
        while target.exists():
            target, k = folder / f"{self.stem}-{k}.jsonl", k + 1
        try:
            folder.mkdir(parents=True, exist_ok=True)
            write_atomic(target, "".join(line + "\n" for line in self.lines))
        except OSError as exc:
            if self.on_error is not None:
                self.on_error(f"Cannot keep the finished game's transcript in {target}: "
                              f"{exc.strerror or exc}.")
            return
        self.path = target


@dataclass(frozen=True, slots=True)
class ReverseResult:
    """One finished Kings Reverse session as the statistics need it."""

    name: str
    players: tuple[str, ...]
    winners: tuple[int, ...]
    totals: tuple[int, ...]
    round_winners: tuple[int | None, ...]
    """Who went out in each round (None: a blocked round)."""


def read_reverse_results(folder: Path | None = None) -> tuple[list[ReverseResult], list[str]]:
    """Every finished session in the folder, oldest first by name, and one line per file that
    could not be read (skipped, never changed)."""
    folder = folder or reverse_transcripts_dir()
    results: list[ReverseResult] = []
    problems: list[str] = []
    if not folder.is_dir():
        return results, problems
    for path in sorted(folder.glob("*.jsonl")):
        shown = visible(path.name)
        try:
            events = [event_from_dict(json.loads(line))
                      for line in read_text(path, MAX_BYTES).splitlines() if line.strip()]
        except (UnreadableFile, KeyError, ValueError, TypeError, AttributeError) as exc:
            problems.append(f"{shown}: {visible(str(exc))[:80]}")
            continue
        bounds = finished_bounds(events)
        if bounds is None:
            problems.append(f"{shown}: not a finished session")
            continue
        start, end = bounds
        n = len(start.players)
        if len(end.totals) != n or any(not 0 <= w < n for w in end.winners):
            problems.append(f"{shown}: its results do not match its {n} players")
            continue
        rounds = tuple(e.winners[0] if e.winners else None for e in events if isinstance(e, RoundEnd))
        results.append(ReverseResult(visible(path.stem), tuple(visible(p.name) for p in start.players),
                                     end.winners, end.totals, rounds))
    return results, problems


@dataclass
class ReversePlayerStats:
    """One player's Kings Reverse record."""

    name: str
    sessions: int = 0
    sessions_won: int = 0
    rounds: int = 0
    rounds_won: int = 0
    """Rounds in which the player went out first (KR7)."""
    points: int = 0
    """Final scores added up (the lowest wins, KR7)."""

    @property
    def average_score(self) -> float:
        return self.points / self.sessions if self.sessions else 0.0

    def as_dict(self) -> dict[str, object]:
        return {"name": self.name, "sessions": self.sessions, "sessions_won": self.sessions_won,
                "rounds": self.rounds, "rounds_won": self.rounds_won,
                "average_final_score": round(self.average_score, 1)}

    def text(self) -> str:
        return (f"{self.name}: won {self.sessions_won} of {_count(self.sessions, 'session')}, "
                f"went out in {self.rounds_won} of {_count(self.rounds, 'round')}, "
                f"final score {self.average_score:.0f} on average (the lowest wins).")


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'s' if n != 1 else ''}"


def reverse_player_stats(results: list[ReverseResult],
                         player: str | None = None) -> dict[str, ReversePlayerStats]:
    """Each player's record (or only the players called ``player``, in any case)."""
    table: dict[str, ReversePlayerStats] = {}
    for result in results:
        for seat, name in enumerate(result.players):
            if player is not None and name.lower() != player.strip().lower():
                continue
            row = table.setdefault(name, ReversePlayerStats(name))
            row.sessions += 1
            row.sessions_won += seat in result.winners
            row.rounds += len(result.round_winners)
            row.rounds_won += sum(1 for w in result.round_winners if w == seat)
            row.points += result.totals[seat]
    return table


def reverse_stats_dict(player: str | None = None) -> dict[str, object]:
    """The statistics as ``kings-corner stats --json`` gives them."""
    results, problems = read_reverse_results()
    return {"sessions": len(results),
            "players": [s.as_dict() for s in reverse_player_stats(results, player).values()],
            "unreadable": problems}


def reverse_report_text(player: str | None = None) -> str:
    """Each player's Kings Reverse record (or one player's): sessions won, rounds won (went
    out), the average final score (the lowest wins, KR7)."""
    results, problems = read_reverse_results()
    if not results:
        return (f"No finished Kings Reverse sessions yet (they are kept in "
                f"{reverse_transcripts_dir()}).")
    table = reverse_player_stats(results, player)
    if player is not None and not table:
        return f"Nobody called {player!r} has finished a Kings Reverse session."
    lines = [f"From {_count(len(results), 'finished session')}."]
    lines += [row.text() for row in table.values()]
    lines += [f"(skipped {p})" for p in problems]
    return "\n".join(lines)
