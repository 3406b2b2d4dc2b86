"""The table server against careless and hostile clients (issue 25): names that pass for
someone else's, a lobby flooded with tables, saves that cannot be written."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path
from typing import Callable

import pytest

from kc_tui.net.tables import Person, TableError, TableServer, check_name, name_key
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
