"""Small screens of the table: a yes/no question, handing the keyboard over (hot-seat), and text
to read (help, rules, scores) in a scrolling dialog."""

from __future__ import annotations

import time
from typing import Sequence

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Static

from ..core.i18n import N_, Domain
from .keys import KeyRow, help_text
from .modal import Dialog, DialogText, MoreBelow
from .widgets import TextPanel

_, ngettext, pgettext, L_, Ln_ = Domain.of(__package__).functions()

__all__ = ["ConfirmScreen", "PassScreen", "TextScreen", "help_screen", "yes_key"]

def yes_key() -> str:
    """The key that answers yes in the language spoken (``y`` answers yes in every language)."""
    # Translators: the one lower-case letter that answers yes to a question, besides y (which
    # always does): the first letter of the language's yes (s for sí, o for oui). Keep y if that
    # letter is n, or another key the questions use.
    key = pgettext("yes key", "y")
    return key if len(key) == 1 and key.isalpha() and key.islower() and key != "n" else "y"


class ConfirmScreen(Dialog[bool]):
    """One yes/no question (leave the game, end a turn with moves open, delete a save).

    ``y`` or Enter answers yes, and so do the language's own yes key (:func:`yes_key`: ``s``
    for sí, ``o`` for oui) and ``again``, the key that asked (``e`` ends the turn when pressed
    twice); ``n`` or Esc answers no.  Any other key answers no too and then does
    what it does on the screen below, so a key typed on the way (a card's number, a computer's
    turn skipped) is not lost.  Being a screen of its own, the question is answered or gone: it
    cannot linger on the table while other keys act there.
    """

    passes_keys = True

    BINDINGS = [
        Binding("y,enter", "answer(True)", N_("Yes")),
        Binding("n,escape", "answer(False)", N_("No")),
    ]

    def __init__(self, question: str, again: str = "") -> None:
        super().__init__()
        self.question = question
        self.again = again

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm", classes="dialog"):
            yield DialogText(self.question, id="confirm-text", markup=False)
            yield TextPanel(id="confirm-keys", classes="keys")

    def set_up(self) -> None:
        again = f"/{self.again}" if self.again else ""
        # Translators: y (or the language's yes key, see "yes key") and n are the keys.
        self.query_one("#confirm-keys", TextPanel).show(
            _("y/Enter{again} yes   n/Esc or any other key no").format(again=again))

    def on_key(self, event: events.Key) -> None:
        if not self.ready or event.key in ("y", "enter", "n", "escape"):
            return  # the bindings answer these
        if event.key in ("ctrl+c", "ctrl+q"):
            return  # the app's own keys (quit) stay the app's
        event.stop()
        event.prevent_default()
        if event.key in (self.again, yes_key()):
            self.dismiss(True)
            return
        self.dismiss(False)
        self.app.post_message(events.Key(event.key, event.character))

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


class ConfirmDeleteScreen(ConfirmScreen):
    """A question whose yes cannot be taken back (delete a save): only ``y`` (or the language's
    yes key) answers yes; Enter answers no, as ``n`` and Esc do (a play test deleted a save with
    the Enter that had chosen it)."""

    BINDINGS = [
        Binding("y", "answer(True)", N_("Yes")),
        Binding("n,escape,enter", "answer(False)", N_("No")),
    ]

    def set_up(self) -> None:
        # Translators: y (or the language's yes key, see "yes key") and n are the keys.
        self.query_one("#confirm-keys", TextPanel).show(_("y yes   n/Enter/Esc or any other key no"))


