"""Replays: a transcript (docs/protocol.md section 1) re-refereed by the engine and cut into steps, one
per decision (a deal, a card played, a pile moved, an undo, a turn ended), each with the
sentences it produced and the whole table after it, every hand face up.

Pure Python: ``kings-corner replay FILE --plain`` prints the sentences; the replay screen steps
through the states.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

from .engine.cards import Card
from .engine.describe import Narrator
from .engine.events import Event, PlayerInfo, RoundStart, TurnStart
from .engine.rules import RuleSet
from .engine.transcript import MAX_BYTES, TableState, TranscriptError, read_events, replay_states
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
    piles: tuple[tuple[Card, ...], ...]  # by Pile.value
    hands: tuple[tuple[Card, ...], ...]
    stock: int
    totals: tuple[int, ...]
    new_turn: bool  # this step starts a turn (or deals a round)
    new_round: bool


@dataclass(frozen=True, slots=True)
class Replay:
    players: tuple[PlayerInfo, ...]
    rules: RuleSet
    seed: int | None
    steps: tuple[ReplayStep, ...]

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


def replay_text(replay: Replay) -> Sequence[str]:
    """Every sentence of the replay, in order (the line mode's replay)."""
    return [s for step in replay.steps for s in step.sentences]
