"""A game's session played at this terminal, as the games' own commands play it: at the
full-screen table (the app with the saved settings and this run's look options on top) or in
the line mode, saved as it goes, and its exit status."""

from __future__ import annotations

import argparse
import signal
import sys
from typing import Any, Callable

from ..core.i18n import Domain
from ..core.kinds import Phase
from ..games import DEFAULT_GAME
from ..line import LineOptions, line_out
from ..storage import AutoSaver, Settings, load_settings, save_settings
from .common import full_screen, language_fixed, look_overrides, settings_from
from .signals import Stopped, end_within_grace, tell

__all__ = ["play_saved", "make_app", "app_status", "line_options"]

_, ngettext, pgettext, L_, Ln_ = Domain.of(__package__).functions()


def play_saved(service: Any, args: argparse.Namespace, saving: Callable[[Callable[[str], None]], AutoSaver],
               line_mode: Callable[[], int]) -> int:
    """Play ``service`` (a session of any game) at the full-screen table, or with ``--plain``
    (or without a terminal) in the line mode ``line_mode`` runs; saved by the saver
    ``saving`` makes (given where to report a write that fails).  However it ends (leaving,
    Ctrl+C, a stopping signal), the session is closed and its save let go of, so that another
    window may resume it.  The exit status."""
    app = None

    def report(message: str) -> None:
        if app is not None:
            app.report_save_error(message)
        else:
            print(f"! {message}")

    saver = saving(report)
    try:
        if not args.plain and full_screen():
            app = make_app(service, args)
            app.savers[id(service)] = saver
            app.run()
            return app_status(app)
        status = line_mode()
        if getattr(service, "phase", None) != Phase.SESSION_OVER:
            # Left (or its input ended) mid-session: where the game is, and how to go on.
            from . import PROG

            game = getattr(args, "game", DEFAULT_GAME)
            # (with this run's --lang: without it, a play test's Spanish game resumed in English)
            lang = language_fixed()
            command = (f"{PROG}{f' --lang {lang}' if lang else ''}"
                       f"{'' if game == DEFAULT_GAME else f' --game {game}'} resume --plain")
            # Between words at the terminal's width, as the line mode's own lines ("... --plain g"
            # / "oes on with it", a play test).
            print(_("The game is saved as it stood after the last turn; {command} goes on with it.")
                  .format(command=command), file=line_out(), flush=True)
        return status
    except KeyboardInterrupt:
        print("\n" + _("Interrupted; the game stops here (it was saved after the last turn)."),
              file=line_out())
        return 130
    except Stopped as stop:
        saver.release()  # before the goodbye, which a terminal that is not read can hold up
        tell("\n" + _("Stopped by {signal}; the game stops here (it was saved after the last turn).")
             .format(signal=stop.name))
        return stop.status
    finally:
        service.close()
        saver.release()


def line_options(args: argparse.Namespace) -> LineOptions:
    """How this run's line mode is said, from the command line (``--verbosity``, ``--bell``,
    ``--notation``, where the command has them) and the settings: piped input is echoed after its
    prompt, so the output reads as a dialogue; ending a turn with moves open is confirmed unless
    the "Confirm ending a turn" setting is off.  A settings file that cannot be used is said, as
    the full-screen app says it, before the defaults are used."""
    settings, warning = load_settings()
    if warning:
        print(warning, file=line_out(), flush=True)
    return LineOptions(verbosity=getattr(args, "verbosity", "brief"), bell=getattr(args, "bell", False),
                       echo=not sys.stdin.isatty(), confirm_end=settings.confirm_end,
                       notation=getattr(args, "notation", "words"))


def make_app(service: Any, args: argparse.Namespace) -> Any:
    """The Textual app (at the title screen when ``service`` is None) with the saved settings;
    settings changed in it are saved again, but what the command line set (--ascii, --theme,
    --pace, --bell) is for this run only."""
    from ..tui.app import KingsCornerApp

    saved, _ = load_settings()
    settings, warning = settings_from(args)
    overridden = set(look_overrides(args))

    def persist(new: Settings) -> str | None:
        keep = {k: getattr(saved, k) for k in overridden if getattr(new, k) == getattr(settings, k)}
        return save_settings(new.with_(**keep))

    return KingsCornerApp(service, settings=settings, on_settings=persist, notice=warning,
                          on_stop_signal=end_within_grace, language_fixed=language_fixed() is not None)


def app_status(app: Any) -> int:
    """The exit status of a finished app, saying so if a signal ended it (as leaving does)."""
    if app.stopped_by is not None:
        tell(_("Stopped by {signal}; the game stops here (it was saved after the last turn).")
             .format(signal=signal.Signals(app.stopped_by).name))
    return app.return_code or 0
