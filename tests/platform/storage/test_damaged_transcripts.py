"""A finished session's transcript that was edited or damaged, of either game: ``stats`` skips
it with a sentence saying what is wrong and counts the others (it stopped with a traceback), and
``replay`` refuses it with a sentence naming the field, never Python's own words."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from screen_fixtures import finished_session

from kc_tui.cli import main
from kc_tui.replay import ReplayError, load_replay
from kc_tui.storage import game_transcripts_dir, games_report_text, games_stats_dict, read_records
from kc_tui.storage.files import UnreadableFile, read_first_line

KR_GOLDEN = Path(__file__).parents[2] / "games" / "kings_reverse" / "golden" / "bluff-2.jsonl"
"""A finished Kings Reverse session of two players."""

CORNER, REVERSE = "kings-corner", "kings-reverse"


def _good(game: str) -> Path:
    """A finished two-player session of ``game``, kept in its transcripts folder."""
    path = game_transcripts_dir(game) / "2026-01-01-000000-good.jsonl"
    if game == CORNER:
        return finished_session(path, 3, ["easy", "easy"], [None, None])
    path.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(KR_GOLDEN, path)
    return path


def _damaged(game: str, event: str, field: str, value: Any) -> Path:
    """The good session of ``game`` kept again, with ``field`` of its last ``event`` set to
    ``value`` (a JSON text, as a file from elsewhere would hold it)."""
    lines = _good(game).read_text(encoding="utf-8").splitlines()
    at = max(i for i, line in enumerate(lines) if json.loads(line)["event"] == event)
    marker = "\"@@value@@\""
    lines[at] = json.dumps({**json.loads(lines[at]), field: "@@value@@"}).replace(marker, value)
    path = game_transcripts_dir(game) / "2026-01-02-000000-bad.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _first_seat(game: str, kind: str, level: object) -> Path:
    """The good session of ``game`` kept again, its first seat of ``kind`` at ``level`` (None:
    without one)."""
    lines = _good(game).read_text(encoding="utf-8").splitlines()
    start = json.loads(lines[0])
    seat = {"name": start["players"][0]["name"], "kind": kind}
    start["players"][0] = seat if level is None else {**seat, "level": level}
    path = game_transcripts_dir(game) / "2026-01-02-000000-bad.jsonl"
    path.write_text("\n".join([json.dumps(start), *lines[1:]]) + "\n", encoding="utf-8")
    return path


def _skipped_alone(game: str, bad: Path, why: str) -> None:
    """The statistics count the good session, skip ``bad`` saying ``why``, in words and in JSON."""
    results, problems = read_records(game)
    assert len(results) == 1
    assert len(problems) == 1 and problems[0].startswith(f"{bad}: ") and why in problems[0], problems
    text = games_report_text(game=game)
    assert text.startswith("From 1 finished session.") and f"(skipped {bad}: " in text
    doc = games_stats_dict(game=game)
    section = doc if game == CORNER else doc[game]
    assert section["sessions"] == 1 and len(section["unreadable"]) == 1
    json.dumps(doc, allow_nan=False)  # no NaN reaches the JSON


NOT_POINTS = ['["x", null]', "[1.5, 2]", "[true, 0]", "[NaN, 0]", "[Infinity, 0]", "[-1, 3]",
              "[10000000000000000000000, 0]", '"12"', '{"a": 1, "b": 2}']
NOT_SEATS = ["[true]", "[1.0]", '["0"]', "[-1]", "[0, 0]", '"0"']


@pytest.mark.parametrize("game", [CORNER, REVERSE])
@pytest.mark.parametrize("value", NOT_POINTS)
def test_a_session_whose_totals_are_not_points_is_skipped_with_why(game: str, value: str) -> None:
    bad = _damaged(game, "session_end", "totals", value)
    _skipped_alone(game, bad, "the totals of session_end are whole numbers from 0 to 1000000000")


@pytest.mark.parametrize("game", [CORNER, REVERSE])
@pytest.mark.parametrize("value", NOT_SEATS)
def test_a_session_whose_winners_are_not_seats_is_skipped_with_why(game: str, value: str) -> None:
    bad = _damaged(game, "session_end", "winners", value)
    _skipped_alone(game, bad, "the winners of session_end are seat numbers")


@pytest.mark.parametrize("game", [CORNER, REVERSE])
def test_a_session_without_a_winner_is_skipped_with_why(game: str) -> None:
    bad = _damaged(game, "session_end", "winners", "[]")
    _skipped_alone(game, bad, "session_end names no winner")


@pytest.mark.parametrize("game", [CORNER, REVERSE])
@pytest.mark.parametrize(("field", "value", "why"), [
    ("winners", "[true]", "the winners of round_end are seat numbers"),
    ("winners", "[7]", "its results do not match its 2 players"),
    ("scores", "[NaN, 0]", "the scores of round_end are whole numbers"),
    ("totals", '["x", 0]', "the totals of round_end are whole numbers"),
])
def test_a_session_whose_last_round_is_damaged_is_skipped_with_why(game: str, field: str, value: str,
                                                                  why: str) -> None:
    bad = _damaged(game, "round_end", field, value)
    _skipped_alone(game, bad, why)


@pytest.mark.parametrize("game", [CORNER, REVERSE])
def test_a_session_whose_totals_do_not_match_its_players_is_skipped_with_why(game: str) -> None:
    bad = _damaged(game, "session_end", "totals", "[3, 4, 5]")
    _skipped_alone(game, bad, "its results do not match its 2 players")


@pytest.mark.parametrize("game", [CORNER, REVERSE])
def test_a_line_nested_thousands_deep_is_skipped_with_its_number(game: str) -> None:
    """Kings Reverse's statistics stopped with a RecursionError."""
    lines = _good(game).read_text(encoding="utf-8").splitlines()
    bad = game_transcripts_dir(game) / "2026-01-02-000000-bad.jsonl"
    bad.write_text("\n".join([*lines, "[" * 100_000 + "]" * 100_000]) + "\n", encoding="utf-8")
    _skipped_alone(game, bad, f"line {len(lines) + 1}: not a ")


