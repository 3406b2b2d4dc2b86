"""The translation catalogs: extract the messages, update each language's ``.po``, compile ``.mo``.

    python tools/catalogs.py update     # extract every domain, merge into es and fr .po files
    python tools/catalogs.py compile    # write the .mo files the game loads
    python tools/catalogs.py check      # what is missing, fuzzy or wrong (the tests' own check)

Domains: ``kc_tui`` (the platform: everything under ``kc_tui`` but the games) and one per game
(``kc_tui/games/NAME``, its catalog in its own ``locale`` folder).  Babel does the work
(``pip install -e '.[test]'`` installs it).
"""

from __future__ import annotations

import io
import sys
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "kc_tui"
TRANSLATED = ("es", "fr")
KEYWORDS = {**DEFAULT_KEYWORDS, "L_": None, "Ln_": (1, 2)}


@dataclass(frozen=True)
class CatalogDomain:
    name: str
    source: Path
    ignore: tuple[str, ...] = ()

    @property
    def localedir(self) -> Path:
        return self.source / "locale"

    def po(self, lang: str) -> Path:
        return self.localedir / lang / "LC_MESSAGES" / f"{self.name}.po"

    def mo(self, lang: str) -> Path:
        return self.localedir / lang / "LC_MESSAGES" / f"{self.name}.mo"


def domains() -> list[CatalogDomain]:
    games = sorted(p for p in (PACKAGE / "games").iterdir()
                   if (p / "__init__.py").exists() and (p / "locale").is_dir())
    return [CatalogDomain("kc_tui", PACKAGE, ("games/**.py",))] + [
        CatalogDomain(g.name, g) for g in games]


def extract(domain: CatalogDomain) -> Catalog:
    """Every message the domain's sources mark, with where it is used."""
    method_map = [(pattern, "ignore") for pattern in domain.ignore] + [("**.py", "python")]
    catalog = Catalog(project="kings-corner", domain=domain.name, creation_date=STAMP)
    for filename, lineno, message, comments, context in extract_from_dir(
            domain.source, method_map, keywords=KEYWORDS, comment_tags=("Translators:",),
            strip_comment_tags=True):
        where = str((domain.source / filename).relative_to(ROOT))
        catalog.add(message, None, [(where, lineno)], auto_comments=comments, context=context)
    return catalog


# Two forms, as gettext has always had them for these languages (CLDR adds a third for Spanish
# millions, which no sentence here counts).
PLURALS = {"es": (2, "(n != 1)"), "fr": (2, "(n > 1)")}
STAMP = datetime(2026, 12, 4, tzinfo=UTC)
HEADER = """\
# {language} translations of kings-corner (Kings in the Corner and Kings Reverse).
# Written for this project; the facts come from the rule sheets in ../shared/seeds.
# This file is distributed under the same license as the kings-corner project.
#"""


def read(path: Path, lang: str) -> Catalog:
    if path.exists():
        with path.open("rb") as f:
            catalog = read_po(f, locale=lang)
    else:
        catalog = Catalog(locale=lang, project="kings-corner", version="0.1",
                          last_translator="kc_tui developers", language_team=f"{lang} <none>")
    catalog._num_plurals, catalog._plural_expr = PLURALS.get(lang, (2, "(n != 1)"))
    catalog.fuzzy = False
    # Fixed dates: the files change only when a message does, and branches merge cleanly.
    catalog.creation_date = catalog.revision_date = STAMP
    catalog.header_comment = HEADER.format(language={"es": "Spanish", "fr": "French"}.get(lang, lang))
    return catalog


def update(domain: CatalogDomain, lang: str, template: Catalog) -> Catalog:
    catalog = read(domain.po(lang), lang)
    catalog.update(template, no_fuzzy_matching=True)
    catalog.obsolete.clear()  # a message no longer used is dropped, not kept commented out
    domain.po(lang).parent.mkdir(parents=True, exist_ok=True)
    with domain.po(lang).open("wb") as f:
        # Sorted, without line numbers: a message keeps its place in the file when code moves.
        write_po(f, catalog, width=100, sort_output=True, include_lineno=False)
    return catalog


def compiled(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def compile_all() -> None:
    for domain in domains():
        for lang in TRANSLATED:
            catalog = read(domain.po(lang), lang)
            domain.mo(lang).write_bytes(compiled(catalog))


def problems(domain: CatalogDomain, lang: str, template: Catalog | None = None) -> list[str]:
    """What is wrong with one language's catalog of one domain: a message the sources use and the
    catalog lacks, leaves empty or marks fuzzy; a translation whose ``{placeholders}`` differ."""
    from kc_tui.core.i18n import placeholders

    template = template or extract(domain)
    catalog = read(domain.po(lang), lang)
    out = []
    for message in template:
        if not message.id:
            continue
        found: Message | None = catalog.get(message.id, message.context)
        where = f"{domain.name}/{lang}: {message.id!r}"
        if found is None or not found.string or (isinstance(found.string, tuple) and not all(found.string)):
            out.append(f"{where} is not translated")
            continue
        if found.fuzzy:
            out.append(f"{where} is fuzzy")
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = found.string if isinstance(found.string, tuple) else (found.string,)
        wanted = set().union(*(placeholders(i) for i in ids))
        for s in strings:
            have = placeholders(s)
            # A plural's singular may leave out its number ("una carta"); nothing else may differ.
            if have - wanted or (len(ids) == 1 and have != wanted):
                out.append(f"{where}: placeholders {sorted(have)} where the message has {sorted(wanted)}")
    return out


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "check"
    if command == "update":
        for domain in domains():
            template = extract(domain)
            for lang in TRANSLATED:
                update(domain, lang, template)
        compile_all()
        return 0
    if command == "compile":
        compile_all()
        return 0
    if command == "check":
        found = [p for d in domains() for lang in TRANSLATED for p in problems(d, lang)]
        print("\n".join(found) or "every catalog is complete")
        return 1 if found else 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
