"""The Kings Reverse table (KINGS-REVERSE.md): the discard pile with the suit to follow and the
direction of play, the stock, the players with their card counts and "one card" state, the event
log, the hand with the cards that may be played marked, the status and key lines, and the
command line ``:``.

Built like every game's table (:class:`~kc_tui.tui.table_shell.TableShell`: below 80 x 24 it says
how large the terminal must be, and no key acts): the screen owns the flow and asks the
:class:`ReverseService` for everything it shows; each key turns into one
:class:`~kc_tui.games.kings_reverse.engine.actions.Action`, and a refused one shows the
engine's sentence and changes nothing.  A computer decides in a worker thread; its action is
shown for the pace the settings give before the next one thinks.
"""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.timer import Timer
from textual.widgets import Input, RichLog, Static
from textual.worker import get_current_worker

from ....core.cards import JOKER, AnyCard, Card, NotationError, Rank, Suit
from ....core.kinds import Phase
from ....tui.dialogs import ConfirmScreen, PassScreen, TextScreen
from ....tui.keys import KeyRow, bindings
from ....tui.modal import Dialog
from ....tui.round_over import RoundOverScreen, SessionOverScreen
from ....tui.table_shell import TableShell
from ....tui.widgets import EventLog, Menu, MenuItem, PlayersView, TextPanel, any_card_text
from ..ai import hint
from ..engine.actions import Action, ActionKind, parse_action
from ..engine.describe import (
    describe_event,
    describe_rules,
    hand_sentence,
    look_text,
    next_seat,
    playable_cards,
    round_text,
    score_table,
    session_text,
    step_prompt,
    who_text,
)
from ..engine.events import ReverseEvent, TurnEnd, TurnStart
from ..engine.service import ReverseDecision, ReverseService
from ..engine.views import ReverseView
from .widgets import REVERSE_HAND_KEYS, PileBox, ReverseHandView, direction_text, suit_text

__all__ = ["REVERSE_KEYS", "REVERSE_QUICK_GAME", "ReverseTableScreen", "SuitScreen"]

REVERSE_QUICK_GAME = ["you", "hard", "hard", "hard"]
"""The quick game of Kings Reverse: you against three hard computers, standard rules."""


class SuitScreen(Dialog[Suit | None]):
    """Name the suit to follow after a joker: S H D C, or the arrows and Enter; Esc keeps the
    joker in the hand."""

    ORDER = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
    BINDINGS = [
        *(Binding(s.value.lower(), f"pick('{s.value}')", s.word, show=False) for s in ORDER),
        Binding("escape", "pick('')", "Keep the joker", show=False),
    ]

    def __init__(self, ascii_only: bool) -> None:
        super().__init__()
        self.ascii_only = ascii_only

    def compose(self) -> ComposeResult:
        with Vertical(id="kr-suit", classes="dialog"):
            yield Static("Name the suit to follow", classes="dialog-title")
            labels = [suit_text(s, self.ascii_only) for s in self.ORDER]
            yield Menu([MenuItem(s.value, s.value, label[0].upper() + label[1:])
                        for s, label in zip(self.ORDER, labels)], id="kr-suit-menu")
            yield TextPanel(id="kr-suit-keys", classes="keys")

    def set_up(self) -> None:
        self.query_one("#kr-suit-keys", TextPanel).show("S H D C, arrows+Enter  Esc keep joker")
        self.query_one(Menu).focus()

    def on_menu_chosen(self, message: Menu.Chosen) -> None:
        self.action_pick(message.item.id)

    def action_pick(self, letter: str) -> None:
        self.dismiss(next((s for s in Suit if s.value == letter), None))


