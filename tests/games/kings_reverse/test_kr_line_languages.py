"""Kings Reverse's line mode in Spanish and French: a whole session played with commands typed in
the language (the hand's numbers, ``robar``/``piocher``, ``una carta``/``une carte``, the suit
called by its name), its sentences heard in the language, and refusals said in it."""

from __future__ import annotations

import io
import random
import re
from typing import Callable

import pytest

from kc_tui.core.cards import Joker
from kc_tui.games.kings_reverse.ai import make_player
from kc_tui.games.kings_reverse.engine.actions import Action, ActionKind
from kc_tui.games.kings_reverse.engine.rules import build_rules
from kc_tui.games.kings_reverse.engine.service import ReverseSeat, ReverseService
from kc_tui.games.kings_reverse.engine.views import ReverseView
from kc_tui.games.kings_reverse.line import ReverseLines

# What a player of each language types for each kind of action (KR3-KR6) and each suit.
TYPED = {
    "es": {ActionKind.PLAY: "jugar", ActionKind.MARRY: "casar", ActionKind.DRAW: "robar",
           ActionKind.PASS: "pasar", ActionKind.CALL: "una carta", ActionKind.END: "fin",
           ActionKind.GIVE: "dar", ActionKind.CHALLENGE: "desafiar", ActionKind.ACCEPT: "aceptar",
           "suits": {"C": "tréboles", "D": "diamantes", "H": "corazones", "S": "picas"}},
    "fr": {ActionKind.PLAY: "jouer", ActionKind.MARRY: "marier", ActionKind.DRAW: "piocher",
           ActionKind.PASS: "passer", ActionKind.CALL: "une carte", ActionKind.END: "fin",
           ActionKind.GIVE: "donner", ActionKind.CHALLENGE: "contester", ActionKind.ACCEPT: "accepter",
           "suits": {"C": "trèfle", "D": "carreau", "H": "cœur", "S": "pique"}},
}


def typed(action: Action, view: ReverseView, lang: str) -> str:
    """``action`` as a player of ``lang`` types it: a card by its number in the hand."""
    words = TYPED[lang]
    said = str(words[action.kind])
    if action.card is not None:
        said += f" {view.hand.index(action.card) + 1}"
    if action.suit is not None:
        said += " " + words["suits"][action.suit.value]  # type: ignore[index]
    return said


def play_session(lang: str, seed: int = 4) -> tuple[str, list[str], int]:
    """A session of 5-card rounds to 150 points, "you" against an easy computer, every action
    typed in ``lang`` as the computer's own choice for the seat; the text heard, the lines
    typed (one list per turn of the person), the exit status."""
    rules = build_rules(2, "bluff", hand_size=5, target=150)
    seats = [ReverseSeat("You"), ReverseSeat("Ada", "ai", "easy", make_player("easy", random.Random(1)))]
    service = ReverseService(rules, seats, seed=seed)
    me = make_player("easy", random.Random(2))
    out = io.StringIO()
    lines: list[str] = []

    def read(prompt: str) -> str | None:
        lines.append(prompt)
        out.write(prompt + "\n")
        if len(lines) > 2000:
            return None
        if not service.waiting_for_human():
            return ""  # between rounds: Enter deals the next
        view = service.view(0)
        return typed(me.choose(view), view, lang)

    status = ReverseLines(service, out.write).run(read)
    return out.getvalue(), lines, status


@pytest.mark.parametrize("lang, heard", [
    ("es", ["Tu turno.", "Juegas ", "Tu mano, ", "Fin de la ronda 2", "Fin de la partida"]),
    ("fr", ["À toi de jouer.", "Tu joues ", "Ta main, ", "Fin de la manche 2", "La partie est finie"]),
])
def test_a_whole_session_is_played_with_commands_typed_in_the_language(
        lang: str, heard: list[str], in_language: Callable[[str], None]) -> None:
    in_language(lang)
    text, lines, status = play_session(lang)
    assert status == 0
    for sentence in heard:
        assert sentence in text, sentence
    # No command was refused and nothing English was said but the names and card codes' letters.
    assert "(ayuda muestra las acciones)" not in text and "(aide liste les actions)" not in text
    assert not re.search(r"\b(You|Your|the|turn|draws?|plays?)\b", text), text[:2000]


