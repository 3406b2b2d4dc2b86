"""The kings-corner command line: simulate, rules, demo, and argparse-style errors."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from kc_tui.cli import main
from kc_tui.core.arguments import seed_number
from kc_tui.games.kings_corner.cli import preset_table
from kc_tui.games.kings_corner.engine.rules import PRESETS


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "kc_tui", *args], capture_output=True, text=True, check=False)


@pytest.mark.parametrize("game", [[], ["--game", "kings-reverse"]])
def test_a_simulation_without_a_seed_says_the_one_it_chose_and_it_repeats_the_run(
        game: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """It printed "seed None", which repeats nothing."""
    assert main([*game, "simulate", "--players", "medium,easy", "--rounds", "6", "--json"]) == 0
    first = json.loads(capsys.readouterr().out)
    assert isinstance(first["seed"], int)
    assert main([*game, "simulate", "--players", "medium,easy", "--rounds", "6", "--seed", str(first["seed"]),
                 "--json"]) == 0
    again = json.loads(capsys.readouterr().out)
    assert again["wins"] == first["wins"] and again["seed"] == first["seed"]


def test_simulate_json_summary(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--players", "medium,medium,easy", "--rounds", "60", "--seed", "1", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["rounds"] == 60
    assert len(summary["wins"]) == 3
    # A shared win counts for each winner, so wins add up to at least the rounds played.
    assert sum(summary["wins"]) >= 60
    assert summary["blocked"] <= 60
    assert summary["mean_turns"] > 1
    assert summary["rounds_per_second"] > 0


def test_simulate_is_reproducible_and_writes_one_transcript_per_session(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for d in ("a", "b"):
        assert main(["simulate", "--players", "medium,easy", "--rounds", "20", "--seed", "9",
                     "--preset", "boxed", "--transcript-dir", str(tmp_path / d), "--json"]) == 0
    summary = json.loads(capsys.readouterr().out.splitlines()[0])
    a = sorted((tmp_path / "a").iterdir())
    b = sorted((tmp_path / "b").iterdir())
    assert [p.name for p in a] == [p.name for p in b]
    assert len(a) == summary["sessions"]
    assert all(x.read_bytes() == y.read_bytes() for x, y in zip(a, b))
    first = json.loads(a[0].read_text().splitlines()[0])
    assert first["event"] == "session_start" and first["rules"]["scoring"] == "chips"


def test_simulate_text_summary_lists_each_seat() -> None:
    result = run("simulate", "--players", "medium,easy", "--rounds", "30", "--seed", "2")
    assert result.returncode == 0
    assert "30 rounds" in result.stdout
    assert "Ada (medium)" in result.stdout and "Ben (easy)" in result.stdout
    assert "blocked rounds" in result.stdout and "rounds per second" in result.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["simulate", "--players", "medium,wizard"], "unknown player 'wizard' (choose from beginner, easy, medium"),
        (["simulate", "--players", "medium"], "give 2 to 6 players"),
        (["simulate", "--preset", "turbo"], "invalid choice: 'turbo'"),
        (["simulate", "--rule", "target"], "a rule is written KEY=VALUE"),
        (["simulate", "--rule", "colour=red"], "unknown rule option 'colour'; the options are hand_size, draw"),
        (["simulate", "--rule", "draw=later"], "draw must be one of start, end, none"),
        (["simulate", "--rule", "royal_kings=maybe"], "royal_kings must be true or false"),
        (["simulate", "--rounds", "0"], "expected at least 1"),
        (["simulate", "--players", "medium,medium,medium,medium", "--preset", "no-draw"],
         "4 players x 13 cards + 4 edge cards needs 56 cards; a deck has 52"),
        (["rules", "--rule", "target=0"], "target must be from 1 to 100000"),
    ],
)
def test_bad_arguments_get_usage_errors(args: list[str], message: str) -> None:
    result = run(*args)
    assert result.returncode == 2
    assert "usage: kings-corner" in result.stderr
    assert message in result.stderr
    assert "Traceback" not in result.stderr


def test_rules_in_plain_words_follow_the_preset() -> None:
    boxed = run("rules", "--preset", "boxed").stdout
    assert "chips" in boxed and "100 points" in boxed and "when you end your turn" in boxed
    royal = run("rules", "--preset", "royal").stdout
    assert "extra turn" in royal and "extra turn" not in boxed
    mandatory = run("rules", "--preset", "mandatory").stdout
    assert "Kings are mandatory" in mandatory and "goes straight to an empty corner" in mandatory


def test_demo_narrates_a_round_in_sentences() -> None:
    result = run("demo", "--seed", "3")
    assert result.returncode == 0
    lines = result.stdout.splitlines()
    assert lines[0] == "A new session: Ada (medium), Ben (medium), Cleo (medium) and Dev (medium)."
    assert any(" plays the " in line and " on " in line for line in lines)
    assert any(line.startswith("Round 1 over:") for line in lines)
    # The deal in words, as every other line says its cards (it said "N 4C, E QH" among them).
    deal = next(line for line in lines if line.startswith("Round 1."))
    assert " The edges show North, the " in deal and not re.search(r"\b[NESW] [2-9TJQKA][CDHS]\b", deal)


def test_the_demo_names_the_command_that_deals_its_round_again(capsys: pytest.CaptureFixture[str]) -> None:
    """It named ``demo --seed N`` alone, which seats four medium players under the standard
    rules: another round."""
    import shlex

    assert main(["demo", "--seed", "5", "--players", "medium,hard", "--preset", "classic-deal",
                 "--rule", "mandatory_kings=on"]) == 0
    first = capsys.readouterr().out
    again = first.splitlines()[-1].split("`")[1]
    assert again == ("kings-corner demo --players medium,hard --preset classic-deal "
                     "--rule mandatory_kings=on --seed 5")
    assert main(shlex.split(again)[1:]) == 0
    assert capsys.readouterr().out == first


def test_bare_command_without_a_terminal_plays_in_the_line_mode() -> None:
    result = run()  # stdin is not a terminal here: no title screen, the line mode instead
    assert result.returncode == 0
    assert result.stdout.startswith("No terminal for the full-screen game here")
    assert "A new session: You, Ada (hard), Ben (hard) and Cleo (hard)." in result.stdout


def test_the_command_line_page_lists_every_preset() -> None:
    page = (Path(__file__).resolve().parents[3] / "docs" / "command-line.md").read_text()
    assert preset_table() in page
    for name in PRESETS:
        assert f"`{name}`" in page


@pytest.mark.parametrize("game, head", [([], ""), (["--game", "kings-reverse"], "Kings Reverse: ")])
def test_simulate_counts_its_rounds_and_sessions_in_words_that_agree(
        game: list[str], head: str, capsys: pytest.CaptureFixture[str]) -> None:
    """It said "3 rounds in 1 sessions"."""
    assert main(["simulate", *game, "--players", "medium,easy", "--rounds", "1", "--seed", "3"]) == 0
    assert capsys.readouterr().out.startswith(f"{head}1 round in 1 session, preset standard, seed 3\n")


@pytest.mark.parametrize("game, preset, option, title", [
    ([], "boxed", "scoring=classic", "Kings in the Corner - preset boxed"),
    (["--game", "kings-reverse"], "standard", "jokers=off", "Kings Reverse (preset standard"),
])
def test_rules_say_when_an_option_changes_the_preset(game: list[str], preset: str, option: str, title: str,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    """rules --rule jokers=off began "(preset standard: every default: 10 cards, jokers, ...)"."""
    assert main([*game, "rules", "--preset", preset]) == 0
    assert capsys.readouterr().out.splitlines()[0].startswith(title + (":" if game else ""))
    assert main([*game, "rules", "--preset", preset, "--rule", option]) == 0
    assert capsys.readouterr().out.splitlines()[0] == title + (", changed)" if game else ", changed")
    # An option set as the preset has it changes nothing.
    same = {"boxed": "scoring=chips", "standard": "jokers=on"}[preset]
    assert main([*game, "rules", "--preset", preset, "--rule", same]) == 0
    assert "changed" not in capsys.readouterr().out.splitlines()[0]


def test_a_sessions_rules_screen_says_its_preset_changed_as_the_command_does() -> None:
    """The change is told where the rules are described, so the table's rules screen (which
    names the session's preset) says it too."""
    from kc_tui.games.kings_corner.engine.describe import describe_rules
    from kc_tui.games.kings_corner.engine.rules import build_rules
    from kc_tui.games.kings_reverse.engine.describe import describe_rules as reverse_rules
    from kc_tui.games.kings_reverse.engine.rules import build_rules as reverse_build

    assert describe_rules(build_rules(4, "standard", {"hand_size": 5}), "standard").startswith(
        "Kings in the Corner - preset standard, changed\n")
    assert describe_rules(build_rules(4), "standard").startswith("Kings in the Corner - preset standard\n")
    assert reverse_rules(reverse_build(4, "standard", jokers=False), "standard").startswith(
        "Kings Reverse (preset standard, changed)\n")


