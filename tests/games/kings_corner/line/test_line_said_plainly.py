"""What the line mode says, said so a listener can follow it (issue 28 item 7): the round prompt
deals nothing on a stray word, a hot-seat person hears the card they drew, a pile move names
what it carried, a second extra turn in a row says "another King", examples are real moves, and
a turn's account counts every card played (item 18)."""

from __future__ import annotations

import asyncio
import io
import random
import re
from pathlib import Path
from typing import Callable

import pytest

from kc_tui.core.cards import Card
from kc_tui.core.events import TurnEnd, TurnStart
from kc_tui.core.kinds import Phase
from kc_tui.games.kings_corner.ai import make_player
from kc_tui.games.kings_corner.ai.seats import make_seats
from kc_tui.games.kings_corner.engine.board import Pile
from kc_tui.games.kings_corner.engine.commands import CommandError, parse_command
from kc_tui.games.kings_corner.engine.describe import Narrator, TurnLog
from kc_tui.games.kings_corner.engine.events import Draw, MoveEvent, Play, RoundView, Undo
from kc_tui.games.kings_corner.engine.kinds import DrawTiming
from kc_tui.games.kings_corner.engine.rules import RuleSet, build_rules
from kc_tui.games.kings_corner.engine.service import GameService
from kc_tui.games.kings_corner.line import GAME, PlainGame
from kc_tui.net import Person, TableServer

C = Card.parse


def _play(specs: list[str], typed: list[str], rules: RuleSet | None = None, seed: int = 5,
          between: list[str] | None = None) -> str:
    """The session's output, ``typed`` at the prompts (``between`` at the round's end)."""
    service = GameService(rules or RuleSet(players=len(specs)), make_seats(specs, random.Random(seed)), seed=seed)
    out = io.StringIO()
    lines, round_lines = iter(typed), iter(between or [])

    def read(prompt: str) -> str | None:
        line = next(round_lines if between is not None and prompt.startswith("Press Enter") else lines, None)
        out.write(f"{prompt}{line}\n")
        return line

    PlainGame(service, read, out).run()
    return out.getvalue()


def test_a_stray_word_at_the_round_prompt_deals_nothing_and_is_answered() -> None:
    out = _play(["you", "medium"], ["end!"] * 60, between=["nxet", "quit"])
    after = out.split("Press Enter for the next round (or type quit). nxet\n", 1)[1]
    assert after.startswith("'nxet' is not a command here: press Enter for the next round, or type quit.\n")


def test_a_slip_of_quit_at_the_round_prompt_is_answered_with_the_word() -> None:
    """A play test typed salri (salir) between rounds and heard the whole prompt again, with no
    did-you-mean as the turn's prompt gives."""
    out = _play(["you", "medium"], ["end!"] * 60, between=["qiut", "quit"])
    assert "qiut\n'qiut' is not a command here: did you mean quit? Press Enter for the next round.\n" in out
    assert "Round 2." not in out and out.rstrip().endswith("You left the game.")
    # Enter deals it (and end, which piped players type at every prompt).
    assert "Round 2." in _play(["you", "medium"], ["end!"] * 60, between=["", "quit"])
    assert "Round 2." in _play(["you", "medium"], ["end!"] * 60, between=["end!", "quit"])


@pytest.mark.parametrize("timing", [DrawTiming.START, DrawTiming.END])
def test_in_hot_seat_each_person_is_told_the_card_they_drew_when_their_turn_starts(timing: DrawTiming) -> None:
    specs = ["human:Ada", "human:Ben"]
    out = _play(specs, ["", "end!"] * 4, RuleSet(players=2, draw=timing), seed=2)
    turns = out.split("Pass the keyboard to ")[1:]
    told = [re.search(r"You drew (the \w+ of \w+)( at the end of your last turn)?\.", t) for t in turns]
    said = [m for m in told if m]
    assert len(said) >= 2
    for match in said:
        assert (match.group(2) is not None) == (timing == DrawTiming.END)
    # Only to the person at the keyboard: said after the pass prompt, never in the other's turn.
    assert all(t.index("You drew") > t.index("then press Enter.") for t in turns if "You drew" in t)
    assert "Ada draws a card." in out or "Ben draws a card." in out or timing == DrawTiming.START


