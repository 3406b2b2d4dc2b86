"""Kings Reverse at a served table: the table screen for one networked seat, and the lobby's
screen that makes a Kings Reverse table.

:class:`NetworkReverseTableScreen` is the Kings Reverse table screen (:mod:`.table`)
run against a :class:`~kc_tui.games.kings_reverse.remote.ReverseRemote`: the server deals and plays the
computers, so the screen draws what it is sent and acts through the seat's door; chat is ``'``
or ``:say``.  :class:`CreateReverseTableScreen` is the game's new-game screen whose seats are
open (for a person) or a computer level; its "Game" choice opens another game's form for a table.
"""

from __future__ import annotations

from typing import Sequence, cast

from textual.widgets import RichLog

from ....core.i18n import N_, Domain
from ....core.kinds import Phase
from ....core.text import visible
from ....net import TableError
from ....tui.dialogs import ConfirmScreen, TextScreen
from ....tui.keys import bindings
from ....tui.served import CHAT_KEYS, ServedTable, chat_hint, leave_question
from ....tui.table_form import TableForm
from ..ai import level_name
from ..engine.describe import describe_event, round_text, session_text, shown_name
from ..engine.events import ReverseEvent, RoundStart, RoundView, TurnStart
from ..engine.service import ReverseService
from ..remote import ReverseRemote
from .new_game import ReverseNewGameScreen, seat_choices
from .table import REVERSE_KEYS, ReverseTableScreen

__all__ = ["NetworkReverseTableScreen", "CreateReverseTableScreen"]

_, ngettext, pgettext, L_, Ln_ = Domain.of(__package__).functions()

PROMPT_PLACEHOLDER = N_("action, e.g. 9H, JK S, draw, one  (Enter to run, Esc to close)")


