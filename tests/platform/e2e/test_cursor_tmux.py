"""The terminal cursor follows the focus in a real terminal: screen readers read where the cursor
is, so after every key it sits on the focused pile's focus mark or on the chosen card's number
(issue 11).  tmux reports the cursor's cell; the screen around it says what is focused."""

from __future__ import annotations

import time
from pathlib import Path

from test_e2e_tmux import _command, _ends, _tmux, _until_my_turn, pytestmark  # noqa: F401


def _cursor(session: str) -> tuple[int, int]:
    x, y = _tmux("display", "-p", "-t", session, "#{cursor_x},#{cursor_y}").strip().split(",")
    return int(x), int(y)


def _at_cursor(session: str, expected: str, seconds: float = 10.0) -> tuple[str, str]:
    """What the screen shows from the cursor on (the rest of its row) and the cell before it,
    once the row starts with ``expected`` (a liveness wait for the screen to settle)."""
    deadline = time.monotonic() + seconds
    while True:
        x, y = _cursor(session)
        row = _tmux("capture-pane", "-p", "-t", session).splitlines()[y]
        found = row[x:], row[x - 1:x]
        if found[0].startswith(expected) or time.monotonic() > deadline:
            return found


def _press(session: str, key: str) -> None:
    _tmux("send-keys", "-t", session, key)


def test_the_cursor_sits_on_the_focused_pile_or_card_after_every_key(tmp_path: Path) -> None:
    session = f"kc-e2e-cursor-{tmp_path.name}"
    _tmux("new-session", "-d", "-s", session, "-x", "80", "-y", "24",
          f"{_command()} play --players you,medium --seed 4 --pace 0 --ascii")
    try:
        screen = _until_my_turn(session)
        assert "Your turn" in screen, screen
        # The turn starts on the hand: the cursor is on the first card's number, marked >.
        here, before = _at_cursor(session, "1:2C")
        assert here.startswith("1:2C") and before == ">", (here, before)
        # It is shown, for magnifiers that follow it (issue 28), and goes to the command line
        # as it opens, before anything is typed; back on the hand as it closes.
        assert _tmux("display", "-p", "-t", session, "#{cursor_flag}").strip() == "1"
        _press(session, ":")
        # On the caret: the placeholder's first letter (not the cell after it, Textual's place).
        here, before = _at_cursor(session, "command, e.g.")
        assert here.startswith("command, e.g."), (here, before)
        _press(session, "Escape")
        here, before = _at_cursor(session, "1:2C")
        assert here.startswith("1:2C"), (here, before)
        # Up reaches the bottom of the cross; the cursor is on S's focus mark, inside its box.
        _press(session, "Up")
        here, before = _at_cursor(session, ">S ")
        assert here.startswith(">S ") and before in "|#", (here, before)
        _press(session, "Left")
        here, before = _at_cursor(session, ">SW")
        assert here.startswith(">SW") and before in "|#", (here, before)
        # Picking a card with its digit focuses its first target: the cursor goes there too.
        _press(session, "8")
        here, before = _at_cursor(session, ">NE*")
        assert here.startswith(">NE*"), (here, before)
        # Esc puts it back; the focus (and the cursor) stays on the pile.
        _press(session, "Escape")
        here, before = _at_cursor(session, ">NE ")
        assert here.startswith(">NE "), (here, before)
        _press(session, "Down")
        here, before = _at_cursor(session, ">E ")
        assert here.startswith(">E "), (here, before)
        # Down from the bottom row reaches the hand, on the card picked last (the King, 8);
        # Left moves along the cards.
        _press(session, "Down")
        here, before = _at_cursor(session, ">SE")
        assert here.startswith(">SE"), (here, before)
        _press(session, "Down")
        here, before = _at_cursor(session, "8:KH")
        assert here.startswith("8:KH") and before == ">", (here, before)
        _press(session, "Left")
        here, before = _at_cursor(session, "7:KC")
        assert here.startswith("7:KC") and before == ">", (here, before)
        # Picking the King and dropping it with Enter: the cursor stays on the pile played on.
        _press(session, "8")
        _at_cursor(session, ">NE*")
        _press(session, "Enter")
        here, before = _at_cursor(session, ">NE ")
        assert here.startswith(">NE ") and "KH" in _tmux("capture-pane", "-p", "-t", session), here
        _press(session, "C-q")
        assert _ends(session)
    finally:
        if not _ends(session, 0.1):
            _tmux("kill-session", "-t", session)


