"""A closed screen's objects freed at once, without waiting for the cycle collector.

A screen and its widgets refer to each other (a widget and its styles, its timers' callbacks,
its caches), so once a screen is closed they are garbage in reference cycles, which Python frees
only when its cycle collector runs.  A server of many apps sets what has lived a second aside
from that collector (:mod:`kc_tui.ssh.collector`: scanning it again and again stopped every
screen), so a dialog open for longer than a second stayed in memory until the next full
collection, an hour later in a worker.  One person opening and closing the new table form 100
times made the process 111 MB larger (6,300 objects in cycles each time), and watching a table
and leaving it 100 times 58 MB (``python benchmarks/screen_churn.py``).

:func:`sweep` does, for one closed screen, what the collector would: it looks at the objects
reachable from the screen's widgets (and no further than other widgets, the app, the event loop,
threads, classes, code and modules), finds those that nothing outside them refers to (a
reference count no larger than the references among them), and clears them (their attributes,
containers and closure cells) so that reference counting frees them.  Whatever something
outside refers to, and whatever that reaches, is left untouched: an object is cleared only when
nothing but other cleared objects can ever reach it again.  What would run code as it is freed
(a suspended coroutine, a pending task, an object with ``__del__``) is left whole, with all it
reaches, for the collector, which runs such code before it clears anything.  The objects it
looks at are the front end's, which only the event loop's thread touches.

Three of Textual's habits made garbage in cycles that no closed screen reaches, and so kept its
widgets from the outside; they are undone here at import:

- each layout's recursive ``add_widget`` closure referred to itself, with the layout's map of
  every widget (:func:`closure_free_layout`);
- a cleared :class:`~textual.cache.LRUCache` left its ring of links, values included
  (:func:`ring_free_clear`);
- each restyle of a widget (a focus, a hover) made the style holders of its parts again (an
  input's cursor, a list's highlight) and dropped the old ones, each a cycle: they are swept at
  once (:func:`restyle_frees_old_parts`).

A fourth kept closed widgets' drawn lines alive without a cycle: a cache of two colours that
took each widget's style cache as part of its key (:func:`colours_kept_without_widgets`).

:func:`release_closed_screens` has every screen removed from an app swept
:data:`SWEEP_AFTER` seconds later (again, up to four times, if something still held it).  Now
the 100 new table forms and the 100 tables watched add about 2 MB each (what the allocator
keeps) and leave 0 and 46 objects in cycles each time.  Each patch checks the Textual it
patches and leaves it alone if it is not the one it was written for.
"""

from __future__ import annotations

import asyncio
import collections
import functools
import gc
import inspect
import logging
import sys
import textwrap
import threading
import time
import types
import weakref
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from textual import _compositor
from textual._styles_cache import StylesCache
from textual.app import App
from textual.cache import LRUCache
from textual.css.stylesheet import Stylesheet
from textual.dom import DOMNode
from textual.screen import Screen

__all__ = ["Swept", "sweep", "roots_of", "release_closed_screens", "closure_free_layout",
           "ring_free_clear", "restyle_frees_old_parts", "colours_kept_without_widgets", "released",
           "SWEEP_AFTER", "RETRY_AFTER", "MOST_LOOKED_AT"]

log = logging.getLogger("kc_tui.tui")

SWEEP_AFTER = 1.0
"""Seconds between a screen's removal and its sweep: its widgets' message loops and timers stop
in the meantime (while they run, the event loop holds them, and the sweep leaves them)."""
RETRY_AFTER = 1.0
"""A screen still held at its sweep is swept again this much later, then twice, four and eight
times as long (something may hold it for a while: a dialog's caller, a message on its way)."""
MOST_LOOKED_AT = 100_000
"""The most objects one sweep looks at (a closed table screen is some 10,000); past it the rest is
left to the collector, as before."""

_CLEARED = (dict, list, set, collections.deque, collections.OrderedDict, collections.defaultdict)
_NEVER = (type, types.ModuleType, types.CodeType, types.FrameType, asyncio.AbstractEventLoop,
          threading.Thread)
_SUSPENDED = (types.GeneratorType, types.CoroutineType, types.AsyncGeneratorType)


@dataclass(frozen=True)
class Swept:
    """What one sweep did."""

    looked_at: int
    """Objects it looked at."""
    cleared: int
    """Of them, those it cleared: nothing else referred to them."""
    seconds: float
    held: bool
    """The first root (the screen) was still referred to from outside: nothing of what it
    reaches was cleared."""


released = {"screens": 0, "cleared": 0, "held": 0}
"""Totals for this process: screens swept, objects cleared, and screens left to the collector
(still held after the last try)."""


def _referents(obj: Any) -> Iterable[Any]:
    # A function is followed to its closure and defaults, never to its module's globals.
    if type(obj) is types.FunctionType:
        return [part for part in (obj.__closure__, obj.__defaults__, obj.__kwdefaults__)
                if part is not None]
    return gc.get_referents(obj)


