"""The web port attacked as issue 25 attacked it, with raw sockets and aiohttp clients against
``kings-corner serve --web``'s side (:class:`BrowserTables`, in this process, on a free loopback
port, with small limits) and ``kings-corner web``: a Host header that is no host."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from webtab import web_server

from kc_tui.net.tables import TableServer
from kc_tui.storage import Settings
from kc_tui.tui.lobby import LobbyApp
from kc_tui.web.tables import BrowserTables

pytestmark = pytest.mark.timeout(120)

@asynccontextmanager
async def tables_on_the_web(tmp_path: Path, **options: Any) -> AsyncIterator[BrowserTables]:
    """The web side of a table server on a free loopback port, stopped afterwards."""
    tables = TableServer(tmp_path, grace=60, pace=0)
    web = BrowserTables(lambda key: LobbyApp(tables, key=key, settings=Settings()), "127.0.0.1", 0, **options)
    await web.start()
    try:
        yield web
    finally:
        await web.stop()
        await tables.close()


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