class NetworkReverseTableScreen(ServedTable, ReverseTableScreen):
    """The Kings Reverse table screen for one networked seat (see the module's words)."""

    PROMPT_PLACEHOLDER = PROMPT_PLACEHOLDER

    KEY_ROWS = (*REVERSE_KEYS, *CHAT_KEYS)
    BINDINGS = bindings(CHAT_KEYS)

    def __init__(self, remote: ReverseRemote) -> None:
        # The remote has the service's names for all the screen uses; it plays no computer.
        super().__init__(cast(ReverseService, remote))
        # In the person's language (this game's catalog): the served table puts it back after chat.
        self.PROMPT_PLACEHOLDER = _(PROMPT_PLACEHOLDER)
        self.remote = remote
        self._served()

    def watching(self) -> bool:
        return bool(self.remote.door.spectator)

    recaps = False  # (its opening line tells the round so far, with the table's notices)

    def on_mount(self) -> None:
        # Runs before the table screen's own on_mount (Textual calls both), which follows the
        # events from now on: the log reads in order, the chat hint, what the table said before
        # this screen was there (the game starting, a computer taking a free seat), the round so
        # far, then the news as it happens.
        self.remote.on_update = self._schedule_update
        watching = " " + _("You are watching: no hand is shown.") if self.remote.door.spectator else ""
        self.query_one("#log", RichLog).write(chat_hint() + watching)
        # The notices said before the round being played come now; those said during it come
        # with its moves (opening_line).
        self._told_events = self._round_began(self.remote.door.past_events())
        self.remote.hear(self._notice)

    @staticmethod
    def _round_began(past: Sequence[ReverseEvent]) -> int:
        """Where the round being played (or just over) begins among ``past`` events."""
        dealt = [i for i, event in enumerate(past) if isinstance(event, (RoundStart, RoundView))]
        return dealt[-1] if dealt else len(past)

    def opening_line(self) -> str:
        """Where the table stands, then the round being played (or just over) so far: a person
        back at their seat reads what the computer did for them."""
        view = self.remote.view()
        totals = ", ".join(f"{shown_name(n)} {t}" for n, t in zip(self.names, view.totals))
        said = [_("Kings Reverse at table {table}, round {round}. Totals: {totals}.").format(
            table=self.remote.door.table_id, round=view.round, totals=totals)]
        past = self.remote.door.past_events()
        for at in range(self._round_began(past), len(past)):
            said += [self._notice_line(notice) for notice in self._take_early(at)]
            with self._showing():
                sentence = describe_event(past[at], self.names, self.remote.keyboard_seat)
            if sentence and not isinstance(past[at], TurnStart):  # (as the log tells them)
                said.append(sentence)
        said += [self._notice_line(notice) for notice in self._take_early(len(past))]
        self._told_events = len(past)  # the screen follows the session from here
        return "\n".join(said)

    def _position(self) -> object:
        return (self.remote.phase, self.remote.decision_id, self.remote.waiting_for_human())

    # ------------------------------------------------------------------ flow
    def advance(self) -> None:
        """A person here to act: the table screen's prompt; someone else: say who plays;
        between rounds: the round-over dialog."""
        self._advanced = self._position()
        remote = self.remote
        if remote.phase == Phase.TURN and not remote.waiting_for_human():
            if not self._chatting:
                self._close_prompt()
            self.refresh_table()
            self.say_playing(remote.current, shown_name(self.names[remote.current]))
            return
        if self._chatting and remote.phase == Phase.TURN:
            self.refresh_table()
            return
        if remote.door.spectator and remote.phase == Phase.ROUND_OVER:
            self._tell_round_over()
            return
        super().advance()

    def _tell_round_over(self) -> None:
        """A spectator reads the round's result in the log: there is nothing to answer (the
        players deal the next round), so no dialog stands over the table meanwhile."""
        self.refresh_table()
        log = self.query_one("#log", RichLog)
        log.write(_("Round over."))
        for line in round_text(self.remote.round_summary(), self.names, self.text).splitlines():
            if line.strip():
                log.write(line)
        self.say(_("Round over: the log has its result. The players deal the next round when they "
                   "are ready."))

    def _after_round(self, choice: str | None) -> None:
        """The next round is dealt when every player is ready; at the session's end the
        scores, then back to the lobby (a new table is made there)."""
        remote = self.remote
        if choice == "quit":
            self._leave()
        elif remote.phase == Phase.SESSION_OVER:
            view = remote.view()
            text = session_text(remote.round_summary(), view.history, self.names, remote.rules.target)
            self.app.push_screen(TextScreen(_("The session is over"), text), lambda _answer: self._leave())
        elif remote.phase == Phase.ROUND_OVER:
            if remote.door.spectator:
                self.say(_("The players deal the next round when they are ready."))
                return
            try:
                remote.next_round()
            except TableError as exc:
                self.say(str(exc))
                return
            if remote.phase == Phase.ROUND_OVER:
                self.say(_("Waiting for the others to be ready for the next round..."))
            self.refresh_table()

    def action_quit(self) -> None:
        if self.remote.door.spectator or self.remote.phase == Phase.SESSION_OVER:
            self._leave()
            return
        question = " ".join([leave_question(self.remote.door),
                             _("Press y or Enter to leave, any other key to stay.")])
        self.app.push_screen(ConfirmScreen(question), lambda yes: self._leave() if yes else None)

    # ------------------------------------------------------------------ chat


class CreateReverseTableScreen(TableForm, ReverseNewGameScreen):
    """Kings Reverse's new-game screen for a table: its name, and each seat open (for a person)
    or a computer level; Ctrl+S makes the table and seats its maker at the first open seat."""

    def form_title(self) -> str:
        return _("New table: Kings Reverse")

    def seat_kinds(self) -> list[tuple[str, str]]:
        return seat_choices()[1:]

    def level_word(self, level: str) -> str:
        return level_name(level)

    def summary_line(self) -> str:
        rules = self.rules()
        return _("A Kings Reverse table for {n}: {seats}; its name: {name}; {cards} cards each, to {target}. "
                 "Ctrl+S makes it and seats you at the first open seat.").format(
            n=self.players, seats=self.seats_said(), name=visible(self.table_name()), cards=rules.hand_size,
            target=rules.target)
