"""A round in a real browser: Debian's headless Chromium, driven by Playwright, opens the page of
``kings-corner web``, sets up a game against a medium computer with a known seed and plays its first round by keystrokes (the hint's plan typed on the
command line), and the round is checked in the game's save; a screenshot of the round's end is kept
in ``screenshots/web.png``.  The screen is read from the very bytes the page's websocket received."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
from referee import check_transcript
from webtab import ROUND_OVER, WAIT, Screen, new_game, play_turn, round_over, save_events, web_server

CHROMIUM = "/usr/bin/chromium"
SEED = 4
SCREENSHOT = Path(__file__).parents[2] / "screenshots" / "web.png"

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
                await page.focus(".xterm-helper-textarea")
                await new_game(key, screen.joined, SEED)
                await wait_for("Hand")
                played: list[str] = []
                while True:
                    await wait_for("Your turn", *ROUND_OVER)
                    if round_over(screen.joined()):
                        break
                    played += await play_turn(key, screen.joined)
                result = await wait_for(*ROUND_OVER)
                await page.wait_for_timeout(300)  # the canvas catches up with the bytes
                SCREENSHOT.parent.mkdir(exist_ok=True)
                await page.screenshot(path=str(SCREENSHOT))
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
