"""Kings Reverse transcripts re-refereed (docs/protocol.md section 6), for a replay to step
through (this game's ``saves`` part cuts them into the steps of :mod:`kc_tui.replay`).

The deals come from the session's seed (``session_start`` keeps it), so the referee re-deals
them itself and checks each against the transcript.  A transcript records what each action did,
not the action; at every decision the referee tries the actions the rules allow (on a copy of
the game) and takes the one that writes the transcript's next lines.  A transcript the rules
could not have written is refused with the first line that differs.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Any, Iterable, Iterator

from ....core.cards import AnyCard, Suit
from ....core.events import EventError, PlayerInfo
from ....core.i18n import Domain
from ....core.kinds import Phase
from .basics import card_of
from .events import ReverseEvent, SessionStart, event_from_dict
from .game import ReverseGame, ReverseIllegal
from .rules import ReverseRules, RuleError

__all__ = ["ReverseTranscriptError", "ReverseTableState", "ReverseReplayed", "read_events", "replay_states",
           "MAX_BYTES"]

_ = Domain.of(__package__).gettext

MAX_BYTES = 64 * 1024 * 1024
"""The largest transcript read (a session of a few hundred rounds is far less)."""

_SUITS = tuple(Suit)


class ReverseTranscriptError(ValueError):
    """A transcript that cannot be read or does not replay; the message gives the line."""


@dataclass(frozen=True, slots=True)
class ReverseTableState:
    """The whole table at one moment of a replay, every hand face up."""

    round: int
    turn: int
    """Turns started so far this round."""
    current: int
    pile: tuple[AnyCard, ...]
    """The discard pile, bottom first (its top is the last)."""
    follow: Suit
    """The suit to follow (a Jack's or a joker's named suit, KR3)."""
    clockwise: bool
    hands: tuple[tuple[AnyCard, ...], ...]
    stock: int
    totals: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class ReverseReplayed:
    """A transcript re-refereed: its players, rules and seed, and each line's event with the
    table after the decision that wrote it (one decision writes several lines)."""

    players: tuple[PlayerInfo, ...]
    rules: ReverseRules
    seed: int
    steps: tuple[tuple[ReverseEvent, ReverseTableState], ...]


def _state(game: ReverseGame) -> ReverseTableState:
    return ReverseTableState(
        game.round_no, game.turns, game.current, tuple(card_of(c) for c in game.pile),
        _SUITS[game.follow], game.direction == 1, tuple(game.hand(s) for s in range(game.n)),
        len(game.stock), tuple(game.totals))


def read_events(lines: Iterable[str]) -> Iterator[tuple[int, ReverseEvent]]:
    """Parse transcript lines into ``(line number, event)``; blank lines are skipped.  A line
    that is not an event raises :class:`ReverseTranscriptError` with its number."""
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            event = event_from_dict(json.loads(line))
        except EventError as exc:
            # Its own sentence, whole: it names the field and quotes what the file holds.
            raise ReverseTranscriptError(_("line {number}: {problem}").format(number=number, problem=exc)) \
                from None
        except (ValueError, KeyError, TypeError, AttributeError, RecursionError) as exc:
            raise ReverseTranscriptError(f"line {number}: not a Kings Reverse event ({str(exc)[:80]})") \
                from None
        yield number, event


def _read(lines: Iterable[str]) -> list[tuple[int, ReverseEvent, dict[str, Any]]]:
    return [(number, event, event.as_dict()) for number, event in read_events(lines)]


def replay_states(lines: Iterable[str]) -> ReverseReplayed:
    """Re-referee a Kings Reverse transcript and keep the table after each line; raises
    :class:`ReverseTranscriptError` naming the first line the rules would not have written."""
    read = _read(lines)
    if not read:
        raise ReverseTranscriptError("the transcript is empty")
    number, first, _ = read[0]
    if not isinstance(first, SessionStart):
        raise ReverseTranscriptError(f"line {number}: a transcript starts with session_start")
    if first.seed is None:
        raise ReverseTranscriptError(f"line {number}: the session's seed is not kept (a seat's view "
                                     "of the game), so its deals cannot be re-dealt")
    try:
        rules = ReverseRules.from_dict(first.rules)
        game = ReverseGame(rules, random.Random(first.seed), first.players, first.seed)
    except (RuleError, KeyError, TypeError, ValueError) as exc:
        raise ReverseTranscriptError(f"line {number}: {str(exc)[:120]}") from None
    produced: list[ReverseEvent] = []
    game.set_emit(produced.append)
    game.start()
    steps: list[tuple[ReverseEvent, ReverseTableState]] = []
    at = 0  # the transcript's next line to match
    while True:
        state = _state(game)
        for event in produced:
            if at == len(read):
                break
            number, theirs, shown = read[at]
            if event.as_dict() != shown:
                raise ReverseTranscriptError(f"line {number}: the transcript has {shown} where the "
                                             f"rules give {event.as_dict()}")
            steps.append((theirs, state))
            at += 1
        produced.clear()
        if at == len(read):
            break
        _decide(game, read[at:])
    return ReverseReplayed(game.players, rules, first.seed, tuple(steps))


def _decide(game: ReverseGame, rest: list[tuple[int, ReverseEvent, dict[str, Any]]]) -> None:
    """Take the decision that writes the transcript's next lines (``rest``)."""
    number, event, shown = rest[0]
    if game.phase == Phase.ROUND_OVER:
        game.next_round()  # the deal is checked against the transcript's round_start
        return
    if game.phase != Phase.TURN:
        raise ReverseTranscriptError(f"line {number}: the session is over; nothing follows it")
    for action in game.legal_actions():
        trial = game.clone()
        wrote: list[ReverseEvent] = []
        trial.set_emit(wrote.append)
        try:
            trial.apply_trusted(action)
        except ReverseIllegal:
            continue
        if wrote and all(e.as_dict() == r[2] for e, r in zip(wrote, rest)):
            game.apply(action)
            return
    raise ReverseTranscriptError(f"line {number}: no action the rules allow here writes {shown}")
