"""The table screen: the cross of piles, the hand, the players, the event log, and the keys.

The screen owns the flow: it asks the engine service for the state, turns keys into moves, and
runs computer turns in a worker thread so the interface never freezes.
"""

from __future__ import annotations

from textual import events, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical
from textual.geometry import Offset
from textual.reactive import Reactive
from textual.screen import Screen
from textual.timer import Timer
from textual.widget import Widget
from textual.widgets import Input, RichLog, Static
from textual.worker import get_current_worker

from ..ai.hints import hint
from ..engine.cards import Card, Pile
from ..engine.commands import CommandError, Verb, parse_command
from ..engine.describe import Narrator, round_summary, scores_parts, session_summary
from ..engine.events import Event
from ..engine.kinds import Phase
from ..engine.moves import IllegalMove, MovePile, PlayCard
from ..engine.service import Decision, GameService
from .dialogs import PassScreen, TextScreen, help_screen
from .info import SettingsScreen, rules_screen
from .round_over import RoundOverScreen, SessionOverScreen
from .typed_app import OnKingsCornerApp
from .widgets import HandView, PileView, TextPanel, card_text

__all__ = ["TableScreen"]

# Where each pile sits on the 3 x 3 grid of the cross (row, column); the stock is the centre.
LAYOUT = {
    Pile.NW: (0, 0), Pile.N: (0, 1), Pile.NE: (0, 2),
    Pile.W: (1, 0), Pile.E: (1, 2),
    Pile.SW: (2, 0), Pile.S: (2, 1), Pile.SE: (2, 2),
}
AT = {spot: pile for pile, spot in LAYOUT.items()}
MIN_WIDTH, MIN_HEIGHT = 80, 24
WIDE = (110, 34)
"""From this size on the cross draws larger piles."""
RING = (Pile.N, Pile.NE, Pile.E, Pile.SE, Pile.S, Pile.SW, Pile.W, Pile.NW)
"""The piles clockwise around the cross, the order the arrows visit targets in."""
STEPS = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}


def cross() -> Grid:
    """The eight piles around the stock, on a 3 x 3 grid."""
    cells = [PileView(AT[(row, col)]) if (row, col) in AT else TextPanel(id="stock", classes="stock")
             for row in range(3) for col in range(3)]
    return Grid(*cells, id="cross")


