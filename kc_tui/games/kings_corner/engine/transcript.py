"""JSON Lines transcripts (docs/protocol.md section 1): writing as the game goes, reading, replaying.

:class:`TranscriptWriter` is a listener: one line per event, flushed at once, so a crash keeps
everything up to it.  :func:`replay` re-referees a transcript with the engine: it re-deals each
recorded deal, re-applies each recorded action, and checks that the engine produces exactly the
recorded events; it returns the final :class:`~kc_tui.games.kings_corner.engine.game.Game`.
"""

from __future__ import annotations

import json
import os
import random
from dataclasses import dataclass
from typing import IO, Any, Callable, Iterable, Iterator

from ....core.cards import Card
from ....core.errors import IllegalMove, RuleError
from ....core.events import EventError, PlayerInfo, SessionStart, TurnEnd
from ....core.i18n import Domain
from ....core.text import visible
from .board import Pile
from .events import Chips, Draw, Event, MoveEvent, Play, RoundStart, Undo, event_from_dict
from .game import Game
from .moves import MovePile, PlayCard
from .rules import OPTION_NAMES, RuleSet

__all__ = [
    "TranscriptWriter", "TranscriptError", "TranscriptWriteError", "MAX_BYTES", "encode_event", "read_events",
    "replay", "replay_events", "TableState", "ReplayedSession", "replay_states",
]


_, ngettext, pgettext, L_, Ln_ = Domain.of(__package__).functions()


class TranscriptError(ValueError):
    """A transcript that cannot be read or does not replay; the message gives the line."""


class TranscriptWriteError(OSError):
    """A transcript line that could not be written; the message says where and why."""


MAX_BYTES = 1 << 25
"""The largest transcript file read (32 MB), which bounds each line too: the longest of 40
six-player chips sessions took 97 kilobytes, its longest line 512 bytes."""


def encode_event(event: Event) -> str:
    """One transcript line (without the newline): compact JSON, keys in protocol order."""
    return json.dumps(event.as_dict(), separators=(",", ":"), ensure_ascii=False)


class TranscriptWriter:
    """A listener that writes each event as a line and flushes it.

    Give it a path (the file is created or truncated) or an open text stream.  Use it as a
    context manager, or call :meth:`close`.  A line that cannot be written (a full disk, a file
    that takes no writes) raises :class:`TranscriptWriteError` once; the engine service then
    reports it and stops sending events here, and the game goes on.
    """

    name = "The transcript"
    """How the engine service names this listener when it fails."""

    def __init__(self, target: str | os.PathLike[str] | IO[str]) -> None:
        if isinstance(target, (str, os.PathLike)):
            self._file: IO[str] = open(target, "w", encoding="utf-8", newline="\n")
            self._owned = True
            self._where = os.fspath(target)
        else:
            self._file = target
            self._owned = False
            self._where = "its stream"
        self.failed = False
        """True once a line could not be written (the service has stopped sending events)."""

    def __call__(self, event: Event) -> None:
        try:
            self._file.write(encode_event(event) + "\n")
            self._file.flush()
        except OSError as exc:
            self.failed = True
            why = exc.strerror or exc
            raise TranscriptWriteError(_("{where} cannot be written ({why})").format(
                where=visible(self._where), why=why)) from None

    def close(self) -> None:
        if self._owned and not self._file.closed:
            try:
                self._file.close()
            except OSError:
                # Every line was flushed as it was written, so a failure that loses a line has
                # been reported already; what is left in the buffer is that same lost line.
                pass

    def __enter__(self) -> TranscriptWriter:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


def read_events(lines: Iterable[str]) -> Iterator[tuple[int, Event]]:
    """Parse transcript lines into ``(line number, event)``; blank lines are skipped."""
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            yield number, event_from_dict(json.loads(line))
        except EventError as exc:
            # Its own sentence, whole: it names the field and quotes what the file holds.
            raise TranscriptError(_("line {number}: {problem}").format(number=number, problem=exc)) from None
        except (ValueError, KeyError, TypeError, AttributeError, RecursionError) as exc:
            raise TranscriptError(_("line {number}: not a transcript event ({why})").format(
                number=number, why=str(exc)[:80])) from None


_ACTIONS = (Play, MoveEvent, Undo, TurnEnd)


def replay(lines: Iterable[str]) -> Game:
    """Re-run a transcript through the engine and return the final game state.

    Raises :class:`TranscriptError` naming the first line the engine would not have produced.
    """
    return replay_events(lines)[0]


