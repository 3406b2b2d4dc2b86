"""Replays: a transcript (docs/protocol.md) re-refereed by its game (the ``replay`` of its
``saves`` part, :class:`~kc_tui.storage.part.GameSaves`) and cut into steps, one per decision (a
deal, a card played, a pile moved, a card drawn, an undo, a turn ended), each with the sentences
it produced and the whole table after it, every hand face up.  The game is the one ``session_start`` names.

Pure Python: ``kings-corner replay FILE --plain`` prints the sentences; the replay screen steps
through the states.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

from .core.cards import AnyCard
from .core.events import PlayerInfo
from .core.i18n import Domain
from .games import DEFAULT_GAME, GAMES
from .storage.files import UnreadableFile, read_first_line, read_text

__all__ = ["ReplayStep", "Replay", "load_replay", "ReplayError", "replay_text"]

_, ngettext, pgettext, L_, Ln_ = Domain.of(__package__).functions()


class ReplayError(ValueError):
    """A file that cannot be replayed; the message says why and where."""


@dataclass(frozen=True, slots=True)
class ReplayStep:
    """The table after one decision, and the sentences that told it: what every game's replay
    shows alike (whose turn, the hands face up, the scores), and the rest of the game's table
    as the game keeps it (:attr:`table`)."""

    sentences: tuple[str, ...]
    round_no: int
    turn: int
    """Turns started so far this round."""
    current: int
    hands: tuple[tuple[AnyCard, ...], ...]
    totals: tuple[int, ...]
    new_turn: bool
    """This step starts a turn (or deals a round)."""
    new_round: bool
    table: Any = None
    """The game's own state of the table after the step (its piles, its stock...): made by its
    ``saves`` part's replay and shown by its ``tui`` part (``show_replay_step``), opaque to the
    platform."""


@dataclass(frozen=True, slots=True)
class Replay:
    players: tuple[PlayerInfo, ...]
    rules: Any
    """The game's rules."""
    seed: int | None
    steps: tuple[ReplayStep, ...]
    game: str = DEFAULT_GAME
    """The game's name (:data:`kc_tui.games.GAMES`)."""

    @property
    def names(self) -> list[str]:
        return [p.name for p in self.players]


HEAD_BYTES = 1 << 16
"""The most of a transcript's first line read to learn its game."""


def load_replay(path: Path, *, words: bool = False) -> Replay:
    """Read and re-referee a transcript, by the game its ``session_start`` names;
    :class:`ReplayError` says what is wrong.  ``words``: its sentences name every card and pile
    in words, for the ear (the line mode's ``--notation words``)."""
    try:
        # The first line names the game, whose own limit the whole file is then read under.
        first = read_first_line(path, HEAD_BYTES)
    except UnreadableFile as exc:
        raise ReplayError(f"{path}: {exc}") from None
    if not first.strip():
        raise ReplayError(_("{path}: not a transcript (its first line is empty)").format(path=path))
    game = _game_named(path, first)
    part = GAMES[game].part("saves")
    try:
        lines = read_text(path, part.transcript_bytes).splitlines()
    except UnreadableFile as exc:
        raise ReplayError(f"{path}: {exc}") from None
    replay: Replay = part.replay(path, lines, words=words)
    return replay


def _game_named(path: Path, first: str) -> str:
    """The game ``session_start`` names (a transcript older than the second game names none:
    the default game's)."""
    try:
        head = json.loads(first)
    except (ValueError, RecursionError) as exc:
        raise ReplayError(_("{path}: not a transcript ({why})")
                          .format(path=path, why=str(exc)[:80])) from None
    game = head.get("game", DEFAULT_GAME) if isinstance(head, dict) else DEFAULT_GAME
    if not isinstance(game, str) or game not in GAMES:
        raise ReplayError(_("{path}: a transcript of the game {game!r}, which is not one of this "
                            "program's ({games})").format(path=path, game=str(game)[:30],
                                                          games=", ".join(GAMES)))
    return game


def replay_text(replay: Replay) -> Sequence[str]:
    """Every sentence of the replay, in order (the line mode's replay)."""
    return [s for step in replay.steps for s in step.sentences]
