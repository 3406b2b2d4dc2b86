"""argparse's own words ("usage:", "options:", "show this help message and exit", its errors)
in the player's language.

argparse looks every sentence of its own up with its module's ``_`` and ``ngettext`` (GNU
gettext's, domain ``messages``), at the moment it says it.  :func:`translate_argparse` points
those two at the platform's catalog, which falls back to English for what it does not hold; the
messages a player can meet are marked below so that the catalogs' extraction keeps them.
"""

from __future__ import annotations

import argparse

from ..core.i18n import N_, Domain

__all__ = ["translate_argparse"]

_, ngettext, pgettext, L_, Ln_ = Domain.of(__package__).functions()

ARGPARSE_MESSAGES = (
    # Translators: argparse's own words; keep the %(name)s and %s placeholders as they are.
    N_("usage: "),
    # Translators: a heading of the help; argparse writes a colon straight after it (French
    # ends it with a no-break space, so that the colon is spaced off as elsewhere).
    N_("positional arguments"),
    # Translators: a heading of the help, as "positional arguments" above.
    N_("options"),
    N_("show this help message and exit"),
    N_("%(prog)s: error: %(message)s\n"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("the following arguments are required: %s"),
    N_("unrecognized arguments: %s"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("ignored explicit argument %r"),
    N_("not allowed with argument %s"),
    N_("one of the arguments %s is required"),
    N_("unknown parser %(parser_name)r (choices: %(choices)s)"),
    N_("can't open '%(filename)s': %(error)s"),
)
"""The sentences of argparse a player can meet (its developers' errors are left to it)."""


def _argparse_gettext(message: str | None) -> str | None:
    # argparse asks for the translation of a subparsers' description it was not given (None).
    return None if message is None else _(message)


def translate_argparse() -> None:
    """Have argparse say its words in the language being served (argparse reads its ``_`` and
    ``ngettext`` at each use, so every parser follows, whenever it was made)."""
    argparse._ = _argparse_gettext  # type: ignore[attr-defined]
    argparse.ngettext = ngettext  # type: ignore[attr-defined]
