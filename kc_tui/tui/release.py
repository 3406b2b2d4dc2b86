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
reaches, for the collector, which runs such code before it clears anything.  The sweep waits
while the app has a worker running in a thread (a computer thinking at home), and judges from
the references it saw as it looked, so that an object another thread moves meanwhile stays.

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

:func:`release_closed_screens` has every screen removed from an app swept, and
:func:`release_ended_apps` every screen of an app that ends (a served session that ended left
some 7,000 objects in cycles; a few hundred now), :data:`SWEEP_AFTER` seconds later,
one at a time (again, up to four times, if something still held it).  Now the 100 new table
forms and the 100 tables watched add about 2 MB each (what the allocator keeps) and leave 0 and
46 objects in cycles each time.  Each patch checks the Textual it patches and leaves it alone if
it is not the one it was written for.
"""

from __future__ import annotations

import asyncio
import collections
import dis
import functools
import gc
import heapq
import inspect
import itertools
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

__all__ = ["Swept", "sweep", "roots_of", "release_closed_screens", "release_ended_apps",
           "closure_free_layout",
           "ring_free_clear", "restyle_frees_old_parts", "colours_kept_without_widgets", "released",
           "SWEEP_AFTER", "SWEEP_GAP", "RETRY_AFTER", "MOST_LOOKED_AT"]

log = logging.getLogger("kc_tui.tui")

SWEEP_AFTER = 1.0
"""Seconds between a screen's removal and its sweep: its widgets' message loops and timers stop
in the meantime (while they run, the event loop holds them, and the sweep leaves them)."""
SWEEP_GAP = 0.1
"""The least time between two sweeps of one event loop: screens closed together (twenty
spectators leaving at once) are swept one after another, so that the sessions of the process
stop for one sweep at a time (some 15-25 ms), not for all of them together."""
RETRY_AFTER = 1.0
"""A screen still held at its sweep is swept again this much later, then twice, four and eight
times as long (something may hold it for a while: a dialog's caller, a message on its way)."""
MOST_LOOKED_AT = 100_000
"""The most objects one sweep looks at (a closed table screen is some 10,000); past it the rest is
left to the collector, as before."""

_CLEARED: tuple[type, ...] = (dict, list, set, collections.deque)
"""Containers emptied through their own type's ``clear`` (a subclass's override is not run)."""
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
    husks: int = 0
    """Objects cleared but still alive afterwards (in a cycle through objects that cannot be
    cleared, such as a tuple or a bound method): none, so far, in any screen measured."""


released: dict[str, float] = {"screens": 0, "cleared": 0, "held": 0, "husks": 0, "seconds": 0.0,
                               "slowest": 0.0}
"""Totals for this process: screens swept, objects cleared, screens left to the collector (still
held after the last try), objects cleared but not freed (:attr:`Swept.husks`), and the seconds
the screens' sweeps took, in all and at most."""


_SKIPPED, _NODE, _FOLLOWED, _DICT = range(4)
"""How an object is looked at, by its type: never (a proxy, a class, a module, code, a frame,
a loop, a thread); only if it is one of the roots (a widget, a screen, the app); a dict, unless
it is a module's globals; always."""
_kinds: dict[type, int] = {}
_LIVES, _SUSPENDS, _WAITS, _FINALIZES = range(4)
_ends: dict[type, int] = {}
"""How freeing an object of each type may run code (:func:`_finalized`)."""
_plans: dict[type, tuple[Any, bool, bool, tuple[Any, ...]]] = {}
"""How an object of each type is cleared (:func:`_clear`).  These three are kept for one sweep
only: a class changed between two sweeps (given a ``__del__``) is judged again, and no class
made on the fly is kept alive by them."""


def _kind(kind: type) -> int:
    """How objects of type ``kind`` are looked at (judged by their type alone: an object that
    says it is of another class is taken for what it is)."""
    found = _kinds.get(kind)
    if found is not None:
        return found
    if kind in weakref.ProxyTypes or issubclass(kind, _NEVER):
        # A proxy stands for another object: never looked into.
        found = _SKIPPED
    elif issubclass(kind, DOMNode):  # the app, live screens and widgets are not this screen's
        found = _NODE
    elif kind is dict:  # (a module's globals are not followed)
        found = _DICT
    else:
        found = _FOLLOWED
    _kinds[kind] = found
    return found


def _referents(obj: Any) -> Iterable[Any]:
    # A function is followed to its closure and defaults, never to its module's globals.
    if type(obj) is types.FunctionType:
        return [part for part in (obj.__closure__, obj.__defaults__, obj.__kwdefaults__)
                if part is not None]
    return gc.get_referents(obj)


def _finalized(obj: Any) -> bool:
    """Whether freeing ``obj`` runs code that could look at what it refers to (a finalizer), as a
    suspended coroutine's does: such objects, and all they reach, are left to the collector,
    which runs finalizers before it clears anything."""
    kind = type(obj)
    end = _ends.get(kind)
    if end is None:
        end = (_SUSPENDS if issubclass(kind, _SUSPENDED) else _WAITS if issubclass(kind, asyncio.Future)
               else _FINALIZES if hasattr(kind, "__del__") else _LIVES)
        _ends[kind] = end
    if end == _LIVES:
        return False
    if end == _SUSPENDS:
        return any(getattr(obj, frame, None) is not None for frame in ("gi_frame", "cr_frame", "ag_frame"))
    if end == _WAITS:  # a finished one only reports an error nobody read
        return not obj.done()
    return True


def sweep(refs: Iterable[weakref.ref[Any]], most: int = MOST_LOOKED_AT) -> Swept:
    """Clear the objects that only the referents of ``refs`` (weak references to a closed
    screen and its widgets, the screen first) and each other reach; see the module's text."""
    try:
        return _sweep(refs, most)
    finally:
        _kinds.clear()
        _ends.clear()
        _plans.clear()


def _sweep(refs: Iterable[weakref.ref[Any]], most: int) -> Swept:
    began = time.perf_counter()
    objs: list[Any] = [obj for obj in (ref() for ref in refs) if obj is not None]
    if not objs:
        return Swept(0, 0, 0.0, False)
    index = {id(obj): at for at, obj in enumerate(objs)}
    roots = set(index)
    # Each looked-at object's references to the others, by their places in ``objs`` (an object
    # not followed when first met never is, so these are all of them).
    edges: list[list[int]] = []
    kinds, tracked, referents, function = _kinds, gc.is_tracked, gc.get_referents, types.FunctionType
    while len(edges) < len(objs) and len(objs) < most:
        out = []
        obj = objs[len(edges)]
        for ref in referents(obj) if type(obj) is not function else _referents(obj):
            at_ref = index.get(id(ref))
            if at_ref is None:
                # Followed: an object that may be in a cycle (tracked), as its type says (_kind).
                # (Written out here, not called: this loop is most of a sweep's time.)
                if not tracked(ref) or len(objs) >= most:
                    continue
                kind = kinds.get(type(ref))
                if kind is None:
                    kind = _kind(type(ref))
                if kind != _FOLLOWED and (kind == _SKIPPED or (kind == _NODE and id(ref) not in roots)
                                          or (kind == _DICT and "__builtins__" in ref)):
                    continue
                at_ref = index[id(ref)] = len(objs)
                objs.append(ref)
            out.append(at_ref)
        edges.append(out)
    ref = obj = None
    # References among them; anything more is from outside (the list and the call take two).
    # Past ``most``, the objects not looked into count as outside: what they refer to is held.
    inside = [0] * len(objs)
    for out in edges:
        for at_ref in out:
            inside[at_ref] += 1
    held = bytearray(len(objs))
    stack = [at for at in range(len(objs))
             if sys.getrefcount(objs[at]) - 2 > inside[at] or _finalized(objs[at])]
    for at in stack:
        held[at] = 1
    while stack:
        at = stack.pop()
        for at_ref in edges[at] if at < len(edges) else ():
            if not held[at_ref]:
                held[at_ref] = 1
                stack.append(at_ref)
    dead = [objs[at] for at in range(len(objs)) if not held[at]]
    looked_at, first_held = len(objs), bool(held[0])
    del objs, index
    for obj in dead:
        _clear(obj)
    obj = None
    cleared = len(dead)
    watched = [weakref.ref(item) for item in dead if type(item).__weakrefoffset__]
    # Weak references last in the list, so first freed (a list frees from its end): none calls
    # back into an object already cleared.
    dead.sort(key=lambda item: isinstance(item, weakref.ref))
    hook = sys.unraisablehook
    sys.unraisablehook = _quiet
    try:
        del dead
    finally:
        sys.unraisablehook = hook
    husks = [found for found in (ref() for ref in watched) if found is not None]
    if husks:  # cleared, yet kept alive by a cycle through objects that cannot be cleared
        log.info("%d objects of a closed screen were cleared but not freed: %s", len(husks),
                 sorted({type(husk).__qualname__ for husk in husks})[:8])
    released["cleared"] += cleared
    released["husks"] += len(husks)
    return Swept(looked_at, cleared, time.perf_counter() - began, first_held, len(husks))


def _plan(kind: type) -> tuple[Any, bool, bool, tuple[Any, ...]]:
    """How an object of type ``kind`` is cleared: the container type whose ``clear`` empties it
    (a subclass's override is not run), whether it is a closure's cell, whether it may have
    attributes of its own, and its slots."""
    container = next((each for each in _CLEARED if issubclass(kind, each)), None)
    slots = []
    for klass in kind.__mro__:
        for slot in klass.__dict__.get("__slots__", ()):
            if slot in ("__dict__", "__weakref__"):
                continue
            if slot.startswith("__") and not slot.endswith("__"):
                slot = f"_{klass.__name__.lstrip('_')}{slot}"
            member = klass.__dict__.get(slot)
            if type(member) is types.MemberDescriptorType:  # the slot itself, no __delattr__
                slots.append(member)
    plan = _plans[kind] = (container, kind is types.CellType, kind.__dictoffset__ != 0, tuple(slots))
    return plan


def _clear(obj: Any) -> None:
    kind = type(obj)
    plan = _plans.get(kind)
    if plan is None:
        plan = _plan(kind)
    container, cell, attributed, slots = plan
    if container is not None:
        container.clear(obj)
        return
    if cell:
        try:
            del obj.cell_contents
        except ValueError:  # empty already
            pass
        return
    if attributed:
        try:  # the object's own attributes, never what a __getattr__ would hand on
            attributes = object.__getattribute__(obj, "__dict__")
        except (AttributeError, TypeError):
            attributes = None
        if type(attributes) is dict:
            attributes.clear()
    for member in slots:
        try:
            member.__delete__(obj)
        except AttributeError:  # never set
            pass


def _quiet(unraisable: Any) -> None:
    log.info("while a closed screen was freed: %s (%s)", unraisable.exc_value, unraisable.object)


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


def _threads_working(app: App[Any] | None) -> bool:
    """Whether the app has a worker running in a thread: that thread may hold, or move, what the
    sweep looks at while it counts, so the sweep waits for it."""
    if app is None:
        return False
    return any(getattr(worker, "_thread_worker", False) and not worker.is_finished
               for worker in list(app.workers))


_due: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, list[tuple[float, int, tuple[Any, ...]]]] = \
    weakref.WeakKeyDictionary()
