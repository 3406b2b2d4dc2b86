"""What a game gives the platform's saves, records and replays: its ``saves`` part
(:class:`GameSaves`, the ``GAME`` of ``kc_tui/games/<game>/saves.py``).

The platform owns the files: where they live, the journal, the lock, pruning, atomic writes,
reading a bounded amount and every refusal with the file's path.  A game owns what is in them:
how its save is encoded and a service restored from one, what its transcripts say about a
player's record, and how a transcript is replayed.  The platform finds a game's part through
the registry (:mod:`kc_tui.games`) and never names a game.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterable, Protocol, Sequence

from ..core.i18n import Domain
from ..games import DEFAULT_GAME, GAMES, game_named
from .paths import saves_dir, transcripts_dir
from .saved import Restored, SaveInfo

if TYPE_CHECKING:
    from ..replay import Replay

__all__ = ["Bars", "GameSaves", "Saver", "saves_part", "game_saves_dir", "game_transcripts_dir",
           "unknown_game", "game_title", "game_titles"]

_, ngettext, pgettext, L_, Ln_ = Domain.of(__package__).functions()


@dataclass(frozen=True)
class Bars:
    """A bar chart of a player's record, for a screen to draw: its title, and a bar per row (its
    label and a fraction from 0 to 1)."""

    title: str
    rows: tuple[tuple[str, float], ...]


class Saver(Protocol):
    """What a game's part may ask of the platform's saver (:class:`~.saves.AutoSaver`) that
    saves one session."""

    service: Any
    """The session saved."""
    specs: list[str]
    """Its seats' specs."""
    events: list[Any]
    """The log so far (the game's events, or its actions)."""
    on_error: Callable[[str], None] | None
    """Told once when a write fails."""
    saves: int
    """Save points written so far."""
    deal_pending: bool
    """A round was dealt and is not saved yet."""
    transcript: Path | None
    """Where the finished session's transcript was kept (the session can be watched again)."""

    @property
    def saved_states(self) -> list[tuple[Any, ...] | None]:
        """The random generators' states as the file has them."""
        ...

    def keep(self, item: Any) -> None:
        """Add ``item`` to the log (saved at the next save point)."""
        ...

    def save(self, upto: int | None = None, compact: bool = False) -> bool:
        """Save the first ``upto`` items of the log (all by default); False if it could not."""
        ...

    def journal_long(self) -> bool:
        """Whether a round end should compact the save."""
        ...

    def finish(self) -> None:
        """The session is over: keep its transcript, remove the save."""
        ...

    def discard(self) -> None:
        """The session is over and kept elsewhere: remove the save."""
        ...

    def __call__(self, event: Any) -> None:
        """Hear one of the session's events."""
        ...


class GameSaves(Protocol):
    """A game's ``saves`` part."""

    game: str
    """The game's name (:data:`kc_tui.games.GAMES`)."""
    kind: str
    """The ``kind`` its saves carry."""
    version_key: str
    """The key of a save's format version."""
    version: int
    """The format written; older ones are brought forward by :attr:`migrations`."""
    migrations: dict[int, Callable[[dict[str, Any]], dict[str, Any]]]
    """``migrations[v]`` turns a save of format ``v`` into format ``v + 1``."""
    log_key: str
    """The key of the list a save point adds to (the events, or the actions)."""
    journal: bool
    """True: a save point appends a journal line; False: it rewrites the whole save."""
    folder: str
    """The game's sub-folder of the saves and transcripts folders ("" for the folders
    themselves)."""
    transcript_bytes: int
    """The largest transcript read."""

    def encode(self, item: Any) -> str:
        """One item of the log (an event or an action) as compact JSON."""
        ...

    def encode_event(self, event: Any) -> str:
        """One transcript line (without the newline)."""
        ...

    def generator_states(self, service: Any) -> list[tuple[Any, ...] | None]:
        """The states of the service's random generators that a save keeps."""
        ...

    def head(self, saver: Saver, states: list[tuple[Any, ...] | None]) -> dict[str, Any]:
        """The whole save's fields before its log."""
        ...

    def entry_head(self, saver: Saver, states: list[tuple[Any, ...] | None]) -> dict[str, Any]:
        """A journal line's fields before its log (the generators that moved)."""
        ...

    def follow(self, saver: Saver) -> None:
        """Have the saver follow its service (listen to it, and to whatever else the game's
        save points are)."""
        ...

    def saw(self, saver: Saver, event: Any) -> None:
        """The saver, listening to the service, saw ``event``: keep it or save, as the game's
        save points are."""
        ...

    def info(self, path: Path, doc: dict[str, Any]) -> SaveInfo:
        """What the list of saves shows of one (cheap: nothing is re-refereed)."""
        ...

    def restore(self, path: Path, doc: dict[str, Any], think: float | None,
                on_error: Callable[[str], None] | None) -> Restored:
        """The service the save holds, re-refereed; :class:`~.saves.SaveError` says why not."""
        ...

    def read_transcript(self, lines: Sequence[str]) -> list[Any]:
        """A transcript's events (``ValueError``, ``KeyError``, ``TypeError`` when it cannot)."""
        ...

    def record(self, name: str, events: Sequence[Any]) -> Any:
        """A finished session's result, or a ``str`` saying why it cannot be counted."""
        ...

    def report(self, results: Sequence[Any], problems: Sequence[str], player: str | None,
               folder: Path, bars: bool = True) -> str:
        """Each player's record (or only ``player``'s) in words, with the transcripts skipped
        (``problems``); what to say when there is none (they are kept in ``folder``).  Without
        ``bars`` its bar charts are left out of the text: a screen draws :meth:`report_bars`."""
        ...

    def report_bars(self, results: Sequence[Any], player: str | None) -> list[Bars]:
        """The bar charts of the records, for a screen to draw (none for a game without)."""
        ...

    def report_dict(self, results: Sequence[Any], problems: Sequence[str],
                    player: str | None) -> dict[str, Any]:
        """The same as JSON (``stats --json``)."""
        ...

    def replay(self, path: Path, lines: list[str], *, words: bool = False) -> Replay:
        """A transcript re-refereed into steps; :class:`~kc_tui.replay.ReplayError` otherwise.
        ``words``: its sentences say cards and piles in words, for the ear."""
        ...


def unknown_game(name: object) -> str:
    """The refusal for a file of a game this program does not have."""
    return _("it is a game of {name!r}, which is not one of this program's ({games})").format(
        name=str(name)[:30], games=", ".join(GAMES))


def game_title(game: str) -> str:
    """The title of the game called ``game`` in the language served: from the game's own catalog,
    where its package marks it (as it is, where it has no translation)."""
    entry = game_named(game)
    return Domain.of(entry.package).gettext(entry.title)


def game_titles(games: Iterable[str]) -> str:
    """The titles of the games called ``games``, in the language served, as a list: "Kings in the
    Corner, Kings Reverse"."""
    return ", ".join(game_title(game) for game in games)


def saves_part(game: str = DEFAULT_GAME) -> GameSaves:
    """The ``saves`` part of the game called ``game``; ``ValueError`` for no such game."""
    part: GameSaves = game_named(game).part("saves")
    return part


def game_saves_dir(game: str = DEFAULT_GAME) -> Path:
    """Where the game's saves are kept."""
    folder = saves_part(game).folder
    return saves_dir() / folder if folder else saves_dir()


def game_transcripts_dir(game: str = DEFAULT_GAME) -> Path:
    """Where the game's finished sessions are kept."""
    folder = saves_part(game).folder
    return transcripts_dir() / folder if folder else transcripts_dir()
