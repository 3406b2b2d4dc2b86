"""The new-game shell every game's form lives in: the "Game" choice (every registered game;
choosing another opens that game's form in this one's place), the seats (a person at this
keyboard or an AI level, with names), Up/Down one stop a row, the keys, and the default names.
Each game's form (its ``tui`` part's :meth:`~kc_tui.tui.part.TuiGame.new_game_screen`) adds its
rules, presets and options, its summary, and what starting makes."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal, ScrollableContainer, VerticalScroll
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Input

from ..core.errors import RuleError
from ..core.i18n import N_, Domain, Text
from ..core.kinds import NAME_LENGTH, SEAT_NAMES
from ..games import GAMES
from .keys import KeyRow
from .part import tui_game
from .typed_app import OnKingsCornerApp
from .widgets import Choice, Menu, TextField, in_order

_, ngettext, pgettext, L_, Ln_ = Domain.of(__package__).functions()

__all__ = ["NewGameShell", "SeatChoice", "RowKeys", "ChoicesScroll", "NEW_GAME_KEYS", "seat_kinds", "rated",
           "game_choices", "DEFAULT_SEATS", "level_label"]

DEFAULT_SEATS = ["you", "hard", "hard", "hard", "medium", "medium"]
"""Who plays each seat until the person chooses: you against hard, then medium, computers."""


LEVEL_NAMES = {
    "beginner": N_("beginner AI"), "easy": N_("easy AI"), "medium": N_("medium AI"),
    "hard": N_("hard AI"), "expert": N_("expert AI"),
}
"""The computer levels as a seat's choice names them (said as the choice is drawn)."""


def level_label(level: str) -> str:
    """A computer level as a seat's choice names it, in the player's language ("hard AI", "IA
    difficile")."""
    return _(LEVEL_NAMES[level]) if level in LEVEL_NAMES else f"{level} AI"


def seat_kinds(levels: Sequence[str], ratings: Mapping[str, int] | None = None) -> list[tuple[str, str]]:
    """Who may play a seat: a person here, or a computer at one of a game's ``levels`` (marked
    English: the choice says them in the player's language), with its rating on the game's
    ladder when ``ratings`` has it (then said now)."""
    kinds = [("you", N_("person here"))]
    for level in levels:
        label = LEVEL_NAMES.get(level, f"{level} AI")
        rating = (ratings or {}).get(level)
        # Unrated, the label stays marked English and is said as the choice is drawn.
        kinds.append((level, label if rating is None else rated(_(label), rating)))
    return kinds


def rated(label: str, rating: int | None) -> str:
    """A computer level's label with its rating (``docs/strength.md``), e.g. "hard AI (1614)"."""
    return label if rating is None else f"{label} ({rating})"



def game_choices() -> list[tuple[str, str]]:
    """The games the "Game" choice offers, the default first (the registry's order)."""
    return [(name, entry.title) for name, entry in GAMES.items()]


class SeatKind(Choice):
    """A seat's choice of who plays it.  A letter typed on it starts the seat's name, as the key
    line's "type names" says (Up/Down stop there, on the choice, and the letters went nowhere):
    the name field takes the focus and the letter, in place of the name it held."""

    async def on_key(self, event: events.Key) -> None:
        # (A burst's keys in their order, the ones after the letter that moved the focus too.)
        if await in_order(self, event):
            return
        character = event.character
        if character is None or not event.is_printable or not character.strip():
            return
        event.stop()
        event.prevent_default()
        # Focused at once, the field selects the name it holds, and then takes the key as if
        # typed there: the letter in place of that name, and the next keys after it.
        name = self.screen.query_one(f"#name-{(self.id or '').removeprefix('kind-')}", Input)
        self.screen.set_focus(name)
        name.post_message(events.Key(event.key, character))


class SeatChoice(Horizontal):
    """One seat: who plays it (``kinds``: :func:`seat_kinds`), and the name shown at the table."""

    def __init__(self, index: int, kind: str, kinds: Sequence[tuple[str, str]]) -> None:
        super().__init__(id=f"seat-{index}", classes="seat")
        self.index = index
        self.kind = kind
        self.kinds = list(kinds)

    def compose(self) -> ComposeResult:
        yield SeatKind(_("Seat {n}").format(n=self.index + 1), self.kinds, self.kind, id=f"kind-{self.index}")
        # Translators: the placeholder of a seat's name field.
        yield TextField(id=f"name-{self.index}", max_length=NAME_LENGTH, placeholder=_("name"))


class ChoicesScroll(VerticalScroll, can_focus=False, inherit_bindings=False):
    """The rows of a new-game screen.  Up/Down are the screen's (one stop a row), not a scroll's:
    the focused row scrolls into view by itself."""


