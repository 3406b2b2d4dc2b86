"""An option the program reads before any parser is built, wherever it stands on the command line.

``--game`` chooses whose command line parses the rest, and ``--lang`` the language its help and
errors are written in: both are read first, before or after the command's name
(``kings-corner --lang es play``, ``kings-corner play --lang es``)."""

from __future__ import annotations

from typing import Sequence

__all__ = ["take_option", "MissingValue"]


class MissingValue(ValueError):
    """The option was given last, with no value after it."""


def take_option(argv: Sequence[str], option: str) -> tuple[str | None, list[str]]:
    """The value ``option VALUE`` or ``option=VALUE`` gives anywhere in ``argv`` (the last one
    wins; None when it is not there), and the arguments without it.  Arguments after ``--`` are
    left alone.  :class:`MissingValue` for the option given last with no value."""
    value: str | None = None
    rest: list[str] = []
    args = list(argv)
    i = 0
    while i < len(args):
        arg = args[i]
        if arg == "--":
            rest.extend(args[i:])
            break
        if arg == option:
            if i + 1 >= len(args):
                raise MissingValue(option)
            value, i = args[i + 1], i + 2
            continue
        if arg.startswith(option + "="):
            value = arg.split("=", 1)[1]
        else:
            rest.append(arg)
        i += 1
    return value, rest
