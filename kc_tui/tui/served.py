"""What a table screen for one seat at a served table adds, the same for every game:
:class:`ServedTable`.

The server deals, plays the computers and sends each seat its view; the screen draws a batch of
deliveries once, after it.  While a dialog (help, a question, the round's end) is over the
table, the table keeps still: what the server sends meanwhile is held and told when the dialog
closes.  (Drawing the table under a dialog makes Textual draw the whole screen again, dimmed, for
every move at the table; with many sessions at one server that was most of its time.)

A game's network table screen derives from this class first, then from its game's table screen,
and gives :meth:`_position` (what, when it changes, calls for :meth:`advance`); the events the
server sends are told by the game's table screen (``_on_event``), or held under a dialog.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual.css.query import NoMatches
from textual.widgets import Input, RichLog

from ..core.i18n import N_, Domain
from ..core.kinds import Phase
from ..line.shell import common_command
from ..net import Notice, SeatInfo, TableError
from .keys import KeyRow
from .round_over import RoundOverScreen
from .widgets import TextPanel

_, ngettext, pgettext, L_, Ln_ = Domain.of(__package__).functions()

__all__ = ["CHAT_HINT", "CHAT_KEYS", "PROMPT_MAX", "ServedTable", "chat_hint", "leave_question"]

CHAT_HINT = N_("Chat: press ' (or type :say and a line).")
CHAT_KEYS: tuple[KeyRow, ...] = (
    KeyRow("'", N_("chat: a line for everyone at the table, Enter sends it (:say and a line on the "
                   "command line sends one too)"), N_("Chat"), action="chat", bind=(("apostrophe", "chat"),),
           palette=N_("Chat")),
)
"""The key a served table adds to its game's (the help and the palette list it)."""
"""Marked English: :func:`chat_hint` says it."""


def chat_hint() -> str:
    """How to chat at a served table, in the player's language."""
    return _(CHAT_HINT)


def leave_question(door: Any) -> str:
    """What leaving a served table does, asked before it: a computer plays the seat while others
    play on; the last person's leaving adjourns the game (a play test was told a computer would
    play on, and found the table adjourned)."""
    guest = door.person.guest  # (a guest's seat is not kept: it is free once they are gone)
    if door.info().others_here(door.seat):
        if guest:
            return _("Leave the table? A computer plays your seat, and as a guest (no key) you cannot "
                     "take it back.")
        return _("Leave the table? A computer plays your seat until you come back.")
    if guest:
        return _("Leave the table? You are the last person here: the game is adjourned, and as a guest "
                 "(no key) you cannot resume it.")
    return _("Leave the table? You are the last person here: the game is adjourned, and its "
             "players can resume it from the lobby.")

PROMPT_MAX = 500
"""The longest line the command line at a networked table takes (a chat line is refused past
the server's own bound, with a sentence; this keeps a pasted megabyte out of memory)."""

if TYPE_CHECKING:
    from textual.screen import Screen

    _Screen = Screen[None]
else:  # a mixin: the game's table screen, later in the method order, is the screen
    _Screen = object


