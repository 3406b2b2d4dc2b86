"""The player's language: gettext catalogs, chosen per person, and cards named in words.

Every sentence a player reads or hears is written in English in the source and looked up in a
gettext catalog (``locale/<lang>/LC_MESSAGES/<domain>.mo``).  The platform has one catalog
(domain ``kc_tui``, beside this package) and each game has its own, in its package: a game
brings its words with it.  A module gets its lookup functions from its domain::

    _, ngettext, pgettext, L_, Ln_ = Domain.of(__package__).functions()

``_`` and ``ngettext`` translate now, into the language of whoever is being served;
``L_`` and ``Ln_`` make a :class:`Text`, translated when it is shown: a refusal or a notice made
in one person's context and shown to another person in their own language.  :func:`N_` only marks
a string for the catalog (a key's description in a class's bindings table, translated where the
table is shown).  Placeholders are ``str.format`` names (``{name}``).

**Whose language.**  One process serves many people (SSH sessions, browser tabs) at once, each in
their own language: the language lives in a context variable that holds a :class:`Speaker`, one
per person, shared by every task of that person's session (a context variable's value set in one
task does not reach the others, a shared holder's change does).  A process serving one person
(the local game, the line mode) sets the process's own speaker (:func:`set_default_language`).
The language comes from ``--lang``, else a setting, else the environment (:func:`from_environment`:
``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``), else English.

**The pseudo-locale** (``qps``, hidden from players): every translated string comes back with its
letters accented and bracketed (``⁅Ŷöû ŵîñ~~⁆``), so a test reading a screen or a transcript in it
finds at once any English a catalog did not reach.
"""

from __future__ import annotations

import contextvars
import gettext as _gettext
import os
import re
import string
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterator, Mapping

__all__ = [
    "LANGUAGES", "PSEUDO", "DEFAULT", "Speaker", "Domain", "Text", "N_",
    "language", "speaker", "set_default_language", "speaking", "use_speaker",
    "from_environment", "language_of", "choose_language", "language_names",
]

DEFAULT = "en"
LANGUAGES: dict[str, str] = {"en": "English", "es": "Español", "fr": "Français"}
"""The languages a player may choose, by code, each named in itself."""
PSEUDO = "qps"
"""The pseudo-locale: English, accented and bracketed, for the tests that find untranslated text."""


@dataclass(slots=True)
class Speaker:
    """One person's language, shared by every task serving them: change :attr:`lang` (the
    Settings screen does) and every later sentence of their session follows."""

    lang: str = DEFAULT


_PROCESS = Speaker()
_SPEAKER: contextvars.ContextVar[Speaker] = contextvars.ContextVar("kc_speaker")


def speaker() -> Speaker:
    """The speaker being served now: the session's, or the process's."""
    return _SPEAKER.get(_PROCESS)


def language() -> str:
    """The language being served now (a code of :data:`LANGUAGES`, or :data:`PSEUDO`)."""
    return speaker().lang


def set_default_language(lang: str) -> None:
    """The process's language, for everyone not served in a session of their own."""
    _PROCESS.lang = _known(lang)


def use_speaker(who: Speaker) -> contextvars.Token[Speaker]:
    """Serve ``who`` in this context (and the tasks it starts) from now on."""
    return _SPEAKER.set(who)


@contextmanager
def speaking(lang: str) -> Iterator[Speaker]:
    """Serve a speaker of ``lang`` for the length of a ``with`` block."""
    who = Speaker(_known(lang))
    token = _SPEAKER.set(who)
    try:
        yield who
    finally:
        _SPEAKER.reset(token)


def _known(lang: str) -> str:
    if lang in LANGUAGES or lang == PSEUDO:
        return lang
    raise ValueError(f"unknown language {lang!r}")


def language_of(value: str) -> str | None:
    """The language a locale name or language tag names, if it is one we speak:
    ``es_ES.UTF-8``, ``fr``, ``fr-CA``, ``es_MX@euro`` -> ``es``/``fr``; ``C``, ``POSIX``, ``de_DE``
    -> None."""
    code = re.split(r"[_.@-]", value.strip(), maxsplit=1)[0].lower()
    if code in LANGUAGES or code == PSEUDO:
        return code
    return None


