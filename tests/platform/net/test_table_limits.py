"""The table server against careless and hostile clients (issue 25): names that pass for
someone else's, a lobby flooded with tables, saves that cannot be written."""

from __future__ import annotations

import asyncio
import errno
import io
import json
import logging
import os
import random
from pathlib import Path
from typing import Any, Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kc_tui.core.kinds import Phase
from kc_tui.games.kings_corner.engine.rules import build_rules
from kc_tui.games.kings_corner.engine.transcript import replay
from kc_tui.games.kings_reverse.engine.rules import build_rules as reverse_rules
from kc_tui.games.kings_reverse.net import ReverseDoor
from kc_tui.line import run_plain_lobby
from kc_tui.net import (
    Notice,
    Person,
    TableError,
    TableServer,
    TableState,
    check_name,
    name_key,
    saving,
    table_games,
)
from kc_tui.net import table as table_module
from kc_tui.tui.lobby import LobbyApp, LobbyScreen, NameScreen
from kc_tui.tui.widgets import TextPanel

from .test_reverse_tables import act_as_computer
from .test_reverse_tables import referee as reverse_referee
from .test_tables import play_turn, until
from .test_tables import referee as corner_referee

ADA_KEY, BEN_KEY = "SHA256:ada", "SHA256:ben"
TAKEN = "That name is taken by another player; choose another."


# ---------------------------------------------------------------------- names are people's
async def test_a_name_held_by_one_key_is_refused_to_another(tmp_path: Path,
                                                            caplog: pytest.LogCaptureFixture) -> None:
    server = TableServer(tmp_path, pace=0, seed=2026)
    server.person(ADA_KEY, "Ada")
    with caplog.at_level(logging.INFO, "kc_tui.net"), pytest.raises(TableError, match=TAKEN):
        server.person(BEN_KEY, "Ada")
    assert "the name 'Ada' is refused to SHA256:ben: SHA256:ada goes by it" in caplog.text
    # After a restart too: players.json binds the name to its key.
    again = TableServer(tmp_path, pace=0, seed=2026)
    with pytest.raises(TableError, match=TAKEN):
        again.person(BEN_KEY, "Ada")
    assert again.person(ADA_KEY, "Ada").name == "Ada"


def test_a_damaged_players_file_is_kept_aside_not_written_over(tmp_path: Path,
                                                                caplog: pytest.LogCaptureFixture) -> None:
    """A host removed a name's line by hand and left a comma: the server read no names and the
    next name chosen wrote over the file, every name lost. It is now kept aside, and said."""
    TableServer(tmp_path, pace=0, seed=2026).person(ADA_KEY, "Ada")
    players = tmp_path / "players.json"
    damaged = players.read_text(encoding="utf-8").replace('"Ada"', '"Ada",')
    players.write_text(damaged, encoding="utf-8")
    with caplog.at_level(logging.ERROR, "kc_tui.net"):
        again = TableServer(tmp_path, pace=0, seed=2026)
    assert "is damaged" in caplog.text and "it is kept as players.damaged.json" in caplog.text
    assert (tmp_path / "players.damaged.json").read_text(encoding="utf-8") == damaged
    again.person(BEN_KEY, "Ben")  # a name chosen writes a new file beside it
    assert (tmp_path / "players.damaged.json").read_text(encoding="utf-8") == damaged
    players.write_text(damaged, encoding="utf-8")
    TableServer(tmp_path, pace=0, seed=2026)
    assert (tmp_path / "players.damaged-2.json").read_text(encoding="utf-8") == damaged


@pytest.mark.parametrize("lookalike", [
    "ada", "ADA", " Ada ", "Ａｄａ",  # case, spaces, full width (NFKC)
    "\U0001d400\U0001d41d\U0001d41a",  # mathematical bold (NFKC)
    "\u0410da", "Ad\u0430", "\u0391da",  # a Cyrillic or Greek capital A, a Cyrillic small a
    "Ad\u00e1", "Ada\u0301",  # an accent, precomposed or combining
])
async def test_a_lookalike_of_a_held_name_is_refused(tmp_path: Path, lookalike: str) -> None:
    server = TableServer(tmp_path, pace=0, seed=2026)
    server.person(ADA_KEY, "Ada")
    with pytest.raises(TableError, match=TAKEN):
        server.person(BEN_KEY, lookalike)
    with pytest.raises(TableError, match=TAKEN):
        server.person(None, lookalike)  # nor may a guest take it


