"""What one client's terminal may ask of a served session, SSH or browser alike: its size, the
longest paste, and how much of its input reaches the app at a time.  No library but the catalogs
is loaded here, so the web side can use it without the SSH server or Textual."""

from __future__ import annotations

from ..core.i18n import Domain

__all__ = ["COLUMNS", "MAX_PASTE", "ROWS", "SLICE", "clamp_size", "paste_sentence"]

_, ngettext, pgettext, L_, Ln_ = Domain.of(__package__).functions()

COLUMNS, ROWS = (20, 500), (10, 200)
"""The terminal sizes a client may have (a larger or smaller one is brought within these): a
screen is drawn in memory cell by cell, and a client once asked for 4294967295 x 4294967295."""
MAX_PASTE = 4096
"""Bytes of one paste (or one piece of input) at most: longer than any command or name, and
dropped whole rather than parsed into thousands of keys."""
SLICE = 64
"""Bytes of input handed to a session's app at once: every other session has its turn between
two."""


def clamp_size(columns: int, rows: int) -> tuple[int, int]:
    """``columns`` x ``rows`` brought within :data:`COLUMNS` and :data:`ROWS`."""
    return max(COLUMNS[0], min(COLUMNS[1], columns)), max(ROWS[0], min(ROWS[1], rows))


def paste_sentence(most: int = MAX_PASTE) -> str:
    """What a client is told of a paste longer than ``most`` bytes (in the language being served)."""
    # Translators: {most:,} writes 4,096; write {most} for 4096, as the number is written in your language.
    return _("That paste was longer than {most:,} bytes; it was dropped.").format(most=most)