class RowKeys(Screen[None]):
    """Up/Down on a screen of choices in rows (a new-game screen): one stop a row, so a seat (who
    plays it, and its name) is one stop; Tab and Shift+Tab still reach every control."""

    def _row_of(self, widget: Widget) -> Widget:
        """The row a control sits on: a seat's (or the seed's) line, or the control itself."""
        parent = widget.parent
        return parent if isinstance(parent, Widget) and parent.has_class("seat") else widget

    def action_row(self, step: int) -> None:
        """Up/Down: the first control of the row above or below (a seat is one stop: Tab
        reaches its name)."""
        chain = self.focus_chain
        if not chain:
            return
        rows: list[Widget] = []
        firsts: list[Widget] = []
        for widget in chain:
            if isinstance(widget, ScrollableContainer) and not isinstance(widget, Input):
                continue  # the scrolling box itself is no row (an Input scrolls too: the seed's is one)
            row = self._row_of(widget)
            if not any(known is row for known in rows):
                rows.append(row)
                firsts.append(widget)
        current = self._row_of(self.focused) if self.focused is not None else None
        found = [i for i, known in enumerate(rows) if known is current]
        here = found[0] if found else (-1 if step > 0 else 0)  # or the first/last
        # At once (not after this key's turn), so that a key typed right after acts there.
        self.set_focus(firsts[(here + step) % len(rows)])

SETUP = N_("Setting up")
NEW_GAME_KEYS: tuple[KeyRow, ...] = (
    KeyRow(N_("Up, Down"), N_("move between the rows: one stop for each seat (on who plays it)"), SETUP,
           action="row", bind=(("up", "row(-1)"), ("down", "row(1)")),
           line=(("always", N_("Up/Down or Tab move")),)),
    KeyRow(N_("Tab, Shift+Tab"), N_("move between the choices and the names (a seat's name too)"), SETUP),
    KeyRow(N_("Left, Right, Space"), N_("change the focused choice"), SETUP,
           line=(("always", N_("Left/Right change")),)),
    KeyRow(N_("letters"), N_("type the names of the people"), SETUP, line=(("always", N_("type names")),)),
    KeyRow("Ctrl+S, F5", N_("start the game as set up"), SETUP, action="start",
           bind=(("ctrl+s,f5", "start"),), line=(("always", N_("Ctrl+S start")),), palette=N_("Start")),
    KeyRow(N_("Esc"), N_("back to the title screen"), SETUP, action="back", bind=(("escape", "back"),),
           line=(("always", N_("Esc back")),), palette=N_("Back")),
)
"""Every key of the new-game screen: its bindings, its key line and its command palette."""



