"""Saved Kings Reverse sessions (issue 14): the actions replayed through the service door give
back the same game; a broken save is refused with a sentence; saves are kept apart from the
first game's."""

from __future__ import annotations

import json
import os
import random

import pytest

from kc_tui.games.kings_reverse.engine.rules import build_rules
from kc_tui.games.kings_reverse.engine.service import ReverseService
from kc_tui.games.kings_reverse.saves import reverse_seats
from kc_tui.storage import (
    KEEP_SAVES,
    AutoSaver,
    SaveError,
    SaveInfo,
    game_saves_dir,
    list_saves,
    load_save,
    start_saving,
)

SPECS = ["you", "easy", "medium"]
GAME = "kings-reverse"


def _load(saver: AutoSaver) -> ReverseService:
    service: ReverseService = load_save(saver.path, game=GAME).service
    return service


def _usable() -> list[SaveInfo]:
    return [info for info in list_saves(GAME) if info.problem is None]


def _played(seed: int, actions: int) -> tuple[ReverseService, AutoSaver]:
    """A session in which the person takes a random legal action and the computers decide,
    every action kept by the platform's saver following the service, until ``actions`` have
    been taken (new rounds dealt)."""
    service = ReverseService(build_rules(3), reverse_seats(SPECS, random.Random(seed)), seed=seed)
    saver = start_saving(service, SPECS, game=GAME)
    service.start()
    pick = random.Random(seed)
    for _ in range(actions):
        if service.phase != "turn":
            if service.phase == "session_over":
                break
            service.next_round()
        elif service.waiting_for_human():
            service.act(pick.choice(service.legal_actions()))
        else:
            decision = service.begin_decision()
            assert service.apply_decision(decision, decision.run())
    return service, saver


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_resumed_session_is_the_same_game_for_every_seat(seed: int) -> None:
    service, saver = _played(seed, 150)
    restored = _load(saver)
    for seat in (None, 0, 1, 2):
        before, after = service.view(seat), restored.view(seat)
        assert after.to_dict() == before.to_dict()


def test_the_save_is_listed_apart_from_the_first_games_saves() -> None:
    _, saver = _played(4, 20)
    (info,) = _usable()
    assert info.path == saver.path and info.players == ("You", "Ada", "Ben")
    assert list_saves() == []  # the first game's list does not see it


def test_a_save_with_an_action_the_rules_refuse_is_refused_with_a_sentence() -> None:
    _, saver = _played(5, 10)
    doc = json.loads(saver.path.read_text())
    doc["actions"].insert(0, {"action": "pass"})
    saver.path.write_text(json.dumps(doc))
    with pytest.raises(SaveError, match="cannot be replayed|rules refuse"):
        _load(saver)


def test_a_file_that_is_not_a_save_is_refused() -> None:
    _, saver = _played(6, 3)
    saver.path.write_text('{"kind": "something else"}')
    with pytest.raises(SaveError, match="not a Kings Reverse save"):
        _load(saver)
    assert _usable() == []


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
    restored = _load(saver)
    assert _go_on(restored, 200, random.Random(seed)) == _go_on(service, 200, random.Random(seed))
    assert restored.view(None).to_dict() == service.view(None).to_dict()


def test_a_version_1_save_without_the_generators_still_loads() -> None:
    service, saver = _played(10, 40)
    doc = json.loads(saver.path.read_text())
    assert doc["version"] == 2 and doc["rng"]["players"][0] is None
    del doc["rng"]
    doc["version"] = 1
    saver.path.write_text(json.dumps(doc))
    restored = _load(saver)
    assert restored.view(0).to_dict() == service.view(0).to_dict()


def test_a_save_with_damaged_generators_is_refused_with_a_sentence() -> None:
    _, saver = _played(11, 20)
    doc = json.loads(saver.path.read_text())
    doc["rng"]["players"][1] = "not a state"
    saver.path.write_text(json.dumps(doc))
    with pytest.raises(SaveError, match="random generators' states are damaged"):
        _load(saver)


def test_starting_a_session_keeps_only_the_newest_unfinished_ones_as_the_first_game_does() -> None:
    # The platform's pruning (claim_new_save): each new session keeps the KEEP_SAVES - 1 newest
    # others of its own game; a damaged save is left for the player to look at.
    folder = game_saves_dir(GAME)
    started = []
    for k in range(KEEP_SAVES + 3):
        service = ReverseService(build_rules(2), reverse_seats(["you", "easy"], random.Random(k)), seed=k)
        saver = start_saving(service, ["you", "easy"], game=GAME)
        service.start()
        saver.release()
        os.utime(saver.path, (1_000_000 + k, 1_000_000 + k))  # oldest first, whatever the clock
        started.append(saver.path)
        if k == 0:
            (folder / "damaged.json").write_text("{")
            os.utime(folder / "damaged.json", (1, 1))
    assert [info.path for info in _usable()] == started[:-KEEP_SAVES - 1:-1]
    assert (folder / "damaged.json").exists()
