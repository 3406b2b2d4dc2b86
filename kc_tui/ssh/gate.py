"""The door of a server open to the internet: who may open one more connection now.

A server has a fixed number of open files (``RLIMIT_NOFILE``), and every connection, SSH or web,
holds one until it closes.  One careless or hostile client that opens connections and never
finishes them (a silent TCP connection, a half-sent HTTP header, an SSH version line and
nothing more) would otherwise hold every one of them: new people were told "the server is
full", ``accept()`` failed, and the tables' saves could not open their files.  So one
:class:`Gate`, shared by the SSH and web ports, admits a connection only while

- its address holds fewer than ``per_address`` connections,
- its address opened fewer than ``per_minute`` in the last minute, and
- the server holds fewer than ``total`` (by default what the open-files limit leaves after
  :data:`RESERVED_FILES` for the saves, transcripts and logs, see :func:`connection_room`).

An address is counted as a client's: an IPv4 address (written plain or mapped into IPv6) is one,
and an IPv6 address counts with its whole /64 network, which one household or one machine is
given, so that its 2^64 addresses are not 2^64 clients (:func:`client_of`).

A refusal is a sentence for the client; the log hears of an address's refusals once a minute,
with how many there were, rather than a line each (1,100 refused connections once wrote 48 MB
of log in 30 s).
"""

from __future__ import annotations

import ipaddress
import logging
import resource
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from ..core.i18n import Domain, Text

_, ngettext, pgettext, L_, Ln_ = Domain.of(__package__).functions()

__all__ = ["Gate", "GateLimits", "SessionCount", "Tally", "RESERVED_FILES", "client_of", "connection_room",
           "raise_open_files_limit"]

log = logging.getLogger("kc_tui.ssh")

RESERVED_FILES = 128
"""Open files kept for the server's own work (saves, transcripts, the log, the host key, the
event loop's own) whatever the connections do."""
LOG_EVERY = 60.0
"""Seconds between two log lines about one kind of event (one address's refused connections)."""


