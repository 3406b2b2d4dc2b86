"""The games this application plays: the registry the platform asks instead of naming games.

A game is a package under :mod:`kc_tui.games` whose ``__init__`` defines ``ENTRY``, a
:class:`GameEntry`: its name, title, players and levels, and nothing heavy, so that reading the
registry imports no game's engine.  Everything else a game offers the platform is a *part*: a
module of its package, named after the platform area that asks for it (``net`` for the table
server, ``tui`` for the screens, ``saves``, ``line`` for the line mode, ``cli`` for its commands),
whose ``GAME`` value is of the type that area declares (:meth:`GameEntry.part`).  A third game is
one more package here, found by :func:`games`; the tests register a demonstration game of their
own with :func:`register`.

Games never import each other, and the platform never imports a game (the import-linter contracts
in ``pyproject.toml``): it reaches one only through this registry.
"""

from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass
from types import MappingProxyType, ModuleType
from typing import Any, Callable, Mapping, Sequence, cast

from ..core.options import MissingValue, take_option

__all__ = ["GameEntry", "GAMES", "DEFAULT_GAME", "game_named", "split_game_argument", "games",
           "register", "unregister"]


@dataclass(frozen=True, slots=True)
class GameEntry:
    """One game of the application."""

    name: str
    """Its name on the command line (``--game NAME``), in transcripts and saves."""
    title: str
    summary: str
    package: str
    """The package that holds it."""
    min_players: int = 2
    max_players: int = 6
    levels: tuple[str, ...] = ()
    """The computer players' levels, weakest first."""
    ratings: tuple[int, ...] = ()
    """Each level's measured rating, in the order of :attr:`levels`: the Elo scale of
    :mod:`kc_tui.core.rating`, ``medium`` at 1500, from ``benchmarks/ladder.py`` (the game's
    ``docs/strength.md`` rows); a game's scale is its own."""
    order: int = 100
    """Where the game is listed (the lowest first: the default game)."""

    def rating(self, level: str) -> int | None:
        """The level's published rating, or None (a level the ladder does not rate)."""
        if level in self.levels and len(self.ratings) == len(self.levels):
            return self.ratings[self.levels.index(level)]
        return None

    def published(self) -> dict[str, int]:
        """Every rated level's rating."""
        return dict(zip(self.levels, self.ratings)) if len(self.ratings) == len(self.levels) else {}

    def module(self, area: str) -> ModuleType:
        """The game's module for a platform area, ``<package>.<area>``, imported now;
        ``LookupError`` when the game offers nothing to that area."""
        try:
            return importlib.import_module(f"{self.package}.{area}")
        except ModuleNotFoundError as exc:
            if exc.name != f"{self.package}.{area}":
                raise
            raise LookupError(f"{self.title} has no {area} part") from None

    def part(self, area: str) -> Any:
        """The game's ``GAME`` value for a platform area (of the type that area declares)."""
        return self.module(area).GAME

    def command_line(self) -> Callable[[Sequence[str]], int] | None:
        """The game's own command line (imported now), or None: the application's."""
        try:
            return cast(Callable[[Sequence[str]], int], self.module("cli").main)
        except LookupError:
            return None


_REGISTERED: dict[str, GameEntry] = {}


def _discover() -> None:
    for module in pkgutil.iter_modules(__path__, __name__ + "."):
        if module.ispkg:
            entry = getattr(importlib.import_module(module.name), "ENTRY", None)
            if isinstance(entry, GameEntry):
                _REGISTERED[entry.name] = entry
    _sort()


def _sort() -> None:
    ordered = sorted(_REGISTERED.values(), key=lambda e: (e.order, e.name))
    _REGISTERED.clear()
    _REGISTERED.update((e.name, e) for e in ordered)


def register(entry: GameEntry) -> None:
    """Add a game that lives outside :mod:`kc_tui.games` (the tests' demonstration game)."""
    _REGISTERED[entry.name] = entry
    _sort()


def unregister(name: str) -> None:
    """Take back a game :func:`register` added."""
    _REGISTERED.pop(name, None)


def games() -> Mapping[str, GameEntry]:
    """Every game, by name, the default first."""
    return GAMES


_discover()
GAMES: Mapping[str, GameEntry] = MappingProxyType(_REGISTERED)
"""Every game, by name, the default first (a live view: :func:`register` adds to it)."""

DEFAULT_GAME = next(iter(GAMES))


def game_named(name: str) -> GameEntry:
    """The game called ``name``; ``ValueError`` naming the games otherwise."""
    try:
        return GAMES[name]
    except KeyError:
        raise ValueError(f"there is no game {name[:30]!r}; the games are {', '.join(GAMES)}") from None


def split_game_argument(argv: Sequence[str]) -> tuple[str, list[str]]:
    """The game named by ``--game NAME`` (or ``--game=NAME``) anywhere in ``argv``, and the
    arguments without it; the default game when none is named.  ``ValueError`` for a
    ``--game`` without a name."""
    try:
        game, rest = take_option(argv, "--game")
    except MissingValue:
        raise ValueError("--game needs a name: " + ", ".join(GAMES)) from None
    return game or DEFAULT_GAME, rest