@pytest.mark.parametrize("lang, typed_lines, said", [
    ("es", ["pasar", "fin", "mirar", "jugar 2", "salir"],
     ["El mazo no está vacío: roba una carta en vez de pasar.",
      "El cuatro de picas no coincide con el cinco de corazones de la pila: juega un corazón, un 5, una jota, o roba.",
      "Tu turno termina solo tras jugar o robar: juega una carta, o roba.",
      "Pila: ", "Dejas la mesa."]),
    ("fr", ["passer", "fin", "voir", "jouer 2", "quitter"],
     ["La pioche n'est pas vide\u00a0: pioche une carte au lieu de passer.",
      "Le quatre de pique ne va pas sur le cinq de cœur de la défausse\u00a0: joue un cœur, un 5, un valet, ou pioche.",
      "Ton tour finit de lui-même après un coup ou une pioche\u00a0: joue une carte, ou pioche.",
      "Défausse\u00a0: ", "Tu quittes la table."]),
    # A word close to an action's or a command's is answered with it, in the language.
    ("en", ["drwa", "lok", "xyzzy", "see"],
     ["'drwa' is not an action: did you mean draw?", "'lok' is not an action: did you mean look?",
      "'xyzzy' is not an action: type a card", "'see' is not an action: type a card"]),
    # A short word that is no card is no action, not told how a card is written (a blind
    # player's "ver" and "see"); a card mistyped still is.
    ("es", ["see", "VC"],
     ["'see' no es una acción: escribe una carta (9H)", "'VC' no es una carta: escribe el valor"]),
    ("fr", ["see", "vor", "VC"],
     ["'see' n'est pas une action\u00a0: tape une carte (9H)",
      "'vor' n'est pas une action\u00a0: voulais-tu dire voir\u00a0?",
      "'VC' n'est pas une carte\u00a0: écris la valeur"]),
    ("es", ["robra", "ayduda", "drwa"],
     ["'robra' no es una acción: ¿querías decir robar?", "'ayduda' no es una acción: ¿querías decir ayuda?",
      "'drwa' no es una acción: ¿querías decir draw?"]),
    ("fr", ["pioher", "quiter"],
     ["'pioher' n'est pas une action\u00a0: voulais-tu dire piocher\u00a0?",
      "'quiter' n'est pas une action\u00a0: voulais-tu dire quitter\u00a0?"]),
])
def test_refusals_and_review_commands_are_said_in_the_language(
        lang: str, typed_lines: list[str], said: list[str], in_language: Callable[[str], None]) -> None:
    in_language(lang)
    out, _read = _heard(typed_lines)
    for sentence in said:
        assert sentence in out, (sentence, out[-1500:])


def _heard(typed_lines: list[str]) -> tuple[str, list[str]]:
    """What a heads-up game against an easy computer (seed 5) says to ``typed_lines`` typed at
    its prompts, and the lines it read."""
    seats = [ReverseSeat("You"), ReverseSeat("Ada", "ai", "easy", make_player("easy", random.Random(1)))]
    service = ReverseService(build_rules(2), seats, seed=5)
    answers = iter(typed_lines)
    read: list[str] = []

    def reader(prompt: str) -> str | None:
        line = next(answers, None)
        read.extend([line] if line is not None else [])
        return line

    out = io.StringIO()
    ReverseLines(service, out.write).run(reader)
    return out.getvalue(), read


def test_a_joker_names_its_suit_by_the_language_s_word_or_letter() -> None:
    from kc_tui.core.cards import Suit
    from kc_tui.games.kings_reverse.engine.actions import parse_action

    assert parse_action("JK picas").suit is Suit.SPADES
    assert parse_action("jouer JK trefle").suit is Suit.CLUBS
    assert parse_action("JK cœur").suit is Suit.HEARTS and parse_action("JK T").suit is Suit.CLUBS
    assert parse_action("JK C").suit is Suit.CLUBS  # English letters keep their meaning
    assert isinstance(parse_action("2", (parse_action("9H").card, Joker())).card, Joker)