def from_environment(env: Mapping[str, str] | None = None) -> str | None:
    """The language the environment asks for, as gettext reads it: ``LANGUAGE`` (a list, the first
    we speak wins) unless the locale is ``C``; else the first set of ``LC_ALL``, ``LC_MESSAGES``,
    ``LANG``; None when it names no language we speak."""
    env = os.environ if env is None else env
    locale_name = next((env[v] for v in ("LC_ALL", "LC_MESSAGES", "LANG") if env.get(v)), "")
    if env.get("LANGUAGE") and locale_name not in ("C", "POSIX"):
        for part in env["LANGUAGE"].split(":"):
            found = language_of(part)
            if found:
                return found
    return language_of(locale_name) if locale_name else None


def choose_language(flag: str | None = None, setting: str | None = None,
                    env: Mapping[str, str] | None = None) -> str:
    """``--lang``, else the Settings screen's choice, else the environment, else English.
    ``setting`` None or ``"auto"``: follow the environment."""
    for choice in (flag, setting if setting != "auto" else None):
        if choice:
            found = language_of(choice)
            if found is None:
                raise ValueError(choice)
            return found
    return from_environment(env) or DEFAULT


def language_names() -> dict[str, str]:
    """The languages a player may choose, each named in itself."""
    return dict(LANGUAGES)


# --- catalogs -------------------------------------------------------------------------------------
class Domain:
    """One catalog: the platform's, or one game's."""

    _made: dict[str, Domain] = {}

    def __init__(self, name: str, localedir: Path) -> None:
        self.name, self.localedir = name, localedir
        self._catalogs: dict[str, _gettext.NullTranslations] = {}

    @classmethod
    def of(cls, package: str | None) -> Domain:
        """The catalog of the package a module belongs to: a game's (``kc_tui.games.NAME``), or
        the platform's for everything else."""
        parts = (package or "kc_tui").split(".")
        if parts[:2] == ["kc_tui", "games"] and len(parts) >= 3:
            name, root = parts[2], ".".join(parts[:3])
        else:
            name, root = "kc_tui", "kc_tui"
        if name not in cls._made:
            import importlib.util
            spec = importlib.util.find_spec(root)
            where = Path(spec.origin).parent if spec and spec.origin else Path(__file__).parent.parent
            cls._made[name] = Domain(name, where / "locale")
        return cls._made[name]

    def __reduce__(self) -> tuple[Any, ...]:
        # Sent to another process (a sentence made where the tables are, said in a worker) as
        # its name: the catalog there is that process's own.
        return Domain.of, ("kc_tui" if self.name == "kc_tui" else f"kc_tui.games.{self.name}",)

    def catalog(self, lang: str) -> _gettext.NullTranslations:
        found = self._catalogs.get(lang)
        if found is None:
            if lang == PSEUDO:
                found = _Pseudo()
            else:
                found = _gettext.translation(self.name, self.localedir, languages=[lang], fallback=True)
            self._catalogs[lang] = found
        return found

    def gettext(self, message: str) -> str:
        lang = language()
        return message if lang == DEFAULT else _formed(lang, self.catalog(lang).gettext(message))

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        lang = language()
        if lang == DEFAULT:
            return singular if n == 1 else plural
        return _formed(lang, self.catalog(lang).ngettext(singular, plural, n))

    def pgettext(self, context: str, message: str) -> str:
        lang = language()
        return message if lang == DEFAULT else _formed(lang, self.catalog(lang).pgettext(context, message))

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        lang = language()
        if lang == DEFAULT:
            return singular if n == 1 else plural
        return _formed(lang, self.catalog(lang).npgettext(context, singular, plural, n))

    def lazy(self, message: str, **values: Any) -> Text:
        return Text(self, message, None, None, tuple(values.items()))

    def lazy_plural(self, singular: str, plural: str, n: int, **values: Any) -> Text:
        return Text(self, singular, plural, n, tuple(values.items()))

    def functions(self) -> tuple[Callable[[str], str], Callable[[str, str, int], str],
                                 Callable[[str, str], str], Callable[..., Text], Callable[..., Text]]:
        """``_``, ``ngettext``, ``pgettext``, ``L_``, ``Ln_`` of this catalog (the names the
        catalogs' extraction looks for)."""
        return self.gettext, self.ngettext, self.pgettext, self.lazy, self.lazy_plural


_ELIDED = re.compile(r"(?:(?<=[\s(«\u00a0])|^)([DdQq]u?e) $")
"""French's "de" and "que", ending the text before a value (the word that elides before a vowel)."""
_VOWEL = frozenset("AEIOUÀÂÄÆÉÈÊËÎÏÔÖŒÙÛÜaeiouàâäæéèêëîïôöœùûü")
"""The letters a word elides before (not Y, nor H: "de Yann", "de Hugo" are both said so)."""