"""Each event loop's sweeps to come, by the time each is due (a heap), and whether one is on its
way (the loop's list is in it while it is)."""
_draining: weakref.WeakSet[asyncio.AbstractEventLoop] = weakref.WeakSet()
_order = itertools.count()


def _schedule(delay: float, *args: Any) -> None:
    loop = asyncio.get_running_loop()
    heapq.heappush(_due.setdefault(loop, []), (loop.time() + delay, next(_order), args))
    if loop not in _draining:
        _draining.add(loop)
        loop.call_at(_due[loop][0][0], _drain, loop)


def _drain(loop: asyncio.AbstractEventLoop) -> None:
    """Sweep the first screen due, then wait :data:`SWEEP_GAP` at least before the next."""
    due = _due[loop]
    _, _, args = heapq.heappop(due)
    try:
        _later(*args)
    finally:
        if due:
            loop.call_at(max(due[0][0], loop.time() + SWEEP_GAP), _drain, loop)
        else:
            _draining.discard(loop)


def _later(refs: list[weakref.ref[Any]], app: weakref.ref[App[Any]], wait: float) -> None:
    if _threads_working(app()):
        swept = None
    else:
        swept = sweep(refs)
        released["seconds"] += swept.seconds
        released["slowest"] = max(released["slowest"], swept.seconds)
    if swept is not None and not swept.held:
        released["screens"] += 1
    elif wait <= RETRY_AFTER * 8:  # again, later (four times at most), then left to the collector
        _schedule(wait, refs, app, wait * 2)
    else:
        released["held"] += 1


