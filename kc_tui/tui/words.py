"""Words a platform screen shows that a game may have written: a row of a game's key table (its
key line, help and palette go through the platform's :mod:`.keys`), a quick game's label, a
game's title in the "Game" choice.

Such a text is marked for its own game's catalog (``N_`` in the game's package) and reaches the
platform as a plain English string: :func:`said` looks it up in the platform's catalog, then in
each game's, and says it in the first that translates it; a text said already (the screen
translated it, or a name) is found in none and stays as it is.  A lazy :class:`~kc_tui.core.i18n.Text`
(``L_``) says itself.
"""

from __future__ import annotations

from ..core.i18n import DEFAULT, LANGUAGES, PSEUDO, Domain, Text, language

__all__ = ["said"]


def _domains() -> list[Domain]:
    from ..games import GAMES  # the registry, read when a word is said: not at import

    return [Domain.of("kc_tui"), *(Domain.of(entry.package) for entry in GAMES.values())]


def said(text: str | Text) -> str:
    """``text`` in the language being served (see the module's words)."""
    lang = language()
    if isinstance(text, Text) or not text or lang == DEFAULT:
        return str(text)
    for domain in _domains():
        if lang == PSEUDO:
            # The pseudo-locale brackets whatever it is given: only a message a catalog knows
            # is said in it, so that English no catalog has still shows as English.
            if any(domain.catalog(known).gettext(text) != text for known in LANGUAGES if known != DEFAULT):
                return domain.gettext(text)
            continue
        found = domain.gettext(text)
        if found != text:
            return found
    return text
