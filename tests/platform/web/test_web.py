"""``kings-corner web`` end to end, without a browser: the server started on a free loopback port,
each tab driven through its websocket as textual-serve's page drives it, the game's screen read
from the terminal output it carries (pyte)."""

from __future__ import annotations

import asyncio
import html
import json
import os
import re
import signal
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import aiohttp
import pytest
from referee import check_transcript
from webtab import WAIT, Tab, open_tab, play_turn, round_over, save_events, web_server

from kc_tui.storage import SaveError, lock_save, unlock_save
from kc_tui.web import REFUSED, STOPPED, is_loopback

pytestmark = pytest.mark.timeout(180)


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []
        self.scripts: list[str] = []
        self._in_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._in_script = tag in ("script", "style")
        for name, value in attrs:
            if name in ("href", "src") and value:
                self.links.append(value)

    def handle_data(self, data: str) -> None:
        if self._in_script:
            self.scripts.append(data)


def without_table(font: bytes, tag: bytes) -> bytes:
    """A TrueType font's bytes with one table (found in its table directory) blanked out."""
    tables = int.from_bytes(font[4:6], "big")
    for record in range(12, 12 + 16 * tables, 16):
        if font[record:record + 4] == tag:
            offset = int.from_bytes(font[record + 8:record + 12], "big")
            length = int.from_bytes(font[record + 12:record + 16], "big")
            return font[:offset] + bytes(length) + font[offset + length:]
    raise AssertionError(f"the font has no {tag!r} table")


CSS_URL = re.compile(r"""url\(\s*["']?([^"')]+)["']?\s*\)""")
ABSOLUTE = re.compile(r"""(?i)(?:https?|wss?):(?://|\\/\\/)[^\s"'`)<>]*""")
COMMENT = re.compile(r"/\*.*?\*/", re.S)


async def test_the_page_and_every_asset_it_loads_come_from_the_server_alone() -> None:
    """Offline: the page names no other site (textual-serve's own page asks a web font service),
    every file it loads is served, and no byte of any of them names an address elsewhere: the
    page, the script, the style sheet (its licence comments aside: a comment loads nothing) and
    the fonts (their name tables aside, which hold the licence's and the makers' addresses as
    text). The tables of ``serve --web`` serve the same page and files."""
    with web_server() as served:
        origin = served.address
        async with aiohttp.ClientSession() as session:
            async with session.get(origin + "/") as response:
                assert response.status == 200
                page = await response.text()
                policy = response.headers["Content-Security-Policy"]
            assert "default-src 'self'" in policy and "https:" not in policy
            assert "frame-ancestors 'none'" in policy and response.headers["X-Frame-Options"] == "DENY"
            parser = _Links()
            parser.feed(page)
            inline = "\n".join(parser.scripts)
            assets = [urljoin(origin + "/", link) for link in parser.links]
            assets += [urljoin(origin + "/", link) for link in CSS_URL.findall(inline)]
            assert any(a.endswith(".js") for a in assets) and any(a.endswith(".css") for a in assets)
            assert any(a.endswith(".ttf") for a in assets), "the font comes from the server"
            bodies = {origin + "/": page}
            fonts: dict[str, bytes] = {}
            for asset in assets:
                async with session.get(asset) as response:
                    assert response.status == 200, asset
                    body = await response.read()
                if asset.endswith((".css", ".js")):
                    text = body.decode()
                    bodies[asset] = COMMENT.sub("", text) if asset.endswith(".css") else text
                    assets += [urljoin(asset, u) for u in CSS_URL.findall(bodies[asset])
                               if not u.startswith("data:")]
                else:
                    fonts[asset] = body
            elsewhere = {
                (where, url) for where, body in bodies.items() for url in ABSOLUTE.findall(body)
                if urlsplit(url).netloc != urlsplit(origin).netloc
            }
            assert not elsewhere, elsewhere
            # A font names its licence and makers' sites in its name table (text a browser shows
            # in no page and never fetches): anywhere else in its bytes an address is a fault.
            assert fonts and all(asset.endswith(".ttf") for asset in fonts), list(fonts)
            for asset, font in fonts.items():
                rest = without_table(font, b"name")
                for text in (rest.decode("latin-1"), rest.decode("utf-16-be", "replace"),
                             rest[1:].decode("utf-16-be", "replace")):
                    assert not ABSOLUTE.search(text), (asset, ABSOLUTE.search(text))
            assert f'data-session-websocket-url="ws://127.0.0.1:{urlsplit(origin).port}/ws"' in page
            assert "Back to the title screen" in page, "the page says where its button goes"
            assert "screen readers cannot read" in page and "kings-corner play --plain" in page


