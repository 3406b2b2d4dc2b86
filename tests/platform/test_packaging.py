"""The wheel holds every package: pyproject.toml names them one by one (the styles come from
another folder), so a package added to kc_tui and not named there would be missing from an
installed game while every test run from the clone still passed."""

from __future__ import annotations

import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def test_every_package_of_kc_tui_is_in_the_wheel() -> None:
    listed = set(tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    found = {
        ".".join(init.parent.relative_to(REPO).parts)
        for init in (REPO / "kc_tui").rglob("__init__.py")
    }
    assert found - listed == set(), "packages missing from pyproject.toml"
    assert listed - found - {"kc_tui.styles"} == set(), "pyproject.toml names packages that are gone"
