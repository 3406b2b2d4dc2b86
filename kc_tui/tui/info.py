"""The settings screen (theme, cards, ASCII, pace, confirmations, bell)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Static

from ..storage import CARD_STYLES, PACES, THEMES
from .modal import Dialog
from .typed_app import OnKingsCornerApp
from .widgets import Choice, TextPanel

__all__ = ["SettingsScreen", "pace_text", "ON_OFF"]

def pace_text(pace: float) -> str:
    return "instant" if pace == 0 else f"{pace:g} s a move"


ON_OFF = [(False, "off"), (True, "on")]


class SettingsScreen(OnKingsCornerApp, Dialog[None]):
    """Theme, card style, ASCII mode, AI pace, confirmations and the bell; each change shows at once."""

    BINDINGS = [
        Binding("escape,q,enter", "close", "Close"),
        Binding("up,k", "app.focus_previous", "Previous", show=False),
        Binding("down,j", "app.focus_next", "Next", show=False),
    ]

    def compose(self) -> ComposeResult:
        s = self.app.settings
        paces = sorted(set(PACES) | {s.pace})
        with Vertical(id="settings-box", classes="dialog"):
            yield Static("Settings", classes="dialog-title")
            yield Choice("Theme", [(t, t) for t in THEMES], s.theme, id="set-theme")
            yield Choice("Cards", [(c, c) for c in CARD_STYLES], s.cards, id="set-cards")
            yield Choice("ASCII only", ON_OFF, s.ascii, id="set-ascii")
            yield Choice("AI pace", [(p, pace_text(p)) for p in paces], s.pace, id="set-pace")
            yield Choice("Confirm ending a turn", ON_OFF, s.confirm_end, id="set-confirm_end")
            yield Choice("Confirm quitting", ON_OFF, s.confirm_quit, id="set-confirm_quit")
            yield Choice("Bell at your turn", ON_OFF, s.bell, id="set-bell")
            yield TextPanel(id="settings-note")
            yield TextPanel(id="settings-keys", classes="keys")

    def set_up(self) -> None:
        self.query_one("#settings-keys", TextPanel).show(
            "Up/Down or Tab choose  Left/Right change  Esc close")
        self.query_one("#set-theme", Choice).focus()
        self._explain()

    def on_choice_changed(self, message: Choice.Changed) -> None:
        name = (message.choice.id or "").removeprefix("set-")
        self.app.apply_settings(self.app.settings.with_(**{name: message.value}))
        self._explain()

    def on_descendant_focus(self) -> None:
        self._explain()

    def _explain(self) -> None:
        s = self.app.settings
        focused = self.focused.id if self.focused is not None else ""
        notes = {
            "set-theme": THEMES[s.theme],
            "set-cards": CARD_STYLES[s.cards] + "; the suit is always written too",
            "set-ascii": "no box drawing and no suit glyphs: cards as 7H, TS, KC",
            "set-pace": "how long each move of a computer turn stays on screen (any key skips)",
            "set-confirm_end": "ask before ending a turn while moves are still open",
            "set-confirm_quit": "ask before leaving a game in progress",
            "set-bell": "ring the terminal bell as your turn starts (a sound cue)",
        }
        self.query_one("#settings-note", TextPanel).show(notes.get(focused or "", ""))

    def action_close(self) -> None:
        self.dismiss(None)