async def test_a_tab_opens_the_title_plays_a_card_of_a_quick_game_and_leaves(tmp_path: Path) -> None:
    data = Path(os.environ["KC_TUI_DATA_DIR"])
    with web_server() as served:
        async with aiohttp.ClientSession() as session:
            tab = await open_tab(session, served.address)
            screen = await tab.wait_for("Quick game")
            assert "New game" in screen and "Continue a saved game" in screen and "Statistics" in screen
            assert len(served.wait_for_tabs(1)) == 1, "each tab is a game process of its own"
            await tab.keys("g")
            await tab.wait_for("Hand")
            played: list[str] = []
            while not played:
                await tab.wait_for("Your turn", "Deal the next round", "See the final scores", "Play again")
                if round_over(tab.screen.joined()):
                    break  # a deal that ends before a card of ours fits: the round is played all the same
                played = await play_turn(tab.keys, tab.screen.joined)
            await tab.keys("q")
            stops = ("Leave the game?", "Quick game", "Deal the next round", "See the final scores", "Play again")
            screen = await tab.wait_for(*stops)
            for _ in range(6):
                if "Quick game" in screen:
                    break
                before = tab.screen.joined()
                if round_over(screen):
                    # The computers ended the round meanwhile (before the question, or between it
                    # and our answer): its dialog stands over the question, and its q leaves the
                    # game as well (after the session's end, t goes to the title).
                    await tab.keys("t" if "Play again" in screen else "q")
                elif "Leave the game?" in screen:
                    await tab.keys("y")
                screen = await tab.wait_until(
                    lambda now, _before=before: now != _before and any(t in now for t in stops), what=stops,
                )
            assert "Quick game" in screen
            if not tab.closed.is_set():  # (a q meant for a dialog that had just closed quits the title)
                try:
                    await tab.keys("q")
                except aiohttp.ClientConnectionResetError:
                    pass  # the tab was closing already, for that same reason
            await asyncio.wait_for(tab.closed.wait(), 30)  # quitting the title closes the tab
        assert served.wait_for_tabs(0) == [], "the tab's game process ended with it"
    events = save_events(data)
    assert events[0]["event"] == "session_start"
    moves = [[e.get("card", e.get("from")), e.get("pile", e.get("to"))]
             for e in events if e["event"] in ("play", "move") and e["player"] == 0]
    assert played or any(e["event"] == "round_end" for e in events), events[-5:]
    if played:  # the commands typed are the person's last moves in the save
        assert moves[-len(played):] == [command.upper().split() for command in played]
    check_transcript((json.dumps(e) for e in events), unfinished=True)


async def test_the_rules_statistics_settings_and_kings_reverse_open_in_a_tab() -> None:
    """Every item of the title screen works in a browser tab: the rules, the statistics, the
    settings (a change is saved for the next tab, and the next game), the saved games, the
    second game."""
    config = Path(os.environ["KC_TUI_CONFIG_DIR"])
    with web_server() as served:
        async with aiohttp.ClientSession() as session:
            tab = await open_tab(session, served.address, width=100, height=30)
            await tab.wait_for("Quick game")
            await tab.keys("r")
            await tab.wait_for("The rules")
            await tab.keys("escape")
            await tab.wait_for("Quick game")
            await tab.keys("t")
            await tab.wait_for("No finished sessions yet")
            await tab.keys("escape")
            await tab.wait_for("Quick game")
            await tab.keys("s")
            await tab.wait_for("Theme < default >")
            await tab.keys("right")
            await tab.wait_for("Theme < light >")
            await tab.keys("escape")
            await tab.wait_for("Quick game")
            assert 'theme = "light"' in (config / "settings.toml").read_text()
            await tab.keys("c")
            await tab.wait_for("Continue a saved game: no saved games yet.")  # refused, and why
            await tab.keys("v")  # the second game, Kings Reverse
            await tab.wait_for("Suit to follow")
            await tab.keys("q")
            await tab.wait_for("Leave the game?")
            await tab.keys("y")
            await tab.wait_for("Quick game")
            await tab.ws.close()
            again = await open_tab(session, served.address, width=100, height=30)
            await again.wait_for("Quick game")
            await again.keys("s")
            await again.wait_for("Theme < light >")  # the next tab starts with the setting
            await again.ws.close()
        assert served.wait_for_tabs(0) == []


