"""``kings-corner serve --web``: a browser tab (its websocket, driven as the page drives it) and an
SSH session at one table of one table server, the browser playing cards by keystrokes; what the
browser is sent is checked for cards it must not see, as the SSH clients' bytes are; the browser
is known again by its cookie, which is its seat token."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import aiohttp
import pytest
from sshclient import Player, fingerprint, new_key
from webtab import open_tab, play_turn

from kc_tui.core.kinds import Phase
from kc_tui.games.kings_corner.engine.rules import build_rules
from kc_tui.net import TableServer, TableState
from kc_tui.ssh import GameSSHServer
from kc_tui.ssh.gate import Gate, GateLimits
from kc_tui.ssh.lobby import lobby_front_ends
from kc_tui.ssh.workers import Workers
from kc_tui.storage import Settings
from kc_tui.tui.host import screenshots_folder
from kc_tui.tui.lobby import LobbyApp
from kc_tui.web import REFUSED, STOPPED
from kc_tui.web.tables import COOKIE, BrowserTables

from .test_ssh_tables import SIZE, WORKERS, Referee, Watched, until

pytestmark = pytest.mark.timeout(400)


@WORKERS
async def test_a_browser_and_an_ssh_player_sit_at_one_table_and_play(tmp_path: Path, workers: int) -> None:
    tables = TableServer(tmp_path, grace=60, pace=0, seed=2026)
    gate = Gate(GateLimits(per_minute=1000))
    ssh: GameSSHServer | Workers
    web: BrowserTables | None = None
    if workers:  # both ports the tables' process listens on; the sessions and tabs in the workers
        ssh = Workers(workers, tables, tmp_path / "host_key", port=0, gate=gate,
                      web={"port": 0, "max_tabs": 64, "tabs_per_address": 8})
        await ssh.start()
        assert isinstance(ssh, Workers) and ssh.web_port is not None
        web_port = ssh.web_port
    else:
        ssh = GameSSHServer(lobby_front_ends(tables), tmp_path / "host_key", port=0, gate=gate)
        await ssh.start()
        web = BrowserTables(lambda key: LobbyApp(tables, key=key, settings=Settings()), "127.0.0.1", 0)
        await web.start()
        web_port = web.port
    address = f"http://127.0.0.1:{web_port}"
    ada = None
    try:
        ada_key = new_key()
        owner = tables.person(fingerprint(ada_key), "Ada")
        info = tables.create_table(owner, "Friday", build_rules(2), ["open", "open"], seed=3)
        referee = Referee(tables, info.id)
        ada = await Player.open(ssh.port, ada_key, columns=SIZE[0], rows=SIZE[1])
        async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as session:
            async with session.get(address + "/") as response:  # the page gives the browser its cookie
                assert response.status == 200
            assert COOKIE in {cookie.key for cookie in session.cookie_jar}
            ben = await open_tab(session, address, width=SIZE[0], height=SIZE[1])
            leaks = [Watched(ada, referee, lambda: 0, "Ada (SSH)"), Watched(ben, referee, lambda: 1, "Ben (browser)")]
            await ben.wait_for("Your name at the tables")
            await ben.keys(*"Ben", "enter")
            await ada.wait_for("Welcome")
            await ben.wait_for("Welcome")
            ada.press("1")
            await ada.wait_for("Press s to start it")
            await ben.keys("2")  # the last open seat: the game starts
            await until(lambda: tables.table(info.id).state == TableState.PLAYING, "the game started")
            seated = {slot.person.name: slot.person.key for slot in tables._tables[info.id].slots if slot.person}
            assert seated["Ada"] == fingerprint(ada_key) and seated["Ben"].startswith("browser:")
            game = referee.game()
            assert game is not None
            await ada.wait_for("Hand")
            await ben.wait_for("Hand")
            # Each ends a turn in their own way; the other's screen shows it.
            for _ in range(2):
                mover = game.current
                turns = game.turns
                press = ada.press if mover == 0 else None
                if mover == 0:
                    ada.press("e")
                else:
                    await ben.keys("e")
                screen = ada.text if mover == 0 else ben.text
                # With moves still open the table asks first (e again or y ends the turn).
                await until(lambda turns=turns, screen=screen: "still open" in screen() or game.turns != turns,
                            f"seat {mover}'s e answered")
                if game.turns == turns:
                    if press is not None:
                        press("y")
                    else:
                        await ben.keys("y")
                await until(lambda turns=turns: game.turns != turns or game.phase != Phase.TURN,
                            f"seat {mover} ended the turn; Ada's screen:\n{ada.text()}\nBen's:\n{ben.text()}")
                if mover == 0:  # the other one's screen shows it
                    await ben.wait_for("Ada ends the turn")
                else:
                    await ada.wait_for("Ben ends the turn")
            # The browser plays cards by keystrokes (the hint's plan typed on the command line),
            # until a card of its own has gone down.
            played: list[str] = []
            for _ in range(12):
                if played or game.phase != Phase.TURN:
                    break
                turns = game.turns
                if game.current == 0:
                    ada.press("e")
                    await until(lambda turns=turns: "still open" in ada.text() or game.turns != turns,
                                "Ada's e answered")
                    if game.turns == turns:
                        ada.press("y")
                else:
                    await ben.wait_for("Your turn")
                    # The turn rang the bell, which the page makes a mark on its tab's title
                    # (tests/platform/web/test_browser.py); not asked for in the settings.
                    assert ben.screen.bells, "the browser's turn rang no bell"
                    played += await play_turn(ben.keys, ben.screen.joined)
                    await ben.keys("escape")  # the command line stays open at a networked table
                    if game.turns == turns and game.phase == Phase.TURN:
                        await ben.wait_for("still open", "Press e again")
                        await ben.keys("y")
                await until(lambda turns=turns: game.turns != turns or game.phase != Phase.TURN,
                            f"the turn ended; Ben's screen:\n{ben.text()}")
            events = [json.loads(line) for line in
                      (tmp_path / "tables" / f"table-{info.id}.jsonl").read_text().splitlines()]
            bens = [[e.get("card", e.get("from")), e.get("pile", e.get("to"))]
                    for e in events if e["event"] in ("play", "move") and e["player"] == 1]
            assert played and bens == [command.upper().split() for command in played], (played, bens)
            assert not [leak for w in leaks for leak in w.leaks]
            await ben.ws.close()
            await until(lambda: not tables._tables[info.id].slots[1].connected, "the tab's app ended")
            # The same browser (its cookie) is the same person: its name is known on the next visit.
            again = await open_tab(session, address, width=SIZE[0], height=SIZE[1])
            await again.wait_for("Welcome back, Ben")
            await again.ws.close()
    finally:
        if ada is not None:
            await ada.close()
        if web is not None:
            await web.stop()
        await ssh.stop()
        await tables.close()


def test_serve_web_with_authorized_keys_needs_guests(tmp_path: Path) -> None:
    keys = tmp_path / "keys"
    keys.write_text("")
    done = subprocess.run([sys.executable, "-m", "kc_tui", "serve", "--port", "0", "--web", "0",
                           "--authorized-keys", str(keys), "--data-dir", str(tmp_path)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert "with --authorized-keys that takes --guests as well" in done.stderr


async def test_a_browser_takes_its_seat_back_after_the_grace_and_no_other_browser_can(tmp_path: Path) -> None:
    """The cookie is the browser's seat token: after the grace time the computer plays the seat
    until the same browser comes back; another browser (another cookie) is refused the seat, and
    a browser that watches is sent no hand."""
    tables = TableServer(tmp_path, grace=0.5, pace=0, seed=2026)
    web = BrowserTables(lambda key: LobbyApp(tables, key=key, settings=Settings()), "127.0.0.1", 0)
    await web.start()
    address = f"http://127.0.0.1:{web.port}"
    sessions = [aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) for _ in range(3)]
    ben_browser, dan_browser, cat_browser = sessions
    try:
        ada = tables.person("SHA256:ada", "Ada")
        info = tables.create_table(ada, "Friday", build_rules(2), ["open", "open"])
        referee = Referee(tables, info.id)
        tables.join(ada, info.id, 0)
        for session in sessions:
            async with session.get(address + "/") as response:
                assert response.status == 200
        ben = await open_tab(ben_browser, address, width=SIZE[0], height=SIZE[1])
        await ben.wait_for("Your name at the tables")
        await ben.keys(*"Ben", "enter")
        await ben.wait_for("Welcome")
        await ben.keys("2")
        await until(lambda: tables.table(info.id).state == TableState.PLAYING, "the game started")
        await ben.wait_for("Hand")
        slot = tables._tables[info.id].slots[1]
        assert slot.person is not None and slot.person.name == "Ben"
        ben_key = slot.person.key

        cat = await open_tab(cat_browser, address, width=SIZE[0], height=SIZE[1])
        watched = Watched(cat, referee, lambda: None, "Cat (browser, watching)")
        await cat.wait_for("Your name at the tables")
        await cat.keys(*"Cat", "enter")
        await cat.wait_for("Welcome")
        await cat.keys("w")
        await until(lambda: len(tables._tables[info.id].spectators) == 1, "Cat watches")
        await cat.wait_for("Stock")

        await ben.ws.close()  # the tab is closed, or the laptop's lid
        await until(lambda: slot.stand_in, "the computer plays Ben's seat after the grace time")
        await cat.wait_for("plays for Ben")

        dan = await open_tab(dan_browser, address, width=SIZE[0], height=SIZE[1])
        await dan.wait_for("Your name at the tables")
        await dan.keys(*"Dan", "enter")
        await dan.wait_for("Welcome")
        await dan.keys("2")
        await dan.wait_for("Seat 2 is Ben's")
        assert slot.person.key == ben_key and slot.stand_in, "the seat stayed Ben's"

        again = await open_tab(ben_browser, address, width=SIZE[0], height=SIZE[1])
        await again.wait_for("Welcome back, Ben")  # the same browser is known by its cookie
        await again.keys("enter")  # Enter on the table takes one's own seat again
        await cat.wait_for("Ben is back in seat 2")
        # Back at the table: his hand, or the round's end if the stand-in's play ended the round.
        await again.wait_for("Hand", "Round over")
        assert slot.connected and slot.person.key == ben_key
        assert watched.leaks == []
        for tab in (cat, dan, again):
            await tab.ws.close()
        await until(lambda: not web.tabs, "every tab's app ended")
    finally:
        for session in sessions:
            await session.close()
        await web.stop()
        await tables.close()


async def test_a_tab_without_the_cookie_is_told_to_allow_it_and_gets_no_lobby(tmp_path: Path) -> None:
    tables = TableServer(tmp_path, grace=60, pace=0, seed=2026)
    web = BrowserTables(lambda key: LobbyApp(tables, key=key, settings=Settings()), "127.0.0.1", 0)
    await web.start()
    address = f"http://127.0.0.1:{web.port}"
    try:
        async with aiohttp.ClientSession() as session:  # a browser that keeps no cookie
            tab = await open_tab(session, address)
            await tab.closed.wait()
            said = tab.screen.joined()
            assert "did not keep the page's cookie" in said and "Allow cookies for this address" in said
            assert not web.tabs, "no lobby was made for it"
            assert tab.ws.close_code == REFUSED
    finally:
        await web.stop()
        await tables.close()


async def test_the_tables_page_says_the_tables_when_it_closes_and_screen_readers_where_to_go(
        tmp_path: Path) -> None:
    """The page's dialog once the connection ends speaks of the tables and of the seat held,
    not of the title screen of ``kings-corner web``; a screen reader is pointed to the line mode;
    the page's title names the games."""
    tables = TableServer(tmp_path, grace=60, pace=0, seed=2026)
    web = BrowserTables(lambda key: LobbyApp(tables, key=key, settings=Settings()), "127.0.0.1", 0,
                        ssh_port=2222)
    await web.start()
    try:
        async with aiohttp.ClientSession() as session:
            async with session.get(f"http://127.0.0.1:{web.port}/") as response:
                page = await response.text()
            async with session.get(f"http://127.0.0.1:{web.port}/?lang=fr") as response:
                french = await response.text()
        assert "Back to the tables" in page and "press Enter on your table" in page
        assert "title screen" not in page
        # Its title names every game its tables play, in the page's language.
        assert "<title>Tables: Kings in the Corner, Kings Reverse</title>" in page
        assert "<title>Tables\u00a0: Les rois dans les coins, Kings Reverse</title>" in french
        # A screen reader is told where the tables can be read: their line mode over SSH.
        assert "screen readers cannot read" in page and "connect with ssh -p 2222 127.0.0.1 plain" in page
    finally:
        await web.stop()
        await tables.close()


