"""``kings-corner serve``: tables for friends, served over SSH from this machine."""

from __future__ import annotations

import argparse
import asyncio
import fcntl
import ipaddress
import logging
import signal
import sys
from pathlib import Path
from typing import IO, Any

from ..core.arguments import port_or_any
from ..core.i18n import DEFAULT, Domain, speaking
from ..games import GAMES
from ..storage.part import game_titles

__all__ = ["add_parser"]

_, ngettext, pgettext, L_, Ln_ = Domain.of(__package__).functions()

HOST_KEY_FILE = "ssh_host_ed25519_key"
"""The server's host key, in the data folder (made on the first start, then reused)."""


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``serve`` to the command line's commands."""
    p = sub.add_parser(
        "serve", help=_("serve tables over SSH: friends join with their own ssh client"),
        description=_("Serve tables over SSH: {games}. Players connect with `ssh -p PORT HOST` "
                      "(the lobby, full screen) or `ssh -p PORT HOST plain` (the line mode); any SSH "
                      "key may connect unless --authorized-keys is given. Stop with Ctrl+C or SIGTERM: "
                      "games in progress are adjourned and come back on the next start.")
        .format(games=game_titles(GAMES)))
    p.add_argument("--host", default="127.0.0.1", metavar=_("HOST"),
                   help=_("address to listen on (default 127.0.0.1, this machine only; 0.0.0.0 for "
                          "every network)"))
    p.add_argument("--port", type=port_or_any, default=2222, metavar=_("PORT"),
                   help=_("port to listen on (default 2222; 0: any free port)"))
    p.add_argument("--authorized-keys", type=Path, default=None, metavar=_("FILE"),
                   help=_("admit only the SSH keys in FILE (authorized_keys format); others are refused"))
    p.add_argument("--guests", action="store_true",
                   help=_("also admit people without a key, as guests (they cannot take a seat back "
                          "later)"))
    p.add_argument("--grace", type=_seconds, default=60.0, metavar=_("SECONDS"),
                   help=_("how long a dropped player's seat is held before a computer plays it "
                          "(default 60)"))
    p.add_argument("--max-sessions", type=_count, default=64, metavar="N",
                   help=_("sessions at once (default 64)"))
    p.add_argument("--max-per-key", type=_count, default=8, metavar="N",
                   help=_("sessions of one SSH key at once, whichever worker processes serve them "
                          "(default 8)"))
    p.add_argument("--max-per-address", type=_count, default=16, metavar="N",
                   help=_("connections, and sessions, from one address at once, SSH and browsers "
                          "together, and half as many browser tabs (default 16; more for many people "
                          "behind one router; each worker process counts the browser tabs it "
                          "serves)"))
    p.add_argument("--max-per-minute", type=_count, default=60, metavar="N",
                   help=_("new connections one address may open in any minute, SSH and browsers "
                          "together (default 60)"))
    p.add_argument("--max-tables-per-person", type=_count, default=3, metavar="N",
                   help=_("tables one person may have waiting, playing or adjourned (default 3)"))
    p.add_argument("--max-tables", type=_count, default=200, metavar="N",
                   help=_("tables the server keeps in all (default 200)"))
    p.add_argument("--adjourned-days", type=_days, default=30.0, metavar=_("DAYS"),
                   help=_("close an adjourned table nobody resumes for this many days; its transcript "
                          "is kept (default 30; 0 keeps them for ever)"))
    p.add_argument("--idle", type=_seconds, default=900.0, metavar=_("SECONDS"),
                   help=_("close a session idle this long in the lobby (default 900)"))
    p.add_argument("--thinkers", type=_processes, default=None, metavar="N",
                   help=_("processes the computers think in, apart from the one that draws the players' "
                          "screens, so that an expert thinking at one table slows no screen (default: one "
                          "per processor core); 0 thinks in threads of the server itself, for a small host"))
    p.add_argument("--workers", type=_processes, default=None, metavar="N",
                   help=_("processes that serve the SSH sessions, beside the one that keeps the tables "
                          "(default: one per processor core); 0 serves them in the same process, for "
                          "a small host"))
    p.add_argument("--web", type=port_or_any, default=None, metavar=_("PORT"),
                   help=_("also open the tables to web browsers on PORT (on --host, no login: a "
                          "browser is known by a cookie; with --authorized-keys only together with "
                          "--guests)"))
    p.add_argument("--redis", default=None, metavar="URL",
                   help=_("share one lobby with the other servers using the Redis at URL "
                          "(redis://[:PASSWORD@]HOST:PORT/DB, or rediss:// for TLS): every table of every "
                          "server is listed, and a server that stops has its tables taken over by another "
                          "(needs the redis extra: pip install 'kc-tui[redis]')"))
    p.add_argument("--lease", type=_seconds, default=4.0, metavar=_("SECONDS"),
                   help=_("with --redis: how long a server that stops answering keeps its tables before "
                          "another takes them over (default 4)"))
    p.add_argument("--data-dir", type=Path, default=None, metavar=_("DIR"),
                   help=_("where the host key, the players' names and the tables are kept "
                          "(default: the game's data folder)"))
    p.set_defaults(func=serve, parser=p)


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("expected seconds, got {text!r}")
                                         .format(text=text)) from None
    if not 0 < value <= 86400:
        raise argparse.ArgumentTypeError(_("expected more than 0 and at most 86400 seconds, got {value}")
                                         .format(value=f"{value:g}"))
    return value