class PassScreen(Dialog[None]):
    """Hides the table between two people's turns at one keyboard (hot-seat).  ``q`` and ``?``
    do what they do at the table (leave, after asking; the keys), without showing a hand."""

    BINDINGS = [
        Binding("enter,space", "ready", N_("Show my hand")),
        Binding("q", "table('quit')", N_("Leave the game")),
        Binding("question_mark,f1", "table('help')", N_("Keys")),
    ]
    GUARD = 0.6
    """Seconds after it opens in which Enter does not show the hand at once: an Enter meant for
    the turn before (skipping a computer's moves) must not show the next person's hand before
    they can see this screen.  It is remembered, and acted on when the guard ends."""

    def __init__(self, name: str) -> None:
        super().__init__()
        self.player_name = name
        self._early = False

    def compose(self) -> ComposeResult:
        with Vertical(id="pass", classes="dialog"):
            yield DialogText(markup=False, content=_(
                "Pass the keyboard to {name}.\n\n{name}, press Enter when the others cannot see the "
                "screen.").format(name=self.player_name), id="pass-text")
            yield TextPanel(id="pass-keys", classes="keys")

    def set_up(self) -> None:
        self.opened = time.monotonic()
        self.query_one("#pass-keys", TextPanel).show(_("Enter: show my hand   ? keys   q leave the game"))

    def action_ready(self) -> None:
        waited = time.monotonic() - self.opened
        if waited >= self.GUARD:
            self.dismiss(None)
        elif not self._early:
            self._early = True
            self.set_timer(self.GUARD - waited, self._show_when_guarded)

    def _show_when_guarded(self) -> None:
        if self is self.app.screen:  # not while a question (leave?) or the keys sit on top
            self.dismiss(None)
        else:
            self._early = False

    def action_table(self, action: str) -> None:
        """The table's own ``action`` (it sits below this screen): one leaving, one help."""
        below = self.app.screen_stack[-2] if len(self.app.screen_stack) > 1 else None
        act = getattr(below, f"action_{action}", None)
        if act is not None:
            act()


class TextScreen(Dialog[None]):
    """A title and a text to read, scrolling when it is long; Esc (or the key that opened it)
    closes it."""

    BINDINGS = [
        Binding("escape,q", "close", N_("Close")),
        Binding("j", "scroll(1)", N_("Down"), show=False),
        Binding("k", "scroll(-1)", N_("Up"), show=False),
    ]

    def __init__(self, title: str, text: str, close_keys: str = "") -> None:
        super().__init__(classes="text-screen")
        self.title_text = title
        self.text = text
        self.close_keys = close_keys

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog text-dialog"):
            yield Static(self.title_text, classes="dialog-title")
            with VerticalScroll(classes="text-scroll dialog-scroll"):
                yield DialogText(self.text, classes="text-body", markup=False)
                yield from self.below_text()
            yield MoreBelow()
            yield TextPanel(id="text-keys", classes="keys")

    def below_text(self) -> ComposeResult:
        """What scrolls with the text, below it (a chart): nothing here."""
        return iter(())

    def set_up(self) -> None:
        scroll = self.query_one(".text-scroll", VerticalScroll)
        self.watch(scroll, "scroll_y", self._show_keys)
        self.call_after_refresh(self._show_keys)
        self.follow_scroll()
        scroll.focus()

    def _show_keys(self, *_args: object) -> None:
        """The keys, and how far down the text is when it scrolls (the "More below" line says
        that there is more; scrollbars are hidden in ASCII mode)."""
        scroll = self.query_one(".text-scroll", VerticalScroll)
        where = ""
        if scroll.max_scroll_y > 0:
            where = _(" (at {percent}%)").format(percent=round(100 * scroll.scroll_y / scroll.max_scroll_y)) \
                if scroll.scroll_y < scroll.max_scroll_y else _(" (at the end)")
        self.query_one("#text-keys", TextPanel).show(_("Up/Down/PgUp/PgDn scroll{where}  Esc close").format(
            where=where))

    def on_key(self, event: events.Key) -> None:
        """The key that opened the dialog closes it too."""
        if self.ready and event.key in self.close_keys.split(","):
            event.stop()
            self.dismiss(None)

    def action_scroll(self, step: int) -> None:
        self.query_one(".text-scroll", VerticalScroll).scroll_relative(y=step, animate=False)

    def action_close(self) -> None:
        self.dismiss(None)


def help_screen(rows: Sequence[KeyRow]) -> TextScreen:
    """Every key of a screen's key table, grouped."""
    return TextScreen(_("Keys"), help_text(rows), close_keys="question_mark,f1")