@pytest.mark.parametrize("hidden", ["\u200b", "\u200d", "\ufeff", "\u202e", "\u2066", "\u00ad", "\u3164",
                                    "\ufe00", "\u034f"])
async def test_an_invisible_character_is_refused_not_stripped(tmp_path: Path, hidden: str) -> None:
    server = TableServer(tmp_path, pace=0, seed=2026)
    with pytest.raises(TableError, match=f"may not hold invisible characters; this one holds "
                                         f"U\\+{ord(hidden):04X}"):
        server.person(BEN_KEY, f"Ad{hidden}a")
    assert server.known_name(BEN_KEY) is None


def test_name_key_tells_apart_what_looks_different() -> None:
    assert name_key("Ada") != name_key("Ida")
    assert name_key("Ben") != name_key("Bea")
    assert name_key("Ivan") == name_key("\u0406van")  # Cyrillic I
    assert name_key("Olga") == name_key("0lga") == name_key("O1ga")  # a zero, a one for an l
    assert name_key("Ian") == name_key("lan") == name_key("1an")  # a capital I, a small l, a one
    # The same letters in other capitals are the same name: "MIA" passed for "Mia" (a capital I
    # was an l, a small i was not), and so did a full-width "ＡＬＩＣＥ" for "Alice".
    assert name_key("MIA") == name_key("Mia") == name_key("mia")
    assert name_key("ＡＬＩＣＥ") == name_key("Alice") == name_key("AIice")
    assert name_key("ТИМ") == name_key("Тим") and name_key("Hans") == name_key("\u0397ans")  # a Greek Eta
    # rn is two letters: real names that differ stay two names.
    for one, other in (("Erna", "Ema"), ("Arnie", "Amie"), ("Ada", "Ida"), ("Mel", "Meg")):
        assert name_key(one) != name_key(other), (one, other)


@given(st.text(alphabet=st.characters(codec="utf-8", categories=("Lu", "Ll", "Lt", "Nd")), min_size=1,
               max_size=12))
def test_a_name_in_other_capitals_is_the_same_name(name: str) -> None:
    """In every script: two Russian keys were "Тим" and "ТИМ" (a capital Т and М looked Latin,
    their small letters did not)."""
    assert name_key(name) == name_key(name.upper()) == name_key(name.lower()) == name_key(name.title())
    assert check_name("  Zoë   Smith ") == "Zoë Smith"  # an accent is shown as typed


async def test_the_same_key_keeps_and_changes_its_name_and_frees_the_old(tmp_path: Path) -> None:
    server = TableServer(tmp_path, pace=0, seed=2026)
    assert server.person(ADA_KEY, "Ada").name == "Ada"
    assert server.person(ADA_KEY, "ADA").name == "ADA"  # its own name, written otherwise
    assert server.person(ADA_KEY, "Ada Lovelace").name == "Ada Lovelace"
    assert server.person(BEN_KEY, "Ada").name == "Ada"  # no longer anyone's
    with pytest.raises(TableError, match=TAKEN):
        server.person(BEN_KEY, "ada lovelace")
    await server.close()


async def test_a_name_left_by_its_key_stays_its_own_where_a_table_shows_it(tmp_path: Path) -> None:
    server = TableServer(tmp_path, pace=0, seed=2026)
    ada = server.person(ADA_KEY, "Ada")
    info = server.create_table(ada, "", build_rules(2), ["open", "easy"])
    server.join(ada, info.id, 0).leave()  # adjourned: its seat shows "Ada"
    server.person(ADA_KEY, "Ada Lovelace")
    with pytest.raises(TableError, match=TAKEN):
        server.person(BEN_KEY, "Ada")
    await server.close()


async def test_two_guests_at_once_cannot_share_a_name_and_a_guests_name_is_free_when_gone(
        tmp_path: Path) -> None:
    server = TableServer(tmp_path, pace=0, seed=2026)
    gus = server.person(None, "Gus")
    with pytest.raises(TableError, match=TAKEN):
        server.person(None, "GUS")
    with pytest.raises(TableError, match=TAKEN):
        server.person(ADA_KEY, "Gus")  # a key cannot take it from the guest connected now
    server.left(gus)
    assert server.person(None, "Gus").guest