async def test_a_browser_at_the_tables_is_offered_no_screenshot(tmp_path: Path) -> None:
    """A play test: Ctrl+P's Screenshot in a browser at ``serve --web`` wrote an SVG on the
    server's disk (this tab's driver is no download) as often as a guest asked, and showed
    them the server's path. It is not offered there, as over SSH, and does nothing if asked."""
    tables = TableServer(tmp_path, pace=0, seed=2026)
    apps: list[LobbyApp] = []

    def app_for(key: str) -> LobbyApp:
        apps.append(LobbyApp(tables, key=key, settings=Settings()))
        return apps[-1]

    web = BrowserTables(app_for, "127.0.0.1", 0)
    await web.start()
    address = f"http://127.0.0.1:{web.port}"
    try:
        async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as browser:
            async with browser.get(address + "/") as response:
                assert response.status == 200
            tab = await open_tab(browser, address, width=SIZE[0], height=SIZE[1])
            await tab.wait_for("Your name at the tables")
            await tab.keys(*"Wendy", "enter")
            await tab.wait_for("Welcome")
            app = apps[-1]
            titles = [command.title for command in app.get_system_commands(app.screen)]
            assert titles and "Screenshot" not in titles
            folder = screenshots_folder()
            before = set(folder.glob("*.svg")) if folder.is_dir() else set()
            app.action_screenshot()  # (asked for all the same: it returns having written nothing)
            await tab.ws.close()
        assert (set(folder.glob("*.svg")) if folder.is_dir() else set()) == before
    finally:
        await web.stop()


