"""What every game's table screen shares: its size (below 80 x 24 it says how large the terminal
must be, and no key acts), how it speaks (the status line, and the log for what must be kept),
whose hand it shows, the readouts, the help, the settings, the round dialogs and leaving.

A game's table screen derives from :class:`TableShell`, composes a ``#status`` panel, a ``#log``
and :meth:`~kc_tui.tui.fit.SizedScreen.too_small_note`, sets :attr:`~TableShell.KEY_ROWS` and
:attr:`~TableShell.people`, and gives what its game draws and does (:meth:`~TableShell.refresh_table`,
:meth:`~TableShell.stop_play`, :meth:`~TableShell._after_round`).
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from pathlib import Path
from typing import ClassVar

from rich.cells import cell_len
from textual.content import Content
from textual.css.query import NoMatches
from textual.reactive import Reactive, var
from textual.widget import Widget
from textual.widgets import Input, RichLog

from ..core.cards import glyphs_or_codes, showing
from ..core.i18n import N_, Domain
from ..core.text import visible
from .dialogs import help_screen
from .fit import SizedScreen
from .info import SettingsScreen
from .keys import KeyRow, key_line
from .round_over import RoundOverScreen, SessionOverScreen
from .typed_app import OnKingsCornerApp
from .widgets import EventLog, TextPanel, settings_of

_, ngettext, pgettext, L_, Ln_ = Domain.of(__package__).functions()

__all__ = ["MIN_WIDTH", "MIN_HEIGHT", "WIDE", "TableShell", "KEPT_WHILE_A_COMPUTER_PLAYS"]

KEPT_WHILE_A_COMPUTER_PLAYS = ("q", "question_mark", "f1")
"""The keys that do what the key line says while a computer's play is shown (leave, help); any
other key goes on at once."""

MIN_WIDTH, MIN_HEIGHT = 80, 24
STATUS_ROWS = 3
"""The status line's rows (kc_tui/tui/styles/table.tcss)."""
WIDE = (110, 34)
"""From this size on a table may draw more (the cross its piles as cards)."""