def test_the_cursor_sits_on_the_focused_control_of_every_dialog(tmp_path: Path) -> None:
    """Settings (a choice per row), a question (no control: the question itself), the keys (a
    text to read), and back at the table the cursor returns to the focused card."""
    session = f"kc-e2e-cursor-dialogs-{tmp_path.name}"
    _tmux("new-session", "-d", "-s", session, "-x", "80", "-y", "24",
          f"{_command()} play --players you,medium --seed 4 --pace 0 --ascii")
    try:
        screen = _until_my_turn(session)
        assert "Your turn" in screen, screen
        here, _ = _at_cursor(session, "1:2C")
        assert here.startswith("1:2C"), here
        # Settings: on the focused choice's ">" mark, and it follows Down.
        _press(session, "o")
        here, _ = _at_cursor(session, "> Theme")
        assert here.startswith("> Theme"), here
        _press(session, "Down")
        here, _ = _at_cursor(session, "> Cards")
        assert here.startswith("> Cards"), here
        # Closed: back on the hand's card.
        _press(session, "Escape")
        here, before = _at_cursor(session, "1:2C")
        assert here.startswith("1:2C") and before == ">", (here, before)
        # A question: at its start.
        _press(session, "q")
        here, _ = _at_cursor(session, "Leave the game?")
        assert here.startswith("Leave the game?"), here
        _press(session, "n")
        here, _ = _at_cursor(session, "1:2C")
        assert here.startswith("1:2C"), here
        # A text to read (the keys): at its first line.
        _press(session, "?")
        here, _ = _at_cursor(session, "Choosing a move")
        assert here.startswith("Choosing a move"), here
        _press(session, "Escape")
        _press(session, "C-q")
        assert _ends(session)
    finally:
        if not _ends(session, 0.1):
            _tmux("kill-session", "-t", session)


def test_the_cursor_follows_the_focus_on_the_big_table_too(tmp_path: Path) -> None:
    """At 120 x 40 the piles and the hand are drawn as cards: the cursor is on the focused pile's
    focus mark above its card, and on the key above the chosen card of the hand."""
    session = f"kc-e2e-cursor-big-{tmp_path.name}"
    _tmux("new-session", "-d", "-s", session, "-x", "120", "-y", "40",
          f"{_command()} play --players you,medium --seed 4 --pace 0 --ascii")
    try:
        screen = _until_my_turn(session)
        assert "Your turn" in screen and "TARGET" not in screen, screen

        def card_under_key() -> str:
            """The card drawn under the key the cursor is on (the hand's cards: key line, frame,
            then the card's rank and suit)."""
            x, y = _cursor(session)
            return _tmux("capture-pane", "-p", "-t", session).splitlines()[y + 2][x:x + 2]

        here, before = _at_cursor(session, "1 ")
        assert here.startswith("1 ") and before == ">" and card_under_key() == "2C", (here, before)
        _press(session, "Up")
        here, before = _at_cursor(session, ">S ")
        assert here.startswith(">S ("), (here, before)
        _press(session, "Left")
        here, before = _at_cursor(session, ">SW ")
        assert here.startswith(">SW "), (here, before)
        # Picking the King (8) focuses its first target, which says so in words.
        _press(session, "8")
        here, before = _at_cursor(session, ">NE* TARGET")
        assert here.startswith(">NE* TARGET"), (here, before)
        assert "HELD" in _tmux("capture-pane", "-p", "-t", session)  # under the raised King
        _press(session, "Escape")
        here, before = _at_cursor(session, ">NE ")
        assert here.startswith(">NE "), (here, before)
        for expected in (">E ", ">SE ", "8 "):  # down the right column, then the hand
            _press(session, "Down")
            here, before = _at_cursor(session, expected)
            assert here.startswith(expected), (here, before)
        assert before == ">" and card_under_key() == "KH", (here, before)
        _press(session, "Left")
        here, before = _at_cursor(session, "7 ")
        assert before == ">" and card_under_key() == "KC", (here, before)
        # Dropping the King on NE: the cursor stays on the pile played on, now a card.
        _press(session, "8")
        _at_cursor(session, ">NE* TARGET")
        _press(session, "Enter")
        here, before = _at_cursor(session, ">NE (1)")
        assert here.startswith(">NE (1)"), here
        _press(session, "C-q")
        assert _ends(session)
    finally:
        if not _ends(session, 0.1):
            _tmux("kill-session", "-t", session)