async def test_a_screenshot_is_downloaded_and_fetches_nothing_from_the_internet() -> None:
    """Ctrl+P's Screenshot in a tab: the game delivers the SVG as a file to download (not a page
    opened in a tab), and neither the file (Rich names a copy of its font on a CDN) nor the
    headers it comes with let a browser fetch anything."""
    with web_server() as served:
        async with aiohttp.ClientSession() as session:
            tab = await open_tab(session, served.address, width=100, height=30)
            await tab.wait_for("Quick game")
            await tab.keys("\x10")  # Ctrl+P
            await tab.wait_for("Search for commands")
            await tab.keys(*"screenshot")
            await tab.wait_for("Save a picture of the screen")
            await tab.keys("enter")
            deadline = asyncio.get_running_loop().time() + WAIT
            while not any(m[0] == "deliver_file_start" for m in tab.texts):
                assert asyncio.get_running_loop().time() < deadline, tab.texts
                await asyncio.sleep(0.05)
            key = next(m[1] for m in tab.texts if m[0] == "deliver_file_start")
            async with session.get(f"{served.address}/download/{key}") as response:
                body = await response.text()
                headers = response.headers
            await tab.ws.close()
    assert headers["Content-Disposition"].startswith("attachment; filename=")
    assert "default-src 'none'" in headers["Content-Security-Policy"]
    assert body.lstrip().startswith("<svg") and "Quick game" in body.replace("&#160;", " ")
    assert re.search(r"(url\(|href=|src=)[\"']?[a-z]+:", body) is None
    assert 'local("FiraCode-Regular")' in body  # the font still named, for a viewer that has it


def chosen_row(tab: Tab) -> str:
    """The new-game screen's row that has the marker (">")."""
    return next((line for line in tab.screen.screen.display if line.lstrip(" │").startswith("> ")), "")


async def test_hot_seat_in_a_tab_passes_the_keyboard_between_turns() -> None:
    """Two people at one browser: between their turns the table is hidden until the next one
    presses Enter, as in a terminal."""
    with web_server() as served:
        async with aiohttp.ClientSession() as session:
            tab = await open_tab(session, served.address, width=100, height=30)
            await tab.wait_for("Quick game")
            await tab.keys("n")
            await tab.wait_for("> Players")
            for key, shown in (("left", "Players < 2 >"), ("down", "> Seat 2"), ("left", "Seat 2 < person here >")):
                for _ in range(16):
                    if shown in tab.screen.joined():
                        break
                    await tab.keys(key)
                    await asyncio.sleep(0.2)
                await tab.wait_for(shown)
            for _ in range(9):  # down the rules' eight rows to the seed: the same deal every run
                row = chosen_row(tab)
                await tab.keys("down")  # each read before the next: a key may come before the focus
                await tab.wait_until(lambda _screen, row=row: chosen_row(tab) != row, what="the next row")
            await tab.keys("4")
            await tab.wait_for("Seed 4.")
            await tab.keys("ctrl+s")
            names = []
            for _ in range(2):  # each person's turn opens on the keyboard passed to them
                screen = " ".join((await tab.wait_for("Pass the keyboard to")).split())
                names.append(screen.split("Pass the keyboard to ", 1)[1].split(".")[0])
                assert "Hand" not in screen
                await asyncio.sleep(0.7)  # Enter right away is held back (an Enter meant for before)
                await tab.keys("enter")
                await tab.wait_for("Your turn")
                await tab.keys("e")
                await tab.wait_until(lambda s: "still open" in s or "Pass the keyboard to" in s
                                     or round_over(s))
                if "still open" in tab.screen.joined():
                    await tab.keys("y")
            assert len(set(names)) == 2, names
            await tab.ws.close()
        assert served.wait_for_tabs(0) == []


