"""What the front-end commands share: the language (``--lang``, anywhere on the command line), the
look options (``--ascii``, ``--theme``, ``--pace``, ``--notation``), the test for a terminal, and
the settings with those options on top.  The arguments of a game's set-up (seats, rules, seeds,
the AI's time) are the game's own, in its ``cli`` part.

**The language** is the platform's, fixed before any parser is made, so that the help and the
errors are said in it: :func:`take_language` takes ``--lang LANG`` (or ``--lang=LANG``) out of the
arguments wherever it stands (before or after the command's name), and :func:`start_language`
sets the process's language from it, else from the Settings screen's choice, else from the
environment.  A game's command line never sees ``--lang``; every parser made by
:class:`Parser` (the application's and each command's) lists it in its help all the same.
:func:`language_fixed` tells the rest of the program (the Settings screen) whether the command
line fixed the language for this run.
"""

from __future__ import annotations

import argparse
import difflib
import os
import shlex
import sys
import unicodedata
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Callable, Sequence, TypeVar

from ..core.i18n import LANGUAGES, N_, PSEUDO, Domain, choose_language, set_default_language
from ..core.options import MissingValue, take_option
from ..core.text import labelled, semicolons, visible
from ..storage import THEMES, SaveError, SaveInfo, Settings, is_open_elsewhere, load_settings

__all__ = ["Parser", "LanguageError", "take_language", "start_language", "language_fixed", "end_language",
           "NOTATIONS", "add_look_options", "look_arguments", "full_screen", "glyphs_likely",
           "look_overrides", "settings_from", "saves_named", "resume_first"]

_, ngettext, pgettext, L_, Ln_ = Domain.of(__package__).functions()

LANG_OPTION = "--lang"


class LanguageError(ValueError):
    """A ``--lang`` with no language or one the game does not speak; the message says which
    there are."""


def take_language(argv: Sequence[str]) -> tuple[str | None, list[str]]:
    """The language ``--lang LANG`` or ``--lang=LANG`` names anywhere in ``argv`` (the last one
    given wins), and the arguments without it; :class:`LanguageError` for a ``--lang`` without a
    language we speak.  Arguments after ``--`` are left alone."""
    try:
        flag, rest = take_option(argv, LANG_OPTION)
    except MissingValue:
        raise LanguageError(_("--lang needs a language: {choices}").format(choices=_choices())) from None
    if flag is not None and flag not in LANGUAGES and flag != PSEUDO:
        raise LanguageError(_("{lang!r} is not a language of the game; the languages are "
                              "{choices}").format(lang=flag[:20], choices=_choices()))
    return flag, rest


def _choices() -> str:
    return ", ".join(f"{code} ({name})" for code, name in LANGUAGES.items())


_fixed: str | None = None


def start_language(flag: str | None, env: Mapping[str, str] = os.environ) -> str:
    """Set the process's language for this run: ``flag`` (``--lang``), else the saved setting,
    else the environment, else English; the language set.  The settings file is read here only
    for its language: a warning about it is given later, in the language chosen, by whoever
    uses the settings."""
    global _fixed
    _fixed = flag
    setting = None if flag else load_settings()[0].language
    lang = choose_language(flag, setting, env)
    set_default_language(lang)
    return lang


def language_fixed() -> str | None:
    """The language ``--lang`` fixed for this run, or None: then the Settings screen's choice
    (or the environment) speaks, and changing it there changes the language at once."""
    return _fixed


def end_language() -> None:
    """This run's ``--lang`` no longer holds (the command is over)."""
    global _fixed
    _fixed = None


