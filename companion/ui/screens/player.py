"""A player's record (issue 49): per game kind their plays, wins (a shared win counts; a
solitaire game is never a win: its rating is shown), win rate, average and best total and
the last results as a small chart; head to head against every other player of the group.
The serving machine's own browser also renames the player or merges another name into them
(``companion.players``: the session decides who may), each undoable from its message."""

from __future__ import annotations

from typing import cast
from urllib.parse import unquote

import flet as ft
import flet_charts as charts  # type: ignore[import-untyped]  # ships no py.typed

from companion.i18n import number
from companion.session.players import KindRecord, NameChange, PhonePlayers, PlayerRecord
from companion.storage import StorageError
from companion.ui.components.charts import SERIES_COLOURS, axis
from companion.ui.components.common import TOUCH, error_line, name_text, screen, section, sentence, text_field
from companion.ui.hooks import go, notify, player_route, use_games, use_listing, use_typed
from sheets.errors import RulesError
from sheets.i18n import _, ngettext, whole
from sheets.names import isolated, listed
from sheets.registry import KINDS


def read_record(group: PhonePlayers, name: str) -> PlayerRecord | str:
    """The player's record, or why there is none, in words."""
    try:
        return group.players.record(name)
    except (RulesError, StorageError) as exc:
        return sentence(str(exc))


@ft.component
def PlayerScreen() -> ft.View:
    name = unquote(ft.use_route_params().get("name", ""))
    group = use_games().group()
    shown = use_listing(lambda: read_record(group, name))
    if isinstance(shown, str):
        return screen(player_route(name), name, [ft.Text(shown)], back="/stats")
    parts: list[ft.Control] = []
    if shown.aliases:
        parts.append(ft.Text(_("Also played as: {names}").format(names=listed(shown.aliases)),
                             color=ft.Colors.ON_SURFACE_VARIANT))
    parts += [kind_card(kind) for kind in shown.kinds] or [ft.Text(_("No finished games yet."))]
    if shown.head_to_head:
        parts.append(section(_("Head to head"), *[
            ft.ListTile(title=name_text(head.opponent),
                        subtitle=ft.Text(ngettext("{n} game together: ahead {ahead}, behind {behind}",
                                                  "{n} games together: ahead {ahead}, behind {behind}",
                                                  head.together).format(n=head.together, ahead=head.ahead,
                                                                         behind=head.behind)),
                        on_click=lambda _e, other=head.opponent: go(player_route(other)))
            for head in shown.head_to_head]))
    if group.why_not_change() is None:
        parts.append(NameChanges(shown.name))
    return screen(player_route(name), shown.name, parts, back="/stats")


def title(game: str) -> str:
    return _(KINDS[game].title) if game in KINDS else game


def kind_card(kind: KindRecord) -> ft.Control:
    lines: list[ft.Control] = [ft.Text(title(kind.game), size=18, weight=ft.FontWeight.W_600)]
    if kind.plays:
        rate = number(100 * (kind.win_rate or 0), decimals=0)
        lines += [
            ft.Text(ngettext("{n} game, {won} won ({rate} %)", "{n} games, {won} won ({rate} %)", kind.plays).format(
                n=kind.plays, won=kind.wins, rate=rate), size=16, weight=ft.FontWeight.BOLD),
            ft.Text(_("Average total: {average} · best: {best}").format(
                average=number(kind.average or 0, decimals=1), best=whole(kind.best or 0))),
        ]
    if kind.solitaire_plays:
        said = ngettext("{n} solitaire game, best {best}", "{n} solitaire games, best {best}",
                        kind.solitaire_plays).format(n=kind.solitaire_plays, best=whole(kind.solitaire_best or 0))
        if kind.solitaire_rating:
            said += " · " + _("last rated {rating}").format(rating=_(kind.solitaire_rating))
        lines.append(ft.Text(said))
    lines.append(last_results_chart(kind.last_totals))
    return ft.Card(ft.Container(ft.Column(lines, spacing=4), padding=12))


def last_results_chart(totals: tuple[int, ...]) -> ft.Control:
    """The last results, the oldest first, as a small line (said in words too)."""
    said = _("Last results, the oldest first: {totals}").format(totals=", ".join(whole(t) for t in totals))
    if len(totals) < 2:
        return ft.Text(said, size=13, color=ft.Colors.ON_SURFACE_VARIANT)
    low, high = min(0, *totals), max(1, *totals)
    chart = charts.LineChart(
        data_series=[charts.LineChartData(points=[charts.LineChartDataPoint(x=i + 1, y=t) for i, t in enumerate(totals)],
                                          color=SERIES_COLOURS[0], stroke_width=3)],
        height=90, interactive=False, min_y=low, max_y=high, left_axis=axis(low, high, labels=2),
        bottom_axis=axis(1, len(totals)))
    return ft.Semantics(label=said, container=True, exclude_semantics=True, content=ft.Column([
        ft.Text(_("Last results, the oldest first"), size=13, color=ft.Colors.ON_SURFACE_VARIANT), chart]))


@ft.component
def NameChanges(name: str) -> ft.Control:
    """Rename this player, or merge another name into them (the serving machine's own browser)."""
    group = use_games().group()
    new_name, set_new_name, typed_name = use_typed(name)
    other, set_other, typed_other = use_typed("")
    error, set_error = ft.use_state(cast("str | None", None))

    def undo_of(change: NameChange, back_to: str) -> None:
        try:
            group.undo(change)
        except (RulesError, StorageError) as exc:
            notify(sentence(str(exc)))
            return
        go(player_route(back_to))

    def rename(_e: object) -> None:
        try:
            change = group.rename(name, typed_name())
        except (RulesError, StorageError) as exc:
            set_error(sentence(str(exc)))
            return
        set_error(None)
        new = typed_name().strip()
        notify(change.said, undo=lambda: undo_of(change, name))
        go(player_route(new))

    def merge(_e: object) -> None:
        try:
            change = group.merge(typed_other(), name)
        except (RulesError, StorageError) as exc:
            set_error(sentence(str(exc)))
            return
        set_error(None)
        set_other("")
        notify(change.said, undo=lambda: undo_of(change, name))

    return section(_("Names"), ft.Text(
        _("A new name or a merge changes what the whole group sees; the stored games keep their names."),
        color=ft.Colors.ON_SURFACE_VARIANT),
        text_field(_("New name"), new_name, lambda v: (set_new_name(v), set_error(None))),
        ft.OutlinedButton(_("Rename"), icon=ft.Icons.EDIT, height=TOUCH, on_click=rename),
        text_field(_("Another name of {player}").format(player=isolated(name)), other,
                   lambda v: (set_other(v), set_error(None))),
        # as tall as its words: a long name takes two lines (48 px at least, from the theme)
        ft.OutlinedButton(_("Merge into {player}").format(player=isolated(name)), icon=ft.Icons.MERGE, on_click=merge),
        error_line(error))
