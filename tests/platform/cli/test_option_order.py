"""The command's options are the same before or after its name, for every game (issue 28 item 1:
``kings-corner --ascii play`` drew glyphs, and ``--game kings-reverse play --ascii`` was
refused); one before a command that does not take it is refused, naming the command."""

from __future__ import annotations

import argparse

import pytest

from kc_tui.cli import build_parser, run_commands
from kc_tui.games import GAMES

LOOKS = [
    (["--ascii"], "ascii", True),
    (["--no-ascii"], "ascii", False),
    (["--theme", "ansi"], "theme", "ansi"),
    (["--theme=light"], "theme", "light"),
    (["--pace", "0"], "pace", 0.0),
    (["--notation", "short"], "notation", "short"),
    (["--seed", "5"], "seed", 5),
    (["--plain"], "plain", True),
]


def _parsed(game: str, argv: list[str], command: str = "play") -> argparse.Namespace:
    """What ``command`` is run with for ``argv`` (the command itself is not run)."""
    parser = build_parser(game)
    seen: list[argparse.Namespace] = []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            action.choices[command].set_defaults(func=lambda args: seen.append(args) or 0)
    assert run_commands(parser, argv) == 0
    return seen[0]


@pytest.mark.parametrize("game", list(GAMES))
def test_an_option_of_play_counts_before_the_command_as_after_it(game: str) -> None:
    for given, name, value in LOOKS:
        assert getattr(_parsed(game, [*given, "play"]), name) == value, given
        assert getattr(_parsed(game, ["play", *given]), name) == value, given


@pytest.mark.parametrize("game", list(GAMES))
def test_resume_takes_the_look_options_before_it_too(game: str) -> None:
    args = _parsed(game, ["--ascii", "--theme", "ansi", "resume", "--plain"], "resume")
    assert (args.ascii, args.theme, args.plain) == (True, "ansi", True)


def test_an_option_the_command_does_not_take_is_refused_by_name(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        run_commands(build_parser(), ["--ascii", "rules"])
    assert "--ascii is not an option of rules" in capsys.readouterr().err
