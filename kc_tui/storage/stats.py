"""Statistics per player name, from the transcripts of finished sessions in the data folder.

Pure Python: ``kings-corner stats`` prints them, the stats screen shows them with a chart.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Sequence

from ..core.events import SessionEnd, SessionStart
from ..core.text import visible
from ..games.kings_corner.engine.events import RoundEnd
from ..games.kings_corner.engine.scoring import LOW_WINS
from ..games.kings_corner.engine.transcript import MAX_BYTES, TranscriptError, read_events
from .files import UnreadableFile, read_text
from .paths import transcripts_dir

__all__ = [
    "PlayerStats", "SessionResult", "read_results", "player_stats", "stats_text", "bar_chart", "select",
    "report_text", "finished_bounds",
]


@dataclass(frozen=True, slots=True)
class SessionResult:
    """One finished session as the statistics need it."""

    name: str  # the transcript file's stem (its date and players)
    players: tuple[str, ...]
    opponents: tuple[str, ...]  # per seat: "person", an AI level, or "bot"
    scoring: str
    winners: tuple[int, ...]
    totals: tuple[int, ...]
    rounds: tuple[RoundEnd, ...]


@dataclass
class PlayerStats:
    name: str
    sessions: int = 0
    sessions_won: int = 0
    rounds: int = 0
    rounds_won: int = 0
    cards_left_losing: list[int] = field(default_factory=list)
    by_level: dict[str, list[int]] = field(default_factory=dict)  # level -> [sessions, won]
    best: tuple[Any, ...] | None = None
    worst: tuple[Any, ...] | None = None
    streak: int = 0  # > 0: sessions won in a row up to the last one; < 0: lost in a row

    @property
    def average_cards_left(self) -> float | None:
        return sum(self.cards_left_losing) / len(self.cards_left_losing) if self.cards_left_losing else None

    def as_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "sessions": self.sessions,
            "sessions_won": self.sessions_won,
            "rounds": self.rounds,
            "rounds_won": self.rounds_won,
            "win_rate_by_opponent_level": {
                level: {"sessions": n, "won": won, "rate": won / n}
                for level, (n, won) in sorted(self.by_level.items())
            },
            "average_cards_left_when_losing": self.average_cards_left,
            "best_session": _session_dict(self.best),
            "worst_session": _session_dict(self.worst),
            "current_streak": self.streak,
        }


def _session_dict(entry: tuple[Any, ...] | None) -> dict[str, Any] | None:
    if entry is None:
        return None
    _key, name, place, seats, points = entry
    return {"session": name, "place": place, "of": seats, "points": points}


def _opponent(kind: str, level: str | None) -> str:
    return level or ("person" if kind == "human" else kind)


def _written(path: Path) -> tuple[float, str]:
    """When a transcript was written, to sort by (a link to nowhere sorts first, and is then
    reported as unreadable)."""
    try:
        return path.stat().st_mtime, path.name
    except OSError:
        return 0.0, path.name


def finished_bounds(events: Sequence[object]) -> tuple[SessionStart, SessionEnd] | None:
    """A finished session's ``session_start`` (its first event) and ``session_end``, of any
    game (both games' transcripts begin and end with these); None when it is not one."""
    start = events[0] if events and isinstance(events[0], SessionStart) else None
    end = next((e for e in events if isinstance(e, SessionEnd)), None)
    return None if start is None or end is None else (start, end)


def read_results(folder: Path | None = None) -> tuple[list[SessionResult], list[str]]:
    """Every finished session in the transcripts folder, oldest first, and one line per
    transcript that could not be read (it is skipped, never changed)."""
    folder = folder or transcripts_dir()
    results: list[SessionResult] = []
    problems: list[str] = []
    if not folder.is_dir():
        return results, problems
    # Oldest first: by when each was written (file names of one second differ by a suffix).
    for path in sorted(folder.glob("*.jsonl"), key=_written):
        # The file's name is shown with each problem and with the best and worst sessions:
        # it is made visible like any other text from a file.
        shown = visible(str(path))
        try:
            events = [event for _, event in read_events(read_text(path, MAX_BYTES).splitlines())]
        except (UnreadableFile, TranscriptError, KeyError, ValueError, TypeError) as exc:
            problems.append(f"{shown}: {visible(str(exc))}")
            continue
        bounds = finished_bounds(events)
        if bounds is None:
            problems.append(f"{shown}: not a finished session")
            continue
        start, end = bounds
        n = len(start.players)
        rounds = [e for e in events if isinstance(e, RoundEnd)]
        if not 2 <= n <= 6 or len(end.totals) != n or any(not 0 <= w < n for w in end.winners) or any(
            len(r.hands) != n or len(r.scores) != n or any(not 0 <= w < n for w in r.winners) for r in rounds
        ):
            problems.append(f"{shown}: its results do not match its {n} players")
            continue
        results.append(SessionResult(
            visible(path.stem),
            tuple(p.name for p in start.players),
            tuple(_opponent(p.kind, p.level) for p in start.players),
            str(start.rules.get("scoring", "classic")),
            end.winners,
            end.totals,
            tuple(rounds),
        ))
    return results, problems


def player_stats(results: Iterable[SessionResult]) -> dict[str, PlayerStats]:
    """Statistics for every name that played, in the order names first appear."""
    table: dict[str, PlayerStats] = {}
    for result in results:
        low = LOW_WINS.get(result.scoring, True)
        for seat, name in enumerate(result.players):
            # People are counted by name; a computer seat by its name and level, so that "Ada"
            # the hard player and "Ada" the easy one (or a person called Ada) stay apart.
            kind = result.opponents[seat]
            key = name if kind == "person" else f"{name} ({kind})"
            st = table.setdefault(key, PlayerStats(key))
            won = seat in result.winners
            st.sessions += 1
            st.sessions_won += won
            st.streak = (max(st.streak, 0) + 1) if won else (min(st.streak, 0) - 1)
            for end in result.rounds:
                st.rounds += 1
                if seat in end.winners:
                    st.rounds_won += 1
                else:
                    st.cards_left_losing.append(len(end.hands[seat]))
            for level in {lv for other, lv in enumerate(result.opponents) if other != seat}:
                counts = st.by_level.setdefault(level, [0, 0])
                counts[0] += 1
                counts[1] += won
            # Place: the winners are first; the others follow by their totals.
            place = 1 if won else 1 + len(result.winners) + sum(
                1 for s in range(len(result.players)) if s not in result.winners and s != seat
                and result.totals[s] != result.totals[seat]
                and (result.totals[s] < result.totals[seat]) == low)
            points = result.totals[seat]
            # Best: the highest place, then the most points ahead of the others' mean.
            others = [t for s, t in enumerate(result.totals) if s != seat]
            margin = (sum(others) / len(others) - points) if low else (points - sum(others) / len(others))
            entry = ((place, -margin), result.name, place, len(result.players), points)
            if st.best is None or entry[0] < st.best[0]:
                st.best = entry
            if st.worst is None or entry[0] >= st.worst[0]:
                st.worst = entry
    return table


def select(table: dict[str, PlayerStats], player: str) -> dict[str, PlayerStats]:
    """The records of ``player``: a person's name, a computer's name (every level it played
    at), or ``Ada (hard)``; any case."""
    wanted = player.strip().lower()
    return {k: v for k, v in table.items() if wanted in (k.lower(), k.split(" (")[0].lower())}


def report_text(player: str | None = None) -> str:
    """Every player's record (or one player's) from the finished sessions, in words and bar
    charts, as ``kings-corner stats`` prints it and the Statistics dialog shows it."""
    results, problems = read_results()
    if not results:
        return (f"No finished sessions yet. Play a session to its end and it is counted here "
                f"(finished sessions are kept in {transcripts_dir()}).")
    table = player_stats(results)
    if player is not None:
        table = select(table, player)
        if not table:
            return f"Nobody called {player!r} has finished a session."
    parts = [stats_text(st) for st in table.values()] + [f"(skipped {p})" for p in problems]
    return f"From {_count(len(results), 'finished session')}.\n\n" + "\n\n".join(parts)


def bar_chart(values: Sequence[tuple[str, float]], width: int = 30, label_width: int = 8) -> list[str]:
    """A horizontal bar chart in ASCII (``#``), one line per (label, fraction 0..1)."""
    lines = []
    for label, value in values:
        filled = round(max(0.0, min(1.0, value)) * width)
        lines.append(f"{label:<{label_width}} |{'#' * filled}{'.' * (width - filled)}| {value:.0%}")
    return lines


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'s' if n != 1 else ''}"


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def _when(name: str) -> str:
    """``2026-11-30-032901-ada-ben`` -> ``on 2026-11-30 at 03:29``."""
    m = re.match(r"(\d{4}-\d\d-\d\d)-(\d\d)(\d\d)", name)
    return f"on {m.group(1)} at {m.group(2)}:{m.group(3)}" if m else f"in {name}"


