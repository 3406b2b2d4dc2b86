"""The web port attacked as issue 25 attacked it, with raw sockets and aiohttp clients against
``kings-corner serve --web``'s side (:class:`BrowserTables`, in this process, on a free loopback
port, with small limits) and ``kings-corner web``: connections held past the gate, requests never
finished, a tab flooding keys, a paste too long, a Host header that is no host, a browser or an
address opening tab after tab."""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from webtab import Tab, open_tab, web_server

from kc_tui.net import TableServer
from kc_tui.ssh.gate import Gate, GateLimits
from kc_tui.ssh.workers import Workers
from kc_tui.storage import Settings
from kc_tui.tui.lobby import LobbyApp
from kc_tui.web import MAX_PASTE, REFUSED, SLICE
from kc_tui.web.tables import BACKLOG, BrowserTables, waiting_messages

from .test_ssh_tables import until

pytestmark = pytest.mark.timeout(120)

NAME_PROMPT = "Your name at the tables"


@asynccontextmanager
async def tables_on_the_web(tmp_path: Path, **options: Any) -> AsyncIterator[BrowserTables]:
    """The web side of a table server on a free loopback port, stopped afterwards."""
    tables = TableServer(tmp_path, grace=60, pace=0, seed=2026)
    web = BrowserTables(lambda key: LobbyApp(tables, key=key, settings=Settings()), "127.0.0.1", 0, **options)
    await web.start()
    try:
        yield web
    finally:
        await web.stop()
        await tables.close()


def browser() -> aiohttp.ClientSession:
    """A browser of its own: it keeps the page's cookie (its player token)."""
    return aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True))


async def visit(session: aiohttp.ClientSession, address: str) -> None:
    async with session.get(address + "/") as response:
        assert response.status == 200


