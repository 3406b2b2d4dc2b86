"""The new-game screen of Kings Reverse: the seats (people at this keyboard or AI levels, with
names), the preset and each option of KINGS-REVERSE.md, an optional seed, and a summary, in the
platform's new-game shell (whose "Game" choice switches to another game's form)."""

from __future__ import annotations

import re

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Input, Static

from ....storage import SaveError, list_saves
from ....tui.info import ON_OFF
from ....tui.keys import bindings, key_line
from ....tui.new_game import DEFAULT_SEATS, NEW_GAME_KEYS, ChoicesScroll, NewGameShell, SeatChoice, seat_kinds
from ....tui.widgets import Choice, Menu, MenuItem, TextPanel
from .. import ENTRY
from ..engine.rules import PRESETS, ReverseRules, RuleError, build_rules
from .sessions import new_session, resume_session

__all__ = ["ReverseNewGameScreen", "KINDS"]

KINDS = seat_kinds(ENTRY.levels)
TARGETS = [100, 200, 300, 500, 750, 1000]
OPTION_LABELS = {
    "hand_size": "Cards dealt", "jokers": "Jokers (4)", "ace_of_spades": "Ace of spades gives",
    "one_card_call": 'Call "one card"', "joker_challenge": "Joker challenge (bluff)",
    "target": "Session ends at",
}


