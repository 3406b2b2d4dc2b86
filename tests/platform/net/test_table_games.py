"""Which games the tables play: those of the registry that offer a ``net`` part, and no other
(a table of another game, or of no game, is refused with a sentence, never made a table of the
first game)."""

from __future__ import annotations

import sys
from pathlib import Path
from types import ModuleType
from typing import Iterator

import pytest

from kc_tui.games import GAMES, GameEntry, register, unregister
from kc_tui.games.kings_corner.engine.rules import build_rules
from kc_tui.games.kings_reverse.engine.rules import ReverseRules
from kc_tui.net import Person, TableError, TableServer, table_game, table_games

ADA = Person("SHA256:ada", "Ada")


@pytest.fixture
def no_table_game(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A registered game whose package offers no ``net`` part (a game not played at tables)."""
    monkeypatch.setitem(sys.modules, "demo_cards", ModuleType("demo_cards"))
    register(GameEntry("demo-cards", "Demo Cards", "a game with no table part", "demo_cards"))
    yield "demo-cards"
    unregister("demo-cards")


def test_the_tables_play_every_game_with_a_net_part_the_first_first(no_table_game: str) -> None:
    games = table_games()
    assert list(games) == [name for name in GAMES if name != no_table_game]
    assert [game.name for game in games.values()] == list(games)


async def test_a_table_of_a_game_not_played_at_tables_is_refused(tmp_path: Path, no_table_game: str) -> None:
    server = TableServer(tmp_path, pace=0, seed=2026)
    with pytest.raises(TableError, match=r"^Demo Cards is not played at the tables of this server\.$"):
        server.create_table(ADA, "T", build_rules(2), ["open", "easy"], game=no_table_game)
    with pytest.raises(TableError, match=r"^Demo Cards is not played"):
        table_game(no_table_game)
    assert server.tables() == ()
    await server.close()


async def test_a_table_of_no_game_is_refused(tmp_path: Path) -> None:
    server = TableServer(tmp_path, pace=0, seed=2026)
    with pytest.raises(TableError, match=r"^There is no game 'crazy-eights'; the games are kings-corner, "):
        server.create_table(ADA, "T", build_rules(2), ["open", "easy"], game="crazy-eights")
    with pytest.raises(TableError, match=r"^Those are no rules of a game this server plays\.$"):
        server.create_table(ADA, "T", object(), ["open", "easy"])
    assert server.tables() == ()
    await server.close()


async def test_rules_of_another_game_than_the_one_asked_for_are_refused(tmp_path: Path) -> None:
    server = TableServer(tmp_path, pace=0, seed=2026)
    with pytest.raises(TableError, match=r"^Those are no rules of Kings Reverse\.$"):
        server.create_table(ADA, "T", build_rules(2), ["open", "easy"], game="kings-reverse")
    info = server.create_table(ADA, "T", ReverseRules(players=2), ["open", "easy"], game="kings-reverse")
    assert info.game == "kings-reverse"
    await server.close()
