"""The command prompt (docs/protocol.md section 3) and the line mode that plays through it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from referee import check_file

from kc_tui.core.cards import Card
from kc_tui.games.kings_corner.engine.board import Pile
from kc_tui.games.kings_corner.engine.commands import CommandError, Verb, parse_command
from kc_tui.games.kings_corner.engine.moves import MovePile, PlayCard

HAND = (Card.parse("3C"), Card.parse("7H"), Card.parse("KD"))


@pytest.mark.parametrize(
    ("text", "command"),
    [
        ("7h n", PlayCard(Card.parse("7H"), Pile.N)),
        ("7H on N", PlayCard(Card.parse("7H"), Pile.N)),
        ("10h > w", PlayCard(Card.parse("TH"), Pile.W)),
        ("th>w", PlayCard(Card.parse("TH"), Pile.W)),
        ("kd ne", PlayCard(Card.parse("KD"), Pile.NE)),
        ("KD onto NE", PlayCard(Card.parse("KD"), Pile.NE)),
        ("e n", MovePile(Pile.E, Pile.N)),
        ("E to N", MovePile(Pile.E, Pile.N)),
        ("2 s", PlayCard(Card.parse("7H"), Pile.S)),
        ("end", Verb("end")), ("end!", Verb("end", sure=True)), ("END  yes", Verb("end", sure=True)),
        ("HINT", Verb("hint")), ("undo", Verb("undo")),
        ("help", Verb("help")), ("quit", Verb("quit")),
    ],
)
def test_commands_parse(text: str, command) -> None:
    assert parse_command(text, HAND) == command


@pytest.mark.parametrize(
    ("text", "sentence"),
    [
        ("", "Type a move such as 7H N, or help for the commands."),
        ("   ", "Type a move such as 7H N, or help for the commands."),
        ("dance", "'dance' is not a command: write a card and a pile (7H N), two piles (E N), or end, undo, hint, help, quit."),
        ("e", "Move pile E onto which pile? Type the pile, for example N."),
        ("7h", "Play 7H on which pile? Type the pile, for example N."),  # not "no command"
        ("7d", "You do not hold 7D."),  # not "on which pile?" first
        ("10h", "You do not hold TH."),
        ("2", f"Play {HAND[1]} on which pile? Type the pile, for example N."),
        ("7h n s", "Too many words in '7h n s': write a card and a pile (7H N) or two piles (E N)."),
        ("undo all", "'undo' is typed alone, with nothing after it."),  # not "'undo' is not a card"
        ("7h x", "'x' is not a pile: the piles are N E S W (edges) and NE SE SW NW (corners)."),
        ("1x n", "'1x' is not a card: write the rank (A 2-9 T J Q K, or 10) then the suit (C D H S), for example 7H or KS."),
        ("9 n", "There is no card 9 in your hand: it holds 3 cards."),
        ("xyzzy plugh", "'xyzzy' is not a card: write the rank (A 2-9 T J Q K, or 10) then the suit (C D H S), "
                        "for example 7H or KS."),  # the first word wrong, not only the second
    ],
)
def test_bad_commands_are_explained(text: str, sentence: str) -> None:
    with pytest.raises(CommandError) as info:
        parse_command(text, HAND)
    assert str(info.value) == sentence


def play(stdin: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "kc_tui", "play", "--plain", *args],
        input=stdin, capture_output=True, text=True, check=False, timeout=120,
    )


def test_line_mode_shows_the_table_and_refuses_with_the_engines_sentence() -> None:
    result = play("zz n\n7h q\nundo\nhint\nhelp\n", "--seed", "3", "--players", "you,medium",
                  "--verbosity", "full")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "Round 1, your turn. Stock: 32 cards." in out
    # Said in words by default (the short notation: test_line_listening's short test).
    assert "North: the four of hearts, the three of clubs; 2 cards." in out
    assert "\nSouth-east: empty, only a King may start it." in out  # a line starts with a capital
    assert ("\nYour hand: 1, six of spades; 2, seven of diamonds; 3, eight of hearts; "
            "4, nine of hearts; 5, nine of spades; 6, queen of hearts; 7, queen of spades; "
            "8, king of spades.\n") in out
    assert "'zz' is not a card" in out
    assert "There is nothing to undo this turn." in out
    assert "Play the king of spades on the south-east corner" in out and "that sheds 7 cards." in out
    assert "Commands: 7H N plays" in out
    assert out.rstrip().endswith("Input ended; the game stops here.\nThe game is saved as it stood after the "
                                 "last turn; kings-corner resume --plain goes on with it.")


def test_the_way_back_to_a_game_left_names_the_language_it_was_played_in() -> None:
    """A play test's Spanish game was told "kings-corner resume --plain la continúa", which then
    resumed in English (the terminal's language)."""
    result = play("salir\n", "--seed", "3", "--players", "you,medium", "--lang", "es")
    assert result.returncode == 0, result.stderr
    assert result.stdout.rstrip().endswith("kings-corner --lang es resume --plain la continúa.")


def test_line_mode_plays_moves_and_illegal_moves_change_nothing() -> None:
    result = play("6s n\nks se\ns se\nundo\nend!\nquit\n", "--seed", "3", "--players", "you,medium")
    out = result.stdout
    assert ("The six of spades does not fit on North: North shows the three of clubs; "
            "it needs a red two.") in out
    assert "You play the king of spades on the south-east corner. You have 7 cards." in out
    assert "You move the South pile onto the south-east corner." in out
    assert "You take back the last move." in out
    assert "You end the turn." in out
    assert "You left the game." in out


def test_line_mode_plays_a_whole_session_and_writes_a_valid_transcript(tmp_path: Path) -> None:
    """Someone who only ever types `hint`-free `end` still reaches the session's end: the
    computer seats finish rounds, and the transcript passes the independent referee."""
    transcript = tmp_path / "game.jsonl"
    result = play("end!\n" * 400 + "\n" * 20, "--seed", "5", "--players", "you,medium",
                  "--transcript", str(transcript))
    assert result.returncode == 0, result.stderr
    assert "The session is over. Ada wins." in result.stdout
    summary = check_file(transcript)
    assert summary["session_ended"]
    first = json.loads(transcript.read_text().splitlines()[0])
    assert first["players"][0] == {"name": "You", "kind": "human"}


def test_hot_seat_passes_the_keyboard_between_people() -> None:
    result = play("\nend!\n\nend!\n", "--seed", "2", "--players", "human:Ada,human:Ben",
                  "--verbosity", "full")
    out = result.stdout
    assert out.count("Pass the keyboard to") == 3  # Ben, Ada, Ben again when input ends
    assert "Your hand (Ada)" in out and "Your hand (Ben)" in out
    # Nobody at a shared screen learns another person's draw.
    assert "Ben draws a card." in out and "Ada draws a card." in out


def test_line_mode_never_shows_a_computer_players_draw() -> None:
    out = play("end!\n" * 5, "--seed", "3", "--players", "you,medium", "--verbosity", "full").stdout
    assert "Ada draws a card." in out
    assert "Ada draws the" not in out and "You draw the seven of diamonds." in out


def test_line_mode_refuses_bad_seats() -> None:
    result = play("", "--players", "you,oracle")
    assert result.returncode == 2
    assert "unknown player 'oracle' (choose from you, human:NAME, beginner, easy, medium, hard, expert" in result.stderr