class ReverseNewGameScreen(NewGameShell):
    """Dismissed by starting a game (the app opens the table), by Esc, or by choosing the
    other game (its own new-game screen takes this one's place)."""

    KEY_ROWS = NEW_GAME_KEYS
    BINDINGS = bindings(NEW_GAME_KEYS)
    GAME = ENTRY.name

    def compose(self) -> ComposeResult:
        yield Static("New game: Kings Reverse", classes="screen-title")
        with ChoicesScroll(id="new-game"):
            yield self.game_choice()
            yield Choice("Players", [(n, str(n)) for n in range(2, 7)], 4, id="player-count")
            for i in range(6):
                yield SeatChoice(i, DEFAULT_SEATS[i], KINDS)
            yield Choice("Rules preset", [(p, p) for p in PRESETS], self.preset, id="preset")
            yield Choice(OPTION_LABELS["hand_size"], [(n, str(n)) for n in range(5, 13)], 10,
                         id="opt-hand_size")
            for key in ("jokers", "ace_of_spades", "one_card_call", "joker_challenge"):
                yield Choice(OPTION_LABELS[key], ON_OFF, key != "joker_challenge", id=f"opt-{key}")
            yield Choice(OPTION_LABELS["target"], [(t, f"{t} points") for t in TARGETS], 500,
                         id="opt-target")
            with Horizontal(classes="seat"):
                yield Static(f"  {'Seed (blank: random)':<25}", classes="label")
                yield Input(id="seed", type="integer", placeholder="random", max_length=18)
            saved = [info for info in list_saves(self.GAME) if info.problem is None]
            yield Menu([MenuItem("start", "Ctrl+S", "Start the game"),
                        *([MenuItem("resume", "Enter", f"Continue {saved[0].title}")] if saved else []),
                        MenuItem("back", "Esc", "Back to the title")], id="new-game-menu")
        yield TextPanel(id="summary")
        yield TextPanel(id="keys", classes="keys")

    def on_mount(self) -> None:
        self.query_one("#keys", TextPanel).show(key_line(NEW_GAME_KEYS))
        self._sync_names()
        self._update()
        self.query_one("#game", Choice).focus()

    # ------------------------------------------------------------------ state
    def _kinds(self) -> list[str]:
        return [self.query_one(f"#kind-{i}", Choice).value for i in range(6)]

    def seat_specs(self) -> tuple[list[str], list[str | None]]:
        """The seats chosen (``you``, ``human:NAME`` in hot-seat, AI levels) and the names typed."""
        kinds = self._kinds()[:self.players]
        names = [self.query_one(f"#name-{i}", Input).value.strip() or None for i in range(self.players)]
        people = [i for i, k in enumerate(kinds) if k == "you"]
        specs = [f"human:{names[i] or f'Player {i + 1}'}" if k == "you" and len(people) > 1 else k
                 for i, k in enumerate(kinds)]
        return specs, names

    def rules(self) -> ReverseRules:
        """The rules chosen; :class:`RuleError` says why they cannot be played."""
        return build_rules(self.players, self.preset, **self.options)

    def seed(self) -> int | None:
        text = self.query_one("#seed", Input).value.strip()
        return int(text) if re.fullmatch(r"-?[0-9]+", text) else None

    def _sync_names(self) -> None:
        kinds = self._kinds()
        for i in range(6):
            if i not in self.names_edited:
                field = self.query_one(f"#name-{i}", Input)
                with field.prevent(Input.Changed):
                    field.value = self._default_name(i, kinds[:max(self.players, i + 1)])
            self.query_one(f"#seat-{i}").display = i < self.players

    def _problem(self) -> str | None:
        _, names = self.seat_specs()
        kinds = self._kinds()[:self.players]
        given = [(n or self._default_name(i, kinds)).lower() for i, n in enumerate(names)]
        if len(set(given)) != len(given):
            return "Two seats have the same name; give each player a different name."
        try:
            self.rules()
        except RuleError as exc:
            return str(exc)
        text = self.query_one("#seed", Input).value.strip()
        if text and not re.fullmatch(r"-?[0-9]+", text):
            return f"A seed is a whole number; got {text[:20]!r}."
        return None

    def _update(self) -> None:
        try:
            shown = self.rules().as_dict()
        except RuleError:
            shown = {**ReverseRules(players=self.players).as_dict(), **PRESETS[self.preset], **self.options}
        for key in OPTION_LABELS:
            self.query_one(f"#opt-{key}", Choice).set_value(shown[key])
        self.query_one("#opt-joker_challenge", Choice).display = bool(shown["jokers"])
        problem = self._problem()
        summary = self.query_one("#summary", TextPanel)
        summary.set_class(problem is not None, "problem")
        summary.show(f"Cannot start: {problem}" if problem else self.summary_line())

    def summary_line(self) -> str:
        _, names = self.seat_specs()
        kinds = self._kinds()[:self.players]
        rules = self.rules()
        who = ", ".join(f"{names[i] or self._default_name(i, kinds)}"
                        + ("" if kinds[i] == "you" else f" ({kinds[i]})") for i in range(self.players))
        parts = [f"{rules.hand_size} cards each", f"{rules.deck_size} cards"]
        parts += [label for key, label in (("ace_of_spades", "the Ace of spades gives"),
                                           ("one_card_call", 'call "one card"'),
                                           ("joker_challenge", "jokers may be challenged"))
                  if getattr(rules, key)]
        seed = self.seed()
        watch = "" if "you" in kinds else " No seat is a person here: you watch the computers play."
        return (f"Kings Reverse, {rules.players} players: {who}. " + ", ".join(parts)
                + f"; the lowest score wins when someone reaches {rules.target}."
                + (f" Seed {seed}." if seed is not None else "") + watch)

    # ------------------------------------------------------------------ changes
    def on_menu_chosen(self, message: Menu.Chosen) -> None:
        if message.item.id == "start":
            self.action_start()
        elif message.item.id == "resume":
            self.resume()
        else:
            self.action_back()

    def action_start(self) -> None:
        problem = self._problem()
        if problem:
            self.query_one("#summary", TextPanel).show(f"Cannot start: {problem}")
            return
        specs, names = self.seat_specs()
        service = new_session(self.app, specs, names, self.rules(), self.seed())
        self.app.pop_screen()
        self.app.start_table(service)

    def resume(self) -> None:
        """Continue the newest saved Kings Reverse game (a save that cannot be used says why)."""
        saved = [info for info in list_saves(self.GAME) if info.problem is None]
        if not saved:
            return
        try:
            service = resume_session(self.app, saved[0].path)
        except SaveError as exc:
            self.query_one("#summary", TextPanel).show(f"Cannot continue: {exc}")
            return
        self.app.pop_screen()
        self.app.start_table(service)
