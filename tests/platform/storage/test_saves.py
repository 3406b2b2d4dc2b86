"""Saved sessions (issue 5): round trips, atomic writes under injected crashes, and every kind
of bad file refused with its message and left in place."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import unicodedata
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import Iterator

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from kc_tui.games.kings_corner.ai.seats import make_seats
from kc_tui.games.kings_corner.engine.game import Phase
from kc_tui.games.kings_corner.engine.rules import build_rules
from kc_tui.games.kings_corner.engine.service import GameService
from kc_tui.storage import (
    KEEP_SAVES,
    SCHEMA_VERSION,
    AutoSaver,
    SaveError,
    list_saves,
    load_save,
    new_save_path,
    prune_saves,
    read_document,
    resume_saving,
    saves_dir,
    start_saving,
    write_atomic,
)


@pytest.fixture(autouse=True)
def _data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("KC_TUI_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


def _session(specs: list[str], seed: int, preset: str = "standard", **rules) -> GameService:
    seats = make_seats(specs, random.Random(seed))
    return GameService(build_rules(len(specs), preset, rules), seats, seed=seed)


def _events_of_whole_session(specs: list[str], seed: int, preset: str, **rules) -> list[dict]:
    service = _session(specs, seed, preset, **rules)
    events: list = []
    service.add_listener(events.append)
    service.play_session()
    return [e.as_dict() for e in events]


LEVELS = st.lists(st.sampled_from(["easy", "medium", "hard"]), min_size=2, max_size=4)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(levels=LEVELS, seed=st.integers(0, 2**32), stop=st.integers(0, 80),
       preset=st.sampled_from(["standard", "draw-end", "boxed", "royal", "mandatory"]))
def test_a_session_saved_at_any_turn_and_resumed_ends_exactly_as_the_uninterrupted_one(
    tmp_path: Path, levels: list[str], seed: int, stop: int, preset: str,
) -> None:
    # The session, stopped after `stop` turns with its save written after every turn.
    service = _session(levels, seed, preset, target=15 if preset != "boxed" else 30)
    uninterrupted: list = []
    service.add_listener(uninterrupted.append)
    path = tmp_path / f"save-{seed}-{stop}.json"
    saver = AutoSaver(service, levels, path)
    service.add_listener(saver)
    service.start()
    turns = 0
    while service.phase != Phase.SESSION_OVER and turns < stop:
        turns += service.run_computer_turns(limit=stop - turns)
        if service.phase == Phase.ROUND_OVER and turns < stop:
            service.next_round()
    if service.phase == Phase.SESSION_OVER:
        # Finished: the save is gone and the whole transcript is kept instead.
        assert not path.exists() and saver.transcript is not None
        kept = [json.loads(line) for line in saver.transcript.read_text().splitlines()]
        assert kept == [e.as_dict() for e in uninterrupted]
        return
    assume(saver.saves)  # stopped before the first turn ended: nothing was saved yet
    restored = load_save(path)
    # The uninterrupted session is the same one played on, in this process, by the same players
    # (a stop between turns is no interruption: the next test checks that): the save is the only
    # way back for the resumed one.
    service.remove_listener(saver)
    service.play_session()
    resumed = restored.service
    events = list(restored.events)
    resumed.add_listener(events.append)
    if resumed.phase != Phase.SESSION_OVER:
        if resumed.phase == Phase.ROUND_OVER:
            resumed.next_round()
        resumed.play_session()
    assert [e.as_dict() for e in events] == [e.as_dict() for e in uninterrupted]


def test_a_session_stopped_between_turns_plays_on_as_if_never_stopped() -> None:
    """What the test above relies on: a session played a few turns at a time (the stops of
    run_computer_turns' limit, the next round dealt by hand) does exactly what one played
    straight through does."""
    levels = ["hard", "medium", "easy"]
    straight = _events_of_whole_session(levels, 7, "royal", target=15)
    service = _session(levels, 7, "royal", target=15)
    events: list = []
    service.add_listener(events.append)
    service.start()
    while service.phase != Phase.SESSION_OVER:
        service.run_computer_turns(limit=3)
        if service.phase == Phase.ROUND_OVER:
            service.next_round()
    assert [e.as_dict() for e in events] == straight


def _saved_game(tmp_path: Path) -> Path:
    service = _session(["medium", "hard", "easy"], 5)
    path = tmp_path / "game.json"
    service.add_listener(AutoSaver(service, ["medium", "hard", "easy"], path))
    service.start()
    service.run_computer_turns(limit=7)
    return path


def test_a_save_is_versioned_json_of_data_only_a_document_then_its_journal(tmp_path: Path) -> None:
    lines = _saved_game(tmp_path).read_text().splitlines()
    first, journal = json.loads(lines[0]), [json.loads(line) for line in lines[1:]]
    assert first["schema_version"] == SCHEMA_VERSION and first["kind"] == "kings-corner-save"
    assert [s["spec"] for s in first["seats"]] == ["medium", "hard", "easy"]
    assert [e["event"] for e in first["events"]][:2] == ["session_start", "round_start"]
    assert len(journal) == 7 and all(entry["events"][-1]["event"] == "turn_end" for entry in journal)
    doc = read_document(tmp_path / "game.json")  # the document, the journal applied
    assert doc["events"] == first["events"] + [e for entry in journal for e in entry["events"]]


def _problem(path: Path) -> str:
    before = path.read_bytes() if path.exists() else None
    with pytest.raises(SaveError) as info:
        load_save(path)
    assert info.value.path == path
    if before is not None:
        assert path.read_bytes() == before  # never overwritten or removed
    # A phrase the sentences that say it end: a refusal quoted whole had made "KS.." (a play test).
    assert not info.value.problem.endswith("."), info.value.problem
    return info.value.problem


def test_bad_files_are_refused_with_what_is_wrong(tmp_path: Path) -> None:
    good = _saved_game(tmp_path)
    doc = read_document(good)
    text = json.dumps(doc)  # the same save, compacted into one document

    def variant(name: str, content: str | bytes) -> Path:
        path = tmp_path / name
        path.write_bytes(content if isinstance(content, bytes) else content.encode())
        return path

    assert "cut short or damaged" in _problem(variant("truncated.json", text[: len(text) // 2]))
    assert "empty" in _problem(variant("empty.json", ""))
    assert "not text" in _problem(variant("binary.json", b"\xff\xfe\x00garbage"))
    assert "not a Kings in the Corner saved game" in _problem(variant("other.json", "[1, 2, 3]"))
    assert "wrong type" in _problem(variant("wrongtype.json", json.dumps({**doc, "events": "lots"})))
    assert "newer version" in _problem(variant("future.json", json.dumps({**doc, "schema_version": SCHEMA_VERSION + 1})))
    assert "schema_version" in _problem(variant("noversion.json", json.dumps({k: v for k, v in doc.items() if k != "schema_version"})))
    # Hand-edited into an illegal state: a card moved where it does not fit.
    events = [dict(e) for e in doc["events"]]
    play = next(i for i, e in enumerate(events) if e["event"] == "play")
    events[play] = {**events[play], "pile": "NE" if events[play]["pile"] != "NE" else "NW"}
    assert "not legal" in _problem(variant("illegal.json", json.dumps({**doc, "events": events})))
    # A deal with a card twice.
    events = [dict(e) for e in doc["events"]]
    deal = next(i for i, e in enumerate(events) if e["event"] == "round_start")
    hands = [list(h) for h in events[deal]["hands"]]
    hands[0][0] = hands[1][0]
    events[deal] = {**events[deal], "hands": hands}
    assert "not legal" in _problem(variant("twice.json", json.dumps({**doc, "events": events})))
    seats = [dict(s) for s in doc["seats"]]
    seats[0]["name"] = "Mallory"
    assert "seats do not match" in _problem(variant("seats.json", json.dumps({**doc, "seats": seats})))
    assert "does not exist" in _problem(tmp_path / "missing.json")


def test_the_resume_list_shows_good_saves_and_names_the_problem_of_bad_ones(_data_dir: Path, tmp_path: Path) -> None:
    good = _saved_game(tmp_path)
    folder = _data_dir / "saves"
    folder.mkdir(parents=True)
    (folder / "a.json").write_bytes(good.read_bytes())
    (folder / "b.json").write_text("{broken")
    infos = {i.path.name: i for i in list_saves()}
    assert infos["a.json"].problem is None and infos["a.json"].players == ("Ada", "Ben", "Cleo")
    assert "cut short or damaged" in infos["b.json"].problem


@pytest.mark.parametrize("crash_at", ["write", "flush", "fsync", "replace"])
def test_a_crash_at_any_step_of_a_write_leaves_the_old_save_or_the_new_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, crash_at: str,
) -> None:
    path = tmp_path / "save.json"
    write_atomic(path, "old")

    class Crash(Exception):
        pass

    def boom(*_args, **_kwargs):
        raise Crash(crash_at)

    if crash_at == "replace":
        monkeypatch.setattr(os, "replace", boom)
    elif crash_at == "fsync":
        monkeypatch.setattr(os, "fsync", boom)
    else:
        real_fdopen = os.fdopen

        def fdopen(*args, **kwargs):
            f = real_fdopen(*args, **kwargs)
            setattr(f, crash_at, boom) if crash_at == "flush" else None
            if crash_at == "write":
                f.close()
                raise Crash("write")
            return f

        monkeypatch.setattr(os, "fdopen", fdopen)
    with pytest.raises(Crash):
        write_atomic(path, "new")
    monkeypatch.undo()
    assert path.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["save.json"]  # no temporary file left over
    write_atomic(path, "new")
    assert path.read_text() == "new"


def test_an_unwritable_data_directory_is_reported_once_and_play_goes_on(tmp_path: Path) -> None:
    # A data "directory" that is a file: no user, root included, can write there.
    blocker = tmp_path / "data"
    blocker.write_text("not a folder")
    service = _session(["medium", "easy"], 3)
    errors: list[str] = []
    saver = AutoSaver(service, ["medium", "easy"], blocker / "saves" / "save.json", on_error=errors.append)
    service.add_listener(saver)
    service.play_session(max_rounds=1)
    assert len(errors) == 1 and "Cannot save the game" in errors[0] and "Play goes on" in errors[0]
    assert service.phase in (Phase.ROUND_OVER, Phase.SESSION_OVER)
    assert saver.saves == 0


@contextmanager
def _held_elsewhere(path: Path) -> Iterator[subprocess.Popen[str]]:
    """Another running program that has resumed ``path`` (holds its lock) until the block ends."""
    code = ("import sys, time; from pathlib import Path; from kc_tui.storage import lock_save; "
            "lock_save(Path(sys.argv[1])); print('locked', flush=True); time.sleep(60)")
    other = subprocess.Popen([sys.executable, "-c", code, str(path)], stdout=subprocess.PIPE, text=True)
    try:
        assert other.stdout is not None and other.stdout.readline() == "locked\n"
        yield other
    finally:
        other.kill()
        other.wait()
        other.stdout.close()


def test_a_save_open_in_another_running_window_is_refused_and_a_stale_claim_is_taken_over(tmp_path: Path) -> None:
    from kc_tui.storage import resume_saving

    path = _saved_game(tmp_path)
    lock = path.with_name(path.name + ".lock")
    with _held_elsewhere(path) as other:
        assert f"open in another window or browser tab (process {other.pid})" in _problem(path)
    lock.write_text("999999\n")  # left by a program that no longer runs, and holds no lock
    restored = load_save(path)
    assert lock.read_text().split()[0] == str(os.getpid())
    saver = resume_saving(restored)
    saver.release()
    assert not lock.exists()


_RACER = """
import os, sys, time
from pathlib import Path
import kc_tui.storage.saves as saves

path, go, real_getpid = Path(sys.argv[1]), Path(sys.argv[2]), os.getpid

def getpid_once_told():
    # Called as the lock file is claimed, before the id is in it: wait there.
    print("claiming", flush=True)
    while not go.exists():
        time.sleep(0.005)
    return real_getpid()

os.getpid = getpid_once_told
try:
    saves.lock_save(path)
except saves.SaveError:
    print("refused", flush=True)
else:
    print("won", flush=True)
"""


@pytest.mark.timeout(60)
def test_two_windows_resuming_at_the_same_moment_cannot_both_win_the_lock(tmp_path: Path) -> None:
    """Issue 9.5: one process caught between creating the lock and writing its id in it; the
    other comes in then, and must not take the empty lock for a stale one."""
    from kc_tui.storage import lock_save, unlock_save

    path, go = tmp_path / "game.json", tmp_path / "go"
    racer = subprocess.Popen([sys.executable, "-c", _RACER, str(path), str(go)], stdout=subprocess.PIPE, text=True)
    try:
        assert racer.stdout is not None and racer.stdout.readline() == "claiming\n"
        try:
            lock_save(path)
            here = "won"
        except SaveError as exc:
            assert exc.problem.startswith("this game is open in another window")
            here = "refused"
        go.touch()
        there = racer.stdout.readline().strip()
        assert sorted([here, there]) == ["refused", "won"]
    finally:
        unlock_save(path)
        racer.kill()
        racer.wait()
        racer.stdout.close()


@pytest.mark.timeout(60)
def test_a_killed_game_not_yet_reaped_no_longer_holds_its_save(tmp_path: Path) -> None:
    """Issue 9.6: a zombie is not running, whatever its process id says."""
    path = _saved_game(tmp_path)
    with _held_elsewhere(path) as other:
        other.kill()
        os.waitid(os.P_PID, other.pid, os.WEXITED | os.WNOWAIT)  # dead, and left unreaped
        restored = load_save(path)
        assert restored.service.game.round_no == 1
        resume_saving(restored).release()


def _in_saves_folder(_data_dir: Path, tmp_path: Path) -> Path:
    folder = _data_dir / "saves"
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / "game.json"
    target.write_bytes(_saved_game(tmp_path).read_bytes())
    return target


def _read_only(monkeypatch: pytest.MonkeyPatch, path: Path) -> None:
    """Deleting ``path`` fails as on a read-only file system (root ignores file modes)."""
    import errno

    real_unlink = Path.unlink

    def unlink(self: Path, missing_ok: bool = False) -> None:
        if self == path:
            raise OSError(errno.EROFS, "Read-only file system", str(self))
        real_unlink(self, missing_ok=missing_ok)

    monkeypatch.setattr(Path, "unlink", unlink)


def test_a_save_that_cannot_be_deleted_says_so_on_the_command_line(
    _data_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    from kc_tui.cli import main

    path = _in_saves_folder(_data_dir, tmp_path)
    _read_only(monkeypatch, path)
    assert main(["saves", "--delete", path.name]) == 1
    assert capsys.readouterr().out == "Not deleted: the file cannot be deleted: Read-only file system.\n"
    assert path.exists()


async def test_a_save_that_cannot_be_deleted_says_so_on_the_continue_screen(
    _data_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    from kc_tui.storage import Settings
    from kc_tui.tui.app import KingsCornerApp
    from kc_tui.tui.saves_screen import SavesScreen

    path = _in_saves_folder(_data_dir, tmp_path)
    _read_only(monkeypatch, path)
    app = KingsCornerApp(settings=Settings(pace=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("c")
        await pilot.press("d", "y")
        await pilot.pause()
        assert isinstance(app.screen, SavesScreen)
        status = str(app.screen.query_one("#saves-status").render())
        assert "Not deleted: the file cannot be deleted: Read-only file system." in status
    assert path.exists()


def test_damaged_numbers_and_nesting_are_refused_alike_by_the_list_and_by_resume(_data_dir: Path, tmp_path: Path) -> None:
    path = _in_saves_folder(_data_dir, tmp_path)
    good = path.read_text()
    nested = "[" * 200_000 + "]" * 200_000
    seed = good.replace('"seed":', '"seed":' + "7" * 5000 + ",\"old_seed\":", 1)
    for content, problem in ((nested, "nested too deeply"), (seed, "a number too long")):
        path.write_text(content)
        (info,) = list_saves()
        assert info.problem is not None and problem in info.problem
        assert problem in _problem(path)


def test_a_save_time_that_cannot_be_shown_is_unknown_in_the_list_and_the_save_resumes(_data_dir: Path, tmp_path: Path) -> None:
    path = _in_saves_folder(_data_dir, tmp_path)
    doc = read_document(path)
    path.write_text(json.dumps({**doc, "saved_at": "9999-12-31T23:59:59-12:00"}))
    (info,) = list_saves()
    assert info.problem is None and info.saved_at == "at an unknown time"
    assert load_save(path).service.game.round_no == 1


@pytest.mark.timeout(30)
def test_what_is_not_a_regular_file_or_is_too_big_is_refused_without_reading_it(
    _data_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    import kc_tui.storage.saves as saves

    folder = _data_dir / "saves"
    folder.mkdir(parents=True)
    (folder / "zero.json").symlink_to("/dev/zero")
    os.mkfifo(folder / "pipe.json")
    (folder / "folder.json").mkdir()
    huge = folder / "huge.json"
    huge.write_bytes(b" " * 2048)
    monkeypatch.setattr(saves, "MAX_SAVE_BYTES", 1024)
    infos = {i.path.name: i.problem for i in list_saves()}
    for name in ("zero.json", "pipe.json", "folder.json"):
        assert infos[name] is not None and "not a regular file" in infos[name]
        with pytest.raises(SaveError, match="not a regular file"):  # (_problem would read it)
            load_save(folder / name)
    assert infos["huge.json"] is not None and "too large" in infos["huge.json"]
    assert "too large" in _problem(huge)


def _save_points(service: GameService, saver: AutoSaver) -> list[list[dict]]:
    """The save's events each time the saver has just written it, as a listener after the
    saver sees them."""
    points: list[list[dict]] = []
    written = saver.saves

    def look(_event) -> None:
        nonlocal written
        if saver.saves != written and saver.path.exists():
            written = saver.saves
            points.append(read_document(saver.path)["events"])

    service.add_listener(look)
    return points


@pytest.mark.parametrize("preset, rules", [
    ("boxed", {}), ("standard", {"scoring": "chips"}), ("standard", {}), ("royal", {}), ("mandatory", {}),
])
def test_a_save_holds_a_valid_transcript_prefix_at_every_save_point(
    tmp_path: Path, preset: str, rules: dict,
) -> None:
    """Issue 9.9: each save stops where a transcript may stop, checked by the independent
    referee; under chips scoring the deal's save holds its antes."""
    from referee import Replay, check_transcript

    specs = ["beginner", "medium", "beginner"]  # long rounds: many save points
    service = _session(specs, 11, preset, **rules)
    saver = AutoSaver(service, specs, tmp_path / "game.json")
    service.add_listener(saver)
    points = _save_points(service, saver)
    service.play_session(max_rounds=2)
    assert len(points) > 10
    for events in points:
        lines = [json.dumps(e) for e in events]
        check_transcript(lines, unfinished=True)
        replay = Replay()
        for number, line in enumerate(lines, 1):
            replay.feed(number, line)
        # Not in the middle of a deal (its antes) or of a turn: where the game waits.
        assert replay.phase in ("between_turns", "round_over", "after_round"), (replay.phase, events[-1])


class _Crash(Exception):
    """The program dies here (as a kill or a power cut would stop it)."""


def _events_at_each_save(saver: AutoSaver) -> list[list[dict]]:
    """The events the save holds after each save point, as the saver meant to write them."""
    points: list[list[dict]] = []
    real_save = saver.save

    def save(upto: int | None = None, compact: bool = False) -> bool:
        ok = real_save(upto, compact)
        if ok:
            points.append([e.as_dict() for e in saver.events[:upto]])
        return ok

    saver.save = save  # type: ignore[method-assign]
    return points


def test_a_crash_in_the_middle_of_a_journal_append_loses_only_that_turn(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    specs = ["medium", "hard", "easy"]
    service = _session(specs, 5)
    path = tmp_path / "game.json"
    saver = AutoSaver(service, specs, path)
    points = _events_at_each_save(saver)
    service.add_listener(saver)
    service.start()
    service.run_computer_turns(limit=6)
    assert len(points) == 7  # the deal, then six turns
    real_write = os.write

    def half_then_die(fd: int, data) -> int:
        real_write(fd, bytes(data[: len(data) // 2]))
        raise _Crash

    monkeypatch.setattr(os, "write", half_then_die)
    with pytest.raises(_Crash):
        saver.save()  # the seventh turn's save, cut short
    monkeypatch.undo()
    assert not path.read_bytes().endswith(b"\n")  # the last line is torn
    restored = load_save(path)
    assert restored.cut_short
    assert [e.as_dict() for e in restored.events][: len(points[-1])] == points[-1]
    # Saving goes on from there, and the torn line is gone with the first save.
    resumed = resume_saving(restored)
    restored.service.run_computer_turns(limit=2)
    resumed.release()
    again = load_save(path)
    assert not again.cut_short and again.service.game.turns == restored.service.game.turns
    resume_saving(again).release()


def test_a_damaged_line_inside_the_journal_is_refused_not_dropped(tmp_path: Path) -> None:
    path = _saved_game(tmp_path)
    lines = path.read_text().splitlines(keepends=True)
    lines[3] = lines[3][: len(lines[3]) // 2] + "\n"
    path.write_text("".join(lines))
    assert "line 4 is not valid JSON" in _problem(path)
    lines[3] = '{"events": "lots"}\n'
    path.write_text("".join(lines))
    assert "line 4 is not a saved turn" in _problem(path)


def test_a_round_end_compacts_a_long_journal_into_one_line_that_resumes_the_same(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    import kc_tui.storage.saves as saves

    monkeypatch.setattr(saves, "JOURNAL_FLOOR", 0)  # as soon as the journal outgrows the rest
    specs = ["easy", "medium"]
    service = _session(specs, 9)  # a round long enough for the journal to outgrow the rest
    path = tmp_path / "game.json"
    saver = AutoSaver(service, specs, path)
    service.add_listener(saver)
    lines_at_round_end: list[int] = []
    service.add_listener(lambda e: lines_at_round_end.append(path.read_bytes().count(b"\n"))
                         if e.name == "round_end" else None)
    service.start()
    service.run_computer_turns()
    assert service.phase == Phase.ROUND_OVER and lines_at_round_end == [1]
    assert [e.as_dict() for e in load_save(path, lock=False).events] == [e.as_dict() for e in saver.events]


@pytest.mark.parametrize("crash_at", ["write", "fsync", "replace"])
def test_a_crash_while_compacting_leaves_the_journal_as_it_was(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, crash_at: str,
) -> None:
    specs = ["medium", "hard", "easy"]
    service = _session(specs, 5)
    path = tmp_path / "game.json"
    saver = AutoSaver(service, specs, path)
    points = _events_at_each_save(saver)
    service.add_listener(saver)
    service.start()
    service.run_computer_turns(limit=5)
    before = path.read_bytes()
    assert before.count(b"\n") == 6  # the document and five turns in its journal

    def die(*_args, **_kwargs):
        raise _Crash

    if crash_at == "write":
        real_fdopen = os.fdopen

        def fdopen(*args, **kwargs):
            f = real_fdopen(*args, **kwargs)
            f.close()
            raise _Crash

        monkeypatch.setattr(os, "fdopen", fdopen)
    else:
        monkeypatch.setattr(os, crash_at, die)
    with pytest.raises(_Crash):
        saver.save(compact=True)
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]  # no temporary file left over
    restored = load_save(path, lock=False)
    assert not restored.cut_short
    assert [e.as_dict() for e in restored.events][: len(points[-1])] == points[-1]


def test_a_save_of_the_first_format_resumes_and_is_saved_on_in_the_journal_format(tmp_path: Path) -> None:
    path = _saved_game(tmp_path)
    doc = read_document(path)
    path.write_text(json.dumps({**doc, "schema_version": 1}))  # as format 1 wrote it: one document
    restored = load_save(path)
    saver = resume_saving(restored)
    turns = restored.service.game.turns
    restored.service.run_computer_turns(limit=2)
    saver.release()
    lines = path.read_text().splitlines()
    assert json.loads(lines[0])["schema_version"] == SCHEMA_VERSION == 2 and len(lines) == 2
    assert load_save(path, lock=False).service.game.turns == turns + 2


def _bytes_written() -> int:
    """What this process has written so far, all files and writes together (Linux)."""
    io = Path("/proc/self/io").read_text()
    return int(next(line for line in io.splitlines() if line.startswith("wchar:")).split()[1])


def test_a_turns_save_writes_as_much_at_round_one_as_many_rounds_later(tmp_path: Path) -> None:
    """Issue 9.10: the cost of a turn's save does not grow with the session (here in bytes
    written; benchmarks/save_speed.py measures the time)."""
    specs = ["easy", "easy", "easy"]
    service = _session(specs, 2, target=100_000)
    saver = AutoSaver(service, specs, tmp_path / "game.json")
    written: dict[int, list[int]] = {}
    real_save = saver.save

    def save(*args, **kwargs) -> bool:
        before = _bytes_written()
        try:
            return real_save(*args, **kwargs)
        finally:
            if saver.events[-1].name == "turn_end":
                written.setdefault(service.game.round_no, []).append(_bytes_written() - before)

    saver.save = save  # type: ignore[method-assign]
    service.add_listener(saver)
    service.play_session(max_rounds=40)
    assert sum(e.name == "turn_end" for e in saver.events) > 400
    assert max(written[40]) <= 2 * max(written[1])


def test_resume_says_when_the_last_save_was_cut_short(
    _data_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    import io

    from kc_tui.cli import main

    path = _in_saves_folder(_data_dir, tmp_path)
    path.write_bytes(path.read_bytes() + b'{"saved_at":"2026-12-01T0')
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    main(["resume", "--plain"])
    out = capsys.readouterr().out
    assert "Its last save was cut short (the program stopped while saving); the game goes on from the turn before." in out


def test_the_continue_list_tells_saves_apart_by_rules_seed_round_and_turn() -> None:
    """Issue 11: twenty-one "round 1 (You 0, Ada 0)" lines could not be told apart."""
    for seed, preset in ((11, "standard"), (12, "boxed")):
        rules = build_rules(2, preset, {"target": 50} if preset == "boxed" else None)
        service = GameService(rules, make_seats(["you", "medium"], random.Random(seed)), seed=seed)
        saver = start_saving(service, ["you", "medium"])
        service.start()
        service.end_turn()
        service.run_computer_turns()
        saver.release()
    titles = {info.seed: info.title for info in list_saves()}
    assert set(titles) == {11, 12}
    assert titles[11].endswith(": round 1, turn 2 (You 0, Ada 0); standard; seed 11"), titles
    assert titles[12].endswith(": round 1, turn 2 (You 0, Ada 0); boxed, target 50; seed 12"), titles


def test_a_game_left_on_a_rounds_result_is_listed_after_that_round() -> None:
    """A play test read "round 1, turn 16" for a game left on the round's result, where Kings
    Reverse's saves say "after round 1"."""
    service = GameService(build_rules(2), make_seats(["medium", "hard"], random.Random(3)), seed=3)
    saver = start_saving(service, ["medium", "hard"])
    service.start()
    service.run_computer_turns()
    assert service.phase == Phase.ROUND_OVER
    saver.release()
    (info,) = list_saves()
    totals = ", ".join(f"{name} {total}" for name, total in zip(info.players, info.totals))
    assert info.title.split(": ", 1)[1].startswith(f"after round 1 ({totals}); standard"), info.title


def test_starting_a_game_keeps_only_the_newest_unfinished_games() -> None:
    """Issue 11: abandoned quick games do not pile up.  Starting a game keeps the newest
    KEEP_SAVES - 1 others; a damaged save and one open in another window are never removed."""
    folder = saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    for k in range(KEEP_SAVES + 3):
        service = GameService(build_rules(2, "standard"), make_seats(["you", "medium"], random.Random(k)), seed=k)
        saver = start_saving(service, ["you", "medium"])
        service.start()
        saver.release()
        os.utime(saver.path, (1_000_000 + k, 1_000_000 + k))  # oldest first, whatever the clock
    (folder / "damaged.json").write_text("{")
    os.utime(folder / "damaged.json", (1, 1))
    kept = [info for info in list_saves() if info.problem is None]
    assert len(kept) == KEEP_SAVES
    assert prune_saves(3) and len([i for i in list_saves() if i.problem is None]) == 3
    assert (folder / "damaged.json").exists()
    assert sorted(i.seed for i in list_saves() if i.problem is None) == [KEEP_SAVES, KEEP_SAVES + 1, KEEP_SAVES + 2]


def test_a_save_s_line_is_punctuated_as_the_language_does(in_language) -> None:
    """A French play test read "2026-12-06 19:27: Toi, ... (Toi 5, Ada 0); standard; graine ..."
    in the resume list: English colons and semicolons, joined in the code."""
    from kc_tui.storage import SaveInfo

    info = SaveInfo(Path("x.json"), players=("You", "Ada"), saved_at="2026-12-06 19:27", round_no=2,
                    totals=(5, 0), rules="standard", seed=7)
    assert info.title == "2026-12-06 19:27: round 2 (You 5, Ada 0); standard; seed 7"
    in_language("fr")
    assert info.title == ("2026-12-06 19:27\u00a0: manche 2 (Toi 5, Ada 0)\u00a0; standard\u00a0; "
                          "graine 7")
    from kc_tui.core.text import visible

    assert visible(info.title) == info.title  # as the resume list shows it: no "\xa0" written out


def test_four_players_saves_are_told_apart_within_80_columns() -> None:
    """A new player's play test read two lines of the resume list cut at 80 columns just before
    what told them apart: "[3] Kings in the Corner: 2026-12-07 09:30: You, Ada, Ben, Cleo, round
    1, tu…".  How far each went now comes before the scores, which name the players."""
    from kc_tui.storage import SaveInfo

    lines = [f"[{n}] Kings in the Corner: " + SaveInfo(Path("x.json"), players=("You", "Ada", "Ben", "Cleo"),
                                                       saved_at="2026-12-07 09:30", round_no=1, turn=turn,
                                                       totals=(0, 0, 0, 0), rules="standard").title
             for n, turn in ((3, 4), (4, 9))]
    assert lines[0][:80] != lines[1][:80], lines


WHEN = datetime(2026, 12, 1, 3, 39, 9)


def test_a_save_s_file_name_keeps_the_players_letters_in_any_language() -> None:
    """A play test: Zoé's game was saved as "...-zo-ada.json". Letters and digits of every
    script are kept, with their accents and vowel signs, in NFC whichever way they were typed."""
    assert new_save_path(["Zoé", "Ada"], WHEN).name == "2026-12-01-033909-zoé-ada.json"
    assert new_save_path(["Zoe\u0301", "Ada"], WHEN).name == "2026-12-01-033909-zoé-ada.json"  # decomposed
    assert new_save_path(["Ünal", "Олег", "हिन्दी", "Nº 7"], WHEN).name == \
        "2026-12-01-033909-ünal-олег-हिन्दी-nº-7.json"
    assert new_save_path(["You", "Ada (medium)"], WHEN).name == "2026-12-01-033909-you-ada-medium.json"
    # A mark that shows nothing is dropped: "Ada" and "A͏da" would be listed as one name twice.
    for invisible in ("\u034f", "\ufe0f", "\U000e0100", "\u180b"):
        assert new_save_path([f"A{invisible}da"], WHEN).name == "2026-12-01-033909-ada.json", invisible


def test_a_save_s_file_name_holds_nothing_a_file_system_refuses_and_stays_short() -> None:
    hostile = new_save_path(["..", ".hidden", 'a/b\\c:d*e?f"g<h>i|j\0k\x07l\x1bm\u202en\u200bo', "~"], WHEN)
    assert hostile.parent == saves_dir() and hostile.name == "2026-12-01-033909-hidden-a-b-c-d-e-f-g-h-i-j-k-l-m-n-o.json"
    assert new_save_path(["/", "\x00"], WHEN).name == "2026-12-01-033909-game.json"
    for names in (["𝔘" * 80], ["Zoé" * 40], ["日本語" * 30, "Олег" * 10]):
        path = new_save_path(names, WHEN)
        players = path.stem.removeprefix("2026-12-01-033909-")
        assert len(players) <= 60 and len(players.encode()) <= 100, players
        # With a "-2", ".jsonl" for its transcript, and the temporary file an atomic write makes
        # (".NAME.XXXXXXXX.tmp"), under the 143 bytes of eCryptfs and the usual 255.
        assert len(f".{path.stem}-99.jsonl.12345678.tmp".encode()) < 143, path.name
        assert unicodedata.normalize("NFC", path.name) == path.name


def test_saves_named_in_any_language_are_listed_and_resumed_beside_older_ones() -> None:
    older = start_saving(_session(["you", "medium"], 3), ["you", "medium"])
    older.service.start()
    older.release()
    service = GameService(build_rules(2, "standard"), make_seats(["human:Zoé", "medium"], random.Random(4)), seed=4)
    saver = start_saving(service, ["human:Zoé", "medium"])
    service.start()
    saver.release()
    assert "-zoé-" in saver.path.name and "-you-" in older.path.name
    listed = {info.path.name: info for info in list_saves()}
    assert set(listed) == {older.path.name, saver.path.name}
    assert listed[saver.path.name].problem is None and listed[saver.path.name].players[0] == "Zoé"
    restored = load_save(saver.path, lock=False)
    assert restored.service.seed == 4