PLAY, TURN, READ, GAME = "Playing a card", "Your turn", "Reading the table", "The game"
REVERSE_KEYS: tuple[KeyRow, ...] = (
    KeyRow("1-9, 0, letters", "play that card of your hand, or give it after the Ace of spades (0 is "
           "the tenth, then f g n p u v y z as the hand shows them); a * marks the cards you may "
           "play; a joker asks for the suit", PLAY,
           action="pick", line=(("turn", "1-9 play"),)),
    KeyRow("Left, Right, Enter", "move along your hand; Enter (or Space) plays the marked card", PLAY,
           action="pick", line=(("turn", "Enter play"),)),
    KeyRow("S H D C, arrows", "name the suit to follow after a joker (Esc keeps the joker)", PLAY),
    KeyRow("d", "draw a card (pass when the stock is empty; take the four cards of a joker you "
           "could challenge)", TURN, action="draw", bind=(("d", "draw"),), line=(("turn", "d draw"),),
           palette="Draw a card"),
    KeyRow("m", "marry the King and Queen of one suit (the marked card's suit, or the only one)",
           TURN, action="marry", bind=(("m", "marry"),), line=(("turn", "m marry"),), palette="Marry"),
    KeyRow("c", 'call "one card" after a play that leaves you one card', TURN, action="call",
           bind=(("c", "call"),), line=(("turn", "c one card"),), palette='Call "one card"'),
    KeyRow("e", "end your turn without calling, or keep a drawn joker that would be a bluff", TURN,
           action="end_turn", bind=(("e", "end_turn"),), palette="End turn"),
    KeyRow("x", "challenge the joker just played on you (with the joker challenge option)", TURN,
           action="challenge", bind=(("x", "challenge"),), line=(("turn", "x challenge"),),
           palette="Challenge the joker"),
    KeyRow("t", "hint: what to do now, in words", TURN, action="hint", bind=(("t", "hint"),),
           line=(("turn", "t hint"),), palette="Hint"),
    KeyRow(":", "type an action: 9H, JK S, marry H, give 5C, draw, pass, one, end, challenge, "
           "accept, hint, quit", TURN, action="prompt", bind=(("colon", "prompt"),),
           palette="Command line"),
    KeyRow("Esc", "close the command line", TURN, action="cancel", bind=(("escape", "cancel"),)),
    KeyRow("b", "read the whole table: the pile, the suit to follow, the direction, everyone's "
           "cards, your hand", READ, action="look", bind=(("b", "look"),), palette="Read the table"),
    KeyRow("i", "read your hand and the cards you may play", READ, action="read_hand",
           bind=(("i", "read_hand"),), palette="Read your hand"),
    KeyRow("w", "who has how many cards and points, who called \"one card\", whose turn it is",
           READ, action="who", bind=(("w", "who"),), palette="Who"),
    KeyRow("a", "what the others did since your last turn", READ, action="since",
           bind=(("a", "since"),), palette="Since your turn"),
    KeyRow("s", "the score table so far", GAME, action="scores", bind=(("s", "scores"),),
           line=(("computer", "s scores"),), palette="Scores"),
    KeyRow("r", "the rules in force", GAME, action="rules", bind=(("r", "rules"),),
           line=(("computer", "r rules"),), palette="Rules"),
    KeyRow("o", "settings: theme, cards, ASCII, AI pace, confirmations", GAME, action="settings",
           bind=(("o", "settings"),), line=(("computer", "o settings"),), palette="Settings"),
    KeyRow("?, F1", "every key, grouped", GAME, action="help", bind=(("question_mark,f1", "help"),),
           line=(("turn", "? help"), ("computer", "? help"), ("playing", "? help")), palette="Help"),
    KeyRow("q", "leave the game (asks first while a game is in progress)", GAME, action="quit",
           bind=(("q", "quit"),), line=(("turn", "q quit"), ("computer", "q quit"), ("playing", "q quit")),
           palette="Leave the game"),
    KeyRow("any key", "while a computer's action is shown: go on at once", GAME, action="skip",
           line=(("playing", "any key: go on now"),)),
)
"""Every key of the Kings Reverse table: its bindings, key line, help and command palette."""

READOUT_WORDS = ("look", "hand", "who", "scores", "rules", "last", "since", "hint", "help", "quit")
"""Words the command line takes besides actions: the line mode's review commands."""


