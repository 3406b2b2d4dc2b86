"""What the game keeps: ``saves`` (list or delete the saved games), ``replay`` (a transcript move
by move) and ``stats`` (each player's record from the finished sessions)."""

from __future__ import annotations

import argparse
import json
import os
import unicodedata
from contextlib import AbstractContextManager, nullcontext
from pathlib import Path

from ..core.cards import glyphs_or_codes, showing
from ..core.i18n import Domain
from ..core.text import visible
from ..games import GAMES
from ..replay import ReplayError, load_replay, replay_text
from ..storage import (
    SaveError,
    delete_save,
    game_saves_dir,
    game_title,
    game_transcripts_dir,
    games_report_text,
    games_stats_dict,
    list_saves,
)
from .common import add_look_options, full_screen, language_fixed, settings_from
from .signals import end_within_grace

__all__ = ["add_parser", "add_saves_parser", "add_replay_parser", "add_stats_parser", "run_saves",
           "run_replay", "run_stats"]

_, ngettext, pgettext, L_, Ln_ = Domain.of(__package__).functions()


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``saves``, ``replay`` and ``stats`` to the command line's commands."""
    add_saves_parser(sub)
    add_replay_parser(sub)
    add_stats_parser(sub)


def add_saves_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser],
                     game: str | None = None) -> None:
    """``saves [--delete NAME]``: every game's saved games, or only ``game``'s."""
    if game is None:
        about = _("list the saved games, or delete one")
        description = _("List the saved games, newest first (each game's in its own folder), or delete one.")
    else:
        title = game_title(game)
        about = _("list the saved {game} games, or delete one").format(game=title)
        description = _("List the saved {game} games, newest first (each game's in its own folder), "
                        "or delete one.").format(game=title)
    saves = sub.add_parser("saves", help=about, description=description)
    saves.add_argument("--delete", metavar=_("NAME"), default=None,
                       help=_("delete the saved game NAME (as listed)"))
    saves.set_defaults(func=run_saves, parser=saves, only_game=game)


def add_replay_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """``replay FILE [--plain]``, for every game: the transcript names its game."""
    rep = sub.add_parser("replay", help=_("replay a transcript move by move, every hand face up"),
                         description=_("Replay a transcript (a finished session in the data folder, or "
                                       "one written with --transcript), of either game (its first line "
                                       "names it): step forward and back move by move, jump by turn or "
                                       "round. With --plain it prints the game as sentences."))
    rep.add_argument("file", type=Path, metavar=_("FILE"),
                     help=_("the transcript, a .jsonl file (finished sessions are kept in the "
                            "transcripts folder of the game's data folder)"))
    rep.add_argument("--plain", action="store_true", help=_("print it as sentences"))
    add_look_options(rep)
    rep.set_defaults(func=run_replay, parser=rep)


def add_stats_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser],
                     game: str | None = None) -> None:
    """``stats [--player NAME] [--json]``: every game's statistics, or only ``game``'s."""
    if game is None:
        about = _("statistics per player, each game's, from the finished sessions")
        description = _("Statistics per player name, each game's, from the finished sessions kept in "
                        "the data folder.")
    else:
        title = game_title(game)
        about = _("statistics per player, {game}'s, from the finished sessions").format(game=title)
        description = _("Statistics per player name, {game}'s, from the finished sessions kept in the "
                        "data folder.").format(game=title)
    stats = sub.add_parser("stats", help=about, description=description)
    stats.add_argument("--player", default=None, metavar=_("NAME"), help=_("only this player"))
    stats.add_argument("--json", action="store_true", help=_("print them as one JSON object"))
    stats.set_defaults(func=run_stats, parser=stats, only_game=game)


