"""The events every game shares (docs/protocol.md section 1): a session starts and ends, a
player's turn starts and ends, and the players as the transcript names them.  Each game's own
events sit beside these in its package; ``SessionStart`` names the game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Mapping

from .i18n import Domain
from .kinds import SeatKind
from .text import visible

__all__ = ["PlayerInfo", "PlayerEvent", "SessionStart", "TurnStart", "TurnEnd", "SessionEnd",
           "session_start_from_dict"]

_, ngettext, pgettext, L_, Ln_ = Domain.of(__package__).functions()


def _shown_name(name: Any) -> str:
    if not isinstance(name, str):
        raise TypeError(_("a player's name is text, not {type}").format(type=type(name).__name__))
    return visible(name)


_KINDS = tuple(SeatKind)


_KINDS = tuple(SeatKind)


@dataclass(frozen=True, slots=True)
class PlayerInfo:
    """A seat as the transcript names it."""

    name: str
    kind: SeatKind
    level: str | None = None

    def __post_init__(self) -> None:
        # Every name a front end shows comes through here (a seat, a transcript, a save), so
        # this is the one place where a hostile name is disarmed.
        object.__setattr__(self, "name", _shown_name(self.name))
        if self.kind not in _KINDS:
            raise ValueError(_("a seat's kind is {kinds}; got {kind!r}").format(
                kinds=", ".join(_KINDS), kind=str(self.kind)[:20]))
        object.__setattr__(self, "kind", SeatKind(self.kind))

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


def session_start_from_dict(d: Mapping[str, Any], default_game: str) -> SessionStart:
    """Read a ``session_start`` object back, of any game (its ``game`` names it; a transcript
    older than the second game names none: ``default_game``, the game reading it)."""
    game = d.get("game", default_game)
    if not isinstance(game, str):
        raise TypeError(_("a game's name is text, not {type}").format(type=type(game).__name__))
    return SessionStart(
        d["version"], d["seed"], dict(d["rules"]),
        tuple(PlayerInfo(p["name"], SeatKind(p["kind"]), p.get("level")) for p in d["players"]),
        game,
    )
