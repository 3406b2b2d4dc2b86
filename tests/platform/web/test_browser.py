"""A round in a real browser: Debian's headless Chromium, driven by Playwright, opens the page of
``kings-corner web``, sets up a game against a medium computer with a known seed and plays its
first round by keystrokes (the hint's plan typed on the command line), and the round is checked
in the game's save; a turn that starts while the tab is in the background marks its title; a
screenshot of the round's end is taken (kept in ``screenshots/web.png``
only when ``KC_SCREENSHOTS=1`` asks for the documented picture again, so that the tests leave a
clone's files as they were).  And at
the tables of ``serve --web``, a reload keeps the browser's name and seat (its cookie).  The
screen is read from the very bytes the page's websocket received."""

from __future__ import annotations

import asyncio
import json
import os
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from referee import check_transcript
from webtab import ROUND_OVER, WAIT, Screen, new_game, play_turn, round_over, save_events, web_server

CHROMIUM = "/usr/bin/chromium"
SEED = 3  # a short round: the hint plays it out in about 20 commands over 5 turns (most deals take 35 or more)
HIDDEN = """() => {
    Object.defineProperty(document, "hidden", {configurable: true, get: () => true});
    document.dispatchEvent(new Event("visibilitychange"));
}"""
"""The page's tab put in the background (as another tab is picked)."""
SHOWN = """() => {
    Object.defineProperty(document, "hidden", {configurable: true, get: () => false});
    document.dispatchEvent(new Event("visibilitychange"));
}"""
SCREENSHOT = Path(__file__).parents[3] / "screenshots" / "web.png"
"""docs/browser.md's picture, taken again by ``KC_SCREENSHOTS=1 pytest tests/platform/web/test_browser.py``."""

pytestmark = [
    pytest.mark.skipif(not os.path.exists(CHROMIUM) or shutil.which("chromium") is None,
                       reason="Debian's chromium is installed by .ci/run"),
    pytest.mark.timeout(300),
]


async def test_a_round_played_by_keystrokes_in_chromium(tmp_path: Path) -> None:
    from playwright.async_api import WebSocket, async_playwright

    data = Path(os.environ["KC_TUI_DATA_DIR"])
    screen = Screen()
    sent: list[object] = []

    def watch(ws: WebSocket) -> None:
        def received(payload: str | bytes) -> None:
            if isinstance(payload, bytes):
                screen.feed(payload)

        def sending(payload: str | bytes) -> None:
            frame = json.loads(payload)
            sent.append(frame)
            if frame[0] == "resize":  # the page fitted the terminal to the window: so does ours
                screen.screen.resize(frame[1]["height"], frame[1]["width"])

        ws.on("framereceived", received)
        ws.on("framesent", sending)

    with web_server() as served:
        async with async_playwright() as playwright:
            browser = await playwright.chromium.launch(executable_path=CHROMIUM)
            try:
                page = await browser.new_page(viewport={"width": 1100, "height": 640})
                page.on("websocket", watch)
                elsewhere: list[str] = []
                page.on("request", lambda r: None if r.url.startswith(served.address) else elsewhere.append(r.url))
                await page.goto(served.address)
                await page.wait_for_selector("body.-first-byte", state="attached")

                async def wait_for(*texts: str) -> str:
                    for _ in range(int(WAIT / 0.05)):
                        if any(t in screen.joined() for t in texts):
                            return screen.text
                        await page.wait_for_timeout(50)
                    raise AssertionError(f"no {texts!r} on the screen:\n{screen.text}")

                async def key(k: str) -> None:
                    names = {"enter": "Enter", "escape": "Escape", "left": "ArrowLeft", "down": "ArrowDown",
                             "ctrl+s": "Control+s"}
                    if k in names:
                        await page.keyboard.press(names[k])
                    else:
                        await page.keyboard.type(k)

                await wait_for("Quick game")
                # Not drawn, but given to screen readers: where the game can be read.
                assert "kings-corner play --plain" in await page.get_by_role("note").inner_text()
                box = await page.get_by_role("note").bounding_box()
                assert box is not None and box["width"] <= 1 and box["height"] <= 1, box
                await page.focus(".xterm-helper-textarea")
                await new_game(key, screen, SEED)
                await wait_for("Hand")
                played: list[str] = []
                title = await page.title()
                turns = 0
                while True:
                    await wait_for("Your turn", *ROUND_OVER)
                    if round_over(screen.joined()):
                        break
                    if turns == 1:
                        # The person's turn came back while the tab was in the background: its
                        # title says so, until the tab is looked at again.
                        marked = f"\u2022 Your turn \u2013 {title}"
                        for _ in range(int(WAIT / 0.05)):  # (the bell comes with the turn's frame)
                            if await page.title() == marked:
                                break
                            await page.wait_for_timeout(50)
                        assert await page.title() == marked
                        await page.evaluate(SHOWN)
                        assert await page.title() == title
                    if turns == 0:
                        await page.evaluate(HIDDEN)  # another tab is looked at as the turn ends
                    played += await play_turn(key, screen.joined)
                    turns += 1
                assert turns > 1, "the tab's title was looked at on a second turn"
                result = await wait_for(*ROUND_OVER)
                await page.wait_for_timeout(300)  # the canvas catches up with the bytes
                shot = SCREENSHOT if os.environ.get("KC_SCREENSHOTS") == "1" else tmp_path / "web.png"
                await page.screenshot(path=str(shot))
                assert shot.stat().st_size > 10_000  # a picture of the page, not an empty one
            finally:
                await browser.close()
        assert served.wait_for_tabs(0) == [], "closing the browser ended the tab's game"

    assert not elsewhere, f"the page fetched from elsewhere: {elsewhere}"
    assert any(f[0] == "stdin" for f in sent if isinstance(f, list)), "the keys went through the page"
    events = save_events(data)
    assert events[0]["seed"] == SEED and [p["name"] for p in events[0]["players"]] == ["You", "Ada"]
    ends = [e for e in events if e["event"] == "round_end"]
    assert len(ends) == 1, [e["event"] for e in events][-5:]
    check_transcript((json.dumps(e) for e in events), unfinished=True)
    names = [p["name"] for p in events[0]["players"]]
    winners = [names[w] for w in ends[0]["winners"]]
    assert all(w in result for w in winners), (winners, result)
    ours = [[e.get("card", e.get("from")), e.get("pile", e.get("to"))]
            for e in events if e["event"] in ("play", "move") and e["player"] == 0]
    assert played, "no card was played by keystrokes"
    assert ours == [command.upper().split() for command in played], "every move typed, and only those"


