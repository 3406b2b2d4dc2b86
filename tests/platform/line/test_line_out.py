"""The line mode at this terminal breaks its lines between words, as the served line mode does."""

from __future__ import annotations

import io
import os

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


def test_output_that_is_no_terminal_is_passed_on_as_it_is() -> None:
    stream = io.StringIO()
    assert line_out(stream) is stream