async def test_each_tab_is_a_game_of_its_own() -> None:
    with web_server() as served:
        async with aiohttp.ClientSession() as session:
            first = await open_tab(session, served.address)
            await first.wait_for("Quick game")
            await first.keys("g")
            await first.wait_for("Hand")
            second = await open_tab(session, served.address, width=100, height=30)
            screen = await second.wait_for("Quick game")
            assert len(served.wait_for_tabs(2)) == 2
            assert "Hand" not in screen, "a new tab opens the title, not another tab's table"
            assert "Continue a saved game (1)" in screen, "the saves are shared: this user's"
            await first.ws.close()
            await second.ws.close()
        assert served.wait_for_tabs(0) == []


async def test_closing_the_tab_saves_the_game_and_frees_it_to_be_resumed() -> None:
    data = Path(os.environ["KC_TUI_DATA_DIR"])
    with web_server() as served:
        async with aiohttp.ClientSession() as session:
            tab = await open_tab(session, served.address)
            await tab.wait_for("Quick game")
            await tab.keys("g")
            await tab.wait_for("Your turn", "Deal the next round", "See the final scores", "Play again")
            await tab.ws.close()
        assert served.wait_for_tabs(0) == []
    # The game quit when asked: the host's log does not say it had to be ended.
    assert "tab closed (0 open)" in served.log and "did not quit" not in served.log, served.log
    saves = list((data / "saves").glob("*.json"))
    assert len(saves) == 1
    try:
        lock_save(saves[0])  # the closed tab's game let go of it
    except SaveError as exc:
        pytest.fail(exc.problem)
    unlock_save(saves[0])


async def test_stopping_the_server_ends_every_tab() -> None:
    with web_server() as served:
        async with aiohttp.ClientSession() as session:
            async with session.get(served.address + "/") as response:
                page = html.unescape(await response.text())
            # What the page says once the server stops: its game's save, not a table's seat.
            assert "The server has stopped" in page and '"Continue a saved game"' in page
            assert "your table" not in page
            tab = await open_tab(session, served.address)
            await tab.wait_for("Quick game")
            games = served.wait_for_tabs(1)
            served.process.send_signal(signal.SIGINT)
            assert served.process.wait(30) == 0
            await asyncio.wait_for(tab.closed.wait(), 30)
            # The page says the server stopped, not that its game closed (and offers no title).
            assert tab.ws.close_code == STOPPED
    for pid in games:
        assert not Path(f"/proc/{pid}").exists() or "zombie" in Path(f"/proc/{pid}/status").read_text()


async def test_a_page_of_another_site_cannot_open_a_game() -> None:
    """No login, so no other web site's page may drive the game (cross-site websocket), nor a
    name that only resolves to this machine (DNS rebinding)."""
    with web_server() as served:
        port = urlsplit(served.address).port
        async with aiohttp.ClientSession() as session:
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await session.ws_connect(served.address + "/ws", headers={"Origin": "http://evil.example"})
            assert refused.value.status == 403
            async with session.get(served.address + "/", headers={"Host": f"evil.example:{port}"}) as response:
                assert response.status == 403
                assert f"only at http://127.0.0.1:{port}" in await response.text()
            with pytest.raises(aiohttp.WSServerHandshakeError):
                await session.ws_connect(served.address + "/ws", headers={"Host": f"evil.example:{port}",
                                                                          "Origin": f"http://evil.example:{port}"})
            # The page itself, from the address the server gave, is let in.
            tab = await open_tab(session, served.address, Origin=served.address)
            await tab.wait_for("Quick game")
            await tab.ws.close()
        assert served.wait_for_tabs(0) == []


async def test_tabs_beyond_the_limit_are_told_so_and_closed() -> None:
    with web_server("--max-tabs", "1") as served:
        async with aiohttp.ClientSession() as session:
            first = await open_tab(session, served.address)
            await first.wait_for("Quick game")
            second = await open_tab(session, served.address)
            await asyncio.wait_for(second.closed.wait(), 30)
            assert ("1 game is open in another tab, as many as this server allows (--max-tabs 1)"
                    in second.screen.joined())
            assert second.ws.close_code == REFUSED, "the page keeps the reason in view (no 'closed' dialog)"
            assert len(served.tab_processes()) == 1
            await first.ws.close()


