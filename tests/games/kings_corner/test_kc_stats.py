"""Statistics per player (issue 5): computed from finished sessions' transcripts."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys

import pytest

from kc_tui.core.cards import parse_card
from kc_tui.games.kings_corner.ai.seats import make_seats
from kc_tui.games.kings_corner.engine.events import RoundEnd
from kc_tui.games.kings_corner.engine.rules import build_rules
from kc_tui.games.kings_corner.engine.service import GameService
from kc_tui.games.kings_corner.saves import SessionResult, player_stats, stats_text
from kc_tui.storage import bar_chart, read_records, start_saving, transcripts_dir


def _round(winners, hands, scores, totals) -> RoundEnd:
    return RoundEnd(1, "out", winners, tuple(tuple(parse_card(c) for c in h) for h in hands), scores, totals)


def test_of_two_sessions_in_the_same_place_the_one_with_the_better_total_is_the_best() -> None:
    """As the sentences give them: "finished 3rd of 3 with 8 points" is the better session than
    "3rd of 3 with 11 points", however far ahead the others were (it was the other way round)."""
    seats = ("Zoe", "Ada", "Ben"), ("person", "medium", "medium")
    far = SessionResult("2026-11-01-100000-zoe", *seats, "classic", (1,), (11, 0, 10),
                        (_round((1,), (("KH", "AS"), (), ("2S",)), (11, 0, 10), (11, 0, 10)),))
    close = SessionResult("2026-11-02-100000-zoe", *seats, "classic", (1,), (8, 0, 2),
                          (_round((1,), (("AS",), (), ("2S",)), (8, 0, 2), (8, 0, 2)),))
    zoe = player_stats([far, close])["Zoe"]
    assert (zoe.best[2], zoe.best[4], zoe.worst[2], zoe.worst[4]) == (3, 8, 3, 11)
    chips = [SessionResult(r.name, *seats, "chips", r.winners, r.totals, r.rounds) for r in (far, close)]
    zoe = player_stats(chips)["Zoe"]  # chips: the highest total wins
    assert (zoe.best[2], zoe.best[4], zoe.worst[2], zoe.worst[4]) == (2, 11, 2, 8)


def test_records_count_sessions_rounds_levels_cards_left_best_worst_and_streak() -> None:
    a_wins = SessionResult("2026-11-01-100000-zoe-ada", ("Zoe", "Ada"), ("person", "hard"), "classic",
                           (0,), (3, 30), (_round((0,), ((), ("KH", "2C", "3D")), (0, 12), (0, 12)),
                                           _round((1,), (("AS",), ()), (1, 0), (1, 12))))
    tie = SessionResult("2026-11-02-100000-zoe-ada-ben", ("Zoe", "Ada", "Ben"), ("person", "hard", "easy"),
                        "classic", (0, 1), (25, 25, 40), (_round((2,), (("AS",), ("2S",), ()), (1, 1, 0), (25, 25, 40)),))
    loss = SessionResult("2026-11-03-100000-zoe-ada", ("Zoe", "Ada"), ("person", "expert"), "chips",
                         (1,), (10, 100), (_round((1,), (("AS", "2S"), ()), (0, 100), (10, 100)),))
    table = player_stats([a_wins, tie, loss])
    zoe = table["Zoe"]
    assert (zoe.sessions, zoe.sessions_won, zoe.rounds, zoe.rounds_won) == (3, 2, 4, 1)
    assert zoe.cards_left_losing == [1, 1, 2] and zoe.average_cards_left == 4 / 3
    # Levels count once per session, however many seats of that level.
    assert zoe.by_level == {"hard": [2, 2], "easy": [1, 1], "expert": [1, 0]}
    assert zoe.streak == -1  # the last session was lost
    assert zoe.best[2] == 1 and zoe.best[1] == a_wins.name  # first place, furthest ahead
    assert zoe.worst[2] == 2 and zoe.worst[1] == loss.name  # chips: the highest total wins
    ada = table["Ada (hard)"]  # a computer seat counts by name and level
    assert ada.sessions == 2 and ada.sessions_won == 1 and ada.streak == 1  # the tie is shared
    assert ada.by_level == {"person": [2, 1], "easy": [1, 1]}
    assert table["Ada (expert)"].sessions_won == 1
    text = stats_text(zoe)
    assert "3 sessions played, 2 won (67%)" in text and "lost the last session." in text
    # The date in words: read aloud, "2026-11-01" was a string of numbers and minus signs.
    assert "Best session: finished 1st of 2 with 3 points, on 1 November 2026 at 10:00." in text
    assert "expert   |" in text and "| 0%" in text


@pytest.mark.parametrize(("lang", "said"), [
    ("es", "el 1 de noviembre de 2026 a las 10:00"),
    ("fr", "le 1er novembre 2026 à 10:00"),
])
def test_a_session_s_date_is_said_in_words_in_each_language(lang: str, said: str, in_language) -> None:
    in_language(lang)
    seats = ("Zoe", "Ada"), ("person", "hard")
    won = SessionResult("2026-11-01-100000-zoe-ada", *seats, "classic", (0,), (3, 30),
                        (_round((0,), ((), ("KH", "2C", "3D")), (0, 12), (0, 12)),))
    assert said in stats_text(player_stats([won])["Zoe"])


def test_bar_chart_is_ascii_and_proportional() -> None:
    lines = bar_chart([("easy", 1.0), ("hard", 0.5), ("none", 0.0)], width=10)
    assert lines == ["easy     |##########| 100%", "hard     |#####.....| 50%", "none     |..........| 0%"]


def test_stats_come_from_the_transcripts_of_finished_sessions_and_print_as_json() -> None:
    for seed in range(3):
        specs = ["medium", "easy"]
        service = GameService(build_rules(2), make_seats(specs, random.Random(seed), names=["Zoe", None]), seed=seed)
        start_saving(service, specs)
        service.play_session()
    (transcripts_dir() / "junk.jsonl").write_text("{not json\n")
    results, problems = read_records()
    assert len(results) == 3 and len(problems) == 1 and "junk.jsonl" in problems[0]
    out = subprocess.run([sys.executable, "-m", "kc_tui", "stats", "--json"], capture_output=True,
                         text=True, check=True, env=os.environ.copy()).stdout
    data = json.loads(out)
    zoe = next(p for p in data["players"] if p["name"] == "Zoe (medium)")
    assert data["sessions"] == 3 and zoe["sessions"] == 3
    assert zoe["rounds"] == sum(len(r.rounds) for r in results)
    assert zoe["win_rate_by_opponent_level"]["easy"]["sessions"] == 3
    text = subprocess.run([sys.executable, "-m", "kc_tui", "stats", "--player", "zoe"], capture_output=True,
                          text=True, check=True, env=os.environ.copy()).stdout
    # Headed by its game's name, though the other game has no record to show.
    assert text.startswith("Kings in the Corner\n\nFrom 3 finished sessions.")
    assert "\n\nZoe (medium): 3 sessions played" in text and "Kings Reverse" not in text
    assert "(skipped " in text and "junk.jsonl" in text


def test_a_single_round_session_places_the_winners_first_and_the_rest_second() -> None:
    none = SessionResult("2026-11-05-100000-a-b-c", ("A", "B", "C"), ("person", "easy", "easy"), "none",
                         (1,), (0, 0, 0), (_round((1,), (("AS",), (), ("2S",)), (0, 0, 0), (0, 0, 0)),))
    table = player_stats([none])
    assert table["B (easy)"].best[2] == 1 and table["A"].best[2] == 2 and table["C (easy)"].worst[2] == 2


def test_transcripts_whose_results_do_not_match_their_players_are_skipped_with_why() -> None:
    folder = transcripts_dir()
    folder.mkdir(parents=True, exist_ok=True)
    start = {"event": "session_start", "version": 1, "game": "kings-corner", "seed": 1,
             "rules": build_rules(3).as_dict(),
             "players": [{"name": n, "kind": "ai", "level": "easy"} for n in ("A", "B", "C")]}
    end = {"event": "session_end", "winners": [1], "totals": [26, 4]}
    (folder / "short.jsonl").write_text(json.dumps(start) + "\n" + json.dumps(end) + "\n")
    results, problems = read_records()
    assert results == [] and "do not match its 3 players" in problems[0]


def test_stats_name_you_and_the_levels_in_the_language_and_speak_of_no_one_as_you(in_language) -> None:
    """A play test of the statistics in Spanish: "You: ..." (the table says "Tú"), "Ada
    (hard)" over a chart saying "difícil", and every computer told "ganaste la última
    partida"."""
    from pathlib import Path

    from kc_tui.storage.saved import SaveInfo

    won = SessionResult("2026-11-01-100000-you-ada", ("You", "Ada"), ("person", "hard"), "classic",
                        (1,), (30, 3), (_round((1,), (("KH",), ()), (10, 0), (10, 0)),))
    in_language("es")
    table = player_stats([won])
    assert stats_text(table["You"]).startswith("Tú: 1 partida jugada")
    ada = stats_text(table["Ada (hard)"])
    assert ada.startswith("Ada (difícil): ") and "Racha actual: última partida ganada." in ada
    assert "ganaste" not in ada
    assert table["Ada (hard)"].as_dict()["name"] == "Ada (hard)"  # the JSON stays as recorded
    info = SaveInfo(Path("s.json"), ("You", "Ada"), "2026-12-06 00:48", 7, (12, 12), turn=2)
    assert "ronda 7, turno 2 (Tú 12, Ada 12)" in info.title
