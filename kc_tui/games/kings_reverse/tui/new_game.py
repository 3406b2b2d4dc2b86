"""The new-game screen of Kings Reverse: the seats (people at this keyboard or AI levels, with
names), the preset and each option of KINGS-REVERSE.md, an optional seed, and a summary, in the
platform's new-game shell (whose "Game" choice switches to another game's form)."""

from __future__ import annotations

import re
from typing import Any

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Input, Static

from ....core.i18n import N_, Domain
from ....tui.keys import bindings, key_line
from ....tui.new_game import DEFAULT_SEATS, NEW_GAME_KEYS, ChoicesScroll, NewGameShell, SeatChoice, seat_kinds
from ....tui.widgets import Choice, Menu, MenuItem, TextField, TextPanel
from .. import ENTRY
from ..ai import describe, level_name
from ..engine.describe import shown_name
from ..engine.rules import PRESETS, ReverseRules, RuleError, build_rules, preset_name
from .sessions import new_session

__all__ = ["ReverseNewGameScreen", "KINDS", "seat_choices"]

_, ngettext, pgettext, L_, Ln_ = Domain.of(__package__).functions()

KINDS = seat_kinds(ENTRY.levels)
TARGETS = [100, 200, 300, 500, 750, 1000]
# Translators: the new-game form's labels: each is padded to 25 columns; keep them shorter.
OPTION_LABELS = {
    "hand_size": N_("Cards dealt"), "jokers": N_("Jokers (4)"),
    "ace_of_spades": N_("Ace of spades gives cards"),
    "one_card_call": N_('Call "one card"'), "joker_challenge": N_("Joker challenge (bluff)"),
    "target": N_("Session ends at"),
}


def seat_choices() -> list[tuple[str, str]]:
    """Who may play a seat, said now (in the player's language where the platform says it)."""
    return seat_kinds(ENTRY.levels, ENTRY.published())


def on_off() -> list[tuple[bool, str]]:
    """An option's two values, in the player's language."""
    # Translators: an option's value on the new-game form.
    return [(False, _("off")), (True, _("on"))]


