"""STYLE.md: the engine and the AI (and the core every game shares) are pure Python; importing any of their modules must not
load Textual or Rich (checked in a fresh interpreter, as harlequin does)."""

from __future__ import annotations

import ast
import pkgutil
from pathlib import Path

from purity import ui_loaders

import kc_tui.core
import kc_tui.games.kings_corner.ai
import kc_tui.games.kings_corner.engine

PURE_PACKAGES = (kc_tui.core, kc_tui.games.kings_corner.engine, kc_tui.games.kings_corner.ai)
MODULES = sorted(
    f"{pkg.__name__}.{info.name}"
    for pkg in PURE_PACKAGES
    for info in pkgutil.iter_modules(pkg.__path__)
) + [pkg.__name__ for pkg in PURE_PACKAGES]


def test_no_module_imports_a_ui_library() -> None:
    assert ui_loaders(MODULES, ("textual", "rich")) == ""


def test_no_source_file_names_a_ui_library() -> None:
    """Also catches imports inside functions, which an import-time check would miss."""
    for pkg in PURE_PACKAGES:
        for path in Path(pkg.__path__[0]).glob("*.py"):
            for node in ast.walk(ast.parse(path.read_text())):
                names = []
                if isinstance(node, ast.Import):
                    names = [a.name for a in node.names]
                elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                    names = [node.module]
                for name in names:
                    assert name.split(".")[0] not in ("textual", "rich"), f"{path}: imports {name}"
