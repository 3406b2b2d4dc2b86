"""One conformance suite over every registered game (as OpenSpiel's api_test runs every game):
what the platform relies on, asked through the registry and each game's parts alone.  The
tests' own demonstration game, Higher (``demo_game``), is registered for these tests and run
like the others: a third game joins the suite by registering."""

from __future__ import annotations

import io
import json
import re
import sys
from functools import partial
from pathlib import Path
from typing import Any, Callable, Iterator

import pytest
from textual.widgets import Input

from kc_tui.core.kinds import Phase
from kc_tui.core.text import visible
from kc_tui.games import GAMES, GameEntry, register, unregister
from kc_tui.line import LineOptions
from kc_tui.line.shell import LOCAL_COMMANDS
from kc_tui.net import SEAT_OPEN, Notice, Person, TableError, TableServer, TableState
from kc_tui.net.saving import TABLES_FOLDER
from kc_tui.replay import load_replay
from kc_tui.storage import SaveError, Settings, load_save, read_document, save_info, start_saving, unlock_save
from kc_tui.tui.app import KingsCornerApp
from kc_tui.tui.new_game import NewGameShell
from kc_tui.tui.part import tui_game
from kc_tui.tui.replay_screen import ReplayScreen
from kc_tui.tui.table_shell import TableShell
from kc_tui.tui.widgets import Choice, Menu

sys.path.insert(0, str(Path(__file__).parent))  # the demonstration game's package
import demo_game  # noqa: E402
from waiting import until

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


_SESSIONS: dict[tuple[str, int, int], tuple[list[str], dict[int | None, list[Any]], Any]] = {}
"""The sessions session_lines played in this process: most seeds' sessions are read by several
tests (transcript, replay, seats, narrator), and playing one again would only cost time."""


def session_lines(entry: GameEntry, seed: int, players: int | None = None,
                  again: bool = False) -> tuple[list[str], dict[int | None, list[Any]], Any]:
    """A seeded all-computer session of the game's weakest level: the transcript's lines, and the
    events each seat and a spectator (None) were sent.  Played once per process, or ``again``."""
    part = entry.part("session")
    n = players or entry.min_players
    key = (entry.name, seed, n)
    if key in _SESSIONS and not again:
        return _SESSIONS[key]
    service = part.new_service(part.standard_rules(n), [entry.levels[0]] * n, seed)
    lines: list[str] = []
    seen: dict[int | None, list[Any]] = {seat: [] for seat in [*range(n), None]}
    service.add_listener(lambda event: lines.append(part.encode(event)))
    for seat in seen:
        service.follow(seen[seat].append, seat)
    try:
        service.play_session()
    finally:
        service.close()
    assert service.phase == Phase.SESSION_OVER
    assert service.take_faults() == []
    _SESSIONS.setdefault(key, (lines, seen, service))
    return lines, seen, service


def test_the_registry_lists_the_game_with_its_players_and_levels(entry: GameEntry) -> None:
    assert GAMES[entry.name] is entry and entry.title and entry.summary
    assert 1 <= entry.min_players <= entry.max_players
    assert entry.levels, "a game has at least one computer level"
    # Each level of a shipped game is rated on its game's ladder, stronger up the ladder
    # (docs/strength.md); the demonstration game has no ladder.
    if entry.package.startswith("kc_tui.games."):
        assert len(entry.ratings) == len(entry.levels)
    assert list(entry.ratings) == sorted(entry.ratings) and len(set(entry.ratings)) == len(entry.ratings)
    assert entry.part("session").name == entry.name


@pytest.mark.parametrize("seed", SEEDS)
def test_a_seeded_all_computer_session_plays_to_its_end_the_same_way_twice(entry: GameEntry, seed: int) -> None:
    first, _, _ = session_lines(entry, seed)
    again, _, _ = session_lines(entry, seed, again=True)
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
    lines, seen, _ = session_lines(entry, seed)
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
    lines, seen, _ = session_lines(entry, seed)
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


# ---------------------------------------------------------------------- the parts a game offers
# Each test below speaks to a game through its parts and the platform alone.  A person's turn is
# taken with the words every game's command line and line mode take to end a turn without
# choosing a card (the first game's "end!" ends it without asking; a shedding game draws or
# passes); each game refuses the others' words with a sentence.
TURN_WORDS = ("end!", "draw", "end", "pass")
ADA, BEN, CLEO = Person("SHA256:ada", "Ada"), Person("SHA256:ben", "Ben"), Person("SHA256:cleo", "Cleo")


def controls(text: str) -> list[str]:
    """The control characters in ``text`` but the newline."""
    return sorted({repr(ch) for ch in text if ch != "\n" and (ord(ch) < 32 or 0x7F <= ord(ch) < 0xA0)})


def record(part: Any, lines: list[str], event: Any) -> None:
    lines.append(part.encode(event))


