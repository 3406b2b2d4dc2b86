"""The games this application plays, by name: the registry the command line (and the title
screen, the lobby) ask instead of naming games in ``if``/``else``.

A game is a package; its entry here names it, says what it is in a line, and names the module
whose ``main(argv)`` runs the game's own command line (``None``: the application's own, which is
Kings in the Corner's).  Entries hold module names, not modules, so that reading the registry
imports no game: a third card game is a new package and one entry here.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from types import MappingProxyType
from typing import Callable, Mapping, Sequence, cast

__all__ = ["GameEntry", "GAMES", "DEFAULT_GAME", "game_named", "split_game_argument"]


@dataclass(frozen=True, slots=True)
class GameEntry:
    """One game of the application."""

    name: str
    """Its name on the command line (``--game NAME``), in transcripts and saves."""
    title: str
    summary: str
    package: str
    """The package that holds it."""
    cli: str | None = None
    """The module whose ``main(argv) -> int`` runs this game's commands; None: the
    application's own command line."""

    def command_line(self) -> Callable[[Sequence[str]], int] | None:
        """The game's own command line (imported now), or None."""
        if self.cli is None:
            return None
        return cast(Callable[[Sequence[str]], int], importlib.import_module(self.cli).main)


GAMES: Mapping[str, GameEntry] = MappingProxyType({
    "kings-corner": GameEntry(
        "kings-corner", "Kings in the Corner",
        "build down in alternating colours on a cross of eight piles (docs/rules.md R1-R8)",
        "kc_tui.games.kings_corner"),
    "kings-reverse": GameEntry(
        "kings-reverse", "Kings Reverse",
        "two decks and jokers, shed your hand: 7s, 8s and Kings act, Jacks and jokers are wild "
        "(docs/rules.md, Kings Reverse)",
        "kc_tui.games.kings_reverse", "kc_tui.games.kings_reverse.cli"),
})
"""Every game, the default first."""

DEFAULT_GAME = "kings-corner"


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
    rest: list[str] = []
    game = DEFAULT_GAME
    args = list(argv)
    i = 0
    while i < len(args):
        arg = args[i]
        if arg == "--":
            rest.extend(args[i:])
            break
        if arg == "--game":
            if i + 1 >= len(args):
                raise ValueError("--game needs a name: " + ", ".join(GAMES))
            game = args[i + 1]
            i += 2
            continue
        if arg.startswith("--game="):
            game = arg.split("=", 1)[1]
        else:
            rest.append(arg)
        i += 1
    return game, rest
