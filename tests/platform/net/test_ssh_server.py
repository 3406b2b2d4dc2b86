"""The SSH server itself, with stand-in front ends: the title screen as the terminal app and an
echo as the line mode.  What it serves, to whom, and the limits that protect it."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import stat
import sys
from pathlib import Path
from typing import Any

import asyncssh
import pytest
from sshclient import Player, connect, fingerprint, new_key
from waiting import until

from kc_tui.ssh import Client, FrontEnds, GameSSHServer, Limits, LineIO, host_key, load_authorized_keys
from kc_tui.ssh.gate import Gate, GateLimits
from kc_tui.storage import Settings
from kc_tui.tui.app import KingsCornerApp

pytestmark = pytest.mark.timeout(60)


async def echo(client: Client, io: LineIO) -> None:
    io.write(f"Hello {client.key or 'guest'}\n")
    while (line := await io.read_line()) is not None:
        if line == "flood":
            while True:  # output for a client that never reads it
                io.write("x" * 4096 + "\n")
                await asyncio.sleep(0)
        io.write(f"you said {line!r}\n")


def title(client: Client) -> KingsCornerApp:
    return KingsCornerApp(settings=Settings().with_(ascii=client.ascii))


class Served:
    def __init__(self, tmp_path: Path, lines: Any = echo, **options: object) -> None:
        self.server = GameSSHServer(FrontEnds(app=title, lines=lines), tmp_path / "host_key", port=0,
                                    **options)  # type: ignore[arg-type]
        self.players: list[Player] = []

    async def __aenter__(self) -> Served:
        await self.server.start()
        return self

    async def player(self, key: asyncssh.SSHKey | None, **options: object) -> Player:
        player = await Player.open(self.server.port, key, **options)  # type: ignore[arg-type]
        self.players.append(player)
        return player

    async def __aexit__(self, *exc: object) -> None:
        for player in self.players:
            await player.close()
        await self.server.stop()


async def test_a_terminal_session_runs_the_app_at_the_clients_size_and_follows_its_resizes(tmp_path: Path) -> None:
    async with Served(tmp_path) as served:
        ada, bob = await served.player(new_key()), await served.player(new_key(), columns=100, rows=30)
        await ada.wait_for("Quick game")
        await bob.wait_for("Quick game")
        assert ada.text().splitlines()[-1].startswith(" Enter open")
        ada.resize(120, 40)
        await ada.wait_for(" " * 30 + "╭")  # the menu is centred again in the wider window
        ada.press("r")  # each app has its own keys: only Ada's screen changes
        await ada.wait_for("The rules")
        assert "The rules" not in bob.text()
        ada.press("escape")
        await ada.wait_for("Quick game")


async def test_the_palette_offers_no_screenshot_over_ssh_where_it_would_be_saved_on_the_server(
        tmp_path: Path) -> None:
    async with Served(tmp_path) as served:
        ada = await served.player(new_key())
        await ada.wait_for("Quick game")
        session = next(iter(served.server.sessions))
        app = session.app
        assert app is not None
        titles = [command.title for command in app.get_system_commands(app.screen)]
        assert titles and "Screenshot" not in titles
    local = KingsCornerApp(settings=Settings())  # at one's own terminal it is kept
    async with local.run_test(size=(80, 24)):
        assert "Screenshot" in [command.title for command in local.get_system_commands(local.screen)]


async def test_a_screen_too_small_over_ssh_gives_the_line_mode_as_ssh_gives_it(tmp_path: Path) -> None:
    """Over SSH a title screen too small said "play with kings-corner play --plain", a command of
    the server's machine: it says how an ssh client gets the line mode."""
    async with Served(tmp_path) as served:
        ada = await served.player(new_key())
        await ada.wait_for("Quick game")
        ada.resize(60, 16)
        await ada.wait_for("connect again with plain")
        assert "--plain" not in ada.text()


async def test_a_console_gets_ascii_and_a_utf8_terminal_gets_glyphs(tmp_path: Path) -> None:
    async with Served(tmp_path) as served:
        console = await served.player(new_key(), term="linux")
        xterm = await served.player(new_key())
        await console.wait_for("Quick game")
        await xterm.wait_for("Quick game")
        assert "╭" not in console.text() and "+--" in console.text()
        assert "╭" in xterm.text()