async def test_the_line_mode_asks_again_for_a_name_that_is_taken(tmp_path: Path) -> None:
    server = TableServer(tmp_path, pace=0, seed=2026)
    server.person(ADA_KEY, "Ada")
    typed: asyncio.Queue[str | None] = asyncio.Queue()
    sent: list[str] = []
    task = asyncio.ensure_future(run_plain_lobby(server, None, typed.get, sent.append, None))
    for line in ("\u0410da", "Gus"):
        await typed.put(line)
    await until(lambda: "Welcome, Gus." in "".join(sent), "the welcome")
    assert TAKEN in "".join(sent)
    with pytest.raises(TableError, match=TAKEN):
        server.person(None, "Gus")  # while the guest is connected
    await typed.put("quit")
    assert await task == 0
    assert server.person(None, "Gus").name == "Gus"  # the guest has gone


async def test_the_full_screen_lobby_asks_again_for_a_name_that_is_taken(tmp_path: Path) -> None:
    server = TableServer(tmp_path, pace=0, seed=2026)
    server.person(ADA_KEY, "Ada")
    app = LobbyApp(server, key=BEN_KEY)
    async with app.run_test(size=(100, 34)) as pilot:
        await until(lambda: isinstance(app.screen, NameScreen), "the name prompt")
        await pilot.press(*"ada", "enter")
        await until(lambda: isinstance(app.screen, NameScreen) and TAKEN in str(
            app.screen.query_one("#name-problem", TextPanel).render()), "the refusal")
        await pilot.press(*"Ben", "enter")  # the name refused is shown selected: typing replaces it
        await until(lambda: isinstance(app.screen, LobbyScreen), "the lobby")
        assert app.person == Person(BEN_KEY, "Ben")
    await server.close()


# ---------------------------------------------------------------------- the lobby cannot be flooded
class Calendar:
    """A wall clock the test moves on by days."""

    def __init__(self) -> None:
        self.t = 1_700_000_000.0

    def __call__(self) -> float:
        return self.t

    def days(self, n: float) -> None:
        self.t += n * 86400


def made_started_and_left(server: TableServer, person: Person) -> int:
    """The issue's attack, once: make a table, start its game, leave it (it is adjourned)."""
    info = server.create_table(person, "", build_rules(2), ["open", "easy"])
    door = server.join(person, info.id, 0)  # every person's seat taken: the game starts
    assert server.table(info.id).state == TableState.PLAYING
    door.leave()
    assert server.table(info.id).state == TableState.ADJOURNED
    return info.id