def _log(words: bool) -> TurnLog:
    log = TurnLog(["You", "Bob"], words=words)
    board = [(C("9C"),), (C("8H"), C("7S")), (), (C("6D"),), (), (), (), ()]
    log.feed(RoundView(1, 0, 0, (), (7, 9), tuple(board), 20))
    for event in (TurnStart(0), TurnEnd(0), TurnStart(1), MoveEvent(1, Pile.E, Pile.N),
                  MoveEvent(1, Pile.W, Pile.E), TurnEnd(1)):
        log.feed(event)
    return log


def test_a_pile_move_says_the_cards_it_carried_in_words_and_stays_short_in_notation() -> None:
    assert _log(words=True).since(0) == (
        "Since your turn: Bob moved East (eight of hearts to seven of spades) onto North and "
        "West (six of diamonds) onto East.")
    assert _log(words=False).since(0) == "Since your turn: Bob moved E onto N, W onto E."
    # The listener heard North's new top: the tops line need not say it again.
    assert (Pile.N, C("7S")) in _log(words=True).named(0)


def test_an_undone_pile_move_puts_the_cards_back_for_the_next_account() -> None:
    log = _log(words=True)
    log.feed(TurnStart(0))
    log.feed(MoveEvent(0, Pile.N, Pile.S))
    log.feed(Undo(0))
    log.feed(MoveEvent(0, Pile.E, Pile.S))
    assert log.turns[-1].carried == [(C("6D"),)]


def test_a_second_royal_extra_turn_in_a_row_says_another_king() -> None:
    narrator = Narrator(["You", "Ada"])
    narrator.sentence(RoundView(1, 0, 0, (), (3, 3), ((),) * 8, 10))
    narrator.sentence(TurnStart(0))
    narrator.sentence(TurnEnd(0))
    assert narrator.sentence(TurnStart(0)) == "You played a King: you take another turn."
    narrator.sentence(TurnEnd(0))
    assert narrator.sentence(TurnStart(0)) == "You played another King: you take another turn."
    assert narrator.extra_turn(0) == "You played another King: you take another turn."
    narrator.sentence(TurnEnd(0))
    narrator.sentence(TurnStart(1))
    narrator.sentence(TurnEnd(1))
    assert narrator.sentence(TurnStart(1)) == "Ada played a King: Ada takes another turn."


@pytest.mark.parametrize("word", ["n", "e", "s", "w", "ne", "nw", "se", "sw"])
def test_a_lone_pile_is_answered_with_a_real_move_as_example(word: str) -> None:
    with pytest.raises(CommandError) as refused:
        parse_command(word)
    said = str(refused.value)
    target = said.rsplit("for example ", 1)[1].rstrip(".")
    assert said.startswith(f"Move pile {word.upper()} onto which pile?") and target != word.upper(), said


def test_an_account_counts_every_card_played_kings_included() -> None:
    log = TurnLog(["You", "Bob"])
    log.feed(RoundView(1, 0, 0, (), (7, 9), ((C("9C"),), (C("8H"),), (C("5S"),), (), (), (), (), ()), 20))
    plays = [Play(1, C("KC"), Pile.NE), Play(1, C("KS"), Pile.SE), Play(1, C("8D"), Pile.N),
             Play(1, C("7C"), Pile.E), Play(1, C("4H"), Pile.S)]
    for event in (TurnStart(0), TurnEnd(0), TurnStart(1), Draw(1, None), *plays, TurnEnd(1)):
        log.feed(event)
    assert log.since(0) == "Since your turn: Bob played 5 cards (KC on NE, KS on SE and 3 more)."