class TableScreen(OnKingsCornerApp, Screen[None]):
    """One session at the table, for the person (or people) at this keyboard."""

    # Textual repaints the whole screen whenever the focus moves; the widgets that gain and
    # lose focus repaint themselves, so the rest need not be resent (about 9 KB a key at 80x24).
    focused: Reactive[Widget | None] = Reactive(None, repaint=False)

    BINDINGS = [
        Binding("up,k", "step('up')", "Up", show=False),
        Binding("down,j", "step('down')", "Down", show=False),
        Binding("left,h", "step('left')", "Left", show=False),
        Binding("right,l", "step('right')", "Right", show=False),
        Binding("escape", "cancel", "Cancel"),
        Binding("e", "end_turn", "End turn"),
        Binding("u,ctrl+z", "undo", "Undo"),
        Binding("question_mark,f1", "help", "Help"),
        Binding("t", "hint", "Hint"),
        Binding("colon", "prompt", "Command"),
        Binding("s", "scores", "Scores"),
        Binding("r", "rules", "Rules"),
        Binding("o", "settings", "Settings"),
        Binding("q", "quit", "Quit"),
    ]

    def __init__(self, service: GameService) -> None:
        super().__init__()
        self.service = service
        self.held: Card | Pile | None = None
        self.people = [i for i, s in enumerate(service.seats) if s.player is None]
        # Whose hand the screen shows: the one person, or in hot-seat the one at the keyboard.
        self.viewer = self.people[0] if len(self.people) == 1 else -1
        self.names = [s.name for s in service.seats]
        self.narrator = Narrator(self.names)
        for event in service.past_events_seen_by(service.keyboard_seat):
            self.narrator.sentence(event)  # a resumed game: the narrator catches up silently
        self._decision: Decision | None = None
        self._playing: tuple[Decision, list] | None = None
        self._timer: Timer | None = None
        self._confirm: str | None = None  # "end" or "quit" while waiting for the second key

    # ------------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        with Horizontal(id="top"):
            yield cross()
            with Vertical(id="side"):
                yield TextPanel(id="players")
                yield RichLog(id="log", wrap=True, markup=False, min_width=20)
        yield Static(id="too-small")
        yield HandView()
        yield TextPanel(id="status")
        yield Input(placeholder="command, e.g. 7h n  (Enter to run, Esc to close)", id="prompt")
        yield TextPanel(id="keys", classes="keys")

    def on_resize(self, event: events.Resize) -> None:
        self._fit(*event.size)

    def _fit(self, width: int, height: int) -> None:
        """Below the minimum the table is not drawn broken: it says how large it must be."""
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        self.set_class(small, "too-small")
        # More room: larger piles that show more of each fan.
        self.set_class(width >= WIDE[0] and height >= WIDE[1], "wide")
        if small:
            self.query_one("#too-small", Static).update(
                f"The table needs a terminal of at least {MIN_WIDTH} x {MIN_HEIGHT}; "
                f"this one is {width} x {height}. Make it larger, or play with --plain."
            )

    def on_mount(self) -> None:
        # Lay out for this terminal before the log is first written (it wraps as it writes).
        self._fit(*self.app.size)
        self.query_one("#prompt", Input).display = False
        self.service.follow(self._on_event, self.service.keyboard_seat)
        view = self.service.view(None)
        if not view.round:
            self.service.start()
        else:
            self.query_one("#log", RichLog).write(
                f"Resumed in round {view.round}. Totals: "
                + ", ".join(f"{n} {t}" for n, t in zip(self.names, view.totals)) + ".")
        self.refresh_table()
        self.advance()
        self.call_after_refresh(self.app.show_notice)

    # ------------------------------------------------------------------ events and drawing
    def _on_event(self, event: Event) -> None:
        # Computer turns are applied on the UI thread, so this runs there too.
        text = self.narrator.sentence(event)
        if text:
            self.query_one("#log", RichLog).write(text)

    @property
    def pace(self) -> float:
        return self.app.settings.pace

    @property
    def ascii_only(self) -> bool:
        return self.app.settings.ascii

    def refresh_table(self) -> None:
        service = self.service
        seat = self.viewer if self.viewer >= 0 else service.current
        obs = service.observation(seat)
        targets = self._targets()
        for pile_view in self.query(PileView):
            pile_view.cards = obs.board[pile_view.pile]
            pile_view.marked = pile_view.pile in targets
            pile_view.held = self.held == pile_view.pile
        self._update("#stock", f"Stock\n{obs.stock_count}")
        hand = self.query_one(HandView)
        # Hot-seat: no hand is shown until a person has taken the keyboard.
        hand.cards = () if self.people and self.viewer < 0 else obs.hand
        hand.held = obs.hand.index(self.held) if isinstance(self.held, Card) and self.held in obs.hand else -1
        lines = []
        for i, s in enumerate(service.seats):
            turn = ">" if service.phase == Phase.TURN and service.current == i else " "
            level = f" ({s.level})" if s.level else ""
            count = obs.hand_counts[i]
            points = obs.totals[i]
            lines.append(f"{turn}{s.name}{level}: {count} card{'s' if count != 1 else ''}, "
                         f"{points} pt{'s' if points != 1 else ''}")
        self._update("#players", "\n".join(lines))
        self._update("#keys", self._keys_text())
        self._place_cursor()

    def _keys_text(self) -> str:
        """The keys that apply right now (the footer)."""
        service = self.service
        if self._playing is not None:
            return "Any key: finish this computer turn now   ? help   q quit   Ctrl+P all"
        if self._decision is not None and not service.waiting_for_human():
            return f"{service.current_seat.name} is thinking   s scores   r rules   ? help   q quit"
        if not service.waiting_for_human():
            return "s scores   r rules   o settings   ? help   q quit   Ctrl+P all"
        if self.held is not None:
            return "Arrows: next marked pile   Enter drop   Esc put back   ? help   q quit"
        return "1-9 card  arrows pile  Enter pick  e end turn  u undo  t hint  ? keys  q quit"

    def _update(self, selector: str, text: str) -> None:
        self.query_one(selector, TextPanel).show(text)

    def _place_cursor(self) -> None:
        """Screen readers follow the terminal cursor: put it on the focused pile or card."""
        focused = self.focused
        if focused is not None:
            region = focused.region
            self.app.cursor_position = Offset(region.x, region.y)

    def say(self, text: str) -> None:
        if self._confirm == "quit" and not text.startswith("Leave the game?"):
            return  # the question stays until it is answered (y) or dropped (another key)
        self._update("#status", text)
        # A longer status takes a row from the log: keep its newest line in view.
        log = self.query_one("#log", RichLog)
        self.call_after_refresh(log.scroll_end, animate=False)

    def report(self, text: str) -> None:
        """Something the player must know that is not a move (saving failed): the log keeps it."""
        self.query_one("#log", RichLog).write(f"! {text}")
        self.say(text)

    def _targets(self) -> set[Pile]:
        if self.held is None:
            return set()
        return set(self.service.targets(self.held))

    # ------------------------------------------------------------------ flow
    def advance(self) -> None:
        """Whose move is it? A person: wait for keys. A computer: think in a worker."""
        service = self.service
        self._decision = None
        if self._timer is not None:
            self._timer.stop()  # a pending advance from the pause after a computer's turn
            self._timer = None
        if not service.waiting_for_human():
            self._close_prompt()
        if service.phase in (Phase.ROUND_OVER, Phase.SESSION_OVER):
            over = service.phase == Phase.SESSION_OVER
            self.say("The session is over." if over else "Round over.")
            self.refresh_table()
            text = round_summary(service.round_summary(), self.names,
                                 lambda card: card_text(card, self.ascii_only))
            self.app.push_screen(RoundOverScreen(text, over), self._after_round)
        elif service.waiting_for_human():
            if len(self.people) > 1 and self.viewer != service.current:
                # Hot-seat: hide the table until the next person has the keyboard.
                self.viewer = -1
                self.refresh_table()
                seat = service.current

                def taken(_: object) -> None:
                    self.viewer = seat
                    self.refresh_table()
                    self.advance()

                self.app.push_screen(PassScreen(service.current_seat.name), taken)
                return
            self.say(f"Your turn, {service.current_seat.name}: pick a card (1-9) or a pile, then a target.")
            self.query_one(HandView).focus()
        else:
            if len(self.people) > 1:
                self.viewer = -1  # hot-seat: no person's hand stays up during a computer turn
            self.say(f"{service.current_seat.name} is thinking...")
            self._decision = service.begin_decision()
            self.refresh_table()
            self.think(self._decision)

    @work(thread=True, exclusive=True, group="ai")
    def think(self, decision: Decision) -> None:
        plan = decision.run()
        if not get_current_worker().is_cancelled:
            self.app.call_from_thread(self._apply, decision, plan)

    def _apply(self, decision: Decision, plan: list) -> None:
        """Show the computer's turn move by move at the chosen pace (any key skips ahead)."""
        if decision is not self._decision or not self.is_attached:
            return  # the table was left, or the turn moved on, while it was thinking
        self._playing = (decision, list(plan))
        self._step()

    def _step(self, skip: bool = False) -> None:
        if self._playing is None:
            return
        decision, moves = self._playing
        service = self.service
        while moves:
            if not service.apply_decision_move(decision, moves.pop(0)):
                moves.clear()
                break
            if moves and self.pace > 0 and not skip:
                self.refresh_table()
                self._timer = self.set_timer(self.pace, self._step)
                return
        self._playing = None
        service.end_decision(decision)
        for fault in service.take_faults():
            self.query_one("#log", RichLog).write(f"! {fault}")
        self.refresh_table()
        if self.pace > 0 and not skip and not service.waiting_for_human():
            # Leave the last move on screen a moment before the next computer thinks; a person
            # to play next gets the keyboard at once.
            self._timer = self.set_timer(self.pace, self.advance)
        else:
            self.advance()

    def _skip_ahead(self) -> None:
        """Any key while a computer plays: finish its turn at once."""
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        if self._playing is not None:
            self._step(skip=True)

    def _act(self, action) -> bool:
        """Run a person's action; a refusal is shown and changes nothing (False)."""
        turn = self.service.turn_id
        try:
            action()
        except IllegalMove as exc:
            self.say(str(exc))
            return False
        self.held = None
        self.refresh_table()
        if self.service.waiting_for_human() and self.service.turn_id == turn:
            self.say("Done. Pick the next card, or press e to end your turn.")
        else:
            self.advance()
        return True

    # ------------------------------------------------------------------ messages and keys
    def on_hand_view_chosen(self, message: HandView.Chosen) -> None:
        self._hold(message.card)

    def on_pile_view_chosen(self, message: PileView.Chosen) -> None:
        if not self.service.waiting_for_human():
            return
        held, pile = self.held, message.pile
        if isinstance(held, Card):
            self._act(lambda: self.service.play(PlayCard(held, pile)))
        elif isinstance(held, Pile):
            self._act(lambda: self.service.play(MovePile(held, pile)))
        elif self.service.observation().board[pile]:
            self._hold(pile)
        else:
            self.say(f"{pile.name} is empty: pick a card of your hand (1-9) to play there.")

    def _hold(self, thing: Card | Pile) -> None:
        if not self.service.waiting_for_human() or self.has_class("too-small"):
            return
        if isinstance(thing, Card):
            hand = self.query_one(HandView)
            if thing in hand.cards:
                hand.selected = hand.cards.index(thing)  # Enter on the hand means this card
        if thing == self.held:
            # Chosen twice (a double Enter): with exactly one place to go, it goes there.
            targets = self._targets()
            if len(targets) == 1:
                (target,) = targets
                move = PlayCard(thing, target) if isinstance(thing, Card) else MovePile(thing, target)
                self._act(lambda: self.service.play(move))
                return
        self.held = thing
        self.refresh_table()
        targets = self._targets()
        name = card_text(thing, self.ascii_only) if isinstance(thing, Card) else f"the {thing.name} pile"
        self.say(f"Holding {name}: " + (
            f"it fits on {', '.join(p.name for p in sorted(targets, key=lambda p: p.value))}."
            if targets else "it fits nowhere now (Esc to put it back)."
        ))
        if targets:
            first = min(targets, key=lambda p: p.value)
            self.query_one(f"#pile-{first.name}", PileView).focus()
            self._place_cursor()

    def on_key(self, event: events.Key) -> None:
        """1-9 pick that card of the hand, wherever the focus is (but in the prompt).  While a
        computer plays, any key but q finishes its turn at once."""
        if self.has_class("too-small") and event.key not in ("ctrl+c", "ctrl+q"):
            # The table is not shown: no key may change what the player cannot see.
            event.stop()
            event.prevent_default()
            return
        if self._confirm == "quit" and event.key == "y":
            event.stop()
            self._leave()
            return
        if event.key not in ("e", "q"):
            self._confirm = None
        if self._playing is not None and event.key not in ("q", "y"):
            self._skip_ahead()
            event.stop()
            return
        if event.character and event.character in "0123456789":
            if isinstance(self.focused, Input):
                return
            index = (int(event.character) - 1) % 10
            cards = self.query_one(HandView).cards
            if index < len(cards):
                self._hold(cards[index])
            elif self.service.waiting_for_human():
                self.say(f"Your hand has {len(cards)} card{'s' if len(cards) != 1 else ''}; "
                         f"there is no card {index + 1}.")
            event.stop()

    def action_step(self, direction: str) -> None:
        focused = self.focused
        if isinstance(focused, HandView):
            if direction == "up":
                self.query_one("#pile-S", PileView).focus()
            return
        if not isinstance(focused, PileView):
            self.query_one("#pile-N", PileView).focus()
            return
        targets = self._targets()
        if targets:
            # Holding: every arrow steps to the next marked pile around the cross, Right/Down
            # clockwise and Left/Up back, so each target is a few presses away.
            ring = [p for p in RING if p in targets]
            here = ring.index(focused.pile) if focused.pile in ring else -1
            step = 1 if direction in ("right", "down") else -1
            pile = ring[(here + step) % len(ring)]
            self.query_one(f"#pile-{pile.name}", PileView).focus()
            self._place_cursor()
            return
        row, col = LAYOUT[focused.pile]
        if direction == "down" and row == 2:
            self.query_one(HandView).focus()  # below the cross is the hand
            self._place_cursor()
            return
        dr, dc = STEPS[direction]
        for _ in range(3):
            row, col = (row + dr) % 3, (col + dc) % 3
            there = AT.get((row, col))
            if there is not None:
                self.query_one(f"#pile-{there.name}", PileView).focus()
                break
        self._place_cursor()

    def _close_prompt(self) -> bool:
        """Close the command line if it is open; whether it was."""
        prompt = self.query_one("#prompt", Input)
        if not prompt.display:
            return False
        prompt.display = False
        self.query_one(HandView).focus()
        return True

    def action_cancel(self) -> None:
        if self._close_prompt():
            return
        self.held = None
        self.refresh_table()
        self.say("Put back.")

    def _not_yours(self) -> bool:
        """True (and said) when it is not a person's turn at this keyboard."""
        if self.service.waiting_for_human():
            return False
        if self.service.phase == Phase.TURN:
            self.say(f"It is {self.service.current_seat.name}'s turn.")
        return True

    def action_end_turn(self) -> None:
        """End the turn; when moves are still open, the first press asks, the second ends."""
        if self._not_yours():
            return
        open_moves = len(self.service.legal_moves())
        if open_moves and self.app.settings.confirm_end and self._confirm != "end":
            self._confirm = "end"
            self.say(f"{open_moves} move{'s are' if open_moves != 1 else ' is'} still open. "
                     "Press e again to end your turn anyway.")
            return
        self._confirm = None
        self._act(self.service.end_turn)

    def action_undo(self) -> None:
        if not self._not_yours() and self._act(self.service.undo):
            self.say("Taken back.")

    def action_hint(self) -> None:
        if not self._not_yours():
            self.say(hint(self.service.observation()).text)

    def action_help(self) -> None:
        self.app.push_screen(help_screen())

    def action_rules(self) -> None:
        self.app.push_screen(rules_screen(self.service.rules))

    def action_scores(self) -> None:
        history = self.service.history
        table, chart = scores_parts(history, self.names, self.service.rules)
        rounds = len(history)
        self.app.push_screen(TextScreen(f"Scores after {rounds} round{'s' if rounds != 1 else ''}",
                                        table, close_keys="s", side=chart))

    def action_settings(self) -> None:
        self.app.push_screen(SettingsScreen(), lambda _: self.refresh_table())

    def action_prompt(self) -> None:
        prompt = self.query_one("#prompt", Input)
        prompt.display = True
        prompt.value = ""
        prompt.focus()

    def on_input_submitted(self, message: Input.Submitted) -> None:
        message.input.value = ""
        if self._not_yours():
            return
        obs = self.service.observation()
        try:
            command = parse_command(message.value, obs.hand)
        except CommandError as exc:
            self.say(str(exc))
            return
        if isinstance(command, Verb):
            # A typed "end" is deliberate: it ends the turn without asking (as in the line mode).
            actions = {"end": lambda: self._act(self.service.end_turn), "undo": self.action_undo,
                       "hint": self.action_hint, "help": self.action_help, "quit": self._leave}
            actions[command.name]()
            return
        self._act(lambda: self.service.play(command))

    def _after_round(self, choice: str | None) -> None:
        if choice == "quit":
            self._leave()
        elif self.service.phase == Phase.SESSION_OVER:
            text = session_summary(self.service.session_summary(), self.names)
            from_title = getattr(self.app, "service", None) is not self.service
            self.app.push_screen(SessionOverScreen(text, from_title), self._after_session)
        elif self.service.phase == Phase.ROUND_OVER:
            if len(self.people) > 1:
                self.viewer = -1  # hot-seat: the new hands are dealt face down
            self.service.next_round()
            self.refresh_table()
            self.advance()

    def _after_session(self, choice: str | None) -> None:
        if choice == "again":
            self.app.play_again(self)
        else:
            self._leave(quit_app=choice == "quit")

    def action_quit(self) -> None:
        """Leave; while a game is in progress, q asks first and y confirms."""
        if (self.service.phase != Phase.SESSION_OVER and self.app.settings.confirm_quit
                and self._confirm != "quit"):
            self._confirm = "quit"
            kept = ("It is saved as it stood when the last turn ended; the moves of this turn are "
                    "not kept. " if id(self.service) in getattr(self.app, "savers", {}) else "")
            self.say(f"Leave the game? {kept}Press y to leave, any other key to stay.")
            return
        self._leave()

    def stop_play(self) -> None:
        """Stop the computer turn in progress, without waiting for it (the table is left)."""
        if self._decision is not None:
            self.service.cancel_decision(self._decision)
            self._decision = None
        if self._timer is not None:
            self._timer.stop()
        self._playing = None
        self.workers.cancel_group(self, "ai")
        self.service.remove_listener(self._on_event)

    def _leave(self, quit_app: bool = False) -> None:
        self.stop_play()
        if quit_app:
            self.app.exit()
        else:
            self.app.leave_table(self)

    def palette_commands(self):
        """Every action of the table, for the command palette (Ctrl+P); none while the table is
        too small to be seen."""
        if self.has_class("too-small"):
            return []
        return [
            ("End turn", "End your turn (e)", self.action_end_turn),
            ("Undo", "Take back your last move of this turn (u, Ctrl+Z)", self.action_undo),
            ("Hint", "The best plan for this turn, in words (t)", self.action_hint),
            ("Command line", "Type a move such as 7h n (:)", self.action_prompt),
            ("Put back", "Put back what you hold (Esc)", self.action_cancel),
            ("Scores", "The score table so far (s)", self.action_scores),
            ("Rules", "The rules in force (r)", self.action_rules),
            ("Settings", "Theme, cards, ASCII, AI pace, confirmations (o)", self.action_settings),
            ("Help", "Every key of the table (?, F1)", self.action_help),
            ("Leave the game", "Leave this game now", self._leave),
        ]