def _followed(obj: Any, roots: set[int]) -> bool:
    if not gc.is_tracked(obj) or isinstance(obj, _NEVER):
        return False
    if isinstance(obj, DOMNode):  # the app, live screens and widgets are not this screen's
        return id(obj) in roots
    return not (type(obj) is dict and "__builtins__" in obj)  # a module's globals


def _finalized(obj: Any) -> bool:
    """Whether freeing ``obj`` runs code that could look at what it refers to (a finalizer), as a
    suspended coroutine's does: such objects, and all they reach, are left to the collector,
    which runs finalizers before it clears anything."""
    if isinstance(obj, _SUSPENDED):
        return any(getattr(obj, frame, None) is not None for frame in ("gi_frame", "cr_frame", "ag_frame"))
    if isinstance(obj, asyncio.Future):  # a finished one only reports an error nobody read
        return not obj.done()
    return hasattr(type(obj), "__del__")


def sweep(refs: Iterable[weakref.ref[Any]], most: int = MOST_LOOKED_AT) -> Swept:
    """Clear the objects that only the referents of ``refs`` (weak references to a closed
    screen and its widgets, the screen first) and each other reach; see the module's text."""
    began = time.perf_counter()
    objs: list[Any] = [obj for obj in (ref() for ref in refs) if obj is not None]
    if not objs:
        return Swept(0, 0, 0.0, False)
    index = {id(obj): at for at, obj in enumerate(objs)}
    roots = set(index)
    at = 0
    while at < len(objs) and len(objs) < most:
        for ref in _referents(objs[at]):
            if id(ref) not in index and _followed(ref, roots):
                index[id(ref)] = len(objs)
                objs.append(ref)
        at += 1
    ref = None
    # References among them; anything more is from outside (the list and the call take two).
    inside = [0] * len(objs)
    for obj in objs:
        for ref in _referents(obj):
            at_ref = index.get(id(ref))
            if at_ref is not None:
                inside[at_ref] += 1
    obj = ref = None
    held = bytearray(len(objs))
    stack = [at for at in range(len(objs))
             if sys.getrefcount(objs[at]) - 2 > inside[at] or _finalized(objs[at])]
    for at in stack:
        held[at] = 1
    while stack:
        for ref in _referents(objs[stack.pop()]):
            at_ref = index.get(id(ref))
            if at_ref is not None and not held[at_ref]:
                held[at_ref] = 1
                stack.append(at_ref)
    ref = None
    dead = [objs[at] for at in range(len(objs)) if not held[at]]
    looked_at, first_held = len(objs), bool(held[0])
    del objs, index
    for obj in dead:
        _clear(obj)
    obj = None
    cleared = len(dead)
    # Weak references last in the list, so first freed (a list frees from its end): none calls
    # back into an object already cleared.
    dead.sort(key=lambda item: isinstance(item, weakref.ref))
    hook = sys.unraisablehook
    sys.unraisablehook = _quiet
    try:
        del dead
    finally:
        sys.unraisablehook = hook
    released["cleared"] += cleared
    return Swept(looked_at, cleared, time.perf_counter() - began, first_held)


def _clear(obj: Any) -> None:
    kind = type(obj)
    if kind in _CLEARED:
        obj.clear()
        return
    if kind is types.CellType:
        try:
            del obj.cell_contents
        except ValueError:  # empty already
            pass
        return
    attributes = getattr(obj, "__dict__", None)
    if type(attributes) is dict:
        attributes.clear()
    for klass in kind.__mro__:
        for slot in klass.__dict__.get("__slots__", ()):
            if slot in ("__dict__", "__weakref__"):
                continue
            if slot.startswith("__") and not slot.endswith("__"):
                slot = f"_{klass.__name__.lstrip('_')}{slot}"
            try:
                delattr(obj, slot)
            except (AttributeError, TypeError):
                pass


def _quiet(unraisable: Any) -> None:
    log.debug("while freeing a closed screen: %s", unraisable.exc_value)


def roots_of(screen: Screen[Any]) -> list[weakref.ref[Any]]:
    """Weak references to a screen, its widgets and their component styles' nodes (Textual drops
    those from its widgets as they are removed), taken while it is still whole."""
    refs: list[weakref.ref[Any]] = []
    for node in screen.walk_children(with_self=True):
        refs.append(weakref.ref(node))
        parts = getattr(node, "_component_styles", {})
        refs.extend(weakref.ref(styles.node) for styles in parts.values()
                    if getattr(styles, "node", None) is not None)
    return refs


def _later(refs: list[weakref.ref[Any]], wait: float) -> None:
    swept = sweep(refs)
    if not swept.held:
        released["screens"] += 1
    elif wait <= RETRY_AFTER * 8:  # again, later (four times at most), then left to the collector
        asyncio.get_running_loop().call_later(wait, _later, refs, wait * 2)
    else:
        released["held"] += 1