async def test_frames_that_are_not_the_pages_change_nothing() -> None:
    with web_server() as served:
        async with aiohttp.ClientSession() as session:
            tab = await open_tab(session, served.address)
            await tab.wait_for("Quick game")
            for junk in ("not json", "[]", '["stdin", 5]', '["resize", {"width": "wide"}]', '{"a": 1}',
                         '["resize", {"width": 100000, "height": -4}]', '["launch", "rm -rf /"]'):
                await tab.ws.send_str(junk)
            await tab.ws.send_bytes(b"\x00\xff binary")
            await tab.ws.send_str(json.dumps(["ping", "42"]))
            await tab.ws.send_str(json.dumps(["resize", {"width": 80, "height": 24}]))  # the size clamped above, back
            await tab.keys("g")
            await tab.wait_for("Hand")
            assert ["pong", "42"] in tab.texts
            await tab.ws.close()


def test_the_command_says_there_is_no_login_and_a_taken_port_is_explained() -> None:
    with web_server() as served:
        assert served.process.stdout is not None
        said = served.process.stdout.readline()
        assert "There is no login" in said, said
        port = str(urlsplit(served.address).port)
        taken = subprocess.run([sys.executable, "-m", "kc_tui", "web", "--port", port],
                               capture_output=True, text=True, timeout=60)
    assert taken.returncode == 1
    assert f"Port {port} on 127.0.0.1 is taken" in taken.stderr and "--port" in taken.stderr
    bad = subprocess.run([sys.executable, "-m", "kc_tui", "web", "--port", "70000"],
                         capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and "expected a port from 1 to 65535, got 70000" in bad.stderr


def listening(port: int) -> list[str]:
    """The local addresses with a socket listening on ``port`` (from /proc/net/tcp and tcp6)."""
    found = []
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for line in Path(table).read_text().splitlines()[1:]:
            local, state = line.split()[1], line.split()[3]
            address, hex_port = local.split(":")
            if state == "0A" and int(hex_port, 16) == port:
                found.append(address)
    return found


def test_it_listens_on_this_machine_only_unless_told_otherwise() -> None:
    with web_server() as served:
        port = urlsplit(served.address).port
        assert port is not None
        assert listening(port) == ["0100007F"], "127.0.0.1 alone, not every network"


def test_listening_on_every_network_gives_the_network_address_and_warns(monkeypatch: pytest.MonkeyPatch) -> None:
    import kc_tui.web
    from kc_tui.cli.web import greeting

    monkeypatch.setattr(kc_tui.web, "network_address", lambda: "192.168.1.20")
    said = "\n".join(greeting("0.0.0.0", 8000))
    assert said.startswith("Open http://127.0.0.1:8000 in a browser")
    assert "other computers and phones open http://192.168.1.20:8000" in said
    assert "Warning: listening on 0.0.0.0, beyond this machine, with no login and no encryption" in said
    monkeypatch.setattr(kc_tui.web, "network_address", lambda: None)  # no network at all
    assert "phones" not in "\n".join(greeting("0.0.0.0", 8000))
    assert greeting("::1", 8080)[:2] == ["Open http://[::1]:8080 in a browser (each tab is its own game).",
                                         "There is no login: anyone with an account on this machine can open "
                                         "it too."]


@pytest.mark.parametrize(("host", "loopback"), [
    ("127.0.0.1", True), ("localhost", True), ("::1", True), ("[::1]", True), ("127.0.0.2", True),
    ("0.0.0.0", False), ("192.168.1.5", False), ("example.org", False), ("::", False),
])
def test_loopback_names(host: str, loopback: bool) -> None:
    assert is_loopback(host) is loopback


async def test_a_language_given_to_web_is_the_pages_whatever_the_browser_asks() -> None:
    """'web --lang fr' played French games under an English page (title, screen-reader note,
    dialogs) in a browser whose first language was English."""
    with web_server("--lang", "fr") as served:
        async with aiohttp.ClientSession() as session:
            async with session.get(served.address + "/", headers={"Accept-Language": "en-GB,en"}) as response:
                page = html.unescape(await response.text())
    assert '<html lang="fr"' in page and "Les rois dans les coins" in page, page[:300]
    assert "The server has stopped" not in page and "Le serveur s'est arrêté" in page
