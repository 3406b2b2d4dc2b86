"""The side of the Textual application every screen sees (:class:`GameHost`): the settings (every
screen reads them), the sessions it owns (it closes them) and their saves, the tables it opens
and leaves, the stopping signals, and each screen's actions in the command palette.

The application itself (:class:`~kc_tui.tui.app.KingsCornerApp`) adds which screen it opens on;
the screens are typed against this class (:mod:`.typed_app`), so that they and the application
that opens them do not import each other.
"""

from __future__ import annotations

import asyncio
import io
import re
import signal
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Iterable, cast

from platformdirs import user_downloads_path
from rich.align import Align
from rich.console import RenderableType
from rich.markup import escape
from rich.text import Text
from textual import events
from textual._compositor import ChopsUpdate, LayoutUpdate
from textual._files import generate_datetime_filename
from textual.app import App, SystemCommand
from textual.command import CommandList, CommandPalette, Hit, Hits
from textual.filter import Monochrome, NoColor
from textual.geometry import Offset
from textual.screen import Screen
from textual.system_commands import SystemCommandsProvider
from textual.theme import Theme
from textual.widgets import Input
from textual.widgets.option_list import Option

from ..core.i18n import Domain, choose_language, language, speaker
from ..core.text import visible
from ..replay import Replay
from ..storage import AutoSaver, Settings, data_dir, start_saving

# At import: no-break spaces kept; closed screens freed at once; lighter strips, one CSS parse.
from . import nobreak, release, thrift  # noqa: F401
from .keys import palette
from .part import game_of, game_stylesheets
from .sent import SentScreen, SentUpdate
from .words import said

_, ngettext, pgettext, L_, Ln_ = Domain.of(__package__).functions()

Session = Any
"""A session of any game: its service (every service has ``close()``)."""

__all__ = ["TEXTUAL_THEMES", "GameHost", "Session"]

STOPPING_SIGNALS = (signal.SIGTERM, signal.SIGHUP)
"""Signals that end the app the way leaving does (SIGHUP: the terminal or SSH connection closed)."""

HIGH_CONTRAST = Theme(
    name="kc-high-contrast",
    primary="#00ffff",
    secondary="#ffff00",
    accent="#ffff00",
    warning="#ffff00",
    error="#ff5f5f",
    success="#00ff00",
    foreground="#ffffff",
    background="#000000",
    surface="#000000",
    panel="#ffffff",
    dark=True,
    variables={"text-error": "#ff5f5f", "text-primary": "#5fafff", "text-success": "#00ff00",
               "border": "#ffffff", "border-blurred": "#c0c0c0"},
)

TEXTUAL_THEMES = {
    "default": "textual-dark",
    "light": "textual-light",
    "high-contrast": HIGH_CONTRAST.name,
    "ansi": "ansi-dark",
    "ansi-light": "ansi-light",
}
"""Our theme names (settings, ``--theme``) and the Textual theme each one is."""

REMOTE_FONT = re.compile(r',\s*url\("[a-z]+://[^"]*"\)\s*format\("[^"]*"\)')
"""A font's address on the internet in an SVG's ``@font-face`` (after its ``local()`` name)."""


SHOW_CURSOR = "\x1b[?25h\x1b[2 q"
"""The terminal cursor shown (DECTCEM), as a steady block (DECSCUSR 2): screen magnifiers follow
it and screen readers read where it is; steady, because a blink is hard on some eyes."""
PLAIN_CURSOR = "\x1b[0 q"
"""The terminal's own cursor shape again, as the app ends."""


def caret_cell(field: Input) -> Offset:
    """The cell a text field draws its caret on.  Textual's ``cursor_screen_offset`` (where an
    ``Input`` puts the terminal cursor) is the cell after it when the caret is after the text
    (Textual counts one cell more there, so that scrolling shows the caret), which a screen
    magnifier would follow one cell to the right of the caret."""
    place = field.cursor_screen_offset
    return place - Offset(1, 0) if field.cursor_at_end else place


def _let_pass(signum: int, frame: object) -> None:
    """A stopping signal after the first (a Python handler, so that one arriving while another
    is handled is let pass rather than turned into an error)."""