class ReverseNewGameScreen(NewGameShell):
    """Dismissed by starting a game (the app opens the table), by Esc, or by choosing the
    other game (its own new-game screen takes this one's place)."""

    KEY_ROWS = NEW_GAME_KEYS
    BINDINGS = bindings(NEW_GAME_KEYS)
    GAME = ENTRY.name

    def compose(self) -> ComposeResult:
        yield Static(_("New game: Kings Reverse"), classes="screen-title")
        with ChoicesScroll(id="new-game"):
            yield self.game_choice()
            yield Choice(_("Players"), [(n, str(n)) for n in range(2, 7)], 4, id="player-count")
            for i in range(6):
                yield SeatChoice(i, DEFAULT_SEATS[i], seat_choices())
            yield Choice(_("Rules preset"), [(p, preset_name(p))
                                             for p in PRESETS], self.preset, id="preset")
            yield Choice(_(OPTION_LABELS["hand_size"]), [(n, str(n)) for n in range(5, 13)], 10,
                         id="opt-hand_size")
            for key in ("jokers", "ace_of_spades", "one_card_call", "joker_challenge"):
                yield Choice(_(OPTION_LABELS[key]), on_off(), key != "joker_challenge", id=f"opt-{key}")
            yield Choice(_(OPTION_LABELS["target"]),
                         [(t, ngettext("{n} point", "{n} points", t).format(n=t)) for t in TARGETS], 500,
                         id="opt-target")
            with Horizontal(classes="seat"):
                seed_label = _("Seed (blank: random)")
                yield Static(f"  {seed_label:<25}", classes="label")
                # Translators: the seed field's placeholder (a blank seed deals at random).
                yield TextField(id="seed", type="integer", placeholder=_("random"), max_length=18)
            # (A saved game is continued from the title screen, as the first game's are: here a
            # line "[Enter] Continue ..." worked only once reached, not at Enter on a row.)
            yield Menu([MenuItem("start", "Ctrl+S", _("Start the game")),
                        MenuItem("back", "Esc", _("Back to the title"))], id="new-game-menu")
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
        names = self._names_typed(kinds)
        people = [i for i, k in enumerate(kinds) if k == "you"]
        specs = [f"human:{names[i] or f'Player {i + 1}'}" if k == "you" and len(people) > 1 else k
                 for i, k in enumerate(kinds)]
        return specs, names

    def rules(self) -> ReverseRules:
        """The rules chosen; :class:`RuleError` says why they cannot be played."""
        return build_rules(self.players, self.preset, **self.options)

    def preset_rules(self) -> ReverseRules:
        return build_rules(self.players, self.preset)

    def preset_values(self) -> dict[str, Any]:
        return {**ReverseRules(players=self.players).as_dict(), **PRESETS[self.preset]}

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
        names = self.seat_specs()[1]
        kinds = self._kinds()[:self.players]
        given = [(n or self._default_name(i, kinds)).lower() for i, n in enumerate(names)]
        if len(set(given)) != len(given):
            return _("Two seats have the same name; give each player a different name.")
        try:
            self.rules()
        except RuleError as exc:
            return str(exc)
        text = self.query_one("#seed", Input).value.strip()
        if text and not re.fullmatch(r"-?[0-9]+", text):
            return _("A seed is a whole number; got {text}.").format(text=repr(text[:20]))
        return None

    def _update(self) -> None:
        try:
            shown = self.rules().as_dict()
        except RuleError:
            shown = {**self.preset_values(), **self.options}
        for key in OPTION_LABELS:
            self.query_one(f"#opt-{key}", Choice).set_value(shown[key])
        self.query_one("#opt-joker_challenge", Choice).display = bool(shown["jokers"])
        self.show_preset()
        problem = self._problem()
        summary = self.query_one("#summary", TextPanel)
        summary.set_class(problem is not None, "problem")
        summary.show(_("Cannot start: {problem}").format(problem=problem) if problem
                     else self.level_line() or self.summary_line())

    def describe_level(self, level: str) -> str:
        return describe(level)

    def on_descendant_focus(self) -> None:
        # The summary says what a focused computer level is like.
        self._update()

    def summary_line(self) -> str:
        names = self.seat_specs()[1]
        kinds = self._kinds()[:self.players]
        rules = self.rules()
        who = ", ".join(shown_name(names[i] or self._default_name(i, kinds))
                        + ("" if kinds[i] == "you" else f" ({level_name(kinds[i])})")
                        for i in range(self.players))
        parts = [_("{n} cards each").format(n=rules.hand_size), _("{n} cards").format(n=rules.deck_size)]
        parts += [_(label) for key, label in (("ace_of_spades", N_("the Ace of spades gives cards")),
                                              ("one_card_call", N_('call "one card"')),
                                              ("joker_challenge", N_("jokers may be challenged")))
                  if getattr(rules, key)]
        seed = self.seed()
        text = _("Kings Reverse, {n} players: {who}. {rules}; the lowest score wins when someone reaches "
                 "{target}.").format(n=rules.players, who=who, rules=", ".join(parts), target=rules.target)
        if seed is not None:
            text += " " + _("Seed {seed}.").format(seed=seed)
        if "you" not in kinds:
            text += " " + _("No seat is a person here: you watch the computers play.")
        return text

    # ------------------------------------------------------------------ changes
    def on_menu_chosen(self, message: Menu.Chosen) -> None:
        if message.item.id == "start":
            self.action_start()
        else:
            self.action_back()

    def action_start(self) -> None:
        problem = self._problem()
        if problem:
            self.query_one("#summary", TextPanel).show(_("Cannot start: {problem}").format(problem=problem))
            return
        specs, names = self.seat_specs()
        service = new_session(self.app, specs, names, self.rules(), self.seed())
        self.app.pop_screen()
        self.app.start_table(service)
