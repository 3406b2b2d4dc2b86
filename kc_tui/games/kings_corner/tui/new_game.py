"""Kings in the Corner's new-game form (in the platform's new-game shell): seats (people at this
keyboard or AI levels, with names), the rule preset and each R6 option, an optional seed, and a
summary of what will be played.  A rule combination that cannot be dealt is explained in place
and cannot be started."""

from __future__ import annotations

import re
from typing import Any

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Input, Static

from ....core.errors import RuleError
from ....core.i18n import N_, Domain
from ....tui.fit import SizedScreen
from ....tui.info import ON_OFF
from ....tui.keys import bindings, key_line
from ....tui.new_game import (
    DEFAULT_SEATS,
    NEW_GAME_KEYS,
    ChoicesScroll,
    NewGameShell,
    SeatChoice,
    seat_kinds,
)
from ....tui.widgets import Choice, Menu, MenuItem, TextField, TextPanel
from .. import ENTRY
from ..ai import describe, level_name
from ..engine.rules import DEFAULT_TARGETS, DRAW_TIMINGS, PRESETS, RuleSet, build_rules, preset_name
from .sessions import new_session
from .widgets import shown_name

__all__ = ["NewGameScreen", "KINDS", "seat_kinds_shown"]

_, ngettext, pgettext, L_, Ln_ = Domain.of(__package__).functions()

KINDS = seat_kinds(ENTRY.levels)
"""Who may play a seat (values and the English labels)."""
TARGETS = [10, 25, 50, 100, 150, 250, 500]
DRAW_WORDS = {"start": N_("at the start of a turn"), "end": N_("at the end of a turn"), "none": N_("never")}
SCORING_WORDS = {
    "classic": N_("classic: 1 a card, Kings 10"), "face": N_("face: face value, J Q 1, K 10"),
    "alternative": N_("alternative: Aces 25, K Q J 10"), "chips": N_("chips: a pot, most wins"),
    "none": N_("none: a single round"),
}
OPTION_LABELS = {
    "hand_size": N_("Cards dealt"), "draw": N_("Draw a card"),
    "kings_to_corners_at_deal": N_("Kings to corners at deal"),
    "mandatory_kings": N_("Kings must be played"), "royal_kings": N_("Royal Kings (extra turn)"),
    "scoring": N_("Scoring"), "target": N_("Session ends at"),
}
"""Each rule option's label (a label is at most 25 columns wide in every language)."""
SCORING_SUMMARY = {
    # Translators: the scoring in the new-game form's summary, one phrase each so that a
    # language can say it its own way ("puntuación con fichas hasta 100").
    "classic": N_("classic scoring to {target}"), "face": N_("face scoring to {target}"),
    "alternative": N_("alternative scoring to {target}"), "chips": N_("chips scoring to {target}"),
}


def seat_kinds_shown() -> list[tuple[str, str]]:
    """Who may play a seat, in the player's language: "person here", then each level as a
    computer with its rating ("hard AI (1605)": one phrase per level, so that a language agrees
    the level with its word for a computer: "IA difícil", "IA media")."""
    return seat_kinds(ENTRY.levels, ENTRY.published())


def _target_words(target: int) -> str:
    return ngettext("{n} point", "{n} points", target).format(n=target)


