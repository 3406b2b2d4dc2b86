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

from collections import deque
from dataclasses import replace
from typing import Sequence

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.timer import Timer
from textual.widgets import Input, RichLog, Static
from textual.worker import get_current_worker

from ....core.cards import JOKER, AnyCard, Card, NotationError, Rank, Suit
from ....core.i18n import N_, Domain
from ....core.kinds import Phase
from ....core.text import YOU, folded, visible
from ....tui.dialogs import ConfirmScreen, PassScreen, TextScreen, help_screen
from ....tui.keys import KeyRow, bindings, picking_keys
from ....tui.modal import Dialog
from ....tui.round_over import RoundOverScreen, ScoresScreen, SessionOverScreen, scores_title
from ....tui.table_shell import KEPT_WHILE_A_COMPUTER_PLAYS, TableShell
from ....tui.widgets import CommandLine, EventLog, Menu, MenuItem, PlayersView, TextPanel, any_card_text
from ....tui.words import said
from ..ai import hint, level_name
from ..engine.actions import REVIEW_WORDS, VERBOSITY_WORDS, Action, ActionKind, dialog_letters, parse_action
from ..engine.describe import (
    describe_event,
    describe_rules,
    hand_sentence,
    look_text,
    next_seat,
    playable_cards,
    resumed_line,
    round_lines,
    score_table,
    session_text,
    shown_name,
    step_prompt,
    took_text,
    who_text,
)
from ..engine.events import Challenged, Drew, Gave, ReverseEvent, RoundStart, RoundView, TurnEnd, TurnStart
from ..engine.service import ReverseDecision, ReverseService
from ..engine.views import ReverseView
from .widgets import REVERSE_HAND_KEYS, PileBox, ReverseHandView, direction_text, suit_text

__all__ = ["REVERSE_KEYS", "REVERSE_QUICK_GAME", "ReverseTableScreen", "SuitScreen", "translated_keys"]

_, ngettext, pgettext, L_, Ln_ = Domain.of(__package__).functions()

REVERSE_QUICK_GAME = ["you", "hard", "hard", "hard"]
"""The quick game of Kings Reverse: you against three hard computers, standard rules."""


def suit_keys() -> dict[str, Suit]:
    """The letter that names each suit in the suit dialog, in the player's language (a Spanish
    player's C is corazones, hearts: the English letters would give clubs); the command line
    reads them too, and asks again for a letter the cards' codes read as another suit."""
    return dialog_letters()


class SuitScreen(Dialog[Suit | None]):
    """Name the suit to follow after a joker: its letter in the player's language (S H D C in
    English), or the arrows and Enter; Esc keeps the joker in the hand."""

    ORDER = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
    BINDINGS = [
        Binding("escape", "pick('')", N_("Keep the joker"), show=False),
    ]

    def __init__(self, ascii_only: bool) -> None:
        super().__init__()
        self.ascii_only = ascii_only
        self.keys = suit_keys()
        """The suits by their letters in the player's language."""
        self.letters = {suit: letter for letter, suit in self.keys.items()}

    def compose(self) -> ComposeResult:
        with Vertical(id="kr-suit", classes="dialog"):
            yield Static(_("Name the suit to follow"), classes="dialog-title")
            labels = [suit_text(s, self.ascii_only) for s in self.ORDER]
            yield Menu([MenuItem(s.value, self.letters[s], label[0].upper() + label[1:])
                        for s, label in zip(self.ORDER, labels)], id="kr-suit-menu")
            yield TextPanel(id="kr-suit-keys", classes="keys")

    def set_up(self) -> None:
        # Translators: the suit dialog's keys: {letters} are the suits' keys in the language;
        # the key names Enter and Esc stay; 31 columns at most.
        self.query_one("#kr-suit-keys", TextPanel).show(_("{letters}, arrows+Enter  Esc keep joker").format(
            letters=" ".join(self.letters[s] for s in self.ORDER)))
        self.query_one(Menu).focus()

    def on_key(self, event: events.Key) -> None:
        """A suit's letter (either case) names it."""
        suit = self.keys.get((event.character or "").upper())
        if suit is not None:
            event.stop()
            event.prevent_default()
            self.dismiss(suit)

    def on_menu_chosen(self, message: Menu.Chosen) -> None:
        self.action_pick(message.item.id)

    def action_pick(self, letter: str) -> None:
        self.dismiss(next((s for s in Suit if s.value == letter), None))