@pytest.mark.parametrize("lang, typed", [
    ("fr", ["jouer le deux de pique", "deux de pique", "Deux De Piques"]),
    ("es", ["jugar el dos de picas", "dos picas"]),
    ("en", ["play the two of spades", "two of spades"]),
])
def test_a_card_is_read_as_the_line_mode_says_it(lang: str, typed: list[str], in_language: Callable[[str], None]) -> None:
    """A French play test typed "deux de pique", as the line mode says the card, and was told it
    is no action. A card said in words, in any of the languages, is read as its code; the help
    says so, and its example is read too."""
    from kc_tui.core.cards import JOKER, Card, Suit
    from kc_tui.games.kings_reverse.engine.actions import parse_action
    from kc_tui.games.kings_reverse.line import WORDS_HELP

    in_language(lang)
    for text in typed:
        assert parse_action(text) == Action(ActionKind.PLAY, Card.parse("2S")), text
    assert parse_action("donner cinq de trèfle") == Action(ActionKind.GIVE, Card.parse("5C"))
    assert parse_action("JK pique").suit is not None and parse_action("marier H").kind is ActionKind.MARRY
    # A number is the hand's (a joker third in it, naming spades), not a rank.
    assert parse_action("3 picas", (Card.parse("9H"), Card.parse("2S"), JOKER)) == Action(
        ActionKind.PLAY, JOKER, Suit.SPADES)
    from kc_tui.core.i18n import Domain

    example = Domain.of("kc_tui.games.kings_reverse").gettext(WORDS_HELP).rsplit(": ", 1)[-1]
    assert parse_action(example.rsplit("\u00a0: ", 1)[-1].rstrip(".")) == Action(ActionKind.PLAY, Card.parse("9H"))


@pytest.mark.parametrize("lang, spades", [("es", "JK picas"), ("fr", "JK pique")])
def test_every_joker_shown_as_an_example_names_its_suit_in_the_language(lang: str, spades: str) -> None:
    """A play test: the Spanish help and refusals said "JK picas" while the table's command line
    and its key help said "JK S" (both are taken). Every example of the joker in a catalog now
    names the suit by the language's word."""
    from pathlib import Path

    from babel.messages.pofile import read_po

    import kc_tui.games.kings_reverse as game

    po = Path(game.__file__).parent / "locale" / lang / "LC_MESSAGES" / "kings_reverse.po"
    with po.open("rb") as f:
        catalog = read_po(f)
    examples = [(m.id, m.string) for m in catalog if m.id and "JK S" in str(m.id)]
    assert len(examples) >= 5
    for msgid, msgstr in examples:
        assert spades in msgstr and not re.search(r"JK [A-Z]\b", msgstr), (msgid, msgstr)


@pytest.mark.parametrize("lang, letters", [
    ("es", {"P": "S", "T": "C", "H": "H", "D": "D", "S": "S"}),
    ("fr", {"P": "S", "T": "C", "K": "D", "H": "H", "S": "S"}),
])
def test_a_joker_s_letter_that_reads_as_two_suits_is_asked_again(
        lang: str, letters: dict[str, str], in_language: Callable[[str], None]) -> None:
    """A play test: the suit dialog of a Spanish or French player says "[C] Corazones" /
    "[C] Cœur", and "JK C" typed then asked for clubs (the cards' codes' C). The dialog's other
    letters are read as it reads them; C, clubs to one and hearts to the other, is asked again
    and nothing is played."""
    from kc_tui.core.cards import NotationError, Suit
    from kc_tui.games.kings_reverse.engine.actions import parse_action

    in_language(lang)
    for letter, suit in letters.items():
        assert parse_action(f"JK {letter}").suit is Suit(suit), letter
    asked = "C es tréboles en los códigos de las cartas pero corazones|C est trèfle dans les codes des cartes mais cœur"
    with pytest.raises(NotationError, match=asked):
        parse_action("JK C")
    with pytest.raises(NotationError, match=asked):
        parse_action("C", drawn=Joker())  # a joker just drawn, played by its suit alone


