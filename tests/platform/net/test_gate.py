"""The connection gate shared by the SSH and web ports (kc_tui.ssh.gate)."""

from __future__ import annotations

import logging
import resource

import pytest

from kc_tui.ssh.gate import RESERVED_FILES, Gate, GateLimits, SessionCount, client_of, connection_room


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_one_address_holds_at_most_its_share_and_others_still_get_in() -> None:
    gate = Gate(GateLimits(per_address=3, per_minute=100, total=50), clock=Clock())
    assert [gate.admit("203.0.113.9") for _ in range(3)] == [None, None, None]
    reason = gate.admit("203.0.113.9")
    assert reason is not None and "3 at most" in reason
    assert gate.admit("198.51.100.7") is None
    gate.leave("203.0.113.9")
    assert gate.admit("203.0.113.9") is None
    assert gate.holding == 4


def test_the_rate_per_address_forgets_after_a_minute() -> None:
    clock = Clock()
    gate = Gate(GateLimits(per_address=100, per_minute=2, total=50), clock=clock)
    for _ in range(2):
        assert gate.admit("a") is None
        gate.leave("a")
    assert "a minute" in (gate.admit("a") or "")
    clock.now += 61
    assert gate.admit("a") is None


def test_a_full_server_refuses_everyone_and_is_logged_once(caplog: pytest.LogCaptureFixture) -> None:
    gate = Gate(GateLimits(per_address=100, per_minute=1000, total=4), clock=Clock())
    with caplog.at_level(logging.INFO, logger="kc_tui.ssh"):
        for n in range(4):
            assert gate.admit(f"10.0.0.{n}") is None
        refusals = [gate.admit(f"10.0.1.{n}") for n in range(50)]
        gate.leave("10.0.0.0")
        assert gate.admit("10.0.2.1") is None
    assert all(r == "The server is full; try again later." for r in refusals)
    full = [r for r in caplog.records if "its most" in r.getMessage()]
    assert len(full) == 1
    assert any("room for connections again" in r.getMessage() for r in caplog.records)


def test_an_address_refused_again_and_again_is_one_log_line_a_minute(caplog: pytest.LogCaptureFixture) -> None:
    clock = Clock()
    gate = Gate(GateLimits(per_address=1, per_minute=1000, total=50), clock=clock)
    assert gate.admit("a") is None
    with caplog.at_level(logging.INFO, logger="kc_tui.ssh"):
        for _ in range(1000):
            assert gate.admit("a", "an SSH connection") is not None
        clock.now += 61
        assert gate.admit("a", "an SSH connection") is not None
    lines = [r.getMessage() for r in caplog.records]
    assert len(lines) == 2
    assert lines[0].startswith("refused an SSH connection from a: Too many connections")
    assert "999 more" in lines[1]


def test_the_room_for_connections_leaves_files_for_the_saves() -> None:
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    assert connection_room() == max(8, soft - RESERVED_FILES)
    assert Gate().total == connection_room()


def test_an_ipv6_network_counts_as_one_client_and_a_mapped_ipv4_as_itself() -> None:
    assert client_of("2001:db8:1:2::5") == client_of("2001:db8:1:2:ffff::9") == "2001:db8:1:2::/64"
    assert client_of("2001:db8:1:3::5") != client_of("2001:db8:1:2::5")
    assert client_of("::ffff:203.0.113.9") == "203.0.113.9" == client_of("203.0.113.9")
    assert client_of("fe80::1%eth0") == "fe80::/64"
    gate = Gate(GateLimits(per_address=2, per_minute=100, total=50), clock=Clock())
    assert gate.admit("2001:db8::1") is None and gate.admit("2001:db8::2") is None
    assert gate.admit("2001:db8::3") is not None  # the same /64: its share is taken
    assert gate.admit("2001:db8:0:1::1") is None
    gate.leave("2001:db8::2")
    gate.leave("198.51.100.1")  # never admitted: changes nothing
    assert gate.holding == 2
    assert gate.admit("2001:db8::3") is None


def test_a_count_of_tabs_keeps_each_limit_and_gives_back_a_gone_workers() -> None:
    counts = SessionCount(per_key=2, per_address=3, total=4)
    assert counts.admits("ada", "203.0.113.9", "w0") is None
    assert counts.admits("ada", "203.0.113.9", "w1") is None
    assert counts.admits("ada", "198.51.100.7", "w0") == "key"
    assert counts.admits("ben", "203.0.113.9", "w1") is None
    assert counts.admits("cat", "203.0.113.9", "w0") == "address"
    assert counts.admits("cat", "198.51.100.7", "w0") is None
    assert counts.admits("dan", "192.0.2.1", "w0") == "full"
    assert counts.held == 4
    counts.gone("w1")  # a worker that died gives back Ada's second tab and Ben's
    assert counts.held == 2 and counts.admits("dan", "192.0.2.1", "w0") is None
    counts.ends("ada", "203.0.113.9", "w0")
    assert counts.by_key == {"cat": 1, "dan": 1} and counts.held == 2
