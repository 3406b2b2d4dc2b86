"""The documents travel with the program: every relative link in the README and in docs/
reaches a file of the repository (and a heading in it, when the link names one), every path of
the repository and every ``kc_tui`` name they write exists, the README is a short front page
linking every page of docs/, and every rule number and protocol section the code and the tests
cite is a heading of docs/."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[3]
DOCUMENTS = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]

_FENCE = re.compile(r"^(```|~~~).*?^\1[^\n]*$", re.S | re.M)
_CODE = re.compile(r"`+[^`\n]*`+")
_LINK = re.compile(r"\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
_HEADING = re.compile(r"^#{1,6}[ \t]+(.+?)[ \t#]*$", re.M)
_SCHEME = re.compile(r"^[a-z][a-z0-9+.-]*:", re.I)
_RULE = re.compile(r"\bR\d+(?:\.\d+)*\b")
_SECTION = re.compile(r"protocol\.md,? sections? (\d+)(?: and (\d+))?", re.I)
# A path of the repository as the documents write it (up to a placeholder such as ``<game>``), and
# a dotted name of the code (a module, or a name in one).
_PATH = re.compile(r"(?<![\w./-])((?:kc_tui|tests|benchmarks|tools|screenshots|styles)/[\w./-]*)")
_DOTTED = re.compile(r"(?<![\w./-])kc_tui(?:\.\w+)+")


def _prose(text: str) -> str:
    """The text without code: a link written inside a code block or span is an example."""
    return _CODE.sub("", _FENCE.sub("", text))


def anchors(document: Path) -> set[str]:
    """The anchors GitHub gives a document's headings: lower case, punctuation dropped, spaces
    made hyphens, and a repeated heading numbered (``-1``, ``-2``)."""
    seen: dict[str, int] = {}
    found = set()
    for heading in _HEADING.findall(_FENCE.sub("", document.read_text(encoding="utf-8"))):
        text = re.sub(r"`|\*\*|__", "", heading).strip().lower()
        slug = re.sub(r"[^\w\- ]", "", text).replace(" ", "-")
        count = seen.get(slug, 0)
        seen[slug] = count + 1
        found.add(slug if count == 0 else f"{slug}-{count}")
    return found


def broken_links(document: Path, root: Path) -> list[str]:
    """Each relative link of ``document`` that does not resolve, with why."""
    problems = []
    for target in _LINK.findall(_prose(document.read_text(encoding="utf-8"))):
        if _SCHEME.match(target):
            continue  # a web address or mail: not part of the repository
        path_part, _, anchor = target.partition("#")
        linked = (document.parent / path_part).resolve() if path_part else document
        if not linked.is_relative_to(root.resolve()):
            problems.append(f"{target}: leaves the repository")
        elif not linked.exists():
            problems.append(f"{target}: no such file")
        elif anchor and (linked.suffix != ".md" or anchor.lower() not in anchors(linked)):
            problems.append(f"{target}: no heading #{anchor} in {linked.name}")
    return problems


def missing_paths(document: Path, root: Path) -> list[str]:
    """Each path of the repository that ``document`` names and that does not exist: a module
    moved or renamed leaves its old path in the prose."""
    text = document.read_text(encoding="utf-8")
    return [path for path in dict.fromkeys(m.rstrip(".") for m in _PATH.findall(text))
            if not (root / path).exists()]


def _resolves(dotted: str) -> bool:
    """Whether ``dotted`` is a module of the code, or a name defined in one."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            found: object = importlib.import_module(".".join(parts[:cut]))
        except ModuleNotFoundError:
            continue
        for name in parts[cut:]:
            if not hasattr(found, name):
                return False
            found = getattr(found, name)
        return True
    return False


def _cited(pattern: re.Pattern[str]) -> dict[str, list[str]]:
    """What ``pattern`` finds in the code and the tests, with the files citing each."""
    cited: dict[str, list[str]] = {}
    for folder in ("kc_tui", "tests"):
        for source in sorted((REPO / folder).rglob("*.py")):
            for match in pattern.finditer(source.read_text(encoding="utf-8")):
                for label in filter(None, match.groups() or (match.group(0),)):
                    cited.setdefault(label, []).append(str(source.relative_to(REPO)))
    return cited


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda p: str(p.relative_to(REPO)))
def test_every_relative_link_resolves(document):
    assert broken_links(document, REPO) == []


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda p: str(p.relative_to(REPO)))
def test_every_path_and_module_named_exists(document):
    """docs/architecture.md names every module by its path; the other pages name a few."""
    assert missing_paths(document, REPO) == []
    names = dict.fromkeys(_DOTTED.findall(document.read_text(encoding="utf-8")))
    assert [name for name in names if not _resolves(name)] == []


