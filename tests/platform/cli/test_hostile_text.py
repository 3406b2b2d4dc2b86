"""Text from outside the program (a save, a transcript, a bot, the command line, a settings
file) never reaches the terminal as bytes it would obey, and no such file ends the program:
names are shown with their control characters made visible, files that cannot be written or
read are reported in a sentence, and only regular files are read, never more than a bound."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from screen_fixtures import finished_session

from kc_tui.cli import main
from kc_tui.core.events import PlayerInfo
from kc_tui.core.text import visible
from kc_tui.games.kings_corner.engine.events import event_from_dict
from kc_tui.games.kings_corner.engine.rules import build_rules
from kc_tui.games.kings_corner.engine.service import GameService, Seat
from kc_tui.replay import ReplayError, load_replay, replay_text
from kc_tui.storage import (
    games_report_bars,
    games_report_text,
    load_settings,
    read_records,
    saves_dir,
    transcripts_dir,
)

HOSTILE = "\x1b]0;PWNED\x07\x1b[2J\u202eEve\u200b"
"""A name that retitles the window, clears the screen and prints what follows backwards."""
SHOWN = "\\x1b]0;PWNED\\x07\\x1b[2J\\u202eEve\\u200b"
PLACEHOLDER = "Hostile"


def kc(*args: str | bytes, stdin: bytes = b"", env: dict[str, str] | None = None) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "kc_tui", *args], input=stdin, capture_output=True,
                          check=False, timeout=120, env={**os.environ, **(env or {})})


def assert_harmless(output: bytes) -> None:
    """No byte a terminal obeys: no ESC, no BEL, no bidi override, no zero-width space."""
    for unsafe in (b"\x1b", b"\x07", "\u202e".encode(), "\u200b".encode()):
        assert unsafe not in output


def make_hostile(path: Path) -> None:
    """Put the hostile name in a file where the placeholder name is, as a file from elsewhere
    would hold it (JSON escapes, which decode to the raw characters)."""
    text = path.read_text(encoding="utf-8")
    assert PLACEHOLDER in text
    path.write_text(text.replace(PLACEHOLDER, json.dumps(HOSTILE)[1:-1]), encoding="utf-8")


def test_control_and_format_characters_are_made_visible_and_ordinary_names_kept() -> None:
    assert visible(HOSTILE) == SHOWN
    assert visible("\x00\x7f\x85\x9b\u2028\u2066") == "\\x00\\x7f\\x85\\x9b\\u2028\\u2066"
    assert visible("Zo\udcffe") == "Zo\\udcffe"  # a byte that was not UTF-8
    # French's and Spanish's no-break spaces are the catalogs' typography, kept (a save's line in
    # French showed "20:27\\xa0: Toi"); other spaces than those and the plain one are escaped.
    assert visible("20:27\u00a0: Toi\u00a0; 95\u202f%") == "20:27\u00a0: Toi\u00a0; 95\u202f%"
    assert visible("Ada\u3000Ben\u2007") == "Ada\\u3000Ben\\u2007"
    for name in ("Ada", "Zoë", "Ana María", "李小龙", "O'Brien", "🙂"):
        assert visible(name) == name


def test_a_name_is_made_visible_where_it_enters_the_game() -> None:
    """A seat's name and a transcript's name: every front end and every transcript shows the
    visible form, while an ordinary name is written exactly as before."""
    assert Seat(HOSTILE).name == SHOWN
    assert PlayerInfo(HOSTILE, "human").name == SHOWN
    start = {"event": "session_start", "version": 1, "seed": 1, "rules": {},
             "players": [{"name": HOSTILE, "kind": "human"}, {"name": "Zoë", "kind": "human"}]}
    assert [p.name for p in event_from_dict(start).players] == [SHOWN, "Zoë"]


def test_a_level_is_made_visible_where_it_enters_the_game() -> None:
    """A level is shown beside its computer's name ("Ada (hard)": a table's seats, a session's
    first sentence), from a transcript, a save or a server."""
    assert PlayerInfo("Ada", "ai", HOSTILE).level == SHOWN
    assert PlayerInfo("Ada", "ai", "hard").level == "hard"
    start = {"event": "session_start", "version": 1, "seed": 1, "rules": {},
             "players": [{"name": "Ada", "kind": "ai", "level": HOSTILE}, {"name": "Zoë", "kind": "human"}]}
    assert [p.level for p in event_from_dict(start).players] == [SHOWN, None]


def test_a_fault_line_quoting_a_bot_or_a_listener_is_made_visible() -> None:
    def broken_display(_event) -> None:
        raise RuntimeError(f"the bot said {HOSTILE}")

    service = GameService(build_rules(2), [Seat("A"), Seat("B")], seed=1, listeners=[broken_display])
    service.start()
    (fault,) = service.take_faults()
    assert SHOWN in fault and "\x1b" not in fault


def test_play_shows_a_hostile_name_harmlessly() -> None:
    """(A name on the command line holds 16 characters, as the settings' names do: this one
    retitles the window, clears the screen and turns and hides text in 15.)"""
    hostile, shown = "\x1b]0;X\x07\x1b[2J\u202eEve\u200b", "\\x1b]0;X\\x07\\x1b[2J\\u202eEve\\u200b"
    assert len(hostile) <= 16 and visible(hostile) == shown
    played = kc("play", "--plain", "--seed", "1", "--players", f"human:{hostile},easy", stdin=b"end!\nquit\n")
    assert played.returncode == 0
    assert_harmless(played.stdout)
    assert shown.encode() in played.stdout


def test_a_save_holding_a_hostile_name_is_listed_and_resumed_harmlessly() -> None:
    assert kc("play", "--plain", "--seed", "1", "--players", f"human:{PLACEHOLDER},easy",
              stdin=b"end!\nquit\n").returncode == 0
    (save,) = saves_dir().glob("*.json")
    make_hostile(save)
    listed = kc("saves")
    assert listed.returncode == 0 and SHOWN.encode() in listed.stdout
    assert_harmless(listed.stdout)
    resumed = kc("resume", "--plain", stdin=b"end!\nquit\n")
    assert resumed.returncode == 0, resumed.stdout
    assert f"{SHOWN}> ".encode() in resumed.stdout
    assert_harmless(resumed.stdout)


def test_replay_and_stats_show_a_hostile_name_harmlessly() -> None:
    path = finished_session(transcripts_dir() / "2026-11-01-100000-x.jsonl", 3, ["easy", "easy"],
                            [PLACEHOLDER, None])
    make_hostile(path)
    for args in (("replay", "--plain", str(path)), ("stats",)):
        result = kc(*args)
        assert result.returncode == 0
        assert SHOWN.encode() in result.stdout
        assert_harmless(result.stdout)


def _with_level(path: Path, level: object) -> Path:
    """The transcript at ``path`` with its first seat's level set to ``level``."""
    lines = path.read_text(encoding="utf-8").splitlines()
    start = json.loads(lines[0])
    start["players"][0]["level"] = level
    path.write_text("\n".join([json.dumps(start), *lines[1:]]) + "\n", encoding="utf-8")
    return path