def test_a_session_saved_part_way_is_restored_with_the_same_view_and_events(entry: GameEntry) -> None:
    part = entry.part("session")
    n = entry.min_players
    specs = [entry.levels[0]] * n
    original = part.new_service(part.standard_rules(n), specs, 5)
    saver = start_saving(original, specs, game=entry.name)
    original.play_session(max_rounds=1)  # the first round played, saved at every turn
    assert saver.error is None and saver.path.is_file() and original.phase == Phase.ROUND_OVER
    restored = load_save(saver.path, game=entry.name)
    service = restored.service
    try:
        for seat in [*range(n), None]:
            assert service.view(seat) == original.view(seat)
        assert read_document(saver.path, entry.name)["kind"] == entry.part("saves").kind  # read again
        info = save_info(saver.path, entry.name)
        assert info.problem is None and info.game == entry.name
        cut = saver.path.with_name("cut-short.json")
        whole = saver.path.read_text(encoding="utf-8").split("\n")[0]  # (a journal's first line)
        cut.write_text(whole[: len(whole) // 2], encoding="utf-8")
        with pytest.raises(SaveError) as refused:
            load_save(cut, game=entry.name)
        assert refused.value.path == cut and str(cut) in str(refused.value)
        # Both go on alike: the same events through the next round.
        went_on: list[list[str]] = []
        for s in (original, service):
            lines: list[str] = []
            went_on.append(lines)
            s.add_listener(partial(record, part, lines))
            s.next_round()
            s.play_session(max_rounds=1)
        assert went_on[0] == went_on[1] and went_on[0]
    finally:
        service.close()
        original.close()
        unlock_save(saver.path)


async def test_the_new_game_form_is_left_by_up_and_down_and_keeps_the_game_choice_focused(
        entry: GameEntry) -> None:
    """On every game's form Up and Down leave its last row (the menu of Start and Back) as any
    other row; and another game chosen on the Game choice opens its form with the focus there,
    where Left and Right go on through the games."""
    app = KingsCornerApp(settings=Settings(pace=0))
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(tui_game(entry.name).new_game_screen())
        await pilot.pause()
        form = app.screen
        assert isinstance(form, NewGameShell)
        menu = form.query_one("#new-game-menu", Menu)
        for key, item in (("down", len(menu.items) - 1), ("up", 0)):
            menu.focus()
            menu.selected = item
            await pilot.press(key)
            assert form.focused is not menu, key
        form.query_one("#game", Choice).focus()
        await pilot.press("right")
        await until_app(pilot, lambda: app.screen is not form)
        other = app.screen
        await pilot.pause()
        assert isinstance(other, NewGameShell) and other.GAME != entry.name
        assert other.focused is not None and other.focused.id == "game"


async def test_the_table_screen_at_80x24_is_played_with_keys_and_left(entry: GameEntry) -> None:
    """The game's new-game form (on the platform's shell) starts a seeded game against its
    weakest computer; its table opens at 80 x 24, a person ends a turn with the command line,
    and q leaves it."""
    app = KingsCornerApp(settings=Settings(pace=0, confirm_quit=False, confirm_end=False))
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(tui_game(entry.name).new_game_screen())
        await pilot.pause()
        form = app.screen
        assert isinstance(form, NewGameShell) and form.GAME == entry.name
        for selector, value in [("#player-count", entry.min_players), ("#kind-0", "you"),
                                *((f"#kind-{i}", entry.levels[0]) for i in range(1, entry.min_players))]:
            choice = form.query_one(selector, Choice)
            choice.set_value(value)
            choice.post_message(Choice.Changed(choice, value))
        form.query_one("#seed", Input).value = "11"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        table = app.screen
        assert isinstance(table, TableShell) and not table.too_small
        service: Any = table.service
        ended: list[int] = []
        service.add_listener(lambda e: ended.append(e.player) if e.name == "turn_end" else None)
        await until_app(pilot, lambda: service.waiting_for_human() or service.phase != Phase.TURN)
        assert table.query_one("#status").render()  # it says what is going on
        seat = service.current
        for word in TURN_WORDS:
            if seat in ended or not service.waiting_for_human():
                break
            await pilot.press("colon")
            await pilot.press(*word)
            await pilot.press("enter")
            await pilot.pause()
            await pilot.press("escape")
        assert seat in ended, "the person's turn never ended"
        while app.screen is not table:  # a dialog (the round's end) over the table
            await pilot.press("escape")
            await pilot.pause()
        await pilot.press("q")
        await pilot.pause()
        assert table not in app.screen_stack


async def until_app(pilot: Any, condition: Callable[[], bool], limit: int = 2000) -> None:
    for _ in range(limit):
        if condition():
            return
        await pilot.pause(0.005)
    raise AssertionError("the table never came to a person's turn")


def test_the_line_mode_plays_a_seeded_session_at_this_terminal(entry: GameEntry) -> None:
    part = entry.part("session")
    service = part.new_service(part.standard_rules(entry.min_players), [entry.levels[0]] * entry.min_players, 3)
    typed = iter(["help", *[""] * 30, "quit"])
    out = io.StringIO()
    try:
        status = entry.part("line").play(service, lambda prompt: (out.write(prompt), next(typed, None))[1],
                                         out, LineOptions())
    finally:
        service.close()
    text = out.getvalue()
    assert status == 0 and controls(text) == []
    assert LOCAL_COMMANDS in text  # the help, in the shell's pattern


def test_the_line_lobby_names_every_rule_option_the_game_takes(entry: GameEntry) -> None:
    """``help new`` lists each game's options (its line part's ``rule_options``): each is one the
    game's refusal of an unknown option names too, each preset has its note."""
    from kc_tui.core.errors import RuleError

    line: Any = entry.part("line")
    options = [name for name, note in line.rule_options()]
    assert options and all(note for _name, note in line.rule_options())
    with pytest.raises(RuleError) as refused:
        line.build_rules(entry.min_players, line.presets[0], {"no_such_option": "1"})
    assert all(name in str(refused.value) for name in options)
    assert all(line.preset_note(preset) for preset in line.presets)


async def test_a_served_table_seats_a_person_a_computer_and_a_spectator(entry: GameEntry, tmp_path: Path) -> None:
    """A person (played through the game's line mode), a computer and a spectator: each door is
    sent the session as its seat may see it, and the person ends a turn with words."""
    server = TableServer(tmp_path, grace=0, pace=0, seed=2026)
    line: Any = entry.part("line")
    rules = line.build_rules(2, "standard", {})
    info = server.create_table(ADA, "T", rules, [SEAT_OPEN, entry.levels[0]], seed=9, game=entry.name)
    watcher = server.watch(CLEO, info.id)
    ada = server.join(ADA, info.id, 0)  # the one person's seat taken: the game starts
    assert server.table(info.id).state == TableState.PLAYING and info.game == entry.name
    seen: dict[int | None, list[Any]] = {0: list(ada.past_events()), None: list(watcher.past_events())}
    written: list[str] = []
    ada.follow(seen[0].append)
    watcher.follow(seen[None].append)
    seat = line.seat(ada, written.append, lambda: None, lambda notice: written.append(str(notice)))
    ended = lambda: any(getattr(e, "name", "") == "turn_end" and e.player == 0 for e in seen[0])  # noqa: E731
    await until(lambda: ada.my_turn() or server.table(info.id).state != TableState.PLAYING or ended(),
                "the person's turn")
    seat.line("help")
    for word in TURN_WORDS:
        if ended():
            break
        seat.line(word)
    await until(ended, "the person's turn ended")
    assert controls("".join(written)) == [] and "help" in "".join(written)
    part = entry.part("session")
    with pytest.raises(TableError):
        watcher.next_round()  # a spectator deals nothing
    # What each door was sent, against the table's transcript (every card).
    full = [json.loads(line) for line in (tmp_path / TABLES_FOLDER / f"table-{info.id}.jsonl")
            .read_text(encoding="utf-8").splitlines()]
    for who, items in seen.items():
        shown = [json.loads(part.encode(e)) for e in items if not isinstance(e, Notice)]
        assert shown and len(shown) <= len(full)
        for whole, sent in zip(full, shown):
            assert sent["event"] == whole["event"]
            if sent["event"] == "round_start":
                assert "hands" not in sent and sent["hand"] == (whole["hands"][0] if who == 0 else [])
            elif sent["event"] == "session_start":
                assert sent["seed"] is None
            for key in part.secret.get(whole["event"], ()):
                if who is None or whole.get("player") != who:
                    assert sent.get(key) is None
    assert '"hand":[' not in "".join(part.encode(e) for e in seen[None] if not isinstance(e, Notice)).replace(
        '"hand":[]', "")
    seat.close()  # the one person leaves: the table is adjourned, its game saved
    await until(lambda: server.table(info.id).state == TableState.ADJOURNED, "the adjournment")
    back = server.join(ADA, info.id, 0)  # resumed from its save
    assert server.table(info.id).state == TableState.PLAYING and back.view() is not None
    back.leave()
    await server.close()


async def test_a_finished_session_is_replayed_move_by_move_on_the_screen(entry: GameEntry, tmp_path: Path) -> None:
    """The platform's replay (its saves part re-referees the transcript; its tui part draws each
    step's table) steps through a whole session at 80 x 24 and ends on the final totals."""
    lines, _, _ = session_lines(entry, 5)
    path = tmp_path / "session.jsonl"
    path.write_text("".join(line + "\n" for line in lines))
    replay = load_replay(path)
    assert replay.game == entry.name and replay.steps
    assert list(replay.steps[-1].totals) == json.loads(lines[-1])["totals"]
    assert all(s == visible(s) for step in replay.steps for s in step.sentences)
    # `replay --plain` says it for the ear: the same steps, no card named by its code.
    spoken = load_replay(path, words=True)
    assert [len(step.sentences) for step in spoken.steps] == [len(step.sentences) for step in replay.steps]
    code = re.compile(r"\b(?:10|[2-9TJQKA])[CDHS]\b|\bJK\b")
    assert not [s for step in spoken.steps for s in step.sentences if code.search(s)]
    app = KingsCornerApp(settings=Settings(pace=0), replay=replay, replay_name=path.name)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        await pilot.press("right", "right", "down", "right_square_bracket")
        await pilot.pause()
        assert screen.index > 0
        await pilot.press("end")
        await pilot.pause()
        assert screen.index == len(replay.steps) - 1
        await pilot.press("q")
        await pilot.pause()
