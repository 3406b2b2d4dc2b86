"""What the purity tests share: which libraries importing each module loads, all read in one
fresh interpreter (starting one per module cost about 80 ms each, 60 modules in all)."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Sequence

_PROGRAM = """
import importlib, json, sys
modules, libraries = json.loads(sys.argv[1])
brought = {}
for module in modules:
    before = set(sys.modules)
    importlib.import_module(module)
    brought[module] = sorted({m.split('.')[0] for m in set(sys.modules) - before} & set(libraries))
print(json.dumps(brought))
"""


def ui_loaders(modules: Sequence[str], libraries: Sequence[str]) -> str:
    """Which of ``modules`` load a module of ``libraries``, and what they load ("" when none
    does), imported in turn into one fresh interpreter.  A library's modules are counted against
    the listed module whose import brought them in, which does load them (itself or through what
    it imports)."""
    result = subprocess.run([sys.executable, "-c", _PROGRAM, json.dumps([list(modules), list(libraries)])],
                            capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr
    brought: dict[str, list[str]] = json.loads(result.stdout)
    return "; ".join(f"{module} loads {', '.join(loaded)}" for module, loaded in brought.items() if loaded)