async def test_the_line_mode_is_served_without_a_terminal_and_with_the_command_plain(tmp_path: Path) -> None:
    async with Served(tmp_path) as served:
        key = new_key()
        bare = await served.player(key, term=None)
        plain = await served.player(key, command="plain")  # with a terminal: the server echoes
        for player in (bare, plain):
            await player.wait_for(f"Hello {fingerprint(key)}", raw=True)
            player.type("join 1 2\r")
            await player.wait_for("you said 'join 1 2'", raw=True)
        assert "join 1 2\r\n" in plain.received.decode()
        plain.type("joi\x7fn\r")
        await plain.wait_for("you said 'jon'", raw=True)
        bare.type("first\r\nsecond\n")  # CR LF ends one line, not two
        await bare.wait_for("you said 'second'", raw=True)
        assert "you said ''" not in bare.received.decode()


async def test_arrow_keys_in_the_line_mode_are_no_text_and_up_brings_back_a_line(tmp_path: Path) -> None:
    """An arrow key sends an escape sequence; its printable rest ("[A") was typed into the line."""
    async with Served(tmp_path) as served:
        plain = await served.player(new_key(), command="plain")
        await plain.wait_for("Hello", raw=True)
        plain.type("pl\x1b[Day\x1bOC\x1b[1;5D 5H\r")  # Left, Right (SS3), Ctrl+Left: no text
        await plain.wait_for("you said 'play 5H'", raw=True)
        plain.type("tables\r")
        await plain.wait_for("you said 'tables'", raw=True)
        plain.type("\x1b[A\x1b[A\x1b[B\r")  # Up, Up (play 5H), Down: tables again
        await until(lambda: plain.received.decode().count("you said 'tables'") == 2, "tables again")
        plain.type("\x1b[A\x1b[A\x1b[A\x7f\x7fJC\r")  # as far back as it goes, then edited
        await plain.wait_for("you said 'play JC'", raw=True)
        assert "[D" not in plain.received.decode().split("Hello", 1)[1]


async def test_ctrl_c_in_the_line_mode_drops_the_line_and_ctrl_d_on_an_empty_one_leaves(tmp_path: Path) -> None:
    """Ctrl+C at a terminal left the server at once (a seat held went to the house): it drops the
    line being typed, as a shell does, and says how to leave."""
    async with Served(tmp_path) as served:
        plain = await served.player(new_key(), command="plain")
        await plain.wait_for("Hello", raw=True)
        plain.type("you said\r")
        await plain.wait_for("you said 'you said'", raw=True)
        plain.type("end tur\x03")
        await plain.wait_for("Type quit to leave", raw=True)
        # The line being typed is dropped and the unfinished line before it (a prompt) written again.
        await until(lambda: plain.received.decode().replace("\r", "").endswith("empty line.)\n"), "the note")
        plain.type("tables\r")
        await plain.wait_for("you said 'tables'", raw=True)  # nothing of the dropped line
        assert "you said 'end tur" not in plain.received.decode()
        plain.type("ab\x04")  # Ctrl+D on a line being typed: nothing
        plain.type("\r")
        await plain.wait_for("you said 'ab'", raw=True)
        assert served.server.sessions
        plain.type("\x04")  # on an empty line: the session ends
        await until(lambda: not served.server.sessions, "the session ended")
        assert plain.received.decode().rstrip().endswith("Goodbye.")


def lines_with(caplog: pytest.LogCaptureFixture, text: str) -> list[str]:
    return [record.getMessage() for record in caplog.records if text in record.getMessage()]


