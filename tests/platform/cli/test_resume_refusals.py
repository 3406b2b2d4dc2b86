"""``resume`` in both games: a save it cannot take (damaged, of the other game, a folder named
like a save) is said, harmlessly, with what can be done about it, and the next save is resumed;
a save named on the command line is found even when it is damaged, and its problem said.  The
line mode says a settings file it cannot use, and quotes what the player typed once escaped."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from kc_tui.storage import game_saves_dir, list_saves

HOSTILE_NAME = "\x1b[2J\x1b]0;PWN\x07.json"
SHOWN_NAME = "\\x1b[2J\\x1b]0;PWN\\x07.json"


def kc(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "kc_tui", *args], input=stdin, capture_output=True,
                          text=True, check=False, timeout=120, env=dict(os.environ))


def assert_harmless(output: str) -> None:
    for unsafe in ("\x1b", "\x07"):
        assert unsafe not in output


def newest(path: Path, ahead: float) -> None:
    """Make ``path`` look saved ``ahead`` seconds after now (``resume`` takes the newest first)."""
    stamp = time.time() + ahead
    os.utime(path, (stamp, stamp))


def one_save(game: str, *args: str) -> Path:
    played = kc("--game", game, "play", "--plain", "--seed", "3", *args, stdin="quit\n")
    assert played.returncode == 0, played.stdout + played.stderr
    (save,) = game_saves_dir(game).glob("*.json")
    return save


def test_kings_in_the_corner_resume_passes_over_a_kings_reverse_save_and_a_folder() -> None:
    good = one_save("kings-corner", "--players", "you,medium")
    reverse = one_save("kings-reverse", "--players", "you,easy")
    # A Kings Reverse save in the first game's folder (copied there by hand, or by an old
    # version) was restored as Kings Reverse and given to this game's line mode: a traceback.
    stray = game_saves_dir("kings-corner") / "2099-01-01-000000-stray.json"
    shutil.copy(reverse, stray)
    newest(stray, 100)
    folder = game_saves_dir("kings-corner") / "2099-01-01-000000-dir.json"
    folder.mkdir()
    newest(folder, 200)
    resumed = kc("resume", "--plain", stdin="quit\n")
    assert resumed.returncode == 0, resumed.stdout + resumed.stderr
    assert "Traceback" not in resumed.stderr
    lines = resumed.stdout.splitlines()
    said = [line for line in lines if "cannot be resumed" in line]
    assert [line.split(":")[0] for line in said] == [
        "The saved game 2099-01-01-000000-dir.json cannot be resumed",
        "The saved game 2099-01-01-000000-stray.json cannot be resumed"]
    assert "not a Kings in the Corner saved game" in said[1]
    # The stray file may be deleted; a folder cannot be, so no command is offered for it.
    assert any("kings-corner saves --delete 2099-01-01-000000-stray.json" in line for line in lines)
    assert not any("--delete 2099-01-01-000000-dir.json" in line for line in lines)
    assert "Resuming round 1" in resumed.stdout
    assert good.exists() and stray.exists()  # nothing passed over is touched


def test_kings_reverse_resume_says_a_damaged_save_harmlessly_and_resumes_the_one_before() -> None:
    good = one_save("kings-reverse", "--players", "you,easy")
    doc = json.loads(good.read_text(encoding="utf-8"))
    doc["actions"] = [*doc.get("actions", []), {"action": "play", "card": "ZZ"}]
    damaged = good.parent / HOSTILE_NAME
    damaged.write_text(json.dumps(doc), encoding="utf-8")
    newest(damaged, 100)
    resumed = kc("--game", "kings-reverse", "resume", "--plain", stdin="quit\n")
    assert resumed.returncode == 0, resumed.stdout + resumed.stderr
    assert_harmless(resumed.stdout + resumed.stderr)
    assert f"The saved game {SHOWN_NAME} cannot be resumed: " in resumed.stdout
    assert f"kings-corner --game kings-reverse saves --delete {SHOWN_NAME}" in resumed.stdout
    assert "Resumed " in resumed.stdout  # the older, good save


def test_a_damaged_save_named_to_resume_is_found_and_its_problem_said() -> None:
    good = one_save("kings-reverse", "--players", "you,easy")
    cut = good.parent / "2026-04-01-000000-cut.json"
    cut.write_bytes(good.read_bytes()[:100])
    listed = kc("--game", "kings-reverse", "saves")
    assert "2026-04-01-000000-cut.json" in listed.stdout
    named = kc("--game", "kings-reverse", "resume", "--plain", cut.name, stdin="quit\n")
    assert named.returncode == 1
    assert "No saved game called" not in named.stdout  # (it said so: saves had just listed it)
    assert "The saved game 2026-04-01-000000-cut.json cannot be resumed: " in named.stdout
    assert named.stdout.rstrip().endswith("No saved game can be resumed.")


def test_the_line_mode_says_a_settings_file_it_cannot_use(tmp_path: Path) -> None:
    settings = Path(os.environ["KC_TUI_CONFIG_DIR"]) / "settings.toml"
    settings.parent.mkdir(parents=True, exist_ok=True)
    settings.write_text('confirm_end = false\ntheme = "nope"\n', encoding="utf-8")
    for game in ("kings-corner", "kings-reverse"):
        played = kc("--game", game, "play", "--plain", "--seed", "3", stdin="quit\n")
        assert played.returncode == 0
        first = played.stdout.splitlines()[0]
        assert first.startswith(f"The settings file {settings} has a wrong value (unknown theme 'nope'")
        assert first.endswith("the defaults are used.")


def test_kings_reverse_quotes_what_was_typed_escaped_once() -> None:
    played = kc("--game", "kings-reverse", "play", "--plain", "--seed", "3", "--players", "you,easy",
                stdin="\x1b[2J\nJK \x1b[2J\nquit\n")
    assert_harmless(played.stdout)
    assert "'\\x1b[2J' is not an action" in played.stdout
    assert "'\\x1b[2J' is not a suit" in played.stdout
    assert "\\\\x1b" not in played.stdout


def test_a_kings_reverse_save_with_a_round_out_of_range_is_listed_with_its_problem() -> None:
    good = one_save("kings-reverse", "--players", "you,easy")
    text = good.read_text(encoding="utf-8")
    assert '"round":1,' in text
    for value, shown in (("1e400", "inf"), ('"x"', "x"), ("0", "0")):
        good.write_text(text.replace('"round":1,', f'"round":{value},', 1), encoding="utf-8")
        (info,) = list_saves("kings-reverse")
        assert info.problem == f"its round is missing or wrong ({shown})"


def test_a_save_is_named_with_or_without_its_json_and_a_slip_is_answered_with_the_name() -> None:
    """A play test typed the name ``saves`` lists without its ``.json`` and was told there was
    no such save; ``resume`` and ``saves --delete`` now take the name either way, and a name
    one slip away from a listed one is answered with it."""
    save = one_save("kings-corner", "--players", "you,easy")
    named = kc("resume", "--plain", save.stem, stdin="quit\n")
    assert named.returncode == 0, named.stdout + named.stderr
    assert "No saved game called" not in named.stdout and "Resuming round 1." in named.stdout
    slip = save.name[:-7] + save.name[-6] + save.name[-7] + ".json"  # two letters swapped
    missed = kc("resume", "--plain", slip)
    assert missed.returncode == 1
    assert f"No saved game called {slip} (kings-corner saves lists them).\nDid you mean {save.name}?" \
        in missed.stdout
    deleted = kc("saves", "--delete", save.stem)
    assert deleted.returncode == 0 and "Deleted " in deleted.stdout and not save.exists()


def test_a_save_named_with_its_letters_decomposed_is_found(capsys: pytest.CaptureFixture[str]) -> None:
    """File names are written in NFC ("zoé" one way): a name typed or pasted decomposed (NFD)
    was "no saved game", then "did you mean" a name that looked the same."""
    import unicodedata
    from types import SimpleNamespace

    from kc_tui.cli.common import saves_named

    save = SimpleNamespace(path=Path("/saves/2026-12-01-033909-zoé-ada.json"))
    typed = unicodedata.normalize("NFD", "2026-12-01-033909-zoé-ada")
    assert typed != save.path.stem
    assert saves_named([save], typed, "kings-corner") == [save]
    assert capsys.readouterr().out == ""
