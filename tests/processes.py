"""What the bot and signal tests share: waiting for a bot's process group to be gone."""

from __future__ import annotations

import os
import time


def group_gone(pgid: int | None) -> bool:
    """Has every process of the group ``pgid`` gone?  The bot's own process is reaped by the
    game; its children, orphaned, are reaped by init, which may take it a moment (a liveness
    wait of up to 10 s, not a timing assertion)."""
    assert pgid is not None
    for _ in range(200):
        try:
            os.killpg(pgid, 0)
        except ProcessLookupError:
            return True
        time.sleep(0.05)
    return False
