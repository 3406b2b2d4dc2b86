"""The line mode in Spanish and French (issue 27): a session played to its end with commands typed
in the language, cards named with their articles, the piles' own letters (O, SO, NO)."""

from __future__ import annotations

import io
import random
from types import SimpleNamespace
from typing import Callable

import pytest

from kc_tui.core.cards import Card
from kc_tui.games.kings_corner.ai.seats import make_seats
from kc_tui.games.kings_corner.engine.board import PILES, Pile, parse_pile
from kc_tui.games.kings_corner.engine.commands import CommandError, Review, Verb, parse_command, parse_review
from kc_tui.games.kings_corner.engine.describe import Narrator
from kc_tui.games.kings_corner.engine.events import MoveEvent, Play, RoundView, Undo
from kc_tui.games.kings_corner.engine.moves import MovePile, PlayCard
from kc_tui.games.kings_corner.engine.rules import RuleSet
from kc_tui.games.kings_corner.engine.service import GameService
from kc_tui.games.kings_corner.line import PlainGame, _tops

LETTERS = {Pile.W: "O", Pile.SW: "SO", Pile.NW: "NO"}
"""The west piles as a Spanish or French player writes them."""

WORDS = {
    # language: (play, move, end, sure, undo, look, hand)
    "es": ("jugar {card} en {pile}", "mover {source} sobre {target}", "fin", "s", "deshacer", "mesa", "mano"),
    "fr": ("jouer {card} sur {pile}", "déplacer {source} sur {target}", "fin", "o", "annuler", "table", "main"),
}


def letters(pile: Pile) -> str:
    return LETTERS.get(pile, pile.name)


def play_session(lang: str, seed: int) -> tuple[str, int]:
    """A two-player session to 1 point (it ends with the first scored round), the person's seat
    typing the first legal move each time in ``lang``'s words, then ending the turn."""
    play, move, end, sure, undo, look, hand = WORDS[lang]
    service = GameService(RuleSet(players=2, target=1), make_seats(["you", "easy"], random.Random(seed)),
                          seed=seed)
    out = io.StringIO()
    # A few review commands, a refused undo, and an end asked about (moves are open) first.
    typed = iter([look, hand, undo, end])

    def read(prompt: str) -> str | None:
        line = next(typed, None)
        if line is None:
            if not prompt.endswith("> "):
                line = sure if "?" in prompt else ""  # the end question; Enter between rounds
            else:
                moves = service.legal_moves()
                if not moves:
                    line = end
                elif isinstance(moves[0], PlayCard):
                    line = play.format(card=moves[0].card, pile=letters(moves[0].pile))
                else:
                    line = move.format(source=letters(moves[0].source), target=letters(moves[0].target))
        out.write(f"{prompt}{line}\n")
        return line

    code = PlainGame(service, read, out).run()
    return out.getvalue(), code


@pytest.mark.parametrize(("lang", "heard"), [
    ("es", ["Ronda 1. ", "Tu mano: 1, ", "No hay nada que deshacer en este turno.", "Juegas el ",
            "Terminas el turno. Quedaban", "Fin de la ronda 1", "La partida ha terminado.", "Semilla de la partida"]),
    ("fr", ["Manche 1. ", "Ta main\u00a0: 1, ", "Il n'y a rien à annuler ce tour-ci.", "Tu joues l",
            "Tu finis ton tour. Il restait", "Fin de la manche 1", "La partie est finie.", "Graine de la partie"]),
])
def test_a_session_is_played_to_its_end_with_commands_typed_in_the_language(
        lang: str, heard: list[str], in_language: Callable[[str], None]) -> None:
    in_language(lang)
    out, code = play_session(lang, seed=4)
    assert code == 0
    for sentence in heard:
        assert sentence in out, sentence
    for english in ("You play", "Your hand", "Round ", "is not a command", "is not a pile"):
        assert english not in out, english