async def test_a_connection_that_keeps_asking_what_is_refused_is_closed_and_logged_in_few_lines(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """One connection asked 6,000 forwardings and commands, and the log took 3,240 lines in 5 s
    (a hosting play test)."""
    from kc_tui.ssh.server import REFUSALS_LOGGED, REFUSALS_MOST

    caplog.set_level(logging.INFO, "kc_tui.ssh")
    async with Served(tmp_path) as served:
        conn = await connect(served.server.port, new_key())
        asked = 0
        with pytest.raises((asyncssh.ChannelOpenError, asyncssh.DisconnectError, asyncssh.ConnectionLost)):
            while asked < 2 * REFUSALS_MOST:
                asked += 1
                with contextlib.suppress(asyncssh.ChannelOpenError):
                    await conn.open_connection("127.0.0.1", 9)
                if conn.is_closed():
                    raise asyncssh.ConnectionLost("closed")
            raise AssertionError("never closed")
        assert asked <= REFUSALS_MOST + 1
        other = await served.player(new_key(), term=None)  # the server goes on serving
        await other.wait_for("Hello", raw=True)
    assert len(lines_with(caplog, "refused port forwarding")) == REFUSALS_LOGGED
    assert f"after {REFUSALS_MOST} refused requests" in caplog.text


async def test_the_line_mode_wraps_a_long_line_between_words_at_the_terminals_width(tmp_path: Path) -> None:
    """Played over ssh at 80 columns: the game's sentences were cut by the terminal in the middle
    of words ("West, fi" / "ve of diamonds")."""
    async with Served(tmp_path) as served:
        plain = await served.player(new_key(), command="plain", columns=60)
        await plain.wait_for("Hello", raw=True)
        words = " ".join(f"word{n}" for n in range(20))  # 119 characters
        plain.type(words + "\r")
        await plain.wait_for("word19'", raw=True)
        said = plain.received.decode().split(words, 1)[1]  # after the echo of what was typed
        lines = said.split("\r\n")
        assert all(len(line) <= 60 for line in lines), lines
        assert " ".join(said.split()) == f"you said '{words}'"  # every word whole, in order
        assert len([line for line in lines if line.strip()]) == 3


async def test_any_other_command_and_sftp_and_forwarding_are_refused(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, "kc_tui.ssh")
    async with Served(tmp_path) as served:
        conn = await connect(served.server.port, new_key())
        result = await conn.run("cat /etc/passwd")
        assert result.exit_status == 1
        assert "Only the tables are served here" in result.stdout
        assert "root:" not in result.stdout
        with pytest.raises((asyncssh.SFTPError, asyncssh.ChannelOpenError)):
            await conn.start_sftp_client()
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.open_connection("127.0.0.1", served.server.port)
        with pytest.raises(asyncssh.ChannelListenError):
            await conn.forward_remote_port("127.0.0.1", 0, "127.0.0.1", 22)
        conn.close()
        await conn.wait_closed()
    log = caplog.text
    assert "refused command 'cat /etc/passwd'" in log
    assert "refused subsystem 'sftp'" in log
    assert "refused port forwarding" in log
    assert "refused remote port forwarding" in log


async def test_only_authorized_keys_get_in_and_guests_only_when_allowed(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, "kc_tui.ssh")
    friend, stranger = new_key(), new_key()
    keys = tmp_path / "authorized_keys"
    keys.write_text("# friends\n" + friend.export_public_key().decode()
                    + "no-port-forwarding,no-agent-forwarding " + new_key().export_public_key().decode())
    allowed = load_authorized_keys(keys)
    assert fingerprint(friend) in allowed and len(allowed) == 2
    async with Served(tmp_path, authorized=allowed) as served:
        ada = await served.player(friend, term=None)
        await ada.wait_for("Hello SHA256:", raw=True)
        with pytest.raises(asyncssh.PermissionDenied):
            await connect(served.server.port, stranger)
        with pytest.raises(asyncssh.PermissionDenied):
            await connect(served.server.port, None)  # no guests on this server
    assert f"refused key {fingerprint(stranger)}" in caplog.text
    async with Served(tmp_path, guests=True) as served:
        guest = await served.player(None, term=None)
        await guest.wait_for("Hello guest", raw=True)


def test_a_bad_authorized_keys_file_is_explained(tmp_path: Path) -> None:
    bad = tmp_path / "keys"
    bad.write_text("ssh-ed25519 notbase64!!\n")
    with pytest.raises(ValueError, match="keys, line 1"):
        load_authorized_keys(bad)
    # An option this server does not apply (from=, command=, no-pty) would be a restriction
    # silently lifted: a hosting play test's from="10.9.9.9" key got in from 127.0.0.1.
    bad.write_text('from="10.9.9.9",no-pty ' + new_key().export_public_key().decode())
    with pytest.raises(ValueError, match="line 1: this server does not apply the option from, no-pty"):
        load_authorized_keys(bad)
    bad.write_text('from="*.example.com,trusted.host" ' + new_key().export_public_key().decode())
    with pytest.raises(ValueError, match="the option from; remove it"):  # (not "from, trusted")
        load_authorized_keys(bad)
    bad.write_text("# nothing\n")
    with pytest.raises(ValueError, match="no keys"):
        load_authorized_keys(bad)
    with pytest.raises(ValueError, match="cannot read"):
        load_authorized_keys(tmp_path / "missing")


def test_the_host_key_is_made_once_readable_by_its_owner_only_and_reused(tmp_path: Path) -> None:
    path = tmp_path / "data" / "ssh_host_key"
    first = host_key(path)
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    assert host_key(path).get_fingerprint() == first.get_fingerprint()


async def test_garbage_bytes_never_end_a_session(tmp_path: Path) -> None:
    async with Served(tmp_path) as served:
        ada = await served.player(new_key())
        plain = await served.player(new_key(), term=None)
        await ada.wait_for("Quick game")
        await plain.wait_for("Hello", raw=True)
        # Bytes that are not UTF-8, sequences out of range or cut short, mouse reports nobody
        # asked for, and a paste that never ends: none of it a key the app would act on.
        garbage = (bytes(range(0x80, 0x100)) + b"\x00\x1b[999999999;99999999999M\x1b[<1;2;3M\x1b]"
                   + b"\x1bP\xff\xfe\x1b[<1;2\x1b[200~" + bytes(range(0x20, 0x7f)))
        assert ada.stdin is not None and plain.stdin is not None
        ada.stdin.write(garbage)
        plain.stdin.write(bytes(range(256)).replace(b"\n", b"").replace(b"\r", b"") + garbage + b"\n")
        await plain.wait_for("you said", raw=True)
        await asyncio.sleep(0.3)
        ada.press("r")
        await ada.wait_for("The rules")  # still answering keys (the paste left open is given up)
        plain.type("still here\n")
        await plain.wait_for("you said 'still here'", raw=True)
        assert len(served.server.sessions) == 2


async def test_a_line_over_the_limit_is_dropped_with_a_message(tmp_path: Path) -> None:
    async with Served(tmp_path, limits=Limits(max_line=20)) as served:
        plain = await served.player(new_key(), term=None)
        await plain.wait_for("Hello", raw=True)
        plain.type("x" * 2000 + "\nshort\n")  # a long line, though no paste over the limit
        await plain.wait_for("longer than 20 characters; it was dropped", raw=True)
        await plain.wait_for("you said 'short'", raw=True)
        assert "xxxxxxxxxxxxxxxxxxxxx" not in plain.received.decode().split("Hello")[1].replace("x" * 4096, "")


async def asking(client: Client, io: LineIO) -> None:
    """A front end that asks with a prompt, as the games' line modes do."""
    io.write("Hello\nada> ")
    while (line := await io.read_line()) is not None:
        io.write(f"you said {line!r}\nada> ")


async def test_a_line_or_paste_dropped_at_a_terminal_is_followed_by_the_prompt_again(tmp_path: Path) -> None:
    """A play test by ear heard "That line was longer than 500 characters; it was dropped." and
    then nothing: no prompt, the cue that the game waits for a line."""
    async with Served(tmp_path, lines=asking, limits=Limits(max_line=20)) as served:
        plain = await served.player(new_key(), command="plain")
        await plain.wait_for("ada> ", raw=True)
        plain.type("y" * 30 + "\r")
        await plain.wait_for("longer than 20 characters; it was dropped.\r\nada> ", raw=True)
        plain.type("z" * 5000)  # a paste
        await plain.wait_for("bytes; it was dropped.\r\nada> ", raw=True)
        plain.type("short\r")
        await plain.wait_for("you said 'short'\r\nada> ", raw=True)
        assert "dropped.\r\nada> y" not in plain.received.decode()  # the line dropped is not shown again


async def test_a_client_that_never_reads_is_disconnected(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, "kc_tui.ssh")
    async with Served(tmp_path, limits=Limits(max_buffered=64 * 1024)) as served:
        conn = await connect(served.server.port, new_key())
        # A client that stops reading: its SSH window fills, then the server's buffer would.
        writer, reader, _ = await conn.open_session(encoding=None, window=16 * 1024)
        writer.write(b"flood\n")
        for _ in range(200):
            await asyncio.sleep(0.05)
            if not served.server.sessions:
                break
        assert not served.server.sessions
        assert "output unread" in caplog.text
        other = await served.player(new_key(), term=None)  # the server goes on serving
        await other.wait_for("Hello", raw=True)
        conn.close()


async def test_a_burst_of_connections_from_one_address_is_refused_past_the_limit(tmp_path: Path) -> None:
    async with Served(tmp_path, gate=Gate(GateLimits(per_minute=4))) as served:
        key = new_key()
        conns = [await connect(served.server.port, key) for _ in range(4)]
        with pytest.raises(asyncssh.DisconnectError, match="Too many connections from your address"):
            await connect(served.server.port, key)
        for conn in conns:
            conn.close()


async def test_the_session_limit_and_the_lobby_idle_limit_say_why(tmp_path: Path) -> None:
    async with Served(tmp_path, limits=Limits(max_sessions=1, idle_seconds=1.0)) as served:
        first = await served.player(new_key(), term=None)
        await first.wait_for("Hello", raw=True)
        conn = await connect(served.server.port, new_key())
        result = await conn.run(None, input="")
        assert "The server is full (1 session at once)" in result.stdout
        conn.close()
        await asyncio.wait_for(first.closed.wait(), 10)
        assert "without a key in the lobby" in first.received.decode()


async def test_stopping_the_server_says_goodbye_to_every_session(tmp_path: Path) -> None:
    served = Served(tmp_path)
    await served.__aenter__()
    ada = await served.player(new_key())
    plain = await served.player(new_key(), term=None)
    await ada.wait_for("Quick game")
    await plain.wait_for("Hello", raw=True)
    await served.server.stop()
    await asyncio.wait_for(ada.closed.wait(), 10)
    await asyncio.wait_for(plain.closed.wait(), 10)
    assert "The server is stopping" in plain.received.decode()
    assert "The server is stopping" in ada.received.decode()
    assert b"\x1b[?1049l" in ada.received  # the client's own screen given back
    for player in served.players:
        await player.close()


@pytest.mark.parametrize("shared", [False, True])
async def test_a_guest_is_not_told_to_take_a_seat_again_when_the_server_stops(tmp_path: Path,
                                                                              shared: bool) -> None:
    """A play test's guest was told to come back and take the seat again, which a guest's seat
    is not kept for (it is listed free); on a server sharing its lobby (serve --redis, whose
    workers stop with the shared farewells), also where to play on."""
    from kc_tui.ssh.server import SHARED_FAREWELL, SHARED_GUEST_FAREWELL

    served = Served(tmp_path, guests=True)
    await served.__aenter__()
    guest = await served.player(None, term=None)
    keyed = await served.player(new_key(), term=None)
    await guest.wait_for("Hello guest", raw=True)
    await keyed.wait_for("Hello SHA256", raw=True)
    await (served.server.stop(SHARED_FAREWELL, SHARED_GUEST_FAREWELL) if shared else served.server.stop())
    await asyncio.wait_for(guest.closed.wait(), 10)
    await asyncio.wait_for(keyed.closed.wait(), 10)
    told = " ".join(guest.received.decode().split())
    assert "as a guest (no key) you have no seat kept" in told and "take your seat" not in told
    assert ("the other servers sharing its lobby list them at once" in told) is shared
    assert "take your seat at your table again" in " ".join(keyed.received.decode().split())
    for player in served.players:
        await player.close()


async def test_apps_ending_in_any_order_leave_the_servers_own_streams_in_place(tmp_path: Path) -> None:
    streams = (sys.stdout, sys.stderr)
    async with Served(tmp_path) as served:
        ada, bob = await served.player(new_key()), await served.player(new_key())
        await ada.wait_for("Quick game")
        await bob.wait_for("Quick game")
        await ada.close()  # the first app to start ends first: its capture of stdout was bob's "before"
        await asyncio.wait_for(ada.closed.wait(), 10)
        await bob.close()
        for _ in range(100):
            if not served.server.sessions:
                break
            await asyncio.sleep(0.05)
        assert (sys.stdout, sys.stderr) == streams


def test_return_reaches_an_app_as_cr_whether_the_client_sends_cr_lf_or_cr_lf() -> None:
    from kc_tui.ssh.server import ReturnKey

    returns = ReturnKey()
    assert returns(b"Ada\r") == b"Ada\r"
    assert returns(b"Ada\n") == b"Ada\r"
    assert returns(b"Ada\r\n") == b"Ada\r"
    assert returns(b"Ada\r") + returns(b"\n") + returns(b"x\n\n") == b"Ada\rx\r\r"  # split across reads
    assert returns(b"\x1b[A\xc3\xa9") == b"\x1b[A\xc3\xa9"  # keys and UTF-8 pass as they are


async def test_a_scripts_lines_and_the_end_of_its_input_are_all_answered(tmp_path: Path) -> None:
    async with Served(tmp_path) as served:
        for term, command in ((None, None), (None, "plain")):
            script = await served.player(new_key(), term=term, command=command)
            # Written at once, with the end of input, before the server has said anything.
            script.type("first\nsecond\n")
            assert script.stdin is not None
            script.stdin.write_eof()
            await asyncio.wait_for(script.closed.wait(), 20)
            said = script.received.decode()
            assert "you said 'first'" in said and "you said 'second'" in said


class _TerminalSession:
    """What a line connection needs of an SSH session at a terminal: the bytes it is sent."""

    pty, columns, who = True, 80, "test"
    limits = Limits()

    def __init__(self) -> None:
        self.sent = b""

    def send(self, data: bytes) -> None:
        self.sent += data

    def speaking(self) -> contextlib.AbstractContextManager[None]:
        return contextlib.nullcontext()

    def hold_input(self, hold: bool) -> None:
        pass


async def test_news_while_a_line_is_typed_shows_the_line_again_after_the_prompt() -> None:
    """A play test typed "6h " in the line mode over SSH; a chat line came, the prompt was
    written again empty, and "s" then played 6H S with only "s" on the screen (what a screen
    reader reviews). What was typed is shown after the prompt again."""
    session = _TerminalSession()
    line = LineIO(session)  # type: ignore[arg-type]
    line.write("Alice> ")
    line.feed(b"6h ")
    line.write("\n")  # the news breaks the line being typed
    line.write("Bob: go on, play\n")
    mark = len(session.sent)
    line.write("Alice> ")  # the prompt again
    assert session.sent[mark:] == b"Alice> 6h "
    line.feed(b"s\r")
    assert await line.read_line() == "6h s"
    mark = len(session.sent)
    line.write("Alice> ")  # nothing typed now: the prompt alone
    assert session.sent[mark:] == b"Alice> "


async def test_a_games_sentences_told_while_a_line_is_typed_do_not_run_into_it() -> None:
    """A play test typed "look at th" in the line mode over SSH while the other player moved:
    each sentence of the game ran into it ("... on the north-west corner.look at th", "You drew
    the ace of clubs.look at th").  The game prints a sentence and its newline apart, and the
    connection took the sentence for a prompt."""
    from kc_tui.line.shell import Out

    session = _TerminalSession()
    line = LineIO(session)  # type: ignore[arg-type]
    line.write("Dave> ")
    line.feed(b"look at th")
    line.write("\n")  # the table's news start a line of their own
    out = Out(line.write)
    print("Eve plays the ace of spades on the north-west corner.", file=out, flush=True)
    print("You drew the ace of clubs.", file=out, flush=True)
    assert b"corner.\r\nYou drew the ace of clubs.\r\n" in session.sent
    assert b"corner.look" not in session.sent and b"clubs.look" not in session.sent
    mark = len(session.sent)
    line.write("Dave> ")  # the prompt again: what was typed after it
    assert session.sent[mark:] == b"Dave> look at th"