def _days(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("expected days, got {text!r}")
                                         .format(text=text)) from None
    if not 0 <= value <= 36500:
        raise argparse.ArgumentTypeError(_("expected 0 (for ever) to 36500 days, got {value}")
                                         .format(value=f"{value:g}"))
    return value


def _count(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("expected a number, got {text!r}")
                                         .format(text=text)) from None
    if not 1 <= value <= 10_000:
        raise argparse.ArgumentTypeError(_("expected 1 to 10000, got {value}")
                                         .format(value=value))
    return value


def _processes(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("expected a number of processes, got {text!r}")
                                         .format(text=text)) from None
    if not 0 <= value <= 1024:
        raise argparse.ArgumentTypeError(_("expected 0 to 1024 processes, got {value}")
                                         .format(value=value))
    return value


def serve(args: argparse.Namespace) -> int:
    # Imported here: the SSH library is only loaded by the command that needs it.
    from ..ssh import load_authorized_keys
    from ..ssh.gate import raise_open_files_limit
    from ..storage.paths import data_dir

    if args.web is not None and args.authorized_keys is not None and not args.guests:
        print("kings-corner serve: " + _("--web lets in anyone who can open the address, with no key; "
                                         "with --authorized-keys that takes --guests as well."),
              file=sys.stderr)
        return 2
    authorized = None
    if args.authorized_keys is not None:
        try:
            authorized = load_authorized_keys(args.authorized_keys.expanduser())
        except ValueError as exc:
            print(f"kings-corner serve: {exc}", file=sys.stderr)
            return 2
    if args.redis is not None:
        if args.workers == 0:
            print("kings-corner serve: " + _("--redis needs --workers 1 or more: the tables' process "
                                             "waits for the other servers, and the sessions must not "
                                             "wait with it."),
                  file=sys.stderr)
            return 2
        if args.lease <= 0:
            print("kings-corner serve: " + _("--lease must be more than 0 seconds."), file=sys.stderr)
            return 2
        try:
            import redis  # noqa: F401 - only checked here
        except ImportError:
            print("kings-corner serve: "
                  + _("--redis needs the redis extra: pip install 'kc-tui[redis]'"),
                  file=sys.stderr)
            return 2
    folder = (args.data_dir or data_dir()).expanduser()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        lock = lock_folder(folder)
    except OSError as exc:
        print("kings-corner serve: " + _("cannot use the data folder {folder}: {why}").format(
            folder=folder, why=exc.strerror), file=sys.stderr)
        return 2
    if lock is None:
        print("kings-corner serve: " + _(
            "another kings-corner serve uses the data folder {folder}: two servers on one folder "
            "would overwrite each other's tables (give each its own --data-dir)").format(folder=folder),
            file=sys.stderr)
        return 2
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(asctime)s %(message)s", "%Y-%m-%d %H:%M:%S"))
    for name in ("kc_tui.ssh", "kc_tui.net", "kc_tui.web"):
        logger = logging.getLogger(name)
        logger.setLevel(logging.INFO)
        logger.addHandler(handler)
    logging.getLogger("asyncssh").setLevel(logging.WARNING)
    # Every connection holds an open file: a soft limit of 1,024 left little room for them and
    # for the tables' saves (the gate keeps some for those, see kc_tui.ssh.gate).
    raise_open_files_limit()
    with lock:
        return asyncio.run(_serve(args, folder, authorized))


