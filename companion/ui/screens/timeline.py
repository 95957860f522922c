"""/game/:id/timeline: the game's story (issue 35), a chart of every player's total across
the game (on the live sheet also a chart of each material at each round's end), then each
entry, newest first: its number, the time, whose phone made it and what it was in the
player's words, every total just after it; entries taken back are struck through and
marked undone. It follows the game live.
Shows PAGE entries at a time, so a 300-entry game opens as fast as a short one; a change
costs a phone here the same whatever the game's length (issue 46): it builds one row (a new
entry, an undone one), keeps every other row and the charts it drew (``Drawn``), and the
charts are thinned to what a phone's width shows (``charts.thinned``), worked out once per
state for every phone."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

import flet as ft

from companion.storage import StorageError
from companion.ui.components.charts import ChartLines, Points, chart_lines, holdings_charts, totals_chart
from companion.ui.components.common import screen
from companion.ui.components.gone import not_here
from companion.ui.hooks import go, keyed_part, moment_route, timeline_route, use_games, use_listing
from sheets.i18n import _, ngettext, whole
from sheets.names import isolated
from sheets.timeline import Moment

PAGE = 50  # entries shown before "Show more"
MUTED = ft.Colors.ON_SURFACE_VARIANT


def clock(stamp: str) -> str:
    """A stored moment as this computer's clock shows it: "21:05"."""
    try:
        return datetime.fromisoformat(stamp).astimezone().strftime("%H:%M")
    except ValueError:
        return ""


def row_key(moment: Moment) -> str:
    """The key a moment's row keeps across renders: a new entry inserts one row and an
    Undo replaces one, never the rows after it (Flet matches keyed controls by key)."""
    return f"{moment.n}{'u' if moment.undone else ''}"


def moment_row(game_id: str, moment: Moment) -> ft.Control:
    """One entry: "12 · 21:05 · Ann", what it was, the totals after it; said as one line.
    A tap on an entry made shows the game as it stood just after it."""
    who, time = moment.by or _("a phone"), clock(moment.at)
    who = isolated(who)  # a name, or a phone's words with one in it
    head = " · ".join(part for part in (str(moment.n), time, who) if part)
    if moment.undone:
        tail = _("undone")
    else:
        tail = " · ".join(f"{isolated(name)} {whole(total)}" for name, total in moment.totals)
    said = _("Entry {n}, {time}, by {who}: {what}. {after}").format(
        n=moment.n, time=time, who=who, what=moment.what, after=tail)
    what = ft.Text(moment.what, size=16, style=ft.TextStyle(decoration=ft.TextDecoration.LINE_THROUGH)
                   if moment.undone else None, color=MUTED if moment.undone else None)
    # the game as it stood after it (an imported game has one entry, its final scores: no moves to open)
    opens = None if moment.undone or moment.imported else moment_route(game_id, moment.n)
    return ft.Semantics(label=said, container=True, exclude_semantics=True, button=opens is not None,
                        key=row_key(moment), content=ft.Container(
        ft.Column([ft.Text(head, size=13, weight=ft.FontWeight.W_600, color=ft.Colors.PRIMARY), what,
                   ft.Text(tail, size=13, color=MUTED)], spacing=2),
        padding=ft.Padding.symmetric(vertical=6), on_click=(lambda _e: go(opens)) if opens else None))


def row_list(game_id: str, moments: Sequence[Moment]) -> list[ft.Control]:
    """Each shown entry's row, a part by its moment: a change builds only the rows that
    differ, so it costs this phone the same whatever the game's length."""
    return [keyed_part(row_key(m), moment_row, game_id, m) for m in moments]


class Drawn:
    """The charts a timeline screen drew last, by their lines, kept for its next render (a
    memo): a change draws only the points that differ."""

    def __init__(self) -> None:
        self.charts: tuple[ChartLines, list[ft.Control]] | None = None
        self.points: Points = {}  # the totals chart's points, by place and total

    def charts_of(self, lines: ChartLines, phase: str | None) -> list[ft.Control]:
        if self.charts is None or self.charts[0] != lines:
            totals = totals_chart(lines, phase, self.points)  # the points drawn before are kept
            used = {place for _name, line in lines.totals for place in line}
            self.points = {place: point for place, point in self.points.items() if place in used}
            held = self.charts[1][1] if self.charts is not None and self.charts[0].held == lines.held \
                else holdings_charts(lines, phase)
            self.charts = (lines, [totals, held])
        return self.charts[1]


@ft.component
def Timeline() -> ft.View:
    game_id = ft.use_route_params().get("id", "")
    route = timeline_route(game_id)
    games = use_games()

    def read() -> tuple[tuple[Moment, ...], str | None, ChartLines] | StorageError:
        try:
            phase = games.rules(game_id).phase
            name = phase.name if phase is not None else None
            return games.timeline(game_id), name, games.timeline_view(game_id, chart_lines, name)  # once per state
        except StorageError as exc:  # deleted (told who deleted it), or not here: never its id
            return exc

    # A new entry shows here within a second or two, at a reader's pace: a long game's story
    # drawn on every phone at every tap slowed every table (issue 46).
    story = use_listing(read, game_id)
    shown, set_shown = ft.use_state(PAGE)
    drawn = ft.use_memo(Drawn, [game_id])
    if isinstance(story, StorageError):
        return not_here(route, games.deleted_by(game_id), story)
    moments, name, lines = story
    controls: list[ft.Control] = [ft.Text(ngettext("{n} entry, the newest first", "{n} entries, the newest first",
                                                   len(moments)).format(n=len(moments)), color=MUTED)]
    if not moments:
        controls = [ft.Text(_("No entries yet."), color=MUTED)]
    else:
        controls[:0] = drawn.charts_of(lines, name)
    controls += row_list(game_id, moments[:-shown - 1:-1])  # the newest ``shown``, newest first
    if len(moments) > shown:
        more = min(PAGE, len(moments) - shown)
        controls.append(ft.TextButton(ngettext("Show {n} older entry", "Show {n} older entries", more).format(n=more),
                                      icon=ft.Icons.EXPAND_MORE, on_click=lambda _e: set_shown(shown + PAGE)))
    return screen(route, _("Timeline"), controls, back=f"/game/{game_id}")