def release_closed_screens() -> bool:
    """Have every screen an app removes swept :data:`SWEEP_AFTER` seconds later; False (and nothing
    changed) if Textual's app removes screens otherwise than this was written for."""
    if getattr(App, "_kc_release", False):
        return True
    own = App._replace_screen
    if not inspect.iscoroutinefunction(own) or "remove" not in own.__code__.co_names:
        log.info("Textual's App removes screens otherwise: closed screens wait for the collector")
        return False

    async def _replace_screen(self: App[Any], screen: Screen[Any]) -> Screen[Any]:
        refs = roots_of(screen)
        replaced = await own(self, screen)
        if screen.parent is None and not screen.is_attached:
            asyncio.get_running_loop().call_later(SWEEP_AFTER, _later, refs, RETRY_AFTER)
        return replaced

    App._replace_screen = _replace_screen  # type: ignore[method-assign]
    App._kc_release = True  # type: ignore[attr-defined]
    return True


def closure_free_layout() -> bool:
    """Textual's layout without the cycle it left at each layout (its recursive closure referred
    to itself, and so kept the layout's map of widgets until the collector ran); False (and
    nothing changed) if its layout is not the one this was written for."""
    own = _compositor.Compositor._arrange_root
    if getattr(own, "_kc_closure_free", False):
        return True
    try:
        lines, first = inspect.getsourcelines(own)
    except (OSError, TypeError):
        lines, first = [], 0
    source = textwrap.dedent("".join(lines))
    ending = "    return map, widgets\n"
    if "def add_widget(" not in source or source.count(ending) != 1:
        log.info("Textual's layout is not the one expected: each layout leaves a cycle")
        return False
    source = source.replace(ending, "    add_widget = None  # the closure referred to itself\n" + ending)
    made: dict[str, Any] = {}
    # Its own file and line numbers, so that a traceback still points into Textual.
    exec(compile("\n" * (first - 1) + source, own.__code__.co_filename, "exec"),  # noqa: S102
         vars(_compositor), made)
    arrange = made["_arrange_root"]
    arrange._kc_closure_free = True
    _compositor.Compositor._arrange_root = arrange  # type: ignore[method-assign]
    return True


def restyle_frees_old_parts() -> bool:
    """The styles of a widget's parts (an input's cursor, a list's highlight) that a restyle
    replaces are swept at once: each restyle (a focus, a hover, a class set) made each part's
    style holder again and dropped the old one in a cycle; False if Textual restyles otherwise."""
    if getattr(Stylesheet, "_kc_parts_freed", False):
        return True
    own = Stylesheet._process_component_classes
    if "_component_styles" not in own.__code__.co_names:
        log.info("Textual styles a widget's parts otherwise: each restyle leaves cycles")
        return False

    def _process_component_classes(self: Stylesheet, node: DOMNode) -> None:
        old = list(node._component_styles.values())
        own(self, node)
        if old:
            kept = {id(styles) for styles in node._component_styles.values()}
            parts = [weakref.ref(styles.node) for styles in old
                     if id(styles) not in kept and styles.node is not None]
            del old
            if parts:
                sweep(parts)

    Stylesheet._process_component_classes = _process_component_classes  # type: ignore[method-assign]
    Stylesheet._kc_parts_freed = True  # type: ignore[attr-defined]
    return True


def colours_kept_without_widgets() -> bool:
    """A widget's inner and outer backgrounds are remembered by their colours alone: Textual's
    cache of them took each widget's style cache as part of the key, and so kept the style
    caches (and the lines drawn in them) of the last 1,024 widgets, closed or not; False if
    Textual's style cache is not the one this was written for."""
    own = StylesCache.get_inner_outer
    if getattr(own, "_kc_by_colour", False):
        return True
    wrapped = getattr(own, "__wrapped__", None)
    if wrapped is None or wrapped.__code__.co_varnames[:3] != ("cls", "base_background", "background"):
        log.info("Textual's style cache is not the one expected: it keeps closed widgets' lines")
        return False

    @functools.lru_cache(1024)
    def by_colour(base_background: Any, background: Any) -> Any:
        return wrapped(None, base_background, background)

    def get_inner_outer(self: StylesCache, base_background: Any, background: Any) -> Any:
        return by_colour(base_background, background)

    get_inner_outer._kc_by_colour = True  # type: ignore[attr-defined]
    StylesCache.get_inner_outer = get_inner_outer  # type: ignore[method-assign,assignment]
    return True


def ring_free_clear() -> bool:
    """A cleared :class:`LRUCache` unlinks its ring (it dropped the ring whole: a cycle of links
    holding every value it had); False if the cache is not the one this was written for."""
    if getattr(LRUCache, "_kc_ring_free", False):
        return True
    own = LRUCache.clear
    if "_head" not in own.__code__.co_names or "_cache" not in own.__code__.co_names:
        log.info("Textual's LRUCache clears otherwise: each clear leaves a cycle")
        return False

    def clear(self: LRUCache[Any, Any]) -> None:
        for link in self._cache.values():
            link.clear()
        own(self)

    LRUCache.clear = clear  # type: ignore[method-assign]
    LRUCache._kc_ring_free = True  # type: ignore[attr-defined]
    return True


closure_free_layout()
ring_free_clear()
restyle_frees_old_parts()
colours_kept_without_widgets()
release_closed_screens()
