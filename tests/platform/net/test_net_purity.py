"""The table server is pure asyncio: importing kc_tui.net loads no Textual, no Rich and no SSH
library (checked in a fresh interpreter, as tests/games/kings_corner/engine/test_purity.py does for the engine)."""

from __future__ import annotations

import subprocess
import sys

import pytest

MODULES = ["kc_tui.net", "kc_tui.net.server", "kc_tui.games.kings_corner.net", "kc_tui.games.kings_corner.remote",
           "kc_tui.games.kings_reverse.net", "kc_tui.games.kings_reverse.remote", "kc_tui.line.lobby"]


@pytest.mark.parametrize("module", MODULES)
def test_the_table_server_imports_no_ui_or_ssh_library(module: str) -> None:
    code = (
        f"import sys, {module}\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich', 'asyncssh'))\n"
        "print(','.join(bad))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "", f"{module} loads {result.stdout.strip()}"