def release_closed_screens() -> bool:
    """Have every screen an app removes swept :data:`SWEEP_AFTER` seconds later; False (and nothing
    changed) if Textual's app removes screens otherwise than this was written for, or the sweep
    does not find on this Python what it should (:func:`_sweeps_rightly`)."""
    if getattr(App, "_kc_release", False):
        return True
    own = App._replace_screen
    if not _hookable(own, "remove", "Textual's App removes screens otherwise: closed screens wait"):
        return False

    async def _replace_screen(self: App[Any], screen: Screen[Any], *args: Any, **options: Any) -> Any:
        try:
            refs = roots_of(screen)
        except Exception:  # noqa: BLE001 - never in the way of the screen's own removal
            log.exception("the widgets of a closed screen could not be listed")
            refs = []
        replaced = await own(self, screen, *args, **options)
        if refs and screen.parent is None and not screen.is_attached:
            _schedule(SWEEP_AFTER, refs, weakref.ref(self), RETRY_AFTER)
        return replaced

    App._replace_screen = _replace_screen  # type: ignore[method-assign]
    App._kc_release = True  # type: ignore[attr-defined]
    return True


def release_ended_apps() -> bool:
    """Have the screens of an app that ends swept as closed screens are (not the app itself):
    a session that ended left some 6,800 objects in cycles, which waited for its worker to
    retire or for a full collection; False if Textual's app ends otherwise than this was written
    for."""
    if getattr(App, "_kc_release_ended", False):
        return True
    own = App._shutdown
    if not _hookable(own, "_close_all", "Textual's App ends otherwise: an ended app's screens wait"):
        return False

    async def _shutdown(self: App[Any], *args: Any, **options: Any) -> None:
        try:
            # Its screens and their widgets, not the app: what the app refers to (the table
            # server, its door, its driver) lives on or is freed with it, and a sweep from the
            # app looked through the whole table server, a longer stop the more tables it had.
            refs: list[weakref.ref[Any]] = []
            screens = {id(screen): screen for stack in self._screen_stacks.values() for screen in stack}
            screens.update((id(screen), screen) for screen in self._installed_screens.values()
                           if isinstance(screen, Screen))
            for screen in screens.values():
                refs.extend(roots_of(screen))
            del screens
        except Exception:  # noqa: BLE001 - never in the way of the app's own end
            log.exception("the screens of an ending app could not be listed")
            refs = []
        await own(self, *args, **options)
        if refs:  # (an app that ends with its process: the loop closes with the sweep not run)
            _schedule(SWEEP_AFTER, refs, weakref.ref(self), RETRY_AFTER)

    App._shutdown = _shutdown  # type: ignore[method-assign]
    App._kc_release_ended = True  # type: ignore[attr-defined]
    return True