class NewGameScreen(NewGameShell, SizedScreen):
    """Dismissed by starting a game (the app opens the table) or by Esc."""

    MIN_SIZE = (78, 16)
    """A seat's row (its choice and name) and the key line take 78 columns; the summary of six
    seats and every option takes up to 6 rows, which leaves 8 for the choices (they scroll)."""
    SIZE_NAME = N_("The new-game screen")

    KEY_ROWS = NEW_GAME_KEYS
    BINDINGS = bindings(NEW_GAME_KEYS)
    GAME = ENTRY.name

    def __init__(self) -> None:
        super().__init__()
        self.start_kinds = list(DEFAULT_SEATS)
        self.start_count = 4
        self.start_names: list[str] = []

    def _remembered(self) -> None:
        """Start from the seats and rules played last time (kept in the settings)."""
        settings = getattr(self.app, "settings", None)
        if settings is None:
            return
        kinds = [k if k in dict(KINDS) else "you" if k.startswith("human:") else "hard"
                 for k in settings.players]
        self.start_count = len(kinds)
        self.start_kinds = kinds + DEFAULT_SEATS[len(kinds):]
        self.start_names = list(settings.names)
        if settings.preset in PRESETS:
            self.preset = settings.preset
        self.options = {k: v for k, v in settings.rules if k in OPTION_LABELS}
        try:
            build_rules(self.start_count, self.preset, self.options)
        except RuleError:
            self.preset, self.options = "standard", {}

    # ------------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        self._remembered()
        yield Static(_("New game"), classes="screen-title")
        with ChoicesScroll(id="new-game"):
            yield self.game_choice()
            yield Choice(_("Players"), [(n, str(n)) for n in range(2, 7)], self.start_count,
                         id="player-count")
            kinds = seat_kinds_shown()
            for i in range(6):
                yield SeatChoice(i, self.start_kinds[i], kinds)
            yield Choice(_("Rules preset"), [(p, preset_name(p))
                                             for p in PRESETS], self.preset, id="preset")
            yield Choice(_(OPTION_LABELS["hand_size"]), [(n, str(n)) for n in range(1, 14)], 7,
                         id="opt-hand_size")
            yield Choice(_(OPTION_LABELS["draw"]), [(d, _(DRAW_WORDS[d])) for d in DRAW_TIMINGS], "start",
                         id="opt-draw")
            for key in ("kings_to_corners_at_deal", "mandatory_kings", "royal_kings"):
                yield Choice(_(OPTION_LABELS[key]), ON_OFF, False, id=f"opt-{key}")
            yield Choice(_(OPTION_LABELS["scoring"]), [(k, _(v)) for k, v in SCORING_WORDS.items()],
                         "classic", id="opt-scoring")
            yield Choice(_(OPTION_LABELS["target"]), [(t, _target_words(t)) for t in TARGETS], 25,
                         id="opt-target")
            with Horizontal(classes="seat"):
                yield Static("  " + _("Seed (blank: random)").ljust(25), classes="label")
                yield TextField(id="seed", type="integer", placeholder=_("random"), max_length=18)
            yield Menu([MenuItem("start", "Ctrl+S", _("Start the game")),
                        MenuItem("back", "Esc", _("Back to the title"))],
                       id="new-game-menu")
        yield TextPanel(id="summary")
        yield TextPanel(id="keys", classes="keys")
        yield self.too_small_note()

    def on_mount(self) -> None:
        self.query_one("#keys", TextPanel).show(key_line(NEW_GAME_KEYS))
        for i, name in enumerate(self.start_names):
            if name:  # a name typed last time
                field = self.query_one(f"#name-{i}", Input)
                with field.prevent(Input.Changed):
                    field.value = name
                self.names_edited.add(i)
        self._sync_names()
        self._update()
        self.query_one("#player-count", Choice).focus()

    def _focus_in_view(self) -> None:
        """The focused control, its ">" marker with it, stays in view (the summary below the
        choices grows with the seats and options, and takes rows from them)."""
        if self.focused is not None:
            self.focused.scroll_visible(animate=False)

    # ------------------------------------------------------------------ state
    def seat_specs(self) -> tuple[list[str], list[str | None]]:
        """The seats chosen: specs for :func:`make_seats` and the names typed."""
        kinds = [self.query_one(f"#kind-{i}", Choice).value for i in range(self.players)]
        names = self._names_typed(kinds)
        people = [i for i, k in enumerate(kinds) if k == "you"]
        specs = []
        for i, kind in enumerate(kinds):
            if kind == "you" and len(people) > 1:
                name = names[i] or _("Player {n}").format(n=i + 1)
                specs.append(f"human:{name}")
            else:
                specs.append(kind)
        return specs, names

    def rules(self) -> RuleSet:
        """The rules chosen, or :class:`RuleError` saying why they cannot be played."""
        return build_rules(self.players, self.preset, self.options,
                           called=lambda key: _(OPTION_LABELS[key]))

    def preset_rules(self) -> RuleSet:
        return build_rules(self.players, self.preset)

    def preset_values(self) -> dict[str, Any]:
        return {**build_rules(2).as_dict(), **PRESETS[self.preset]}

    def seed(self) -> int | None:
        text = self.query_one("#seed", Input).value.strip()
        return int(text) if text else None

    def _problem(self) -> str | None:
        specs, names = self.seat_specs()
        kinds = [self.query_one(f"#kind-{i}", Choice).value for i in range(self.players)]
        given = [(n or self._default_name(i, kinds)).lower() for i, n in enumerate(names)]
        if len(set(given)) != len(given):
            return _("Two seats have the same name; give each player a different name.")
        try:
            self.rules()
        except RuleError as exc:
            text = str(exc)
            return text[0].upper() + text[1:] + "."
        text = self.query_one("#seed", Input).value.strip()
        if text and not re.fullmatch(r"-?[0-9]+", text):
            return _("A seed is a whole number; got {text}.").format(text=repr(text))
        return None

    def _sync_names(self) -> None:
        """Names nobody typed follow the seats: "You", or "Player N" in hot-seat, and the
        computers' names."""
        kinds = [self.query_one(f"#kind-{i}", Choice).value for i in range(6)]
        for i in range(6):
            if i not in self.names_edited:
                field = self.query_one(f"#name-{i}", Input)
                with field.prevent(Input.Changed):
                    field.value = self._default_name(i, kinds)
            self.query_one(f"#seat-{i}").display = i < self.players

    def _update(self) -> None:
        """Show each option as the rules will play it, and the summary or the problem."""
        try:
            rules: RuleSet | None = self.rules()
        except RuleError:
            rules = None
        shown = rules.as_dict() if rules else {**self.preset_values(), **self.options}
        for key in OPTION_LABELS:
            choice = self.query_one(f"#opt-{key}", Choice)
            if key == "target" and shown[key] not in TARGETS:
                # A target set elsewhere (remembered, or a preset's) is offered as it is.
                choice.set_value(shown[key], [(t, _target_words(t)) for t in sorted({*TARGETS, shown[key]})])
            else:
                choice.set_value(shown[key])
        target = self.query_one("#opt-target", Choice)
        target.display = shown["scoring"] != "none"
        self.show_preset()
        problem = self._problem()
        summary = self.query_one("#summary", TextPanel)
        if problem:
            summary.show(_("Cannot start: {problem}").format(problem=problem))
            summary.add_class("problem")
        else:
            summary.remove_class("problem")
            summary.show(self.level_line() or self.summary_line())
        self.call_after_refresh(self._focus_in_view)

    def describe_level(self, level: str) -> str:
        return describe(level)

    def summary_line(self) -> str:
        specs, names = self.seat_specs()
        rules = self.rules()
        kinds = [self.query_one(f"#kind-{i}", Choice).value for i in range(self.players)]
        who = ", ".join(
            f"{shown_name(names[i] or self._default_name(i, kinds))}"
            + ("" if kinds[i] == "you" else f" ({level_name(kinds[i])})")
            for i in range(self.players)
        )
        draw = {"start": _("draw at the start"), "end": _("draw at the end"),
                "none": _("no drawing")}[rules.draw]
        extras = [label for key, label in (("kings_to_corners_at_deal", _("Kings to corners at the deal")),
                                           # Translators: in the middle of the summary's sentence.
                                           ("mandatory_kings", pgettext("summary", "Kings must be played")),
                                           ("royal_kings", _("royal Kings"))) if getattr(rules, key)]
        scoring = (_("one round, no scores") if rules.scoring == "none"
                   else _(SCORING_SUMMARY[rules.scoring]).format(target=rules.target))
        seed = self.seed()
        each = ngettext("{n} card each", "{n} cards each", rules.hand_size).format(n=rules.hand_size)
        parts = [each, draw, *extras, scoring]
        sentences = [ngettext("{n} player: {who}.", "{n} players: {who}.", rules.players).format(
            n=rules.players, who=who) + " " + ", ".join(parts) + "."]
        if seed is not None:
            sentences.append(_("Seed {seed}.").format(seed=seed))
        if "you" not in kinds:
            sentences.append(_("No seat is a person here: you watch the computers play."))
        return " ".join(sentences)

    # ------------------------------------------------------------------ changes
    def on_descendant_focus(self) -> None:
        # The summary says what a focused AI level is like, and the focused row stays in view.
        self._update()

    def on_menu_chosen(self, message: Menu.Chosen) -> None:
        if message.item.id == "start":
            self.action_start()
        else:
            self.action_back()

    target_chosen = False
    """The person set the target on this form (since the preset was last chosen): a change of
    scoring then keeps it."""

    def option_changed(self, key: str, value: Any) -> None:
        super().option_changed(key, value)
        if key == "target":
            self.target_chosen = True
        elif key == "scoring" and not (self.target_chosen and "target" in self.options):
            # The target follows the scoring (25, 250, 100), as the rules do: stepping past
            # "face" on the way to "alternative" left it at 25, and one round ended the session.
            self.options["target"] = DEFAULT_TARGETS[value] or 25
            self.target_chosen = False

    def action_start(self) -> None:
        problem = self._problem()
        if problem:
            self.query_one("#summary", TextPanel).show(_("Cannot start: {problem}").format(problem=problem))
            return
        specs, names = self.seat_specs()
        kinds = [self.query_one(f"#kind-{i}", Choice).value for i in range(self.players)]
        typed = tuple(self.query_one(f"#name-{i}", Input).value.strip() if i in self.names_edited else ""
                      for i in range(self.players))
        self.app.remember(players=tuple(kinds), preset=self.preset, rules=tuple(self.options.items()),
                          names=typed)
        service = new_session(self.app, specs, names, self.rules(), self.seed())
        self.app.pop_screen()
        self.app.start_table(service)
