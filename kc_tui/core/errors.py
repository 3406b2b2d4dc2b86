"""The refusals every game makes: each carries, as ``str()``, the sentence the player sees."""

from __future__ import annotations

__all__ = ["IllegalMove", "RuleError"]


class IllegalMove(Exception):
    """A move, command or turn action the rules refuse; ``str()`` is the sentence to show."""


class RuleError(ValueError):
    """A rule configuration that cannot be played; the message names the option and the limit."""