def test_the_rules_name_their_preset_in_the_language(in_language) -> None:  # noqa: ANN001
    """A play test in Spanish read "Reyes en las esquinas - variante standard" above the rules,
    where the new-game form had said "estándar"."""
    from kc_tui.games.kings_corner.engine.describe import describe_rules
    from kc_tui.games.kings_corner.engine.rules import build_rules
    from kc_tui.games.kings_reverse.engine.describe import describe_rules as reverse_rules
    from kc_tui.games.kings_reverse.engine.rules import build_rules as reverse_build

    in_language("es")
    assert describe_rules(build_rules(4), "standard").startswith("Reyes en las esquinas — variante estándar\n")
    assert reverse_rules(reverse_build(4, "quick", jokers=False), "quick").startswith(
        "Kings Reverse (variante rápida, con cambios)\n")



@pytest.mark.parametrize("game", [[], ["--game", "kings-reverse"]])
@pytest.mark.parametrize(("seed", "said"), [
    ("9" * 5000, "the seed '99999999999999999999'... is too large: a seed is a whole number from "
                 "-999999999999999999 to 999999999999999999"),
    ("1" + "0" * 18, "the seed '1000000000000000000' is too large: a seed is a whole number from "),
    ("-" + "9" * 5000, "the seed '-9999999999999999999'... is too small: a seed is a whole number from "),
    ("nine", "a seed is a whole number, got 'nine'"),
], ids=["5000 nines", "10 to the 18", "minus 5000 nines", "a word"])
def test_a_seed_out_of_range_is_refused_with_the_range(game: list[str], seed: str, said: str,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    """A seed of 5000 nines was refused as "a seed is a whole number" (Python reads at most 4300
    digits): it is one, too large; the range is the new-game form's, whose field holds 18."""
    with pytest.raises(SystemExit) as stop:
        main([*game, "play", "--plain", "--players", "you,easy", f"--seed={seed}"])
    assert stop.value.code == 2
    assert said in capsys.readouterr().err


def test_the_largest_and_smallest_seeds_are_taken() -> None:
    assert seed_number("999999999999999999") == 10**18 - 1
    assert seed_number("-999999999999999999") == -(10**18 - 1)
    assert seed_number(" 42 ") == 42
