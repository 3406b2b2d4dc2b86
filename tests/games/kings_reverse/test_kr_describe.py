"""Kings Reverse's sentences (the table log and the line mode): every sentence whose subject is
"You" agrees with it ("You deal", "You draw"), whether "You" is the seat at this keyboard or a
seat of that name watched by a spectator; another player is told of in the third person."""

from __future__ import annotations

import random
import re

import pytest

from kc_tui.core.cards import Suit, parse_any_card
from kc_tui.games.kings_reverse.ai import make_player
from kc_tui.games.kings_reverse.engine.describe import describe_event
from kc_tui.games.kings_reverse.engine.events import (
    Called,
    Caught,
    Challenged,
    Drew,
    Gave,
    Passed,
    Played,
    ReverseEvent,
    RoundView,
    SessionEnd,
    Skipped,
    SuitNamed,
    seat_view,
)
from kc_tui.games.kings_reverse.engine.rules import build_rules
from kc_tui.games.kings_reverse.engine.service import ReverseSeat, ReverseService

THIRD_PERSON = ("deals", "plays", "marries", "names", "loses", "draws", "passes", "calls", "gives",
                "challenges", "wins", "is", "has", "does")
WRONG = re.compile(r"\bYou (" + "|".join(THIRD_PERSON) + r")\b|\bto You\b|\bYou's\b")
NAMES = ["You", "Ada", "Ben"]


def _cards(text: str) -> tuple:
    return tuple(parse_any_card(c) for c in text.split())


@pytest.mark.parametrize("event, mine, theirs", [
    (RoundView(1, 0, 0, _cards("4S"), (7, 7, 7), _cards("9D"), 80),
     "Round 1: You deal; 9D is turned up.", None),
    (Played(0, _cards("9H")), "You play 9H.", "Ada plays 9H."),
    (Played(0, _cards("QS KS")), "You marry QS KS.", "Ada marries QS KS."),
    (SuitNamed(0, Suit.HEARTS), "You name hearts.", "Ada names hearts."),
    (Skipped(0, "7"), "You lose the turn (a 7).", "Ada loses the turn (a 7)."),
    (Drew(0, 2, "7", _cards("2C 3C")), "You draw 2C 3C for the 7.", "Ada draws 2C 3C for the 7."),
    (Passed(0), "You pass.", "Ada passes."),
    (Called(0), 'You call "one card".', 'Ada calls "one card".'),
    (Caught(0), 'You did not call "one card" and are caught.',
     'Ada did not call "one card" and is caught.'),
    (Gave(0, 2, parse_any_card("5C")), "You give 5C to Cy.", "Ada gives 5C to Cy."),
    (Challenged(0, 2, True, _cards("4S")), "You challenge Cy's joker: Cy's hand was 4S; it was legal.",
     "Ada challenges Cy's joker: Cy's hand was 4S; it was legal."),
    (SessionEnd((0,), (10, 40, 50)), "The session is over: You win with the lowest score.",
     "The session is over: Ada wins with the lowest score."),
])
def test_the_seat_at_this_keyboard_is_spoken_to_and_another_is_told_of(
        event: ReverseEvent, mine: str, theirs: str | None) -> None:
    assert describe_event(event, ["Ada", "Ben", "Cy"], 0) == mine
    if theirs is not None:
        assert describe_event(event, ["Ada", "Ben", "Cy"], 1) == theirs


def test_what_is_done_to_you_says_you_and_your() -> None:
    names = ["Ada", "Ben", "Cy"]
    assert describe_event(Gave(1, 0, parse_any_card("5C")), names, 0) == "Ben gives 5C to you."
    assert describe_event(Challenged(1, 0, False, _cards("4S")), names, 0) == \
        "Ben challenges your joker: your hand was 4S; it was a bluff."