class Parser(argparse.ArgumentParser):
    """Every parser of the command line: lists ``--lang``, which the platform reads before any
    parser runs (:func:`take_language`), so that each command's help names it where it may be
    given (before or after the command's name)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.add_argument(LANG_OPTION, metavar="LANG", default=argparse.SUPPRESS,
                          help=_("the language of the game, for this run: {choices} (default: the "
                                 "Settings screen's choice, else the terminal's language)")
                          .format(choices=", ".join(LANGUAGES)))


NOTATIONS: Mapping[str, str] = {
    "words": N_("cards and piles said in words, for the ear: the ace of diamonds, north-east (the "
                "default)"),
    "short": N_("cards and piles as short codes, for the eye: AD, NE"),
}
"""How the line mode names cards and piles (:attr:`kc_tui.line.LineOptions.notation`)."""


def add_look_options(p: argparse.ArgumentParser, line: bool = True) -> None:
    """``--ascii``, ``--theme`` and ``--pace``, and with ``line`` the line mode's
    ``--notation``: for this run only (:func:`settings_from`)."""
    p.add_argument("--ascii", action=argparse.BooleanOptionalAction, default=None,
                   help=_("no box drawing and no suit glyphs: cards as 7H, TS, KC (the default on a "
                          "console such as TERM=linux or vt100, or with a locale that is not UTF-8); "
                          "--no-ascii draws them anyway"))
    p.add_argument("--theme", choices=list(THEMES), default=None,
                   help=_("colour theme: {themes}").format(
                       themes=semicolons(labelled(k, _(v)) for k, v in THEMES.items())))
    p.add_argument("--pace", type=_pace, default=None, metavar=_("SECONDS"),
                   help=_("seconds each move of a computer turn stays on screen, 0 to 5 (default 0.4)"))
    if line:
        p.add_argument("--notation", choices=list(NOTATIONS), default="words",
                       help=_("the line mode: {notations}").format(
                           notations=semicolons(labelled(k, _(v)) for k, v in NOTATIONS.items())))


def look_arguments(args: argparse.Namespace) -> list[str]:
    """The look options ``args`` holds, as arguments again: what was given with no command,
    passed on to the ``play`` that runs in its place."""
    given = []
    if args.ascii is not None:
        given.append("--ascii" if args.ascii else "--no-ascii")
    if args.theme is not None:
        given += ["--theme", args.theme]
    if args.pace is not None:
        given += ["--pace", str(args.pace)]
    if getattr(args, "notation", None) is not None:
        given += ["--notation", args.notation]
    return given


def _pace(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("expected seconds, got {text!r}").format(text=text)) from None
    if not 0 <= value <= 5:
        raise argparse.ArgumentTypeError(_("expected 0 to 5 seconds, got {value}").format(value=f"{value:g}"))
    return value


WEB_DRIVER = "textual.drivers.web_driver:WebDriver"
"""The Textual driver textual-serve names in ``TEXTUAL_DRIVER`` for each browser tab's process
(``kings-corner web``): its input and output are pipes, and the screen is drawn all the same."""


def full_screen() -> bool:
    """Can the full-screen interface run here?  Not when input or output is not a terminal,
    nor on TERM=dumb; always in a browser tab (``kings-corner web``)."""
    if os.environ.get("TEXTUAL_DRIVER") == WEB_DRIVER:
        return True
    return sys.stdin.isatty() and sys.stdout.isatty() and os.environ.get("TERM") != "dumb"


GLYPHLESS_TERMS = frozenset({"linux", "vt52", "vt100", "vt102", "vt220", "vt320", "cons25", "ansi"})
"""Terminals whose fonts cannot be relied on for box drawing and suit glyphs (the Linux console,
the DEC terminals and their emulations)."""


def glyphs_likely(env: Mapping[str, str] = os.environ) -> bool:
    """Can this terminal be expected to draw box lines and suit glyphs?  Not a console of
    :data:`GLYPHLESS_TERMS`, nor under a locale that is not UTF-8 (``LANG=C``; the locale is the
    first of LC_ALL, LC_CTYPE and LANG that is set, and none set is the C locale)."""
    if env.get("TERM", "").split("-")[0] in GLYPHLESS_TERMS:
        return False
    locale = next((env[k] for k in ("LC_ALL", "LC_CTYPE", "LANG") if env.get(k)), "C")
    return "utf-8" in locale.lower() or "utf8" in locale.lower()


def look_overrides(args: argparse.Namespace, env: Mapping[str, str] = os.environ) -> dict[str, Any]:
    """What this run's command line (and a terminal that cannot draw glyphs) sets over the
    saved settings, for this run only."""
    changes: dict[str, Any] = {}
    if args.ascii is not None:
        changes["ascii"] = args.ascii
    elif not glyphs_likely(env):
        changes["ascii"] = True
    if args.theme is not None:
        changes["theme"] = args.theme
    if args.pace is not None:
        changes["pace"] = args.pace
    if getattr(args, "bell", False):  # only the commands that play take --bell
        changes["bell"] = True
    return changes


def settings_from(args: argparse.Namespace) -> tuple[Settings, str | None]:
    """The saved settings with what the command line sets on top (for this run only), and a
    warning if the settings file could not be used."""
    settings, warning = load_settings()
    return settings.with_(**look_overrides(args)), warning


def play_demo(service: Any, seed: int, again: Sequence[str]) -> int:
    """A game's ``demo``: one round of ``service`` (every seat a computer, its listener telling
    it), its faults, then the command ``again`` that deals the same round, with its seed."""
    try:
        service.play_session(max_rounds=1)
    finally:
        service.close()
    for fault in service.take_faults():
        print(f"! {fault}")
    command = visible(shlex.join([*again, "--seed", str(seed)]))  # a rule's value is any text
    print(_("(seed {seed}: run `{command}` to watch this round again)").format(seed=seed, command=command))
    return 0


def demo_again(prog: str, args: argparse.Namespace, rule: Any = str) -> list[str]:
    """The ``demo`` command that deals its round again, but for the seed: ``prog``'s ``demo``
    with the seats and rules given (``rule``: how an option's value is written back)."""
    words = [*prog.split(), "demo"]
    if args.players != ["medium"] * 4:
        words += ["--players", ",".join(args.players)]
    if args.preset != "standard":
        words += ["--preset", args.preset]
    for name, value in args.rule:
        words += ["--rule", f"{name}={rule(value)}"]
    return words


def add_save_name(parser: argparse.ArgumentParser) -> None:
    """``resume [NAME]``: the save to resume, as ``saves`` lists it."""
    parser.add_argument("name", nargs="?", metavar=_("NAME"),
                        help=_("the saved game to resume, as `saves` lists it (default: the most recent)"))


def saves_named(saves: Sequence[Any], name: str | None, prog: str) -> list[Any]:
    """The saves ``resume`` may take, newest first: all of them, or the one called ``name`` as
    ``saves`` lists it, with or without its ``.json``, damaged or not (none, said, when there
    is no such save, with the listed name it most likely misspells)."""
    if name is None:
        return list(saves)
    name = unicodedata.normalize("NFC", name)  # as the file names are written (Zoé's é, one way)
    picked = [info for info in saves if name in (info.path.name, info.path.stem)]
    if not picked:
        print(_("No saved game called {name} ({prog} saves lists them).").format(
            name=visible(name), prog=prog))
        near = difflib.get_close_matches(name, [info.path.name for info in saves], n=1, cutoff=0.8)
        if near:
            print(_("Did you mean {name}?").format(name=visible(near[0])))
    return picked


Loaded = TypeVar("Loaded")


def resume_first(saves: Sequence[SaveInfo], prog: str, load: Callable[[Path], Loaded]
                 ) -> tuple[SaveInfo, Loaded] | None:
    """The first of ``saves`` (newest first) that ``load`` restores, with what it made; each one
    passed over is said, with its problem and what can be done about it, and the next is tried.
    None, said, when none can be resumed.  Both games' ``resume`` go through it, so a damaged
    save, or one of the other game, never stops the one before it from being resumed."""
    for info in saves:
        try:
            if info.problem is not None:
                raise SaveError(info.path, info.problem)
            return info, load(info.path)
        except SaveError as exc:
            name = visible(exc.path.name)
            print(_("The saved game {name} cannot be resumed: {problem}.").format(
                name=name, problem=visible(exc.problem)))
            where = visible(str(exc.path))
            # (Another window's game is not to be deleted, and a folder named like a save cannot be.)
            deletable = not is_open_elsewhere(exc) and not _is_folder(exc.path)
            where_said = (_("The file is {path}; `{prog} saves --delete {name}` deletes it.") if deletable
                          else _("The file is {path}."))
            print("  " + where_said.format(path=where, name=name, prog=prog))
    print(_("No saved game can be resumed."))
    return None


def _is_folder(path: Path) -> bool:
    try:
        return path.is_dir()
    except OSError:
        return False
