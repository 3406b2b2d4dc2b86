"""Higher's table screens, on the platform's table shell: the pile, the players, the log, the
hand (1-9 play a card, d draws or passes, ``:`` takes a typed action), and the served table's
screen for one seat.  The computers' turns are instant; each is shown for the settings' pace."""

from __future__ import annotations

from typing import Any, cast

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Input, RichLog

from kc_tui.core.cards import NotationError
from kc_tui.core.errors import IllegalMove
from kc_tui.core.kinds import Phase
from kc_tui.net import TableError
from kc_tui.tui.dialogs import ConfirmScreen, TextScreen
from kc_tui.tui.keys import KeyRow, bindings, key_line
from kc_tui.tui.round_over import RoundOverScreen, SessionOverScreen
from kc_tui.tui.served import CHAT_HINT, ServedTable
from kc_tui.tui.table_shell import TableShell
from kc_tui.tui.widgets import EventLog, PlayersView, TextPanel, any_card_text

from .engine import HigherService, HigherView
from .line import RULES, action_of, scores_line, table_line
from .remote import HigherRemote
from .session import GAME as SESSION

PLAY, GAME = "Playing", "The game"
HIGHER_KEYS: tuple[KeyRow, ...] = (
    KeyRow("1-9", "play that card of your hand", PLAY, action="pick", line=(("turn", "1-9 play"),)),
    KeyRow("d", "draw a card (pass once the stock is empty)", PLAY, action="draw", bind=(("d", "draw"),),
           line=(("turn", "d draw"),), palette="Draw a card"),
    KeyRow(":", "type an action: 5H, draw, pass, look, scores, rules", PLAY, action="prompt",
           bind=(("colon", "prompt"),), line=(("turn", ": type"),), palette="Command line"),
    KeyRow("Esc", "close the command line", PLAY, action="cancel", bind=(("escape", "cancel"),)),
    KeyRow("b", "read the table", GAME, action="look", bind=(("b", "look"),), palette="Read the table"),
    KeyRow("r", "the rules", GAME, action="rules", bind=(("r", "rules"),), palette="Rules"),
    KeyRow("o", "settings", GAME, action="settings", bind=(("o", "settings"),), palette="Settings"),
    KeyRow("?, F1", "every key", GAME, action="help", bind=(("question_mark,f1", "help"),),
           line=(("turn", "? help"), ("computer", "? help")), palette="Help"),
    KeyRow("q", "leave the game", GAME, action="quit", bind=(("q", "quit"),),
           line=(("turn", "q quit"), ("computer", "q quit")), palette="Leave the game"),
)