def raise_open_files_limit() -> int:
    """Raise this process's soft limit of open files to its hard limit (a server's default soft
    limit is often 1,024 where the hard one allows far more); the soft limit now in force."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or hard > soft:
        wanted = 65_536 if hard == resource.RLIM_INFINITY else hard
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
            soft = wanted
        except (ValueError, OSError):
            pass
    return soft


def connection_room(reserved: int = RESERVED_FILES) -> int:
    """How many connections the open-files limit leaves room for, after ``reserved`` files
    (each connection holds one file; an SSH session's app holds none more)."""
    soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    return max(8, soft - reserved)


def client_of(address: str) -> str:
    """Who ``address`` is counted as: an IPv4 address itself (also mapped into IPv6), the /64
    network of an IPv6 one, anything else (a Unix socket's name) as it is."""
    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


class Tally:
    """Log lines for what may happen many times a second (refusals, timeouts, dropped input):
    for each kind, the first at once, then at most one every ``every`` seconds, saying how many
    more there were since the last.  Kinds not heard of for ``every`` seconds are forgotten once
    there are many (a kind may be an address)."""

    def __init__(self, logger: logging.Logger = log, every: float = LOG_EVERY, *,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.logger = logger
        self.every = every
        self.clock = clock
        self._kinds: dict[str, tuple[float, int]] = {}

    def note(self, kind: str, message: str) -> None:
        """One more ``kind`` of event, described by ``message`` (logged now, or counted)."""
        now = self.clock()
        last, count = self._kinds.get(kind, (float("-inf"), 0))
        if now - last < self.every:
            self._kinds[kind] = (last, count + 1)
            return
        more = f" (and {count} more since the last line)" if count else ""
        self.logger.warning("%s%s", message, more)
        self._kinds[kind] = (now, 0)
        if len(self._kinds) > 10_000:
            for stale in [k for k, (t, _) in self._kinds.items() if now - t > self.every]:
                del self._kinds[stale]


@dataclass(frozen=True, slots=True)
class GateLimits:
    """The gate's numbers (see the module's words); ``total`` None: :func:`connection_room`."""

    per_address: int = 16
    """Connections one address holds at once (SSH and web together)."""
    per_minute: int = 60
    """Connections one address opens in any minute (a browser opens three for a page and one
    more for each reload, and people behind one router share an address)."""
    total: int | None = None
    """Connections the server holds at once."""


class Gate:
    """Counts the connections held, by address; :meth:`admit` each new one, :meth:`leave` each
    that closed (only those admitted)."""

    def __init__(self, limits: GateLimits = GateLimits(), *,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.limits = limits
        self.total = limits.total if limits.total is not None else connection_room()
        self.clock = clock
        self.held: dict[str, int] = {}
        self._opened: dict[str, deque[float]] = {}
        self.tally = Tally(log, clock=clock)
        """The log's lines about refused addresses: one a minute for each, with a count."""
        self._full_since: float | None = None
        self._holding = 0

    @property
    def holding(self) -> int:
        """Connections held now."""
        return self._holding

    def admit(self, address: str, what: str = "a connection") -> str | None:
        """Let one more connection from ``address`` in (None) or say why not (a sentence for the
        client; the log is told, at most once a minute per address).  ``what`` names the door
        in the log ("an SSH connection", "a web connection")."""
        now = self.clock()
        address = client_of(address)
        opened = self._opened.setdefault(address, deque())
        while opened and now - opened[0] > 60:
            opened.popleft()
        reason = None
        if self.holding >= self.total:
            reason = "The server is full; try again later."
            if self._full_since is None:
                self._full_since = now
                log.warning("the server holds %d connections, its most; new ones are refused until "
                            "some close", self.total)
        elif self.held.get(address, 0) >= self.limits.per_address:
            reason = (f"Too many connections from your address at once ({self.limits.per_address} at "
                      "most); close one and try again.")
        elif len(opened) >= self.limits.per_minute:
            reason = (f"Too many connections from your address ({self.limits.per_minute} a minute at "
                      "most); try again in a minute.")
        if reason is not None:
            self.tally.note(address, f"refused {what} from {address}: {reason}")
            return reason
        opened.append(now)
        self.held[address] = self.held.get(address, 0) + 1
        self._holding += 1
        if self._full_since is not None and self.holding < self.total:
            self._full_since = None
        if len(self._opened) > 10_000:  # forget addresses that went quiet
            for quiet in [a for a, q in self._opened.items()
                          if (not q or now - q[-1] > 60) and a not in self.held]:
                del self._opened[quiet]
        return None

    def leave(self, address: str) -> None:
        """A connection :meth:`admit` let in has closed."""
        address = client_of(address)
        if address not in self.held:
            return  # never admitted: nothing to give back
        self._holding -= 1
        left = self.held[address] - 1
        if left > 0:
            self.held[address] = left
        else:
            del self.held[address]
        if self._full_since is not None and self.holding < self.total:
            log.info("the server has room for connections again")
            self._full_since = None


class Given:
    """The gate of one connection another process accepted (``serve --workers``): that process's
    gate already gave its ``verdict`` (None: admitted); ``leave`` tells it the connection closed."""

    def __init__(self, verdict: str | None, leave: Callable[[str], None]) -> None:
        self.verdict, self._leave = verdict, leave

    def admit(self, address: str, what: str = "a connection") -> str | None:
        return self.verdict

    def leave(self, address: str) -> None:
        self._leave(address)


class SessionCount:
    """The sessions open, by key and by address, the whole server's: with ``serve --workers`` one
    count in the table host, asked by every worker (:meth:`opens` and :meth:`ends` cross the
    link), so that a key holds ``per_key`` sessions at most whichever workers serve them, not
    that many in each.  A holder (a worker) that is gone gives back every session it held
    (:meth:`gone`).  The browsers' tabs are counted by one of their own, by browser (the key),
    by address and in all (:class:`~kc_tui.web.tables.BrowserTables`)."""

    def __init__(self, per_key: int, per_address: int, total: int | None = None) -> None:
        """``total``: the most open at once in all (None: no such limit here)."""
        self.per_key, self.per_address, self.total = per_key, per_address, total
        self.by_key: dict[str, int] = {}
        self.by_address: dict[str, int] = {}
        self._held: dict[str, list[tuple[str | None, str]]] = {}

    @property
    def held(self) -> int:
        """How many are open, every holder's."""
        return sum(self.by_address.values())

    def admits(self, key: str | None, address: str, holder: str = "") -> str | None:
        """Count one more of ``key`` (None: a guest) from ``address`` for ``holder`` (the
        worker serving it), or count nothing and say which limit it met: ``"full"`` (the
        ``total``), ``"key"`` or ``"address"``."""
        address = client_of(address)
        if self.total is not None and self.held >= self.total:
            return "full"
        if key is not None and self.by_key.get(key, 0) >= self.per_key:
            return "key"
        if self.by_address.get(address, 0) >= self.per_address:
            return "address"
        if key is not None:
            self.by_key[key] = self.by_key.get(key, 0) + 1
        self.by_address[address] = self.by_address.get(address, 0) + 1
        self._held.setdefault(holder, []).append((key, address))
        return None

    def opens(self, key: str | None, address: str, holder: str = "") -> Text | None:
        """An SSH session :meth:`admits`: None, or why not as a sentence for the client."""
        limit = self.admits(key, address, holder)
        if limit == "key":
            return Ln_("Your key has {n} session open, the most for one person; close it and try again.",
                       "Your key has {n} sessions open, the most for one person; close one and try again.",
                       self.per_key)
        if limit == "address":
            return Ln_("Your address has {n} session open, the most for one address; close it and try "
                       "again.",
                       "Your address has {n} sessions open, the most for one address; close one and try "
                       "again.", self.per_address)
        if limit == "full":  # (with workers: the whole server's, counted as each session opens)
            assert self.total is not None
            return Ln_("The server is full ({n} session at once); try again later.",
                       "The server is full ({n} sessions at once); try again later.", self.total)
        return None

    def ends(self, key: str | None, address: str, holder: str = "") -> None:
        """A session :meth:`opens` counted has ended."""
        address = client_of(address)
        held = self._held.get(holder, [])
        if (key, address) not in held:
            return  # never counted (or given back with its holder): nothing to give back
        held.remove((key, address))
        if not held:
            del self._held[holder]
        self._less(key, address)

    def gone(self, holder: str) -> None:
        """Every session ``holder`` held has ended with it (a worker that died)."""
        for key, address in self._held.pop(holder, []):
            self._less(key, address)

    def _less(self, key: str | None, address: str) -> None:
        for counts, name in ((self.by_key, key), (self.by_address, address)):
            if name is None:
                continue
            left = counts.get(name, 0) - 1
            if left > 0:
                counts[name] = left
            else:
                counts.pop(name, None)
