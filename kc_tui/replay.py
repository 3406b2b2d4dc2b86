"""Replays: a transcript (docs/protocol.md section 1, or section 6 for Kings Reverse) re-refereed
by its game's engine and cut into steps, one per decision (a deal, a card played, a pile moved,
a card drawn, an undo, a turn ended), each with the sentences it produced and the whole table
after it, every hand face up.  The game is the one ``session_start`` names.

Pure Python: ``kings-corner replay FILE --plain`` prints the sentences; the replay screen steps
through the states.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

from .core.cards import AnyCard, Card, Suit
from .core.events import PlayerInfo, TurnStart
from .games import DEFAULT_GAME, GAMES
from .games.kings_corner.engine.describe import Narrator
from .games.kings_corner.engine.events import Event, RoundStart
from .games.kings_corner.engine.rules import RuleSet
from .games.kings_corner.engine.transcript import (
    MAX_BYTES,
    TableState,
    TranscriptError,
    read_events,
    replay_states,
)
from .games.kings_reverse.engine import events as reverse_events
from .games.kings_reverse.engine.describe import describe_event
from .games.kings_reverse.engine.rules import ReverseRules
from .games.kings_reverse.engine.transcript import (
    ReverseTableState,
    ReverseTranscriptError,
)
from .games.kings_reverse.engine.transcript import replay_states as reverse_replay_states
from .storage import UnreadableFile, read_text

__all__ = ["ReplayStep", "Replay", "load_replay", "ReplayError", "replay_text"]


class ReplayError(ValueError):
    """A file that cannot be replayed; the message says why and where."""


@dataclass(frozen=True, slots=True)
class ReplayStep:
    """The table after one decision, and the sentences that told it."""

    sentences: tuple[str, ...]
    round_no: int
    turn: int  # turns started so far this round
    current: int
    piles: tuple[tuple[Card, ...], ...]  # by Pile.value (Kings in the Corner's cross)
    hands: tuple[tuple[AnyCard, ...], ...]
    stock: int
    totals: tuple[int, ...]
    new_turn: bool  # this step starts a turn (or deals a round)
    new_round: bool
    pile: tuple[AnyCard, ...] = ()
    """Kings Reverse's discard pile, bottom first."""
    follow: Suit | None = None
    """Kings Reverse: the suit to follow."""
    clockwise: bool = True
    """Kings Reverse: the direction of play."""


@dataclass(frozen=True, slots=True)
class Replay:
    players: tuple[PlayerInfo, ...]
    rules: RuleSet | ReverseRules
    seed: int | None
    steps: tuple[ReplayStep, ...]
    game: str = DEFAULT_GAME
    """The game's name (:data:`kc_tui.games.GAMES`)."""

    @property
    def names(self) -> list[str]:
        return [p.name for p in self.players]


def load_replay(path: Path) -> Replay:
    """Read and re-referee a transcript; :class:`ReplayError` says what is wrong."""
    try:
        lines = read_text(path, MAX_BYTES).splitlines()
    except UnreadableFile as exc:
        raise ReplayError(f"{path}: {exc}") from None
    if not lines or not lines[0].strip():
        raise ReplayError(f"{path}: not a transcript (its first line is empty)")
    game = _game_named(path, lines[0])
    if game == reverse_events.GAME_NAME:
        return _load_reverse(path, lines)
    try:
        first = next(read_events(lines[:1]))[1]
    except (StopIteration, TranscriptError, KeyError, ValueError, TypeError) as exc:
        raise ReplayError(f"{path}: not a transcript ({exc or 'it is empty'})") from None
    narrator = Narrator([p.name for p in getattr(first, "players", ())] or None)
    try:
        session = replay_states(lines)
    except TranscriptError as exc:
        raise ReplayError(f"{path}: {exc}") from None
    # One step per decision: the lines that leave the table in the same state belong together.
    raw: list[tuple[TableState, list[str], list[Event]]] = []
    for event, state in session.steps:
        text = narrator.sentence(event)
        if not (raw and raw[-1][0] == state):
            raw.append((state, [], []))
        if text:
            raw[-1][1].append(text)
        raw[-1][2].append(event)
    steps = [
        ReplayStep(
            tuple(sentences), state.round, state.turn, state.current, state.piles, state.hands,
            state.stock, state.totals,
            new_turn=any(isinstance(e, (TurnStart, RoundStart)) for e in events),
            new_round=any(isinstance(e, RoundStart) for e in events),
        )
        for state, sentences, events in raw
    ]
    if not steps:
        raise ReplayError(f"{path}: the transcript holds no deal")
    return Replay(session.players, session.rules, session.seed, tuple(steps))


def _game_named(path: Path, first: str) -> str:
    """The game ``session_start`` names (a transcript older than the second game names none:
    Kings in the Corner's)."""
    try:
        head = json.loads(first)
    except (ValueError, RecursionError) as exc:
        raise ReplayError(f"{path}: not a transcript ({str(exc)[:80]})") from None
    game = head.get("game", DEFAULT_GAME) if isinstance(head, dict) else DEFAULT_GAME
    if not isinstance(game, str) or game not in GAMES:
        raise ReplayError(f"{path}: a transcript of the game {str(game)[:30]!r}, which is not one of "
                          f"this program's ({', '.join(GAMES)})")
    return game


def _load_reverse(path: Path, lines: list[str]) -> Replay:
    """A Kings Reverse transcript re-refereed by its own engine, told in its own sentences."""
    try:
        session = reverse_replay_states(lines)
    except ReverseTranscriptError as exc:
        raise ReplayError(f"{path}: {exc}") from None
    names = [p.name for p in session.players]
    raw: list[tuple[ReverseTableState, list[str], list[reverse_events.ReverseEvent]]] = []
    for event, state in session.steps:
        text = describe_event(event, names)
        if not (raw and raw[-1][0] == state):
            raw.append((state, [], []))
        if text:
            raw[-1][1].append(text)
        raw[-1][2].append(event)
    deals = (reverse_events.RoundStart, reverse_events.RoundView)
    steps = [
        ReplayStep(
            tuple(sentences), state.round, state.turn, state.current, (), state.hands, state.stock,
            state.totals,
            new_turn=any(isinstance(e, (reverse_events.TurnStart, *deals)) for e in events),
            new_round=any(isinstance(e, deals) for e in events),
            pile=state.pile, follow=state.follow, clockwise=state.clockwise,
        )
        for state, sentences, events in raw
    ]
    if not steps:
        raise ReplayError(f"{path}: the transcript holds no deal")
    return Replay(session.players, session.rules, session.seed, tuple(steps), reverse_events.GAME_NAME)


def replay_text(replay: Replay) -> Sequence[str]:
    """Every sentence of the replay, in order (the line mode's replay)."""
    return [s for step in replay.steps for s in step.sentences]