def replay_events(
    lines: Iterable[str], on_line: Callable[[int, Event, Game], None] | None = None,
) -> tuple[Game, list[Event]]:
    """:func:`replay`, also returning every event the engine produced: the transcript's, then
    any the engine went on to produce in the same step (the next turn's start and draw after a
    transcript that stops at a ``turn_end``).  ``on_line(number, event, game)`` is called after
    each line is checked (the game may already be a step ahead of that line: one decision, such
    as ending a turn, produces several lines at once)."""
    events = read_events(lines)
    try:
        number, first = next(events)
    except StopIteration:
        raise TranscriptError(_("the transcript is empty")) from None
    if not isinstance(first, SessionStart):
        raise TranscriptError(_("line {number}: a transcript starts with session_start").format(
            number=number))
    missing = [k for k in OPTION_NAMES if k not in first.rules]
    if missing:
        raise TranscriptError(_("line {number}: the rules lack {options}").format(
            number=number, options=", ".join(missing)))
    try:
        rules = RuleSet.from_dict(first.rules)
        produced: list[Event] = []
        game = Game(rules, random.Random(0), first.players, first.seed, emit=produced.append)
    except (RuleError, TypeError, ValueError) as exc:
        raise TranscriptError(f"line {number}: {exc}") from None
    # The engine emits session_start itself when round 1 is dealt; it is matched against the
    # transcript's first line then, and `produced_at` counts it as already matched.
    produced_at = 1
    for number, event in events:
        if produced_at >= len(produced):
            # Nothing pending from the engine: this line is a decision to re-apply.
            try:
                _apply(game, event)
            except (IllegalMove, TypeError) as exc:
                raise TranscriptError(f"line {number}: {exc}") from None
            if produced_at >= len(produced):
                raise TranscriptError(_("line {number}: the engine would not produce {event} here").format(
                    number=number, event=event.name))
            if produced[0].as_dict() != first.as_dict():
                raise TranscriptError(_("line 1: session_start does not match its own rules and players"))
        expected = produced[produced_at]
        if expected.as_dict() != event.as_dict():
            raise TranscriptError(_("line {number}: the transcript has {found} where the engine produces "
                                    "{expected}").format(number=number, found=event.as_dict(),
                                                         expected=expected.as_dict()))
        produced_at += 1
        if on_line is not None:
            on_line(number, event, game)
    return game, produced


@dataclass(frozen=True, slots=True)
class TableState:
    """The whole table at one moment of a replay, every hand face up (a replay is shown after
    the game, so it may show everything)."""

    round: int
    turn: int
    """Turns started so far this round."""
    current: int
    piles: tuple[tuple[Card, ...], ...]
    """Every pile bottom first, by ``Pile.value``."""
    hands: tuple[tuple[Card, ...], ...]
    stock: int
    """Cards left in the stock."""
    totals: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class ReplayedSession:
    """A transcript re-refereed: its players, rules and seed, and each line's event with the
    table after it (the table may be a step ahead: one decision writes several lines)."""

    players: tuple[PlayerInfo, ...]
    rules: RuleSet
    seed: int | None
    steps: tuple[tuple[Event, TableState], ...]


def _table_state(game: Game) -> TableState:
    return TableState(
        game.round_no, game.turns, game.current, tuple(game.pile(p) for p in Pile),
        tuple(game.hand(s) for s in range(game.n)), len(game.stock), tuple(game.totals),
    )


def replay_states(lines: Iterable[str]) -> ReplayedSession:
    """Re-referee a transcript (as :func:`replay`) and keep the table after each line, for a
    replay to step through.  Raises :class:`TranscriptError` as :func:`replay` does."""
    steps: list[tuple[Event, TableState]] = []
    game, _produced = replay_events(
        lines, lambda _number, event, game: steps.append((event, _table_state(game))))
    return ReplayedSession(game.players, game.rules, game.seed, tuple(steps))


def _check_deal(game: Game, deal: RoundStart) -> None:
    """A recorded deal must be one the rules could have dealt (R2).  (The engine itself takes
    any deal it is given, which is how tests and AI rollouts set up positions.)"""
    n, size = game.n, game.rules.hand_size
    if len(deal.hands) != n or any(len(h) != size for h in deal.hands):
        raise IllegalMove(_("the deal must give {n} hands of {size} cards").format(n=n, size=size))
    if any(len(p) > 1 for p in deal.board[:4]):
        raise IllegalMove(_("an edge starts with one card at most"))
    if any(len(p) > 1 or (p and not p[0].is_king) for p in deal.board[4:]):
        raise IllegalMove(_("a corner starts empty or with a King"))
    cards = [c for h in deal.hands for c in h] + [c for p in deal.board for c in p] + list(deal.stock)
    if len(cards) != 52 or len(set(cards)) != 52:
        raise IllegalMove(_("the deal must hold each of the 52 cards exactly once"))


def _apply(game: Game, event: Event) -> None:
    if isinstance(event, RoundStart):
        _check_deal(game, event)
        if game.round_no == 0:
            game.start(dealer=event.dealer, deal=event)
        else:
            if event.dealer != (game.dealer + 1) % game.n:
                raise IllegalMove(_("round {round} is dealt by the wrong seat").format(round=event.round))
            game.next_round(deal=event)
    elif isinstance(event, Play):
        _check_player(game, event.player)
        game.play(PlayCard(event.card, event.pile))
    elif isinstance(event, MoveEvent):
        _check_player(game, event.player)
        game.play(MovePile(event.source, event.target))
    elif isinstance(event, Undo):
        _check_player(game, event.player)
        game.undo()
    elif isinstance(event, (TurnEnd, Draw, Chips)):
        # A draw or chips the engine has not produced yet can only come from ending the turn
        # (draw "end", turn penalties); the engine then produces them itself.
        _check_player(game, event.player)
        game.end_turn()
    else:
        raise IllegalMove(_("{event} cannot happen here").format(event=event.name))


def _check_player(game: Game, player: int) -> None:
    if player != game.current:
        raise IllegalMove(_("it is seat {current}'s turn, not seat {player}'s").format(
            current=game.current, player=player))