def run_saves(args: argparse.Namespace) -> int:
    """``kings-corner saves [--delete NAME]``: list every game's saved sessions, or delete one
    (``--game NAME saves``: that game's)."""
    only: str | None = getattr(args, "only_game", None)
    games = list(GAMES) if only is None else [only]
    if args.delete is not None:
        return _delete_save(args.delete, games)
    listed = {game: list_saves(game) for game in games}
    for n, game in enumerate(games):
        saves, folder = listed[game], game_saves_dir(game)
        # Each game's list is headed by its title, but the first game's, whose list came first,
        # unless it has none while another game has some ("No saved games", then a list of
        # Kings Reverse games, said two things at once: a Spanish play test).
        titled = not (n == 0 and only is None and (saves or not any(listed.values())))
        title = game_title(game)
        if not saves and (n == 0 or only is not None):
            print(_("No saved {game} games (they are kept in {folder}).").format(game=title, folder=folder)
                  if titled else _("No saved games (they are kept in {folder}).").format(folder=folder))
        elif saves:
            print(_("Saved {game} games in {folder}, newest first:").format(game=title, folder=folder)
                  if titled else _("Saved games in {folder}, newest first:").format(folder=folder))
        for info in saves:
            mark = "!" if info.problem else " "
            print(f"{mark} {visible(info.path.name)}\n    {visible(info.title)}")
    return 0


def _delete_save(name: str, games: list[str]) -> int:
    """Delete the save called ``name`` as a listing shows it, in the games' folders asked for."""
    folders = [game_saves_dir(game) for game in games]
    # The name as listed, or without its ``.json`` (as ``resume`` takes it), its letters as
    # the file names write them (NFC).
    name = unicodedata.normalize("NFC", name)
    named = [name] if name.endswith(".json") else [name, name + ".json"]
    for folder, path in ((folder, folder / each) for folder in folders for each in named):
        # Anything the listing shows can be deleted: a pipe or a link named like a save too.
        if path.parent != folder or path.suffix != ".json" or not os.path.lexists(path):
            continue
        try:
            delete_save(path)
        except SaveError as exc:
            print(_("Not deleted: {problem}.").format(problem=visible(exc.problem)))
            return 1
        print(_("Deleted {path}.").format(path=visible(str(path))))
        return 0
    # Translators: {folders} are folders joined by " or " (the next message).
    folders_said = _(" or ").join(str(f) for f in folders)
    print(_("No saved game called {name!r} in {folders}.").format(name=name, folders=folders_said))
    return 1


def run_replay(args: argparse.Namespace) -> int:
    """``kings-corner replay FILE``: the transcript of either game, on the replay screen or as
    sentences."""
    path = args.file
    for folder in (game_transcripts_dir(game) for game in GAMES):
        if not path.exists() and (folder / path).exists():
            path = folder / path  # a name as the data folder lists it
    plain = args.plain or not full_screen()
    settings, warning = settings_from(args)
    # Sentences printed for the ear say cards in the line mode's notation; the replay screen's
    # log says them short, as the table's log does beside the cards it draws (7♥, or 7H in ASCII).
    shown_as: AbstractContextManager[None] = nullcontext()
    if not plain:
        shown_as = showing(glyphs_or_codes(not settings.ascii))
    try:
        with shown_as:
            replay = load_replay(path, words=plain and args.notation == "words")
    except ReplayError as exc:
        print(_("Cannot replay {why}").format(why=visible(str(exc))))
        return 1
    if plain:
        for sentence in replay_text(replay):
            print(sentence)
        return 0
    from ..tui.app import KingsCornerApp

    KingsCornerApp(settings=settings, replay=replay, replay_name=visible(path.name), notice=warning,
                   on_stop_signal=end_within_grace, language_fixed=language_fixed() is not None).run()
    return 0


def run_stats(args: argparse.Namespace) -> int:
    """``kings-corner stats``: each game's statistics (``--game NAME stats``: that game's)."""
    only: str | None = getattr(args, "only_game", None)
    if args.json:
        print(json.dumps(games_stats_dict(args.player, only)))
        return 0
    print(games_report_text(args.player, only))
    return 0
