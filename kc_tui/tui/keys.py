"""A screen's keys, written once: each row feeds the screen's bindings, the key line at the
bottom, the help dialog and the command palette, and docs/keys.md's key table says the same (a
test reads it).

A row's words are English, marked for a catalog (``N_``: the platform's, or the game's whose
table it is), and said in the player's language where they are shown: the key line, the help and
the palette (:func:`~kc_tui.tui.words.said`).  The bindings keep the English (no footer shows
them)."""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Literal

from rich.cells import cell_len
from textual.actions import parse
from textual.binding import Binding, BindingType
from textual.screen import Screen

from .words import said

__all__ = ["KeyRow", "KeyState", "bindings", "help_text", "key_line", "palette", "picking_keys"]

KeyState = Literal["turn", "holding", "computer", "playing"]
"""What the table is doing, for the key line: a person's turn, a person holding a card or pile, a
computer thinking (or no turn at all: a round over), a computer's moves being shown."""


@dataclass(frozen=True, slots=True)
class KeyRow:
    """One row of a screen's key table."""

    keys: str
    """The keys as the help and docs/keys.md write them: ``u, Ctrl+Z``."""
    description: str
    """What they do, in the words of the help and docs/keys.md."""
    group: str
    """The help's heading the row is listed under."""
    action: str = ""
    """The screen's action the row stands for; ``check_action`` says whether it applies now.  A
    row that Textual does not bind (digits, any key, Enter on a focused widget) names the action
    only for that question."""
    bind: tuple[tuple[str, str], ...] = ()
    """Textual's key names and the action string each runs (``("u,ctrl+z", "undo")``); none
    for a row the screen's ``on_key`` or a widget handles."""
    line: tuple[tuple[str, str], ...] = ()
    """What the key line says for this row, in each state of the screen in which it is on the
    line (a screen that is always in one state calls it ``"always"``)."""
    palette: str = ""
    """The command palette's title for the row's action; empty: not in the palette."""
    run: str = ""
    """The action string the palette runs, when it has parameters (``step(1)``)."""

    def line_text(self, state: str, picks: str = "") -> str:
        """What the key line says for the row in ``state``, in the player's language; a row
        whose words name ``{keys}``, the keys that pick the hand's cards, says ``picks`` there
        (and nothing with no card to pick)."""
        text = said(next((text for when, text in self.line if when == state), ""))
        if "{keys}" in text:
            return text.format(keys=picks) if picks else ""
        return text


def picking_keys(keys: str, count: int) -> str:
    """The keys that pick the first ``count`` cards of a hand whose cards are picked by ``keys``
    in order: "1-7", "1-9, 0", "1-9, 0, c, d"; a card past them has no key."""
    digits = keys[:min(count, 9)]
    words = [digits if len(digits) < 2 else f"{digits[0]}-{digits[-1]}"] if digits else []
    return ", ".join(words + list(keys[9:count]))


def bindings(rows: Sequence[KeyRow]) -> list[BindingType]:
    """The screen's ``BINDINGS``: the key line is drawn by the screen, so none is shown by a
    footer."""
    return [Binding(keys, action, row.description, show=False, id=f"{action}-{keys}")
            for row in rows for keys, action in row.bind]


def key_line(rows: Sequence[KeyRow], state: str = "always", applies: Iterable[str] | None = None,
             picks: str = "", width: int | None = None) -> str:
    """The keys that apply now, for the line at the bottom of the screen (``picks``: the keys
    that pick the hand's cards now, :func:`picking_keys`).  Within ``width`` cells, if given: a
    line too long names the first of the cards' keys only ("1-9, 0, c..."; each card shows its
    key in the hand: with fifteen cards their letters had pushed "e end turn" off the line),
    then leaves out the keys just before the last two (at a player's turn, help and quit), the
    later first, rather than cut the last ones off (French, a long hand and a marriage to play
    made Kings Reverse's line end "? aide  q")."""
    allowed = None if applies is None else set(applies)

    def texts_with(picks: str) -> list[str]:
        return [text for row in rows if (text := row.line_text(state, picks))
                and (allowed is None or not row.action or row.action in allowed)]

    texts = texts_with(picks)
    if width is not None and cell_len("  ".join(texts)) > width and picks.count(", ") > 2:
        texts = texts_with(", ".join(picks.split(", ")[:3]) + "...")
    while width is not None and len(texts) > 3 and cell_len("  ".join(texts)) > width:
        del texts[-3]
    return "  ".join(texts)


def help_text(rows: Sequence[KeyRow], width: int = 66) -> str:
    """Every row, grouped, for the help dialog: the keys in a column as wide as the longest
    (up to :data:`KEYS_COLUMN`), two spaces at least before their description; longer keys take
    a line of their own."""
    parts: list[str] = []
    groups: dict[str, list[KeyRow]] = {}
    for row in rows:
        groups.setdefault(row.group, []).append(row)
    column = min(max((len(said(row.keys)) for row in rows), default=0), KEYS_COLUMN) + 2
    indent = " " * (2 + column)
    for group, members in groups.items():
        lines = [said(group)]
        for row in members:
            names = said(row.keys)
            if len(names) <= column - 2:
                keys = f"  {names:<{column}}"
            else:
                lines.append(f"  {names}")
                keys = indent
            lines += textwrap.wrap(said(row.description), width, initial_indent=keys,
                                   subsequent_indent=indent)
        parts.append("\n".join(lines))
    return "\n\n".join(parts)


KEYS_COLUMN = 16
"""The widest keys the help writes beside their description (Spanish "flechas h j k l" ran
into "moverse" in a column of 16 letters and one space)."""


def palette(
    screen: Screen[object], rows: Sequence[KeyRow],
) -> Iterator[tuple[str, str, Callable[[], object]]]:
    """The rows the command palette offers now: title, help and what it runs, for each row with
    a palette title whose action applies (``check_action``)."""
    for row in rows:
        if not row.palette:
            continue
        _, name, parameters = parse(row.run or row.action)
        if screen.check_action(name, parameters):
            description = said(row.description)
            help_ = f"{description[:1].upper()}{description[1:]} ({said(row.keys)})"
            yield said(row.palette), help_, partial(getattr(screen, f"action_{name}"), *parameters)