class _French(str):
    """A French sentence whose values are formatted into it with French's elision: "de" or "que"
    before a value that begins with a vowel becomes "d'" or "qu'" ("La table d'Amélie", not "La
    table de Amélie"); a name is not known when the sentence is translated."""

    __slots__ = ()

    def format(self, *args: Any, **kwargs: Any) -> str:
        formatter = string.Formatter()
        parts = list(formatter.parse(self))
        if any(field is not None and (not field[:1].isalpha() or "{" in (spec or ""))
               for _literal, field, spec, _conversion in parts):
            # Numbered or nested fields ("{}", "{0}", "{:{}}"): formatted as Python does, not
            # elided (the catalogs name every value).
            return str.format(self, *args, **kwargs)
        out: list[str] = []
        for literal, field, spec, conversion in parts:
            out.append(literal)
            if field is None:
                continue
            value, _key = formatter.get_field(field, args, kwargs)
            text = formatter.format_field(formatter.convert_field(value, conversion), spec or "")
            # Only the sentence's own "de" before the value elides, not the end of a value.
            elided = _ELIDED.search(literal) if text[:1] in _VOWEL else None
            if elided:
                out[-1] = literal[:elided.start()] + elided.group(1)[:-1] + "'"
            out.append(text)
        return "".join(out)


def _formed(lang: str, translated: str) -> str:
    """A translated sentence as its language formats values into it (French's elision)."""
    return _French(translated) if lang == "fr" and "{" in translated else translated


def N_(message: str) -> str:
    """Mark ``message`` for the catalog without translating it here (a class attribute read once
    at import, translated with ``_`` where it is shown)."""
    return message


@dataclass(frozen=True, slots=True)
class Text:
    """A sentence translated when it is shown, not when it is made: ``str(text)`` says it in the
    language of whoever is served then.  Its values are formatted into it (``{name}``); a value
    that is itself a :class:`Text` is said in the same language."""

    domain: Domain
    message: str
    plural: str | None
    n: int | None
    values: tuple[tuple[str, Any], ...]

    def __str__(self) -> str:
        if self.plural is not None and self.n is not None:
            template = self.domain.ngettext(self.message, self.plural, self.n)
        else:
            template = self.domain.gettext(self.message)
        values = {k: str(v) if isinstance(v, Text) else v for k, v in self.values}
        if self.n is not None:
            values.setdefault("n", self.n)
        return template.format(**values) if values else template


# --- the pseudo-locale ----------------------------------------------------------------------------
_ACCENTED = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "àƀçđéƒĝĥîĵķĺɱñöþǫŕšţûṽŵẋýžÀƁÇĐÉƑĜĤÎĴĶĹṀÑÖÞǪŔŠŢÛṼŴẊÝŽ",
)
_KEEP = re.compile(r"(\{[^{}]*\}|%\(?\w*\)?[sdrif]|\[/?[a-z@$#][^\]]*\]|\\\w)")


def pseudo(message: str) -> str:
    """``message`` in the pseudo-locale: letters accented outside placeholders and markup,
    bracketed, a third longer (as Spanish and French run), so untranslated text and text that
    would not fit both show."""
    if not message.strip():
        return message
    parts = _KEEP.split(message)
    out = "".join(p if i % 2 else p.translate(_ACCENTED) for i, p in enumerate(parts))
    lead = len(message) - len(message.lstrip())
    trail = len(message) - len(message.rstrip())
    core = out[lead:len(out) - trail] if trail else out[lead:]
    pad = "~" * (len(message.strip()) // 3)
    return f"{message[:lead]}\u2045{core}{pad}\u2046{message[len(message) - trail:] if trail else ''}"


class _Pseudo(_gettext.NullTranslations):
    def gettext(self, message: str) -> str:
        return pseudo(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return pseudo(message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)


def placeholders(message: str) -> set[str]:
    """The ``str.format`` fields of ``message`` (for the catalogs' tests), without their format
    specifications: a translation may write a number its own way (``{most}`` where English has
    ``{most:,}``, 4,096)."""
    return {f"{{{field}{'!' + conv if conv else ''}}}"
            for _, field, spec, conv in string.Formatter().parse(message) if field is not None}
