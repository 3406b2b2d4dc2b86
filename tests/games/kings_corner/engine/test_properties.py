"""Invariants over whole games (hypothesis): every card accounted for after every event, every
generated move accepted and every refused move absent, every round ends, replay reproduces the
final state, and a seed reproduces a transcript byte for byte."""

from __future__ import annotations

import io
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from kc_tui.core.errors import IllegalMove, RuleError
from kc_tui.games.kings_corner.ai import make_player
from kc_tui.games.kings_corner.engine.events import Event, RoundEnd
from kc_tui.games.kings_corner.engine.game import Game, Phase
from kc_tui.games.kings_corner.engine.moves import MOVE_BASE
from kc_tui.games.kings_corner.engine.rules import PRESETS, build_rules
from kc_tui.games.kings_corner.engine.service import GameService, Seat
from kc_tui.games.kings_corner.engine.transcript import TranscriptWriter, replay


@st.composite
def rule_sets(draw: st.DrawFn):
    while True:
        players = draw(st.integers(2, 6))
        preset = draw(st.sampled_from(sorted(PRESETS)))
        extra = draw(st.fixed_dictionaries({}, optional={
            "royal_kings": st.booleans(),
            "mandatory_kings": st.booleans(),
            "kings_to_corners_at_deal": st.booleans(),
            "draw": st.sampled_from(["start", "end", "none"]),
            "scoring": st.sampled_from(["classic", "face", "alternative", "chips", "none"]),
            "target": st.integers(5, 60),
        }))
        try:
            return build_rules(players, preset, extra)
        except RuleError:
            continue


def _snapshot(game: Game) -> tuple:
    return (
        tuple(game.hands), tuple(tuple(p) for p in game.piles), tuple(game.stock), game.current,
        game.phase, tuple(game.totals), game.pot, game.moves_this_turn(), game.idle_run,
    )


def _random_turn(game: Game, rng: random.Random, events: list[Event]) -> None:
    """A chaotic player: tries random codes (legal or not), undoes, then ends the turn; often
    it does nothing at all, so that blocked endings (R5) happen too."""
    for _ in range(0 if rng.random() < 0.4 else rng.randrange(12)):
        if game.phase != Phase.TURN:
            return
        roll = rng.random()
        if roll < 0.1:
            if game.can_undo():
                game.undo()
            else:
                before = _snapshot(game), len(events)
                try:
                    game.undo()
                    raise AssertionError("undo with nothing to undo was accepted")
                except IllegalMove:
                    assert (_snapshot(game), len(events)) == before
            continue
        legal = game.legal_codes()
        if roll < 0.6 and legal:
            code = rng.choice(legal)
        else:
            code = rng.randrange(MOVE_BASE + 64)
        reason = game.why_illegal(code)
        if reason is None:
            assert code in legal
            game.play(code)
        else:
            assert code not in legal
            before = _snapshot(game), len(events)
            try:
                game.play(code)
                raise AssertionError(f"refused move {code} was accepted")
            except IllegalMove as exc:
                assert str(exc) == reason
            assert (_snapshot(game), len(events)) == before
    if game.phase == Phase.TURN:
        if game.pending_king() is not None:
            before = _snapshot(game), len(events)
            try:
                game.end_turn()
                raise AssertionError("end of turn with a mandatory King was accepted")
            except IllegalMove:
                assert (_snapshot(game), len(events)) == before
        game.end_turn(force_kings=True)


