"""The table screen: the cross of piles, the hand, the players, the event log, and the keys.

The screen owns the flow: it asks the engine service for the state, hands each widget what it
shows, turns keys and the widgets' messages into moves, and asks every yes/no question in a
:class:`ConfirmScreen`.  A :class:`ComputerTurn` plays the computers' turns.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, cast

from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.reactive import var
from textual.widgets import Input, RichLog

from ....core.cards import Card, quoted
from ....core.errors import IllegalMove
from ....core.events import TurnEnd, TurnStart
from ....core.i18n import N_, Domain
from ....core.kinds import Phase
from ....core.text import YOU, Hanging, folded
from ....tui.dialogs import ConfirmScreen, PassScreen, TextScreen
from ....tui.keys import KeyRow, KeyState, bindings, picking_keys
from ....tui.round_over import RoundOverScreen, ScoresScreen, SessionOverScreen, scores_title
from ....tui.table_shell import KEPT_WHILE_A_COMPUTER_PLAYS, WIDE, TableShell
from ....tui.widgets import CommandLine, EventLog, PlayersView, TextPanel, card_text
from ..ai import level_name
from ..ai.hints import hint
from ..engine.board import Pile
from ..engine.commands import (
    VERBOSITY_WORDS,
    CommandError,
    MoveReader,
    Review,
    Unfinished,
    Verb,
    end_question,
    misspelt,
    parse_review,
)
from ..engine.describe import (
    Narrator,
    TurnLog,
    describe_pile,
    describe_rules,
    describe_table,
    hand_text,
    round_lines,
    score_table,
    session_summary,
    who_sentence,
)
from ..engine.events import Chips, Event, RoundStart, RoundView, Undo
from ..engine.kinds import Scoring
from ..engine.moves import Move, MovePile, PlayCard
from ..engine.observation import Observation
from ..engine.rules import RuleSet
from ..engine.service import GameService, Seat, new_seed
from ..engine.views import (
    RoundRecord,
    RoundSummary,
    SeatView,
    SessionSummary,
    Targets,
    TurnId,
)
from .computer import ComputerTurn
from .cross import CrossView
from .widgets import HAND_KEYS, HandView, PileView, shown_name

__all__ = ["TABLE_KEYS", "TableScreen", "TableService", "rules_screen"]

_, ngettext, pgettext, L_, Ln_ = Domain.of(__package__).functions()


def rules_screen(rules: RuleSet, preset: str | None = None) -> TextScreen:
    """The rules in force, in plain words (the same text as ``kings-corner rules``)."""
    return TextScreen(_("The rules"), describe_rules(rules, preset, width=None), close_keys="r")


class TableService(Protocol):
    """What the table screen asks of a game: the engine service for local play, or a
    networked seat (:class:`kc_tui.games.kings_corner.remote.RemoteTable`), which plays no computer itself,
    shows no other hand, and whose other seats are never at this keyboard."""

    rules: RuleSet

    @property
    def seats(self) -> tuple[Seat, ...]: ...
    @property
    def keyboard_seat(self) -> int | None: ...
    @property
    def phase(self) -> Phase: ...
    @property
    def current(self) -> int: ...
    @property
    def current_seat(self) -> Seat: ...
    @property
    def turn_id(self) -> TurnId | None: ...
    @property
    def history(self) -> tuple[RoundRecord, ...]: ...
    def waiting_for_human(self) -> bool: ...
    def observation(self, seat: int | None = None) -> Observation: ...
    def view(self, seat: int | None) -> SeatView: ...
    def legal_moves(self) -> tuple[Move, ...]: ...
    def targets(self, held: Card | Pile) -> Targets: ...
    def round_summary(self) -> RoundSummary: ...
    def session_summary(self) -> SessionSummary: ...
    def past_events_seen_by(self, seat: int | None) -> tuple[Event, ...]: ...
    def follow(self, listener: Callable[[Event], None], seat: int | None) -> None: ...
    def remove_listener(self, listener: Callable[[Event], None]) -> None: ...
    def start(self) -> None: ...
    def play(self, move: Move | int) -> None: ...
    def undo(self) -> None: ...
    def end_turn(self) -> None: ...
    def next_round(self) -> None: ...
    def close(self) -> None: ...

LARGE = (160, 46)
"""From this size on the cross draws its piles with large faces (kc_tui/tui/faces.py)."""
HAND_AS_CARDS = (WIDE[0], 36)
"""From this size on the hand is drawn as cards too (when they fit on one line)."""

NOTHING_FITS = N_("Nothing fits: press e to end your turn.")
"""What the turn's start and the hint say when no card fits and no pile can move (e then ends
the turn without asking: no move is open)."""

MOVE, TURN, READ, GAME = N_("Choosing a move"), N_("Your turn"), N_("Reading the table"), N_("The game")
TABLE_KEYS: tuple[KeyRow, ...] = (
    KeyRow(N_("1-9, 0, letters"),
           N_("pick that card of your hand (0 is the tenth, then c d f g m n v x y z as the hand shows "
              "them; Left/Right along the hand reach the rest)"),
           MOVE,
           action="pick", line=(("turn", N_("{keys} card")),)),
    KeyRow(N_("arrows, h j k l"),
           N_("move between the piles of the cross (Down from the bottom row reaches your hand; "
              "Tab/Shift+Tab move between hand, piles and log)"),
           MOVE, action="step",
           bind=(("up,k", "step('up')"), ("down,j", "step('down')"), ("left,h", "step('left')"),
                 ("right,l", "step('right')")),
           line=(("turn", N_("arrows pile")), ("holding", N_("arrows next marked pile")))),
    KeyRow(N_("Enter, Space"), N_("pick up the focused card or pile; drop what you hold on the focused pile"),
           MOVE, action="choose", line=(("turn", N_("Enter pick")), ("holding", N_("Enter drop")))),
    KeyRow(N_("while holding"), N_("the piles it fits are marked * with a heavier border; the arrows step "
                                   "through them only; a double Enter on a card with one place to go plays "
                                   "it there"), MOVE),
    KeyRow(N_("Esc"), N_("put back what you hold (or close the command line)"), MOVE, action="cancel",
           bind=(("escape", "cancel"),), line=(("holding", N_("Esc put back")),), palette=N_("Put back")),
    KeyRow("e", N_("end your turn (asks first while moves are still open; settings can turn that off)"),
           TURN, action="end_turn", bind=(("e", "end_turn"),), line=(("turn", N_("e end turn")),),
           palette=N_("End turn")),
    KeyRow("u, Ctrl+Z", N_("take back a move of this turn"), TURN, action="undo",
           bind=(("u,ctrl+z", "undo"),), line=(("turn", N_("u undo")),), palette=N_("Undo")),
    KeyRow("t", N_("hint: the best plan for this turn, in words"), TURN, action="hint",
           bind=(("t", "hint"),), line=(("turn", N_("t hint")),), palette=N_("Hint")),
    KeyRow(":", N_("type a command: 7h n, e n, end (end! does not ask), undo, hint, quit, "
                      "or a question: look, hand, who, last, pile n, scores"), TURN,
           action="prompt", bind=(("colon", "prompt"),), palette=N_("Command line")),
    KeyRow("> + (5)", N_("above each pile: > marks the focus, + a pile changed since your last turn, (5) "
                         "how many cards it holds"), READ),
    KeyRow("b", N_("read the whole table: every pile, who has how many cards, your hand"), READ,
           action="look", bind=(("b", "look"),), palette=N_("Read the table")),
    KeyRow("p", N_("read the focused pile, every card bottom to top, and what it takes"), READ,
           action="pile", bind=(("p", "pile"),), palette=N_("Read the focused pile")),
    KeyRow("i", N_("read your hand"), READ, action="read_hand", bind=(("i", "read_hand"),),
           palette=N_("Read your hand")),
    KeyRow("w", N_("who has how many cards and points, and whose turn it is"), READ, action="who",
           bind=(("w", "who"),), palette=N_("Who")),
    KeyRow("a", N_("what the others did since your last turn"), READ, action="since",
           bind=(("a", "since"),), palette=N_("Since your turn")),
    KeyRow("s", N_("the score table so far"), GAME, action="scores", bind=(("s", "scores"),),
           line=(("computer", N_("s scores")),), palette=N_("Scores")),
    KeyRow("r", N_("the rules in force"), GAME, action="rules", bind=(("r", "rules"),),
           line=(("computer", N_("r rules")),), palette=N_("Rules")),
    KeyRow("o", N_("settings: theme, cards, ASCII, AI pace, confirmations, bell"), GAME, action="settings",
           bind=(("o", "settings"),), line=(("computer", N_("o settings")),), palette=N_("Settings")),
    KeyRow("?, F1", N_("every key, grouped"), GAME, action="help", bind=(("question_mark,f1", "help"),),
           line=(("turn", N_("? help")), ("holding", N_("? help")), ("computer", N_("? help")),
                 ("playing", N_("? help"))),
           palette=N_("Help")),
    KeyRow("q", N_("leave the game (asks first while a game is in progress; settings can turn that off)"),
           GAME, action="quit", bind=(("q", "quit"),),
           line=(("turn", N_("q quit")), ("holding", N_("q quit")), ("computer", N_("q quit")),
                 ("playing", N_("q quit"))),
           palette=N_("Leave the game")),
    KeyRow("Ctrl+P", N_("every action, searchable"), GAME,
           line=(("computer", N_("Ctrl+P all")), ("playing", N_("Ctrl+P all")))),
    KeyRow(N_("any key"), N_("while a computer plays its turn move by move: finish it at once"), GAME,
           action="skip", line=(("playing", N_("any key: finish this computer turn now")),)),
)
"""Every key of the table: the screen's bindings, the key line, the help, the command palette
and docs/keys.md's "Keys at the table" are all this table.  The reading keys say the line mode's
review answers (docs/protocol.md), in the log and on the status line."""


class TableScreen(TableShell):
    """One session at the table, for the person (or people) at this keyboard.  Below 80 x 24 it
    says how large the terminal must be (:class:`~kc_tui.tui.table_shell.TableShell`)."""

    FIRST_FOCUS = "#hand"

    KEY_ROWS = TABLE_KEYS
    BINDINGS = bindings(TABLE_KEYS)

    PROMPT_OUTLIVES_TURNS = False
    """Whether the command line stays open when the turn passes and after a command.  At a
    local table it closes when the turn leaves the person who opened it, and once a command is
    given; a networked table's is also its chat line, open whoever's turn it is."""

    held: var[Card | Pile | None] = var(None, init=False)
    """What the person has picked up and not yet dropped."""
    def __init__(self, service: TableService) -> None:
        super().__init__()
        self.service = service
        self.local = isinstance(service, GameService)
        """Whether the game is played here (computers, saving, hot-seat); a networked seat's
        server plays the computers and deals."""
        self.people = [i for i, s in enumerate(service.seats) if s.player is None]
        self.set_reactive(TableShell.viewer, self.people[0] if len(self.people) == 1 else -1)
        self.names = [s.name for s in service.seats]
        self.narrator = Narrator(self.names, me=service.keyboard_seat)
        self.turns = TurnLog(self.names)
        self.seen: dict[int, tuple[tuple[Card, ...], ...]] = {}
        """Each person's view of the board when their last turn ended, to mark what changed."""
        self.changed_at_start: frozenset[Pile] = frozenset()
        """The piles that changed between the last turn of the person playing and this one."""
        self._told_turn: object = None  # the turn whose start was told (told once)
        self._again = ""  # the extra turn's sentence, said at the start of a person's turn
        self._said = ""  # the last sentence of the log, to name what an undo took back
        self._undo_asked = False  # u was pressed, and what it took back is not yet heard
        self._moves = MoveReader()  # a card or pile typed alone at the command line is asked its target
        self._undo_heard = False
        self.paid = [0] * len(self.names)
        """Chips scoring: the chips each player has paid this round (the ante included)."""
        past = service.past_events_seen_by(service.keyboard_seat)
        self._caught_up = len(past)
        """How many of the session's events the screen knew when it was made (a networked game
        goes on while the screen is put together: :meth:`on_mount` tells the rest)."""
        self._round_began = 0
        """Where the round being played (or just over) begins among the events caught up on."""
        self._round_so_far: list[tuple[int, str]] = []
        """What the narrator says of that round up to the screen's making, and at which event:
        a served table's log opens on it (:meth:`_tell_round_so_far`)."""
        for at, event in enumerate(past):
            with self._showing():  # a served table's log opens on these, written as the board
                said = self.narrator.sentence(event)  # a resumed game: the narrator catches up
            if isinstance(event, (RoundStart, RoundView)):
                self._round_began, self._round_so_far = at, []
            if said:
                self._round_so_far.append((at, said))
            self.turns.feed(event)
            self._count_chips(event)
        # A networked table never begins a computer turn (:meth:`_computer_plays`).
        self.computer = ComputerTurn(self, cast(GameService, service), lambda: self.app.settings.pace,
                                     moved=self._computer_moved, fault=self._fault, done=self.advance)

    # ------------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        with Horizontal(id="top"):
            yield CrossView()
            with Vertical(id="side"):
                yield PlayersView()
                yield EventLog(id="log")
        yield self.too_small_note()
        yield HandView()
        yield TextPanel(id="status")
        yield CommandLine(placeholder=_("command, e.g. 7h n  (Enter to run, Esc to close)"), id="prompt")
        yield TextPanel(id="keys", classes="keys")

    def fitted(self, width: int, height: int) -> None:
        # More room: larger piles that show more of each fan; more still, larger cards, and the
        # log kept to a width a line can be read across (cross.tcss).
        self.set_class(width >= WIDE[0] and height >= WIDE[1], "wide")
        self.set_class(width >= LARGE[0] and height >= LARGE[1], "large")
        for hand in self.query(HandView):
            hand.as_cards = width >= HAND_AS_CARDS[0] and height >= HAND_AS_CARDS[1]

    def on_mount(self) -> None:
        # Lay out for this terminal before the log is first written (it wraps as it writes).
        self.fit_to(*self.app.size)
        self.query_one("#prompt", Input).display = False
        view = self.service.view(None)
        if view.round:
            self.query_one("#log", RichLog).write(
                (_("Resumed in round {round}. Totals: {totals}.") if self.local
                 else _("At the table in round {round}. Totals: {totals}.")).format(
                    round=view.round, totals=", ".join(
                        f"{shown_name(n)} {t}" for n, t in zip(self.names, view.totals))))
            self._tell_round_so_far()
        for event in self.service.past_events_seen_by(self.service.keyboard_seat)[self._caught_up:]:
            self._on_event(event)  # what happened since the screen was made, told as it happened
        self.service.follow(self._on_event, self.service.keyboard_seat)
        if not view.round:
            self.service.start()
        self.refresh_table()
        self.advance()
        self.call_after_refresh(self.app.show_notice)

    def _tell_round_so_far(self) -> None:
        """After the opening line of a session already dealt: nothing more at this keyboard (a
        served table tells the round so far)."""

    # ------------------------------------------------------------------ events and drawing
    def _on_event(self, event: Event) -> None:
        # Computer turns are applied on the UI thread, so this runs there too.
        with self._showing():
            text = self.narrator.sentence(event)
        self.turns.feed(event)
        self._count_chips(event)
        if isinstance(event, TurnStart):
            # The narrator says a turn's start only when it is a royal Kings extra turn (R6).
            self._again = text or ""
        if isinstance(event, TurnStart):
            self._moves.forget()  # a question of an earlier turn is not this turn's to answer
        if isinstance(event, TurnStart) and event.player in self.people:
            self.changed_at_start = self._changed_since(event.player)
        elif isinstance(event, TurnEnd) and event.player in self.people:
            self.seen[event.player] = self._board()
            self.changed_at_start = frozenset()
        if text:
            self._said = text
            self.query_one("#log", RichLog).write(text)
            if isinstance(event, Undo) and self._undo_asked:
                # What u took back, said as it is heard: a table served by another process
                # answers after the key (the status said the move just taken back, a play test).
                self._undo_asked, self._undo_heard = False, True
                self.say(text, logged=True)

    def _count_chips(self, event: Event) -> None:
        if isinstance(event, (RoundStart, RoundView)):
            self.paid = [0] * len(self.names)
        elif isinstance(event, Chips):
            self.paid[event.player] += event.amount

    def _board(self) -> tuple[tuple[Card, ...], ...]:
        board = self.service.observation(self.service.current).board
        return tuple(board[pile] for pile in Pile)

    def _changed_since(self, seat: int) -> frozenset[Pile]:
        """The piles that differ from what ``seat`` saw when its last turn ended (none before
        its first turn: the deal is new to everyone)."""
        seen = self.seen.get(seat)
        if seen is None:
            return frozenset()
        board = self._board()
        return frozenset(pile for pile in Pile if board[pile.value] != seen[pile.value])

    def watch_held(self) -> None:
        self._show_held()
        self.show_keys()

    def refresh_table(self) -> None:
        """Hand every widget what it shows now (after a game event: the engine owns the state)."""
        service = self.service
        seat = self.viewer if self.viewer >= 0 else service.current
        obs = service.observation(seat)
        cross = self.query_one(CrossView)
        cross.board = tuple(obs.board[pile] for pile in Pile)
        cross.stock = obs.stock_count
        # Marked +: what changed since the seat at the keyboard last played; while it plays,
        # what changed before its turn began (its own moves are not news to it).
        if service.phase == Phase.TURN and service.current == seat and seat in self.people:
            cross.changed = self.changed_at_start
        elif seat in self.people and (self.viewer >= 0 or len(self.people) == 1):
            cross.changed = self._changed_since(seat)
        else:
            cross.changed = frozenset()
        hand = self.query_one(HandView)
        # Hot-seat: no hand is shown until a person has taken the keyboard, and the box says so.
        hand.face_down = bool(self.people) and self.viewer < 0
        hand.cards = () if hand.face_down else obs.hand
        # A session of computers, watched: the hand shown is the player's whose turn it is.
        hand.owner = "" if self.people or self.watching() else shown_name(service.seats[seat].name)
        rows = []
        for i, s in enumerate(service.seats):
            turn = ">" if service.phase == Phase.TURN and service.current == i else " "
            level = (f" ({level_name(s.level)})" if s.level else "") + self.seat_note(i)
            count, points, paid = obs.hand_counts[i], obs.totals[i], self.paid[i]
            # Translators: a player's line beside the table: "Ada (hard): 5 cards, 12 pts".
            cards = ngettext("{cards} card, {points}", "{cards} cards, {points}", count).format(
                cards=count, points=ngettext("{n} pt", "{n} pts", points).format(n=points))
            if service.rules.scoring == Scoring.CHIPS:
                cards = ngettext("{counts}, paid {n} chip", "{counts}, paid {n} chips", paid).format(
                    counts=cards, n=paid)
            # Translators: a player's line beside the table, their name and their cards ("Ada
            # (hard): 5 cards, 12 pts"); French puts a no-break space before the colon.
            rows.append(turn + _("{name}: {cards}").format(name=f"{shown_name(s.name)}{level}", cards=cards))
        if service.rules.scoring == Scoring.CHIPS:
            rows.append(" " + ngettext("Pot: {n} chip", "Pot: {n} chips", obs.pot).format(n=obs.pot))
        self.query_one(PlayersView).rows = tuple(rows)
        self._show_held()
        self.show_keys()

    def _show_held(self) -> None:
        """What is held, on the cross (its targets marked) and in the hand."""
        held = self.held
        cross = self.query_one(CrossView)
        cross.marked = frozenset(self.service.targets(held)) if held is not None else frozenset()
        cross.held = held if isinstance(held, Pile) else None
        hand = self.query_one(HandView)
        hand.held = hand.cards.index(held) if isinstance(held, Card) and held in hand.cards else -1

    def picking_keys(self) -> str:
        return picking_keys(HAND_KEYS, len(self.query_one(HandView).cards))

    def key_state(self) -> KeyState:
        if self.computer.playing is not None:
            return "playing"
        if not self.service.waiting_for_human():
            return "computer"
        return "holding" if self.held is not None else "turn"

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """No key acts on a table too small to be seen; Esc only when something is held (or
        the command line is open); a computer's moves can be skipped only while they are shown."""
        if self.too_small_now():
            return False
        if action == "cancel":
            return self.held is not None or self.prompt_open()
        if action == "skip":
            return self.computer.playing is not None
        return True

    def _fault(self, text: str) -> None:
        self.query_one("#log", RichLog).write(f"! {text}")

    def ask(self, question: str, then: Callable[[], None], again: str = "") -> None:
        """Ask ``question``; ``then`` runs only on a yes."""
        self.app.push_screen(ConfirmScreen(question, again), lambda yes: then() if yes else None)

    # ------------------------------------------------------------------ flow
    def advance(self) -> None:
        """Whose move is it? A person: wait for keys. A computer: think in a worker."""
        service = self.service
        self.computer.settle()
        if not self.PROMPT_OUTLIVES_TURNS and (
                not service.waiting_for_human() or (len(self.people) > 1 and self.viewer != service.current)):
            self._close_prompt()  # the turn left the person who opened it
        if service.phase in (Phase.ROUND_OVER, Phase.SESSION_OVER):
            over = service.phase == Phase.SESSION_OVER
            self.say(_("The session is over.") if over else _("Round over."))
            self.refresh_table()
            text = self.round_over_lines()
            self._round_dialog(lambda: RoundOverScreen(text, over, self.charted_rounds(), self.names))
        elif service.waiting_for_human():
            if len(self.people) > 1 and self.viewer != service.current:
                # Hot-seat: hide the table until the next person has the keyboard.
                self.viewer = -1
                seat = service.current

                def taken(_: object) -> None:
                    self.viewer = seat
                    self.advance()

                self.app.push_screen(PassScreen(service.current_seat.name), taken)
                return
            turn = self._your_turn(bool(service.legal_moves()))
            new_turn = self._told_turn != service.turn_id
            with self._showing():
                since = self.turns.since(service.current) if new_turn else None
            self._told_turn = service.turn_id
            if new_turn:
                self.app.turn_starts()
            if self._again:
                turn = f"{self._again} {turn}"
            if since:
                # What the others did, in one line: the log keeps it whole; the status line says
                # it after the turn's own sentence, as much of it as its three rows hold whole.
                self.query_one("#log", RichLog).write(since)
                turn = self._with_news(turn, since, service.current)
            self.say(turn)
            self._focus_for_turn()
            self.show_keys()
        else:
            if len(self.people) > 1:
                self.viewer = -1  # hot-seat: no person's hand stays up during a computer turn
            self._computer_plays()

    def _with_news(self, turn: str, since: str, seat: int) -> str:
        """The turn's sentence and what the others did, said so that the status line never cuts
        off its end: the whole account, else how many cards each played, else only who is close
        to going out (the warning that must not be lost); the log has the whole account."""
        close = self.turns.close_to_out(seat)
        for news in (since, self.turns.since(seat, brief=True),
                     _("Close to going out: {players}.").format(players=close) if close else None):
            if news and self.fits_status(f"{turn} {news}"):
                return f"{turn} {news}"
        return turn

    def relabel(self) -> None:
        """The language changed: the table and its keys, and, at the person's turn with nothing
        picked up, the turn's sentence in it (it kept the other language's until the next move)."""
        super().relabel()
        service = self.service
        if service.phase == Phase.TURN and service.waiting_for_human() and self.held is None:
            self.say(self._your_turn(bool(service.legal_moves())))

    def _your_turn(self, moves: bool) -> str:
        """The sentence that starts a person's turn: named in hot-seat, plain for the one person
        at this keyboard ("You" at home, their own name at a served table)."""
        name = self.service.current_seat.name
        if name == YOU or len(self.people) == 1:  # one person at this keyboard (at home, or served)
            head = (_("Your turn: pick a card ({keys}) or a pile, then a target.") if moves
                    else _("Your turn.")).format(keys=self.picking_keys())
        else:
            head = (_("Your turn, {name}: pick a card ({keys}) or a pile, then a target.") if moves
                    else _("Your turn, {name}.")).format(name=name, keys=self.picking_keys())
        return head if moves else f"{head} {_(NOTHING_FITS)}"

    def _focus_for_turn(self) -> None:
        """A person's turn begins: the keys go to the command line if it is open (what is being
        typed there must not turn into table keys), else to the hand."""
        prompt = self.query_one("#prompt", Input)
        (prompt if prompt.display else self.query_one(HandView)).focus()

    def _computer_moved(self) -> None:
        """A computer's move is on the table; once its turn is over, the next computer's name is
        on the status line during the pause before it plays (it said the last one's while the
        table marked the next, a play test)."""
        self.refresh_table()
        service = self.service
        if self.computer.playing is None and service.phase == Phase.TURN and not service.waiting_for_human():
            self.say(_("{name} is thinking...").format(name=shown_name(service.current_seat.name)))

    def _computer_plays(self) -> None:
        """Another seat's turn: here a computer's, thought about in a worker."""
        self.say(_("{name} is thinking...").format(name=shown_name(self.service.current_seat.name)))
        self.computer.begin()
        self.refresh_table()

    def _act(self, action: Callable[[], object]) -> bool:
        """Run a person's action; a refusal is shown and changes nothing (False)."""
        turn = self.service.turn_id
        try:
            with self._showing():  # a refusal names cards
                action()
        except IllegalMove as exc:
            self.say(str(exc))
            return False
        self.held = None
        self.refresh_table()
        if self.service.waiting_for_human() and self.service.turn_id == turn:
            self.say(_("Done. Pick the next card, or press e to end your turn."))
        else:
            self.advance()
        return True

    # ------------------------------------------------------------------ messages and keys
    def on_hand_view_chosen(self, message: HandView.Chosen) -> None:
        self._hold(message.card)

    def on_pile_view_chosen(self, message: PileView.Chosen) -> None:
        if self._not_yours():
            return
        held, pile = self.held, message.pile
        if isinstance(held, Card):
            self._act(lambda: self.service.play(PlayCard(held, pile)))
        elif isinstance(held, Pile):
            self._act(lambda: self.service.play(MovePile(held, pile)))
        elif (seen := self.service.observation()).board[pile]:
            self._hold(pile)
        elif not pile.is_edge and not any(card.is_king for card in seen.hand):
            # (An empty corner asked for a card of the hand when none could go there.)
            self.say(_("{pile} is empty: only a King may go there, and you hold none.").format(
                pile=pile.letters))
        else:
            self.say(_("{pile} is empty: pick a card of your hand ({keys}) to play there.").format(
                pile=pile.letters, keys=self.picking_keys()))

    def on_cross_view_left(self) -> None:
        self.query_one(HandView).focus()

    def _hold(self, thing: Card | Pile) -> None:
        if self.has_class("too-small") or self._not_yours():
            return
        self._moves.forget()  # picked by a key: the command line's question is left
        if isinstance(thing, Card):
            hand = self.query_one(HandView)
            if thing in hand.cards:
                hand.selected = hand.cards.index(thing)  # Enter on the hand means this card
        if thing == self.held:
            # Chosen twice (a double Enter): with exactly one place to go, it goes there.
            targets = self.service.targets(thing)
            if len(targets) == 1:
                (target,) = targets
                move = PlayCard(thing, target) if isinstance(thing, Card) else MovePile(thing, target)
                self._act(lambda: self.service.play(move))
                return
        self.held = thing
        targets = self.service.targets(thing)
        name = (card_text(thing, self.ascii_only) if isinstance(thing, Card)
                else _("the {pile} pile").format(pile=thing.letters))
        if targets:
            fits = ", ".join(p.letters for p in sorted(targets, key=lambda p: p.value))
            self.say(_("Holding {thing}: it fits on {piles}.").format(thing=name, piles=fits))
        else:
            self.say(_("Holding {thing}: it fits nowhere now (Esc to put it back).").format(thing=name))
        if targets:
            self.query_one(CrossView).view(min(targets, key=lambda p: p.value)).focus()

    def on_key(self, event: events.Key) -> None:
        """1-9 pick that card of the hand, wherever the focus is (but in the prompt).  While a
        computer plays, any key but q and the help's finishes its turn at once."""
        if event.key not in ("ctrl+c", "ctrl+q") and self.too_small_now():
            # The table is not shown: no key may change what the player cannot see.
            event.stop()
            event.prevent_default()
            return
        if self.computer.playing is not None and event.key not in KEPT_WHILE_A_COMPUTER_PLAYS:
            self.computer.skip_ahead()
            event.stop()
            event.prevent_default()
            return
        if event.character and event.character in HAND_KEYS:
            if isinstance(self.focused, Input):
                return
            index = HAND_KEYS.index(event.character)
            cards = self.query_one(HandView).cards
            if index < len(cards):
                self._hold(cards[index])
            elif not self._not_yours():
                self.say(ngettext("Your hand has {n} card; there is no card {key}.",
                                  "Your hand has {n} cards; there is no card {key}.", len(cards)).format(
                    n=len(cards), key=event.character))
            event.stop()

    def action_step(self, direction: str) -> None:
        """An arrow with the focus outside the cross (the cross moves inside itself): Up from the
        hand reaches the bottom row, any other arrow the top."""
        cross = self.query_one(CrossView)
        if isinstance(self.focused, HandView):
            if direction == "up":
                cross.view(Pile.S).focus()
            return
        cross.view(Pile.N).focus()

    def action_cancel(self) -> None:
        if self._close_prompt():
            return
        self.held = None
        self.say(_("Put back."))

    def _not_yours(self) -> bool:
        """True (and said) when it is not a person's turn at this keyboard."""
        if self.service.waiting_for_human():
            return False
        if self.watching():
            self.say(_("You are watching this table; spectators cannot play."))
        elif self.service.phase == Phase.TURN:
            self.say(_("It is {name}'s turn.").format(name=shown_name(self.service.current_seat.name)))
        return True

    def action_end_turn(self) -> None:
        """End the turn; when moves are still open, ask first (e again or y ends it).  A King
        owed to an empty corner (mandatory Kings) is said at once: the turn could not end."""
        if self._not_yours():
            return
        open_moves = len(self.service.legal_moves())
        if open_moves and self.app.settings.confirm_end and self.service.observation().owed_king() is None:
            question = " ".join([end_question(open_moves),
                                 _("Press e again, y or Enter to end it, any other key to go on.")])
            self.ask(question, self._end_turn, again="e")
            return
        self._end_turn()

    def _end_turn(self) -> None:
        if not self._not_yours():
            self._act(self.service.end_turn)

    def action_undo(self) -> None:
        if self._not_yours():
            return
        self._undo_asked, self._undo_heard = True, False
        if not self._act(self.service.undo):
            self._undo_asked = False
        elif self._undo_heard:  # (heard at once: said again over what the move's end said)
            self.say(self._said, logged=True)

    def action_hint(self) -> None:
        if not self._not_yours():
            if not self.service.legal_moves():
                self.say(_(NOTHING_FITS))
                return
            with self._showing():
                said = hint(self.service.observation()).text
            self.say(said)

    # ------------------------------------------------------------------ reading the table
    def _dealt(self) -> bool:
        if self.service.view(None).round == 0:
            self.say(_("No cards have been dealt yet."))
            return False
        return True

    def watching(self) -> bool:
        """Whether this screen watches a table (a spectator's: no hand of its own)."""
        return False

    def action_look(self) -> None:
        if not self._dealt():
            return
        seat = self._reader()
        obs = self.service.observation(self.service.current if seat is None else seat)
        with self._showing():
            text = describe_table(obs, self.names, hand=seat is not None)
        where = (_("The piles, the players and your hand are in the log.") if seat is not None
                 else _("The piles and the players are in the log."))
        self._read(text, f"{text.splitlines()[0]} {where}")

    def action_pile(self) -> None:
        focused = self.focused
        if not isinstance(focused, PileView):
            self.say(_("Put the focus on a pile first (the arrows), then press p."))
            return
        self._read_pile(focused.pile)

    def _read_pile(self, pile: Pile) -> None:
        """Say one pile's cards (p on a pile, ``pile N`` at the command line)."""
        if self._dealt():
            seat = self._reader()
            with self._showing():
                said = describe_pile(self.service.observation(
                    self.service.current if seat is None else seat), pile)
            self._read(said)

    def action_read_hand(self) -> None:
        seat = self._reader()
        if seat is None:
            self.say(_("You are watching: no hand is shown.") if self.watching()
                     else _("The hands stay hidden until the next player has the keyboard."))
        elif self._dealt():
            obs = self.service.observation(seat)
            left = len(obs.hand)
            with self._showing():
                cards = hand_text(obs)
            self._read(ngettext("Your hand, {n} card: {cards}.", "Your hand, {n} cards: {cards}.",
                                left).format(n=left, cards=cards or _("empty")))

    def action_who(self) -> None:
        if self._dealt():
            seat = self._reader()
            obs = self.service.observation(self.service.current if seat is None else seat)
            self._read(who_sentence(obs, self.names, seat, self.service.phase))

    def action_since(self) -> None:
        seat = self._reader()
        if seat is None and self.watching() and self._dealt():
            # A spectator has no turn of its own: what was played since the player to move last did.
            current = self.service.current
            with self._showing():
                since = self.turns.since(current, whose=shown_name(self.names[current]))
            self._read(since or _("Nothing has been played yet this round."))
            return
        with self._showing():
            since = self.turns.since(seat) if seat is not None else None
        self._read(since or _("Nothing has happened since your last turn."))

    def action_rules(self) -> None:
        self.app.push_screen(rules_screen(self.service.rules))

    def action_scores(self) -> None:
        history = self.service.history
        table = score_table(history, self.names, self.service.rules)
        title = scores_title(len(history))
        self.app.push_screen(ScoresScreen(title, table, self.charted_rounds(), self.names, close_keys="s"))

    def on_input_submitted(self, message: Input.Submitted) -> None:
        # At a local table the command line closes once a command is given (run or refused),
        # so that ":" opens it again rather than being typed into it; a networked table's stays
        # open (it is also the chat line).
        message.input.value = ""
        if not self.PROMPT_OUTLIVES_TURNS:
            self._close_prompt()
        first = folded(message.value).split()[:1]
        if first and first[0] in VERBOSITY_WORDS:  # the line mode's, with any level or none
            self.say_line_mode_only()
            return
        try:
            review = parse_review(message.value)
        except CommandError as exc:
            self.say(str(exc))
            return
        if review is not None:  # a question, asked at any time, as the line mode's
            self._review(review)
            return
        typed = message.value.split()
        meant = misspelt(typed[0]) if len(typed) == 1 and typed[0].isalpha() else None  # (not end!)
        if meant is not None and not self.service.waiting_for_human():
            # A slip of a command's word from someone not to play (a spectator was told only
            # that spectators cannot play): what it was most likely meant to be, as a player
            # is told by the command's own parser.
            self.say(_("{word} is not a command: did you mean {command}?").format(
                word=quoted(typed[0]), command=meant))
            return
        if self._not_yours():
            return
        obs = self.service.observation()
        try:
            with self._showing():  # its questions and refusals name cards as the table draws them
                command = self._moves.read(message.value, obs.hand)  # ("Play 7H on which pile?": N)
        except CommandError as exc:
            self.say(str(exc))
            if isinstance(exc, Unfinished) and not self.PROMPT_OUTLIVES_TURNS:
                self.action_prompt()  # open for the pile it asks for (a key would pick a card)
            return
        if isinstance(command, Verb):
            # A typed "end" asks as e does (and as the line mode does); "end!" does not.
            end = self._end_turn if command.sure else self.action_end_turn
            actions = {"end": end, "undo": self.action_undo,
                       "hint": self.action_hint, "help": self.action_help, "quit": self._leave}
            actions[command.name]()
            return
        self._act(lambda: self.service.play(command))

    def _review(self, review: Review) -> None:
        """Answer a question typed at the command line as its key would."""
        if review.pile is not None:
            self._read_pile(review.pile)
        elif review.name == "verbosity":
            self.say_line_mode_only()
        else:
            {"look": self.action_look, "hand": self.action_read_hand, "who": self.action_who,
             "scores": self.action_scores, "rules": self.action_rules, "last": self.action_since,
             "help": self.action_help}[review.name]()

    def round_over_lines(self) -> list[str | Hanging]:
        """The round's result: who won and why, the hands left, the points and the totals."""
        return round_lines(self.service.round_summary(), self.names,
                           lambda card: card_text(card, self.ascii_only))

    def charted_rounds(self) -> tuple[RoundRecord, ...]:
        """The rounds the chart of the running totals draws: none when the rules keep no score."""
        return self.service.history if self.service.rules.scoring != Scoring.NONE else ()

    def _after_round(self, choice: str | None) -> None:
        if choice == "quit":
            self._leave()
        elif self.service.phase == Phase.SESSION_OVER:
            text = session_summary(self.service.session_summary(), self.names)
            from_title = getattr(self.app, "service", None) is not self.service
            self.show_session_over(lambda replay: SessionOverScreen(
                text, from_title, self.charted_rounds(), self.names, replay=replay))
        elif self.service.phase == Phase.ROUND_OVER:
            self._next_round()

    def _next_round(self) -> None:
        """The round-over dialog was closed: deal the next round."""
        if len(self.people) > 1:
            self.viewer = -1  # hot-seat: the new hands are dealt face down
        self.service.next_round()
        self.refresh_table()
        self.advance()

    def action_quit(self) -> None:
        """Leave; while a game is in progress, ask first (y leaves)."""
        if self.service.phase != Phase.SESSION_OVER and self.app.settings.confirm_quit:
            kept = []
            if id(self.service) in getattr(self.app, "savers", {}):
                service = self.service
                yours = (service.phase == Phase.TURN and service.waiting_for_human()
                         and service.observation().moves_this_turn)
                # Only a person's moves this turn are not kept (a computer's turn, or a turn
                # with no move yet, loses nothing).
                kept = [_("It is saved as it stood when the last turn ended; the moves of this turn are "
                          "not kept.") if yours else _("It is saved: you can go on with it later.")]
            self.ask(" ".join([_("Leave the game?"), *kept,
                               _("Press y or Enter to leave, any other key to stay.")]), self._leave)
            return
        self._leave()

    def next_session(self) -> GameService:
        """Play again: a new session with the same seats and rules, on a new deal."""
        old = cast(GameService, self.service)
        return GameService(old.rules, old.seats, seed=new_seed())

    def stop_play(self) -> None:
        """Stop the computer turn in progress, without waiting for it (the table is left)."""
        self.computer.stop()
        self.service.remove_listener(self._on_event)