def test_cards_are_named_with_their_articles(in_language: Callable[[str], None]) -> None:
    narrator = Narrator(["You", "Ada"])
    narrator.sentence(RoundView(1, 0, 0, (), (3, 3), ((),) * 8, 10))
    in_language("es")
    assert narrator.sentence(Play(1, Card.parse("QH"), Pile.NW)) == (
        "Ada juega la reina de corazones en la esquina noroeste. A Ada le quedan 2 cartas.")
    assert narrator.sentence(Play(0, Card.parse("AS"), Pile.E)) == "Juegas el as de picas en el Este. Te quedan 2 cartas."
    in_language("fr")
    assert narrator.sentence(Play(1, Card.parse("QH"), Pile.W)) == (
        "Ada joue la dame de cœur sur l'Ouest. Il reste 1 carte à Ada.")
    assert narrator.sentence(Play(0, Card.parse("AS"), Pile.SW)) == (
        "Tu joues l'as de pique sur le coin sud-ouest. Il te reste 1 carte.")


def test_the_spanish_and_french_pile_letters_and_words_parse_in_every_language() -> None:
    assert [parse_pile(t) for t in ("o", "SO", "no", "W", "sw", "NW")] == [
        Pile.W, Pile.SW, Pile.NW, Pile.W, Pile.SW, Pile.NW]
    assert parse_command("jugar 7h en o") == PlayCard(Card.parse("7H"), Pile.W)
    assert parse_command("Déplacer e sur no") == MovePile(Pile.E, Pile.NW)
    assert parse_command("KD SO") == PlayCard(Card.parse("KD"), Pile.SW)
    assert parse_command("fin") == Verb("end") and parse_command("terminer") == Verb("end")
    assert parse_command("fin!") == Verb("end", sure=True) and parse_command("fin sí") == Verb("end", sure=True)
    assert parse_command("pista") == Verb("hint") and parse_command("annuler") == Verb("undo")
    # q quits, as in the second game's line mode and at every table.
    assert parse_command("q") == Verb("quit") and parse_command("Q") == Verb("quit")
    assert parse_review("montón o") == Review("pile", pile=Pile.W)
    assert parse_review("main") == Review("hand") and parse_review("quién") == Review("who")


def test_a_stray_enye_is_no_pile(in_language: Callable[[str], None]) -> None:
    """A play test: "ñ" (beside L on a Spanish keyboard) was folded to "n" and read as the pile
    N, so "7H ñ" played the card there. Accents still fold away; ñ is a letter of its own."""
    in_language("es")
    with pytest.raises(CommandError, match="'ñ' no es un montón"):
        parse_command("7H ñ")
    with pytest.raises(CommandError, match="'Ñ' no es una orden"):
        parse_command("Ñ")
    assert parse_command("7h n") == PlayCard(Card.parse("7H"), Pile.N)
    assert parse_command("jugar 7h en Ó") == PlayCard(Card.parse("7H"), Pile.W)  # O, accented


def test_a_refusal_quotes_the_word_as_it_was_typed(in_language: Callable[[str], None]) -> None:
    """A play test typed "montón XX" and "quizá" and was answered about 'xx' and 'quiza': words are
    read without case or accents, but a refusal now quotes them as they were typed."""
    in_language("es")
    for typed, said in (("7H XX", "'XX' no es un montón"), ("XX N", "'XX' no es una carta"),
                        ("Quizá", "'Quizá' no es una orden"), ("montón XX", "'XX' no es un montón"),
                        ("jugar 7h en Ñorte", "'Ñorte' no es un montón")):
        with pytest.raises(CommandError, match=said):
            parse_review(typed) or parse_command(typed)
    assert parse_command("Jugar 7H en Ó") == PlayCard(Card.parse("7H"), Pile.W)


@pytest.mark.parametrize("lang, typed", [
    ("fr", ["sept de pique sur nord", "jouer le sept de pique sur le Nord", "7 piques n", "Sept De Pique N"]),
    ("es", ["jugar el siete de picas en el norte", "siete picas n", "7 de picas N"]),
    ("en", ["seven of spades on north", "play the seven of spades on N", "7 spades n"]),
])
def test_a_card_is_read_as_the_line_mode_says_it(lang: str, typed: list[str], in_language: Callable[[str], None]) -> None:
    """A French play test: the line mode says "le sept de pique" and "sept de pique sur nord" was
    refused for too many words; a player who hears the cards had to type their codes. A card
    said in words, in any of the languages, is read as its code, and the help says so (its own
    example read too)."""
    from kc_tui.games.kings_corner.engine.commands import command_help

    in_language(lang)
    for text in typed:
        assert parse_command(text) == PlayCard(Card.parse("7S"), Pile.N), text
    assert parse_command("e n") == MovePile(Pile.E, Pile.N) and parse_command("as de trèfle ne") == PlayCard(
        Card.parse("AC"), Pile.NE)
    example = command_help().rsplit(": ", 1)[-1].rsplit("\u00a0: ", 1)[-1].rstrip(".")
    assert parse_command(example) == PlayCard(Card.parse("7H"), Pile.N), example