@WORKERS
async def test_a_tab_is_told_that_the_server_stops(tmp_path: Path, workers: int) -> None:
    """As SSH sessions hear the server's goodbye, a tab's websocket is closed with STOPPED, for
    which the page shows its "the server has stopped" dialog (tests/platform/web/test_browser.py)."""
    tables = TableServer(tmp_path, grace=60, pace=0, seed=2026)
    server: BrowserTables | Workers
    if workers:
        server = Workers(workers, tables, tmp_path / "host_key", port=0,
                         web={"port": 0, "max_tabs": 64, "tabs_per_address": 8})
        await server.start()
        assert server.web_port is not None
        port = server.web_port
    else:
        server = BrowserTables(lambda key: LobbyApp(tables, key=key, settings=Settings()), "127.0.0.1", 0)
        await server.start()
        port = server.port
    address = f"http://127.0.0.1:{port}"
    stopped = False
    try:
        async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as session:
            async with session.get(address + "/") as response:
                assert response.status == 200
            tab = await open_tab(session, address)
            await tab.wait_for("Your name at the tables")
            stopped = True
            await server.stop()
            await until(tab.closed.is_set, "the tab closed")
            assert tab.ws.close_code == STOPPED
    finally:
        if not stopped:
            await server.stop()
        await tables.close()
