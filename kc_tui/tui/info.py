"""The settings screen (language, theme, cards, ASCII, pace, confirmations, bell)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Static

from ..core.i18n import N_, Domain, Text, language_names
from ..storage import CARD_STYLES, PACES, THEMES
from .modal import Dialog
from .typed_app import OnKingsCornerApp
from .widgets import Choice, TextPanel
from .words import said

_, ngettext, pgettext, L_, Ln_ = Domain.of(__package__).functions()

__all__ = ["SettingsScreen", "pace_text", "ON_OFF", "language_choices"]


def pace_text(pace: float) -> str:
    if pace == 0:
        return _("instant")
    # Translators: the decimal sign of a number such as 0.4 (a comma in Spanish and French).
    number = f"{pace:g}".replace(".", pgettext("decimal sign", "."))
    return _("{pace} s a move").format(pace=number)


ON_OFF = [(False, N_("off")), (True, N_("on"))]
"""A choice's two values (marked English: the choice says them)."""

THEME_NAMES = {
    # Translators: the names of the themes (the command line's --theme takes the English ones).
    "default": N_("default"), "light": N_("light"), "high-contrast": N_("high-contrast"),
    "ansi": N_("ansi"), "ansi-light": N_("ansi-light"),
}
CARD_STYLE_NAMES = {"two-colour": N_("two-colour"), "four-colour": N_("four-colour")}


def language_choices(automatic: str | None = None) -> list[tuple[str, str | Text]]:
    """The Language choice: Automatic, naming the language it stands for in this run
    (``automatic``: the command line's or the terminal's, as the app started), or a language,
    each named in itself."""
    names = language_names()
    auto = (L_("Automatic ({language})", language=names[automatic]) if automatic in names
            else N_("Automatic (from the terminal)"))
    return [("auto", auto), *names.items()]


class SettingsScreen(OnKingsCornerApp, Dialog[None]):
    """Theme, card style, ASCII mode, AI pace, confirmations, the bell and the language; each
    change shows at once (a new language on every screen of the app)."""

    BINDINGS = [
        Binding("escape,q,enter", "close", N_("Close")),
        Binding("up,k", "app.focus_previous", N_("Previous"), show=False),
        Binding("down,j", "app.focus_next", N_("Next"), show=False),
    ]

    def compose(self) -> ComposeResult:
        s = self.app.settings
        paces = sorted(set(PACES) | {s.pace})
        with Vertical(id="settings-box", classes="dialog"):
            yield Static(_("Settings"), classes="dialog-title")
            yield Choice(N_("Theme"), [(t, THEME_NAMES.get(t, t)) for t in THEMES], s.theme, id="set-theme")
            yield Choice(N_("Cards"), [(c, CARD_STYLE_NAMES.get(c, c)) for c in CARD_STYLES], s.cards,
                         id="set-cards")
            yield Choice(N_("ASCII only"), ON_OFF, s.ascii, id="set-ascii")
            yield Choice(N_("AI pace"), [(p, pace_text(p)) for p in paces], s.pace, id="set-pace")
            yield Choice(N_("Confirm ending a turn"), ON_OFF, s.confirm_end, id="set-confirm_end")
            yield Choice(N_("Confirm quitting"), ON_OFF, s.confirm_quit, id="set-confirm_quit")
            yield Choice(N_("Bell at your turn"), ON_OFF, s.bell, id="set-bell")
            yield Choice(N_("Language"), language_choices(self.app.automatic_language), s.language,
                         id="set-language")
            yield TextPanel(id="settings-note")
            yield TextPanel(id="settings-keys", classes="keys")

    def set_up(self) -> None:
        self.query_one("#set-theme", Choice).focus()
        self.relabel()

    def relabel(self) -> None:
        """Every word of the dialog in the language now in force (the choices say theirs as they
        are drawn)."""
        self.query_one(".dialog-title", Static).update(_("Settings"))
        pace = self.query_one("#set-pace", Choice)
        pace.set_value(pace.value, [(p, pace_text(p)) for p, _text in pace.options])
        self.query_one("#settings-keys", TextPanel).show(
            _("Up/Down or Tab choose  Left/Right change  Esc close"))
        self._explain()

    def on_choice_changed(self, message: Choice.Changed) -> None:
        name = (message.choice.id or "").removeprefix("set-")
        if name == "language":
            self.app.set_language(message.value)
        else:
            self.app.apply_settings(self.app.settings.with_(**{name: message.value}))
        self._explain()

    def on_descendant_focus(self) -> None:
        self._explain()

    def _explain(self) -> None:
        s = self.app.settings
        focused = self.focused.id if self.focused is not None else ""
        fixed = self.app.language_fixed  # the command line chose the language
        notes = {
            "set-theme": said(THEMES[s.theme]),
            "set-cards": _("{style}; the suit is always written too").format(
                style=said(CARD_STYLES[s.cards])),
            "set-ascii": _("no box drawing and no suit glyphs: cards as 7H, TS, KC"),
            "set-pace": _("how long each move of a computer turn stays on screen (any key skips)"),
            "set-confirm_end": _("ask before ending a turn while moves are still open"),
            "set-confirm_quit": _("ask before leaving a game in progress"),
            "set-bell": _("ring the terminal bell as your turn starts (a sound cue)"),
            "set-language": (_("the language of every screen; Automatic is the one --lang gave for "
                               "this run, else the terminal's (LANG)") if fixed
                             else _("the language of every screen; Automatic follows the terminal (LANG)")),
        }
        self.query_one("#settings-note", TextPanel).show(notes.get(focused or "", ""))

    def action_close(self) -> None:
        self.dismiss(None)