async def test_at_the_tables_a_reload_keeps_the_browsers_name_and_seat(tmp_path: Path) -> None:
    """``serve --web`` in Chromium: the page's cookie (HttpOnly, SameSite=Strict) comes back with
    the websocket, so after a reload the browser is the same person: its name is offered again
    and Enter on its table gives its seat back.  The keys typed reach the game with no click,
    after the first load and after the reload: the page gives its terminal the focus.  When the
    server stops, the page says so."""
    from playwright.async_api import WebSocket, async_playwright

    from kc_tui.net import TableServer, TableState
    from kc_tui.storage import Settings
    from kc_tui.tui.lobby import LobbyApp
    from kc_tui.web.tables import BrowserTables

    tables = TableServer(tmp_path, grace=60, pace=0, seed=3)
    web = BrowserTables(lambda key: LobbyApp(tables, key=key, settings=Settings()), "127.0.0.1", 0)
    await web.start()
    address = f"http://127.0.0.1:{web.port}"
    screens: list[Screen] = []

    def watch(ws: WebSocket) -> None:
        screen = Screen()
        screens.append(screen)  # a reload opens a new websocket: a new terminal in the page

        def received(payload: str | bytes) -> None:
            if isinstance(payload, bytes):
                screen.feed(payload)

        def sending(payload: str | bytes) -> None:
            frame = json.loads(payload)
            if frame[0] == "resize":
                screen.screen.resize(frame[1]["height"], frame[1]["width"])

        ws.on("framereceived", received)
        ws.on("framesent", sending)

    try:
        async with async_playwright() as playwright:
            browser = await playwright.chromium.launch(executable_path=CHROMIUM)
            try:
                page = await browser.new_page(viewport={"width": 1100, "height": 640})
                page.on("websocket", watch)
                elsewhere: list[str] = []
                page.on("request", lambda r: None if r.url.startswith(address) else elsewhere.append(r.url))

                async def wait_for(*texts: str) -> str:
                    for _ in range(int(WAIT / 0.05)):
                        if screens and any(t in screens[-1].joined() for t in texts):
                            return screens[-1].joined()
                        await page.wait_for_timeout(50)
                    raise AssertionError(f"no {texts!r} on the screen:\n{screens[-1].text if screens else ''}")

                await page.goto(address)
                await wait_for("Your name at the tables")
                # No click and no focus given: the page takes the keys on load (and on a reload).
                await page.keyboard.type("Ann")
                await page.keyboard.press("Enter")
                await wait_for("Welcome, Ann")
                await page.keyboard.type("n")  # a new table: Ann and three computers
                await wait_for("Seat 2")
                await page.keyboard.press("Control+s")
                await wait_for("Hand")
                await until_true(lambda: any(t.state == TableState.PLAYING for t in tables.tables()))
                table = tables.tables()[0]
                slot = tables._tables[table.id].slots[0]
                assert slot.person is not None and slot.person.key.startswith("browser:")
                key = slot.person.key

                await page.reload()
                # The same person: greeted by the name, not asked it again; the page has the keys.
                await wait_for("Welcome back, Ann")
                await page.keyboard.press("Enter")  # Enter on the table: one's own seat again
                await wait_for("Hand", "Round over")  # the computers may have ended the round meanwhile
                assert slot.connected and slot.person.key == key
                # The server stops: the page says so, the games kept, not "away from the tables".
                await web.stop()
                await page.wait_for_selector(".stopped", state="visible")
                assert "The server has stopped" in await page.inner_text(".stopped")
                assert not await page.is_visible(".closed")
                await page.keyboard.press("Enter")  # its button has the keys: the page again
                await page.wait_for_selector(".stopped", state="hidden")
            finally:
                await browser.close()
        assert not elsewhere, f"the page fetched from elsewhere: {elsewhere}"
    finally:
        await web.stop()
        await tables.close()