def lock_folder(folder: Path) -> IO[str] | None:
    """The data folder's lock, held while the file it returns is open (None: another server
    holds it).  A second server started on the same folder listed the first one's table as
    adjourned, resumed it, and their saves overwrote each other's (a hosting play test).  A
    folder whose file system takes no lock (some network ones) is served unlocked."""
    lock = open(folder / "serve.lock", "a")  # (held open for the server's life; OSError: unwritable)
    try:
        fcntl.flock(lock.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        lock.close()
        return None
    except OSError as exc:
        logging.getLogger("kc_tui.net").warning("the data folder %s cannot be locked (%s): another server "
                                                "on it would not be refused", folder, exc.strerror)
    return lock


async def _open_to_browsers(args: argparse.Namespace, tables: Any, ssh_port: int, gate: Any) -> Any:
    """The tables' web side (``--web``), listening; None (and why, on stderr) if it cannot."""
    from ..storage import Settings
    from ..tui.lobby import LobbyApp
    from ..web.tables import BrowserTables

    browsers = BrowserTables(lambda key: LobbyApp(tables, key=key, settings=Settings()), args.host,
                             args.web, max_tabs=args.max_sessions, ssh_port=ssh_port, gate=gate,
                             tabs_per_address=max(1, args.max_per_address // 2))
    try:
        await browsers.start()
    except OSError as exc:
        print("kings-corner serve: " + _("cannot listen for browsers on {host}:{port}: {why}").format(
            host=args.host, port=args.web, why=exc.strerror or exc), file=sys.stderr)
        return None
    return browsers


async def _serve(args: argparse.Namespace, folder: Path, authorized: frozenset[str] | None) -> int:
    """Serve until stopped; a server that fails unexpectedly leaves Redis before the error goes
    on (its loops there, cancelled mid-call by asyncio's ending, kept the process alive)."""
    joined: list[Any] = []
    try:
        return await _serving(args, folder, authorized, joined)
    except BaseException:
        for hosts in joined:
            await hosts.close()
        raise


async def _serving(args: argparse.Namespace, folder: Path, authorized: frozenset[str] | None,
                   joined: list[Any]) -> int:
    from ..net import TableServer, TableState, table_games
    from ..net.thinkers import cores
    from ..ssh import GameSSHServer, Limits
    from ..ssh.gate import RESERVED_FILES, Gate, GateLimits, connection_room
    from ..ssh.lobby import lobby_front_ends
    from ..ssh.workers import WebPortError, Workers

    # Every message of the server goes to the streams it started with: a session's app
    # redirects sys.stdout while it runs, and several run at once.
    out = sys.stdout
    tables = TableServer(folder, grace=args.grace, max_tables_per_person=args.max_tables_per_person,
                         max_tables=args.max_tables, adjourned_days=args.adjourned_days,
                         thinkers=cores() if args.thinkers is None else args.thinkers)
    tables.thinkers.start()
    # One door for both ports: an address's connections are counted together.  Each table being
    # played holds its transcript open: the connections leave a file for each table too.
    gate = Gate(GateLimits(per_address=args.max_per_address, per_minute=args.max_per_minute,
                           total=connection_room(RESERVED_FILES + args.max_tables)))
    limits = Limits(max_sessions=args.max_sessions, idle_seconds=args.idle,
                    sessions_per_key=args.max_per_key, sessions_per_address=args.max_per_address)
    workers = cores() if args.workers is None else args.workers
    server: GameSSHServer | Workers
    if workers:
        # The browsers' tabs are served by the workers too, on the port the server listens on.
        web = None if args.web is None else {"port": args.web, "max_tabs": args.max_sessions,
                                             "tabs_per_address": max(1, args.max_per_address // 2)}
        server = Workers(workers, tables, folder / HOST_KEY_FILE, host=args.host, port=args.port,
                         authorized=authorized, guests=args.guests, gate=gate, limits=limits, web=web,
                         shared=args.redis is not None)
    else:
        server = GameSSHServer(lobby_front_ends(tables), folder / HOST_KEY_FILE, host=args.host,
                               port=args.port, authorized=authorized, guests=args.guests, gate=gate,
                               limits=limits)
    hosts = None
    if args.redis is not None:
        from ..net.hosts import Hosts, StoreUnreachable

        assert isinstance(server, Workers)
        try:
            hosts = Hosts(args.redis, server.link, lease=args.lease)
            joined.append(hosts)
            await hosts.start()
        except (StoreUnreachable, ValueError) as exc:
            await tables.close()
            print("kings-corner serve: " + _("cannot use Redis at {url}: {why}").format(
                url=_without_password(args.redis), why=exc), file=sys.stderr)
            return 1
    try:
        await server.start()
    except WebPortError as exc:
        await tables.close()
        print("kings-corner serve: " + _("cannot listen for browsers on {host}:{port}: {why}").format(
            host=args.host, port=args.web, why=exc.strerror or exc), file=sys.stderr)
        return 1
    except OSError as exc:
        await tables.close()
        print("kings-corner serve: " + _("cannot listen on {host}:{port}: {why}").format(
            host=args.host, port=args.port, why=exc.strerror or exc), file=sys.stderr)
        return 1
    browsers = None
    web_port = server.web_port if isinstance(server, Workers) else None
    if args.web is not None and web_port is None:
        browsers = await _open_to_browsers(args, tables, server.port, gate)
        if browsers is None:
            await server.stop()
            await tables.close()
            return 1
        web_port = browsers.port
    # The stopping signals are the loop's before anyone is told where to connect.
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    stopped_by: list[int] = []

    def stop_by(signum: int) -> None:
        stopped_by.append(signum)
        stop.set()

    for signum in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        loop.add_signal_handler(signum, stop_by, signum)
    print(_("Tables ({games}) are served on {host}:{port} — players connect with: ssh -p {port} HOST")
          .format(games=game_titles(table_games()), host=args.host, port=server.port), file=out)
    print(_("Host key fingerprint: {fingerprint} (players can check it when ssh asks)")
          .format(fingerprint=server.fingerprint), file=out)
    if web_port is not None:
        from ..web import addresses

        here, *others = addresses(args.host, web_port)
        if others:
            print(_("Browsers open {here} here, {there} from the network (the same tables; no login: a "
                    "browser is known by a cookie, and gets its seat back after a dropped connection).")
                  .format(here=here, there=others[0]), file=out)
        else:
            print(_("Browsers open {here} (the same tables; no login: a browser is known by a cookie, "
                    "and gets its seat back after a dropped connection).").format(here=here), file=out)
    if authorized is not None:
        # English says "key(s)" whatever the number; a language may say each form.
        print(ngettext("Admitting only the {n} key(s) in {file}.", "Admitting only the {n} key(s) in {file}.",
                       len(authorized)).format(n=len(authorized), file=args.authorized_keys), file=out)
    if args.guests:
        print(_("Guests without a key are admitted."), file=out)
    if hosts is not None:
        print(_("Sharing one lobby with the other servers through Redis at {where} (this server: {me}).")
              .format(where=hosts.where_said(), me=hosts.me), file=out)
    if _this_machine_only(args.host):
        # ("ssh -p PORT HOST" above: friends given this machine's name were refused with no why)
        print(_("Only this machine can connect: to let players on other machines in, start with "
                "--host 0.0.0.0 (and --authorized-keys, docs/hosting.md).") if authorized is None
              else _("Only this machine can connect: to let players on other machines in, start with "
                     "--host 0.0.0.0 (docs/hosting.md)."), file=out)
    print(_("Stop with Ctrl+C."), file=out, flush=True)
    try:
        await stop.wait()
    finally:
        for signum in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
            loop.remove_signal_handler(signum)
        # Counted, and the tables told that the server stops, before the sessions end (a table
        # whose people all went would adjourn then, and the sessions' ends are no news).
        playing = sum(1 for t in tables.tables() if t.state == TableState.PLAYING)
        tables.stop()
        if browsers is not None:
            await browsers.stop()
        await server.stop()
        await tables.close()
        if hosts is not None:
            await hosts.close()
    how = signal.Signals(stopped_by[0]).name if stopped_by else None
    shared = hosts is not None  # its tables are resumed on any host of the lobby

    def stopped() -> str:
        if not playing:
            return (_("Stopped by {signal}; no game was in progress.").format(signal=how) if how
                    else _("Stopped by request; no game was in progress."))
        if shared and how:
            return ngettext("Stopped by {signal}; {n} game in progress adjourned (its players can resume it "
                            "on any host sharing the lobby).", "Stopped by {signal}; {n} games in progress "
                            "adjourned (their players can resume them on any host sharing the lobby).",
                            playing).format(signal=how, n=playing)
        if shared:
            return ngettext("Stopped by request; {n} game in progress adjourned (its players can resume it "
                            "on any host sharing the lobby).", "Stopped by request; {n} games in progress "
                            "adjourned (their players can resume them on any host sharing the lobby).",
                            playing).format(n=playing)
        if how:
            return ngettext("Stopped by {signal}; {n} game in progress adjourned (they come back on the "
                            "next start).", "Stopped by {signal}; {n} games in progress adjourned (they "
                            "come back on the next start).", playing).format(signal=how, n=playing)
        return ngettext("Stopped by request; {n} game in progress adjourned (they come back on the next "
                        "start).", "Stopped by request; {n} games in progress adjourned (they come back "
                        "on the next start).", playing).format(n=playing)

    said = stopped()
    with speaking(DEFAULT):  # the log too (a host who keeps the log alone had no line of the stop)
        logging.getLogger("kc_tui.net").info(stopped())
    print(said, file=out, flush=True)
    return 0


def _without_password(url: str) -> str:
    """A Redis URL as it can be printed: its password hidden."""
    head, at, tail = url.rpartition("@")
    if not at:
        return url
    scheme, _sep, _credentials = head.partition("://")
    return f"{scheme}://***@{tail}"


def _this_machine_only(host: str) -> bool:
    """Whether ``host`` (``--host``) is an address of this machine's loopback only."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False
