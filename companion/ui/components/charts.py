"""Charts (``flet-charts``, drawn by the served web client itself), each with the words a
screen reader says instead: what a player would read off it."""

from __future__ import annotations

from collections.abc import Sequence

import flet as ft
import flet_charts as charts  # type: ignore[import-untyped]  # ships no py.typed

from sheets.i18n import _, whole
from sheets.timeline import Moment

# A line per player, told apart on a light and a dark screen alike.
SERIES_COLOURS = (ft.Colors.BLUE_400, ft.Colors.ORANGE_400, ft.Colors.GREEN_400, ft.Colors.PURPLE_300,
                  ft.Colors.RED_400, ft.Colors.TEAL_300)
FORWARD = 0.0  # a step line: a total holds until the entry that changes it


def running_totals(moments: Sequence[Moment]) -> dict[str, list[tuple[int, int]]]:
    """Each player's total as (entry number, total) wherever it changed, from the first entry
    to the last (entries undone left out): the points of a step line."""
    made = [m for m in moments if not m.undone]
    lines: dict[str, list[tuple[int, int]]] = {}
    for moment in made:
        for name, total in moment.totals:
            line = lines.setdefault(name, [(moment.n, total)])
            if line[-1][1] != total:
                line.append((moment.n, total))
    for line in lines.values():
        if made and line[-1][0] != made[-1].n:
            line.append((made[-1].n, line[-1][1]))  # drawn to the last entry
    return lines


def whole_step(span: int, labels: int = 4) -> int:
    """The distance between an axis's labels: whole numbers, about ``labels`` of them."""
    return max(1, -(-span // labels))


def totals_words(lines: dict[str, list[tuple[int, int]]]) -> str:
    """The chart said: "Ann from 0 to 14, Ben from 0 to 9"."""
    return "; ".join(_("{player} from {first} to {last}").format(
        player=name, first=whole(line[0][1]), last=whole(line[-1][1])) for name, line in lines.items())


def totals_chart(moments: Sequence[Moment]) -> ft.Control:
    """Every player's total across the game, entry by entry, with a legend; nothing for a
    game of fewer than two entries."""
    lines = running_totals(moments)
    if not lines or max(len(line) for line in lines.values()) < 2:
        return ft.Container(height=0)
    series = [charts.LineChartData(
        points=[charts.LineChartDataPoint(x=n, y=total) for n, total in line],
        color=SERIES_COLOURS[i % len(SERIES_COLOURS)], stroke_width=3, step_direction=FORWARD, point=False)
        for i, line in enumerate(lines.values())]
    totals = [total for line in lines.values() for _n, total in line]
    entries = max(n for line in lines.values() for n, _total in line)
    chart: ft.Control = charts.LineChart(
        data_series=series, height=200, interactive=False, min_y=min(0, *totals), max_y=max(1, *totals),
        left_axis=charts.ChartAxis(label_size=36, label_spacing=whole_step(max(totals) - min(0, *totals))),
        bottom_axis=charts.ChartAxis(label_size=24, label_spacing=whole_step(entries)))
    legend = ft.Row([ft.Row([ft.Container(width=14, height=4, bgcolor=SERIES_COLOURS[i % len(SERIES_COLOURS)]),
                             ft.Text(name, size=13, no_wrap=True)], spacing=4, tight=True)
                     for i, name in enumerate(lines)], wrap=True, spacing=12)
    said = _("Chart of every player's total across the game: {totals}").format(totals=totals_words(lines))
    caption = ft.Text(_("Every player's total, entry by entry"), size=13, weight=ft.FontWeight.W_600,
                      color=ft.Colors.PRIMARY)
    return ft.Semantics(label=said, container=True, exclude_semantics=True,
                        content=ft.Column([caption, chart, legend], spacing=6))