class ReverseComputer:
    """Plays the computers' turns of one Kings Reverse table: a decision is thought about in a
    worker thread, applied here (a stale one is dropped by the service), and shown for the pace
    before ``done`` moves the game on; any key ends the pause at once."""

    def __init__(self, screen: ReverseTableScreen) -> None:
        self.screen = screen
        self.decision: ReverseDecision | None = None
        self.timer: Timer | None = None

    @property
    def showing(self) -> bool:
        """True while a computer's action is on screen, before the game moves on."""
        return self.timer is not None

    def begin(self) -> None:
        decision = self.decision = self.screen.service.begin_decision()
        self.screen.run_worker(lambda: self._think(decision), thread=True, exclusive=True, group="kr-ai")

    def _think(self, decision: ReverseDecision) -> None:
        action = decision.run()
        if not get_current_worker().is_cancelled:
            self.screen.app.call_from_thread(self._apply, decision, action)

    def _apply(self, decision: ReverseDecision, action: Action) -> None:
        screen = self.screen
        if decision is not self.decision or not screen.is_attached:
            return
        self.decision = None
        service = screen.service
        service.apply_decision(decision, action)  # the saver follows the service's actions
        for fault in screen.service.take_faults():
            screen.query_one("#log", RichLog).write(f"! {fault}")
        screen.shown_computer_action()
        pace = screen.app.settings.pace
        if pace > 0:
            self.timer = screen.set_timer(pace, self.go_on)
            screen.show_keys()
        else:
            screen.advance()

    def go_on(self) -> None:
        """The pause is over (or a key ended it): the game moves on."""
        if self.timer is not None:
            self.timer.stop()
            self.timer = None
            self.screen.advance()

    def stop(self) -> None:
        if self.decision is not None:
            self.screen.service.cancel_decision(self.decision)
            self.decision = None
        if self.timer is not None:
            self.timer.stop()
            self.timer = None
        self.screen.workers.cancel_group(self.screen, "kr-ai")


