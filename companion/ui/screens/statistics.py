"""Statistics: games played and won per player name, best and average totals per game;
solitaire games apart, each with its rating (never counted as a win)."""

from __future__ import annotations

from datetime import datetime

import flet as ft

from companion.i18n import day, number
from companion.stats import PlayerRecord, game_records, player_records, solitaire_records
from companion.storage import FINISHED
from companion.ui.hooks import player_route, use_games, use_listing
from companion.ui.components.charts import over_time_chart, wins_chart
from companion.ui.components.common import TOUCH, name_cell, screen, section
from companion.ui.components.files import download_text
from sheets.i18n import _, ngettext, whole
from sheets.names import isolated, listed
from sheets.registry import KINDS


@ft.component
def Statistics() -> ft.View:
    games = use_games()
    group = games.group().players
    # a tap at a table draws it no more; every name as the group shows it (issue 49)
    summaries = use_listing(lambda: group.as_group(games.summaries(FINISHED)))
    players = player_records(summaries)
    per_game = game_records(summaries)
    solo = solitaire_records(summaries)
    if not players and not solo:
        return screen("/stats", _("Statistics"), [ft.Text(_("No finished games yet."))])
    table = players_table(players)
    cards = [
        ft.Card(ft.Container(ft.Column([
            ft.Text(title(g.game), size=18, weight=ft.FontWeight.W_600),
            ft.Text(ngettext("{n} finished game", "{n} finished games", g.played).format(n=g.played)),
            ft.Text(_("Best total: {total} ({players})").format(total=whole(g.best), players=listed(g.best_by)),
                    size=16, weight=ft.FontWeight.BOLD),
            ft.Text(_("Average total: {average}").format(average=number(g.average, decimals=1))),
            over_time_chart(g.winning_totals),
        ], spacing=4), padding=12))
        for g in per_game
    ]

    async def download_csv(_e: object) -> None:
        await download_text("bean-counter-results.csv", games.results_csv())

    download = ft.TextButton(_("Download all results (CSV)"), icon=ft.Icons.DOWNLOAD, on_click=download_csv)
    ratings = [
        ft.ListTile(
            title=ft.Text(_("{player}: {total} points, {rating}").format(player=isolated(r.name), total=r.total, rating=_(r.rating))
                          if r.rating else _("{player}: {total} points").format(player=isolated(r.name), total=r.total)),
            subtitle=ft.Text(f"{title(r.game)} · {played_on(r.played)}"),
        )
        for r in solo
    ]
    sections = ([section(_("Players"), wins_chart(players), table), section(_("Games"), *cards)] if players else []) + (
        [section(_("Solitaire ratings"), *ratings)] if solo else [])
    return screen("/stats", _("Statistics"), [*sections, download])


ROW = TOUCH + 4  # px of a line of the players' table: a name on two lines at 150 % text


def players_table(players: list[PlayerRecord]) -> ft.Control:
    """Games played and won per player, a column at a time: each figure's column as wide as
    its heading, the names in the room they leave (``name_cell``: whole where they fit; cut
    with "…" only where even two lines do not; a tap opens the player's record, titled with
    the whole name). Issue 48: a fixed 96 px cut "Friedem…" at 390 px; a DataTable gave a
    whole name its room and pushed the Won column off a 320 px phone."""
    def cell(content: ft.Control) -> ft.Control:
        return ft.Container(content, height=ROW, alignment=ft.Alignment.CENTER_LEFT)

    def figures(heading: str, values: list[int], weight: ft.FontWeight | None = None) -> ft.Control:
        return ft.Column([cell(ft.Text(heading)), *[cell(ft.Text(str(v), weight=weight)) for v in values]],
                         spacing=0, horizontal_alignment=ft.CrossAxisAlignment.END)

    # A screen reader reads a line at its name: "Ann: played 3, won 1" (the figures' columns
    # are not read again, a column at a time).
    names = [cell(ft.Text(_("Player"))), *[ft.Semantics(
        label=_("{player}: played {played}, won {won}").format(player=isolated(r.name), played=r.played, won=r.won),
        container=True, content=cell(ft.Row([name_cell(r.name, color=ft.Colors.PRIMARY, opens=player_route(r.name))])))
        for r in players]]
    return ft.Row([ft.Column(names, spacing=0, expand=True),
                   ft.Semantics(exclude_semantics=True, content=ft.Row([
                       # TRANSLATORS: the players' table's column headings: short, the names take what they leave
                       figures(_("Played"), [r.played for r in players]),
                       figures(_("Won"), [r.won for r in players], ft.FontWeight.BOLD)], spacing=16,
                       vertical_alignment=ft.CrossAxisAlignment.START))],
                  spacing=16, vertical_alignment=ft.CrossAxisAlignment.START)


def title(game: str) -> str:
    """A game's title as printed on its box, in this phone's language."""
    return _(KINDS[game].title) if game in KINDS else game


def played_on(created: str) -> str:
    try:
        return day(datetime.fromisoformat(created).astimezone())
    except ValueError:
        return created[:10]