def test_a_pile_is_read_by_the_name_the_game_says_it_with(in_language: Callable[[str], None]) -> None:
    """The game says "Est" and "le coin nord-est"; a player who types the name, not the letter,
    is understood (and English names in every language, as every language's letters are)."""
    in_language("fr")
    assert parse_command("5d est") == PlayCard(Card.parse("5D"), Pile.E)
    assert parse_command("jouer 5d sur Nord-Est") == PlayCard(Card.parse("5D"), Pile.NE)
    assert parse_command("ouest sud") == MovePile(Pile.W, Pile.S)
    assert parse_review("pile nord-ouest") == Review("pile", pile=Pile.NW)
    with pytest.raises(CommandError, match="Déplacer la pile N sur quelle pile"):
        parse_command("nord")
    assert parse_command("7h north-east") == PlayCard(Card.parse("7H"), Pile.NE)
    in_language("es")
    # "sur" is South in Spanish, and only "on" in French.
    assert parse_command("jugar 7h en sur") == PlayCard(Card.parse("7H"), Pile.S)
    assert parse_command("7h noreste") == PlayCard(Card.parse("7H"), Pile.NE)
    # The hint's own words, typed back ("Traslada el Norte sobre el Sur" was refused).
    assert parse_command("traslada el norte sobre el sur") == MovePile(Pile.N, Pile.S)
    assert parse_command("traslada n s") == MovePile(Pile.N, Pile.S)
    assert parse_command("Juega 7H en la esquina noreste") == PlayCard(Card.parse("7H"), Pile.NE)
    in_language("fr")
    assert parse_command("Déplace l'Est sur le coin nord-ouest") == MovePile(Pile.E, Pile.NW)
    in_language("en")
    assert parse_command("Move North onto the north-east corner") == MovePile(Pile.N, Pile.NE)
    with pytest.raises(CommandError, match="Play 7H on which pile"):
        parse_command("7h sur")


def test_the_short_notation_names_the_piles_with_the_languages_letters(in_language: Callable[[str], None]) -> None:
    in_language("fr")
    board = {pile: () for pile in PILES}
    board[Pile.W] = (Card.parse("AC"),)
    board[Pile.NE] = (Card.parse("KH"),)
    obs = SimpleNamespace(board=board)
    assert _tops(obs, None) == "Dessus\u00a0: O AC, NE KH. Vides\u00a0: N, E, S, SE, SO, NO."
    # What changed since the last look is "Changements", as Spanish says "Cambios" (a play test
    # read "Changé :" as a verb missing its subject).
    seen = dict(board)
    board[Pile.N] = (Card.parse("9S"),)
    assert _tops(obs, seen) == "Changements\u00a0: N 9S."


@pytest.mark.parametrize("lang, you, not_said", [("es", "Tú ", "Tú jugó"), ("fr", "Tu as ", "Toi a")])
def test_the_last_turns_after_a_resume_tell_your_own_turn_in_the_second_person(
        lang: str, you: str, not_said: str, in_language: Callable[[str], None]) -> None:
    from kc_tui.games.kings_corner.engine.describe import TurnLog
    from kc_tui.games.kings_corner.engine.rules import RuleSet
    from kc_tui.games.kings_corner.engine.service import GameService

    in_language(lang)
    service = GameService(RuleSet(players=2), make_seats(["medium", "medium"], random.Random(4)), seed=4)
    turns = TurnLog(["You", "Ada"])
    service.add_listener(turns.feed)
    service.start()
    service.run_computer_turns(limit=4)
    said = turns.last_turns() or ""
    assert you in said and not_said not in said, said