class ReverseTableScreen(TableShell):
    """One Kings Reverse session at the table, for the person (or people) at this keyboard."""

    FIRST_FOCUS = "#hand"
    KEY_ROWS = REVERSE_KEYS
    BINDINGS = bindings(REVERSE_KEYS)

    def __init__(self, service: ReverseService) -> None:
        """The session is saved by whoever started it (the app, the command line), not here."""
        super().__init__()
        self.service = service
        self.people = [i for i, s in enumerate(service.seats) if s.player is None]
        self.set_reactive(TableShell.viewer, self.people[0] if len(self.people) == 1 else -1)
        self.names = [s.name for s in service.seats]
        self.since: dict[int, list[str]] = {p: [] for p in self.people}
        """What each person has not seen happen since their last turn ended."""
        self._recent: list[str] = []
        self.computer = ReverseComputer(self)

    # ------------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        with Horizontal(id="top"):
            with Vertical(id="kr-left"):
                yield PileBox()
            with Vertical(id="side"):
                yield PlayersView()
                yield EventLog(id="log")
        yield self.too_small_note()
        yield ReverseHandView()
        yield TextPanel(id="status")
        yield Input(placeholder="action, e.g. 9H, JK S, draw, one  (Enter to run, Esc to close)",
                    id="prompt")
        yield TextPanel(id="keys", classes="keys")

    def on_mount(self) -> None:
        self.fit_to(*self.app.size)
        self.query_one("#prompt", Input).display = False
        self.service.follow(self._on_event, self.service.keyboard_seat)
        if not self.service.view(None).round:
            self.service.start()
        else:
            self.query_one("#log", RichLog).write(self.opening_line())
        self.refresh_table()
        self.advance()

    def opening_line(self) -> str:
        """The log's first line at a session already dealt (resumed here, or a served table's)."""
        view = self.service.view(None)
        return (f"Resumed in round {view.round}. Totals: "
                + ", ".join(f"{n} {t}" for n, t in zip(self.names, view.totals)) + ".")

    # ------------------------------------------------------------------ events and drawing
    def text(self, card: AnyCard) -> str:
        return any_card_text(card, self.ascii_only)

    def _on_event(self, event: ReverseEvent) -> None:
        sentence = describe_event(event, self.names, self.service.keyboard_seat)
        if isinstance(event, TurnEnd) and event.player in self.since:
            self.since[event.player] = []
        if isinstance(event, TurnStart) or not sentence:
            return  # whose turn it is shows on the status line and the players' panel
        self.query_one("#log", RichLog).write(sentence)
        self._recent.append(sentence)
        for person, seen in self.since.items():
            if not (self.service.phase == Phase.TURN and self.service.current == person):
                seen.append(sentence)

    def _view(self) -> ReverseView:
        """The view of the seat the table shows: the person at the keyboard, else a spectator."""
        return self.service.view(self.viewer if self.viewer >= 0 else None)

    def watch_viewer(self) -> None:
        self.refresh_table()

    def refresh_table(self) -> None:
        """Hand every widget what it shows now (the engine owns the state)."""
        view = self._view()
        pile = self.query_one(PileBox)
        if view.round:
            below = " ".join(self.text(c) for c in view.pile[-3:-1])
            nxt = self.names[next_seat(view)]
            pile.lines = (
                f"  below it: {below or 'nothing'}",
                f"Suit to follow: {suit_text(view.follow, self.ascii_only) if view.follow else '-'}",
                f"Play goes: {direction_text(view.clockwise, self.ascii_only)}",
                f"Next after {self.names[view.current]}: {nxt}",
                f"Stock: {view.stock_count} card{'s' if view.stock_count != 1 else ''}",
                f"Round {view.round}, {self.names[view.dealer]} dealt",
                f"Lowest wins; ends at {view.rules.target}",
            )
            pile.top = view.top
        rows = []
        for i, seat in enumerate(self.service.seats):
            turn = ">" if view.phase == Phase.TURN and view.current == i else " "
            # A computer's level, unless its name already says it (the command line's seats).
            level = f" ({seat.level})" if seat.level and f"({seat.level})" not in seat.name else ""
            count = view.hand_counts[i]
            one = view.one_card[i]
            flag = " ONE CARD" + (" called" if one == "called" else " not called") if one else ""
            lost = " loses next turn" if view.turn_lost[i] else ""
            rows.append(f"{turn}{seat.name}{level}: {count} card{'s' if count != 1 else ''}, "
                        f"{view.totals[i]} pts{flag}{lost}")
        self.query_one(PlayersView).rows = tuple(rows)
        hand = self.query_one(ReverseHandView)
        hand.face_down = bool(self.people) and self.viewer < 0 and len(self.people) > 1
        hand.caption = "Hand" if self.viewer >= 0 else "Watching"
        hand.cards = () if hand.face_down else view.hand
        hand.playable = playable_cards(view)
        self.show_keys()

    def key_state(self) -> str:
        if self.computer.showing:
            return "playing"
        return "turn" if self.service.waiting_for_human() else "computer"

    _NEEDS = {"draw": {ActionKind.DRAW, ActionKind.PASS, ActionKind.ACCEPT},
              "marry": {ActionKind.MARRY}, "call": {ActionKind.CALL},
              "challenge": {ActionKind.CHALLENGE}, "end_turn": {ActionKind.END}}

    def key_applies(self, action: str) -> bool:
        """Whether ``action`` is on the key line now: a game key only when the rules allow it
        (the key itself always answers, a refusal saying why)."""
        if not self.check_action(action, ()):
            return False
        if action in self._NEEDS:
            if not self.service.waiting_for_human():
                return False
            return bool({a.kind for a in self.service.legal_actions()} & self._NEEDS[action])
        return True

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """No key acts on a table too small to be seen; Esc only with the command line open."""
        if self.too_small_now():
            return False
        if action == "cancel":
            return any(prompt.display for prompt in self.query("#prompt"))
        if action == "skip":
            return self.computer.showing
        return True

    # ------------------------------------------------------------------ flow
    def advance(self) -> None:
        """Whose action is it? A person: wait for keys. A computer: think in a worker. Between
        rounds: the round-over dialog."""
        service = self.service
        if not service.waiting_for_human():
            self._close_prompt()
        if service.phase in (Phase.ROUND_OVER, Phase.SESSION_OVER):
            self.refresh_table()
            summary = service.round_summary()
            self.say("The session is over." if summary.session_over else "Round over.")
            self._round_dialog(lambda: RoundOverScreen(round_text(summary, self.names, self.text),
                                                       summary.session_over))
        elif service.waiting_for_human():
            if len(self.people) > 1 and self.viewer != service.current:
                self.viewer = -1
                seat = service.current

                def taken(_: object) -> None:
                    self.viewer = seat
                    self.advance()

                self.app.push_screen(PassScreen(self.names[seat]), taken)
                return
            self.refresh_table()
            self.say(step_prompt(service.view(service.current), self.names, self.text))
            self.query_one(ReverseHandView).focus()
        else:
            if len(self.people) > 1:
                self.viewer = -1
            self.refresh_table()
            self.say(f"{self.names[service.current]} is thinking...")
            self.computer.begin()

    def shown_computer_action(self) -> None:
        """A computer acted: the table and the status line say what it did."""
        recent, self._recent = self._recent, []
        self.refresh_table()
        if recent:
            self.say(" ".join(recent[-3:]))

    def _act(self, action: Action) -> bool:
        """A person's action; a refusal is said and changes nothing (False)."""
        if self._not_yours():
            return False
        self._recent = []
        try:
            self.service.act(action)
        except ValueError as exc:
            # The refusal, ReverseIllegal: a ValueError whose message is the sentence to show
            # (its module is the referee's, closed to front ends, and the service does not
            # export it).
            self.say(str(exc))
            return False
        self._recent = []
        self.advance()
        return True

    def _not_yours(self) -> bool:
        if self.service.waiting_for_human():
            return False
        if self.service.phase == Phase.TURN:
            self.say(f"It is {self.names[self.service.current]}'s turn.")
        else:
            self.say("The round is over.")
        return True

    # ------------------------------------------------------------------ keys
    def on_key(self, event: events.Key) -> None:
        """A hand key plays that card wherever the focus is (but in the command line); while a
        computer's action is shown, any key but q goes on at once."""
        if event.key not in ("ctrl+c", "ctrl+q") and self.too_small_now():
            event.stop()
            event.prevent_default()
            return
        if self.computer.showing and event.key != "q":
            self.computer.go_on()
            event.stop()
            event.prevent_default()
            return
        if event.character and event.character in REVERSE_HAND_KEYS:
            if isinstance(self.focused, Input):
                return
            event.stop()
            index = REVERSE_HAND_KEYS.index(event.character)
            cards = self.query_one(ReverseHandView).cards
            if index < len(cards):
                self.query_one(ReverseHandView).selected = index
                self.play_card(cards[index])
            elif self.service.waiting_for_human():
                self.say(f"Your hand has {len(cards)} card{'s' if len(cards) != 1 else ''}; "
                         f"there is no card {event.character}.")

    def on_reverse_hand_view_chosen(self, message: ReverseHandView.Chosen) -> None:
        self.play_card(message.card)

    def play_card(self, card: AnyCard) -> None:
        """Play (or, after the Ace of spades, give) ``card``; a joker asks for its suit first,
        and a Queen that may go down only in its marriage is married."""
        if self._not_yours():
            return
        legal = self.service.legal_actions()
        if any(a.kind is ActionKind.GIVE for a in legal):
            self._act(Action(ActionKind.GIVE, card))
            return
        if card == JOKER:
            named = [a for a in legal if a.kind is ActionKind.PLAY and a.card == JOKER]
            if any(a.suit is None for a in named):
                self._act(Action(ActionKind.PLAY, JOKER))  # the last card names no suit (KR7)
            elif named:
                def chosen(suit: Suit | None) -> None:
                    if suit is None:
                        self.say("The joker stays in your hand.")
                    else:
                        self._act(Action(ActionKind.PLAY, JOKER, suit))

                self.app.push_screen(SuitScreen(self.ascii_only), chosen)
            else:
                self._act(Action(ActionKind.PLAY, JOKER, Suit.SPADES))  # refused: the sentence says why
            return
        alone = Action(ActionKind.PLAY, card)
        if alone not in legal and isinstance(card, Card) and card.rank in (Rank.QUEEN, Rank.KING):
            marriage = Action(ActionKind.MARRY, suit=card.suit)
            if marriage in legal:
                self._act(marriage)
                return
        self._act(alone)

    def action_draw(self) -> None:
        """``d``: draw; pass with an empty stock; accept a joker one may challenge."""
        if self._not_yours():
            return
        kinds = {a.kind for a in self.service.legal_actions()}
        for kind in (ActionKind.DRAW, ActionKind.PASS, ActionKind.ACCEPT):
            if kind in kinds:
                self._act(Action(kind))
                return
        self._act(Action(ActionKind.DRAW))

    def action_marry(self) -> None:
        if self._not_yours():
            return
        marriages = [a for a in self.service.legal_actions() if a.kind is ActionKind.MARRY]
        hand = self.query_one(ReverseHandView)
        marked = hand.cards[hand.selected] if hand.cards else None
        suit = marked.suit if isinstance(marked, Card) and marked.rank in (Rank.QUEEN, Rank.KING) else None
        if suit is None and len(marriages) == 1:
            suit = marriages[0].suit
        if suit is None:
            kings = [c.suit for c in hand.cards if isinstance(c, Card) and c.rank is Rank.KING]
            suit = marriages[0].suit if marriages else (kings[0] if kings else Suit.SPADES)
            if len(marriages) > 1:
                self.say("Two marriages may be played: put the marker on a King or Queen (Left/"
                         "Right), then press m.")
                return
        self._act(Action(ActionKind.MARRY, suit=suit))

    def action_call(self) -> None:
        self._act(Action(ActionKind.CALL))

    def action_end_turn(self) -> None:
        self._act(Action(ActionKind.END))

    def action_challenge(self) -> None:
        self._act(Action(ActionKind.CHALLENGE))

    def action_hint(self) -> None:
        if self._not_yours():
            return
        view = self.service.view(self.service.current)
        self.say(hint(view) or step_prompt(view, self.names, self.text))

    # ------------------------------------------------------------------ reading the table
    def action_look(self) -> None:
        seat = self._reader()
        view = self.service.view(seat)
        if not view.round:
            self.say("No cards have been dealt yet.")
            return
        text = look_text(view, self.names, self.text, hand=seat is not None)
        self._read(text, f"{text.splitlines()[0]} Everyone's cards are in the log.")

    def action_read_hand(self) -> None:
        seat = self._reader()
        if seat is None:
            self.say("No hand is shown: the hands stay hidden until a player has the keyboard.")
            return
        self._read(hand_sentence(self.service.view(seat), self.text))

    def action_who(self) -> None:
        self._read(who_text(self.service.view(self._reader()), self.names))

    def action_since(self) -> None:
        seat = self._reader()
        seen = self.since.get(seat, []) if seat is not None else []
        self._read(" ".join(seen[-8:]) or "Nothing has happened since your last turn.")

    def action_scores(self) -> None:
        history = self.service.view(None).history
        rounds = len(history)
        self.app.push_screen(TextScreen(f"Scores after {rounds} round{'s' if rounds != 1 else ''}",
                                        score_table(history, self.names), close_keys="s"))

    def action_rules(self) -> None:
        self.app.push_screen(TextScreen("The rules", describe_rules(self.service.rules), close_keys="r"))

    # ------------------------------------------------------------------ the command line
    def action_cancel(self) -> None:
        self._close_prompt()

    def on_input_submitted(self, message: Input.Submitted) -> None:
        text = message.value.strip()
        message.input.value = ""
        word = text.lower()
        if word in READOUT_WORDS:
            {"look": self.action_look, "hand": self.action_read_hand, "who": self.action_who,
             "scores": self.action_scores, "rules": self.action_rules, "last": self.action_since,
             "since": self.action_since, "hint": self.action_hint, "help": self.action_help,
             "quit": self._leave}[word]()
            return
        try:
            action = parse_action(text)
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
            summary = service.round_summary()
            text = session_text(summary, service.view(None).history, self.names, service.rules.target)
            from_title = getattr(self.app, "service", None) is not service
            self.app.push_screen(SessionOverScreen(text, from_title), self._after_session)
        elif service.phase == Phase.ROUND_OVER:
            if len(self.people) > 1:
                self.viewer = -1
            service.next_round()
            self.refresh_table()
            self.advance()

    def next_session(self) -> ReverseService:
        """Play again: a new session with the same seats and rules, on a fresh seed (saved as
        this one was, by the app)."""
        return ReverseService(self.service.rules, self.service.seats)

    def action_quit(self) -> None:
        if self.service.phase != Phase.SESSION_OVER and self.app.settings.confirm_quit:
            self.app.push_screen(ConfirmScreen("Leave the game? Press y to leave, any other key to stay."),
                                 lambda yes: self._leave() if yes else None)
            return
        self._leave()

    def stop_play(self) -> None:
        """Stop the computer's turn in progress (the table is left)."""
        self.computer.stop()
        self.service.remove_listener(self._on_event)

