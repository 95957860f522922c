"""Charts (``flet-charts``, drawn by the served web client itself), each with the words a
screen reader says instead: what a player would read off it."""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from dataclasses import dataclass

import flet as ft
import flet_charts as charts  # type: ignore[import-untyped]  # ships no py.typed

from companion.stats import PlayerRecord
from sheets.i18n import N_, _, whole
from sheets.names import isolated
from sheets.timeline import Moment

# A line per player, told apart on a light and a dark screen alike.
SERIES_COLOURS = (ft.Colors.BLUE_400, ft.Colors.ORANGE_400, ft.Colors.GREEN_400, ft.Colors.PURPLE_300,
                  ft.Colors.RED_400, ft.Colors.TEAL_300)
FORWARD = 0.0  # a step line: a total holds until the entry that changes it
LABELS = 44  # px an axis keeps for its numbers: "300" or "−12" at 150 % text
EDGE = 10  # px right of a chart: its last round's "15" is not cut at the screen's edge (320 px, 150 % text)
CHART_POINTS = 64  # places across a chart entry by entry: a phone's 390 px show no more (one every 6 px)
ROUND_LABELS = 8  # labels under a chart by round at most: "15" beside "14" ran together at 320 px, 150 % text


def axis(low: int, high: int, labels: int = 4, step: int | None = None) -> object:
    """An axis from ``low`` to ``high`` labelled at round steps (about ``labels`` of them,
    ``whole_step``, or ``step``), with the one minus sign ("−12"); not at its ends, where a
    number would be cut in half by the chart's edge or drawn over its neighbour (150 % text)."""
    step = step or whole_step(high - low, labels)
    first = -(-low // step) * step  # the first multiple of the step from ``low`` on
    values = [v for v in range(first, high + 1, step) if low < v < high or low == v == 0]
    return charts.ChartAxis(label_size=LABELS, label_spacing=step, labels=[
        charts.ChartAxisLabel(value=v, label=ft.Text(whole(v), size=12)) for v in values])


def phase_ends(moments: Sequence[Moment]) -> list[Moment]:
    """The last entry made in each round (or pass) begun, in order: the game at each
    round's end; none before the first round (a live sheet's printed values)."""
    ends: dict[int, Moment] = {}
    for moment in moments:
        if not moment.undone and moment.phase:
            ends[moment.phase] = moment
    return [ends[phase] for phase in sorted(ends)]


def phase_totals(moments: Sequence[Moment]) -> dict[str, list[tuple[int, int]]]:
    """Each player's total at the end of each round (or pass) begun, in order: the points
    of a line by round."""
    lines: dict[str, list[tuple[int, int]]] = {}
    for moment in phase_ends(moments):
        for name, total in moment.totals:
            lines.setdefault(name, []).append((moment.phase or 0, total))
    return lines


def phase_holdings(moments: Sequence[Moment]) -> dict[str, dict[str, list[tuple[int, int]]]]:
    """Of each thing held (a live sheet's "Thaler"...), each player's count at the end of
    each round begun: a chart's lines, by what is held (English, as the engine names it)."""
    charted: dict[str, dict[str, list[tuple[int, int]]]] = {}
    for moment in phase_ends(moments):
        for name, held in moment.held:
            for what, count in held:
                charted.setdefault(what, {}).setdefault(name, []).append((moment.phase or 0, count))
    return charted


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


def thinned(lines: dict[str, list[tuple[int, int]]], most: int = CHART_POINTS) -> dict[str, list[tuple[int, int]]]:
    """Step lines (``running_totals``) as a phone's width shows them: each line's total at
    most ``most`` places across the game, every ``width`` entries (a power of two, so that
    a new entry changes only the last place, and all of them only when the game's length
    doubles), and at its first and last entry. Lines of fewer places stay as they are."""
    if not lines:
        return lines
    first = min(line[0][0] for line in lines.values())
    last = max(line[-1][0] for line in lines.values())
    if max(len(line) for line in lines.values()) <= most and last - first + 1 <= most:
        return lines
    width = 1
    while -(-(last - first + 1) // width) > most:
        width *= 2
    places = sorted({first, *range(width, last, width), last})
    shown: dict[str, list[tuple[int, int]]] = {}
    for name, line in lines.items():
        xs = [n for n, _total in line]
        shown[name] = [(x, line[max(0, bisect.bisect_right(xs, x) - 1)][1]) for x in places]
    return shown


@dataclass(frozen=True)
class ChartLines:
    """What a timeline's charts draw (``chart_lines``), worked out once per state for every
    phone: every player's total (by round or pass once two began, else entry by entry,
    thinned), and what each held at each round's end; each a tuple of (name, points)."""

    totals: tuple[tuple[str, tuple[tuple[int, int], ...]], ...]
    by_round: bool
    held: tuple[tuple[str, tuple[tuple[str, tuple[tuple[int, int], ...]], ...]], ...]


def _frozen(lines: dict[str, list[tuple[int, int]]]) -> tuple[tuple[str, tuple[tuple[int, int], ...]], ...]:
    return tuple((name, tuple(line)) for name, line in lines.items())


def chart_lines(moments: Sequence[Moment], phase: str | None) -> ChartLines:
    """The lines of a timeline's charts (``PhoneGames.timeline_view`` keeps them per state)."""
    by_phase = phase_totals(moments) if phase in BY_PHASE else {}
    by_round = two_begun(by_phase)
    lines = by_phase if by_round else thinned(running_totals(moments))
    held = phase_holdings(moments) if phase in HELD_BY_PHASE else {}
    return ChartLines(_frozen(lines), by_round, tuple((what, _frozen(counts)) for what, counts in held.items()))


def whole_step(span: int, labels: int = 4) -> int:
    """The distance between an axis's labels: a round number (1, 2 or 5 times a power of
    ten), about ``labels`` of them (issue 48: Nicht die Bohne!'s axis read 154 / 77 / −77)."""
    least = max(1, -(-span // labels))
    power = 1
    while True:
        for factor in (1, 2, 5):
            if factor * power >= least:
                return factor * power
        power *= 10


def axis_range(low: int, high: int, labels: int = 4) -> tuple[int, int, int]:
    """The ends of an axis that holds ``low`` to ``high``, at multiples of its round step,
    and the step: a label stands inside the ends at the data's highest (and lowest below
    0) step, as "1" on a chart of games won where one game is the most (it showed "0" only)."""
    step = whole_step(high - low, labels)
    bottom, top = (low // step) * step, -(-high // step) * step
    if top == high:
        top += step
    if bottom == low < 0:
        bottom -= step
    return bottom, top, step


def totals_words(lines: dict[str, list[tuple[int, int]]]) -> str:
    """The chart said: "Ann from 0 to 14, Ben from 0 to 9"."""
    return "; ".join(_("{player} from {first} to {last}").format(
        player=isolated(name), first=whole(line[0][1]), last=whole(line[-1][1])) for name, line in lines.items())


BY_PHASE = {"round": N_("Every player's total, round by round"), "pass": N_("Every player's total, pass by pass")}


def totals_chart(moments: Sequence[Moment] | ChartLines, phase: str | None = None,
                 kept: Points | None = None) -> ft.Control:
    """Every player's total across the game, with a legend: at the end of each ``phase``
    ("round", "pass") once two have begun, else entry by entry (thinned to ``CHART_POINTS``
    places); nothing for a game of fewer than two entries."""
    drawn = moments if isinstance(moments, ChartLines) else chart_lines(moments, phase)
    by_round = drawn.by_round
    lines = {name: list(line) for name, line in drawn.totals}
    if not lines or max(len(line) for line in lines.values()) < 2:
        return ft.Container(height=0)
    said = _("Chart of every player's total across the game: {totals}").format(totals=totals_words(lines))
    words = BY_PHASE[phase] if by_round and phase in BY_PHASE else N_("Every player's total, entry by entry")
    caption = ft.Text(_(words), size=13, weight=ft.FontWeight.W_600, color=ft.Colors.PRIMARY)
    return said_as(said, [caption, line_chart(lines, by_round, 200, kept), legend(list(lines))], spacing=6)


def said_as(said: str, parts: list[ft.Control], spacing: int = 4) -> ft.Control:
    """A chart with its caption (and legend), which a screen reader reads as ``said``."""
    return ft.Semantics(label=said, container=True, exclude_semantics=True,
                        content=ft.Column(parts, spacing=spacing))


def two_begun(lines: dict[str, list[tuple[int, int]]]) -> bool:
    """Whether lines by round (or pass) have two rounds begun: worth a chart by round."""
    return bool(lines) and len(next(iter(lines.values()))) >= 2


Points = dict[tuple[float, int], object]  # a chart's points drawn before, by (x, y): kept, not built again


def line_chart(lines: dict[str, list[tuple[int, int]]], by_round: bool, height: int,
               kept: Points | None = None) -> ft.Control:
    """A line per player, in the player's colour: points at each round's end with a label
    under every round (``by_round``), else a step line entry by entry. ``kept``: the
    points drawn last time, which Flet passes over (a new entry moves one or two points)."""
    drawn: Points = {} if kept is None else kept

    def point(n: float, total: int) -> object:
        found = drawn.get((n, total))
        if found is None:
            found = drawn[(n, total)] = charts.LineChartDataPoint(x=n, y=total)
        return found

    xs = sorted({n for line in lines.values() for n, _total in line})
    # Entry by entry, each total held half an entry past the last: a total that changed at the
    # last entry reads as a level, not as a line up the chart's right edge (issue 48)
    held = [] if by_round or not xs else [xs[-1] + 0.5]
    series = [charts.LineChartData(
        points=[point(n, total) for n, total in line] + [point(x, line[-1][1]) for x in held if line],
        color=SERIES_COLOURS[i % len(SERIES_COLOURS)], stroke_width=3,
        step_direction=None if by_round else FORWARD, point=by_round)
        for i, line in enumerate(lines.values())]
    totals = [total for line in lines.values() for _n, total in line]
    if by_round:  # a label under every round (every other one past ROUND_LABELS), with room at both ends
        step = -(-len(xs) // ROUND_LABELS)
        across = {"min_x": xs[0] - 0.5, "max_x": xs[-1] + 0.5, "bottom_axis": charts.ChartAxis(
            label_size=LABELS, label_spacing=1, labels=[
                charts.ChartAxisLabel(value=x, label=ft.Text(str(x), size=12)) for x in xs[::step]])}
    else:
        across = {"min_x": xs[0] - 0.5, "max_x": xs[-1] + 0.5, "bottom_axis": axis(0, xs[-1] + 1)}
    labels = 4 if height >= 200 else 3
    low, high, step = axis_range(min(0, *totals), max(1, *totals), labels)
    chart: ft.Control = charts.LineChart(
        data_series=series, height=height, interactive=False, min_y=low, max_y=high,
        left_axis=axis(low, high, labels, step), **across)
    return ft.Container(chart, padding=ft.Padding.only(right=EDGE))


def legend(names: Sequence[str]) -> ft.Control:
    """Each player's name, whole, beside a stroke of the player's colour (the order of the
    lines, or of the bars)."""
    return ft.Row([ft.Row([ft.Container(width=14, height=4, bgcolor=SERIES_COLOURS[i % len(SERIES_COLOURS)]),
                           ft.Text(name, size=13, no_wrap=True)], spacing=4, tight=True)
                   for i, name in enumerate(names)], wrap=True, spacing=12)


HELD_BY_PHASE = {"round": N_("{what} at the end of each round")}


def holdings_charts(moments: Sequence[Moment] | ChartLines, phase: str | None) -> ft.Control:
    """What each player held at the end of each ``phase`` (the live sheet's Thaler, Bean,
    Worker and Hay), a small chart for each, the players in their colours of the totals'
    chart, with one legend under them; nothing before two rounds have begun, or for a game
    that holds nothing (``GameRules.holdings``)."""
    words = HELD_BY_PHASE.get(phase or "")
    drawn = moments if isinstance(moments, ChartLines) else chart_lines(moments, phase)
    charted = {what: {name: list(line) for name, line in counts} for what, counts in drawn.held} if words else {}
    if not words or not charted or not two_begun(next(iter(charted.values()))):
        return ft.Container(height=0)
    parts: list[ft.Control] = []
    for what, lines in charted.items():
        title = _(words).format(what=_(what))
        said = _("Chart of {what}: {counts}").format(what=title, counts=totals_words(lines))
        parts.append(said_as(said, [ft.Text(title, size=13, weight=ft.FontWeight.W_600, color=ft.Colors.PRIMARY),
                                    line_chart(lines, True, 120)]))
    return ft.Column([*parts, legend(list(next(iter(charted.values()))))], spacing=12)


def wins_chart(players: Sequence[PlayerRecord], most: int = 6) -> ft.Control:
    """Games won per player (the ``most`` who won most), as bars in the players' colours, their
    names whole in the legend under them (issue 48: under a bar of a 320 px phone a name was
    cut to "Annel…"); said in words."""
    shown = [p for p in players if p.won][:most]
    if not shown:
        return ft.Container(height=0)
    groups = [charts.BarChartGroup(x=i, rods=[charts.BarChartRod(
        from_y=0, to_y=p.won, width=20, color=SERIES_COLOURS[i % len(SERIES_COLOURS)],
        border_radius=4)]) for i, p in enumerate(shown)]
    _low, top, step = axis_range(0, max(p.won for p in shown))
    chart: ft.Control = charts.BarChart(
        groups=groups, height=180, interactive=False, max_y=top,
        left_axis=axis(0, top, step=step))
    said = _("Chart of games won: {wins}").format(wins=", ".join(f"{isolated(p.name)} {p.won}" for p in shown))
    caption = ft.Text(_("Games won"), size=13, color=ft.Colors.ON_SURFACE_VARIANT)
    return said_as(said, [caption, chart, legend([p.name for p in shown])], spacing=6)


def over_time_chart(totals: Sequence[int]) -> ft.Control:
    """A game's winning totals, the oldest game first; nothing for fewer than two games."""
    if len(totals) < 2:
        return ft.Container(height=0)
    line = charts.LineChartData(points=[charts.LineChartDataPoint(x=i + 1, y=t) for i, t in enumerate(totals)],
                                color=SERIES_COLOURS[0], stroke_width=3)
    low, high, step = axis_range(min(0, *totals), max(1, *totals))
    chart: ft.Control = charts.LineChart(
        data_series=[line], height=120, interactive=False, min_y=low, max_y=high,
        left_axis=axis(low, high, step=step), bottom_axis=axis(1, len(totals)))
    said = _("Chart of the winning totals, the oldest game first: {totals}").format(
        totals=", ".join(whole(t) for t in totals))
    caption = ft.Text(_("Winning totals, the oldest game first"), size=13, color=ft.Colors.ON_SURFACE_VARIANT)
    return said_as(said, [caption, chart])