PLAY, TURN, READ, GAME = N_("Playing a card"), N_("Your turn"), N_("Reading the table"), N_("The game")
# Translators: the key line's entries ("d draw") are a key and what it does: the key stays as it is.
REVERSE_KEYS: tuple[KeyRow, ...] = (
    KeyRow(N_("1-9, 0, letters"), N_("play that card of your hand, or give it after the Ace of spades (0 is "
           "the tenth, then f g n p u v y z as the hand shows them); a * marks the cards you may "
           "play; a joker asks for the suit"), PLAY,
           action="pick", line=(("turn", N_("{keys} play")), ("giving", N_("{keys} give")))),
    KeyRow(N_("Left, Right, Enter"), N_("move along your hand; Enter (or Space) plays the marked card"), PLAY,
           action="pick", line=(("turn", N_("Enter play")), ("giving", N_("Enter give")))),
    KeyRow(N_("S H D C, arrows"), N_("name the suit to follow after a joker, in either case (Esc keeps the "
                                     "joker)"), PLAY),
    KeyRow("d", N_("draw a card (pass when the stock is empty; take the four cards of a joker you "
           "could challenge)"), TURN, action="draw", bind=(("d", "draw"),), line=(("turn", N_("d draw")),),
           palette=N_("Draw a card")),
    KeyRow("m", N_("marry the King and Queen of one suit (the marked card's suit, or the only one)"),
           TURN, action="marry", bind=(("m", "marry"),), line=(("turn", N_("m marry")),),
           palette=N_("Marry")),
    KeyRow("c", N_('call "one card" after a play that leaves you one card'), TURN, action="call",
           bind=(("c", "call"),), line=(("turn", N_("c one card")),), palette=N_('Call "one card"')),
    KeyRow("e", N_("end your turn without calling, or keep a drawn joker that would be a bluff"), TURN,
           action="end_turn", bind=(("e", "end_turn"),), line=(("turn", N_("e end turn")),),
           palette=N_("End turn")),
    KeyRow("x", N_("challenge the joker just played on you (with the joker challenge option)"), TURN,
           action="challenge", bind=(("x", "challenge"),), line=(("turn", N_("x challenge")),),
           palette=N_("Challenge the joker")),
    KeyRow("t", N_("hint: what to do now, in words"), TURN, action="hint", bind=(("t", "hint"),),
           line=(("turn", N_("t hint")), ("giving", N_("t hint"))), palette=N_("Hint")),
    KeyRow(":", N_("type an action: 9H, JK S, marry H, give 5C, draw, pass, one, end, challenge, "
           "accept, hint, quit"), TURN, action="prompt", bind=(("colon", "prompt"),),
           palette=N_("Command line")),
    KeyRow(N_("Esc"), N_("close the command line"), TURN, action="cancel", bind=(("escape", "cancel"),)),
    KeyRow("b", N_("read the whole table: the pile, the suit to follow, the direction, everyone's "
           "cards, your hand"), READ, action="look", bind=(("b", "look"),), palette=N_("Read the table")),
    KeyRow("i", N_("read your hand and the cards you may play"), READ, action="read_hand",
           bind=(("i", "read_hand"),), palette=N_("Read your hand")),
    KeyRow("w", N_("who has how many cards and points, who called \"one card\", whose turn it is"),
           READ, action="who", bind=(("w", "who"),), palette=N_("Who")),
    KeyRow("a", N_("the cards you took since your last turn and why, then what the others did"), READ,
           action="since", bind=(("a", "since"),), palette=N_("Since your turn")),
    KeyRow(N_("Tab, Shift+Tab"), N_("move between your hand and the log; in the log Up, Down, PgUp, PgDn, "
                                    "Home and End scroll it"), READ),
    KeyRow("s", N_("the score table so far"), GAME, action="scores", bind=(("s", "scores"),),
           line=(("computer", N_("s scores")),), palette=N_("Scores")),
    KeyRow("r", N_("the rules in force"), GAME, action="rules", bind=(("r", "rules"),),
           line=(("computer", N_("r rules")),), palette=N_("Rules")),
    KeyRow("o", N_("settings: theme, cards, ASCII, AI pace, confirmations"), GAME, action="settings",
           bind=(("o", "settings"),), line=(("computer", N_("o settings")),), palette=N_("Settings")),
    KeyRow("?, F1", N_("every key, grouped"), GAME, action="help", bind=(("question_mark,f1", "help"),),
           line=(("turn", N_("? help")), ("giving", N_("? help")), ("computer", N_("? help")),
                 ("playing", N_("? help"))),
           palette=N_("Help")),
    KeyRow("q", N_("leave the game (asks first while a game is in progress)"), GAME, action="quit",
           bind=(("q", "quit"),),
           line=(("turn", N_("q quit")), ("giving", N_("q quit")), ("computer", N_("q quit")),
                 ("playing", N_("q quit"))),
           palette=N_("Leave the game")),
    KeyRow(N_("any key"), N_("while a computer's action is shown: go on at once"), GAME, action="skip",
           line=(("playing", N_("any key: go on now")),)),
)
"""Every key of the Kings Reverse table: its bindings, key line, help and command palette (in
English, marked for the game's catalog: :func:`translated_keys` says them to the player)."""

