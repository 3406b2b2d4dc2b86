"""Both games' line modes read the same words for the review commands they share, in every
language: a blind player's play test typed ``voir`` (the word Kings Reverse's help teaches) in
Kings in the Corner and was refused, and ``regarder`` and ``board`` (Kings in the Corner's) in
Kings Reverse, refused there."""

from __future__ import annotations

import io
import random
from typing import Callable

import pytest

from kc_tui.games.kings_corner.ai.seats import make_seats
from kc_tui.games.kings_corner.engine.rules import RuleSet
from kc_tui.games.kings_corner.engine.service import GameService
from kc_tui.games.kings_corner.line import PlainGame
from kc_tui.games.kings_reverse.ai import make_player
from kc_tui.games.kings_reverse.engine.rules import build_rules
from kc_tui.games.kings_reverse.engine.service import ReverseSeat, ReverseService
from kc_tui.games.kings_reverse.line import ReverseLines

# Each language's words for each review command (the English ones are read in every language).
SAID = {
    "en": {"look": ["look", "board", "l"], "hand": ["hand"], "who": ["who"], "scores": ["scores", "score"],
           "rules": ["rules"], "last": ["last"]},
    "es": {"look": ["mirar", "ver", "mesa", "tablero"], "hand": ["mano"], "who": ["quién", "quien"],
           "scores": ["puntos", "puntuación"], "rules": ["reglas"], "last": ["último", "ultimo"]},
    "fr": {"look": ["voir", "regarder", "table"], "hand": ["main"], "who": ["qui"], "scores": ["points"],
           "rules": ["règles", "regles"], "last": ["dernier"]},
}
CASES = [(lang, name, word) for lang, names in SAID.items() for name, words in names.items() for word in words]


def _corner(typed: str) -> str:
    """What Kings in the Corner's line mode says to ``typed`` at the first prompt of a seeded game."""
    service = GameService(RuleSet(players=2), make_seats(["you", "easy"], random.Random(5)), seed=5)
    out = io.StringIO()
    lines = iter([typed])
    PlainGame(service, lambda prompt: next(lines, None), out).run()
    return out.getvalue()


def _reverse(typed: str) -> str:
    """What Kings Reverse's line mode says to ``typed`` at the first prompt of a seeded game."""
    seats = [ReverseSeat("You"), ReverseSeat("Ada", "ai", "easy", make_player("easy", random.Random(1)))]
    service = ReverseService(build_rules(2), seats, seed=5)
    out = io.StringIO()
    lines = iter([typed])
    ReverseLines(service, out.write).run(lambda prompt: next(lines, None))
    return out.getvalue()


@pytest.mark.parametrize("lang, name, word", CASES)
@pytest.mark.parametrize("game", [_corner, _reverse], ids=["kings-corner", "kings-reverse"])
def test_each_game_reads_every_language_s_words_for_a_review_command(
        game: Callable[[str], str], lang: str, name: str, word: str, in_language: Callable[[str], None]) -> None:
    in_language(lang)
    assert game(word) == game(name), word
