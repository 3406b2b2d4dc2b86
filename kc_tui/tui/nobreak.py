"""No-break spaces that do not break a line on screen.

French puts a no-break space before ``:``, ``;``, ``!``, ``?`` and ``%`` and inside « », and
Spanish before ``%``; the catalogs have them, so that a line is never broken there.  But Rich's
word wrapping, which Textual's text uses too (``rich._wrap.divide_line``), reads any Unicode
space as a place to break a line: a French play test saw lines begin with ": pose une carte",
"; Ben a pioché" and "%).".  :func:`keep_no_break_spaces` makes its words hold the no-break
spaces (U+00A0, the narrow U+202F and the figure space U+2007), so that a line breaks only at the
other spaces, as the catalogs mean.  The line mode does not wrap its lines, and Python's
``textwrap`` (the rules' text at a width) breaks only at ASCII spaces already.

It is applied once, at import, and checks that Rich splits words as it did when this was
written; otherwise it leaves Rich alone and :func:`holds` says so.
"""

from __future__ import annotations

import logging
import re

from rich import _wrap

__all__ = ["NO_BREAK", "keep_no_break_spaces", "holds"]

log = logging.getLogger("kc_tui.tui")

NO_BREAK = "\u00a0\u202f\u2007"
"""The spaces a line is never broken at."""

_RICH_WORD = r"\s*\S+\s*"
"""Rich's word: spaces, what is not a space, spaces (any Unicode space)."""
_WORD = re.compile(rf"[^\S{NO_BREAK}]*(?:[^\s]|[{NO_BREAK}])+[^\S{NO_BREAK}]*")
"""The same, where a no-break space is part of a word."""


def keep_no_break_spaces() -> bool:
    """Make Rich's (and so Textual's) wrapping keep words joined by a no-break space together;
    False, and nothing changed, if Rich's words are not the ones this was written for."""
    if _wrap.re_word is _WORD:
        return True
    if _wrap.re_word.pattern != _RICH_WORD:
        log.info("Rich splits words otherwise: its wrapping may break at a no-break space")
        return False
    _wrap.re_word = _WORD
    return True


def holds() -> bool:
    """Whether the wrapping keeps no-break spaces."""
    return _wrap.re_word is _WORD


keep_no_break_spaces()