_NAMED_KEYS = frozenset({"1-9, 0, letters", "Left, Right, Enter", "S H D C, arrows", "Tab, Shift+Tab",
                         "any key"})
"""The keys written in words, said in the player's language; a key's letter or name (``d``,
``Esc``, ``F1``) is the same in every language."""


def translated_keys(rows: Sequence[KeyRow]) -> tuple[KeyRow, ...]:
    """``rows`` said in the player's language (this game's catalog): the keys written in words,
    the descriptions, the groups, the key line's entries and the palette's titles.  The
    bindings themselves do not change: a key is the same key in every language."""
    def say(text: str) -> str:
        if not text:
            return text  # gettext("") is the catalog's header
        mine = _(text)
        return mine if mine != text else said(text)  # a platform's row (a served table's chat)

    return tuple(replace(row, keys=say(row.keys) if row.keys in _NAMED_KEYS else row.keys,
                         description=say(row.description), group=say(row.group),
                         line=tuple((state, say(text)) for state, text in row.line),
                         palette=say(row.palette)) for row in rows)


LARGE = (160, 46)
"""From this size on the log is kept to a width a line can be read across (table.tcss)."""
READOUT_WORDS = ("look", "hand", "who", "scores", "rules", "last", "since", "hint", "help", "quit")
"""Words the command line takes besides actions: the line mode's review commands (in every
language: :data:`~kc_tui.games.kings_reverse.engine.actions.REVIEW_WORDS`)."""


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
        self.took: dict[int, list[str]] = {p: [] for p in self.people}
        """The sentences of the cards each person took since their last turn ended (drawn,
        given, a bluffed joker sent back): ``a`` says them first, and why the hand grew."""
        self.held: dict[int, int] = {}
        """How many cards each person held as their last turn ended (or at the deal)."""
        self._recent: list[str] = []
        self._turn_told: int | None = None
        """The seat whose turn this screen last said had started (the bell rings once a turn)."""
        self._last_said: deque[str] = deque(maxlen=8)
        """The log's last sentences (what ``a`` reads to a spectator)."""
        self.computer = ReverseComputer(self)

    # ------------------------------------------------------------------ layout
    def fitted(self, width: int, height: int) -> None:
        self.set_class(width >= LARGE[0] and height >= LARGE[1], "large")

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
        # Translators: the command line's placeholder; 9H and JK S are cards (R1 notation).
        yield CommandLine(placeholder=_("action, e.g. 9H, JK S, draw, one  (Enter to run, Esc to close)"),
                    id="prompt")
        yield TextPanel(id="keys", classes="keys")

    recaps = True
    """Whether the log tells the round so far after the opening line of a session already dealt
    (a served table's opening line tells it itself)."""

    def on_mount(self) -> None:
        self.fit_to(*self.app.size)
        self.query_one("#prompt", Input).display = False
        self.service.follow(self._on_event, self.service.keyboard_seat)
        if not self.service.view(None).round:
            self.service.start()
        else:
            log = self.query_one("#log", RichLog)
            log.write(self.opening_line())
            told = self._catch_up()
            if self.recaps:  # (a new player's play test read no recap of a resumed round)
                for sentence in told:
                    log.write(sentence)
        self.refresh_table()
        self.advance()

    def _catch_up(self) -> list[str]:
        """A session already dealt: what each person here took and saw in the round so far,
        kept for ``a`` as if heard (a resumed round would otherwise say nothing happened); the
        round so far as the log tells it, as a served table's opening tells it."""
        told: list[str] = []
        past = self.service.past_events_seen_by(self.service.keyboard_seat)
        dealt = [i for i, event in enumerate(past) if isinstance(event, (RoundStart, RoundView))]
        playing: int | None = None
        for event in past[dealt[-1]:] if dealt else ():
            if isinstance(event, TurnStart):
                playing = event.player
            with self._showing():
                sentence = describe_event(event, self.names, self.service.keyboard_seat)
            if self._keep(event, sentence, playing, counts_now=False) and sentence:
                told.append(sentence)
        return told

    def opening_line(self) -> str:
        """The log's first line at a session already dealt (resumed here, or a served table's)."""
        return resumed_line(self.service.view(None), self.names)

    # ------------------------------------------------------------------ events and drawing
    def text(self, card: AnyCard) -> str:
        return any_card_text(card, self.ascii_only)

    def _on_event(self, event: ReverseEvent) -> None:
        # A seat taken once the game is on is named for its person from then on (a served table).
        self.names = [s.name for s in self.service.seats]
        with self._showing():
            sentence = describe_event(event, self.names, self.service.keyboard_seat)
        playing = self.service.current if self.service.phase == Phase.TURN else None
        if self._keep(event, sentence, playing) and sentence:
            self.query_one("#log", RichLog).write(sentence)
            self._recent.append(sentence)

    def _keep(self, event: ReverseEvent, sentence: str | None, playing: int | None,
              counts_now: bool = True) -> bool:
        """Keep ``event`` for ``a``: the cards each person here took, and what the others did
        while ``playing`` had the turn; whether its sentence goes in the log.  ``counts_now``:
        the hands' counts as they are now are those at the event (not so when catching up)."""
        if isinstance(event, (RoundStart, RoundView)):
            # A new round: what came before it is no news of this one; the deal is, to all.
            counts = [len(h) for h in event.hands] if isinstance(event, RoundStart) else event.hand_counts
            self.held = {p: counts[p] for p in self.people}
            self.took = {p: [] for p in self.people}
            self.since = {p: [sentence] if sentence else [] for p in self.people}
            if sentence:
                self._last_said.append(sentence)
            return bool(sentence)
        if isinstance(event, TurnEnd) and event.player in self.since:
            self.since[event.player] = []
            self.took[event.player] = []
            if counts_now:
                self.held[event.player] = self.service.view(None).hand_counts[event.player]
            else:
                self.held.pop(event.player, None)  # unknown: the cards taken are said one by one
        if isinstance(event, TurnStart) or not sentence:
            return False  # whose turn it is shows on the status line and the players' panel
        self._last_said.append(sentence)
        taker = self._taker(event)
        if taker is not None:
            self.took[taker].append(sentence)
        for person, seen in self.since.items():
            if person != taker and person != playing:
                seen.append(sentence)
        return True

    def _taker(self, event: ReverseEvent) -> int | None:
        """The person at this keyboard whose hand ``event`` adds cards to, if any."""
        if isinstance(event, Drew) and event.count:
            seat: int | None = event.player
        elif isinstance(event, Gave):
            seat = event.to
        elif isinstance(event, Challenged) and not event.legal:
            seat = event.against  # the bluffer takes the joker back (KR6)
        else:
            seat = None
        return seat if seat in self.took else None

    def _view(self) -> ReverseView:
        """The view of the seat the table shows: the person at the keyboard, else a spectator."""
        return self.service.view(self.viewer if self.viewer >= 0 else None)

    def refresh_table(self) -> None:
        """Hand every widget what it shows now (the engine owns the state)."""
        view = self._view()
        pile = self.query_one(PileBox)
        if view.round:
            below = " ".join(self.text(c) for c in reversed(view.pile[-3:-1]))  # the nearest first
            dealer = self.names[view.dealer]
            pile.lines = (
                # Translators: under the top card of the discard pile: the two cards below it.
                "  " + (_("below it: {cards}").format(cards=below) if below else _("below it: nothing")),
                _("Suit to follow: {suit}").format(
                    suit=suit_text(view.follow, self.ascii_only) if view.follow else "-"),
                _("Play goes: {direction}").format(direction=direction_text(view.clockwise, self.ascii_only)),
                _("Next after {name}: {next}").format(name=shown_name(self.names[view.current]),
                                                      next=shown_name(self.names[next_seat(view)])),
                ngettext("Stock: {n} card", "Stock: {n} cards", view.stock_count).format(n=view.stock_count),
                (_("Round {round}, You dealt") if dealer == YOU else
                 _("Round {round}, {name} dealt")).format(round=view.round, name=dealer),
                _("Lowest wins; ends at {target}").format(target=view.rules.target),
            )
            pile.top = view.top
        rows = []
        for i, seat in enumerate(self.service.seats):
            turn = ">" if view.phase == Phase.TURN and view.current == i else " "
            # A computer's level, unless its name already says it (the command line's seats).
            name = shown_name(seat.name)
            if seat.level and f"({seat.level})" not in seat.name:
                name = f"{name} ({level_name(seat.level)})"
            name += self.seat_note(i)
            count = view.hand_counts[i]
            one = view.one_card[i]
            total = view.totals[i]
            row = ngettext("{name}: {n} card, {points}", "{name}: {n} cards, {points}", count).format(
                name=name, n=count, points=ngettext("{n} pt", "{n} pts", total).format(n=total))
            flags = []
            if one:
                # Translators: under a player's cards and points, in capitals as a warning.
                flags.append(_("ONE CARD called") if one == "called" else _("ONE CARD not called"))
            if view.turn_lost[i]:
                flags.append(_("loses next turn"))
            rows.append(turn + row)
            if flags:
                # A line of their own under the player's, indented: the panel is too narrow at
                # 80 columns for both on one line, and a wrap would split "ONE CARD" from "called".
                rows.append("   " + ", ".join(flags))
        self.query_one(PlayersView).rows = tuple(rows)
        hand = self.query_one(ReverseHandView)
        hand.face_down = bool(self.people) and self.viewer < 0 and len(self.people) > 1
        hand.watching = self.viewer < 0
        hand.cards = () if hand.face_down else view.hand
        hand.playable = playable_cards(view)
        self.show_keys()

    def key_rows(self) -> tuple[KeyRow, ...]:
        """The table's keys in the player's language (this game's catalog), for the key line,
        the help and the command palette."""
        return translated_keys(self.KEY_ROWS)

    def action_help(self) -> None:
        self.app.push_screen(help_screen(self.key_rows()))

    def picking_keys(self) -> str:
        return picking_keys(REVERSE_HAND_KEYS, len(self.query_one(ReverseHandView).cards))

    def key_state(self) -> str:
        if self.computer.showing:
            return "playing"
        if not self.service.waiting_for_human():
            return "computer"
        # After the Ace of spades a card is given, not played: the keys say so.
        return "giving" if any(a.kind is ActionKind.GIVE for a in self.service.legal_actions()) else "turn"

    # ("pick" too: "1-9 play  Enter play" showed when no card could go, a play test)
    _NEEDS = {"pick": {ActionKind.PLAY, ActionKind.GIVE},
              "draw": {ActionKind.DRAW, ActionKind.PASS, ActionKind.ACCEPT},
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
            return self.prompt_open()
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
            self._turn_told = None
            self.refresh_table()
            summary = service.round_summary()
            self.say(_("The session is over.") if summary.session_over else _("Round over."))
            self._round_dialog(lambda: RoundOverScreen(round_lines(summary, self.names, self.text),
                                                       summary.session_over, service.view(None).history,
                                                       self.names))
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
            if self._turn_told != service.current:
                self._turn_told = service.current
                self.app.turn_starts()
            self.say(step_prompt(service.view(service.current), self.names, self.text))
            self.query_one(ReverseHandView).focus()
        else:
            self._turn_told = None
            if len(self.people) > 1:
                self.viewer = -1
            self.refresh_table()
            self.say(_("{name} is thinking...").format(name=shown_name(self.names[service.current])))
            self.computer.begin()

    def shown_computer_action(self) -> None:
        """A computer acted: the table and the status line say what it did."""
        recent, self._recent = self._recent, []
        self.refresh_table()
        if recent:
            self.say(" ".join(recent[-3:]), logged=True)

    def _act(self, action: Action) -> bool:
        """A person's action; a refusal is said and changes nothing (False)."""
        if self._not_yours():
            return False
        self._recent = []
        try:
            with self._showing():  # a refusal names cards
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
        if not self.people:  # a spectator's screen (or a game of computers only)
            self.say(_("You are watching this table; spectators cannot play."))
        elif self.service.phase == Phase.TURN:
            self.say(_("It is {name}'s turn.").format(name=shown_name(self.names[self.service.current])))
        else:
            self.say(_("The round is over."))
        return True

    # ------------------------------------------------------------------ keys
    def on_key(self, event: events.Key) -> None:
        """A hand key plays that card wherever the focus is (but in the command line); while a
        computer's action is shown, any key but q and the help's goes on at once."""
        if event.key not in ("ctrl+c", "ctrl+q") and self.too_small_now():
            event.stop()
            event.prevent_default()
            return
        if self.computer.showing and event.key not in KEPT_WHILE_A_COMPUTER_PLAYS:
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
            elif not self._not_yours():
                self.say(ngettext("Your hand has {n} card; there is no card {key}.",
                                  "Your hand has {n} cards; there is no card {key}.", len(cards)
                                  ).format(n=len(cards), key=event.character))

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
                        must = (self.service.view(self.service.current).step == "drawn"
                                and not any(a.kind is ActionKind.END for a in legal))
                        self.say(_("The joker you drew must be played: play it again and name a suit.")
                                 if must else _("The joker stays in your hand."))
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
        kind = next((k for k in (ActionKind.DRAW, ActionKind.PASS, ActionKind.ACCEPT) if k in kinds),
                    ActionKind.DRAW)
        if self._act(Action(kind)):
            self._mark_drawn()

    def _mark_drawn(self) -> None:
        """A card drawn that is to be played now: the marker goes to it, so that Enter plays it
        (it stayed where the last card went, and Enter there was refused)."""
        view = self.service.view(self.service.current)
        if view.step != "drawn" or view.drawn is None:
            return
        hand = self.query_one(ReverseHandView)
        if view.drawn in hand.cards:
            hand.selected = hand.cards.index(view.drawn)

    def action_marry(self) -> None:
        if self._not_yours():
            return
        marriages = [a for a in self.service.legal_actions() if a.kind is ActionKind.MARRY]
        hand = self.query_one(ReverseHandView)
        marked = hand.cards[hand.selected] if hand.cards else None
        suit = marked.suit if isinstance(marked, Card) and marked.rank in (Rank.QUEEN, Rank.KING) else None
        suits = [a.suit for a in marriages]
        # The marked card's marriage if it is one that may be played (the marker stays where
        # the last card went, so it may rest on a Queen of another suit), else the only one.
        if suit not in suits:
            if len(suits) == 1:
                suit = suits[0]
            elif len(suits) > 1:
                self.say(_("Two marriages may be played: put the marker on a King or Queen (Left/"
                           "Right), then press m."))
                return
            elif suit is None:  # none may be played, and no King or Queen is marked to ask about
                self.say(_("No marriage can be played now: a marriage is the King and Queen of one "
                           "suit, going down together on a card one of them matches."))
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
        call = next(key for row in self.KEY_ROWS for key, action in row.bind if action == "call")
        with self._showing():
            said = hint(view, call=call)
        self.say(said or step_prompt(view, self.names, self.text))

    # ------------------------------------------------------------------ reading the table
    def action_look(self) -> None:
        seat = self._reader()
        view = self.service.view(seat)
        if not view.round:
            self.say(_("No cards have been dealt yet."))
            return
        text = look_text(view, self.names, self.text, hand=seat is not None)
        self._read(text, _("{first} Everyone's cards are in the log.").format(first=text.splitlines()[0]))

    def watching(self) -> bool:
        """Whether this screen watches a table (a spectator's: no hand of its own)."""
        return False

    def action_read_hand(self) -> None:
        seat = self._reader()
        if seat is None:
            self.say(_("You are watching: no hand is shown.") if self.watching()
                     else _("No hand is shown: the hands stay hidden until a player has the keyboard."))
            return
        self._read(hand_sentence(self.service.view(seat), self.text))

    def action_who(self) -> None:
        self._read(who_text(self.service.view(self._reader()), self.names))

    def action_since(self) -> None:
        """``a``: what the others did since the reader's last turn, after the cards the reader
        took meanwhile (the status line has room for only the first of it)."""
        seat = self._reader()
        if seat is None and self.watching():
            # A spectator has no turn of its own: what was played last.
            self._read(" ".join(self._last_said) or _("Nothing has been played yet this round."))
            return
        seen = self.since.get(seat, []) if seat is not None else []
        took = self.took.get(seat, []) if seat is not None else []
        said = list(took)
        if took and seat is not None and seat in self.held:
            now = self.service.view(seat).hand_counts[seat]
            if now > self.held[seat]:
                said = [took_text(self.held[seat], now, took)]
        said += seen[-8:]
        self._read(" ".join(said) or _("Nothing has happened since your last turn."))

    def action_scores(self) -> None:
        history = self.service.view(None).history
        title = scores_title(len(history))
        table = score_table(history, self.names) if history else _("No round has ended yet.")
        self.app.push_screen(ScoresScreen(title, table, history, self.names, close_keys="s"))

    def action_rules(self) -> None:
        self.app.push_screen(TextScreen(_("The rules"), describe_rules(self.service.rules), close_keys="r"))

    # ------------------------------------------------------------------ the command line
    def action_cancel(self) -> None:
        self._close_prompt()

    def on_input_submitted(self, message: Input.Submitted) -> None:
        # The command line closes once an action is given (run or refused), so that ":" opens
        # it again rather than being typed into it.
        text = message.value.strip()
        message.input.value = ""
        self._close_prompt()
        word = REVIEW_WORDS.get(folded(text), text.lower())
        first = folded(text).split()[:1]
        if first and first[0] in VERBOSITY_WORDS:  # the line mode's command
            self.say_line_mode_only()
            return
        if word in READOUT_WORDS:
            {"look": self.action_look, "hand": self.action_read_hand, "who": self.action_who,
             "scores": self.action_scores, "rules": self.action_rules, "last": self.action_since,
             "since": self.action_since, "hint": self.action_hint, "help": self.action_help,
             "quit": self._leave}[word]()
            return
        try:
            action = parse_action(visible(text), self.query_one(ReverseHandView).cards)
        except NotationError as exc:
            self.say(str(exc))
            return
        if action.kind is ActionKind.MARRY and action.suit is None:
            self.action_marry()  # "marry" alone: as the key m, the marked pair's or the only one
            return
        self._act(action)

    # ------------------------------------------------------------------ rounds and leaving
    def _after_round(self, choice: str | None) -> None:
        service = self.service
        if choice == "quit":
            self._leave()
        elif service.phase == Phase.SESSION_OVER:
            summary = service.round_summary()
            history = service.view(None).history
            text = session_text(summary, history, self.names, service.rules.target)
            from_title = getattr(self.app, "service", None) is not service
            self.show_session_over(lambda replay: SessionOverScreen(
                text, from_title, history, self.names, replay=replay))
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
            # Saved after every action (the app's saver follows the service): nothing is lost.
            question = (_("Leave the game? It is saved: you can go on with it later. Press y or Enter to "
                          "leave, any other key to stay.")
                        if id(self.service) in getattr(self.app, "savers", {})
                        else _("Leave the game? Press y or Enter to leave, any other key to stay."))
            self.app.push_screen(ConfirmScreen(question), lambda yes: self._leave() if yes else None)
            return
        self._leave()

    def stop_play(self) -> None:
        """Stop the computer's turn in progress (the table is left)."""
        self.computer.stop()
        self.service.remove_listener(self._on_event)

