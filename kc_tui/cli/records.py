"""What the game keeps: ``saves`` (list or delete the saved games), ``replay`` (a transcript move
by move) and ``stats`` (each player's record from the finished sessions)."""

from __future__ import annotations

import argparse
import json
import os
from pathlib import Path

from ..engine.text import visible
from ..replay import ReplayError, load_replay, replay_text
from ..storage import (
    SaveError,
    delete_save,
    list_saves,
    player_stats,
    read_results,
    report_text,
    saves_dir,
    select,
    transcripts_dir,
)
from .common import add_look_options, full_screen, settings_from

__all__ = ["add_parser"]


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``saves``, ``replay`` and ``stats`` to the command line's commands."""
    saves = sub.add_parser("saves", help="list the saved games, or delete one",
                           description="List the saved games, newest first, or delete one.")
    saves.add_argument("--delete", metavar="NAME", default=None,
                       help="delete the saved game NAME (as listed)")
    saves.set_defaults(func=_saves, parser=saves)

    rep = sub.add_parser("replay", help="replay a transcript move by move, every hand face up",
                         description="Replay a transcript (a finished session in the data folder, or "
                         "one written with --transcript): step forward and back move by move, jump by "
                         "turn or round. With --plain it prints the game as sentences.")
    rep.add_argument("file", type=Path, metavar="FILE")
    rep.add_argument("--plain", action="store_true", help="print it as sentences")
    add_look_options(rep)
    rep.set_defaults(func=_replay, parser=rep)

    stats = sub.add_parser("stats", help="statistics per player from the finished sessions",
                           description="Statistics per player name, from the finished sessions kept "
                           "in the data folder.")
    stats.add_argument("--player", default=None, metavar="NAME", help="only this player")
    stats.add_argument("--json", action="store_true", help="print them as one JSON object")
    stats.set_defaults(func=_stats, parser=stats)


def _saves(args: argparse.Namespace) -> int:
    """``kings-corner saves [--delete NAME]``: list the saved sessions, or delete one."""
    if args.delete is not None:
        path = saves_dir() / args.delete
        # Anything the listing shows can be deleted: a pipe or a link named like a save too.
        if path.parent != saves_dir() or path.suffix != ".json" or not os.path.lexists(path):
            print(f"No saved game called {args.delete!r} in {saves_dir()}.")
            return 1
        try:
            delete_save(path)
        except SaveError as exc:
            print(f"Not deleted: {visible(exc.problem)}.")
            return 1
        print(f"Deleted {visible(str(path))}.")
        return 0
    saves = list_saves()
    if not saves:
        print(f"No saved games (they are kept in {saves_dir()}).")
        return 0
    print(f"Saved games in {saves_dir()}, newest first:")
    for info in saves:
        mark = "!" if info.problem else " "
        print(f"{mark} {visible(info.path.name)}\n    {visible(info.title)}")
    return 0


def _replay(args: argparse.Namespace) -> int:
    path = args.file
    if not path.exists() and (transcripts_dir() / path).exists():
        path = transcripts_dir() / path  # a name as `kings-corner stats` or the folder lists it
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
    KingsCornerApp(settings=settings, replay=replay, replay_name=visible(path.name), notice=warning).run()
    return 0


def _stats(args: argparse.Namespace) -> int:
    results, problems = read_results()
    table = player_stats(results)
    if args.player is not None:
        table = select(table, args.player)
    if args.json:
        print(json.dumps({"sessions": len(results), "players": [s.as_dict() for s in table.values()],
                          "unreadable": problems}))
        return 0
    print(report_text(args.player))
    return 0
