"""Kings in the Corner at a served table: the lobby's form that makes a table
(:class:`CreateTableScreen`, the new-game form's seats and rules), and the table screen for one
networked seat (:class:`NetworkTableScreen`): the local table screen drawn from that seat's view,
with chat (``'`` or ``:say``); the server plays the computers and deals, so the screen only
follows what it is sent.
"""

from __future__ import annotations

from textual.widgets import Input, RichLog

from ....core.i18n import N_, Domain
from ....core.kinds import Phase
from ....core.text import joined
from ....net import TableError
from ....tui.dialogs import TextScreen
from ....tui.keys import bindings
from ....tui.served import CHAT_KEYS, PROMPT_MAX, ServedTable, chat_hint, leave_question
from ....tui.table_form import TableForm
from ..ai import level_name
from ..engine.describe import session_summary, totals_sentence
from ..remote import RemoteTable
from .new_game import NewGameScreen, seat_kinds_shown
from .table import TABLE_KEYS, TableScreen
from .widgets import HandView, shown_name

__all__ = ["CreateTableScreen", "NetworkTableScreen"]

_, ngettext, pgettext, L_, Ln_ = Domain.of(__package__).functions()

PROMPT_PLACEHOLDER = N_("command, e.g. 7h n  (Enter to run, Esc to close)")

class CreateTableScreen(TableForm, NewGameScreen):
    """The new-game screen for a table: its name (the lobby lists it; "Ada's table" unless
    another is typed), and each seat open (for a person) or a computer level."""

    def seat_kinds(self) -> list[tuple[str, str]]:
        return seat_kinds_shown()[1:]

    def level_word(self, level: str) -> str:
        return level_name(level)

    def summary_line(self) -> str:
        return " ".join([self.table_line(), _("Ctrl+S makes it and seats you at the first open seat.")])


class NetworkTableScreen(ServedTable, TableScreen):
    """The table screen for one networked seat: the server deals and plays the computers;
    this screen draws what it is sent, and adds chat."""

    @property
    def PROMPT_PLACEHOLDER(self) -> str:  # type: ignore[override]  # noqa: N802 (said as it is shown)
        return _(PROMPT_PLACEHOLDER)

    KEY_ROWS = (*TABLE_KEYS, *CHAT_KEYS)
    BINDINGS = bindings(CHAT_KEYS)
    PROMPT_OUTLIVES_TURNS = True  # a chat line being typed survives the others' moves

    def __init__(self, remote: RemoteTable) -> None:
        super().__init__(remote)
        self.remote = remote
        # The notices said before the round being played come first; those said during it come
        # with its moves (_tell_round_so_far).
        self._served(self._round_began)

    def on_mount(self) -> None:
        # Runs before the table screen's own on_mount (Textual calls both), so the log reads in
        # order: the chat hint, what the table said before this screen was there (the game
        # starting, a computer taking a free seat), the round so far, then the news as it happens.
        self.remote.on_update = self._schedule_update
        self.query_one("#prompt", Input).max_length = PROMPT_MAX
        watching = " " + _("You are watching: no hand is shown.") if self.remote.door.spectator else ""
        self.query_one(HandView).watching = self.remote.door.spectator
        self.query_one("#log", RichLog).write(chat_hint() + watching)
        self.remote.hear(self._notice)

    def _tell_round_so_far(self) -> None:
        """The round being played (or just over) so far, and what the table said meanwhile,
        as they came: a person back at their seat reads what the computer did for them."""
        said: list[str] = []
        for at, sentence in self._round_so_far:
            said += [self._notice_line(notice) for notice in self._take_early(at)]
            said.append(sentence)
        said += [self._notice_line(notice) for notice in self._take_early(self._caught_up)]
        self._told_events = self._caught_up  # the screen tells the session from here
        if said:
            self.query_one("#log", RichLog).write("\n".join(said))  # one write: one redraw

    def _before_update(self) -> None:
        """The seats' names as the server has them now (a person took a seat dealt without them)."""
        self.remote.adopt_names(self.names, self.narrator.names, self.turns.names)

    def _position(self) -> object:
        return (self.service.phase, self.service.turn_id)

    def advance(self) -> None:
        self._advanced = self._position()
        if self.remote.door.spectator and self.service.phase == Phase.ROUND_OVER:
            self._tell_round_over()
            return
        super().advance()

    def _tell_round_over(self) -> None:
        """A spectator reads the round's result in the log: there is nothing to answer (the
        players deal the next round), so no dialog stands over the table meanwhile."""
        self.refresh_table()
        said = [_("Round over."), *joined(self.round_over_lines()).splitlines(),
                totals_sentence(self.service.history, self.names, self.service.rules)]
        lines = [line for line in said if line.strip()]
        self.query_one("#log", RichLog).write("\n".join(lines))  # one write: one redraw
        self.say(_("Round over: the log has its result. The players deal the next round when "
                   "they are ready."))

    def watching(self) -> bool:
        return bool(self.remote.door.spectator)

    def _computer_plays(self) -> None:
        self.say_playing(self.service.current, shown_name(self.service.current_seat.name))
        self.refresh_table()

    def _next_round(self) -> None:
        if self.remote.door.spectator:
            self.say(_("The players deal the next round when they are ready."))
            return
        try:
            self.service.next_round()
        except TableError as exc:
            self.say(str(exc))
            return
        if self.service.phase == Phase.ROUND_OVER:
            self.say(_("Waiting for the others to be ready for the next round..."))
        self.refresh_table()

    def _after_round(self, choice: str | None) -> None:
        """At a session's end the scores, then back to the lobby (a networked table has no
        "play again": a new table is made there)."""
        if choice != "quit" and self.service.phase == Phase.SESSION_OVER:
            text = session_summary(self.service.session_summary(), self.names)
            self.app.push_screen(TextScreen(_("The session is over"), text), lambda _result: self._leave())
            return
        super()._after_round(choice)

    def action_quit(self) -> None:
        if self.remote.door.spectator or self.service.phase == Phase.SESSION_OVER:
            self._leave()
            return
        self.ask(" ".join([leave_question(self.remote.door),
                           _("Press y or Enter to leave, any other key to stay.")]), self._leave)
