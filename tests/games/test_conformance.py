"""One conformance suite over every registered game (as OpenSpiel's api_test runs every game):
what the platform relies on, asked through the registry and each game's parts alone.  The
tests' own demonstration game, Higher (``demo_game``), is registered for these tests and run
like the others: a third game joins the suite by registering."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, Iterator

import pytest

from kc_tui.core.kinds import Phase
from kc_tui.core.text import visible
from kc_tui.games import GAMES, GameEntry, register, unregister

sys.path.insert(0, str(Path(__file__).parent))  # the demonstration game's package
import demo_game  # noqa: E402

NAMES = [*GAMES, demo_game.ENTRY.name]
SEEDS = (1, 2, 3)


@pytest.fixture(params=NAMES)
def entry(request: pytest.FixtureRequest) -> Iterator[GameEntry]:
    added = request.param not in GAMES
    if added:
        register(demo_game.ENTRY)
    try:
        yield GAMES[request.param]
    finally:
        if added:
            unregister(demo_game.ENTRY.name)


def session_lines(entry: GameEntry, seed: int, players: int | None = None,
                  follow: list[int | None] | None = None) -> tuple[list[str], dict[int | None, list[Any]], Any]:
    """A seeded all-computer session of the game's weakest level: the transcript's lines, and the
    events each seat in ``follow`` was sent."""
    part = entry.part("session")
    n = players or entry.min_players
    service = part.new_service(part.standard_rules(n), [entry.levels[0]] * n, seed)
    lines: list[str] = []
    seen: dict[int | None, list[Any]] = {seat: [] for seat in follow or []}
    service.add_listener(lambda event: lines.append(part.encode(event)))
    for seat in seen:
        service.follow(seen[seat].append, seat)
    try:
        service.play_session()
    finally:
        service.close()
    assert service.phase == Phase.SESSION_OVER
    assert service.take_faults() == []
    return lines, seen, service


def test_the_registry_lists_the_game_with_its_players_and_levels(entry: GameEntry) -> None:
    assert GAMES[entry.name] is entry and entry.title and entry.summary
    assert 1 <= entry.min_players <= entry.max_players
    assert entry.levels, "a game has at least one computer level"
    assert entry.part("session").name == entry.name


@pytest.mark.parametrize("seed", SEEDS)
def test_a_seeded_all_computer_session_plays_to_its_end_the_same_way_twice(entry: GameEntry, seed: int) -> None:
    first, _, _ = session_lines(entry, seed)
    again, _, _ = session_lines(entry, seed)
    assert first == again
    names = [json.loads(line)["event"] for line in first]
    assert names[0] == "session_start" and names[-1] == "session_end"
    assert json.loads(first[0])["game"] == entry.name
    assert set(names) <= entry.part("session").event_names


def test_every_player_count_can_be_dealt_and_played(entry: GameEntry) -> None:
    for n in range(entry.min_players, entry.max_players + 1):
        lines, _, service = session_lines(entry, 7, players=n)
        assert len(json.loads(lines[0])["players"]) == n
        assert service.session_winners


@pytest.mark.parametrize("seed", SEEDS)
def test_the_transcript_reads_back_to_the_same_events_and_lines(entry: GameEntry, seed: int) -> None:
    part = entry.part("session")
    lines, _, _ = session_lines(entry, seed)
    for line in lines:
        event = part.decode(line)
        assert part.encode(event) == line
        assert part.decode(part.encode(event)) == event


@pytest.mark.parametrize("seed", SEEDS)
def test_a_replay_of_the_transcript_ends_with_the_same_totals(entry: GameEntry, seed: int) -> None:
    part = entry.part("session")
    lines, _, _ = session_lines(entry, seed)
    assert list(part.replay(lines)) == json.loads(lines[-1])["totals"]


def test_a_transcript_that_breaks_the_rules_is_refused_by_the_replay(entry: GameEntry) -> None:
    part = entry.part("session")
    lines, _, _ = session_lines(entry, 1)
    turn = next(i for i, line in enumerate(lines) if json.loads(line)["event"] not in
                ("session_start", "round_start", "turn_start"))
    with pytest.raises((ValueError, KeyError)):
        part.replay(lines[:turn] + lines[turn + 1:])


@pytest.mark.parametrize("seed", SEEDS)
def test_a_seat_and_a_spectator_are_sent_only_what_they_may_see(entry: GameEntry, seed: int) -> None:
    """At the byte level: a seat's line is the referee's, or the referee's with values taken
    out; the seed never reaches a seat; a deal shows the seat its own hand only."""
    part = entry.part("session")
    n = entry.min_players
    seats: list[int | None] = [*range(n), None]
    lines, seen, _ = session_lines(entry, seed, follow=seats)
    full = [json.loads(line) for line in lines]
    for seat in seats:
        shown = [json.loads(part.encode(event)) for event in seen[seat]]
        assert len(shown) == len(full)
        for whole, sent in zip(full, shown):
            assert sent["event"] == whole["event"]
            if sent["event"] == "session_start":
                assert sent["seed"] is None and whole["seed"] is not None
            elif sent["event"] == "round_start":
                assert "hands" not in sent and "stock" not in sent
                assert sent["hand"] == (whole["hands"][seat] if seat is not None else [])
                assert sent["hand_counts"] == [len(h) for h in whole["hands"]]
            else:
                told = seat is not None and seat in (whole.get("player"), whole.get("to"))
                for key in part.secret.get(whole["event"], ()):
                    assert (sent.get(key) == whole.get(key)) if told else sent.get(key) is None, (seat, sent)
                for key, value in sent.items():
                    assert value == whole[key] or value is None, (seat, whole, sent)
                    if value != whole[key]:
                        assert whole.get("player") != seat  # a seat is shown its own doings
    spectator = "\n".join(part.encode(event) for event in seen[None])
    assert '"hand":[' not in spectator.replace('"hand":[]', "")


@pytest.mark.parametrize("seed", SEEDS)
def test_the_narrator_tells_every_event_a_seat_sees(entry: GameEntry, seed: int) -> None:
    part = entry.part("session")
    lines, seen, _ = session_lines(entry, seed, follow=[0, None])
    names = [p["name"] for p in json.loads(lines[0])["players"]]
    told: set[str] = set()
    for seat in (0, None):
        shown = ["You" if seat == i else name for i, name in enumerate(names)]
        narrate = part.narrator(shown, seat)
        for event in seen[seat]:
            sentence = narrate(event)
            if sentence is None:
                assert event.name in part.quiet, f"nothing said of {event.name}"
                continue
            told.add(event.name)
            assert sentence.strip() and sentence == visible(sentence), sentence
    assert told, "the narrator said nothing"
