"""The events every game shares (docs/protocol.md section 1): a session starts and ends, a
player's turn starts and ends, and the players as the transcript names them.  Each game's own
events sit beside these in its package; ``SessionStart`` names the game.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, ClassVar, Mapping

from .i18n import Domain
from .kinds import SeatKind
from .text import visible

__all__ = ["PlayerInfo", "PlayerEvent", "SessionStart", "TurnStart", "TurnEnd", "SessionEnd",
           "session_start_from_dict", "session_end_from_dict", "EventError", "MOST_POINTS", "points",
           "seat_numbers", "shown_value"]

_, ngettext, pgettext, L_, Ln_ = Domain.of(__package__).functions()


_KINDS = tuple(SeatKind)


class EventError(ValueError):
    """An event read back from a file or a peer with a field it cannot hold; ``str()`` is the
    sentence that names the field and quotes what it holds."""


def _shown_name(name: Any) -> str:
    if not isinstance(name, str):
        raise EventError(_("a player's name is text, not {value}").format(value=shown_value(name)))
    return visible(name)


MOST_POINTS = 10**9
"""The most points a score or a total is read with: no session comes near it (a target is at
most 100000, and a round adds a few hundred points), and a damaged file's number hundreds of
digits long would overflow the statistics' averages."""


def shown_value(value: Any) -> str:
    """A value read from a file as a refusal quotes it: as the file writes it (JSON), its
    control characters visible, its first 30 characters and "..." after a longer one."""
    text = visible(json.dumps(value, ensure_ascii=False))
    return text[:30] + ("..." if len(text) > 30 else "")


def points(d: Mapping[str, Any], field: str, event: str) -> tuple[int, ...]:
    """``d[field]``, a list of points (scores, totals): whole numbers from 0 to
    :data:`MOST_POINTS`.  A true, a 1.5 or a NaN is none (a bool is an int to Python, and a
    NaN would reach the statistics' JSON); :class:`EventError` says so."""
    value = d[field]
    if not isinstance(value, list) or any(type(v) is not int or not 0 <= v <= MOST_POINTS for v in value):
        # Translators: {field} and {event} are the transcript's own words ("the totals of
        # session_end"), left in English; {value} is what the file holds, as it writes it.
        raise EventError(_("the {field} of {event} are whole numbers from 0 to {most}, not {value}").format(
            field=field, event=event, most=MOST_POINTS, value=shown_value(value)))
    return tuple(value)


def seat_numbers(d: Mapping[str, Any], field: str, event: str) -> tuple[int, ...]:
    """``d[field]``, a list of seats (a session's or a round's winners): each a whole number
    from 0, at most once; :class:`EventError` otherwise.  Whether each is one of the session's
    seats is for the reader, who knows how many there are."""
    value = d[field]
    if (not isinstance(value, list) or any(type(v) is not int or v < 0 for v in value)
            or len(set(value)) != len(value)):
        # Translators: {field} and {event} are the transcript's own words ("the winners of
        # session_end"), left in English; {value} is what the file holds, as it writes it.
        raise EventError(_("the {field} of {event} are seat numbers (0 is the first seat), each once, "
                           "not {value}").format(field=field, event=event, value=shown_value(value)))
    return tuple(value)


@dataclass(frozen=True, slots=True)
class PlayerInfo:
    """A seat as the transcript names it."""

    name: str
    kind: SeatKind
    level: str | None = None

    def __post_init__(self) -> None:
        # Every name a front end shows comes through here (a seat, a transcript, a save), so
        # this is the one place where a hostile name is disarmed; a level is shown beside the
        # name ("Ada (hard)"), so it is disarmed here too.
        object.__setattr__(self, "name", _shown_name(self.name))
        if self.kind not in _KINDS:
            raise EventError(_("a seat's kind is {kinds}; got {kind!r}").format(
                kinds=", ".join(_KINDS), kind=str(self.kind)[:20]))
        object.__setattr__(self, "kind", SeatKind(self.kind))
        if self.level is not None:
            if not isinstance(self.level, str):
                raise EventError(_("a computer's level is text, not {value}").format(
                    value=shown_value(self.level)))
            object.__setattr__(self, "level", visible(self.level))

    def as_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"name": self.name, "kind": str(self.kind)}
        if self.level is not None:
            d["level"] = self.level
        return d