async def test_one_key_cannot_flood_the_lobby_with_tables(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    server = TableServer(tmp_path, pace=0, max_tables_per_person=3, seed=2026)
    ada = server.person(ADA_KEY, "Ada")
    mine = [made_started_and_left(server, ada) for _ in range(3)]
    with caplog.at_level(logging.WARNING, "kc_tui.net"), pytest.raises(TableError) as refused:
        made_started_and_left(server, ada)
    assert str(refused.value) == (
        "You have 3 tables already (waiting, playing or adjourned: tables 1, 2 and 3): finish or leave "
        "one first, or give up an adjourned game; an adjourned table nobody resumes is closed after 30 days.")
    assert "Ada (SHA256:ada) is refused a table: 3 tables are theirs already (1, 2, 3)" in caplog.text
    assert len(server.tables()) == 3
    # Nor a seat at someone else's table (that would make it hers as well) ...
    ben = server.person(BEN_KEY, "Ben")
    bens = server.create_table(ben, "", build_rules(2), ["open", "open"])
    with pytest.raises(TableError, match="You have 3 tables already"):
        server.join(ada, bens.id, 1)
    # ... but watching is, and resuming her own, and a seat at a table that is hers already.
    server.watch(ada, bens.id).leave()
    door = server.join(ada, mine[0], 0)
    assert server.tables_of(ada) == mine
    door.leave()
    # Under a new name, the same key is the same person.
    with pytest.raises(TableError, match="You have 3 tables already"):
        server.create_table(server.person(ADA_KEY, "Ada Lovelace"), "", build_rules(2), ["open", "easy"])
    await server.close()


async def test_a_player_gives_up_an_adjourned_game_to_make_room(tmp_path: Path) -> None:
    """A network play test adjourned three tables and could then make no new one: leaving an
    adjourned table is nothing to do (nobody sits there), so only playing a whole session out
    made room.  Its maker or a player gives the game up; its table closes for good."""
    server = TableServer(tmp_path, pace=0, max_tables_per_person=3, seed=2026)
    ada, ben = server.person(ADA_KEY, "Ada"), server.person(BEN_KEY, "Ben")
    mine = [made_started_and_left(server, ada) for _ in range(3)]
    with pytest.raises(TableError, match="not yours to give up"):
        server.close_table(ben, mine[0])
    bens = server.create_table(ben, "", build_rules(2), ["open", "open"])
    with pytest.raises(TableError, match="has no adjourned game"):
        server.close_table(ben, bens.id)
    saved = server._tables[mine[0]].save_path
    assert saved.exists()
    server.close_table(ada, mine[0])
    assert mine[0] not in [t.id for t in server.tables()] and not saved.exists()
    assert server.tables_of(ada) == mine[1:]
    made_started_and_left(server, ada)  # room for one more
    await server.close()


async def test_a_table_left_before_its_game_starts_no_longer_counts(tmp_path: Path) -> None:
    server = TableServer(tmp_path, pace=0, max_tables_per_person=1, seed=2026)
    ada, ben = server.person(ADA_KEY, "Ada"), server.person(BEN_KEY, "Ben")
    bens = server.create_table(ben, "", build_rules(3), ["open", "open", "open"])
    server.join(ben, bens.id, 0)
    door = server.join(ada, bens.id, 1)
    with pytest.raises(TableError, match=r"You have 1 tables already \(waiting, playing or adjourned: table "):
        server.create_table(ada, "", build_rules(2), ["open", "easy"])
    door.leave()  # the seat is free again: the table is Ben's only
    assert server.tables_of(ada) == []
    server.create_table(ada, "", build_rules(2), ["open", "easy"])
    await server.close()


async def test_guests_are_counted_each_by_their_person(tmp_path: Path) -> None:
    server = TableServer(tmp_path, pace=0, max_tables_per_person=1, seed=2026)
    gus, gil = server.person(None, "Gus"), server.person(None, "Gil")
    server.create_table(gus, "", build_rules(2), ["open", "open"])
    with pytest.raises(TableError, match="You have 1 tables already"):
        server.create_table(gus, "", build_rules(2), ["open", "open"])
    server.create_table(gil, "", build_rules(2), ["open", "open"])
    await server.close()


async def test_the_server_keeps_at_most_its_number_of_tables(tmp_path: Path,
                                                            caplog: pytest.LogCaptureFixture) -> None:
    server = TableServer(tmp_path, pace=0, max_tables=4, seed=2026)
    people = [server.person(f"SHA256:{k}", f"Player {k}") for k in range(5)]
    for person in people[:4]:
        server.create_table(person, "", build_rules(2), ["open", "open"])
    with caplog.at_level(logging.WARNING, "kc_tui.net"), pytest.raises(TableError) as refused:
        server.create_table(people[4], "", build_rules(2), ["open", "open"])
    assert str(refused.value) == ("The server has 4 tables, as many as it keeps: join one, or try again "
                                  "when a game is over.")
    assert "a table by Player 4 (SHA256:4) is refused: the server has 4 tables, its most" in caplog.text
    server.join(people[4], 1, 1)  # joining one is not refused
    await server.close()


async def test_an_adjourned_table_nobody_resumes_is_closed_after_its_days(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    calendar = Calendar()
    server = TableServer(tmp_path, pace=0, now=calendar, seed=2026)
    ada = server.person(ADA_KEY, "Ada")
    old, fresh = made_started_and_left(server, ada), None
    calendar.days(20)
    fresh = made_started_and_left(server, ada)
    await server.close()
    folder = tmp_path / "tables"
    calendar.days(9)  # the first adjourned 29 days ago: a restart lists both
    again = TableServer(tmp_path, pace=0, now=calendar, seed=2026)
    assert [t.id for t in again.tables()] == [old, fresh]
    calendar.days(2)
    with caplog.at_level(logging.INFO, "kc_tui.net"):
        assert [t.id for t in again.tables()] == [fresh]  # listing the lobby closes the old one
    assert f"table {old} closed: adjourned since" in caplog.text
    assert "nobody resumed it in 30 days; its save is removed, its transcript kept in" in caplog.text
    assert not (folder / f"table-{old}.json").exists() and not (folder / f"table-{old}.table.json").exists()
    assert (folder / f"table-{old}.jsonl").read_text()  # what was played is kept
    await again.close()
    calendar.days(30)
    assert TableServer(tmp_path, pace=0, now=calendar, seed=2026).tables() == ()  # closed at the start too
    forever = TableServer(tmp_path, pace=0, now=calendar, adjourned_days=0, seed=2026)
    made_started_and_left(forever, ada)
    calendar.days(3650)
    assert len(forever.tables()) == 1
    await forever.close()


async def test_a_resumed_table_counts_its_days_from_its_last_adjournment(tmp_path: Path) -> None:
    calendar = Calendar()
    server = TableServer(tmp_path, pace=0, now=calendar, seed=2026)
    ada = server.person(ADA_KEY, "Ada")
    table = made_started_and_left(server, ada)
    calendar.days(25)
    server.join(ada, table, 0).leave()  # resumed, played, adjourned again
    calendar.days(25)
    assert [t.id for t in server.tables()] == [table]
    await server.close()


# ---------------------------------------------------------------------- nothing is lost silently
FULL = "The server cannot save this game (No space left on device); it tries again at every turn."


class Disk:
    """The tables' writes (the saves, the table files, the transcript written whole) failing
    with a full disk while :attr:`full`, as the writer thread and the table find them."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, only: str = "") -> None:
        self.full = False
        self.only = only  # the files that fail, by their name's end ("" all)
        self.failed = 0
        for module, name in ((saving, "write_atomic"), (saving, "append_synced"), (table_module, "write_atomic")):
            real = getattr(module, name)
            monkeypatch.setattr(module, name, self._writer(real))

    def _writer(self, real: Callable[[Path, str], None]) -> Callable[[Path, str], None]:
        def write(path: Path, text: str) -> None:
            if self.full and path.name.endswith(self.only):
                self.failed += 1
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
            real(path, text)
        return write


class Corner:
    """Ada at a table of two with an easy computer, her turns played as an easy computer would."""

    def __init__(self, server: TableServer) -> None:
        self.server = server
        self.ada = server.person(ADA_KEY, "Ada")
        self.info = server.create_table(self.ada, "", build_rules(2), ["open", "easy"], seed=7)
        self.door = server.join(self.ada, self.info.id, 0)
        self.notices: list[str] = []
        self.door.follow(lambda item: self.notices.append(str(item)) if isinstance(item, Notice) else None)
        self.rng = random.Random(1)

    @property
    def game(self) -> Any:
        return corner_referee(self.server, self.info.id)

    async def turns(self, n: int) -> None:
        """Ada plays ``n`` turns (the computer plays between them), and waits for her next."""
        for _ in range(n + 1):
            await until(lambda: self.game.current == 0 or self.game.phase != Phase.TURN, "Ada's turn")
            assert self.game.phase == Phase.TURN, "the seeded round lasts long enough"
            if _ < n:
                play_turn(self.door, self.rng)

    @property
    def transcript(self) -> Path:
        return self.server.data_dir / "tables" / f"table-{self.info.id}.jsonl"


async def test_a_save_that_cannot_be_written_is_told_at_once_retried_and_nothing_is_lost(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    disk = Disk(monkeypatch, only=".json")
    server = TableServer(tmp_path, pace=0, seed=2026)
    table = Corner(server)
    await table.turns(2)
    server.drain()  # the saves of these turns are on the disk before it fills
    disk.full = True
    with caplog.at_level(logging.INFO, "kc_tui.net"):
        await table.turns(3)
        # The saves are written by a thread, which tells the table what it found.
        await until(lambda: disk.failed >= 3, "a save tried again at every turn")
        await until(lambda: any(n.startswith(FULL) for n in table.notices), "the failing save told")
        told = [n for n in table.notices if n.startswith(FULL)]
        assert told == [f"{FULL} Play on: if the server stopped now, the game would go back to round 1, "
                        "turn 5."]  # ... and told once
        assert caplog.text.count("cannot write") == 1
        disk.full = False
        await table.turns(1)
        await until(lambda: table.notices[-1] == "The game is saved again.", "the save written again")
        assert "table-1.json is written again (" in caplog.text
        seen = (table.game.round_no, table.game.turns, list(table.game.hand(0)))
        events = len(table.transcript.read_text().splitlines())
        table.door.leave()
        assert "table 1: adjourned into" in caplog.text
    await server.close()

    again = TableServer(tmp_path, pace=0, seed=2026)
    door = again.join(table.ada, table.info.id, 0)
    game = corner_referee(again, table.info.id)
    assert (game.round_no, game.turns, list(game.hand(0))) == seen  # the last turn anyone saw
    assert len(table.transcript.read_text().splitlines()) == events
    assert not list((tmp_path / "tables").glob("*before-resume*"))
    door.leave()
    await again.close()


async def test_after_a_restart_on_a_full_disk_the_game_says_how_far_back_it_went_and_keeps_what_was_played(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    disk = Disk(monkeypatch)
    server = TableServer(tmp_path, pace=0, seed=2026)
    table = Corner(server)
    await table.turns(2)
    on_disk = (table.game.round_no, table.game.turns, list(table.game.hand(0)))
    server.drain()
    disk.full = True
    await table.turns(4)
    played = table.transcript.read_text()
    with caplog.at_level(logging.INFO, "kc_tui.net"):
        table.door.leave()
        await server.close()  # the disk still full: the save is tried once more, in vain
    assert "adjourned into" not in caplog.text
    assert ("table 1 could not be kept as it is: its save cannot be written (No space left on device): "
            "table-1.json holds the game up to round 1, turn 5") in caplog.text
    assert f"its transcript holds all {len(played.splitlines())} events" in caplog.text
    assert "table 1: its save still cannot be written (No space left on device)" in caplog.text
    disk.full = False

    again = TableServer(tmp_path, pace=0, seed=2026)
    door = again.join(table.ada, table.info.id, 0)
    notices: list[str] = []
    door.follow(lambda item: notices.append(str(item)) if isinstance(item, Notice) else None)
    game = corner_referee(again, table.info.id)
    assert (game.round_no, game.turns, list(game.hand(0))) == on_disk
    assert notices[-1] == ("The game goes on from round 1, turn 5: the last 8 turns were not saved "
                           "(the server could not write its save).")
    kept = tmp_path / "tables" / "table-1.before-resume.jsonl"
    assert kept.read_text() == played  # never cut
    resumed = table.transcript.read_text().splitlines()
    assert len(resumed) < len(played.splitlines()) and resumed[1:] == played.splitlines()[1:len(resumed)]
    door.leave()
    await again.close()


async def test_a_table_resumed_in_the_same_run_once_the_disk_has_room_loses_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    disk = Disk(monkeypatch)
    server = TableServer(tmp_path, pace=0, seed=2026)
    table = Corner(server)
    await table.turns(2)
    disk.full = True
    await table.turns(2)
    seen = (table.game.round_no, table.game.turns, list(table.game.hand(0)))
    table.door.leave()
    disk.full = False
    with caplog.at_level(logging.INFO, "kc_tui.net"):
        door = server.join(table.ada, table.info.id, 0)
    assert "table 1: its save and table file are written at last: nothing was lost" in caplog.text
    game = corner_referee(server, table.info.id)
    assert (game.round_no, game.turns, list(game.hand(0))) == seen
    assert not list((tmp_path / "tables").glob("*before-resume*"))
    door.leave()
    await server.close()


class Broken(io.StringIO):
    """A transcript file on a full disk."""

    def write(self, text: str) -> int:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


async def test_a_transcript_that_cannot_be_written_is_told_and_written_whole_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    disk = Disk(monkeypatch, only=".jsonl")
    server = TableServer(tmp_path, pace=0, seed=2026)
    table = Corner(server)
    await table.turns(1)
    kept = server._tables[table.info.id]
    kept.transcript.file = Broken()
    disk.full = True
    await table.turns(2)
    assert table.notices.count("The server cannot write this game's transcript (No space left on device); "
                               "it tries again at every turn.") == 1
    assert disk.failed >= 2
    disk.full = False
    await table.turns(1)
    assert table.notices[-1] == "The game's transcript is written again, whole."
    lines = table.transcript.read_text().splitlines()
    assert lines == [kept.game.encode(e) for e in kept.events]
    assert replay(lines).turns == table.game.turns
    await server.close()


async def test_a_kings_reverse_table_tells_a_failing_save_and_mends_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    disk = Disk(monkeypatch, only=".json")
    server = TableServer(tmp_path, pace=0, seed=2026)
    ada = server.person(ADA_KEY, "Ada")
    info = server.create_table(ada, "", reverse_rules(2), ["open", "easy"], seed=21)
    door = server.join(ada, info.id, 0)
    assert isinstance(door, ReverseDoor)
    notices: list[str] = []
    door.follow(lambda item: notices.append(str(item)) if isinstance(item, Notice) else None)
    game = reverse_referee(server, info.id)
    rng = random.Random(9)

    async def acts(n: int) -> None:
        for _ in range(n):
            await until(lambda: game.current == 0 and door.my_turn(), "Ada's turn")
            act_as_computer(door, rng)
        await until(lambda: game.current == 0 and door.my_turn(), "Ada's turn")

    await acts(1)
    disk.full = True
    await acts(2)
    await until(lambda: [n for n in notices if n.startswith(FULL)] != [], "the failing save told")
    disk.full = False
    await acts(1)
    await until(lambda: notices[-1] == "The game is saved again.", "the save written again")
    before = door.view()
    door.leave()
    await server.close()
    again = TableServer(tmp_path, pace=0, seed=2026)
    door = again.join(ada, info.id, 0)
    assert isinstance(door, ReverseDoor)
    after = door.view()
    assert (after.round, after.hand, after.pile, after.current) == (before.round, before.hand, before.pile,
                                                                    before.current)
    assert not list((tmp_path / "tables").glob("*before-resume*"))  # its transcript goes on as it was
    door.leave()
    await again.close()


def test_where_a_game_goes_on_from_is_said_in_its_own_words() -> None:
    corner, reverse = table_games().values()
    dealt = ["session_start", "round_start", "turn_start", "draw", "play", "turn_end", "turn_start", "play"]
    assert str(corner.where(dealt)) == "round 1, turn 2" and corner.turns(dealt) == 1
    assert str(corner.where(dealt + ["turn_end"])) == "round 1, turn 3"
    assert str(corner.where(["session_start"])) == "its first deal"
    played = ["session_start", "round_start", "play", "draw", "play", "pass", "round_end", "round_start", "play"]
    assert str(reverse.where(played)) == "round 2, play 2" and reverse.turns(played) == 3


def test_an_emoji_asking_for_its_look_is_kept_and_folded() -> None:
    assert check_name("\u2660\ufe0f Sam") == "\u2660\ufe0f Sam"  # the spade drawn as an emoji
    assert name_key("\u2660\ufe0f Sam") == name_key("\u2660 Sam")


async def test_a_table_saved_under_a_name_a_later_rule_refuses_is_still_listed(tmp_path: Path) -> None:
    server = TableServer(tmp_path, pace=0, seed=2026)
    ada = server.person(ADA_KEY, "Ada")
    info = server.create_table(ada, "Night", build_rules(2), ["open", "hard"], seed=3)
    door = server.join(ada, info.id, 0)
    await until(lambda: door.view().current == 0, "Ada's turn")
    door.leave()
    await server.close()
    meta_path = tmp_path / "tables" / f"table-{info.id}.table.json"
    meta = json.loads(meta_path.read_text())
    meta["name"] = "Family \U0001f468\u200d\U0001f469 night"  # an emoji joined by U+200D
    meta_path.write_text(json.dumps(meta))
    again = TableServer(tmp_path, pace=0, seed=2026)
    # Listed, its joiner shown as an escape as everything invisible a file holds is.
    assert [t.name for t in again.tables()] == ["Family \U0001f468\\u200d\U0001f469 night"]
    await again.close()
