"""The table server against careless and hostile clients (issue 25): names that pass for
someone else's, a lobby flooded with tables, saves that cannot be written."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path
from typing import Callable

import pytest

from kc_tui.engine.rules import build_rules
from kc_tui.net.tables import Person, TableError, TableServer, TableState, check_name, name_key
from kc_tui.plain_lobby import run_plain_lobby
from kc_tui.tui.lobby import LobbyApp, LobbyScreen, NameScreen
from kc_tui.tui.widgets import TextPanel

ADA_KEY, BEN_KEY = "SHA256:ada", "SHA256:ben"
TAKEN = "That name is taken by another player; choose another."


async def until(condition: Callable[[], bool], what: str, limit: float = 30.0) -> None:
    """Wait for ``condition`` (the limit only stops a hang)."""
    loop = asyncio.get_running_loop()
    end = loop.time() + limit
    while not condition():
        if loop.time() > end:
            raise AssertionError(f"never happened: {what}")
        await asyncio.sleep(0.005)


# ---------------------------------------------------------------------- names are people's
async def test_a_name_held_by_one_key_is_refused_to_another(tmp_path: Path,
                                                            caplog: pytest.LogCaptureFixture) -> None:
    server = TableServer(tmp_path, pace=0)
    server.person(ADA_KEY, "Ada")
    with caplog.at_level(logging.INFO, "kc_tui.net"), pytest.raises(TableError, match=TAKEN):
        server.person(BEN_KEY, "Ada")
    assert "the name 'Ada' is refused to SHA256:ben: SHA256:ada goes by it" in caplog.text
    # After a restart too: players.json binds the name to its key.
    again = TableServer(tmp_path, pace=0)
    with pytest.raises(TableError, match=TAKEN):
        again.person(BEN_KEY, "Ada")
    assert again.person(ADA_KEY, "Ada").name == "Ada"


@pytest.mark.parametrize("lookalike", [
    "ada", "ADA", " Ada ", "Ａｄａ",  # case, spaces, full width (NFKC)
    "\U0001d400\U0001d41d\U0001d41a",  # mathematical bold (NFKC)
    "\u0410da", "Ad\u0430", "\u0391da",  # a Cyrillic or Greek capital A, a Cyrillic small a
    "Ad\u00e1", "Ada\u0301",  # an accent, precomposed or combining
])
async def test_a_lookalike_of_a_held_name_is_refused(tmp_path: Path, lookalike: str) -> None:
    server = TableServer(tmp_path, pace=0)
    server.person(ADA_KEY, "Ada")
    with pytest.raises(TableError, match=TAKEN):
        server.person(BEN_KEY, lookalike)
    with pytest.raises(TableError, match=TAKEN):
        server.person(None, lookalike)  # nor may a guest take it


@pytest.mark.parametrize("hidden", ["\u200b", "\u200d", "\ufeff", "\u202e", "\u2066", "\u00ad", "\u3164",
                                    "\ufe0f", "\u034f"])
async def test_an_invisible_character_is_refused_not_stripped(tmp_path: Path, hidden: str) -> None:
    server = TableServer(tmp_path, pace=0)
    with pytest.raises(TableError, match=f"may not hold invisible characters; this one holds "
                                         f"U\\+{ord(hidden):04X}"):
        server.person(BEN_KEY, f"Ad{hidden}a")
    assert server.known_name(BEN_KEY) is None


def test_name_key_tells_apart_what_looks_different() -> None:
    assert name_key("Ada") != name_key("Ida")
    assert name_key("Ben") != name_key("Bea")
    assert name_key("Ivan") == name_key("\u0406van")  # Cyrillic I
    assert name_key("Olga") == name_key("0lga") == name_key("O1ga")  # a zero, a one for an l
    assert check_name("  Zoë   Smith ") == "Zoë Smith"  # an accent is shown as typed


async def test_the_same_key_keeps_and_changes_its_name_and_frees_the_old(tmp_path: Path) -> None:
    server = TableServer(tmp_path, pace=0)
    assert server.person(ADA_KEY, "Ada").name == "Ada"
    assert server.person(ADA_KEY, "ADA").name == "ADA"  # its own name, written otherwise
    assert server.person(ADA_KEY, "Ada Lovelace").name == "Ada Lovelace"
    assert server.person(BEN_KEY, "Ada").name == "Ada"  # no longer anyone's
    with pytest.raises(TableError, match=TAKEN):
        server.person(BEN_KEY, "ada lovelace")


async def test_two_guests_at_once_cannot_share_a_name_and_a_guests_name_is_free_when_gone(
        tmp_path: Path) -> None:
    server = TableServer(tmp_path, pace=0)
    gus = server.person(None, "Gus")
    with pytest.raises(TableError, match=TAKEN):
        server.person(None, "GUS")
    with pytest.raises(TableError, match=TAKEN):
        server.person(ADA_KEY, "Gus")  # a key cannot take it from the guest connected now
    server.left(gus)
    assert server.person(None, "Gus").guest


async def test_the_line_mode_asks_again_for_a_name_that_is_taken(tmp_path: Path) -> None:
    server = TableServer(tmp_path, pace=0)
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
    server = TableServer(tmp_path, pace=0)
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
    server = TableServer(tmp_path, pace=0, max_tables_per_person=3)
    ada = server.person(ADA_KEY, "Ada")
    mine = [made_started_and_left(server, ada) for _ in range(3)]
    with caplog.at_level(logging.WARNING, "kc_tui.net"), pytest.raises(TableError) as refused:
        made_started_and_left(server, ada)
    assert str(refused.value) == (
        "You have 3 tables already (waiting, playing or adjourned: tables 1, 2 and 3): finish or leave "
        "one first; an adjourned table nobody resumes is closed after 30 days.")
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


async def test_a_table_left_before_its_game_starts_no_longer_counts(tmp_path: Path) -> None:
    server = TableServer(tmp_path, pace=0, max_tables_per_person=1)
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
    server = TableServer(tmp_path, pace=0, max_tables_per_person=1)
    gus, gil = server.person(None, "Gus"), server.person(None, "Gil")
    server.create_table(gus, "", build_rules(2), ["open", "open"])
    with pytest.raises(TableError, match="You have 1 tables already"):
        server.create_table(gus, "", build_rules(2), ["open", "open"])
    server.create_table(gil, "", build_rules(2), ["open", "open"])
    await server.close()


async def test_the_server_keeps_at_most_its_number_of_tables(tmp_path: Path,
                                                            caplog: pytest.LogCaptureFixture) -> None:
    server = TableServer(tmp_path, pace=0, max_tables=4)
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
    server = TableServer(tmp_path, pace=0, now=calendar)
    ada = server.person(ADA_KEY, "Ada")
    old, fresh = made_started_and_left(server, ada), None
    calendar.days(20)
    fresh = made_started_and_left(server, ada)
    await server.close()
    folder = tmp_path / "tables"
    calendar.days(9)  # the first adjourned 29 days ago: a restart lists both
    again = TableServer(tmp_path, pace=0, now=calendar)
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
    assert TableServer(tmp_path, pace=0, now=calendar).tables() == ()  # closed at the start too
    forever = TableServer(tmp_path, pace=0, now=calendar, adjourned_days=0)
    made_started_and_left(forever, ada)
    calendar.days(3650)
    assert len(forever.tables()) == 1
    await forever.close()


async def test_a_resumed_table_counts_its_days_from_its_last_adjournment(tmp_path: Path) -> None:
    calendar = Calendar()
    server = TableServer(tmp_path, pace=0, now=calendar)
    ada = server.person(ADA_KEY, "Ada")
    table = made_started_and_left(server, ada)
    calendar.days(25)
    server.join(ada, table, 0).leave()  # resumed, played, adjourned again
    calendar.days(25)
    assert [t.id for t in server.tables()] == [table]
    await server.close()
