"""A screen update that draws only what changed: :class:`SpanCompositor`.

Textual draws a partial update by rendering every widget that overlaps the box around all the
regions that changed, then sending only the changed spans.  On the table a move changes a pile on
the left, the players and the log on the right and the status line at the bottom: that box is
the whole screen, so every widget (the screen's own background, the hand, the key line, all nine
piles) was cut into pieces and thrown away at every move, at every seat.  With many sessions on
one server (``kings-corner serve``) that was most of the server's time.

This compositor renders only the widgets that overlap a changed region.  What it sends is the
same: the changed spans, painted by the same widgets in the same order (a widget that overlaps no
changed region paints nothing that is sent).
"""

from __future__ import annotations

from typing import Any, Iterable, Sequence

from rich.style import Style
from textual._compositor import ChopsUpdate, Compositor
from textual.geometry import Region
from textual.screen import Screen
from textual.strip import Strip

__all__ = ["SpanCompositor", "lean", "untie_strips"]


class SpanCompositor(Compositor):
    """A :class:`Compositor` whose partial updates render only the widgets that changed regions
    overlap."""

    def __init__(self) -> None:
        super().__init__()
        self._changed: list[Region] | None = None

    def _get_renders(self, crop: Region | None = None) -> Iterable[tuple[Region, Region, list[Strip]]]:
        changed = self._changed
        if changed is None:
            yield from super()._get_renders(crop)
            return
        # As Textual's own, but each widget a changed region overlaps renders only the rows of
        # it that region covers (the whole width, so that its cuts fall where Textual's do).  The
        # map of every visible widget is left whole: a widget asks it where it is as it renders.
        # Widgets come front to back, and the first to paint a cell wins: a row of a widget
        # that those in front of it already paint from edge to edge (a container's background
        # under its children) is not rendered at all, unless the widget has the focus (it puts
        # the terminal's cursor as it renders, under a notice too).
        painted: dict[int, list[tuple[int, int]]] = {}
        for widget, (region, clip) in self.visible_widgets.items():
            visible = region.intersection(clip)
            if not visible:
                continue
            top, bottom = visible.y, visible.bottom
            left, right = visible.x, visible.right
            focused = widget.has_focus
            rows: list[tuple[int, int]] = []
            for area in changed:
                if visible.overlaps(area):
                    for y in range(max(top, area.y), min(bottom, area.bottom)):
                        if focused or not _covered(painted.get(y), left, right):
                            rows.append((y, y + 1))
            rows.sort()
            start = end = -1
            for first, last in rows + [(bottom + 1, bottom + 1)]:
                if first > end:  # a band ends: render it
                    if end > start:
                        band = Region(left, start, visible.width, end - start)
                        for y in range(start, end):
                            painted.setdefault(y, []).append((left, right))
                        yield band, band, widget.render_lines(
                            Region(band.x - region.x, band.y - region.y, band.width, band.height))
                    start, end = first, last
                else:
                    end = max(end, last)

    def render_partial_update(self) -> ChopsUpdate | None:
        self._changed = list(self._dirty_regions)
        try:
            return super().render_partial_update()
        finally:
            self._changed = None


def _covered(spans: list[tuple[int, int]] | None, left: int, right: int) -> bool:
    """Whether ``spans`` (cells painted on a row, as [start, end) pairs) cover [left, right)."""
    if not spans:
        return False
    reach = left
    for start, end in sorted(spans):
        if start > reach:
            return False
        reach = max(reach, end)
        if reach >= right:
            return True
    return reach >= right


def lean(screen: Screen[Any]) -> None:
    """Give ``screen`` the compositor above (call it in the screen's ``__init__``)."""
    screen._compositor = SpanCompositor()


def untie_strips() -> None:
    """Keep Textual's :class:`Strip` from caching itself in its own caches.

    A strip divided at its own end (``divide([len])``) or cropped and extended to exactly
    itself (``crop_extend(0, len)``) stores itself in its own cache: the strip, its seven caches
    and its segments become a reference cycle that only the cycle collector frees.  Textual does
    that for most lines it draws, so with many sessions in one process (``kings-corner serve``)
    a second of play left tens of thousands of such objects, and collecting them stopped every
    screen (``benchmarks/serve_load.py``).  Answered without the cache, these calls return the
    same strips as before and leave nothing for the collector.  Called once, at import.
    """
    if getattr(Strip, "_kc_untied", False):
        return
    divide, crop_extend = Strip.divide, Strip.crop_extend

    def divide_untied(self: Strip, cuts: Iterable[int]) -> Sequence[Strip]:
        cuts = list(cuts)
        length = self.cell_length
        if [cut for cut in cuts if cut <= length] == [length]:
            return [self]
        return divide(self, cuts)

    def crop_extend_untied(self: Strip, start: int, end: int, style: Style | None) -> Strip:
        if start <= 0 and end == self.cell_length:
            return self
        return crop_extend(self, start, end, style)

    Strip.divide = divide_untied  # type: ignore[method-assign]
    Strip.crop_extend = crop_extend_untied  # type: ignore[method-assign]
    Strip._kc_untied = True  # type: ignore[attr-defined]


untie_strips()
