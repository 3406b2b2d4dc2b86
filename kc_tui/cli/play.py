"""The full-screen table for any game's session, as the games' own commands open it: the app
with the saved settings and this run's look options on top, and its exit status."""

from __future__ import annotations

import argparse
import signal
from typing import Any

from ..storage import Settings, load_settings, save_settings
from .common import look_overrides, settings_from
from .signals import end_within_grace, tell

__all__ = ["run_table", "make_app", "app_status"]


def run_table(service: Any, args: argparse.Namespace) -> int:
    """Open the full-screen table of ``service`` (a session of any game the app plays) with the
    saved settings and the look options of ``args``; leaving the table leaves the app.  The
    exit status."""
    app = make_app(service, args)
    app.run()
    return app_status(app)


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
                          on_stop_signal=end_within_grace)


def app_status(app: Any) -> int:
    """The exit status of a finished app, saying so if a signal ended it (as leaving does)."""
    if app.stopped_by is not None:
        tell(f"Stopped by {signal.Signals(app.stopped_by).name}; the game stops here "
             "(it was saved after the last turn).")
    return app.return_code or 0
