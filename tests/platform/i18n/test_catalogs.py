"""Every message the sources mark has a translation in every catalog: a missing or fuzzy entry,
or a translation whose ``{placeholders}`` differ from its message, fails here; and the ``.mo``
files the game loads are the ``.po`` files compiled (``python tools/catalogs.py update`` makes
both)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[3]
_spec = importlib.util.spec_from_file_location("catalogs", REPO / "tools" / "catalogs.py")
assert _spec and _spec.loader
catalogs = importlib.util.module_from_spec(_spec)
sys.modules["catalogs"] = catalogs
_spec.loader.exec_module(catalogs)

DOMAINS = catalogs.domains()


def test_the_platform_and_both_games_have_catalogs() -> None:
    assert [d.name for d in DOMAINS] == ["kc_tui", "kings_corner", "kings_reverse"]


@pytest.mark.parametrize("domain", DOMAINS, ids=lambda d: d.name)
def test_every_message_is_translated_in_every_language(domain: object) -> None:
    template = catalogs.extract(domain)
    assert len(template) > 0
    found = [p for lang in catalogs.TRANSLATED for p in catalogs.problems(domain, lang, template)]
    assert found == []


@pytest.mark.parametrize("domain", DOMAINS, ids=lambda d: d.name)
@pytest.mark.parametrize("lang", catalogs.TRANSLATED)
def test_the_compiled_catalog_is_the_written_one(domain: object, lang: str) -> None:
    written = catalogs.read(domain.po(lang), lang)
    assert domain.mo(lang).read_bytes() == catalogs.compiled(written), \
        "run: python tools/catalogs.py compile"


@pytest.mark.parametrize("domain", DOMAINS, ids=lambda d: d.name)
@pytest.mark.parametrize("lang", catalogs.TRANSLATED)
def test_the_translations_quote_with_the_language_s_own_marks(domain: object, lang: str) -> None:
    """Spanish and French quote with « » (the French help said « une carte » and the table's
    log "une carte")."""
    written = catalogs.read(domain.po(lang), lang)
    straight = [m.string for m in written if m.id and isinstance(m.string, str) and '"' in m.string]
    assert straight == []


@pytest.mark.parametrize("domain", DOMAINS, ids=lambda d: d.name)
def test_french_never_breaks_a_line_before_its_high_punctuation(domain: object) -> None:
    """French puts a space before : ; ! ? and » and after «: a plain one let a line break there,
    and a French play test read ": Ada a pioché" and "; Ben a joué Q♦" at the start of lines of
    the status line, the log and the rules.  The space is a no-break one (a command such as
    ":say" keeps its plain space before it)."""
    import re

    written = catalogs.read(domain.po("fr"), "fr")
    strings = [s for m in written if m.id for s in ([m.string] if isinstance(m.string, str) else m.string)]
    breaking = [s for s in strings if re.search(r" [:;!?»](\s|$|[\"'.,)\]])|« ", s)]
    assert breaking == []
    assert any("\u00a0:" in s for s in strings)


def test_the_check_finds_a_missing_a_fuzzy_and_a_wrong_placeholder(tmp_path: Path) -> None:
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import write_po

    domain = catalogs.CatalogDomain("demo", tmp_path)
    template = Catalog()
    for message in ("Deal", "Shuffle", "{name} plays {card}", "Pass"):
        template.add(message)
    written = Catalog(locale="es")
    written.add("Deal", "Repartir")
    written.add("Shuffle", "Barajar", flags=["fuzzy"])
    written.add("{name} plays {card}", "{nombre} juega {card}")
    domain.po("es").parent.mkdir(parents=True)
    with domain.po("es").open("wb") as f:
        write_po(f, written)
    found = catalogs.problems(domain, "es", template)
    assert found == [
        "demo/es: 'Shuffle' is fuzzy",
        "demo/es: '{name} plays {card}': placeholders ['{card}', '{nombre}'] where the message has "
        "['{card}', '{name}']",
        "demo/es: 'Pass' is not translated",
    ]
