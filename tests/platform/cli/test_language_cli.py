"""The command line in the player's language (issue 27): ``--lang`` before or after the command
(a game's own command line never sees it), refused when unknown; else the setting, else the
environment; argparse's own words translated."""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Iterator

import pytest

from kc_tui.cli import build_parser, main
from kc_tui.cli.common import end_language, language_fixed, start_language, take_language
from kc_tui.cli.play import line_options
from kc_tui.cli.web import _look_options
from kc_tui.core.i18n import language
from kc_tui.storage import Settings, save_settings


@pytest.fixture(autouse=True)
def _lang_for_the_test_only() -> Iterator[None]:
    yield
    end_language()


@pytest.mark.parametrize("argv, said", [
    (["--lang", "es", "saves"], "No hay partidas guardadas"),
    (["saves", "--lang", "fr"], "Aucune partie sauvegardée"),
    (["--game", "kings-reverse", "saves", "--lang=es"], "No hay partidas guardadas de Kings Reverse"),
    (["saves", "--lang", "es", "--game", "kings-reverse"], "No hay partidas guardadas de Kings Reverse"),
])
def test_lang_is_taken_before_or_after_the_command(argv: list[str], said: str,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 0
    assert said in capsys.readouterr().out
    assert language_fixed() is None  # for the run only


def test_an_unknown_language_is_refused_naming_the_languages(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["--lang", "de", "saves"], ["saves", "--lang"]):
        with pytest.raises(SystemExit) as stop:
            main(argv)
        assert stop.value.code == 2
        assert "en (English), es (Español), fr (Français)" in capsys.readouterr().err


def test_argparse_says_its_own_words_in_the_language(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["play", "--lang", "fr", "--help"])
    help_text = capsys.readouterr().out
    assert help_text.startswith("utilisation\u00a0: kings-corner play")
    assert "affiche cette aide et quitte" in help_text and "la langue du jeu" in help_text
    # argparse puts the colon after a heading itself: French spaces it off, as its own words do.
    assert "\noptions\u00a0:\n" in help_text
    with pytest.raises(SystemExit):
        main(["--lang", "fr", "--game", "kings-reverse", "--help"])
    help_text = capsys.readouterr().out
    assert "\narguments positionnels\u00a0:\n" in help_text and "\noptions\u00a0:\n" in help_text
    assert "Sans commande, distribue une partie rapide" in help_text
    with pytest.raises(SystemExit):
        main(["--lang", "es", "stats", "--bogus"])
    assert "kings-corner: error: argumentos no reconocidos: --bogus" in capsys.readouterr().err


def test_the_help_s_lists_punctuate_as_the_language_does(capsys: pytest.CaptureFixture[str]) -> None:
    """A French play test read "default: le thème sombre ...; light: ..." in the help of
    --theme: an English colon and semicolon, joined in the code. The lists and their labels
    are punctuated through the catalogs (French: a no-break space before ":" and ";")."""
    import re

    with pytest.raises(SystemExit):
        main(["--lang", "fr", "--help"])
    flat = re.sub(r"\s*\n\s*", " ", capsys.readouterr().out)
    assert "default\u00a0: le thème sombre" in flat and "\u00a0; light\u00a0: texte sombre" in flat
    assert "kings-corner (Les rois dans les coins)\u00a0; kings-reverse" in flat
    assert not re.search(r"\w[:;] ", flat.replace("\u00a0", "#")), re.findall(r".{20}\w[:;] .{20}", flat)
    with pytest.raises(SystemExit):
        main(["--help"])
    english = re.sub(r"\s*\n\s*", " ", capsys.readouterr().out)
    assert "default: the dark default" in english and "; light: dark text" in english


def test_tournament_and_simulate_write_numbers_as_the_language_does(capsys: pytest.CaptureFixture[str]) -> None:
    """A French play test read "easy 32.0%", "66.7%" and "décompte classic" in the output of
    tournament and simulate. Their numbers take the language's decimal mark and spacing, and the
    scoring its name."""
    assert main(["--lang", "fr", "tournament", "--players", "easy,beginner", "--rounds", "20", "--seed", "1"]) == 0
    said = capsys.readouterr().out
    assert "décompte classique, graine 1, " in said and re.search(r" \d+,\d\u00a0%", said), said
    assert not re.search(r"\d\.\d|\d%", said), said
    assert re.search(r"\d,\d\d\u00a0; \d,\d\d", said)  # the decision times, median and p99
    assert main(["--lang", "fr", "simulate", "--rounds", "3", "--seed", "1"]) == 0
    said = capsys.readouterr().out
    assert "tours par manche en moyenne\u00a0: " in said and "%" in said and not re.search(r"\d\.\d|\d%", said)
    assert main(["tournament", "--players", "easy,beginner", "--rounds", "20", "--seed", "1"]) == 0
    assert re.search(r" \d+\.\d% +\d+\.\d%-\d+\.\d%", capsys.readouterr().out)  # English as before


def test_the_setting_speaks_unless_lang_is_given() -> None:
    save_settings(Settings(language="fr"))
    assert start_language(None, env={"LANG": "es_ES.UTF-8"}) == "fr" and language_fixed() is None
    assert start_language("es", env={}) == "es" and language_fixed() == "es" and language() == "es"
    assert take_language(["--lang=fr", "play", "--", "--lang", "x"]) == ("fr", ["play", "--", "--lang", "x"])


def test_the_environment_picks_the_language_of_a_program_started_without_lang(tmp_path: Path) -> None:
    env = {**os.environ, "LANG": "fr_FR.UTF-8"}
    done = subprocess.run([sys.executable, "-m", "kc_tui", "--help"], capture_output=True, text=True,
                          env=env, check=False)
    assert done.returncode == 0
    assert done.stdout.startswith("utilisation\u00a0: kings-corner") and "affiche cette aide et quitte" in done.stdout


def test_notation_reaches_the_line_modes_options() -> None:
    for game, command in (("kings-corner", "play"), ("kings-reverse", "resume")):
        parser = build_parser(game)
        assert line_options(parser.parse_args([command, "--notation", "short"])).notation == "short"
        assert line_options(parser.parse_args([command])).notation == "words"


def test_a_browser_tab_speaks_the_language_lang_fixed_for_web() -> None:
    args = build_parser().parse_args(["web", "--ascii"])
    start_language("fr", env={})
    assert _look_options(args) == ["--lang", "fr", "--ascii"]
    end_language()
    assert _look_options(args) == ["--ascii"]



@pytest.mark.parametrize("lang", ["en", "es", "fr"])
@pytest.mark.parametrize("game", ["kings-corner", "kings-reverse"])
def test_no_help_shows_a_doubled_percent_sign(game: str, lang: str, capsys: pytest.CaptureFixture[str]) -> None:
    """argparse formats a help with % but prints a description as it is: a "95%%" written for
    the one showed in the other (issue 28, item 21)."""
    for command in ("tournament", "simulate", "play"):
        with pytest.raises(SystemExit):
            main(["--lang", lang, "--game", game, command, "--help"])
        said = capsys.readouterr().out
        assert said and "%%" not in said, said


@pytest.mark.parametrize("game", ["kings-corner", "kings-reverse"])
def test_the_rule_option_s_help_names_every_option_and_the_game_as_it_is(
        game: str, capsys: pytest.CaptureFixture[str]) -> None:
    """``--rule`` named no option in the first game (the second's named them), and play's
    description called the full-screen table "an early version"."""
    from kc_tui.games import GAMES

    options = GAMES[game].part("line").rule_options()
    with pytest.raises(SystemExit):
        main(["--game", game, "play", "--help"])
    said = " ".join(capsys.readouterr().out.split())
    assert all(name in said.split("--rule", 2)[-1] for name, _note in options)
    assert "early version" not in said


@pytest.mark.parametrize("game", ["kings-corner", "kings-reverse"])
def test_every_command_says_what_it_does_and_every_option_has_its_help(game: str) -> None:
    """rules --help and demo --help said nothing of what they do, and demo's --seed had no help."""
    import argparse

    parser = build_parser(game)
    [commands] = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    for name, command in commands.choices.items():
        assert command.description, f"{name} has no description"
        for option in command._actions:
            assert option.help, f"{name} {option.option_strings} has no help"


def _option_values(parser: argparse.ArgumentParser, path: str = "") -> Iterator[tuple[str, str]]:
    """Each option that takes a value, with the name the help gives its value, in every command."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, command in action.choices.items():
                yield from _option_values(command, f"{path} {name}")
        elif action.option_strings and action.nargs != 0 and not action.choices:
            metavar = action.metavar if isinstance(action.metavar, str) else action.dest.upper()
            yield f"{path} {action.option_strings[-1]}", metavar


@pytest.mark.parametrize("lang", ["es", "fr"])
def test_the_help_names_the_options_values_in_the_language(lang: str) -> None:
    """A Spanish play test read `--pace SEGUNDOS` beside `--think SECONDS` and `--seed SEED`."""
    english = {"DIR", "FILE", "SEATS", "SECONDS", "SEED", "KEY=VALUE", "NAME=VALUE", "HOST", "DAYS",
               "NAME", "ROUNDS", "JOBS"}
    start_language(lang)
    try:
        names = {where: metavar for game in ("kings-corner", "kings-reverse")
                 for where, metavar in _option_values(build_parser(game), game)}
    finally:
        end_language()
    assert len(names) > 60
    assert {where: metavar for where, metavar in names.items() if metavar in english} == {}
    assert names["kings-corner play --seed"] == {"es": "SEMILLA", "fr": "GRAINE"}[lang]
    assert names["kings-reverse tournament --rounds"] == "N"


@pytest.mark.parametrize("argv, said", [
    (["--lang", "es", "tournament", "--players", "easy,medium", "--rounds", "2"], ", reglas estándar, "),
    (["--lang", "fr", "simulate", "--rounds", "1"], ", règles standard, "),
    (["--lang", "es", "--game", "kings-reverse", "tournament", "--players", "easy,medium", "--rounds", "2"],
     ", reglas estándar, "),
    (["--lang", "es", "--game", "kings-reverse", "simulate", "--rounds", "1"], ", reglas estándar, "),
])
def test_the_preset_is_named_in_the_language(argv: list[str], said: str,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    """A Spanish play test read "reglas standard" at the head of tournament and simulate."""
    assert main(argv) == 0
    assert said in capsys.readouterr().out.splitlines()[0]


def test_a_saved_game_s_rules_name_the_preset_in_the_language() -> None:
    """The saves' list and the lobby said "standard" in Spanish (a play test)."""
    from kc_tui.core.i18n import speaking
    from kc_tui.games.kings_corner.engine.rules import build_rules, rules_label

    with speaking("es"):
        assert rules_label(build_rules(2)) == "estándar"
        assert rules_label(build_rules(2, "standard", {"target": 50})) == "estándar, target 50"
    assert rules_label(build_rules(2)) == "standard"


def test_a_seat_refused_names_the_person_s_seat_as_the_help_does(capsys: pytest.CaptureFixture[str]) -> None:
    """The help said "human:NOMBRE" and the refusal "human:NAME" (a Spanish play test)."""
    with pytest.raises(SystemExit):
        main(["--lang", "es", "play", "--players", "you,bogus"])
    refused = capsys.readouterr().err
    assert "elige entre you, human:NOMBRE, beginner" in refused and "human:NAME" not in refused