def test_stats_of_both_games_skip_the_damaged_sessions_and_count_the_others(
        capsys: pytest.CaptureFixture[str]) -> None:
    """The reviewer's case: one damaged session of each game, and ``stats`` stopped with a
    TypeError, in words and in JSON."""
    corner = _damaged(CORNER, "session_end", "totals", '["x", null]')
    reverse = _damaged(REVERSE, "session_end", "totals", '[1.5, "x"]')
    assert main(["stats"]) == 0
    text = capsys.readouterr().out
    assert text.count("From 1 finished session.") == 2
    assert f"(skipped {corner}: line " in text and f"(skipped {reverse}: line " in text
    assert main(["stats", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["sessions"] == 1 and doc[REVERSE]["sessions"] == 1
    assert len(doc["unreadable"]) == 1 and len(doc[REVERSE]["unreadable"]) == 1


@pytest.mark.parametrize("game", [CORNER, REVERSE])
@pytest.mark.parametrize(("level", "why"), [
    ("{}", "line 1: a computer's level is text, not {}"),
    ("5", "line 1: a computer's level is text, not 5"),
    ("[\"hard\"]", 'line 1: a computer\'s level is text, not ["hard"]'),
])
def test_a_level_that_is_not_text_is_refused_with_why(game: str, level: str, why: str) -> None:
    """A level that was an object stopped the replay and the statistics with a TypeError."""
    bad = _first_seat(game, "ai", json.loads(level))
    _skipped_alone(game, bad, why)
    with pytest.raises(ReplayError, match=re.escape(why)):
        load_replay(bad)


@pytest.mark.parametrize(("kind", "level", "why"), [
    ("ai", "superb", "player 1 plays at the level 'superb', which is not one of this game's (beginner, easy,"),
    ("ai", None, "player 1 is a computer without a level"),
    ("human", "hard", "player 1 is of the kind human, with a level ('hard'): only a computer has one"),
    ("bot", "hard", "player 1 is of the kind bot, with a level ('hard'): only a computer has one"),
])
def test_a_seat_whose_level_is_not_its_kinds_is_skipped_with_why(kind: str, level: str | None, why: str) -> None:
    """Kings in the Corner's statistics count a computer by its level: a person with a level was
    counted as a computer, a computer at a level the game does not have made a chart row for it."""
    _skipped_alone(CORNER, _first_seat(CORNER, kind, level), why)


def _first_line(game: str, **fields: object) -> Path:
    """The good session of ``game`` kept again, with ``fields`` of its session_start set."""
    lines = _good(game).read_text(encoding="utf-8").splitlines()
    path = game_transcripts_dir(game) / "2026-01-02-000000-bad.jsonl"
    path.write_text("\n".join([json.dumps({**json.loads(lines[0]), **fields}), *lines[1:]]) + "\n",
                    encoding="utf-8")
    return path


@pytest.mark.parametrize("game", [CORNER, REVERSE])
@pytest.mark.parametrize(("fields", "why"), [
    ({"version": 99}, "line 1: the transcript is of version 99, which this program does not read "
                      "(it reads version 1)"),
    ({"version": "1"}, 'line 1: the version of session_start is a whole number, not "1"'),
    ({"version": True}, "line 1: the version of session_start is a whole number, not true"),
    ({"seed": "abc"}, 'line 1: the seed of session_start is a whole number or null, not "abc"'),
    ({"rules": "standard"}, 'line 1: the rules of session_start are an object, not "standard"'),
    ({"players": "Ada,Ben"}, 'line 1: the players of session_start are a list of objects (a name, a kind '
                             'and a level), not "Ada,Ben"'),
    ({"players": ["Ada", "Ben"]}, 'line 1: the players of session_start are a list of objects'),
    ({"players": [{"kind": "human"}, {"name": "Ben", "kind": "human"}]},
     "line 1: a player's name is text, not null"),
    ({"players": [{"name": 7, "kind": "human"}, {"name": "Ben", "kind": "human"}]},
     "line 1: a player's name is text, not 7"),
    ({"players": [{"name": "Ada", "kind": "robot"}, {"name": "Ben", "kind": "human"}]},
     "line 1: a seat's kind is human, ai, bot; got 'robot'"),
])
def test_a_session_start_that_cannot_be_read_is_refused_naming_the_field(
        game: str, fields: dict[str, object], why: str) -> None:
    """A version this program does not read was refused as "session_start does not match its
    own rules and players"; players written as text, as "string indices must be integers"."""
    bad = _first_line(game, **fields)
    with pytest.raises(ReplayError, match="^" + re.escape(f"{bad}: {why}")):
        load_replay(bad)
    _skipped_alone(game, bad, why)


@pytest.mark.parametrize("game", [CORNER, REVERSE])
def test_a_first_line_longer_than_the_replay_reads_is_said_to_be(game: str) -> None:
    """The replay reads 64 KB of a transcript's first line to learn its game: a longer one (a
    name of 70000 characters, once taken on the command line) was refused as "not a transcript
    (Unterminated string ...)"; a long line that fits is read."""
    lines = _good(game).read_text(encoding="utf-8").splitlines()
    start = json.loads(lines[0])
    for length, fits in ((60_000, True), (70_000, False)):
        start["players"][0]["name"] = "N" * length
        path = game_transcripts_dir(game) / f"long-{length}.jsonl"
        path.write_text("\n".join([json.dumps(start), *lines[1:]]) + "\n", encoding="utf-8")
        if fits:
            assert load_replay(path).names[0] == "N" * length
            continue
        with pytest.raises(ReplayError) as refused:
            load_replay(path)
        assert str(refused.value) == f"{path}: line 1 is longer than 64 KB, too long to be read"


def test_a_first_line_of_the_limit_is_read_and_one_byte_more_is_not(tmp_path: Path) -> None:
    path = tmp_path / "lines.txt"
    for text, first in ((b"abcd\nefgh", "abcd"), (b"abcd", "abcd"), (b"abc\n", "abc"), (b"", "")):
        path.write_bytes(text)
        assert read_first_line(path, 4) == first
    for text in (b"abcde", b"abcde\nf"):
        path.write_bytes(text)
        with pytest.raises(UnreadableFile, match="^line 1 is longer than "):
            read_first_line(path, 4)
