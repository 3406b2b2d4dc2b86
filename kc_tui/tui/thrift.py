"""Textual's per-app and per-line objects made lighter, for a server of many apps in one process.

``kings-corner serve`` runs one Textual app per session.  Counted with ``python
benchmarks/serve_load.py --census`` (fifty sessions), the cycle collector tracked about 21,000
objects a session, and a full collection looks at every one of them: the longest stop any
session's screen sees.  Two kinds of them were Textual's own bookkeeping, not the game's:

- **A line's caches.**  Every :class:`~textual.strip.Strip` (a line of a widget) made seven
  empty caches when it was made, each an object the collector tracks: 29% of all the objects
  tracked, for lines most of which are cropped once, drawn and dropped.
  :func:`lazy_strip_caches` makes each cache when a result is first put in it.
- **Each app's parsed CSS.**  Each app parsed the same style sheets again (the app's, every
  widget's defaults): about 30 ms of a session's start, and its own tree of selectors, tokens and
  rules for as long as it lives.  :func:`share_parsed_css` keeps the parsed rules once per
  process for every app with the same variables (the theme's colours), each source's and an
  app's whole sheet with its map of selectors.

A third is time, not objects: a screen laid itself out again, whole, at a Resize event for the
size it was already laid out at.  A screen shown for the first time posts itself such an event
from its first layout, and each screen under it is laid out again with it: a session arriving
had its screens laid out 14 times (its lobby 5), 4 now.  :func:`one_layout_a_size` lets a
screen already laid out at a size take its Resize without a layout (a terminal that changed size
still lays every screen out again, as before).

None of them changes what is drawn: the caches answer as before, and the rules are the same objects
the parser would make again (Textual reads them; it never changes a parsed rule).  Each checks
the Textual it patches and leaves it alone if it is not the one it was written for
(:func:`thrifty` says whether all three apply).  They are applied once, at import.
"""

from __future__ import annotations

import logging
from typing import Any

from textual.cache import FIFOCache, LRUCache
from textual.css.stylesheet import Stylesheet
from textual.geometry import Size
from textual.screen import Screen
from textual.strip import Strip

__all__ = ["lazy_strip_caches", "share_parsed_css", "one_layout_a_size", "thrifty", "CACHE_SLOTS",
           "PARSED_KEPT"]

log = logging.getLogger("kc_tui.tui")

CACHE_SLOTS = ("_divide_cache", "_crop_cache", "_style_cache", "_filter_cache",
               "_line_length_cache", "_crop_extend_cache", "_offsets_cache")
"""The caches a :class:`Strip` makes in its ``__init__``."""
_OTHER_SLOTS = ("_segments", "_cell_length", "_render_cache", "_link_ids", "_cell_count")
"""The rest of its slots (what the lighter ``__init__`` sets, as Textual's does)."""

PARSED_KEPT = 256
"""Parsed style sheets kept for the whole process (a few dozen are ever read: one per widget
class with default CSS and per app style sheet, and one whole sheet per app class, times the
themes in use)."""


class _Unmade:
    """A strip's cache before anything was put in it: empty to whoever reads it; the first
    result put in it makes the real cache in the strip's slot."""

    __slots__ = ("strip", "slot", "size")

    def __init__(self, strip: Strip, slot: Any, size: int) -> None:
        self.strip, self.slot, self.size = strip, slot, size

    def get(self, key: Any, default: Any = None) -> Any:
        return default

    def __contains__(self, key: Any) -> bool:
        return False

    def __len__(self) -> int:
        return 0

    def __setitem__(self, key: Any, value: Any) -> None:
        cache: FIFOCache[Any, Any] = FIFOCache(self.size)
        cache[key] = value
        self.slot.__set__(self.strip, cache)

    def clear(self) -> None:
        return None


class _LazyCache:
    """The class attribute of one cache slot of :class:`Strip`: the slot's cache once made,
    otherwise an :class:`_Unmade` one bound to the strip."""

    def __init__(self, slot: Any, size: int) -> None:
        self.slot, self.size = slot, size

    def __get__(self, strip: Strip | None, owner: type | None = None) -> Any:
        if strip is None:
            return self
        try:
            return self.slot.__get__(strip, owner)
        except AttributeError:
            return _Unmade(strip, self.slot, self.size)

    def __set__(self, strip: Strip, value: Any) -> None:
        self.slot.__set__(strip, value)