@pytest.mark.parametrize("seat", [0, None])
def test_no_sentence_of_whole_sessions_says_you_with_a_verb_for_someone_else(seat: int | None) -> None:
    # Seat None: a spectator (hot-seat) watching a seat whose player is named "You".
    rules = build_rules(3, "standard", ace_of_spades="on", one_card_call="on", joker_challenge="on")
    for deal in range(6):
        seats = [ReverseSeat(n, "ai", lv, make_player(lv, random.Random(deal * 3 + i)))
                 for i, (n, lv) in enumerate(zip(NAMES, ["easy", "easy", "medium"]))]
        service = ReverseService(rules, seats, seed=deal)
        said: list[str] = []
        service.add_listener(lambda e, said=said: said.append(describe_event(seat_view(e, seat), NAMES, seat) or ""))
        service.play_session(max_rounds=3)
        wrong = [s for s in said if WRONG.search(s)]
        assert not wrong, wrong[:5]
        assert any(s.startswith("You ") for s in said)


def test_a_round_s_end_in_words_keeps_each_players_points_apart() -> None:
    """"You: 45 more, 45 in all, Ada: 60 more, 60 in all": the commas ran the players together."""
    from kc_tui.games.kings_reverse.engine.events import RoundEnd

    end = RoundEnd(1, "out", (1,), ((), (), ()), (45, 0, 60), (45, 0, 60))
    said = describe_event(end, ["Ada", "Ben", "Cy"], 0, words=True)
    assert said == ("Round 1 over: Ben went out. Ada: 45 more, 45 in all; Ben: 0 more, 0 in all; "
                    "Cy: 60 more, 60 in all."), said
    assert describe_event(end, ["Ada", "Ben", "Cy"], 0) == \
        "Round 1 over: Ben went out. Ada +45 (45), Ben +0 (0), Cy +60 (60)."


@pytest.mark.parametrize("options", [{}, {"jokers": False}, {"one_card_call": False}, {"joker_challenge": True}])
def test_the_rules_number_every_rule_in_order_and_wrap_where_asked(options: dict) -> None:
    """The rules jumped from KR5 to KR7 when the joker challenge was off, and ran on in lines of
    several hundred characters in the line mode and ``rules``."""
    from kc_tui.games.kings_reverse.engine.describe import describe_rules

    said = describe_rules(build_rules(4, **options), width=78)
    numbers = re.findall(r"^KR(\d) ", said, re.M)
    assert numbers == ["1", "2", "3", "4", "5", "6", "7"]
    assert max(len(line) for line in said.splitlines()) <= 78
    assert len(describe_rules(build_rules(4, **options)).splitlines()) < len(said.splitlines())


def test_the_rules_say_who_plays_first_after_a_king_turned_up() -> None:
    """A French play test saw the dealer play first after a King turned up, as KR2 has it, while
    the rules shown said only that the player after the dealer starts."""
    from kc_tui.games.kings_reverse.engine.describe import describe_rules

    kr2 = [line for line in describe_rules(build_rules(4), width=None).splitlines() if line.startswith("KR2 ")]
    assert kr2[0].endswith("After a King turned up, play goes counter-clockwise, and the dealer plays first.")
    heads_up = describe_rules(build_rules(2), width=None)  # the King is an 8 there: as if dealt by the dealer
    assert "King turned up" not in heads_up and "as if the dealer had played it" in heads_up


def test_without_jokers_the_scoring_counts_no_joker() -> None:
    """KR7 still gave "25 for each joker" with the jokers left out."""
    from kc_tui.games.kings_reverse.engine.describe import describe_rules

    with_jokers, without = (describe_rules(build_rules(4, jokers=j), width=None).splitlines()[-1]
                            for j in (True, False))
    assert with_jokers.startswith("KR7 ") and "25 for each joker" in with_jokers
    assert without.startswith("KR7 ") and "joker" not in without and "15 for each Jack and 5" in without


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "Ada wins with the lowest score, 75 (your 150 and Ben's 104 reached 100)."),
    ("es", "Ada gana con la puntuación más baja, 75 (tus 150 y los 104 de Ben llegaron a 100)."),
])
def test_the_session_end_says_whose_points_reached_the_target(in_language, lang: str, said: str) -> None:
    """It said "(someone reached 100)" (a play test)."""
    from types import SimpleNamespace

    from kc_tui.core.text import YOU
    from kc_tui.games.kings_reverse.engine.describe import session_text

    in_language(lang)
    summary = SimpleNamespace(session_winners=(1,), record=SimpleNamespace(totals=(150, 75, 104)))
    assert session_text(summary, [], [YOU, "Ada", "Ben"], 100).splitlines()[0] == said  # type: ignore[arg-type]