async def ask(port: int, request: bytes) -> bytes:
    """What the server answers ``request`` on a raw connection, up to its closing it."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        writer.write(request)
        return await asyncio.wait_for(reader.read(), 10)
    finally:
        writer.close()


def lines(caplog: pytest.LogCaptureFixture, text: str) -> list[str]:
    return [r.getMessage() for r in caplog.records if text in r.getMessage()]


async def test_connections_past_the_gate_are_answered_at_once_and_closed(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """1,100 silent connections from one address once took every open file: now an address holds
    its share, every connection past it is told why and closed, with one log line."""
    gate = Gate(GateLimits(per_address=3, per_minute=1000, total=100))
    async with tables_on_the_web(tmp_path, gate=gate) as web:
        silent = [await asyncio.open_connection("127.0.0.1", web.port) for _ in range(3)]
        await until(lambda: gate.holding == 3, "the server holds the three silent connections")
        with caplog.at_level(logging.INFO):
            answers = [await ask(web.port, b"") for _ in range(20)]
        for answer in answers:
            assert answer.startswith(b"HTTP/1.1 503 ")
            assert answer.endswith(b"Too many connections from your address at once (3 at most); "
                                   b"close one and try again.\n")
        assert gate.holding == 3
        assert len(lines(caplog, "refused a web connection from 127.0.0.1")) == 1
        for _, writer in silent:
            writer.close()
        await until(lambda: gate.holding == 0, "the closed connections are let go")
        async with browser() as session:
            await visit(session, f"http://127.0.0.1:{web.port}")


async def test_a_request_never_finished_is_closed_and_so_is_an_idle_connection(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    gate = Gate(GateLimits(per_address=20, per_minute=1000, total=100))
    async with tables_on_the_web(tmp_path, gate=gate, header_seconds=0.3, idle_seconds=0.5) as web:
        with caplog.at_level(logging.INFO):
            halves = await asyncio.gather(*(ask(web.port, b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
                                            for _ in range(5)))
        for answer in halves:
            assert answer.startswith(b"HTTP/1.1 408 ")
            assert answer.endswith(b"The request did not arrive within 0.3 seconds.\n")
        said = lines(caplog, "its request did not arrive within 0.3 s")
        assert len(said) == 1 and said[0].startswith("closed a web connection from 127.0.0.1")

        # One sent a byte at a time is closed all the same, before it is finished.
        reader, writer = await asyncio.open_connection("127.0.0.1", web.port)
        closed = asyncio.create_task(reader.read())
        trickle = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: slow\r\n\r\n"
        sent = 0
        while sent < len(trickle) and not closed.done():
            writer.write(trickle[sent:sent + 1])
            sent += 1
            await asyncio.sleep(0.05)
        assert sent < len(trickle)
        try:  # its last byte may have crossed the server's closing: a reset, then
            assert (await asyncio.wait_for(closed, 10)).startswith(b"HTTP/1.1 408 ")
        except ConnectionResetError:
            pass
        writer.close()

        # A finished request is answered, and the connection left idle after it is closed.
        reader, writer = await asyncio.open_connection("127.0.0.1", web.port)
        writer.write(b"GET /favicon.ico HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        assert (await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 10)).startswith(b"HTTP/1.1 204 ")
        assert await asyncio.wait_for(reader.read(), 10) == b""
        writer.close()
        await until(lambda: gate.holding == 0, "every connection is let go")


async def test_a_tab_flooding_keys_waits_for_its_own_while_another_is_answered(tmp_path: Path) -> None:
    """A tab's 960 KB of key frames once froze the server for 55 s: now the flooding tab is read
    at the pace its own app handles its keys, the app's backlog stays small, and another tab
    is answered meanwhile."""
    async with tables_on_the_web(tmp_path) as web, browser() as flooder_browser, browser() as other_browser:
        address = f"http://127.0.0.1:{web.port}"
        await visit(flooder_browser, address)
        await visit(other_browser, address)
        flooder = await open_tab(flooder_browser, address)
        await flooder.wait_for(NAME_PROMPT)
        (flooded,) = web.tabs
        other = await open_tab(other_browser, address)
        await other.wait_for(NAME_PROMPT)

        frame = json.dumps(["stdin", "abcdefghij" * 400])  # 4,000 keys, a paste's length
        backlog: list[int] = []

        async def flood() -> None:
            for _ in range(128):  # 512 KB
                await flooder.ws.send_str(frame)
            await flooder.ws.send_str(json.dumps(["ping", "flood sent"]))

        async def watch() -> None:
            while True:
                backlog.append(waiting_messages(flooded))
                await asyncio.sleep(0.005)

        tasks = [asyncio.create_task(flood()), asyncio.create_task(watch())]
        try:
            await until(lambda: len(backlog) > 50 and max(backlog) > 0, "the flood reaches the app")
            await other.ws.send_str(json.dumps(["ping", "other"]))
            await until(lambda: ["pong", "other"] in other.texts, "the other tab is answered")
            await other.keys(*"Ada")
            await other.wait_for("Ada", seconds=20)
        finally:
            for task in tasks:
                task.cancel()
        assert max(backlog) <= 4 * (BACKLOG + SLICE), max(backlog)


async def test_a_paste_longer_than_the_bound_is_dropped_and_said(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    async with tables_on_the_web(tmp_path) as web, browser() as session:
        address = f"http://127.0.0.1:{web.port}"
        await visit(session, address)
        tab = await open_tab(session, address, width=100, height=30)
        await tab.wait_for(NAME_PROMPT)
        with caplog.at_level(logging.INFO):
            for _ in range(10):
                await tab.ws.send_str(json.dumps(["stdin", "q" * (MAX_PASTE + 1)]))
            await tab.wait_for(f"longer than {MAX_PASTE:,} bytes", seconds=20)
            await tab.keys(*"Ada")
            await tab.wait_for("Ada")
        assert "qqq" not in tab.screen.joined()
        said = lines(caplog, "dropped input from a browser tab at 127.0.0.1")
        assert len(said) == 1 and said[0].endswith(f"That paste was longer than {MAX_PASTE:,} bytes "
                                                   f"({MAX_PASTE + 1:,}); it was dropped.")


BAD_HOSTS = ["127.0.0.1:abc", "[::1", "127.0.0.1:99999", "a b", "127.0.0.1:", ""]


async def test_a_host_header_that_is_no_host_is_a_400_with_a_sentence(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """A bad port in the Host header once made a 500 and a traceback (the page builds its
    addresses from that header)."""
    async with tables_on_the_web(tmp_path) as web:
        with caplog.at_level(logging.INFO):
            for host in BAD_HOSTS:
                for path in ("/", "/ws"):
                    answer = await ask(web.port, f"GET {path} HTTP/1.1\r\nHost: {host}\r\n"
                                                 "Connection: close\r\n\r\n".encode())
                    assert answer.startswith(b"HTTP/1.1 400 "), (host, answer)
                    assert b"is not a host name and port: open the address the server printed." in answer
            good = await ask(web.port, f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{web.port}\r\n"
                                       "Connection: close\r\n\r\n".encode())
        assert good.startswith(b"HTTP/1.1 200 ")
        assert not [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info]
        assert len(lines(caplog, "refused a web request from 127.0.0.1")) == 1


async def test_the_games_own_web_server_answers_a_bad_host_with_a_400() -> None:
    with web_server() as served:
        port = int(served.address.rsplit(":", 1)[1])
        for host in BAD_HOSTS:
            answer = await ask(port, f"GET / HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n".encode())
            assert answer.startswith(b"HTTP/1.1 400 "), (host, answer)
            assert b"is not a host name and port" in answer


async def let_in(session: aiohttp.ClientSession, address: str) -> Tab:
    """A tab the server lets in: it asks the visitor's name."""
    tab = await open_tab(session, address, width=200)
    await tab.wait_for(NAME_PROMPT)
    return tab