async def test_a_stray_word_between_rounds_at_a_served_table_deals_nothing(tmp_path: Path) -> None:
    server = TableServer(tmp_path, grace=0.05, pace=0, seed=2026)
    ada = Person("SHA256:ada", "Ada")
    info = server.create_table(ada, "", build_rules(2), ["open", "easy"])
    door = server.join(ada, info.id, 0)  # the last open seat taken: the game starts
    said: list[str] = []
    table = GAME.seat(door, said.append, lambda: None, lambda notice: None)
    rng = random.Random(5)
    while door.view().phase == Phase.TURN:
        if door.my_turn():
            obs = door.view().observation
            assert obs is not None
            for move in make_player("easy", rng).plan_turn(obs):
                door.play(move)
            if door.view().phase == Phase.TURN and door.my_turn():
                door.end_turn()
        else:
            await asyncio.sleep(0.01)
    assert door.view().phase == Phase.ROUND_OVER
    table.line("nxet")
    assert "'nxet' is not a command here: press Enter for the next round, or type leave.\n" in "".join(said)
    table.line("tables")  # the lobby's command, as at a turn
    assert "'tables' is a lobby command: type leave to go back to the lobby first.\n" in "".join(said)
    assert door.view().phase == Phase.ROUND_OVER and door.view().round == 1
    table.close()
    await server.close()


def test_a_rounds_first_turn_says_no_top_the_deal_has_just_named() -> None:
    """A play test heard every round start name the four edges twice (the deal's sentence, then
    "Tops:" word for word) and the four empty corners: 11 of its first 38 seconds of speech.
    The first turn says only what changed since the deal."""
    first = _play(["you", "medium"], ["quit"], seed=11)  # the person plays first
    deal, turn = first.split("You drew ", 1)
    assert "The edges show North, " in deal and "Tops:" not in turn.split("You> ")[0]
    assert "Empty:" not in turn.split("You> ")[0]
    second = _play(["medium", "you"], ["quit"], seed=11)  # the computer's turn first
    heard = second.split("The edges show ", 1)[1].split("You> ")[0]
    assert "Tops:" not in heard
    # Ada's turn named every pile it changed: nothing is left to say of the tops.
    assert "Since the deal: Ada moved North (king of clubs) onto the north-east corner" in heard
    assert "Changed:" not in heard


def test_quit_with_moves_made_this_turn_asks_first() -> None:
    """A play test typed quit after three moves of a turn: the game left at once and the moves
    were gone on resuming (the save is the turn's start). It asks first, as the table's q does;
    with no move made it leaves at once."""
    out = _play(["you", "medium"], ["n ne", "quit", "n", "quit", "y"], seed=11)
    asked = "Leave the game? It is saved as it stood when the last turn ended; the moves of this turn are not kept."
    assert out.count(asked) == 2 and "Your turn goes on." in out
    assert out.rstrip().endswith("You left the game.")
    at_once = _play(["you", "medium"], ["quit"], seed=11)
    assert asked not in at_once and at_once.rstrip().endswith("You left the game.")


def test_the_quit_question_asks_again_on_a_line_that_answers_neither_way() -> None:
    """A play test: at the quit question every line but a yes kept the turn, as a no did. It
    now answers as the end question does: a line that is neither yes nor no is told so and asked
    again, no (or Enter) goes on, a yes in any language leaves."""
    asked = ("Leave the game? It is saved as it stood when the last turn ended; the moves of this turn are "
             "not kept. Type y to leave, n to go on: ")
    out = _play(["you", "medium"], ["n ne", "quit", "quizá", "", "quit", "maybe", "Sí"], seed=11)
    assert f"{asked}quizá\n'quizá' is neither yes nor no: type y to leave, n to go on.\n{asked}\n" in out
    assert f"{asked}\nYour turn goes on.\n" in out and out.count("Your turn goes on.") == 1
    assert f"{asked}maybe\n'maybe' is neither yes nor no: type y to leave, n to go on.\n{asked}Sí\n" in out
    assert out.count(asked) == 4 and out.rstrip().endswith("You left the game.")