def stats_text(stats: PlayerStats) -> str:
    """One player's statistics in words, with a chart of the win rate by opponent level."""
    s = stats
    lines = [f"{s.name}: {_count(s.sessions, 'session')} played, {s.sessions_won} won"
             + (f" ({s.sessions_won / s.sessions:.0%})" if s.sessions else "")
             + f"; {_count(s.rounds, 'round')} played, {s.rounds_won} won"
             + (f" ({s.rounds_won / s.rounds:.0%})." if s.rounds else ".")]
    if s.average_cards_left is not None:
        lines.append(f"  Cards left in hand when losing a round: {s.average_cards_left:.1f} on average.")
    if s.best is not None and s.worst is not None:
        lines.append(f"  Best session: finished {_ordinal(s.best[2])} of {s.best[3]} "
                     f"with {_count(s.best[4], 'point')}, {_when(s.best[1])}.")
        lines.append(f"  Worst session: finished {_ordinal(s.worst[2])} of {s.worst[3]} "
                     f"with {_count(s.worst[4], 'point')}, {_when(s.worst[1])}.")
    if s.streak:
        word = "won" if s.streak > 0 else "lost"
        run = "session" if abs(s.streak) == 1 else f"{abs(s.streak)} sessions"
        lines.append(f"  Current streak: {word} the last {run}.")
    if s.by_level:
        lines.append("  Sessions won, by the opponents' level:")
        rows = [(level, won / n) for level, (n, won) in sorted(s.by_level.items())]
        counts = {level: n for level, (n, _won) in s.by_level.items()}
        for line, (level, _rate) in zip(bar_chart(rows), rows):
            lines.append(f"    {line}  ({_count(counts[level], 'session')})")
    return "\n".join(lines)
