"""Statistics per game, as ``kings-corner stats`` prints them and the Statistics dialog shows
them: Kings in the Corner's (:mod:`.stats`), then Kings Reverse's (:mod:`.reverse_records`),
each under its game's title.  Kings Reverse's section appears once a session of it has been
kept (or when it is the game asked for)."""

from __future__ import annotations

from ..games import DEFAULT_GAME, GAMES
from ..games.kings_reverse.engine.events import GAME_NAME
from .reverse_records import reverse_report_text, reverse_transcripts_dir
from .stats import report_text

__all__ = ["games_report_text"]


def games_report_text(player: str | None = None, game: str | None = None) -> str:
    """Every game's statistics (or only ``game``'s), each headed by the game's title when more
    than one is shown."""
    sections = []
    if game in (None, DEFAULT_GAME):
        sections.append((DEFAULT_GAME, report_text(player)))
    if game == GAME_NAME or (game is None and reverse_transcripts_dir().is_dir()):
        sections.append((GAME_NAME, reverse_report_text(player)))
    if len(sections) == 1:
        return sections[0][1]
    return "\n\n".join(f"{GAMES[name].title}\n\n{text}" for name, text in sections)