def lazy_strip_caches() -> bool:
    """Make each :class:`Strip`'s caches on first use; False (and nothing changed) if Textual's
    strip is not the one this was written for."""
    if getattr(Strip, "_kc_lazy", False):
        return True
    if set(Strip.__slots__) != set(CACHE_SLOTS + _OTHER_SLOTS):
        log.info("Textual's Strip has other slots (%s): its caches are left as they are",
                 ", ".join(Strip.__slots__))
        return False
    probe = Strip([])
    sizes = {}
    for name in CACHE_SLOTS:
        cache = getattr(probe, name)
        if not isinstance(cache, FIFOCache):
            return False
        sizes[name] = cache._maxsize
    if (probe._render_cache, probe._link_ids, probe._cell_count) != (None, None, None):
        return False
    for name in CACHE_SLOTS:
        setattr(Strip, name, _LazyCache(Strip.__dict__[name], sizes[name]))

    def __init__(self: Strip, segments: Any, cell_length: int | None = None) -> None:
        self._segments = list(segments)
        self._cell_length = cell_length
        self._render_cache = None
        self._link_ids = None
        self._cell_count = None

    Strip.__init__ = __init__  # type: ignore[method-assign]
    Strip._kc_lazy = True  # type: ignore[attr-defined]
    return True


_parsed: LRUCache[tuple[Any, ...], Any] = LRUCache(PARSED_KEPT)
"""The process's parsed style sheets, by what the parse depends on."""


def share_parsed_css() -> bool:
    """Parse each style sheet, and each app's sheets together, once per process and set of
    variables; False (and nothing changed) if Textual's :class:`Stylesheet` is not the one this
    was written for."""
    if getattr(Stylesheet, "_kc_shared", False):
        return True
    own = Stylesheet._parse_rules
    if own.__code__.co_varnames[:6] != ("self", "css", "read_from", "is_default_rules", "tie_breaker",
                                        "scope"):
        log.info("Textual's Stylesheet parses with other arguments: each app parses its own")
        return False

    def _parse_rules(self: Stylesheet, css: str, read_from: Any, is_default_rules: bool = False,
                     tie_breaker: int = 0, scope: str = "") -> Any:
        # The parse reads the variables (the theme's colours) and nothing else of the sheet.
        key = (css, read_from, is_default_rules, tie_breaker, scope,
               tuple(sorted(self._variables.items())))
        rules = _parsed.get(key)
        if rules is None:
            rules = own(self, css, read_from, is_default_rules, tie_breaker, scope)
            _parsed[key] = rules
        return rules

    whole_parse = Stylesheet.parse

    def parse(self: Stylesheet) -> None:
        # A whole sheet (an app's: every source it reads) parsed once too, with its map of
        # selectors to rules: the same lists for every app (Textual never changes them, it
        # makes new ones when a source is added).
        key = (tuple(self.source.items()), tuple(sorted(self._variables.items())))
        whole = _parsed.get(key)
        if whole is None:
            whole_parse(self)
            whole = _parsed[key] = (self._rules, self.rules_map)
        self._rules, self._rules_map = whole
        self._require_parse = False

    Stylesheet._parse_rules = _parse_rules  # type: ignore[method-assign]
    Stylesheet.parse = parse  # type: ignore[method-assign]
    Stylesheet._kc_shared = True  # type: ignore[attr-defined]
    return True


def one_layout_a_size() -> bool:
    """A screen already laid out at a size takes a Resize event for that size without laying
    itself out again; False (and nothing changed) if Textual's screen is not the one this was
    written for."""
    if getattr(Screen, "_kc_one_layout", False):
        return True
    own = Screen._screen_resized
    if own.__code__.co_varnames[:2] != ("self", "size") or "_refresh_layout" not in own.__code__.co_names:
        log.info("Textual's Screen takes a resize otherwise: each Resize lays it out again")
        return False

    def _screen_resized(self: Screen[Any], size: Size) -> None:
        # What the layout was made for: a change of anything else than the size (a widget
        # added, a style) asks for a layout of its own.
        if self._compositor.size == size:
            return
        own(self, size)

    Screen._screen_resized = _screen_resized  # type: ignore[method-assign]
    Screen._kc_one_layout = True  # type: ignore[attr-defined]
    return True


def thrifty() -> bool:
    """Whether all three are in force."""
    return bool(getattr(Strip, "_kc_lazy", False) and getattr(Stylesheet, "_kc_shared", False)
                and getattr(Screen, "_kc_one_layout", False))


lazy_strip_caches()
share_parsed_css()
one_layout_a_size()