async def test_a_tab_not_let_in_keeps_its_reason_in_view() -> None:
    """The tab beyond --max-tabs is told why on its terminal, and the page's "closed" dialog (of
    a game that has ended) does not cover it."""
    from playwright.async_api import async_playwright

    with web_server("--max-tabs", "1") as served:
        async with async_playwright() as playwright:
            browser = await playwright.chromium.launch(executable_path=CHROMIUM)
            try:
                first = await browser.new_page()
                await first.goto(served.address)
                await first.wait_for_selector("body.-first-byte", state="attached")
                second = await browser.new_page()
                screen = Screen()
                second.on("websocket", lambda ws: ws.on(
                    "framereceived", lambda p: screen.feed(p) if isinstance(p, bytes) else None))
                await second.goto(served.address)
                await second.wait_for_selector("body.-refused", state="attached")
                assert not await second.is_visible(".closed")
                assert await second.is_visible(".textual-terminal")
                assert "Close one and reload this page" in screen.joined()
                assert not await first.evaluate("document.body.classList.contains('-refused')")
            finally:
                await browser.close()


async def test_once_the_game_is_closed_enter_opens_the_title_again() -> None:
    """``q`` on the title screen closes the tab's game; the page's dialog then has the keys
    (it kept none: the terminal's hidden field had them, and only a click reached the button),
    so Enter takes the person back to the title screen."""
    from playwright.async_api import async_playwright

    with web_server() as served:
        async with async_playwright() as playwright:
            browser = await playwright.chromium.launch(executable_path=CHROMIUM)
            try:
                page = await browser.new_page()
                screen = Screen()
                page.on("websocket", lambda ws: ws.on(
                    "framereceived", lambda p: screen.feed(p) if isinstance(p, bytes) else None))
                await page.goto(served.address)
                await page.wait_for_selector("body.-first-byte", state="attached")
                await until_true(lambda: "Quick game" in screen.joined())
                await page.keyboard.press("q")
                await page.wait_for_selector("body.-closed", state="attached")
                await page.wait_for_function("document.activeElement.tagName === 'BUTTON'")
                assert await page.get_by_role("alertdialog").is_visible()
                screen = Screen()
                await page.keyboard.press("Enter")
                await page.wait_for_selector("body.-first-byte:not(.-closed)", state="attached")
                await until_true(lambda: "Quick game" in screen.joined())
            finally:
                await browser.close()


async def until_true(test: Callable[[], bool]) -> None:
    for _ in range(int(WAIT / 0.05)):
        if test():
            return
        await asyncio.sleep(0.05)
    raise AssertionError("never happened")