@pytest.mark.parametrize("lang, again, left", [
    ("en", "quit", "You left the game."),
    ("en", "q", "You left the game."),
    ("es", "salir", "Has dejado la partida."),
    ("fr", "quitter", "Tu as quitté la partie."),
])
def test_quit_typed_again_at_the_quit_question_leaves(lang: str, again: str, left: str,
                                                       in_language: Callable[[str], None]) -> None:
    """``quit`` typed twice leaves, as ``end`` typed again at the end question ends the turn:
    the second is no line that answers neither way."""
    in_language(lang)
    out = _play(["you", "medium"], ["n ne", again, again], seed=11)
    assert "neither" not in out and " ni " not in out, out[-400:]
    assert out.rstrip().endswith(f": {again}\n{left}"), out[-400:]


def test_input_ending_at_the_quit_question_stops_the_game() -> None:
    """End of input at the quit question is not taken for a line answering neither way: the
    turn goes on, the next prompt reads the end of input, and the game stops."""
    out = _play(["you", "medium"], ["n ne", "quit"], seed=11)
    assert out.count("Type y to leave, n to go on: ") == 1 and "neither yes nor no" not in out
    assert out.rstrip().endswith("Your turn goes on.\nYou> None\nInput ended; the game stops here.")


@pytest.mark.parametrize("lang, typed, neither, leaves", [
    ("es", "quizás", "'quizás' no es ni sí ni no: escribe s para salir, n para seguir.", "s"),
    ("fr", "peut-être", "'peut-être' n'est ni oui ni non\u00a0: écris o pour partir, n pour continuer.", "Oui"),
])
def test_the_quit_question_asks_again_in_every_language(lang: str, typed: str, neither: str, leaves: str,
                                                        in_language: Callable[[str], None]) -> None:
    in_language(lang)
    out = _play(["you", "medium"], ["n ne", "quit", typed, leaves], seed=11)
    assert f"{typed}\n{neither}\n" in out, out[-400:]
    assert "Your turn goes on." not in out and "Tu turno sigue." not in out and "Ton tour continue." not in out


def test_look_between_rounds_says_the_round_is_over() -> None:
    """A play test typed look at "Press Enter for the next round": "Round 1, Ada's turn."."""
    out = _play(["you", "medium"], ["end!"] * 60, between=["look", "quit"])
    answer = out.split("Press Enter for the next round (or type quit). look\n", 1)[1]
    assert answer.startswith("Round 1 is over. Stock: "), answer[:80]
    assert "'s turn" not in answer.split("\n", 1)[0]


@pytest.mark.parametrize("lang, you, other", [
    ("en", "You play the two of hearts on North. You have no cards left.",
     "Ada plays the two of hearts on North. Ada has no cards left."),
    ("es", "Ya no te quedan cartas.", "A Ada ya no le quedan cartas."),
    # (Not "Ada n'a plus de cartes.", which the round's end says next.)
    ("fr", "Il ne te reste plus de cartes.", "Il ne reste plus de cartes à Ada."),
])
def test_the_last_card_played_says_no_cards_are_left(lang: str, you: str, other: str,
                                                      in_language: Callable[[str], None]) -> None:
    """A Spanish play test heard "A Ada le quedan 0 cartas" as she went out."""
    in_language(lang)
    for seat, said in ((0, you), (1, other)):
        narrator = Narrator(["You", "Ada"])
        narrator.sentence(RoundView(1, 0, 0, (), (1, 1), ((),) * 8, 10))
        sentence = narrator.sentence(Play(seat, C("2H"), Pile.N))
        assert sentence is not None and sentence.endswith(said) and "0" not in sentence, sentence