class ServedTable(_Screen):
    """The served-table half of a network table screen (see the module's words)."""

    remote: Any
    """The seat's remote table (its door, ``on_update``, ``on_notice``, listeners)."""
    PROMPT_PLACEHOLDER = ""
    """The command line's placeholder when it is not a chat line (the game's own)."""

    if TYPE_CHECKING:  # given by the game's table screen, later in the method order
        def refresh_table(self) -> None: ...
        def advance(self) -> None: ...
        def _leave(self, *args: Any, **kwargs: Any) -> None: ...
        def action_prompt(self) -> None: ...
        def say(self, text: str, logged: bool = False) -> None: ...

    def _served(self, told: int = 0) -> None:
        """Set up (from the screen's ``__init__``): ``told``, the session's events the screen
        has caught up on as it was made."""
        self._update_pending = False
        self._advanced: object = None
        self._chatting = False
        self._held: list[Any] = []
        """What the server sent while a dialog covered the table, told when it closes."""
        self._stale = False
        self._told_events = told
        """How many of the session's events the log has told (or caught up on)."""
        self.last_notice = ""
        """The table's last notice (the reason, when the table sends this screen back to the lobby)."""
        self._early: list[Notice] = []
        """Notices said after events the log has not told yet (the screen catching up as it
        opens): told once those are, so the log reads as things happened."""
        self._before_refusal: tuple[str, str] | None = None
        """What the status line said before it said why a chat line was refused, and why."""
        self._playing: tuple[int, str, str] | None = None
        """The seat whose turn the status line says is being played, its name and the sentence."""

    # ------------------------------------------------------------------ hooks
    def _on_event(self, event: Any) -> None:
        if not self._keep_for_later(event):
            self._tell_event(event)

    def _tell_event(self, event: Any) -> None:
        """Tell ``event`` as the game's table screen does (not held), after the notices said
        before it."""
        self._tell_early(self._told_events)
        self._told_events += 1
        super()._on_event(event)  # type: ignore[misc]

    def _tell_early(self, upto: int | None = None) -> None:
        """Tell the notices held for events not told yet that were said ``upto`` events into
        the session or before (None: all of them)."""
        for notice in self._take_early(upto):
            self._write_notice(notice)

    def _take_early(self, upto: int | None) -> list[Notice]:
        """The held notices said ``upto`` events into the session or before (None: all), no
        longer held."""
        early = [n for n in self._early if upto is None or n.at <= upto]
        self._early = [n for n in self._early if n not in early]
        return early

    @staticmethod
    def _notice_line(notice: Notice) -> str:
        """A notice as the log writes it (the table's news marked with a star)."""
        return f"* {notice}" if notice.kind == "table" else str(notice)

    def _position(self) -> object:
        raise NotImplementedError

    def _close_past_round(self) -> None:
        """The round-over dialog of a round that is over and done (the next one was dealt: the
        players were all ready, or this is a spectator) closes by itself."""
        top = self.app.screen
        if isinstance(top, RoundOverScreen) and not top.session_over and self.remote.phase == Phase.TURN:
            top.dismiss(None)

    def _before_update(self) -> None:
        """Before a notice or a batch is drawn (nothing by default)."""

    def seat_note(self, seat: int) -> str:
        """A person whose connection dropped, or who left, and whose seat is held or played by
        the computer is marked away, in words (a colour alone is lost on a monochrome terminal
        and to a screen reader)."""
        if self.away(seat):
            # Translators: after a player's name in the players' panel: they have gone (their
            # connection dropped, or they left) and the computer plays for them meanwhile.
            return " " + _("(away)")
        return ""

    def away(self, seat: int) -> bool:
        """Whether ``seat`` is a person's who is not there now (the computer plays for them)."""
        held = self._persons_seat(seat)
        return held is not None and (held.stand_in or not held.connected)

    def _persons_seat(self, seat: int) -> SeatInfo | None:
        """``seat`` as the table shows it, if it is a person's (taken: it has a name)."""
        seats = self.remote.door.info().seats
        held = seats[seat] if seat < len(seats) else None
        return held if held is not None and held.kind == "person" and held.name else None

    def playing_sentence(self, seat: int, name: str) -> str:
        """The status line while ``seat`` (called ``name``) plays its turn: a person whose
        connection dropped is waited for (their seat is kept for the grace time), and one who
        is away is played for by the computer; neither is said to be playing."""
        held = self._persons_seat(seat)
        if held is not None and held.stand_in:
            said = _("The computer plays for {name}, who is away...").format(name=name)
        elif held is not None and not held.connected:
            said = _("Waiting for {name}, whose connection dropped: the seat is kept for them for "
                     "a while.").format(name=name)
        else:
            return (_("{name} is playing. You are watching.") if self.remote.door.spectator
                    else _("{name} is playing...")).format(name=name)
        return f"{said} {_('You are watching.')}" if self.remote.door.spectator else said

    def say_playing(self, seat: int, name: str) -> None:
        """Say who plays the turn of ``seat`` now; said again when that changes during the turn
        (the person's connection drops, the computer takes over, the person comes back)."""
        said = self.playing_sentence(seat, name)
        self._playing = (seat, name, said)
        self.say(said)

    def _playing_changed(self) -> None:
        """The turn being played is the same, but who plays it may not be."""
        if self._playing is None:
            return
        seat, name, said = self._playing
        if self.remote.phase == Phase.TURN and self.remote.current == seat \
                and self.playing_sentence(seat, name) != said:
            self.say_playing(seat, name)

    # ------------------------------------------------------------------ covered by a dialog
    def _covered(self) -> bool:
        """Whether a dialog is over the table."""
        stack = self.app.screen_stack if self.is_attached else []
        return self in stack and stack[-1] is not self

    def _keep_for_later(self, item: Any) -> bool:
        """Keep ``item`` for later if a dialog covers the table; whether it was kept (or let go:
        the session is ending and the table's widgets are being taken down, before the screen
        itself is and stops listening; telling it then would fail, and the server would drop
        the seat's listener with a traceback in its log)."""
        if self._covered() or self._held:
            # (While some are held, whatever comes after them waits behind them: the table's
            # news told after a round dealt meanwhile read as if it came after the deal.)
            self._held.append(item)
            return True
        return self.is_mounted and self._log() is None

    def _log(self) -> RichLog | None:
        """The table's log, if it is there (a query of every widget cost a served move 5% of
        its drawing; ``query_one`` keeps what it found)."""
        try:
            log = self.query_one("#log", RichLog)
        except NoMatches:
            return None
        return log if log.is_attached else None

    def on_screen_resume(self) -> None:
        resume = getattr(super(), "on_screen_resume", None)
        if resume is not None:
            resume()  # (the first game's table puts the cursor back on its focus)
        held, self._held = self._held, []
        for item in held:
            if isinstance(item, Notice):
                self._notice(item)
            else:
                self._tell_event(item)
        if held or self._stale:
            self._stale = False
            self._update_from_server()

    def on_unmount(self) -> None:
        """The table was left (or the session ended): this screen hears it no more (a delivery to
        a screen whose widgets are gone would fail, and the server would drop the seat's
        listener with a traceback in its log)."""
        self.remote.remove_listener(self._on_event)
        self.remote.on_update = None
        self.remote.on_notice = None

    # ------------------------------------------------------------------ what the server sends
    def _notice(self, notice: Notice) -> None:
        if notice.kind == "table":
            self.last_notice = str(notice)  # the lobby says it if the table sends the seat back
        if self._keep_for_later(notice):
            return
        if notice.at > self._told_events:
            self._early.append(notice)  # said after events the screen is still to tell
            return
        self._write_notice(notice)

    def _write_notice(self, notice: Notice) -> None:
        self._before_update()  # (a seat taken comes with its notice)
        text = self._notice_line(notice)
        log = self._log()
        if log is not None:
            log.write(text)
        else:
            # A notice delivered while the screen is still being put together (a game starting
            # as the table screen opens): written once the log is there, rather than failing,
            # which made the server drop this seat's listener for good.
            self.call_after_refresh(lambda: self.query_one("#log", RichLog).write(text))

    def _schedule_update(self) -> None:
        # A batch of the server's deliveries: draw once, after it.
        if not self._update_pending:
            self._update_pending = True
            self.call_later(self._update_from_server)

    def _update_from_server(self) -> None:
        self._update_pending = False
        if not self.is_attached:
            return
        if self.remote.door.closed:
            # The table was adjourned under a spectator, or the seat taken from another
            # connection: back to the lobby, which says why.
            self._leave()
            return
        if self._covered():
            self._stale = True
            self._close_past_round()
            return
        self._tell_early()  # none by now; were one kept, it is told late rather than never
        self._before_update()
        self.refresh_table()
        if self._advanced != self._position():
            self._playing = None
            self.advance()
        else:
            self._playing_changed()

    def _round_still_over(self) -> bool:
        """The round's dialog opens once the table has been sent as it stands, its last move
        and "Round over." on it (putting a dialog together and drawing it over the table takes
        a server with many sessions a while, and the players see the last card meanwhile); by
        then the next round may have been dealt."""
        return self.remote.phase in (Phase.ROUND_OVER, Phase.SESSION_OVER)

    # ------------------------------------------------------------------ chat
    def action_chat(self) -> None:
        """Open the command line for one chat line."""
        self.action_prompt()
        self._chatting = True
        self.query_one("#prompt", Input).placeholder = _("a line for the table (Enter sends it, Esc closes)")

    def _close_prompt(self) -> bool:
        if self._chatting:
            self._chatting = False
            self.query_one("#prompt", Input).placeholder = self.PROMPT_PLACEHOLDER
        closed: bool = super()._close_prompt()  # type: ignore[misc]
        self._refusal_done()  # (closed with Esc, the refusal stayed on the status, a play test)
        return closed

    def _refusal_done(self) -> None:
        """A chat line's refusal is answered (the line sent) or left (the line closed): the
        status line says what it said before, unless something newer has replaced it."""
        kept, self._before_refusal = self._before_refusal, None
        if kept is not None and self.query_one("#status", TextPanel).text == kept[1]:
            self.say(kept[0])

    def on_input_submitted(self, message: Input.Submitted) -> None:
        """A chat line (after ', or typed as ``say ...``); anything else is the table screen's
        command (Textual calls its handler after this one unless this one took the line)."""
        text = message.value.strip()
        chatting = self._chatting  # opened by ' for one line; a "say" typed among commands stays
        word, _space, rest = text.partition(" ")
        if chatting:
            line = text
        elif common_command(word) == "say":  # say, or the language's word (decir, dire)
            line = rest
        else:
            return
        message.prevent_default()
        try:
            self.remote.say(line)
        except TableError as exc:
            status = self.query_one("#status", TextPanel)
            before = self._before_refusal[0] if self._before_refusal else status.text
            self._before_refusal = (before, str(exc))
            self.say(str(exc))  # the line stays in the field, to be shortened or sent again
            return
        message.input.value = ""
        if chatting:
            self._close_prompt()
        self._refusal_done()