class NewGameShell(OnKingsCornerApp, RowKeys):
    """What every game's new-game form does alike (see the module's words).  A form sets
    :attr:`GAME` (its game's name), composes the "Game" choice (id ``game``), a
    :class:`SeatChoice` for each of six seats, its options (a choice ``opt-KEY`` for each) and a
    ``#summary``, and gives :meth:`_update` (and :meth:`_sync_names`, :meth:`option_changed`
    where its seats' names or its options need more)."""

    GAME = ""
    """The name of the game whose form this is."""
    replaced_a_form = False
    """Whether the form took another game's form's place (the Game choice keeps the focus)."""

    def game_choice(self) -> Choice:
        """The "Game" choice: every game, this one chosen."""
        return Choice(_("Game"), game_choices(), self.GAME, id="game")

    def switch_game(self, name: str) -> None:
        """Another game was chosen: its form takes this one's place."""
        self.replace_with(tui_game(name).new_game_screen())

    def replace_with(self, form: Screen[Any]) -> None:
        """``form`` (another game's) takes this one's place, the focus on its Game choice, as
        it was here: Left and Right go on through the games (it went to the first row of the
        form, where the next Right changed the number of players)."""
        if isinstance(form, NewGameShell):
            form.replaced_a_form = True
        self.app.switch_screen(form)

    def on_mount(self) -> None:
        # After the game's own (Textual calls a base class's handler last).
        # Up and Down leave the last row, the menu of Start and Back, as they leave every other
        # row: a menu that went round kept them between its two lines.
        for menu in self.query(Menu):
            menu.wrap = False
        if self.replaced_a_form:
            self.query_one("#game", Choice).focus()

    def __init__(self) -> None:
        super().__init__()
        self.preset = "standard"
        """The rules preset chosen (a game whose first preset is another sets it)."""
        self.options: dict[str, Any] = {}
        """The options changed from the preset's."""
        self.names_edited: set[int] = set()
        """The seats whose names the person typed (the rest follow who plays them)."""

    def on_choice_changed(self, message: Choice.Changed) -> None:
        choice_id = message.choice.id or ""
        if choice_id == "game":
            if message.value != self.GAME:
                self.switch_game(message.value)
            return
        if choice_id == "preset":
            self.preset = message.value
            self.options = {}
        elif choice_id.startswith("opt-"):
            self.option_changed(choice_id.removeprefix("opt-"), message.value)
        if choice_id == "player-count" or choice_id.startswith("kind-"):
            self._sync_names()
        self._update()

    def on_input_changed(self, message: Input.Changed) -> None:
        if message.input.id and message.input.id.startswith("name-"):
            self.names_edited.add(int(message.input.id.removeprefix("name-")))
        self._update()

    def option_changed(self, key: str, value: Any) -> None:
        """The rule option ``key`` (its choice's id is ``opt-KEY``) was set to ``value``."""
        self.options[key] = value

    def rules(self) -> Any:
        """The rules chosen: the preset's with the options changed (:class:`RuleError` says why
        they cannot be played)."""
        raise NotImplementedError

    def preset_rules(self) -> Any:
        """The rules the preset chosen sets, no option changed."""
        raise NotImplementedError

    def preset_values(self) -> dict[str, Any]:
        """Each option's value as the preset chosen sets it, whether or not its rules can be
        dealt to the seats chosen (what the form shows when they cannot)."""
        raise NotImplementedError

    _preset_labels: list[tuple[Any, str | Text]] | None = None

    def show_preset(self) -> None:
        """The preset's choice says "changed" once the options make rules other than its own
        (it said "standard" of a game of 10 cards to 250 points)."""
        choice = self.query_one("#preset", Choice)
        if self._preset_labels is None:
            self._preset_labels = list(choice.options)
        try:
            changed = self.rules() != self.preset_rules()
        except RuleError:
            # Rules that cannot be played: some option changed them, unless the preset's own
            # cannot be dealt to these seats either (no-draw's 13 cards at four: the form says
            # why the game cannot start).
            try:
                self.preset_rules()
                changed = True
            except RuleError:
                preset = self.preset_values()
                changed = any(preset.get(key) != value for key, value in self.options.items())
        choice.set_value(self.preset, [
            # Translators: the rules preset on the new-game form once an option was changed.
            (value, _("{preset}, changed").format(preset=label) if changed and value == self.preset
             else label) for value, label in self._preset_labels])

    def _sync_names(self) -> None:
        """Who plays the seats changed: the names not typed follow."""

    def _update(self) -> None:
        """Show what is set up (the ``#summary``)."""
        raise NotImplementedError

    def describe_level(self, level: str) -> str:
        """How a computer level of the game plays and how it measured ("" when unknown)."""
        return ""

    def level_line(self) -> str | None:
        """While a seat's computer level has the focus: how that level plays, and how it
        measured, after its rating (the number the seat's choice shows beside it)."""
        focused = self.focused
        if isinstance(focused, Choice) and (focused.id or "").startswith("kind-"):
            text = self.describe_level(focused.value)
            rating = GAMES[self.GAME].published().get(focused.value) if self.GAME in GAMES else None
            if text and rating is not None:
                # Translators: a computer level as the seat's choice names it ("hard AI"), its
                # rating (the number shown beside it), then how it plays and how it measured.
                return _("{level}, rated {rating}: {description}").format(
                    level=level_label(focused.value), rating=rating, description=text)
            if text:
                # Translators: a computer level as the seat's choice names it ("hard AI"), then how
                # it plays, a sentence of its own (French and Spanish may set it off with a dash).
                return _("{level}: {description}").format(level=level_label(focused.value), description=text)
        return None

    @property
    def players(self) -> int:
        return int(self.query_one("#player-count", Choice).value)

    def _names_typed(self, kinds: list[str]) -> list[str | None]:
        """The seats' name fields (None where empty).  A lone person's field shows "You" in the
        player's language: left as it is, the seat keeps the name the engine speaks to in the
        second person (shown translated wherever it is shown), so that the statistics know one
        player whatever the language of each game."""
        names = [self.query_one(f"#name-{i}", Input).value.strip() or None for i in range(len(kinds))]
        people = [i for i, k in enumerate(kinds) if k == "you"]
        if len(people) == 1 and names[people[0]] == self._default_name(people[0], kinds):
            names[people[0]] = None
        return names

    def _default_name(self, index: int, kinds: list[str]) -> str:
        people = [i for i, k in enumerate(kinds) if k == "you"]
        if kinds[index] == "you":
            return _("You") if len(people) == 1 else _("Player {n}").format(n=people.index(index) + 1)
        computers = [i for i, k in enumerate(kinds) if k != "you"]
        return SEAT_NAMES[computers.index(index)]

    def on_input_submitted(self, message: Input.Submitted) -> None:
        self.app.action_focus_next()

    def action_back(self) -> None:
        self.app.pop_screen()

    def action_start(self) -> None:
        raise NotImplementedError