def test_a_path_or_module_that_is_gone_is_reported(tmp_path):
    (tmp_path / "kc_tui" / "core").mkdir(parents=True)
    (tmp_path / "kc_tui" / "games").mkdir()
    (tmp_path / "kc_tui" / "core" / "cards.py").write_text("")
    document = tmp_path / "notes.md"
    document.write_text("`kc_tui/core/cards.py`, `kc_tui/games/<game>/`, `kc_tui/engine/moves.py`, "
                        "and tests/ai/test_budget.py.\n")
    assert missing_paths(document, tmp_path) == ["kc_tui/engine/moves.py", "tests/ai/test_budget.py"]
    assert _resolves("kc_tui.core.door.ServiceDoor") and _resolves("kc_tui.games")
    assert not _resolves("kc_tui.engine.transcript.replay")
    assert not _resolves("kc_tui.core.door.NoSuchDoor")


def test_the_readme_links_the_rules_and_the_protocol():
    targets = {t.partition("#")[0] for t in _LINK.findall(_prose((REPO / "README.md").read_text()))}
    assert {"docs/rules.md", "docs/protocol.md"} <= targets
    assert not re.search(r"\b(RULES|PROTOCOL)\.md", (REPO / "README.md").read_text())


def test_the_readme_is_a_front_page_that_links_every_page_of_the_docs():
    """Issue 26: the README stays short enough to read as a front page, and a newcomer reaches
    every page of docs/ from it."""
    text = (REPO / "README.md").read_text(encoding="utf-8")
    assert len(text.splitlines()) < 250
    targets = {t.partition("#")[0] for t in _LINK.findall(_prose(text))}
    pages = {f"docs/{page.name}" for page in (REPO / "docs").glob("*.md")}
    assert pages - targets == set()


def test_a_broken_link_or_anchor_is_reported(tmp_path):
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "rules.md").write_text("# Rules\n\n## R1 Cards and notation\n")
    readme = tmp_path / "README.md"
    readme.write_text(
        "See [R1](docs/rules.md#r1-cards-and-notation), [the top](#read-me), [site](https://x.org).\n"
        "Broken: [gone](docs/missing.md), [no heading](docs/rules.md#r9-nothing), [out](../x.md).\n"
        "```\n[example](not/checked.md)\n```\n"
        "# Read me\n"
    )
    assert broken_links(readme, tmp_path) == [
        "docs/missing.md: no such file",
        "docs/rules.md#r9-nothing: no heading #r9-nothing in rules.md",
        "../x.md: leaves the repository",
    ]


def test_anchors_follow_github():
    document = REPO / "docs" / "protocol.md"
    assert {"1-transcripts-json-lines", "3-the-command-prompt", "4-external-bots"} <= anchors(document)


def test_every_rule_number_cited_is_a_heading_or_label_of_the_rules():
    text = (REPO / "docs" / "rules.md").read_text(encoding="utf-8")
    labels = set(re.findall(r"^#{1,6}[ \t]+(R\d+(?:\.\d+)*)\b", text, re.M))
    labels |= set(re.findall(r"\*\*(R\d+(?:\.\d+)*)\b", text))
    cited = _cited(_RULE)
    assert cited, "the code and the tests cite rule numbers"
    missing = {number: files[:3] for number, files in cited.items() if number not in labels}
    assert missing == {}


def test_every_protocol_section_cited_is_a_heading_of_the_protocol():
    text = (REPO / "docs" / "protocol.md").read_text(encoding="utf-8")
    headings = set(re.findall(r"^## (\d+)\. ", text, re.M))
    cited = _cited(_SECTION)
    assert cited, "the code and the tests cite protocol sections"
    missing = {section: files[:3] for section, files in cited.items() if section not in headings}
    assert missing == {}