@pytest.mark.parametrize("lang, typed, told", [
    ("es", "verbosidad completa", "verbosidad completa ("),
    ("fr", "verbosité complète", "verbosité complète ("),
])
def test_verbosity_is_typed_as_the_language_agrees_it(
        lang: str, typed: str, told: str, in_language: Callable[[str], None]) -> None:
    """A play test: "verbosidad completa" (verbosidad is feminine) was refused, and the help
    taught "verbosidad completo"; French said "verbosité bref ou verbosité complet"."""
    from kc_tui.games.kings_corner.engine.commands import CommandError

    in_language(lang)
    review = parse_review(typed)
    assert review is not None and str(review.verbosity) == "full"
    with pytest.raises(CommandError) as refused:
        parse_review(typed.split()[0] + " demasiado")
    assert told in str(refused.value), str(refused.value)


def test_a_pile_is_said_with_its_article_and_an_ace_takes_nothing_in_a_whole_sentence(
        in_language: Callable[[str], None]) -> None:
    """A play test heard "Admite nada (sobre un as no va nada)" ("It takes nothing": Spanish
    needs "No admite nada", and the ear heard the pile take something), and "Era Norte sobre la
    esquina noreste." / "C'était Sud sur le Nord." for an undone pile move."""
    in_language("es")
    service = GameService(RuleSet(players=2), make_seats(["you", "medium"], random.Random(7)), seed=7)
    out = io.StringIO()
    typed = iter(["3d o", "2c o", "ah o", "montón o"])
    PlainGame(service, lambda prompt: next(typed, None), out).run()
    said = out.getvalue()
    assert ("El montón Oeste tiene 4 cartas, de abajo arriba: el cuatro de picas, el tres de diamantes, "
            "el dos de tréboles, el as de corazones. Sobre un as no va nada.") in said, said
    narrator = Narrator(["You", "Ada"], words=True)
    narrator.sentence(RoundView(1, 0, 0, (), (3, 3), ((),) * 8, 10))
    narrator.sentence(MoveEvent(0, Pile.N, Pile.NE))
    assert narrator.sentence(Undo(0)) == "Deshaces la última jugada. Era el montón Norte sobre la esquina noreste."
    in_language("fr")
    narrator.sentence(MoveEvent(0, Pile.S, Pile.N))
    assert narrator.sentence(Undo(0)) == "Tu reprends le dernier coup. C'était la pile Sud sur le Nord."


@pytest.mark.parametrize("lang, said_once", [
    ("en", "Any time: "), ("es", "En cualquier momento: "), ("fr", "À tout moment\u00a0: ")])
@pytest.mark.parametrize("served", [False, True])
def test_the_help_says_any_time_once(lang: str, said_once: str, served: bool,
                                     in_language: Callable[[str], None]) -> None:
    """A blind player's play test heard "En cualquier momento:" twice in the Spanish help: the
    review commands' line began with it, and so did the shell's line after it (help, quit).
    Each line of the help has a lead of its own."""
    from kc_tui.games.kings_corner.line import game_help
    from kc_tui.line.shell import help_text

    in_language(lang)
    said = help_text(game_help(), served)
    leads = [line.split(":")[0].rstrip("\u00a0") for line in said.splitlines()]
    assert len(set(leads)) == len(leads), leads
    assert said.count(said_once) == (0 if served else 1), said
    assert "At any moment" not in said


@pytest.mark.parametrize("lang, quit_word", [("en", "quit"), ("es", "salir"), ("fr", "quitter")])
@pytest.mark.parametrize("served", [False, True])
def test_the_help_says_what_quit_does_once(lang: str, quit_word: str, served: bool,
                                          in_language: Callable[[str], None]) -> None:
    """The shell's line says what quit does (leaves the game here, the server at a served table):
    the Spanish and French move commands' line said it too ("salir deja la partida"), twice to a
    listener, and at a served table wrongly."""
    from kc_tui.games.kings_corner.line import game_help
    from kc_tui.line.shell import help_text

    in_language(lang)
    assert help_text(game_help(), served).count(f"{quit_word} ") == 1
