"""/game/:id/timeline: the game's story (issue 35), a chart of every player's total across
the game (on the live sheet also a chart of each material at each round's end), then each
entry, newest first: its number, the time, whose phone made it and what it was in the
player's words, every total just after it; entries taken back are struck through and
marked undone. It follows the game live.
Shows PAGE entries at a time, so a 300-entry game opens as fast as a short one."""

from __future__ import annotations

from datetime import datetime

import flet as ft

from companion.storage import StorageError
from companion.ui.components.charts import holdings_charts, totals_chart
from companion.ui.components.common import screen
from companion.ui.components.gone import not_here
from companion.ui.hooks import go, moment_route, timeline_route, use_game, use_games
from sheets.i18n import _, ngettext, whole
from sheets.timeline import Moment

PAGE = 50  # entries shown before "Show more"
MUTED = ft.Colors.ON_SURFACE_VARIANT


def clock(stamp: str) -> str:
    """A stored moment as this computer's clock shows it: "21:05"."""
    try:
        return datetime.fromisoformat(stamp).astimezone().strftime("%H:%M")
    except ValueError:
        return ""


def moment_row(game_id: str, moment: Moment) -> ft.Control:
    """One entry: "12 · 21:05 · Ann", what it was, the totals after it; said as one line.
    A tap on an entry made shows the game as it stood just after it."""
    who, time = moment.by or _("a phone"), clock(moment.at)
    head = " · ".join(part for part in (str(moment.n), time, who) if part)
    if moment.undone:
        tail = _("undone")
    else:
        tail = " · ".join(f"{name} {whole(total)}" for name, total in moment.totals)
    said = _("Entry {n}, {time}, by {who}: {what}. {after}").format(
        n=moment.n, time=time, who=who, what=moment.what, after=tail)
    what = ft.Text(moment.what, size=16, style=ft.TextStyle(decoration=ft.TextDecoration.LINE_THROUGH)
                   if moment.undone else None, color=MUTED if moment.undone else None)
    # the game as it stood after it (an imported game has one entry, its final scores: no moves to open)
    opens = None if moment.undone or moment.imported else moment_route(game_id, moment.n)
    return ft.Semantics(label=said, container=True, exclude_semantics=True, button=opens is not None,
                        content=ft.Container(
        ft.Column([ft.Text(head, size=13, weight=ft.FontWeight.W_600, color=ft.Colors.PRIMARY), what,
                   ft.Text(tail, size=13, color=MUTED)], spacing=2),
        padding=ft.Padding.symmetric(vertical=6), on_click=(lambda _e: go(opens)) if opens else None))


@ft.component
def Timeline() -> ft.View:
    game_id = ft.use_route_params().get("id", "")
    route = timeline_route(game_id)
    games = use_games()
    use_game(game_id)  # a new entry anywhere shows here at once
    shown, set_shown = ft.use_state(PAGE)
    try:
        moments = games.timeline(game_id)
    except StorageError as exc:  # deleted (told who deleted it), or not here: never its id
        return not_here(route, games.deleted_by(game_id), exc)
    newest_first = list(reversed(moments))
    controls: list[ft.Control] = [ft.Text(ngettext("{n} entry, the newest first", "{n} entries, the newest first",
                                                   len(moments)).format(n=len(moments)), color=MUTED)]
    if not moments:
        controls = [ft.Text(_("No entries yet."), color=MUTED)]
    else:
        phase = games.rules(game_id).phase
        name = phase.name if phase is not None else None
        controls[:0] = [totals_chart(moments, name), holdings_charts(moments, name)]
    controls += [moment_row(game_id, m) for m in newest_first[:shown]]
    if len(moments) > shown:
        more = min(PAGE, len(moments) - shown)
        controls.append(ft.TextButton(ngettext("Show {n} older entry", "Show {n} older entries", more).format(n=more),
                                      icon=ft.Icons.EXPAND_MORE, on_click=lambda _e: set_shown(shown + PAGE)))
    return screen(route, _("Timeline"), controls, back=f"/game/{game_id}")
