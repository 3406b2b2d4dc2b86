"""The Linux console in a real terminal: with TERM=linux the title and the table are drawn in
ASCII without being asked (issue 11)."""

from __future__ import annotations

from pathlib import Path

from test_e2e_tmux import _command, _ends, _tmux, _until_my_turn, _wait_for, pytestmark  # noqa: F401


def test_the_linux_console_gets_an_ascii_screen_by_itself(tmp_path: Path) -> None:
    session = f"kc-e2e-linux-{tmp_path.name}"
    _tmux("new-session", "-d", "-s", session, "-x", "80", "-y", "24",
          f"env TERM=linux LANG=C.UTF-8 {_command()} --pace 0")
    try:
        screen = _wait_for(session, "Quick game")
        assert "New game" in screen, screen
        assert screen.isascii(), sorted({ch for ch in screen if not ch.isascii()})
        _tmux("send-keys", "-t", session, "g")
        screen = _until_my_turn(session)
        assert "Stock" in screen and "Your turn" in screen, screen
        assert screen.isascii(), sorted({ch for ch in screen if not ch.isascii()})
        _tmux("send-keys", "-t", session, "C-q")
        assert _ends(session)
    finally:
        if not _ends(session, 0.1):
            _tmux("kill-session", "-t", session)
