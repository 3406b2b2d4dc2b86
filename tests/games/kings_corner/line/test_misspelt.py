"""A word typed that is no command but close to one is answered with that one ("'quiter' is not
a command: did you mean quit?"), in the language served: a play test typed "quiter" and was read
the whole list of commands, which a listener hears to its end."""

from __future__ import annotations

import io
import random
from typing import Callable

import pytest

from kc_tui.core.text import closest
from kc_tui.games.kings_corner.ai.seats import make_seats
from kc_tui.games.kings_corner.engine.commands import (
    COMMAND_WORDS,
    CommandError,
    Verb,
    parse_command,
    parse_review,
)
from kc_tui.games.kings_corner.engine.commands import _ as translated
from kc_tui.games.kings_corner.engine.rules import RuleSet
from kc_tui.games.kings_corner.engine.service import GameService
from kc_tui.games.kings_corner.line import PlainGame


def test_closest_finds_a_slip_of_the_fingers_and_nothing_else() -> None:
    words = ["end", "undo", "hint", "help", "quit", "look", "scores", "último"]
    assert [closest(typed, words) for typed in ("quiter", "hlep", "undp", "hnit", "scroes", "lok", "QUITT")] == [
        "quit", "help", "undo", "hint", "scores", "look", "quit"]
    assert closest("ultimo", words) is None  # the word itself, folded: no slip
    assert closest("utlimo", words) == "último"  # said back as the list writes it
    assert [closest(typed, words) for typed in ("xyzzy", "7x", "ed", "q", "pass", "")] == [None] * 6
    # The lists are looked in in turn: the language's words first, then the English ones.
    assert closest("slair", ["fin", "salir"], ["quit"]) == "salir"
    assert closest("qiut", ["fin", "salir"], ["quit"]) == "quit"
    # Two letters swapped in a word of three: too few letters left for the ratio (a play test's "fni").
    assert [closest(typed, ["fin", "end"]) for typed in ("fni", "ifn", "ned", "fnn", "nif")] == [
        "fin", "fin", "end", None, None]


@pytest.mark.parametrize("lang", ["en", "es", "fr"])
def test_every_word_said_back_is_a_command_in_its_language(lang: str, in_language: Callable[[str], None]) -> None:
    in_language(lang)
    words = translated(COMMAND_WORDS).split()
    assert len(words) >= 12 and (lang == "en") == (words == COMMAND_WORDS.split())
    for word in words:
        try:
            review = parse_review(word)
        except CommandError as exc:  # "pile" alone: which pile? (the command, read)
            assert word in ("pile", "montón", "verbosity", "verbosidad", "verbosité"), (word, str(exc))
            continue
        assert review is not None or isinstance(parse_command(word), Verb), word


def _said(typed: list[str]) -> str:
    service = GameService(RuleSet(players=2), make_seats(["you", "medium"], random.Random(5)), seed=5)
    out = io.StringIO()
    lines = iter(typed)
    PlainGame(service, lambda prompt: next(lines, None), out).run()
    return out.getvalue()


@pytest.mark.parametrize("lang, typed, said", [
    ("en", ["quiter", "Scroes", "xyzzy"],
     ["'quiter' is not a command: did you mean quit?", "'Scroes' is not a command: did you mean scores?",
      "'xyzzy' is not a command: write a card and a pile (7H N), two piles (E N), or end, undo, hint, help, "
      "quit."]),
    ("es", ["slair", "utlimo", "qiut", "temrinar", "pasra"],
     ["'slair' no es una orden: ¿querías decir salir?", "'utlimo' no es una orden: ¿querías decir último?",
      "'qiut' no es una orden: ¿querías decir quit?", "'temrinar' no es una orden: ¿querías decir terminar?",
      "'pasra' no es una orden: ¿querías decir pasar?"]),
    ("fr", ["quiter", "aied", "terminre", "termnier", "pasesr"],
     ["'quiter' n'est pas une commande\u00a0: voulais-tu dire quitter\u00a0?",
      "'aied' n'est pas une commande\u00a0: voulais-tu dire aide\u00a0?",
      # A play test: the words that end a turn besides fin were answered with the whole list,
      # or with "dernier" (last).
      "'terminre' n'est pas une commande\u00a0: voulais-tu dire terminer\u00a0?",
      "'termnier' n'est pas une commande\u00a0: voulais-tu dire terminer\u00a0?",
      "'pasesr' n'est pas une commande\u00a0: voulais-tu dire passer\u00a0?"]),
])
def test_the_line_mode_answers_a_misspelt_command_with_the_one_meant(
        lang: str, typed: list[str], said: list[str], in_language: Callable[[str], None]) -> None:
    in_language(lang)
    out = _said(typed)
    for sentence in said:
        assert sentence in out, (sentence, out[-1500:])


@pytest.mark.parametrize(("lang", "line", "said"), [
    ("en", "jack of diamnds s", "'diamnds' is not a word of a move: did you mean diamonds?"),
    ("en", "plya 3d w", "'plya' is not a word of a move: did you mean play?"),
    ("en", "sevn of hearts n", "'sevn' is not a word of a move: did you mean seven?"),
    ("es", "siete de picsa n", "'picsa' no es una palabra de una jugada: ¿querías decir picas?"),
    ("fr", "sept de piqeu n", "'piqeu' n'est pas un mot d'un coup\u00a0: voulais-tu dire pique\u00a0?"),
])
def test_a_misspelt_word_of_a_move_is_answered_with_the_one_meant(
        lang: str, line: str, said: str, in_language: Callable[[str], None]) -> None:
    """A play test typed "jack of diamnds s" and was told only "Too many words"."""
    in_language(lang)
    with pytest.raises(CommandError) as refused:
        parse_command(line, ())
    assert str(refused.value) == said


def test_words_of_a_move_spelt_right_are_read_and_strangers_still_counted() -> None:
    assert str(parse_command("jack of diamonds s", ())) == "JD S"
    assert str(parse_command("play 3d w", ())) == "3D W"
    # Short words are close to too many to name one: "then" is no slip for "ten", nor "con"
    # (Spanish) for the French "coin" (a review found both).
    for line in ("xx yy zz", "7h then n", "7h one n", "7h on top n", "7h con n"):
        with pytest.raises(CommandError, match="Too many words in"):
            parse_command(line, ())