@dataclass(frozen=True, slots=True)
class PlayerEvent:
    """An event that names its player and nothing else (a turn begins or ends, a pass, a call):
    every game's such events are its subclasses, each with its protocol ``name``."""

    player: int
    name: ClassVar[str] = ""

    def as_dict(self) -> dict[str, Any]:
        return {"event": self.name, "player": self.player}


@dataclass(frozen=True, slots=True)
class SessionStart:
    """A session begins (every game's): the game's name, its seed (withheld from a seat's view),
    its rules and its players."""

    version: int
    seed: int | None
    rules: Mapping[str, Any]
    players: tuple[PlayerInfo, ...]
    game: str
    """The game, by its name in the registry and on the command line (``--game NAME``)."""
    name = "session_start"

    def as_dict(self) -> dict[str, Any]:
        return {
            "event": "session_start",
            "version": self.version,
            "game": self.game,
            "seed": self.seed,
            "rules": dict(self.rules),
            "players": [p.as_dict() for p in self.players],
        }


@dataclass(frozen=True, slots=True)
class TurnStart(PlayerEvent):
    """A player's turn begins (every game's)."""

    name = "turn_start"


@dataclass(frozen=True, slots=True)
class TurnEnd(PlayerEvent):
    """A player's turn ends (every game's)."""

    name = "turn_end"


@dataclass(frozen=True, slots=True)
class SessionEnd:
    """The session is over (every game's): its winners and final totals."""

    winners: tuple[int, ...]
    totals: tuple[int, ...]
    name = "session_end"

    def as_dict(self) -> dict[str, Any]:
        return {"event": "session_end", "winners": list(self.winners), "totals": list(self.totals)}


def session_end_from_dict(d: Mapping[str, Any]) -> SessionEnd:
    """Read a ``session_end`` object back, of any game: its winners (at least one) and its
    totals; :class:`EventError` names a field that holds something else."""
    winners = seat_numbers(d, "winners", "session_end")
    if not winners:
        raise EventError(_("session_end names no winner; a session has at least one"))
    return SessionEnd(winners, points(d, "totals", "session_end"))


def session_start_from_dict(d: Mapping[str, Any], default_game: str, version: int) -> SessionStart:
    """Read a ``session_start`` object back, of any game (its ``game`` names it; a transcript
    older than the second game names none: ``default_game``, the game reading it), written in
    the game's transcripts' ``version``, the one it reads.  :class:`EventError` names a field
    that holds something else."""
    game = d.get("game", default_game)
    if not isinstance(game, str):
        raise EventError(_("a game's name is text, not {value}").format(value=shown_value(game)))
    found = d.get("version")
    if type(found) is not int:
        # Translators: {value} is what the file holds, as it writes it ("1", true, null).
        raise EventError(_("the version of session_start is a whole number, not {value}").format(
            value=shown_value(found)))
    if found != version:
        # A newer program's transcript may say what this one cannot read: it is refused whole,
        # rather than compared with what this program would write and found to differ.
        raise EventError(_("the transcript is of version {found}, which this program does not read "
                           "(it reads version {version})").format(found=found, version=version))
    seed = d.get("seed")
    if seed is not None and type(seed) is not int:
        raise EventError(_("the seed of session_start is a whole number or null, not {value}").format(
            value=shown_value(seed)))
    rules = d.get("rules")
    if not isinstance(rules, dict):
        raise EventError(_("the rules of session_start are an object, not {value}").format(
            value=shown_value(rules)))
    players = d.get("players")
    if not isinstance(players, list) or not all(isinstance(p, dict) for p in players):
        raise EventError(_("the players of session_start are a list of objects (a name, a kind and a "
                           "level), not {value}").format(value=shown_value(players)))
    return SessionStart(
        found, seed, dict(rules),
        tuple(PlayerInfo(p.get("name"), p.get("kind"), p.get("level")) for p in players),
        game,
    )