def test_stats_skip_a_level_the_game_does_not_have_and_show_it_harmlessly() -> None:
    """A level is one of the game's, which the statistics count by and translate: one that is
    not (here an escape that retitles the window and clears the screen) is no computer anyone
    played, so the session is skipped, the level quoted visible, in the text and the charts."""
    finished_session(transcripts_dir() / "2026-11-01-100000-a.jsonl", 3, ["easy", "easy"], [None, None])
    _with_level(finished_session(transcripts_dir() / "2026-11-02-100000-b.jsonl", 4, ["easy", "hard"],
                                 [None, None]), HOSTILE + "hard")
    result = kc("stats")
    assert result.returncode == 0
    assert_harmless(result.stdout)
    out = result.stdout.decode()
    assert "From 1 finished session." in out and "(hard)" not in out
    assert f"player 1 plays at the level '{SHOWN[:30]}...', which is not one of this game's" in out
    assert all("hard" not in row for bars in games_report_bars() for row, _share in bars.rows)


def test_a_bot_writing_escape_codes_is_reported_harmlessly(tmp_path: Path) -> None:
    bot = tmp_path / "bot.py"
    bot.write_text("import sys\nfor line in sys.stdin:\n    print('\\x1b]0;PWNED\\x07\\x1b[2J', flush=True)\n")
    result = kc("demo", "--seed", "1", "--players", f"bot:{sys.executable} {bot} \x1b[2J,easy")
    assert result.returncode == 0
    assert b"! bot" in result.stdout
    assert_harmless(result.stdout)


@pytest.mark.parametrize("command", ["simulate", "tournament"])
def test_simulate_and_tournament_show_a_hostile_bot_command_harmlessly(command: str) -> None:
    result = kc(command, "--players", "bot:true \x1b[2J\x07,easy", "--rounds", "2", "--seed", "1")
    assert result.returncode == 0
    assert b"true \\x1b[2J\\x07" in result.stdout
    assert_harmless(result.stdout)


