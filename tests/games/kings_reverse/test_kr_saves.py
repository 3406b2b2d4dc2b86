"""Saved Kings Reverse sessions (issue 14): the actions replayed through the service door give
back the same game; a broken save is refused with a sentence; saves are kept apart from the
first game's."""

from __future__ import annotations

import json
import random

import pytest

from kc_tui.games.kings_reverse.engine.rules import build_rules
from kc_tui.games.kings_reverse.engine.service import ReverseService
from kc_tui.games.kings_reverse.saves import (
    ReverseSaveError,
    ReverseSaver,
    list_reverse_saves,
    load_reverse_save,
    reverse_seats,
)
from kc_tui.storage import list_saves

SPECS = ["you", "easy", "medium"]


def _played(seed: int, actions: int) -> tuple[ReverseService, ReverseSaver]:
    """A session in which the person takes a random legal action and the computers decide,
    every action kept by a saver, until ``actions`` have been taken (new rounds dealt)."""
    service = ReverseService(build_rules(3), reverse_seats(SPECS, random.Random(seed)), seed=seed)
    saver = ReverseSaver(service, SPECS, ReverseSaver.new_path(["You", "Ada", "Ben"]))
    service.add_listener(saver)
    service.start()
    pick = random.Random(seed)
    for _ in range(actions):
        if service.phase != "turn":
            if service.phase == "session_over":
                break
            service.next_round()
            saver.dealt()
        elif service.waiting_for_human():
            action = pick.choice(service.legal_actions())
            service.act(action)
            saver.acted(action)
        else:
            decision = service.begin_decision()
            action = decision.run()
            assert service.apply_decision(decision, action)
            saver.acted(action)
    return service, saver


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_resumed_session_is_the_same_game_for_every_seat(seed: int) -> None:
    service, saver = _played(seed, 150)
    restored, _ = load_reverse_save(saver.path)
    for seat in (None, 0, 1, 2):
        before, after = service.view(seat), restored.view(seat)
        assert after.to_dict() == before.to_dict()


def test_the_save_is_listed_apart_from_the_first_games_saves() -> None:
    _, saver = _played(4, 20)
    (info,) = list_reverse_saves()
    assert info.path == saver.path and info.names == ("You", "Ada", "Ben")
    assert list_saves() == []  # the first game's list does not see it


def test_a_save_with_an_action_the_rules_refuse_is_refused_with_a_sentence() -> None:
    _, saver = _played(5, 10)
    doc = json.loads(saver.path.read_text())
    doc["actions"].insert(0, {"action": "pass"})
    saver.path.write_text(json.dumps(doc))
    with pytest.raises(ReverseSaveError, match="cannot be replayed|rules refuse"):
        load_reverse_save(saver.path)


def test_a_file_that_is_not_a_save_is_refused() -> None:
    _, saver = _played(6, 3)
    saver.path.write_text('{"kind": "something else"}')
    with pytest.raises(ReverseSaveError, match="not a Kings Reverse save"):
        load_reverse_save(saver.path)
    assert list_reverse_saves() == []


def _go_on(service: ReverseService, actions: int, pick: random.Random) -> list[str]:
    """Play on with the computers deciding (the person picks with ``pick``); every action taken."""
    taken: list[str] = []
    for _ in range(actions):
        if service.phase != "turn":
            if service.phase == "session_over":
                break
            service.next_round()
            taken.append("next")
        elif service.waiting_for_human():
            action = pick.choice(service.legal_actions())
            service.act(action)
            taken.append(str(action))
        else:
            decision = service.begin_decision()
            action = decision.run()
            assert service.apply_decision(decision, action)
            taken.append(str(action))
    return taken


@pytest.mark.parametrize("seed", [7, 8, 9])
def test_a_resumed_session_goes_on_as_the_unbroken_one_would_have(seed: int) -> None:
    # The computers' generators are kept in the save: after a resume they choose as they would
    # have without the interruption (easy picks at random, medium's ties too).
    service, saver = _played(seed, 60)
    restored, _ = load_reverse_save(saver.path)
    assert _go_on(restored, 200, random.Random(seed)) == _go_on(service, 200, random.Random(seed))
    assert restored.view(None).to_dict() == service.view(None).to_dict()


def test_a_version_1_save_without_the_generators_still_loads() -> None:
    service, saver = _played(10, 40)
    doc = json.loads(saver.path.read_text())
    assert doc["version"] == 2 and doc["rng"]["players"][0] is None
    del doc["rng"]
    doc["version"] = 1
    saver.path.write_text(json.dumps(doc))
    restored, _ = load_reverse_save(saver.path)
    assert restored.view(0).to_dict() == service.view(0).to_dict()


def test_a_save_with_damaged_generators_is_refused_with_a_sentence() -> None:
    _, saver = _played(11, 20)
    doc = json.loads(saver.path.read_text())
    doc["rng"]["players"][1] = "not a state"
    saver.path.write_text(json.dumps(doc))
    with pytest.raises(ReverseSaveError, match="random generators' states are damaged"):
        load_reverse_save(saver.path)