async def refused(session: aiohttp.ClientSession, address: str) -> str:
    """What a tab the server refuses is told before it is closed."""
    tab = await open_tab(session, address, width=200)
    await asyncio.wait_for(tab.closed.wait(), 20)
    assert tab.ws.close_code == REFUSED
    return tab.screen.joined()


async def test_tabs_are_capped_per_browser_and_per_address(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    async with tables_on_the_web(tmp_path, tabs_per_address=3, tabs_per_browser=2) as web, \
            browser() as ada, browser() as ben, browser() as cat:
        address = f"http://127.0.0.1:{web.port}"
        for session in (ada, ben, cat):
            await visit(session, address)

        with caplog.at_level(logging.INFO):
            adas = [await let_in(ada, address), await let_in(ada, address)]
            assert ("2 tabs are open in this browser, as many as one browser may: close one and reload "
                    "this page.") in await refused(ada, address)
            assert ("2 tabs are open in this browser") in await refused(ada, address)
            await let_in(ben, address)
            assert ("3 tabs are open from your address, as many as this server allows: close one and "
                    "reload this page.") in await refused(cat, address)
        assert len(web.tabs) == 3
        assert len(lines(caplog, "its browser")) == 1, "one line for two refusals"
        assert len(lines(caplog, "the most for one address")) == 1
        await adas[0].ws.close()
        await until(lambda: len(web.tabs) == 2, "Ada's first tab closed")
        await let_in(cat, address)


async def test_the_tabs_limits_are_the_whole_servers_with_workers(tmp_path: Path) -> None:
    # With `serve --workers 2` the tabs land in two processes; an address, a browser and the
    # server hold their most tabs in all, not that many in each worker.
    tables = TableServer(tmp_path, grace=60, pace=0, seed=2026)
    workers = Workers(2, tables, tmp_path / "host_key", port=0, gate=Gate(GateLimits(per_minute=1000)),
                      web={"port": 0, "max_tabs": 4, "tabs_per_address": 3, "tabs_per_browser": 2})
    await workers.start()
    try:
        assert workers.web_port is not None
        address = f"http://127.0.0.1:{workers.web_port}"
        async with browser() as ada, browser() as ben, browser() as cat:
            for session in (ada, ben, cat):
                await visit(session, address)

            adas = [await let_in(ada, address), await let_in(ada, address)]
            assert "2 tabs are open in this browser" in await refused(ada, address)
            await let_in(ben, address)
            assert "3 tabs are open from your address" in await refused(cat, address)
            assert workers.tab_counts.held == 3
            await adas[0].ws.close()
            await until(lambda: workers.tab_counts.held == 2, "Ada's first tab closed")
            await let_in(cat, address)
    finally:
        await workers.stop()
        await tables.close()
