"""What the bot, signal and server tests share: waiting for a process group to be gone, and
finding every process a server started."""

from __future__ import annotations

import os
import time
from pathlib import Path


def group_gone(pgid: int | None) -> bool:
    """Has every process of the group ``pgid`` ended?  The bot's own process is reaped by the
    game (one of this process's children, too: an ended child not reaped counts as running);
    its children, orphaned, are reaped by init, which some do only every second or so, so one
    that has ended and waits for init counts as gone (a liveness wait of up to 10 s, not a
    timing assertion)."""
    assert pgid is not None
    for _ in range(200):
        if _ended(pgid):
            return True
        time.sleep(0.05)
    return False


def _ended(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return True
    if not Path("/proc/self/stat").exists():
        return False  # no /proc to tell the ended from the running: wait for init
    return all(_waits_for_init(stat) for stat in _group_stats(pgid))


def _group_stats(pgid: int) -> list[list[str]]:
    """The fields after the name in /proc/<pid>/stat (state, parent, group, ...) of each
    process of the group."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue  # gone meanwhile
        if int(fields[2]) == pgid:
            found.append(fields)
    return found


def _waits_for_init(fields: list[str]) -> bool:
    """A process that has ended (a zombie) whose parent is not this process."""
    return fields[0] == "Z" and int(fields[1]) != os.getpid()


def descendants(pid: int) -> set[int]:
    """Every process started by ``pid``, and by those, running now (a server's workers are in
    process groups of their own: the server's group alone misses them)."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parents[int(entry.name)] = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue  # ended meanwhile
    found: set[int] = set()
    new = {pid}
    while new:
        new = {child for child, parent in parents.items() if parent in new} - found
        found |= new
    return found