class HigherTableScreen(TableShell):
    """A session of Higher at this keyboard (one person, or people taking turns)."""

    DEFAULT_CSS = """
    HigherTableScreen #pile { width: 30; height: auto; border: round $panel; padding: 0 1; }
    """
    KEY_ROWS = HIGHER_KEYS
    BINDINGS = bindings(HIGHER_KEYS)

    def __init__(self, service: HigherService) -> None:
        super().__init__()
        self.service = service
        self.people = [i for i, s in enumerate(service.seats) if s.player is None]
        self.set_reactive(TableShell.viewer, self.people[0] if len(self.people) == 1 else -1)
        seat = service.keyboard_seat
        self.names = ["You" if i == seat else s.name for i, s in enumerate(service.seats)]
        self.tell = SESSION.narrator(self.names, seat)

    def compose(self) -> ComposeResult:
        with Horizontal(id="top"):
            with Vertical(id="pile-side"):
                yield TextPanel(id="pile")
            with Vertical(id="side"):
                yield PlayersView()
                yield EventLog(id="log")
        yield self.too_small_note()
        yield TextPanel(id="hand")
        yield TextPanel(id="status")
        yield Input(placeholder="an action: 5H, draw, pass (Enter runs it, Esc closes)", id="prompt")
        yield TextPanel(id="keys", classes="keys")

    def on_mount(self) -> None:
        self.fit_to(*self.app.size)
        self.query_one("#prompt", Input).display = False
        self.service.follow(self._on_event, self.service.keyboard_seat)
        if not self.service.view(None).round:
            self.service.start()
        self.refresh_table()
        self.advance()

    def _on_event(self, event: Any) -> None:
        sentence = self.tell(event)
        if sentence:
            self.query_one("#log", RichLog).write(sentence)

    def _view(self) -> HigherView:
        view: HigherView = self.service.view(self._reader())
        return view

    def refresh_table(self) -> None:
        view = self._view()
        ascii_only = self.app.settings.ascii
        if view.pile is not None:
            self.query_one("#pile", TextPanel).show(
                f"Round {view.round}\nPile: {any_card_text(view.pile, ascii_only)}\nStock: {view.stock_count}")
        self.query_one(PlayersView).rows = tuple(
            f"{'>' if view.phase == Phase.TURN and view.current == i else ' '}{name}: "
            f"{view.hand_counts[i]} cards, {view.totals[i]} won" for i, name in enumerate(self.names))
        hand = " ".join(f"{k}:{any_card_text(c, ascii_only)}" for k, c in enumerate(view.hand, 1))
        self.query_one("#hand", TextPanel).show(f"Hand  {hand}" if view.seat is not None else "Watching")
        state = "turn" if self.service.waiting_for_human() else "computer"
        self.query_one("#keys", TextPanel).show(key_line(HIGHER_KEYS, state))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self.too_small_now():
            return False
        if action == "cancel":
            return any(prompt.display for prompt in self.query("#prompt"))
        return True

    # ------------------------------------------------------------------ flow
    def advance(self) -> None:
        """A person to act: say so; a computer: its turn after the pace; between rounds: the
        round's dialog."""
        service = self.service
        self.refresh_table()
        if service.phase != Phase.TURN:
            view = service.view(None)
            self.say("The session is over." if service.phase == Phase.SESSION_OVER else "Round over.")
            self._round_dialog(lambda: RoundOverScreen(scores_line(view, self.names),
                                                       service.phase == Phase.SESSION_OVER))
        elif service.waiting_for_human():
            if len(self.people) > 1:
                self.viewer = service.current
            self.say(f"{self.names[service.current]}: play a card higher than the pile's (1-9), or d.")
        else:
            self.say(f"{self.names[service.current]} is playing...")
            self.set_timer(self.app.settings.pace or 0.001, self._computer_turn, name="higher-computer")

    def _computer_turn(self) -> None:
        if self.is_attached and self.service.phase == Phase.TURN and not self.service.waiting_for_human():
            self.service.run_computer_turns(limit=1)
            self.advance()

    def _act(self, action: str) -> None:
        if not self.service.waiting_for_human():
            self.say("It is not your turn.")
            return
        try:
            self.service.act(action)
        except IllegalMove as exc:  # the referee's sentence (a served table's door's too)
            self.say(str(exc))
            return
        self.advance()

    def on_key(self, event: events.Key) -> None:
        if event.key not in ("ctrl+c", "ctrl+q") and self.too_small_now():
            event.stop()
            return
        if event.character and event.character in "123456789" and not isinstance(self.focused, Input):
            event.stop()
            hand = self._view().hand
            index = int(event.character) - 1
            if index < len(hand):
                self._act(str(hand[index]))
            else:
                self.say(f"Your hand has {len(hand)} cards.")

    def action_draw(self) -> None:
        self._act("draw" if "draw" in self._view().legal or not self._view().legal else "pass")

    def action_look(self) -> None:
        self._read(table_line(self._view(), self.names))

    def action_rules(self) -> None:
        self.app.push_screen(TextScreen("The rules", RULES, close_keys="r"))

    def action_prompt(self) -> None:
        prompt = self.query_one("#prompt", Input)
        prompt.display = True
        prompt.value = ""
        prompt.focus()

    def _close_prompt(self) -> bool:
        prompt = self.query_one("#prompt", Input)
        was = bool(prompt.display)
        prompt.display = False
        self.set_focus(None)
        return was

    def action_cancel(self) -> None:
        self._close_prompt()

    def on_input_submitted(self, message: Input.Submitted) -> None:
        text, message.input.value = message.value.strip(), ""
        reviews = {"look": self.action_look, "rules": self.action_rules, "help": self.action_help,
                   "scores": lambda: self._read(scores_line(self._view(), self.names)), "quit": self.action_quit}
        if text.lower() in reviews:
            reviews[text.lower()]()
            return
        try:
            action = action_of(text)
        except NotationError as exc:
            self.say(str(exc))
            return
        self._act(action)

    # ------------------------------------------------------------------ rounds and leaving
    def _after_round(self, choice: str | None) -> None:
        service = self.service
        if choice == "quit":
            self._leave()
        elif service.phase == Phase.SESSION_OVER:
            self.app.push_screen(SessionOverScreen(scores_line(service.view(None), self.names),
                                                   getattr(self.app, "service", None) is not service),
                                 lambda choice: self._leave(quit_app=choice == "quit"))
        elif service.phase == Phase.ROUND_OVER:
            service.next_round()
            self.advance()

    def action_quit(self) -> None:
        if self.service.phase != Phase.SESSION_OVER and self.app.settings.confirm_quit:
            self.app.push_screen(ConfirmScreen("Leave the game? Press y to leave, any other key to stay."),
                                 lambda yes: self._leave() if yes else None)
            return
        self._leave()

    def stop_play(self) -> None:
        self.service.remove_listener(self._on_event)


