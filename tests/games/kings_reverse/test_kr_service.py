"""The Kings Reverse service door: a person's actions, computer decisions taken off the thread
and dropped when stale, faults contained, the expert's cancel."""

from __future__ import annotations

import random
import threading

import pytest

from kc_tui.core.kinds import Phase
from kc_tui.games.kings_reverse.ai import LEVELS, make_player
from kc_tui.games.kings_reverse.ai.players import ExpertAI
from kc_tui.games.kings_reverse.engine.actions import Action, ActionKind, parse_action
from kc_tui.games.kings_reverse.engine.game import ReverseIllegal
from kc_tui.games.kings_reverse.engine.rules import build_rules
from kc_tui.games.kings_reverse.engine.service import ReverseSeat, ReverseService


def _service(levels: list[str], seed: int = 4) -> ReverseService:
    seats = [ReverseSeat("You") if lv == "you" else
             ReverseSeat(lv, "ai", lv, make_player(lv, random.Random(i), 0.02))
             for i, lv in enumerate(levels)]
    return ReverseService(build_rules(len(levels)), seats, seed=seed)


def test_a_person_acts_through_the_door_and_a_computer_seat_cannot_be_driven() -> None:
    service = _service(["you", "medium"])
    service.start()
    service.run_computer_turns()
    assert service.waiting_for_human()
    view = service.view(0)
    service.act(view.legal[0])
    if service.phase == Phase.TURN and not service.waiting_for_human():
        with pytest.raises(ReverseIllegal, match="It is medium's turn"):
            service.act(Action(ActionKind.DRAW))


def test_a_stale_decision_is_dropped() -> None:
    service = _service(["medium", "medium"])
    service.start()
    decision = service.begin_decision()
    action = decision.run()
    assert service.apply_decision(decision, action) is True
    assert service.apply_decision(decision, action) is False  # the game has moved on


def test_an_illegal_computer_action_is_a_fault_and_the_game_goes_on() -> None:
    service = _service(["medium", "medium"])
    service.start()
    decision = service.begin_decision()
    assert service.apply_decision(decision, parse_action("marry S")) is False
    assert service.take_faults() and service.decision_id != decision.id


@pytest.mark.parametrize("level", list(LEVELS))
def test_every_level_plays_whole_rounds_with_legal_actions(level: str) -> None:
    service = _service([level, "easy", "medium"])
    service.play_session(max_rounds=1)
    assert service.phase != Phase.TURN and not service.take_faults()


def test_the_expert_answers_at_once_when_cancelled() -> None:
    service = _service(["expert", "medium"], seed=2)
    service.start()
    while True:
        view = service.view(service.current)
        if service.current == 0 and len(view.legal) > 1 and view.legal[0].kind is ActionKind.PLAY:
            break
        service.run_computer_turns(limit=1)
    expert = ExpertAI(random.Random(1), think=3600.0)
    threading.Timer(0.2, expert.cancel).start()
    action = expert.choose(view)
    # Without the cancel it would deal its 2000 worlds; it stopped well before.
    assert 0 < expert.rollouts < 2000 * 2
    assert action in view.legal


@pytest.mark.parametrize("typed", ["undo", "blah blah", "kings", "see", "vor", "ok", "XX", "x", "see it"])
def test_a_typed_word_that_is_no_action_is_not_called_a_card(typed: str) -> None:
    """"undo" (the other game's command) was answered "'undo' is not a card: write the rank...";
    so was a short word, in a blind player's play test ("see", "ver"): only what may be a card
    mistyped is told how a card is written."""
    from kc_tui.core.cards import NotationError

    with pytest.raises(NotationError, match=r"is not an action: type a card \(9H\), JK S"):
        parse_action(typed)
    assert parse_action("comodín picas") == parse_action("JK S")  # a word that is a card still is
    assert parse_action("joker S") == parse_action("JK S")  # and the joker's English word


def test_a_digit_that_is_no_decimal_is_refused_not_crashed_on() -> None:
    """A review: "²" passed for a number and int() raised in the line mode and the command line."""
    from kc_tui.core.cards import NotationError

    hand = parse_action("JK S").card, parse_action("JK S").card
    for typed in ("²", "play ²", "give ①"):
        with pytest.raises(NotationError):
            parse_action(typed, hand)


@pytest.mark.parametrize("typed", ["9Z", "10X", "QQ", "AHH", "VC", "RS", "12", "9Z S", "VP", "RT", "DK", "RP"])
def test_what_may_be_a_card_mistyped_is_told_how_a_card_is_written(typed: str) -> None:
    """A rank's character first (9Z), or a suit's letter last in two (VC: a French player's jack
    of hearts), or a number: a card mistyped, told how a card is written."""
    from kc_tui.core.cards import NotationError

    with pytest.raises(NotationError, match=r"is not a card: write the rank \(A 2-9 T J Q K, or 10\)"):
        parse_action(typed, ())