def _hookable(own: Any, calls: str, otherwise: str) -> bool:
    """Whether an app's coroutine ``own`` is the one written for (it calls ``calls``) and the
    sweep counts rightly on this Python; if not, says so (``otherwise``) in the log."""
    if not inspect.iscoroutinefunction(own) or calls not in own.__code__.co_names:
        log.info("%s for the collector", otherwise)
        return False
    if not _sweeps_rightly():
        log.info("the sweep does not count references rightly here: closed screens wait for the collector")
        return False
    return True


@functools.cache
def _sweeps_rightly() -> bool:
    """Two sweeps of a small cycle on this Python: held while a name refers to it, cleared and
    freed once nothing but the cycle does (a Python that counts references otherwise gets no
    sweeps).  Made once, for both hooks."""
    class Probe:
        pass

    counted = dict(released)
    first, second = Probe(), Probe()
    first.other, second.other = second, first  # type: ignore[attr-defined]
    gone = weakref.ref(first)
    if sweep([gone]).cleared:  # ``first`` still names it
        released.update(counted)
        return False
    enabled = gc.isenabled()
    gc.disable()
    try:
        del first, second
        return sweep([gone]).cleared == 2 and gone() is None
    finally:
        if enabled:
            gc.enable()
        released.update(counted)


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
    body = textwrap.dedent("".join(lines)).splitlines(keepends=True)
    ending = "    return map, widgets\n"  # the function's own last line, at its body's depth
    if "def add_widget(" not in "".join(body) or body.count(ending) != 1 or body[-1] != ending:
        log.info("Textual's layout is not the one expected: each layout leaves a cycle")
        return False
    # On the line before the return, so that the lines keep their numbers in a traceback.
    before = body[-2]
    if (before.startswith("    ") and not before.startswith("     ") and not before.lstrip().startswith("#")
            and not before.rstrip().endswith(("\\", ":", ",", "(", "["))):
        body[-2] = before.rstrip("\n") + "; add_widget = None\n"
    else:  # a line more: the return's number in a traceback is one off
        body.insert(-1, "    add_widget = None\n")
    made: dict[str, Any] = {}
    try:
        exec(compile("\n" * (first - 1) + "".join(body), own.__code__.co_filename, "exec"),  # noqa: S102
             vars(_compositor), made)
    except SyntaxError:
        log.info("Textual's layout could not be made again: each layout leaves a cycle")
        return False
    arrange = made["_arrange_root"]
    arrange.__qualname__ = own.__qualname__
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

    def _process_component_classes(self: Stylesheet, node: DOMNode, *args: Any, **options: Any) -> Any:
        old = list(getattr(node, "_component_styles", {}).values())
        done = own(self, node, *args, **options)
        if old:
            try:
                kept = {id(styles) for styles in node._component_styles.values()}
                parts = [weakref.ref(styles.node) for styles in old
                         if id(styles) not in kept and styles.node is not None]
                del old
                if parts:
                    sweep(parts)
            except Exception:  # noqa: BLE001 - never in the way of the restyle
                log.exception("the parts a restyle dropped could not be swept")
        return done

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
    reads = {instruction.argval for instruction in dis.get_instructions(wrapped)} if wrapped else set()
    if (wrapped is None or wrapped.__code__.co_varnames[:3] != ("cls", "base_background", "background")
            or "cls" in reads):  # the colours alone must make the answer
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
release_ended_apps()
