"""``beginner`` and ``easy``: casual players (:mod:`kc_tui.games.kings_corner.ai.casual`) with
their traits."""

from __future__ import annotations

from .casual import BEGINNER, EASY, CasualPlayer

__all__ = ["BeginnerPlayer", "EasyPlayer"]


class BeginnerPlayer(CasualPlayer):
    level = "beginner"
    TRAITS = BEGINNER


class EasyPlayer(CasualPlayer):
    level = "easy"
    TRAITS = EASY