class KeysProvider(SystemCommandsProvider):
    """Ctrl+P's commands (:meth:`GameHost.get_system_commands`), found by their help too, below
    those whose title matches: "take" finds Undo, whose help says "Take back a move"."""

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        wanted = query.strip().casefold()
        for name, help_text, callback, *_rest in self.app.get_system_commands(self.screen):
            score = matcher.match(name)
            if score <= 0 and wanted and wanted in help_text.casefold():
                score = 0.1  # a word of its help: after every title that matches
            if score > 0:
                yield Hit(score, matcher.highlight(name), callback, help=help_text)


class GameHost(App):
    """The application as the screens see it.  With a ``service`` it opens at that game's table
    and leaving the table leaves the app; with a ``replay`` at the replay; otherwise at
    :meth:`first_screen`."""

    COMMANDS = {KeysProvider}
    """Ctrl+P's one source of commands (in place of Textual's, found by their titles only)."""
    offers_screenshot = True
    """Whether Ctrl+P offers Textual's screenshot: not over SSH, where it would be saved on the
    server (in a browser it is downloaded)."""
    in_browser = False
    """Whether the app is played in a browser's page at the tables (``serve --web``; one of
    ``kings-corner web`` knows it from its driver, :attr:`is_web`)."""
    size_advice: str | None = None
    """What a screen too small for the terminal advises (marked English), where the screen's own
    advice does not hold: over SSH there is no ``--plain`` to give, the line mode is had by
    connecting again."""

    def __init__(
        self,
        service: Session | None = None,
        settings: Settings | None = None,
        on_settings: Callable[[Settings], str | None] | None = None,
        notice: str | None = None,
        replay: Replay | None = None,
        replay_name: str = "",
        on_stop_signal: Callable[[int], None] | None = None,
        language_fixed: bool = False,
    ) -> None:
        """``on_settings`` keeps changed settings (returns a message if it could not);
        ``notice`` is shown once the first screen is up (a settings file that was unusable);
        ``on_stop_signal`` is told of a stopping signal at once, in its handler, even when the
        app is stuck (the command line's watchdog); ``language_fixed``: the command line chose
        the language (``--lang``), which the settings' language does not override at start."""
        own = self.CSS_PATH if isinstance(self.CSS_PATH, list) else [self.CSS_PATH] if self.CSS_PATH else []
        super().__init__(css_path=[*own, *game_stylesheets()])
        self.service = service
        self.settings = settings or Settings()
        self.on_settings = on_settings
        self.notice = notice
        self.replay = replay
        self.replay_name = replay_name
        self.on_stop_signal = on_stop_signal
        self.language_fixed = language_fixed
        self.automatic_language = language()
        """The language the Language setting's "Automatic" stands for: the one this person was
        being served as the app started (the command line's or the terminal's; over SSH, the
        client's), before the setting was applied."""
        self._owned: list[Session] = []
        self.savers: dict[int, AutoSaver] = {}
        """The saver of each session this app started or resumed, by id of its service."""
        self._outer_handlers: dict[int, object] = {}
        """What handled each of :data:`STOPPING_SIGNALS` before the app took them over."""
        self.stopped_by: int | None = None
        """The signal that ended the app, if one did."""
        self.on_drawn: Callable[[], None] | None = None
        """Called once, when the first screen has been written (a server of many sessions starts
        the next app arriving then)."""
        self.sent = SentScreen()
        """The cells the terminal shows, as this app sent them: an update sends only those
        that change (:meth:`_display`)."""
        self.register_theme(HIGH_CONTRAST)
        if self.no_color:
            # Textual's NO_COLOR turns colours into greys (``Monochrome``) unless the theme is
            # ANSI; no-color.org asks for none at all, so only bold, dim, underline and reverse
            # are left (the markers, never colour alone, already carry focus and selection).
            self._filters = [NoColor() if isinstance(f, Monochrome) else f for f in self._filters]

    def on_mount(self) -> None:
        self._take_signals()
        self.start_language()
        self.apply_settings(self.settings, keep=False)
        self._write_to_terminal(SHOW_CURSOR)
        # A suspended app's terminal showed another program: everything is sent again after.
        self.app_suspend_signal.subscribe(self, lambda _app: self.sent.forget())
        self.app_resume_signal.subscribe(self, lambda _app: self.send_everything())
        # A dialog that closes gives the focus back without a focus event (the screen under it
        # had kept its focused widget): the cursor follows the screen change too.
        self.screen_change_signal.subscribe(self, lambda _screen: self.call_after_refresh(self.follow_focus))
        self.push_screen(self.first_screen())

    # ------------------------------------------------------------------ the terminal cursor
    _cursor_place = Offset(0, 0)
    _on_caret_of: Input | None = None
    """The text field whose caret the cursor is on (it put the cursor there last): the cursor
    follows the caret wherever the field is laid out, a terminal resized too."""

    def _focused_field(self) -> Input | None:
        field = self.screen.focused if self.is_running and self.screen_stack else None
        return field if isinstance(field, Input) else None

    @property
    def cursor_position(self) -> Offset:
        """Where the terminal cursor is put with the next screen update: as Textual's, but
        where the focused text field put it, on its caret (:func:`caret_cell`), worked out
        where the field is now."""
        field = self._focused_field()
        if field is not None and field is self._on_caret_of:
            return caret_cell(field)
        return self._cursor_place

    @cursor_position.setter
    def cursor_position(self, place: Offset) -> None:
        self._cursor_place = place
        field = self._focused_field()
        self._on_caret_of = field if field is not None and place == field.cursor_screen_offset else None

    @contextmanager
    def cursor_kept(self) -> Iterator[None]:
        """The terminal cursor stays where it is, whatever the block puts it on."""
        kept = self._cursor_place, self._on_caret_of
        try:
            yield
        finally:
            self._cursor_place, self._on_caret_of = kept

    def _write_to_terminal(self, sequence: str) -> None:
        # Textual hides the cursor as it starts and has no call to show it (Textual issue
        # 2348): it is shown through the driver, which writes between two screen updates.
        if self._driver is not None and not self.is_headless:
            self._driver.write(sequence)

    # ------------------------------------------------------------------ the cells sent
    def _display(self, screen: Screen, renderable: RenderableType | None) -> None:
        """Textual's, but a screen update (a full one too) sends only the cells that differ
        from what the terminal shows (:class:`~kc_tui.tui.sent.SentScreen`), and nothing at all
        when none does and the cursor stays.  An update Textual would not write (a batch, no
        terminal) leaves the cells known as they were."""
        if (isinstance(renderable, (LayoutUpdate, ChopsUpdate)) and self._running and not self._closed
                and not self.is_headless and self._driver is not None and not self._driver.is_inline
                and not self._batch_count):
            text = self.sent.update(renderable, *self.size, self.console)
            cursor = self.screen.outer_size.clamp_offset(self.cursor_position)
            # Textual writes a CompositorUpdate with its render_segments (typed as a renderable there).
            sent = SentUpdate(text) if text or cursor != self._previous_cursor_position else None
            renderable = cast(RenderableType | None, sent)
        super()._display(screen, renderable)
        if renderable is not None and self.on_drawn is not None:
            drawn, self.on_drawn = self.on_drawn, None
            drawn()

    def send_everything(self) -> None:
        """Draw the whole screen again, every cell sent: the terminal may have lost it."""
        self.sent.forget()
        if self.is_running and self.screen_stack:
            self.refresh()

    def on_resize(self, event: events.Resize) -> None:
        """A terminal that changed size may have moved or dropped any cell (and one resized
        and back between two updates would not be drawn again by Textual).  Before anything was
        drawn (the app's first Resize, as it starts) there is nothing to draw again."""
        if self.sent.width:
            self.send_everything()

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """The focus moved (a key, a screen or dialog opened or closed, the command line): the
        cursor follows it once the screen is laid out for the move.  A text field's caret does
        not blink: the terminal cursor shows where it is, and a blink redraws it twice a second
        (1.75 KB/s over a link) while nothing else changes."""
        if isinstance(event.widget, Input):
            event.widget.cursor_blink = False
        self.call_after_refresh(self.follow_focus)

    def follow_focus(self) -> None:
        """Put the terminal cursor on the focused widget: a text field's caret, else the
        widget's first cell, and a widget that places the cursor itself as it renders
        (:func:`~kc_tui.tui.widgets.cursor_at`: the card picked, the option marked) moves it
        there as it is drawn again.  It is drawn again in any case, so that the move is sent
        now: Textual moves the cursor only with a screen update, and without one it would wait
        for the next key.  (A cursor left inside the widget is not trusted to be its place: a
        dialog that closed over a large list left it where the dialog's caret was.)"""
        focused = self.screen.focused
        if focused is None or not focused.is_attached:
            return
        if isinstance(focused, Input):
            place = caret_cell(focused)
            if place == self.cursor_position:
                return
            self._cursor_place, self._on_caret_of = place, focused
        else:
            self.cursor_position = focused.content_region.offset
        focused.refresh()

    def first_screen(self) -> Screen:
        """The screen the app opens on (the application's)."""
        raise NotImplementedError

    # ------------------------------------------------------------------ language
    def start_language(self) -> None:
        """The language the app starts in: the settings' choice, unless it is "auto" (the
        command line's or the terminal's, as the app found it) or the command line fixed it."""
        self.automatic_language = language()
        if not self.language_fixed and self.settings.language != "auto":
            speaker().lang = choose_language(setting=self.settings.language)
        self._say_title()

    def _say_title(self) -> None:
        """The app's title (a screenshot's) in the language now in force."""
        if self.TITLE:
            self.title = said(self.TITLE)

    def set_language(self, choice: str) -> None:
        """The Language setting changed (``"auto"`` or a language's code): this person is served
        in it from now on (their speaker: the process's here, a session's over SSH), it is kept
        with the settings, and every screen of the app says its words again in it (its
        ``relabel()``, for a screen that has words of its own to say again: the choices and menus
        say theirs as they are drawn, which :meth:`apply_settings` asks of every widget)."""
        speaker().lang = self.automatic_language if choice == "auto" else choose_language(setting=choice)
        self._say_title()
        self.apply_settings(self.settings.with_(language=choice))
        for screen in self.screen_stack:
            relabel = getattr(screen, "relabel", None)
            if callable(relabel):
                relabel()

    # ------------------------------------------------------------------ settings
    def remember(self, **changes: object) -> None:
        """Keep choices such as the last seats and rules in the settings (saved with them)."""
        self.apply_settings(self.settings.with_(**changes))

    def apply_settings(self, settings: Settings, keep: bool = True) -> None:
        """Use ``settings`` from now on: theme, ASCII mode, card style, pace, confirmations;
        with ``keep``, save them too (a change, not the start)."""
        self.settings = settings
        self.theme = TEXTUAL_THEMES[settings.theme]
        self.set_class(settings.ascii, "ascii")
        for screen in self.screen_stack:
            for widget in screen.walk_children():
                widget.refresh()
        if keep and self.on_settings is not None:
            problem = self.on_settings(settings)
            if problem:
                self.report_save_error(problem)

    # ------------------------------------------------------------------ sessions
    def report_save_error(self, message: str) -> None:
        """Saving failed (or a file could not be read): the screen in front says so."""
        report = getattr(self.screen, "report", None)
        if report is not None:
            report(message)
        else:
            self.notify(message, severity="error", timeout=10)

    def show_notice(self) -> None:
        """The notice given at start, once, by the first screen that can show it."""
        if self.notice:
            notice, self.notice = self.notice, None
            self.report_save_error(notice)

    def start_table(self, service: Session) -> None:
        """Open the table of ``service``'s game."""
        self.push_screen(game_of(service).table_screen(service))

    def own(self, service: Session, saver: AutoSaver | None = None) -> None:
        """A session the app started or resumed and will close; ``saver`` saves it after every
        turn (a game that saves itself from its table has none here)."""
        self._owned.append(service)
        if saver is not None:
            self.savers[id(service)] = saver

    def replace_session(self, old: Session, new: Session) -> None:
        """``new`` is played instead of ``old`` (play again): the app owns it, and leaving it
        leaves the app when ``old`` was the game it was started with."""
        if old in self._owned:
            self._owned.remove(old)
        self._owned.append(new)
        if self.service is old:
            self.service = new

    def play_again(self, screen: Any) -> None:
        """A new session with the same seats and rules, on a new deal (the table screen's
        ``next_session``)."""
        old = screen.service
        screen.stop_play()  # the old table lets go of the old session
        service = screen.next_session()
        # Its seats (and their bot processes) go on playing; ``play``'s game is the new one:
        # leaving it leaves the app.
        self.replace_session(old, service)
        previous = self.savers.pop(id(old), None)
        if previous is not None:
            previous.release()
            self.savers[id(service)] = start_saving(service, previous.specs, self.report_save_error,
                                                     previous.game)
        self._remove(screen)
        self.start_table(service)

    def _remove(self, screen: Screen) -> None:
        """Take ``screen`` off the stack with whatever dialogs sit on top of it."""
        while screen in self.screen_stack and len(self.screen_stack) > 1:
            self.pop_screen()

    def leave_table(self, screen: Screen) -> None:
        """The table was left: back to the title screen, or out of the app for ``play``."""
        if self.service is not None:
            self.exit()
            return
        service: Session | None = getattr(screen, "service", None)
        if service is not None and service in self._owned:
            service.close()
            self._owned.remove(service)
            saver = self.savers.pop(id(service), None)
            if saver is not None:
                saver.release()
        self._remove(screen)
        if len(self.screen_stack) <= 1:
            self.exit()

    # ------------------------------------------------------------------ signals
    def _take_signals(self) -> None:
        """SIGTERM and SIGHUP reach the app through its event loop, so that they end it between
        two events, as `q` does, rather than in the middle of one.  The handler is Python's, not
        the loop's: it runs even while the loop is stuck (on output to a terminal nobody reads),
        so that :attr:`on_stop_signal` hears of the signal."""
        loop = asyncio.get_running_loop()

        def handle(signum: int, frame: object) -> None:
            if self.on_stop_signal is not None:
                self.on_stop_signal(signum)
            try:
                loop.call_soon_threadsafe(self.stop_by_signal, signum)
            except RuntimeError:
                pass  # the loop has closed: the app has ended already

        for signum in STOPPING_SIGNALS:
            try:
                outer = signal.signal(signum, handle)
            except ValueError:
                return  # not in the main thread (an app under test): the signals stay as they are
            self._outer_handlers[signum] = outer

    def _give_back_signals(self) -> None:
        for signum, outer in self._outer_handlers.items():
            # After a stopping signal, another one must not cut short the clean-up that follows.
            if self.stopped_by is not None:
                signal.signal(signum, _let_pass)
            elif outer is not None:
                signal.signal(signum, outer)  # type: ignore[arg-type]
        self._outer_handlers.clear()

    def stop_by_signal(self, signum: int) -> None:
        """End the app as leaving does: computer turns stop at once, every session's save stays
        as it stood after the last turn, bots are ended (on unmount, or by the command line);
        the exit status is the shell's for that signal."""
        self.stopped_by = signum
        for screen in self.screen_stack:
            stop = getattr(screen, "stop_play", None)
            if stop is not None:
                stop()
        # The saves are let go of now, before the app waits on the terminal as it ends: one that
        # went away or is not read can hold that up for ever.
        for saver in self.savers.values():
            saver.service.remove_listener(saver)
            saver.release()
        self.exit(return_code=128 + signum)

    def on_unmount(self) -> None:
        self._write_to_terminal(PLAIN_CURSOR)
        self._give_back_signals()
        for service in self._owned:
            service.close()
        self._owned.clear()
        for saver in self.savers.values():
            saver.release()

    # ------------------------------------------------------------------ command palette
    def action_command_palette(self) -> None:
        """Ctrl+P, its placeholder in the player's language (under ASCII without the ellipsis
        glyph)."""
        if self.use_command_palette and not CommandPalette.is_open(self):
            placeholder = _("Search for commands{ellipsis}").format(
                ellipsis="..." if self.settings.ascii else "\u2026")
            self.push_screen(_Palette(placeholder=placeholder, id="--command-palette"))

    def action_help_quit(self) -> None:
        """Ctrl+C (Textual's: it does not quit) says how to, in the player's language, and what
        the key does here (at a served table q leaves the table: "to quit the app" misled a
        play test)."""
        quits = [(key, active) for key, active in self.active_bindings.items()
                 if active.binding.action in ("quit", "app.quit", "pick('quit')")]
        if not quits:
            return
        # A screen's own key first (the title's q, a table's q), Textual's Ctrl+Q last; a screen's
        # action says what it does there, the app's quits the app.
        key, active = min(quits, key=lambda quit: quit[0].startswith("ctrl+"))
        mine = active.node is not self and active.binding.action == "quit" and active.binding.description
        # (Without the help's aside: "to leave the game (asks first while ...; settings can turn
        # that off)" read as documentation in a play test.)
        what = re.sub(r"\s*\([^()]*\)$", "", said(active.binding.description)) if mine else ""
        self.notify((_("Press [b]{key}[/b] to {what}.").format(key=key, what=escape(what)) if what
                     else _("Press [b]{key}[/b] to quit the app").format(key=key)),
                    title=_("Do you want to quit?"))

    def turn_starts(self) -> None:
        """A person's turn starts at the screen's seat: the terminal's bell rings if the settings
        ask for it; in a browser always, where it makes no sound: the page marks its tab's
        title with the turn while the tab is in the background."""
        if self.settings.bell or self.in_browser or self.is_web:
            self.bell()

    def action_screenshot(self, filename: str | None = None, path: str | None = None) -> None:
        """Ctrl+P's screenshot: in a browser it is downloaded; in a terminal it is saved in the
        Downloads folder, or where the game keeps its data when there is none (Textual's own
        choice, a Downloads folder that is not there, failed).  Nothing where the app is served
        to another's screen (:attr:`offers_screenshot`): the file would be the server's."""
        if not self.offers_screenshot:
            return
        if path is None and not self.is_web:
            folder = screenshots_folder()
            try:
                folder.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                self._screenshot_failed(exc)
                return
            path = str(folder)
        # Textual's deliver_screenshot opens the SVG in a browser's tab, where Rich's export has
        # it fetch a copy of its font from a CDN (this game asks nothing of the internet): the
        # file names only a font the viewer may have, and a browser downloads it.
        svg = REMOTE_FONT.sub("", self.export_screenshot())
        self.deliver_text(io.StringIO(svg), save_directory=path,
                          save_filename=filename or generate_datetime_filename(self.title, ".svg"),
                          open_method="download", mime_type="image/svg+xml", name="screenshot")

    def on_delivery_complete(self, event: events.DeliveryComplete) -> None:
        if event.name == "screenshot":
            event.prevent_default()  # Textual's notice is in English
            self.notify(_("Saved the screenshot as {path}.").format(path=visible(str(event.path)))
                        if event.path is not None else _("Saved the screenshot."), title=_("Screenshot"))

    def on_delivery_failed(self, event: events.DeliveryFailed) -> None:
        if event.name == "screenshot":
            event.prevent_default()
            self._screenshot_failed(event.exception)

    def _screenshot_failed(self, exc: BaseException) -> None:
        self.notify(_("The screenshot could not be saved: {reason}").format(reason=visible(str(exc))),
                    title=_("Screenshot"), severity="error")

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        """Ctrl+P: every action of the screen in front that applies now (from its key table, or
        the list a screen without one gives), then the app's own."""
        for title, help_text, callback in palette(screen, getattr(screen, "KEY_ROWS", ())):
            yield SystemCommand(title, help_text, callback)
        commands = getattr(screen, "palette_commands", None)
        if commands is not None:
            for title, help_text, callback in commands():
                yield SystemCommand(title, help_text, callback)
        # Textual's own commands (theme, maximize, keys panel) bypass the game's settings and
        # keys; only its screenshot is kept, where it reaches the person (not over SSH).
        for command in super().get_system_commands(screen):
            if command.title == "Screenshot" and self.offers_screenshot:
                # (taken once the palette has closed, as Textual's is)
                yield SystemCommand(_("Screenshot"), _("Save a picture of the screen as an SVG file"),
                                    lambda: self.set_timer(0.1, self.action_screenshot))


def screenshots_folder() -> Path:
    """Where a screenshot taken in a terminal is saved: the person's Downloads folder, else a
    folder of the game's data."""
    downloads = user_downloads_path()
    return downloads if downloads.is_dir() else data_dir() / "screenshots"


class _Palette(CommandPalette):
    """Textual's command palette, its "No matches found" in the player's language (the rest of
    what it says comes from the commands and the placeholder given)."""

    def _start_no_matches_countdown(self, search_value: str) -> None:
        # As Textual's own (textual/command.py), with the sentence translated.
        self._stop_no_matches_countdown()

        def show_no_matches() -> None:
            if search_value:
                self.query_one(CommandList).add_option(Option(
                    Align.center(Text(_("No matches found"), style="not bold")), disabled=True,
                    id=self._NO_MATCHES))
                self._list_visible = True
            else:  # discovering, not searching: nothing to say
                self._list_visible = False

        self._no_matches_timer = self.set_timer(self._NO_MATCHES_COUNTDOWN, show_no_matches)
