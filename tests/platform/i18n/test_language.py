"""Whose language: the environment as gettext reads it, ``--lang`` and the setting above it, one
person's language per session, cards named in words in each language, the pseudo-locale."""

from __future__ import annotations

import asyncio

import pytest

from kc_tui.core.cards import CARDS, JOKER, Card, card_name
from kc_tui.core.i18n import (
    Domain,
    Speaker,
    choose_language,
    from_environment,
    language,
    language_of,
    pseudo,
    speaking,
    use_speaker,
)


@pytest.mark.parametrize("env, expected", [
    ({}, None),
    ({"LANG": "es_ES.UTF-8"}, "es"),
    ({"LANG": "fr_CA.UTF-8"}, "fr"),
    ({"LANG": "de_DE.UTF-8"}, None),
    ({"LANG": "C.UTF-8"}, None),
    ({"LANG": "en_GB.UTF-8", "LC_MESSAGES": "fr_FR.UTF-8"}, "fr"),
    ({"LANG": "es_ES.UTF-8", "LC_ALL": "en_US.UTF-8"}, "en"),
    ({"LANG": "de_DE.UTF-8", "LANGUAGE": "de:fr:es"}, "fr"),
    ({"LC_ALL": "C", "LANGUAGE": "es"}, None),
])
def test_the_environment_names_the_language_as_gettext_reads_it(env: dict[str, str],
                                                                 expected: str | None) -> None:
    assert from_environment(env) == expected


def test_the_flag_beats_the_setting_which_beats_the_environment() -> None:
    env = {"LANG": "fr_FR.UTF-8"}
    assert choose_language(env=env) == "fr"
    assert choose_language(setting="auto", env=env) == "fr"
    assert choose_language(setting="es", env=env) == "es"
    assert choose_language(flag="en", setting="es", env=env) == "en"
    assert choose_language(env={}) == "en"
    with pytest.raises(ValueError):
        choose_language(flag="klingon", env=env)


def test_a_language_tag_is_read_in_its_usual_spellings() -> None:
    assert [language_of(t) for t in ("es", "es-MX", "fr_BE@euro", "EN", "pt_BR", "")] == \
        ["es", "es", "fr", "en", None, None]


@pytest.mark.parametrize("lang, king, queen, ace", [
    ("en", "the king of clubs", "the queen of hearts", "the ace of diamonds"),
    ("es", "el rey de tréboles", "la reina de corazones", "el as de diamantes"),
    ("fr", "le roi de trèfle", "la dame de cœur", "l'as de carreau"),
])
def test_cards_are_named_with_their_articles_and_genders(lang: str, king: str, queen: str,
                                                         ace: str) -> None:
    with speaking(lang):
        assert [card_name(Card.parse(c)) for c in ("KC", "QH", "AD")] == [king, queen, ace]
        assert card_name(JOKER) != ""


def test_every_card_has_a_name_in_every_language_and_no_two_share_one() -> None:
    for lang in ("en", "es", "fr"):
        with speaking(lang):
            names = {card_name(c) for c in CARDS}
        assert len(names) == 52


def test_each_session_speaks_its_own_language_and_a_change_reaches_all_its_tasks() -> None:
    async def session(lang: str, heard: list[str], changed: asyncio.Event) -> None:
        who = Speaker(lang)
        use_speaker(who)

        async def other_task() -> None:
            await changed.wait()
            heard.append(language())

        task = asyncio.create_task(other_task())
        heard.append(language())
        who.lang = "fr"  # the Settings screen in one task of the session
        changed.set()
        await task

    async def main() -> tuple[list[str], list[str]]:
        a: list[str] = []
        b: list[str] = []
        await asyncio.gather(session("es", a, asyncio.Event()), session("en", b, asyncio.Event()))
        return a, b

    assert asyncio.run(main()) == (["es", "fr"], ["en", "fr"])
    assert language() == "en"


def test_a_lazy_text_is_said_in_the_language_of_whoever_reads_it() -> None:
    domain = Domain.of("kc_tui.core")
    with speaking("es"):
        text = domain.lazy("{rank} of {suit}", rank="X", suit="Y")
    assert str(text) == "X of Y"
    with speaking("fr"):
        assert str(text) == "X de Y"


def test_french_elides_de_and_que_before_a_value_that_begins_with_a_vowel() -> None:
    """"La table de Amélie" and "C'est le tour de Ada": a name is not known to the catalog."""
    domain = Domain.of("kc_tui.net")
    with speaking("fr"):
        assert domain.gettext("{name}'s table").format(name="Amélie") == "La table d'Amélie"
        assert domain.gettext("{name}'s table").format(name="Ben") == "La table de Ben"
        assert str(domain.lazy("{name}'s table", name="Ève")) == "La table d'Ève"
        assert domain.gettext("{name}'s table").format(name="Yann") == "La table de Yann"
    with speaking("es"):
        assert domain.gettext("{name}'s table").format(name="Amélie") == "La mesa de Amélie"


def test_the_pseudo_locale_keeps_placeholders_and_markup_and_marks_everything_else() -> None:
    said = pseudo("Play {card} on [b]{pile}[/b]?")
    assert said.startswith("\u2045") and said.endswith("\u2046")
    assert "{card}" in said and "[b]{pile}[/b]" in said
    assert "Play" not in said and "on" not in said.replace("{", " ").split()
