"""Ending a turn while moves are still open asks the same question everywhere (issue 11): the
line mode's ``end`` asks as the table's ``e`` does, piped input answers it, and ``end!`` or
``end yes`` ends the turn without it (docs/protocol.md section 3)."""

from __future__ import annotations

import io
import random

from kc_tui.games.kings_corner.ai.seats import make_seats
from kc_tui.games.kings_corner.engine.commands import end_question
from kc_tui.games.kings_corner.engine.rules import RuleSet
from kc_tui.games.kings_corner.engine.service import GameService
from kc_tui.games.kings_corner.line import PlainGame


def _play(lines: list[str], confirm_end: bool = True, seed: int = 3,
          served: bool = False) -> tuple[GameService, str]:
    """Seed 3: you play first against a medium computer, with moves open (seed 9: none)."""
    service = GameService(RuleSet(players=2), make_seats(["you", "medium"], random.Random(seed)), seed=seed)
    out = io.StringIO()
    typed = iter(lines)

    def read(prompt: str) -> str | None:
        out.write(prompt)
        line = next(typed, None)
        out.write(f"{line}\n" if line is not None else "\n")
        return line

    PlainGame(service, read, out, confirm_end=confirm_end, served=served).run()
    return service, out.getvalue()


def _open_at_start() -> int:
    service = GameService(RuleSet(players=2), make_seats(["you", "medium"], random.Random(3)), seed=3)
    service.start()
    service.run_computer_turns()
    return len(service.legal_moves())


def test_end_with_moves_open_asks_and_no_keeps_the_turn() -> None:
    open_moves = _open_at_start()
    assert open_moves
    _, out = _play(["end", "n"])
    assert f"{end_question(open_moves)} Type y (or end) to end it, n to go on: n\n" in out
    assert "Your turn goes on." in out
    assert "You end the turn" not in out


def test_yes_or_end_again_answers_the_question_and_ends_the_turn() -> None:
    for answer in ("y", "yes", "end", "END!", "sí", "SÍ", "Oui", "fin"):  # every language's, accents or not
        _, out = _play(["end", answer])
        assert f"still open? Type y (or end) to end it, n to go on: {answer}\n" in out
        assert "You end the turn." in out, answer


def test_end_bang_and_end_yes_end_the_turn_without_asking() -> None:
    for line in ("end!", "end yes"):
        _, out = _play([line])
        assert "still open?" not in out and "You end the turn." in out, line


def test_a_command_typed_at_the_question_keeps_the_turn_and_is_then_carried_out() -> None:
    _, out = _play(["end", "hand"])
    after = out.split("to go on: hand\n", 1)[1]
    assert after.startswith("Your turn goes on.\nYour hand, ")
    assert "You end the turn" not in out


def test_a_line_that_is_neither_an_answer_nor_a_command_asks_again() -> None:
    """A play test typed "quizá" at the question: the turn went on and the line was refused as a
    command, quoted as "quiza", two answers to one line. It is now told that it answers neither
    way, as typed, and asked again; the next answer is taken."""
    _, out = _play(["end", "quizá", "7H XX", "y"])
    asked = "still open? Type y (or end) to end it, n to go on: "
    assert f"{asked}quizá\n'quizá' is neither yes nor no: type y to end your turn, n to go on.\n" in out
    assert f"{asked}7H XX\n'7H XX' is neither yes nor no" in out
    assert out.count(asked) == 3 and "Your turn goes on." not in out and "not a command" not in out
    assert "You end the turn." in out


def test_without_the_confirm_setting_end_ends_at_once() -> None:
    _, out = _play(["end"], confirm_end=False)
    assert "still open?" not in out and "You end the turn." in out


def test_a_plain_end_is_said_at_a_served_table_only() -> None:
    """A network play test typed end with nothing left to play and heard nothing for seconds:
    at a served table the next prompt waits for the others' turns at the server's pace.  At
    this keyboard the computers answer at once, and the next prompt says the turn is over."""
    for served in (False, True):
        _, out = _play(["end"], seed=9, served=served)
        assert "still open?" not in out  # seed 9: nothing fits at the first turn
        said = out.split("> end\n", 1)[1].splitlines()
        assert (said[0] == "You end the turn.") == served, said[:2]


def test_a_king_owed_to_a_corner_is_refused_at_once_without_the_question() -> None:
    """Mandatory Kings (R6): end asked first, and the refusal came only after y (a play test).
    Seed 0: you hold K♣ with a corner empty and moves open."""
    from kc_tui.games.kings_corner.engine.rules import build_rules

    service = GameService(build_rules(2, "mandatory"), make_seats(["you", "medium"], random.Random(0)), seed=0)
    out = io.StringIO()
    asked: list[str] = []
    typed = iter(["end"])

    def read(prompt: str) -> str | None:
        asked.append(prompt)
        return next(typed, None)

    PlainGame(service, read, out).run()
    assert "You must play the king of clubs to an empty corner before ending your turn" in out.getvalue()
    assert all(prompt == "You> " for prompt in asked), asked  # no question asked first
