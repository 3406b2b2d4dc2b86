"""The charts (issue 28, items 20 and 22): from round 2 the round-over dialog, the session's end
and the scores draw the running totals with plotext, a line per player, each with its own ASCII
marker and a legend; after round 1 only the totals are said.  At 80 x 24 the three-player round
dialog shows whole, chart and all, in English, Spanish and French, and once each.  The
statistics screen draws each player's bars with plotext too, where its text had them in ``#``."""

from __future__ import annotations

import pytest
from screen_fixtures import round_dialog, three_after_rounds, with_stats
from textual.widgets import Static

from kc_tui.storage import Settings
from kc_tui.tui.chart import MARKERS, BarsChart, TotalsChart, _Plot
from kc_tui.tui.modal import MoreBelow
from kc_tui.tui.round_over import RoundOverScreen, ScoresScreen, StatsScreen

SIZE = (80, 24)
BOX_DRAWING = set("─│┌┐└┘├┤┬┴┼")


def _lines(chart: TotalsChart) -> tuple[list[list[int]], list[str]]:
    """What the chart plotted: each line's totals by round, and its marker."""
    monitor = chart.query_one(_Plot).plt.monitor
    return monitor.y, [marker for marker, *_rest in monitor.marker]


def _drawn(chart: TotalsChart) -> str:
    return chart.query_one(_Plot).render().plain  # type: ignore[union-attr]


@pytest.mark.parametrize("lang", ["en", "es", "fr"])
async def test_after_round_two_the_dialog_draws_a_line_per_player_and_shows_whole_at_80x24(lang) -> None:
    app = three_after_rounds(Settings(pace=0, language=lang))
    async with app.run_test(size=SIZE) as pilot:
        await round_dialog(pilot)
        dialog = app.screen
        assert isinstance(dialog, RoundOverScreen)
        chart = dialog.query_one(TotalsChart)
        totals, markers = _lines(chart)
        assert totals == [[16, 41], [0, 5], [0, 0]]  # You, Ada, Ben after rounds 1 and 2
        assert markers == list(MARKERS[:3])
        legend = chart.query_one(".totals-legend", Static).render().plain.splitlines()
        you = {"en": "You", "es": "Tú", "fr": "Toi"}[lang]
        # Ada's line (0, then 5) lies under Ben's (0, 0) at this height: the legend says so.
        hidden = {"en": "hidden", "es": "oculta", "fr": "cachée"}[lang]
        assert legend[1:] == [f"* {you}", f"o Ada ({hidden})", "+ Ben"]
        assert "*" in _drawn(chart) and "+" in _drawn(chart) and "o" not in _drawn(chart)
        # The result and the chart show whole, nothing below them, the totals said once each.
        box = dialog.query_one(".dialog")
        assert box.region.y >= 0 and box.region.bottom <= SIZE[1]
        assert not dialog.query_one(MoreBelow).display
        scroll = dialog.query_one("#round-scroll")
        assert scroll.max_scroll_y == 0
        assert chart.region.bottom <= scroll.region.bottom and chart.region.height >= 5
        summary = dialog.query_one("#round-summary", Static).render().plain
        assert summary.count("41") == 1 and "Total" not in summary


async def test_after_round_one_there_is_no_chart_only_the_totals() -> None:
    app = three_after_rounds(Settings(pace=0), rounds=1)
    async with app.run_test(size=SIZE) as pilot:
        await round_dialog(pilot)
        assert not app.screen.query(TotalsChart)
        summary = app.screen.query_one("#round-summary", Static).render().plain
        assert "16 in all" in summary and "Running totals" not in summary
        assert not app.screen.query_one(MoreBelow).display


async def test_the_ascii_chart_draws_no_box_drawing_and_its_markers_in_ascii() -> None:
    app = three_after_rounds(Settings(pace=0, ascii=True))
    async with app.run_test(size=SIZE) as pilot:
        await round_dialog(pilot)
        drawn = _drawn(app.screen.query_one(TotalsChart))
        assert drawn.isascii() and not BOX_DRAWING & set(drawn)
        assert {"*", "+", "|", "-"} <= set(drawn)


async def test_four_players_dialog_shows_whole_at_80x24_with_a_smaller_chart() -> None:
    app = three_after_rounds(Settings(pace=0), players=4)
    async with app.run_test(size=SIZE) as pilot:
        await round_dialog(pilot)
        dialog = app.screen
        chart = dialog.query_one(TotalsChart)
        assert len(_lines(chart)[0]) == 4
        assert not dialog.query_one(MoreBelow).display
        assert dialog.query_one("#round-scroll").max_scroll_y == 0
        assert chart.size.height == 5
        # A taller terminal gives the chart the rows it leaves; a smaller one takes them back.
        await pilot.resize_terminal(120, 40)
        await round_dialog(pilot)
        assert chart.size.height == 12
        await pilot.resize_terminal(*SIZE)
        await round_dialog(pilot)
        assert chart.size.height == 5 and not dialog.query_one(MoreBelow).display