class TableShell(OnKingsCornerApp, SizedScreen):
    """A game's table screen (see the module's words)."""

    MIN_SIZE = (MIN_WIDTH, MIN_HEIGHT)
    SIZE_NAME = N_("The table")
    SIZE_ADVICE = N_("Make it larger, or play with --plain.")

    KEY_ROWS: ClassVar[tuple[KeyRow, ...]] = ()
    """Every key of the table (its bindings, key line, help and command palette)."""

    # Textual repaints the whole screen whenever the focus moves; the widgets that gain and
    # lose focus repaint themselves, so the rest need not be resent (about 9 KB a key at 80x24).
    focused: Reactive[Widget | None] = Reactive(None, repaint=False)

    viewer: var[int] = var(-1, init=False)
    """Whose hand the screen shows: the one person, or in hot-seat the one at the keyboard (-1:
    nobody's, while the keyboard is being passed or a computer plays)."""
    people: list[int]
    """The seats of the people at this keyboard."""

    def refresh_table(self) -> None:
        """Hand every widget what it shows now (the engine owns the state)."""
        raise NotImplementedError

    def stop_play(self) -> None:
        """Stop the computer turn in progress (the table is left)."""
        raise NotImplementedError

    def _after_round(self, choice: str | None) -> None:
        """The round-over dialog was answered (``choice``: its menu item)."""
        raise NotImplementedError

    def seat_note(self, seat: int) -> str:
        """What the players' panel says after ``seat``'s name, besides what its game says there
        (a served table: that its person is away); nothing here."""
        return ""

    @property
    def ascii_only(self) -> bool:
        return self.app.settings.ascii

    def _showing(self) -> AbstractContextManager[None]:
        """Cards in the sentences made inside written as the board shows them (``K♣``, ``10♥``;
        ``KC`` in ASCII): the log's events, the hints and the refusals. The line mode and the
        transcripts keep R1 codes."""
        return showing(glyphs_or_codes(not self.ascii_only))

    def key_state(self) -> str:
        """Which of its keys the key line shows now (a :class:`KeyRow` ``line`` state)."""
        raise NotImplementedError

    def key_applies(self, action: str) -> bool:
        """Whether the key of ``action`` is on the key line now (by default: when it acts)."""
        return bool(self.check_action(action, ()))

    def fit_to(self, width: int, height: int) -> bool:
        was_small = self.too_small
        small = super().fit_to(width, height)
        if was_small and not small and self.is_mounted:
            # Worked out while the table was too small, when no key acts, the key line was
            # empty, and stayed so once the terminal was large enough (a play test over SSH).
            self.show_keys()
        return small

    def show_keys(self) -> None:
        """The key line: the rows of the key table that apply now."""
        applies = [row.action for row in self.KEY_ROWS if row.action and self.key_applies(row.action)]
        keys = self.query_one("#keys", TextPanel)
        width = self.app.size.width - keys.styles.padding.left - keys.styles.padding.right
        keys.show(key_line(self.key_rows(), self.key_state(), applies, self.picking_keys(), width))
        self.refresh_bindings()

    def key_rows(self) -> tuple[KeyRow, ...]:
        """The key table as the key line says it (a game whose words are in its own catalog
        gives them translated)."""
        return self.KEY_ROWS

    def picking_keys(self) -> str:
        """The keys that pick the cards of the hand shown now ("1-7"), for the key line and the
        sentences that name them (by default none: a table without a hand)."""
        return ""

    def prompt_open(self) -> bool:
        """Whether the command line is open (asked for every key of the key line at every
        update: ``query_one`` keeps what it found, where ``query`` looked at every widget)."""
        try:
            return bool(self.query_one("#prompt", Input).display)
        except NoMatches:
            return False

    def action_prompt(self) -> None:
        """Open the command line."""
        prompt = self.query_one("#prompt", Input)
        prompt.display = True
        prompt.value = ""
        prompt.focus()
        # The command line takes the key line's row: none of its keys act while one types (they
        # are typed), the line says its own (Enter, Esc), and at 80 x 24 the table is whole only so.
        self.query_one("#keys", TextPanel).display = False
        self.show_keys()
        # The command line takes a row from the log: keep its newest line in view.
        log = self.query_one("#log", RichLog)
        self.call_after_refresh(log.scroll_end, animate=False)

    def _close_prompt(self) -> bool:
        """Close the command line if it is open (the hand has the focus again); whether it was."""
        prompt = self.query_one("#prompt", Input)
        if not prompt.display:
            return False
        prompt.display = False
        self.query_one("#keys", TextPanel).display = True
        self.query_one("#hand").focus()
        return True

    def fits_status(self, text: str, status: TextPanel | None = None) -> bool:
        """Whether ``text`` fits the status line's rows whole (as the terminal is now; ``status``:
        the status line, if already at hand)."""
        status = status or self.query_one("#status", TextPanel)
        width = self._status_width(status)
        if "\n" not in text and cell_len(text) <= width:
            return True  # one row, as most of what is said at every move (wrapping it is dearer)
        return len(Content(text).wrap(width)) <= self._status_rows(status)

    def _status_width(self, status: TextPanel) -> int:
        return status.content_size.width or max(self.app.size.width - status.styles.gutter.width, 1)

    def _status_rows(self, status: TextPanel) -> int:
        return status.content_size.height or STATUS_ROWS

    def say_line_mode_only(self) -> None:
        """Answer the line mode's ``verbosity``, typed at the table's command line."""
        self.say(_("verbosity sets how much the line mode (play --plain) says; at the table every "
                   "play is written in the log."))

    def say(self, text: str, logged: bool = False) -> None:
        """Say ``text`` on the status line.  One longer than its three rows (a long plan's hint
        at 80 columns lost its end: a Spanish play test) is written whole in the log too, unless
        ``logged`` (the log has it already), and the status line says its start and where the
        rest is."""
        # (The status keeps its three rows, so the log's newest line stays in view.)
        status = self.query_one("#status", TextPanel)
        if not self.fits_status(text, status):
            if not logged:
                self._event_log().write(text, private=self._hot_seat())
            text = _cut(text, self._status_width(status), self._status_rows(status), settings_of(self).ascii)
        status.show(text)

    def report(self, text: str) -> None:
        """Something the player must know that is not a move (saving failed): the log keeps it."""
        self.query_one("#log", RichLog).write(f"! {text}")
        self.say(text, logged=True)

    def _read(self, text: str, status: str | None = None) -> None:
        """A readout: the log keeps it whole, the status line says it (or ``status``, for one
        too long for a line).  In hot seat the log keeps it only while its reader has the
        keyboard (:meth:`watch_viewer`)."""
        self._event_log().write(text, private=self._hot_seat())
        self.say(status or text, logged=True)

    def _event_log(self) -> EventLog:
        return self.query_one("#log", EventLog)

    def _hot_seat(self) -> bool:
        """Whether several people share this keyboard (each one's readouts are theirs)."""
        return len(getattr(self, "people", ())) > 1

    def watch_viewer(self, old: int, new: int) -> None:
        """The table shows another seat's hand, or none.  In hot seat, what was read out to the
        person who had the keyboard (a hand, a hint, a plan) leaves the log as their hand is
        hidden: the next person could scroll back to it."""
        if old >= 0 and new != old and self._hot_seat():
            self._event_log().forget_private()
        self.refresh_table()

    def _reader(self) -> int | None:
        """The seat whose view is read out: the person at the keyboard (None in hot-seat while
        the keyboard is being passed: no hand is told)."""
        if self.viewer >= 0:
            return self.viewer
        return self.people[0] if len(self.people) == 1 else None

    def _round_dialog(self, dialog: Callable[[], RoundOverScreen]) -> None:
        """Open the round-over dialog once the table has been drawn as it stands, the round's
        last move on it: a table under a dialog keeps still, and a dialog opened at once could
        leave it a step early under it (a loaded machine's snapshot showed the players' panel
        as it was before the last card)."""
        def open_it() -> None:
            if self.is_attached and self._round_still_over():
                self.app.push_screen(dialog(), self._after_round)
        self.call_after_refresh(open_it)

    def _round_still_over(self) -> bool:
        """Whether the round's dialog still has a round to show once the table is drawn."""
        return True

    def action_settings(self) -> None:
        self.app.push_screen(SettingsScreen(), lambda _: self.refresh_table())

    def relabel(self) -> None:
        """The language changed (on the settings screen, over the table): the table and its key
        line are drawn again in it; what the log and the status line said stays as it was said."""
        self.refresh_table()
        self.show_keys()
        for log in self.query(EventLog):
            log.tell_scroll()

    def action_help(self) -> None:
        self.app.push_screen(help_screen(self.KEY_ROWS))

    def finished_transcript(self) -> Path | None:
        """Where the finished session's transcript was kept at this keyboard (None: not here)."""
        saver = getattr(self.app, "savers", {}).get(id(getattr(self, "service", None)))
        path = getattr(saver, "transcript", None)
        return path if isinstance(path, Path) else None

    def show_session_over(self, dialog: Callable[[bool], SessionOverScreen]) -> None:
        """Open the session-over dialog ``dialog(replay)`` makes, ``replay`` whether the session
        can be watched again (its transcript was kept here)."""
        self._session_dialog = dialog
        self.app.push_screen(dialog(self.finished_transcript() is not None), self._after_session)

    def _after_session(self, choice: str | None) -> None:
        """The session-over dialog was answered: play again, watch it again, or leave (the
        title or quit)."""
        if choice == "again":
            self.app.play_again(self)
        elif choice == "replay":
            self._watch_again()
        else:
            self._leave(quit_app=choice == "quit")

    def _watch_again(self) -> None:
        """The session just finished, stepped through with every hand face up; leaving it shows
        the session-over dialog again."""
        from ..replay import ReplayError, load_replay
        from .replay_screen import ReplayScreen  # (it lays itself out as this shell's tables)

        path = self.finished_transcript()  # (offered only when there is one)
        try:
            replay = load_replay(path) if path is not None else None
        except (ReplayError, OSError) as exc:
            self.report(str(exc))
            replay = None
        if path is None or replay is None:
            self.show_session_over(self._session_dialog)
            return
        self.app.push_screen(ReplayScreen(replay, visible(path.name), leaves_app=False),
                             lambda _: self.show_session_over(self._session_dialog))

    def _leave(self, quit_app: bool = False) -> None:
        if not self.is_attached or self not in self.app.screen_stack:
            return  # already left (a question answered after the table went)
        self.stop_play()
        if quit_app:
            self.app.exit()
        else:
            self.app.leave_table(self)


def _cut(text: str, width: int, rows: int, ascii: bool = False) -> str:
    """The longest start of ``text``, cut between words where it can be, that fits ``rows`` at
    ``width`` with the note that the log has the whole of it (just the note on a line too narrow
    for more; three dots for the ellipsis in ``ascii``)."""
    # Translators: ends a message cut to fit the table's status line: {start} is its beginning;
    # the whole message is in the log.
    note = _("{start}… (the rest is in the log)")
    if ascii:
        note = note.replace("…", "...")

    def fits(start: str) -> bool:
        return len(Content(note.format(start=start)).wrap(width)) <= rows

    low, high = 0, len(text)
    while low < high:  # the most characters that fit
        middle = (low + high + 1) // 2
        if fits(text[:middle].rstrip()):
            low = middle
        else:
            high = middle - 1
    start = text[:low]
    if low < len(text) and not text[low].isspace():
        # Not in the middle of a word: back to the space before it (a long word or wide
        # characters may wrap the shorter start otherwise, so it is looked at again).
        while " " in start:
            start = start[:start.rindex(" ")].rstrip(" ,;:")
            if fits(start):
                break
    return note.format(start=start.rstrip(" ,;:"))