async def test_the_replay_screen_and_the_stats_dialog_show_a_hostile_name_harmlessly() -> None:
    from kc_tui.storage import Settings
    from kc_tui.tui.app import KingsCornerApp

    path = finished_session(transcripts_dir() / "2026-11-01-100000-x.jsonl", 3, ["easy", "easy"],
                            [PLACEHOLDER, None])
    make_hostile(path)
    app = KingsCornerApp(settings=Settings(), replay=load_replay(path), replay_name=path.name)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("end")
        screen = app.export_screenshot()
        assert "PWNED" in screen and "\x1b" not in screen and "\x07" not in screen
    assert SHOWN in games_report_text()


# ---------------------------------------------------------------- files that cannot be written
def test_a_transcript_that_cannot_be_written_is_reported_once_and_the_game_goes_on() -> None:
    result = kc("play", "--plain", "--seed", "1", "--players", "you,easy", "--transcript", "/dev/full",
                "--verbosity", "full", stdin=b"end!\nend!\nquit\n")
    assert result.returncode == 0
    assert b"Traceback" not in result.stderr
    out = result.stdout.decode()
    assert out.count("The transcript failed and was stopped: /dev/full cannot be written "
                     "(No space left on device)") == 1
    assert out.count("You end the turn.") == 2


def test_simulate_says_once_that_its_transcripts_cannot_be_written_and_goes_on(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "--players", "easy,easy", "--rounds", "30", "--seed", "1", "--json"]
    assert main([*args, "--transcript-dir", str(tmp_path / "fine")]) == 0
    first, second = sorted(p.name for p in (tmp_path / "fine").iterdir())
    full = tmp_path / "full"
    full.mkdir()
    (full / first).symlink_to("/dev/full")
    capsys.readouterr()
    assert main([*args, "--transcript-dir", str(full)]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["rounds"] == 30 and summary["sessions"] == 2
    assert [f for f in summary["faults"] if "cannot be written" in f] == [
        f"The transcript failed and was stopped: {full / first} cannot be written (No space left on device)"]
    assert not (full / second).exists()


def test_simulate_goes_on_when_a_transcript_cannot_be_created(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "--players", "easy,easy", "--rounds", "30", "--seed", "1", "--json"]
    assert main([*args, "--transcript-dir", str(tmp_path / "fine")]) == 0
    first = min(p.name for p in (tmp_path / "fine").iterdir())
    (tmp_path / "blocked" / first).mkdir(parents=True)
    capsys.readouterr()
    assert main([*args, "--transcript-dir", str(tmp_path / "blocked")]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["rounds"] == 30
    assert summary["faults"] == [f"The transcript cannot be written to {tmp_path / 'blocked' / first} "
                                 "(Is a directory); the simulation goes on without transcripts."]
    assert [p.name for p in (tmp_path / "blocked").iterdir()] == [first]


# ---------------------------------------------------------------- files that cannot be read
def test_a_settings_file_nested_thousands_deep_gives_the_defaults_and_a_warning(tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    path.write_text("theme = " + "[" * 5000 + "]" * 5000 + "\n")
    settings, warning = load_settings(path)
    assert settings.theme == "default"
    assert warning == f"The settings file {path} is nested too deeply to be read; the defaults are used."


def test_a_settings_file_that_is_not_a_regular_file_or_too_large_is_not_read(tmp_path: Path) -> None:
    pipe = tmp_path / "pipe.toml"
    os.mkfifo(pipe)  # nobody writes to it: reading it would wait for ever
    assert load_settings(pipe)[1] == f"The settings file {pipe} is not a regular file; the defaults are used."
    zero = tmp_path / "zero.toml"
    zero.symlink_to("/dev/zero")
    assert "is not a regular file" in load_settings(zero)[1]
    large = tmp_path / "large.toml"
    large.write_text("# " + "x" * (1 << 16) + "\n")
    assert load_settings(large)[1] == (f"The settings file {large} is larger than 64 KB, too large to be "
                                       "read; the defaults are used.")


def test_settings_names_from_the_file_are_made_visible(tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    path.write_text('names = ["\\u001b[2J", "Zoë"]\n', encoding="utf-8")
    assert load_settings(path)[0].names == ("\\x1b[2J", "Zoë")


@pytest.mark.parametrize("target", ["/dev/zero", "fifo"])
def test_replay_refuses_what_is_not_a_regular_file(tmp_path: Path, target: str) -> None:
    path = tmp_path / "game.jsonl"
    if target == "fifo":
        os.mkfifo(path)
    else:
        path.symlink_to(target)
    with pytest.raises(ReplayError, match=f"^{path}: is not a regular file$"):
        load_replay(path)


def test_replay_refuses_a_file_larger_than_any_transcript_of_its_game(tmp_path: Path) -> None:
    path = tmp_path / "huge.jsonl"
    with path.open("wb") as f:
        f.write(b'{"event":"session_start","version":1,"game":"kings-corner"}\n')
        f.truncate((1 << 25) + 1)  # sparse: no disk is used
    with pytest.raises(ReplayError, match="is larger than 32 MB, too large to be read"):
        load_replay(path)


def test_stats_skip_links_to_devices_pipes_and_nowhere(tmp_path: Path) -> None:
    folder = transcripts_dir()
    finished_session(folder / "2026-11-01-100000-a.jsonl", 3, ["easy", "easy"], [None, None])
    (folder / "zero.jsonl").symlink_to("/dev/zero")
    (folder / "nowhere.jsonl").symlink_to(tmp_path / "missing")
    os.mkfifo(folder / "pipe.jsonl")
    results, problems = read_records()
    assert len(results) == 1
    assert sorted(problems) == sorted([
        f"{folder / 'nowhere.jsonl'}: cannot be read: No such file or directory",
        f"{folder / 'pipe.jsonl'}: is not a regular file",
        f"{folder / 'zero.jsonl'}: is not a regular file",
    ])


def test_stats_show_the_name_of_a_hostile_file_harmlessly() -> None:
    finished_session(transcripts_dir() / "2026-11-01-100000-x.jsonl", 3, ["easy", "easy"], [None, None])
    (transcripts_dir() / f"{HOSTILE}.jsonl").write_text("not a transcript\n")
    result = kc("stats")
    assert result.returncode == 0 and b"(skipped " in result.stdout
    assert SHOWN.encode() in result.stdout
    assert_harmless(result.stdout)


def test_a_replayed_transcript_still_reads_back_as_written(tmp_path: Path) -> None:
    """The bounded reading keeps every line: an ordinary transcript replays in full."""
    path = finished_session(tmp_path / "t.jsonl", 3, ["easy", "easy"], ["Zoë", None])
    sentences = replay_text(load_replay(path))
    assert sentences[0].startswith("Round 1.") and any("Zoë" in s for s in sentences)
    assert sentences[-1].startswith("The session is over")


# ---------------------------------------------------------------- encodings
def test_input_that_is_not_utf8_is_refused_with_a_sentence() -> None:
    result = kc("play", "--plain", "--seed", "1", "--players", "you,easy", "--verbosity", "full",
                stdin=b"\xff\nend!\nquit\n",
                env={"PYTHONIOENCODING": "utf-8"})
    assert result.returncode == 0 and b"Traceback" not in result.stderr
    out = result.stdout.decode()
    assert out.count("That line is not valid text (UTF-8); type a command such as 7h n, end or help.") == 1
    assert "You end the turn." in out


def test_output_the_terminal_cannot_encode_is_replaced() -> None:
    result = kc("play", "--plain", "--seed", "1", "--players", "human:Zoë,easy", stdin=b"end!\nquit\n",
                env={"PYTHONIOENCODING": "ascii"})
    assert result.returncode == 0 and b"Traceback" not in result.stderr
    assert b"Zo?> " in result.stdout


def test_a_name_that_is_not_utf8_is_a_usage_error() -> None:
    result = kc("play", "--plain", "--players", os.fsdecode(b"human:Zo\xffe,easy"))
    assert result.returncode == 2
    assert b"the name 'Zo\\udcffe' is not valid text (UTF-8)" in result.stderr


@pytest.mark.parametrize("game", [[], ["--game", "kings-reverse"]])
@pytest.mark.parametrize("option", ["--rounds", "--seed", "--think"])
def test_a_bad_option_value_is_quoted_visible_and_short_in_both_games(
        game: list[str], option: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Both games read ``--rounds``, ``--seed`` and ``--think`` with the same argument types:
    a value they refuse is quoted with its control characters visible, at most 20 of them."""
    with pytest.raises(SystemExit) as stop:
        main([*game, "tournament", option, HOSTILE + "x" * 5000])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert_harmless(err.encode())
    assert f"got '{SHOWN}x'..." in err  # the first 20 characters (19 of them the name's)


def test_serve_takes_any_free_port_and_web_only_a_real_one(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["web", "--port", "0"])
    assert "expected a port from 1 to 65535, got 0" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["serve", "--port", "-1"])
    assert "expected a port from 0 to 65535, got -1" in capsys.readouterr().err