class NetworkHigherTableScreen(ServedTable, HigherTableScreen):
    """The Higher table for one seat at a served table: the server deals and plays the
    computers; chat is ' (or ``:say``)."""

    BINDINGS = [Binding("apostrophe", "chat", "Chat", show=False)]
    PROMPT_PLACEHOLDER = "an action: 5H, draw, pass (Enter runs it, Esc closes)"

    def __init__(self, remote: HigherRemote) -> None:
        super().__init__(cast(HigherService, remote))
        self.remote = remote
        self._served()

    def on_mount(self) -> None:
        # Runs before the table screen's own on_mount (Textual calls both).
        self.remote.on_update = self._schedule_update
        self.call_after_refresh(lambda: self.query_one("#log", RichLog).write(CHAT_HINT))
        self.call_after_refresh(lambda: self.remote.hear(self._notice))

    def _position(self) -> object:
        return (self.remote.phase, self.remote.current, self.remote.waiting_for_human())

    def advance(self) -> None:
        self._advanced = self._position()
        remote = self.remote
        if remote.phase == Phase.TURN and not remote.waiting_for_human():
            self.refresh_table()
            self.say(f"{self.names[remote.current]} is playing.")
            return
        if remote.door.spectator and remote.phase == Phase.ROUND_OVER:
            self.refresh_table()
            self.say("Round over: the players deal the next round when they are ready.")
            return
        super().advance()

    def _after_round(self, choice: str | None) -> None:
        remote = self.remote
        if choice == "quit" or remote.phase == Phase.SESSION_OVER:
            self._leave()
        elif remote.phase == Phase.ROUND_OVER and not remote.door.spectator:
            try:
                remote.next_round()
            except TableError as exc:
                self.say(str(exc))
                return
            if remote.phase == Phase.ROUND_OVER:
                self.say("Waiting for the others to be ready for the next round...")
            self.refresh_table()

    def action_quit(self) -> None:
        if self.remote.door.spectator or self.remote.phase == Phase.SESSION_OVER:
            self._leave()
            return
        self.app.push_screen(ConfirmScreen("Leave the table? A computer plays your seat. Press y to "
                                           "leave, any other key to stay."),
                             lambda yes: self._leave() if yes else None)