@pytest.mark.parametrize("lang", ["en", "es", "fr"])
def test_the_letters_the_joker_s_suit_prompt_offers_are_taken(lang: str, in_language: Callable[[str], None]) -> None:
    """A review of the catalogs: the line mode's prompt for a drawn joker's suit offered "(o H, D,
    C, S)" in Spanish and "(ou H, D, C, S)" in French, and C, hearts in those languages' suit
    dialog, was refused as two suits.  Each letter the prompt offers, in its order (hearts,
    diamonds, clubs, spades, as in the English), is taken for its suit."""
    from kc_tui.core.cards import Suit
    from kc_tui.core.i18n import Domain
    from kc_tui.games.kings_reverse.engine.actions import parse_action

    in_language(lang)
    prompt = Domain.of("kc_tui.games.kings_reverse").gettext(
        "Name the suit the joker asks for: H, D, C or S (hearts, diamonds, clubs or spades).")
    letters = re.findall(r"\b[A-Z]\b", prompt)
    assert len(letters) == 4, prompt
    for letter, suit in zip(letters, (Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS, Suit.SPADES)):
        assert parse_action(letter, drawn=Joker()).suit is suit, (letter, prompt)


@pytest.mark.parametrize("lang, words", [
    ("es", ["comodines", "matrimonio", "Desafío", "cantar «una carta»", "gana la puntuación más baja"]),
    ("fr", ["jokers", "mariage", "Contestation", "l'annonce «\u00a0une carte\u00a0»", "le score le plus bas gagne"]),
])
def test_the_rules_are_said_in_the_language_with_the_seed_s_words(
        lang: str, words: list[str], in_language: Callable[[str], None]) -> None:
    from kc_tui.games.kings_reverse.engine.describe import describe_rules

    in_language(lang)
    said = describe_rules(build_rules(3, "bluff"), "bluff")
    for word in words:
        assert word in said, word


@pytest.mark.parametrize("lang, where", [("es", "ronda 2, jugada 2"), ("fr", "manche 2, coup 2")])
def test_where_a_served_game_goes_on_from_counts_plays_in_the_language(
        lang: str, where: str, in_language: Callable[[str], None]) -> None:
    from kc_tui.games.kings_reverse.net import ReverseTableGame

    in_language(lang)
    assert str(ReverseTableGame().where(["round_start", "play", "round_start", "play"])) == where


def test_the_hint_names_its_card_in_words_in_the_line_mode(in_language: Callable[[str], None]) -> None:
    in_language("es")
    seats = [ReverseSeat("You"), ReverseSeat("Ada", "ai", "easy", make_player("easy", random.Random(1)))]
    service = ReverseService(build_rules(2), seats, seed=3)
    answers = iter(["pista"])
    out = io.StringIO()
    ReverseLines(service, out.write).run(lambda prompt: next(answers, None))
    assert "Juega el tres de diamantes: te queda 1 carta más de su palo" in out.getvalue()


@pytest.mark.parametrize("lang", ["en", "es", "fr"])
def test_every_word_a_misspelling_is_answered_with_is_read_in_its_language(
        lang: str, in_language: Callable[[str], None]) -> None:
    """A word close to an action's or a command's is answered with it ("did you mean draw?"): each
    word so said, typed alone, is read as what it names, never refused as no action or no card."""
    from kc_tui.core.cards import NotationError
    from kc_tui.games.kings_reverse.engine.actions import ACTION_WORDS, parse_action
    from kc_tui.games.kings_reverse.engine.actions import _ as translated

    in_language(lang)
    words = translated(ACTION_WORDS).split()
    assert len(words) >= 15 and (lang == "en") == (words == ACTION_WORDS.split())
    refusals = []
    for probe in ("xyzzy", "9Z"):  # the two refusals a word read as nothing gets, as said in lang
        with pytest.raises(NotationError) as refused:
            parse_action(probe)
        refusals.append(str(refused.value).split(":")[0].removeprefix(repr(probe)))
    lines = [word for word in words if word not in ("quit", "salir", "quitter")] + ["quit"]
    said, read = _heard(lines)
    assert read == lines  # every word was read at a prompt, quit the last
    assert all(refusal not in said for refusal in refusals), said


