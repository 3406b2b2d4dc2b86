"""Ratings on one scale (issue 29): Bradley–Terry in Luce's form fitted to tournaments' totals,
on the Elo scale, with intervals drawn from each match's own."""

from __future__ import annotations

import math

import pytest

from kc_tui.core.rating import (
    ANCHOR_RATING,
    Match,
    Record,
    deal_interval,
    decision_times,
    elo_gap,
    fit_ratings,
    on_ladder,
    percentile,
)


def _match(focus: str, other: str, rate: float, half: float, deals: int, others: int = 1) -> Match:
    """One level against ``others`` seats of another, duplicate deals (a round per seat)."""
    rounds = deals * (others + 1)
    mine, theirs = rounds, rounds * others
    lost = (rounds - rate * mine) / theirs
    spread = half * mine / theirs
    return {focus: Record(rate * mine, mine, rate - half, rate + half),
            other: Record(rounds - rate * mine, theirs, lost - spread, lost + spread)}


def test_a_heads_up_match_rates_the_gap_its_win_rate_gives_with_its_interval() -> None:
    ratings = fit_ratings([_match("hard", "medium", 0.58, 0.015, 2000)], "medium")
    assert ratings["medium"].value == ANCHOR_RATING
    assert ratings["medium"].low == ratings["medium"].high == ANCHOR_RATING
    hard = ratings["hard"]
    assert hard.value - ANCHOR_RATING == pytest.approx(400 * math.log10(0.58 / 0.42))
    assert hard.value - ANCHOR_RATING == pytest.approx(elo_gap(0.58))
    # The interval is the win rate's, on the rating scale (a bootstrap: within a few points).
    assert hard.low - ANCHOR_RATING == pytest.approx(elo_gap(0.565), abs=2.5)
    assert hard.high - ANCHOR_RATING == pytest.approx(elo_gap(0.595), abs=2.5)


def test_one_against_three_lands_on_the_same_scale() -> None:
    """30% of the rounds against three others: strength s with s / (s + 3) = 0.3."""
    ratings = fit_ratings([_match("expert", "hard", 0.30, 0.01, 800, others=3)], "hard", at=1600)
    assert ratings["expert"].value - 1600 == pytest.approx(400 * math.log10(0.3 * 3 / 0.7))
    assert ratings["expert"].low < ratings["expert"].value < ratings["expert"].high


def test_a_ladder_of_pairs_adds_up_and_its_intervals_widen_away_from_the_anchor() -> None:
    ratings = fit_ratings([_match("easy", "beginner", 0.66, 0.015, 2000),
                           _match("medium", "easy", 0.70, 0.015, 2000),
                           _match("hard", "medium", 0.64, 0.015, 2000)], "medium")
    assert ratings["hard"].value - 1500 == pytest.approx(elo_gap(0.64), abs=0.01)
    assert 1500 - ratings["beginner"].value == pytest.approx(elo_gap(0.70) + elo_gap(0.66), abs=0.01)
    width = {name: r.high - r.low for name, r in ratings.items()}
    assert width["beginner"] > width["easy"] > 0


def test_levels_no_match_links_are_refused() -> None:
    with pytest.raises(ValueError, match="link"):
        fit_ratings([_match("easy", "beginner", 0.66, 0.02, 100),
                     _match("hard", "medium", 0.64, 0.02, 100)], "medium")
    with pytest.raises(ValueError, match="none of the matches"):
        fit_ratings([_match("easy", "beginner", 0.66, 0.02, 100)], "medium")


def test_a_level_that_never_won_gets_a_finite_rating() -> None:
    ratings = fit_ratings([_match("medium", "beginner", 1.0, 0.0, 50)], "medium")
    assert math.isfinite(ratings["beginner"].value) and ratings["beginner"].value < 1000


def test_a_tournament_is_anchored_on_its_weakest_level_the_ladder_rates() -> None:
    match = _match("expert", "hard", 0.6, 0.02, 500)
    ratings, anchor = on_ladder(match, {"medium": 1500, "hard": 1610, "expert": 1670})
    assert anchor == "hard" and ratings["hard"].value == 1610
    assert ratings["expert"].value == pytest.approx(1610 + elo_gap(0.6))
    ratings, anchor = on_ladder({"bot:x": match["expert"], "oracle": match["hard"]}, {"medium": 1500})
    assert anchor == "bot:x" and ratings["bot:x"].value == ANCHOR_RATING
    assert on_ladder({"hard": match["hard"]}, {}) == ({}, "")


def test_the_win_rate_interval_treats_each_deal_as_one_observation() -> None:
    rate, (low, high) = deal_interval([(2.0, 2), (1.0, 2), (1.5, 2)])
    half = 1.96 * 0.5 / (2 * 3 ** 0.5)
    assert rate == pytest.approx(0.75) and (low, high) == pytest.approx((0.75 - half, 1.0))


def test_decision_times_read_between_the_nearest_and_say_milliseconds() -> None:
    assert percentile([], 0.5) == 0.0
    assert percentile([3.0, 1.0, 2.0], 0.5) == 2.0
    assert percentile([0.0, 10.0], 0.25) == 2.5
    assert decision_times([]) == {"median": 0.0, "p99": 0.0, "max": 0.0}
    times = decision_times([i / 1000 for i in range(1, 101)])  # 1 to 100 ms
    assert times["median"] == pytest.approx(50.5) and times["max"] == pytest.approx(100.0)
    assert times["p99"] == pytest.approx(99.01)
