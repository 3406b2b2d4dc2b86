"""What the platform keeps of finished sessions, for every game: each one's transcript in its
game's transcripts folder (:func:`keep_transcript`, :class:`Recorder`), and each player's record
read back from them (:func:`games_report_text`, :func:`games_stats_dict`).  What a finished
session adds to a record, and how the record reads, is the game's (its ``saves`` part,
:class:`~.game.GameSaves`).  Pure Python: ``kings-corner stats`` prints the records, the
Statistics dialog shows them."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any, Callable, Sequence

from ..core.events import SessionEnd, SessionStart
from ..core.i18n import N_, Domain
from ..core.text import percent, visible
from ..games import DEFAULT_GAME, GAMES
from .files import UnreadableFile, free_path, read_text, write_atomic
from .part import Bars, game_title, game_transcripts_dir, saves_part

__all__ = ["keep_transcript", "Recorder", "finished_bounds", "read_records", "games_report_text",
           "games_report_bars", "games_stats_dict", "bar_chart", "count"]

_, ngettext, pgettext, L_, Ln_ = Domain.of(__package__).functions()


def keep_transcript(game: str, stem: str, lines: Sequence[str]) -> Path:
    """Keep a finished session's transcript (its encoded events) in the game's transcripts
    folder as ``stem.jsonl`` (``stem-2.jsonl``... when taken), atomically; where it went.  An
    :class:`OSError` whose message is the sentence to show (with the path) otherwise."""
    target = free_path(game_transcripts_dir(game), stem, ".jsonl")
    try:
        write_atomic(target, "".join(line + "\n" for line in lines))
    except OSError as exc:
        raise OSError(_("Cannot keep the finished game's transcript in {path}: {why}.").format(
            path=target, why=exc.strerror or exc)) from None
    return target


class Recorder:
    """A listener that keeps every event of a session and, at its end, keeps its transcript in
    the game's transcripts folder (for the statistics), for a session whose save does not keep
    its events.  A write that fails is reported once through ``on_error``; the game goes on."""

    name = N_("The statistics recorder")

    def __init__(self, game: str, names: Sequence[str], on_error: Callable[[str], None] | None = None,
                 when: datetime | None = None) -> None:
        self.game = game
        self.part = saves_part(game)
        self.lines: list[str] = []
        self.on_error = on_error
        stamp = (when or datetime.now()).strftime("%Y-%m-%d-%H%M%S")
        slug = "-".join("".join(ch for ch in n.lower() if ch.isalnum())[:12] or "p" for n in names)
        self.stem = f"{stamp}-{slug}"
        self.path: Path | None = None
        """Where the finished session's transcript was kept."""

    def __call__(self, event: Any) -> None:
        self.lines.append(self.part.encode_event(event))
        if isinstance(event, SessionEnd):
            self.finish()

    def finish(self) -> None:
        try:
            self.path = keep_transcript(self.game, self.stem, self.lines)
        except OSError as exc:
            if self.on_error is not None:
                self.on_error(str(exc))


def finished_bounds(events: Sequence[object]) -> tuple[SessionStart, SessionEnd] | None:
    """A finished session's ``session_start`` (its first event) and ``session_end``, of any
    game (every game's transcripts begin and end with these); None when it is not one."""
    start = events[0] if events and isinstance(events[0], SessionStart) else None
    end = next((e for e in events if isinstance(e, SessionEnd)), None)
    return None if start is None or end is None else (start, end)


def _written(path: Path) -> tuple[float, str]:
    """When a transcript was written, to sort by (a link to nowhere sorts first, and is then
    reported as unreadable)."""
    try:
        return path.stat().st_mtime, path.name
    except OSError:
        return 0.0, path.name


def read_records(game: str = DEFAULT_GAME, folder: Path | None = None) -> tuple[list[Any], list[str]]:
    """Every finished session of ``game`` in its transcripts folder, oldest first, as the game
    counts it, and one line per transcript that could not be read or counted (it is skipped,
    never changed)."""
    part = saves_part(game)
    folder = folder or game_transcripts_dir(game)
    results: list[Any] = []
    problems: list[str] = []
    if not folder.is_dir():
        return results, problems
    # Oldest first: by when each was written (file names of one second differ by a suffix).
    for path in sorted(folder.glob("*.jsonl"), key=_written):
        # The file's name is shown with each problem and with the best and worst sessions:
        # it is made visible like any other text from a file.
        shown = visible(str(path))
        try:
            events = part.read_transcript(read_text(path, part.transcript_bytes).splitlines())
        except (UnreadableFile, KeyError, ValueError, TypeError, AttributeError) as exc:
            problems.append(f"{shown}: {visible(str(exc))[:200]}")
            continue
        if finished_bounds(events) is None:
            problems.append(_("{path}: not a finished session").format(path=shown))
            continue
        result = part.record(visible(path.stem), events)
        if isinstance(result, str):
            problems.append(f"{shown}: {result}")
            continue
        results.append(result)
    return results, problems


def _shown(game: str | None) -> list[str]:
    """The games whose records are shown: ``game``, or every game that has kept a finished
    session (the default game's always, so that an empty record says where they will be)."""
    if game is not None:
        return [game]
    return [name for name in GAMES if name == DEFAULT_GAME or game_transcripts_dir(name).is_dir()]


def games_report_text(player: str | None = None, game: str | None = None, bars: bool = True) -> str:
    """Every game's records, each headed by the game's title (even one alone: which game it is
    was not said), or only ``game``'s, which was named; without ``bars``, no bar chart in the
    text (a screen draws :func:`games_report_bars`)."""
    sections = []
    for name in _shown(game):
        results, problems = read_records(name)
        text = saves_part(name).report(results, problems, player, game_transcripts_dir(name), bars)
        sections.append((name, text))
    if game is not None:
        return sections[0][1]
    return "\n\n".join(f"{game_title(name)}\n\n{text}" for name, text in sections)


def games_report_bars(player: str | None = None, game: str | None = None) -> list[Bars]:
    """The bar charts of every game's records, each title led by the game's when more than one
    game is shown."""
    shown = _shown(game)
    charts = []
    for name in shown:
        for bars in saves_part(name).report_bars(read_records(name)[0], player):
            title = bars.title if len(shown) == 1 else f"{game_title(name)}: {bars.title}"
            charts.append(Bars(title, bars.rows))
    return charts


def games_stats_dict(player: str | None = None, game: str | None = None) -> dict[str, Any]:
    """The records as ``kings-corner stats --json`` gives them: the default game's at the top
    (its keys came first), every other game's under its name."""
    doc: dict[str, Any] = {}
    for name in GAMES if game is None else (game,):
        results, problems = read_records(name)
        section = saves_part(name).report_dict(results, problems, player)
        if name == DEFAULT_GAME:
            doc.update(section)
        else:
            doc[name] = section
    return doc


def bar_chart(values: Sequence[tuple[str, float]], width: int = 30, label_width: int = 8) -> list[str]:
    """A horizontal bar chart in ASCII (``#``), one line per (label, fraction 0..1)."""
    lines = []
    for label, value in values:
        filled = round(max(0.0, min(1.0, value)) * width)
        lines.append(f"{label:<{label_width}} |{'#' * filled}{'.' * (width - filled)}| {percent(value)}")
    return lines


def count(n: int, word: str) -> str:
    """``1 session``, ``2 sessions``."""
    return f"{n} {word}{'s' if n != 1 else ''}"
