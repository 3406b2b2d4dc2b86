"""The line mode at this terminal: its lines broken between words, as the served line mode's
are, and a pasted line too long to be a command refused unread."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from kc_tui.line import line_out


class Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_line_wider_than_the_terminal_is_broken_between_words(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("shutil.get_terminal_size", lambda *_: os.terminal_size((20, 24)))
    stream = Tty()
    out = line_out(stream)
    print("Ada plays the seven of hearts on North.", file=out)
    print("Your hand: 1, ace of spades.", file=out, flush=True)
    lines = stream.getvalue().split("\n")
    assert lines == ["Ada plays the seven", "of hearts on North.", "Your hand: 1, ace of", "spades.", ""], lines


def test_text_after_a_prompt_left_open_is_fitted_from_where_it_stands(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("shutil.get_terminal_size", lambda *_: os.terminal_size((20, 24)))
    stream = Tty()
    out = line_out(stream)
    out.write("Ada> ")  # what was typed went to the terminal, not here
    out.write("moved onto the North pile\n")
    assert stream.getvalue() == "Ada> moved onto the\nNorth pile\n"


def test_the_bell_takes_no_column(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("shutil.get_terminal_size", lambda *_: os.terminal_size((20, 24)))
    stream = Tty()
    out = line_out(stream)
    out.write("\a")  # the line mode's bell, as a turn starts
    out.write("Ada plays the seven\n")
    assert stream.getvalue() == "\aAda plays the seven\n"


def test_a_question_wider_than_the_terminal_is_broken_between_words(monkeypatch: pytest.MonkeyPatch,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    """A play test at 80 columns: the question asked when leaving with moves made read "...the
    moves of t" / "his turn are not kept": a question is read as the prompt of its answer,
    which the terminal cut where it reached the edge."""
    from kc_tui.line.shell import fitted_prompt

    question = ("Leave the game? It is saved as it stood when the last turn ended; the moves of this turn "
                "are not kept. Type y to leave, n to go on: ")
    monkeypatch.setattr("shutil.get_terminal_size", lambda *_: os.terminal_size((80, 24)))
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    last = fitted_prompt(question)
    shown = capsys.readouterr().out + last
    assert shown.split("\n") == [
        "Leave the game? It is saved as it stood when the last turn ended; the moves of",
        "this turn are not kept. Type y to leave, n to go on: "]
    monkeypatch.setattr(sys.stdout, "isatty", lambda: False)
    assert fitted_prompt(question) == question and capsys.readouterr().out == ""  # piped: as it is


def test_output_that_is_no_terminal_is_passed_on_as_it_is() -> None:
    stream = io.StringIO()
    assert line_out(stream) is stream


@pytest.mark.parametrize("game", ["kings-corner", "kings-reverse"])
def test_a_line_longer_than_a_thousand_characters_is_refused_unread(tmp_path: Path, game: str) -> None:
    """A pasted line of 100,000 words was read word by word, a third of a second a line."""
    env = dict(os.environ, KC_TUI_DATA_DIR=str(tmp_path / "data"), KC_TUI_CONFIG_DIR=str(tmp_path / "config"))
    done = subprocess.run(
        [sys.executable, "-m", "kc_tui", "--game", game, "play", "--plain", "--players", "you,medium",
         "--seed", "1"], input=("7h n " * 100_000).encode() + b"\nquit\n", capture_output=True,
        env=env, timeout=120)
    said = done.stdout.decode()
    assert "That line is longer than 1000 characters; nothing was done." in said, said[-500:]
    assert "7h n 7h n" not in said and done.stderr == b"", done.stderr[-500:]


def test_the_way_back_said_as_the_game_is_left_is_broken_between_words_too(tmp_path: Path) -> None:
    """A play test at 80 columns read "... kings-corner resume --plain g" / "oes on with it."."""
    import fcntl
    import pty
    import struct
    import termios

    env = dict(os.environ, KC_TUI_DATA_DIR=str(tmp_path / "data"), KC_TUI_CONFIG_DIR=str(tmp_path / "config"))
    main, side = pty.openpty()
    fcntl.ioctl(side, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    process = subprocess.Popen([sys.executable, "-m", "kc_tui", "play", "--plain", "--players", "you,medium",
                                "--seed", "3"], stdin=side, stdout=side, stderr=side, env=env)
    os.close(side)
    os.write(main, b"quit\n")
    said = b""
    try:
        while chunk := os.read(main, 4096):
            said += chunk
    except OSError:  # (the terminal's end once the game has ended)
        pass
    finally:
        os.close(main)
    assert process.wait(timeout=60) == 0
    text = said.decode().replace("\r\n", "\n")
    assert "goes on with it." in " ".join(text.split())
    lines = text[text.index("The game is saved"):].split("\n")
    assert all(len(line) <= 80 for line in lines), lines
    assert " ".join(line.strip() for line in lines).strip().endswith(
        "kings-corner resume --plain goes on with it."), lines