@pytest.mark.parametrize("lang", ["en", "es", "fr"])
def test_marry_alone_plays_the_only_marriage_and_play_or_give_alone_ask_for_the_card(
        lang: str, in_language: Callable[[str], None]) -> None:
    """A Spanish play test typed "casar" as the hint said "Casa la reina y el rey de tréboles",
    and was answered "'casar' no es una acción: ¿querías decir pasar?": the word of an action was
    taken for a slip of the fingers.  Alone, marry plays the only marriage there is, as the
    table's key m does, and play and give ask for their card."""
    from kr_positions import Table

    from kc_tui.core.cards import NotationError, Suit
    from kc_tui.games.kings_reverse.engine.actions import _ as translated
    from kc_tui.games.kings_reverse.engine.actions import parse_action, the_marriage

    in_language(lang)
    marry, play, give = {"en": ("marry", "play", "give"), "es": ("casar", "jugar", "dar"),
                         "fr": ("marier", "jouer", "donner")}[lang]
    alone = parse_action(marry)
    assert (alone.kind, alone.suit) == (ActionKind.MARRY, None)
    one = Table(["QH KH 5C", "2C 3C"], pile="5H").game.legal_actions()
    assert the_marriage(alone, one) == Action(ActionKind.MARRY, suit=Suit.HEARTS)
    two = Table(["QH KH QS KS 5C", "2C 3C"], pile="KD").game.legal_actions()
    with pytest.raises(NotationError) as several:
        the_marriage(alone, two)
    assert Suit.HEARTS.word in str(several.value) and Suit.SPADES.word in str(several.value)
    with pytest.raises(NotationError) as none:
        the_marriage(alone, Table(["QH KH 5C", "2C 3C"], pile="9D").game.legal_actions())
    assert str(none.value) == translated("No marriage can be played now: a marriage is the King and Queen "
                                         "of one suit, going down together on a card one of them matches.")
    assert the_marriage(parse_action("9H"), two) == parse_action("9H")  # any other action: itself
    for word in (play, give):
        with pytest.raises(NotationError) as which:
            parse_action(word)
        assert "5C" in str(which.value) or "9H" in str(which.value)  # its example, no suggestion


def test_a_joker_is_read_as_the_hint_says_it_with_its_articles(in_language: Callable[[str], None]) -> None:
    """The hint said "Juega el comodín y pide diamantes", and "jugar el comodín diamantes" was
    refused ("'el' no es una carta"), as "jugar el comodín pidiendo diam", cut mid-word."""
    from kc_tui.core.cards import JOKER, Suit
    from kc_tui.games.kings_reverse.engine.actions import parse_action

    in_language("es")
    diamonds = Action(ActionKind.PLAY, JOKER, Suit.DIAMONDS)
    for line in ("jugar el comodín diamantes", "el comodín diamantes", "jugar el comodín pidiendo diamantes",
                 "juega el comodín y pide diamantes", "JK D"):
        assert parse_action(line) == diamonds, line
    with pytest.raises(ValueError) as refused:
        parse_action("bailar con el comodín pidiendo diamantes")  # cut between words
    assert str(refused.value).startswith("'bailar con el comodín...' no es una acción"), str(refused.value)
    in_language("fr")
    assert parse_action("Joue le joker en annonçant carreau") == diamonds  # the French hint's words
    in_language("en")
    assert parse_action("play the joker naming diamonds") == diamonds
