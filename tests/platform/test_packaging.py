"""The wheel holds every package and every file the program reads: setuptools finds the packages
under kc_tui (a folder is one when it has an ``__init__.py``), and pyproject.toml's package data
names the other files by pattern.  A module in a folder without ``__init__.py``, or a stylesheet
no pattern covers, would be missing from an installed game while every test run from the clone
still passed."""

from __future__ import annotations

import fnmatch
import re
import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
PACKAGE = REPO / "kc_tui"


def _package_of(path: Path) -> Path:
    folder = path.parent
    while not (folder / "__init__.py").exists():
        folder = folder.parent
    return folder


def test_every_module_is_in_a_package() -> None:
    loose = [str(p.relative_to(REPO)) for p in PACKAGE.rglob("*.py")
             if "__pycache__" not in p.parts and not (p.parent / "__init__.py").exists()]
    assert loose == []


def test_every_file_the_program_reads_is_package_data() -> None:
    setuptools = tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["setuptools"]
    assert setuptools["packages"]["find"]["include"] == ["kc_tui*"]
    data: dict[str, list[str]] = setuptools["package-data"]
    files = [p for p in PACKAGE.rglob("*") if p.is_file() and p.suffix not in (".py", ".pyc")
             and "__pycache__" not in p.parts]
    assert files, "the stylesheets and the browser page"
    missed = []
    for path in files:
        package = _package_of(path)
        name = ".".join(package.relative_to(REPO).parts)
        inside = path.relative_to(package).as_posix()
        patterns = data.get("*", []) + data.get(name, [])
        if not any(fnmatch.fnmatch(inside, pattern) and inside.count("/") == pattern.count("/")
                   for pattern in patterns):
            missed.append(str(path.relative_to(REPO)))
    assert missed == []


def test_every_pip_install_of_an_extra_names_this_project_and_an_extra_it_has() -> None:
    """A host followed "pip install 'kings-corner[redis]'" from the docs and the server's own
    help: there is no such distribution (kings-corner is the command; the project is kc-tui)."""
    project = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]
    extras = set(project["optional-dependencies"])
    texts = [*PACKAGE.rglob("*.py"), *PACKAGE.rglob("*.po"), *(REPO / "docs").rglob("*.md"), REPO / "README.md"]
    named = []
    for path in texts:
        for match in re.finditer(r"pip install '([A-Za-z0-9_.-]*)\[([a-z,]+)\]'", path.read_text(encoding="utf-8")):
            named.append((path.name, match[1], match[2]))
    assert named, "the docs say how to add the redis extra"
    assert [n for n in named if n[1] not in (project["name"], ".") or not set(n[2].split(",")) <= extras] == []
