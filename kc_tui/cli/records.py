"""What the game keeps: ``saves`` (list or delete the saved games), ``replay`` (a transcript move
by move) and ``stats`` (each player's record from the finished sessions)."""

from __future__ import annotations

import argparse
import json
import os
from pathlib import Path

from ..core.text import visible
from ..games import DEFAULT_GAME, game_named
from ..games.kings_reverse.engine.events import GAME_NAME
from ..replay import ReplayError, load_replay, replay_text
from ..storage import (
    SaveError,
    delete_save,
    games_report_text,
    list_saves,
    player_stats,
    read_results,
    saves_dir,
    select,
    transcripts_dir,
)
from ..storage.reverse_records import reverse_stats_dict, reverse_transcripts_dir
from ..storage.reverse_saves import list_reverse_saves, reverse_saves_dir
from .common import add_look_options, full_screen, settings_from
from .signals import end_within_grace

__all__ = ["add_parser", "add_saves_parser", "add_replay_parser", "add_stats_parser", "run_saves",
           "run_replay", "run_stats"]


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``saves``, ``replay`` and ``stats`` to the command line's commands."""
    add_saves_parser(sub)
    add_replay_parser(sub)
    add_stats_parser(sub)


def add_saves_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser],
                     game: str | None = None) -> None:
    """``saves [--delete NAME]``: every game's saved games, or only ``game``'s."""
    about = "" if game is None else f" {game_named(game).title}"
    saves = sub.add_parser("saves", help=f"list the saved{about} games, or delete one",
                           description=f"List the saved{about} games, newest first (each game's "
                           "in its own folder), or delete one.")
    saves.add_argument("--delete", metavar="NAME", default=None,
                       help="delete the saved game NAME (as listed)")
    saves.set_defaults(func=run_saves, parser=saves, only_game=game)


def add_replay_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """``replay FILE [--plain]``, for every game: the transcript names its game."""
    rep = sub.add_parser("replay", help="replay a transcript move by move, every hand face up",
                         description="Replay a transcript (a finished session in the data folder, or "
                         "one written with --transcript), of either game (its first line names it): "
                         "step forward and back move by move, jump by turn or round. With --plain it "
                         "prints the game as sentences.")
    rep.add_argument("file", type=Path, metavar="FILE")
    rep.add_argument("--plain", action="store_true", help="print it as sentences")
    add_look_options(rep)
    rep.set_defaults(func=run_replay, parser=rep)


def add_stats_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser],
                     game: str | None = None) -> None:
    """``stats [--player NAME] [--json]``: every game's statistics, or only ``game``'s."""
    about = "each game's" if game is None else f"{game_named(game).title}'s"
    stats = sub.add_parser("stats", help=f"statistics per player, {about}, from the finished sessions",
                           description=f"Statistics per player name, {about}, from the finished "
                           "sessions kept in the data folder.")
    stats.add_argument("--player", default=None, metavar="NAME", help="only this player")
    stats.add_argument("--json", action="store_true", help="print them as one JSON object")
    stats.set_defaults(func=run_stats, parser=stats, only_game=game)


def run_saves(args: argparse.Namespace) -> int:
    """``kings-corner saves [--delete NAME]``: list every game's saved sessions, or delete one
    (``--game NAME saves``: that game's)."""
    only: str | None = getattr(args, "only_game", None)
    corner, reverse = only in (None, DEFAULT_GAME), only in (None, GAME_NAME)
    if args.delete is not None:
        return _delete_save(args.delete, corner, reverse)
    if corner:
        saves = list_saves()
        if not saves:
            print(f"No saved games (they are kept in {saves_dir()}).")
        else:
            print(f"Saved games in {saves_dir()}, newest first:")
        for info in saves:
            mark = "!" if info.problem else " "
            print(f"{mark} {visible(info.path.name)}\n    {visible(info.title)}")
    if reverse:
        kept = list_reverse_saves()
        if kept or not corner:
            print(f"Saved Kings Reverse games in {reverse_saves_dir()}, newest first:" if kept else
                  f"No saved Kings Reverse games (they are kept in {reverse_saves_dir()}).")
        for reverse_info in kept:
            print(f"  {visible(reverse_info.path.name)}\n    {reverse_info.title}")
    return 0


def _delete_save(name: str, corner: bool, reverse: bool) -> int:
    """Delete the save called ``name`` as a listing shows it, in the folders asked for."""
    for folder, wanted in ((saves_dir(), corner), (reverse_saves_dir(), reverse)):
        path = folder / name
        # Anything the listing shows can be deleted: a pipe or a link named like a save too.
        if not wanted or path.parent != folder or path.suffix != ".json" or not os.path.lexists(path):
            continue
        try:
            if folder == saves_dir():
                delete_save(path)
            else:
                path.unlink()
        except SaveError as exc:
            print(f"Not deleted: {visible(exc.problem)}.")
            return 1
        except OSError as exc:
            print(f"Not deleted: {visible(str(exc.strerror or exc))}.")
            return 1
        print(f"Deleted {visible(str(path))}.")
        return 0
    where = " or ".join(str(f) for f, wanted in ((saves_dir(), corner), (reverse_saves_dir(), reverse))
                        if wanted)
    print(f"No saved game called {name!r} in {where}.")
    return 1


def run_replay(args: argparse.Namespace) -> int:
    """``kings-corner replay FILE``: the transcript of either game, on the replay screen or as
    sentences."""
    path = args.file
    for folder in (transcripts_dir(), reverse_transcripts_dir()):
        if not path.exists() and (folder / path).exists():
            path = folder / path  # a name as the data folder lists it
    try:
        replay = load_replay(path)
    except ReplayError as exc:
        print(f"Cannot replay {visible(str(exc))}")
        return 1
    if args.plain or not full_screen():
        for sentence in replay_text(replay):
            print(sentence)
        return 0
    from ..tui.app import KingsCornerApp

    settings, warning = settings_from(args)
    KingsCornerApp(settings=settings, replay=replay, replay_name=visible(path.name), notice=warning,
                   on_stop_signal=end_within_grace).run()
    return 0


def run_stats(args: argparse.Namespace) -> int:
    """``kings-corner stats``: each game's statistics (``--game NAME stats``: that game's)."""
    only: str | None = getattr(args, "only_game", None)
    if args.json:
        doc: dict[str, object] = {}
        if only in (None, DEFAULT_GAME):
            results, problems = read_results()
            table = player_stats(results)
            if args.player is not None:
                table = select(table, args.player)
            doc = {"sessions": len(results), "players": [s.as_dict() for s in table.values()],
                   "unreadable": problems}
        if only in (None, GAME_NAME):
            doc[GAME_NAME] = reverse_stats_dict(args.player)
        print(json.dumps(doc))
        return 0
    print(games_report_text(args.player, only))
    return 0