@settings(max_examples=60, deadline=None)
@given(rules=rule_sets(), seed=st.integers(0, 2**32), rounds=st.integers(1, 3))
def test_chaotic_games_keep_every_invariant_and_replay(rules, seed: int, rounds: int) -> None:
    events: list[Event] = []
    buf = io.StringIO()
    writer = TranscriptWriter(buf)
    game = Game(rules, random.Random(seed), seed=seed)

    def listen(event: Event) -> None:
        events.append(event)
        writer(event)
        # All 52 cards, each exactly once, after every event.
        if game.round_no:
            ids = game.all_card_ids()
            assert sorted(ids) == list(range(52))

    game._emit = listen
    rng = random.Random(seed + 1)
    game.start()
    # Every round ends: each non-idle turn after the stock runs out sheds a card for good,
    # so a round lasts at most stock + 52 + players turns that are not idle, plus idle runs.
    bound = 2 * (52 + rules.players) + 52
    for r in range(rounds):
        while game.phase == Phase.TURN:
            _random_turn(game, rng, events)
            assert game.turns <= bound
        assert isinstance(events[-1] if game.phase == Phase.ROUND_OVER else events[-2], RoundEnd)
        if game.phase == Phase.SESSION_OVER:
            break
        if r + 1 < rounds:
            game.next_round()
    replayed = replay(buf.getvalue().splitlines())
    assert _snapshot(replayed) == _snapshot(game)
    assert replayed.round_winners == game.round_winners


@settings(max_examples=25, deadline=None)
@given(rules=rule_sets(), seed=st.integers(0, 2**32), levels=st.lists(st.sampled_from(["easy", "medium"]), min_size=6, max_size=6))
def test_computer_seats_play_only_legal_moves_and_sessions_end(rules, seed: int, levels: list[str]) -> None:
    seats = [
        Seat(f"P{i}", "ai", levels[i], make_player(levels[i], random.Random(seed + i)))
        for i in range(rules.players)
    ]
    service = GameService(rules, seats, seed=seed)
    faults = []
    original = service.apply_plan

    def checked_apply(plan, end=True):
        result = original(plan, end)
        if result.fault:
            faults.append(result.fault)
        return result

    service.apply_plan = checked_apply  # type: ignore[method-assign]
    rounds = service.play_session(max_rounds=40)
    assert faults == []
    assert rounds >= 1
    assert service.game.card_count() == 52


def _transcript(seed: int) -> str:
    rules = build_rules(3, "boxed")
    buf = io.StringIO()
    seats = [Seat(f"P{i}", "ai", lv, make_player(lv, random.Random(i))) for i, lv in enumerate(["medium", "easy", "easy"])]
    GameService(rules, seats, seed=seed, listeners=[TranscriptWriter(buf)]).play_session()
    return buf.getvalue()


def test_same_seed_same_transcript_byte_for_byte() -> None:
    first, second = _transcript(11), _transcript(11)
    assert first == second
    assert first != _transcript(12)


def test_passive_chaotic_rounds_reach_the_blocked_ending() -> None:
    """R5 terminates rounds nobody can or will finish: seen here, not assumed."""
    reasons = []
    for seed in range(40):
        game = Game(build_rules(3, "standard"), random.Random(seed), seed=seed)
        events: list[Event] = []
        game.start()
        rng = random.Random(seed)
        while game.phase == Phase.TURN:
            _random_turn(game, rng, events)
            assert game.turns <= 2 * (52 + 3) + 52
        reasons.append(game.round_reason)
    assert "blocked" in reasons and "out" in reasons


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), other=st.integers(0, 2**32), players=st.integers(2, 6))
def test_an_observation_shows_nothing_hidden(seed: int, other: int, players: int) -> None:
    """Two deals that agree on seat 0's hand and the board but differ in every other hand and
    in the stock order look the same to seat 0."""
    rules = build_rules(players, "draw-end")
    game = Game(rules, random.Random(seed))
    game.start(dealer=players - 1)
    twin = Game(rules, random.Random(0))
    twin.start(dealer=players - 1)
    hidden = [c for h in game.hands[1:] for c in range(52) if h >> c & 1] + game.stock
    random.Random(other).shuffle(hidden)
    twin.hands = [game.hands[0]]
    for seat in range(1, players):
        n = game.hands[seat].bit_count()
        mask = 0
        for c in hidden[:n]:
            mask |= 1 << c
        twin.hands.append(mask)
        hidden = hidden[n:]
    twin.piles = [list(p) for p in game.piles]
    twin.stock = hidden
    assert twin.observation(0) == game.observation(0)
    assert sorted(twin.all_card_ids()) == list(range(52))