async def test_the_scores_show_the_chart_below_the_table() -> None:
    app = three_after_rounds(Settings(pace=0))
    async with app.run_test(size=(120, 40)) as pilot:
        await round_dialog(pilot)
        table = app.screen_stack[-2]
        table.action_scores()  # type: ignore[attr-defined]
        await pilot.pause()
        scores = app.screen
        assert isinstance(scores, ScoresScreen)
        chart = scores.query_one(TotalsChart)
        assert len(_lines(chart)[0]) == 3
        assert chart.region.y > scores.query_one(".text-body").region.bottom - 1


async def test_the_statistics_draw_each_players_bars_below_the_text() -> None:
    app = with_stats(Settings(pace=0))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("t")
        await pilot.pause()
        stats = app.screen
        assert isinstance(stats, StatsScreen)
        assert "|#" not in stats.query_one(".text-body", Static).render().plain  # not drawn twice
        charts = list(stats.query(BarsChart))
        titles = [chart.query_one(".bars-title", Static).render().plain for chart in charts]
        assert titles == [f"{name}: sessions won, by the opponents' level"
                          for name in ("Zoe (medium)", "Ada (hard)", "Ben (easy)")]
        assert [label for label, _share in charts[0].bars.rows] == ["easy 33% (3 sessions)",
                                                                    "hard 33% (3 sessions)"]
        drawn = charts[1].query_one(_Plot).render().plain  # type: ignore[union-attr]
        assert "easy 67% (3 sessions)┤###" in drawn and "100%" in drawn


async def test_players_tied_all_along_are_named_under_the_line_they_share() -> None:
    """Two players with the same totals in every round share a line: it was drawn with the last
    one's marker over the first one's, which the legend named, nowhere to be seen."""
    from dataclasses import dataclass

    from textual.app import App, ComposeResult

    @dataclass(frozen=True)
    class Round:
        round: int
        totals: tuple[int, ...]

    names = ["Ada", "Ben", "Cleo", "Dev"]
    tied = [Round(1, (7, 0, 0, 3)), Round(2, (12, 0, 0, 3))]
    apart = [Round(1, (7, 0, 0, 3)), Round(2, (12, 4, 9, 3))]  # tied in round 1 only

    for history, expected in ((tied, ["* Ada", "o Ben", "+ Cleo (= o)", "x Dev"]),
                              (apart, ["* Ada", "o Ben", "+ Cleo", "x Dev"])):
        class Charted(App[None]):
            def compose(self, history: list[Round] = history) -> ComposeResult:
                yield TotalsChart(history, names, ascii_only=True)

        async with Charted().run_test(size=SIZE) as pilot:
            await pilot.pause()
            chart = pilot.app.query_one(TotalsChart)
            legend = chart.query_one(".totals-legend", Static).render().plain
            assert legend.splitlines()[1:] == expected
            # Tied, Ben's line is Cleo's too, drawn once with Ben's marker (not covered by Cleo's).
            assert _lines(chart)[1] == (["*", "o", "x"] if history is tied else ["*", "o", "+", "x"])


def test_the_scores_title_says_how_many_rounds_ended_and_none_in_the_first() -> None:
    from kc_tui.tui.round_over import scores_title

    # "Scores after 0 rounds" was said in round 1; then "Scores: no round has ended yet" over
    # "No round has been finished yet." (the body says it).
    assert scores_title(0) == "Scores"
    assert scores_title(1) == "Scores after 1 round" and scores_title(3) == "Scores after 3 rounds"


async def test_the_legend_says_which_players_lines_the_others_hide() -> None:
    """Six players over two rounds on a short chart: You's and Cleo's markers were covered by
    others' lines and showed nowhere, while the legend listed them as if drawn."""
    from dataclasses import dataclass

    from textual.app import App, ComposeResult

    @dataclass(frozen=True)
    class Round:
        round: int
        totals: tuple[int, ...]

    history = [Round(1, (2, 1, 0, 4, 5, 3)), Round(2, (8, 1, 2, 4, 5, 8))]
    names = ["You", "Ada", "Ben", "Cleo", "Dev", "Eve"]

    class Charted(App[None]):
        def compose(self) -> ComposeResult:
            yield TotalsChart(history, names, ascii_only=True)

    app = Charted()
    async with app.run_test(size=(60, 12)) as pilot:
        chart = app.query_one(TotalsChart)
        chart.styles.height = 5
        await pilot.pause()
        await pilot.pause()
        drawn = chart.query_one(_Plot).render().plain
        legend = chart.query_one(".totals-legend", Static).render().plain.splitlines()
        hidden = [line for line in legend[1:] if line.endswith("(hidden)")]
        # (in ASCII mode the axes' corners are "+", Ben's marker: only the others are checked)
        assert hidden == [f"{m} {n} (hidden)" for m, n in zip(MARKERS, names) if m != "+" and m not in drawn]
        assert hidden == ["* You (hidden)", "x Cleo (hidden)"]
        chart.styles.height = 12  # taller: every line shows, and the legend says so
        await pilot.pause()
        await pilot.pause()
        legend = chart.query_one(".totals-legend", Static).render().plain.splitlines()
        assert not any(line.endswith("(hidden)") for line in legend), legend
