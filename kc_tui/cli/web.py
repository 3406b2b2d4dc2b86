"""``kings-corner web``: the whole game served to browser tabs (:mod:`kc_tui.web`)."""

from __future__ import annotations

import argparse
import errno

from ..core.arguments import port_number
from ..core.i18n import Domain
from .common import add_look_options, language_fixed
from .signals import tell

__all__ = ["add_parser", "greeting"]

_, ngettext, pgettext, L_, Ln_ = Domain.of(__package__).functions()


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``web`` to the command line's commands."""
    web = sub.add_parser(
        "web", help=_("serve the game to a web browser (each tab its own game)"),
        description=_("Serve the whole game (title screen, new game, saved games, statistics, "
                      "settings) to web browsers on this machine: each browser tab that opens the "
                      "address is its own game. There is no login: whoever can reach the address can "
                      "play, and read and delete the saved games of the user running this command. "
                      "Nothing is fetched from the internet. The page is drawn on a canvas that screen "
                      "readers cannot read: use the line mode (kings-corner play --plain) instead."),
    )
    web.add_argument("--host", default="127.0.0.1", metavar=_("HOST"),
                     help=_("the address to listen on (default 127.0.0.1: this machine only)"))
    web.add_argument("--port", type=port_number, default=8000, metavar=_("PORT"),
                     help=_("the port to listen on (default 8000)"))
    web.add_argument("--max-tabs", type=_tabs, default=8, metavar="N",
                     help=_("games open at once, each a process of its own (default 8)"))
    add_look_options(web, line=False)
    web.set_defaults(func=_web, parser=web)


def _tabs(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("expected a number of tabs, got {text!r}")
                                         .format(text=text)) from None
    if not 1 <= value <= 256:
        raise argparse.ArgumentTypeError(_("expected 1 to 256 tabs, got {value}")
                                         .format(value=value))
    return value


def _look_options(args: argparse.Namespace) -> list[str]:
    """The look options given to ``web``, and its ``--lang``, passed on to every tab's game."""
    options = []
    fixed = language_fixed()
    if fixed is not None:
        options += ["--lang", fixed]
    if args.ascii is not None:
        options.append("--ascii" if args.ascii else "--no-ascii")
    if args.theme is not None:
        options += ["--theme", args.theme]
    if args.pace is not None:
        options += ["--pace", f"{args.pace:g}"]
    return options


def greeting(host: str, port: int) -> list[str]:
    """What ``web`` says once it listens: where to open it, and that there is no login (a
    warning when it listens beyond this machine)."""
    from ..web import addresses, is_loopback

    here, *others = addresses(host, port)
    lines = [_("Open {address} in a browser (each tab is its own game).").format(address=here)]
    if others:
        lines.append(_("On the same network, other computers and phones open {address}.")
                     .format(address=others[0]))
    if is_loopback(host):
        lines.append(_("There is no login: anyone with an account on this machine can open it too."))
    else:
        lines.append(_("Warning: listening on {host}, beyond this machine, with no login and no "
                       "encryption: anyone who can reach this address can play, and read and delete "
                       "your saved games. Use it only on a network you trust.").format(host=host))
    lines.append(_("Press Ctrl+C to stop (the tabs' games are saved)."))
    return lines


def _web(args: argparse.Namespace) -> int:
    # textual-serve and aiohttp are loaded only by this command, not by every other one.
    from ..web import WebServer, tab_command

    def ready() -> None:
        print("\n".join(greeting(args.host, args.port)), flush=True)

    server = WebServer(tab_command(_look_options(args)), args.host, args.port,
                       max_tabs=args.max_tabs, on_ready=ready, lang=language_fixed())
    try:
        server.serve()
    except OSError as exc:
        if exc.errno == errno.EADDRINUSE:
            tell(_("Port {port} on {host} is taken (another program listens there): choose another "
                   "with --port.").format(port=args.port, host=args.host))
        else:
            tell(_("Cannot listen on {host} port {port}: {why}.").format(
                host=args.host, port=args.port, why=exc.strerror or exc))
        return 1
    return 0
